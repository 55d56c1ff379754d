"""Irregularities apart from a call or card: a card exposed, a renounce in
error corrected or asked about, and any other irregularity reported by its
offence's key (information given, dummy's suggestion, a card thrown with
another...). Each puts its offence before the table for a ruling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUIT_MASKS, Seat, card_str
from ..laws.offences import Offence, offence, offences_for
from ..play import trick_winner
from ..records import CardExposed, Irregularity, RenounceCorrected
from .errors import TableError
from .penalties import Renounce, defer, raise_offence, settle_liable

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "NAMED_BY_ACTION",
    "correct_renounce",
    "expose",
    "report",
    "verify_ask_renounce",
    "verify_correct_renounce",
    "verify_expose",
    "verify_report",
]


def verify_expose(t: Table, seat: Seat, c: int) -> None:
    if not t.laws:
        raise TableError(
            "a card is exposed only at a table played under the laws (mode='laws')",
            t.code.cite("exposed"),
        )
    if not 0 <= c < 52 or not t.deal.hands[seat] >> c & 1:
        raise TableError(f"{card_str(c)} is not in {seat.name.title()}'s hand")
    if t.phase == "auction":
        return
    play = t.play
    if t.phase != "play" or play is None or not play.hands[seat] >> c & 1:
        raise TableError(f"{card_str(c)} cannot be exposed now", t.code.cite("exposed"))


def expose(t: Table, seat: Seat, c: int) -> CardExposed:
    """``seat`` exposes ``c``: drops it face up, shows it, names it."""
    verify_expose(t, seat, c)
    rec = CardExposed(seat, c)
    t._log(rec)
    play = t.play
    if t.phase == "auction":
        raise_offence(t, offence(t.code, "exposed_in_auction"), seat, card=c)
        return rec
    assert play is not None
    declaring = play.declarer is not None and seat.side == play.declarer.side
    offences = offences_for(t.code)
    if declaring:
        raise_offence(t, offences["declarant_exposed"], seat, card=c)
    elif t._claims.free_exposure == play.played:
        pass  # shown upon the declarant's claim: not liable (daw 87)
    elif (
        "last_card_exposed" in offences
        and play.hands[seat] == 1 << c
        and len(play.tricks) == 11
        and not play.has_played(seat.partner)
    ):
        # Royalton 67: his last card shown before his partner plays to the
        # twelfth trick; the partner's two cards become exposed.
        t.penalties.make_liable(seat, c)
        raise_offence(t, offences["last_card_exposed"], seat, card=c, target=seat.partner)
    elif play.played == 0 and seat == play.turn.partner and "exposed_before_lead" in offences:
        raise_offence(t, offences["exposed_before_lead"], seat, card=c, target=play.turn)
    else:
        t.penalties.make_liable(seat, c)
        liable = t.penalties.liable[seat]
        if (
            play.declarer is None
            and not play.has_played(seat.partner)
            and all(x in liable for x in range(52) if play.hands[seat] >> x & 1)
        ):
            # AWL VII §2: his remaining cards exposed before his partner has
            # played to the trick, the partner's are laid face up, liable.
            hand = play.hands[seat.partner]
            t.penalties.make_liable(seat.partner, {x for x in range(52) if hand >> x & 1})
        settle_liable(t, seat)
    return rec


def verify_correct_renounce(t: Table, seat: Seat, card: int | None = None) -> Renounce:
    """The renounce in error ``seat`` may still correct (daw 103), or raise."""
    r = t.penalties.open_renounce(seat)
    if r is not None and r.kind == "comply" and _comply_corrected(t) is None:
        raise TableError(
            f"{seat.name.title()}'s failure to comply with a lawful call cannot be corrected "
            "under this code: it is liable to the penalty for a revoke",
            t.code.cite("failure_to_comply"),
        )
    if not t.laws or t.play is None or r is None or (card is not None and card != r.card):
        raise TableError(
            f"{seat.name.title()} has no renounce in error to correct",
            t.code.cite("renounce_corrected"),
        )
    return r


def _comply_corrected(t: Table) -> str | None:
    """What correcting a failure to comply leaves under this code, by the
    ``corrected*`` option of its ``failure_to_comply`` (daw 104, Whist Club 75,
    Royalton 70); None where the law allows no correction (AWL XI §5)."""
    o = t.code.offences.get("failure_to_comply")
    return next((x.key for x in o.options if x.key.startswith("corrected")), None) if o else None


def correct_renounce(t: Table, seat: Seat, card: int | None = None) -> RenounceCorrected:
    """``seat`` corrects a renounce in error before it is established; the
    cards played after it go back to their holders, not liable (daw 103)."""
    r = verify_correct_renounce(t, seat, card)
    play = t.play
    assert play is not None
    after: list[Seat] = []
    while True:
        back = play.undo()
        if back.card == r.card:
            break
        after.append(back.seat)
    t.penalties.renounces.remove(r)
    rec = RenounceCorrected(seat, r.card)
    t._log(rec)
    if r.kind == "dummy":
        return rec  # dummy is not liable to a penalty (daw 77)
    if r.kind == "comply":
        # daw 104, Whist Club 75, Royalton 70: corrected before the trick is
        # quitted; he plays again under the call.
        req, suit, forbid = r.calls
        if req is not None:
            t.penalties.require[seat] = req
        if suit is not None:
            t.penalties.lead_call[seat.side] = suit
        if forbid is not None:
            t.penalties.forbid[seat] = forbid
        declaring = play.declarer is not None and seat.side == play.declarer.side
        if _comply_corrected(t) == "corrected_liable" and not declaring:
            # daw 104: "the card played in error is liable to be called"; the
            # declarant's cards are not (daw 84).
            t.penalties.make_liable(seat, r.card)
            settle_liable(t, seat)
        return rec
    declaring = play.declarer is not None and seat.side == play.declarer.side
    if declaring:
        # daw 103: only if both adversaries have played to the trick (the one on
        # his right before him or after, the one on his left after), not when he
        # is fourth.
        o = offence(t.code, "declarant_renounce_corrected")
        both = seat.left in after and (len(play.trick) >= 1 or seat.right in after)
        if o.who == "none" or not both or len(play.trick) == 3:
            return rec
        raise_offence(t, o, seat, card=r.card, target=seat)
    else:
        # AWL X §3: highest or lowest only if he was second or third hand and
        # his left-hand adversary had played to the trick.
        met = frozenset(
            {"second_or_third_lha_played"}
            if len(play.trick) in (1, 2) and seat.left in after
            else ()
        )
        o = offence(t.code, "renounce_corrected")
        raise_offence(t, o, seat, card=r.card, target=seat, met=met)
    return rec


# The irregularities the table names itself when the call or card is made
# (``IrregularCall``, ``IrregularCard``, a renounce, ``CardExposed``): their
# remedies act on that call or card, so they are not reported bare.
NAMED_BY_ACTION = frozenset(
    {
        "pass_out_of_turn",
        "call_out_of_turn",
        "double_out_of_turn",
        "insufficient_bid",
        "impossible_bid",
        "double_partner",
        "redouble_twice",
        "debarred_call",
        "lead_out_of_turn",
        "declarant_lead_out_of_turn",
        "lead_in_partners_turn",
        "play_out_of_turn",
        "exposed_in_auction",
        "exposed_card",
        "exposed_before_lead",
        "last_card_exposed",
        "declarant_exposed",
        "renounce_corrected",
        "declarant_renounce_corrected",
        # A choice the law leaves for later (``Option.then``): the table puts it
        # to the chooser at the moment the law names (daw 89, 85).
        "lead_out_of_turn_call",
        "winning_cards_exposed_won",
    }
)


def verify_report(t: Table, seat: Seat, key: str, c: int | None) -> Offence:
    """The offence ``seat`` is reported for (``c`` the card concerned), or raise."""
    o = offence(t.code, key)
    if not t.laws:
        raise TableError(
            f"{o.name}: rule on it at a table played under the laws (mode='laws')",
            t.code.cite(o.topic),
        )
    if any(x.then == key for other in offences_for(t.code).values() for x in other.options):
        raise TableError(
            f"{o.name}: the table puts this choice to the declarant when the law names",
            t.code.cite(o.topic),
        )
    if key in NAMED_BY_ACTION:
        raise TableError(
            f"{o.name} is named by the table when the call or card is made; make it",
            t.code.cite(o.topic),
        )
    if t.phase in ("penalty", "done", "claim"):
        raise TableError(f"{o.name} cannot be dealt with now", t.code.cite(o.topic))
    if key in ("two_cards", "winning_cards_exposed"):
        o = _cards_thrown(t, o, seat, key, c)
    if key == "trump_call_repeated":
        _verify_repeat(t, seat)
    declarer = t.declarer
    if o.declaring_who == "none" and declarer is not None and seat.side == declarer.side:
        raise TableError(
            f"{o.name} by the declarant's side incurs no penalty: {o.declaring_why}",
            t.code.cite(o.topic),
        )
    return o


def _verify_repeat(t: Table, seat: Seat) -> None:
    """AWL IV §6: a trump called from ``seat`` may be called again, "before the
    player from whom the call can be made has played to the current trick",
    "until the card is played"."""
    play = t.play
    law = t.code.cite("trump_penalty_when")
    if seat not in t.penalties.trump_calls or play is None:
        raise TableError(
            f"no trump has been called from {seat.name.title()}, or he has played it", law
        )
    if play.has_played(seat):
        raise TableError(f"{seat.name.title()} has played to the current trick", law)


def report(t: Table, seat: Seat, key: str, c: int | None = None) -> Irregularity:
    o = verify_report(t, seat, key, c)
    play = t.play
    rec = Irregularity(seat, key, c)
    t._log(rec)
    target = seat
    if key in ("attention_to_trick", "trump_named", "winning_cards_exposed"):
        target = seat.partner
    elif key == "dummy_suggestion" and play is not None and play.dummy is not None:
        target = play.dummy
    if o.decided == "side_wins_trick" and play is not None:
        defer(t, o, seat)  # AWL VI §5: as for a lead out of turn (VIII §1)
        return rec
    met: frozenset[str] = frozenset()
    if key == "trump_call_repeated":
        met = frozenset({f"called_{t.penalties.trump_calls[seat]}"})  # cannot be changed
    raise_offence(t, o, seat, card=c, target=target, met=met)
    return rec


def _cards_thrown(t: Table, o: Offence, seat: Seat, key: str, c: int | None) -> Offence:
    """A card ``c`` thrown with the one ``seat`` just played (daw 81C, Whist
    Club 72, Royalton 66), or after a winning card before his partner has
    played (daw 85, Whist Club 73, Royalton 68, AWL XI §6)."""
    play = t.play
    law = t.code.cite(o.topic)
    if play is None or t.phase != "play" or c is None or not play.hands[seat] >> c & 1:
        raise TableError(f"{seat.name.title()} has no such card to show now", law)
    if play.declarer is not None and seat.side == play.declarer.side:
        # daw 84, Whist Club 74, Royalton 69: the declarant's cards are not liable.
        return offence(t.code, "declarant_exposed")
    if key == "two_cards":
        last: Seat | None
        if play.trick:
            last = Seat((play.leader + len(play.trick) - 1) % 4)
        else:
            last = Seat((int(play.tricks[-1][0]) + 3) % 4) if play.tricks else None
        if last != seat:
            raise TableError(
                f"{seat.name.title()} did not play the last card; expose() the card", law
            )
        return o
    if not play.has_played(seat) or play.has_played(seat.partner):
        raise TableError(
            "the law applies to cards shown after his own card and before his partner plays",
            law,
        )
    mine = play.trick[(int(seat) - play.leader) % 4]
    higher = SUIT_MASKS[mine // 13] & ~((2 << mine) - 1)
    adversaries = play.hands[seat.left] | play.hands[seat.right]
    if (play.leader + trick_winner(play.trick, play.trump)) % 4 != int(
        seat
    ) or adversaries & higher:
        raise TableError(
            f"{card_str(mine)} is not a winning card against the adversaries; "
            "expose() the other card",
            law,
        )
    return o


def verify_ask_renounce(t: Table, asker: Seat, seat: Seat) -> bool:
    """Whether ``seat`` has a renounce in error to correct when ``asker`` asks;
    raise if the question cannot be put now."""
    play = t.play
    law = t.code.cite("renounce_question")
    if not t.laws or play is None or t.phase != "play":
        raise TableError(
            "a renounce can be asked about during the play at a table under the laws", law
        )
    if asker == seat:
        raise TableError("a player asks his partner or an adversary, not himself", law)
    if asker is play.dummy and ("dummy_asks" not in t.code.laws or seat != play.declarer):
        # Royalton 53: dummy takes no part but in questions of fact and the score.
        raise TableError(
            "dummy takes no part in the play; he may not ask", t.code.cite("dummy_rights")
        )
    r = t.penalties.open_renounce(seat)
    return r is not None and r.kind != "comply"
