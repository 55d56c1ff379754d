"""tools/slam_judgement.py: Royalton's slam judged against double dummy; the
policy simulation's partner hands make partner's own calls."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

from auctionwhist.analysis import bidding as bench
from auctionwhist.calls import Bid
from auctionwhist.cards import FULL_PACK, Deal
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal as deal_cards
from auctionwhist.robots.bidding.situation import Situation
from auctionwhist.robots.view import ScoreContext, SeatView
from auctionwhist.table import Table
from tools_helpers import load_tool


def _tool() -> ModuleType:
    return load_tool("slam_judgement")


def _stand_after_partner_bid() -> Situation:
    """The first stand, on the tool's default deals, of a seat whose partner
    has declared: the auction bid by the robots up to that seat's turn."""
    code = find_code("royalton")
    rng = random.Random(100)
    for i in range(40):
        deal = deal_cards(code, number=i + 1, rng=rng)
        table = Table(code, deal)
        while table.phase == "auction":
            seat = table.to_act
            assert seat is not None
            view = SeatView.of(table, seat, ScoreContext(duplicate=True))
            if any(s == seat.partner and isinstance(c, Bid) for s, c in view.calls):
                return Situation(view)
            table.call(bench.current_decide(view)[0].call)
    raise AssertionError("no stand after a declaration of partner's in 40 deals")


def test_policy_deals_make_partners_calls() -> None:
    tool = _tool()
    s = _stand_after_partner_bid()
    me, partner = s.view.seat, s.view.seat.partner
    deals = tool._policy(s, 6)
    assert len(deals) == 6
    for hands in deals:
        assert hands[int(me)] == s.hand
        assert sum(h.bit_count() for h in hands) == 52
        together = 0
        for h in hands:
            assert not together & h
            together |= h
        assert together == FULL_PACK
        # replayed at each of his turns, the rules make the calls he made
        mine = hands[int(partner)]
        for i, (seat, call) in enumerate(s.view.calls):
            if seat != partner:
                continue
            table = Table(s.view.code, _deal_with(s, hands))
            for _, c in s.view.calls[:i]:
                table.call(c)
            view = SeatView.of(table, partner, ScoreContext(duplicate=True))
            assert view.held == mine
            assert bench.current_decide(view)[0].call == call
    # the same stand is judged alike every time
    assert tool._policy(s, 6) == deals


def _deal_with(s: Situation, hands: tuple[int, int, int, int]) -> Deal:
    return Deal(hands, dealer=s.view.dealer, number=s.view.number)


def test_summary_counts_precision_and_recall() -> None:
    tool = _tool()
    rows = [
        {"tricks": 12, "count": 1.0, "policy": 0.9},
        {"tricks": 11, "count": 1.0, "policy": 0.7},
        {"tricks": 12, "count": 0.0, "policy": 0.3},
        {"tricks": 10, "count": 0.0, "policy": None},
    ]
    s = tool.summary(rows, ["count", "policy"], 0.67)
    assert s["stands"] == 4 and s["twelve_there"] == 2
    assert s["count"] == {
        "judged": 4,
        "bid": 2,
        "made": 1,
        "precision": 0.5,
        "recall": 0.5,
        "bands": {},
    }
    assert s["policy"]["judged"] == 3 and s["policy"]["bid"] == 2
    assert s["policy"]["bands"] == {"0.2-0.4": [1, 1.0], "0.6-0.8": [1, 0.0], "0.8-1.0": [1, 1.0]}


@pytest.mark.slow  # whole deals solved double dummy
def test_judged_on_the_bench_deals(capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool()
    assert tool.main(["--deals", "15", "--judges", "count,policy", "--samples", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["stands"] >= 1
    assert out["policy"]["judged"] >= 1
    assert set(out) == {"stands", "twelve_there", "count", "policy"}


def test_unknown_judge_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _tool().main(["--judges", "count,oracle"])
    assert "no judge oracle: choose from count, reading, policy, known" in capsys.readouterr().err
