"""``whist bench robots``: the figures, on a tiny sample."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionwhist.cli import app
from auctionwhist.robots.cardplay import Settings
from auctionwhist.robots.strength import bench_robots, percentile

pytestmark = pytest.mark.slow  # the robots' benchmark

KEYS = {
    "code",
    "deals",
    "declarer_dd_gap",
    "nullo_deals",
    "nullo_bounded",
    "par_gap",
    "match_margin",
    "match_se",
    "call_s_median",
    "call_s_p95",
    "card_s_median",
    "card_s_p95",
}


def test_percentile() -> None:
    assert percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([0.0, 10.0], 0.95) == 9.5


def test_bench_robots_json_daw() -> None:
    r = CliRunner().invoke(
        app,
        [
            "bench",
            "robots",
            "--code",
            "daw",
            "--deals",
            "1",
            "--samples",
            "2",
            "--budget",
            "0.05",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data.keys() >= KEYS
    assert data["code"] == "daw" and data["deals"] == 1
    assert data["card_s_median"] > 0 and data["card_s_p95"] >= data["card_s_median"]
    assert data["call_s_p95"] >= data["call_s_median"] > 0
    if data["declarer_dd_gap"] is not None:
        assert -13 <= data["declarer_dd_gap"] <= 13


def test_whist_has_no_par_awl() -> None:
    """Duplicate Whist has no auction (AWL III §1), so no par; the match and the
    declarer figures still come (no declarer: none)."""
    b = bench_robots("whist", 1, settings=Settings(samples=2, min_samples=1, budget=0.05))
    assert b.par_gap is None and b.declarer_dd_gap is None
    assert len(b.margins) == 1 and b.match_margin == b.margins[0]
    assert b.call_s_median == 0.0  # no calls at whist


def test_bad_deals_fail_cleanly() -> None:
    r = CliRunner().invoke(app, ["bench", "robots", "--deals", "0"])
    assert r.exit_code == 2
    assert "--deals 0" in r.output


def test_a_nullo_contract_counts_in_the_declarer_gap_issue_20() -> None:
    """Royalton law 83: at nullo the gap is the tricks taken less those the
    declarant's side is forced to take double dummy (here every one)."""
    import random

    from auctionwhist.calls import parse_call
    from auctionwhist.cards import Seat
    from auctionwhist.robots.heuristic import HeuristicPlayer
    from auctionwhist.robots.player import play_deal
    from auctionwhist.robots.strength import _dd_gap
    from auctionwhist.table import Table
    from deals_helpers import TOPS

    t = Table("royalton", TOPS)
    for c in ("1NL", "P", "P", "P"):
        t.call(parse_call(c))
    if t.phase == "bridging":
        t.call_lead()
    play_deal(t, dict.fromkeys(Seat, HeuristicPlayer()), random.Random(1))
    assert t.tricks_won() == (13, 0)
    assert _dd_gap(t) == (0.0, False)
