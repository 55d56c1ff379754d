"""The frozen records of a deal's event log.

A deal at a table is its event log: the state (auction, play, result) is
derived by replaying these records, and persistence, replay, PBN and JSON all
read the same log. Each record names the seat that acted.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calls import Call
from .cards import Deal, Seat

__all__ = [
    "Bridged",
    "CallMade",
    "CardPlayed",
    "ClaimAnswered",
    "Claimed",
    "Dealt",
    "Event",
    "LeadCalled",
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


Event = Dealt | CallMade | Bridged | LeadCalled | CardPlayed | Claimed | ClaimAnswered
