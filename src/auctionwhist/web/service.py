"""Games, tables and matches over the tables' event logs, with the database.

The server is the only authority (issue 7 §4): a person's intention is
checked by ``auctionwhist.table.Table`` (which cites the law when it refuses),
the records it makes are written to the database, and only then is the
intention acknowledged and the events sent, each built for its audience by
``web.views`` (issue 7 §5). Robots take the seats no person holds, through
the same table. Everything is rebuilt from the database at start, so a
server killed mid-deal resumes every table where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ..calls import Bid, CallError, Contract, parse_call
from ..cards import Deal, DealError, Seat, card_from_str
from ..codes import Code, all_codes, find_code
from ..dealing import deal as deal_cards
from ..duplicate.match import Match, MatchPlay, settle
from ..duplicate.movements import movement as find_movement
from ..duplicate.schedule import MovementError, Schedule, TrayPlay
from ..duplicate.scorecard import render_cards
from ..duplicate.traveller import render_result, render_travellers
from ..duplicate.trays import Tray, make_trays
from ..errors import WhistError
from ..formats import jsonlog, pbn
from ..laws.offences import LawsError
from ..records import Event
from ..robots import make_robot
from ..robots.player import Player, act
from ..scoring import DealResult, DealScore, Holdings, Rubber, ScoringError, score_deal
from ..table import Table
from .db import EventRow, GameRow, SeatRow, TableRow, event_inserter, make_engine, migrate
from .views import (
    SEATS,
    Audience,
    cards_of,
    event_view,
    face_up,
    face_up_law,
    penalty_json,
    state_view,
    turn_view,
)

__all__ = ["Conn", "LiveTable", "Msg", "Service", "WebError"]

KINDS = ("deal", "rubber", "match")
RECORD_TYPES = frozenset(jsonlog._RECORDS)


class WebError(WhistError):
    """A request the server refuses, with an HTTP status and a short code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": str(self)}


class Msg(dict[str, Any]):
    """A message that may go to several seats: serialised once (``web.ws``)."""

    __slots__ = ("raw",)

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.raw: bytes | None = None


class Conn:
    """One connected client; ``push`` queues a message (``web.ws.SocketConn``
    writes it to the socket instead)."""

    def __init__(self, token: str | None) -> None:
        self.token = token
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    def push(self, msg: dict[str, Any]) -> None:
        self.queue.put_nowait(msg)

    def fail(self, code: int) -> None:
        """The server could not do what was asked (``SocketConn`` closes)."""
        self.queue.put_nowait({"type": "close", "code": code})


@dataclass
class _Batch:
    """Events written in one transaction: every table's actions of one turn of
    the event loop (group commit), acknowledged and sent after the commit."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    finished: set[int] = field(default_factory=set)
    games_finished: set[str] = field(default_factory=set)
    sends: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # Replies to one connection (acks, and what must not overtake them).
    replies: list[tuple[Conn, dict[str, Any]]] = field(default_factory=list)
    done: asyncio.Future[None] | None = None


def _token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class LiveTable:
    """A table in memory: its row, who sits where, the deal in progress."""

    id: int
    game: GameRow
    number: int
    round: int
    seats: dict[Seat, dict[str, Any]]  # {"robot": True} or {"player", "name", "token"}
    trays: list[TrayPlay]  # a match's trays in play order; empty otherwise
    n: int = 0
    deal_index: int = -1
    table: Table | None = None
    dummy_shown: bool = False
    # The cards laid face up by a law, as last sent to the table (web.views.face_up).
    face_up: dict[Seat, int] = field(default_factory=dict)
    face_up_law: dict[Seat, str] = field(default_factory=dict)  # the law that laid them
    finished: bool = False
    started: bool = False
    ready: set[Seat] = field(default_factory=set)
    scores: list[tuple[int, DealScore | None, Table | None]] = field(default_factory=list)
    rubber: Rubber | None = None
    rng: random.Random = field(default_factory=random.Random)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    penalty_n: int = -1  # the event count when the pending penalty was announced

    def token_at(self, seat: Seat) -> str | None:
        tok = self.seats[seat].get("token")
        return tok if isinstance(tok, str) else None

    def is_robot(self, seat: Seat) -> bool:
        return bool(self.seats[seat].get("robot"))

    @property
    def humans(self) -> list[Seat]:
        return [s for s in Seat if not self.is_robot(s)]

    @cached_property
    def links(self) -> tuple[tuple[Seat, str], ...]:
        """The people's seats with their links (fixed when the table is made)."""
        return tuple((s, tok) for s in Seat if (tok := self.token_at(s)) is not None)

    @property
    def deals_planned(self) -> int | None:
        kind = self.game.kind
        if kind == "match":
            return len(self.trays)
        return 1 if kind == "deal" else None


@dataclass
class _Game:
    row: GameRow
    tables: list[LiveTable]
    schedule: Schedule | None = None
    trays: dict[int, Tray] | None = None


