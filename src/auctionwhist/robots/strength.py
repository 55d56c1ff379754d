"""How strong the robots are, measured (``whist bench robots``).

Each deal is played three times:

* at a table of four Monte Carlo robots (``cardplay.MonteCarloPlayer``): the
  declarant's tricks against the double-dummy tricks of the final contract
  (``declarer_dd_gap``), and the score against par under the code
  (``par_gap``, ``solver.par``); every call and card is timed;
* twice as a duplicate deal (Goodfellow, "Principles of play": "your
  opponents will later have ... your hand to play"), the robots sitting
  North-South at one table and East-West at the other against the heuristic
  player (``heuristic.HeuristicPlayer``). The margin is the robots' net score
  over the two tables, averaged over the deals, with its standard error.

A nullo contract counts in ``declarer_dd_gap`` too (issue 20): its
double-dummy figure (the tricks the declarant's side is forced to take) comes
from ``solver.dd_bounds`` within ``NULLO_GAP_BUDGET`` seconds; where the
exact figure takes longer, the gap is taken from the middle of the bounds
the solver reached, and ``nullo_bounded`` counts those deals. Par is still
found as if no nullo could be made (a whole nullo row a deal is too slow
for a benchmark; docs/solver.md).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..calls import DENOMINATIONS, Call
from ..cards import Deal, Seat
from ..codes import Code, find_code
from ..dealing import deal as deal_cards
from ..table import Table
from .cardplay import DEFAULT_SETTINGS, MonteCarloPlayer, Settings
from .heuristic import HeuristicPlayer
from .player import Player, play_deal
from .view import RobotError, SeatView

__all__ = ["RobotBench", "TimedPlayer", "bench_robots", "percentile"]


class TimedPlayer:
    """A player whose calls and cards are timed (the seconds each took)."""

    def __init__(self, inner: Player, calls: list[float], cards: list[float]) -> None:
        self.inner = inner
        self.calls = calls
        self.cards = cards

    def call(self, view: SeatView, rng: random.Random) -> Call:
        t = time.perf_counter()
        c = self.inner.call(view, rng)
        self.calls.append(time.perf_counter() - t)
        return c

    def card(self, view: SeatView, rng: random.Random) -> int:
        t = time.perf_counter()
        c = self.inner.card(view, rng)
        self.cards.append(time.perf_counter() - t)
        return c

    def claim(self, view: SeatView, rng: random.Random) -> int | None:
        return self.inner.claim(view, rng)

    def answer_claim(self, view: SeatView, rng: random.Random) -> bool:
        return self.inner.answer_claim(view, rng)

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        return self.inner.bridge(view, rng)

    def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
        return self.inner.rule(view, rng)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


@dataclass(slots=True)
class RobotBench:
    """The figures of one run; ``None`` where the code has no such figure (no
    par without an auction) or no deal gave one."""

    code: str
    deals: int
    declarer_dd_gap: float | None = None
    declarer_deals: int = 0
    nullo_deals: int = 0  # of declarer_deals, nullo contracts
    nullo_bounded: int = 0  # of those, gaps from the middle of the solver's bounds
    par_gap: float | None = None
    par_deals: int = 0
    match_margin: float = 0.0
    match_se: float = 0.0
    call_s_median: float = 0.0
    call_s_p95: float = 0.0
    card_s_median: float = 0.0
    card_s_p95: float = 0.0
    seconds: float = 0.0
    margins: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "deals": self.deals,
            "declarer_dd_gap": _round(self.declarer_dd_gap),
            "declarer_deals": self.declarer_deals,
            "nullo_deals": self.nullo_deals,
            "nullo_bounded": self.nullo_bounded,
            "par_gap": _round(self.par_gap),
            "par_deals": self.par_deals,
            "match_margin": round(self.match_margin, 3),
            "match_se": round(self.match_se, 3),
            "call_s_median": round(self.call_s_median, 5),
            "call_s_p95": round(self.call_s_p95, 5),
            "card_s_median": round(self.card_s_median, 5),
            "card_s_p95": round(self.card_s_p95, 5),
            "seconds": round(self.seconds, 1),
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def _net(table: Table) -> int:
    """North-South's net score of a finished deal (0 when void or passed out)."""
    s = table.score()
    return 0 if s.void else s.total(0) - s.total(1)


