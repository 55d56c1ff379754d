"""What a code is: data, plus the few small functions that differ.

The auction, the play and the scoring ask a ``Code``; none of them tests a
code's key. A new code is a new ``Code(...)`` registered by key. Every piece
of a code's law data hangs from it: its law numbers by topic (``cite``), its
offences and their remedies (``offences``), its laws of the club room
(``club``) and how a duplicate match is scored and won (``match``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from ..calls import DENOMINATIONS, Bid, Denomination
from ..cards import Seat
from ..errors import LawError, WhistError
from .offences import Offence

__all__ = [
    "Borrowed",
    "ClubLaws",
    "Code",
    "DeclarationError",
    "Game",
    "HonorTable",
    "LawRef",
    "MatchLaws",
    "RevokeLaw",
    "RevokeTransfer",
    "Slams",
    "Undertricks",
    "borrow",
    "series_rank",
    "value_rank",
]


class DeclarationError(LawError):
    """A bid that is not one of the code's declarations."""


@dataclass(frozen=True, slots=True)
class Borrowed:
    """Another code's law, applied where this code is silent: cited as that
    code's, "applied to" this one (docs/spec.md §2.2.8; docs/decisions.md, "Club night")."""

    code: str  # the key of the code that makes the law
    law: str  # as that code numbers it: "27", "Laws 5 and 6"


# A law as a code declares it: its own number ("73", "Law X §4") or another's.
LawRef = str | Borrowed


def borrow(lender: str, laws: Mapping[str, LawRef]) -> dict[str, LawRef]:
    """``laws`` of the code keyed ``lender``, to be applied by another code."""
    return {
        topic: law if isinstance(law, Borrowed) else Borrowed(lender, law)
        for topic, law in laws.items()
    }


def _law_text(law: str) -> str:
    return law if law[:1].isalpha() else f"Law {law}"


@dataclass(frozen=True, slots=True)
class ClubLaws:
    """A code's laws of the club room: forming tables, cutting, rights of entry.

    ``laws`` maps a topic to its law (cited by ``Code.cite``); the rest says
    what differs between the codes. ``auctionwhist.club`` carries them out.
    """

    unit: Literal["match", "rubber"]  # what is played before cutting out
    laws: Mapping[str, LawRef]
    # daw 22, Whist Club 16: the highest card exposed is the cut; Royalton 14:
    # the cut is void and the cards are cut again.
    several_exposed: Literal["highest", "recut"] = "highest"
    # Whist Club 21, Royalton 5: cutting out when "one or two" claim admission;
    # daw 28 "one or more".
    most_candidates: int | None = 2
    # Whist Club 18, Royalton 3: the lowest cut deals and chooses cards and seats.
    # daw 26: the lowest chooses seats; the tray names the dealer (law 46).
    lowest_deals: bool = True
    # daw 34: the broken-up table's players have the prior right "unless there
    # are candidates sufficient to re-form their table".
    reform_if_candidates: bool = False
    # Whist Club 27, Royalton 11: the one who breaks up a table loses the right.
    breaker_keeps_right: bool = False
    # Royalton 8: helpers keep their place only if the new table "cannot be formed
    # without" them; daw 32 and Whist Club 24 say nothing of need.
    helpers_only_if_needed: bool = False


