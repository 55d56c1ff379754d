"""The robots in the seats no person holds: when one is to act, and its turn.

They play through the same ``Table`` as a person (``robots.player.act``); a
robot entitled to choose a penalty takes the first option the law offers.
"""

from __future__ import annotations

from ..cards import Seat
from ..records import Event
from ..robots import make_robot
from ..robots.player import Player, act
from ..table import Table
from .live import LiveTable

__all__ = ["robot_due", "robot_turn"]

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
