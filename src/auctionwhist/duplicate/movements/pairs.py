"""Pair against pair at one, two and three tables (seed 002, PAIR AGAINST
PAIR: Two Pairs, Four Pairs, Six Pairs; seed 000 laws 114-117)."""

from __future__ import annotations

import random

from ...cards import Seat
from ..schedule import Kind, MovementError, Schedule, Sitting, TrayPlay
from ._build import exchanged, label_hands, pair_sitting, pairs, schedule

REF_TWO = "seed 002, PAIR AGAINST PAIR: Two Pairs (memory); seed 000 laws 114-117"
REF_FOUR = "seed 002, PAIR AGAINST PAIR: Four Pairs"
REF_SIX = "seed 002, PAIR AGAINST PAIR: Six Pairs"

# As printed: each set, each table's (N-S pair, E-W pair).
FOUR_PAIRS: tuple[tuple[tuple[str, str], tuple[str, str]], ...] = (
    (("b", "a"), ("d", "c")),
    (("c", "a"), ("b", "d")),
    (("d", "a"), ("c", "b")),
)

# The six pairs' positions as printed (tables 1-3; None: the table is not
# used; N-S None: "any" of the other players fills the seats), with the hands
# each table plays: ("x", h1, h2) = hands dealt at tables 1 and 2 and
# exchanged; ("t3", h1, h2) = dealt at table 3 and left in the trays;
# ("over", h1, h2) = table 3's trays overplayed; () = idle.
SixTable = tuple[str | None, str] | None
SIX_PAIRS: tuple[tuple[tuple[SixTable, SixTable, SixTable], tuple[int, ...], str], ...] = (
    ((("b", "a"), ("d", "c"), ("f", "e")), (1, 2), "t3 3 4"),
    ((("c", "a"), ("d", "b"), ("f", "e")), (5, 6), "idle"),
    ((("e", "a"), ("d", "f"), ("b", "c")), (7, 8), "over 3 4"),
    ((("f", "a"), ("d", "e"), ("b", "c")), (9, 10), "idle"),
    ((("b", "e"), ("c", "f"), None), (11, 12), ""),
    ((("b", "f"), ("e", "c"), None), (13, 14), ""),
    (((None, "a"), (None, "d"), None), (15, 16), ""),
)


def two_pairs(tables: int = 1, deals: int | None = None, variant: str | None = None) -> Schedule:
    """Memory duplicate: one table; the trays are mixed and turned for the overplay.

    In the overplay the North side of each tray is placed to the East (law
    115), so each pair holds the hands its adversaries held (law 114).
    ``variant="in-order"`` keeps the trays in numerical order.
    """
    if tables != 1:
        raise MovementError(f"two-pairs is played at one table, not {tables} ({REF_TWO})")
    n = deals or 12
    order = list(range(1, n + 1))
    if variant != "in-order":
        # law 115 / single-table overplay: "the trays are mixed ... played irregularly"
        random.Random(n).shuffle(order)
    sittings = [
        pair_sitting(1, 1, "a", "b", [TrayPlay(t) for t in range(1, n + 1)]),
        pair_sitting(2, 1, "a", "b", [TrayPlay(t, True, Seat.EAST) for t in order]),
    ]
    return schedule(
        "two-pairs",
        REF_TWO,
        Kind.PAIR,
        pairs("ab"),
        1,
        sittings,
        plays_per_tray=2,
        memory=True,
        notes=(
            "Round 2 is the overplay: trays mixed, the North side of each placed to the East.",
            "No trump is turned in memory duplicate: one suit is trumps for the sitting.",
        ),
    )


def four_pairs(tables: int = 2, deals: int | None = None) -> Schedule:
    """Three sets of eight hands at two tables: four dealt at each, then exchanged."""
    if tables != 2:
        raise MovementError(f"four-pairs is played at 2 tables, not {tables} ({REF_FOUR})")
    per = deals or 4
    sittings = []
    for s, tabs in enumerate(FOUR_PAIRS):
        first = 2 * per * s
        own = (range(first + 1, first + per + 1), range(first + per + 1, first + 2 * per + 1))
        for i, (ns, ew) in enumerate(tabs):
            trays = exchanged(own[i], own[1 - i])
            sittings.append(pair_sitting(s + 1, i + 1, ns, ew, trays))
    return schedule(
        "four-pairs",
        REF_FOUR,
        Kind.PAIR,
        pairs("abcd"),
        2,
        sittings,
        plays_per_tray=2,
        notes=(
            "Pair a sits E-W throughout; the others change adversaries after every 8 hands.",
            "Each pair is matched with the pair holding its cards at the other table.",
        ),
    )


def six_pairs(tables: int = 3, deals: int | None = None) -> Schedule:
    """The printed six-pair schedule: tables 1 and 2 always in play, table 3 half the time."""
    if tables != 3:
        raise MovementError(f"six-pairs is played at 3 tables, not {tables} ({REF_SIX})")
    if deals not in (None, 2):
        raise MovementError(f"six-pairs plays two hands a position as printed, not {deals}")
    labels: list[str] = []
    sittings: list[Sitting] = []
    left_at_3: list[int] = []
    for p, (tabs, hands, third) in enumerate(SIX_PAIRS, start=1):
        own = label_hands(labels, hands, (1, 2))
        for i in (0, 1):
            spec = tabs[i]
            assert spec is not None
            trays = exchanged(own[i], own[1 - i])
            sittings.append(pair_sitting(p, i + 1, spec[0], spec[1], trays))
        spec3 = tabs[2]
        if spec3 is None:
            continue
        words = third.split()
        t3: list[TrayPlay] = []
        if words and words[0] == "t3":
            for word in words[1:]:
                labels.append(f"hand {word}")
                left_at_3.append(len(labels))
                t3.append(TrayPlay(len(labels)))
        elif words and words[0] == "over":
            t3 = [TrayPlay(t, True) for t in left_at_3]
        sittings.append(pair_sitting(p, 3, spec3[0], spec3[1], t3))
    return schedule(
        "six-pairs",
        REF_SIX,
        Kind.PAIR,
        pairs("abcdef"),
        3,
        sittings,
        plays_per_tray=2,
        tray_labels=labels,
        notes=(
            "Table 3 deals hands 3 and 4 in the first position and overplays them in the third.",
            "Positions 5 and 6: b, c, e, f at tables 1 and 2 while a and d are idle.",
            "Position 7: a and d E-W at two tables; any other players fill N-S, not scored.",
        ),
    )
