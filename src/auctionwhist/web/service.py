"""The service: every game of the server, the one facade the app talks to.

The server is the only authority (issue 7 §4): a person's intention is
checked by ``auctionwhist.table.Table`` (which cites the law when it refuses),
the records it makes are written to the database, and only then is the
intention acknowledged and the events sent, each built for its audience by
``web.views`` (issue 7 §5). Robots take the seats no person holds, through
the same table. Everything is rebuilt from the database at start, so a
server killed mid-deal resumes every table where it was.

``Service`` holds what is in memory and sequences each step; each step is
done by a part: ``web.store`` (the database), ``web.seats`` (connections and the
group commit), ``web.games`` (games, tables, deals, scores),
``web.intentions`` (a seat's message to the table), ``web.robots``,
``web.director`` and ``web.results``.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Coroutine
from datetime import UTC, datetime, timedelta
from typing import Any, TypedDict

from sqlalchemy.engine import Engine

from ..cards import Seat
from ..duplicate.match import Match
from ..duplicate.scorecard import ScoreCard
from ..errors import WhistError
from ..formats import jsonlog
from ..records import Event
from ..scoring import DealScore
from . import games, results, robots
from .club import Club
from .db import GameRow, SeatRow, TableRow
from .director import (
    DirectorView,
    check_entry,
    director_view,
    end_game,
    ends_table,
    entered_score,
    entry_deal,
    unplayed,
)
from .intentions import apply, error_code, parse_seat
from .live import Item, LiveGame, LiveTable, WebError, in_order
from .results import CardRow, Outcome
from .review import REVIEW_BUDGET, solve_review
from .robots import THINK_LIMIT, Robots, Thought, robot_due
from .seats import Ack, Conn, GameOver, Intent, Message, Moved, Msg, Named, Observer, Seats
from .store import NEXT_SET, Loaded, Store, records_of
from .views import SEATS

__all__ = ["Conn", "LiveGame", "LiveTable", "Msg", "Service", "WebError"]


class Created(TypedDict, total=False):
    """A new game's links (docs/web-protocol.md, POST /api/games)."""

    game: str
    director: str
    players: dict[str | None, str]  # a match: each player's link
    seats: dict[str | None, str]  # a deal or rubber: each person's seat's link


class SeatInfo(TypedDict):
    """What a seat's link is (docs/web-protocol.md, GET /api/seat)."""

    game: str
    kind: str
    code: str
    mode: str
    seat: str
    name: str
    player: str | None
    table: int
    number: int
    round: int
    deal: int
    ws: str
    published: bool
    next_set: bool  # a match its players direct: its next set at their asking
    history: list[CardRow]


class NextSet(TypedDict):
    game: str
    seat: str  # the asking link's seat in the next set


class Published(TypedDict):
    published: bool
    results: str


class Cancelled(TypedDict):
    game: str
    ended: bool


