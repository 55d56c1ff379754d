"""The robots in the seats no person holds: when one is to act, its turn,
and where it thinks.

They play through the same ``Table`` as a person, and choose a penalty
they are entitled to as the library's robots do (``Player.rule``). Two kinds
(``whist serve --robots``): ``strong``, the Monte Carlo robot
(``robots.cardplay``), thinks in a pool of worker processes
(``robots.pool``), since its double dummy samples would hold the event loop
and every other table; ``heuristic`` (``robots.heuristic``), fast enough to
act inside the event loop. Both bid by the same rules.
"""

from __future__ import annotations

import json
import logging
import random
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from ..calls import call_str
from ..cards import Seat
from ..records import CallMade, Event, TableMode, TrumpDeclared
from ..robots import make_robot
from ..robots.bidding import BiddingRobot
from ..robots.bidding.robot import explain_call
from ..robots.player import Player, act, decide
from ..robots.pool import Answer, RobotPool
from ..robots.view import RobotError, ScoreContext, SeatView
from ..scoring import Rubber
from ..table import Table
from .live import LiveTable
from .views import SEATS

__all__ = [
    "KINDS",
    "Robots",
    "Thought",
    "explanations",
    "robot_due",
    "robot_turn",
    "score_at",
    "score_of",
]

log = logging.getLogger(__name__)

# ``whist serve --robots``: the robot each kind seats.
KINDS = {"strong": "montecarlo", "heuristic": "heuristic"}

# A robot's answer that is late by this much is given up for the heuristic's.
THINK_LIMIT = 30.0

# The fast robot: the heuristic kind's, and the stand-in for a strong robot
# whose worker failed.
_HEURISTIC: dict[Seat, Player] = {seat: make_robot("heuristic") for seat in Seat}


def robot_due(lt: LiveTable) -> bool:
    """A robot is to act: its turn, its penalty to choose, or (the deal over
    and every person ready) the next deal to start."""
    t = lt.table
    if lt.finished or t is None:
        return False
    if t.phase == "done":
        return all(s in lt.ready or lt.is_robot(s) for s in Seat)
    seat = t.to_act
    return seat is not None and lt.is_robot(seat)


def score_of(lt: LiveTable) -> ScoreContext | None:
    """The score a table's deal is played for: a match's deals each alone
    (daw 7), a rubber's toward its games (Whist Club 1-3, Royalton 84, 93);
    None for a deal played alone (``SeatView.of``'s default: from love)."""
    if lt.game.kind == "match":
        return ScoreContext(duplicate=True)
    if lt.rubber is not None:
        return ScoreContext.of_rubber(lt.rubber)
    return None


@dataclass(frozen=True, slots=True)
class Thought:
    """A robot's action being thought out in the pool for a table as it was
    (``table`` at event ``n``): applied only if the table is still there."""

    table: Table
    n: int
    seed: int
    view: SeatView
    future: Future[Answer]

    def current(self, lt: LiveTable) -> bool:
        return lt.table is self.table and lt.n == self.n and robot_due(lt)


class Robots:
    """The server's robots: their kind, and (``strong``) the pool they think
    in, ``workers`` processes (default: one per core), started when a robot
    first thinks."""

    def __init__(self, kind: str = "heuristic", workers: int | None = None) -> None:
        if kind not in KINDS:
            raise RobotError(f"no robots {kind!r}: the robots are {', '.join(KINDS)}")
        self.kind = kind
        self.player: Player = make_robot(KINDS[kind])
        self.seats = {seat: self.player for seat in Seat}
        self.pool = RobotPool(KINDS[kind], workers) if kind == "strong" else None
        self.failures = 0  # actions the heuristic robot took for a failed worker

    def wake(self, lt: LiveTable) -> None:
        """Start the pool's workers when a table with robots first starts."""
        pool = self.pool
        if pool is not None and not pool.started and any(lt.is_robot(s) for s in Seat):
            pool.warm(wait=False)

    def turn(self, lt: LiveTable) -> tuple[Event, ...]:
        """One robot's action at a deal in progress, thought out here; the
        records it made."""
        return robot_turn(lt, self.seats)

    def think(self, lt: LiveTable) -> Thought | None:
        """Send the view of the robot to act to the pool; None when its step
        is taken here (no pool, a penalty to choose, the next deal)."""
        t = lt.table
        if self.pool is None or t is None or t.phase in ("penalty", "done") or not robot_due(lt):
            return None
        seat = t.to_act
        assert seat is not None
        view = SeatView.of(t, seat, score_of(lt))
        seed = lt.rng.getrandbits(64)
        try:
            future = self.pool.think(view, seed)
        except Exception as e:  # the pool cannot start: think here instead
            future = Future()
            future.set_exception(e)
        return Thought(t, lt.n, seed, view, future)

    def answered(self, lt: LiveTable, thought: Thought, got: Answer | None,
                 error: BaseException | None = None) -> tuple[Event, ...]:  # fmt: skip
        """Apply the pool's answer (the table unchanged since it was asked),
        keeping a call's explanation as the robot made it (``LiveTable.explained``);
        on a worker's failure the heuristic robot's, from the same view and
        seed. The records it made."""
        t = thought.table
        if got is None:
            log.warning(
                "table %s: the robot's worker failed (%r); the heuristic robot acts for %s",
                lt.id, error, thought.view.seat.name.title(),
            )  # fmt: skip
            self.failures += 1
            got = Answer(decide(t, _HEURISTIC, random.Random(thought.seed), thought.view.score))
        before = len(t.events)
        if got.explanation is not None:
            lt.explained[(lt.deal_index, before)] = got.explanation
        t.act(got.action)
        return t.events[before:]

    def figures(self) -> dict[str, int] | None:
        """The pool's figures (``RobotPool.figures``) and the actions the
        heuristic robot took for a failed worker; None without a pool."""
        if self.pool is None:
            return None
        return {**self.pool.figures(), "failures": self.failures}

    def close(self) -> None:
        """Stop the pool, logging what it did: an operator sees how often
        the heuristic robot stood in (an overloaded or failing pool)."""
        figures = self.figures()
        if self.pool is not None:
            self.pool.close()
        if figures is not None and figures["answers"]:
            worse = figures["stood_in"] or figures["failures"]
            log.log(logging.WARNING if worse else logging.INFO,
                    "robots: %s", json.dumps(figures, sort_keys=True))  # fmt: skip


