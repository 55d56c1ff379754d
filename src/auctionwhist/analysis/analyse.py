"""One deal, double dummy, under a code: the tricks of every strain and
declarer (nullo included where the code has it) and par.

The tricks come from ``auctionwhist.solver.api`` (DDS for suits and no-trump,
our own core for nullo); par from ``solver.par``. Duplicate Whist has no
auction: its "par" is the double-dummy result with the turned trump, North's
side scoring every trick it takes (docs/spec.md §2.2.9).

A whole-deal nullo can take the core minutes, so the nullo row comes as
bounds at once (``solver.dd_bounds``), tightened while the solver runs, and
a time budget stops with the bounds so far. Par over a row of bounds is a
range (docs/decisions.md: par when the nullo row is bounds).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..calls import DENOMINATIONS
from ..cards import SUIT_CHARS, Deal, Seat, Suit
from ..codes import Code, find_code
from ..scoring import DealResult, score_deal
from ..solver import api as solver
from ..solver.api import BoundsRow
from ..solver.par import Par, ParError, par

__all__ = [
    "Analysis",
    "TrumpResult",
    "analyse",
    "dd_table",
    "par_over_bounds",
    "strains_of",
]

Row = tuple[int, int, int, int]


def strains_of(code: Code | str) -> tuple[str, ...]:
    """The strains a code's declarations are played in, in the solver's order:
    Royal Spades are spades; Duplicate Whist's are the four suits it may turn."""
    c = find_code(code)
    keys = {DENOMINATIONS[d].strain for d in c.trick_values}
    return tuple(s for s in solver.STRAINS if s in keys)


def dd_table(deal: Deal, strains: tuple[str, ...]) -> dict[str, tuple[int, int, int, int]]:
    """``{strain: tricks of the declarer's side with N, E, S, W declaring}``
    (at nullo the tricks it is forced to take), from the solver's API."""
    return solver.dd_table(deal, strains)


@dataclass(frozen=True, slots=True)
class TrumpResult:
    """Duplicate Whist double dummy: the turned trump, the dealer's left
    leading (docs/spec.md §2.2.9), and the tricks each side takes."""

    trump: Suit
    leader: Seat
    tricks_ns: int
    score: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": SUIT_CHARS[self.trump],
            "leader": self.leader.char,
            "tricks": {"ns": self.tricks_ns, "ew": 13 - self.tricks_ns},
            "score": {"ns": self.score[0], "ew": self.score[1]},
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """A deal's double-dummy table and its par under one code.

    ``table`` holds the rows solved exactly; ``bounds`` the rows known only
    as bounds ``(lo, hi)`` a declarer (a nullo row whose time ran out),
    which are then not in ``table``. ``par`` is None under an auction code
    when the bounds leave it open; ``par_range`` (N-S net, lowest and
    highest) is what par can still be: equal ends when its score is known.
    """

    code: Code
    deal: Deal
    table: dict[str, Row]
    par: Par | None  # the auction codes
    whist: TrumpResult | None  # Duplicate Whist
    bounds: dict[str, BoundsRow] = field(default_factory=dict)
    par_range: tuple[int, int] | None = None

    @property
    def exact(self) -> bool:
        """Is every figure exact (no row left as bounds)?"""
        return not self.bounds

    @property
    def strains(self) -> tuple[str, ...]:
        """The analysed strains in the solver's order, exact or bounds."""
        return tuple(s for s in solver.STRAINS if s in self.table or s in self.bounds)

    def cell(self, strain: str, seat: Seat) -> str:
        """One figure as text: ``"7"``, or bounds ``"5-8"``."""
        if strain in self.table:
            return str(self.table[strain][seat])
        lo, hi = self.bounds[strain][seat]
        return str(lo) if lo == hi else f"{lo}-{hi}"

    def to_json(self) -> dict[str, Any]:
        table: dict[str, dict[str, Any]] = {}
        for s in self.strains:
            if s in self.table:
                table[s] = dict(zip("NESW", self.table[s], strict=True))
            else:  # a figure still open is {"lo", "hi"}; one already settled an int
                table[s] = {
                    seat: lo if lo == hi else {"lo": lo, "hi": hi}
                    for seat, (lo, hi) in zip("NESW", self.bounds[s], strict=True)
                }
        out: dict[str, Any] = {
            "code": self.code.key,
            "deal": self.deal.to_pbn(),
            "dealer": self.deal.dealer.char,
            "exact": self.exact,
            "table": table,
            "par": self.par.to_json() if self.par is not None else None,
            "whist": self.whist.to_json() if self.whist is not None else None,
        }
        if self.par_range is not None:
            lo, hi = self.par_range
            out["par_range"] = {"ns": [lo, hi], "ew": [-hi, -lo]}
        return out


