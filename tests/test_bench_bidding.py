"""``whist bench bidding`` (analysis/bidding.py): each figure's definition on
hand-made deals, the duplicate match against the baseline, and the command."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis.bidding import (
    BIDDINGS,
    Bidder,
    BiddingError,
    BiddingFigures,
    bench_bidding,
)
from auctionwhist.calls import Call, Other, parse_call, parse_contract
from auctionwhist.cards import Deal, Seat, hand_from_pbn
from auctionwhist.cli import app
from auctionwhist.robots.view import SeatView
from auctionwhist.solver.par import contract_score

# Each hand holds one whole suit: North spades, East hearts, South diamonds,
# West clubs. Double dummy every side makes thirteen tricks in its own
# suits, and a declarer at no-trump takes none (his left leads a long suit).
SUITS = Deal(
    (
        hand_from_pbn("AKQJT98765432..."),
        hand_from_pbn(".AKQJT98765432.."),
        hand_from_pbn("..AKQJT98765432."),
        hand_from_pbn("...AKQJT98765432"),
    ),
    Seat.NORTH,
)


def scripted(calls: Mapping[Seat, Sequence[str]]) -> Bidder:
    """Each seat makes its calls in turn, then passes."""

    def bid(view: SeatView) -> Call:
        mine = calls.get(view.seat, ())
        i = sum(1 for seat, _ in view.calls if seat == view.seat)
        return parse_call(mine[i]) if i < len(mine) else Other.PASS

    return bid


def one_auction(code: str, calls: Mapping[Seat, Sequence[str]]) -> BiddingFigures:
    """The figures of the scripted auction on SUITS (both biddings the same)."""
    return bench_bidding(code, [SUITS], current=scripted(calls), baseline=scripted(calls)).current


def test_a_slam_bid_by_a_side_that_makes_it_double_dummy_counts() -> None:
    f = one_auction("daw", {Seat.NORTH: ["7S"]})
    assert (f.slams, f.slams_bid, f.slams_bid_rate) == (1, 1, 1.0)
    # Game was there in diamonds (five by South, 30), but seven spades is
    # worth 14 below the line under daw: a slam, not a game.
    assert (f.games, f.games_bid, f.games_bid_rate) == (1, 0, 0.0)
    assert f.doubled == 0 and f.doubled_set_rate is None


def test_a_slam_missed_counts_against_the_rate() -> None:
    f = one_auction("daw", {Seat.NORTH: ["1S"]})
    assert (f.slams, f.slams_bid, f.slams_bid_rate) == (1, 0, 0.0)


def test_a_game_bid_counts_when_its_tricks_are_worth_game() -> None:
    # Five diamonds by South: 5 x 6 = 30, game under daw; a slam missed.
    f = one_auction("daw", {Seat.NORTH: ["1S"], Seat.SOUTH: ["5D"]})
    assert (f.games, f.games_bid) == (1, 1)
    assert (f.slams, f.slams_bid) == (1, 0)


def test_a_doubled_contract_that_fails_double_dummy_is_set() -> None:
    # East's seven no-trump: South leads his diamonds and takes all thirteen.
    f = one_auction("daw", {Seat.NORTH: ["1S"], Seat.EAST: ["7NT"], Seat.SOUTH: ["X"]})
    assert (f.doubled, f.doubled_set, f.doubled_set_rate) == (1, 1, 1.0)


def test_a_doubled_contract_that_makes_is_not_set() -> None:
    f = one_auction("daw", {Seat.NORTH: ["7S"], Seat.EAST: ["X"]})
    assert (f.doubled, f.doubled_set, f.doubled_set_rate) == (1, 0, 0.0)


def test_par_gap_is_the_distance_of_the_net_from_par() -> None:
    from auctionwhist.solver import dd_table
    from auctionwhist.solver.par import par

    f = one_auction("daw", {Seat.NORTH: ["1S"], Seat.EAST: ["7NT"], Seat.SOUTH: ["X"]})
    rows = dict(dd_table(SUITS, ["C", "D", "H", "S", "NT"]))
    net = contract_score("daw", SUITS, parse_contract("7NTX"), Seat.EAST, rows["NT"][Seat.EAST])
    assert rows["NT"][Seat.EAST] == 0
    assert f.gaps == [abs(net - par("daw", SUITS, rows).score)]
    assert f.par_gap > 0


def test_a_nullo_reached_is_decided_by_the_solver_bound() -> None:
    # Royalton: North's one nullo; East leads his hearts and takes every trick.
    b = bench_bidding("royalton", [SUITS], current=scripted({Seat.NORTH: ["1NL"]}))
    out = b.current.outcomes[0]
    assert (str(out.contract), out.declarer) == ("1NL", Seat.NORTH)
    # Made, and scored as made exactly: North-South forced to take six tricks.
    assert out.made and out.tricks == 6
    assert out.net == contract_score("royalton", SUITS, parse_contract("1NL"), Seat.NORTH, 6)
    assert out.net > 0


def test_identical_biddings_give_a_match_margin_of_nought() -> None:
    same = BIDDINGS["baseline"]
    b = bench_bidding("auction", 6, seed=3, current=same, baseline=same)
    assert b.margins == [0] * 6
    assert (b.match_margin, b.match_se) == (0.0, 0.0)
    assert b.current.to_json() == b.baseline.to_json()


def test_a_reckless_bidding_loses_the_match_to_the_baseline() -> None:
    # Seven no-trump at the first chance, whatever the hand: the match can tell.
    def reckless(view: SeatView) -> Call:
        for c in view.legal_calls:
            if str(c) == "7NT":
                return c
        return Other.PASS

    b = bench_bidding("daw", 6, seed=3, current=reckless)
    assert b.match_margin < 0
    assert b.match_se > 0
    assert b.current.par_gap > b.baseline.par_gap


def test_the_same_seed_gives_the_same_figures() -> None:
    a = bench_bidding("royals", 3, seed=11).to_json()
    b = bench_bidding("royals", 3, seed=11).to_json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_a_code_without_an_auction_has_no_bidding_to_measure() -> None:
    with pytest.raises(BiddingError, match="no auction"):
        bench_bidding("whist", 1)


def test_the_command_prints_the_figures_as_json() -> None:
    run = CliRunner().invoke(
        app, ["bench", "bidding", "--code", "auction", "--deals", "2", "--json"]
    )
    assert run.exit_code == 0, run.output
    out = json.loads(run.stdout)
    assert out["deals"] == 2 and out["code"] == "auction"
    for key in ("par_gap", "games_bid_rate", "slams_bid_rate", "doubled_set_rate"):
        assert key in out["current"] and key in out["baseline"]
    assert {"match_margin", "match_se"} <= out.keys()


def test_the_command_refuses_a_code_without_an_auction() -> None:
    run = CliRunner().invoke(app, ["bench", "bidding", "--code", "whist", "--deals", "2"])
    assert run.exit_code == 2
    assert "no auction" in run.stderr


def test_the_help_teaches_each_figure() -> None:
    run = CliRunner().invoke(app, ["bench", "bidding", "--help"])
    assert run.exit_code == 0
    for word in ("par_gap", "games_bid_rate", "slams_bid_rate", "doubled_set_rate", "double dummy"):
        assert word in run.stdout
