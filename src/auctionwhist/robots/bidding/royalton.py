"""Royalton's rules of bidding (Hawley, "Royalton", chapter I, seed 004): the
no-trump as a call for partner's best suit, the royal bid, the nullo, and the
dealer's "no bid". The family shares the doubling, opening and valuing rules
of the counts (``rules``); each rule here is a named unit citing its passage.
"""

from __future__ import annotations

from ...calls import Bid, Other
from . import evaluate as ev
from .rules import (
    _nt_hand,
    cautious_redouble,
    free_double,
    full_value,
    leave_partner,
    one_of_a_suit,
    penalty_double,
    sit_tight,
    support_partner,
    take_out_of_double,
)
from .situation import Decision, Rule, Situation, rule

__all__ = ["ROYALTON"]


# Hawley ch. I, "The Nullo": the no-trump's "value under this system has been
# reduced to an honest call for the partner's best suit, and this call is
# mandatory."
@rule(
    "answer_no_trump_call",
    'Hawley, Royalton ch. I ("The Nullo")',
    "The answer to partner's no-trump: his call for this hand's best suit, which is mandatory.",
)
def answer_no_trump_call(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or last[1].denomination != "NT":
        return None
    if len(s.partner_bids) != 1:
        return None
    suit = s.best_suit()
    b = s.cheapest(s.suit_key(suit))
    if b is None or b.level > last[1].level + 1:
        return None
    return Decision(
        b, f"{b}: partner's no-trump calls for my best suit, and the call is mandatory."
    )


# Hawley ch. I: "a meritorious bid may 'call' the pushing bid, or outrank an
# equal bid for tricks odd by bidding his lower declaration as a 'royal'. For
# example, A has declared three spades, and an opponent three hearts ... he
# raises his three spades to three spades 'royal'."
@rule(
    "royal_call",
    "Hawley, Royalton ch. I (the royal bid)",
    "A royal: the same level as the adversaries' bid, called as the more meritorious declaration.",
)
def royal_call(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0].side == s.view.seat.side or last[1].royal:
        return None
    ours = s.my_bids or s.partner_bids
    if not ours:
        return None
    mine = ours[-1]
    if mine.level != last[1].level or mine.royal or mine.denom.nullo:
        return None
    b = Bid(mine.level, mine.denomination, royal=True)
    if s.estimate(mine.denomination) < 6 + b.level + s.shift(0.5):
        return None
    return Decision(
        b,
        f"{mine} royal: {last[1]} looks a pushing bid, and ours at the same level is the "
        "more meritorious; I call it, risking 100 a trick.",
    )


# Hawley ch. I, "The Nullo": a low hand — deuces and treys, no long high suit —
# makes the nullo, "the most precarious of all and the most difficult to play".
@rule(
    "nullo_on_low_hand",
    'Hawley, Royalton ch. I ("The Nullo")',
    "A nullo: a low hand, few cards likely to win a trick.",
)
def nullo_on_low_hand(s: Situation) -> Decision | None:
    if "NL" not in s.values:
        return None
    danger = ev.nullo_danger(s.hand)
    if danger > s.shift(1.0, 1.0):
        return None
    if s.partner_bids and not any(b.denom.nullo for b in s.partner_bids):
        return None  # partner has shown tricks, not a low hand
    b = s.cheapest("NL")
    if b is None:
        return None
    top = 2 if danger == 0 else 1
    if b.level > top:
        return None
    return Decision(b, f"{b}: a low hand with only {danger} card(s) likely to win a trick.")


# Hawley ch. I: the no-trump "is a most valuable asset here, in that honest
# information, strength, can be developed ... a logical and effective call for
# the partner's best suit to develop a suit declaration".
@rule(
    "no_trump_call",
    "Hawley, Royalton ch. I (summary 14)",
    "A no-trump call: strength in every suit, calling for partner's best suit.",
)
def no_trump_call(s: Situation) -> Decision | None:
    if not s.first_round or s.partner_bids or s.my_bids:
        return None
    if not _nt_hand(s, 3.0) or any(ev.length(s.hand, x) >= 5 for x in range(4)):
        return None
    b = s.cheapest("NT")
    if b is None or b.level > 1:
        return None
    return Decision(b, f"{b}: strength in every suit; I call for partner's best suit.")


# Hawley ch. I, "Dealer 'No Bid'": the dealer, like every other hand, may pass
# "instead of compelling a declaration of weakness" (Royalton law 30).
@rule(
    "dealer_no_bid",
    "Hawley, Royalton ch. I (\"Dealer 'No Bid'\")",
    "No bid: the dealer's hand has no declaration of merit.",
)
def dealer_no_bid(s: Situation) -> Decision | None:
    if s.opening and Other.NO_BID in s.view.legal_calls:
        return Decision(Other.NO_BID, "No bid: the hand has no declaration of merit.")
    return None


ROYALTON: tuple[Rule, ...] = (
    cautious_redouble,
    take_out_of_double,
    answer_no_trump_call,
    royal_call,
    free_double,
    penalty_double,
    leave_partner,
    nullo_on_low_hand,
    no_trump_call,
    one_of_a_suit,
    support_partner,
    full_value,
    dealer_no_bid,
    sit_tight,
)
