"""The robots' process pool (``robots.pool``, issue 18 item 4): a robot's
action from its seat's view and a seed alone, thought out in a worker; the
same action as thought out here; a worker killed mid-thought."""

from __future__ import annotations

import os
import pickle
import random
import signal
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace

import pytest

from auctionwhist.calls import parse_call
from auctionwhist.cards import Seat, hand_from_pbn
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.records import CallMade, CardPlayed
from auctionwhist.robots import make_robot
from auctionwhist.robots.bidding import view_of_auction
from auctionwhist.robots.cardplay import DEFAULT_SETTINGS, MonteCarloPlayer
from auctionwhist.robots.player import answer, decide
from auctionwhist.robots.pool import RobotPool, dumps_view, loads_view
from auctionwhist.robots.view import RobotError, ScoreContext, SeatView
from auctionwhist.table import Table

# A budget no card reaches: every sample solved, so the action depends on
# the view and the seed alone (not on how busy the machine is).
UNHURRIED = 1e6


def mid_play(code: str = "auction", seed: int = 3, tricks: int = 2, lead: bool = False) -> Table:
    """A table in the play after ``tricks`` tricks, a card of the next in
    (or, ``lead``, none: a lead to make), heuristic robots in every seat."""
    c = find_code(code)
    t = Table(c, deal(c, number=1, rng=random.Random(seed)))
    players = {s: make_robot("heuristic") for s in Seat}
    rng = random.Random(seed)
    while t.play is None or len(t.play.tricks) < tricks or len(t.play.trick) < (0 if lead else 1):
        t.act(decide(t, players, rng))
    return t


@pytest.fixture(scope="module")
def pool() -> Iterator[RobotPool]:
    p = RobotPool("montecarlo", workers=1, budget=UNHURRIED)
    p.warm()
    yield p
    p.close()


@pytest.mark.parametrize("code", ["auction", "royalton", "whist"])
def test_a_view_travels_with_its_code_by_key(code: str) -> None:
    t = mid_play(code)
    view = SeatView.of(t, t.to_act, ScoreContext(duplicate=False, below=(20, 6), games=(1, 0)))  # type: ignore[arg-type]
    data = dumps_view(view)
    back = loads_view(data)
    assert back == view and back.code is find_code(code)
    # The code's laws data stays behind: the view alone is a few hundred bytes.
    assert len(data) < 2_000 < len(pickle.dumps(view))


def test_loads_view_refuses_what_is_not_a_view() -> None:
    with pytest.raises(RobotError, match="not a seat's view"):
        loads_view(pickle.dumps({"hand": 1}))


def test_a_pool_refuses_an_unknown_robot_or_no_workers() -> None:
    with pytest.raises(RobotError, match="no robot 'clever'"):
        RobotPool("clever")
    with pytest.raises(RobotError, match="at least one worker"):
        RobotPool("heuristic", workers=0)


def test_the_worker_thinks_what_this_process_would(pool: RobotPool) -> None:
    """The Monte Carlo robot's card from the pool is the card it chooses here
    from the same view and seed: the decision is a function of the two."""
    here = MonteCarloPlayer(settings=replace(DEFAULT_SETTINGS, budget=UNHURRIED))
    seen = set()
    for seed in range(4):
        t = mid_play(seed=seed, tricks=2 + seed)
        view = SeatView.of(t, t.to_act)  # type: ignore[arg-type]
        got = pool.think(view, 1000 + seed).result(timeout=60).action
        want = answer(here, view, random.Random(1000 + seed))
        assert isinstance(got, CardPlayed) and got == want
        assert t.can(got)
        seen.add(got.card)
    assert len(seen) > 1  # four positions, not one answer for all
    assert pool.answers >= 4 and pool.waiting == 0
    assert pool.figures()["stood_in"] == 0  # every view thought out in time