class Service:
    """Every game of the server. Methods raise ``WebError`` for a bad request."""

    def __init__(
        self, engine: Engine | str, *, robot_delay: float = 0.0, migrate_db: bool = True
    ) -> None:
        self.engine = make_engine(engine) if isinstance(engine, str) else engine
        if migrate_db:
            migrate(self.engine)
        self.robot_delay = robot_delay
        # One connection writes every event: no pool checkout per action.
        self._writer = self.engine.connect()
        self._insert_events = event_inserter(self.engine)
        self._batch = _Batch()
        self._flush_due = False
        self.games: dict[str, _Game] = {}
        self.tables: dict[int, LiveTable] = {}
        self.seat_tokens: dict[str, SeatRow] = {}
        self._current: dict[str, tuple[LiveTable, Seat]] = {}  # Service.current
        self.director_tokens: dict[str, str] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        # Tests watch every message sent: (audience token or None, message).
        self.observer: Callable[[LiveTable, str | None, dict[str, Any]], None] | None = None
        self._load()

    # -- start: everything from the database -----------------------------------

    def _load(self) -> None:
        with Session(self.engine, expire_on_commit=False) as s:
            for g in s.scalars(select(GameRow)):
                self.director_tokens[g.director_token] = g.id
                self.games[g.id] = _Game(g, [])
                self._prepare(self.games[g.id])
            for seat in s.scalars(select(SeatRow)):
                self.seat_tokens[seat.token] = seat
            for t in s.scalars(select(TableRow).order_by(TableRow.id)):
                game = self.games[t.game_id]
                lt = self._live(game, t)
                game.tables.append(lt)
            s.expunge_all()
        with self.engine.connect() as conn:
            for lt in self.tables.values():
                rows = conn.execute(
                    select(EventRow.n, EventRow.deal, EventRow.type, EventRow.data)
                    .where(EventRow.table_id == lt.id)
                    .order_by(EventRow.n)
                ).all()
                self._replay(lt, [(r.n, r.deal, r.type, r.data) for r in rows])
        for game in self.games.values():
            self._settle(game)

    def _prepare(self, game: _Game) -> None:
        g = game.row
        if g.kind == "match":
            spec = g.spec
            game.schedule = _schedule(spec)
            rng = random.Random(spec["seed"])
            game.trays = {
                t.number: t
                for t in make_trays(
                    g.code, len(game.schedule.trays), rng=random.Random(rng.getrandbits(64))
                )
            }

    def _live(self, game: _Game, row: TableRow) -> LiveTable:
        plan = row.plan
        seats = {Seat.from_char(k): dict(v) for k, v in plan["seats"].items()}
        trays = [TrayPlay(t, bool(o), Seat(na)) for t, o, na in plan.get("trays", [])]
        lt = LiveTable(row.id, game.row, row.number, row.round, seats, trays)
        lt.finished = row.finished
        lt.rng = random.Random(f"{game.row.spec.get('seed')}:{row.id}")
        if game.row.kind == "rubber":
            lt.rubber = Rubber(game.row.code)
        self.tables[lt.id] = lt
        return lt

    def _replay(self, lt: LiveTable, rows: list[tuple[int, int, str, dict[str, Any]]]) -> None:
        """Rebuild a table from its events: every deal, the one in progress last."""
        by_deal: dict[int, list[tuple[str, dict[str, Any]]]] = {}
        for n, d, kind, data in rows:
            lt.n = n
            by_deal.setdefault(d, []).append((kind, data))
        for d in sorted(by_deal):
            evs = by_deal[d]
            records = [
                jsonlog.event_from_json({"type": k, **data_of(data)})
                for k, data in evs
                if k in RECORD_TYPES
            ]
            table = Table.from_events(records) if records else None
            lt.deal_index, lt.table, lt.started = d, table, True
            lt.dummy_shown = any(k == "dummy" for k, _ in evs)
            lt.face_up = face_up(table) if table is not None else {}
            lt.face_up_law = {Seat.from_char(v["seat"]): v["law"] for k, v in evs if k == "face_up"}
            lt.penalty_n = -1 if table is None or table.pending is None else lt.n
            entered = [data for k, data in evs if k == "result_entered"]
            over = any(k == "deal_over" for k, _ in evs)
            if entered:
                lt.scores.append((d, _entered_score(lt, table, entered[-1]), table))
            elif over and table is not None:
                lt.scores.append((d, self._score(lt, table), table))
        if lt.rubber is not None:
            for _, sc, _t in lt.scores:
                if sc is not None and not lt.rubber.finished:
                    lt.rubber.add(sc)

    def close(self) -> None:
        self._flush()
        self._writer.close()
        self.engine.dispose()

    async def resume(self) -> None:
        """After a start: let the robots carry on wherever they are to act."""
        for game in self.games.values():
            self._start_ready(game)
        for lt in self.tables.values():
            if lt.started and not lt.finished:
                self._kick(lt)

    # -- creating a game --------------------------------------------------------

    def create_game(self, spec: dict[str, Any]) -> dict[str, Any]:
        spec = _check_spec(spec)
        game_id = secrets.token_urlsafe(9)
        row = GameRow(
            id=game_id,
            kind=spec["kind"],
            code=spec["code"],
            mode=spec["mode"],
            spec=spec,
            director_token=_token(),
            published=False,
            finished=False,
        )
        game = _Game(row, [])
        self._prepare(game)
        plans: list[tuple[int, int, dict[str, Any]]] = []
        seat_rows: list[SeatRow] = []
        names: dict[str, str] = spec.get("names", {})
        if spec["kind"] == "match":
            assert game.schedule is not None
            humans = set(spec["players"])
            tokens = {p: _token() for p in spec["players"]}
            for p in spec["players"]:
                seat_rows.append(
                    SeatRow(token=tokens[p], game_id=game_id, player=p, name=names.get(p, p))
                )
            for st in game.schedule.sittings():
                if st.idle:
                    continue
                seats: dict[str, Any] = {}
                for s in Seat:
                    pid = st.player_at(s)
                    if pid is not None and pid in humans:
                        seats[SEATS[s]] = {"player": pid, "name": names.get(pid, pid),
                                           "token": tokens[pid]}  # fmt: skip
                    else:
                        seats[SEATS[s]] = {"robot": True, "player": pid}
                trays = [[tp.tray, tp.overplay, int(tp.north_at)] for tp in st.trays]
                plans.append((st.table, st.round, {"seats": seats, "trays": trays}))
        else:
            seats = {}
            for ch in SEATS:
                if ch in spec["humans"]:
                    tok = _token()
                    seats[ch] = {"name": names.get(ch, ""), "token": tok}
                    seat_rows.append(SeatRow(token=tok, game_id=game_id, seat=ch,
                                             name=names.get(ch, "")))  # fmt: skip
                else:
                    seats[ch] = {"robot": True}
            plans.append((1, 1, {"seats": seats, "trays": []}))
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            session.flush()
            table_rows = [
                TableRow(game_id=game_id, number=num, round=rnd, plan=plan, finished=False)
                for num, rnd, plan in plans
            ]
            session.add_all(table_rows)
            session.flush()
            for sr in seat_rows:
                if sr.seat is not None:
                    sr.table_id = table_rows[0].id
            session.add_all(seat_rows)
            session.commit()
            session.expunge_all()
        self.games[game_id] = game
        self.director_tokens[row.director_token] = game_id
        for sr in seat_rows:
            self.seat_tokens[sr.token] = sr
        for tr in table_rows:
            game.tables.append(self._live(game, tr))
        self._start_ready(game)
        self._flush()  # the first deal is stored before the links are given
        out: dict[str, Any] = {"game": game_id, "director": f"/d/{row.director_token}"}
        if spec["kind"] == "match":
            out["players"] = {sr.player: f"/t/{sr.token}" for sr in seat_rows}
        else:
            out["seats"] = {sr.seat: f"/t/{sr.token}" for sr in seat_rows}
        return out

    # -- who is who ---------------------------------------------------------------

    def seat_row(self, token: str) -> SeatRow:
        sr = self.seat_tokens.get(token) if isinstance(token, str) else None
        if sr is None:
            raise WebError(404, "no_such_link", "this link is not a seat at any table here")
        return sr

    def game_of_director(self, token: str) -> _Game:
        gid = self.director_tokens.get(token) if isinstance(token, str) else None
        if gid is None:
            raise WebError(404, "no_such_link", "this link is not a director's link here")
        return self.games[gid]

    def current(self, token: str) -> tuple[LiveTable, Seat]:
        """The table and seat a link is at now (in a match, the player moves)."""
        # Kept while that table plays: the tables before it in the player's
        # order were finished when it was found, and a table never reopens.
        hit = self._current.get(token)
        if hit is not None and not hit[0].finished:
            return hit
        sr = self.seat_row(token)
        game = self.games[sr.game_id]
        last: tuple[LiveTable, Seat] | None = None
        for lt in sorted(game.tables, key=lambda t: (t.round, t.number)):
            for s in Seat:
                if lt.token_at(s) == token:
                    if not lt.finished:
                        self._current[token] = (lt, s)
                        return lt, s
                    last = (lt, s)
        if last is None:
            raise WebError(404, "no_such_link", "this link has no seat at any table")
        return last

    def seat_info(self, token: str) -> dict[str, Any]:
        sr = self.seat_row(token)
        lt, seat = self.current(token)
        game = self.games[sr.game_id]
        return {
            "game": game.row.id,
            "kind": game.row.kind,
            "code": game.row.code,
            "mode": game.row.mode,
            "seat": SEATS[seat],
            "name": sr.name,
            "player": sr.player,
            "table": lt.id,
            "number": lt.number,
            "round": lt.round,
            "deal": lt.deal_index,
            "ws": f"/ws/{token}",
            "published": game.row.published,
            "history": self._history(token),
        }

    def _history(self, token: str) -> list[dict[str, Any]]:
        out = []
        for lt, seat in self._tables_of(token):
            for d, sc, t in lt.scores:
                out.append(_card_row(lt, seat, d, sc, t))
        return out

    def _tables_of(self, token: str) -> list[tuple[LiveTable, Seat]]:
        sr = self.seat_row(token)
        out = []
        for lt in sorted(self.games[sr.game_id].tables, key=lambda t: (t.round, t.number)):
            for s in Seat:
                if lt.token_at(s) == token:
                    out.append((lt, s))
        return out

    # -- dealing, persisting, broadcasting ----------------------------------------

    def _commit(self, lt: LiveTable, items: list[tuple[str, dict[str, Any]]]) -> int:
        """Number a table's new events and queue them for the next write; they
        are sent, and the action acknowledged (``durable``), only once written.

        Each seat's copy is built now, from the table as it is after these
        events; it is pushed after the commit (issue 7 §5)."""
        batch = self._batch
        if lt.finished and lt.id not in batch.finished:
            # The table's end may come with no event of its own (a "next"
            # after its last deal): its flag is still written in this commit.
            batch.finished.add(lt.id)
            self._schedule_flush()
        if not items:
            return lt.n
        n = lt.n
        last = len(items) - 1
        for i, (kind, data) in enumerate(items):
            n += 1
            batch.rows.append(
                {"table_id": lt.id, "n": n, "deal": lt.deal_index, "type": kind, "data": data}
            )
            self._send_event(lt, n, lt.deal_index, kind, data, i == last, batch.sends)
        lt.n = n
        self._schedule_flush()
        return n

    def _schedule_flush(self) -> None:
        if self._flush_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._flush()  # no event loop: write at once
            return
        self._flush_due = True
        # After the callbacks already due in this turn of the loop: the other
        # tables' actions received together share the transaction.
        loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Write the pending events in one transaction, then send them."""
        self._flush_due = False
        batch, self._batch = self._batch, _Batch()
        if batch.rows or batch.finished or batch.games_finished:
            conn = self._writer
            try:
                with conn.begin():
                    if batch.rows:
                        self._insert_events(conn, batch.rows)
                    if batch.finished:
                        conn.execute(
                            update(TableRow)
                            .where(TableRow.id.in_(sorted(batch.finished)))
                            .values(finished=True)
                        )
                    if batch.games_finished:
                        conn.execute(
                            update(GameRow)
                            .where(GameRow.id.in_(sorted(batch.games_finished)))
                            .values(finished=True)
                        )
            except Exception as e:
                if batch.done is not None and not batch.done.done():
                    batch.done.set_exception(e)
                for c, _msg in batch.replies:
                    c.fail(1011)  # not stored, so never acknowledged
                raise
        conns = self.conns
        for tok, msg in batch.sends:
            for c in conns.get(tok, ()):
                c.push(msg)
        for c, msg in batch.replies:
            c.push(msg)
        if batch.done is not None and not batch.done.done():
            batch.done.set_result(None)

    async def durable(self) -> None:
        """Return once every event numbered so far is in the database."""
        batch = self._batch
        if not batch.rows and not batch.finished and not batch.games_finished:
            return
        if batch.done is None:
            batch.done = asyncio.get_running_loop().create_future()
        self._schedule_flush()
        await asyncio.shield(batch.done)

    def _send_event(
        self,
        lt: LiveTable,
        n: int,
        d: int,
        kind: str,
        data: dict[str, Any],
        last: bool,
        out: list[tuple[str, dict[str, Any]]],
    ) -> None:
        """Each person's copy of event ``n``, appended to ``out``. A copy that
        is the same for several seats is one ``Msg`` (serialised once)."""
        t = lt.table if last else None  # the turn goes with the last event only
        to_act = t.to_act if t is not None else None
        match = lt.game.kind == "match"
        view: dict[str, Any] | None = None  # the whole table's copy, built once
        shared: Msg | None = None
        for s, tok in lt.links:
            if not self.conns.get(tok) and self.observer is None:
                continue
            if match and self.current(tok)[0] is not lt:
                continue  # a player is sent only his current table's events
            if kind == "dealt":  # each seat its own hand
                msg: dict[str, Any] = Msg(
                    type="event", table=lt.id, n=n, event=event_view(n, d, kind, data, s)
                )
                if t is not None:
                    msg.update(turn_view(t, s, lt.finished))
            else:
                if view is None:
                    # Calls, cards, dummy, scores: the whole table's (web.views).
                    view = event_view(n, d, kind, data, s)
                if t is not None and to_act == s:  # its legal calls or cards
                    msg = Msg(type="event", table=lt.id, n=n, event=view)
                    msg.update(turn_view(t, s, lt.finished))
                else:
                    if shared is None:
                        shared = Msg(type="event", table=lt.id, n=n, event=view)
                        if t is not None:
                            shared.update(turn_view(t, s, lt.finished))
                    msg = shared
            if self.observer is not None:
                self.observer(lt, tok, msg)
            out.append((tok, msg))

    def _new_deal(self, lt: LiveTable) -> list[tuple[str, dict[str, Any]]]:
        """Deal the table's next deal; [] when the table has played them all."""
        game = self.games[lt.game.id]
        g = lt.game
        nxt = lt.deal_index + 1
        planned = lt.deals_planned
        if (planned is not None and nxt >= planned) or (
            lt.rubber is not None and lt.rubber.finished
        ):
            lt.finished = True
            return []
        tray: int | None = None
        if g.kind == "match":
            assert game.trays is not None
            tp = lt.trays[nxt]
            tray = tp.tray
            deal = game.trays[tp.tray].deal_at(tp.north_at, tp.overplay)
        else:
            deal = deal_cards(g.code, number=nxt + 1, rng=random.Random(f"{g.spec['seed']}:{nxt}"))
        lt.deal_index = nxt
        lt.table = Table(g.code, deal, mode="laws" if g.mode == "laws" else "enforce")
        lt.dummy_shown = False
        lt.face_up, lt.face_up_law = {}, {}
        lt.penalty_n = -1
        lt.ready = set()
        lt.started = True
        items = []
        for i, ev in enumerate(lt.table.events):
            data = _record_data(ev)
            if i == 0:
                data["tray"] = tray
            items.append((_record_type(ev), data))
        return items

    def _after(self, lt: LiveTable, new: Iterable[Event]) -> list[tuple[str, dict[str, Any]]]:
        """The records an action made, and what follows from them for the table."""
        t = lt.table
        assert t is not None
        new = tuple(new)
        items = [(_record_type(ev), _record_data(ev)) for ev in new]
        if t.laws:
            # Cards a law lays face up go to the whole table when it does so
            # (daw 86: an adversary's claim lays his partner's hand face up).
            now = face_up(t)
            for s, bits in now.items():
                if bits & ~lt.face_up.get(s, 0):
                    lt.face_up_law[s] = law = face_up_law(t, new)
                    items.append(("face_up", {"seat": SEATS[s], "cards": cards_of(bits),
                                              "law": law}))  # fmt: skip
            lt.face_up = now
        if not lt.dummy_shown and t.play is not None and t.play.dummy_faced:
            dummy = t.play.dummy
            assert dummy is not None
            lt.dummy_shown = True
            items.append(("dummy", {"seat": SEATS[dummy], "cards": cards_of(t.play.hands[dummy])}))
        if t.pending is not None and lt.penalty_n < 0:
            lt.penalty_n = lt.n
            items.append(("penalty", penalty_json(t) or {}))
        elif t.pending is None:
            lt.penalty_n = -1
        if t.phase == "done":
            lt.scores.append((lt.deal_index, self._score(lt, t), t))
            if lt.trays:
                self._settle(self.games[lt.game.id], lt.trays[lt.deal_index].tray)
            score = lt.scores[-1][1]
            assert score is not None
            items.append(("deal_over", self._deal_over(lt, t, score)))
        return items

    def _score(self, lt: LiveTable, t: Table) -> DealScore:
        return t.score(duplicate=lt.game.kind == "match")

    def _settle(self, game: _Game, tray: int | None = None) -> None:
        """Score a match's plays with a revoke again with the average of the
        other plays of their tray (AWL X §4), as ``Match.add`` does."""
        if game.schedule is None:
            return
        plays = [
            (lt, i, d, sc, t)
            for lt in game.tables
            for i, (d, sc, t) in enumerate(lt.scores)
            if sc is not None and t is not None and (tray is None or lt.trays[d].tray == tray)
        ]
        if not any(sc.result.revokes for _lt, _i, _d, sc, _t in plays):
            return  # the usual case, at every deal's end: nothing to settle
        sittings = {(st.round, st.table): st for st in game.schedule.sittings()}
        found = [
            (lt, i, MatchPlay(sittings[(lt.round, lt.number)], lt.trays[d], t.deal, t.events, sc))
            for lt, i, d, sc, t in plays
        ]
        for lt, i, mp in found:
            same = [q for _l, _j, q in found if q.tray == mp.tray]
            new = settle(mp, same)
            if new is not mp:
                d, _sc, t = lt.scores[i]
                lt.scores[i] = (d, new.score, t)

    def _deal_over(self, lt: LiveTable, t: Table, score: DealScore) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tricks": list(t.tricks_won()),
            "score": _score_json(score),
            "hands": {s: cards_of(t.deal.hands[i]) for i, s in enumerate(SEATS)},
            "contract": None if t.contract is None else str(t.contract),
            "declarer": None if t.declarer is None else SEATS[t.declarer],
        }
        if lt.rubber is not None and not score.void:
            with contextlib.suppress(ScoringError):
                lt.rubber.add(score)
            out["rubber"] = _rubber_json(lt.rubber)
        return out

    # -- the table moves on ----------------------------------------------------

    def _start_ready(self, game: _Game) -> None:
        """Start every table whose people are free (a match: earlier rounds done)."""
        busy: set[str] = set()
        for lt in sorted(game.tables, key=lambda t: (t.round, t.number)):
            toks = {tok for s in Seat if (tok := lt.token_at(s)) is not None}
            if lt.finished:
                continue
            if not lt.started and not (toks & busy):
                self._commit(lt, self._new_deal(lt))
                self._kick(lt)
            busy |= toks
        if all(lt.finished for lt in game.tables) and not game.row.finished:
            game.row.finished = True
            # With the last events, in the same group commit.
            self._batch.games_finished.add(game.row.id)
            self._schedule_flush()

    def _kick(self, lt: LiveTable) -> None:
        """Let the robots act (now, or after ``robot_delay`` in a task)."""
        # In a task, so that a person's action is acknowledged before the robots reply.
        if self._robot_due(lt) and not self._spawn(self._robots(lt)):
            self._run_robots(lt)  # no event loop yet (a game made before the server runs)

    def _spawn(self, coro: Any) -> bool:
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return False
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return True

    def _robot_due(self, lt: LiveTable) -> bool:
        t = lt.table
        if lt.finished or t is None:
            return False
        if t.phase == "done":
            return all(s in lt.ready or lt.is_robot(s) for s in Seat)
        seat = t.to_act
        return seat is not None and lt.is_robot(seat)

    async def _robots(self, lt: LiveTable) -> None:
        while self._robot_due(lt):
            await asyncio.sleep(self.robot_delay if self.robot_delay > 0 else 0)
            async with lt.lock:
                if not self._robot_due(lt):
                    break
                self._robot_step(lt)
        await self.durable()

    def _run_robots(self, lt: LiveTable) -> None:
        """Robots act until a person must (one transaction per step)."""
        for _ in range(1000):
            if not self._robot_due(lt):
                return
            self._robot_step(lt)

    def _robot_step(self, lt: LiveTable) -> None:
        t = lt.table
        assert t is not None
        if t.phase == "done":
            items = self._new_deal(lt)
            self._commit(lt, items)
            if lt.finished:
                self._table_done(lt)
            return
        before = len(t.events)
        if t.phase == "penalty":
            _robot_ruling(t)
        else:
            act(t, _ROBOTS, lt.rng)
        self._commit(lt, self._after(lt, t.events[before:]))

    def _table_done(self, lt: LiveTable) -> None:
        game = self.games[lt.game.id]
        self._start_ready(game)
        for s in lt.humans:
            tok = lt.token_at(s)
            if tok is None:
                continue
            nxt, seat = self.current(tok)
            if nxt is not lt:
                for c in self.conns.get(tok, ()):
                    c.push({"type": "moved", "table": nxt.id, "round": nxt.round,
                            "seat": SEATS[seat]})  # fmt: skip
            elif game.row.finished:
                for c in self.conns.get(tok, ()):
                    c.push({"type": "game_over", "results": f"/r/{game.row.id}"})

    # -- a person's intention --------------------------------------------------

    def reply(self, conn: Conn, msg: dict[str, Any]) -> None:
        """Send ``msg`` to one connection, after the events not yet written
        (an error or pong never overtakes an earlier intention's ack)."""
        batch = self._batch
        if batch.rows or batch.replies:
            batch.replies.append((conn, msg))
            self._schedule_flush()
        else:
            conn.push(msg)

    def submit(self, conn: Conn, msg: dict[str, Any], ref: Any = None) -> None:
        """Carry out an intention from a connected seat without waiting: its
        ``ack`` goes to ``conn`` once its events are written (issue 7 §5), in
        the same group commit as every other table's. ``WebError`` if refused."""
        assert conn.token is not None
        lt, seat = self.current(conn.token)
        # Every holder of the lock runs without awaiting, so in one thread it
        # is never held here; the check keeps the rule if that ever changes.
        assert not lt.lock.locked()
        n = self._act(lt, seat, msg)
        ack: dict[str, Any] = {"type": "ack", "n": n}
        if ref is not None:
            ack["ref"] = ref
        self.reply(conn, ack)
        if not lt.finished:
            # The robots' first step comes after this turn's flush, so the
            # person's intention is acknowledged before they reply.
            self._kick(lt)

    def _act(self, lt: LiveTable, seat: Seat, msg: dict[str, Any]) -> int:
        t = lt.table
        kind = msg["type"]
        if t is None or lt.finished:
            raise WebError(409, "not_now", "this table is not playing a deal now")
        if kind == "next":
            if t.phase != "done":
                raise WebError(409, "not_now", "the deal is not over")
            lt.ready.add(seat)
            if all(s in lt.ready or lt.is_robot(s) for s in Seat):
                n = self._commit(lt, self._new_deal(lt))
                if lt.finished:
                    self._table_done(lt)
                return n
            return lt.n
        before = len(t.events)
        try:
            self._apply(t, seat, kind, msg, lt.game.mode == "laws")
        except WebError:
            raise
        except ValueError as e:  # TableError, LawsError, IllegalCallError...: the law says no
            if len(t.events) != before:  # a refused action leaves no trace
                lt.table = Table.from_events(t.events[:before])
            raise WebError(409, _error_code(t, seat, kind), str(e)) from None
        return self._commit(lt, self._after(lt, t.events[before:]))

    def _apply(self, t: Table, seat: Seat, kind: str, msg: dict[str, Any], laws: bool) -> None:
        phase = t.phase
        mine = t.to_act == seat
        if kind == "call":
            call = _parse_call(msg.get("call"))
            if phase != "auction":
                raise WebError(409, "not_now", "the auction is over")
            if not mine and not laws:
                raise WebError(409, "out_of_turn", _turn_msg(t, seat))
            t.call(call, seat=None if mine else seat)
        elif kind == "play":
            card = _parse_card(msg.get("card"))
            if phase != "play":
                raise WebError(409, "not_now", "no card is to be played now")
            if mine:
                t.play_card(card)
            elif laws:
                t.play_card(card, seat=seat)
            else:
                raise WebError(409, "out_of_turn", _turn_msg(t, seat))
        elif kind == "claim":
            tricks = msg.get("tricks")
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise WebError(400, "malformed", "claim: tricks must be a whole number")
            t.claim(seat, tricks)
        elif kind == "answer_claim":
            accept = msg.get("accept")
            if not isinstance(accept, bool):
                raise WebError(400, "malformed", "answer_claim: accept must be true or false")
            t.answer_claim(seat, accept)
        elif kind in ("bridge", "call_lead"):
            if not mine:
                raise WebError(409, "out_of_turn", _turn_msg(t, seat))
            t.bridge() if kind == "bridge" else t.call_lead()
        elif kind == "rule":
            option, arg = msg.get("option"), msg.get("arg", "")
            if not isinstance(option, str) or not isinstance(arg, str) or len(arg) > 8:
                raise WebError(400, "malformed", "rule: option and arg must be short strings")
            t.rule(seat, option, arg)
        elif kind == "report":
            offence, named = msg.get("offence"), msg.get("card")
            if not isinstance(offence, str):
                raise WebError(400, "malformed", "report: offence must be a string")
            if not laws:
                raise WebError(409, "not_now", "irregularities are ruled on in laws mode only")
            t.report(seat, offence, None if named is None else _parse_card(named))
        else:
            raise WebError(400, "malformed", f"unknown message type {kind!r}")

    # -- what a client sees -----------------------------------------------------

    def subscribe(self, conn: Conn) -> None:
        assert conn.token is not None
        self.conns.setdefault(conn.token, set()).add(conn)

    def unsubscribe(self, conn: Conn) -> None:
        if conn.token is not None:
            self.conns.get(conn.token, set()).discard(conn)

    def catch_up(self, token: str, last: int | None) -> list[dict[str, Any]]:
        """The messages a (re)connecting link needs: events after ``last`` of its
        current table, or the full state when ``last`` is None or too old."""
        lt, seat = self.current(token)
        self._flush()  # a client is shown only what is stored
        if last is None or last > lt.n or last < 0:
            return [self.state(lt, seat)]
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(EventRow.n, EventRow.deal, EventRow.type, EventRow.data)
                .where(EventRow.table_id == lt.id, EventRow.n > last)
                .order_by(EventRow.n)
            ).all()
        return [
            {"type": "event", "table": lt.id, "n": r.n,
             "event": event_view(r.n, r.deal, r.type, r.data, seat)}
            for r in rows
        ]  # fmt: skip

    def state(self, lt: LiveTable, audience: Audience) -> dict[str, Any]:
        g = lt.game
        extra: dict[str, Any] = {
            "type": "state",
            "table": lt.id,
            "n": lt.n,
            "seat": None if audience is None else SEATS[audience],
            "code": g.code,
            "mode": g.mode,
            "kind": g.kind,
            "round": lt.round,
            "number": lt.number,
            "deal": lt.deal_index,
            "tray": lt.trays[lt.deal_index].tray if lt.trays and lt.deal_index >= 0 else None,
            "finished": lt.finished,
            "seats": {
                SEATS[s]: {"robot": lt.is_robot(s), "name": lt.seats[s].get("name", "")}
                for s in Seat
            },
            "scorecard": [_card_row(lt, audience, d, sc, t) for d, sc, t in lt.scores],
            "rubber": None,
        }
        if lt.rubber is not None:
            extra["rubber"] = _rubber_json(lt.rubber)
        if lt.table is None:
            return {**extra, "phase": "waiting", "hand": [], "to_act": None, "my_turn": False}
        out = state_view(lt.table, audience, dummy_shown=lt.dummy_shown, extra=extra)
        laws = lt.face_up_law
        out["face_up_law"] = {SEATS[s]: laws[s] for s in lt.face_up if s in laws}
        if lt.table.phase == "done" and lt.scores and lt.scores[-1][0] == lt.deal_index:
            sc = lt.scores[-1][1]
            out["score"] = None if sc is None else _score_json(sc)
        else:
            out["score"] = None
        return out

    # -- finished deals, downloads -----------------------------------------------

    def deal_log(self, table_id: int, deal: int, token: str | None = None,
                 director: str | None = None) -> tuple[Event, ...]:  # fmt: skip
        lt = self.tables.get(table_id)
        if lt is None:
            raise WebError(404, "no_such_table", f"no table {table_id}")
        if director is not None:
            if self.game_of_director(director).row.id != lt.game.id:
                raise WebError(403, "not_yours", "that table is not in your game")
        else:
            assert token is not None
            if not any(lt.token_at(s) == token for s in Seat):
                self.seat_row(token)
                raise WebError(403, "not_yours", "you did not sit at that table")
            if not any(d == deal for d, _, _ in lt.scores):
                raise WebError(409, "not_finished", "the deal is not finished")
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(EventRow.type, EventRow.data)
                .where(EventRow.table_id == lt.id, EventRow.deal == deal)
                .order_by(EventRow.n)
            ).all()
        records = [
            jsonlog.event_from_json({"type": r.type, **data_of(r.data)})
            for r in rows
            if r.type in RECORD_TYPES
        ]
        if not records:
            raise WebError(404, "no_such_deal", f"table {table_id} has no deal {deal}")
        return tuple(records)

    def deal_pbn(self, events: tuple[Event, ...], lt_id: int, deal: int) -> str:
        lt = self.tables[lt_id]
        names = {s: str(lt.seats[s].get("name") or lt.seats[s].get("player") or "") for s in Seat}
        return self._pbn(events, lt, deal, players=names)

    def deal_json(self, events: tuple[Event, ...], lt_id: int, deal: int) -> dict[str, Any]:
        return jsonlog.events_to_json(events, self.played_score(lt_id, deal))

    def game_pbn(self, game: _Game) -> str:
        event = f"auction-whist {game.row.id}"
        return pbn.join(self._pbn(ev, lt, d, event=event) for lt, d, ev in self.all_logs(game))

    def game_json(self, game: _Game) -> dict[str, Any]:
        return {
            "game": game.row.id,
            "deals": [
                {"table": lt.id, "round": lt.round, "number": lt.number, "deal": d,
                 **self.deal_json(events, lt.id, d)}
                for lt, d, events in self.all_logs(game)
            ],
        }  # fmt: skip

    def played_score(self, lt_id: int, deal: int) -> DealScore | None:
        """The score the game keeps of a deal played out (a match's: scored
        for duplicate, a whist revoke with the tray's average, AWL X §4);
        None for a director's entry, which is not the log's."""
        lt = self.tables[lt_id]
        for d, sc, t in lt.scores:
            if d != deal or sc is None or t is None or not t.is_over:
                continue
            if sc.result == t.result(sc.result.average, sc.result.duplicate):
                return sc
        return None

    def _pbn(self, events: tuple[Event, ...], lt: LiveTable, deal: int, **tags: Any) -> str:
        """The deal's PBN, its score as the game keeps it (duplicate in a
        match; a whist revoke with the tray's average, AWL X §4)."""
        sc = self.played_score(lt.id, deal)
        tags.setdefault("event", f"auction-whist {lt.game.id}")
        if sc is not None:
            tags.update(duplicate=sc.result.duplicate, average=sc.result.average)
        return pbn.export_pbn(events, **tags)

    def all_logs(self, game: _Game) -> list[tuple[LiveTable, int, tuple[Event, ...]]]:
        out = []
        for lt in game.tables:
            for d, _sc, t in lt.scores:
                if t is not None:
                    out.append((lt, d, t.events))
        return out

    # -- the director -----------------------------------------------------------

    def director_view(self, token: str) -> dict[str, Any]:
        game = self.game_of_director(token)
        g = game.row
        tables = []
        for lt in sorted(game.tables, key=lambda t: (t.round, t.number)):
            t = lt.table
            tables.append(
                {
                    "table": lt.id,
                    "number": lt.number,
                    "round": lt.round,
                    "deal": lt.deal_index,
                    "deals": lt.deals_planned,
                    "tray": lt.trays[lt.deal_index].tray
                    if lt.trays and lt.deal_index >= 0
                    else None,
                    "phase": "waiting" if t is None else t.phase,
                    "to_act": None if t is None or t.to_act is None else SEATS[t.to_act],
                    "events": lt.n,
                    "finished": lt.finished,
                    "penalty": None if t is None else penalty_json(t),
                    "seats": {
                        SEATS[s]: {
                            "robot": lt.is_robot(s),
                            "name": lt.seats[s].get("name") or lt.seats[s].get("player"),
                        }
                        for s in Seat
                    },
                    "scores": [_card_row(lt, None, d, sc, tt) for d, sc, tt in lt.scores],
                }
            )
        links = {
            (sr.player or sr.seat or ""): f"/t/{tok}"
            for tok, sr in self.seat_tokens.items()
            if sr.game_id == g.id
        }
        return {
            "game": g.id,
            "kind": g.kind,
            "code": g.code,
            "mode": g.mode,
            "spec": g.spec,
            "published": g.published,
            "finished": g.finished,
            "links": links,
            "tables": tables,
        }

    def director_table(self, token: str, table_id: int) -> LiveTable:
        game = self.game_of_director(token)
        lt = self.tables.get(table_id) if isinstance(table_id, int) else None
        if lt is None or lt.game.id != game.row.id:
            raise WebError(404, "no_such_table", f"no table {table_id} in this game")
        return lt

    async def director_rule(self, token: str, body: dict[str, Any]) -> int:
        """A ruling (or a reported irregularity) at a table, on a player's behalf."""
        lt = self.director_table(token, body.get("table"))  # type: ignore[arg-type]
        seat = _parse_seat(body.get("seat"))
        msg: dict[str, Any]
        if "report" in body:
            msg = {"type": "report", "offence": body["report"], "card": body.get("card")}
        else:
            msg = {"type": "rule", "option": body.get("option"), "arg": body.get("arg", "")}
        async with lt.lock:
            n = self._act(lt, seat, msg)
        await self.durable()
        self._kick(lt)
        return n

    async def enter_result(self, token: str, body: dict[str, Any]) -> int:
        """A result from a physical table (score-card entry), or a correction."""
        lt = self.director_table(token, body.get("table"))  # type: ignore[arg-type]
        deal = body.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= lt.deal_index:
            raise WebError(400, "malformed", "deal: the number of a deal this table has dealt")
        t = next((tt for d, _, tt in lt.scores if d == deal), None)
        if t is None and deal == lt.deal_index:
            t = lt.table
        if t is None:
            raise WebError(404, "no_such_deal", f"table {lt.id} has no deal {deal}")
        data = _check_entry(t, body)
        score = _entered_score(lt, t, data)
        async with lt.lock:
            old = lt.deal_index
            lt.deal_index = deal  # the event belongs to that deal
            try:
                lt.scores = [x for x in lt.scores if x[0] != deal]
                lt.scores.append((deal, score, t))
                lt.scores.sort(key=lambda x: x[0])
                if lt.trays:
                    self._settle(self.games[lt.game.id], lt.trays[deal].tray)
                payload = {**data, "score": _score_json(score)}
                if deal == old and t.phase != "done":
                    # The deal in progress is settled by the entry: the table moves on.
                    lt.ready = set(Seat)
                n = self._commit(lt, [("result_entered", payload)])
            finally:
                lt.deal_index = old
        if deal == old and t.phase != "done":
            async with lt.lock:
                n = self._commit(lt, self._new_deal(lt))
                if lt.finished:
                    self._table_done(lt)
            self._kick(lt)
        await self.durable()
        return n

    def publish(self, token: str) -> dict[str, Any]:
        game = self.game_of_director(token)
        game.row.published = True
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game.row.id).values(published=True))
        return {"published": True, "results": f"/r/{game.row.id}"}

    # -- results -------------------------------------------------------------------

    def match_of(self, game: _Game) -> Match:
        assert game.schedule is not None and game.trays is not None
        code = find_code(game.row.code)
        sittings = {(st.round, st.table): st for st in game.schedule.sittings()}
        match = Match(code, game.schedule, game.trays, game.row.spec["seed"])
        for lt in sorted(game.tables, key=lambda t: (t.round, t.number)):
            st = sittings[(lt.round, lt.number)]
            for d, sc, t in lt.scores:
                if sc is None or t is None:
                    continue
                tp = lt.trays[d]
                match.add(MatchPlay(st, tp, t.deal, t.events, sc))
        return match

    def results(self, game_id: str, *, director: bool = False) -> dict[str, Any]:
        game = self.games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise WebError(404, "no_such_game", "no such game")
        if not (director or game.row.published):
            raise WebError(403, "not_published", "the director has not published the results")
        g = game.row
        out: dict[str, Any] = {"game": g.id, "kind": g.kind, "code": g.code,
                               "finished": g.finished}  # fmt: skip
        if g.kind == "match":
            match = self.match_of(game)
            title = f"{match.code.title}: {match.schedule.name}"
            cards, travellers = match.cards(), match.travellers()
            out["cards"] = [c.to_json() for c in cards]
            out["travellers"] = [t.to_json() for t in travellers]
            out["html"] = {
                "cards": render_cards(cards, f"Score cards — {title}"),
                "travellers": render_travellers(travellers, f"Travellers — {title}"),
            }
            if g.finished:
                result = match.result()
                out["result"] = result.to_json()
                out["html"]["result"] = render_result(result, f"Result — {title}")
        else:
            lt = game.tables[0]
            out["deals"] = [_card_row(lt, None, d, sc, t) for d, sc, t in lt.scores]
        return out

    def traveller(self, token: str, tray: int) -> dict[str, Any]:
        """A tray's traveller, for a player who has played the tray (issue 7 §4)."""
        sr = self.seat_row(token)
        game = self.games[sr.game_id]
        if game.row.kind != "match":
            raise WebError(404, "no_such_tray", "only a match has trays")
        played = {lt.trays[d].tray for lt, _s in self._tables_of(token) for d, sc, _t in lt.scores}
        if tray not in played:
            raise WebError(403, "not_played", f"you have not yet played tray {tray}")
        for t in self.match_of(game).travellers():
            if t.tray == tray:
                return t.to_json()
        raise WebError(404, "no_such_tray", f"no tray {tray}")

    def scorecard(self, token: str) -> list[dict[str, Any]]:
        return self._history(token)


