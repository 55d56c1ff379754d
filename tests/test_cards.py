"""Cards, seats, hands and PBN deal strings; the cutting order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auctionwhist.cards import (
    CUT_SUIT_ORDER,
    FULL_PACK,
    SUIT_MASKS,
    Deal,
    DealError,
    Seat,
    Side,
    Suit,
    card,
    card_face,
    card_from_str,
    card_rank,
    card_str,
    card_suit,
    cards_of,
    cut_rank,
    hand_from_cards,
    hand_from_pbn,
    hand_to_pbn,
    highest,
    lowest,
    suit_bits,
    suit_cards,
)
from auctionwhist.dealing import random_deal
from deals_helpers import PBN

N, E, S, W = Seat


def test_card_ints_and_strings() -> None:
    assert card(Suit.CLUBS, 2) == 0
    assert card(Suit.SPADES, 14) == 51
    assert (
        card_str(51) == "SA" and card_str(0) == "C2" and card_str(card(Suit.DIAMONDS, 10)) == "DT"
    )
    for text in ("SA", "sa", "AS", "as"):
        assert card_from_str(text) == 51
    assert card_from_str("h10") == card_from_str("10H") == card(Suit.HEARTS, 10)
    assert card_suit(card_from_str("H7")) is Suit.HEARTS and card_rank(card_from_str("H7")) == 7
    assert all(card_from_str(card_str(c)) == c for c in range(52))


@pytest.mark.parametrize("bad", ["", "S", "S1", "ZA", "SAA", "11S", "XX"])
def test_bad_card_strings(bad: str) -> None:
    with pytest.raises(DealError, match="not a card"):
        card_from_str(bad)


def test_seats_rotate_to_the_left() -> None:
    assert N.left is E and E.left is S and S.left is W and W.left is N
    assert N.right is W and W.right is S
    assert N.partner is S and E.partner is W
    assert N.side == S.side == 0 and E.side == W.side == 1
    assert W.after(1) is N and N.after(6) is S
    assert "".join(s.char for s in Seat) == "NESW"
    assert Seat.from_char("west") is W and Seat.from_char(" s") is S
    with pytest.raises(DealError):
        Seat.from_char("X")


def test_hands_as_bits() -> None:
    hand = hand_from_pbn("AKQJ.T98.765.432")
    assert hand.bit_count() == 13
    assert hand_to_pbn(hand) == "AKQJ.T98.765.432"
    assert highest(hand) == card_from_str("SA") and lowest(hand) == card_from_str("C2")
    assert suit_cards(hand, Suit.HEARTS) == hand_from_cards(
        card_from_str(x) for x in ("HT", "H9", "H8")
    )
    # Lowest bit first: clubs up to spades.
    assert " ".join(card_str(c) for c in cards_of(hand)) == (
        "C2 C3 C4 D5 D6 D7 H8 H9 HT SJ SQ SK SA"
    )
    assert hand_to_pbn(0) == "..."
    with pytest.raises(DealError, match="twice"):
        hand_from_pbn("AA.K.Q.J")
    with pytest.raises(DealError, match="four suits"):
        hand_from_pbn("AKQ.J")


def test_deal_pbn_round_trip() -> None:
    deal = Deal.from_pbn(PBN)
    assert deal.dealer is N
    assert deal.to_pbn() == PBN
    assert deal.hand(W) == hand_from_pbn("2.J432.JT98.AKQJ")
    assert deal.holder(card_from_str("S2")) is W
    # Written from another seat, and read with that seat first.
    from_east = deal.to_pbn(E)
    assert from_east.startswith("E:T987.AKQ.432.765 ")
    assert Deal.from_pbn(from_east, dealer=N) == deal
    # PBN lets the fourth hand be left out.
    three = PBN.rsplit(" ", 1)[0]
    assert Deal.from_pbn(three) == deal


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(list(Seat)))
def test_random_deal_pbn_round_trip(seed: int, first: Seat) -> None:
    deal = random_deal(random.Random(seed), dealer=first, number=7)
    again = Deal.from_pbn(deal.to_pbn(first), dealer=first, number=7)
    assert again == deal
    total = 0
    for h in deal.hands:
        total |= h
    assert total == FULL_PACK


def test_bad_deals() -> None:
    with pytest.raises(DealError, match="12 cards"):
        Deal.from_pbn("N:AKQJ.T98.765.43 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ2")
    with pytest.raises(DealError, match="colon"):
        Deal.from_pbn("AKQJ.T98.765.432")
    deal = Deal.from_pbn(PBN)
    with pytest.raises(DealError, match="turned card"):
        Deal(deal.hands, N, 1, turned=card_from_str("S2"))  # West holds it


def test_cut_rank_goodfellow_law_20() -> None:
    """Goodfellow law 20, Whist Club 14, Royalton 12: ace lowest; between equal
    ranks heart < diamond < club < spade."""
    assert CUT_SUIT_ORDER == (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
    order = sorted(range(52), key=cut_rank)
    assert card_str(order[0]) == "HA"  # the ace of hearts is the lowest cut
    assert card_str(order[-1]) == "SK"  # the king of spades the highest
    assert [card_str(c) for c in order[:8]] == ["HA", "DA", "CA", "SA", "H2", "D2", "C2", "S2"]
    assert [card_str(c) for c in order[-4:]] == ["HK", "DK", "CK", "SK"]
    assert sorted(cut_rank(c) for c in range(52)) == list(range(52))
    # Ace counts one: below the deuce of any suit.
    assert cut_rank(card_from_str("SA")) < cut_rank(card_from_str("H2"))


def test_sides_names_and_seats() -> None:
    ns, ew = Side
    assert (ns.title, ns.short, ns.key, ns.pbn) == ("North-South", "N-S", "ns", "NS")
    assert (ew.title, ew.short, ew.key, ew.pbn) == ("East-West", "E-W", "ew", "EW")
    assert ns.other is ew and ew.other is ns
    assert ns.seats == (N, S) and ew.seats == (E, W)
    assert all(seat.side is side for side in Side for seat in side.seats)


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("ns", Side.NORTH_SOUTH),
        ("N-S", Side.NORTH_SOUTH),
        ("NS", Side.NORTH_SOUTH),
        (" north south ", Side.NORTH_SOUTH),
        ("ew", Side.EAST_WEST),
        ("East-West", Side.EAST_WEST),
    ],
)
def test_side_from_any_of_its_names(text: str, side: Side) -> None:
    assert Side.from_key(text) is side


def test_side_from_key_refuses_a_seat() -> None:
    with pytest.raises(DealError, match="not a side"):
        Side.from_key("N")


def test_suit_masks_partition_the_pack() -> None:
    assert sum(SUIT_MASKS) == FULL_PACK
    for suit in Suit:
        assert suit.mask == SUIT_MASKS[suit]
        assert all(card_suit(c) is suit for c in cards_of(suit.mask))


def test_suit_bits_are_the_ranks_held_deuce_lowest() -> None:
    hand = hand_from_pbn("AK2.T..")
    assert suit_bits(hand, Suit.SPADES) == 1 << 12 | 1 << 11 | 1 << 0
    assert suit_bits(hand, Suit.HEARTS) == 1 << 8
    assert suit_bits(hand, Suit.CLUBS) == 0
    for suit in Suit:
        assert suit_bits(hand, suit) << (13 * suit) == suit_cards(hand, suit)


def test_a_suit_knows_its_symbol_and_colour() -> None:
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s for s in Suit if s.red] == [Suit.DIAMONDS, Suit.HEARTS]


def test_card_face_is_rank_then_symbol_with_the_ten_written_out() -> None:
    assert card_face(card_from_str("HT")) == "10♥"
    assert card_face(card_from_str("C2")) == "2♣"
    assert [card_face(c)[-1] for c in (0, 13, 26, 39)] == ["♣", "♦", "♥", "♠"]
