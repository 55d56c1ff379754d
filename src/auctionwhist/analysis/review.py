"""A played deal against double dummy: what each card cost its side.

For every card played, the solver scores every card the player could have
played there (``solver.score_cards``: the tricks his side takes from the
tricks not yet complete, all playing best afterwards). A card's *cost* is
what it gave up against the best of them, in tricks: 0 for a best card. At
nullo a side's best is its fewest tricks (docs/spec.md §2.2.5).

The play is read from the table as it stands after the laws have had their
say: a card taken back (a renounce corrected in time) is not there, a lead
out of turn that was accepted leads its trick. A card the solver does not
count among the legal ones (a renounce that stood) is shown without a cost.

At nullo a card of the early tricks can take the core minutes to score
(docs/solver.md), so a review may be given a time limit (issue 20: the web
app's review, ``whist review --time-limit``). The cards are then scored from
the last backwards, the cheapest first: when the time runs out the cards
not yet scored are the play's first ones, shown unscored (``solved``
false), and every card after them has its cost. At suits and no-trump DDS
scores a whole deal's play in about a second, and takes no limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..cards import Seat, card_str
from ..errors import WhistError
from ..robots.cardplay import solver_strain
from ..solver import Position, score_cards
from ..table import Table

__all__ = ["CardReview", "ReviewError", "play_strain", "review_json", "review_play"]


class ReviewError(WhistError):
    """A table that has no play to review."""


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card of the play, double dummy.

    ``trick`` counts from 1. ``tricks`` is what the player's side takes, from
    the tricks not yet complete when the card was played, after this card
    and best play by all; ``best`` the same after the best card there, and
    ``best_cards`` those cards. Both are None for a card the solver does not
    count as legal (a renounce that stood), and for a card it had no time to
    score (``solved`` false: a nullo review under a time limit).
    """

    trick: int
    seat: Seat
    card: int
    tricks: int | None
    best: int | None
    best_cards: tuple[int, ...]
    nullo: bool
    solved: bool = True

    @property
    def cost(self) -> int | None:
        """Tricks given up against the best card: 0 for a best card."""
        if self.tricks is None or self.best is None:
            return None
        return self.tricks - self.best if self.nullo else self.best - self.tricks

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat.char,
            "card": card_str(self.card),
            "tricks": self.tricks,
            "best": self.best,
            "best_cards": [card_str(c) for c in self.best_cards],
            "cost": self.cost,
            "solved": self.solved,
        }


def play_strain(table: Table) -> str:
    """The solver's strain of the table's play: the contract's declaration
    (Royal Spades play as spades), or Duplicate Whist's trump."""
    if table.play is None:
        raise ReviewError("the deal has no play to review (passed out, or not yet begun)")
    return solver_strain(table.contract, table.play.trump)


def review_play(
    table: Table, progress: Callable[[], None] | None = None, limit: float | None = None
) -> list[CardReview]:
    """Every card played at ``table`` so far, in order, double dummy.

    ``progress()`` is called after each card: a card of a whole-deal nullo
    can take the core minutes to score. ``limit``: seconds for the whole
    review at nullo (None: no limit); the cards are then scored last first,
    and those the time did not reach are returned unscored (``solved``
    false). At suits and no-trump the limit is not needed and not used.
    """
    strain = play_strain(table)
    play = table.play
    assert play is not None
    nullo = strain == "NL"
    hands = list(table.deal.hands)
    tricks = [*play.tricks, (Seat(play.leader), tuple(play.trick))] if play.trick else play.tricks
    # each card's position: the hands before it, and the trick so far
    cards: list[tuple[int, Seat, int, Position]] = []
    for number, (leader, played) in enumerate(tricks, start=1):
        for i, c in enumerate(played):
            seat = Seat((int(leader) + i) & 3)
            position = Position(
                (hands[0], hands[1], hands[2], hands[3]), strain, seat, tuple(played[:i])
            )
            cards.append((number, seat, c, position))
            hands[seat] ^= 1 << c
    bounded = nullo and limit is not None
    deadline = time.monotonic() + (limit or 0.0)
    out: dict[int, CardReview] = {}
    # under a limit the last cards first: they are the cheap ones, and the
    # first card out of time leaves only those before it unscored
    order = range(len(cards) - 1, -1, -1) if bounded else range(len(cards))
    for k in order:
        number, seat, c, position = cards[k]
        left = deadline - time.monotonic()
        scores: dict[int, int] | None = {}
        if bounded and left <= 0:
            scores = None
        elif c in position.legal_cards():
            try:
                scores = score_cards(position, limit=left if bounded else None)
            except TimeoutError:
                scores = None
        if scores is None:
            out[k] = CardReview(number, seat, c, None, None, (), nullo, solved=False)
        elif scores:
            best = min(scores.values()) if nullo else max(scores.values())
            best_cards = tuple(sorted(k2 for k2, v in scores.items() if v == best))
            out[k] = CardReview(number, seat, c, scores[c], best, best_cards, nullo)
        else:  # not among the legal cards: a renounce that stood
            out[k] = CardReview(number, seat, c, None, None, (), nullo)
        if progress is not None:
            progress()
    return [out[k] for k in range(len(cards))]


def review_json(table: Table, limit: float | None = None) -> dict[str, Any]:
    """``review_play`` of ``table`` as JSON: the strain and every card with
    its cost (``limit``: seconds at nullo, as ``review_play``). What the web
    app's review process answers (``web.review``)."""
    strain = play_strain(table)
    return {"strain": strain, "cards": [r.to_json() for r in review_play(table, limit=limit)]}
