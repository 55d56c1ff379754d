"""The bidding robot: a family of rules, a style, and a card policy behind the
``Player`` interface."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...calls import DENOMINATIONS, Bid, Call, call_str
from ...cards import FULL_PACK, Deal, Seat
from ...codes import Code
from ...table import Table
from ..player import CardPolicy, PlayerBase, lowest_or_cheapest_win
from ..view import ScoreContext, SeatView
from . import evaluate as ev
from . import royalton
from .royalton import ROYALTON
from .rules import COUNTS
from .situation import SOUND, Decision, Rule, Situation, first_spoken, style_from

__all__ = [
    "MEANINGS",
    "Advice",
    "BiddingRobot",
    "Credit",
    "Explanation",
    "advise",
    "decide",
    "explain_call",
    "view_of_auction",
]

# What a call by each rule shows, as the period's published conventions let
# every player at the table know it: never what the hand holds. A robot's
# ``Decision.reason`` speaks of its own cards (counts, honors, quick tricks),
# which the laws let no one learn but from the calls; this is the general
# form shown while the deal is played (docs/decisions.md).
# What a call by each rule shows (``Rule.meaning``), by the rule's name.
MEANINGS: dict[str, str] = {r.name: r.meaning for r in (*COUNTS, *ROYALTON)}


def family_for(code_royal_bids: bool) -> tuple[Rule, ...]:
    """Royalton's rules where the code has royal bids, else the counts'."""
    return ROYALTON if code_royal_bids else COUNTS


@dataclass(frozen=True, slots=True)
class Explanation:
    """A robot's call explained. ``meaning`` is what every player may know
    of it (the rule's general sense and the passage); ``full`` adds the
    robot's reasons from its own hand, for once the deal is over."""

    call: Call
    rule: str | None  # None: no rule spoke, the only call open
    source: str
    meaning: str
    full: str


def explain_call(view: SeatView, style: float = SOUND, simulate: bool = False) -> Explanation:
    """Why the robot would make its call in ``view``, in both forms."""
    d, r = decide(view, style, simulate)
    return _explanation(d, r, view.position)


def _explanation(d: Decision, r: Rule | None, position: int) -> Explanation:
    if r is None:
        return Explanation(d.call, None, "", "The only call open to the seat.", d.reason)
    source = r.cite(position)
    return Explanation(
        d.call,
        r.name,
        source,
        MEANINGS.get(r.name, ""),
        f"{d.reason} ({source}; rule {r.name})",
    )


def decide(
    view: SeatView, style: float = SOUND, simulate: bool = False
) -> tuple[Decision, Rule | None]:
    """The call the rules give for ``view`` and the rule that gave it (None
    for the last resort, the lowest legal call); ``simulate``: a slam in
    view judged over simulated deals (``Situation.simulate``)."""
    if not view.legal_calls:
        raise ValueError("the seat has no call to make now")
    return first_spoken(family_for(view.code.royal_bids), Situation(view, style, simulate))


class BiddingRobot(PlayerBase):
    """Bids by the period's rules for its code's family; plays its cards with
    ``card_policy`` (by default the plain lowest-or-cheapest-win player) until a
    playing robot is plugged in. ``style``: "conservative", "sound",
    "sanguine" or -1..1 (Hopson's personal equation). ``simulate``: judge a
    slam in view over simulated deals, half a second a stand
    (``Situation.simulate``): for a robot that thinks off the web server's
    event loop or at the command line, not for the fast heuristic one."""

    def __init__(
        self,
        style: str | float = SOUND,
        card_policy: CardPolicy | None = None,
        simulate: bool = False,
    ) -> None:
        self.style = style_from(style)
        self.card_policy = card_policy
        self.simulate = simulate
        self.last: Decision | None = None
        self.last_rule: Rule | None = None
        self.last_position = 1

    def call(self, view: SeatView, rng: random.Random) -> Call:
        self.last, self.last_rule = decide(view, self.style, self.simulate)
        self.last_position = view.position
        return self.last.call

    def explain(self) -> str:
        """The last call, in a sentence, with the passage it follows."""
        ex = self.explained()
        return "I have made no call yet." if ex is None else ex.full

    def explained(self) -> Explanation | None:
        """The last call explained as ``explain_call`` explains it, from the
        decision itself (a simulated slam is not judged again)."""
        if self.last is None:
            return None
        return _explanation(self.last, self.last_rule, self.last_position)

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


def view_of_auction(
    code: Code,
    hand: int,
    calls: Sequence[Call],
    dealer: Seat = Seat.NORTH,
    score: ScoreContext | None = None,
) -> SeatView:
    """The view of the seat to call after ``calls`` (made from ``dealer`` round),
    holding ``hand``. The other hands are never seen by the robot, so the rest
    of the pack is shared out among them in order. An illegal call raises the
    table's error, citing the law."""
    rest = FULL_PACK & ~hand
    seat = dealer.after(len(calls))
    hands = [0, 0, 0, 0]
    hands[seat] = hand
    others = [s for s in Seat if s != seat]
    for i, c in enumerate(c for c in range(52) if rest >> c & 1):
        hands[others[i % 3]] |= 1 << c
    table = Table(code, Deal((hands[0], hands[1], hands[2], hands[3]), dealer))
    for call in calls:
        table.call(call)
    return SeatView.of(table, seat, score)


@dataclass(frozen=True, slots=True)
class Credit:
    """What the robot counts a player's hand for, in tricks toward ``denomination``."""

    seat: Seat
    tricks: float | None  # None: the rules do not read this player's calls
    shown_by: str  # the calls it rests on, or why there is no figure


@dataclass(frozen=True, slots=True)
class Advice:
    """The robot's call for a seat, the reason, the rule and its passage, and
    what it credits each player with toward the denomination in question."""

    seat: Seat
    call: Call
    reason: str
    rule: str | None  # None: no rule spoke, the only call left
    source: str | None
    denomination: str | None  # the denomination the credits are toward
    estimate: float | None  # the tricks the partnership may take there
    credits: tuple[Credit, ...]
    quick_tricks: float

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat.char,
            "call": call_str(self.call),
            "reason": self.reason,
            "rule": self.rule,
            "source": self.source,
            "denomination": self.denomination,
            "estimate": self.estimate,
            "quick_tricks": self.quick_tricks,
            "credits": {
                c.seat.char: {"tricks": c.tricks, "shown_by": c.shown_by} for c in self.credits
            },
        }


