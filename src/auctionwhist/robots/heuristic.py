"""A cheap card player for fast simulation: the period's maxims as rules.

Second hand low, third hand high, cover an honor with an honor, win as
cheaply as the cards allow, ruff when the adversaries hold the trick, discard
from weakness (Hopson, "The Discard"), lead top of a sequence, the fourth best
of the long suit, or partner's declared suit. At nullo (Royalton,
docs/spec.md §2.2.5) every rule turns over: duck with the highest card that
still loses.

It reads only a ``SeatView`` and allocates nothing per card beyond small lists,
so thousands of deals run in seconds. ``period_lead`` is shared with the Monte
Carlo player (``cardplay``), which makes its opening lead by it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..calls import Bid
from ..cards import SUIT_MASKS, cards_of
from ..play import trick_winner
from .bidding import BiddingRobot
from .bidding.model import Picture, read_auction
from .player import PlayerError
from .view import SeatView

__all__ = [
    "HeuristicPlayer",
    "heuristic_card",
    "is_nullo",
    "lead_candidates",
    "master",
    "our_hands",
    "period_lead",
    "playing_hand",
]

_HONOR = 11  # jack and above are the honors a card "covers" (rank 2..14)


def is_nullo(view: SeatView) -> bool:
    return view.contract is not None and view.contract.denom.nullo


def playing_hand(view: SeatView) -> int:
    """The cards of the hand to play: his own, or dummy's when he plays for dummy."""
    if view.to_play is not None and view.to_play == view.dummy and view.dummy_hand is not None:
        return view.dummy_hand
    return view.hand


def our_hands(view: SeatView) -> int:
    """The cards his side holds that he can see (his own and, for the declarer,
    dummy's)."""
    if view.dummy is not None and view.dummy_hand is not None and view.dummy.side == view.seat.side:
        return view.hand | view.dummy_hand
    return view.hand


