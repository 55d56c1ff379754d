"""Random legal event logs, for the format round-trip tests."""

from __future__ import annotations

import random

from auctionwhist.dealing import deal
from auctionwhist.records import Event
from auctionwhist.robots import play_random_deal
from auctionwhist.table import Table


def random_log(code: str, seed: int, stop: int) -> tuple[Event, ...]:
    """A legal log through the Table: random calls, bridging, cards and claims,
    stopped after ``stop`` actions (or at the end of the deal)."""
    rng = random.Random(seed)
    table = Table(code, deal(code, number=rng.randint(1, 16), rng=rng))
    play_random_deal(table, rng, claims=0.03, stop=stop)
    return table.events
