"""Scoring a finished deal under each code, law by law; the JSON shape of
docs/spec.md §5; errors; and properties over random results."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Contract, parse_contract
from auctionwhist.cards import Deal, Seat, Side, Suit
from auctionwhist.codes import CODES, RevokeTransfer, find_code
from auctionwhist.scoring import (
    DealResult,
    DealScore,
    Holdings,
    Revoke,
    Rubber,
    ScoreItem,
    ScoringError,
    score_deal,
    side_ahead,
)

N, E, S, W = Seat
NS, EW = 0, 1


def sc(code: str, contract: str, declarer: Seat, tricks: int, **kw: Any) -> DealScore:
    return score_deal(DealResult(find_code(code), parse_contract(contract), declarer, tricks, **kw))


def items(s: DealScore) -> list[tuple[str, str, str, int]]:
    """(side, column, reason, points) of every item."""
    return [("ns" if i.side == NS else "ew", i.column, i.reason, i.points) for i in s.items]


def laws(s: DealScore) -> list[str]:
    return [i.law for i in s.items]


# -- Duplicate Auction Whist (Goodfellow) -------------------------------------------


@pytest.mark.parametrize(("d", "value"), [("S", 2), ("C", 4), ("D", 6), ("H", 8), ("NT", 12)])
def test_law_9_trick_values_daw(d: str, value: int) -> None:
    """Law 9 (daw): each trick over six, S 2, C 4, D 6, H 8, NT 12; law 69: all tricks won."""
    assert sc("daw", f"1{d}", N, 7).trick(NS) == value
    assert sc("daw", f"1{d}", N, 10).trick(NS) == 4 * value
    assert laws(sc("daw", f"1{d}", N, 7)) == ["Law 9 (daw)"]


def test_law_7_game_scored_in_one_deal_daw() -> None:
    """Law 7 (daw): 30 trick points in one deal win game, 100 in the honor column."""
    s = sc("daw", "3NT", E, 9)
    assert items(s) == [
        ("ew", "trick", "3 odd tricks at no-trump", 36),
        ("ew", "honor", "game", 100),
    ]
    assert s.items[1].law == "Law 7 (daw)"
    assert s.game_points == (0, 36)
    assert "game" not in [i.reason for i in sc("daw", "3H", E, 9).items]  # 24 points


def test_law_7_daw_is_always_scored_per_deal() -> None:
    assert sc("daw", "4H", N, 10, duplicate=False).honor(NS) == 100


def test_law_8_only_the_declarant_scores_toward_game_daw() -> None:
    """Law 8 (daw): the adversaries score no trick points, however many tricks they take."""
    s = sc("daw", "1H", N, 3)
    assert s.trick(NS) == s.trick(EW) == 0
    assert items(s) == [("ew", "honor", "4 undertricks", 200)]


def test_law_10_game_by_tricks_alone_daw() -> None:
    """Law 10 (daw): honors, slams, chicane, bonus do not count toward game."""
    s = sc("daw", "2HX", N, 8, holdings=Holdings((5, 0, 0, 0)))
    assert s.trick(NS) == 32
    s = sc("daw", "2H", N, 9, holdings=Holdings((5, 0, 0, 0)))
    assert s.trick(NS) == 24 and "game" not in [i.reason for i in s.items]


def test_law_11_one_game_on_a_deal_excess_counted_daw() -> None:
    """Law 11 (daw): points over thirty count, but only one game on a deal."""
    s = sc("daw", "7NTXX", S, 13)
    assert items(s) == [
        ("ns", "trick", "7 odd tricks at no-trump, redoubled", 336),
        ("ns", "honor", "grand slam", 40),
        ("ns", "honor", "game", 100),
        ("ns", "honor", "bonus, contract, redoubled", 100),
    ]


def test_law_14_little_slam_to_either_side_daw() -> None:
    """Law 14 (daw), docs/spec.md §2.2.1: the side taking twelve tricks scores
    20, declarant or not."""
    s = sc("daw", "1S", N, 1)
    assert ("ew", "honor", "little slam", 20) in items(s)
    assert s.items[0].law == "Law 14 (daw)"
    assert ("ns", "honor", "little slam", 20) in items(sc("daw", "1S", N, 12))


def test_law_15_grand_slam_to_either_side_daw() -> None:
    s = sc("daw", "2C", W, 0)
    assert ("ns", "honor", "grand slam", 40) in items(s)
    assert [i.law for i in s.items if i.reason == "grand slam"] == ["Law 15 (daw)"]


def test_laws_14_15_penalty_tricks_do_not_make_a_slam_daw() -> None:
    """Laws 14-15 (daw): slams count tricks independently of revoke penalty tricks."""
    s = sc("daw", "4H", N, 10, revokes=(Revoke(E, 5),))
    assert s.trick(NS) == 7 * 8  # 13 tricks with the penalty
    assert "grand slam" not in [i.reason for i in s.items]
    assert "little slam" not in [i.reason for i in s.items]
    s = sc("daw", "4H", N, 12, revokes=(Revoke(E, 5),))  # one trick to take
    assert [i.reason for i in s.items if "slam" in i.reason] == ["little slam"]


def test_law_69_undertricks_daw() -> None:
    """Law 69 (daw): 50 in the adversaries' honor column for each trick short."""
    assert items(sc("daw", "4S", S, 7)) == [("ew", "honor", "3 undertricks", 150)]
    assert laws(sc("daw", "4S", S, 7)) == ["Law 69 (daw)"]


