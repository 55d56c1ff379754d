"""One deal at a table: its event log and the state derived from it.

The log is the record of truth (STYLE: "a deal at a table is an event log").
Every action appends one frozen record; ``Table.from_events`` replays a log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from .auction import Auction, IllegalCallError
from .calls import Bid, Call, Contract, Other
from .cards import Deal, Seat, Suit, card_from_str, card_str, card_suit
from .codes import Code, find_code
from .errors import LawError
from .laws.offences import LawsError, Offence, offence, offences_for
from .play import Play
from .records import (
    Bridged,
    CallMade,
    CardExposed,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    Dealt,
    Event,
    IrregularCall,
    IrregularCard,
    Irregularity,
    LeadCalled,
    RenounceCorrected,
    Ruling,
    TableMode,
    TrumpDeclared,
)
from .scoring import DealResult, DealScore, Holdings, Revoke, ScoreItem, score_deal

__all__ = ["Mode", "Pending", "Phase", "Table", "TableError"]

# "penalty": an irregularity awaits the decision of the player the law entitles.
Phase = Literal["auction", "bridging", "play", "claim", "penalty", "done"]
Mode = Literal["enforce", "laws"]
_SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


class TableError(LawError):
    """An action the table does not allow now, with the law where there is one."""


@dataclass(frozen=True, slots=True)
class Pending:
    """An irregularity before the table, awaiting the entitled player's choice."""

    offence: Offence
    seat: Seat  # the offender
    choosers: tuple[Seat, ...]  # who may choose; the first word is final (daw 109)
    call: Call | None = None
    card: int | None = None
    target: Seat | None = None  # who pays a highest/lowest/win/lose penalty


@dataclass(slots=True)
class _Renounce:
    seat: Seat
    trick: int  # 0-based index of the trick
    card: int
    kind: Literal["renounce", "comply", "dummy"]
    established: bool = False


