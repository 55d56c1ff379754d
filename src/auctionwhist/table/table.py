"""One deal at a table: its event log and the state derived from it.

The log is the record of truth: every action appends one frozen record, and
``Table.from_events`` replays a log. Every action comes as a triplet (as in
pokerkit): ``verify(action)`` raises with the law cited, ``can(action)``
answers yes or no, ``act(action)`` acts and returns the record; ``pop()``
takes the last action back. The actions are the records of ``records``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from enum import StrEnum
from typing import Literal, TypeVar

from ..auction import Auction
from ..calls import Call, Contract, Other
from ..cards import Deal, Seat, Suit, card_suit
from ..codes import Code, find_code
from ..errors import WhistError
from ..laws.offences import LawsError, Offence
from ..play import Play
from ..records import (
    Action,
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
from ..scoring import DealResult, DealScore, Holdings, Revoke, score_deal
from . import claims, irregularities, penalties, remedies
from .errors import TableError
from .penalties import Penalties, Pending

__all__ = ["Mode", "Phase", "Table"]

# "penalty": an irregularity awaits the decision of the player the law entitles.
Phase = Literal["auction", "bridging", "play", "claim", "penalty", "done"]


class Mode(StrEnum):
    """How strict the table is (pokerkit's ``Mode``): ``ENFORCE`` refuses an
    unlawful action with the law cited; ``LAWS`` records the irregularity, as
    at a real table, and the laws take their course."""

    ENFORCE = "enforce"
    LAWS = "laws"


A = TypeVar("A", bound=Action)


class Table:
    """A deal at a table under one code, from the deal to the score.

    ``mode="enforce"`` (the default) refuses an illegal call or card with the law
    cited. ``mode="laws"`` lets a player do what he may do at a real table (call
    out of turn, bid insufficiently, renounce in error, lead out of turn, expose a
    card...) and the laws take their course: the table names the offence, waits in
    phase ``"penalty"`` for the entitled player's ``rule()``, and carries it out.

    Every action is verified, asked about, acted and taken back the same way:

    >>> from auctionwhist.calls import Other, parse_call
    >>> from auctionwhist.cards import Seat
    >>> from auctionwhist.dealing import deal
    >>> from auctionwhist.records import CallMade
    >>> table = Table("daw", deal("daw", seed=7))
    >>> table.can(CallMade(Seat.NORTH, Other.PASS))
    False
    >>> table.verify(CallMade(Seat.NORTH, Other.PASS))
    Traceback (most recent call last):
    ...
    auctionwhist.auction.IllegalCallError: Law 52 (daw): the dealer must declare ...
    >>> table.act(CallMade(Seat.NORTH, parse_call("1H")))
    CallMade(seat=<Seat.NORTH: 0>, call=Bid(level=1, denomination='H', royal=False))
    >>> table.to_act
    <Seat.EAST: 1>
    >>> _ = table.pop()
    >>> table.to_act
    <Seat.NORTH: 0>
    """

    __slots__ = (
        "_claims",
        "_events",
        "auction",
        "code",
        "deal",
        "laws",
        "mode",
        "penalties",
        "phase",
        "play",
        "trump_declared",
    )

    def __init__(
        self,
        code: Code | str,
        deal: Deal,
        mode: Mode | str = Mode.ENFORCE,
        trump: Suit | None = None,
    ) -> None:
        self.code = find_code(code)
        self.deal = deal
        try:
            self.mode = Mode(mode)
        except ValueError:
            raise TableError(f"no such mode {mode!r}: enforce or laws") from None
        self.laws = self.mode is Mode.LAWS  # read on every card: a plain bool
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
            self._events.append(TableMode(self.mode.value))
        self.penalties = Penalties()
        self.auction = Auction(self.code, deal.dealer) if self.code.auction else None
        self.play: Play | None = None
        self._claims = claims.Claims()
        self.phase: Phase = "auction"
        if not self.code.auction:
            # Duplicate Whist: the turned card is trump, or the suit declared by
            # consent (AWL IV §11); the dealer's left hand leads (III §1).
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
        table = cls(first.code, first.deal, Mode.LAWS if laws else Mode.ENFORCE, trump)
        for ev in rest[1:] if laws else rest:
            table.act(ev)
        return table

    def _log(self, rec: Event) -> None:
        self._events.append(rec)

    def _restore(self, other: Table) -> None:
        for name in Table.__slots__:
            setattr(self, name, getattr(other, name))

    # -- one action dispatcher -------------------------------------------------

    def verify(self, action: Action | Event) -> None:
        """Raise (``TableError``, ``LawsError``... with the law cited) unless
        ``action`` may be taken now."""
        if isinstance(action, CallMade | IrregularCall):
            self._verify_call(action.seat, action.call, isinstance(action, CallMade))
        elif isinstance(action, CardPlayed | IrregularCard):
            self._verify_card(action.seat, action.card, isinstance(action, CardPlayed))
        elif isinstance(action, Claimed):
            claims.verify_claim(self, action.seat, action.tricks)
        elif isinstance(action, ClaimAnswered):
            claims.verify_answer(self, action.seat)
        elif isinstance(action, Bridged | LeadCalled):
            self._verify_bridging(action.seat)
        elif isinstance(action, CardExposed):
            irregularities.verify_expose(self, action.seat, action.card)
        elif isinstance(action, RenounceCorrected):
            irregularities.verify_correct_renounce(self, action.seat, action.card)
        elif isinstance(action, Irregularity):
            irregularities.verify_report(self, action.seat, action.offence, action.card)
        elif isinstance(action, Ruling):
            remedies.verify_rule(self, action)
        else:
            raise TableError(f"a deal has one Dealt record; found {action!r} later")

    def can(self, action: Action | Event) -> bool:
        """Whether ``action`` may be taken now."""
        try:
            self.verify(action)
        except WhistError:
            return False
        return True

    def act(self, action: Action | Event) -> Action:
        """Take ``action`` and return its record: in laws mode a call or card may
        come back as the irregularity it is (``IrregularCall``, ``IrregularCard``).
        Replaying a log is acting each of its records in turn."""
        kind = type(action)
        # The two actions of every deal first, by their exact type: this is the
        # engine's hot path (whist bench engine).
        if kind is CardPlayed:
            card: CardPlayed = action  # type: ignore[assignment]
            return self._play_card(card.seat, card.card, True)
        if kind is CallMade:
            made: CallMade = action  # type: ignore[assignment]
            return self._call(made.seat, made.call, True)
        if isinstance(action, CallMade | IrregularCall):
            return self._call(action.seat, action.call, isinstance(action, CallMade))
        if isinstance(action, CardPlayed | IrregularCard):
            return self._play_card(action.seat, action.card, isinstance(action, CardPlayed))
        if isinstance(action, Claimed):
            return claims.claim(self, action.seat, action.tricks)
        if isinstance(action, ClaimAnswered):
            return claims.answer(self, action.seat, action.accepted)
        if isinstance(action, Bridged | LeadCalled):
            return self._bridging(action)
        if isinstance(action, CardExposed):
            return irregularities.expose(self, action.seat, action.card)
        if isinstance(action, RenounceCorrected):
            return irregularities.correct_renounce(self, action.seat, action.card)
        if isinstance(action, Irregularity):
            return irregularities.report(self, action.seat, action.offence, action.card)
        if isinstance(action, Ruling):
            return remedies.rule(self, action)
        raise TableError(f"a deal has one Dealt record; found {action!r} later")

    apply = act

    def _do(self, action: Action, kind: type[A]) -> A:
        rec = self.act(action)
        assert isinstance(rec, kind)
        return rec

    def pop(self) -> Action:
        """Take back the last action (python-chess's ``Board.pop``): the table is
        as it was before it. Returns the record removed."""
        last = self._events[-1]
        if isinstance(last, Dealt | TrumpDeclared | TableMode):
            raise TableError("no action has been taken at this table")
        self._restore(Table.from_events(self._events[:-1]))
        return last

    def workable_ruling(self, seat: Seat | None = None) -> Ruling:
        """The first remedy the law offers for the pending irregularity that can
        be carried out, chosen by ``seat`` (the first entitled, by default): a
        robot's ruling when its own choice cannot be carried out."""
        return remedies.workable_ruling(self, seat)

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
            return self._claims.answering[0]
        if self.phase == "penalty":
            assert self.penalties.pending is not None
            return self.penalties.pending.choosers[0]
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
        if self.auction.turn in self.penalties.debarred:
            return [Other.PASS]  # daw 57-58, Whist Club 52, Royalton 38-39
        return self.auction.legal_calls()

    def call(self, call: Call, seat: Seat | None = None) -> CallMade | IrregularCall:
        """Make ``call`` for the player whose turn it is (or for ``seat``: in laws
        mode any player may call, and an irregular call awaits its ruling)."""
        if seat is None:
            if self.phase != "auction" or self.auction is None:
                raise TableError("the auction is over", self.code.cite("three_passes"))
            return self._call(self.auction.turn, call, True)  # as act(CallMade(...))
        rec = self.act(IrregularCall(seat, call))
        assert isinstance(rec, CallMade | IrregularCall)
        return rec

    def _verify_call(self, seat: Seat, call: Call, in_turn: bool) -> Offence | None:
        """The offence ``call`` by ``seat`` is in laws mode, None if it is lawful;
        raise if it cannot be made (in enforce mode, if it is irregular)."""
        auction = self.auction
        if self.phase != "auction" or auction is None:
            raise TableError("the auction is over", self.code.cite("three_passes"))
        if in_turn and seat != auction.turn:
            raise TableError(f"it is not {seat.name.title()}'s turn", self.code.cite("turn"))
        o = penalties.call_offence(self, auction, seat, call)
        if o is not None and not self.laws:
            raise TableError(f"{seat.name.title()}: {o.name}", self.code.cite(o.topic))
        return o

    def _call(self, seat: Seat, call: Call, in_turn: bool) -> CallMade | IrregularCall:
        o = self._verify_call(seat, call, in_turn)
        auction = self.auction
        assert auction is not None
        if o is None:
            rec = auction.call(call)
            self._log(rec)
            self._after_call(rec)
            return rec
        irr = IrregularCall(seat, call)
        self._log(irr)
        penalties.raise_offence(self, o, seat, call=call)
        return irr

    def _after_call(self, rec: CallMade) -> None:
        auction = self.auction
        assert auction is not None
        if self.penalties.debarred:
            self.penalties.lift_debarments(rec)
        if auction.is_over:
            self._close_auction()

    def _close_auction(self) -> None:
        assert self.auction is not None
        contract, declarer = self.auction.contract, self.auction.declarer
        if contract is None or declarer is None:
            self.phase = "done"  # Royalton: nobody bid (law 30)
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
        return self._do(Bridged(self._bridging_declarer()), Bridged)

    def call_lead(self) -> LeadCalled:
        """The declarant keeps the play and calls the lead from his left."""
        return self._do(LeadCalled(self._bridging_declarer()), LeadCalled)

    def _bridging_declarer(self) -> Seat:
        if self.phase != "bridging" or self.auction is None or self.auction.declarer is None:
            raise TableError(
                "bridging is open only to the declarant of a nullo before the lead",
                self.code.cite("bridging"),
            )
        return self.auction.declarer

    def _verify_bridging(self, seat: Seat) -> Seat:
        declarer = self._bridging_declarer()
        if seat != declarer:
            raise TableError(f"it is not {seat.name.title()}'s turn", self.code.cite("turn"))
        return declarer

    def _bridging(self, rec: Bridged | LeadCalled) -> Bridged | LeadCalled:
        declarer = self._verify_bridging(rec.seat)
        self._log(rec)
        if isinstance(rec, Bridged):
            self._start_play(declarer.partner.left, None, declarer.partner)
        else:
            self._start_play(declarer.left, None, declarer)
        return rec

    # -- the play ----------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        if self.phase != "play" or self.play is None:
            return []
        if not self.laws:
            return self.play.legal_cards()
        mask = self.penalties.lawful_mask(self.play, self.play.turn)
        return [c for c in range(52) if mask >> c & 1]

    def play_card(self, c: int, seat: Seat | None = None) -> CardPlayed | IrregularCard:
        """Play ``c`` from the hand whose turn it is (in laws mode, from ``seat``'s
        hand: out of turn, or renouncing in error, as at a real table)."""
        if seat is None:
            # What act(CardPlayed(...)) does, without building the record first.
            return self._play_card(None, c, True)
        rec = self.act(IrregularCard(seat, c))
        assert isinstance(rec, CardPlayed | IrregularCard)
        return rec

    def _card_phase(self) -> Play:
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
        return play

    def _verify_card(
        self, seat: Seat | None, c: int, in_turn: bool, acting: bool = False
    ) -> tuple[Offence | None, Seat | None]:
        """In laws mode, the offence a card out of turn is and who pays for it.
        ``seat`` None is the hand to play; ``acting``: the play's own verify is
        left to ``Play.play`` (once)."""
        play = self._card_phase()
        turn = play.turn
        if seat is None:
            seat = turn
        elif in_turn and seat != turn:
            raise TableError(f"{seat.name.title()} is not the hand to play")
        if self.laws:
            return penalties.verify_card(self, seat, c)
        if seat != turn:
            topic = "lead_out_of_turn" if not play.trick else "play_out_of_turn"
            raise TableError(
                f"it is {turn.name.title()}'s turn to play, not {seat.name.title()}'s",
                self.code.cite(topic),
            )
        if not acting:
            play.verify_play(c)
        return None, None

    def _play_card(self, seat: Seat | None, c: int, in_turn: bool) -> CardPlayed | IrregularCard:
        o, target = self._verify_card(seat, c, in_turn, acting=True)
        play = self.play
        assert play is not None
        if not self.laws:
            rec = play.play(c)
            self._events.append(rec)
            if play.is_over:
                self.phase = "done"
            return rec
        return penalties.play_card(self, play.turn if seat is None else seat, c, o, target)

    # -- the laws' own actions (laws mode) ----------------------------------------

    def expose(self, seat: Seat, c: int) -> CardExposed:
        """``seat`` exposes ``c``: drops it face up, shows it, names it (laws mode)."""
        return self._do(CardExposed(seat, c), CardExposed)

    def correct_renounce(self, seat: Seat) -> RenounceCorrected:
        """``seat`` corrects a renounce in error before it is established; the
        cards played after it go back to their holders, not liable (daw 103)."""
        r = irregularities.verify_correct_renounce(self, seat)
        return self._do(RenounceCorrected(seat, r.card), RenounceCorrected)

    def report(self, seat: Seat, key: str, c: int | None = None) -> Irregularity:
        """Any other irregularity, by its offence key (see ``auctionwhist.laws``):
        ``seat`` is the offender; ``c`` the card concerned (dummy's suggestion)."""
        return self._do(Irregularity(seat, key, c), Irregularity)

    def ask_renounce(self, asker: Seat, seat: Seat) -> RenounceCorrected | None:
        """``asker`` asks ``seat`` whether he has none of the suit he renounced
        (daw 74A and 102, Whist Club 62a and 87, AWL X §2 and XI §3). The table
        answers from the hand: a renounce in error is corrected (daw 103) and its
        record returned; None when he truly has none."""
        if not irregularities.verify_ask_renounce(self, asker, seat):
            return None
        return self.correct_renounce(seat)

    @property
    def pending(self) -> Pending | None:
        """The irregularity awaiting its ruling, if any."""
        return self.penalties.pending if self.phase == "penalty" else None

    def rule(self, seat: Seat, option: str, arg: str = "") -> Ruling:
        """``seat`` chooses ``option`` for the irregularity before the table; the
        table carries it out (a suit or card named in ``arg``, e.g. ``"H"``)."""
        p = self.pending
        if p is None:
            raise LawsError("there is no irregularity awaiting a ruling")
        return self._do(Ruling(seat, p.offence.key, option, arg), Ruling)

    def revokes(self) -> tuple[Revoke, ...]:
        """The established revokes, a failure to comply with a lawful call
        included (daw 104); dummy's are no revokes (daw 77)."""
        return self.penalties.revokes()

    @property
    def face_up(self) -> dict[Seat, int]:
        """Cards each seat has face up on the table: liable to be called and
        still held (daw 80, 86; Whist Club 69; Royalton 63, 67; AWL VII §1-2)."""
        return {} if self.play is None else self.penalties.face_up(self.play)

    # -- claims and concessions (daw 86-88, Whist Club 74, Royalton 69, AWL VII §2)

    def claim(self, seat: Seat, tricks: int) -> Claimed:
        """``seat`` claims ``tricks`` of the tricks still to play for his side
        ("I have the rest" claims them all; 0 concedes them all)."""
        return self._do(Claimed(seat, tricks), Claimed)

    def answer_claim(self, seat: Seat, accepted: bool) -> ClaimAnswered:
        return self._do(ClaimAnswered(seat, accepted), ClaimAnswered)

    @property
    def claim_pending(self) -> Claimed | None:
        return self._claims.claim if self.phase == "claim" else None

    # -- the result --------------------------------------------------------------

    def tricks_won(self) -> tuple[int, int]:
        """Tricks of North-South and East-West, an accepted claim included."""
        if self.play is None:
            return (0, 0)
        won = list(self.play.won)
        claim, tricks = self._claims.claim, self._claims.result
        if tricks is not None and claim is not None:
            # The trick in progress counts among the tricks claimed.
            left = 13 - len(self.play.tricks)
            won[claim.seat.side] += tricks
            won[1 - claim.seat.side] += left - tricks
        return (won[0], won[1])

    @property
    def is_over(self) -> bool:
        return self.phase == "done"

    @property
    def void(self) -> str:
        """Why the deal is void and must be dealt again (with the law), or ""."""
        return self.penalties.void

    def result(self, average: float | None = None, duplicate: bool = False) -> DealResult:
        """The finished deal's result; ``average`` is North-South's average
        tricks on this deal at the other tables (whist revokes, AWL X §4);
        ``duplicate`` scores the deal alone, as in a match (daw law 7; the other
        auction codes by docs/spec.md §2.2.8)."""
        if self.phase != "done":
            raise TableError("the deal is not finished")
        won = self.tricks_won()
        revokes = self.revokes() if self.laws else ()
        void = self.penalties.void
        if void or self.play is None or self.play.declarer is None:
            before = None
            if revokes and not void and self.play is not None:
                first = min(r.trick for r in revokes) - 1
                ns = sum(1 for w in self.play.winners[:first] if w.side == 0)
                before = (ns, first - ns)
            return DealResult(
                self.code,
                self.contract,
                None,
                won[0],
                trump=self.trump_suit,
                revokes=revokes if not void else (),
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
            revoke_penalty=self.penalties.revoke_choice,
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
        if self.penalties.void:
            return DealScore(result, (), void=True, note=self.penalties.void)
        score = score_deal(result)
        points = self.penalties.points
        if points and not score.void:
            score = replace(score, items=score.items + tuple(points))
        return score
