"""The movements of the seeds, by name: ``find_movement("howell-teams")``.

Each :class:`Movement` names its generator (tables and options → a
:class:`~auctionwhist.duplicate.schedule.Schedule`), the seed passage it
comes from, the table counts it accepts and its default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..schedule import MovementError, Schedule
from .compass import compass
from .gilman import gilman_teams
from .howell import howell_teams
from .howell_pairs import howell_pairs
from .individuals import (
    four_individuals,
    married_couples,
    mitchell_individuals,
    safford_individuals,
)
from .pairs import four_pairs, six_pairs, two_pairs
from .teams import club_against_club, league_teams, two_teams_of_four

__all__ = ["MOVEMENTS", "Movement", "find_movement", "movement", "table_counts"]


@dataclass(frozen=True, slots=True)
class Movement:
    """A named movement: its generator, seed reference and accepted tables."""

    name: str
    reference: str
    summary: str
    generator: Callable[..., Schedule]
    default_tables: int
    tables: str  # which table counts, in words
    variants: tuple[str, ...] = ()

    def __call__(
        self,
        tables: int | None = None,
        *,
        deals: int | None = None,
        variant: str | None = None,
        pairs: int | None = None,
    ) -> Schedule:
        kw: dict[str, Any] = {"deals": deals}
        if variant is not None:
            if variant not in self.variants:
                raise MovementError(
                    f"{self.name} has no variant {variant!r}"
                    + (f" (one of {', '.join(self.variants)})" if self.variants else "")
                )
            kw["variant"] = variant
        if pairs is not None:
            if self.name != "howell-pairs":
                raise MovementError(f"--pairs is for howell-pairs, not {self.name}")
            kw["pairs_count"] = pairs
            return self.generator(tables, **kw)
        if deals is not None and deals < 1:
            raise MovementError(f"deals must be at least 1, not {deals}")
        return self.generator(self.default_tables if tables is None else tables, **kw)


MOVEMENTS: dict[str, Movement] = {
    m.name: m
    for m in (
        Movement(
            "two-teams-of-four",
            "seed 000, Technique of play: MATCH; TRAYS",
            "Goodfellow: three positions of eight deals, trays 1-4 and 5-8",
            two_teams_of_four,
            2,
            "2",
        ),
        Movement(
            "league-teams",
            "seed 002, POSITION OF THE PLAYERS",
            "the League arrangement: six positions of four hands",
            league_teams,
            2,
            "even",
            ("full", "short"),
        ),
        Movement(
            "club-against-club",
            "seed 002, CLUB AGAINST CLUB",
            "sets of two tables; the fours change places to overplay",
            club_against_club,
            8,
            "even",
        ),
        Movement(
            "howell-teams",
            "seed 002, TEAMS AGAINST TEAMS (Howell, odd)",
            "players move one table East, trays (n-1)/2 tables West",
            howell_teams,
            5,
            "odd, 3 or more",
        ),
        Movement(
            "gilman-teams",
            "seed 002, TEAMS AGAINST TEAMS (Gilman)",
            "odd: E-W move two tables, twice round; even: two rows, idle trays",
            gilman_teams,
            5,
            "2 or more",
        ),
        Movement(
            "two-pairs",
            "seed 002, Two Pairs; seed 000 laws 114-117",
            "memory duplicate: trays mixed and turned for the overplay",
            two_pairs,
            1,
            "1",
            ("in-order",),
        ),
        Movement(
            "four-pairs",
            "seed 002, Four Pairs",
            "three sets of eight hands at two tables",
            four_pairs,
            2,
            "2",
        ),
        Movement(
            "six-pairs",
            "seed 002, Six Pairs",
            "the printed schedule with the half-idle third table",
            six_pairs,
            3,
            "3",
        ),
        Movement(
            "compass",
            "seed 002, Compass Whist",
            "N-S sit, E-W move one table; even tables: method 1 or 2",
            compass,
            5,
            "2 or more (even: variant 1 or 2)",
            ("1", "2"),
        ),
        Movement(
            "howell-pairs",
            "seed 002, Howell Pair System",
            "each pair meets every other once and plays every deal (4-34 pairs)",
            howell_pairs,
            4,
            "2 to 17 (or --pairs 4 to 34)",
        ),
        Movement(
            "four-individuals",
            "seed 002, INDIVIDUALS (memory)",
            "S sits; the others change right and left; trays turned",
            four_individuals,
            1,
            "1",
        ),
        Movement(
            "safford-individuals",
            "seed 002, Eight Individuals (Safford)",
            "seven sets of four hands, 28 hands",
            safford_individuals,
            2,
            "2",
        ),
        Movement(
            "mitchell-individuals",
            "seed 002, Large Numbers of Individuals (Mitchell)",
            "ladies sit N and E; gentlemen S and W move East",
            mitchell_individuals,
            5,
            "2 or more (even: variant 1 or 2)",
            ("1", "2"),
        ),
        Movement(
            "married-couples",
            "seed 002, MARRIED COUPLES (Safford)",
            "eight couples, two sets, never husband and wife in one set",
            married_couples,
            4,
            "4",
        ),
    )
}


def find_movement(name: str) -> Movement:
    try:
        return MOVEMENTS[name.strip().lower()]
    except KeyError:
        raise MovementError(f"no movement {name!r} (one of {', '.join(MOVEMENTS)})") from None


def movement(name: str, tables: int | None = None, **options: Any) -> Schedule:
    """The schedule of movement ``name`` at ``tables`` tables."""
    return find_movement(name)(tables, **options)


@cache
def table_counts(name: str, most: int) -> tuple[int, ...]:
    """The table counts from 1 to ``most`` at which the movement ``name`` is
    arranged (its own refusal, ``MovementError``, says why the others are not)."""
    m = find_movement(name)
    out = []
    for n in range(1, most + 1):
        try:
            m(n)
        except MovementError:
            continue
        out.append(n)
    return tuple(out)