def test_law_69_one_spade_cap_daw() -> None:
    """Law 69 (daw): at one spade, doubled or not, unless redoubled, at most 100."""
    assert items(sc("daw", "1S", S, 3)) == [
        ("ew", "honor", "4 undertricks, limited to 100 at one spade", 100)
    ]
    assert sc("daw", "1S", S, 5).honor(EW) == 100
    assert sc("daw", "1S", S, 6).honor(EW) == 50
    assert sc("daw", "1SX", S, 5).honor(EW) == 100
    assert sc("daw", "1SX", S, 6).honor(EW) == 100
    assert sc("daw", "1SXX", S, 5).honor(EW) == 400
    assert sc("daw", "2S", S, 5).honor(EW) == 150
    assert laws(sc("daw", "1SX", S, 4)) == ["Law 69 (daw)"]


def test_law_70_doubled_daw() -> None:
    """Law 70 (daw): A tricks doubled, B 100 per undertrick, C bonus 50 and 50 per overtrick."""
    s = sc("daw", "2DX", N, 10)
    assert items(s) == [
        ("ns", "trick", "4 odd tricks at diamonds, doubled", 48),
        ("ns", "honor", "game", 100),
        ("ns", "honor", "bonus, contract and 2 overtricks, doubled", 150),
    ]
    assert laws(s) == ["Law 70A (daw)", "Law 7 (daw)", "Law 70C (daw)"]
    s = sc("daw", "2DX", N, 6)
    assert items(s) == [("ew", "honor", "2 undertricks, doubled", 200)]
    assert laws(s) == ["Law 70B (daw)"]


def test_law_71_redoubled_daw() -> None:
    """Law 71 (daw): A tricks quadrupled, B 200 an undertrick, C bonus 100 and 100 an overtrick."""
    s = sc("daw", "1CXX", E, 8)
    assert items(s) == [
        ("ew", "trick", "2 odd tricks at clubs, redoubled", 32),
        ("ew", "honor", "game", 100),
        ("ew", "honor", "bonus, contract and 1 overtrick, redoubled", 200),
    ]
    assert laws(s) == ["Law 71A (daw)", "Law 7 (daw)", "Law 71C (daw)"]
    s = sc("daw", "3CXX", E, 7)
    assert items(s) == [("ns", "honor", "2 undertricks, redoubled", 400)]
    assert laws(s) == ["Law 71B (daw)"]


def test_law_101A_declarant_revokes_daw() -> None:
    """Law 101A (daw): a revoking declarant scores no trick points; adversaries +150,
    in addition to any undertricks."""
    s = sc("daw", "3NTX", N, 10, revokes=(Revoke(N, 4),), holdings=Holdings((2, 1, 1, 0)))
    assert items(s) == [
        ("ns", "honor", "3 aces", 30),
        ("ew", "honor", "revoke by the declarant's side (North)", 150),
    ]
    assert s.items[-1].law == "Law 101A (daw)"
    s = sc("daw", "3NT", N, 8, revokes=(Revoke(N, 4),))
    assert s.honor(EW) == 50 + 150


def test_law_101B_adversary_revokes_points_daw() -> None:
    """Law 101B (daw): the declarant may add 150, in addition to any bonus."""
    s = sc("daw", "2HX", S, 9, revokes=(Revoke(W, 3),), revoke_penalty="points")
    assert items(s) == [
        ("ns", "trick", "3 odd tricks at hearts, doubled", 48),
        ("ns", "honor", "game", 100),
        ("ns", "honor", "bonus, contract and 1 overtrick, doubled", 100),
        ("ns", "honor", "revoke by West, penalty taken in points", 150),
    ]
    assert s.items[-1].law == "Law 101B (daw)"


def test_law_101B_adversary_revokes_three_tricks_daw() -> None:
    """Law 101B (daw): three tricks help the contract, not the bonus nor a slam."""
    s = sc("daw", "2HX", S, 6, revokes=(Revoke(W, 3),))
    assert items(s) == [
        (
            "ns",
            "trick",
            "3 odd tricks at hearts, doubled (with 3 tricks taken for a revoke)",
            48,
        ),
        ("ns", "honor", "game", 100),
    ]
    s = sc("daw", "2HX", S, 9, revokes=(Revoke(W, 3),))
    assert s.honor(NS) == 100 + 100  # game; bonus for contract and 1 overtrick, not 4
    # Not made even with three tricks: undertricks still count against him.
    assert sc("daw", "4H", S, 5, revokes=(Revoke(W, 3),)).honor(EW) == 100


def test_law_101B_no_tricks_to_take_means_points_daw() -> None:
    """The adversaries took no trick: the penalty is taken in points."""
    s = sc("daw", "1H", S, 13, revokes=(Revoke(W, 3),))
    assert ("ns", "honor", "revoke by West, penalty taken in points", 150) in items(s)


