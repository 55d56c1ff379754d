"""What the server holds in memory: each game, its tables and who sits where.

The database is the record (``web.store``); these are rebuilt from it at
start and changed only by ``web.service.Service``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypedDict

from ..cards import Seat
from ..duplicate.schedule import Schedule, TrayPlay
from ..duplicate.trays import Tray
from ..errors import WhistError
from ..robots.bidding import Explanation
from ..scoring import DealScore, Rubber
from ..table import Table
from .db import GameRow

__all__ = ["Item", "LiveGame", "LiveTable", "Played", "SeatPlan", "WebError", "in_order"]

# One event as stored: its type and its JSON data (a record's, or the
# server's own: dummy, face_up, penalty, deal_over, result_entered).
Item = tuple[str, dict[str, Any]]
# A deal a table has finished: its number at the table, the score the game
# keeps (None if it has none), the table that played it (None if none did).
Played = tuple[int, DealScore | None, Table | None]


class WebError(WhistError):
    """A request the server refuses, with an HTTP status and a short code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": str(self)}


class SeatPlan(TypedDict, total=False):
    """A seat as the table's plan stores it: a robot, or a person's link."""

    robot: bool
    player: str | None  # a match's player id
    name: str
    token: str


@dataclass
class LiveTable:
    """A table in memory: its row, who sits where, the deal in progress."""

    id: int
    game: GameRow
    number: int
    round: int
    seats: dict[Seat, SeatPlan]
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
    scores: list[Played] = field(default_factory=list)
    entered: set[int] = field(default_factory=set)  # deals scored by a director's entry
    rubber: Rubber | None = None
    rng: random.Random = field(default_factory=random.Random)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    penalty_n: int = -1  # the event count when the pending penalty was announced
    # The robots' calls explained as they made them in the pool, by (deal,
    # the call's place in the deal's log): ``web.robots.explanations`` reads
    # them rather than decide again (a simulated slam costs half a second).
    explained: dict[tuple[int, int], Explanation] = field(default_factory=dict)

    def token_at(self, seat: Seat) -> str | None:
        tok = self.seats[seat].get("token")
        return tok if isinstance(tok, str) else None

    def is_robot(self, seat: Seat) -> bool:
        return bool(self.seats[seat].get("robot"))

    def name_at(self, seat: Seat) -> str:
        """The name of who sits at ``seat``: the person's own (a directed
        match's player's id if he gave none), "Robot" for a robot; "" for a
        person who gave no name (the pages show the seat's name)."""
        plan = self.seats[seat]
        if plan.get("robot"):
            return "Robot"
        if plan.get("name") or self.game.spec.get("self_directed"):
            return str(plan.get("name") or "")
        return str(plan.get("player") or "")

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
        if kind == "deal" and not self.game.spec.get("series"):
            return 1
        return None  # a rubber ends when it is won; a series when the players stop

    @property
    def tray(self) -> int | None:
        """The tray of the deal in progress (a match's), else None."""
        return self.trays[self.deal_index].tray if self.trays and self.deal_index >= 0 else None


@dataclass
class LiveGame:
    """A game in memory: its row and tables; a match's movement and trays."""

    row: GameRow
    tables: list[LiveTable]
    schedule: Schedule | None = None
    trays: dict[int, Tray] | None = None


def in_order(tables: Iterable[LiveTable]) -> list[LiveTable]:
    """Tables in the order they are played: round by round, by number."""
    return sorted(tables, key=lambda t: (t.round, t.number))
