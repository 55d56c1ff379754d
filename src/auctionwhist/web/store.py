"""The database side of the service: loading every game at start, reading a
table's stored events, and writing each group commit (``web.db`` is the
schema and the engine).

A table's stored events are its records (``formats.jsonlog``) and the
server's own events between them; ``records_of`` replays the first kind.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

import orjson
from sqlalchemy import and_, func, or_, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..formats import jsonlog
from ..records import Event
from .db import EventRow, GameRow, SeatRow, TableRow, event_inserter, make_engine, migrate
from .live import Item

__all__ = [
    "CHANNEL",
    "NEXT_SET",
    "RECORD_TYPES",
    "Loaded",
    "Store",
    "StoredEvent",
    "data_of",
    "item_of",
    "records_of",
]

RECORD_TYPES = frozenset(jsonlog._RECORDS)
# The PostgreSQL channel every worker listens on: "<worker> <JSON>", a
# commit's events (``Store._notify``), a seat's new name or a game published
# (docs/deploy.md).
CHANNEL = "whist_events"
# NOTIFY's payload is at most 8000 bytes: a long commit is told in parts.
_PAYLOAD = 7000
_dumps, _NON_STR_KEYS = orjson.dumps, orjson.OPT_NON_STR_KEYS
# An advisory lock's first key: a game's next set is made by one process.
NEXT_SET = 0x5769


class StoredEvent(NamedTuple):
    """One row of a table's event log."""

    n: int
    deal: int
    type: str
    data: dict[str, Any]


@dataclass
class Loaded:
    """Everything stored, as read at start (detached from the session)."""

    games: list[GameRow]
    seats: list[SeatRow]
    tables: list[TableRow]


def data_of(data: dict[str, Any]) -> dict[str, Any]:
    """A stored event's data without the server's ``tray`` tag."""
    return {k: v for k, v in data.items() if k != "tray"}


def records_of(items: Iterable[Item]) -> list[Event]:
    """The table's records among stored events, for ``Table.from_events``;
    an ``undone`` event takes back the records before it that it counts
    (a game against robots, docs/decisions.md)."""
    out: list[Event] = []
    for kind, data in items:
        if kind in RECORD_TYPES:
            out.append(jsonlog.event_from_json({"type": kind, **data_of(data)}))
        elif kind == "undone":
            del out[len(out) - int(data["records"]) :]
    return out


def item_of(ev: Event) -> Item:
    """A record as it is stored: its type and the rest of its JSON."""
    data = jsonlog.event_to_json(ev)
    return str(data.pop("type")), data


