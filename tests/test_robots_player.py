"""The player interface (robots/player.py) and the seat's view (robots/view.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Call, Other
from auctionwhist.cards import Seat
from auctionwhist.dealing import deal
from auctionwhist.records import Bridged, CallMade, CardPlayed, LeadCalled, Ruling
from auctionwhist.robots.bidding import BiddingRobot
from auctionwhist.robots.player import (
    LowestCardPlayer,
    Player,
    PlayerBase,
    PlayerError,
    RandomPlayer,
    act,
    decide,
    play_deal,
    table_actor,
)
from auctionwhist.robots.randomplayer import random_action
from auctionwhist.robots.view import ScoreContext, SeatView
from auctionwhist.table import Table

CODES = ("daw", "auction", "royals", "royalton", "whist")


def _everyone(p: Player) -> dict[Seat, Player]:
    return {s: p for s in Seat}


def _visible(view: SeatView) -> int:
    """Every card the view's int fields name."""
    seen = view.hand | view.held | (view.dummy_hand or 0) | view.played
    if view.turned is not None:
        seen |= 1 << view.turned
    return seen


def _may_see(table: Table, seat: Seat) -> int:
    """Own hand, dummy once the opening lead is made (daw 74), the played cards
    and the turned trump (AWL III §1)."""
    ok = table.deal.hands[seat]
    play = table.play
    if play is not None:
        for _, cards in play.tricks:
            for c in cards:
                ok |= 1 << c
        for c in play.trick:
            ok |= 1 << c
        if play.dummy is not None and play.dummy_faced:
            ok |= play.hands[play.dummy]
    if table.deal.turned is not None:
        ok |= 1 << table.deal.turned
    return ok


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CODES), st.integers(0, 10_000), st.integers(0, 60))
def test_seat_view_never_shows_hidden_cards(code: str, seed: int, steps: int) -> None:
    """Property: at any point of a deal a seat's view holds only his own hand,
    dummy's after the opening lead (daw 74, Whist Club 61, Royalton 52), the
    cards played and the turned trump; never another closed hand."""
    t = Table(code, deal(code, None, seed % 16 + 1, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if t.is_over:
            break
        random_action(t, rng)
    for seat in Seat:
        v = SeatView.of(t, seat)
        assert v.held == t.deal.hands[seat]
        assert _visible(v) & ~_may_see(t, seat) == 0
        if t.play is not None and not t.play.dummy_faced:
            assert v.dummy_hand is None
        if t.to_act != seat:
            assert v.legal_calls == () and v.legal_cards == ()


def test_dummy_is_seen_only_after_the_opening_lead_daw_74() -> None:
    t = Table("daw", deal("daw", None, 1, seed=3))
    rng = random.Random(0)
    while t.phase == "auction":
        random_action(t, rng)
    play = t.play
    assert play is not None and play.dummy is not None
    leader = play.turn
    assert SeatView.of(t, leader).dummy_hand is None
    t.play_card(t.legal_cards()[0])
    for seat in Seat:
        assert SeatView.of(t, seat).dummy_hand == play.hands[play.dummy]


def test_view_score_context_defaults_by_code() -> None:
    """daw 7: game in one deal (duplicate); the rubber codes start a rubber at love."""
    daw = SeatView.of(Table("daw", deal("daw", None, 1, seed=1)), Seat.NORTH)
    auction = SeatView.of(Table("auction", deal("auction", None, 1, seed=1)), Seat.NORTH)
    assert daw.score.duplicate and not auction.score.duplicate
    ctx = ScoreContext(duplicate=False, below=(24, 6), games=(1, 0))
    assert ctx.ours(Seat.EAST) == (6, 24) and ctx.our_games(Seat.SOUTH) == (1, 0)


@pytest.mark.parametrize("make", [RandomPlayer, LowestCardPlayer, BiddingRobot])
def test_play_deal_completes_every_code(code_key: str, make: type[PlayerBase]) -> None:
    for n in range(1, 9):
        t = Table(code_key, deal(code_key, None, n, seed=n))
        play_deal(t, _everyone(make()), random.Random(n))
        assert t.is_over
        t.score()


def test_players_implement_the_protocol() -> None:
    for p in (RandomPlayer(), LowestCardPlayer(), BiddingRobot()):
        assert isinstance(p, Player)


class _Cheat(RandomPlayer):
    def call(self, view: SeatView, rng: random.Random) -> Call:
        return Other.DOUBLE


def test_an_illegal_answer_is_refused() -> None:
    t = Table("daw", deal("daw", None, 1, seed=1))
    with pytest.raises(PlayerError, match="not a legal call"):
        act(t, _everyone(_Cheat()), random.Random(0))


def test_play_deal_needs_four_players() -> None:
    t = Table("daw", deal("daw", None, 1, seed=1))
    with pytest.raises(PlayerError, match="no player in seat"):
        play_deal(t, {Seat.NORTH: RandomPlayer()}, random.Random(0))


def test_a_concession_is_accepted_and_ends_the_deal_daw_86() -> None:
    t = Table("daw", deal("daw", None, 1, seed=2))
    players = _everyone(LowestCardPlayer())
    rng = random.Random(0)
    while t.phase != "play":
        act(t, players, rng)
    play = t.play
    assert play is not None
    t.claim(play.actor, 0)
    for _ in range(2):  # the two adversaries answer
        if not t.is_over:
            act(t, players, rng)
    assert t.is_over


def test_penalty_is_chosen_in_laws_mode_royalton_37() -> None:
    """A call out of turn awaits the adversaries' choice; the player rules."""
    d = deal("royalton", None, 1, seed=4)
    t = Table("royalton", d, mode="laws")
    t.call(Bid(1, "H"), seat=d.dealer.left)
    assert t.phase == "penalty"
    pend = t.pending
    assert pend is not None
    view = SeatView.of(t, pend.choosers[0])
    assert view.pending is pend
    act(t, _everyone(BiddingRobot()), random.Random(0))
    assert t.phase != "penalty"


def test_nullo_is_bridged_or_kept_royalton_34() -> None:
    d = deal("royalton", None, 1, seed=5)
    t = Table("royalton", d)
    t.call(Bid(1, "NL"))
    for _ in range(3):
        t.call(Other.PASS)
    assert t.phase == "bridging"
    act(t, _everyone(BiddingRobot()), random.Random(0))
    assert isinstance(t.events[-1], Bridged | LeadCalled)


def test_table_actor_takes_one_action() -> None:
    t = Table("auction", deal("auction", None, 1, seed=1))
    one = table_actor(BiddingRobot())
    rng = random.Random(0)
    n = 0
    while not t.is_over:
        one(t, rng)
        n += 1
    assert n >= 4 + 52 - 1 or t.contract is None


def test_lowest_card_player_wins_cheaply_or_plays_low() -> None:
    t = Table("daw", deal("daw", None, 1, seed=7))
    players = _everyone(LowestCardPlayer())
    rng = random.Random(0)
    while t.phase == "auction":
        act(t, players, rng)
    for _ in range(20):
        if t.is_over:
            break
        seat = t.to_act
        assert seat is not None
        v = SeatView.of(t, seat)
        c = players[seat].card(v, rng)
        assert c in v.legal_cards
        t.play_card(c)


def test_a_robot_decides_an_action_as_data_and_the_table_acts_it() -> None:
    """``decide`` answers with the record the table takes: a call, or for a
    dummy's card, the card from dummy's seat (daw 74)."""
    t = Table("daw", deal("daw", None, 1, seed=7))
    players = _everyone(LowestCardPlayer())
    rng = random.Random(0)
    while not t.is_over:
        action = decide(t, players, rng)
        assert t.can(action)
        if t.phase == "auction":
            assert isinstance(action, CallMade) and action.seat == t.to_act
        elif t.phase == "play":
            assert t.play is not None
            assert isinstance(action, CardPlayed) and action.seat == t.play.turn
        assert t.act(action) == action and t.events[-1] == action


def test_a_robot_ruling_that_cannot_be_carried_out_falls_back_royalton_37() -> None:
    """The robot's own choice of remedy is tried first; when it cannot be carried
    out, the first the law offers that can be (``Table.workable_ruling``)."""
    d = deal("royalton", None, 1, seed=4)
    t = Table("royalton", d, mode="laws")
    t.call(Bid(8, "C"), seat=d.dealer.left)

    class Stander(BiddingRobot):
        def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
            return "stand", ""

    action = decide(t, _everyone(Stander()), random.Random(0))
    assert isinstance(action, Ruling) and action == t.workable_ruling()
    assert action.option != "stand"
