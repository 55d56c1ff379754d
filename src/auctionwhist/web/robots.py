"""The robots in the seats no person holds: when one is to act, and its turn.

They play through the same ``Table`` as a person (``robots.player.act``); a
robot entitled to choose a penalty takes the first option the law offers.
"""

from __future__ import annotations

from typing import Any

from ..calls import call_str
from ..cards import Seat
from ..records import CallMade, Event, TableMode, TrumpDeclared
from ..robots import make_robot
from ..robots.bidding import BiddingRobot
from ..robots.bidding.robot import explain_call
from ..robots.player import Player, act
from ..robots.view import SeatView
from ..table import Table
from .live import LiveTable
from .views import SEATS

__all__ = ["explanations", "robot_due", "robot_turn"]

# The heuristic player (robots.heuristic), fast enough to act inside the
# server's event loop; the Monte Carlo robot's double dummy samples would
# hold every other table up.
_ROBOT: Player = make_robot("heuristic")
_ROBOTS = {seat: _ROBOT for seat in Seat}


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


def robot_turn(lt: LiveTable) -> tuple[Event, ...]:
    """One robot's action at a deal in progress; the records it made."""
    t = lt.table
    assert t is not None
    before = len(t.events)
    if t.phase == "penalty":
        _robot_ruling(t)
    else:
        act(t, _ROBOTS, lt.rng)
    return t.events[before:]


def _robot_ruling(t: Table) -> None:
    """A robot entitled to choose a penalty takes the first the law offers that
    can be carried out."""
    t.act(t.workable_ruling())


def explanations(lt: LiveTable, events: tuple[Event, ...], full: bool) -> list[dict[str, Any]]:
    """Each call of a deal's auction (``events``, its log), with a robot's
    explanation of its own: the general ``meaning`` only, unless ``full``
    (the deal over), when the robot's reasons from its hand are added. The
    robot is asked again at each of its calls, from the log: it decides from
    its seat's view alone, so the answer is the one it gave at the table."""
    assert isinstance(_ROBOT, BiddingRobot)
    head = 1
    while head < len(events) and isinstance(events[head], TrumpDeclared | TableMode):
        head += 1
    table = Table.from_events(events[:head])
    out: list[dict[str, Any]] = []
    for ev in events[head:]:
        if isinstance(ev, CallMade):
            entry: dict[str, Any] = {"seat": SEATS[ev.seat], "call": call_str(ev.call),
                                     "robot": lt.is_robot(ev.seat)}  # fmt: skip
            if lt.is_robot(ev.seat) and table.phase == "auction" and table.to_act == ev.seat:
                ex = explain_call(SeatView.of(table, ev.seat), _ROBOT.style)
                if ex.call == ev.call:  # else not the robot's own call (a ruling's)
                    entry |= {"rule": ex.rule, "source": ex.source, "meaning": ex.meaning}
                    if full:
                        entry["full"] = ex.full
            out.append(entry)
        table.act(ev)
    return out
