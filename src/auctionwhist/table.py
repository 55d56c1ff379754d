"""One deal at a table: its event log and the state derived from it.

The log is the record of truth (STYLE: "a deal at a table is an event log").
Every action appends one frozen record; ``Table.from_events`` replays a log.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from .auction import Auction
from .calls import Call, Contract
from .cards import Deal, Seat, Suit, card_suit
from .codes import Code, find_code
from .play import Play
from .records import (
    Bridged,
    CallMade,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    Dealt,
    Event,
    LeadCalled,
)
from .scoring import DealResult, DealScore, Holdings, score_deal

__all__ = ["Phase", "Table", "TableError"]

Phase = Literal["auction", "bridging", "play", "claim", "done"]


class TableError(ValueError):
    """An action the table does not allow now, with the law where there is one."""

    def __init__(self, message: str, law: str = "") -> None:
        super().__init__(f"{law}: {message}" if law else message)
        self.law = law


class Table:
    """A deal at a table under one code, from the deal to the score."""

    __slots__ = (
        "_claim",
        "_claim_result",
        "_events",
        "_pending",
        "auction",
        "code",
        "deal",
        "phase",
        "play",
    )

    def __init__(self, code: Code | str, deal: Deal) -> None:
        self.code = find_code(code)
        self.deal = deal
        self._events: list[Event] = [Dealt(deal, self.code.key)]
        self.auction: Auction | None = None
        self.play: Play | None = None
        self._claim: Claimed | None = None
        self._pending: list[Seat] = []  # who has still to answer a claim
        self._claim_result: int | None = None  # tricks for the claimant's side, once accepted
        if self.code.auction:
            self.auction = Auction(self.code, deal.dealer)
            self.phase: Phase = "auction"
        else:
            # Duplicate Whist: the turned card is trump and the dealer's left
            # hand leads (AWL III §1; SPEC §2.2.9).
            if deal.turned is None:
                raise TableError(
                    "a Duplicate Whist deal needs its turned trump", self.code.cite("trump")
                )
            self._start_play(deal.dealer.left, card_suit(deal.turned), None)

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
        table = cls(first.code, first.deal)
        for ev in it:
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
        return None

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
        return self.auction.legal_calls() if self.phase == "auction" and self.auction else []

    def call(self, call: Call) -> CallMade:
        if self.phase != "auction" or self.auction is None:
            raise TableError("the auction is over", self.code.cite("three_passes"))
        rec = self.auction.call(call)
        self._events.append(rec)
        if self.auction.is_over:
            self._close_auction()
        return rec

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
        return self.play.legal_cards() if self.phase == "play" and self.play else []

    def play_card(self, c: int) -> CardPlayed:
        if self.phase != "play" or self.play is None:
            raise TableError(
                "no card may be played now"
                if self.phase != "claim"
                else "a claim awaits its answer",
                self.code.cite("turn"),
            )
        rec = self.play.play(c)
        self._events.append(rec)
        if self.play.is_over:
            self.phase = "done"
        return rec

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
            return rec
        self._pending.remove(seat)
        if not self._pending:
            self._claim_result = self._claim.tricks
            self.phase = "done"
        return rec

    @property
    def claim_pending(self) -> Claimed | None:
        return self._claim if self.phase == "claim" else None

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

    def result(self) -> DealResult:
        if self.phase != "done":
            raise TableError("the deal is not finished")
        won = self.tricks_won()
        if self.play is None or self.play.declarer is None:
            trump = None if self.deal.turned is None else card_suit(self.deal.turned)
            contract = self.contract
            return DealResult(self.code, contract, None, won[0], trump=trump)
        contract = self.contract
        assert contract is not None
        declarer = self.play.declarer
        return DealResult(
            self.code,
            contract,
            declarer,
            won[declarer.side],
            holdings=Holdings.from_deal(self.deal, contract.denom),
        )

    def score(self) -> DealScore:
        return score_deal(self.result())
