"""The defenders' signals, given and read: the period's conventions of the play.

A signal is a card whose rank tells partner something of the hand it came
from. Each convention here is a named unit with the passage it follows
(``CONVENTIONS``); the Monte Carlo robot gives them between cards that do
equally well (``cardplay._prefer``) and reads partner's (``read_signals``),
its sampler preferring the deals that fit what partner has shown.

* **The come-along** (Hopson, 'The "Come-Along" Card'): under partner's ace or
  king a high first card "shows that you wish him to continue", a low one that
  "the suit led is not of especial value".
* **The honor doubleton** (Hopson, "The Discard"): from two cards shown to
  ruff the third lead, "where one of your two cards is an honor you must play
  the low card first", lest partner read the honor as a singleton.
* **The discard** (Hopson, "The Discard"): "To show strength a high card,
  generally speaking seven or a higher card, is played, and to indicate
  weakness some card below seven"; "if there is opportunity for only one
  discard, it is of great importance to be able to show strength", so the
  first discard shows the strong suit when there is one to show.

Signals pass between the declarant's adversaries (and every player at
Duplicate Whist, where no hand is faced): the declarant's partner is dummy,
whose cards are seen. A signal read is a likelihood, not a certainty: the
sampler keeps it softly, like the auction's promises.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SUIT_MASKS, Seat
from .heuristic import playing_hand
from .view import SeatView

__all__ = [
    "CONVENTIONS",
    "Convention",
    "Signal",
    "come_along",
    "discard",
    "first_discard",
    "follow_partners_lead",
    "read_signals",
    "signalling",
    "strong_suit",
]

HIGH = 7  # Hopson: "seven or a higher card" is high, "some card below seven" low


@dataclass(frozen=True, slots=True)
class Convention:
    """A convention of the play, with the passage it follows and what the card
    shows to every player who knows the period's conventions."""

    name: str
    source: str
    meaning: str


COME_ALONG = Convention(
    "come-along",
    "Hopson, \"The 'Come-Along' Card\"",
    "a card of seven or above under partner's ace or king asks him to continue the "
    "suit: the next honor held, or two cards to ruff the third round; a lower card, "
    "neither",
)
HONOR_DOUBLETON = Convention(
    "honor doubleton, low first",
    'Hopson, "The Discard"',
    "from two cards, one an honor, the low card is played first, lest partner read "
    "the honor as a singleton",
)
STRENGTH_DISCARD = Convention(
    "first discard shows strength",
    'Hopson, "The Discard"',
    "a first discard of seven or above shows strength: the ace or king of that suit",
)
WEAKNESS_DISCARD = Convention(
    "discard from weakness",
    'Hopson, "The Discard"',
    "a discard below the seven shows weakness: neither the ace nor the king of that suit",
)
CONVENTIONS = (COME_ALONG, HONOR_DOUBLETON, STRENGTH_DISCARD, WEAKNESS_DISCARD)


@dataclass(frozen=True, slots=True)
class Signal:
    """What a card ``seat`` played shows of his cards of ``suit``, counted over
    the whole deal (held now or played): at least one of ``any_of`` (when
    set) and none of ``none_of``; or else exactly ``length`` cards of the suit
    (when set), the come-along's doubleton."""

    seat: Seat
    suit: int
    convention: Convention
    any_of: int = 0
    none_of: int = 0
    length: int = 0

    def fits(self, whole: int) -> bool:
        """Whether a hand (``whole``, every card of the deal it held) fits."""
        if self.length and (whole & SUIT_MASKS[self.suit]).bit_count() == self.length:
            return True
        if self.any_of and not whole & self.any_of:
            return False
        return not whole & self.none_of


def _rank(c: int) -> int:
    return c % 13 + 2


def _top(suit: int) -> int:
    """The ace and the king of ``suit``."""
    return 3 << (13 * suit + 11)


def signalling(view: SeatView) -> bool:
    """Whether the hand to play signals: an adversary of the declarant, or any
    player at Duplicate Whist; never the declarant's side, whose partner is
    dummy (or at nullo, where the conventions turn over and none is read)."""
    if view.contract is not None and view.contract.denom.nullo:
        return False
    mine = view.to_play if view.to_play is not None else view.seat
    return view.declarer is None or mine.side != view.declarer.side


def strong_suit(hand: int, suit: int) -> bool:
    """A suit worth showing partner: the ace, or the king guarded twice."""
    held = hand & SUIT_MASKS[suit]
    ace, king = 1 << (13 * suit + 12), 1 << (13 * suit + 11)
    return bool(held & ace) or (bool(held & king) and held.bit_count() >= 3)