def test_law_101C_later_revokes_daw() -> None:
    """Law 101C (daw): each revoke of a side after the first costs 100."""
    s = sc("daw", "1H", S, 7, revokes=(Revoke(E, 2), Revoke(W, 5), Revoke(E, 9)))
    assert s.trick(NS) == 4 * 8
    assert ("ns", "honor", "2 later revokes by East-West", 200) in items(s)
    assert s.items[-1].law == "Law 101C (daw)"


def test_law_101_both_sides_revoke_each_pays_daw() -> None:
    s = sc("daw", "2S", N, 8, revokes=(Revoke(N, 2), Revoke(E, 5)), revoke_penalty="points")
    assert items(s) == [
        ("ew", "honor", "revoke by the declarant's side (North)", 150),
        ("ns", "honor", "revoke by East, penalty taken in points", 150),
    ]


def test_law_100_dummy_cannot_revoke_daw() -> None:
    with pytest.raises(ScoringError, match=r"Law 100 \(daw\): dummy cannot revoke"):
        sc("daw", "2S", N, 8, revokes=(Revoke(S, 2),))


# -- Auction Bridge, Whist Club laws -------------------------------------------------


@pytest.mark.parametrize(("d", "value"), [("S", 2), ("C", 4), ("D", 6), ("H", 8), ("NT", 12)])
def test_law_4_trick_values_auction(d: str, value: int) -> None:
    s = sc("auction", f"2{d}", W, 9)
    assert s.trick(EW) == 3 * value
    assert laws(s)[0] == "Law 4 (auction)"


def test_law_2_game_accumulates_no_deal_bonus_auction() -> None:
    """Law 2 (Whist Club): game is 30 trick points, accumulated in a rubber: no
    per-deal game bonus."""
    s = sc("auction", "3NT", N, 10)
    assert items(s) == [("ns", "trick", "4 odd tricks at no-trump", 48)]
    assert s.game_points == (48, 0)


def test_spec_2_2_8_duplicate_game_auction_royals_royalton() -> None:
    """docs/spec.md §2.2.8: scored alone for duplicate, a game deal adds 100 (30, 30, 40)."""
    s = sc("auction", "3NT", N, 9, duplicate=True)
    assert ("ns", "honor", "game", 100) in items(s)
    assert s.items[-1].law == "SPEC §2.2.8 (auction)"
    assert sc("royals", "3NT", N, 9, duplicate=True).honor(NS) == 100  # 30
    assert sc("royals", "2RS", N, 9, duplicate=False).honor(NS) == 0
    assert sc("royalton", "3NT", N, 9, duplicate=True).honor(NS) == 0  # 30 < 40
    s = sc("royalton", "4H", N, 10, duplicate=True)
    assert ("ns", "honor", "game", 100) in items(s)
    assert s.items[-1].law == "SPEC §2.2.8 (royalton)"


def test_laws_7_8_slams_by_either_side_auction() -> None:
    """Laws 7-8 (Whist Club): slam 40, little slam 20, by either side."""
    assert sc("auction", "3D", N, 1).honor(EW) == 20 + 8 * 50
    assert laws(sc("auction", "3D", N, 1))[0] == "Law 8 (auction)"
    assert ("ns", "honor", "grand slam", 40) in items(sc("auction", "3D", N, 13))
    assert laws(sc("auction", "3D", N, 13))[1] == "Law 7 (auction)"


def test_laws_7_8_revoke_tricks_do_not_make_a_slam_auction() -> None:
    s = sc("auction", "3D", N, 11, revokes=(Revoke(E, 3),))
    assert s.trick(NS) == 7 * 6
    assert [i.reason for i in s.items if "slam" in i.reason] == []


def test_law_49_undertricks_auction() -> None:
    assert items(sc("auction", "3H", N, 7)) == [("ew", "honor", "2 undertricks", 100)]
    assert sc("auction", "3HX", N, 7).honor(EW) == 200
    assert sc("auction", "3HXX", N, 7).honor(EW) == 400
    assert laws(sc("auction", "3HX", N, 7)) == ["Law 49 (auction)"]


def test_law_50_one_spade_cap_auction() -> None:
    s = sc("auction", "1SX", N, 3)
    assert s.honor(EW) == 100
    assert laws(s) == ["Law 50 (auction)"]
    assert sc("auction", "1SXX", N, 3).honor(EW) == 800


def test_law_54_doubling_auction() -> None:
    s = sc("auction", "1HX", N, 8)
    assert s.trick(NS) == 32
    assert laws(s)[0] == "Law 54 (auction)"
    assert sc("auction", "1HXX", N, 8).trick(NS) == 64


def test_law_57_bonus_auction() -> None:
    s = sc("auction", "1HX", N, 9)
    assert ("ns", "honor", "bonus, contract and 2 overtricks, doubled", 150) in items(s)
    assert laws(s)[-1] == "Law 57 (auction)"
    assert sc("auction", "1HXX", N, 9).honor(NS) == 300


