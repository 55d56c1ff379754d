"""The player interface: the table asks, the player answers, seeing only his view.

Humans, robots and the web app's seats all implement ``Player``. Each method
gets the ``SeatView`` of the seat asked (never another hand) and the random
generator of the deal, so robot play is reproducible from one seed.
``play_deal`` drives a ``Table`` to its end with four players; ``decide`` asks
for one action as data and ``act`` takes it (the shape ``duplicate.match`` and
the web app use).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from ..calls import Call
from ..cards import Seat
from ..errors import WhistError
from ..records import (
    Action,
    Bridged,
    CallMade,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    LeadCalled,
    Ruling,
)
from ..table import Table, TableError
from .randomplayer import random_call
from .view import ScoreContext, SeatView

__all__ = [
    "CardPolicy",
    "LowestCardPlayer",
    "Player",
    "PlayerBase",
    "PlayerError",
    "RandomPlayer",
    "act",
    "answer",
    "decide",
    "play_deal",
    "table_actor",
]


class PlayerError(WhistError):
    """A player answered with something the table cannot take."""


@runtime_checkable
class Player(Protocol):
    """What the table asks of whoever sits in a seat."""

    def call(self, view: SeatView, rng: random.Random) -> Call:
        """A call from ``view.legal_calls``."""
        ...

    def card(self, view: SeatView, rng: random.Random) -> int:
        """A card from ``view.legal_cards`` (from dummy's hand when
        ``view.to_play`` is dummy)."""
        ...

    def claim(self, view: SeatView, rng: random.Random) -> int | None:
        """Before his card: the tricks he claims of those left, or None to play on
        (daw 86-88, Whist Club 74, Royalton 69)."""
        ...

    def answer_claim(self, view: SeatView, rng: random.Random) -> bool:
        """Accept (True) or dispute ``view.claim``."""
        ...

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        """Royalton law 34: bridge the nullo to his partner (True) or call the lead."""
        ...

    def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
        """The remedy he chooses for ``view.pending``: (option key, suit or card)."""
        ...


class PlayerBase:
    """Sensible answers for everything but the call and the card; subclass it."""

    def call(self, view: SeatView, rng: random.Random) -> Call:
        raise NotImplementedError

    def card(self, view: SeatView, rng: random.Random) -> int:
        raise NotImplementedError

    def claim(self, view: SeatView, rng: random.Random) -> int | None:
        return None

    def answer_claim(self, view: SeatView, rng: random.Random) -> bool:
        # Without looking further, a concession of every trick left is accepted;
        # any other claim is disputed and the play goes on.
        return view.claim is not None and view.claim[1] == 0

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        # Royalton law 34: keep the play; his partner's hand is not yet seen.
        return False

    def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
        p = view.pending
        if p is None:
            raise PlayerError("there is no irregularity before the table")
        keys = [o.key for o in p.options]
        # daw 101B, Whist Club 86b: take three tricks when they make the
        # contract, else the points.
        if "revoke_points" in keys and "revoke_tricks" in keys:
            return ("revoke_tricks" if _tricks_help(view) else "revoke_points"), ""
        opt = p.options[0]
        return opt.key, ("S" if opt.arg == "suit" else "")


def _tricks_help(view: SeatView) -> bool:
    if view.contract is None or view.declarer is None:
        return False
    ours = view.won[view.declarer.side]
    return ours < 6 + view.contract.level <= ours + 3


CardPolicy = Callable[[SeatView, random.Random], int]


class RandomPlayer(PlayerBase):
    """The random legal policy of ``randomplayer`` behind the interface."""

    def call(self, view: SeatView, rng: random.Random) -> Call:
        return random_call(list(view.legal_calls), rng)

    def card(self, view: SeatView, rng: random.Random) -> int:
        cards = view.legal_cards
        return cards[rng.randrange(len(cards))]

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        return rng.random() < 0.5


class LowestCardPlayer(PlayerBase):
    """A plain card player: win the trick as cheaply as possible when no partner
    holds it already, else play the lowest card. Lead the lowest card of the
    longest suit (at nullo, the lowest card held)."""

    def call(self, view: SeatView, rng: random.Random) -> Call:
        return random_call(list(view.legal_calls), rng)

    def card(self, view: SeatView, rng: random.Random) -> int:
        return lowest_or_cheapest_win(view)


def lowest_or_cheapest_win(view: SeatView) -> int:
    from ..play import trick_winner

    cards = view.legal_cards
    if not cards:
        raise PlayerError("no card is legal now")
    nullo = view.contract is not None and view.contract.denom.nullo
    if not view.trick:
        if nullo:
            return min(cards, key=lambda c: c % 13)
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(c // 13, []).append(c)
        longest = max(by_suit.values(), key=len)
        return min(longest)
    trick = list(view.trick)
    best = trick_winner(trick, view.trump)
    mine = view.to_play if view.to_play is not None else view.seat
    leader = view.leader if view.leader is not None else mine
    partner_winning = (int(leader) + best) % 4 == int(mine.partner)
    winners = [c for c in cards if trick_winner([*trick, c], view.trump) == len(trick)]
    if nullo:
        losers = [c for c in cards if c not in winners]
        pool = losers or cards
        return max(pool, key=lambda c: (c // 13 != trick[0] // 13, c % 13))
    if winners and not partner_winning:
        return min(winners, key=lambda c: (c // 13 == view.trump, c % 13))
    return min(cards, key=lambda c: (c // 13 == view.trump, c % 13))


def act(
    table: Table,
    players: Mapping[Seat, Player],
    rng: random.Random,
    score: ScoreContext | None = None,
) -> None:
    """Ask whoever is to act at ``table`` and carry out his answer."""
    table.act(decide(table, players, rng, score))


def decide(
    table: Table,
    players: Mapping[Seat, Player],
    rng: random.Random,
    score: ScoreContext | None = None,
) -> Action:
    """The action whoever is to act at ``table`` answers with, as data."""
    seat = table.to_act
    if seat is None:
        raise TableError("the deal is finished; there is no action to take")
    view = SeatView.of(table, seat, score)
    action = answer(players[seat], view, rng)
    if isinstance(action, Ruling) and not table.can(action):
        return table.workable_ruling(seat)
    if isinstance(action, Claimed) and not table.can(action):
        # A claim goes through the table's claim laws: one it would refuse is
        # not made, and the player plays his card instead.
        return _card(players[seat], view, rng)
    return action


def answer(player: Player, view: SeatView, rng: random.Random) -> Action:
    """The action ``player`` answers with, from the view of the seat to act
    alone: what ``decide`` asks at a table, and what a robot thinking in
    another process is sent (``robots.pool``). A ruling is checked by the
    table that receives it (``decide``)."""
    seat = view.seat
    phase = view.phase
    if phase == "auction":
        call = player.call(view, rng)
        if call not in view.legal_calls:
            raise PlayerError(f"{seat.name.title()} made {call}, which is not a legal call now")
        return CallMade(seat, call)
    if phase == "play":
        assert view.to_play is not None
        # A claim disputed stands for nothing (daw 88: only one admitted is
        # the result): the play goes on, a card before any new claim.
        claimed = None if view.claim_disputed else player.claim(view, rng)
        if claimed is not None:
            return Claimed(seat, claimed)
        return _card(player, view, rng)
    if phase == "bridging":
        return Bridged(seat) if player.bridge(view, rng) else LeadCalled(seat)
    if phase == "claim":
        return ClaimAnswered(seat, player.answer_claim(view, rng))
    if phase == "penalty":
        assert view.pending is not None
        option, arg = player.rule(view, rng)
        return Ruling(seat, view.pending.offence.key, option, arg)
    raise TableError(f"no action in phase {phase}")  # pragma: no cover - "done" has no one to act


def _card(player: Player, view: SeatView, rng: random.Random) -> CardPlayed:
    assert view.to_play is not None
    c = player.card(view, rng)
    if c not in view.legal_cards:
        raise PlayerError(f"{view.seat.name.title()} chose card {c}, which is not legal now")
    return CardPlayed(view.to_play, c)  # the hand it comes from: dummy's for dummy


def play_deal(
    table: Table,
    players: Mapping[Seat, Player],
    rng: random.Random,
    score: ScoreContext | None = None,
    stop: int | None = None,
) -> int:
    """Drive ``table`` to the end of the deal (or ``stop`` actions) with four
    players; return the number of actions taken."""
    missing = [s.char for s in Seat if s not in players]
    if missing:
        raise PlayerError(f"no player in seat {', '.join(missing)}")
    n = 0
    while table.phase != "done" and (stop is None or n < stop):
        act(table, players, rng, score)
        n += 1
    return n


def table_actor(
    players: Mapping[Seat, Player] | Player, score: ScoreContext | None = None
) -> Callable[[Table, random.Random], None]:
    """The one-action callable of ``duplicate.match.Player``: one player in
    every seat, or a player per seat."""
    seats: Mapping[Seat, Player] = (
        {s: players for s in Seat} if isinstance(players, Player) else players
    )

    def one(table: Table, rng: random.Random) -> None:
        act(table, seats, rng, score)

    return one
