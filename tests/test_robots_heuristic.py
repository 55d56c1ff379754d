"""The heuristic card player: the period's maxims, one test each."""

from __future__ import annotations

import random

from auctionwhist.calls import Bid, Contract
from auctionwhist.cards import Seat, card_from_str, hand_from_cards
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.robots.heuristic import HeuristicPlayer, heuristic_card
from auctionwhist.robots.player import play_deal
from auctionwhist.robots.view import ScoreContext, SeatView
from auctionwhist.table import Table


def _hand(text: str) -> int:
    return hand_from_cards(card_from_str(c) for c in text.split())


def _view(
    hand: str, trick: str, contract: str = "1S", seat: Seat = Seat.EAST, played: str = ""
) -> SeatView:
    """East to play, South declaring ``contract`` (West led the trick)."""
    h = _hand(hand)
    cards = tuple(card_from_str(c) for c in trick.split())
    bid = Bid(int(contract[0]), contract[1:])
    legal = [c for c in range(52) if h >> c & 1]
    if cards:
        follow = [c for c in legal if c // 13 == cards[0] // 13]
        legal = follow or legal
    leader = seat.after(-len(cards))
    seen = _hand(" ".join([*trick.split(), *played.split()]))
    return SeatView(
        seat=seat,
        code=find_code("daw"),
        phase="play",
        dealer=Seat.SOUTH,
        number=1,
        hand=h,
        held=h,
        calls=((Seat.SOUTH, bid),),
        score=ScoreContext(),
        contract=Contract(bid),
        declarer=Seat.SOUTH,
        dummy=Seat.NORTH,
        dummy_hand=0,
        trump=-1 if bid.denom.trump is None or bid.denom.nullo else int(bid.denom.trump),
        tricks=((Seat.WEST, ()),) if played else (),
        trick=cards,
        leader=leader,
        to_play=seat,
        legal_cards=tuple(legal),
        played=seen,
    )


def test_second_hand_low() -> None:
    # South leads the H4 through East (second hand): East plays low.
    v = _view("HK H9 H3 C2", "H4", seat=Seat.WEST)
    assert heuristic_card(v) == card_from_str("H3")


def test_cover_an_honor_with_an_honor() -> None:
    v = _view("HK H9 H3 C2", "HQ", seat=Seat.WEST)
    assert heuristic_card(v) == card_from_str("HK")


def test_third_hand_high_but_the_lowest_of_equals() -> None:
    # Partner (West) led, North played low: East holds K Q, plays the queen.
    v = _view("HK HQ H3 C2", "H4 H5")
    assert heuristic_card(v) == card_from_str("HQ")


def test_fourth_hand_wins_cheaply() -> None:
    v = _view("HA HJ H3 C2", "H4 H5 HT", seat=Seat.SOUTH)
    assert heuristic_card(v) == card_from_str("HJ")


def test_ruff_when_the_adversary_holds_the_trick() -> None:
    v = _view("S3 S9 C2 D7", "H4 HA")
    assert heuristic_card(v) == card_from_str("S3")


def test_discard_low_from_the_weakest_suit_hopson() -> None:
    # No trumps at no-trump: keep the guarded king, throw from the small clubs.
    v = _view("DK D7 C5 C3", "H4 HA", contract="1NT")
    assert heuristic_card(v) == card_from_str("C3")


def test_nullo_duck_with_the_highest_loser_royalton() -> None:
    v = _view("HK H9 H3 C2", "HJ HQ", contract="1NL")
    assert heuristic_card(v) == card_from_str("H9")


def test_heuristic_players_finish_deals_under_every_code(code_key: str) -> None:
    rng = random.Random(3)
    for n in range(20):
        t = Table(code_key, deal(code_key, number=n + 1, rng=rng))
        play_deal(t, dict.fromkeys(Seat, HeuristicPlayer()), rng)
        assert t.phase == "done"