def test_law_86a_declarer_revokes_auction() -> None:
    """Law 86a (Whist Club): adversaries +150; the revoking side scores only honors and
    chicane (no tricks, no slam, no bonus)."""
    s = sc(
        "auction",
        "1HX",
        N,
        12,
        revokes=(Revoke(N, 7),),
        holdings=Holdings((3, 1, 0, 1), frozenset({S})),
    )
    assert items(s) == [
        ("ns", "honor", "3 honors", 16),
        ("ns", "honor", "chicane (South)", 16),
        ("ew", "honor", "revoke by the declarant's side (North)", 150),
    ]
    assert laws(s)[-1] == "Law 86a (auction)"


def test_law_86b_adversary_revokes_auction() -> None:
    """Law 86b (Whist Club): 150 or three tricks; the tricks make the contract but
    earn no bonus."""
    s = sc("auction", "2CX", N, 8, revokes=(Revoke(E, 2),), revoke_penalty="points")
    assert items(s)[-1] == ("ns", "honor", "revoke by East, penalty taken in points", 150)
    assert laws(s)[-1] == "Law 86b (auction)"
    s = sc("auction", "2CX", N, 6, revokes=(Revoke(E, 2),))
    assert items(s) == [
        ("ns", "trick", "3 odd tricks at clubs, doubled (with 3 tricks taken for a revoke)", 24)
    ]


def test_law_86_revoking_adversaries_score_only_honors_auction() -> None:
    """Law 86 (Whist Club): revoking adversaries score no undertricks and no slam."""
    s = sc("auction", "4H", N, 4, revokes=(Revoke(E, 2),), holdings=Holdings((1, 2, 0, 2)))
    assert items(s) == [("ew", "honor", "4 honors", 32)]
    s = sc("auction", "1H", N, 1, revokes=(Revoke(E, 2),), revoke_penalty="points")
    assert items(s) == [("ns", "honor", "revoke by East, penalty taken in points", 150)]


def test_law_86c_later_revokes_auction() -> None:
    s = sc("auction", "1H", N, 7, revokes=(Revoke(N, 2), Revoke(N, 3), Revoke(N, 4)))
    assert items(s) == [
        ("ew", "honor", "revoke by the declarant's side (North)", 150),
        ("ew", "honor", "2 later revokes by North-South", 200),
    ]
    assert laws(s) == ["Law 86a (auction)", "Law 86c (auction)"]


def test_law_91_both_sides_revoke_auction() -> None:
    """Law 91 (Whist Club): only honors and chicane; 100 for each extra revoke."""
    s = sc(
        "auction",
        "4H",
        N,
        11,
        revokes=(Revoke(N, 2), Revoke(E, 3), Revoke(W, 6), Revoke(E, 8)),
        holdings=Holdings((4, 1, 0, 0)),
    )
    assert items(s) == [
        ("ns", "honor", "4 honors in one hand", 64),
        ("ns", "honor", "2 extra revokes by East-West, both sides revoked", 200),
    ]
    assert laws(s)[-1] == "Law 91 (auction)"


# -- Royals: Hopson's new count ------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "value"), [("S", 2), ("C", 6), ("D", 7), ("H", 8), ("RS", 9), ("NT", 10)]
)
def test_new_count_trick_values_royals(d: str, value: int) -> None:
    """The New Count: S 2, C 6, D 7, H 8, Royal Spades 9, NT 10."""
    s = sc("royals", f"1{d}", S, 8)
    assert s.trick(NS) == 2 * value
    assert laws(s) == ["The New Count (royals)"]


def test_new_count_rules_otherwise_as_whist_club_royals() -> None:
    assert sc("royals", "1SX", N, 3).honor(EW) == 100  # law 50
    assert sc("royals", "1RSX", N, 3).honor(EW) == 400  # royal spades are not "one spade"
    assert ("ew", "honor", "little slam", 20) in items(sc("royals", "1RS", N, 1))


# -- Royalton ------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["1S", "1C", "1D", "1H", "1NT", "1SR", "1NTR"])
def test_law_83_ten_a_trick_every_declaration_royalton(contract: str) -> None:
    """Law 83 (Royalton), law 35: 10 for each trick odd, whatever the declaration, royal or not."""
    s = sc("royalton", contract, E, 9)
    assert s.trick(EW) == 30
    assert laws(s) == ["Law 83 (royalton)"]


def test_law_44_doubling_royalton() -> None:
    assert sc("royalton", "2HX", E, 9).trick(EW) == 60
    assert sc("royalton", "2HXX", E, 9).trick(EW) == 120
    assert laws(sc("royalton", "2HX", E, 9))[0] == "Law 44 (royalton)"


def test_law_36_undertricks_plain_royalton() -> None:
    assert items(sc("royalton", "3H", E, 7)) == [("ns", "honor", "2 undertricks", 100)]
    assert sc("royalton", "3HX", E, 7).honor(NS) == 200
    assert sc("royalton", "3HXX", E, 7).honor(NS) == 400
    assert laws(sc("royalton", "3H", E, 7)) == ["Law 36 (royalton)"]
    assert sc("royalton", "1SX", E, 3).honor(NS) == 400  # no one-spade limit


