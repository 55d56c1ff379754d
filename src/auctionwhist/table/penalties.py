"""The laws at work at a table: irregularities recorded, what they leave behind.

A table played under the laws (``mode="laws"``) lets a player do what he may do
at a real table; the state machines still decide what is lawful (``Auction``
names the irregular call, ``Play`` the renounce), and this module keeps what the
laws leave behind: the irregularity awaiting its ruling, debarred players,
cards liable to be called, calls upon a player's next card, cards played
before their turn, renounces until they are established, penalty points.
The irregularities reported or shown apart from a call or card are in
``irregularities``; the remedies are carried out in ``remedies``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..auction import Auction, IllegalCallError
from ..calls import Bid, Call, Other
from ..cards import SUIT_MASKS, Seat, card_str
from ..codes import RevokeLaw
from ..laws.offences import Offence, Option, offence, offences_for
from ..play import Play, trick_winner
from ..records import (
    CallMade,
    CardPlayed,
    IrregularCard,
)
from ..scoring import Revoke, ScoreItem
from .errors import TableError

if TYPE_CHECKING:
    from .table import Phase, Table

__all__ = ["Penalties", "Pending", "Renounce"]

# What lifts a debarment: an adversary's "bid" or "double", or "never" (daw
# 57-58, Whist Club 52, Royalton 38-39).
Until = Literal["bid", "double", "never"]


@dataclass(frozen=True, slots=True)
class Pending:
    """An irregularity before the table, awaiting the entitled player's choice."""

    offence: Offence
    seat: Seat  # the offender
    choosers: tuple[Seat, ...]  # who may choose; the first word is final (daw 109)
    call: Call | None = None
    card: int | None = None
    target: Seat | None = None  # who pays a highest/lowest/win/lose penalty
    # The options open now: the offence's own whose conditions hold (``Option.when``).
    options: tuple[Option, ...] = ()


@dataclass(slots=True)
class Renounce:
    """A card of another suit played while holding the suit led ("renounce"),
    from dummy ("dummy"), or against a lawful call ("comply")."""

    seat: Seat
    trick: int  # 0-based index of the trick
    card: int
    kind: Literal["renounce", "comply", "dummy"]
    established: bool = False
    # The calls upon him that the card discharged (require, lead_call, forbid):
    # put back if he corrects it, so that he plays again under them (daw 104).
    calls: tuple[tuple[str, int] | None, int | None, int | None] = (None, None, None)


@dataclass(slots=True)
class Penalties:
    """What the irregularities of one deal leave at the table."""

    pending: Pending | None = None
    resume: Phase = "auction"  # the phase to go back to once it is ruled on
    debarred: dict[Seat, Until] = field(default_factory=dict)
    liable: dict[Seat, set[int]] = field(default_factory=dict)  # cards liable to be called
    liable_asked: int = -1  # the card count at which the call of a liable card was decided
    require: dict[Seat, tuple[str, int]] = field(default_factory=dict)  # (option, arg)
    lead_call: dict[int, int] = field(default_factory=dict)  # side -> suit it must lead next
    forbid: dict[Seat, int] = field(default_factory=dict)  # leader -> suit he may not open
    early: dict[Seat, int] = field(default_factory=dict)  # cards played before their turn
    # AWL IV §6: the trump called from a player ("highest_trump" or "lowest_trump"),
    # which may be called again at each trick until he plays it.
    trump_calls: dict[Seat, str] = field(default_factory=dict)
    renounces: list[Renounce] = field(default_factory=list)
    points: list[ScoreItem] = field(default_factory=list)
    revoke_choice: Literal["points", "tricks"] = "tricks"
    void: str = ""  # why the deal is void (a new deal), with the law
    # side -> (offence, offender, tricks quitted then, card concerned): a right
    # put to the chooser when that side next wins a trick (``Offence.decided``,
    # AWL VIII §1), next has the lead (daw 89), or the partner wins (daw 85).
    deferred: dict[int, tuple[Offence, Seat, int, int | None]] = field(default_factory=dict)

    def lift_debarments(self, rec: CallMade) -> None:
        """An adversary's bid or double lifts a debarment (daw 57-58, Whist Club
        52, Royalton 38); Royalton 39's lasts the deal."""
        for s, until in list(self.debarred.items()):
            if s.side == rec.seat.side or until == "never":
                continue
            if (isinstance(rec.call, Bid) and until == "bid") or rec.call in (
                Other.DOUBLE,
                Other.REDOUBLE,
            ):
                del self.debarred[s]

    def make_liable(self, seat: Seat, cards: int | set[int]) -> None:
        self.liable.setdefault(seat, set()).update({cards} if isinstance(cards, int) else cards)

    def lawful_mask(self, play: Play, seat: Seat) -> int:
        """The cards ``seat`` may play now: the play's own (follow suit), narrowed
        by the laws' calls upon him (a card or suit called, highest or lowest, a
        suit forbidden)."""
        early = self.early.get(seat)
        if early is not None:
            return 1 << early
        follow = play.legal_mask(seat)
        req = self.require.get(seat)
        if req is not None:
            follow = _obey(req, follow, play.hands[seat], play) or follow
        if not play.trick:
            suit = self.lead_call.get(seat.side)
            if suit is not None and play.hands[seat] & SUIT_MASKS[suit]:
                follow &= SUIT_MASKS[suit]
            forbid = self.forbid.get(seat)
            if forbid is not None and follow & ~SUIT_MASKS[forbid]:
                follow &= ~SUIT_MASKS[forbid]
        return follow

    def face_up(self, play: Play) -> dict[Seat, int]:
        """The cards liable to be called that each seat still holds."""
        out: dict[Seat, int] = {}
        for seat, cards in self.liable.items():
            bits = sum(1 << c for c in cards) & play.hands[seat]
            if bits:
                out[seat] = bits
        return out

    def open_renounce(self, seat: Seat) -> Renounce | None:
        return next((r for r in self.renounces if r.seat == seat and not r.established), None)

    def revokes(self) -> tuple[Revoke, ...]:
        """The established revokes, a failure to comply with a lawful call
        included (daw 104); dummy's are no revokes (daw 77)."""
        return tuple(
            Revoke(r.seat, r.trick + 1)
            for r in self.renounces
            if r.established and r.kind != "dummy"
        )


