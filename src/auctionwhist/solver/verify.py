"""Proofs of the core: against DDS at ordinary play, against plain minimax at nullo."""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..runlog import append_row, open_log, read_rows
from . import _core
from ._exhaustive import exhaustive_ns_tricks
from .dds import dds_solve_board, dds_table_of_hands

__all__ = [
    "SOLVES_A_DEAL",
    "Mismatch",
    "Proof",
    "check_deal",
    "on_threads",
    "random_deals",
    "random_ending",
    "run_dds_proof",
    "verify_against_dds",
    "verify_nullo_endings",
]

_STRAINS = (("C", 0), ("D", 1), ("H", 2), ("S", 3), ("NT", -1))

Hands = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Mismatch:
    hands: Hands
    strain: str
    leader: int
    ours: int
    theirs: int


def random_ending(rng: random.Random, cards: int) -> Hands:
    """Four hands of ``cards`` cards each, from a shuffled pack."""
    pack = rng.sample(range(52), 4 * cards)
    h = [sum(1 << c for c in pack[i * cards : (i + 1) * cards]) for i in range(4)]
    return h[0], h[1], h[2], h[3]


@contextmanager
def on_threads(threads: int | None) -> Iterator[None]:
    """The core's solves within on ``threads`` threads (0: every core; None:
    as set). More than one thread searches every position in parallel, even
    the smallest (a solve does so only from eight tricks left), so that a
    proof on endings proves the parallel search."""
    if threads is None:
        yield
        return
    before = _core.set_threads(threads)
    options = _core._par_options(2, 1 if _core.threads() > 1 else 8)
    try:
        yield
    finally:
        _core.set_threads(before)
        _core._par_options(*options)


def check_deal(hands: Hands, cards: int = 13) -> list[Mismatch]:
    """Every strain and every opening leader (so every declarer) of one deal
    (or ending of ``cards`` a hand): our core against DDS's. Whole deals take
    one DDS ``CalcDDtable`` and one of our tables a strain (the four opening
    leads share a transposition table); endings take ``SolveBoard``."""
    bad: list[Mismatch] = []
    table = dds_table_of_hands(hands) if cards == 13 else None
    for strain, trump in _STRAINS:
        ns_by_leader, _ = _core.table(hands, trump, False)
        for leader in range(4):
            if table is not None:
                theirs = table[strain][(leader + 3) & 3]  # the declarer's side
            else:
                theirs = max(dds_solve_board(hands, strain, leader, ()).values())
                theirs = cards - theirs  # SolveBoard counts the leader's side
            ns = ns_by_leader[leader]
            ours = cards - ns if leader & 1 == 0 else ns  # the declarer's side
            if ours != theirs:
                bad.append(Mismatch(hands, strain, leader, ours, theirs))
    return bad


SOLVES_A_DEAL = 4 * len(_STRAINS)


def random_deals(deals: int, cards: int = 13, seed: int = 1) -> list[Hands]:
    """The deals ``verify_against_dds`` checks, in order: deal i is the same
    whatever ``deals`` is, so a longer run extends a shorter one."""
    rng = random.Random(seed)
    return [random_ending(rng, cards) for _ in range(deals)]


def verify_against_dds(
    deals: int, cards: int = 13, seed: int = 1, progress: Callable[[], None] | None = None
) -> tuple[int, list[Mismatch]]:
    """``check_deal`` on ``deals`` random deals, in this process and with no
    log. Returns (solves compared, mismatches)."""
    proof = run_dds_proof(deals, cards, seed, progress=progress)
    return proof.solves, proof.mismatches


@dataclass(frozen=True, slots=True)
class Proof:
    """A run of ``run_dds_proof``: the deals in its log included."""

    deals: int
    solves: int
    mismatches: list[Mismatch]
    resumed: int  # deals read back from the log, not solved again
    seconds: float  # solving time of every deal, summed (CPU-bound: one core each)


