"""Individual movements: four players, Safford's eight, Mitchell's, married couples."""

from __future__ import annotations

import itertools

import pytest

from auctionwhist.cards import Seat
from auctionwhist.duplicate import MovementError
from auctionwhist.duplicate.movements import movement
from auctionwhist.duplicate.validate import check

# Seed 002 INDIVIDUALS as printed: N / W E (S keeps his seat), hands 1-4, 5-8, 9-12
FOUR_PRINTED = "c b a | a b  a c  c b"
FOUR_OVER_PRINTED = "c b a | b a  c a  c b"


def _parse(text: str) -> list[tuple[str, str, str]]:
    ns, we = text.split("|")
    pairs = [x.split() for x in we.split("  ")]
    return [(n, w, e) for n, (w, e) in zip(ns.split(), pairs, strict=True)]


def test_four_individuals_as_printed_whist() -> None:
    s = movement("four-individuals")
    for r, (n, w, e) in enumerate(_parse(FOUR_PRINTED) + _parse(FOUR_OVER_PRINTED)):
        st = s.rounds[r].at(1)
        assert st.seats == (n, e, "S", w)
        lo = 4 * (r % 3) + 1
        assert [tp.tray for tp in st.trays] == list(range(lo, lo + 4))
        assert all(tp.north_at is (Seat.EAST if r >= 3 else Seat.NORTH) for tp in st.trays)
    check(s)  # laws 114-115: every deal twice, an adversary's hand


def test_safford_first_set_and_28_hands_whist() -> None:
    s = movement("safford-individuals")
    t1, t2 = s.rounds[0].at(1), s.rounds[0].at(2)
    # "table 1: N b, W a, E c, S d; table 2: N f, W e, E g, S h; hands 1 to 4"
    assert t1.seats == ("b", "c", "d", "a") and t2.seats == ("f", "g", "h", "e")
    assert sorted(tp.tray for tp in t1.trays) == [1, 2, 3, 4]
    assert len(s.rounds) == 7 and len(s.trays) == 28
    # "8 keeping his seat": one player never moves
    fixed = [
        (t, seat)
        for t in (1, 2)
        for seat in Seat
        if len({r.at(t).seats[seat] for r in s.rounds}) == 1
    ]
    assert len(fixed) == 1
    check(s)


def test_mitchell_individuals_whist() -> None:
    s = movement("mitchell-individuals", 5)
    r1, r2 = s.rounds[0], s.rounds[1]
    assert r2.at(2).seats[Seat.SOUTH] == r1.at(1).seats[Seat.SOUTH]  # gentlemen move East
    assert r2.at(1).trays[0].tray == r1.at(2).trays[0].tray  # trays passed West
    assert all(st.seats[Seat.NORTH] == f"N{st.table}" for st in s.sittings())
    check(s)
    for v in ("1", "2"):
        check(movement("mitchell-individuals", 6, variant=v))


def test_married_couples_never_in_one_set_whist() -> None:
    s = movement("married-couples")
    assert len(s.rounds) == 7
    for r in s.rounds:
        where = {p: (st.table - 1) // 2 for st in r.sittings for p in st.seats if p}
        for lady, man in zip("abcdefgh", "12345678", strict=True):
            assert where[lady] != where[man]
    a_seat = {
        (st.table, st.seats.index("a")) for r in s.rounds for st in r.sittings if "a" in st.seats
    }
    assert len(a_seat) == 1  # a-1 always sit still
    # each table deals one hand and overplays the others'
    for r in s.rounds:
        assert sum(not tp.overplay for st in r.sittings for tp in st.trays) == 4
        assert all(len(st.trays) == 4 for st in r.sittings)
    # ladies move to the next letter: whoever sits at b's place in set 2 is h
    first = {(st.table, i): p for st in s.rounds[0].sittings for i, p in enumerate(st.seats)}
    second = {(st.table, i): p for st in s.rounds[1].sittings for i, p in enumerate(st.seats)}
    place_b = next(k for k, p in first.items() if p == "b")
    assert second[place_b] == "h"
    compared = {frozenset(m) for c in s.comparisons for m in c.matches}
    assert compared >= {frozenset(x) for x in itertools.combinations("abcdefgh12345678", 2)}
    check(s)


def test_individual_table_errors() -> None:
    with pytest.raises(MovementError):
        movement("four-individuals", 2)
    with pytest.raises(MovementError):
        movement("married-couples", 3)
    with pytest.raises(MovementError, match="no variant"):
        movement("mitchell-individuals", 4, variant="x")
