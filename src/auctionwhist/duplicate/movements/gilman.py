"""Gilman's system for teams of four (seed 002, TEAMS AGAINST TEAMS:
"Gilman's System" for odd numbers, and "Even Numbers of Teams").
"""

from __future__ import annotations

from ..schedule import MovementError, Schedule, Sitting
from ._build import Dealt, mark_steps, schedule
from .howell import paired_comparisons, team_ids, team_sitting, teams

REF_ODD = "seed 002, TEAMS AGAINST TEAMS: Gilman's System (odd)"
REF_EVEN = "seed 002, TEAMS AGAINST TEAMS: Even Numbers of Teams (Gilman)"


def gilman_teams(tables: int = 5, deals: int | None = None) -> Schedule:
    """Odd tables: E-W move two tables down, trays one, twice round.

    Even tables: two rows, trays in sets of ``deals`` (3) with half the sets
    idle each round; E-W move one table down; table 1 gets every tray in order.
    """
    if tables < 2:
        raise MovementError(f"gilman-teams needs at least 2 tables, not {tables} ({REF_ODD})")
    return _odd(tables, deals or 4) if tables % 2 else _even(tables, deals or 3)


def _odd(n: int, per: int) -> Schedule:
    # Each team first plays at its own table ("an individual score"); then E-W
    # go to the next table but one (11 to 9) and the trays to the next (11 to 10).
    ids = team_ids(n)
    dealt = Dealt()
    sittings = []
    for r in range(n):
        for t in range(n):
            group = (t + r) % n  # trays dealt at this table in the first round
            trays = dealt(range(per * group + 1, per * group + per + 1))
            sittings.append(team_sitting(r + 1, t + 1, ids[t], ids[(t + 2 * r) % n], trays))
    return schedule(
        "gilman-teams",
        REF_ODD,
        teams(n)[0].kind,
        teams(n),
        n,
        sittings,
        plays_per_tray=n,
        comparisons=paired_comparisons(sittings),
        notes=(
            "First round: each team at its own table, for an individual score (not compared).",
            "N-S sit; E-W move to the next table but one (from 3 to 1), twice round.",
            "Trays move one table the same way (from 2 to 1).",
        ),
    )


def _even(n: int, per: int) -> Schedule:
    m = n // 2
    ids = team_ids(n)
    dealt = Dealt()
    sittings: list[Sitting] = []
    for r in range(1, n + 1):
        orders: list[list[int]] = []
        where: list[int] = []
        for i in range(1, m + 1):
            s = (2 * i - 1 + r - 1 - 1) % n + 1  # the set of trays tables i and i+m play
            first = per * (s - 1)
            own = list(range(first + 1, first + per + 1))
            # "give tray No. 2 to table 6, while tray 1 is at table 1"
            orders += [own, own[1:] + own[:1]]
            where += [i, i + m]
        marked = mark_steps(dealt, orders)
        for table, trays in zip(where, marked, strict=True):
            ew = ids[(table - 1 + r - 1) % n]
            sittings.append(team_sitting(r, table, ids[table - 1], ew, trays))
    return schedule(
        "gilman-teams",
        REF_EVEN,
        teams(n)[0].kind,
        teams(n),
        n,
        sittings,
        plays_per_tray=n,
        comparisons="field",
        notes=(
            f"Two rows: tables 1-{m} and {m + 1}-{n}; opposite tables share a set of trays.",
            "Half the sets lie idle each round; E-W move one table (2 to 1).",
            "Every pair plays every tray once: the teams' aggregates are compared.",
        ),
    )
