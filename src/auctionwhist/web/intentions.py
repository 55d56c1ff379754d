"""A person's intention, from a seat's message to the table's action.

The message's shape is checked here (400 ``malformed``, ``bad_call``,
``bad_card``); whether the laws allow it is the table's to say (409, with
the law it cites).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..calls import Call, parse_call
from ..cards import Seat, card_from_str
from ..errors import WhistError
from ..records import (
    Action,
    Bridged,
    CallMade,
    CardExposed,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    IrregularCall,
    IrregularCard,
    Irregularity,
    LeadCalled,
    RenounceCorrected,
    Ruling,
)
from ..table import Table
from .live import WebError
from .views import SEATS, renounced

__all__ = [
    "action",
    "apply",
    "ask_renounce",
    "error_code",
    "parse_call_text",
    "parse_card",
    "parse_seat",
]

T = TypeVar("T")


def _read(what: str, text: object, fits: bool, example: str, read: Callable[[str], T]) -> T:
    """``read(text)``; else a 400 naming ``what`` with an example when the
    text is not of the shape, or with the reader's reason."""
    if not isinstance(text, str) or not fits:
        raise WebError(400, f"bad_{what}", f"{what}: {example}")
    try:
        return read(text)
    except WhistError as e:  # CallError, DealError: not a call, not a card
        raise WebError(400, f"bad_{what}", f"{what}: {e}") from None


def parse_call_text(text: object) -> Call:
    fits = isinstance(text, str) and len(text) <= 8
    return _read("call", text, fits, 'a call such as "1H", "pass", "X", "no bid"', parse_call)


def parse_card(text: object) -> int:
    fits = isinstance(text, str) and len(text) == 2
    return _read("card", text, fits, 'a card such as "SA" or "HT"', card_from_str)


def parse_seat(text: object) -> Seat:
    if not isinstance(text, str) or text not in SEATS or len(text) != 1:
        raise WebError(400, "malformed", "seat: N, E, S or W")
    return Seat.from_char(text)


def _holder(t: Table, seat: Seat, card: int) -> Seat:
    """Whose card ``seat`` acts on: dummy's when ``seat`` is the declarant and
    the card is in dummy's hand (he plays both hands), else his own."""
    play = t.play
    if play is None or play.dummy is None or seat != play.declarer:
        return seat
    if play.hands[play.dummy] >> card & 1 or _renounced_by(t, play.dummy, card):
        return play.dummy
    return seat


def _renounced_by(t: Table, seat: Seat, card: int) -> bool:
    r = t.penalties.open_renounce(seat)
    return r is not None and r.card == card


def _turn_msg(t: Table, seat: Seat) -> str:
    who = t.to_act
    law = t.code.cite("turn")
    if who is None:
        return f"{law}: nobody is to act now"
    return f"{law}: it is not {seat.name.title()}'s turn; {who.name.title()} is to act"


def error_code(t: Table, seat: Seat, kind: str) -> str:
    """The short code of a refusal by the table: out of turn, or illegal."""
    if kind in ("call", "play", "bridge", "call_lead") and t.to_act != seat:
        return "out_of_turn"
    return "illegal"


def apply(t: Table, seat: Seat, kind: str, msg: dict[str, Any], laws: bool) -> None:
    """Carry out ``seat``'s message of type ``kind`` at the table; ``laws``:
    an action out of turn is recorded as the irregularity it is."""
    if kind == "ask_renounce":
        ask_renounce(t, seat, msg, laws)
        return
    t.act(action(t, seat, kind, msg, laws))


