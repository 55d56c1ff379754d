"""``whist bid``: the robot's call for the seat to act, its rule, passage and
credits; bad input refused with the law or the expected form (issue 18)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionwhist.calls import parse_call
from auctionwhist.cards import Seat, hand_from_pbn
from auctionwhist.cli import app
from auctionwhist.codes import find_code
from auctionwhist.robots.bidding import advise, decide, view_of_auction


def bid(*args: str) -> tuple[int, str, str]:
    run = CliRunner().invoke(app, ["bid", *args])
    return run.exit_code, run.stdout, run.stderr


def bid_json(*args: str) -> dict[str, object]:
    code, out, err = bid(*args, "--json")
    assert code == 0, err
    got: dict[str, object] = json.loads(out)
    return got


def test_the_dealer_with_a_no_trump_hand_bids_one_no_trump() -> None:
    # Hopson, "The Dealer's Bid": three suits protected, an even hand.
    got = bid_json("--code", "auction", "--hand", "AJ5.KQ4.QT3.AK92")
    assert got["seat"] == "N" and got["call"] == "1NT"
    assert got["rule"] == "one_no_trump"
    assert got["source"] == 'Hopson, "The Dealer\'s Bid"'


def test_the_seat_to_call_follows_the_dealer_and_the_calls() -> None:
    got = bid_json("--code", "royals", "--hand", "K8.AQJ952.K4.Q73", "--auction", "1S pass")
    assert got["seat"] == "S"  # dealer North, then East: South is third
    got = bid_json("--code", "royals", "--hand", "K8.AQJ952.K4.Q73", "--dealer", "W")
    assert got["seat"] == "W"


def test_the_command_gives_what_the_library_decides() -> None:
    code = find_code("royals")
    hand = hand_from_pbn("K8.AQJ952.K4.Q73")
    view = view_of_auction(code, hand, [parse_call("1S"), parse_call("pass")])
    d, r = decide(view)
    got = bid_json("--code", "royals", "--hand", "K8.AQJ952.K4.Q73", "--auction", "1S pass")
    assert got["call"] == str(d.call) and got["reason"] == d.reason
    assert r is not None and got["rule"] == r.name


def test_the_credits_name_every_players_calls_as_the_model_reads_them() -> None:
    got = bid_json("--code", "royals", "--hand", "K8.AQJ952.K4.Q73", "--auction", "1S pass")
    credits = got["credits"]
    assert isinstance(credits, dict)
    # Partner's forced one spade shows nothing: he is counted for the high
    # cards of a hand unheard (Hopson: "he may have a fairly good hand"), as
    # West, who has not called, and it is said so.
    assert credits["N"]["shown_by"] == (
        "his calls: 1S (forced: it shows nothing); 8 in high cards counted"
    )
    assert credits["W"]["shown_by"] == "his calls: no call yet; 8 in high cards counted"
    # The adversary's first-round pass is read too: a hand too weak to declare
    # (Hopson, "The Second Bidder": sit tight).
    assert credits["E"]["shown_by"] == (
        "his calls: pass (sit_tight); 0-12 in high cards shown, 8 counted"
    )
    assert credits["S"]["shown_by"] == "my hand: 15 in high cards, with the trumps between us"


def test_the_credits_of_the_two_hands_add_up_to_the_count_the_reason_gives() -> None:
    # The counts' rules count the two hands together (Situation.side_tricks);
    # partner is credited with his share as his calls are read, this hand with
    # the rest, and the two make the tricks the reason speaks of.
    for auction in ("1S pass", "1S", "1NT 2H", ""):
        got = bid_json("--code", "auction", "--hand", "QJ3.AKJ983.A2.K5", "--auction", auction)
        credits = got["credits"]
        assert isinstance(credits, dict) and got["estimate"] is not None
        me, partner = str(got["seat"]), {"N": "S", "S": "N", "E": "W", "W": "E"}[str(got["seat"])]
        total = credits[me]["tricks"] + credits[partner]["tricks"]
        assert abs(total - got["estimate"]) < 0.02, auction
        if str(got["call"])[0].isdigit():
            assert f"{got['estimate']:.1f} tricks" in str(got["reason"]) or (
                got["rule"] != "best_declaration"
            )


def test_advice_credits_partner_per_his_calls() -> None:
    code = find_code("auction")
    hand = hand_from_pbn("QJ3.AKJ983.A2.K5")
    silent = advise(view_of_auction(code, hand, [parse_call("1S")]))
    assert silent.seat == Seat.EAST
    partner = {c.seat: c for c in silent.credits}[Seat.WEST]
    assert partner.shown_by == "his calls: no call yet; 7 in high cards counted"
    assert partner.tricks is not None and 1.0 < partner.tricks < 2.5


def test_the_score_reaches_the_robot() -> None:
    # East-West (West to call) have 22 below the line under the old count:
    # partner's one heart (8) gives them game, so West leaves him in it
    # (Hopson, "Know the Score"); from love he over-bids it with a no-trump
    # ("The Third Bidder": "over-bid with a notrump or a stronger suit in
    # which it will be easier to go game").
    hand = "AQ3.2.AQJ32.KQ54"
    calls = ("--code", "auction", "--hand", hand, "--auction", "1S 1H pass")
    at_love = bid_json(*calls)
    with_score = bid_json(*calls, "--score", "0-22")
    assert at_love["seat"] == with_score["seat"] == "W"
    assert at_love["call"] == "1NT"
    assert (with_score["call"], with_score["rule"]) == ("pass", "leave_partner")


def test_the_text_shows_the_call_rule_and_passage() -> None:
    code, out, _ = bid("--code", "auction", "--hand", "AJ5.KQ4.QT3.AK92")
    assert code == 0
    assert "North to call: 1NT" in out
    assert "one_no_trump" in out and "The Dealer's Bid" in out


def test_the_text_wraps_to_the_terminal_keeping_each_line_indented() -> None:
    run = CliRunner().invoke(
        app,
        ["bid", "--code", "royalton", "--hand", "AK2.AQJ954.K2.K5", "--auction", "1H pass 2H pass",
         "--dealer", "south", "--count"],
        env={"COLUMNS": "60"},
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert all(len(x) <= 60 and x == x.rstrip() for x in lines)
    assert "  toward hearts: the partnership should take" in run.stdout
    # the credit for North runs over a line, its second under its text
    north = next(i for i, x in enumerate(lines) if x.startswith("    North "))
    assert lines[north + 1].startswith(" " * 11) and lines[north + 1].strip()
    # only the heading and the call start at the margin
    assert [x for x in lines if not x.startswith("  ")] == [lines[0], "South to call: 3H"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--hand", "QJ3.AKJ983.A2.K"], "a hand is dealt 13 cards, not 12"),
        (["--hand", "QJ3.AKJ983.A2.KZ"], "not a rank: 'Z'"),
        (["--hand", "QJ3AKJ983A2K52"], "spades.hearts.diamonds.clubs"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--auction", "1S 1S"], "Law 52 (auction)"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--auction", "pass"], "Law 44 (auction)"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--auction", "1S X X"], "Law 55 (auction)"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--auction", "1S foo"], "call 2, 'foo': not a call"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--auction", "1S pass pass pass"], "Law 48"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--dealer", "Q"], "--dealer 'Q': not a seat"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--score", "eighteen"], "e.g. 18-6"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--score", "30-0"], "30 below the line is game"),
        (["--hand", "QJ3.AKJ983.A2.K5", "--style", "rash"], "--style: no such style"),
    ],
)
def test_bad_input_is_refused_with_the_law_or_the_form(args: list[str], expected: str) -> None:
    code, out, err = bid("--code", "auction", *args)
    assert code == 2 and out == ""
    assert expected in err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_score_under_a_code_that_wins_game_in_one_deal_is_refused() -> None:
    code, _, err = bid("--code", "daw", "--hand", "QJ3.AKJ983.A2.K5", "--score", "10-0")
    assert code == 2 and "Law 7 (daw)" in err


def test_a_code_without_an_auction_has_nothing_to_bid() -> None:
    code, _, err = bid("--code", "whist", "--hand", "QJ3.AKJ983.A2.K5")
    assert code == 2 and "no auction" in err


def test_royalton_dealer_may_say_no_bid_and_the_next_seat_calls() -> None:
    got = bid_json(
        "--code", "royalton", "--hand", "AJ5.KQ4.QT3.AK92", "--dealer", "E", "--auction", "no bid"
    )
    assert got["seat"] == "S"


def test_royalton_slam_judged_over_simulated_deals_unless_by_the_count() -> None:
    """The adviser thinks as the strong robot: where the count comes near the
    slam it is judged over the deals partner's calls allow; ``--count`` judges
    it as the fast robot does, by the two hands' count alone."""
    args = ("--code", "royalton", "--hand", "AK2.AQJ954.K2.K5", "--auction", "1H pass 2H pass")
    got = bid_json(*args)
    assert got["call"] == "6H" and "deals partner's calls allow" in str(got["reason"])
    counted = bid_json(*args, "--count")
    assert counted["call"] == "3H" and "slam in view" in str(counted["reason"])


def test_the_help_gives_examples() -> None:
    code, out, _ = bid("--help")
    assert code == 0
    assert "Examples" in out and "whist bid --code" in out


def test_royalton_advice_counts_the_hands_as_its_reason_does() -> None:
    """Under Royalton the estimate ``whist bid`` prints is Royalton's own
    count of the two hands (``royalton.tricks``), the figure its reason gives:
    partner's 1S raised on 11.3 tricks counted (uncontested, a step: game
    made counts bid or not, law 83)."""
    from auctionwhist.robots.bidding import royalton
    from auctionwhist.robots.bidding.situation import Situation

    code = find_code("royalton")
    hand = hand_from_pbn("KQ4.AJ98.K73.A52")
    view = view_of_auction(code, hand, [parse_call("1S"), parse_call("P")], Seat.NORTH)
    a = advise(view)
    assert str(a.call) == "2S" and a.denomination == "S"
    assert a.estimate == round(royalton.tricks(Situation(view), "S"), 2)
    assert f"{a.estimate:.1f} tricks" in a.reason
