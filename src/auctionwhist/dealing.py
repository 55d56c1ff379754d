"""Shuffling, cutting and dealing, as the laws prescribe.

Goodfellow laws 35-47 and "Technique of play: Shuffling, Dealing"; Whist
Club laws 28-37; AWL laws I-III; Royalton laws 15-22. A pack is a list of
cards, top card first. The dealer's right-hand adversary cuts, leaving at
least four cards in each packet; the dealer reunites the packets in inverse
order and deals from the top, one card at a time, the first to his left and
the last to himself. In Duplicate Whist that last card is turned for trump
(AWL III §1).

Cutting for partners and the deal (Goodfellow law 20, Whist Club 14 and 18,
Royalton 12): ace lowest, and between equal ranks heart < diamond < club <
spade; the lowest cut has the preference and deals.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from .cards import Deal, Seat, card_str, cut_rank
from .codes import Code, find_code
from .errors import WhistError

__all__ = [
    "MIN_PACKET",
    "DealingError",
    "cut",
    "cut_for_deal",
    "cutting",
    "deal",
    "deal_cards",
    "dealer_for",
    "random_deal",
    "rank_cuts",
    "rng_of",
    "shuffle",
]

K = TypeVar("K", bound=Hashable)

# Goodfellow 40, Whist Club 32, AWL II §1, Royalton 19.
MIN_PACKET = 4


class DealingError(WhistError):
    """A pack, cut or deal that the laws do not allow."""


def rng_of(seed: int | None = None, rng: random.Random | None = None) -> random.Random:
    """The random generator a deal is made with: ``rng`` itself, or a new one
    from ``seed`` (the same seed, the same deals); a caller gives one or the other.

    >>> rng_of(7).random() == rng_of(7).random()
    True
    """
    if rng is None:
        return random.Random(seed)
    if seed is not None:
        raise DealingError("give a seed or a random generator, not both")
    return rng


def shuffle(rng: random.Random, pack: Iterable[int] | None = None) -> list[int]:
    """A shuffled pack, top card first (a fresh pack of 52 by default)."""
    cards = list(range(52)) if pack is None else list(pack)
    rng.shuffle(cards)
    return cards


def _check_pack(pack: Sequence[int]) -> None:
    if len(pack) != 52 or len(set(pack)) != 52 or not all(0 <= c < 52 for c in pack):
        raise DealingError(
            f"a pack is 52 different cards, got {len(pack)} ({len(set(pack))} different)"
        )


def cut(pack: Sequence[int], at: int, code: Code | str | None = None) -> list[int]:
    """The pack after a cut of its top ``at`` cards, packets reunited.

    The cutter lifts the top packet and places it toward the dealer, who puts
    the other packet on it (AWL II §1: "placing the one not removed in cutting
    upon the other"; Goodfellow: "reunites the packets in their inverse order").
    Each packet must hold at least four cards.
    """
    _check_pack(pack)
    if not MIN_PACKET <= at <= len(pack) - MIN_PACKET:
        law = (
            find_code(code).cite("cut")
            if code is not None
            else "Goodfellow law 40, Whist Club 32, AWL II §1, Royalton 19"
        )
        raise DealingError(
            f"{law}: the cut must leave at least {MIN_PACKET} cards in each packet; "
            f"a cut at {at} leaves {at} and {len(pack) - at}"
        )
    return [*pack[at:], *pack[:at]]


def deal_cards(
    pack: Sequence[int], dealer: Seat, number: int = 1, turn_trump: bool = False
) -> Deal:
    """Deal ``pack`` from the top, one at a time, beginning at the dealer's left.

    The 52nd card falls to the dealer (Goodfellow 43, 47F; Whist Club 37a, g;
    AWL III §1). With ``turn_trump`` it is the turned trump (AWL III §1).
    """
    _check_pack(pack)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(pack):
        hands[(dealer + 1 + i) % 4] |= 1 << c
    return Deal(
        (hands[0], hands[1], hands[2], hands[3]),
        dealer,
        number,
        pack[-1] if turn_trump else None,
    )


def dealer_for(code: Code | str, number: int) -> Seat:
    """The dealer of deal (tray) ``number``, counting from 1.

    The code's ``first_dealer`` deals deal 1 and the deal passes to the left
    (Goodfellow 46: "the player to the left of the dealer for the last tray is
    the dealer").
    """
    if number < 1:
        raise DealingError(f"deals are numbered from 1, not {number}")
    return find_code(code).first_dealer.after(number - 1)


def deal(
    code: Code | str,
    dealer: Seat | None = None,
    number: int = 1,
    seed: int | None = None,
    rng: random.Random | None = None,
    cut_at: int | None = None,
) -> Deal:
    """Shuffle, cut and deal a deal for ``code``, reproducibly from ``seed``.

    ``rng`` (if given) is used instead of ``random.Random(seed)``. The
    dealer defaults to ``dealer_for(code, number)``; the cut to a random place
    that leaves at least four cards in each packet. A code that turns the
    trump (Duplicate Whist, AWL III §1) turns the dealer's last card.

    >>> from auctionwhist.cards import card_str
    >>> whist = deal("whist", seed=7)
    >>> whist.dealer.name, card_str(whist.turned)  # West deals deal 1 in Duplicate Whist
    ('WEST', 'C4')
    >>> deal("whist", seed=7) == whist
    True
    """
    c = find_code(code)
    rng = rng_of(seed, rng)
    if dealer is None:
        dealer = dealer_for(c, number)
    pack = shuffle(rng)
    at = rng.randint(MIN_PACKET, 52 - MIN_PACKET) if cut_at is None else cut_at
    return deal_cards(cut(pack, at, c), dealer, number, turn_trump=c.turns_trump)


def random_deal(
    rng: random.Random,
    dealer: Seat = Seat.NORTH,
    number: int = 1,
    turn_trump: bool = False,
) -> Deal:
    """A uniformly random deal without the ceremony of the cut (for analysis)."""
    pack = rng.sample(range(52), 52)
    hands = [0, 0, 0, 0]
    first = dealer + 1
    for i, c in enumerate(pack):
        hands[(first + i) & 3] |= 1 << c
    return Deal(
        (hands[0], hands[1], hands[2], hands[3]),
        dealer,
        number,
        pack[-1] if turn_trump else None,
    )


def rank_cuts(cuts: Mapping[K, int]) -> list[K]:
    """Who cut what, lowest cut (the preference) first.

    Goodfellow 20, Whist Club 14, Royalton 12: ace is lowest; between equal
    ranks heart < diamond < club < spade.
    """
    seen: dict[int, K] = {}
    for who, c in cuts.items():
        if c in seen:
            raise DealingError(
                f"{card_str(c)} cut by both {seen[c]!r} and {who!r}: "
                "every player cuts from the same pack (Goodfellow 21)"
            )
        seen[c] = who
    return sorted(cuts, key=lambda who: cut_rank(cuts[who]))


def cutting(rng: random.Random, who: Iterable[K]) -> dict[K, int]:
    """Each of ``who`` cuts a card from the same pack (Goodfellow 21)."""
    players = list(who)
    if len(players) > 52:
        raise DealingError("more players than cards in the pack")
    return dict(zip(players, rng.sample(range(52), len(players)), strict=True))


def cut_for_deal(
    rng: random.Random, seats: Iterable[Seat] = tuple(Seat)
) -> tuple[Seat, dict[Seat, int]]:
    """Cut for the first deal: the lowest cut deals (Whist Club 18, Royalton 3).

    Returns the dealer and the cards cut.
    """
    cuts = cutting(rng, seats)
    if not cuts:
        raise DealingError("nobody to cut")
    return rank_cuts(cuts)[0], cuts
