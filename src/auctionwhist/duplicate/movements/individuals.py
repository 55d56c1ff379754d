"""Individuals: four players (memory), Safford's eight individuals and
married couples, Mitchell's progression for large numbers (seed 002,
INDIVIDUALS; Eight Individuals; Large Numbers of Individuals; MARRIED COUPLES).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

from ...cards import Seat
from ..schedule import Comparison, Kind, MovementError, Schedule, Sitting, TrayPlay
from ._build import (
    Dealt,
    Seats,
    exchanged,
    holder,
    mark_steps,
    play_ref,
    player_sitting,
    players,
    schedule,
)
from .compass import _method, progression, tray_orders

REF_FOUR = "seed 002, INDIVIDUALS (four players, memory duplicate)"
REF_SAFFORD = "seed 002, INDIVIDUALS: Eight Individuals, Safford's System"
REF_MITCHELL = "seed 002, INDIVIDUALS: Large Numbers of Individuals (Mitchell)"
REF_MARRIED = "seed 002, MARRIED COUPLES (Safford)"

# As printed: N, W, E of each position; S keeps his seat and the score.
FOUR_ORIGINAL = (("c", "a", "b"), ("b", "a", "c"), ("a", "c", "b"))
FOUR_OVERPLAY = (("c", "b", "a"), ("b", "c", "a"), ("a", "c", "b"))

# Safford's first set as the seed prints it: table 1 N b, W a, E c, S d;
# table 2 N f, W e, E g, S h.
SAFFORD_FIRST = (("b", "c", "d", "a"), ("f", "g", "h", "e"))  # N, E, S, W


def four_individuals(
    tables: int = 1, deals: int | None = None, variant: str | None = None
) -> Schedule:
    """Four players at one table; S sits; the others change right and left.

    Three positions of four hands each, then the overplay with the trays
    turned (North side to the East, law 115) and the same partners.
    """
    if tables != 1:
        raise MovementError(f"four-individuals is played at one table, not {tables} ({REF_FOUR})")
    per = deals or 4
    sittings = []
    for over, table in ((False, FOUR_ORIGINAL), (True, FOUR_OVERPLAY)):
        for p, (n, w, e) in enumerate(table):
            trays = [
                TrayPlay(t, over, Seat.EAST if over else Seat.NORTH)
                for t in range(per * p + 1, per * p + per + 1)
            ]
            sittings.append(player_sitting(3 * over + p + 1, 1, (n, e, "S", w), trays))
    return schedule(
        "four-individuals",
        REF_FOUR,
        Kind.PLAYER,
        players("Sabc"),
        1,
        sittings,
        plays_per_tray=2,
        memory=True,
        notes=(
            "S keeps his seat and the score; each other player partners S for 8 hands.",
            "Rounds 4-6 overplay rounds 1-3 with the trays turned (North side to the East).",
        ),
    )


def _player_at(i: int, s: int) -> int:
    """Safford's positions: player ``i`` (from position ``i``, 1-8) in set ``s``.

    "they go to the next higher number; 8 keeping his seat, and 7 going to 1".
    """
    return 8 if i == 8 else (i - 1 + s) % 7 + 1


@cache
def safford_layout() -> tuple[tuple[int, Seat], ...]:
    """The indicator cards: position 1-8 → (table, seat).

    The seed does not print the cards. We take the first layout (in
    lexicographic order) under which, over seven sets, every player
    partners every other once and is compared (same seat, other table)
    with every other once, and has every other for an adversary twice.
    """
    seats = [(t, s) for t in (1, 2) for s in Seat]
    best: tuple[int, tuple[tuple[int, Seat], ...]] | None = None
    for perm in itertools.permutations(range(8)):
        layout = tuple(seats[k] for k in perm)
        spread = _safford_spread(layout)
        if spread == 0:
            return layout
        if spread is not None and (best is None or spread < best[0]):
            best = (spread, layout)
    assert best is not None
    return best[1]


def safford_counts(
    layout: Sequence[tuple[int, Seat]],
) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]], Counter[frozenset[int]]]:
    """How often each two players partner, oppose and are compared (per seat)."""
    partners: Counter[frozenset[int]] = Counter()
    opposed: Counter[frozenset[int]] = Counter()
    compared: Counter[frozenset[int]] = Counter()
    for s in range(7):
        at = {layout[_player_at(i, s) - 1]: i for i in range(1, 9)}
        for t in (1, 2):
            for seat in Seat:
                p = at[(t, seat)]
                if seat in (Seat.NORTH, Seat.EAST):
                    partners[frozenset((p, at[(t, seat.partner)]))] += 1
                opposed[frozenset((p, at[(t, seat.left)]))] += 1
                if t == 1:
                    compared[frozenset((p, at[(2, seat)]))] += 1
    return partners, opposed, compared


def _safford_spread(layout: Sequence[tuple[int, Seat]]) -> int | None:
    partners, opposed, compared = safford_counts(layout)
    pairs = [frozenset(x) for x in itertools.combinations(range(1, 9), 2)]
    if all(partners[x] == 1 for x in pairs) and all(compared[x] == 1 for x in pairs):
        return max(abs(opposed[x] - 2) for x in pairs)
    return None


def _seats(at: dict[tuple[int, Seat], str], table: int) -> Seats:
    """The players at ``table`` in a set, North first."""
    n, e, s, w = (at[(table, seat)] for seat in Seat)
    return (n, e, s, w)


def safford_individuals(tables: int = 2, deals: int | None = None) -> Schedule:
    """Eight individuals, seven sets of four hands at two tables: 28 hands."""
    if tables != 2:
        raise MovementError(f"safford-individuals is played at 2 tables, not {tables}")
    per = deals or 2
    layout = safford_layout()
    # the players take their seats in any order: as in the seed's first set
    first = {(t + 1, seat): SAFFORD_FIRST[t][seat] for t in (0, 1) for seat in Seat}
    name = {i: first[layout[i - 1]] for i in range(1, 9)}
    sittings = []
    for s in range(7):
        at = {layout[_player_at(i, s) - 1]: name[i] for i in range(1, 9)}
        base = 2 * per * s
        own = (range(base + 1, base + per + 1), range(base + per + 1, base + 2 * per + 1))
        for t in (1, 2):
            trays = exchanged(own[t - 1], own[2 - t])
            sittings.append(player_sitting(s + 1, t, _seats(at, t), trays))
    return schedule(
        "safford-individuals",
        REF_SAFFORD,
        Kind.PLAYER,
        players("abcdefgh"),
        2,
        sittings,
        plays_per_tray=2,
        notes=(
            "Indicator positions 1-8: each player goes to the next higher number;"
            " 8 keeps his seat, 7 goes to 1.",
            "Each player partners every other once, has every other for an adversary"
            " twice and is compared with every other once (same seat, other table).",
            "Score: the top score in each comparison is zero; the others are charged their loss.",
        ),
    )


def mitchell_individuals(
    tables: int = 5, deals: int | None = None, variant: str | None = None
) -> Schedule:
    """Ladies sit N and E; gentlemen S and W move one table East; trays go West."""
    n = tables
    if n < 2:
        raise MovementError(f"mitchell-individuals needs at least 2 tables, not {n}")
    method = _method(variant, n)
    per = deals or max(1, -(-24 // n))
    if method == 1 and per < 2:
        raise MovementError("method 1 shares a set at two tables: give at least 2 deals a round")
    rounds = progression(n, method, mover_step=+1)
    numbering = {t: i for i, t in enumerate(sorted({st.set for r in rounds for st in r}))}
    dealt = Dealt()
    sittings: list[Sitting] = []
    for r, rnd in enumerate(rounds, start=1):
        marked = mark_steps(dealt, tray_orders(rnd, n, per, numbering))
        for st, trays in zip(rnd, marked, strict=True):
            t, g = st.table + 1, st.movers + 1
            sittings.append(player_sitting(r, t, (f"N{t}", f"E{t}", f"S{g}", f"W{g}"), trays))
    ids = [f"{x}{t}" for x in "NESW" for t in range(1, n + 1)]
    notes = [
        "Ladies sit N and E; gentlemen keep their point, S or W, and move one table East.",
        "Four winners: the best N, E, S and W scores (or the most tricks above the average).",
    ]
    if method == 2:
        notes.append(f"Method 2: after round {n // 2} the gentlemen skip a table.")
    elif method == 1:
        notes.append(f"Method 1: table {n // 2} deals no hands; its four sit still (a relay).")
    return schedule(
        "mitchell-individuals",
        REF_MITCHELL,
        Kind.PLAYER,
        players(ids),
        n,
        sittings,
        plays_per_tray=n - 1 if method == 2 else n,
        comparisons="field",
        notes=notes,
    )


LADIES = "abcdefgh"
MEN = "12345678"


def _married_at(label: str, s: int) -> str:
    """Who sits at the position labelled ``label`` in set ``s`` (0-based)."""
    ring = LADIES if label in LADIES else MEN
    i = ring.index(label)
    if i == 0:
        return label  # a-1 always sit still
    return ring[(i - 1 - s) % 7 + 1]  # each goes to the next higher: h to b, 8 to 2


def _married_sets(layout: dict[str, tuple[int, Seat]]) -> list[dict[tuple[int, Seat], str]]:
    return [{layout[lab]: _married_at(lab, s) for lab in layout} for s in range(7)]


@cache
def married_layout() -> tuple[tuple[str, int, Seat], ...]:
    """Indicator positions: label (a-h, 1-8) → (table, seat).

    The seed describes the cards but does not print them; we search
    (seeded, so the result is fixed) for a layout in which no husband and
    wife are ever in the same set (tables 1-2, 3-4) and every player holds,
    in some set, the same cards as every other player, wife and husband
    included.
    """
    rng = random.Random(186)  # the seed's page line, for a fixed result
    seats = [(t, s) for t in (1, 2, 3, 4) for s in Seat]
    for _ in range(200_000):
        lay = dict(zip(LADIES + MEN, rng.sample(seats, 16), strict=True))
        if _married_ok(lay):
            return tuple((lab, *lay[lab]) for lab in LADIES + MEN)
    raise AssertionError("no married-couples layout")  # pragma: no cover


def _married_ok(layout: dict[str, tuple[int, Seat]]) -> bool:
    compared: set[frozenset[str]] = set()
    for at in _married_sets(layout):
        where = {p: ts for ts, p in at.items()}
        for lady, man in zip(LADIES, MEN, strict=True):
            if (where[lady][0] - 1) // 2 == (where[man][0] - 1) // 2:
                return False
        for (t, seat), p in at.items():
            for u in (1, 2, 3, 4):
                if u != t:
                    compared.add(frozenset((p, at[(u, seat)])))
    return len(compared) == 16 * 15 // 2


def married_couples(tables: int = 4, deals: int | None = None) -> Schedule:
    """Safford's eight married couples: four tables in two sets, seven sets of play.

    One hand is dealt at each table and overplayed at each of the others;
    the players at the same seat of the four tables hold the same cards.
    """
    if tables != 4:
        raise MovementError(f"married-couples is played at 4 tables, not {tables} ({REF_MARRIED})")
    if deals not in (None, 1):
        raise MovementError("married-couples deals one hand at each table a set, as printed")
    layout = {lab: (t, seat) for lab, t, seat in married_layout()}
    dealt = Dealt()
    sittings: list[Sitting] = []
    for s, at in enumerate(_married_sets(layout)):
        orders = [[4 * s + (t + k) % 4 + 1 for k in range(4)] for t in range(4)]
        for t, trays in enumerate(mark_steps(dealt, orders), start=1):
            sittings.append(player_sitting(s + 1, t, _seats(at, t), trays))
    return schedule(
        "married-couples",
        REF_MARRIED,
        Kind.PLAYER,
        players(LADIES + MEN),
        4,
        sittings,
        plays_per_tray=4,
        comparisons=_same_seat_comparisons(sittings),
        notes=(
            "Couples a-1, b-2, ...; a and 1 sit still; ladies go to the next higher letter"
            " (h to b), men to the next higher number (8 to 2).",
            "Sets: tables 1-2 and 3-4; no husband and wife are in the same set at once.",
            "Every player holds, some time, the same four hands as every other player.",
        ),
    )


def _same_seat_comparisons(sittings: Sequence[Sitting]) -> tuple[Comparison, ...]:
    """Every two players who held the same hand of a tray, at different tables."""
    by: dict[int, list[tuple[Sitting, TrayPlay]]] = {}
    for st in sittings:
        for tp in st.trays:
            by.setdefault(tp.tray, []).append((st, tp))
    out = []
    for tray in sorted(by):
        plays = by[tray]
        matches: list[tuple[str, str]] = []
        for hand in Seat:
            held = [holder(st, tp, hand, True) for st, tp in plays]
            matches += [(a, b) for a, b in itertools.combinations(held, 2) if a and b]
        out.append(Comparison(tray, tuple(play_ref(st, tp) for st, tp in plays), tuple(matches)))
    return tuple(out)