# -- helpers -----------------------------------------------------------------------


def data_of(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "tray"}


def _record_type(ev: Event) -> str:
    return str(jsonlog.event_to_json(ev)["type"])


def _record_data(ev: Event) -> dict[str, Any]:
    d = jsonlog.event_to_json(ev)
    del d["type"]
    return d


def _score_json(score: DealScore) -> dict[str, Any]:
    out = score.to_json()
    out["total"] = [score.total(0), score.total(1)]
    out["void"] = score.void
    out["note"] = score.note
    return out


def _rubber_json(r: Rubber) -> dict[str, Any]:
    """The score pad: games, totals, and each deal's line, marking the deals
    on which a game was won (trick points reaching ``code.game.points``)."""
    lines = []
    below = [0, 0]
    for sc in r.scores:
        below = [below[0] + sc.game_points[0], below[1] + sc.game_points[1]]
        game = max(below) >= r.threshold
        if game:
            below = [0, 0]
        lines.append({"items": _score_json(sc)["items"], "game": game})
    return {
        "games": list(r.games),
        "totals": list(r.totals),
        "finished": r.finished,
        "below": list(r.below),
        "lines": lines,
    }


def _card_row(
    lt: LiveTable, seat: Seat | None, d: int, sc: DealScore | None, t: Table | None
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "table": lt.id,
        "deal": d,
        "tray": lt.trays[d].tray if lt.trays else None,
        "contract": None if t is None or t.contract is None else str(t.contract),
        "declarer": None if t is None or t.declarer is None else SEATS[t.declarer],
        "tricks": None if t is None else list(t.tricks_won()),
        "score": None if sc is None else [sc.total(0), sc.total(1)],
        "trick": None if sc is None else [sc.trick(0), sc.trick(1)],
        "honor": None if sc is None else [sc.honor(0), sc.honor(1)],
    }
    if seat is not None and sc is not None:
        row["mine"] = sc.total(seat.side) - sc.total(1 - seat.side)
    return row


