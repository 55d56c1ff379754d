"""Suits, ranks, cards, seats, hands and deals.

Cards are plain ints (``suit * 13 + rank - 2``) and hands are 52-bit ints with
one bit per card, so the play and the search loops allocate nothing per card.
Suits ascend clubs < diamonds < hearts < spades, as the bit layout does; PBN
writes them in the other direction (S H D C).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import WhistError

__all__ = [
    "CUT_SUIT_ORDER",
    "FULL_PACK",
    "PBN_ORDER",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_MASKS",
    "SUIT_SYMBOLS",
    "Deal",
    "DealError",
    "Seat",
    "Side",
    "Suit",
    "card",
    "card_face",
    "card_from_str",
    "card_rank",
    "card_str",
    "card_suit",
    "cards_of",
    "cut_rank",
    "hand_from_cards",
    "hand_from_pbn",
    "hand_to_pbn",
    "highest",
    "lowest",
    "suit_bits",
    "suit_cards",
]


class DealError(WhistError):
    """A deal, hand or card string that is not a proper pack of 52."""


class Suit(enum.IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def mask(self) -> int:
        """The bits of this suit's thirteen cards in a hand."""
        return SUIT_MASKS[self]

    @property
    def symbol(self) -> str:
        """``"♥"``: as the table, the pages and the score-card print the suit."""
        return SUIT_SYMBOLS[self]

    @property
    def red(self) -> bool:
        """Hearts and diamonds are printed red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_char(cls, ch: str) -> Suit:
        try:
            return cls(SUIT_CHARS.index(ch.upper()))
        except ValueError:
            raise DealError(f"not a suit: {ch!r} (one of S H D C)") from None


class Side(enum.IntEnum):
    """The two partnerships; a plain int (0, 1) wherever an index is wanted.

    >>> Side.EAST_WEST.title, Side.EAST_WEST.short, Side.EAST_WEST.key, Side.EAST_WEST.pbn
    ('East-West', 'E-W', 'ew', 'EW')
    >>> Side.NORTH_SOUTH.other is Side.EAST_WEST
    True
    """

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def title(self) -> str:
        """``"North-South"``: as the laws and the score-card write it."""
        return ("North-South", "East-West")[self]

    @property
    def short(self) -> str:
        """``"N-S"``: for tables and narrow columns."""
        return ("N-S", "E-W")[self]

    @property
    def key(self) -> str:
        """``"ns"``: in JSON and on the command line."""
        return ("ns", "ew")[self]

    @property
    def pbn(self) -> str:
        """``"NS"``: as PBN writes a side."""
        return ("NS", "EW")[self]

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @classmethod
    def from_key(cls, text: str) -> Side:
        """Read ``ns``, ``N-S``, ``NS``, ``North-South`` (and the same for East-West)."""
        t = text.strip().lower().replace("-", "").replace(" ", "")
        if t in ("ns", "northsouth"):
            return cls.NORTH_SOUTH
        if t in ("ew", "eastwest"):
            return cls.EAST_WEST
        raise DealError(f"not a side: {text!r} (NS or EW)")


class Seat(enum.IntEnum):
    """The four seats; the turn to deal, bid and play passes to the left."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def char(self) -> str:
        return "NESW"[self]

    @property
    # Seats and sides are looked up, not constructed: the auction and the play
    # ask for them on every call and card (``Seat(n)`` costs an enum lookup).
    def left(self) -> Seat:
        return _SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def side(self) -> Side:
        """North-South (0) or East-West (1)."""
        return _SIDES[self & 1]

    def after(self, n: int) -> Seat:
        return _SEATS[(self + n) & 3]

    @classmethod
    def from_char(cls, ch: str) -> Seat:
        try:
            return cls("NESW".index(ch.strip().upper()[:1]))
        except ValueError:
            raise DealError(f"not a seat: {ch!r} (one of N E S W)") from None


_SEATS = tuple(Seat)
_SIDES = tuple(Side)

SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_CHARS = "23456789TJQKA"
FULL_PACK = (1 << 52) - 1
# The bits of each suit's thirteen cards in a hand, by suit index (clubs 0).
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))

# Law 20 (daw), law 14 (Whist Club), law 12 (Royalton): in cutting, ace is the
# lowest card and, between equal ranks, heart < diamond < club < spade.
CUT_SUIT_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
# A hand is written spades first, in PBN and wherever it is printed.
PBN_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def card(suit: Suit | int, rank: int) -> int:
    """The card of ``rank`` (2..14, ace 14) in ``suit``."""
    return int(suit) * 13 + rank - 2