def test_law_32_royal_undertricks_royalton() -> None:
    """Law 32 (Royalton): a royal bid that fails gives 100 an undertrick; law 36:
    doubled 200, redoubled 400."""
    s = sc("royalton", "3HR", E, 7)
    assert items(s) == [("ns", "honor", "2 undertricks, royal bid", 200)]
    assert laws(s) == ["Law 32 (royalton)"]
    assert sc("royalton", "3HRX", E, 7).honor(NS) == 400
    assert sc("royalton", "3HRXX", E, 7).honor(NS) == 800
    assert laws(sc("royalton", "3HRX", E, 7)) == ["Law 36 (royalton)"]


def test_law_47_doubled_bonus_royalton() -> None:
    s = sc("royalton", "2SX", N, 9)
    assert items(s) == [
        ("ns", "trick", "3 odd tricks at spades, doubled", 60),
        ("ns", "honor", "bonus, contract and 1 overtrick, doubled", 100),
    ]
    assert laws(s)[-1] == "Law 47 (royalton)"
    assert sc("royalton", "2SXX", N, 9).honor(NS) == 200


def test_law_83_nullo_royalton() -> None:
    """Law 83 (Royalton), docs/spec.md §2.2.5: a nullo is fulfilled when the adversaries take
    6 + level; the declarer scores 10 for each of their tricks over six."""
    s = sc("royalton", "2NL", S, 4)  # adversaries take 9
    assert items(s) == [("ns", "trick", "3 odd tricks at nullo", 30)]
    assert laws(s) == ["Law 83 (royalton)"]
    assert sc("royalton", "2NLX", S, 5).trick(NS) == 40


def test_law_36_nullo_undertricks_royalton() -> None:
    assert items(sc("royalton", "2NL", S, 6)) == [("ew", "honor", "1 undertrick", 50)]
    assert items(sc("royalton", "2NLR", S, 7)) == [("ew", "honor", "2 undertricks, royal bid", 200)]


def test_law_47_nullo_doubled_bonus_royalton() -> None:
    s = sc("royalton", "1NLX", W, 4)  # N-S take 9: two over the seven declared
    assert items(s) == [
        ("ew", "trick", "3 odd tricks at nullo, doubled", 60),
        ("ew", "honor", "bonus, contract and 2 overtricks, doubled", 150),
    ]


def test_laws_86_87_slams_only_when_bid_royalton() -> None:
    """Laws 86-87 (Royalton): grand 250, little 100, only when declared and made."""
    assert [i.reason for i in sc("royalton", "4H", N, 12).items] == ["6 odd tricks at hearts"]
    assert [i.reason for i in sc("royalton", "4H", N, 13).items] == ["7 odd tricks at hearts"]
    assert sc("royalton", "1H", N, 0).honor(EW) == 7 * 50  # the adversaries' 13: no slam
    s = sc("royalton", "6H", N, 12)
    assert items(s)[-1] == ("ns", "honor", "little slam", 100)
    assert laws(s)[-1] == "Law 87 (royalton)"
    assert sc("royalton", "6H", N, 13).honor(NS) == 100  # a grand slam not declared
    s = sc("royalton", "7NT", N, 13)
    assert items(s)[-1] == ("ns", "honor", "grand slam", 250)
    assert laws(s)[-1] == "Law 86 (royalton)"
    assert sc("royalton", "7NT", N, 12).honor(NS) == 0


def test_nullo_slams_spec_2_2_5_royalton() -> None:
    """docs/spec.md §2.2.5: a nullo fulfilled at six or seven earns the little or grand slam."""
    assert items(sc("royalton", "6NL", E, 1)) == [
        ("ew", "trick", "6 odd tricks at nullo", 60),
        ("ew", "honor", "little slam", 100),
    ]
    assert sc("royalton", "7NLR", E, 0).honor(EW) == 250


def test_law_88_slams_not_affected_by_doubling_royalton() -> None:
    s = sc("royalton", "6HXX", N, 12)
    assert ("ns", "honor", "little slam", 100) in items(s)


def test_law_77a_declarer_revokes_royalton() -> None:
    """Law 77a (Royalton): no score for tricks; adversaries +100 besides undertricks."""
    s = sc("royalton", "6H", N, 12, revokes=(Revoke(N, 3),))
    assert items(s) == [("ew", "honor", "revoke by the declarant's side (North)", 100)]
    assert laws(s) == ["Law 77a (royalton)"]
    assert sc("royalton", "6H", N, 10, revokes=(Revoke(N, 3),)).honor(EW) == 100 + 100


def test_law_77b_adversary_revokes_royalton() -> None:
    """Law 77b (Royalton): 100, or three tricks that also count for a bid slam and the bonus."""
    s = sc("royalton", "6HX", N, 10, revokes=(Revoke(E, 3),))
    assert items(s) == [
        ("ns", "trick", "7 odd tricks at hearts, doubled (with 3 tricks taken for a revoke)", 140),
        ("ns", "honor", "little slam", 100),
        ("ns", "honor", "bonus, contract and 1 overtrick, doubled", 100),
    ]
    s = sc("royalton", "2H", N, 8, revokes=(Revoke(E, 3),), revoke_penalty="points")
    assert items(s)[-1] == ("ns", "honor", "revoke by East, penalty taken in points", 100)
    assert laws(s)[-1] == "Law 77b (royalton)"


