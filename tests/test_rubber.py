"""Rubbers of the rubber codes (auction, royals, royalton): games from trick
points accumulated over deals, two games win, the rubber bonus, Royalton's
unfinished rubber and its losers-exceed rule."""

from __future__ import annotations

import pytest

from auctionwhist.calls import parse_contract
from auctionwhist.cards import Seat
from auctionwhist.codes import find_code
from auctionwhist.scoring import DealResult, DealScore, Rubber, ScoringError, score_deal

N, E, S, W = Seat
NS, EW = 0, 1


def deal(
    code: str, contract: str, declarer: Seat, tricks: int, duplicate: bool = False
) -> DealScore:
    result = DealResult(
        find_code(code), parse_contract(contract), declarer, tricks, duplicate=duplicate
    )
    return score_deal(result)


def test_law_1_two_games_win_the_rubber_third_not_played_auction() -> None:
    """Law 1 (Whist Club): the first to win two games wins; a third is not played."""
    r = Rubber("auction")
    r.add(deal("auction", "3NT", N, 9))  # 36: game to N-S
    assert r.games == (1, 0) and r.below == (0, 0)
    r.add(deal("auction", "2H", E, 8))  # 16 toward E-W's game
    assert r.games == (1, 0) and r.below == (0, 16)
    assert not r.finished and r.winner is None
    r.add(deal("auction", "4H", S, 10))  # 32: second game, rubber
    assert r.games == (2, 0) and r.finished and r.winner == NS
    with pytest.raises(ScoringError, match=r"Law 1 \(auction\): the rubber is over"):
        r.add(deal("auction", "1S", W, 7))


def test_law_2_game_accumulates_over_deals_auction() -> None:
    """Law 2 (Whist Club): game is 30 trick points, made over one or more deals;
    the other side's part score does not carry into the next game."""
    r = Rubber(find_code("auction"))
    r.add(deal("auction", "1H", N, 8))  # 16
    r.add(deal("auction", "1C", E, 8))  # 8
    r.add(deal("auction", "1D", S, 8))  # 12: N-S 28
    assert r.games == (0, 0) and r.below == (28, 8)
    r.add(deal("auction", "1S", N, 7))  # 2: 30, game
    assert r.games == (1, 0) and r.below == (0, 0)


def test_law_3_excess_counted_and_law_11_rubber_bonus_auction() -> None:
    """Law 3: points over thirty count; law 11: 250 to the rubber's winners, and the
    difference of the completed scores is the rubber."""
    r = Rubber("auction")
    r.add(deal("auction", "4NT", E, 10))  # 48
    r.add(deal("auction", "2H", N, 5))  # E-W 150 undertricks
    r.add(deal("auction", "3NT", W, 9))  # 36
    assert r.finished and r.winner == EW
    bonus = r.finish()
    assert [(i.side, i.column, i.points, i.reason, i.law) for i in bonus] == [
        (EW, "honor", 250, "rubber", "Law 11 (auction)")
    ]
    assert r.totals == (0, 48 + 150 + 36 + 250)
    assert r.result == (EW, 484)
    assert r.bonuses == tuple(bonus) and r.made_up
    assert len(r.scores) == 3


def test_law_1_rubber_can_go_to_three_games_royals() -> None:
    r = Rubber("royals")
    r.add(deal("royals", "3NT", N, 9))  # 30: game N-S
    r.add(deal("royals", "4RS", E, 10))  # 36: game E-W
    assert r.games == (1, 1) and not r.finished
    r.add(deal("royals", "4H", S, 10))  # 32
    assert r.winner == NS
    assert r.finish()[0].points == 250


def test_law_84_game_40_and_law_93_rubber_royalton() -> None:
    """Law 84 (Royalton): game is 40 trick points; law 93: two games win."""
    r = Rubber("royalton")
    r.add(deal("royalton", "3NT", N, 9))  # 30: no game
    assert r.games == (0, 0) and r.below == (30, 0)
    r.add(deal("royalton", "1H", S, 7))  # 10: 40
    assert r.games == (1, 0)
    r.add(deal("royalton", "2NLX", N, 5))  # nullo: E-W take 8, 2 odd doubled = 40
    assert r.games == (2, 0) and r.winner == NS
    assert [i.law for i in r.finish()] == ["Law 89 (royalton)"]


def test_law_89_losers_win_the_excess_royalton() -> None:
    """Law 89 (Royalton): if the losers' score exceeds the winners', they win the excess."""
    r = Rubber("royalton")
    r.add(deal("royalton", "4H", N, 10))  # N-S 40, game
    r.add(deal("royalton", "5HRXX", N, 7))  # 4 undertricks royal redoubled: E-W 1600
    r.add(deal("royalton", "4S", S, 10))  # N-S 40, game and rubber
    r.finish()
    assert r.winner == NS
    assert r.totals == (40 + 40 + 250, 1600)
    assert r.result == (EW, 1600 - 330)


def test_law_90_unfinished_rubber_royalton() -> None:
    """Law 90 (Royalton): an unfinished rubber is made up as it stands, 125 to the
    winners of a game."""
    r = Rubber("royalton")
    r.add(deal("royalton", "4H", E, 10))  # E-W game
    r.add(deal("royalton", "2H", N, 8))  # N-S 20 below
    with pytest.raises(ScoringError, match="not finished"):
        r.finish()
    bonus = r.finish(unfinished=True)
    assert [(i.side, i.points, i.law) for i in bonus] == [(EW, 125, "Law 90 (royalton)")]
    assert r.totals == (20, 40 + 125)
    with pytest.raises(ScoringError, match="already made up"):
        r.finish(unfinished=True)
    with pytest.raises(ScoringError, match="the rubber is over"):
        r.add(deal("royalton", "2H", N, 8))


def test_law_90_unfinished_rubber_game_all_royalton() -> None:
    r = Rubber("royalton")
    r.add(deal("royalton", "4H", E, 10))
    r.add(deal("royalton", "4H", N, 10))
    assert [(i.side, i.points) for i in r.finish(unfinished=True)] == [(NS, 125), (EW, 125)]


def test_unfinished_rubber_without_bonus_auction() -> None:
    """The Whist Club laws give nothing for an unfinished rubber."""
    r = Rubber("auction")
    r.add(deal("auction", "3NT", N, 9))
    assert r.finish(unfinished=True) == []
    assert r.totals == (36, 0)


def test_void_deals_go_into_a_rubber_royalton() -> None:
    r = Rubber("royalton")
    r.add(score_deal(DealResult(find_code("royalton"), None, None, 0)))
    assert r.games == (0, 0) and r.totals == (0, 0) and len(r.scores) == 1


def test_law_7_no_rubbers_in_duplicate_auction_whist_daw() -> None:
    """Law 7 (daw): game is won in a single deal; there are no rubbers."""
    with pytest.raises(ScoringError, match=r"Law 7 \(daw\)"):
        Rubber("daw")
    with pytest.raises(ScoringError, match="no rubbers"):
        Rubber("whist")


def test_rubber_refuses_duplicate_scores_and_other_codes() -> None:
    r = Rubber("auction")
    with pytest.raises(ScoringError, match=r"SPEC §2\.2\.8 \(auction\)"):
        r.add(deal("auction", "3NT", N, 9, duplicate=True))
    with pytest.raises(
        ScoringError, match="played under auction; the deal was scored under royals"
    ):
        r.add(deal("royals", "3NT", N, 9))
    assert r.scores == ()
