"""How well the robots bid, measured (``whist bench bidding``; issue 18).

Over N deals the robots bid all four seats and only the auction is played:
each final contract is scored as a duplicate deal by the code
(``solver.par.contract_score``) with the double-dummy tricks of its declarer,
so the card play is the same for every bidding and only the bidding differs.

For one bidding at all four seats:

* ``par_gap``: the mean of |North-South net - par| (``solver.par``), in points;
* ``games_bid_rate``: of the deals where the declaring side could make game
  double dummy in some denomination (either of its hands declaring), the
  share where its final contract was a game contract (tricks bid worth game);
* ``slams_bid_rate``: the same for twelve tricks or more and a bid of six or seven;
* ``doubled_set_rate``: of the doubled (or redoubled) final contracts, the
  share that fail double dummy.

The duplicate match seats the current bidding North-South and the baseline
(``robots.bidding.baseline``: the bidding when issue 18 began) East-West at
one table, the other way about at the other; a deal's margin is the current
bidding's net over the two tables. The margin is the mean over the deals,
with its standard error.

Nullo: a whole-deal nullo solve takes seconds to minutes (docs/solver.md,
"Left to do"), too slow for a bench. So, as in ``robots.strength``, par and
the games and slams a side could make are found as if no nullo could be
made; and a nullo contract reached is decided by one bound of the solver
(``dd_bound``: made or not), then scored as made exactly or set by one trick.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..calls import DENOMINATIONS, Call, Contract
from ..cards import Deal, Seat
from ..codes import Code, find_code
from ..dealing import deal as deal_cards
from ..errors import WhistError
from ..robots.bidding import decide as current_decide
from ..robots.bidding.baseline import decide as baseline_decide
from ..robots.view import ScoreContext, SeatView
from ..table import Table

__all__ = [
    "BIDDINGS",
    "Bidder",
    "BiddingBench",
    "BiddingError",
    "BiddingFigures",
    "Outcome",
    "bench_bidding",
    "bid_auction",
]

Bidder = Callable[[SeatView], Call]
"""A bidding under test: the call it makes for a seat's view."""


def _current(view: SeatView) -> Call:
    # the bidding as the strong robot bids, slams simulated (``Situation.simulate``)
    return current_decide(view, simulate=True)[0].call


def _baseline(view: SeatView) -> Call:
    return baseline_decide(view)[0].call


BIDDINGS: Mapping[str, Bidder] = {"current": _current, "baseline": _baseline}


class BiddingError(WhistError):
    """A bidding bench that cannot be run (no auction, no deals)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One auction's end, scored double dummy. ``contract`` is None when the
    deal was passed out (Royalton law 30)."""

    calls: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    declarer: Seat | None
    tricks: int  # the declaring side's, double dummy (forced tricks at nullo)
    net: int  # North-South net, as a duplicate deal

    @property
    def made(self) -> bool:
        if self.contract is None:
            return True
        won = 13 - self.tricks if self.contract.denom.nullo else self.tricks
        return won >= 6 + self.contract.level


def bid_auction(code: Code, deal: Deal, bidders: Mapping[Seat, Bidder]) -> Table:
    """The auction of ``deal`` with ``bidders[seat]`` calling for each seat; the
    table is returned when the auction is over (the play not begun)."""
    table = Table(code, deal)
    while table.phase == "auction":
        seat = table.to_act
        assert seat is not None
        # scored alone as a duplicate deal (``contract_score``), so bid as one
        view = SeatView.of(table, seat, ScoreContext(duplicate=True))
        call = bidders[seat](view)
        if call not in view.legal_calls:
            raise BiddingError(f"{seat.name.title()}'s bidding made {call}, not a legal call now")
        table.call(call)
    return table


class _Deal:
    """One deal's double-dummy facts, each found once and shared by every auction."""

    def __init__(self, code: Code, deal: Deal) -> None:
        from ..solver import dd_table
        from ..solver.par import par

        self.code = code
        self.deal = deal
        strains = sorted({DENOMINATIONS[d].strain for d in code.trick_values} - {"NL"})
        self.rows: dict[str, tuple[int, int, int, int]] = dict(dd_table(deal, strains))
        par_rows = dict(self.rows)
        if "NL" in code.trick_values:
            par_rows["NL"] = (13, 13, 13, 13)  # see the module's note on nullo
        self.par = par(code, deal, par_rows).score
        self._nullo: dict[tuple[Seat, int], int] = {}

    def best_tricks(self, side: int, denomination: str) -> int:
        row = self.rows[DENOMINATIONS[denomination].strain]
        return max(row[s] for s in Seat if s.side == side)

    def could_make_game(self, side: int) -> bool:
        game = self.code.game
        if game is None:
            return False
        for d, value in self.code.trick_values.items():
            if d == "NL":
                continue
            level = math.ceil(game.points / value)
            if level <= 7 and self.best_tricks(side, d) >= 6 + level:
                return True
        return False

    def could_make_slam(self, side: int) -> bool:
        return any(self.best_tricks(side, d) >= 12 for d in self.code.trick_values if d != "NL")

    def tricks(self, contract: Contract, declarer: Seat) -> int:
        strain = contract.denom.strain
        if strain != "NL":
            return self.rows[strain][declarer]
        key = (declarer, contract.level)
        got = self._nullo.get(key)
        if got is None:
            from ..solver import dd_bound

            # Set when the declaring side is forced to take 8 - level tricks or more.
            limit = 8 - contract.level
            lo, _ = dd_bound(self.deal, "NL", declarer, limit)
            got = limit if lo >= limit else limit - 1
            self._nullo[key] = got
        return got

    def outcome(self, table: Table) -> Outcome:
        from ..solver.par import contract_score

        calls = tuple(table.auction.calls) if table.auction is not None else ()
        contract, declarer = table.contract, table.declarer
        if contract is None or declarer is None:
            return Outcome(calls, None, None, 0, 0)
        t = self.tricks(contract, declarer)
        net = contract_score(self.code, self.deal, contract, declarer, t)
        return Outcome(calls, contract, declarer, t, net)


