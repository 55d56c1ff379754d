"""Three laws-mode deals with a penalty that ``score_deal(table.result())``
alone would not give, for the tests that every path reads the one scorer
(``Table.score``) of a finished deal (issue 16).

Each irregularity is a ``Script``: called with a table before whoever is to
act there acts, it commits its irregularity (or carries out its ruling) and
says whether it acted. One script commits once, at the first table where it
can; so the same script drives a lone table, a library match and the web app.

The deals on their own are ``deal(code, seed=1)`` (see test_laws_deals.py):
North declares one heart and the others pass; played with the lowest lawful
card North-South take 7 tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from auctionwhist.cards import Seat
from auctionwhist.records import Event
from auctionwhist.table import Table
from laws_helpers import bid, can_renounce, laws_table, renounce

N, E, S, W = Seat


@dataclass
class Script:
    """An irregularity committed once; ``table`` is where it was."""

    table: Table | None = field(default=None, init=False)

    def __call__(self, t: Table) -> bool:
        raise NotImplementedError


@dataclass
class RoyaltonInfraction(Script):
    """Royalton 99: West commits an infraction with no specific penalty once
    the play has begun; 25 points go to North-South's penalty (honor) column."""

    offender: Seat = W

    def __call__(self, t: Table) -> bool:
        if self.table is not None or t.phase != "play":
            return False
        self.table = t
        t.report(self.offender, "infraction")
        return True


@dataclass
class DawRevoke(Script):
    """Goodfellow 101B: an adversary of the declarant revokes (renounces
    holding the suit led, and the revoke is established); at the end the
    declarant takes his 150 points in the honor column, not three tricks."""

    def __call__(self, t: Table) -> bool:
        p = t.pending
        if t is self.table and p is not None and p.offence.key == "revoke":
            assert t.to_act is not None
            t.rule(t.to_act, "revoke_points")
            return True
        play = t.play
        if self.table is not None or t.phase != "play" or play is None:
            return False
        if play.declarer is None or play.turn.side == play.declarer.side:
            return False
        if not can_renounce(t, play.turn):
            return False
        self.table = t
        renounce(t, play.turn)
        return True


@dataclass
class WhistRevoke(Script):
    """AWL X §4: ``seat`` revokes at the first chance; two tricks move to the
    adversaries, but not below the average of the other tables."""

    seat: Seat = E

    def __call__(self, t: Table) -> bool:
        if self.table is not None or t.phase != "play" or not can_renounce(t, self.seat):
            return False
        self.table = t
        renounce(t, self.seat)
        return True


def lowest(t: Table) -> None:
    """The lowest lawful action: first legal call or card, first ruling."""
    if t.phase == "auction":
        t.call(t.legal_calls()[0])
    elif t.phase == "penalty":
        p = t.pending
        assert p is not None and t.to_act is not None
        t.rule(t.to_act, p.offence.options[0].key)
    else:
        t.play_card(t.legal_cards()[0])


def played_alone(script: Script, code: str) -> tuple[Event, ...]:
    """The deal of ``code`` (seed 1) at a lone laws-mode table, with ``script``."""
    t = laws_table(code)
    if code != "whist":
        bid(t, "1H", "pass", "pass", "pass")
    while not t.is_over:
        if not script(t):
            lowest(t)
    return t.events


def royalton_infraction() -> tuple[Event, ...]:
    """1H by North made with 7 tricks: 10 trick points (Royalton 83), no
    honors (85); West's infraction: 25 to North-South (99). 35 to 0."""
    return played_alone(RoyaltonInfraction(), "royalton")


def daw_revoke() -> tuple[Event, ...]:
    """1H by North; West revokes in trick 1 and North takes 150 points
    (Goodfellow 101B). North-South take 5 tricks: down two, 100 to East-West
    (law 69); North-South four honors 32 (law 17) and 150. 182 to 100."""
    return played_alone(DawRevoke(), "daw")


def whist_revoke() -> tuple[Event, ...]:
    """East revokes in trick 1; North-South take 6 tricks, East-West 7. With
    no average: two tricks move, 8 to 5; with North-South's average 8.5
    elsewhere East-West may keep no more than 4 (AWL X §4): 9 to 4."""
    return played_alone(WhistRevoke(), "whist")
