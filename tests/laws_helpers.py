"""Helpers for the laws tests: play a deal with the lowest lawful card."""

from __future__ import annotations

from collections.abc import Callable

from auctionwhist.calls import parse_call
from auctionwhist.cards import Seat
from auctionwhist.dealing import deal
from auctionwhist.table import Table


def laws_table(code: str, seed: int = 1) -> Table:
    return Table(code, deal(code, seed=seed), "laws")


def bid(t: Table, *calls: str) -> None:
    for c in calls:
        t.call(parse_call(c))


def opened(code: str, seed: int = 1) -> Table:
    """A laws-mode table at the opening lead: one heart, then three passes."""
    t = laws_table(code, seed)
    bid(t, "1H", "pass", "pass", "pass")
    return t


def held(t: Table, seat: Seat) -> list[int]:
    """The cards ``seat`` still holds, lowest first."""
    assert t.play is not None
    return [c for c in range(52) if t.play.hands[seat] >> c & 1]


def run(t: Table, stop: Callable[[Table], bool] | None = None) -> None:
    """Play the lowest lawful card until ``stop`` or the play ends or halts."""
    while t.phase == "play":
        if stop is not None and stop(t):
            return
        t.play_card(t.legal_cards()[0])


def can_renounce(t: Table, seat: Seat) -> bool:
    """Whether it is ``seat``'s turn and he holds a card that renounces."""
    p = t.play
    assert p is not None
    return p.turn == seat and any(p.is_renounce(c, seat) for c in range(52))


def renounce(t: Table, seat: Seat) -> int:
    """``seat`` plays his lowest card of another suit while holding the suit led."""
    p = t.play
    assert p is not None
    c = next(c for c in range(52) if p.is_renounce(c, seat))
    t.play_card(c)
    return c