def _schedule(spec: dict[str, Any]) -> Schedule:
    try:
        return find_movement(spec["movement"], spec.get("tables"), deals=spec.get("deals"))
    except (KeyError, MovementError, ValueError, TypeError) as e:
        raise WebError(400, "bad_movement", f"movement: {e}") from None


def _check_spec(spec: Any) -> dict[str, Any]:
    if not isinstance(spec, dict):
        raise WebError(400, "malformed", "a game is an object: kind, code, ...")
    kind = spec.get("kind", "deal")
    if kind not in KINDS:
        raise WebError(400, "malformed", f"kind: one of {', '.join(KINDS)}")
    try:
        code: Code = find_code(str(spec.get("code", "")))
    except (KeyError, ValueError):
        keys = ", ".join(c.key for c in all_codes())
        raise WebError(400, "bad_code", f"code: one of {keys}") from None
    mode = spec.get("mode", "enforce")
    if mode not in ("enforce", "laws"):
        raise WebError(400, "malformed", "mode: enforce or laws")
    seed = spec.get("seed")
    if seed is None:
        seed = secrets.randbits(48)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WebError(400, "malformed", "seed: a whole number")
    names = spec.get("names", {})
    if not isinstance(names, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and len(v) <= 80 for k, v in names.items()
    ):
        raise WebError(400, "malformed", "names: an object of short strings")
    out: dict[str, Any] = {"kind": kind, "code": code.key, "mode": mode, "seed": seed,
                           "names": names}  # fmt: skip
    if kind == "rubber" and (code.game is None or code.game.per_deal):
        raise WebError(
            400, "no_rubbers", f"{code.cite('game')}: {code.title} has no rubbers; play deals"
        )
    if kind == "match":
        for key in ("tables", "deals"):
            v = spec.get(key)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 < v < 100):
                raise WebError(400, "malformed", f"{key}: a whole number")
            out[key] = v
        if not isinstance(spec.get("movement"), str):
            raise WebError(400, "bad_movement", "movement: a movement's name")
        out["movement"] = spec["movement"]
        schedule = _schedule(out)
        players = spec.get("players")
        if players is None:
            players = list(schedule.players[:1])
        if not isinstance(players, list) or not all(p in schedule.players for p in players):
            raise WebError(
                400, "malformed", f"players: ids of the movement's players ({schedule.players})"
            )
        out["players"] = list(dict.fromkeys(players))
    else:
        humans = spec.get("humans", ["S"])
        if not isinstance(humans, list) or not all(h in SEATS for h in humans):
            raise WebError(400, "malformed", 'humans: a list of seats such as ["S"]')
        out["humans"] = sorted(set(humans), key=SEATS.index)
    return out