# Seconds for a nullo contract's double-dummy figure before its bounds are used.
NULLO_GAP_BUDGET = 20.0


def _dd_gap(table: Table) -> tuple[float, bool] | None:
    """Double-dummy tricks of the final contract less the declarant's tricks
    (at nullo the other way about), and whether the figure was bounds (a
    nullo out of time: the middle of them); None for a passed deal."""
    from ..solver import dd_bounds, dd_tricks

    play = table.play
    contract = table.contract
    if play is None or contract is None or play.declarer is None:
        return None
    taken = table.tricks_won()[play.declarer.side]
    if contract.denom.nullo:
        # the hand that plays it (a bridged nullo is the partner's): its
        # left-hand adversary leads (Royalton law 34), its row of the table
        lo, hi = dd_bounds(table.deal, "NL", budget=NULLO_GAP_BUDGET)[play.declarer]
        return taken - (lo + hi) / 2, lo != hi
    # otherwise the declarant leads from his left
    dd = dd_tricks(table.deal, contract.denom.strain, play.declarer)
    return float(dd - taken), False


def _par_gap(code: Code, table: Table) -> int | None:
    """|robots' North-South net - par|; None for a code without an auction."""
    if not code.auction:
        return None
    from ..solver import dd_table
    from ..solver.par import par

    strains = sorted({DENOMINATIONS[d].strain for d in code.trick_values} - {"NL"})
    rows: dict[str, tuple[int, int, int, int]] = dict(dd_table(table.deal, strains))
    if "NL" in code.trick_values:
        rows["NL"] = (13, 13, 13, 13)  # see the module's note on nullo
    return abs(_net(table) - par(code, table.deal, rows).score)


def _play(code: Code, d: Deal, players: Mapping[Seat, Player], rng: random.Random) -> Table:
    table = Table(code, d)
    play_deal(table, players, rng)
    return table


def bench_robots(
    code: Code | str,
    deals: int,
    seed: int = 1,
    settings: Settings = DEFAULT_SETTINGS,
    match: bool = True,
) -> RobotBench:
    """Play ``deals`` deals of ``code`` robot against robot and measure them
    (see the module's docstring). Reproducible from ``seed``."""
    c = find_code(code)
    if deals < 1:
        raise RobotError("bench at least one deal")
    rng = random.Random(seed)
    calls: list[float] = []
    cards: list[float] = []
    robot = MonteCarloPlayer(settings=settings)
    timed = TimedPlayer(robot, calls, cards)
    # the yardstick bids as the Monte Carlo robot does, slams simulated too,
    # so that the match measures the card play
    heuristic = HeuristicPlayer(simulate=True)
    gaps: list[float] = []
    nullos = bounded = 0
    pars: list[int] = []
    margins: list[int] = []
    start = time.perf_counter()
    for n in range(deals):
        d = deal_cards(c, number=n + 1, rng=rng)
        seed_n = rng.randrange(1 << 30)
        table = _play(c, d, dict.fromkeys(Seat, timed), random.Random(seed_n))
        g = _dd_gap(table)
        if g is not None:
            gaps.append(g[0])
            nullos += table.contract is not None and table.contract.denom.nullo
            bounded += g[1]
        p = _par_gap(c, table)
        if p is not None:
            pars.append(p)
        if match:
            ns = {s: (robot if s.side == 0 else heuristic) for s in Seat}
            ew = {s: (heuristic if s.side == 0 else robot) for s in Seat}
            a = _play(c, d, ns, random.Random(seed_n))
            b = _play(c, d, ew, random.Random(seed_n))
            margins.append(_net(a) - _net(b))
    out = RobotBench(code=c.key, deals=deals, margins=margins)
    out.seconds = time.perf_counter() - start
    if gaps:
        out.declarer_dd_gap, out.declarer_deals = statistics.fmean(gaps), len(gaps)
        out.nullo_deals, out.nullo_bounded = nullos, bounded
    if pars:
        out.par_gap, out.par_deals = statistics.fmean(pars), len(pars)
    if margins:
        out.match_margin = statistics.fmean(margins)
        if len(margins) > 1:
            out.match_se = statistics.stdev(margins) / math.sqrt(len(margins))
    out.call_s_median, out.call_s_p95 = percentile(calls, 0.5), percentile(calls, 0.95)
    out.card_s_median, out.card_s_p95 = percentile(cards, 0.5), percentile(cards, 0.95)
    return out
