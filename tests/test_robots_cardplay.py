"""The Monte Carlo card player: samples, leads, claims, and sight of its own view only."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionwhist.calls import parse_call, parse_contract
from auctionwhist.cards import Deal, Seat, card_from_str
from auctionwhist.codes import CODES
from auctionwhist.dealing import deal
from auctionwhist.records import Dealt
from auctionwhist.robots.cardplay import (
    MonteCarloPlayer,
    Settings,
    claim_holds,
    knowledge,
    monte_carlo_card,
    sample_hands,
    solver_strain,
)
from auctionwhist.robots.heuristic import HeuristicPlayer
from auctionwhist.robots.player import act, play_deal
from auctionwhist.robots.view import SeatView
from auctionwhist.table import Table

FAST = Settings(samples=3, min_samples=1, budget=0.05, nullo_cards=5, claim_samples=2)

# South declares spades; East holds the lone ace of trumps, South K Q J T 9.
PBN = "N:5432.AKQJ.AKQ.AK A.T98765.JT9.QJT KQJT9.432.432.43 876..8765.987652"


def _table(calls: str, dealer: Seat = Seat.SOUTH) -> Table:
    t = Table("daw", Deal.from_pbn(PBN, dealer=dealer))
    for c in calls.split():
        t.call(parse_call(c))
    return t


def _play_until(table: Table, cards: int, seed: int = 0) -> None:
    players = dict.fromkeys(Seat, HeuristicPlayer())
    rng = random.Random(seed)
    while table.phase != "done" and (table.play is None or table.play.played < cards):
        act(table, players, rng)


def test_opening_lead_fourth_best_of_the_long_suit_hopson() -> None:
    """The opening leader leads the fourth best of his long suit, not trumps."""
    t = _table("1S P P P")
    view = SeatView.of(t, Seat.WEST)
    assert monte_carlo_card(view, random.Random(1), FAST) == card_from_str("C6")


def test_opening_lead_partners_suit_hopson() -> None:
    """Partner declared diamonds: the leader opens them (fourth best from four)."""
    t = _table("1D 1NT P P P", Seat.EAST)
    view = SeatView.of(t, Seat.WEST)
    assert monte_carlo_card(view, random.Random(1), FAST) == card_from_str("D5")


def test_claim_checked_double_dummy_daw_86() -> None:
    """daw 86-88: a claim of every trick is disputed by the holder of the trump
    ace; a claim of one trick, which dummy's top cards assure, is accepted."""
    t = _table("1S P P P")
    t.play_card(card_from_str("C6"))  # West's opening lead
    t.claim(Seat.SOUTH, 13)
    east = SeatView.of(t, Seat.EAST)
    assert claim_holds(east, random.Random(2), samples=2) is False
    assert MonteCarloPlayer(settings=FAST).answer_claim(east, random.Random(2)) is False
    t.answer_claim(Seat.EAST, False)
    t.claim(Seat.SOUTH, 1)
    east = SeatView.of(t, Seat.EAST)
    assert claim_holds(east, random.Random(2), samples=2) is True


def _check_samples(view: SeatView, samples: list[tuple[int, int, int, int]]) -> None:
    k = knowledge(view)
    for hands in samples:
        for s, h in k.known.items():
            assert hands[s] == h
        union = 0
        for s in Seat:
            assert not union & hands[s]
            union |= hands[s]
        assert union == ((1 << 52) - 1) & ~view.played
        for s in k.hidden:
            assert hands[s].bit_count() == k.counts[s]
            for suit in range(4):
                if k.voids[s] >> suit & 1:
                    assert not hands[s] >> (13 * suit) & 0x1FFF
        for c, s in k.forced.items():
            assert hands[s] >> c & 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(CODES)), st.integers(0, 10_000), st.integers(1, 40))
def test_samples_fit_what_the_table_has_shown(code: str, seed: int, cards: int) -> None:
    """Every sample keeps the seen hands, the voids shown by renounces, the
    turned trump in the dealer's hand (AWL III §1) and each hand's count."""
    t = Table(code, deal(code, number=1, rng=random.Random(seed)))
    _play_until(t, cards, seed)
    if t.phase != "play":
        return
    seat = t.to_act
    assert seat is not None
    view = SeatView.of(t, seat)
    _check_samples(view, sample_hands(knowledge(view), 4, random.Random(seed)))


def _swap_hidden(table: Table, seat: Seat) -> Deal | None:
    """The deal with one unplayed card of a suit exchanged between two hands
    ``seat`` cannot see: everything in his view is unchanged."""
    view = SeatView.of(table, seat)
    k = knowledge(view)
    play = table.play
    assert play is not None
    for a in k.hidden:
        for b in k.hidden:
            if a >= b:
                continue
            for suit in range(4):
                mask = 0x1FFF << (13 * suit)
                ha = play.hands[a] & mask & ~sum(1 << c for c in k.forced)
                hb = play.hands[b] & mask & ~sum(1 << c for c in k.forced)
                if ha and hb:
                    ca, cb = ha & -ha, hb & -hb
                    hands = list(table.deal.hands)
                    hands[a] ^= ca | cb
                    hands[b] ^= ca | cb
                    d = table.deal
                    return Deal(
                        (hands[0], hands[1], hands[2], hands[3]),
                        d.dealer,
                        d.number,
                        d.turned,
                    )
    return None