@dataclass(slots=True)
class BiddingFigures:
    """The figures of one bidding at all four seats (see the module's docstring).
    A rate is None when no deal gave it a chance."""

    par_gap: float = 0.0
    games: int = 0  # deals where the declaring side could make game
    games_bid: int = 0
    slams: int = 0
    slams_bid: int = 0
    doubled: int = 0
    doubled_set: int = 0
    passed_out: int = 0
    gaps: list[int] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def games_bid_rate(self) -> float | None:
        return self.games_bid / self.games if self.games else None

    @property
    def slams_bid_rate(self) -> float | None:
        return self.slams_bid / self.slams if self.slams else None

    @property
    def doubled_set_rate(self) -> float | None:
        return self.doubled_set / self.doubled if self.doubled else None

    def count(self, code: Code, facts: _Deal, out: Outcome) -> None:
        self.outcomes.append(out)
        self.gaps.append(abs(out.net - facts.par))
        self.par_gap = statistics.fmean(self.gaps)
        if out.contract is None or out.declarer is None:
            self.passed_out += 1
            return
        side = out.declarer.side
        bid = out.contract.bid
        game = code.game
        if facts.could_make_game(side):
            self.games += 1
            worth = bid.level * code.trick_values[bid.denomination]
            self.games_bid += game is not None and worth >= game.points
        if facts.could_make_slam(side):
            self.slams += 1
            self.slams_bid += bid.level >= 6
        if out.contract.doubled:
            self.doubled += 1
            self.doubled_set += not out.made

    def to_json(self) -> dict[str, Any]:
        return {
            "par_gap": round(self.par_gap, 3),
            "games_bid_rate": _round(self.games_bid_rate),
            "games": self.games,
            "games_bid": self.games_bid,
            "slams_bid_rate": _round(self.slams_bid_rate),
            "slams": self.slams,
            "slams_bid": self.slams_bid,
            "doubled_set_rate": _round(self.doubled_set_rate),
            "doubled": self.doubled,
            "doubled_set": self.doubled_set,
            "passed_out": self.passed_out,
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


@dataclass(slots=True)
class BiddingBench:
    """A run of ``bench_bidding``: each bidding's figures and the match between them."""

    code: str
    deals: int
    seed: int
    current: BiddingFigures
    baseline: BiddingFigures
    margins: list[int] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def match_margin(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    @property
    def match_se(self) -> float:
        if len(self.margins) < 2:
            return 0.0
        return statistics.stdev(self.margins) / math.sqrt(len(self.margins))

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "deals": self.deals,
            "seed": self.seed,
            "current": self.current.to_json(),
            "baseline": self.baseline.to_json(),
            "match_margin": round(self.match_margin, 3),
            "match_se": round(self.match_se, 3),
            "seconds": round(self.seconds, 1),
        }


def bench_bidding(
    code: Code | str,
    deals: int | Sequence[Deal],
    seed: int = 1,
    current: Bidder = _current,
    baseline: Bidder = _baseline,
    progress: Callable[[], None] | None = None,
) -> BiddingBench:
    """Bid ``deals`` (a number of random deals from ``seed``, or the deals
    themselves) with ``current`` and ``baseline`` and measure them (see the
    module's docstring). The same seed gives the same figures."""
    c = find_code(code)
    if not c.auction:
        raise BiddingError(
            f"{c.cite('trump')}: {c.title} has no auction, the turned card names the "
            "trump; there is no bidding to measure"
        )
    if isinstance(deals, int):
        if deals < 1:
            raise BiddingError(f"bench at least one deal, not {deals}")
        rng = random.Random(seed)
        chosen: Sequence[Deal] = [deal_cards(c, number=n + 1, rng=rng) for n in range(deals)]
    else:
        chosen = deals
        if not chosen:
            raise BiddingError("bench at least one deal")
    ours, theirs = BiddingFigures(), BiddingFigures()
    out = BiddingBench(c.key, len(chosen), seed, ours, theirs)
    start = time.perf_counter()
    for d in chosen:
        facts = _Deal(c, d)
        cur = facts.outcome(bid_auction(c, d, dict.fromkeys(Seat, current)))
        base = facts.outcome(bid_auction(c, d, dict.fromkeys(Seat, baseline)))
        ours.count(c, facts, cur)
        theirs.count(c, facts, base)
        ns = {s: (current if s.side == 0 else baseline) for s in Seat}
        ew = {s: (baseline if s.side == 0 else current) for s in Seat}
        a = facts.outcome(bid_auction(c, d, ns))
        b = facts.outcome(bid_auction(c, d, ew))
        out.margins.append(a.net - b.net)
        if progress is not None:
            progress()
    out.seconds = time.perf_counter() - start
    return out
