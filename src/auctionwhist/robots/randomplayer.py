"""Random legal actions at a table, reproducible from the ``rng`` given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..calls import Bid, Call, Other
from ..table import Table

__all__ = ["play_random_deal", "random_action", "random_call"]


def random_call(calls: Sequence[Call], rng: random.Random) -> Call:
    """A random legal call, drawn so that auctions end at sensible levels.

    A pass (or Royalton's "no bid") 60% of the time it is legal; a double or
    redouble 10% of the time it is legal; otherwise one of the six lowest
    legal bids. A uniform choice over all bids would climb to seven at once.
    """
    passes = [c for c in calls if c is Other.PASS or c is Other.NO_BID]
    bids = [c for c in calls if isinstance(c, Bid)]
    doubles = [c for c in calls if c is Other.DOUBLE or c is Other.REDOUBLE]
    r = rng.random()
    if passes and (r < 0.6 or not bids):
        return passes[0]
    if doubles and r < 0.7:
        return doubles[0]
    if bids:
        return bids[rng.randrange(min(6, len(bids)))]
    return calls[rng.randrange(len(calls))]


def random_action(table: Table, rng: random.Random, claims: float = 0.0) -> None:
    """Take one random legal action for whoever is to act.

    ``claims`` is the chance that the player to play claims instead, a random
    number of the tricks left; claims are accepted 70% of the time.
    """
    phase = table.phase
    if phase == "auction":
        table.call(random_call(table.legal_calls(), rng))
    elif phase == "play":
        play = table.play
        assert play is not None
        if claims and rng.random() < claims:
            table.claim(play.actor, rng.randint(0, 13 - len(play.tricks)))
        else:
            cards = table.legal_cards()
            table.play_card(cards[rng.randrange(len(cards))])
    elif phase == "bridging":
        # Royalton law 34: bridge the nullo or keep it, at random.
        if rng.random() < 0.5:
            table.bridge()
        else:
            table.call_lead()
    elif phase == "claim":
        seat = table.to_act
        assert seat is not None
        table.answer_claim(seat, rng.random() < 0.7)
    else:
        raise ValueError("the deal is finished; there is no action to take")


def play_random_deal(
    table: Table, rng: random.Random, claims: float = 0.0, stop: int | None = None
) -> int:
    """Take random legal actions until the deal ends (or ``stop`` actions);
    return the number of actions taken."""
    actions = 0
    while table.phase != "done" and (stop is None or actions < stop):
        random_action(table, rng, claims)
        actions += 1
    return actions
