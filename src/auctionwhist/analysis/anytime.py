"""How fast the nullo row comes as bounds: ``solver.dd_bounds`` with a time
budget on the deals of ``whist bench solver`` (issue 20's acceptance: the
nullo row's bounds within 1 s on every deal of its sample).

Each deal's nullo row is asked for with ``within`` seconds; the figures are
what a person running ``whist analyse --time-limit`` would see: the time to
the first bounds, the time to the answer, how wide the bounds are then and
how many rows were already exact. With ``exact_limit`` each deal is then
run on to its exact row (at most that many seconds), to count the rows
solved in time and to check that the bounds held the exact figures.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ..cards import Deal, Seat
from ..solver import BoundsRow, dd_bounds
from ..solver.verify import random_ending

__all__ = ["AnytimeBench", "AnytimeDeal", "bench_anytime"]


@dataclass(frozen=True, slots=True)
class AnytimeDeal:
    """One deal: seconds to the first bounds and to the answer within the
    budget, the bounds then, and (with an exact run) the seconds to the
    exact row (None: not within its limit) and whether the bounds held it."""

    deal: int
    first_s: float
    answer_s: float
    bounds: BoundsRow
    exact_s: float | None = None
    held: bool | None = None

    @property
    def width(self) -> int:
        """The widest of the four declarers' bounds (0: exact)."""
        return max(hi - lo for lo, hi in self.bounds)

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "bounds": [list(b) for b in self.bounds], "width": self.width}


@dataclass(frozen=True, slots=True)
class AnytimeBench:
    within: float
    seed: int
    deals: tuple[AnytimeDeal, ...]
    exact_limit: float | None

    @property
    def slowest_s(self) -> float:
        return max(d.answer_s for d in self.deals)

    @property
    def all_within(self) -> bool:
        """Every row answered (as bounds) within the budget, with the 0.1 s
        a question may take to see its clock (it checks every 4,096 nodes)."""
        return self.slowest_s <= self.within + 0.1

    def as_dict(self) -> dict[str, Any]:
        widths = [d.width for d in self.deals]
        out: dict[str, Any] = {
            "deals": len(self.deals),
            "seed": self.seed,
            "within_s": self.within,
            "all_within": self.all_within,
            "slowest_s": round(self.slowest_s, 3),
            "first_bounds_s": {
                "median": round(statistics.median(d.first_s for d in self.deals), 4),
                "max": round(max(d.first_s for d in self.deals), 4),
            },
            "width": {
                "median": statistics.median(widths),
                "max": max(widths),
                "mean": round(statistics.mean(widths), 2),
            },
            "exact_within": sum(1 for w in widths if w == 0),
        }
        if self.exact_limit is not None:
            done = [d.exact_s for d in self.deals if d.exact_s is not None]
            out["exact"] = {
                "limit_s": self.exact_limit,
                "solved": len(done),
                "median_s": round(statistics.median(done), 2) if done else None,
                "bounds_held": all(d.held is not False for d in self.deals),
            }
        out["by_deal"] = [d.as_dict() for d in self.deals]
        return out


def bench_anytime(
    deals: int,
    seed: int = 1,
    within: float = 1.0,
    exact_limit: float | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> AnytimeBench:
    """The nullo row's bounds within ``within`` seconds on ``deals`` deals of
    ``whist bench solver``'s sample (the same seed gives the same deals).
    ``progress`` is given each deal's figures as it ends (as in the JSON's
    ``by_deal``), so that a log keeps what a long run measured."""
    rng = random.Random(seed)
    out: list[AnytimeDeal] = []
    for i in range(deals):
        deal = Deal(random_ending(rng, 13), Seat.NORTH, 1)
        t = time.perf_counter()
        first: list[float] = []

        def seen(_: BoundsRow, t: float = t, first: list[float] = first) -> None:
            if not first:
                first.append(time.perf_counter() - t)

        row = dd_bounds(deal, "NL", budget=within, on_bounds=seen)
        answer = time.perf_counter() - t
        one = AnytimeDeal(i, first[0] if first else answer, answer, row)
        if exact_limit is not None:
            t = time.perf_counter()
            exact = dd_bounds(deal, "NL", budget=exact_limit, start=row)
            took = time.perf_counter() - t
            solved = all(lo == hi for lo, hi in exact)
            held = all(a <= c <= d <= b for (a, b), (c, d) in zip(row, exact, strict=True))
            one = AnytimeDeal(i, one.first_s, answer, row, answer + took if solved else None, held)
        out.append(one)
        if progress is not None:
            progress(one.as_dict())
    return AnytimeBench(within, seed, tuple(out), exact_limit)