def robot_turn(lt: LiveTable, seats: dict[Seat, Player] | None = None) -> tuple[Event, ...]:
    """One robot's action at a deal in progress (a call, a card, a claim's
    answer or the penalty it is entitled to choose, as ``robots.player.decide``
    asks every robot); the records it made."""
    t = lt.table
    assert t is not None
    before = len(t.events)
    act(t, seats or _HEURISTIC, lt.rng, score_of(lt))
    return t.events[before:]


def finished_deal(lt: LiveTable, events: tuple[Event, ...]) -> int | None:
    """The number of the finished deal whose log is ``events`` (its first
    record, the deal, names it), or None: the deal in progress."""
    return next((d for d, _sc, t in lt.scores if t is not None and t.events[:1] == events[:1]),
                None)  # fmt: skip


def score_at(lt: LiveTable, events: tuple[Event, ...]) -> ScoreContext | None:
    """``score_of`` as it stood when the deal of ``events`` (its log) was
    played: a rubber's score from the deals before it."""
    dealt = finished_deal(lt, events)
    if lt.rubber is None or dealt is None:  # no rubber, or the deal in progress
        return score_of(lt)
    rubber = Rubber(lt.game.code)
    for d, sc, _t in sorted(lt.scores, key=lambda p: p[0]):
        if d < dealt and sc is not None and not sc.void and not rubber.finished:
            rubber.add(sc)  # as results.rescore_rubber keeps it
    return ScoreContext.of_rubber(rubber)


def explanations(lt: LiveTable, events: tuple[Event, ...], full: bool,
                 player: Player | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Each call of a deal's auction (``events``, its log), with a robot's
    explanation of its own: the general ``meaning`` only, unless ``full``
    (the deal over), when the robot's reasons from its hand are added. The
    robot (``player``, the server's) is asked again at each of its calls,
    from the log and the score the deal was played for: it decides from its
    seat's view alone, so the answer is the one it gave at the table. A call
    made in the pool is explained as the robot made it (``LiveTable.explained``:
    it judged a slam over simulated deals, which the server does not judge
    again); asked here, the robot judges by the count alone, and a call that
    differs (a ruling's, or a simulated slam's after a restart) goes
    unexplained."""
    robot = player if player is not None else _HEURISTIC[Seat.NORTH]
    assert isinstance(robot, BiddingRobot)
    score = score_at(lt, events)
    deal = finished_deal(lt, events)
    if deal is None:
        deal = lt.deal_index
    head = 1
    while head < len(events) and isinstance(events[head], TrumpDeclared | TableMode):
        head += 1
    table = Table.from_events(events[:head])
    out: list[dict[str, Any]] = []
    for i, ev in enumerate(events[head:], head):
        if isinstance(ev, CallMade):
            entry: dict[str, Any] = {"seat": SEATS[ev.seat], "call": call_str(ev.call),
                                     "robot": lt.is_robot(ev.seat)}  # fmt: skip
            if lt.is_robot(ev.seat) and table.phase == "auction" and table.to_act == ev.seat:
                ex = lt.explained.get((deal, i)) or explain_call(
                    SeatView.of(table, ev.seat, score), robot.style)  # fmt: skip
                if ex.call == ev.call:  # else not the robot's own call (a ruling's)
                    entry |= {"rule": ex.rule, "source": ex.source, "meaning": ex.meaning}
                    if full:
                        entry["full"] = ex.full
            out.append(entry)
        table.act(ev)
    return out
