"""Hand evaluation as the period counted it: quick tricks, honors, length,
stoppers ("protection" for a no-trump), playing tricks, and a nullo count.

All functions take a hand as a 52-bit int and a suit as 0..3 (C D H S). A
suit's 13 bits hold ranks 2..A from bit 0 to bit 12.
"""

from __future__ import annotations

from ...cards import suit_bits

__all__ = [
    "balanced",
    "high_cards",
    "honor_count",
    "length",
    "long_low_suit",
    "nt_tricks",
    "nullo_danger",
    "playing_tricks",
    "quick_tricks",
    "quick_tricks_in",
    "ranks",
    "stopped",
    "suit_bits",
    "support_tricks",
]

_A, _K, _Q, _J, _T = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8
# each rank in all four suits (a suit's thirteen bits from 13 * suit)
_ACES, _KINGS, _QUEENS, _KNAVES = (sum(r << 13 * s for s in range(4)) for r in (_A, _K, _Q, _J))


def length(hand: int, suit: int) -> int:
    return suit_bits(hand, suit).bit_count()


def ranks(hand: int, suit: int) -> list[int]:
    """The ranks held in ``suit``, highest first (ace 14)."""
    b = suit_bits(hand, suit)
    return [r + 2 for r in range(12, -1, -1) if b >> r & 1]


def quick_tricks_in(hand: int, suit: int) -> float:
    """Hopson, The Dealer's Bid: "two quick tricks" — A-K 2, A-Q 1½, A 1,
    K-Q 1, K guarded ½, the count of the day."""
    b = suit_bits(hand, suit)
    n = b.bit_count()
    if b & _A:
        if b & _K:
            return 2.0
        return 1.5 if b & _Q else 1.0
    if b & _K:
        if b & _Q:
            return 1.0
        return 0.5 if n >= 2 else 0.0
    return 0.0


def quick_tricks(hand: int) -> float:
    return sum(quick_tricks_in(hand, s) for s in range(4))


def high_cards(hand: int) -> int:
    """The hand's high cards counted ace 4, king 3, queen 2, jack 1 (forty in
    the pack): the measure of the combined hands' strength the model shares
    out among the unseen hands. Four masks and no loop: the bidding's replays
    (``simulate``) count thousands of hands a stand."""
    return (
        4 * (hand & _ACES).bit_count()
        + 3 * (hand & _KINGS).bit_count()
        + 2 * (hand & _QUEENS).bit_count()
        + (hand & _KNAVES).bit_count()
    )


def honor_count(hand: int, suit: int) -> int:
    """Honors held: A K Q J 10 (daw 17, Whist Club 6)."""
    return (suit_bits(hand, suit) & (_A | _K | _Q | _J | _T)).bit_count()


def stopped(hand: int, suit: int) -> bool:
    """The suit is protected against a no-trump run: A, K x, Q x x or J x x x."""
    b = suit_bits(hand, suit)
    n = b.bit_count()
    return bool(b & _A or (b & _K and n >= 2) or (b & _Q and n >= 3) or (b & _J and n >= 4))


def balanced(hand: int) -> bool:
    """No void and no singleton."""
    return all(length(hand, s) >= 2 for s in range(4))


def _top_winners(hand: int, suit: int) -> float:
    b = suit_bits(hand, suit)
    n = b.bit_count()
    w = 0.0
    if b & _A:
        w += 1
    if b & _K and n >= 2:
        w += 1 if b & (_A | _Q) else 0.5
    if b & _Q and n >= 3:
        w += 1 if b & _A and b & _K else 0.5
    return w


def playing_tricks(hand: int, trump: int) -> float:
    """Tricks the hand should take with ``trump`` as trump (-1: no-trump):
    top cards in every suit, and each trump beyond three."""
    if trump < 0:
        return nt_tricks(hand)
    t = 0.0
    for s in range(4):
        t += _top_winners(hand, s)
    n = length(hand, trump)
    t += max(0, n - 3)
    # a long side suit headed by winners yields its length beyond four
    for s in range(4):
        if s != trump and length(hand, s) >= 5 and _top_winners(hand, s) >= 1.5:
            t += length(hand, s) - 4
    return t


def nt_tricks(hand: int) -> float:
    """At no-trump: top cards, and the long cards of a suit that will run."""
    t = 0.0
    for s in range(4):
        t += _top_winners(hand, s)
        if length(hand, s) >= 5 and _top_winners(hand, s) >= 1.5:
            t += length(hand, s) - 4
    return t


def support_tricks(hand: int, trump: int) -> float:
    """What this hand brings to partner's ``trump`` declaration: outside tricks,
    and ruffing value of a short suit when it holds trumps (Hopson, The Third
    Bidder: "a missing suit is worth something; its value depending on your
    holding trumps ... you must not support your partner's bid on trumps alone")."""
    t = sum(_top_winners(hand, s) for s in range(4) if s != trump)
    trumps = length(hand, trump)
    if trumps >= 3:
        short = min(length(hand, s) for s in range(4) if s != trump)
        t += {0: 1.5, 1: 1.0, 2: 0.5}.get(short, 0.0)
    if trumps and suit_bits(hand, trump) & (_A | _K | _Q):
        t += 0.5
    return t


def long_low_suit(hand: int, suit: int) -> bool:
    """Hopson, The Third Bidder: "a long low suit such as queen, jack, 10, and two
    others, or jack, 10, 9, and three others": five cards or more, no ace or king."""
    b = suit_bits(hand, suit)
    return b.bit_count() >= 5 and not b & (_A | _K)


def nullo_danger(hand: int) -> int:
    """Cards likely to be forced to win a trick at nullo: the i-th lowest card of
    a suit (i from 0) is in danger when its rank is above 6 + 2i; a void costs
    nothing. A low hand (Hawley ch. I, "The Nullo") counts 0 or 1."""
    d = 0
    for s in range(4):
        rs = sorted(ranks(hand, s))
        d += sum(1 for i, r in enumerate(rs) if r > 6 + 2 * i)
    return d