def _credit(s: Situation, seat: Seat, denom: str) -> Credit:
    """What ``seat``'s calls are credited with, as the model reads them:
    under Royalton a third of the high cards they show (``royalton.credited``,
    the ranges said); under the counts his hand's share of his side's tricks
    in ``denom`` (``Situation.hand_tricks``), from the high cards the model
    gives him."""
    p = s.pictures[seat]
    if s.view.code.royal_bids:
        return Credit(
            seat, round(royalton.credited(s, seat), 2), f"his calls: {p.said()}; {p.ranges()}"
        )
    lo, hi = p.hcp
    counted = f"{s.expected_points[seat]:.0f}"
    shown = f"{lo:.0f}-{hi:.0f} in high cards shown, {counted} counted"
    if (lo, hi) == (0, 40):
        shown = f"{counted} in high cards counted"
    # a hand the model leaves few high cards takes no tricks, not fewer
    return Credit(
        seat, round(max(0.0, s.hand_tricks(seat, denom)), 2), f"his calls: {p.said()}; {shown}"
    )


def advise(view: SeatView, style: float = SOUND, simulate: bool = True) -> Advice:
    """``decide`` with what lies behind it: the rule, its passage for the
    seat, and the tricks the robot credits each hand with toward the
    denomination of the call (or of the declaration standing; else no-trump
    for the adversaries alone), counted as the rules count them: Royalton's
    count (``royalton.tricks``), or the counts' two hands (``side_tricks``),
    of which partner's share is what his calls show as the model reads them
    (``model.read_auction``) and this hand's is the rest, so that the
    credits of the two add up to the estimate. The adviser thinks as the
    strong robot does (``simulate``)."""
    decision, rule = decide(view, style, simulate)
    s = Situation(view, style)
    denom: str | None = None
    for cand in (decision.call, view.last_bid[1] if view.last_bid else None):
        if isinstance(cand, Bid) and not cand.denom.nullo:
            denom = cand.denomination
            break
    me, partner = view.seat, view.partner
    credits: list[Credit] = []
    estimate: float | None = None
    if denom is not None:
        ours = _credit(s, partner, denom)
        if view.code.royal_bids:
            # Royalton's rules count the two hands their own way
            d = DENOMINATIONS[denom]
            trump = -1 if d.trump is None else int(d.trump)
            counted = royalton.tricks(s, denom)
            mine = Credit(
                me, round(ev.playing_tricks(view.held, trump), 2), "my hand's playing tricks"
            )
        else:
            # the mean of the model's tricks, which may pass thirteen
            counted = min(13.0, s.side_tricks(denom))
            fit = "" if DENOMINATIONS[denom].trump is None else ", with the trumps between us"
            mine = Credit(
                me,
                round(counted - (ours.tricks or 0.0), 2),
                f"my hand: {s.points} in high cards{fit}",
            )
        estimate = round(counted, 2)
        credits += [mine, ours]
    for seat in (me.left, me.right):
        credits.append(_credit(s, seat, denom or "NT"))
    return Advice(
        seat=me,
        call=decision.call,
        reason=decision.reason,
        rule=None if rule is None else rule.name,
        source=None if rule is None else rule.cite(view.position),
        denomination=denom,
        estimate=estimate,
        credits=tuple(credits),
        quick_tricks=s.quick,
    )
