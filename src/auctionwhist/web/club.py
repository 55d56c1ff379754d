"""Several processes serving one club's tables through PostgreSQL
(``whist serve --workers N``, or several machines: docs/deploy.md).

Every process holds every table in memory, as one process does. A table's
events are appended under the database's key (table, number): of two
processes deciding event 57, one writes it and the other is told of a
conflict (``Store.write``); it rebuilds the table from the database and
decides its person's intention again (``Club.conflicted``). Each commit is
announced on a channel (LISTEN/NOTIFY) with its events, and every other
process applies them and sends them to the seats connected to it
(``Club.heard_events``); a rename or a game published is announced too.
A table's robots are driven by the one process holding the table's
advisory lock; when a process dies its locks go with its connection and
another takes the table over (``Club.sweep``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import text

from ..cards import Seat
from . import games
from .live import LiveTable, WebError
from .robots import robot_due
from .seats import ErrorMessage, Intent
from .store import CHANNEL, StoredEvent

if TYPE_CHECKING:
    from .service import Service

__all__ = ["LOCKS", "SWEEP", "Club"]

_log = logging.getLogger(__name__)

# The advisory locks' first key: a table's robots (the second is its id).
LOCKS = 0x5768  # "Wh"
SWEEP = 1.0  # seconds between looks for tables whose robots nobody drives


class Club:
    """What a process does beside the others on the same database."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store
        service.seats.on_conflict = self.conflicted
        self.owned: set[int] = set()  # tables whose robots this process drives
        self.others: set[int] = set()  # tables whose lock another process holds
        # Session locks, on the connection that writes the events: a process
        # killed (or its writer lost) lets its tables go with it.
        self._locks = self.store.writer
        self._tasks: list[asyncio.Task[None]] = []
        self.heard = 0  # commits of other processes applied here (for tests)
        self.conflicts = 0  # tables decided again after a conflict

    async def start(self) -> None:
        """Listen (before the robots move, so that no event is missed), then
        look for tables to drive every ``SWEEP`` seconds."""
        loop = asyncio.get_running_loop()
        listening = loop.create_future()
        self._tasks.append(loop.create_task(self._listen(listening)))
        await asyncio.wait_for(listening, 30)
        self._tasks.append(loop.create_task(self._sweeper()))

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()

    # -- the robots: one process a table ----------------------------------------

    def owns(self, lt: LiveTable) -> bool:
        """Whether this process drives the table's robots: it holds the
        table's lock, or takes it now if nobody does."""
        if lt.id in self.owned:
            return True
        if lt.id in self.others:
            return False  # the sweep asks again, in case its holder died
        return bool(self._try([lt.id]))

    def _try(self, ids: list[int]) -> list[int]:
        with self._locks.begin():
            got = self._locks.execute(
                text("SELECT t, pg_try_advisory_lock(:k, t) FROM unnest(CAST(:ids AS int[])) t"),
                {"k": LOCKS, "ids": ids},
            ).all()
        won = [t for t, ok in got if ok]
        self.owned.update(won)
        self.others.update(set(ids) - set(won))
        self.others.difference_update(won)
        return won

    def release(self, lt: LiveTable) -> None:
        """A finished table's lock goes back (the locks are a shared table)."""
        if lt.id in self.owned:
            self.owned.discard(lt.id)
            with self._locks.begin():
                self._locks.execute(
                    text("SELECT pg_advisory_unlock(:k, :t)"), {"k": LOCKS, "t": lt.id}
                )
        self.others.discard(lt.id)

    def sweep(self) -> None:
        """Take the tables whose robots are due and which nobody drives (their
        process died, or none has acted there since the start)."""
        svc = self.service
        due = [
            lt.id
            for lt in svc.tables.values()
            if lt.id not in self.owned and not svc.seats.pending(lt.id) and robot_due(lt)
        ]
        if not due:
            return
        self.others.difference_update(due)
        for t in self._try(due):
            svc._kick(svc.tables[t])

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                self.sweep()
            except Exception:  # the database away a moment: try again
                _log.exception("the sweep failed")

    # -- the other processes' events -------------------------------------------

    async def _listen(self, listening: asyncio.Future[None]) -> None:
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # What was written before we listened (since the load at
                    # start, or while the connection was lost): not told again.
                    self.catch_up_all()
                    if not listening.done():
                        listening.set_result(None)
                    async for note in conn.notifies():
                        self.heard_payload(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                _log.exception("listening to the other processes failed: again in a second")
                await asyncio.sleep(1)

    def heard_payload(self, payload: str) -> None:
        """A note on ``CHANNEL``: ``"<worker> <JSON>"`` (``Store._send``),
        this process's own skipped unread."""
        worker, _sep, body = payload.partition(" ")
        if worker == self.store.worker:
            return
        note = orjson.loads(body)
        if "events" in note:
            self.heard_events(note["events"])
        for token, name in note.get("named", ()):
            self.service.named(token, name)
        self.heard_published(note.get("published", ()))

    def heard_published(self, game_ids: Iterable[str]) -> None:
        """Games whose results another process published (or that were
        published while this one did not listen)."""
        for game_id in game_ids:
            game = self.service.games.get(game_id)
            if game is not None:
                game.row.published = True

    def heard_events(self, told: list[list[Any]]) -> None:
        """A commit's tables, each ``[table, newest, finished, events]``
        (``Store._notify``). The events come in the note; they are read from
        the database only when they did not fit (``None``) or when a gap
        before them shows a note was missed (every such table in one query)."""
        svc = self.service
        rows: dict[int, list[StoredEvent]] = {}
        behind: dict[int, int] = {}
        for t, newest, _f, evs in told:
            lt = svc.tables.get(t)
            if lt is None or newest <= lt.n or svc.seats.pending(t):
                continue
            new = None if evs is None else [StoredEvent(*e) for e in evs if e[0] > lt.n]
            if new and new[0].n == lt.n + 1:
                rows[t] = new
            else:
                behind[t] = lt.n
        if behind:
            rows.update(self.store.events_after(behind))
        for t, newest, finished, _evs in told:
            self.heard_table(t, newest, finished, rows.get(t))

    def heard_table(
        self, table_id: int, n: int, finished: bool, rows: list[StoredEvent] | None = None
    ) -> None:
        """Table ``table_id`` is at event ``n`` in the database (``finished``):
        its new events (``rows``, read already, or read here) applied and
        sent to the seats here."""
        svc = self.service
        lt = svc.tables.get(table_id)
        if lt is None:
            # A game made by another process: read it whole, nothing to send.
            svc.load_game(self.store.table_game(table_id))
            return
        if svc.seats.pending(table_id):
            return  # our own events there will conflict and be decided again
        if n > lt.n:
            self.catch_up(lt, rows=rows)
        if finished and not lt.finished:
            self._finish(lt)
        self.heard += 1
        if not lt.finished:
            svc._kick(lt)

    def catch_up_all(self) -> None:
        """Every unfinished table against the database's newest events, and
        every link's name and game's results as stored: what was written
        while this process did not listen."""
        svc = self.service
        newest = self.store.newest([lt.id for lt in svc.tables.values() if not lt.finished])
        for t, n in newest.items():
            lt = svc.tables.get(t)
            if lt is not None and n > lt.n and not svc.seats.pending(t):
                self.catch_up(lt)
        for token, name in self.store.names().items():
            sr = svc.seat_tokens.get(token)
            if sr is not None and sr.name != name:
                svc.named(token, name)
        self.heard_published(self.store.published_games())

    def catch_up(
        self, lt: LiveTable, sent: int | None = None, rows: list[StoredEvent] | None = None
    ) -> None:
        """Apply the events another process wrote after ``lt.n`` (``rows``,
        if read already; or, after a conflict, rebuild the table) and send
        them to the seats here, the events after ``sent`` (default ``lt.n``)."""
        svc = self.service
        game = svc.games[lt.game.id]
        if sent is None:
            sent = lt.n
            if rows is None or (rows and rows[0].n != lt.n + 1):
                rows = self.store.events(lt.id, after=lt.n)
            if games.extend(game, lt, rows):
                svc.seats.send_stored(lt, rows)
                return
        rows = self.store.events(lt.id)
        games.reload(lt, rows)
        games.settle(game)
        svc.seats.send_stored(lt, [r for r in rows if r.n > sent])

    def _finish(self, lt: LiveTable) -> None:
        lt.finished = True
        self.release(lt)
        self.service._table_done(lt)

    def conflicted(self, sent: dict[int, int], intents: list[Intent]) -> None:
        """Another process wrote these tables' next events first: each is
        rebuilt from the database, its seats here sent what they missed, and
        each intention decided again against the table as it now is (its
        ack, or its refusal with the law's reason)."""
        svc = self.service
        for table_id, n in sent.items():
            lt = svc.tables[table_id]
            self.conflicts += 1
            was = lt.finished
            lt.finished = self.store.finished(table_id)
            self.catch_up(lt, sent=n)
            if lt.finished and not was:
                self._finish(lt)
        for it in intents:
            try:
                svc.submit(it.conn, it.msg, it.ref)
            except WebError as e:
                err = ErrorMessage(type="error", error=e.code, message=str(e))
                if it.ref is not None:
                    err["ref"] = it.ref
                svc.seats.reply(it.conn, err)
        for table_id in sent:
            lt = svc.tables[table_id]
            if not lt.finished and any(lt.is_robot(s) for s in Seat):
                svc._kick(lt)