class Table:
    """A deal at a table under one code, from the deal to the score.

    ``mode="enforce"`` (the default) refuses an illegal call or card with the law
    cited. ``mode="laws"`` lets a player do what he may do at a real table (call
    out of turn, bid insufficiently, renounce in error, lead out of turn, expose a
    card...) and the laws take their course: the table names the offence, waits in
    phase ``"penalty"`` for the entitled player's ``rule()``, and carries it out.
    """

    __slots__ = (
        "_claim",
        "_claim_result",
        "_debarred",
        "_early",
        "_events",
        "_forbid",
        "_forbid_if_wins",
        "_lead_call",
        "_liable",
        "_liable_asked",
        "_offence",
        "_penalties",
        "_pending",
        "_renounces",
        "_require",
        "_resume_phase",
        "_revoke_choice",
        "_void",
        "auction",
        "code",
        "deal",
        "laws",
        "phase",
        "play",
        "trump_declared",
    )

    def __init__(
        self, code: Code | str, deal: Deal, mode: Mode = "enforce", trump: Suit | None = None
    ) -> None:
        self.code = find_code(code)
        self.deal = deal
        if mode not in ("enforce", "laws"):
            raise TableError(f"no such mode {mode!r}: enforce or laws")
        self.laws = mode == "laws"
        self._events: list[Event] = [Dealt(deal, self.code.key)]
        self.trump_declared = trump
        if trump is not None:
            if self.code.auction:
                raise TableError("the auction names the trump", self.code.cite("opening"))
            if deal.turned is not None:
                raise TableError(
                    "a trump is declared only when no card is turned",
                    self.code.cite("declared_trump"),
                )
            self._events.append(TrumpDeclared(trump))
        if self.laws:
            self._events.append(TableMode(mode))
        self._offence: Pending | None = None
        self._debarred: dict[Seat, str] = {}  # seat -> what lifts it: "bid", "double", "never"
        self._liable: dict[Seat, set[int]] = {}  # cards liable to be called
        self._liable_asked = -1  # the card count at which the call of a liable card was decided
        self._require: dict[Seat, tuple[str, int]] = {}  # seat -> (option, arg) for his next card
        self._lead_call: dict[int, int] = {}  # side -> suit it must lead next time it leads
        self._forbid: dict[Seat, int] = {}  # leader -> suit he may not open (daw 79)
        self._forbid_if_wins: dict[Seat, int] = {}  # daw 85: forbidden if he wins this trick
        self._early: dict[Seat, int] = {}  # cards played before their turn, waiting for it
        self._renounces: list[_Renounce] = []
        self._penalties: list[ScoreItem] = []
        self._revoke_choice: Literal["points", "tricks"] = "tricks"
        self._void = ""  # why the deal is void (a new deal), with the law
        self._resume_phase: Phase = "auction"
        self.auction: Auction | None = None
        self.play: Play | None = None
        self._claim: Claimed | None = None
        self._pending: list[Seat] = []  # who has still to answer a claim
        self._claim_result: int | None = None  # tricks for the claimant's side, once accepted
        if self.code.auction:
            self.auction = Auction(self.code, deal.dealer)
            self.phase: Phase = "auction"
        else:
            # Duplicate Whist: the turned card is trump, or the suit declared by
            # consent (AWL IV §11); the dealer's left hand leads (III §1; SPEC §2.2.9).
            if trump is None and deal.turned is None:
                raise TableError(
                    "a Duplicate Whist deal needs its turned trump (or a trump declared "
                    f"by consent, {self.code.cite('declared_trump')})",
                    self.code.cite("trump"),
                )
            suit = trump if trump is not None else card_suit(deal.turned or 0)
            self._start_play(deal.dealer.left, suit, None)

    # -- the log ---------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @classmethod
    def from_events(cls, events: Iterable[Event]) -> Table:
        it = iter(events)
        first = next(it, None)
        if not isinstance(first, Dealt):
            raise TableError("an event log starts with the deal")
        rest = list(it)
        trump = None
        if rest and isinstance(rest[0], TrumpDeclared):
            trump = rest[0].suit
            rest = rest[1:]
        laws = bool(rest) and isinstance(rest[0], TableMode)
        table = cls(first.code, first.deal, "laws" if laws else "enforce", trump)
        for ev in rest[1:] if laws else rest:
            table.apply(ev)
        return table

    def apply(self, ev: Event) -> None:
        """Replay one record, checking that its seat is the one to act."""
        if isinstance(ev, CallMade):
            self._expect(ev.seat)
            self.call(ev.call)
        elif isinstance(ev, CardPlayed):
            if self.play is None or ev.seat != self.play.turn:
                raise TableError(f"{ev.seat.name.title()} is not the hand to play")
            self.play_card(ev.card)
        elif isinstance(ev, Bridged):
            self._expect(ev.seat)
            self.bridge()
        elif isinstance(ev, LeadCalled):
            self._expect(ev.seat)
            self.call_lead()
        elif isinstance(ev, Claimed):
            self.claim(ev.seat, ev.tricks)
        elif isinstance(ev, ClaimAnswered):
            self.answer_claim(ev.seat, ev.accepted)
        elif isinstance(ev, IrregularCall):
            self.call(ev.call, seat=ev.seat)
        elif isinstance(ev, IrregularCard):
            self.play_card(ev.card, seat=ev.seat)
        elif isinstance(ev, CardExposed):
            self.expose(ev.seat, ev.card)
        elif isinstance(ev, RenounceCorrected):
            self.correct_renounce(ev.seat)
        elif isinstance(ev, Irregularity):
            self.report(ev.seat, ev.offence, ev.card)
        elif isinstance(ev, Ruling):
            self.rule(ev.seat, ev.option, ev.arg)
        else:
            raise TableError(f"a deal has one Dealt record; found {ev!r} later")

    def _expect(self, seat: Seat) -> None:
        if seat != self.to_act:
            raise TableError(f"it is not {seat.name.title()}'s turn", self.code.cite("turn"))

    # -- who acts ----------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        """The seat whose action the table waits for (the declarer for dummy)."""
        if self.phase == "auction":
            assert self.auction is not None
            return self.auction.turn
        if self.phase == "bridging":
            return self.declarer
        if self.phase == "play":
            assert self.play is not None
            return self.play.actor
        if self.phase == "claim":
            return self._pending[0]
        if self.phase == "penalty":
            assert self._offence is not None
            return self._offence.choosers[0]
        return None

    @property
    def trump_suit(self) -> Suit | None:
        """Duplicate Whist's trump: declared by consent (AWL IV §11) or turned."""
        if self.trump_declared is not None:
            return self.trump_declared
        return None if self.deal.turned is None else card_suit(self.deal.turned)

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract if self.auction is not None else None

    @property
    def declarer(self) -> Seat | None:
        """The player of the combined hands (after a bridged nullo, the partner)."""
        if self.play is not None:
            return self.play.declarer
        return self.auction.declarer if self.auction is not None else None

    # -- the auction -------------------------------------------------------------

    def legal_calls(self) -> list[Call]:
        if self.phase != "auction" or self.auction is None:
            return []
        if self._debarred and self.auction.turn in self._debarred:
            return [Other.PASS]  # daw 57-58, Whist Club 52, Royalton 38-39
        return self.auction.legal_calls()

    def call(self, call: Call, seat: Seat | None = None) -> CallMade | IrregularCall:
        """Make ``call`` for the player whose turn it is (or for ``seat``: in laws
        mode any player may call, and an irregular call awaits its ruling)."""
        auction = self.auction
        if self.phase != "auction" or auction is None:
            raise TableError("the auction is over", self.code.cite("three_passes"))
        seat = auction.turn if seat is None else seat
        key = self._call_offence(seat, call)
        if key is None:
            rec = auction.call(call)
            self._events.append(rec)
            self._after_call(rec)
            return rec
        o = offence(self.code, key)
        if not self.laws:
            raise TableError(f"{seat.name.title()}: {o.name}", self.code.cite(o.topic))
        irr = IrregularCall(seat, call)
        self._events.append(irr)
        self._raise(o, seat, call=call)
        return irr

    def _call_offence(self, seat: Seat, call: Call) -> str | None:
        """The offence ``call`` by ``seat`` would be, or None if it is regular;
        an illegal call the laws give no remedy for raises at once."""
        auction = self.auction
        assert auction is not None
        if seat != auction.turn:
            if call is Other.PASS:
                return "pass_out_of_turn"
            # Whist Club 58, Royalton 48: a double out of turn has its own law.
            if call in (Other.DOUBLE, Other.REDOUBLE) and "double_out_of_turn" in offences_for(
                self.code
            ):
                return "double_out_of_turn"
            return "call_out_of_turn"
        if call is not Other.PASS and seat in self._debarred:
            return "debarred_call"
        try:
            auction.verify_call(call)
        except IllegalCallError:
            if isinstance(call, Bid):
                if call.level > 7:
                    return "impossible_bid"
                if (
                    auction.bid is not None
                    and call.level >= 1
                    and call.denomination in self.code.trick_values
                    and self.code.bid_rank(call) <= self.code.bid_rank(auction.bid)
                ):
                    return "insufficient_bid"
            elif auction.bidder is not None and auction.doubled:
                if auction.doubled == 2 or (call is Other.DOUBLE):
                    return "redouble_twice"
                if call is Other.REDOUBLE and auction.bidder.side != seat.side:
                    return "double_partner"
            elif call is Other.DOUBLE and auction.bidder is not None:
                return "double_partner"
            raise
        return None

    def _after_call(self, rec: CallMade) -> None:
        auction = self.auction
        assert auction is not None
        if self._debarred:
            # An adversary's bid or double lifts a debarment (daw 57-58, Whist
            # Club 52, Royalton 38); Royalton 39's lasts the deal.
            for s, until in list(self._debarred.items()):
                if s.side == rec.seat.side or until == "never":
                    continue
                if (isinstance(rec.call, Bid) and until == "bid") or rec.call in (
                    Other.DOUBLE,
                    Other.REDOUBLE,
                ):
                    del self._debarred[s]
        if auction.is_over:
            self._close_auction()

    def _close_auction(self) -> None:
        assert self.auction is not None
        contract, declarer = self.auction.contract, self.auction.declarer
        if contract is None or declarer is None:
            self.phase = "done"  # Royalton: nobody bid (SPEC §2.2.4)
        elif self.code.bridging and contract.denom.nullo:
            self.phase = "bridging"  # Royalton law 34
        else:
            self._start_play(declarer.left, contract.denom.trump, declarer)

    def _start_play(self, leader: Seat, trump: Suit | None, declarer: Seat | None) -> None:
        self.play = Play(self.code, self.deal.hands, leader, trump, declarer)
        self.phase = "play"

    # -- Royalton's bridging of a nullo (law 34, law 49) ----------------------

    def bridge(self) -> Bridged:
        """The declarant passes the play of a nullo to his partner and becomes dummy;
        the partner's left-hand adversary leads."""
        declarer = self._bridging_declarer()
        rec = Bridged(declarer)
        self._events.append(rec)
        self._start_play(declarer.partner.left, None, declarer.partner)
        return rec

    def call_lead(self) -> LeadCalled:
        """The declarant keeps the play and calls the lead from his left."""
        declarer = self._bridging_declarer()
        rec = LeadCalled(declarer)
        self._events.append(rec)
        self._start_play(declarer.left, None, declarer)
        return rec

    def _bridging_declarer(self) -> Seat:
        if self.phase != "bridging" or self.auction is None or self.auction.declarer is None:
            raise TableError(
                "bridging is open only to the declarant of a nullo before the lead",
                self.code.cite("bridging"),
            )
        return self.auction.declarer

    # -- the play ----------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        if self.phase != "play" or self.play is None:
            return []
        if not self.laws:
            return self.play.legal_cards()
        mask = self._lawful_mask(self.play.turn)
        return [c for c in range(52) if mask >> c & 1]

    def play_card(self, c: int, seat: Seat | None = None) -> CardPlayed | IrregularCard:
        """Play ``c`` from the hand whose turn it is (in laws mode, from ``seat``'s
        hand: out of turn, or renouncing in error, as at a real table)."""
        play = self.play
        if self.phase != "play" or play is None:
            raise TableError(
                "no card may be played now"
                if self.phase not in ("claim", "penalty")
                else "a claim awaits its answer"
                if self.phase == "claim"
                else "an irregularity awaits its ruling",
                self.code.cite("turn" if self.phase != "penalty" else "penalty_decision"),
            )
        if not self.laws:
            if seat is not None and seat != play.turn:
                topic = "lead_out_of_turn" if not play.trick else "play_out_of_turn"
                raise TableError(
                    f"it is {play.turn.name.title()}'s turn to play, not {seat.name.title()}'s",
                    self.code.cite(topic),
                )
            rec = play.play(c)
            self._events.append(rec)
            if play.is_over:
                self.phase = "done"
            return rec
        return self._laws_play(c, play.turn if seat is None else seat)

    # -- laws mode: cards ---------------------------------------------------------

    def _laws_play(self, c: int, seat: Seat) -> CardPlayed | IrregularCard:
        play = self.play
        assert play is not None
        if not 0 <= c < 52 or not play.hands[seat] >> c & 1 or self._early.get(seat) == c:
            raise TableError(f"{card_str(c)} is not in {seat.name.title()}'s hand")
        if seat != play.turn:
            return self._out_of_turn(c, seat)
        rec = self._lawful_card(c, seat)
        self._events.append(rec)
        self._settle()
        return rec

    def _lawful_card(self, c: int, seat: Seat) -> CardPlayed:
        """Play a card in turn; note a renounce in error or a failure to comply
        with a lawful call (revokes once established: daw 100, 104)."""
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        kind: Literal["renounce", "comply", "dummy"] | None = None
        if (
            play.trick
            and c // 13 != play.trick[0] // 13
            and hand & _SUIT_MASKS[play.trick[0] // 13]
        ):
            kind = "dummy" if seat is play.dummy else "renounce"
        lawful = self._lawful_mask(seat)
        if kind is None and not lawful >> c & 1 and seat is not play.dummy:
            kind = "comply"
        self._require.pop(seat, None)
        if not play.trick:
            self._forbid.pop(seat, None)  # a lead he may not open binds his next lead only
            self._lead_call.pop(seat.side, None)
        if seat in self._liable:
            self._liable[seat].discard(c)
            if not self._liable[seat]:
                del self._liable[seat]
        if kind is not None:
            self._renounces.append(_Renounce(seat, len(play.tricks), c, kind))
        rec = play._apply(c)
        if self._forbid_if_wins and not play.trick:
            # daw 85: having won the trick, he may not lead that suit.
            for s, suit in self._forbid_if_wins.items():
                if play.winners[-1] == s:
                    self._forbid[s] = suit
            self._forbid_if_wins.clear()
        return rec

    def _has_played(self, seat: Seat) -> bool:
        """Whether ``seat`` has played to the trick in progress."""
        play = self.play
        assert play is not None
        return (int(seat) - play.leader) % 4 < len(play.trick)

    def _lawful_mask(self, seat: Seat) -> int:
        """The cards ``seat`` may play now, the laws' calls upon him included."""
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        early = self._early.get(seat)
        if early is not None:
            return 1 << early
        follow = hand
        if play.trick:
            led = play.trick[0] // 13
            follow = hand & _SUIT_MASKS[led] or hand
        req = self._require.get(seat)
        if req is not None:
            follow = _obey(req, follow, hand, play) or follow
        if not play.trick:
            suit = self._lead_call.get(seat.side)
            if suit is not None and hand & _SUIT_MASKS[suit]:
                follow &= _SUIT_MASKS[suit]
            forbid = self._forbid.get(seat)
            if forbid is not None and follow & ~_SUIT_MASKS[forbid]:
                follow &= ~_SUIT_MASKS[forbid]
        return follow

    def _out_of_turn(self, c: int, seat: Seat) -> IrregularCard:
        play = self.play
        assert play is not None
        rec = IrregularCard(seat, c)
        if not play.trick:
            declaring = play.declarer is not None and seat.side == play.declarer.side
            key = "declarant_lead_out_of_turn" if declaring else "lead_out_of_turn"
            if (
                seat == play.turn.partner
                and not declaring
                and "lead_in_partners_turn" in offences_for(self.code)
            ):
                key = "lead_in_partners_turn"  # AWL VIII §2
            o = offence(self.code, key)
            self._events.append(rec)
            self._early[seat] = c
            self._raise(o, seat, card=c)
            return rec
        second = play.turn
        if len(play.trick) == 1 and seat == second.partner and second.left not in self._early:
            # The fourth hand before the second (daw 96, Whist Club 82, AWL IX §2).
            o = offence(self.code, "play_out_of_turn")
            self._events.append(rec)
            self._early[seat] = c
            self._raise(o, seat, card=c, target=second)
            return rec
        if len(play.trick) == 1 and seat in (second.left, second.partner):
            # The third hand before the second: no penalty, and the fourth may
            # then play before the second too (daw 95, Whist Club 82, AWL IX §1).
            self._events.append(rec)
            self._early[seat] = c
            return rec
        raise TableError(
            f"{seat.name.title()} cannot play before {play.turn.name.title()} here",
            self.code.cite("turn"),
        )

    def _settle(self) -> None:
        """After a card: play the cards already played out of turn, establish
        renounces, ask about liable cards, and close the deal."""
        play = self.play
        assert play is not None
        while self.phase == "play" and play.turn in self._early and not play.is_over:
            seat = play.turn
            c = self._early.pop(seat)
            self._lawful_card(c, seat)
        # A renounce is established once the trick is quitted: a card of a later
        # trick played (daw 100, Whist Club 85, Royalton 76, AWL X §1).
        current = len(play.tricks) if play.trick else len(play.tricks) - 1
        for r in self._renounces:
            if not r.established and (r.trick < current or play.is_over):
                r.established = True
        if play.is_over:
            self._finish()
            return
        seat = play.turn
        liable = self._liable.get(seat)
        if (
            liable
            and self.phase == "play"
            and self._liable_asked != play.played
            and seat not in self._require
        ):
            # daw 107: he must wait until the adversaries say whether they call it.
            self._liable_asked = play.played
            self._raise(offence(self.code, "exposed_card"), seat, target=seat)

    def expose(self, seat: Seat, c: int) -> CardExposed:
        """``seat`` exposes ``c``: drops it face up, shows it, names it (laws mode)."""
        if not self.laws:
            raise TableError(
                "a card is exposed only at a table played under the laws (mode='laws')",
                self.code.cite("exposed"),
            )
        if not self.deal.hands[seat] >> c & 1:
            raise TableError(f"{card_str(c)} is not in {seat.name.title()}'s hand")
        play = self.play
        if self.phase == "auction":
            rec = CardExposed(seat, c)
            self._events.append(rec)
            self._raise(offence(self.code, "exposed_in_auction"), seat, card=c)
            return rec
        if self.phase != "play" or play is None or not play.hands[seat] >> c & 1:
            raise TableError(f"{card_str(c)} cannot be exposed now", self.code.cite("exposed"))
        rec = CardExposed(seat, c)
        self._events.append(rec)
        declaring = play.declarer is not None and seat.side == play.declarer.side
        offences = offences_for(self.code)
        if declaring:
            self._raise(offences["declarant_exposed"], seat, card=c)
        elif (
            "last_card_exposed" in offences
            and play.hands[seat] == 1 << c
            and len(play.tricks) == 11
            and not self._has_played(seat.partner)
        ):
            # Royalton 67: his last card shown before his partner plays to the
            # twelfth trick; the partner's two cards become exposed.
            self._liable.setdefault(seat, set()).add(c)
            self._raise(offences["last_card_exposed"], seat, card=c, target=seat.partner)
        elif play.played == 0 and seat == play.turn.partner and "exposed_before_lead" in offences:
            self._raise(offences["exposed_before_lead"], seat, card=c, target=play.turn)
        else:
            self._liable.setdefault(seat, set()).add(c)
            self._settle_liable(seat)
        return rec

    def _settle_liable(self, seat: Seat) -> None:
        play = self.play
        if play is not None and play.turn == seat and self.phase == "play":
            self._liable_asked = -1
            self._settle()

    def correct_renounce(self, seat: Seat) -> RenounceCorrected:
        """``seat`` corrects a renounce in error before it is established; the
        cards played after it go back to their holders, not liable (daw 103)."""
        play = self.play
        r = next((r for r in self._renounces if r.seat == seat and not r.established), None)
        if not self.laws or play is None or r is None or r.kind == "comply":
            raise TableError(
                f"{seat.name.title()} has no renounce in error to correct",
                self.code.cite("renounce_corrected"),
            )
        after: list[Seat] = []
        while True:
            back = play.undo()
            if back.card == r.card:
                break
            after.append(back.seat)
        self._renounces.remove(r)
        rec = RenounceCorrected(seat, r.card)
        self._events.append(rec)
        if r.kind == "dummy":
            return rec  # dummy is not liable to a penalty (daw 77)
        declaring = play.declarer is not None and seat.side == play.declarer.side
        if declaring:
            # daw 103: only if both adversaries have played, not when he is fourth.
            o = offence(self.code, "declarant_renounce_corrected")
            if o.who == "none" or len(after) < 2 or len(play.trick) == 3:
                return rec
            self._raise(o, seat, card=r.card, target=seat)
        else:
            self._raise(offence(self.code, "renounce_corrected"), seat, card=r.card, target=seat)
        return rec

    def report(self, seat: Seat, key: str, c: int | None = None) -> Irregularity:
        """Any other irregularity, by its offence key (see ``auctionwhist.laws``):
        ``seat`` is the offender; ``c`` the card concerned (dummy's suggestion)."""
        o = offence(self.code, key)
        if not self.laws:
            raise TableError(
                f"{o.name}: rule on it at a table played under the laws (mode='laws')",
                self.code.cite(o.topic),
            )
        if self.phase in ("penalty", "done", "claim"):
            raise TableError(f"{o.name} cannot be dealt with now", self.code.cite(o.topic))
        play = self.play
        if key in ("two_cards", "winning_cards_exposed"):
            o = self._check_cards_thrown(o, seat, key, c)
        rec = Irregularity(seat, key, c)
        self._events.append(rec)
        target = seat
        if key in ("attention_to_trick", "trump_named", "winning_cards_exposed"):
            target = seat.partner
        elif key in ("dummy_suggestion",) and play is not None and play.dummy is not None:
            target = play.dummy
        self._raise(o, seat, card=c, target=target)
        return rec

    def _check_cards_thrown(self, o: Offence, seat: Seat, key: str, c: int | None) -> Offence:
        """A card ``c`` thrown with the one ``seat`` just played (daw 81C, Whist
        Club 72, Royalton 66), or after a winning card before his partner has
        played (daw 85, Whist Club 73, Royalton 68, AWL XI §6)."""
        play = self.play
        law = self.code.cite(o.topic)
        if play is None or self.phase != "play" or c is None or not play.hands[seat] >> c & 1:
            raise TableError(f"{seat.name.title()} has no such card to show now", law)
        if play.declarer is not None and seat.side == play.declarer.side:
            # daw 84, Whist Club 74, Royalton 69: the declarant's cards are not liable.
            return offence(self.code, "declarant_exposed")
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
        if not self._has_played(seat) or self._has_played(seat.partner):
            raise TableError(
                "the law applies to cards shown after his own card and before his partner plays",
                law,
            )
        from .play import trick_winner

        mine = play.trick[(int(seat) - play.leader) % 4]
        higher = _SUIT_MASKS[mine // 13] & ~((2 << mine) - 1)
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

    def ask_renounce(self, asker: Seat, seat: Seat) -> RenounceCorrected | None:
        """``asker`` asks ``seat`` whether he has none of the suit he renounced
        (daw 74A and 102, Whist Club 62a and 87, AWL X §2 and XI §3). The table
        answers from the hand: a renounce in error is corrected (daw 103) and its
        record returned; None when he truly has none."""
        play = self.play
        law = self.code.cite("renounce_question")
        if not self.laws or play is None or self.phase != "play":
            raise TableError(
                "a renounce can be asked about during the play at a table under the laws", law
            )
        if asker == seat:
            raise TableError("a player asks his partner or an adversary, not himself", law)
        if asker is play.dummy and ("dummy_asks" not in self.code.laws or seat != play.declarer):
            # Royalton 53: dummy takes no part but in questions of fact and the score.
            raise TableError(
                "dummy takes no part in the play; he may not ask", self.code.cite("dummy_rights")
            )
        r = next(
            (r for r in self._renounces if r.seat == seat and not r.established),
            None,
        )
        if r is None or r.kind == "comply":
            return None
        return self.correct_renounce(seat)

    # -- laws mode: rulings ------------------------------------------------------

    @property
    def pending(self) -> Pending | None:
        """The irregularity awaiting its ruling, if any."""
        return self._offence if self.phase == "penalty" else None

    def _choosers(self, o: Offence, seat: Seat) -> tuple[Seat, ...]:
        declarer = self.declarer
        play = self.play
        if o.who == "declarant" and declarer is not None:
            return (declarer,)
        if o.who == "rho":
            return (seat.right,)
        if o.who == "lha":
            return (seat.left,)
        if o.who == "last_to_play" and play is not None:
            # AWL XI §1: the offender's adversary who plays last to the trick.
            return (max((seat.left, seat.right), key=lambda s: (s - play.leader) % 4),)
        # Either adversary (and "declarant" where there is none, as in whist);
        # dummy takes no part (daw 74).
        out = tuple(s for s in (seat.left, seat.right) if play is None or s is not play.dummy)
        if o.who == "none":
            return out or (seat.left,)
        return out

    def _raise(
        self,
        o: Offence,
        seat: Seat,
        call: Call | None = None,
        card: int | None = None,
        target: Seat | None = None,
    ) -> None:
        self._offence = Pending(o, seat, self._choosers(o, seat), call, card, target)
        self._resume_phase = self.phase if self.phase != "penalty" else "play"
        self.phase = "penalty"

    def rule(self, seat: Seat, option: str, arg: str = "") -> Ruling:
        """``seat`` chooses ``option`` for the irregularity before the table; the
        table carries it out (a suit or card named in ``arg``, e.g. ``"H"``)."""
        p = self._offence
        if self.phase != "penalty" or p is None:
            raise LawsError("there is no irregularity awaiting a ruling")
        o = p.offence
        law = self.code.cite(o.topic)
        if o.who != "none" and seat not in p.choosers:
            who = " or ".join(s.name.title() for s in p.choosers)
            raise LawsError(
                f"{o.name}: the remedy is for {who}, not {seat.name.title()}",
                self.code.cite("penalty_decision"),
            )
        opt = o.option(option)
        rec = Ruling(seat, o.key, option, arg)
        self._offence = None
        self.phase = self._resume_phase
        try:
            self._carry_out(p, opt.key, opt.points, arg, law)
        except (LawsError, TableError, IllegalCallError) as e:
            self._rollback()
            raise LawsError(str(e).removeprefix(f"{law}: "), law) from None
        self._events.append(rec)
        if self.phase == "play":
            self._settle()
        return rec

    def _rollback(self) -> None:
        """Undo a ruling that could not be carried out: replay the log."""
        fresh = Table.from_events(self._events)
        for name in Table.__slots__:
            setattr(self, name, getattr(fresh, name))

    def _carry_out(self, p: Pending, key: str, points: int, arg: str, law: str) -> None:
        o = p.offence
        auction, play = self.auction, self.play
        if points:
            self._penalties.append(
                ScoreItem(
                    1 - p.seat.side,
                    "honor",
                    points,
                    f"{o.name}, by {p.seat.name.title()}",
                    self.code.cite(o.topic),
                )
            )
        if key in ("new_deal", "rectify", "average"):
            what = {
                "new_deal": "a new deal",
                "rectify": "the hands are rectified",
                "average": "each team takes the average score",
            }[key]
            self._void = f"{law}: {o.name}; {what}"
            self.phase = "done"
            return
        if p.call is not None:
            assert auction is not None
            self._carry_out_call(p, p.call, key, auction)
            return
        if key == "debar_partner":
            self._debarred[p.seat.partner] = "bid"
        elif key in ("waive", "none", "stand", "void"):
            pass
        elif key in ("revoke_points", "revoke_tricks"):
            self._revoke_choice = "points" if key == "revoke_points" else "tricks"
        elif key == "partner_exposed":
            # daw 86, AWL VII §2, Royalton 67: the partner's cards are laid face up.
            if play is not None:
                hand = play.hands[p.seat.partner]
                self._liable[p.seat.partner] = {c for c in range(52) if hand >> c & 1}
        else:
            if play is None:
                raise LawsError(f"{key}: there is no play yet", law)
            self._carry_out_card(p, key, arg, play, law)

    def _carry_out_call(self, p: Pending, call: Call, key: str, auction: Auction) -> None:
        seat = p.seat
        if key in ("ignore", "void", "points"):
            return
        if key == "pass_stand":
            # daw 57: the adversary on the right passes; the call then stands.
            if auction.turn != seat.right:
                raise LawsError(
                    f"{auction.turn.name.title()}, not {seat.right.name.title()}, has the call"
                )
            self._after_call(auction.call(Other.PASS))
            if self.phase == "auction":
                self._after_call(auction.call(call))
                self._debarred[seat.partner] = "bid"
        elif key in ("stand", "condone", "stand_debar_side"):
            self._after_call(auction.force(seat, call))
            if key == "stand_debar_side":
                self._debarred[seat] = self._debarred[seat.partner] = "never"
        elif key == "void_debar_side":
            self._debarred[seat] = self._debarred[seat.partner] = "never"
        elif key == "correct":
            assert isinstance(call, Bid) and auction.bid is not None
            code, last = self.code, auction.bid
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
            self._after_call(auction.call(sufficient))
            self._debarred[seat.partner] = "bid"
        elif key in ("seven", "seven_side"):
            assert isinstance(call, Bid)
            self._after_call(auction.force(seat, Bid(7, call.denomination, call.royal)))
            if key == "seven_side":
                self._debarred[seat] = self._debarred[seat.partner] = "double"
            else:
                self._debarred[seat.partner] = "bid"
        elif key == "final":
            own = [(s, c) for s, c in auction.calls if isinstance(c, Bid) and s.side != seat.side]
            if not own:
                raise LawsError("the adversaries have made no declaration to make final")
            bidder, bid = own[-1]
            if bid != auction.bid:
                auction.doubled, auction.doubler = 0, None
            auction.bid, auction.bidder, auction.is_over = bid, bidder, True
            self._close_auction()
        else:
            raise LawsError(f"{key!r} does not apply to a call")

    def _carry_out_card(self, p: Pending, key: str, arg: str, play: Play, law: str) -> None:
        target = p.target or p.seat
        card = p.card
        if o_is(p, "winning_cards_exposed") and key in ("win", "win_forbid"):
            assert card is not None
            self._require[target] = ("win", 0)
            if key == "win":
                self._liable.setdefault(p.seat, set()).add(card)
            else:
                self._forbid_if_wins[target] = card_suit(card)
            return
        if key == "exchange":
            # Whist Club 72, Royalton 66: the declarant calls the other card to the trick.
            assert card is not None
            first = play.undo()
            if first.seat != p.seat:
                raise LawsError("the card played first is no longer the last card played", law)
            self._renounces = [
                r
                for r in self._renounces
                if not (r.seat == p.seat and r.card == first.card and not r.established)
            ]
            self._liable.setdefault(p.seat, set()).add(first.card)
            self._lawful_card(card, p.seat)
            return
        if key in ("accept", "retract", "exposed", "call_suit") and p.seat in self._early:
            card = self._early.pop(p.seat)  # back into the hand, or led below
        if key == "accept":
            assert card is not None
            if not play.trick:
                play.set_leader(p.seat)
            self._lawful_card(card, p.seat)
        elif key == "exposed":
            if card is not None:
                self._liable.setdefault(p.seat, set()).add(card)
        elif key == "call_suit":
            if not arg or arg.upper() not in "SHDC":
                raise LawsError("name the suit called: S, H, D or C")
            if card is not None and o_is(p, "exposed_before_lead"):
                self._liable.setdefault(p.seat, set()).add(card)
            self._lead_call[p.seat.side] = int(Suit.from_char(arg.upper()))
        elif key == "forbid_suit":
            suit = Suit.from_char(arg.upper()) if arg else None
            if suit is None and card is not None:
                suit = card_suit(card)
            if suit is None:
                raise LawsError("name the suit the leader may not open")
            self._forbid[target] = int(suit)
        elif key in ("call_card", "play", "not_play"):
            c = card_from_str(arg) if arg else card
            if key == "call_card":
                liable = self._liable.get(target, set())
                if c is None and len(liable) == 1:
                    c = next(iter(liable))
                if c is None or c not in liable:
                    raise LawsError("name a card liable to be called")
                if (
                    play.trick
                    and c // 13 != play.trick[0] // 13
                    and (play.hands[target] & _SUIT_MASKS[play.trick[0] // 13])
                ):
                    raise LawsError(
                        f"{card_str(c)} cannot be called: a player is not compelled to revoke",
                        self.code.cite("called_card"),
                    )
            if c is None:
                raise LawsError("name the card")
            self._require[target] = (key, c)
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
            self._require[target] = (key, 0)
        elif key in ("retract", "points"):
            pass  # the card is back in the hand; the points are on the score sheet
        elif key == "lead_wrong_hand":
            if not play.trick:
                play.set_leader(play.turn.partner)
        else:
            raise LawsError(f"{key!r} does not apply here", law)

    def _finish(self) -> None:
        """The play is over (or claimed): every renounce is now established; an
        adversary's revoke leaves the declarant his choice (daw 101B)."""
        for r in self._renounces:
            r.established = True
        self.phase = "done"
        declarer = self.declarer
        rv = offences_for(self.code).get("revoke")
        if (
            declarer is not None
            and rv is not None
            and any(o.key == "revoke_points" for o in rv.options)
            and any(r.seat.side != declarer.side for r in self._renounces if r.kind != "dummy")
        ):
            first = next(r for r in self._renounces if r.seat.side != declarer.side)
            self._raise(rv, first.seat)

    def revokes(self) -> tuple[Revoke, ...]:
        """The established revokes, a failure to comply with a lawful call
        included (daw 104); dummy's are no revokes (daw 77)."""
        return tuple(
            Revoke(r.seat, r.trick + 1)
            for r in self._renounces
            if r.established and r.kind != "dummy"
        )

    # -- claims and concessions (daw 86-88, Whist Club 74, Royalton 69, AWL VII §2)

    def claim(self, seat: Seat, tricks: int) -> Claimed:
        """``seat`` claims ``tricks`` of the tricks still to play for his side
        ("I have the rest" claims them all; 0 concedes them all)."""
        play = self.play
        if self.phase != "play" or play is None:
            raise TableError("a claim is made during the play", self.code.cite("claim"))
        if seat is play.dummy:
            raise TableError("dummy takes no part in the play", self.code.cite("dummy"))
        left = 13 - len(play.tricks)
        if not 0 <= tricks <= left:
            raise TableError(f"{tricks} tricks claimed, but {left} remain", self.code.cite("claim"))
        rec = Claimed(seat, tricks)
        self._events.append(rec)
        self._claim = rec
        if self.laws and (play.declarer is None or seat.side != play.declarer.side):
            # daw 86, AWL VII §2: the claimant's partner lays his cards face up,
            # liable to be called.
            o = offences_for(self.code).get("claim_by_adversary")
            if o is not None and o.options[0].key == "partner_exposed":
                hand = play.hands[seat.partner]
                self._liable[seat.partner] = {c for c in range(52) if hand >> c & 1}
        # The other side concedes or disputes it; dummy takes no part.
        self._pending = [s for s in (seat.left, seat.right) if s is not play.dummy]
        self.phase = "claim"
        return rec

    def answer_claim(self, seat: Seat, accepted: bool) -> ClaimAnswered:
        if self.phase != "claim" or self._claim is None:
            raise TableError("there is no claim to answer", self.code.cite("claim"))
        if seat not in self._pending:
            raise TableError(
                f"{seat.name.title()} does not answer this claim", self.code.cite("claim")
            )
        rec = ClaimAnswered(seat, accepted)
        self._events.append(rec)
        if not accepted:
            # Disputed: play goes on.
            self._claim, self._pending, self.phase = None, [], "play"
            if self.laws:
                self._liable_asked = -1
                self._settle()
            return rec
        self._pending.remove(seat)
        if not self._pending:
            self._claim_result = self._claim.tricks
            self.phase = "done"
            if self.laws:
                self._finish()
        return rec

    @property
    def claim_pending(self) -> Claimed | None:
        return self._claim if self.phase == "claim" else None

    @property
    def face_up(self) -> dict[Seat, int]:
        """Cards each seat has face up on the table: liable to be called and
        still held (daw 80, 86; Whist Club 69; Royalton 63, 67; AWL VII §1-2)."""
        play = self.play
        if play is None:
            return {}
        out: dict[Seat, int] = {}
        for seat, cards in self._liable.items():
            bits = sum(1 << c for c in cards) & play.hands[seat]
            if bits:
                out[seat] = bits
        return out

    # -- the result --------------------------------------------------------------

    def tricks_won(self) -> tuple[int, int]:
        """Tricks of North-South and East-West, an accepted claim included."""
        if self.play is None:
            return (0, 0)
        won = list(self.play.won)
        if self._claim_result is not None and self._claim is not None:
            # The trick in progress counts among the tricks claimed.
            left = 13 - len(self.play.tricks)
            side = self._claim.seat.side
            won[side] += self._claim_result
            won[1 - side] += left - self._claim_result
        return (won[0], won[1])

    @property
    def is_over(self) -> bool:
        return self.phase == "done"

    @property
    def void(self) -> str:
        """Why the deal is void and must be dealt again (with the law), or ""."""
        return self._void

    def result(self, average: float | None = None, duplicate: bool = False) -> DealResult:
        """The finished deal's result; ``average`` is North-South's average
        tricks on this deal at the other tables (whist revokes, AWL X §4);
        ``duplicate`` scores the deal alone, as in a match (daw law 7; the other
        auction codes by docs/decisions.md, "each deal alone")."""
        if self.phase != "done":
            raise TableError("the deal is not finished")
        won = self.tricks_won()
        revokes = self.revokes() if self.laws else ()
        if self._void or self.play is None or self.play.declarer is None:
            trump = self.trump_suit
            before = None
            if revokes and not self._void and self.play is not None:
                first = min(r.trick for r in revokes) - 1
                ns = sum(1 for w in self.play.winners[:first] if w.side == 0)
                before = (ns, first - ns)
            return DealResult(
                self.code,
                self.contract,
                None,
                won[0],
                trump=trump,
                revokes=revokes if not self._void else (),
                tricks_before_revoke=before,
                average=average if revokes else None,
                duplicate=duplicate,
            )
        contract = self.contract
        assert contract is not None
        declarer = self.play.declarer
        return DealResult(
            self.code,
            contract,
            declarer,
            won[declarer.side],
            holdings=Holdings.from_deal(self.deal, contract.denom),
            revokes=revokes,
            revoke_penalty=self._revoke_choice,
            duplicate=duplicate,
        )

    def score(self, average: float | None = None, duplicate: bool = False) -> DealScore:
        """The finished deal's score: the one scorer every surface reads (the
        match, the web app, score-cards, travellers, PBN and JSON).

        Penalty points the laws gave (Royalton 45, 54-56, 94, 99) go in the
        adversaries' honor (penalty) column. ``duplicate`` scores the deal
        alone, as every deal of a match is (daw law 7); ``average`` is for a
        Duplicate Whist revoke (AWL X §4)."""
        result = self.result(average, duplicate)
        if self._void:
            return DealScore(result, (), void=True, note=self._void)
        score = score_deal(result)
        if self._penalties and not score.void:
            score = replace(score, items=score.items + tuple(self._penalties))
        return score


def o_is(p: Pending, key: str) -> bool:
    return p.offence.key == key


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
    if key in ("highest", "lowest"):
        suit = hand & _SUIT_MASKS[led] if led >= 0 else 0
        if not suit:
            return 0
        return 1 << (suit.bit_length() - 1) if key == "highest" else suit & -suit
    if key in ("highest_trump", "lowest_trump"):
        if play.trump < 0:
            return 0
        trumps = follow & _SUIT_MASKS[play.trump]
        if not trumps:
            return 0
        return 1 << (trumps.bit_length() - 1) if key == "highest_trump" else trumps & -trumps
    if key in ("trump", "no_trump"):
        if led < 0 or hand & _SUIT_MASKS[led] or play.trump < 0:
            return 0
        trumps = hand & _SUIT_MASKS[play.trump]
        return trumps if key == "trump" else hand & ~trumps
    if key in ("win", "lose") and trick:
        from .play import trick_winner

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