def _parse_call(text: Any) -> Any:
    if not isinstance(text, str) or len(text) > 8:
        raise WebError(400, "bad_call", 'call: a call such as "1H", "pass", "X", "no bid"')
    try:
        return parse_call(text)
    except (CallError, ValueError) as e:
        raise WebError(400, "bad_call", f"call: {e}") from None


def _parse_card(text: Any) -> int:
    if not isinstance(text, str) or len(text) != 2:
        raise WebError(400, "bad_card", 'card: a card such as "SA" or "HT"')
    try:
        return card_from_str(text)
    except (DealError, ValueError) as e:
        raise WebError(400, "bad_card", f"card: {e}") from None


def _parse_seat(text: Any) -> Seat:
    if not isinstance(text, str) or text not in SEATS or len(text) != 1:
        raise WebError(400, "malformed", "seat: N, E, S or W")
    return Seat.from_char(text)


def _turn_msg(t: Table, seat: Seat) -> str:
    who = t.to_act
    law = t.code.cite("turn")
    if who is None:
        return f"{law}: nobody is to act now"
    return f"{law}: it is not {seat.name.title()}'s turn; {who.name.title()} is to act"


def _error_code(t: Table, seat: Seat, kind: str) -> str:
    if kind in ("call", "play", "bridge", "call_lead") and t.to_act != seat:
        return "out_of_turn"
    return "illegal"


