"""``whist bench engine``: complete deals with random legal actions, against endplay.

Ours: deal (shuffle, cut, deal), auction, play and score, per code, every
action chosen at random among the legal ones. An action is one call or one
card; each is preceded by the query for the legal ones, as a player would.

endplay: ``Deal.legal_moves()`` and ``Deal.play()`` over random play of the
same deals, with the trump and the opening leader our run produced. Building
endplay's ``Deal`` is left out of its time, and our time includes dealing,
the auction and scoring, so the ratio is on the cautious side.

Machines are noisy: each figure is the median over several repeats.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Seat
from .codes import CODES, find_code
from .dealing import deal
from .errors import WhistError
from .robots import play_random_deal
from .table import Table

__all__ = [
    "DealSample",
    "bench_engine",
    "endplay_available",
]

# Share of the budget given to our engine; endplay gets the rest.
OURS_SHARE = 0.6


@dataclass(frozen=True, slots=True)
class DealSample:
    """What endplay needs to replay a deal: PBN from North, trump and leader."""

    pbn: str
    trump: int | None  # our suit number (clubs 0 .. spades 3), None at no-trump/nullo
    leader: Seat


def _sample(table: Table) -> DealSample | None:
    play = table.play
    if play is None:  # Royalton: nobody bid
        return None
    return DealSample(
        table.deal.to_pbn(Seat.NORTH),
        None if play.trump < 0 else play.trump,
        play.opening_leader,
    )


@dataclass(slots=True)
class _Tally:
    deals: int = 0
    actions: int = 0
    seconds: float = 0.0
    rates: list[tuple[float, float]] = field(default_factory=list)  # (deals/s, actions/s)


def _run_ours(
    key: str, rng: random.Random, budget: float, number: int, samples: list[DealSample] | None
) -> tuple[int, int, float]:
    """Complete deals of ``key`` for ``budget`` seconds (at least one)."""
    code = find_code(key)
    deals = actions = 0
    start = time.perf_counter()
    end = start + budget
    now = start
    while deals == 0 or now < end:
        d = deal(code, number=number + deals, rng=rng)
        table = Table(code, d)
        actions += play_random_deal(table, rng)
        table.score()
        deals += 1
        if samples is not None:
            s = _sample(table)
            if s is not None:
                samples.append(s)
        now = time.perf_counter()
    return deals, actions, now - start


def endplay_available() -> bool:
    try:
        import endplay.types  # noqa: F401
    except ImportError:
        return False
    return True


def _run_endplay(
    samples: Sequence[DealSample], rng: random.Random, budget: float, offset: int
) -> tuple[int, int, float]:
    """Random play of ``samples`` (cyclically) under endplay for ``budget`` seconds."""
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    deals = actions = 0
    spent = 0.0
    clock = time.perf_counter
    while deals == 0 or spent < budget:
        s = samples[(offset + deals) % len(samples)]
        # endplay's denominations run spades 0 .. clubs 3, no-trump 4.
        trump = Denom(4 if s.trump is None else 3 - s.trump)
        ep = EpDeal(s.pbn, first=Player(int(s.leader)), trump=trump)
        start = clock()
        for _ in range(52):
            moves = ep.legal_moves()
            ep.play(moves[rng.randrange(len(moves))])
        spent += clock() - start
        deals += 1
        actions += 52
    return deals, actions, spent


def bench_engine(
    seconds: float = 15.0,
    repeats: int = 5,
    seed: int = 1,
    codes: Sequence[str] | None = None,
    with_endplay: bool = True,
) -> dict[str, Any]:
    """Run the benchmark for about ``seconds`` and return its figures (see module doc)."""
    if seconds <= 0:
        raise WhistError(f"--seconds must be positive, not {seconds}")
    if repeats < 1:
        raise WhistError(f"--repeats must be at least 1, not {repeats}")
    keys = list(codes) if codes else list(CODES)
    for k in keys:
        find_code(k)
    run_endplay = with_endplay and endplay_available()
    ours_budget = seconds * (OURS_SHARE if run_endplay else 1.0) / (repeats * len(keys))
    ep_budget = seconds * (1 - OURS_SHARE) / repeats
    rng = random.Random(seed)
    tallies = {k: _Tally() for k in keys}
    overall: list[tuple[float, float]] = []
    ep_rates: list[float] = []
    ep_deals = 0
    samples: list[DealSample] = []
    number = 1
    began = time.perf_counter()
    for r in range(repeats):
        deals_r = actions_r = 0
        secs_r = 0.0
        for k in keys:
            n, a, t = _run_ours(k, rng, ours_budget, number, samples if r == 0 else None)
            number += n
            tally = tallies[k]
            tally.deals += n
            tally.actions += a
            tally.seconds += t
            tally.rates.append((n / t, a / t))
            deals_r += n
            actions_r += a
            secs_r += t
        overall.append((deals_r / secs_r, actions_r / secs_r))
        if run_endplay and samples:
            n, a, t = _run_endplay(samples, rng, ep_budget, ep_deals)
            ep_deals += n
            ep_rates.append(a / t)
    ours_actions = statistics.median(a for _, a in overall)
    ours: dict[str, Any] = {
        "actions_per_s": round(ours_actions, 1),
        "deals_per_s": round(statistics.median(d for d, _ in overall), 1),
        "per_code": {
            k: {
                "actions_per_s": round(statistics.median(a for _, a in t.rates), 1),
                "deals_per_s": round(statistics.median(d for d, _ in t.rates), 1),
                "deals": t.deals,
                "actions": t.actions,
                "actions_per_deal": round(t.actions / t.deals, 1),
            }
            for k, t in tallies.items()
        },
    }
    endplay: dict[str, Any] | None = None
    ratio: float | None = None
    if ep_rates:
        ep_actions = statistics.median(ep_rates)
        endplay = {"actions_per_s": round(ep_actions, 1), "deals": ep_deals}
        ratio = round(ours_actions / ep_actions, 2)
    return {
        "ours": ours,
        "endplay": endplay,
        "ratio": ratio,
        "deals": sum(t.deals for t in tallies.values()),
        "actions": sum(t.actions for t in tallies.values()),
        "repeats": repeats,
        "seconds": round(time.perf_counter() - began, 2),
        "seed": seed,
        "python": platform.python_version(),
    }