def test_law_77b_nullo_three_tricks_move_to_the_revokers_spec_2_2_5_royalton() -> None:
    """docs/spec.md §2.2.5: at nullo the declarer gives the revoking side three of his tricks."""
    s = sc("royalton", "2NL", N, 6, revokes=(Revoke(E, 3),))  # E-W 7 + 3 = 10
    assert items(s) == [
        ("ns", "trick", "4 odd tricks at nullo (with 3 tricks taken for a revoke)", 40)
    ]
    s = sc("royalton", "2NL", N, 6, revokes=(Revoke(E, 3),), revoke_penalty="points")
    assert items(s) == [
        ("ew", "honor", "1 undertrick", 50),
        ("ns", "honor", "revoke by East, penalty taken in points", 100),
    ]


def test_law_77c_each_revoke_100_the_first_included_royalton() -> None:
    """Law 77c (Royalton), docs/spec.md §2.2.12: East revokes twice: 100 for each,
    the first included, and no three tricks even when the declarer asks for them."""
    for penalty in ("points", "tricks"):
        s = sc("royalton", "2H", N, 8, revokes=(Revoke(E, 3), Revoke(E, 4)), revoke_penalty=penalty)
        assert items(s) == [
            ("ns", "trick", "2 odd tricks at hearts", 20),
            ("ns", "honor", "2 revokes by East-West, 100 each", 200),
        ]
        assert laws(s)[-1] == "Law 77c (royalton)"


def test_law_81_equal_revokes_void_royalton() -> None:
    """Law 81 (Royalton): both sides revoke equally: no score, a new deal."""
    s = sc("royalton", "2H", N, 8, revokes=(Revoke(N, 3), Revoke(E, 4)))
    assert s.void and s.items == ()
    assert "Law 81 (royalton)" in s.note
    assert s.to_json()["ns"] == {"trick": 0, "honor": 0, "total": 0}


def test_law_81_unequal_revokes_royalton() -> None:
    """Law 81 (Royalton): when the numbers differ, 100 for each extra revoke."""
    s = sc("royalton", "2H", N, 8, revokes=(Revoke(N, 3), Revoke(E, 4), Revoke(W, 9)))
    assert not s.void
    assert items(s) == [("ns", "honor", "1 extra revoke by East-West, both sides revoked", 100)]
    assert laws(s) == ["Law 81 (royalton)"]


def test_spec_2_2_4_all_pass_void_royalton() -> None:
    """Law 30 (Royalton), docs/spec.md §2.2.4: four passes: nothing scored, the deal passes."""
    s = score_deal(DealResult(find_code("royalton"), None, None, 0))
    assert s.void and s.items == () and s.game_points == (0, 0)
    assert "Law 30 (royalton)" in s.note


def test_law_52_no_contract_is_an_error_daw() -> None:
    with pytest.raises(ScoringError, match=r"Law 52 \(daw\)"):
        score_deal(DealResult(find_code("daw"), None, None, 0))


# -- Duplicate Whist -----------------------------------------------------------------


def whist(tricks: int, *revokes: Revoke, **kw: Any) -> DealScore:
    return score_deal(
        DealResult(find_code("whist"), None, None, tricks, revokes=revokes, trump=Suit.HEARTS, **kw)
    )


def test_law_A_every_trick_scored_whist() -> None:
    """1894 law A, docs/spec.md §2.2.9: each side scores every trick it took."""
    s = whist(8)
    assert items(s) == [("ns", "trick", "8 tricks", 8), ("ew", "trick", "5 tricks", 5)]
    assert laws(s) == ["Law A (1894) (whist)"] * 2
    assert (s.total(NS), s.total(EW)) == (8, 5)
    assert s.game_points == (0, 0)
    assert s.to_json()["ew"] == {"trick": 5, "honor": 0, "total": 5}


def test_law_X_4_revoke_transfers_two_tricks_whist() -> None:
    """AWL law X §4: a revoke transfers two tricks to the adversaries."""
    s = whist(8, Revoke(E, 4))
    assert (s.total(NS), s.total(EW)) == (10, 3)
    assert laws(s)[-1] == "Law X §4 (whist)"
    assert items(s)[-1] == ("ns", "trick", "1 revoke by East-West: 2 tricks transferred", 2)


def test_law_X_4_later_revokes_one_trick_each_whist() -> None:
    s = whist(8, Revoke(E, 4), Revoke(W, 6), Revoke(E, 11))
    assert (s.total(NS), s.total(EW)) == (12, 1)


def test_law_X_4_revoking_side_not_above_the_average_whist() -> None:
    """AWL law X §4: the revoking side cannot score more, nor the adversaries less,
    than the average on the deal."""
    s = whist(6, Revoke(E, 9), average=9.5)  # E-W took 7, less 2 is 5; their average 3.5
    assert (s.total(NS), s.total(EW)) == (10, 3)
    s = whist(6, Revoke(E, 9), average=4.0)  # the average does not soften the penalty
    assert (s.total(NS), s.total(EW)) == (8, 5)


