"""The core's parallel search: one solve on several threads sharing one table,
proven as the one-thread search is (DDS at ordinary play, minimax at nullo)."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Iterator

import pytest

from auctionwhist.solver import _core
from auctionwhist.solver._exhaustive import exhaustive_ns_tricks
from auctionwhist.solver.dds import dds_table_of_hands
from auctionwhist.solver.verify import on_threads, random_ending, run_dds_proof
from auctionwhist.solver.verify import verify_nullo_endings as nullo_proof


@pytest.fixture
def parallel_everywhere() -> Iterator[None]:
    """Two threads on every position, however small (a solve itself goes
    parallel only from eight tricks left); the table's pool as it was after."""
    with on_threads(2):
        yield


@pytest.mark.parametrize("threads", [2, 3])
def test_nullo_on_threads_equals_exhaustive_minimax(threads: int) -> None:
    """Three threads on two cores: one shares a target, its moves reordered."""
    n, bad = nullo_proof(150, max_cards=4, seed=11, threads=threads)
    assert (n, bad) == (150, [])


def test_ordinary_play_on_threads_equals_dds() -> None:
    """Seven-card endings, every strain and opening leader, against SolveBoard."""
    proof = run_dds_proof(6, cards=7, seed=4, threads=2)
    assert proof.solves == 6 * 20
    assert proof.mismatches == []


@pytest.mark.slow  # a whole deal's five tables
def test_whole_deal_table_on_threads_equals_dds_table() -> None:
    hands = random_ending(random.Random(5), 13)
    theirs = dds_table_of_hands(hands)
    with on_threads(2):
        for strain, trump in (("C", 0), ("D", 1), ("H", 2), ("S", 3), ("NT", -1)):
            ns, _ = _core.table(hands, trump, False)
            ours = tuple(ns[(d + 1) & 3] if d & 1 == 0 else 13 - ns[(d + 1) & 3] for d in range(4))
            assert ours == theirs[strain], strain


def _one_thread(hands: tuple[int, int, int, int], leader: int = 1) -> int:
    with on_threads(1):
        return _core.solve(hands, -1, True, leader, ())[0]


def test_a_full_table_under_threads_is_cleared_and_changes_nothing() -> None:
    """The pool fills (made small here): every thread waits at its next node,
    the table starts afresh and the searches go on to the same figures."""
    endings = [random_ending(random.Random(9), 8) for _ in range(1)]
    endings += [random_ending(random.Random(i), 8) for i in range(10, 14)]
    expected = [_one_thread(h) for h in endings]
    for threads in (2, 3):
        with on_threads(threads):
            _core._par_options(2, 1, 200)
            try:
                _core._stats()
                got = [_core.solve(h, -1, True, 1, ())[0] for h in endings]
                clears = _core._stats()["clears"]
            finally:
                _core._par_options(2, 1, 0)
        assert got == expected, threads
        assert clears > 0, "the pool never filled: the test proves nothing"


@pytest.mark.usefixtures("parallel_everywhere")
def test_scores_and_bounds_on_threads_agree_with_one_thread() -> None:
    rng = random.Random(21)
    for _ in range(6):
        hands = random_ending(rng, 7)
        leader = rng.randrange(4)
        with on_threads(1):
            one = _core.score(hands, -1, True, leader, ())
        assert _core.score(hands, -1, True, leader, ()) == one
        # at nullo North-South play to take the fewest tricks, East-West the most
        value = min(one.values()) if leader & 1 == 0 else max(one.values())
        for target in range(1, 8):
            bound, _ = _core.bound(hands, -1, True, leader, target)
            # a bound at or above the target: North-South take at least it
            assert (bound >= target) == (value >= target)
            assert value >= bound if bound >= target else value <= bound


def test_threads_setting() -> None:
    before = _core.set_threads(3)
    try:
        assert _core.threads() == 3
        assert _core.set_threads(0) == 3
        assert _core.threads() == min(64, os.cpu_count() or 1)
        with pytest.raises(ValueError, match="0 \\(every core\\) or more"):
            _core.set_threads(-1)
    finally:
        _core.set_threads(before)


def test_a_time_limit_stops_every_thread() -> None:
    """The solve gives up at its limit, and the next is right."""
    heavy = [random_ending(random.Random(1), 13) for _ in range(3)][2]
    with on_threads(2), pytest.raises(TimeoutError, match="no result within"):
        _core.solve(heavy, -1, True, 1, (), 0.3)
    ending = random_ending(random.Random(2), 5)
    with on_threads(2):
        assert _core.solve(ending, -1, True, 1, ())[0] == exhaustive_ns_tricks(ending, -1, True, 1)


@pytest.mark.usefixtures("parallel_everywhere")
def test_a_parallel_solve_from_another_python_thread() -> None:
    ending = random_ending(random.Random(3), 5)
    out: list[int] = []
    worker = threading.Thread(target=lambda: out.append(_core.solve(ending, -1, True, 2, ())[0]))
    worker.start()
    worker.join()
    assert out == [exhaustive_ns_tricks(ending, -1, True, 2)]


@pytest.mark.usefixtures("parallel_everywhere")
def test_calls_from_several_python_threads_wait_their_turn() -> None:
    """The table is the module's: calls from four Python threads at once run
    one after the other, each on its threads, and every figure is right."""
    rng = random.Random(4)
    endings = [random_ending(rng, rng.randint(2, 5)) for _ in range(40)]
    expected = [exhaustive_ns_tricks(h, -1, True, 1) for h in endings]
    got: list[int | None] = [None] * len(endings)

    def work(k: int) -> None:
        for i in range(k, len(endings), 4):
            got[i] = _core.solve(endings[i], -1, True, 1, ())[0]

    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert got == expected
