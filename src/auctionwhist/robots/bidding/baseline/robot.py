"""The bidding robot: a family of rules, a style, and a card policy behind the
``Player`` interface."""

from __future__ import annotations

import random

from ....calls import Call
from ...player import CardPolicy, PlayerBase, lowest_or_cheapest_win
from ...view import SeatView
from . import evaluate as ev
from .rules import family_for
from .situation import SOUND, Decision, Rule, Situation, style_from

__all__ = ["BiddingRobot", "decide"]


def decide(view: SeatView, style: float = SOUND) -> tuple[Decision, Rule | None]:
    """The call the rules give for ``view`` and the rule that gave it (None
    for the last resort, the lowest legal call)."""
    if not view.legal_calls:
        raise ValueError("the seat has no call to make now")
    s = Situation(view, style)
    for r in family_for(view.code.royal_bids):
        d = r(s)
        if d is not None:
            return d, r
    # Only when no rule speaks (a debarred seat may only pass, daw 58).
    call = view.legal_calls[0]
    return Decision(call, f"{call}: the only call open to me."), None


class BiddingRobot(PlayerBase):
    """Bids by the period's rules for its code's family; plays its cards with
    ``card_policy`` (by default the plain lowest-or-cheapest-win player) until a
    playing robot is plugged in. ``style``: "conservative", "sound",
    "sanguine" or -1..1 (Hopson's personal equation)."""

    def __init__(self, style: str | float = SOUND, card_policy: CardPolicy | None = None) -> None:
        self.style = style_from(style)
        self.card_policy = card_policy
        self.last: Decision | None = None
        self.last_rule: Rule | None = None

    def call(self, view: SeatView, rng: random.Random) -> Call:
        self.last, self.last_rule = decide(view, self.style)
        return self.last.call

    def explain(self) -> str:
        """The last call, in a sentence, with the passage it follows."""
        if self.last is None:
            return "I have made no call yet."
        if self.last_rule is None:
            return self.last.reason
        return f"{self.last.reason} ({self.last_rule.source}; rule {self.last_rule.name})"

    def card(self, view: SeatView, rng: random.Random) -> int:
        if self.card_policy is not None:
            return self.card_policy(view, rng)
        return lowest_or_cheapest_win(view)

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        # Hawley ch. I, "Bridging": the declarant may "so guard the deficiencies
        # in his partner's hand"; he bridges when partner bid the nullo too and
        # his own hand holds the cards in danger, so that it lies open as dummy.
        partner_nullo = any(b.denom.nullo for b in view.bids_of(view.partner))
        return partner_nullo and ev.nullo_danger(view.held) >= 2
