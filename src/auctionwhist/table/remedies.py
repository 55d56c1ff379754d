"""Rulings carried out: the remedy the entitled player chose, done through the
auction's and the play's own public methods.

The options are data (``auctionwhist.laws``: ``Option.key`` is one word of a
shared vocabulary); this module says what each word does at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..auction import Auction
from ..calls import Bid, Call, Other
from ..cards import Seat, Suit, card_from_str, card_str, card_suit
from ..errors import WhistError
from ..laws.offences import CONDITIONS, LawsError, Option, offence
from ..play import Play
from ..records import Ruling
from ..scoring import ScoreItem
from . import penalties
from .penalties import Pending

if TYPE_CHECKING:
    from .table import Table

__all__ = ["rule", "verify_rule", "workable_ruling"]

_VOID = {
    "new_deal": "a new deal",
    "rectify": "the hands are rectified",
    "average": "each team takes the average score",
}


def _check(t: Table, r: Ruling) -> tuple[Pending, Option]:
    p = t.penalties.pending
    if t.phase != "penalty" or p is None:
        raise LawsError("there is no irregularity awaiting a ruling")
    o = p.offence
    if r.offence != o.key:
        raise LawsError(f"the irregularity before the table is {o.name}, not {r.offence!r}")
    demanded = o.option(r.option)
    if o.who != "none" and r.seat not in p.choosers:
        if o.forfeit and _adversary(t, r.seat, p.seat):
            # AWL XI §4, daw 109: the wrong adversary demands; none can be enforced.
            return p, o.option(o.forfeit)
        who = " or ".join(s.name.title() for s in p.choosers)
        raise LawsError(
            f"{o.name}: the remedy is for {who}, not {r.seat.name.title()}",
            t.code.cite("penalty_decision"),
        )
    if p.options and demanded not in p.options:
        raise LawsError(
            f"{o.name}: {demanded.key!r} is offered only {CONDITIONS[demanded.when]}",
            t.code.cite(demanded.topic or o.topic),
        )
    return p, demanded


def _adversary(t: Table, seat: Seat, offender: Seat) -> bool:
    """Whether ``seat`` is an adversary of ``offender`` who may speak: dummy
    takes no part (daw 74)."""
    return seat.side != offender.side and (t.play is None or seat is not t.play.dummy)


def verify_rule(t: Table, r: Ruling) -> None:
    """Raise unless the ruling ``r`` can be carried out: tried on a replay of the
    log, since a remedy may fail only once it is under way."""
    _check(t, r)
    rule(type(t).from_events(t.events), r)


def rule(t: Table, r: Ruling) -> Ruling:
    """Carry out ``r``; a ruling that cannot be carried out leaves no trace."""
    p, opt = _check(t, r)
    law = t.code.cite(p.offence.topic)
    t.penalties.pending = None
    t.phase = t.penalties.resume
    try:
        _carry_out(t, p, opt, r.arg, law)
    except WhistError as e:
        t._restore(type(t).from_events(t.events))
        raise LawsError(str(e).removeprefix(f"{law}: "), law) from None
    t._log(r)
    if t.phase == "play":
        penalties.settle(t)
    return r


def workable_ruling(t: Table, seat: Seat | None = None) -> Ruling:
    p = t.pending
    if p is None:
        raise LawsError("there is no irregularity awaiting a ruling")
    who = p.choosers[0] if seat is None else seat
    for opt in p.options or p.offence.options:
        for arg in {"": [""], "suit": ["S", "H", "D", "C"], "card": [""]}[opt.arg]:
            ruling = Ruling(who, p.offence.key, opt.key, arg)
            if t.can(ruling):
                return ruling
    raise LawsError(f"no option of {p.offence.name} can be taken")


def _declarer_precluded(t: Table, card: int | None) -> None:
    """daw 75, Whist Club 63, Royalton 54: dummy has called attention to an
    incident; the declarer may not exact its penalty. The rights he still holds
    against the adversaries lapse: the call of the card named (of every card
    liable, when none is named) and a suit still to be called."""
    pen, declarer = t.penalties, t.declarer
    if declarer is None:
        return
    for s in (declarer.left, declarer.right):
        cards = pen.liable.get(s)
        if cards is not None:
            if card is None:
                cards.clear()
            else:
                cards.discard(card)
            if not cards:
                del pen.liable[s]
        right = pen.deferred.get(s.side)
        if right is not None and right[0].who == "declarant" and card is None:
            del pen.deferred[s.side]


def _carry_out(t: Table, p: Pending, opt: Option, arg: str, law: str) -> None:
    o, key = p.offence, opt.key
    pen = t.penalties
    if opt.points:
        # Penalty points go in the adversaries' honor (penalty) column.
        by = f"{o.name}, by {p.seat.name.title()}"
        pen.points.append(
            ScoreItem(p.seat.side.other, "honor", opt.points, by, t.code.cite(o.topic))
        )
    if key in _VOID:
        pen.void = f"{law}: {o.name}; {_VOID[key]}"
        t.phase = "done"
        return
    if p.call is not None:
        assert t.auction is not None
        _carry_out_call(t, p, p.call, key, t.auction)
        return
    for also in opt.also:
        # The law's "and": each remedy named with this one as well.
        _carry_out(t, p, o.option(also), "", law)
    if opt.then and t.play is not None:
        # The rest of the choice is made later (daw 89: the suit is called as
        # soon as it is the turn of either adversary to lead).
        penalties.defer(t, offence(t.code, opt.then), p.seat, p.card)
    if o.key == "dummy_incident" and key == "waive":
        _declarer_precluded(t, p.card)
    if key == "debar_partner":
        pen.debarred[p.seat.partner] = "bid"
    elif key in ("waive", "none", "stand", "void"):
        pass
    elif key in ("revoke_points", "revoke_tricks"):
        pen.revoke_choice = "points" if key == "revoke_points" else "tricks"
    elif key == "partner_exposed":
        # daw 86, AWL VII §2, Royalton 67: the partner's cards are laid face up.
        if t.play is not None:
            hand = t.play.hands[p.seat.partner]
            pen.liable[p.seat.partner] = {c for c in range(52) if hand >> c & 1}
    else:
        if t.play is None:
            raise LawsError(f"{key}: there is no play yet", law)
        _carry_out_card(t, p, key, arg, t.play, law)


def _carry_out_call(t: Table, p: Pending, call: Call, key: str, auction: Auction) -> None:
    seat = p.seat
    debarred = t.penalties.debarred
    if key in ("ignore", "void", "points"):
        return
    if key == "pass_stand":
        # daw 57: the adversary on the right passes; the call then stands.
        if auction.turn != seat.right:
            raise LawsError(
                f"{auction.turn.name.title()}, not {seat.right.name.title()}, has the call"
            )
        t._after_call(auction.call(Other.PASS))
        if t.phase == "auction":
            t._after_call(auction.call(call))
            debarred[seat.partner] = "bid"
    elif key in ("stand", "condone", "stand_debar_side"):
        t._after_call(auction.force(seat, call))
        if key == "stand_debar_side":
            debarred[seat] = debarred[seat.partner] = "never"
    elif key == "void_debar_side":
        debarred[seat] = debarred[seat.partner] = "never"
    elif key == "correct":
        assert isinstance(call, Bid) and auction.bid is not None
        code, last = t.code, auction.bid
        sufficient = next(
            (
                b
                for b in (Bid(n, call.denomination, call.royal) for n in range(1, 8))
                if code.bid_rank(b) > code.bid_rank(last)
            ),
            None,
        )
        if sufficient is None:
            raise LawsError(f"no declaration of {call.denom.name} overbids {last}")
        t._after_call(auction.call(sufficient))
        debarred[seat.partner] = "bid"
    elif key in ("seven", "seven_side"):
        assert isinstance(call, Bid)
        t._after_call(auction.force(seat, Bid(7, call.denomination, call.royal)))
        if key == "seven_side":
            debarred[seat] = debarred[seat.partner] = "double"
        else:
            debarred[seat.partner] = "bid"
    elif key == "final":
        own = [(s, c) for s, c in auction.calls if isinstance(c, Bid) and s.side != seat.side]
        if not own:
            raise LawsError("the adversaries have made no declaration to make final")
        bidder, bid = own[-1]
        auction.make_final(bidder, bid)
        t._close_auction()
    else:
        raise LawsError(f"{key!r} does not apply to a call")


def _carry_out_card(t: Table, p: Pending, key: str, arg: str, play: Play, law: str) -> None:
    pen = t.penalties
    target = p.target or p.seat
    card = p.card
    if p.offence.key == "winning_cards_exposed" and key == "win":
        assert card is not None
        pen.require[target] = ("win", 0)
        pen.make_liable(p.seat, card)  # law 80, unless daw 85's later choice lifts it
        return
    if key == "forbid_lead":
        # daw 85: he may not lead the suit of the card exposed, "in which case no
        # further penalty attaches": the card is not liable.
        assert card is not None
        pen.forbid[target] = card_suit(card)
        pen.liable.get(p.seat, set()).discard(card)
        if not pen.liable.get(p.seat, True):
            del pen.liable[p.seat]
        return
    if key == "exchange":
        # Whist Club 72, Royalton 66: the declarant calls the other card to the trick.
        assert card is not None
        first = play.undo()
        if first.seat != p.seat:
            raise LawsError("the card played first is no longer the last card played", law)
        pen.renounces = [
            r
            for r in pen.renounces
            if not (r.seat == p.seat and r.card == first.card and not r.established)
        ]
        pen.make_liable(p.seat, first.card)
        penalties.lawful_card(t, card, p.seat)
        return
    if key in ("accept", "retract", "exposed", "call_suit", "call_lead") and p.seat in pen.early:
        card = pen.early.pop(p.seat)  # back into the hand, or led below
    elif key == "waive" and not play.trick and p.seat in pen.early:
        pen.early.pop(p.seat)  # a lead out of turn waived goes back, not liable (AWL VIII §4)
    if key == "accept":
        assert card is not None
        if not play.trick:
            play.set_leader(p.seat)
        penalties.lawful_card(t, card, p.seat)
    elif key == "exposed":
        if card is not None:
            pen.make_liable(p.seat, card)
    elif key == "call_suit":
        if not arg or arg.upper() not in "SHDC":
            raise LawsError("name the suit called: S, H, D or C")
        if card is not None and p.offence.key == "exposed_before_lead":
            pen.make_liable(p.seat, card)
        pen.lead_call[p.seat.side] = int(Suit.from_char(arg.upper()))
    elif key == "forbid_suit":
        suit = Suit.from_char(arg.upper()) if arg else None
        if suit is None and card is not None:
            suit = card_suit(card)
        if suit is None:
            raise LawsError("name the suit the leader may not open")
        pen.forbid[target] = int(suit)
    elif key == "highest_of_suit":
        if not arg or arg.upper() not in "SHDC":
            raise LawsError("name the suit: S, H, D or C")
        pen.require[target] = (key, int(Suit.from_char(arg.upper())))
    elif key in ("call_card", "play", "not_play"):
        c = card_from_str(arg) if arg else card
        if key == "call_card":
            liable = pen.liable.get(target, set())
            if c is None and len(liable) == 1:
                c = next(iter(liable))
            if c is None or c not in liable:
                raise LawsError("name a card liable to be called")
            if play.is_renounce(c, target):
                raise LawsError(
                    f"{card_str(c)} cannot be called: a player is not compelled to revoke",
                    t.code.cite("called_card"),
                )
        if c is None:
            raise LawsError("name the card")
        pen.require[target] = (key, c)
    elif key in (
        "highest",
        "lowest",
        "win",
        "lose",
        "trump",
        "no_trump",
        "highest_trump",
        "lowest_trump",
    ):
        pen.require[target] = (key, 0)
        if key in ("highest_trump", "lowest_trump"):
            pen.trump_calls[target] = key  # AWL IV §6: it may be called again
    elif key in ("retract", "points", "call_lead"):
        pass  # the card is back in the hand; the points are on the score sheet
    elif key == "lead_wrong_hand":
        if not play.trick:
            play.set_leader(play.turn.partner)
    else:
        raise LawsError(f"{key!r} does not apply here", law)