def test_a_pool_counts_the_views_the_heuristic_robot_answered() -> None:
    """With no time to think, every view waited out its budget: each is
    answered by the heuristic robot, and counted (``whist bench server``
    reports the count)."""
    p = RobotPool("montecarlo", workers=1, budget=0.0)
    try:
        for seed in range(3):
            t = mid_play(seed=seed, tricks=2)
            view = SeatView.of(t, t.to_act)  # type: ignore[arg-type]
            got = p.think(view, seed).result(timeout=60).action
            assert got == answer(make_robot("heuristic"), view, random.Random(seed))
        assert p.figures() == {"answers": 3, "stood_in": 3, "restarts": 0}
    finally:
        p.close()


def test_a_worker_killed_mid_thought_fails_its_view_and_the_pool_starts_again(
    pool: RobotPool,
) -> None:
    # A lead from a full hand: some hundreds of milliseconds of samples.
    t = mid_play(tricks=1, lead=True)
    view = SeatView.of(t, t.to_act)  # type: ignore[arg-type]
    assert len(view.legal_cards) > 6
    [pid] = pool.pids()
    restarts = pool.restarts
    future = pool.think(view, 7)
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        future.result(timeout=60)
    # The next view goes to a new worker, and is answered.
    again = pool.think(view, 7).result(timeout=60).action
    assert t.can(again)
    assert pool.restarts == restarts + 1 and pool.pids() != [pid]


def test_a_call_from_the_pool_comes_with_its_explanation_as_made(pool: RobotPool) -> None:
    """The strong robot judges a Royalton slam over simulated deals in its
    worker; its call comes back explained from that decision, so that the
    server need not judge the slam again to explain it (``LiveTable.explained``)."""
    code = find_code("royalton")
    calls = [parse_call(c) for c in ("1H", "pass", "2H", "pass")]
    view = view_of_auction(code, hand_from_pbn("AK2.AQJ954.K2.K5"), calls)
    got = pool.think(view, 3).result(timeout=60)
    assert got.action == CallMade(Seat.NORTH, parse_call("6H"))
    ex = got.explanation
    assert ex is not None and ex.call == parse_call("6H") and ex.rule == "place_the_contract"
    assert "of the 24 deals partner's calls allow" in ex.full and "law 87" in ex.full
    # a card comes without one
    t = mid_play(seed=1, tricks=2)
    assert pool.think(SeatView.of(t, t.to_act), 1).result(timeout=60).explanation is None  # type: ignore[arg-type]


def test_a_busy_pool_shares_the_budget_out() -> None:
    p = RobotPool("montecarlo", workers=2)
    assert p.share() == DEFAULT_SETTINGS.budget
    p.waiting = 3  # four views at two workers: each thinks half as long
    assert p.share() == pytest.approx(DEFAULT_SETTINGS.budget / 2)
    assert RobotPool("heuristic", workers=2).share() is None  # it has no budget


def test_closing_stops_the_workers() -> None:
    p = RobotPool("heuristic", workers=2)
    p.warm()
    pids = p.pids()
    assert len(pids) == 2
    p.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_view_that_waited_out_its_budget_is_answered_by_the_heuristic_robot() -> None:
    """An overloaded pool answers late views at once with the heuristic's
    card; a view on time thinks (Monte Carlo) for what is left of its budget."""
    from auctionwhist.robots.pool import _think

    for seed in range(6):
        t = mid_play(seed=seed, tricks=3, lead=True)
        view = SeatView.of(t, t.to_act)  # type: ignore[arg-type]
        late, stood_in = _think("montecarlo", dumps_view(view), 5, 0.5, time.time() - 10)
        heuristic = answer(make_robot("heuristic"), view, random.Random(5))
        assert late.action == heuristic and stood_in


def test_a_worker_solves_on_one_thread(pool: RobotPool) -> None:
    """The pool has a worker per core: each worker's solves use one thread
    (our core's default is every core), not cores x cores on the machine."""
    from auctionwhist.solver import _core

    assert pool._submit(_core.threads).result(timeout=60) == 1
