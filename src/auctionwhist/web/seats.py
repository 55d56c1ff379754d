"""The people at the tables: their connections, and what each is sent.

Events are sent only once written (issue 7 §5): ``Seats.commit`` numbers a
table's new events and builds each seat's copy (``web.views``); every
table's events of one turn of the event loop are written in one transaction
(group commit, ``Seats.flush``), then pushed, then the actions acknowledged.
A (re)connecting link catches up from the stored events or gets the state.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, NotRequired, TypedDict

from ..cards import Seat
from .live import Item, LiveTable
from .results import card_row, outcome_of, rubber_json, score_json
from .store import Store, StoredEvent
from .views import SEATS, Audience, cards_of, event_view, state_view, turn_view

__all__ = [
    "Ack",
    "Closed",
    "Conn",
    "ErrorMessage",
    "GameOver",
    "Intent",
    "Message",
    "Moved",
    "Msg",
    "Seats",
    "state",
]

# What goes to a client: an event or state (a dict, often a shared ``Msg``),
# or one of the fixed shapes below (docs/web-protocol.md).
Message = Mapping[str, Any]


class Ack(TypedDict):
    type: Literal["ack"]
    n: int
    ref: NotRequired[str | int]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    error: str
    message: str
    ref: NotRequired[str | int]


class Moved(TypedDict):
    type: Literal["moved"]
    table: int
    round: int
    seat: str


class Named(TypedDict):
    """A person at the table took a name (the page asks for the state again)."""

    type: Literal["named"]
    table: int
    seat: str
    name: str


class GameOver(TypedDict):
    type: Literal["game_over"]
    results: str


class Closed(TypedDict):
    type: Literal["close"]
    code: int


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
        self.queue: asyncio.Queue[Message] = asyncio.Queue()

    def push(self, msg: Message) -> None:
        self.queue.put_nowait(msg)

    def fail(self, code: int) -> None:
        """The server could not do what was asked (``SocketConn`` closes)."""
        self.queue.put_nowait(Closed(type="close", code=code))


@dataclass
class _Batch:
    """Events written in one transaction: every table's actions of one turn of
    the event loop (group commit), acknowledged and sent after the commit."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    finished: set[int] = field(default_factory=set)
    games_finished: set[str] = field(default_factory=set)
    sends: list[tuple[str, Message]] = field(default_factory=list)
    # Replies to one connection (acks, and what must not overtake them), each
    # with the table whose events it waits for (an ack), else None.
    replies: list[tuple[Conn, Message, int | None]] = field(default_factory=list)
    # The intentions behind the events (``Store.shared`` only): decided again
    # if another process wrote their table's next event first.
    intents: list[Intent] = field(default_factory=list)
    done: asyncio.Future[None] | None = None


class Intent(NamedTuple):
    """A person's intention at a table, as carried out in a batch."""

    table: int
    conn: Conn
    msg: dict[str, Any]
    ref: str | int | None


# Called after a commit in which other processes had written the next event
# of some tables first: each such table with the last event number its
# seats here were sent, and the intentions to decide again (web.service).
OnConflict = Callable[[dict[int, int], list[Intent]], None]


# Tests watch every message sent: (table, audience token, message).
Observer = Callable[[LiveTable, str | None, Message], None]


