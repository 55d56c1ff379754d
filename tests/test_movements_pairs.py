"""Pair movements: two, four and six pairs, compass, Howell pairs (seed 002)."""

from __future__ import annotations

import pytest

from auctionwhist.cards import Seat
from auctionwhist.duplicate import MovementError
from auctionwhist.duplicate.movements import movement
from auctionwhist.duplicate.movements.roomsquare import INF, room_square
from auctionwhist.duplicate.validate import check


def test_law_114_115_two_pairs_memory_daw() -> None:
    """Laws 114-115 (daw): each plays every deal twice, an adversary's hand, tray turned East."""
    s = movement("two-pairs", deals=8)
    orig, over = s.rounds
    assert [tp.tray for tp in orig.at(1).trays] == list(range(1, 9))
    assert sorted(tp.tray for tp in over.at(1).trays) == list(range(1, 9))
    assert [tp.tray for tp in over.at(1).trays] != list(range(1, 9))  # mixed
    assert all(tp.overplay and tp.north_at is Seat.EAST for tp in over.at(1).trays)
    assert s.memory
    # pair a holds the N-S hands first, the E-W hands in the overplay
    assert s.comparisons[0].matches == (("a", "b"),)
    check(s)
    in_order = movement("two-pairs", deals=8, variant="in-order")
    assert [tp.tray for tp in in_order.rounds[1].at(1).trays] == list(range(1, 9))


# Seed 002 Four Pairs, as printed: (table 1 N-S / E-W, table 2 N-S / E-W) and hands
FOUR_PRINTED = [
    ("b", "a", "d", "c", "1-8"),
    ("c", "a", "b", "d", "9-16"),
    ("d", "a", "c", "b", "17-24"),
]


def test_four_pairs_as_printed_whist() -> None:
    s = movement("four-pairs")
    for r, (n1, e1, n2, e2, hands) in enumerate(FOUR_PRINTED):
        t1, t2 = s.rounds[r].at(1), s.rounds[r].at(2)
        assert (t1.ns, t1.ew, t2.ns, t2.ew) == ((n1,), (e1,), (n2,), (e2,))
        lo, hi = map(int, hands.split("-"))
        assert sorted(tp.tray for tp in t1.trays) == list(range(lo, hi + 1))
        # "pairs at the second table begin with hands 5, 13 and 21"
        assert t2.trays[0].tray == lo + 4
    check(s)


# Seed 002 Six Pairs, the printed positions: tables 1-3 (N-S, E-W) and what table 3 plays
SIX_PRINTED = [
    (("b", "a"), ("d", "c"), ("f", "e"), "1 and 2", ["hand 3", "hand 4"]),
    (("c", "a"), ("d", "b"), ("f", "e"), "5 and 6", []),
    (("e", "a"), ("d", "f"), ("b", "c"), "7 and 8", ["hand 3", "hand 4"]),
    (("f", "a"), ("d", "e"), ("b", "c"), "9 and 10", []),
]


def test_six_pairs_as_printed_whist() -> None:
    s = movement("six-pairs")
    for r, (t1, t2, t3, hands, third) in enumerate(SIX_PRINTED):
        rnd = s.rounds[r]
        for t, (ns, ew) in enumerate((t1, t2, t3), start=1):
            assert (rnd.at(t).ns, rnd.at(t).ew) == ((ns,), (ew,))
        h1, h2 = hands.split(" and ")
        assert [s.label(tp.tray) for tp in rnd.at(1).trays][:2] == [
            f"hand {h1}, table 1",
            f"hand {h2}, table 1",
        ]
        assert [s.label(tp.tray) for tp in rnd.at(3).trays] == third
    # the b and c pairs overplay 3 and 4: a match with the e and f pairs
    comps = [c for c in s.comparisons if s.label(c.tray) == "hand 3"]
    assert {frozenset(m) for m in comps[0].matches} == {frozenset("bf"), frozenset("ce")}
    last = s.rounds[-1]
    assert last.at(1).seats[0] is None and last.at(1).ew == ("a",) and last.at(2).ew == ("d",)
    check(s)


def test_compass_odd_tables_whist() -> None:
    s = movement("compass", 5, deals=6)  # Foster's example: five tables, 30 deals
    assert len(s.trays) == 30
    r1, r2 = s.rounds[0], s.rounds[1]
    assert r2.at(1).ew == r1.at(2).ew  # E-W move up one table, 2 going to 1
    assert r2.at(5).ew == r1.at(1).ew
    assert all(st.ns == (f"{st.table}NS",) for st in s.sittings())
    check(s)


def test_compass_default_deals_near_24() -> None:
    assert len(movement("compass", 14).trays) == 28  # 14 tables: two deals at each
    assert len(movement("compass", 10).trays) == 30  # 10 tables: 30 trays


def test_compass_even_methods() -> None:
    with pytest.raises(MovementError, match="no variant"):
        movement("compass", 6, variant="3")
    skip = movement("compass", 6)
    assert len(skip.rounds) == 5
    # after the skip, E-W pairs move two tables
    assert skip.rounds[3].at(1).ew == ("5EW",)
    check(skip)
    relay = movement("compass", 6, variant="1")
    still = [t for t in range(1, 7) if len({r.at(t).ew for r in relay.rounds}) == 1]
    assert still == [4]
    assert not any(not tp.overplay for tp in relay.rounds[1].at(4).trays)
    check(relay)
    with pytest.raises(MovementError, match="odd"):
        movement("compass", 5, variant="2")


def test_room_squares_exist_except_3_and_5() -> None:
    assert room_square(3) is None and room_square(5) is None
    for side in (7, 9, 11, 15):
        sq = room_square(side)
        assert sq is not None
        seen: set[frozenset[int]] = set()
        for row in sq.cells:
            symbols = [x for _, u, v in row for x in (u, v)]
            assert sorted(symbols) == sorted([INF, *range(side)])
            seen |= {frozenset((u, v)) for _, u, v in row}
        assert len(seen) == (side + 1) * side // 2
        for col in range(side):
            symbols = [x for row in sq.cells for c, u, v in row if c == col for x in (u, v)]
            assert sorted(symbols) == sorted([INF, *range(side)])


# From 21 pairs up a Room square takes a second or more to build.
@pytest.mark.parametrize(
    "pairs", [n if n < 21 else pytest.param(n, marks=pytest.mark.slow) for n in range(4, 35)]
)
def test_howell_pairs_4_to_34(pairs: int) -> None:
    s = movement("howell-pairs", pairs=pairs)
    report = check(s)
    assert report.ok
    if pairs in (4, 5, 6):
        assert any("cannot be made without sharing trays" in n for n in s.notes)
    elif pairs % 2:
        assert any("rests each round" in n for n in s.notes)
    else:
        # complete: no tray at two tables in a round
        for r in s.rounds:
            trays = [tp.tray for st in r.sittings for tp in st.trays]
            assert len(trays) == len(set(trays))


def test_howell_pairs_bounds() -> None:
    with pytest.raises(MovementError, match="4 to 34"):
        movement("howell-pairs", pairs=35)
    with pytest.raises(MovementError, match="4 to 34"):
        movement("howell-pairs", 1)
    assert len(movement("howell-pairs", 4).contestants) == 8
