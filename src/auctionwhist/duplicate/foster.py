"""Foster's system: the suits transposed between original play and overplay,
and the practice of throwing out deals with a suit longer than six.

Seed 002, "Foster's System": the umpire "duplicated each hand of thirteen
cards as he took it out of the pocket to which it belonged, but changed the
suits, making clubs trumps instead of hearts, etc." The change is one
relabelling of the four suits applied to all four hands (and to the turned
trump), so the overplayed deal is the same deal in play but hard to
recognise. "Coupled with the present practice of throwing out all hands in
which there is found to be a suit of more than six cards, and dealing it
over again, Foster's system for two pairs is the best so far suggested."
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

from ..cards import Deal, Suit, suit_bits
from ..codes import Code
from ..errors import WhistError

__all__ = [
    "FOSTER",
    "LONGEST_SUIT",
    "FosterError",
    "Transposition",
    "longest_suit",
    "random_transposition",
    "suits_of_equal_value",
    "transpose_card",
    "transpose_deal",
    "transpose_hand",
]

FOSTER = "Duplicate Whist, Foster's System (seed 002)"
# "throwing out all hands in which there is found to be a suit of more than six cards"
LONGEST_SUIT = 6

Transposition = tuple[Suit, Suit, Suit, Suit]  # the new suit of clubs, diamonds, hearts, spades


class FosterError(WhistError):
    """A transposition that is not a relabelling of the four suits, or one the code forbids."""


def _check(perm: Sequence[int]) -> Transposition:
    if sorted(int(s) for s in perm) != [0, 1, 2, 3]:
        raise FosterError(
            f"{FOSTER}: a transposition gives each of the four suits a different suit, "
            f"not {tuple(int(s) for s in perm)}"
        )
    return (Suit(perm[0]), Suit(perm[1]), Suit(perm[2]), Suit(perm[3]))


def transpose_hand(hand: int, perm: Sequence[int]) -> int:
    """The hand with each suit's thirteen bits moved to the suit ``perm[suit]``."""
    out = 0
    for s in range(4):
        out |= suit_bits(hand, s) << (13 * int(perm[s]))
    return out


def transpose_card(c: int, perm: Sequence[int]) -> int:
    return int(perm[c // 13]) * 13 + c % 13


def transpose_deal(deal: Deal, perm: Sequence[int]) -> Deal:
    """The deal with every hand's suits (and the turned trump) relabelled alike."""
    p = _check(perm)
    h = deal.hands
    return Deal(
        (
            transpose_hand(h[0], p),
            transpose_hand(h[1], p),
            transpose_hand(h[2], p),
            transpose_hand(h[3], p),
        ),
        deal.dealer,
        deal.number,
        None if deal.turned is None else transpose_card(deal.turned, p),
    )


# Derangements: every suit changes ("making clubs trumps instead of hearts").
_DERANGEMENTS: tuple[Transposition, ...] = tuple(
    _check(p) for p in permutations(range(4)) if all(p[i] != i for i in range(4))
)


def random_transposition(rng: random.Random) -> Transposition:
    """A transposition in which no suit keeps its name (one of the nine derangements)."""
    return _DERANGEMENTS[rng.randrange(len(_DERANGEMENTS))]


def suits_of_equal_value(code: Code) -> bool:
    """Foster's system compares like with like only when the suits are of equal
    value, as at whist; at auction the suits differ (daw law 9: spades 2 ...
    hearts 8), so a transposed deal is a different deal for the score."""
    values = {code.trick_values[s.char] for s in Suit if s.char in code.trick_values}
    return len(values) == 1


def longest_suit(deal: Deal) -> int:
    """The most cards any hand holds in one suit."""
    return max(suit_bits(hand, s).bit_count() for hand in deal.hands for s in range(4))