def _obey(req: tuple[str, int], follow: int, hand: int, play: Play) -> int:
    """The cards among ``follow`` that comply with a lawful call ``req``; 0 when
    he cannot comply (then the call is paid: daw 94, Whist Club 81)."""
    key, arg = req
    trick = play.trick
    led = trick[0] // 13 if trick else -1
    if key == "call_card" or key == "play":
        return follow & (1 << arg)
    if key == "not_play":
        return follow & ~(1 << arg)
    if key == "highest_of_suit":
        # Royalton 73: a suit he is void of named, the penalty is paid.
        named = follow & SUIT_MASKS[arg]
        return 1 << (named.bit_length() - 1) if named else 0
    if key in ("highest", "lowest"):
        suit = hand & SUIT_MASKS[led] if led >= 0 else 0
        if not suit:
            return 0
        return 1 << (suit.bit_length() - 1) if key == "highest" else suit & -suit
    if key in ("highest_trump", "lowest_trump"):
        if play.trump < 0:
            return 0
        trumps = follow & SUIT_MASKS[play.trump]
        if not trumps:
            return 0
        return 1 << (trumps.bit_length() - 1) if key == "highest_trump" else trumps & -trumps
    if key in ("trump", "no_trump"):
        if led < 0 or hand & SUIT_MASKS[led] or play.trump < 0:
            return 0
        trumps = hand & SUIT_MASKS[play.trump]
        return trumps if key == "trump" else hand & ~trumps
    if key in ("win", "lose") and trick:
        best_now = trick_winner(trick, play.trump)
        winners = 0
        m = follow
        while m:
            low = m & -m
            c = low.bit_length() - 1
            if trick_winner([*trick, c], play.trump) == len(trick) and best_now >= 0:
                winners |= low
            m ^= low
        return winners if key == "win" else follow & ~winners
    return 0


# -- the offender's choosers and the irregularity raised ----------------------


def choosers(t: Table, o: Offence, seat: Seat) -> tuple[Seat, ...]:
    declarer = t.declarer
    play = t.play
    who = o.who
    if o.declaring_who is not None and declarer is not None and seat.side == declarer.side:
        who = o.declaring_who  # Royalton 42: dummy informs the declarer
    if who == "declarant" and declarer is not None:
        return (declarer,)
    if who == "rho":
        return (seat.right,)
    if who == "lha":
        return (seat.left,)
    if who == "leader_rho" and play is not None:
        # AWL VIII §1: the right of the one from whom the lead is called.
        leader = play.turn if play.turn.side == seat.side else seat
        return (leader.right,)
    if who == "last_to_play" and play is not None:
        # AWL XI §1: the offender's adversary who plays last to the trick.
        return (max((seat.left, seat.right), key=lambda s: (s - play.leader) % 4),)
    # Either adversary (and "declarant" where there is none, as in whist);
    # dummy takes no part (daw 74).
    out = tuple(s for s in (seat.left, seat.right) if play is None or s is not play.dummy)
    if who == "none":
        return out or (seat.left,)
    return out