def test_law_X_4_tricks_before_the_first_revoke_kept_whist() -> None:
    """AWL law X §4: the penalty never takes tricks won before the first revoke."""
    s = whist(6, Revoke(E, 12), tricks_before_revoke=(5, 6))
    assert (s.total(NS), s.total(EW)) == (7, 6)
    s = whist(6, Revoke(E, 12), tricks_before_revoke=(5, 6), average=9.0)
    assert (s.total(NS), s.total(EW)) == (7, 6)


def test_law_X_4_both_sides_revoke_whist() -> None:
    s = whist(8, Revoke(N, 3), Revoke(E, 4))
    assert (s.total(NS), s.total(EW)) == (8, 5)


def test_whist_takes_no_contract() -> None:
    with pytest.raises(ScoringError, match=r"Law III §1 \(whist\)"):
        score_deal(DealResult(find_code("whist"), parse_contract("1H"), N, 7))


def test_whist_impossible_tricks_before_revoke() -> None:
    with pytest.raises(ScoringError, match="Law X §4"):
        whist(6, Revoke(E, 3), tricks_before_revoke=(2, 3))


def test_the_revoke_transfer_is_read_from_the_code_whist() -> None:
    """AWL X §4's two tricks and one are declared (``RevokeTransfer``), not
    written into the scorer: a code declaring three and two scores so."""
    code = replace(find_code("whist"), key="whist-3-2", revoke=RevokeTransfer(tricks=3, later=2))
    s = score_deal(DealResult(code, None, None, 8, revokes=(Revoke(E, 4),), trump=Suit.HEARTS))
    assert (s.total(NS), s.total(EW)) == (11, 2)
    two = (Revoke(E, 4), Revoke(W, 6))
    s = score_deal(DealResult(code, None, None, 6, revokes=two, trump=Suit.HEARTS))
    assert (s.total(NS), s.total(EW)) == (11, 2)


@pytest.mark.parametrize("key", ["daw", "whist"])
def test_a_code_without_a_revoke_law_refuses_a_revoke(key: str) -> None:
    """Where the code declares no penalty, a revoke cannot be scored; every
    registered code declares one (Goodfellow 101, AWL X §4)."""
    code = replace(find_code(key), key=f"{key}-no-revoke", revoke=None)
    contract = parse_contract("2H") if code.counts == "odd" else None
    declarer = S if contract is not None else None
    result = DealResult(code, contract, declarer, 8, revokes=(Revoke(E, 4),), trump=Suit.HEARTS)
    with pytest.raises(ScoringError, match="has no penalty for a revoke"):
        score_deal(result)


# -- errors --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "contract", "match"),
    [
        ("daw", "1RS", r"Law 9 \(daw\): 1RS: royal spades is not a declaration"),
        ("auction", "2NL", r"Law 4 \(auction\): 2NL: nullo is not a declaration"),
        ("royalton", "1RS", r"Law 83 \(royalton\): 1RS: royal spades"),
        ("royals", "3HR", r"The New Count \(royals\): 3HR: this code has no royal bids"),
        ("daw", "3SR", r"Law 9 \(daw\): 3SR: this code has no royal bids"),
    ],
)
def test_contract_the_code_does_not_have(code: str, contract: str, match: str) -> None:
    with pytest.raises(ScoringError, match=match):
        sc(code, contract, N, 7)


@pytest.mark.parametrize("tricks", [-1, 14])
def test_tricks_outside_0_13(tricks: int) -> None:
    with pytest.raises(ScoringError, match=r"Law 9 \(daw\)"):
        sc("daw", "1H", N, tricks)
    with pytest.raises(ScoringError, match=r"Law A \(1894\) \(whist\)"):
        whist(tricks)


def test_bad_revokes_and_declarant() -> None:
    with pytest.raises(ScoringError, match=r"Law 101 \(daw\): trick 14"):
        sc("daw", "1H", N, 7, revokes=(Revoke(E, 14),))
    with pytest.raises(ScoringError, match="revoked twice"):
        sc("daw", "1H", N, 7, revokes=(Revoke(E, 4), Revoke(E, 4)))
    with pytest.raises(ScoringError, match=r"Law 56 \(daw\)"):
        score_deal(DealResult(find_code("daw"), parse_contract("1H"), None, 7))
    with pytest.raises(ScoringError, match=r"Law 31 \(royalton\)"):
        score_deal(DealResult(find_code("royalton"), Contract(Bid(8, "H")), N, 7))
    with pytest.raises(ScoringError, match="doubled once"):
        score_deal(DealResult(find_code("daw"), Contract(Bid(1, "H"), 3), N, 7))


def test_scoring_error_is_a_value_error() -> None:
    assert issubclass(ScoringError, ValueError)


# -- the JSON of docs/spec.md §5 -------------------------------------------------------