@dataclass(frozen=True, slots=True)
class MatchLaws:
    """How a duplicate match is scored and won under a code.

    ``laws`` maps a topic to its law (cited by ``Code.cite``);
    ``auctionwhist.duplicate`` carries them out.
    """

    laws: Mapping[str, LawRef] = field(default_factory=dict)
    # Goodfellow law 5: two teams, like several, against the average; 1894
    # law A: two teams by the tricks taken over one-half the total.
    two_teams: Literal["average", "half_total"] = "average"
    # Goodfellow's card keeps trick and honor points; Duplicate Whist scores
    # every trick, so its card keeps tricks, with each deal's loss or gain
    # against the other play of the tray (1894 law A).
    score_card: Literal["goodfellow", "trick"] = "goodfellow"


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
    chicane: int = 2  # simple honors (docs/spec.md §2.2.2)
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
    later: int  # each later revoke by the same side (``several``: each revoke)
    tricks_count_for_bonus: bool  # daw 101B / Whist Club 86b: no; Royalton 77b: yes
    # What the side that revoked may still score: "declarant_no_tricks" (daw
    # 101A, Royalton 77a: the revoking declarant scores no trick points);
    # "honors_only" (Whist Club 86: a revoking side scores only honors and chicane).
    revoking_side: Literal["declarant_no_tricks", "honors_only"]
    # Both sides revoking: "each" (each side pays its own penalty), "honors_only"
    # (Whist Club 91), "void_if_equal" (Royalton 81: equal numbers void the deal).
    both_sides: Literal["each", "honors_only", "void_if_equal"]
    # A side revoking more than once: "after_first" (daw 101C, Whist Club 86c:
    # the first pays as a single revoke, each after it ``later``); "each"
    # (Royalton 77c, docs/spec.md §2.2.12: every one of its revokes, the first
    # included, costs ``later``, and the declarant has no choice of tricks).
    several: Literal["after_first", "each"] = "after_first"

    def per_revoke(self, revokes: int) -> bool:
        """Does a side's ``revokes`` in a deal each cost ``later`` points, the
        first included (Royalton 77c), instead of the single-revoke penalty?"""
        return self.several == "each" and revokes > 1

    def has_choice(self, revokes: int) -> bool:
        """Has the declarant the choice of points or tricks (daw 101B, Whist
        Club 86b, Royalton 77b) when his adversaries revoked ``revokes`` times?"""
        return revokes > 0 and not self.per_revoke(revokes)


