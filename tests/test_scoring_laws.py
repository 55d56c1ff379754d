"""Scoring laws not covered by name elsewhere: what the honors are (Whist
Club 5), the declarer's ten a trick and the two score columns (Royalton 35, 82)."""

from __future__ import annotations

from auctionwhist.calls import parse_contract
from auctionwhist.cards import Deal, Seat
from auctionwhist.codes import find_code
from auctionwhist.scoring import DealResult, Holdings, score_deal

N, E, S, W = Seat
# North: the spade A K Q J 10 and all four aces; West holds no club.
DEAL = Deal.from_pbn("N:AKQJT.A.A.A65432 98765.KQ.KQ.KQJT 2.JT987.JT98.987 43.65432.765432.")


def test_law_5_honors_are_ace_to_ten_of_trumps_or_the_aces_auction() -> None:
    """Whist Club law 5: ace, king, queen, knave and ten of the trump suit; the
    aces when no trump is declared."""
    spades = Holdings.from_deal(DEAL, parse_contract("1S").denom)
    assert spades.honors == (5, 0, 0, 0)
    assert spades.voids == frozenset()
    no_trump = Holdings.from_deal(DEAL, parse_contract("1NT").denom)
    assert no_trump.honors == (4, 0, 0, 0)
    clubs = Holdings.from_deal(DEAL, parse_contract("1C").denom)
    assert clubs.honors == (1, 4, 0, 0) and clubs.voids == frozenset({W})
    s = score_deal(DealResult(find_code("auction"), parse_contract("1NT"), N, 7, no_trump))
    assert [(i.reason, i.points, i.law) for i in s.items if i.column == "honor"] == [
        ("4 aces in one hand", 100, "Law 6 (auction)")
    ]


def test_law_35_declarer_scores_ten_for_each_trick_odd_royalton() -> None:
    """Royalton law 35: the declarer who wins his tricks odd scores 10 a trick toward game."""
    s = score_deal(DealResult(find_code("royalton"), parse_contract("2C"), E, 10))
    assert [(i.side, i.column, i.points) for i in s.items] == [(1, "trick", 40)]
    assert s.game_points == (0, 40)


def test_law_82_trick_score_and_penalty_and_bonus_score_royalton() -> None:
    """Royalton law 82: only tricks odd go in the trick score; everything else
    (penalties, slams, bonuses, undertricks) in the penalty and bonus score."""
    code = find_code("royalton")
    assert code.columns == ("trick", "penalty and bonus")
    made = score_deal(DealResult(code, parse_contract("6HX"), S, 13))
    assert {i.column for i in made.items if i.reason.startswith(("bonus", "little"))} == {"honor"}
    assert made.trick(0) == 7 * 10 * 2 and made.honor(0) == 100 + 50 * 2
    down = score_deal(DealResult(code, parse_contract("3NTR"), S, 7))
    assert [(i.side, i.column, i.points) for i in down.items] == [(1, "honor", 200)]