def master(c: int, view: SeatView, ours: int) -> bool:
    """Whether ``c`` is the best card left in its suit but for cards ``ours``."""
    suit = SUIT_MASKS[c // 13]
    above = suit & ~((2 << c) - 1)
    return not (above & ~view.played & ~ours)


def _top_of_sequence(cards: list[int]) -> int | None:
    """The top of a sequence of two or more honors (AK, KQ, QJ; ten down is no
    honor sequence), from a suit's cards highest first."""
    if len(cards) >= 2 and cards[0] % 13 + 2 >= _HONOR and cards[0] - cards[1] == 1:
        return cards[0]
    return None


def _lead_from(cards: list[int]) -> int:
    """The period's card to lead from one suit (cards highest first): top of a
    sequence; from four or more the fourth best; from a short suit the top,
    unless it is a lone honor to be kept (lead the lowest)."""
    top = _top_of_sequence(cards)
    if top is not None:
        return top
    if len(cards) >= 4:
        return cards[3]
    if len(cards) == 3 and cards[0] % 13 + 2 >= _HONOR:
        return cards[-1]
    return cards[0]


def period_lead(view: SeatView, legal: Sequence[int] | None = None) -> int:
    """A lead in the manner of the period: partner's declared suit, else the
    long suit (not trumps, not the suit the declarant named), top of a sequence
    or the fourth best. At nullo the lowest card held."""
    return lead_candidates(view, legal)[0]


def lead_candidates(view: SeatView, legal: Sequence[int] | None = None) -> list[int]:
    """The period's lead from each suit held, the convention's choice first
    (``period_lead``), then the other suits in its order of preference: the
    card the period leads from a suit (top of a sequence of honors, the fourth
    best, the top of a short suit; partner's suit as he would have it led). The
    Monte Carlo robot chooses among them by its samples. At nullo only the
    lowest card held."""
    cards = list(view.legal_cards if legal is None else legal)
    if not cards:
        raise PlayerError("no card is legal now")
    if is_nullo(view):
        return [min(cards, key=lambda c: (c % 13, -c))]
    by_suit: dict[int, list[int]] = {}
    for c in sorted(cards, reverse=True):
        by_suit.setdefault(c // 13, []).append(c)
    # The suits the calls show, as the bidding model reads them: the dealer's
    # forced one spade shows none (Hopson, "The Dealer's Bid"), so it is no
    # suit of partner's to lead, nor the declarant's to avoid.
    shown = read_auction(view.code, view.dealer, view.calls)
    partner_suits = _suits_shown(shown[view.seat.partner])
    declarant = view.declarer
    theirs = (
        set()
        if declarant is None
        else set(_suits_shown(shown[declarant])) | set(_suits_shown(shown[declarant.partner]))
    )
    defending = declarant is not None and declarant.side != view.seat.side

    def partners(suit: int) -> int:
        """How late partner named the suit (his last bid first), or -1."""
        named = [i for i, t in enumerate(partner_suits) if t == suit]
        return named[-1] if named and suit != view.trump else -1

    def worth(suit: int) -> tuple[int, int, int, int]:
        held = by_suit[suit]
        avoid = int(suit == view.trump) + int(defending and suit in theirs)
        seq = int(_top_of_sequence(held) is not None)
        return (partners(suit), -avoid, len(held) + 2 * seq, held[0] % 13)

    def card(suit: int) -> int:
        held = by_suit[suit]
        if partners(suit) >= 0 and len(held) <= 3 and _top_of_sequence(held) is None:
            return held[0]  # partner's suit: the top of a short holding
        return _lead_from(held)

    return [card(s) for s in sorted(by_suit, key=worth, reverse=True)]


def _suits_shown(picture: Picture) -> list[int]:
    """The suits a seat's declarations show, in the order he named them: not a
    call the model reads as showing nothing (the forced one spade), nor a
    no-trump, a nullo or a double."""
    return [
        r.suit
        for r in picture.readings
        if isinstance(r.call, Bid) and r.suit is not None and not r.shows.nothing
    ]


def _discard(cards: list[int], view: SeatView, hand: int) -> int:
    """Hopson, "The Discard": a low card from the weakest suit shows weakness;
    keep the trumps and the guarded honors."""

    def weakness(c: int) -> tuple[int, int, int]:
        suit = c // 13
        held = hand & SUIT_MASKS[suit]
        honors = sum(1 for x in cards_of(held) if x % 13 + 2 >= _HONOR)
        return (int(suit == view.trump), honors, c % 13)

    return min(cards, key=weakness)


def heuristic_card(view: SeatView) -> int:
    """The heuristic player's card for ``view`` (one of ``view.legal_cards``)."""
    cards = list(view.legal_cards)
    if not cards:
        raise PlayerError("no card is legal now")
    if len(cards) == 1:
        return cards[0]
    trump = view.trump
    hand = playing_hand(view)
    ours = our_hands(view)
    nullo = is_nullo(view)
    trick = list(view.trick)
    if not trick:
        return _lead(view, cards, hand, ours, nullo)
    led = trick[0] // 13
    mine = view.to_play if view.to_play is not None else view.seat
    best = trick_winner(trick, trump)
    leader = view.leader if view.leader is not None else mine
    best_seat = (int(leader) + best) % 4
    partner_winning = best_seat == int(mine.partner)
    winners = [c for c in cards if trick_winner([*trick, c], trump) == len(trick)]
    following = cards[0] // 13 == led
    if nullo:
        losers = [c for c in cards if c not in winners]
        if losers:
            # Duck with the highest loser; when discarding, throw the highest card.
            return max(losers, key=lambda c: (c // 13 != led, c % 13))
        return max(cards, key=lambda c: c % 13)
    if not following:
        can_ruff = [c for c in winners if c // 13 == trump]
        lead_card = trick[best]
        partner_safe = partner_winning and (
            len(trick) == 3 or master(lead_card, view, ours | (1 << lead_card))
        )
        if can_ruff and not partner_safe:
            return min(can_ruff)
        return _discard([c for c in cards if c // 13 != trump] or cards, view, hand)
    position = len(trick) + 1
    if position == 2:
        top = trick[best]
        if top // 13 == led and top % 13 + 2 >= _HONOR and winners:
            return min(winners)  # cover an honor with an honor
        return min(cards)  # second hand low
    if partner_winning and (position == 4 or master(trick[best], view, ours | (1 << trick[best]))):
        return min(cards)
    if not winners:
        return min(cards)
    if position == 3:
        # Third hand high, but the lowest of equal cards (win cheaply).
        c = max(winners)
        held = hand & SUIT_MASKS[led]
        while c - 1 >= led * 13 and (held | view.played) >> (c - 1) & 1 and (c - 1) in winners:
            c -= 1
        return c
    return min(winners)  # fourth hand: win as cheaply as possible


def _lead(view: SeatView, cards: list[int], hand: int, ours: int, nullo: bool) -> int:
    if nullo or (not view.tricks and not view.trick):
        return period_lead(view, cards)
    trump = view.trump
    declaring = view.declarer is not None and view.declarer.side == view.seat.side
    if declaring and trump >= 0:
        out = SUIT_MASKS[trump] & ~view.played & ~ours
        trumps = [c for c in cards if c // 13 == trump]
        if out and trumps:
            # Draw the adversaries' trumps: the master first, else a low one.
            top = max(trumps)
            return top if master(top, view, ours) else min(trumps)
    masters = [c for c in cards if c // 13 != trump and master(c, view, ours)]
    if masters:
        return max(masters)
    return period_lead(view, cards)


class HeuristicPlayer(BiddingRobot):
    """The period's bidding rules and the heuristic card play: the yardstick the
    Monte Carlo robot is measured against (``whist bench robots``)."""

    def card(self, view: SeatView, rng: random.Random) -> int:
        return heuristic_card(view)