# The robots in the empty seats: the heuristic player (robots.heuristic), fast
# enough to act inside the server's event loop; the Monte Carlo robot's double
# dummy samples would hold every other table up.
_ROBOT: Player = make_robot("heuristic")
_ROBOTS = {seat: _ROBOT for seat in Seat}


def _robot_ruling(t: Table) -> None:
    """A robot entitled to choose a penalty takes the first the law offers."""
    p = t.pending
    assert p is not None
    seat = p.choosers[0]
    for opt in p.offence.options:
        args = {"": [""], "suit": ["S", "H", "D", "C"], "card": [""]}[opt.arg]
        for arg in args:
            try:
                t.rule(seat, opt.key, arg)
                return
            except (LawsError, ValueError):
                continue
    raise LawsError(f"no option of {p.offence.name} can be taken")


def _check_entry(t: Table, body: dict[str, Any]) -> dict[str, Any]:
    code = t.code
    if not code.auction:
        ns = body.get("tricks_ns")
        if not isinstance(ns, int) or isinstance(ns, bool) or not 0 <= ns <= 13:
            raise WebError(400, "malformed", "tricks_ns: North-South's tricks, 0 to 13")
        return {"tricks_ns": ns}
    contract, declarer, tricks = body.get("contract"), body.get("declarer"), body.get("tricks")
    doubled = body.get("doubled", 0)
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise WebError(400, "malformed", "tricks: the declarer's side's tricks, 0 to 13")
    if doubled not in (0, 1, 2):
        raise WebError(400, "malformed", "doubled: 0, 1 (doubled) or 2 (redoubled)")
    _parse_seat(declarer)
    call = _parse_call(contract)
    if not isinstance(call, Bid):
        raise WebError(400, "bad_call", "contract: a declaration such as 3H")
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "doubled": doubled}


def _entered_score(lt: LiveTable, t: Table | None, data: dict[str, Any]) -> DealScore:
    assert t is not None
    code = t.code
    deal: Deal = t.deal
    if "tricks_ns" in data:
        result = DealResult(code, None, None, data["tricks_ns"], trump=t.trump_suit)
        return score_deal(result)
    bid = parse_call(data["contract"])
    assert isinstance(bid, Bid)
    contract = Contract(bid, data["doubled"])
    result = DealResult(
        code,
        contract,
        Seat.from_char(data["declarer"]),
        data["tricks"],
        holdings=Holdings.from_deal(deal, contract.denom),
        duplicate=lt.game.kind == "match" and code.auction,
    )
    try:
        return score_deal(result)
    except ScoringError as e:
        raise WebError(400, "bad_result", str(e)) from None
