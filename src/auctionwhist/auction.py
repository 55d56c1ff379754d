"""The auction: calls in turn, as each code's laws allow.

verify / can / act for every call: ``verify_call`` raises an ``IllegalCallError``
citing the law, ``can_call`` answers yes or no, ``call`` makes the call and
returns its record. What is legal is read from the ``Code``. The error names
the irregularity a call would be (``insufficient_bid``, ``call_out_of_turn``...),
so a table played under the laws records it instead of refusing it.
"""

from __future__ import annotations

from .calls import Bid, Call, Contract, Other
from .cards import Seat
from .codes import Code, DeclarationError
from .errors import LawError
from .records import CallMade

__all__ = ["Auction", "AuctionError", "IllegalCallError"]


class AuctionError(LawError):
    """A call that cannot be made, with the law that forbids it."""


class IllegalCallError(AuctionError):
    """``irregularity`` is the offence's key in ``auctionwhist.laws`` when the
    laws have a remedy for the call (an insufficient bid, a call out of turn...),
    None when the call simply cannot be made."""

    def __init__(self, message: str, law: str = "", irregularity: str | None = None) -> None:
        super().__init__(message, law)
        self.irregularity = irregularity


class Auction:
    """The calls of one deal, from the dealer round to the left."""

    __slots__ = (
        "_first_named",
        "_offset",
        "_passes",
        "bid",
        "bidder",
        "calls",
        "code",
        "dealer",
        "doubled",
        "doubler",
        "is_over",
    )

    def __init__(self, code: Code, dealer: Seat) -> None:
        self.code = code
        self.dealer = dealer
        self.calls: list[tuple[Seat, Call]] = []
        self.bid: Bid | None = None  # the last declaration
        self.bidder: Seat | None = None
        self.doubled = 0  # 1 doubled, 2 redoubled (docs/spec.md §2.2.7: a new bid clears both)
        self.doubler: Seat | None = None
        self.is_over = False
        self._passes = 0  # consecutive passes since the last bid, double or redouble
        # Seats the rotation has moved on by: a call out of turn allowed to
        # stand (Whist Club 51, Royalton 37) continues the bidding from it.
        self._offset = 0
        # (side, what was named) -> the partner who named it first (docs/spec.md §2.2.3)
        self._first_named: dict[tuple[int, str], Seat] = {}

    @property
    def turn(self) -> Seat:
        return self.dealer.after(len(self.calls) + self._offset)

    @property
    def passed_out(self) -> bool:
        """Royalton: the dealer said "no bid" and the others passed (docs/spec.md §2.2.4)."""
        return self.is_over and self.bid is None

    @property
    def contract(self) -> Contract | None:
        if not self.is_over or self.bid is None:
            return None
        return Contract(self.bid, self.doubled)

    @property
    def declarer(self) -> Seat | None:
        """The partner who first named the final denomination (daw 56, Whist Club 48,
        Royalton 34); a Royalton nullo, the player who made the final declaration."""
        if not self.is_over or self.bid is None or self.bidder is None:
            return None
        if self.bid.denomination in self.code.final_declarer_plays:
            return self.bidder
        return self._first_named[(self.bidder.side, self.bid.denom.named)]

    def verify_call(self, call: Call, seat: Seat | None = None) -> None:
        """Raise ``IllegalCallError`` if ``call`` may not be made now (by ``seat``,
        when it is given: the player in turn by default)."""
        code = self.code
        if self.is_over:
            raise IllegalCallError("the auction is closed", code.cite("three_passes"))
        turn = self.turn
        if seat is not None and seat != turn:
            # Each out-of-turn call has its law (daw 57-58, Whist Club 51 and 58,
            # Royalton 37 and 48).
            key = (
                "pass_out_of_turn"
                if call is Other.PASS
                else "double_out_of_turn"
                if call in (Other.DOUBLE, Other.REDOUBLE)
                else "call_out_of_turn"
            )
            raise IllegalCallError(
                f"it is {turn.name.title()}'s turn to call, not {seat.name.title()}'s",
                code.cite("turn"),
                key,
            )
        opening = not self.calls
        if call is Other.NO_BID:
            if not (opening and code.dealer_may_pass):
                raise IllegalCallError(
                    '"no bid" is the dealer\'s opening call only', code.cite("opening")
                )
            return
        if opening and not isinstance(call, Bid):
            if code.dealer_may_pass:
                raise IllegalCallError('the dealer declares or says "no bid"', code.cite("opening"))
            raise IllegalCallError(
                "the dealer must declare to win at least one odd trick", code.cite("opening")
            )
        if isinstance(call, Bid):
            self._verify_bid(call)
        else:
            self._verify_double(call, turn)

    def _verify_double(self, call: Call, seat: Seat) -> None:
        """A double or redouble by ``seat`` (any other call passes)."""
        code = self.code
        if call is Other.DOUBLE:
            if self.bid is None or self.bidder is None:
                raise IllegalCallError("there is no declaration to double", code.cite("double"))
            if self.doubled:
                raise IllegalCallError(
                    "a declaration may be doubled once only",
                    code.cite("redouble_twice"),
                    "redouble_twice",
                )
            if self.bidder.side == seat.side:
                who = "his own" if self.bidder == seat else "his partner's"
                raise IllegalCallError(
                    f"a player cannot double {who} declaration",
                    code.cite("double_partner"),
                    "double_partner",
                )
        elif call is Other.REDOUBLE:
            if self.doubled == 0 or self.bidder is None:
                raise IllegalCallError("only a double can be redoubled", code.cite("double"))
            if self.doubled == 2:
                raise IllegalCallError(
                    "a redouble cannot be redoubled", code.cite("redouble_twice"), "redouble_twice"
                )
            if self.bidder.side != seat.side:
                raise IllegalCallError(
                    "a player cannot redouble his partner's double",
                    code.cite("double_partner"),
                    "double_partner",
                )

    def _verify_bid(self, bid: Bid) -> None:
        code = self.code
        try:
            code.verify_declaration(bid)
        except DeclarationError as e:
            # Above seven the laws give a remedy (daw 58, auction 52, Royalton 38).
            impossible = "impossible_bid" if bid.level > 7 else None
            raise IllegalCallError(e.message, e.law, impossible) from None
        if self.bid is not None and code.bid_rank(bid) <= code.bid_rank(self.bid):
            raise IllegalCallError(
                f"{bid} does not overbid {self.bid}", code.cite("rank"), "insufficient_bid"
            )
        if bid.royal and self.bid is None:
            # Law 32: a royal is declared over a declaration already made.
            raise IllegalCallError(
                f"{bid}: a royal bid is made over a previous declaration", code.cite("royal")
            )

    def can_call(self, call: Call, seat: Seat | None = None) -> bool:
        try:
            self.verify_call(call, seat)
        except IllegalCallError:
            return False
        return True

    def call(self, call: Call) -> CallMade:
        """Make ``call`` for the player whose turn it is; return its record."""
        self.verify_call(call)
        return self._apply(call)

    def force(self, seat: Seat, call: Call) -> CallMade:
        """Enter a call the laws let stand though irregular (laws mode): made by
        ``seat`` out of turn, the bidding continues from his left (Whist Club 51,
        Royalton 37); an insufficient bid condoned stands as made (Royalton 40).
        A bid that is no declaration of the code (eight odd tricks), or a double
        with nothing to double, cannot stand."""
        if isinstance(call, Bid) and call not in self.code.bid_order:
            raise IllegalCallError(
                f"{call} is no declaration of this code and cannot stand", self.code.cite("overbid")
            )
        if (call is Other.DOUBLE and (self.bid is None or self.doubled)) or (
            call is Other.REDOUBLE and self.doubled != 1
        ):
            raise IllegalCallError(
                f"{call} cannot stand: a declaration is doubled and redoubled once only",
                self.code.cite("redouble_twice"),
            )
        self._offset = (self._offset + int(seat) - int(self.turn)) % 4
        return self._apply(call)

    def make_final(self, bidder: Seat, bid: Bid) -> None:
        """Close the auction on ``bidder``'s earlier declaration ``bid``: after an
        impossible declaration the adversaries may make their own last one final
        (Whist Club 52, Royalton 38); a double of a later declaration goes."""
        if (bidder, bid) not in self.calls:
            raise AuctionError(f"{bidder.name.title()} did not declare {bid}")
        if bid != self.bid:
            self.doubled, self.doubler = 0, None
        self.bid, self.bidder, self.is_over = bid, bidder, True

    def _apply(self, call: Call) -> CallMade:
        seat = self.turn
        self.calls.append((seat, call))
        if isinstance(call, Bid):
            self.bid, self.bidder, self.doubled, self.doubler = call, seat, 0, None
            self._first_named.setdefault((seat.side, call.denom.named), seat)
            self._passes = 0
        elif call is Other.DOUBLE or call is Other.REDOUBLE:
            self.doubled += 1
            self.doubler = seat
            self._passes = 0
        else:  # pass, or the dealer's "no bid"
            self._passes += 1
            # Three passes close it (daw 55, Whist Club 48); Royalton's "no bid"
            # and three passes leave the deal unplayed (docs/spec.md §2.2.4).
            if (self._passes == 3 and self.bid is not None) or self._passes == 4:
                self.is_over = True
        return CallMade(seat, call)

    def legal_calls(self) -> list[Call]:
        """Every call that may be made now, passes first, then bids lowest first."""
        if self.is_over:
            return []
        code = self.code
        if not self.calls:
            opening = [b for b in code.all_bids if not b.royal]
            return [Other.NO_BID, *opening] if code.dealer_may_pass else list(opening)
        out: list[Call] = [Other.PASS]
        for other in (Other.DOUBLE, Other.REDOUBLE):
            if self.can_call(other):
                out.append(other)
        if self.bid is None:
            out.extend(b for b in code.all_bids if not b.royal)
        else:
            out.extend(code.all_bids[code.bid_order[self.bid] + 1 :])
        return out
