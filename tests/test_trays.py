"""Trays: the deal in its pockets, the dealer's star, the North indicator, the
trump slip; overplay at another table and single-table overplay (law 115)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auctionwhist.cards import Seat, card_suit
from auctionwhist.dealing import DealingError, dealer_for
from auctionwhist.duplicate.foster import FosterError, longest_suit
from auctionwhist.duplicate.trays import (
    Tray,
    TrayError,
    TrumpSlip,
    check_numbers,
    make_trays,
    mix_trays,
)


def test_tray_holds_number_dealer_and_deal_daw() -> None:
    trays = make_trays("daw", 8, seed=3)
    assert [t.number for t in trays] == list(range(1, 9))
    # Goodfellow, "Second original deal": the player to the left of the last dealer deals.
    assert [t.dealer for t in trays] == [dealer_for("daw", n) for n in range(1, 9)]
    assert trays[1].dealer == trays[0].dealer.left
    assert all(t.slip is None for t in trays)  # no trump is turned at auction


def test_awl_law_iv_trump_slip_whist() -> None:
    """AWL law IV §1: the trump card and the number of the deal on the slip."""
    trays = make_trays("whist", 4, seed=5)
    assert trays[0].dealer == Seat.WEST  # West deals the first hand (docs/spec.md §2.2.9)
    for t in trays:
        slip = t.slip
        assert isinstance(slip, TrumpSlip)
        assert slip.number == t.number
        assert slip.card == t.deal.turned
        assert slip.trump == card_suit(t.deal.turned)
        # the turned card is the dealer's (AWL III §1: the last card dealt)
        assert t.deal.hands[t.dealer] >> slip.card & 1


def test_overplay_at_another_table_keeps_the_hands_in_their_seats_daw() -> None:
    t = make_trays("daw", 1, seed=1)[0]
    d = t.deal_at(Seat.NORTH, overplay=True)
    assert d.hands == t.deal.hands and d.dealer == t.dealer and d.number == t.number


def test_law_115_single_table_overplay_north_to_the_east_daw() -> None:
    """Law 115: on the overplay the north side of each tray is placed to the east;
    East then holds the North hand and the dealer's star moves with its hand."""
    t = make_trays("daw", 1, seed=9)[0]
    d = t.deal_at(Seat.EAST, overplay=True)
    for k in Seat:
        assert d.hands[k.after(1)] == t.deal.hands[k]
    assert d.dealer == t.dealer.after(1)
    # N-S now hold what E-W held: each player plays a hand held by an adversary (law 114)
    assert d.hands[Seat.NORTH] == t.deal.hands[Seat.WEST]


@given(st.integers(0, 10_000), st.sampled_from(list(Seat)))
def test_placing_a_tray_keeps_the_deal_whist(seed: int, north_at: Seat) -> None:
    t = make_trays("whist", 1, seed=seed)[0]
    d = t.deal_at(north_at)
    assert sorted(d.hands) == sorted(t.deal.hands)
    assert d.turned == t.deal.turned and d.hands[d.dealer] >> d.turned & 1
    assert d.hands[north_at] == t.deal.hands[Seat.NORTH]


def test_trays_are_reproducible_from_the_seed() -> None:
    assert make_trays("daw", 6, seed=42) == make_trays("daw", 6, seed=42)
    assert make_trays("daw", 6, seed=42) != make_trays("daw", 6, seed=43)
    assert make_trays("daw", 6, rng=random.Random(42)) == make_trays("daw", 6, seed=42)
    with pytest.raises(DealingError, match="not both"):
        make_trays("daw", 6, seed=42, rng=random.Random(42))


def test_throwing_out_deals_with_a_suit_longer_than_six_whist() -> None:
    """Seed 002: "throwing out all hands in which there is found to be a suit of
    more than six cards, and dealing it over again"."""
    plain = make_trays("whist", 60, seed=11)
    assert any(longest_suit(t.deal) > 6 for t in plain)
    kept = make_trays("whist", 60, seed=11, longest=6)
    assert all(longest_suit(t.deal) <= 6 for t in kept)
    assert sum(t.thrown_out for t in kept) > 0


def test_foster_system_needs_suits_of_equal_value_daw() -> None:
    with pytest.raises(FosterError, match="Law 9 \\(daw\\)"):
        make_trays("daw", 2, seed=1, foster=True)


def test_single_table_trays_are_mixed_for_the_overplay() -> None:
    """Goodfellow, "Single-table overplay": the trays are mixed and played in
    irregular order; the score goes to the tray's number."""
    trays = make_trays("daw", 8, seed=2)
    mixed = mix_trays(trays, random.Random(1))
    assert sorted(t.number for t in mixed) == list(range(1, 9))
    assert [t.number for t in mixed] != list(range(1, 9))


def test_bad_trays() -> None:
    with pytest.raises(TrayError):
        make_trays("daw", 0, seed=1)
    t = make_trays("daw", 1, seed=1)[0]
    with pytest.raises(TrayError, match="two trays numbered 1"):
        check_numbers([t, Tray(t.deal)])