class Store:
    """The database: read at start and on demand, written one batch at a time."""

    def __init__(self, engine: Engine | str, *, migrate_db: bool = True) -> None:
        self.engine = make_engine(engine) if isinstance(engine, str) else engine
        if migrate_db:
            migrate(self.engine)
        # One connection writes every event: no pool checkout per action.
        self.writer = self.engine.connect()
        self.insert_events = event_inserter(self.engine)
        # On PostgreSQL several processes (workers, machines) may serve the
        # same tables: an event number already written by another is a
        # conflict, and every commit is announced on ``CHANNEL``.
        self.shared = self.engine.dialect.name == "postgresql"
        self.worker = secrets.token_hex(4)

    def load(self, game_id: str | None = None) -> Loaded:
        """Every game stored, or the one ``game_id``."""
        games, seats, tables = select(GameRow), select(SeatRow), select(TableRow)
        if game_id is not None:
            games = games.where(GameRow.id == game_id)
            seats = seats.where(SeatRow.game_id == game_id)
            tables = tables.where(TableRow.game_id == game_id)
        with Session(self.engine, expire_on_commit=False) as s:
            loaded = Loaded(
                list(s.scalars(games)),
                list(s.scalars(seats)),
                list(s.scalars(tables.order_by(TableRow.id))),
            )
            s.expunge_all()
        return loaded

    def game_of(self, token: str) -> str | None:
        """The game of a seat's or a director's link, or None: a game made by
        another process is found here (``shared``)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(SeatRow.game_id).where(SeatRow.token == token)).scalar()
            if found is None:
                found = conn.execute(
                    select(GameRow.id).where(GameRow.director_token == token)
                ).scalar()
        return found

    def table_game(self, table_id: int) -> str | None:
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                select(TableRow.game_id).where(TableRow.id == table_id)
            ).scalar()
        return found

    def events(
        self, table_id: int, *, after: int | None = None, deal: int | None = None
    ) -> list[StoredEvent]:
        """A table's stored events in order: all, those after event ``after``,
        or those of one deal."""
        query = select(EventRow.n, EventRow.deal, EventRow.type, EventRow.data).where(
            EventRow.table_id == table_id
        )
        if after is not None:
            query = query.where(EventRow.n > after)
        if deal is not None:
            query = query.where(EventRow.deal == deal)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(EventRow.n)).all()
        return [StoredEvent(r.n, r.deal, r.type, r.data) for r in rows]

    def events_after(self, after: dict[int, int]) -> dict[int, list[StoredEvent]]:
        """The stored events of several tables, each after its own number
        (``{table: n}``), in one query: what another process's commit wrote
        to the tables it announced."""
        if not after:
            return {}
        query = select(EventRow.table_id, EventRow.n, EventRow.deal, EventRow.type,
                       EventRow.data).where(
            or_(*(and_(EventRow.table_id == t, EventRow.n > n) for t, n in after.items()))
        )  # fmt: skip
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(EventRow.table_id, EventRow.n)).all()
        out: dict[int, list[StoredEvent]] = {t: [] for t in after}
        for r in rows:
            out[r.table_id].append(StoredEvent(r.n, r.deal, r.type, r.data))
        return out

    def follower(self, game_id: str) -> str | None:
        """The game that follows ``game_id`` (its next set), if one was made."""
        query = select(GameRow.id).where(GameRow.spec["follows"].as_string() == game_id)
        with self.engine.connect() as conn:
            found: str | None = conn.execute(query).scalar()
        return found

    @contextmanager
    def one_at_a_time(self, key: int, name: str) -> Iterator[None]:
        """Hold the advisory lock (``key``, ``name``) while the block runs
        (``shared``: the processes on the database take turns; otherwise
        there is no other process). It is waited for in the event loop: it
        is held only while a game is looked for and made."""
        if not self.shared:
            yield
            return
        with self.engine.connect() as conn:
            lock = {"k": key, "name": name}
            conn.execute(text("SELECT pg_advisory_lock(:k, hashtext(:name))"), lock)
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k, hashtext(:name))"), lock)
                conn.commit()

    def add_game(self, row: GameRow, tables: list[TableRow], seats: list[SeatRow]) -> None:
        """Store a new game with its tables and links; a seat link (not a
        match player's) belongs to the first table."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.flush()
            session.add_all(tables)
            session.flush()
            for sr in seats:
                if sr.seat is not None:
                    sr.table_id = tables[0].id
            session.add_all(seats)
            session.commit()
            session.expunge_all()

    def write(self, rows: list[dict[str, Any]], tables: set[int], games: set[str]) -> set[int]:
        """One transaction: new events, tables and games finished. Returns the
        tables none of whose events were written, because another process
        wrote an event of the same number first (only when ``shared``)."""
        conn = self.writer
        conflicts: set[int] = set()
        with conn.begin():
            if self.shared:
                conflicts = self._append(conn, rows) if rows else set()
                tables = tables - conflicts
                self._notify(conn, rows, conflicts, tables)
            elif rows:
                self.insert_events(conn, rows)
            if tables:
                conn.execute(
                    update(TableRow).where(TableRow.id.in_(sorted(tables))).values(finished=True)
                )
            if games:
                conn.execute(
                    update(GameRow).where(GameRow.id.in_(sorted(games))).values(finished=True)
                )
        return conflicts

    def _append(self, conn: Connection, rows: list[dict[str, Any]]) -> set[int]:
        """Append events under the key (table, n). Should another process
        have written one of the numbers, the database refuses the batch; then
        each table's rows are tried alone, so that only the tables written
        elsewhere are left out, each all or none."""
        try:
            with conn.begin_nested():
                self.insert_events(conn, rows)
            return set()
        except IntegrityError:
            pass
        by_table: dict[int, list[dict[str, Any]]] = {}
        for r in rows:
            by_table.setdefault(r["table_id"], []).append(r)
        conflicts: set[int] = set()
        for table_id, mine in by_table.items():
            try:
                with conn.begin_nested():
                    self.insert_events(conn, mine)
            except IntegrityError:
                conflicts.add(table_id)
        return conflicts

    def _notify(
        self, conn: Connection, rows: list[dict[str, Any]], conflicts: set[int], finished: set[int]
    ) -> None:
        """Announce each table's new events, themselves (a hearer need not
        read them back: ``web.club``), and whether it finished; delivered at
        the commit, so never an event that is not stored. A table whose
        events do not fit in a notification is told by its newest number
        alone (``None`` for its events): its hearers read them."""
        by_table: dict[int, list[dict[str, Any]]] = {t: [] for t in finished}
        for r in rows:
            if r["table_id"] not in conflicts:
                by_table.setdefault(r["table_id"], []).append(r)
        parts: list[bytes] = []
        for t, evs in by_table.items():
            newest = evs[-1]["n"] if evs else 0
            told = [[r["n"], r["deal"], r["type"], r["data"]] for r in evs]
            part = _dumps([t, newest, t in finished, told], option=_NON_STR_KEYS)
            if len(part) > _PAYLOAD:
                part = _dumps([t, newest, t in finished, None])
            parts.append(part)
        self._send(conn, "events", parts)

    def _send(self, conn: Connection, kind: str, parts: list[bytes]) -> None:
        """``parts`` on ``CHANNEL`` as ``"<worker> {kind: [part, ...]}"``, in
        as many notifications as their size needs, sent in one statement."""
        head = f'{self.worker} {{"{kind}":['.encode()
        payloads: list[str] = []
        chunk: list[bytes] = []
        size = 0
        for part in parts:
            if chunk and size + len(part) > _PAYLOAD:
                payloads.append((head + b",".join(chunk) + b"]}").decode())
                chunk, size = [], 0
            chunk.append(part)
            size += len(part) + 1
        if chunk:
            payloads.append((head + b",".join(chunk) + b"]}").decode())
        if payloads:
            # Each payload a parameter of its own: as an array, psycopg would
            # escape every quote of the JSON (a regex substitution each),
            # which cost more than the rest of the note together.
            calls = ", ".join(f"pg_notify(:channel, :p{i})" for i in range(len(payloads)))
            conn.execute(
                text(f"SELECT {calls}"),
                {"channel": CHANNEL, **{f"p{i}": p for i, p in enumerate(payloads)}},
            )

    def newest(self, tables: list[int]) -> dict[int, int]:
        """The newest event number of each of ``tables`` that has events."""
        query = (
            select(EventRow.table_id, func.max(EventRow.n))
            .where(EventRow.table_id.in_(tables))
            .group_by(EventRow.table_id)
        )
        with self.engine.connect() as conn:
            return {t: n for t, n in conn.execute(query)}

    def finished(self, table_id: int) -> bool:
        with self.engine.connect() as conn:
            done = conn.execute(select(TableRow.finished).where(TableRow.id == table_id)).scalar()
        return bool(done)

    def published(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            done = conn.execute(select(GameRow.published).where(GameRow.id == game_id)).scalar()
        return bool(done)

    def last_activity(self) -> dict[str, datetime]:
        """Each game's newest event's time (a game with no event: none)."""
        query = (
            select(TableRow.game_id, func.max(EventRow.created))
            .join(EventRow, EventRow.table_id == TableRow.id)
            .group_by(TableRow.game_id)
        )
        with self.engine.connect() as conn:
            return {gid: when for gid, when in conn.execute(query) if when is not None}

    def rename(self, token: str, name: str, seats: dict[int, str]) -> None:
        """A link's name, and the plans of the tables it sits at (``{table:
        seat}``), which name it; announced to the other processes. Each plan
        is read and written under its row's lock: two seats of one table
        renamed at once on two processes both keep their names."""
        with self.engine.begin() as conn:
            conn.execute(update(SeatRow).where(SeatRow.token == token).values(name=name))
            for table_id, seat in seats.items():
                plan = conn.execute(
                    select(TableRow.plan).where(TableRow.id == table_id).with_for_update()
                ).scalar_one()
                plan = {**plan, "seats": {**plan["seats"]}}
                plan["seats"][seat] = {**plan["seats"][seat], "name": name}
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(plan=plan))
            if self.shared:
                self._send(conn, "named", [_dumps([token, name])])

    def publish(self, game_id: str) -> None:
        """A game's results published; announced to the other processes."""
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(published=True))
            if self.shared:
                self._send(conn, "published", [_dumps(game_id)])

    def names(self) -> dict[str, str]:
        """Every seat link's name (``{token: name}``): what a process that
        may have missed a rename compares with its own."""
        with self.engine.connect() as conn:
            return {tok: name for tok, name in conn.execute(select(SeatRow.token, SeatRow.name))}

    def published_games(self) -> set[str]:
        """The games whose results are published."""
        with self.engine.connect() as conn:
            return set(conn.execute(select(GameRow.id).where(GameRow.published)).scalars())

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()
