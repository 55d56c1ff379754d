"""The play: following suit, the trick's winner at a trump, at no-trump and at
nullo, the lead from the hand that won, dummy played by the declarer."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.cards import Deal, Seat, Suit, card_from_str, card_suit, hand_from_cards
from auctionwhist.codes import find_code
from auctionwhist.play import IllegalPlayError, Play, follow_suit, trick_winner
from deals_helpers import PBN

N, E, S, W = Seat
DAW = find_code("daw")
DEAL = Deal.from_pbn(PBN)


def c(text: str) -> int:
    return card_from_str(text)


def cards(*texts: str) -> list[int]:
    return [c(t) for t in texts]


def test_trick_winner_highest_of_suit_led_at_no_trump() -> None:
    assert trick_winner(cards("H2", "HK", "SA", "H9"), -1) == 1


def test_trick_winner_highest_trump() -> None:
    assert trick_winner(cards("H2", "HK", "S2", "S3"), Suit.SPADES) == 3
    assert trick_winner(cards("S2", "HA", "HK", "S3"), Suit.SPADES) == 3
    assert trick_winner(cards("D2", "DA", "C3", "DK"), Suit.SPADES) == 1


def test_nullo_tricks_are_won_as_at_no_trump() -> None:
    # docs/spec.md §2.2.5: a nullo is played with no trump suit.
    assert trick_winner(cards("S2", "HA", "S3", "D4"), -1) == 2


def test_follow_suit_law_100_daw() -> None:
    p = Play(DAW, DEAL.hands, E, Suit.HEARTS, declarer=N)
    assert p.turn == E and p.opening_leader == E
    p.play(c("HA"))
    assert p.turn == S
    # South holds hearts, so a spade is a renounce in error.
    with pytest.raises(IllegalPlayError, match=r"Law 100 \(daw\).*follow suit"):
        p.play(c("S6"))
    assert not p.can_play(c("S6"))
    assert set(p.legal_cards()) == set(cards("H7", "H6", "H5"))


def test_card_not_in_hand() -> None:
    p = Play(DAW, DEAL.hands, E, None, declarer=N)
    with pytest.raises(IllegalPlayError, match="not in East's hand"):
        p.play(c("SA"))


def test_declarer_plays_dummy_and_dummy_faced_after_the_lead_law_74_daw() -> None:
    p = Play(DAW, DEAL.hands, E, Suit.HEARTS, declarer=N)
    assert p.dummy == S and not p.dummy_faced
    p.play(c("HA"))
    assert p.dummy_faced
    assert p.turn == S and p.actor == N  # the declarer plays dummy's card


def test_the_winner_leads_to_the_next_trick() -> None:
    p = Play(DAW, DEAL.hands, E, Suit.SPADES, declarer=N)
    for t in ("HA", "H5", "H2", "H8"):  # East, South, West, North
        p.play(c(t))
    assert p.winners == [E] and p.won == [0, 1] and p.turn == E
    p.play(c("C5"))
    p.play(c("C8"))
    p.play(c("CA"))
    p.play(c("C2"))
    assert p.winners[-1] == W and p.turn == W


def test_a_player_void_in_the_suit_led_may_trump_and_wins() -> None:
    p = Play(DAW, DEAL.hands, N, Suit.HEARTS, declarer=W)
    for t in ("SA", "S7", "S3", "S2", "SK", "S8", "S4"):
        p.play(c(t))
    assert p.can_play(c("H2")) and p.can_play(c("DJ"))  # West is void of spades
    p.play(c("H2"))
    assert p.winners == [N, W] and p.won == [1, 1] and p.turn == W


def play_out(p: Play, rng: random.Random) -> None:
    while not p.is_over:
        p.play(rng.choice(p.legal_cards()))


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3), st.sampled_from([-1, 0, 1, 2, 3]))
def test_random_plays_end_with_thirteen_full_tricks(
    rng: random.Random, lead: int, trump: int
) -> None:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = tuple(sum(1 << x for x in pack[i::4]) for i in range(4))
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    p = Play(
        DAW, deal.hands, Seat(lead), None if trump < 0 else Suit(trump), declarer=Seat(lead).right
    )
    play_out(p, rng)
    assert len(p.tricks) == 13 and sum(p.won) == 13
    assert all(h == 0 for h in p.hands)
    seen = 0
    for (leader, trick), winner in zip(p.tricks, p.winners, strict=True):
        assert len(trick) == 4
        # exactly one winner, and it is the card trick_winner picks
        assert winner == leader.after(trick_winner(trick, trump))
        # every card of the trick followed suit if its hand could
        for i, x in enumerate(trick):
            seat = leader.after(i)
            held_led = deal.hands[seat] & ~seen & Suit(card_suit(trick[0])).mask
            assert card_suit(x) == card_suit(trick[0]) or not held_led & ~(1 << x)
            seen |= 1 << x
    # the winner of each trick led the next
    for (leader, _), prev in zip(p.tricks[1:], p.winners, strict=False):
        assert leader == prev


def test_follow_suit_keeps_the_suit_led_while_the_hand_holds_it() -> None:
    hand = hand_from_cards(cards("HA", "H2", "SK", "C3"))
    assert follow_suit(hand, []) == hand  # the lead: any card
    assert follow_suit(hand, cards("H9")) == hand_from_cards(cards("HA", "H2"))
    assert follow_suit(hand, cards("D9", "DA")) == hand  # void in the suit led: any card


def test_a_renounce_is_refused_unless_the_table_lets_it_happen_daw_100() -> None:
    """Play answers follow suit once: ``is_renounce`` names a card of another
    suit while the suit led is held; ``play(renounce=True)`` lets a table under
    the laws record it (daw 100), and ``undo`` takes it back (daw 103)."""
    p = Play(DAW, DEAL.hands, N, Suit.SPADES)
    p.play(c("HT"))
    assert p.turn == E and p.has_played(N) and not p.has_played(E)
    assert p.is_renounce(c("S7")) and not p.is_renounce(c("HA"))
    assert p.is_renounce(c("S6"), S)  # South holds hearts too
    assert not p.is_renounce(c("HJ"), W)
    assert p.legal_mask(W) == sum(1 << x for x in cards("HJ", "H4", "H3", "H2"))
    with pytest.raises(IllegalPlayError, match="renounces"):
        p.play(c("S7"))
    assert not p.can_play(c("S7")) and p.can_play(c("S7"), renounce=True)
    p.play(c("S7"), renounce=True)
    assert p.trick == cards("HT", "S7")
    back = p.undo()
    assert back.card == c("S7") and p.turn == E and p.hands[E] >> c("S7") & 1
