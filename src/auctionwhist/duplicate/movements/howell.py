"""Howell's system for an odd number of teams of four (seed 002, TEAMS
AGAINST TEAMS, "Odd Numbers of Teams").

Each team starts at its own table. The N-S players move one table East
(5 to 1) every set, the trays move (n - 1) / 2 tables West (the middle
table's trays go to table 1): 2, 3, 4, 5 tables for 5, 7, 9, 11 tables.
"""

from __future__ import annotations

from ..schedule import Comparison, Contestant, Kind, MovementError, Schedule, Sitting, TrayPlay
from ._build import matches_between, play_ref, plays_by_tray, schedule

REF = "seed 002, TEAMS AGAINST TEAMS: Howell's system, odd numbers of teams"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def team_ids(n: int) -> list[str]:
    """Teams a to z, then aa, ab, ...: the seed's letters run out at 26 teams,
    and the systems themselves hold for any odd (Howell) or any number (Gilman)."""
    return [LETTERS[i] if i < 26 else LETTERS[i // 26 - 1] + LETTERS[i % 26] for i in range(n)]


def teams(n: int) -> tuple[Contestant, ...]:
    """Teams a, b, c ...: players ``a.N a.S`` (the N-S pair) and ``a.E a.W``."""
    return tuple(Contestant(t, Kind.TEAM, tuple(f"{t}.{x}" for x in "NSEW")) for t in team_ids(n))


def team_sitting(rnd: int, table: int, ns: str, ew: str, trays: list[TrayPlay]) -> Sitting:
    return Sitting(
        rnd, table, (f"{ns}.N", f"{ew}.E", f"{ns}.S", f"{ew}.W"), (ns,), (ew,), tuple(trays)
    )


def paired_comparisons(sittings: list[Sitting]) -> tuple[Comparison, ...]:
    """Pair the plays of each tray into matches: x N-S against y, y N-S against x."""
    by = plays_by_tray(sittings)
    out = []
    for tray in sorted(by):
        plays = by[tray]
        used: set[int] = set()
        for i, (s, tp) in enumerate(plays):
            if i in used or s.ns == s.ew:
                continue
            for j in range(i + 1, len(plays)):
                s2, tp2 = plays[j]
                if j not in used and s2.ns == s.ew and s2.ew == s.ns:
                    used |= {i, j}
                    pair = [(s, tp), (s2, tp2)]
                    out.append(
                        Comparison(
                            tray,
                            (play_ref(s, tp), play_ref(s2, tp2)),
                            matches_between(pair, individual=False),
                        )
                    )
                    break
    return tuple(out)


def howell_teams(tables: int = 5, deals: int | None = None) -> Schedule:
    """Howell's odd-team schedule: n teams at n tables, n - 1 sets of ``deals`` (4)."""
    n = tables
    if n < 3 or n % 2 == 0:
        raise MovementError(
            f"howell-teams needs an odd number of tables, at least 3, not {n} ({REF});"
            " for an even number use gilman-teams"
        )
    per = deals or 4
    ids = team_ids(n)
    m = (n - 1) // 2
    sittings = []
    dealt: set[int] = set()
    for s in range(1, n):
        for t in range(n):
            ns = ids[(t - s) % n]
            src = (t + (s - 1) * m) % n  # the table where these trays were dealt
            trays = []
            for h in range(per * src + 1, per * src + per + 1):
                trays.append(TrayPlay(h, h in dealt))
                dealt.add(h)
            sittings.append(team_sitting(s, t + 1, ns, ids[t], trays))
    return schedule(
        "howell-teams",
        REF,
        Kind.TEAM,
        teams(n),
        n,
        sittings,
        plays_per_tray=n - 1,
        comparisons=paired_comparisons(sittings),
        notes=(
            "N-S players move one table East (the last to table 1) after every set.",
            f"Trays move {m} tables West: those at table {m + 1} go to table 1.",
            "Each tray serves the matches of the teams that play it in opposite directions.",
        ),
    )
