"""Claims and concessions (daw 86-88, Whist Club 74, Royalton 69, AWL VII §2).

A player claims some or all of the tricks still to play; the adversaries
accept or dispute it (dummy takes no part). Disputed, the play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import Seat
from ..laws.offences import offences_for
from ..play import Play
from ..records import ClaimAnswered, Claimed
from . import penalties
from .errors import TableError

if TYPE_CHECKING:
    from .table import Table

__all__ = ["Claims", "answer", "claim", "verify_answer", "verify_claim"]


@dataclass(slots=True)
class Claims:
    claim: Claimed | None = None  # the claim made, while it stands
    answering: list[Seat] = field(default_factory=list)  # who has still to answer it
    result: int | None = None  # tricks for the claimant's side, once accepted
    # The count of cards played when the adversaries disputed the declarant's
    # claim: cards they expose thereupon, before the next is played, are not
    # liable (daw 87, Whist Club 74, Royalton 69).
    free_exposure: int = -1


def verify_claim(t: Table, seat: Seat, tricks: int) -> Play:
    play = t.play
    if t.phase != "play" or play is None:
        raise TableError("a claim is made during the play", t.code.cite("claim"))
    if seat is play.dummy:
        raise TableError("dummy takes no part in the play", t.code.cite("dummy"))
    left = 13 - len(play.tricks)
    if not 0 <= tricks <= left:
        raise TableError(f"{tricks} tricks claimed, but {left} remain", t.code.cite("claim"))
    return play


def claim(t: Table, seat: Seat, tricks: int) -> Claimed:
    play = verify_claim(t, seat, tricks)
    rec = Claimed(seat, tricks)
    t._log(rec)
    t._claims.claim = rec
    if t.laws and (play.declarer is None or seat.side != play.declarer.side):
        # daw 86, AWL VII §2: the claimant's partner lays his cards face up,
        # liable to be called.
        o = offences_for(t.code).get("claim_by_adversary")
        if o is not None and o.options[0].key == "partner_exposed":
            hand = play.hands[seat.partner]
            t.penalties.liable[seat.partner] = {c for c in range(52) if hand >> c & 1}
    # The other side concedes or disputes it; dummy takes no part.
    t._claims.answering = [s for s in (seat.left, seat.right) if s is not play.dummy]
    t.phase = "claim"
    return rec


def verify_answer(t: Table, seat: Seat) -> Claimed:
    c = t._claims.claim
    if t.phase != "claim" or c is None:
        raise TableError("there is no claim to answer", t.code.cite("claim"))
    if seat not in t._claims.answering:
        raise TableError(f"{seat.name.title()} does not answer this claim", t.code.cite("claim"))
    return c


def answer(t: Table, seat: Seat, accepted: bool) -> ClaimAnswered:
    c = verify_answer(t, seat)
    rec = ClaimAnswered(seat, accepted)
    t._log(rec)
    state = t._claims
    if not accepted:
        # Disputed: play goes on.
        state.claim, state.answering, t.phase = None, [], "play"
        play = t.play
        if play is not None and play.declarer is not None and c.seat.side == play.declarer.side:
            state.free_exposure = play.played
        if t.laws:
            t.penalties.liable_asked = -1
            penalties.settle(t)
        return rec
    state.answering.remove(seat)
    if not state.answering:
        state.result = c.tricks
        t.phase = "done"
        if t.laws:
            penalties.finish(t)
    return rec