def _whist_result(
    code: Code, deal: Deal, table: dict[str, tuple[int, int, int, int]], trump: Suit | None
) -> TrumpResult:
    if trump is None:
        if deal.turned is None:
            raise ParError(
                f"{code.cite('trump')}: the trump is the card the dealer turns; "
                "this deal has none, so name the trump"
            )
        trump = Suit(deal.turned // 13)
    # The dealer's left leads, as if the dealer declared (docs/spec.md §2.2.9).
    row = table[SUIT_CHARS[trump]]
    by_dealer = row[deal.dealer]
    ns = by_dealer if deal.dealer.side == 0 else 13 - by_dealer
    s = score_deal(DealResult(code, None, None, ns, trump=trump))
    return TrumpResult(trump, deal.dealer.left, ns, (s.total(0), s.total(1)))


# Rows within bounds that par is tried on, at most, to say whether the
# bounds leave par itself open (a millisecond a row).
PAR_ROWS = 400
# Seconds of nullo bounds before the other strains are solved: the nullo row
# is the slow one, and a person should see its bounds at once.
FIRST_BOUNDS = 0.5


def par_over_bounds(
    code: Code | str,
    deal: Deal,
    table: dict[str, Row],
    bounds: dict[str, BoundsRow],
    *,
    rows: int = PAR_ROWS,
) -> tuple[Par | None, tuple[int, int]]:
    """Par when some rows are known only as bounds: the par that every row
    within the bounds gives (None when they differ, or there are more than
    ``rows`` of them to try), and the lowest and highest par score (N-S net).

    The score's range is exact and cheap: at nullo a side's results only
    worsen as its declarers are forced to take more tricks, and par is a
    game of best choices over those results, so the ends are par with one
    side's declarers at their fewest and the other's at their most.
    """
    c = find_code(code)
    if set(bounds) - {"NL"}:
        raise ParError(f"par over bounds is for the nullo row only, not {sorted(bounds)}")
    row = bounds.get("NL")
    if row is None:
        p = par(c, deal, table)
        return p, (p.score, p.score)

    def with_nullo(r: Row) -> Par:
        return par(c, deal, {**table, "NL": r})

    def corner(fewest: int) -> Row:
        # the side ``fewest`` at its least forced tricks, the other at its most
        n, e, s, w = (lo if seat & 1 == fewest else hi for seat, (lo, hi) in enumerate(row))
        return (n, e, s, w)

    best_ns, best_ew = with_nullo(corner(0)), with_nullo(corner(1))
    span = (best_ew.score, best_ns.score)
    count = 1
    for lo, hi in row:
        count *= hi - lo + 1
    if count > rows or best_ns != best_ew:
        return None, span
    ranges = [range(lo, hi + 1) for lo, hi in row]
    for r in itertools.product(*ranges):
        if with_nullo((r[0], r[1], r[2], r[3])) != best_ns:
            return None, span
    return best_ns, span


def analyse(
    code: Code | str,
    deal: Deal,
    trump: Suit | None = None,
    *,
    budget: float | None = None,
    on_bounds: Callable[[Analysis], None] | None = None,
) -> Analysis:
    """The double-dummy table of ``deal`` in the code's strains and its par.

    ``trump`` is Duplicate Whist's trump when the deal has no turned card.
    The nullo row (Royalton) comes from ``solver.dd_bounds``: ``budget``
    seconds stop it with the bounds so far (the analysis then says which
    figures are bounds, and what par can still be); ``on_bounds(analysis)``
    is called each time its bounds tighten, with par's range but not the
    slower check of par itself.
    """
    c = find_code(code)
    strains = strains_of(c)
    if "NL" not in strains:
        rows = dd_table(deal, strains)
        if not c.auction:
            return Analysis(c, deal, rows, None, _whist_result(c, deal, rows, trump))
        p = par(c, deal, rows)
        return Analysis(c, deal, rows, p, None, par_range=(p.score, p.score))

    table: dict[str, Row] = {}

    def partial(row: BoundsRow) -> Analysis:
        span = None
        if table:
            _, span = par_over_bounds(c, deal, table, {"NL": row}, rows=0)
        return Analysis(c, deal, dict(table), None, None, {"NL": row}, span)

    def report(row: BoundsRow) -> None:
        if on_bounds is not None:
            on_bounds(partial(row))

    # The nullo bounds first, for a moment, so that they are shown at once;
    # then the other strains (DDS, a second or so) and the nullo on from there.
    first = FIRST_BOUNDS if budget is None else min(FIRST_BOUNDS, budget)
    row = solver.dd_bounds(deal, "NL", budget=first, on_bounds=report)
    report(row)
    table.update(dd_table(deal, tuple(s for s in strains if s != "NL")))
    report(row)
    left = None if budget is None else max(0.0, budget - first)
    row = solver.dd_bounds(deal, "NL", budget=left, start=row, on_bounds=report)
    if all(lo == hi for lo, hi in row):
        full = {**table, "NL": (row[0][0], row[1][0], row[2][0], row[3][0])}
        full = {s: full[s] for s in strains}
        p = par(c, deal, full)
        return Analysis(c, deal, full, p, None, par_range=(p.score, p.score))
    p_open, span = par_over_bounds(c, deal, table, {"NL": row})
    return replace(partial(row), par=p_open, par_range=span)
