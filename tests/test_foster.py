"""Foster's system: a consistent relabelling of the suits of all four hands
between original play and overplay (seed 002, "Foster's System")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.cards import Seat, Suit, card_suit
from auctionwhist.codes import find_code
from auctionwhist.duplicate.foster import (
    FosterError,
    random_transposition,
    suits_of_equal_value,
    transpose_card,
    transpose_deal,
)
from auctionwhist.duplicate.trays import make_trays
from auctionwhist.records import CardPlayed
from auctionwhist.robots import random_action
from auctionwhist.table import Table


def _lengths(hand: int) -> list[int]:
    return [((hand >> (13 * s)) & 0x1FFF).bit_count() for s in range(4)]


@given(st.integers(0, 10_000))
def test_foster_transposition_relabels_every_hand_alike_whist(seed: int) -> None:
    rng = random.Random(seed)
    tray = make_trays("whist", 1, rng=rng, foster=True)[0]
    perm = tray.transposition
    assert perm is not None
    assert all(perm[s] != s for s in Suit)  # every suit changes its name
    over = tray.deal_at(Seat.NORTH, overplay=True)
    for seat in Seat:
        before, after = _lengths(tray.deal.hands[seat]), _lengths(over.hands[seat])
        assert all(after[perm[s]] == before[s] for s in Suit)
    assert over.turned is not None and tray.deal.turned is not None
    assert card_suit(over.turned) == perm[card_suit(tray.deal.turned)]
    # the original play is not transposed
    assert tray.deal_at(Seat.NORTH) == tray.deal


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_foster_overplay_plays_the_same_whist(seed: int) -> None:
    """The same play with the suits relabelled wins the same tricks."""
    rng = random.Random(seed)
    tray = make_trays("whist", 1, rng=rng, foster=True)[0]
    perm = tray.transposition
    assert perm is not None
    first = Table("whist", tray.deal)
    while not first.is_over:
        random_action(first, rng)
    second = Table("whist", tray.deal_at(Seat.NORTH, overplay=True))
    for ev in first.events:
        if isinstance(ev, CardPlayed):
            second.play_card(transpose_card(ev.card, perm))
    assert second.tricks_won() == first.tricks_won()


def test_transposition_must_be_a_relabelling() -> None:
    d = make_trays("whist", 1, seed=1)[0].deal
    with pytest.raises(FosterError, match="Foster's System"):
        transpose_deal(d, (0, 0, 1, 2))
    assert transpose_deal(transpose_deal(d, (1, 0, 3, 2)), (1, 0, 3, 2)) == d


def test_random_transposition_is_a_derangement() -> None:
    rng = random.Random(0)
    seen = {random_transposition(rng) for _ in range(300)}
    assert len(seen) == 9 and all(all(p[i] != i for i in range(4)) for p in seen)


def test_foster_only_where_the_suits_are_of_equal_value() -> None:
    assert suits_of_equal_value(find_code("whist"))
    assert not suits_of_equal_value(find_code("daw"))
