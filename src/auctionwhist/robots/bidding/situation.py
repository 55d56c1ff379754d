"""What a bidding rule looks at: the seat's view, its hand's valuation, the
player's style, and what the auction has shown; and what a rule answers."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ...calls import DENOMINATIONS, Bid, Call, Other
from ...cards import SUIT_CHARS, Seat
from ..view import RobotError, SeatView
from . import evaluate as ev
from . import model
from .model import Picture, Shows

__all__ = [
    "CONSERVATIVE",
    "SANGUINE",
    "SOUND",
    "Decision",
    "Rule",
    "Situation",
    "rule",
    "style_from",
]

# Hopson, The Personal Equation: "whether a player is too sanguine or
# ultra-conservative". -1 conservative, 0 sound, +1 sanguine.
CONSERVATIVE, SOUND, SANGUINE = -1.0, 0.0, 1.0
_STYLES = {"conservative": CONSERVATIVE, "sound": SOUND, "sanguine": SANGUINE}


def style_from(text: str | float) -> float:
    """``"conservative"``, ``"sound"``, ``"sanguine"`` or a number from -1 to 1."""
    if isinstance(text, str):
        key = text.strip().lower()
        if key in _STYLES:
            return _STYLES[key]
        try:
            value = float(key)
        except ValueError:
            raise RobotError(
                f"no such style {text!r}: conservative, sound, sanguine or -1..1"
            ) from None
    else:
        value = float(text)
    if not -1.0 <= value <= 1.0:
        raise RobotError(f"a style runs from -1 (conservative) to 1 (sanguine), not {value}")
    return value


@dataclass(frozen=True, slots=True)
class Decision:
    """A call and the sentence that explains it."""

    call: Call
    reason: str


# Partner raised our declaration: two tricks for us, and his trumps
# (Hopson, "The Third Bidder": "two tricks for him in your hand").
_CREDIT_RAISE = 2.0


@dataclass(frozen=True)
class Situation:
    view: SeatView
    style: float = SOUND

    # -- the hand -------------------------------------------------------------

    @property
    def hand(self) -> int:
        return self.view.held

    @cached_property
    def quick(self) -> float:
        return ev.quick_tricks(self.hand)

    def shift(self, threshold: float, step: float = 0.5) -> float:
        """A threshold moved by the personal equation: lower for the sanguine."""
        return threshold - self.style * step

    # -- the code ---------------------------------------------------------------

    @property
    def values(self) -> dict[str, int]:
        return dict(self.view.code.trick_values)

    @cached_property
    def weak_suit(self) -> str:
        """The least-valued suit, the dealer's forced "one spade" (Hopson, The
        Dealer's Bid), when it is worth less than the others."""
        suits = {k: v for k, v in self.values.items() if k in ("C", "D", "H", "S")}
        low = min(suits, key=lambda k: suits[k])
        return low if list(suits.values()).count(suits[low]) == 1 else ""

    def suit_key(self, suit: int) -> str:
        """The declaration naming ``suit`` at its best value (royal spades over
        spades under the new count)."""
        key = SUIT_CHARS[suit]
        if key == "S" and "RS" in self.values:
            return "RS"
        return key

    def game_level(self, denom: str) -> int | None:
        """Odd tricks that make game in ``denom`` from the side's score now
        ("Know the score"); None when it cannot be made in one deal."""
        game = self.view.code.game
        if game is None:
            return None
        below = 0 if self.view.score.duplicate else self.view.score.ours(self.view.seat)[0]
        need = game.points - below
        level = max(1, math.ceil(need / self.values[denom]))
        return level if level <= 7 else None

    def scores_game(self, bid: Bid, seat: Seat) -> bool:
        """Would ``bid``, made by ``seat``'s side, give it game?"""
        game = self.view.code.game
        if game is None:
            return False
        below = 0 if self.view.score.duplicate else self.view.score.below[seat.side]
        return below + bid.level * self.values[bid.denomination] >= game.points

    # -- the auction ------------------------------------------------------------

    @property
    def position(self) -> int:
        return self.view.position

    @property
    def opening(self) -> bool:
        return not self.view.calls

    @property
    def first_round(self) -> bool:
        return len(self.view.calls) < 4

    @property
    def last(self) -> tuple[Seat, Bid] | None:
        return self.view.last_bid

    @property
    def ours_standing(self) -> bool:
        last = self.last
        return last is not None and last[0].side == self.view.seat.side

    @cached_property
    def pictures(self) -> dict[Seat, Picture]:
        """What every seat's calls show (``model.read_auction``)."""
        v = self.view
        return model.read_auction(v.code, v.dealer, v.calls)

    @property
    def partner_picture(self) -> Picture:
        return self.pictures[self.view.partner]

    @property
    def partner_bids(self) -> list[Bid]:
        return self.view.bids_of(self.view.partner)

    @property
    def partner_shown(self) -> list[Bid]:
        """Partner's declarations that show his hand: not the dealer's forced
        one spade (``SeatView.forced_opening``)."""
        return self.view.bids_shown(self.view.partner)

    @property
    def my_bids(self) -> list[Bid]:
        return self.view.bids_of(self.view.seat)

    @property
    def their_bids(self) -> list[Bid]:
        s = self.view.seat
        return [c for t, c in self.view.calls if isinstance(c, Bid) and t.side != s.side]

    def legal(self, call: Call) -> bool:
        return call in self.view.legal_calls

    def cheapest(self, denom: str, royal: bool = False) -> Bid | None:
        """The lowest legal bid in ``denom``."""
        for b in self.view.legal_calls:
            if isinstance(b, Bid) and b.denomination == denom and b.royal == royal:
                return b
        return None

    # -- the combined hands ---------------------------------------------------

    def partner_credit(self, denom: str) -> float:
        """Tricks partner's calls promise toward ``denom``, as the model
        reads them (``model.Picture.tricks``; the forced one spade shows
        nothing, Hopson, "The Dealer's Bid")."""
        mine = {b.denom.named for b in self.view.bids_shown(self.view.seat)}
        if any(b.denom.named in mine for b in self.partner_shown if not b.denom.nullo):
            return _CREDIT_RAISE + 1.0
        return self.partner_picture.tricks

    def estimate(self, denom: str) -> float:
        """The tricks the partnership may take in ``denom`` (not nullo)."""
        assert denom in self.view.code.trick_values
        d = DENOMINATIONS[denom]
        trump = -1 if d.trump is None else int(d.trump)
        partner_named = {b.denom.named for b in self.partner_shown}
        if trump >= 0 and d.named in partner_named:
            # his suit: our support, plus what his declaration showed
            return (
                ev.support_tricks(self.hand, trump)
                + 5.0
                + max(0.0, self.partner_credit(denom) - 2.0)
            )
        return ev.playing_tricks(self.hand, trump) + self.partner_credit(denom)

    def target_level(self, denom: str) -> int:
        """The odd tricks he may contract for in ``denom``, his style allowing."""
        return math.floor(self.estimate(denom) - 6 + 0.5 * self.style + 0.25)

    def best_suit(self) -> int:
        """Longest suit, then the strongest."""
        return max(range(4), key=lambda s: (ev.length(self.hand, s), ev.honor_count(self.hand, s)))

    def is_double(self, call: Call) -> bool:
        return call is Other.DOUBLE