def raise_offence(
    t: Table,
    o: Offence,
    seat: Seat,
    call: Call | None = None,
    card: int | None = None,
    target: Seat | None = None,
    met: frozenset[str] = frozenset(),
) -> None:
    """Put the irregularity before the table: it waits in phase "penalty".
    ``met`` names the conditions (``Option.when``) that hold."""
    pen = t.penalties
    options = tuple(x for x in o.options if not x.when or x.when in met)
    pen.pending = Pending(o, seat, choosers(t, o, seat), call, card, target, options)
    pen.resume = t.phase if t.phase != "penalty" else "play"
    t.phase = "penalty"


# -- calls in laws mode --------------------------------------------------------

# A code without a law of its own for a double out of turn treats it as any
# call out of turn.
_FALLBACK = {"double_out_of_turn": "call_out_of_turn"}


def call_offence(t: Table, auction: Auction, seat: Seat, call: Call) -> Offence | None:
    """The offence ``call`` by ``seat`` is, as the auction names it, or None if it
    is lawful; raise if the auction refuses it and the laws have no remedy."""
    if seat == auction.turn and call is not Other.PASS and seat in t.penalties.debarred:
        key = "debarred_call"
    else:
        try:
            auction.verify_call(call, seat)
            return None
        except IllegalCallError as e:
            if e.irregularity is None:
                raise
            key = e.irregularity
    if key not in offences_for(t.code):
        key = _FALLBACK.get(key, key)
    return offence(t.code, key)


# -- cards in laws mode --------------------------------------------------------


def verify_card(t: Table, seat: Seat, c: int) -> tuple[Offence | None, Seat | None]:
    """Raise unless ``seat`` may put ``c`` on the table now; for a card out of
    turn, the offence it is (None when the laws give no penalty) and who pays."""
    play = t.play
    assert play is not None
    if not 0 <= c < 52 or not play.hands[seat] >> c & 1 or t.penalties.early.get(seat) == c:
        raise TableError(f"{card_str(c)} is not in {seat.name.title()}'s hand")
    if seat == play.turn:
        return None, None
    early = t.penalties.early
    if not play.trick:
        declaring = play.declarer is not None and seat.side == play.declarer.side
        key = "declarant_lead_out_of_turn" if declaring else "lead_out_of_turn"
        if (
            seat == play.turn.partner
            and not declaring
            and "lead_in_partners_turn" in offences_for(t.code)
        ):
            key = "lead_in_partners_turn"  # AWL VIII §2
        return offence(t.code, key), None
    second = play.turn
    if len(play.trick) == 1 and seat == second.partner and second.left not in early:
        # The fourth hand before the second (daw 96, Whist Club 82, AWL IX §2).
        o = offence(t.code, "play_out_of_turn")
        declarer = play.declarer
        if o.declaring_who == "none" and declarer is not None and seat.side == declarer.side:
            # Whist Club 82, Royalton 73: "the fourth hand, not being dummy or
            # declarer": the declaring side's play before the second is no offence.
            return None, None
        return o, second
    if len(play.trick) == 1 and seat in (second.left, second.partner):
        # The third hand before the second: no penalty, and the fourth may
        # then play before the second too (daw 95, Whist Club 82, AWL IX §1).
        return None, None
    raise TableError(
        f"{seat.name.title()} cannot play before {play.turn.name.title()} here",
        t.code.cite("turn"),
    )