def _check_indexed(
    task: tuple[int, Hands, int, int | None],
) -> tuple[int, list[Mismatch], float]:
    i, hands, cards, threads = task
    start = time.perf_counter()
    with on_threads(threads):
        bad = check_deal(hands, cards)
    return i, bad, time.perf_counter() - start


def _logged(log: Path, seed: int, cards: int) -> dict[int, tuple[list[Mismatch], float]]:
    """Deals already checked in ``log`` for this seed and size. A line cut
    short by a crash is ignored: that deal is checked again."""
    done: dict[int, tuple[list[Mismatch], float]] = {}
    for row in read_rows(log):
        try:
            if row["seed"] != seed or row["cards"] != cards:
                continue
            bad = [Mismatch(tuple(h), st, ld, o, t) for h, st, ld, o, t in row["differ"]]
            done[int(row["deal"])] = (bad, float(row["seconds"]))
        except (ValueError, KeyError, TypeError):
            continue
    return done


def run_dds_proof(
    deals: int,
    cards: int = 13,
    seed: int = 1,
    *,
    log: Path | None = None,
    jobs: int = 1,
    threads: int | None = None,
    progress: Callable[[], None] | None = None,
) -> Proof:
    """``check_deal`` on deals 0 .. ``deals``-1 of ``random_deals(seed)``, in
    ``jobs`` processes, each solve on ``threads`` threads (see ``on_threads``).
    With a ``log`` every deal is appended to it as soon as
    it is checked, and deals already there are not checked again: an
    eleven-hour proof survives a crash and can be run a piece at a time."""
    logged = _logged(log, seed, cards) if log else {}
    results = {i: v for i, v in logged.items() if i < deals}
    resumed = len(results)
    every = enumerate(random_deals(deals, cards, seed))
    tasks = [(i, h, cards, threads) for i, h in every if i not in logged]
    out = open_log(log) if log else None
    try:
        pool = (
            ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
            if jobs > 1
            else None
        )
        # as each deal finishes, not in order: a slow deal holds back no others
        stream = (
            (f.result() for f in as_completed([pool.submit(_check_indexed, t) for t in tasks]))
            if pool
            else map(_check_indexed, tasks)
        )
        try:
            for i, bad, sec in stream:
                results[i] = (bad, sec)
                if out:
                    row = {
                        "seed": seed,
                        "cards": cards,
                        "deal": i,
                        "solves": SOLVES_A_DEAL,
                        "differ": [
                            [list(m.hands), m.strain, m.leader, m.ours, m.theirs] for m in bad
                        ],
                        "seconds": round(sec, 3),
                    }
                    append_row(out, row)
                if progress:
                    progress()
        finally:
            if pool:
                pool.shutdown(cancel_futures=True)
    finally:
        if out:
            out.close()
    mismatches = [m for i in sorted(results) for m in results[i][0]]
    return Proof(
        deals=len(results),
        solves=len(results) * SOLVES_A_DEAL,
        mismatches=mismatches,
        resumed=resumed,
        seconds=sum(sec for _, sec in results.values()),
    )


def verify_nullo_endings(
    endings: int,
    max_cards: int = 5,
    seed: int = 1,
    progress: Callable[[], None] | None = None,
    threads: int | None = None,
) -> tuple[int, list[Mismatch]]:
    """Random nullo endings of 1..``max_cards`` cards a hand, every card of the
    leader scored: our core (on ``threads`` threads, see ``on_threads``)
    against the exhaustive minimax."""
    rng = random.Random(seed)
    bad: list[Mismatch] = []
    for _ in range(endings):
        hands = random_ending(rng, rng.randint(1, max_cards))
        leader = rng.randrange(4)
        theirs = exhaustive_ns_tricks(hands, -1, True, leader)
        with on_threads(threads):
            ours, _ = _core.solve(hands, -1, True, leader, ())
        if ours != theirs:
            bad.append(Mismatch(hands, "NL", leader, ours, theirs))
        if progress:
            progress()
    return endings, bad