class Seats:
    """The connections by link, and the group commit of what they are sent.

    ``current`` answers which table a link is at now: in a match a player is
    sent only his current table's events."""

    def __init__(self, store: Store, current: Callable[[str], tuple[LiveTable, Seat]]) -> None:
        self.store = store
        self.current = current
        self.conns: dict[str, set[Conn]] = {}
        self.observer: Observer | None = None
        self._batch = _Batch()
        self._flush_due = False
        self.on_conflict: OnConflict | None = None

    def subscribe(self, conn: Conn) -> None:
        assert conn.token is not None
        self.conns.setdefault(conn.token, set()).add(conn)

    def unsubscribe(self, conn: Conn) -> None:
        if conn.token is not None:
            self.conns.get(conn.token, set()).discard(conn)

    def push(self, token: str, msg: Message) -> None:
        """Send ``msg`` at once to every connection of a link."""
        for c in self.conns.get(token, ()):
            c.push(msg)

    def reply(self, conn: Conn, msg: Message, table: int | None = None) -> None:
        """Send ``msg`` to one connection, after the events not yet written
        (an error or pong never overtakes an earlier intention's ack);
        ``table``: an ack of an action there, not sent if another process
        wrote the table's next event first."""
        batch = self._batch
        if batch.rows or batch.replies:
            batch.replies.append((conn, msg, table))
            self._schedule_flush()
        else:
            conn.push(msg)

    def intend(self, intent: Intent) -> None:
        """Keep an intention carried out in this batch, to decide it again on
        a conflict (``Store.shared``)."""
        self._batch.intents.append(intent)

    def pending(self, table: int) -> bool:
        """Whether events of ``table`` wait to be written."""
        return any(r["table_id"] == table for r in self._batch.rows)

    def commit(self, lt: LiveTable, items: list[Item]) -> int:
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

    def game_finished(self, game_id: str) -> None:
        """Mark a game finished, with the last events, in the same group commit."""
        self._batch.games_finished.add(game_id)
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        if self._flush_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.flush()  # no event loop: write at once
            return
        self._flush_due = True
        # After the callbacks already due in this turn of the loop: the other
        # tables' actions received together share the transaction.
        loop.call_soon(self.flush)

    def flush(self) -> None:
        """Write the pending events in one transaction, then send them."""
        self._flush_due = False
        batch, self._batch = self._batch, _Batch()
        conflicts: set[int] = set()
        if batch.rows or batch.finished or batch.games_finished:
            try:
                conflicts = self.store.write(batch.rows, batch.finished, batch.games_finished)
            except Exception as e:
                if batch.done is not None and not batch.done.done():
                    batch.done.set_exception(e)
                for c, _msg, _t in batch.replies:
                    c.fail(1011)  # not stored, so never acknowledged
                raise
        sends, replies = batch.sends, batch.replies
        if conflicts:
            # Another process wrote these tables' next events first: what was
            # decided here on an old table is neither sent nor acknowledged.
            sends = [(tok, m) for tok, m in sends if m.get("table") not in conflicts]
            replies = [x for x in replies if x[2] not in conflicts]
        conns = self.conns
        for tok, msg in sends:
            for c in conns.get(tok, ()):
                c.push(msg)
        for c, msg, _t in replies:
            c.push(msg)
        if batch.done is not None and not batch.done.done():
            batch.done.set_result(None)
        if conflicts and self.on_conflict is not None:
            sent: dict[int, int] = {}
            for r in batch.rows:
                if r["table_id"] in conflicts and r["table_id"] not in sent:
                    sent[r["table_id"]] = r["n"] - 1
            self.on_conflict(sent, [i for i in batch.intents if i.table in conflicts])

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
        out: list[tuple[str, Message]],
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
                msg = Msg(type="event", table=lt.id, n=n, event=event_view(n, d, kind, data, s))
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

    def send_stored(self, lt: LiveTable, rows: list[StoredEvent]) -> None:
        """Send stored events (another process wrote them) to the seats here;
        the turn goes with the last, from the table as it is now."""
        out: list[tuple[str, Message]] = []
        last = len(rows) - 1
        for i, r in enumerate(rows):
            self._send_event(lt, r.n, r.deal, r.type, r.data, i == last, out)
        conns = self.conns
        for tok, msg in out:
            for c in conns.get(tok, ()):
                c.push(msg)

    def catch_up(self, lt: LiveTable, seat: Seat, last: int | None) -> list[Message]:
        """The messages a (re)connecting seat needs: events after ``last`` of
        its table, or the full state when ``last`` is None or too old."""
        self.flush()  # a client is shown only what is stored
        if last is None or last > lt.n or last < 0:
            return [state(lt, seat)]
        return [
            {"type": "event", "table": lt.id, "n": r.n,
             "event": event_view(r.n, r.deal, r.type, r.data, seat)}
            for r in self.store.events(lt.id, after=last)
        ]  # fmt: skip


def state(lt: LiveTable, audience: Audience) -> dict[str, Any]:
    """The table as ``audience`` may see it now (the resync, docs/web-protocol.md)."""
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
        "tray": lt.tray,
        # A match's tray is played first, then overplayed (daw 114).
        "overplay": bool(lt.tray and lt.trays[lt.deal_index].overplay),
        "finished": lt.finished,
        # Where the game's results are, once they may be seen.
        "results": f"/r/{g.id}" if g.published else None,
        "game_finished": g.finished,  # every table's play over (published or not)
        "seats": {
            SEATS[s]: {"robot": lt.is_robot(s), "name": lt.seats[s].get("name", "")} for s in Seat
        },
        "scorecard": [card_row(lt, audience, d, sc, t) for d, sc, t in lt.scores],
        "rubber": None,
    }
    if lt.rubber is not None:
        extra["rubber"] = rubber_json(lt.rubber)
    if lt.table is None:
        return {**extra, "phase": "waiting", "hand": [], "to_act": None, "my_turn": False}
    out = state_view(lt.table, audience, dummy_shown=lt.dummy_shown, extra=extra)
    laws = lt.face_up_law
    out["face_up_law"] = {SEATS[s]: laws[s] for s in lt.face_up if s in laws}
    if lt.table.phase == "done" and lt.scores and lt.scores[-1][0] == lt.deal_index:
        sc = lt.scores[-1][1]
        out["score"] = None if sc is None else score_json(sc)
    else:
        out["score"] = None
    o = outcome_of(lt, lt.deal_index)
    if o is not None and o.entered:
        # The director's entry (a physical table's score-card, or a
        # correction) is the deal's result, on this page as on every other.
        out.update(o.to_json(), score=None if o.score is None else score_json(o.score))
        if lt.table.phase != "done":  # it settled the deal in play: the deal is over
            hands = lt.table.deal.hands
            out.update(phase="done", to_act=None, my_turn=False, legal_calls=[], legal_cards=[],
                       trick=[], claim=None, penalty=None,
                       hands={SEATS[s]: cards_of(hands[s]) for s in Seat})  # fmt: skip
    return out