@pytest.mark.parametrize("code", ["daw", "whist"])
def test_robot_never_sees_hidden_cards(code: str) -> None:
    """Two deals that differ only in cards the robot cannot see get the same card."""
    t = Table(code, deal(code, number=3, rng=random.Random(7)))
    _play_until(t, 22, 7)
    assert t.phase == "play"
    seat = t.to_act
    assert seat is not None
    other = _swap_hidden(t, seat)
    assert other is not None and other.hands != t.deal.hands
    events = t.events
    first = events[0]
    assert isinstance(first, Dealt)
    twin = Table.from_events([Dealt(other, first.code), *events[1:]])
    va, vb = SeatView.of(t, seat), SeatView.of(twin, seat)
    assert va == vb
    rich = Settings(samples=6, min_samples=6, budget=5.0)
    assert monte_carlo_card(va, random.Random(5), rich) == monte_carlo_card(
        vb, random.Random(5), rich
    )


@pytest.mark.slow  # double-dummy samples for every card
def test_robots_play_complete_deals_under_every_code(code_key: str) -> None:
    """Four robots play a deal to its end under each code, every card legal
    (``act`` refuses an illegal one)."""
    rng = random.Random(11)
    for n in range(2):
        t = Table(code_key, deal(code_key, number=n + 1, rng=rng))
        play_deal(t, dict.fromkeys(Seat, MonteCarloPlayer(settings=FAST)), rng)
        assert t.phase == "done"
        if t.play is not None:
            assert sum(t.tricks_won()) == 13


def test_nullo_played_to_the_end_royalton_law_83() -> None:
    """Royalton law 83: at nullo the robots duck; the deal ends with 13 tricks."""
    d = deal("royalton", number=1, rng=random.Random(4))
    t = Table("royalton", d)
    for c in ("1NL", "P", "P", "P"):
        t.call(parse_call(c))
    if t.phase == "bridging":
        t.call_lead()
    play_deal(t, dict.fromkeys(Seat, MonteCarloPlayer(settings=FAST)), random.Random(1))
    assert t.phase == "done" and sum(t.tricks_won()) == 13


def test_law_89_card_laid_face_up_is_in_its_holders_hand_in_every_sample_daw() -> None:
    """daw 89 (an adversary's lead out of turn treated as an exposed card) and
    80: the card stays face up on the table, liable to be called; every player
    sees it, so the robots' samples put it in West's hand."""
    from laws_helpers import bid, laws_table

    t = laws_table("daw", 1)
    bid(t, "1H", "pass", "pass", "pass")
    assert t.play is not None
    c = (t.play.hands[Seat.WEST] & -t.play.hands[Seat.WEST]).bit_length() - 1
    t.play_card(c, seat=Seat.WEST)
    t.rule(Seat.NORTH, "exposed")
    assert t.face_up == {Seat.WEST: 1 << c}
    viewer = t.play.turn  # East, to lead in turn: his partner's hand is hidden from him
    view = SeatView.of(t, viewer)
    assert view.face_up[Seat.WEST] == 1 << c
    k = knowledge(view)
    assert k.forced[c] == Seat.WEST
    for hands in sample_hands(k, 20, random.Random(3)):
        assert hands[Seat.WEST] >> c & 1


@pytest.mark.parametrize(
    ("contract", "trump", "strain"),
    [
        ("4RS", -1, "S"),
        ("3SR", -1, "S"),
        ("2NL", -1, "NL"),
        ("1NT", -1, "NT"),
        (None, 2, "H"),
        (None, -1, "NT"),
    ],
)
def test_solver_strain_from_the_denomination_or_the_turned_trump(
    contract: str | None, trump: int, strain: str
) -> None:
    assert solver_strain(None if contract is None else parse_contract(contract), trump) == strain


def _nullo_after(cards: int) -> Table:
    """A Royalton nullo played by the heuristic robots up to ``cards`` cards."""
    d = deal("royalton", number=1, rng=random.Random(4))
    t = Table("royalton", d)
    for c in ("1NL", "P", "P", "P"):
        t.call(parse_call(c))
    if t.phase == "bridging":
        t.call_lead()
    _play_until(t, cards)
    return t


def test_nullo_is_played_by_the_solver_above_eight_cards_issue_20() -> None:
    """Issue 20 item 4: with nine cards a hand the robot solves its samples
    (cut off by its budget) instead of playing the period's heuristic; with
    time enough the cut-off search picks the card the uncut one picks."""
    from auctionwhist.robots.cardplay import score_samples

    t = _nullo_after(16)
    assert t.play is not None and t.play.played == 16
    assert t.to_act is not None
    view = SeatView.of(t, t.to_act)
    samples = sample_hands(knowledge(view), 3, random.Random(2))
    cut = score_samples(view, samples, 30.0, 3, cut_off=True)
    assert cut == score_samples(view, samples)  # every sample solved, the same figures
    roomy = Settings(samples=3, min_samples=3, budget=30.0)
    uncut = Settings(samples=3, min_samples=3, budget=30.0, nullo_cards=13)
    assert monte_carlo_card(view, random.Random(5), roomy) == monte_carlo_card(
        view, random.Random(5), uncut
    )


def test_nullo_out_of_time_falls_back_to_the_heuristic_issue_20() -> None:
    """A sample that does not fit the budget is dropped, not guessed: with
    fewer than min_samples solved the card is the heuristic's."""
    from auctionwhist.robots.cardplay import score_samples
    from auctionwhist.robots.heuristic import heuristic_card

    t = _nullo_after(4)  # twelve cards a hand: a sample takes the core seconds
    assert t.play is not None and t.to_act is not None
    view = SeatView.of(t, t.to_act)
    samples = sample_hands(knowledge(view), 3, random.Random(2))
    assert score_samples(view, samples, 1e-4, 3, cut_off=True) == []
    hurried = Settings(samples=3, min_samples=3, budget=1e-4)
    assert monte_carlo_card(view, random.Random(5), hurried) == heuristic_card(view)
    off = Settings(samples=3, min_samples=3, budget=1e-4, nullo_search=False)
    assert monte_carlo_card(view, random.Random(5), off) == heuristic_card(view)
