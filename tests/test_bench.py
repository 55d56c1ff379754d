"""The engine benchmark: the random players act legally and finish every deal;
the figures have the documented shape. No timing is asserted."""

from __future__ import annotations

import random

import pytest

from auctionwhist.bench import bench_engine, endplay_available
from auctionwhist.calls import Bid, Other
from auctionwhist.dealing import deal
from auctionwhist.robots import play_random_deal, random_call
from auctionwhist.table import Table


def test_random_play_finishes_every_deal(code_key: str) -> None:
    rng = random.Random(5)
    for n in range(1, 21):
        table = Table(code_key, deal(code_key, number=n, rng=rng))
        actions = play_random_deal(table, rng)
        assert table.phase == "done"
        assert actions >= 4
        if table.play is not None:
            assert len(table.play.tricks) == 13
            assert sum(table.tricks_won()) == 13
        table.score()


def test_random_call_is_one_of_the_legal_calls() -> None:
    rng = random.Random(1)
    calls = [Other.PASS, Other.DOUBLE, Bid(1, "H"), Bid(1, "NT"), Bid(2, "S")]
    for _ in range(200):
        assert random_call(calls, rng) in calls
    opening = [Bid(1, "S"), Bid(1, "C")]  # the dealer must bid (daw law 52)
    assert all(random_call(opening, rng) in opening for _ in range(50))


def test_bench_figures_shape() -> None:
    figures = bench_engine(seconds=0.3, repeats=1, codes=["daw", "whist"])
    assert set(figures["ours"]["per_code"]) == {"daw", "whist"}
    assert figures["ours"]["actions_per_s"] > 0
    assert figures["deals"] >= 2
    if endplay_available():
        assert figures["endplay"]["actions_per_s"] > 0
        assert figures["ratio"] == pytest.approx(
            figures["ours"]["actions_per_s"] / figures["endplay"]["actions_per_s"], rel=0.01
        )


def test_bench_without_endplay() -> None:
    figures = bench_engine(seconds=0.1, repeats=1, codes=["auction"], with_endplay=False)
    assert figures["endplay"] is None and figures["ratio"] is None


def test_bench_rejects_a_bad_budget() -> None:
    with pytest.raises(ValueError, match="--seconds"):
        bench_engine(seconds=0)