def card_suit(c: int) -> Suit:
    return Suit(c // 13)


def card_rank(c: int) -> int:
    return c % 13 + 2


def card_str(c: int) -> str:
    """``"SA"``, ``"H7"``, ``"DT"``.

    >>> card_str(card(Suit.SPADES, 14)), card_str(0)
    ('SA', 'C2')
    """
    return SUIT_CHARS[c // 13] + RANK_CHARS[c % 13]


def card_face(c: int) -> str:
    """A card as printed: rank, then the suit's symbol.

    >>> card_face(card(Suit.HEARTS, 10)), card_face(card(Suit.SPADES, 14))
    ('10♥', 'A♠')
    """
    return RANK_CHARS[c % 13].replace("T", "10") + SUIT_SYMBOLS[c // 13]


def card_from_str(text: str) -> int:
    """Read ``"SA"``, ``"h10"``, ``"AS"`` or ``"10h"`` as a card.

    >>> card_from_str("h10") == card_from_str("TH") == card(Suit.HEARTS, 10)
    True
    """
    t = text.strip().upper().replace("10", "T")
    if len(t) == 2:
        if t[0] in SUIT_CHARS and t[1] in RANK_CHARS:
            return SUIT_CHARS.index(t[0]) * 13 + RANK_CHARS.index(t[1])
        if t[1] in SUIT_CHARS and t[0] in RANK_CHARS:
            return SUIT_CHARS.index(t[1]) * 13 + RANK_CHARS.index(t[0])
    raise DealError(f"not a card: {text!r} (suit and rank, as SA, H7, DT)")


def cut_rank(c: int) -> int:
    """Order of a card in cutting: 0 (ace of hearts) to 51 (king of spades).

    >>> cut_rank(card_from_str("HA")), cut_rank(card_from_str("SK"))
    (0, 51)
    """
    rank = card_rank(c)
    low_rank = 1 if rank == 14 else rank  # ace counts one
    return (low_rank - 1) * 4 + CUT_SUIT_ORDER.index(card_suit(c))


def cards_of(hand: int) -> Iterator[int]:
    """The cards of a hand, lowest bit first (clubs 2 up to spade ace)."""
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def hand_from_cards(cards: Iterable[int]) -> int:
    h = 0
    for c in cards:
        h |= 1 << c
    return h


def suit_cards(hand: int, suit: Suit | int) -> int:
    return hand & SUIT_MASKS[suit]


def suit_bits(hand: int, suit: Suit | int) -> int:
    """The ranks ``hand`` holds in ``suit`` as thirteen bits, the deuce lowest.

    >>> bin(suit_bits(hand_from_cards([card(Suit.HEARTS, 14), card(Suit.HEARTS, 2)]), Suit.HEARTS))
    '0b1000000000001'
    """
    return (hand & SUIT_MASKS[suit]) >> (13 * suit)


def highest(hand: int) -> int:
    return hand.bit_length() - 1


def lowest(hand: int) -> int:
    return (hand & -hand).bit_length() - 1


def hand_to_pbn(hand: int) -> str:
    parts = []
    for s in PBN_ORDER:
        bits = suit_bits(hand, s)
        parts.append("".join(RANK_CHARS[r] for r in range(12, -1, -1) if bits >> r & 1))
    return ".".join(parts)


def hand_from_pbn(text: str) -> int:
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise DealError(f"a PBN hand has four suits separated by dots: {text!r}")
    hand = 0
    for s, part in zip(PBN_ORDER, parts, strict=True):
        for ch in part.upper().replace("10", "T"):
            r = RANK_CHARS.find(ch)
            if r < 0:
                raise DealError(f"not a rank: {ch!r} in {text!r}")
            bit = 1 << (13 * s + r)
            if hand & bit:
                raise DealError(f"{card_str(13 * s + r)} twice in {text!r}")
            hand |= bit
    return hand


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands, the dealer, and the deal (tray) number.

    ``turned`` is the trump card turned by the dealer in Duplicate Whist (AWL
    law III §1: the last card dealt), else ``None``.
    """

    hands: tuple[int, int, int, int]
    dealer: Seat = Seat.NORTH
    number: int = 1
    turned: int | None = None

    def __post_init__(self) -> None:
        seen = 0
        for seat, h in zip(Seat, self.hands, strict=True):
            if h.bit_count() != 13:
                raise DealError(f"{seat.name.title()} holds {h.bit_count()} cards, not 13")
            if seen & h:
                raise DealError(f"{card_str(highest(seen & h))} is in two hands")
            seen |= h
        if self.turned is not None and not self.hands[self.dealer] >> self.turned & 1:
            raise DealError(f"the turned card {card_str(self.turned)} is not in the dealer's hand")

    def hand(self, seat: Seat) -> int:
        return self.hands[seat]

    def holder(self, c: int) -> Seat:
        for seat in Seat:
            if self.hands[seat] >> c & 1:
                return seat
        raise DealError(f"no hand holds {card_str(c)}")  # unreachable for a whole pack

    def to_pbn(self, first: Seat | None = None) -> str:
        """PBN's ``[Deal]`` value, starting from ``first`` (the dealer by default)."""
        first = self.dealer if first is None else first
        return (
            first.char + ":" + " ".join(hand_to_pbn(self.hands[first.after(i)]) for i in range(4))
        )

    @classmethod
    def from_pbn(
        cls, text: str, dealer: Seat | None = None, number: int = 1, turned: int | None = None
    ) -> Deal:
        """Read ``"N:AKQ2.J95.T84.763 ..."``; a missing fourth hand is completed.

        The dealer defaults to the seat the string starts from.
        """
        text = text.strip().strip('"')
        if len(text) < 2 or text[1] != ":":
            raise DealError(f"a PBN deal starts with the first seat and a colon: {text[:20]!r}")
        first = Seat.from_char(text[0])
        parts = text[2:].split()
        if len(parts) not in (3, 4):
            raise DealError(f"a PBN deal has four hands, found {len(parts)}")
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            hands[first.after(i)] = hand_from_pbn(part) if part != "-" else 0
        if len(parts) == 3 or any(h == 0 for h in hands):
            missing = FULL_PACK
            for h in hands:
                missing &= ~h
            blanks = [i for i, h in enumerate(hands) if h == 0]
            if len(blanks) == 1:
                hands[blanks[0]] = missing
        return cls(
            (hands[0], hands[1], hands[2], hands[3]),
            first if dealer is None else dealer,
            number,
            turned,
        )