RuleFn = Callable[[Situation], Decision | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """A named rule of bidding, with the passage it comes from."""

    name: str
    source: str  # e.g. 'Hopson, "The Dealer\'s Bid"'
    # What the call shows, as the period's published methods let every
    # player know it: never what the robot's own hand holds (the web app
    # shows it while the deal is played; docs/decisions.md).
    meaning: str
    fn: RuleFn = field(repr=False)
    # The same, as ranges the model reads (``model.Shows``).
    shows: Shows | None = None
    # The passage for each bidder (1 dealer .. 4 fourth) where the rule is
    # the same advice given in each seat's chapter; else ``source``.
    by_seat: tuple[tuple[int, str], ...] = ()

    def cite(self, position: int) -> str:
        """The passage for the bidder in ``position`` (Hopson's chapters by seat)."""
        return dict(self.by_seat).get(position, self.source)

    def __call__(self, s: Situation) -> Decision | None:
        d = self.fn(s)
        if d is None or not s.legal(d.call):
            return None
        return d


def rule(
    name: str,
    source: str,
    meaning: str,
    shows: Shows | None = None,
    by_seat: dict[int, str] | None = None,
) -> Callable[[RuleFn], Rule]:
    """Declare a rule: its name, the passage it follows, what the call shows
    to the table in words (``Rule.meaning``) and as ranges the model reads
    (``Rule.shows``, registered in ``model.SHOWN``), and the passage for
    each seat where it differs."""

    def wrap(fn: RuleFn) -> Rule:
        if shows is not None:
            model.register(name, shows)
        return Rule(name, source, meaning, fn, shows, tuple(sorted((by_seat or {}).items())))

    return wrap