@dataclass(frozen=True, slots=True)
class RevokeTransfer:
    """A revoke paid in tricks, where every trick is scored (AWL law X §4):
    ``tricks`` go from the revoking side to the adversaries for its first
    revoke and ``later`` for each later one. The revoking side scores no more
    than the average, nor less than it won before its first revoke."""

    tricks: int = 2
    later: int = 1

    def penalty(self, revokes: int) -> int:
        """The tricks transferred for one side's ``revokes`` in a deal."""
        return self.tricks + self.later * (revokes - 1)


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
    laws: Mapping[str, LawRef]
    # Denominations that may be declared, with their value per odd trick.
    trick_values: Mapping[str, int]
    rank: Callable[[Code, Bid], tuple[int, ...]] = value_rank
    # Is there an auction? Without one there is no contract, declarant or par.
    auction: bool = True
    # The dealer's last card is turned, and its suit is trump (AWL III §1).
    turns_trump: bool = False
    # Who deals deal 1 of a numbered sequence; the deal then passes to the left
    # (daw 46). North, as on a tray numbered 1; Duplicate Whist says West.
    first_dealer: Seat = Seat.NORTH
    royal_bids: bool = False
    dealer_may_pass: bool = False  # Royalton law 30: "no bid"
    bridging: bool = False  # Royalton law 34: bridging a nullo
    # Declarations played by the player who made the final declaration, not by
    # the partner who first named them: law 34's exception speaks only of "the
    # suit or no-trump", so a Royalton nullo (docs/spec.md §2.2.3).
    final_declarer_plays: frozenset[str] = frozenset()
    honors: HonorTable | None = None
    slams: Slams | None = None
    undertricks: Undertricks = field(default_factory=Undertricks)
    doubled_bonus: int = 50  # per contract and per overtrick; twice when redoubled
    game: Game | None = None
    # The revoke's penalty: points or tricks at the declarant's choice where
    # odd tricks are scored (``RevokeLaw``), tricks transferred where every
    # trick is (``RevokeTransfer``); None: the code has no revoke penalty.
    revoke: RevokeLaw | RevokeTransfer | None = None
    # Names of the two score columns, as the code prints them.
    columns: tuple[str, str] = ("trick", "honor")
    # Tricks scored: "odd" (tricks over six, by the declarant) or "all"
    # (Duplicate Whist: every trick each side takes, 1894 law A).
    counts: Literal["odd", "all"] = "odd"
    # Irregularities and their remedies, by offence key (``codes/offences/``).
    offences: Mapping[str, Offence] = field(default_factory=dict)
    club: ClubLaws | None = None
    match: MatchLaws = field(default_factory=MatchLaws)

    def __post_init__(self) -> None:
        paid = {"odd": RevokeLaw, "all": RevokeTransfer}[self.counts]
        if self.revoke is not None and not isinstance(self.revoke, paid):
            raise WhistError(
                f"({self.key}): where {self.counts} tricks are scored, the revoke law is a "
                f"{paid.__name__}, not a {type(self.revoke).__name__}"
            )
        if not self.auction and not self.turns_trump:
            raise WhistError(f"({self.key}): without an auction the trump card is turned")
        seen: dict[str, LawRef] = {}
        for laws in self._law_maps():
            for topic, law in laws.items():
                if seen.setdefault(topic, law) != law:
                    raise WhistError(f"({self.key}): two laws are declared for {topic!r}")

    def _law_maps(self) -> tuple[Mapping[str, LawRef], ...]:
        club = self.club.laws if self.club is not None else {}
        return (self.laws, club, self.match.laws)

    @cached_property
    def all_laws(self) -> Mapping[str, LawRef]:
        """Every law the code declares, by topic: play, club room and match."""
        out: dict[str, LawRef] = {}
        for laws in self._law_maps():
            out.update(laws)
        return out

    def cite(self, topic: str) -> str:
        """``"Law 73 (daw)"``, the law this code gives for ``topic``; a borrowed
        law is cited as its own code's: "Law 27 (daw), applied to auction"."""
        law = self.all_laws.get(topic)
        if law is None:
            return f"({self.key})"
        if isinstance(law, Borrowed):
            return f"{_law_text(law.law)} ({law.code}), applied to {self.key}"
        return f"{_law_text(law)} ({self.key})"

    @property
    def denominations(self) -> tuple[Denomination, ...]:
        return tuple(DENOMINATIONS[k] for k in self.trick_values)

    def verify_declaration(self, bid: Bid) -> None:
        """Raise a ``DeclarationError`` unless ``bid`` is one of this code's
        declarations: one to seven odd tricks, in a denomination the code
        scores, royal only where it has royal bids.

        >>> from auctionwhist.codes import find_code
        >>> try:
        ...     find_code("daw").verify_declaration(Bid(3, "S", royal=True))
        ... except DeclarationError as e:
        ...     print(e.law, "|", e.message)
        Law 9 (daw) | 3SR: this code has no royal bids; its declarations are S, C, D, H, NT
        """
        names = ", ".join(self.trick_values)
        if not 1 <= bid.level <= 7:
            raise DeclarationError(
                f"{bid}: a bid is of one to seven odd tricks", self.cite("overbid")
            )
        if bid.denomination not in self.trick_values:
            royal = ", each plain or royal" if self.royal_bids else ", without royal bids"
            raise DeclarationError(
                f"{bid}: {bid.denom.name} is not a declaration of this code; "
                f"its declarations are {names}{royal}",
                self.cite("trick_score"),
            )
        if bid.royal and not self.royal_bids:
            raise DeclarationError(
                f"{bid}: this code has no royal bids; its declarations are {names}",
                self.cite("trick_score"),
            )

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

    @property
    def rubbers(self) -> bool:
        """Trick points accumulate into games, two games a rubber (Whist Club 1,
        Royalton 93); daw law 7 wins a game in a single deal; whist has none."""
        return self.game is not None and not self.game.per_deal