def play_card(
    t: Table, seat: Seat, c: int, o: Offence | None, target: Seat | None
) -> CardPlayed | IrregularCard:
    """``seat`` puts ``c`` on the table: in turn it is played (a renounce noted);
    out of turn it waits for his turn, and ``o`` is raised if it is an offence."""
    play = t.play
    assert play is not None
    if seat == play.turn:
        rec = lawful_card(t, c, seat)
        t._log(rec)
        settle(t)
        return rec
    irr = IrregularCard(seat, c)
    t._log(irr)
    if o is not None and o.decided == "side_wins_trick":
        # AWL VIII §1, §4: the card goes back, not liable; the suit is called
        # when the offender's side next wins a trick.
        defer(t, o, seat)
        return irr
    t.penalties.early[seat] = c
    if o is not None:
        met: frozenset[str] = frozenset()  # Royalton 73: the second hand void of the suit led
        if (
            target is not None
            and play.trick
            and not play.hands[target] & SUIT_MASKS[play.trick[0] // 13]
        ):
            met = frozenset({"second_hand_void"})
        raise_offence(t, o, seat, card=c, target=target, met=met)
    return irr


def defer(t: Table, o: Offence, seat: Seat, card: int | None = None) -> None:
    """Keep the right to ``o``'s penalty (for ``seat``'s offence, ``card`` the
    card concerned) until the moment ``o.decided`` names."""
    play = t.play
    assert play is not None
    t.penalties.deferred.setdefault(seat.side, (o, seat, len(play.tricks), card))


def lawful_card(t: Table, c: int, seat: Seat) -> CardPlayed:
    """Play a card in turn; note a renounce in error or a failure to comply
    with a lawful call (revokes once established: daw 100, 104)."""
    play = t.play
    pen = t.penalties
    assert play is not None
    kind: Literal["renounce", "comply", "dummy"] | None = None
    if play.is_renounce(c, seat):
        kind = "dummy" if seat is play.dummy else "renounce"
    elif not pen.lawful_mask(play, seat) >> c & 1 and seat is not play.dummy:
        kind = "comply"
    calls = (
        pen.require.get(seat),
        None if play.trick else pen.lead_call.get(seat.side),
        None if play.trick else pen.forbid.get(seat),
    )
    pen.require.pop(seat, None)
    called = pen.trump_calls.get(seat)
    if called is not None and play.trump >= 0:
        trumps = play.hands[seat] & SUIT_MASKS[play.trump]
        card = (
            trumps.bit_length() - 1
            if called == "highest_trump"
            else (trumps & -trumps).bit_length() - 1
        )
        if c == card:
            del pen.trump_calls[seat]  # AWL IV §6: the card called is played
    if not play.trick:
        pen.forbid.pop(seat, None)  # a lead he may not open binds his next lead only
        pen.lead_call.pop(seat.side, None)
    if seat in pen.liable:
        pen.liable[seat].discard(c)
        if not pen.liable[seat]:
            del pen.liable[seat]
    if kind is not None:
        pen.renounces.append(Renounce(seat, len(play.tricks), c, kind, calls=calls))
    rec = play.play(c, renounce=True)
    if not play.trick:
        for side, right in list(pen.deferred.items()):
            if right[0].decided == "partner_wins" and play.winners[-1] != right[1].partner:
                # daw 85: the partner did not win the trick; the cards stay liable (law 80).
                del pen.deferred[side]
    return rec


def settle(t: Table) -> None:
    """After a card: play the cards already played out of turn, establish
    renounces, ask about liable cards, and close the deal."""
    play = t.play
    pen = t.penalties
    assert play is not None
    while t.phase == "play" and play.turn in pen.early and not play.is_over:
        seat = play.turn
        lawful_card(t, pen.early.pop(seat), seat)
    # A renounce is established once the trick is quitted: a card of a later
    # trick played (daw 100, Whist Club 85, Royalton 76, AWL X §1).
    current = len(play.tricks) if play.trick else len(play.tricks) - 1
    for r in pen.renounces:
        if not r.established and (r.trick < current or play.is_over):
            r.established = True
    if play.is_over:
        finish(t)
        return
    seat = play.turn
    right = pen.deferred.get(seat.side)
    if (
        right is not None
        and not play.trick
        and (right[0].decided == "side_to_lead" or len(play.tricks) > right[2])
    ):
        # AWL VIII §1: the offender's side has won a trick; before it is
        # quitted the adversary on the new leader's right calls a suit or not.
        # daw 89: the offender's side is to lead; the declarant calls a suit.
        # daw 85: the partner has won the trick; the declarant chooses again.
        del pen.deferred[seat.side]
        offender = right[1]
        raise_offence(t, right[0], offender, card=right[3], target=offender.partner)
        return
    if (
        pen.liable.get(seat)
        and t.phase == "play"
        and pen.liable_asked != play.played
        and seat not in pen.require
    ):
        # daw 107: he must wait until the adversaries say whether they call it.
        pen.liable_asked = play.played
        raise_offence(t, offence(t.code, "exposed_card"), seat, target=seat)


def settle_liable(t: Table, seat: Seat) -> None:
    play = t.play
    if play is not None and play.turn == seat and t.phase == "play":
        t.penalties.liable_asked = -1
        settle(t)


def finish(t: Table) -> None:
    """The play is over (or claimed): every renounce is now established; an
    adversary's revoke leaves the declarant his choice (daw 101B), a single
    one only under Royalton 77c."""
    pen = t.penalties
    for r in pen.renounces:
        r.established = True
    t.phase = "done"
    declarer = t.declarer
    rv = offences_for(t.code).get("revoke")
    law = t.code.revoke
    theirs = sum(1 for r in pen.revokes() if declarer is not None and r.seat.side != declarer.side)
    if (
        declarer is not None
        and rv is not None
        and any(o.key == "revoke_points" for o in rv.options)
        and isinstance(law, RevokeLaw)
        and law.has_choice(theirs)
    ):
        first = next(r for r in pen.renounces if r.seat.side != declarer.side)
        raise_offence(t, rv, first.seat)
