"""``whist bench solver``: DDS against our core, per solve of one strain and declarer.

(a) DDS: endplay's ``solve_board`` at trick one, spades, East leading
(North declaring); (b) our core on the same ordinary solve; (c) our core on
nullo for the same declarer, once for each number of threads asked (deal by
deal, so a loaded machine weighs on each alike). The same random deals for
all; medians, and the tail of the nullo solves.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _core
from .dds import dds_solve_board
from .verify import random_ending

__all__ = ["NulloRun", "SolverBench", "bench_solver"]


@dataclass(frozen=True, slots=True)
class NulloRun:
    """The nullo solves of one number of threads (0: every core)."""

    threads: int
    median_ms: float
    p95_ms: float  # the 95th percentile (nearest rank)
    unfinished: int  # gave up at the limit, counted as taking it
    slowest_deal: int  # its number in the sample (deal i of the seed)
    slowest_ms: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "threads": self.threads,
            "median_ms": round(self.median_ms, 3),
            "p95_ms": round(self.p95_ms, 3),
            "unfinished": self.unfinished,
            "slowest_deal": self.slowest_deal,
            "slowest_ms": round(self.slowest_ms, 3),
        }


def _nullo_run(threads: int, seconds: list[float], unfinished: int) -> NulloRun:
    ordered = sorted(seconds)
    p95 = ordered[max(0, -(-95 * len(ordered) // 100) - 1)]  # nearest rank
    slowest = max(range(len(seconds)), key=seconds.__getitem__)
    ms = 1000.0
    return NulloRun(
        threads,
        statistics.median(seconds) * ms,
        p95 * ms,
        unfinished,
        slowest,
        seconds[slowest] * ms,
    )


@dataclass(frozen=True, slots=True)
class SolverBench:
    dds_ms: float
    ours_ms: float
    nullo_ms: float | None  # None: not measured (--no-nullo)
    deals: int
    # with a limit a nullo solve may give up: it counts as taking the limit,
    # and a median among those is only a lower bound
    nullo_limit_ms: float | None = None
    nullo_unfinished: int = 0
    # one for each number of threads asked; nullo_ms is the last one's median
    nullo_runs: tuple[NulloRun, ...] = ()

    @property
    def nullo_median_is_lower_bound(self) -> bool:
        return self.nullo_limit_ms is not None and self.nullo_ms == self.nullo_limit_ms

    @property
    def ours_ratio(self) -> float:
        return self.ours_ms / self.dds_ms

    @property
    def nullo_ratio(self) -> float | None:
        return None if self.nullo_ms is None else self.nullo_ms / self.dds_ms

    def as_dict(self) -> dict[str, float | int | list[dict[str, float | int]] | None]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 3)

        return {
            "dds_ms": r(self.dds_ms),
            "ours_ms": r(self.ours_ms),
            "nullo_ms": r(self.nullo_ms),
            "ours_ratio": r(self.ours_ratio),
            "nullo_ratio": r(self.nullo_ratio),
            "deals": self.deals,
            "nullo_limit_ms": r(self.nullo_limit_ms),
            "nullo_unfinished": self.nullo_unfinished,
            "nullo_runs": [run.as_dict() for run in self.nullo_runs],
        }


def bench_solver(
    deals: int,
    seed: int = 1,
    cards: int = 13,
    progress: Callable[[dict[str, Any]], None] | None = None,
    nullo: bool = True,
    nullo_limit: float | None = None,
    threads: tuple[int, ...] = (0,),
) -> SolverBench:
    """Medians over ``deals`` random deals (or endings of ``cards``) of one
    solve each: DDS at spades, ours at spades, ours at nullo. ``nullo_limit``
    (seconds) bounds each nullo solve: whole-deal nullo can take many minutes.
    The nullo solves are made with each number of ``threads`` in turn (0:
    every core); the spades solve with the last. ``progress`` is given each
    deal's figures as it ends (``deal``, ``dds_ms``, ``ours_ms``, and
    ``nullo_ms`` for each of the ``threads`` used in turn, None where the
    solve gave up), so that a log keeps what a long run measured."""
    if not threads or min(threads) < 0:
        raise ValueError(f"threads: one or more numbers, 0 (every core) or more, not {threads}")
    rng = random.Random(seed)
    dds: list[float] = []
    ours: list[float] = []
    nullo_s: list[list[float]] = [[] for _ in threads]
    unfinished = [0 for _ in threads]
    before = _core.set_threads(threads[-1])
    used = []  # the threads each run used (0 is every core)
    for n in threads:
        _core.set_threads(n)
        used.append(_core.threads())
    leader = 1  # East leads: North declares
    # DDS loads and sets up its tables on its first call: not part of a solve
    dds_solve_board(random_ending(random.Random(-1), cards), "S", leader, ())
    try:
        for deal in range(deals):
            hands = random_ending(rng, cards)
            t = time.perf_counter()
            dds_solve_board(hands, "S", leader, ())
            dds.append(time.perf_counter() - t)
            _core.set_threads(threads[-1])
            t = time.perf_counter()
            _core.solve(hands, 3, False, leader, ())
            ours.append(time.perf_counter() - t)
            nullo_ms: list[float | None] = []
            for i, n in enumerate(threads if nullo else ()):
                _core.set_threads(n)
                t = time.perf_counter()
                try:
                    _core.solve(hands, -1, True, leader, (), nullo_limit or 0.0)  # 0: no limit
                    nullo_s[i].append(time.perf_counter() - t)
                    nullo_ms.append(round(nullo_s[i][-1] * 1000.0, 2))
                except TimeoutError:  # only with a limit
                    nullo_s[i].append(nullo_limit or 0.0)
                    unfinished[i] += 1
                    nullo_ms.append(None)
            if progress:
                progress(
                    {
                        "deal": deal,
                        "dds_ms": round(dds[-1] * 1000.0, 2),
                        "ours_ms": round(ours[-1] * 1000.0, 2),
                        "threads": used if nullo else [],
                        "nullo_ms": nullo_ms,
                    }
                )
    finally:
        _core.set_threads(before)
    ms = 1000.0
    runs = tuple(
        _nullo_run(used[i], nullo_s[i], unfinished[i]) for i in range(len(threads)) if nullo
    )
    return SolverBench(
        statistics.median(dds) * ms,
        statistics.median(ours) * ms,
        runs[-1].median_ms if runs else None,
        deals,
        nullo_limit * ms if nullo and nullo_limit else None,
        runs[-1].unfinished if runs else 0,
        runs,
    )
