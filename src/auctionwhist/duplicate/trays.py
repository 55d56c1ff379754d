"""Trays: a deal kept in its four pockets for the overplay.

Goodfellow, "Requisites for play: Trays": each tray "is numbered and has four
compartments for the reception of the four players' hands; also an
indicator showing which side of the tray is to be placed to the north; and
a star, or other sign, beside the hand of the dealer." Duplicate Whist adds
the trump slip (AWL law IV §1: "the trump card and the number of the deal
must be recorded ... on a slip"), shown again on every overplay (§3).

A ``Tray`` holds its deal by the tray's own compass: ``deal.hands[NORTH]`` is
the hand in the pocket marked North. ``deal_at`` turns it to a table: the
tray's North side faces ``north_at`` (law 115: in single-table overplay "the
north side of each tray is placed to the east").
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Deal, Seat, Suit, card_str, card_suit
from ..codes import Code, find_code
from ..dealing import deal as deal_cards
from ..dealing import rng_of
from ..errors import WhistError
from .foster import (
    FOSTER,
    LONGEST_SUIT,
    FosterError,
    Transposition,
    longest_suit,
    random_transposition,
    suits_of_equal_value,
    transpose_deal,
)

__all__ = [
    "LONGEST_SUIT",
    "Tray",
    "TrayError",
    "TrumpSlip",
    "check_numbers",
    "make_trays",
    "mix_trays",
]


class TrayError(WhistError):
    """A tray that does not fit the laws: a missing trump slip, a wrong number."""


@dataclass(frozen=True, slots=True)
class TrumpSlip:
    """AWL law IV §1: the trump card and the number of the deal, on a slip
    that travels with the tray and is shown again at every overplay (§3)."""

    number: int
    card: int

    @property
    def trump(self) -> Suit:
        return card_suit(self.card)

    def __str__(self) -> str:
        return f"No. {self.number}: {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Tray:
    """A numbered tray with its deal, dealer's star and North indicator.

    ``transposition`` is Foster's relabelling of the suits for the overplay
    (seed 002, Foster's System), or ``None``. ``thrown_out`` counts the deals
    thrown out before this one for a suit longer than six.
    """

    deal: Deal
    transposition: Transposition | None = None
    thrown_out: int = 0

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def dealer(self) -> Seat:
        """The pocket with the dealer's star."""
        return self.deal.dealer

    @property
    def slip(self) -> TrumpSlip | None:
        """The trump slip (Duplicate Whist only)."""
        return None if self.deal.turned is None else TrumpSlip(self.number, self.deal.turned)

    def deal_at(self, north_at: Seat = Seat.NORTH, overplay: bool = False) -> Deal:
        """The deal as the players at a table hold it when the tray's North side
        faces ``north_at``: the player in seat ``north_at.after(k)`` takes the
        hand of the tray's seat ``k``, and the dealer's star goes with its hand
        (Goodfellow, "Overplay": "the bidding begins at once with the player
        indicated, on the tray, as the dealer"). On the overplay, a Foster
        tray is relabelled first."""
        d = self.deal
        if overplay and self.transposition is not None:
            d = transpose_deal(d, self.transposition)
        k = int(north_at)
        hands = tuple(d.hands[(seat - k) % 4] for seat in range(4))
        return Deal(
            (hands[0], hands[1], hands[2], hands[3]),
            d.dealer.after(k),
            d.number,
            d.turned,
        )


def make_trays(
    code: Code | str,
    count: int,
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    first: int = 1,
    foster: bool = False,
    longest: int | None = None,
) -> tuple[Tray, ...]:
    """Deal ``count`` trays numbered from ``first``, reproducibly from ``seed``.

    Each deal is shuffled, cut and dealt by the laws (``dealing.deal``), the
    dealer passing to the left from tray to tray. ``longest=6`` throws out a
    deal with a suit of more than six cards and deals again (seed 002).
    ``foster=True`` gives each tray a transposition of the suits for its
    overplay; it needs a code whose suits are of equal value (whist).
    """
    c = find_code(code)
    if count < 1:
        raise TrayError(f"a match has at least one tray, not {count} (Goodfellow law 1)")
    if first < 1:
        raise TrayError(f"trays are numbered from 1, not {first}")
    if longest is not None and not 4 <= longest <= 13:
        raise TrayError(f"{FOSTER}: a suit limit of {longest} cards cannot be met or is no limit")
    if foster and not suits_of_equal_value(c):
        raise FosterError(
            f"{FOSTER}: transposing the suits changes the deal's value under "
            f"{c.key}, whose suits score differently ({c.cite('trick_score')})"
        )
    rng = rng_of(seed, rng)
    trays = []
    for number in range(first, first + count):
        thrown = 0
        d = deal_cards(c, number=number, rng=rng)
        while longest is not None and longest_suit(d) > longest:
            thrown += 1
            d = deal_cards(c, number=number, rng=rng)
        perm = random_transposition(rng) if foster else None
        trays.append(Tray(d, perm, thrown))
    return tuple(trays)


def mix_trays(trays: Iterable[Tray], rng: random.Random) -> list[Tray]:
    """The trays mixed for single-table overplay (Goodfellow, "Single-table
    overplay": "the trays are mixed ... played in their irregular order, but
    the score of each deal is credited to the deal corresponding to the tray
    number"). With more than one tray the order differs from the original."""
    out = list(trays)
    if len(out) < 2:
        return out
    original = [t.number for t in out]
    while [t.number for t in out] == original:
        rng.shuffle(out)
    return out


def check_numbers(trays: Sequence[Tray]) -> None:
    """Every tray a different number (scores are credited by tray number)."""
    seen: set[int] = set()
    for t in trays:
        if t.number in seen:
            raise TrayError(f"two trays numbered {t.number}: a score is credited by its number")
        seen.add(t.number)
