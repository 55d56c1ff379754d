"""The frozen records of a deal's event log.

A deal at a table is its event log: the state (auction, play, result) is
derived by replaying these records, and persistence, replay, PBN and JSON all
read the same log. Each record names the seat that acted.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calls import Call
from .cards import Deal, Seat, Suit

__all__ = [
    "Action",
    "Bridged",
    "CallMade",
    "CardExposed",
    "CardPlayed",
    "ClaimAnswered",
    "Claimed",
    "Dealt",
    "Event",
    "IrregularCall",
    "IrregularCard",
    "Irregularity",
    "LeadCalled",
    "RenounceCorrected",
    "Ruling",
    "TableMode",
    "TrumpDeclared",
]


@dataclass(frozen=True, slots=True)
class Dealt:
    deal: Deal
    code: str


@dataclass(frozen=True, slots=True)
class CallMade:
    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class Bridged:
    """Royalton law 34: the declarant of a nullo passes the play to his partner."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class LeadCalled:
    """Royalton law 34: the declarant of a nullo keeps the play and calls the
    opening lead, ending his privilege of bridging."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` is the hand the card comes from (dummy's cards are dummy's seat)."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class Claimed:
    """``seat`` claims that his side wins ``tricks`` of the tricks still to play."""

    seat: Seat
    tricks: int


@dataclass(frozen=True, slots=True)
class ClaimAnswered:
    seat: Seat
    accepted: bool


# -- the laws at work (laws mode: the table lets irregularities happen) --------


@dataclass(frozen=True, slots=True)
class TrumpDeclared:
    """AWL law IV §11: by the players' unanimous consent a trump suit is declared
    for the match and no card is turned (Duplicate Whist). Follows the deal."""

    suit: Suit


@dataclass(frozen=True, slots=True)
class TableMode:
    """Second record of a log played in ``laws`` mode (``enforce`` logs have none)."""

    mode: str


@dataclass(frozen=True, slots=True)
class IrregularCall:
    """A call the laws forbid, made anyway: out of turn, insufficient, impossible,
    doubling the partner, redoubling twice, or by a debarred player. The table
    names the offence; the adversaries' ``Ruling`` says what becomes of it."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class IrregularCard:
    """A card led or played out of turn (daw 89-96, Whist Club 76-82, Royalton
    59-61 and 73, AWL VIII-IX)."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card exposed, dropped face upward or named by its holder (daw 79-83,
    Whist Club 67-70, Royalton 50-51 and 63-64, AWL VII)."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class RenounceCorrected:
    """``seat`` takes back ``card``, a renounce in error corrected before the
    revoke is established (daw 103, Whist Club 88, Royalton 78, AWL X §3)."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Any other irregularity, by the offence's key in ``auctionwhist.laws``:
    information after the auction, dummy's suggestion, a look at a quitted trick,
    the trump slip... ``card`` is the card concerned, if any."""

    seat: Seat
    offence: str
    card: int | None = None


@dataclass(frozen=True, slots=True)
class Ruling:
    """``seat`` (the player entitled by the law) chooses ``option`` for the
    irregularity before the table; ``arg`` is a suit (``"H"``) or card (``"SA"``)
    where the option names one."""

    seat: Seat
    offence: str
    option: str
    arg: str = ""


Event = (
    Dealt
    | CallMade
    | Bridged
    | LeadCalled
    | CardPlayed
    | Claimed
    | ClaimAnswered
    | TrumpDeclared
    | TableMode
    | IrregularCall
    | IrregularCard
    | CardExposed
    | RenounceCorrected
    | Irregularity
    | Ruling
)

Action = (
    CallMade
    | IrregularCall
    | CardPlayed
    | IrregularCard
    | Claimed
    | ClaimAnswered
    | Bridged
    | LeadCalled
    | CardExposed
    | RenounceCorrected
    | Irregularity
    | Ruling
)
"""What a person at the table can do, as data: ``Table.verify`` / ``can`` /
``act`` take one. ``CallMade`` and ``CardPlayed`` are the call or card of the
player in turn; ``IrregularCall`` and ``IrregularCard`` a call or card by the
seat named, in or out of turn (laws mode records what it turns out to be)."""
