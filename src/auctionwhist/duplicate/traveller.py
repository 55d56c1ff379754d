"""Travellers: every table's result on a tray, and the pages of results.

A traveller follows its tray round the room; each table that plays the tray
writes its result on it, by the tray's own compass (the hands in the pockets
marked North and South against those marked East and West), so the plays of
one deal can be read side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .results import MatchResult, number_json
from .scorecard import environment

__all__ = ["Traveller", "TravellerLine", "render_result", "render_travellers"]


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One play of the tray: where, by whom, what was declared and made.

    ``ns`` and ``ew`` are the contestants who held the tray's N-S and E-W
    hands; ``scores`` what each of those sides scored (points, or tricks at
    whist); ``contract`` the final declaration, ``declarer`` the tray seat of
    the declarant, ``tricks`` the tricks the tray's N-S hands took.
    """

    round: int
    table: int
    overplay: bool
    ns: str
    ew: str
    contract: str
    declarer: str
    tricks: int
    scores: tuple[int, int]
    transposed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.table,
            "play": "overplay" if self.overplay else "original",
            "ns": self.ns,
            "ew": self.ew,
            "contract": self.contract,
            "declarer": self.declarer,
            "ns_tricks": self.tricks,
            "ns_score": self.scores[0],
            "ew_score": self.scores[1],
        }


@dataclass
class Traveller:
    """The slip that travels with tray ``tray``."""

    tray: int
    dealer: str
    trump: str = ""
    lines: list[TravellerLine] = field(default_factory=list)

    def add(self, line: TravellerLine) -> None:
        self.lines.append(line)

    def average(self, side: int) -> Fraction:
        """The average score of the tray's N-S (0) or E-W (1) hands."""
        if not self.lines:
            return Fraction(0)
        return Fraction(sum(line.scores[side] for line in self.lines), len(self.lines))

    def plus_minus(self, line: TravellerLine) -> Fraction:
        """The N-S score of a line against the N-S average of the tray."""
        return line.scores[0] - self.average(0)

    def to_json(self) -> dict[str, Any]:
        return {
            "tray": self.tray,
            "dealer": self.dealer,
            "trump": self.trump,
            "ns_average": number_json(self.average(0)),
            "ew_average": number_json(self.average(1)),
            "plays": [line.to_json() for line in self.lines],
        }


def _signed(x: Fraction) -> str:
    if x == 0:
        return "="
    text = str(int(x)) if x.denominator == 1 else f"{float(x):.1f}"
    return ("+" if x > 0 else "") + text


def render_travellers(travellers: Sequence[Traveller], title: str) -> str:
    return (
        environment()
        .get_template("travellers.html.j2")
        .render(title=title, travellers=travellers, signed=_signed)
    )


def render_result(result: MatchResult, title: str) -> str:
    return (
        environment()
        .get_template("result.html.j2")
        .render(title=title, result=result, number=number_json)
    )
