"""``whist bench solver``: DDS against our core, per solve of one strain and declarer.

(a) DDS: endplay's ``solve_board`` at trick one, spades, East leading
(North declaring); (b) our core on the same ordinary solve; (c) our core on
nullo for the same declarer. The same random deals for all three; medians.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from . import _core
from .dds import dds_solve_board
from .verify import random_ending

__all__ = ["SolverBench", "bench_solver"]


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

    @property
    def nullo_median_is_lower_bound(self) -> bool:
        return self.nullo_limit_ms is not None and self.nullo_ms == self.nullo_limit_ms

    @property
    def ours_ratio(self) -> float:
        return self.ours_ms / self.dds_ms

    @property
    def nullo_ratio(self) -> float | None:
        return None if self.nullo_ms is None else self.nullo_ms / self.dds_ms

    def as_dict(self) -> dict[str, float | int | None]:
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
        }


def bench_solver(
    deals: int,
    seed: int = 1,
    cards: int = 13,
    progress: Callable[[], None] | None = None,
    nullo: bool = True,
    nullo_limit: float | None = None,
) -> SolverBench:
    """Medians over ``deals`` random deals (or endings of ``cards``) of one
    solve each: DDS at spades, ours at spades, ours at nullo. ``nullo_limit``
    (seconds) bounds each nullo solve: whole-deal nullo can take many minutes."""
    rng = random.Random(seed)
    dds: list[float] = []
    ours: list[float] = []
    nullo_s: list[float] = []
    unfinished = 0
    leader = 1  # East leads: North declares
    # DDS loads and sets up its tables on its first call: not part of a solve
    dds_solve_board(random_ending(random.Random(-1), cards), "S", leader, ())
    for _ in range(deals):
        hands = random_ending(rng, cards)
        t = time.perf_counter()
        dds_solve_board(hands, "S", leader, ())
        dds.append(time.perf_counter() - t)
        t = time.perf_counter()
        _core.solve(hands, 3, False, leader, ())
        ours.append(time.perf_counter() - t)
        if nullo:
            t = time.perf_counter()
            try:
                _core.solve(hands, -1, True, leader, (), nullo_limit or 0.0)  # 0: no limit
                nullo_s.append(time.perf_counter() - t)
            except TimeoutError:  # only with a limit
                nullo_s.append(nullo_limit or 0.0)
                unfinished += 1
        if progress:
            progress()
    ms = 1000.0
    return SolverBench(
        statistics.median(dds) * ms,
        statistics.median(ours) * ms,
        statistics.median(nullo_s) * ms if nullo_s else None,
        deals,
        nullo_limit * ms if nullo and nullo_limit else None,
        unfinished,
    )
