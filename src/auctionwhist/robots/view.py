"""What one seat may see at the table, and nothing more.

A ``SeatView`` is built from a ``Table`` for one seat: his own hand, dummy's
hand once the opening lead is made (daw 74, Whist Club 61, Royalton 52), the
turned trump (AWL III §1), the calls, the cards played, a claim or an
irregularity before the table, and the score the deal is played for. The other
hands are never copied into it, so a player given a view cannot look at them
(lila's rule: every event is tagged with who may see it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..calls import DENOMINATIONS, Bid, Call, Contract
from ..cards import Seat
from ..codes import Code
from ..errors import WhistError
from ..records import CardPlayed, ClaimAnswered
from ..scoring import Rubber
from ..table import Pending, Phase, Table

__all__ = ["ScoreContext", "SeatView", "ViewError"]


class RobotError(WhistError):
    """A robot, robot style or robot bench asked for that cannot be had."""


class ViewError(WhistError):
    """A view asked of a seat that has no part at the table now."""


@dataclass(frozen=True, slots=True)
class ScoreContext:
    """The score the deal is played for ("know the score", Hopson).

    ``duplicate``: each deal scored alone, game won in the one deal (daw 7;
    docs/spec.md §2.2.8). Otherwise a rubber: ``below`` is each side's trick points
    toward the game in progress and ``games`` the games each side has won
    (Whist Club 1-3, Royalton 84, 93). Pairs are (North-South, East-West).
    """

    duplicate: bool = True
    below: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)

    @classmethod
    def of_rubber(cls, rubber: Rubber) -> ScoreContext:
        """The score of the rubber in progress, for its next deal: trick points
        toward the game being played and the games won (Whist Club 1-3,
        Royalton 84, 93)."""
        return cls(duplicate=False, below=rubber.below, games=rubber.games)

    def ours(self, seat: Seat) -> tuple[int, int]:
        """(our trick points toward game, theirs)."""
        return self.below[seat.side], self.below[1 - seat.side]

    def our_games(self, seat: Seat) -> tuple[int, int]:
        return self.games[seat.side], self.games[1 - seat.side]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's sight of the table. Hands are 52-bit ints; tricks are
    (leader, cards in play order) as in ``Play.tricks``."""

    seat: Seat
    code: Code
    phase: Phase
    dealer: Seat
    number: int
    hand: int  # the cards he holds now
    held: int  # the thirteen cards he was dealt
    calls: tuple[tuple[Seat, Call], ...]
    score: ScoreContext
    contract: Contract | None = None
    declarer: Seat | None = None  # the player of the combined hands
    dummy: Seat | None = None
    dummy_hand: int | None = None  # dummy's cards, once faced
    trump: int = -1  # trump suit number; -1 at no-trump and nullo, or before the play
    turned: int | None = None  # Duplicate Whist's turned trump, seen by all
    tricks: tuple[tuple[Seat, tuple[int, ...]], ...] = ()
    trick: tuple[int, ...] = ()  # the trick in progress
    leader: Seat | None = None  # who led the trick in progress
    to_play: Seat | None = None  # the hand to play (dummy's, when he plays for dummy)
    won: tuple[int, int] = (0, 0)  # tricks of North-South, East-West
    legal_calls: tuple[Call, ...] = ()
    legal_cards: tuple[int, ...] = ()
    claim: tuple[Seat, int] | None = None  # (claimant, tricks claimed)
    # A claim disputed since the last card: the play goes on (daw 88).
    claim_disputed: bool = False
    pending: Pending | None = None  # an irregularity awaiting his ruling
    played: int = field(default=0)  # every card seen played, as a 52-bit int
    # Cards each seat (N, E, S, W) has face up on the table, liable to be
    # called: every player sees them (daw 80, 86; Whist Club 69; Royalton 63).
    face_up: tuple[int, int, int, int] = (0, 0, 0, 0)

    @classmethod
    def of(cls, table: Table, seat: Seat, score: ScoreContext | None = None) -> SeatView:
        """The view of ``seat`` at ``table`` now."""
        code = table.code
        if score is None:
            score = ScoreContext(duplicate=not code.rubbers)
        deal = table.deal
        play = table.play
        calls: tuple[tuple[Seat, Call], ...] = (
            tuple(table.auction.calls) if table.auction is not None else ()
        )
        hand = deal.hands[seat] if play is None else play.hands[seat]
        kw: dict[str, object] = {}
        if play is not None:
            played = 0
            for _, cards in play.tricks:
                for c in cards:
                    played |= 1 << c
            for c in play.trick:
                played |= 1 << c
            kw.update(
                declarer=play.declarer,
                dummy=play.dummy,
                trump=play.trump,
                tricks=tuple(play.tricks),
                trick=tuple(play.trick),
                leader=Seat(play.leader),
                to_play=play.turn,
                won=(play.won[0], play.won[1]),
                played=played,
            )
            if play.dummy is not None and play.dummy_faced:
                kw["dummy_hand"] = play.hands[play.dummy]
            up = table.face_up
            if up:
                kw["face_up"] = tuple(up.get(s, 0) for s in Seat)
        elif table.auction is not None:
            kw["declarer"] = table.auction.declarer
        acting = table.to_act == seat
        if acting and table.phase == "auction":
            kw["legal_calls"] = tuple(table.legal_calls())
        if acting and table.phase == "play":
            kw["legal_cards"] = tuple(table.legal_cards())
        claim = table.claim_pending
        if claim is not None:
            kw["claim"] = (claim.seat, claim.tricks)
        if table.phase == "play":
            kw["claim_disputed"] = _claim_disputed(table)
        if table.pending is not None and seat in table.pending.choosers:
            kw["pending"] = table.pending
        return cls(
            seat=seat,
            code=code,
            phase=table.phase,
            dealer=deal.dealer,
            number=deal.number,
            hand=hand,
            held=deal.hands[seat],
            calls=calls,
            score=score,
            contract=table.contract,
            turned=deal.turned,
            **kw,  # type: ignore[arg-type]
        )

    # -- what the auction has shown ------------------------------------------

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def last_bid(self) -> tuple[Seat, Bid] | None:
        """The declaration standing, and who made it."""
        for s, c in reversed(self.calls):
            if isinstance(c, Bid):
                return s, c
        return None

    def bids_of(self, seat: Seat) -> list[Bid]:
        """The declarations ``seat`` has made, in order."""
        return [c for s, c in self.calls if s == seat and isinstance(c, Bid)]

    @property
    def forced_opening(self) -> Bid | None:
        """The dealer's opening one of the code's least-valued suit where he must
        declare (daw 52, Whist Club 44): it shows nothing. Hopson, "The
        Dealer's Bid": one spade "does not mean strength in spades ... he may
        not have in his hand a single spade." None in every other auction."""
        if not self.calls or self.code.dealer_may_pass:
            return None
        call = self.calls[0][1]
        if not isinstance(call, Bid) or call.level != 1 or call.royal:
            return None
        values = self.code.trick_values
        suits = {k: v for k, v in values.items() if DENOMINATIONS[k].trump is not None}
        low = min(suits.values())
        lowest = [k for k, v in suits.items() if v == low]
        return call if lowest == [call.denomination] else None

    def bids_shown(self, seat: Seat) -> list[Bid]:
        """The declarations ``seat`` has made that show his hand: all but the
        dealer's forced opening (``forced_opening``)."""
        bids = self.bids_of(seat)
        if seat == self.dealer and bids and self.forced_opening is not None:
            return bids[1:]
        return bids

    @property
    def doubled(self) -> int:
        """0, or 1 doubled, 2 redoubled: the standing declaration's state."""
        n = 0
        for _, c in reversed(self.calls):
            if isinstance(c, Bid):
                break
            if c.value in ("double", "redouble"):
                n += 1
        return n

    @property
    def position(self) -> int:
        """1 for the dealer, 2 the second bidder, 3 the third (dealer's partner),
        4 the fourth (Hopson's chapters by seat)."""
        return (int(self.seat) - int(self.dealer)) % 4 + 1

    @property
    def hands_seen(self) -> int:
        """Every card he can see in a hand: his own, and dummy's once faced."""
        return self.hand | (self.dummy_hand or 0)


def _claim_disputed(table: Table) -> bool:
    """Whether a claim has been disputed since the last card was played."""
    for e in reversed(table.events):
        if isinstance(e, CardPlayed):
            return False
        if isinstance(e, ClaimAnswered) and not e.accepted:
            return True
    return False
