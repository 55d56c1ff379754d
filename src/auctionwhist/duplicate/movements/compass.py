"""Compass whist and Mitchell's progression (seed 002, PAIR AGAINST PAIR:
"Compass Whist"; "Large Numbers of Individuals" for the two methods for an
even number of tables).

One side sits still, the other moves one table a round and the trays move
the other way, so a moving player meets a fresh set at every table. With an
even number of tables the movers would meet their own trays again half-way
round; the seed prints two cures:

1. a stationary table (not the first or last) deals no original hands; its
   four players sit still and overplay the trays coming to it, and the
   movers pass it by. Here it shares each round's set with the table the
   trays come from, taking them in a turned order (a relay);
2. the skip: when the movers meet their original trays, they move on one
   more table, leaving the trays as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..schedule import Kind, MovementError, Schedule, Sitting
from ._build import Dealt, mark_steps, pair_sitting, pairs, schedule

REF = "seed 002, PAIR AGAINST PAIR: Compass Whist; even tables: Mitchell's two methods"


@dataclass(frozen=True, slots=True)
class Step:
    """One table in one round: whose movers sit there, which set, the order."""

    table: int  # 0-based
    movers: int  # 0-based table the movers started from
    set: int  # 0-based table where the set was dealt
    turned: bool = False  # the relay table takes the set in a turned order


def progression(n: int, method: int | None, mover_step: int) -> list[list[Step]]:
    """Rounds of a Mitchell progression at ``n`` tables.

    Movers go ``mover_step`` (+1 East, -1 West) tables a round, trays the
    other way. ``method`` 1 or 2 is required when ``n`` is even.
    """
    if n % 2 == 1:
        return [
            [Step(t, (t - r * mover_step) % n, (t + r * mover_step) % n) for t in range(n)]
            for r in range(n)
        ]
    if method == 2:
        rounds = []
        for r in range(n - 1):
            off = r + (1 if r >= n // 2 else 0)  # the skip, half-way round
            rounds.append(
                [Step(t, (t - off * mover_step) % n, (t + r * mover_step) % n) for t in range(n)]
            )
        return rounds
    if method == 1:
        k = n // 2 - 1 if mover_step > 0 else n // 2  # a middle table, 0-based
        ring = [t for t in range(n) if t != k]
        m = len(ring)
        rounds = []
        for r in range(m):
            row = [
                Step(ring[i], ring[(i - r * mover_step) % m], ring[(i + r * mover_step) % m])
                for i in range(m)
            ]
            # the stationary table takes the trays coming to it: from the ring
            # neighbour on the side the trays come from
            src = k - 1 if mover_step < 0 else k + 1
            src_set = next(s.set for s in row if s.table == src)
            row.append(Step(k, k, src_set, True))
            rounds.append(sorted(row, key=lambda s: s.table))
        return rounds
    raise MovementError(
        f"an even number of tables ({n}) needs method 1 (stationary table) or 2 (skip) ({REF})"
    )


def tray_orders(rnd: list[Step], n: int, per: int, numbering: dict[int, int]) -> list[list[int]]:
    orders = []
    for st in rnd:
        first = per * numbering[st.set]
        trays = list(range(first + 1, first + per + 1))
        orders.append(trays[1:] + trays[:1] if st.turned else trays)
    return orders


def compass(tables: int = 5, deals: int | None = None, variant: str | None = None) -> Schedule:
    """N-S sit; E-W move one table down (2 to 1); trays move up.

    ``deals`` per round defaults to the seed's "a minimum of 24 trays, or as
    near that number as possible" (3 at ten tables, 2 at fourteen).
    """
    n = tables
    if n < 2:
        raise MovementError(f"compass needs at least 2 tables, not {n} ({REF})")
    method = _method(variant, n)
    per = deals or max(1, -(-24 // n))
    rounds = progression(n, method, mover_step=-1)
    if method == 1 and per < 2:
        raise MovementError("method 1 shares a set at two tables: give at least 2 deals a round")
    dealing = sorted({st.set for r in rounds for st in r})
    numbering = {t: i for i, t in enumerate(dealing)}
    dealt = Dealt()
    sittings: list[Sitting] = []
    for r, rnd in enumerate(rounds, start=1):
        marked = mark_steps(dealt, tray_orders(rnd, n, per, numbering))
        for st, trays in zip(rnd, marked, strict=True):
            sittings.append(
                pair_sitting(r, st.table + 1, f"{st.table + 1}NS", f"{st.movers + 1}EW", trays)
            )
    ids = [f"{t}NS" for t in range(1, n + 1)] + [f"{t}EW" for t in range(1, n + 1)]
    notes = [
        "N-S pairs sit still; E-W pairs move one table (2 to 1, 1 to the last); trays move up.",
        "Each pair's total is scored plus or minus against its direction's average.",
    ]
    if method == 1:
        notes.append(
            f"Method 1: table {_stationary(n, -1) + 1} deals no hands; its four sit still and"
            " share the trays of the table before it (a relay)."
        )
    elif method == 2:
        notes.append(
            f"Method 2: after round {n // 2} the E-W pairs skip a table; each plays"
            f" {n - 1} of the {n} sets and meets {n - 1} N-S pairs."
        )
    return schedule(
        "compass",
        REF,
        Kind.PAIR,
        pairs(ids),
        n,
        sittings,
        plays_per_tray=n - 1 if method == 2 else n,
        comparisons="field",
        notes=notes,
    )


def _stationary(n: int, mover_step: int) -> int:
    return n // 2 - 1 if mover_step > 0 else n // 2


def _method(variant: str | None, n: int) -> int | None:
    if variant is None:
        return None if n % 2 else 2
    if variant in ("1", "2"):
        if n % 2:
            raise MovementError(f"{n} tables is odd: no method is needed ({REF})")
        return int(variant)
    raise MovementError(f"the method is 1 or 2, not {variant!r} ({REF})")
