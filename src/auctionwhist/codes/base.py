"""What a code is: data, plus the few small functions that differ.

The auction, the play and the scoring ask a ``Code``; none of them tests a
code's key. A new code is a new ``Code(...)`` registered by key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from ..calls import DENOMINATIONS, Bid, Denomination

__all__ = [
    "Code",
    "Game",
    "HonorTable",
    "RevokeLaw",
    "Slams",
    "Undertricks",
    "series_rank",
    "value_rank",
]


@dataclass(frozen=True, slots=True)
class HonorTable:
    """Honor values: multiples of the trick value at a suit, points at no-trump.

    Goodfellow law 17; Whist Club laws 6 and 9; Hopson's new count.
    """

    three: int = 2
    four: int = 4
    five: int = 5
    four_in_one: int = 8
    four_in_one_fifth_in_partners: int = 9
    five_in_one: int = 10
    aces_three: int = 30
    aces_four: int = 40
    aces_four_in_one: int = 100
    chicane: int = 2  # simple honors (SPEC §2.2.2)
    double_chicane: int = 4


@dataclass(frozen=True, slots=True)
class Slams:
    little: int
    grand: int
    # daw / Whist Club: to either side taking the tricks, bid or not.
    # Royalton laws 86-87: only to partners who bid the slam and make it.
    only_when_bid: bool
    # Do tricks taken as a revoke penalty count toward a slam? (daw 14-15: no;
    # Royalton 77b: yes.)
    revoke_tricks_count: bool


@dataclass(frozen=True, slots=True)
class Undertricks:
    plain: int = 50
    royal: int = 100  # Royalton law 32, 36
    # daw 69, Whist Club 50: one spade loses at most 100, unless redoubled.
    one_spade_cap: int | None = None


@dataclass(frozen=True, slots=True)
class Game:
    points: int
    # daw law 7: game must be won in a single deal and scores 100 in the
    # honor column; the rubber codes accumulate trick points into games.
    per_deal: bool
    deal_bonus: int = 100
    rubber_bonus: int = 250
    unfinished_rubber_bonus: int | None = None  # Royalton law 90


@dataclass(frozen=True, slots=True)
class RevokeLaw:
    declarant: int  # points to the adversaries when the declarant revokes
    adversary: int  # points the declarant may take instead of tricks
    tricks: int  # tricks the declarant may take instead of points
    later: int  # each later revoke by the same side
    tricks_count_for_bonus: bool  # daw 101B / Whist Club 86b: no; Royalton 77b: yes
    # What the side that revoked may still score: "declarant_no_tricks" (daw
    # 101A, Royalton 77a: the revoking declarant scores no trick points);
    # "honors_only" (Whist Club 86: a revoking side scores only honors and chicane).
    revoking_side: Literal["declarant_no_tricks", "honors_only"]
    # Both sides revoking: "each" (each side pays its own penalty), "honors_only"
    # (Whist Club 91), "void_if_equal" (Royalton 81: equal numbers void the deal).
    both_sides: Literal["each", "honors_only", "void_if_equal"]


def value_rank(code: Code, bid: Bid) -> tuple[int, ...]:
    """daw 54, Whist Club 46: the higher value wins; equal value, more tricks."""
    return (bid.level * code.trick_values[bid.denomination], bid.level)


# Royalton: spades < clubs < diamonds < hearts < no-trump < nullo at a level
# (the "series"); a royal of a level outranks every plain bid of that level
# (law 32), and royals rank among themselves by the series.
ROYALTON_SERIES = ("S", "C", "D", "H", "NT", "NL")


def series_rank(code: Code, bid: Bid) -> tuple[int, ...]:
    return (bid.level, int(bid.royal), ROYALTON_SERIES.index(bid.denomination))


@dataclass(frozen=True)
class Code:
    """One code of laws, declared."""

    key: str
    title: str
    seed: str
    # Law numbers by topic; ``cite`` makes "Law 73 (daw)".
    laws: Mapping[str, str]
    # Denominations that may be declared, with their value per odd trick.
    trick_values: Mapping[str, int]
    rank: Callable[[Code, Bid], tuple[int, ...]] = value_rank
    auction: bool = True  # False: Duplicate Whist, trump turned (AWL III §1)
    royal_bids: bool = False
    dealer_may_pass: bool = False  # Royalton law 30: "no bid"
    bridging: bool = False  # Royalton law 34: bridging a nullo
    honors: HonorTable | None = None
    slams: Slams | None = None
    undertricks: Undertricks = field(default_factory=Undertricks)
    doubled_bonus: int = 50  # per contract and per overtrick; twice when redoubled
    game: Game | None = None
    revoke: RevokeLaw | None = None
    # Names of the two score columns, as the code prints them.
    columns: tuple[str, str] = ("trick", "honor")
    # Tricks scored: "odd" (tricks over six, by the declarant) or "all"
    # (Duplicate Whist: every trick each side takes, 1894 law A).
    counts: Literal["odd", "all"] = "odd"

    def cite(self, topic: str) -> str:
        """``"Law 73 (daw)"``, the law this code gives for ``topic``."""
        law = self.laws.get(topic)
        if law is None:
            return f"({self.key})"
        return f"{law} ({self.key})" if law[:1].isalpha() else f"Law {law} ({self.key})"

    @property
    def denominations(self) -> tuple[Denomination, ...]:
        return tuple(DENOMINATIONS[k] for k in self.trick_values)

    def bid_rank(self, bid: Bid) -> tuple[int, ...]:
        return self.rank(self, bid)

    @cached_property
    def all_bids(self) -> tuple[Bid, ...]:
        """Every bid the code allows, lowest first."""
        out = [
            Bid(level, d, royal)
            for level in range(1, 8)
            for d in self.trick_values
            for royal in ((False, True) if self.royal_bids else (False,))
        ]
        out.sort(key=self.bid_rank)
        return tuple(out)

    @cached_property
    def bid_order(self) -> Mapping[Bid, int]:
        """Each bid's place in ``all_bids``: a higher place is a higher declaration."""
        return {b: i for i, b in enumerate(self.all_bids)}

    @property
    def has_honors(self) -> bool:
        return self.honors is not None
