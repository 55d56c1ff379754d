"""One deal, double dummy, under a code: the tricks of every strain and
declarer (nullo included where the code has it) and par.

The tricks come from ``auctionwhist.solver.api`` (DDS for suits and no-trump,
our own core for nullo); par from ``solver.par``. Duplicate Whist has no
auction: its "par" is the double-dummy result with the turned trump, North's
side scoring every trick it takes (docs/spec.md §2.2.9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..calls import DENOMINATIONS
from ..cards import SUIT_CHARS, Deal, Seat, Suit
from ..codes import Code, find_code
from ..scoring import DealResult, score_deal
from ..solver import api as solver
from ..solver.par import Par, ParError, par

__all__ = [
    "Analysis",
    "TrumpResult",
    "analyse",
    "dd_table",
    "strains_of",
]


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
    """A deal's double-dummy table and its par under one code."""

    code: Code
    deal: Deal
    table: dict[str, tuple[int, int, int, int]]
    par: Par | None  # the auction codes
    whist: TrumpResult | None  # Duplicate Whist

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code.key,
            "deal": self.deal.to_pbn(),
            "dealer": self.deal.dealer.char,
            "table": {s: dict(zip("NESW", row, strict=True)) for s, row in self.table.items()},
            "par": self.par.to_json() if self.par is not None else None,
            "whist": self.whist.to_json() if self.whist is not None else None,
        }


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


def analyse(code: Code | str, deal: Deal, trump: Suit | None = None) -> Analysis:
    """The double-dummy table of ``deal`` in the code's strains and its par.

    ``trump`` is Duplicate Whist's trump when the deal has no turned card.
    """
    c = find_code(code)
    table = dd_table(deal, strains_of(c))
    if c.auction:
        return Analysis(c, deal, table, par(c, deal, table), None)
    return Analysis(c, deal, table, None, _whist_result(c, deal, table, trump))