def test_to_json_spec_5() -> None:
    s = sc("daw", "2NTX", N, 8, holdings=Holdings((2, 1, 1, 0)))
    assert s.to_json() == {
        "ns": {"trick": 48, "honor": 180, "total": 228},
        "ew": {"trick": 0, "honor": 0, "total": 0},
        "items": [
            {
                "side": "ns",
                "column": "trick",
                "points": 48,
                "reason": "2 odd tricks at no-trump, doubled",
                "law": "Law 70A (daw)",
            },
            {
                "side": "ns",
                "column": "honor",
                "points": 30,
                "reason": "3 aces",
                "law": "Law 17 (daw)",
            },
            {
                "side": "ns",
                "column": "honor",
                "points": 100,
                "reason": "game",
                "law": "Law 7 (daw)",
            },
            {
                "side": "ns",
                "column": "honor",
                "points": 50,
                "reason": "bonus, contract, doubled",
                "law": "Law 70C (daw)",
            },
        ],
    }


# -- properties ----------------------------------------------------------------------


@st.composite
def results(draw: st.DrawFn) -> DealResult:
    code = CODES[draw(st.sampled_from(sorted(CODES)))]
    tricks = draw(st.integers(0, 13))
    seats = st.sampled_from(list(Seat))
    if not code.auction:
        revokes = draw(st.lists(st.builds(Revoke, seats, st.integers(1, 13)), max_size=3))
        return DealResult(
            code,
            None,
            None,
            tricks,
            revokes=tuple({(r.seat, r.trick): r for r in revokes}.values()),
            average=draw(st.one_of(st.none(), st.floats(0, 13))),
        )
    royal = draw(st.booleans()) and code.royal_bids
    bid = Bid(draw(st.integers(1, 7)), draw(st.sampled_from(sorted(code.trick_values))), royal)
    contract = Contract(bid, draw(st.integers(0, 2)))
    declarer = draw(seats)
    order = draw(st.permutations(range(52)))
    hands = [0, 0, 0, 0]
    for i, c in enumerate(order):
        hands[i % 4] |= 1 << c
    deal = Deal((hands[0], hands[1], hands[2], hands[3]))
    revokers = st.sampled_from([s for s in Seat if s != declarer.partner])
    revokes = draw(st.lists(st.builds(Revoke, revokers, st.integers(1, 13)), max_size=3))
    return DealResult(
        code,
        contract,
        declarer,
        tricks,
        holdings=Holdings.from_deal(deal, contract.denom),
        revokes=tuple({(r.seat, r.trick): r for r in revokes}.values()),
        revoke_penalty=draw(st.sampled_from(["points", "tricks"])),
        duplicate=draw(st.booleans()),
    )


@pytest.mark.slow  # 400 examples
@settings(max_examples=400, deadline=None)
@given(results())
def test_property_totals_add_up_and_are_not_negative(result: DealResult) -> None:
    s = score_deal(result)
    for side in (0, 1):
        assert s.total(side) == s.trick(side) + s.honor(side)
        assert s.total(side) == sum(i.points for i in s.items if i.side == side)
        assert s.total(side) >= 0 and s.trick(side) >= 0
    j = s.to_json()
    assert j["ns"]["total"] + j["ew"]["total"] == sum(i["points"] for i in j["items"])
    # Every item cites a law the code has, not a bare "(daw)".
    assert all(i.law.endswith(f" ({result.code.key})") for i in s.items)
    assert all(i.column in ("trick", "honor") for i in s.items)
    if not result.code.auction:
        assert s.total(0) + s.total(1) == 13
    else:
        # Only the declarant's side scores trick points.
        assert result.declarer is not None
        assert s.trick(1 - result.declarer.side) == 0
        assert s.game_points[result.declarer.side] == s.trick(result.declarer.side)


@pytest.mark.parametrize(
    ("ns", "ew", "gain"),
    [(110, 40, (Side.NORTH_SOUTH, 70)), (40, 110, (Side.EAST_WEST, 70)), (30, 30, (None, 0))],
)
def test_goodfellow_gain_is_the_side_ahead_and_by_how_much(
    ns: int, ew: int, gain: tuple[Side | None, int]
) -> None:
    assert side_ahead(ns, ew) == gain
    items = (ScoreItem(0, "trick", ns, "tricks", "x"), ScoreItem(1, "trick", ew, "tricks", "x"))
    assert DealScore(DealResult(find_code("daw"), None, None, 0), items).gain == gain


def test_every_score_item_names_its_side_as_a_side() -> None:
    """Trick, honor, penalty and rubber items alike carry a ``Side`` (so a
    surface can print ``item.side.short``), not a bare 0 or 1."""
    auction = find_code("auction")
    made, failed = (
        score_deal(
            DealResult(auction, parse_contract("2HX"), S, tricks, holdings=Holdings((2, 1, 1, 1)))
        )
        for tricks in (9, 6)
    )
    rubber = Rubber(auction)
    for _ in range(2):
        rubber.add(score_deal(DealResult(auction, parse_contract("4H"), N, 10)))
    items = made.items + failed.items + tuple(rubber.finish())
    assert {i.column for i in items} == {"trick", "honor"}
    assert all(type(i.side) is Side for i in items)
    assert {i.side.short for i in items} == {"N-S", "E-W"}