def ask_renounce(t: Table, seat: Seat, msg: dict[str, Any], laws: bool) -> RenounceCorrected | None:
    """``seat`` asks another ("seat", his partner unless named) whether he has
    none of the suit he has just failed to follow (daw 102, Whist Club 87,
    AWL X §2): the table answers from the hand, a renounce in error corrected
    (daw 103) and its record returned; None when he has none."""
    asked = seat.partner if msg.get("seat") is None else parse_seat(msg.get("seat"))
    if not laws:
        raise WebError(
            409, "not_now", "ask_renounce: irregularities are ruled on in laws mode only"
        )
    if "renounce_question" not in t.code.all_laws:
        # Royalton's laws (76-79) give no such question: the renouncer corrects it or not.
        raise WebError(
            409, "illegal", f"{t.code.title} has no law for asking whether a player has none"
        )
    law = t.code.cite("renounce_question")
    if t.phase != "play" or not renounced(t, asked):
        who = asked.name.title()
        raise WebError(
            409, "illegal",
            f"{law}: {who} has not failed to follow suit in this trick; there is nothing to ask",
        )  # fmt: skip
    return t.ask_renounce(seat, asked)


def action(t: Table, seat: Seat, kind: str, msg: dict[str, Any], laws: bool) -> Action:
    """The action ``seat``'s message of type ``kind`` asks for, as data."""
    phase = t.phase
    mine = t.to_act == seat
    if kind == "call":
        call = parse_call_text(msg.get("call"))
        if phase != "auction":
            raise WebError(409, "not_now", "the auction is over")
        if not mine and not laws:
            raise WebError(409, "out_of_turn", _turn_msg(t, seat))
        return CallMade(seat, call) if mine else IrregularCall(seat, call)
    elif kind == "play":
        card = parse_card(msg.get("card"))
        play = t.play
        if phase != "play" or play is None:
            raise WebError(409, "not_now", "no card is to be played now")
        if mine and (not laws or play.hands[play.turn] >> card & 1):
            return CardPlayed(play.turn, card)  # dummy's card is dummy's
        elif laws:
            # A card put on the table by a hand not to play (or, in turn, a
            # card of the other hand): the declarant's from dummy's is dummy's.
            return IrregularCard(_holder(t, seat, card), card)
        else:
            raise WebError(409, "out_of_turn", _turn_msg(t, seat))
    elif kind in ("expose", "correct_renounce"):
        card = parse_card(msg.get("card"))
        if not laws:
            raise WebError(409, "not_now", f"{kind}: irregularities are ruled on in laws mode only")
        if kind == "expose":
            return CardExposed(seat, card)
        return RenounceCorrected(_holder(t, seat, card), card)
    elif kind == "claim":
        tricks = msg.get("tricks")
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise WebError(400, "malformed", "claim: tricks must be a whole number")
        return Claimed(seat, tricks)
    elif kind == "answer_claim":
        accept = msg.get("accept")
        if not isinstance(accept, bool):
            raise WebError(400, "malformed", "answer_claim: accept must be true or false")
        return ClaimAnswered(seat, accept)
    elif kind in ("bridge", "call_lead"):
        if not mine:
            raise WebError(409, "out_of_turn", _turn_msg(t, seat))
        return Bridged(seat) if kind == "bridge" else LeadCalled(seat)
    elif kind == "rule":
        option, arg = msg.get("option"), msg.get("arg", "")
        if not isinstance(option, str) or not isinstance(arg, str) or len(arg) > 8:
            raise WebError(400, "malformed", "rule: option and arg must be short strings")
        p = t.pending
        return Ruling(seat, "" if p is None else p.offence.key, option, arg)
    elif kind == "report":
        # Any player may call attention to an irregularity, his own or
        # another's: he names the offence and the offender (himself by default).
        offence, named, offender = msg.get("offence"), msg.get("card"), msg.get("offender")
        if not isinstance(offence, str) or len(offence) > 40:
            raise WebError(400, "malformed", "report: offence must be an offence's key")
        who = seat if offender is None else parse_seat(offender)
        if not laws:
            raise WebError(409, "not_now", "irregularities are ruled on in laws mode only")
        return Irregularity(who, offence, None if named is None else parse_card(named))
    else:
        raise WebError(400, "malformed", f"unknown message type {kind!r}")