class Service:
    """Every game of the server. Methods raise ``WebError`` for a bad request."""

    def __init__(
        self,
        engine: Engine | str,
        *,
        robot_delay: float = 0.0,
        migrate_db: bool = True,
        stale_after: float | None = None,
        robots: str = "heuristic",
        robot_workers: int | None = None,
    ) -> None:
        self.stale_after = stale_after  # seconds: an unfinished game untouched longer ends
        self.store = Store(engine, migrate_db=migrate_db)
        self.engine = self.store.engine
        self.robot_delay = robot_delay
        # ``strong``: the Monte Carlo robot, thinking in a pool of processes
        # (web.robots); ``heuristic``: the fast one, in the event loop.
        self.robots = Robots(robots, robot_workers)
        self._driving: set[int] = set()  # tables whose robots' task runs
        self.seats = Seats(self.store, self.current)
        self.games: dict[str, LiveGame] = {}
        self.tables: dict[int, LiveTable] = {}
        self.seat_tokens: dict[str, SeatRow] = {}
        self._current: dict[str, tuple[LiveTable, Seat]] = {}  # Service.current
        self.director_tokens: dict[str, str] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.review_budget = REVIEW_BUDGET  # seconds for a deal's double-dummy review
        self._reviews: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = {}
        self._review_slot = asyncio.Semaphore(1)  # one solver process at a time
        # PostgreSQL: other processes serve the same tables (docs/deploy.md).
        self.shared = self.store.shared
        self.club = Club(self) if self.shared else None
        self._load()

    @property
    def observer(self) -> Observer | None:
        """Tests watch every message sent: (table, audience token, message)."""
        return self.seats.observer

    @observer.setter
    def observer(self, fn: Observer | None) -> None:
        self.seats.observer = fn

    # -- start: everything from the database -----------------------------------

    def _load(self) -> None:
        self._add(self.store.load())
        self._end_stale()

    def _add(self, loaded: Loaded) -> None:
        """Games read from the database, into memory, each table replayed."""
        new: list[LiveTable] = []
        for g in loaded.games:
            self.director_tokens[g.director_token] = g.id
            self.games[g.id] = LiveGame(g, [])
            games.prepare(self.games[g.id])
        for seat in loaded.seats:
            self.seat_tokens[seat.token] = seat
        for row in loaded.tables:
            game = self.games[row.game_id]
            new.append(self._live(game, row))
            game.tables.append(new[-1])
        for lt in new:
            games.replay(lt, self.store.events(lt.id))
        for g in loaded.games:
            games.settle(self.games[g.id])

    def load_game(self, game_id: str | None) -> LiveGame | None:
        """A game another process made (``shared``), read when first asked for."""
        if game_id is None or not self.shared:
            return None
        if game_id not in self.games:
            self._add(self.store.load(game_id))
        return self.games.get(game_id)

    def _end_stale(self) -> None:
        """End the unfinished games untouched for ``stale_after`` seconds, so
        that their robots do not play on after every restart."""
        if self.stale_after is None:
            return
        cutoff = datetime.now(UTC) - timedelta(seconds=self.stale_after)
        last = self.store.last_activity()
        for game in self.games.values():
            if game.row.finished:
                continue
            when = last.get(game.row.id, game.row.created)
            if when.tzinfo is None:  # SQLite keeps no zone: it stored UTC
                when = when.replace(tzinfo=UTC)
            if when < cutoff:
                self.store.write([], end_game(game), {game.row.id})

    def _live(self, game: LiveGame, row: TableRow) -> LiveTable:
        lt = games.live_table(game, row)
        self.tables[lt.id] = lt
        return lt

    def close(self) -> None:
        self.seats.flush()
        if self.club is not None:
            self.club.close()
        self.store.close()
        self.robots.close()

    async def resume(self) -> None:
        """After a start: let the robots carry on wherever they are to act
        (``shared``: first listen to the other processes' events)."""
        if self.club is not None:
            await self.club.start()
        for game in self.games.values():
            self._start_ready(game)
        for lt in self.tables.values():
            if lt.started and not lt.finished:
                self._kick(lt)

    # -- creating a game --------------------------------------------------------

    def create_game(self, spec: dict[str, Any], follows: str | None = None) -> Created:
        checked = games.check_spec(spec)
        if follows is not None:
            checked["follows"] = follows  # the server's own: never from a request
        row = GameRow(
            id=secrets.token_urlsafe(9),
            kind=checked["kind"],
            code=checked["code"],
            mode=checked["mode"],
            spec=dict(checked),
            director_token=games.token(),
            published=False,
            finished=False,
        )
        game = LiveGame(row, [])
        games.prepare(game)
        table_rows, seat_rows = games.plan(game, checked)
        self.store.add_game(row, table_rows, seat_rows)
        self.games[row.id] = game
        self.director_tokens[row.director_token] = row.id
        for sr in seat_rows:
            self.seat_tokens[sr.token] = sr
        for tr in table_rows:
            game.tables.append(self._live(game, tr))
        self._start_ready(game)
        self.seats.flush()  # the first deal is stored before the links are given
        out = Created(game=row.id, director=f"/d/{row.director_token}")
        if checked["kind"] == "match":
            out["players"] = {sr.player: f"/t/{sr.token}" for sr in seat_rows}
        else:
            out["seats"] = {sr.seat: f"/t/{sr.token}" for sr in seat_rows}
        return out

    # -- who is who ---------------------------------------------------------------

    def has_seat(self, token: str) -> bool:
        """Whether ``token`` is a seat's link (one made by another process too)."""
        if token not in self.seat_tokens and self.shared:
            self.load_game(self.store.game_of(token))
        return token in self.seat_tokens

    def seat_row(self, token: str) -> SeatRow:
        sr = self.seat_tokens.get(token) if isinstance(token, str) else None
        if sr is None and isinstance(token, str) and self.has_seat(token):
            sr = self.seat_tokens[token]
        if sr is None:
            raise WebError(404, "no_such_link", "this link is not a seat at any table here")
        return sr

    def game_of_director(self, token: str) -> LiveGame:
        gid = self.director_tokens.get(token) if isinstance(token, str) else None
        if gid is None and isinstance(token, str) and self.shared:
            self.load_game(self.store.game_of(token))
            gid = self.director_tokens.get(token)
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
        last: tuple[LiveTable, Seat] | None = None
        for lt, s in self._tables_of(token):
            if not lt.finished:
                self._current[token] = (lt, s)
                return lt, s
            last = (lt, s)
        if last is None:
            raise WebError(404, "no_such_link", "this link has no seat at any table")
        return last

    def _tables_of(self, token: str) -> list[tuple[LiveTable, Seat]]:
        """The tables a link sits at, in the order they are played."""
        sr = self.seat_row(token)
        return [
            (lt, s)
            for lt in in_order(self.games[sr.game_id].tables)
            for s in Seat
            if lt.token_at(s) == token
        ]

    def seat_info(self, token: str) -> SeatInfo:
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
            "next_set": games.has_next_set(game.row.spec),
            "history": self.scorecard(token),
        }

    def rename(self, token: str, name: object) -> dict[str, str]:
        """The person at a link takes a name (or "" for none): stored with the
        link and at every table it sits at; the people there see it at once,
        on every process (``named``)."""
        sr = self.seat_row(token)
        checked = games.check_name(name)
        self.store.rename(token, checked, {lt.id: SEATS[s] for lt, s in self._tables_of(token)})
        self.named(token, checked)
        return {"seat": sr.seat or "", "name": checked}

    def named(self, token: str, name: str) -> None:
        """A link's new name, stored already (here or by another process), in
        memory; the people at its unfinished tables are told."""
        sr = self.seat_tokens.get(token)
        if sr is None:
            return  # a game not read here yet: read with the name when asked for
        sr.name = name
        for lt, s in self._tables_of(token):
            lt.seats[s]["name"] = name
            if lt.finished:
                continue
            named = Named(type="named", table=lt.id, seat=SEATS[s], name=name)
            for tok in {tok for _s, tok in lt.links}:
                self.seats.push(tok, named)

    def scorecard(self, token: str) -> list[CardRow]:
        """A link's score-card: every deal of every table it has sat at."""
        return [
            results.card_row(lt, seat, d, sc, t)
            for lt, seat in self._tables_of(token)
            for d, sc, t in lt.scores
        ]

    def next_set(self, token: str) -> NextSet:
        """A finished match its players direct themselves (a table for
        friends, the solo match): the next, the same movement, trays and
        people with new deals. The first of its people to ask makes it;
        the others find it. The link's own seat in it."""
        sr = self.seat_row(token)
        game = self.games[sr.game_id]
        if not games.has_next_set(game.row.spec):
            raise WebError(
                409,
                "no_next_set",
                "only a match its players direct has a next set: "
                "a director's match is followed by whatever the director starts",
            )
        if not game.row.finished:
            raise WebError(409, "not_now", "the next set follows when every tray is played")
        # One process at a time (``shared``): two of its people asking on two
        # processes at once would otherwise make two next sets.
        with self.store.one_at_a_time(NEXT_SET, game.row.id):
            nxt = next((g for g in self.games.values() if g.row.spec.get("follows") == game.row.id),
                       None)  # fmt: skip
            if nxt is None and self.shared:
                nxt = self.load_game(self.store.follower(game.row.id))  # made by another
            if nxt is None:
                made = self.create_game(games.next_set_spec(game.row.spec), follows=game.row.id)
                nxt = self.games[made["game"]]
        link = next(t for t, r in self.seat_tokens.items()
                    if r.game_id == nxt.row.id and r.player == sr.player)  # fmt: skip
        return {"game": nxt.row.id, "seat": f"/t/{link}"}

    def seat_cards(self, token: str, title: str) -> list[ScoreCard]:
        """The score-cards a link keeps (``web.results.seat_cards``)."""
        return results.seat_cards(self._tables_of(token), title)

    def seat_rubber(self, token: str) -> dict[str, Any] | None:
        """A rubber's pad as a link's card shows it; None outside a rubber."""
        lt, _seat = self.current(token)
        return None if lt.rubber is None else results.rubber_pad(lt.rubber)

    # -- connections -----------------------------------------------------------

    def subscribe(self, conn: Conn) -> None:
        self.seats.subscribe(conn)

    def unsubscribe(self, conn: Conn) -> None:
        self.seats.unsubscribe(conn)

    def reply(self, conn: Conn, msg: Message) -> None:
        self.seats.reply(conn, msg)

    async def durable(self) -> None:
        """Return once every event numbered so far is in the database."""
        await self.seats.durable()

    def catch_up(self, token: str, last: int | None) -> list[Message]:
        """The messages a (re)connecting link needs: events after ``last`` of its
        current table, or the full state when ``last`` is None or too old."""
        lt, seat = self.current(token)
        return self.seats.catch_up(lt, seat, last)

    # -- the table moves on ----------------------------------------------------

    def _commit(self, lt: LiveTable, items: list[Item]) -> int:
        return self.seats.commit(lt, items)

    def _next_deal(self, lt: LiveTable) -> int:
        """Deal the table's next deal (or finish the table)."""
        n = self._commit(lt, games.new_deal(self.games[lt.game.id], lt))
        if lt.finished:
            self._table_done(lt)
        return n

    def _start_ready(self, game: LiveGame) -> None:
        """Start every table whose people are free (a match: earlier rounds done)."""
        busy: set[str] = set()
        for lt in in_order(game.tables):
            toks = {tok for s in Seat if (tok := lt.token_at(s)) is not None}
            if lt.finished:
                continue
            if not lt.started and not (toks & busy):
                self._commit(lt, games.new_deal(game, lt))
                self._kick(lt)
            busy |= toks
        done_now = all(lt.finished for lt in game.tables) and not game.row.finished
        if done_now:
            game.row.finished = True
            self.seats.game_finished(game.row.id)
        if (
            game.row.finished
            and game.row.spec.get("self_directed")
            and not game.row.published
            # every tray played: not a match cancelled or ended as stale
            and all(len(lt.scores) >= (lt.deals_planned or 0) for lt in game.tables)
        ):
            # A match whose one person is its own director (the home page's
            # solo match) is published when its last play ends, every tray
            # played everywhere (docs/decisions.md); its last events first.
            self.seats.flush()
            game.row.published = True
            self.store.publish(game.row.id)
        if done_now:
            # Every person of the game, wherever his last table was: the
            # last play may be at a table of robots.
            over = GameOver(type="game_over", results=f"/r/{game.row.id}")
            for tok in {tok for lt in game.tables for _s, tok in lt.links}:
                self.seats.push(tok, over)

    def _table_done(self, lt: LiveTable) -> None:
        if self.club is not None:
            self.club.release(lt)
        game = self.games[lt.game.id]
        self._start_ready(game)
        for s in lt.humans:
            tok = lt.token_at(s)
            if tok is None:
                continue
            nxt, seat = self.current(tok)
            if nxt is not lt:
                self.seats.push(tok, Moved(type="moved", table=nxt.id, round=nxt.round,
                                           seat=SEATS[seat]))  # fmt: skip

    # -- the robots ------------------------------------------------------------

    def _kick(self, lt: LiveTable) -> None:
        """Let the robots act (now, or after ``robot_delay`` in a task)."""
        # In a task, so that a person's action is acknowledged before the robots
        # reply; one task a table, so that a robot does not think twice.
        self.robots.wake(lt)
        if not robot_due(lt) or lt.id in self._driving:
            return
        if self.club is not None and not self.club.owns(lt):
            return  # another process drives this table's robots
        if self._spawn(self._robots(lt)):
            self._driving.add(lt.id)
        else:
            self._run_robots(lt)  # no event loop yet (a game made before the server runs)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> bool:
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return False
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return True

    async def _robots(self, lt: LiveTable) -> None:
        try:
            while robot_due(lt):
                thought = self.robots.think(lt)
                if thought is not None:
                    await self._robot_thought(lt, thought)
                    continue
                await asyncio.sleep(self.robot_delay if self.robot_delay > 0 else 0)
                async with lt.lock:
                    if not robot_due(lt):
                        break
                    self._robot_step(lt)
        finally:
            self._driving.discard(lt.id)
        await self.durable()

    async def _robot_thought(self, lt: LiveTable, thought: Thought) -> None:
        """Await a robot's action from the pool, thought out during its delay
        (its card is played ``robot_delay`` after it was due, or when it is
        ready), and apply it if the table has not moved on meanwhile."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        got, error = None, None
        try:
            got = await asyncio.wait_for(asyncio.wrap_future(thought.future), THINK_LIMIT)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a worker died, or the robot failed: web.robots logs it
            error = e
        rest = self.robot_delay - (loop.time() - began)
        await asyncio.sleep(rest if rest > 0 else 0)
        async with lt.lock:
            if not thought.current(lt):
                return  # an undo, a claim, a director's ruling: think again
            new = self.robots.answered(lt, thought, got, error)
            self._commit(lt, games.after(self.games[lt.game.id], lt, new))

    def _run_robots(self, lt: LiveTable) -> None:
        """Robots act until a person must (one transaction per step)."""
        for _ in range(1000):
            if not robot_due(lt):
                return
            self._robot_step(lt)

    def _robot_step(self, lt: LiveTable) -> None:
        t = lt.table
        assert t is not None
        if t.phase == "done":
            self._next_deal(lt)
            return
        new = self.robots.turn(lt)
        self._commit(lt, games.after(self.games[lt.game.id], lt, new))

    # -- a person's intention --------------------------------------------------

    def submit(self, conn: Conn, msg: dict[str, Any], ref: str | int | None = None) -> None:
        """Carry out an intention from a connected seat without waiting: its
        ``ack`` goes to ``conn`` once its events are written (issue 7 §5), in
        the same group commit as every other table's. ``WebError`` if refused."""
        assert conn.token is not None
        lt, seat = self.current(conn.token)
        # Every holder of the lock runs without awaiting, so in one thread it
        # is never held here; the check keeps the rule if that ever changes.
        assert not lt.lock.locked()
        n = self._act(lt, seat, msg)
        ack = Ack(type="ack", n=n)
        if ref is not None:
            ack["ref"] = ref
        if self.shared:
            # Decided again if another process writes the table's next event first.
            self.seats.intend(Intent(lt.id, conn, msg, ref))
            self.seats.reply(conn, ack, lt.id)
        else:
            self.seats.reply(conn, ack)
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
            if self.shared and seat not in lt.ready:
                # Stored, so that the other processes serving the table know.
                lt.ready.add(seat)
                n = self._commit(lt, [("ready", {"seat": SEATS[seat]})])
                if all(s in lt.ready or lt.is_robot(s) for s in Seat):
                    return self._next_deal(lt)
                return n
            lt.ready.add(seat)
            if all(s in lt.ready or lt.is_robot(s) for s in Seat):
                return self._next_deal(lt)
            return lt.n
        if kind == "undo":
            return self._commit(lt, games.undo(lt, seat))
        before = len(t.events)
        try:
            apply(t, seat, kind, msg, lt.game.mode == "laws")
        except WebError:
            raise
        except WhistError as e:  # TableError, LawsError, IllegalCallError...: the law says no
            while len(t.events) > before:  # a refused action leaves no trace
                t.pop()
            raise WebError(409, error_code(t, seat, kind), str(e)) from None
        return self._commit(lt, games.after(self.games[lt.game.id], lt, t.events[before:]))

    # -- the director -----------------------------------------------------------

    def director_view(self, token: str) -> DirectorView:
        return director_view(self.game_of_director(token), self.seat_tokens)

    def director_table(self, token: str, table_id: object) -> LiveTable:
        game = self.game_of_director(token)
        lt = self.tables.get(table_id) if isinstance(table_id, int) else None
        if lt is None or lt.game.id != game.row.id:
            raise WebError(404, "no_such_table", f"no table {table_id} in this game")
        return lt

    async def director_rule(self, token: str, body: dict[str, Any]) -> int:
        """A ruling (or a reported irregularity) at a table, on a player's behalf."""
        lt = self.director_table(token, body.get("table"))
        seat = parse_seat(body.get("seat"))
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
        lt = self.director_table(token, body.get("table"))
        deal = entry_deal(lt, body)
        t = next((tt for d, _, tt in lt.scores if d == deal), None)
        if t is None and deal == lt.deal_index:
            t = lt.table
        if t is None:
            raise WebError(404, "no_such_deal", f"table {lt.id} has no deal {deal}")
        data = check_entry(t, body)
        score = entered_score(lt, t, data)
        async with lt.lock:
            moves_on = ends_table(lt, t, deal)
            old = lt.deal_index
            lt.deal_index = deal  # the event belongs to that deal
            try:
                lt.scores = [x for x in lt.scores if x[0] != deal]
                lt.scores.append((deal, score, t))
                lt.entered.add(deal)
                lt.scores.sort(key=lambda x: x[0])
                results.rescore_rubber(lt)
                if lt.trays:
                    games.settle(self.games[lt.game.id], lt.trays[deal].tray)
                payload = {**data, "score": results.score_json(score)}
                if moves_on:  # the entry settles the table's deal: it moves on
                    lt.ready = set(Seat)
                n = self._commit(lt, [("result_entered", payload)])
            finally:
                lt.deal_index = old
        if moves_on:
            async with lt.lock:
                n = self._next_deal(lt)
            self._kick(lt)
        await self.durable()
        return n

    def publish(self, token: str) -> Published:
        game = self.game_of_director(token)
        left = unplayed(game)
        if left:
            raise WebError(
                409,
                "not_all_played",
                f"{left} play{'s' if left != 1 else ''} of trays remain{'' if left != 1 else 's'}: "
                "the results show every tray's hands and scores, so they are "
                "published once every table has played every tray",
            )
        game.row.published = True
        self.store.publish(game.row.id)
        return {"published": True, "results": f"/r/{game.row.id}"}

    async def cancel(self, token: str) -> Cancelled:
        """The director (the game's creator) ends the game where it is: every
        table stops, robots included; what was played stays on record."""
        game = self.game_of_director(token)
        for lt in game.tables:
            await lt.lock.acquire()  # no robot step is under way at any table
        try:
            ended = end_game(game)
        finally:
            for lt in game.tables:
                lt.lock.release()
        self.seats.flush()
        self.store.write([], ended, {game.row.id})
        for lt in game.tables:
            if lt.id in ended:
                for tok in {tok for s in lt.humans if (tok := lt.token_at(s)) is not None}:
                    self.seats.push(tok, GameOver(type="game_over", results=f"/r/{game.row.id}"))
        return {"game": game.row.id, "ended": True}

    # -- results and downloads --------------------------------------------------

    def match_of(self, game: LiveGame) -> Match:
        return results.match_of(game)

    def results(self, game_id: str, *, director: bool = False) -> dict[str, Any]:
        game = self.games.get(game_id) if isinstance(game_id, str) else None
        if game is None and isinstance(game_id, str):
            game = self.load_game(game_id)
        if game is None:
            raise WebError(404, "no_such_game", "no such game")
        if self.shared and not game.row.published:
            # Published on another process a moment ago, its note not yet
            # heard: the director's next page may come here.
            game.row.published = self.store.published(game.row.id)
        if not (director or game.row.published):
            raise WebError(403, "not_published", "the director has not published the results")
        return results.results_json(game)

    def traveller(self, token: str, tray: int) -> dict[str, Any]:
        """A tray's traveller, for a player who has played the tray (issue 7 §4)."""
        sr = self.seat_row(token)
        game = self.games[sr.game_id]
        if game.row.kind != "match":
            raise WebError(404, "no_such_tray", "only a match has trays")
        mine = self._tables_of(token)
        played = [lt.trays[d].tray for lt, _s in mine for d, _sc, _t in lt.scores]
        if tray not in played:
            raise WebError(403, "not_played", f"you have not yet played tray {tray}")
        if tray in results.trays_to_replay(mine):
            raise WebError(403, "not_played", f"you have yet to overplay tray {tray}")
        for t in results.match_of(game).travellers():
            if t.tray == tray:
                return results.traveller_json(t, results.traveller_names(game))
        raise WebError(404, "no_such_tray", f"no tray {tray}")

    def deal_log(self, table_id: int, deal: int, token: str | None = None,
                 director: str | None = None) -> tuple[Event, ...]:  # fmt: skip
        """A deal's records, for a director of the game or a person who sat
        at the table once the deal is finished."""
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
        records = records_of((r.type, r.data) for r in self.store.events(lt.id, deal=deal))
        if not records:
            raise WebError(404, "no_such_deal", f"table {table_id} has no deal {deal}")
        return tuple(records)

    def names_at(self, table_id: int) -> dict[str, str]:
        """Who sits at each seat of a table (``LiveTable.name_at``)."""
        lt = self.tables[table_id]
        return {SEATS[s]: lt.name_at(s) for s in Seat}

    def explained(self, table_id: int, events: tuple[Event, ...], full: bool) -> list[Any]:
        """The calls of a deal's log, each robot's explained (``robots.explanations``):
        for a caller that has checked who may read the log."""
        return robots.explanations(self.tables[table_id], events, full, self.robots.player)

    def explanations(self, token: str, table_id: int, deal: int) -> dict[str, Any]:
        """The robots' calls explained, for a person who sat at the table
        (docs/decisions.md): once the deal is over, in full; while it is
        played, only what the period's conventions let every player know,
        and only where every other seat is a robot, outside laws mode."""
        lt = self.tables.get(table_id)
        if lt is None:
            raise WebError(404, "no_such_table", f"no table {table_id}")
        if not any(lt.token_at(s) == token for s in Seat):
            self.seat_row(token)
            raise WebError(403, "not_yours", "you did not sit at that table")
        t = next((tt for d, _sc, tt in lt.scores if d == deal), None)
        over = t is not None
        if t is None:
            if deal != lt.deal_index or lt.table is None:
                raise WebError(404, "no_such_deal", f"table {table_id} has no deal {deal} in play")
            if lt.game.mode == "laws":
                raise WebError(
                    403, "not_now",
                    "in laws mode a player learns of the others' hands only from their "
                    "calls: the robots explain their calls once the deal is over",
                )  # fmt: skip
            if len(lt.humans) > 1:
                raise WebError(
                    403, "not_now",
                    "at a table of people no call is explained before the deal is over: "
                    "a player learns of the others' hands only from their calls",
                )  # fmt: skip
            t = lt.table
        calls = robots.explanations(lt, t.events, over, self.robots.player)
        return {"table": table_id, "deal": deal, "over": over, "calls": calls}

    async def review(self, table_id: int, deal: int, token: str | None = None,
                     director: str | None = None) -> dict[str, Any]:  # fmt: skip
        """A finished deal's play double dummy (``analysis.review``): each
        card's cost in tricks. Refused before the deal is over (``deal_log``'s
        checks); solved in a process of its own, off the event loop, within
        ``review_budget`` seconds, else not available; kept once solved."""
        if director is None:
            self.deal_log(table_id, deal, token=token)  # 403 or 409 before the end
        else:
            self.deal_log(table_id, deal, director=director)
        lt = self.tables[table_id]
        t = next((tt for d, _sc, tt in lt.scores if d == deal), None)
        if t is None or not t.is_over:
            raise WebError(409, "not_finished", "the deal is not finished")
        if t.play is None or not t.play.tricks:
            raise WebError(409, "no_play", "the deal has no play to review (passed out)")
        key = (table_id, deal)
        job = self._reviews.get(key)
        if job is None:
            job = self._reviews[key] = asyncio.ensure_future(
                solve_review(
                    jsonlog.events_to_json(t.events), self.review_budget, self._review_slot
                )
            )
        out = await asyncio.shield(job)
        if out.get("status") == "unavailable" and job.done():
            self._reviews.pop(key, None)  # try again another time, when asked
        return {"table": table_id, "deal": deal, **out}

    def deal_pbn(self, events: tuple[Event, ...], lt_id: int, deal: int) -> str:
        return results.deal_pbn(events, self.tables[lt_id], deal)

    def deal_json(self, events: tuple[Event, ...], lt_id: int, deal: int) -> dict[str, Any]:
        return results.deal_json(events, self.tables[lt_id], deal)

    def game_pbn(self, game: LiveGame) -> str:
        return results.game_pbn(game)

    def game_json(self, game: LiveGame) -> dict[str, Any]:
        return results.game_json(game)

    def outcome(self, lt_id: int, deal: int) -> Outcome | None:
        """What the deal at the table came to now (``web.results.outcome``)."""
        return results.outcome_of(self.tables[lt_id], deal)

    def played_score(self, lt_id: int, deal: int) -> DealScore | None:
        return results.played_score(self.tables[lt_id], deal)