def _discards(view: SeatView, seat: Seat) -> list[int]:
    """The cards ``seat`` has discarded, in order: played to a suit he had
    none of, not a trump."""
    out = []
    tricks = [*view.tricks]
    if view.trick and view.leader is not None:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            if leader.after(i) == seat and c // 13 not in (led, view.trump):
                out.append(c)
    return out


def first_discard(view: SeatView) -> bool:
    """Whether the hand to play has not discarded yet this deal."""
    mine = view.to_play if view.to_play is not None else view.seat
    return not _discards(view, mine)


def discard(view: SeatView, cards: Sequence[int]) -> int:
    """The discard among ``cards`` (none of the suit led), Hopson, "The
    Discard": the first shows strength when a strong suit has a card of seven
    or above to spare below its honors; else a card below the seven from the
    weakest suit; failing one, a high card from the strongest."""
    hand = playing_hand(view)
    plain = [c for c in cards if c // 13 != view.trump] or list(cards)
    if signalling(view) and first_discard(view):
        spare = [c for c in plain if HIGH <= _rank(c) <= 11 and strong_suit(hand, c // 13)]
        if spare:
            return min(spare, key=lambda c: (_rank(c), c))

    def honors(c: int) -> int:
        return sum(1 for r in (9, 10, 11, 12) if hand >> (13 * (c // 13) + r) & 1)

    low = [c for c in plain if _rank(c) < HIGH]
    if low:
        return min(low, key=lambda c: (bool(hand & _top(c // 13)), honors(c), c % 13))
    return max(plain, key=lambda c: (honors(c), c % 13))


def come_along(view: SeatView, led_card: int) -> bool:
    """Hopson's come-along: partner led an ace or king and we wish the suit
    continued (we hold the next honor or the one after it, or two cards and a
    trump to ruff the third round)."""
    if _rank(led_card) < 13:
        return False
    hand = playing_hand(view)
    suit = led_card // 13
    held = hand & SUIT_MASKS[suit]
    below = led_card - 1  # the next honor or the one after it
    if held >> below & 1 or held >> (below - 1) & 1:
        return True
    return view.trump >= 0 and held.bit_count() == 2 and bool(hand & SUIT_MASKS[view.trump])


def follow_partners_lead(view: SeatView, following: Sequence[int]) -> int | None:
    """Third hand's card under partner's ace or king, among ``following``
    (cards that do equally well): high to come along, low otherwise; from an
    honor doubleton the low card first. None when no convention applies."""
    trick = view.trick
    if len(trick) != 2 or not signalling(view) or _rank(trick[0]) < 13:
        return None
    if not come_along(view, trick[0]):
        return min(following)
    held = playing_hand(view) & SUIT_MASKS[trick[0] // 13]
    if held.bit_count() == 2 and _rank(max(following)) >= 10:
        return min(following)  # the honor doubleton: low first
    return max(following)


def read_signals(view: SeatView) -> tuple[Signal, ...]:
    """Partner's signals as ``view``'s seat reads them: his first discard, and
    his first card under each ace or king we led. None when partner is dummy
    (his cards are seen) or the hand does not signal (``signalling``)."""
    me = view.seat
    partner = me.partner
    if partner == view.dummy or not _reads(view):
        return ()
    out: list[Signal] = []
    discards = _discards(view, partner)
    if discards:
        c = discards[0]
        s = c // 13
        if _rank(c) >= HIGH:
            out.append(Signal(partner, s, STRENGTH_DISCARD, any_of=_top(s)))
        else:
            out.append(Signal(partner, s, WEAKNESS_DISCARD, none_of=_top(s)))
    seen_suits: set[int] = set()
    for leader, cards in view.tricks:
        led = cards[0] // 13
        if led in seen_suits:
            continue
        seen_suits.add(led)
        if leader != me or _rank(cards[0]) < 13 or cards[2] // 13 != led:
            continue
        below = (1 << (cards[0] - 1)) | (1 << (cards[0] - 2))
        if _rank(cards[2]) >= HIGH:
            out.append(Signal(partner, led, COME_ALONG, any_of=below, length=2))
        else:
            out.append(Signal(partner, led, COME_ALONG, none_of=below, length=2))
    return tuple(out)


def _reads(view: SeatView) -> bool:
    if view.contract is not None and view.contract.denom.nullo:
        return False
    return view.declarer is None or view.seat.side != view.declarer.side
