"""Howell pairs, four to thirty-four pairs (seed 002, PAIR AGAINST PAIR:
"Howell Pair System"): every pair meets every other pair once and plays
all the hands dealt.

Built from a Room square (see ``roomsquare``); where none exists — four and
six pairs — the tables of a round share one set of trays, each dealing its
part and passing it on, as the seed's four-pair schedule exchanges trays.
With an odd number of pairs one pair rests each round and so misses the set
it would have played: no movement can give it every deal.
"""

from __future__ import annotations

from ..schedule import Kind, MovementError, Schedule, Sitting
from ._build import Dealt, mark_steps, pair_sitting, pairs, schedule
from .roomsquare import INF, room_square

REF = "seed 002, PAIR AGAINST PAIR: Howell Pair System"
MIN_PAIRS, MAX_PAIRS = 4, 34


def howell_pairs(
    tables: int | None = None, deals: int | None = None, pairs_count: int | None = None
) -> Schedule:
    """Howell pairs for ``pairs_count`` pairs (default: two pairs a table)."""
    n = pairs_count if pairs_count is not None else 2 * (tables or 0)
    if not MIN_PAIRS <= n <= MAX_PAIRS:
        raise MovementError(
            f"howell-pairs is arranged for {MIN_PAIRS} to {MAX_PAIRS} pairs, not {n} ({REF})"
        )
    if tables is not None and pairs_count is not None and tables != n // 2:
        raise MovementError(f"{n} pairs sit at {n // 2} tables, not {tables}")
    even = n if n % 2 == 0 else n + 1  # with a phantom pair: its adversary rests
    if room_square(even - 1) is not None:
        return _from_square(n, even, deals)
    return _shared(n, even, deals)


def _ids(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


def _orientation(n: int) -> set[tuple[int, int]]:
    """Which pair of each meeting sits N-S: (u, v) in the set means u does.

    Every two pairs meet once, so the meetings are the complete graph on the
    pairs; orienting it along an Euler circuit (after joining the pairs two
    by two when their number is even) gives every pair as many N-S as E-W
    sittings, or one more of either. With an odd number of pairs, the
    meetings with the resting "phantom" are left out: exact balance.
    """
    adj: dict[int, set[int]] = {u: set(range(1, n + 1)) - {u} for u in range(1, n + 1)}
    extra: set[frozenset[int]] = set()
    if n % 2 == 0:
        for u in range(1, n + 1, 2):
            extra.add(frozenset((u, u + 1)))  # a dummy second edge, walked but not kept
    out: set[tuple[int, int]] = set()
    used_extra: set[frozenset[int]] = set()
    stack, path = [1], []
    while stack:
        u = stack[-1]
        if adj[u]:
            v = min(adj[u])
            adj[u].discard(v)
            adj[v].discard(u)
            out.add((u, v))
            stack.append(v)
        elif (e := next((e for e in extra if u in e and e not in used_extra), None)) is not None:
            used_extra.add(e)
            (v,) = e - {u}
            stack.append(v)
        else:
            path.append(stack.pop())
    return out


def _orient(u: int, v: int, ns: set[tuple[int, int]]) -> tuple[int, int]:
    return (u, v) if (u, v) in ns else (v, u)


def _from_square(n: int, even: int, deals: int | None) -> Schedule:
    square = room_square(even - 1)
    assert square is not None
    s = square.side
    per = deals or max(1, -(-24 // s))
    phantom = even  # pair number of the infinite point when n is odd
    ns_count = _orientation(n)
    dealt = Dealt()
    sittings: list[Sitting] = []
    for r, row in enumerate(square.cells, start=1):
        table = 0
        for col, u, v in row:
            pu = even if u == INF else u + 1
            pv = even if v == INF else v + 1
            if n % 2 and phantom in (pu, pv):
                continue  # the phantom's adversary rests this round
            table += 1
            a, b = _orient(pu, pv, ns_count)
            trays = dealt(range(per * col + 1, per * col + per + 1))
            sittings.append(pair_sitting(r, table, str(a), str(b), trays))
    notes = [
        f"{n} pairs, {n // 2} tables, {s} rounds of {per} deals;"
        f" built from a Room square of side {s}.",
        "Each pair meets every other pair once; the pair sits N-S or E-W by turns.",
    ]
    if n % 2:
        notes.append(
            "An odd number of pairs: one pair rests each round and misses that round's set;"
            " no movement lets every pair play every deal without sharing trays."
        )
    return schedule(
        "howell-pairs",
        REF,
        Kind.PAIR,
        pairs(_ids(n)),
        n // 2,
        sittings,
        plays_per_tray=n // 2 if n % 2 == 0 else (n - 1) // 2,
        comparisons="field",
        notes=notes,
    )


def _shared(n: int, even: int, deals: int | None) -> Schedule:
    # Round robin by the circle method; each round's set is shared by the tables.
    active = n // 2
    q = deals or max(1, -(-24 // (active * (even - 1))))
    ns_count = _orientation(n)
    dealt = Dealt()
    sittings: list[Sitting] = []
    first = 0
    m = even - 1
    for r in range(m):
        meets = [(even, r + 1)] + [((r + k) % m + 1, (r - k) % m + 1) for k in range(1, even // 2)]
        meets = [(u, v) for u, v in meets if u <= n and v <= n]
        set_trays = list(range(first + 1, first + q * len(meets) + 1))
        first += len(set_trays)
        orders = []
        for i in range(len(meets)):
            k = q * i  # each table deals its part, then plays the others' in turn
            orders.append(set_trays[k:] + set_trays[:k])
        marked = mark_steps(dealt, orders)
        for i, ((u, v), trays) in enumerate(zip(meets, marked, strict=True), start=1):
            a, b = _orient(u, v, ns_count)
            sittings.append(pair_sitting(r + 1, i, str(a), str(b), trays))
    notes = [
        f"No Room square of side {even - 1} exists: a complete Howell movement for {even} pairs"
        " cannot be made without sharing trays.",
        "The tables of each round share one set: each deals its part and passes it on.",
    ]
    if n % 2:
        notes.append("An odd number of pairs: one pair rests each round and misses that set.")
    return schedule(
        "howell-pairs",
        REF,
        Kind.PAIR,
        pairs(_ids(n)),
        n // 2,
        sittings,
        plays_per_tray=active,
        comparisons="field",
        notes=notes,
    )
