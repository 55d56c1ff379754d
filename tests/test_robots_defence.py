"""The defence: signals given and read (Hopson, 'The "Come-Along" Card' and
"The Discard"), the opening lead weighed over the samples, and the declarant's
claims (daw 86-88, Whist Club 74, Royalton 69)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from auctionwhist.calls import parse_call
from auctionwhist.cards import Deal, Seat, card_from_str
from auctionwhist.records import Claimed
from auctionwhist.robots.cardplay import (
    MonteCarloPlayer,
    Settings,
    claim_tricks,
    knowledge,
    knowledge_and_signals,
    opening_lead,
    sample_hands,
    score_samples,
)
from auctionwhist.robots.heuristic import HeuristicPlayer, lead_candidates, period_lead
from auctionwhist.robots.player import PlayerBase, decide, play_deal
from auctionwhist.robots.signals import (
    COME_ALONG,
    CONVENTIONS,
    STRENGTH_DISCARD,
    WEAKNESS_DISCARD,
    Signal,
    discard,
    follow_partners_lead,
    read_signals,
    signalling,
)
from auctionwhist.robots.view import SeatView
from auctionwhist.table import Table

FAST = Settings(samples=4, min_samples=2, budget=0.2, claim_samples=6)

# South declares; West leads the ace of hearts (East's hearts vary by deal).
COME_ALONG_DEAL = "N:5432.654.AKQ.AK2 876.K83.8765.987 AKQJ.72.JT9.QJT3 T9.AQJT9.432.654"
NO_VALUE_DEAL = "N:5432.654.AKQ.AK2 876.983.8765.987 AKQJ.72.JT9.QJT3 T9.AKQJT.432.654"
# East has no heart: his first discard is to West's ace of hearts.
DISCARD_DEAL = "N:5432.654.AKQ.AK2 AQ876..87654.987 KJT9.K732.JT9.QJ .AQJT98.32.T6543"
# North-South hold the best cards of every suit: thirteen tricks at no-trump.
TOPS_DEAL = "N:AKQJT9.AKQ.AK.AK 65432.8765.87.87 87.JT9.QJT9.QJT9 .432.65432.65432"
# North declares one spade doubled, after four tricks (a robots' deal).
PARTED_DEAL = "N:7643.Q3.K86532.2 AK2.AK4.A74.J643 QT.J752.QJ.AKQT9 J985.T986.T9.875"
PARTED_PLAY = "HA H2 H6 H3 HK H5 H8 HQ DA DJ D9 D2 C3 C9 C5 C2"


def _c(s: str) -> int:
    return card_from_str(s)


def _table(pbn: str, calls: str, cards: str = "", dealer: Seat = Seat.SOUTH) -> Table:
    t = Table("daw", Deal.from_pbn(pbn, dealer=dealer))
    for c in calls.split():
        t.call(parse_call(c))
    for c in cards.split():
        t.play_card(_c(c))
    return t


def _doubleton_deal(east: str) -> str:
    """Spades trumps: East holds two hearts, ``east`` and the three, and four
    trumps; West the other top hearts."""
    west = "".join(r for r in "AKQJT98" if r != east)
    return f"N:5432.654.AKQ.AK2 T876.{east}3.8765.987 AKQJ.72.JT9.QJT3 9.{west}.432.654"


def test_every_convention_cites_hopson() -> None:
    assert {c.name for c in CONVENTIONS} == {
        "come-along",
        "honor doubleton, low first",
        "first discard shows strength",
        "discard from weakness",
    }
    assert all(c.source.startswith("Hopson") and c.meaning for c in CONVENTIONS)


def test_come_along_high_card_under_partners_ace_hopson() -> None:
    """Hopson, 'The "Come-Along" Card': holding the next honor (the king under
    the ace), third hand follows high to ask for the suit continued."""
    t = _table(COME_ALONG_DEAL, "1NT P P P", "HA H4")
    view = SeatView.of(t, Seat.EAST)
    assert follow_partners_lead(view, [_c("H8"), _c("H3")]) == _c("H8")


def test_low_card_when_the_suit_is_of_no_value_hopson() -> None:
    """A low first card "shows him that the suit led is not of especial value"."""
    t = _table(NO_VALUE_DEAL, "1NT P P P", "HA H4")
    view = SeatView.of(t, Seat.EAST)
    assert follow_partners_lead(view, [_c("H9"), _c("H8"), _c("H3")]) == _c("H3")


@pytest.mark.parametrize(("east", "first"), [("9", "H9"), ("J", "H3"), ("T", "H3")])
def test_honor_doubleton_low_first_hopson_the_discard(east: str, first: str) -> None:
    """Hopson, "The Discard": from two cards to ruff the third lead, high then
    low; "where one of your two cards is an honor you must play the low card
    first" (the ten is an honor too), lest partner read it a singleton."""
    t = _table(_doubleton_deal(east), "1S P P P", "HA H4")
    view = SeatView.of(t, Seat.EAST)
    assert sorted(view.legal_cards) == sorted([_c("H3"), _c("H" + east)])
    assert follow_partners_lead(view, list(view.legal_cards)) == _c(first)


def test_only_the_declarants_adversaries_signal() -> None:
    """The declarant's partner is dummy, whose cards are seen: no signal passes
    between them; every player signals at Duplicate Whist."""
    t = _table(COME_ALONG_DEAL, "1NT P P P", "HA")
    assert not signalling(SeatView.of(t, Seat.SOUTH))  # for dummy, to play
    t.play_card(_c("H4"))
    assert signalling(SeatView.of(t, Seat.EAST))


def test_first_discard_shows_strength_hopson() -> None:
    """Hopson, "The Discard": "if there is opportunity for only one discard, it
    is of great importance to be able to show strength": East's first discard
    is the seven of his ace-queen spades; the next is from weakness."""
    t = _table(DISCARD_DEAL, "1NT P P P", "HA H4")
    view = SeatView.of(t, Seat.EAST)
    assert discard(view, list(view.legal_cards)) == _c("S7")
    t.play_card(_c("S7"))
    t.play_card(_c("H2"))
    # West wins and leads hearts again; dummy follows, East discards again.
    t.play_card(_c("HQ"))
    t.play_card(_c("H5"))
    view = SeatView.of(t, Seat.EAST)
    assert discard(view, list(view.legal_cards)) == _c("D4")


def test_partners_discard_and_come_along_are_read() -> None:
    """West reads East's first discard (the seven: strength in spades) and
    East's eight under his ace of hearts (the come-along: the king or queen,
    or two hearts to ruff the third round); the declarant reads nothing."""
    t = _table(DISCARD_DEAL, "1NT P P P", "HA H4 S7 H2")
    west = SeatView.of(t, Seat.WEST)
    spade_tops = (1 << _c("SA")) | (1 << _c("SK"))
    assert read_signals(west) == (Signal(Seat.EAST, 3, STRENGTH_DISCARD, any_of=spade_tops),)
    assert read_signals(SeatView.of(t, Seat.SOUTH)) == ()
    t2 = _table(COME_ALONG_DEAL, "1NT P P P", "HA H4 H8 H2")
    below = (1 << _c("HK")) | (1 << _c("HQ"))
    assert read_signals(SeatView.of(t2, Seat.WEST)) == (
        Signal(Seat.EAST, 2, COME_ALONG, any_of=below, length=2),
    )


@pytest.mark.parametrize(
    ("discarded", "convention", "east_has_a_top"),
    [("S7", STRENGTH_DISCARD, True), ("S6", WEAKNESS_DISCARD, False)],
)
def test_partners_discard_steers_the_samples_hopson(
    discarded: str, convention: object, east_has_a_top: bool
) -> None:
    """Hopson, "The Discard": a seven or above shows strength (the ace or king),
    a lower card weakness (neither). West's samples, reading the signal, give
    East a top spade (nearly) every time or never; without it they are mixed
    (South's no-trump draws the top cards to him)."""
    t = _table(DISCARD_DEAL, "1NT P P P", f"HA H4 {discarded} H2")
    west = SeatView.of(t, Seat.WEST)
    k = knowledge_and_signals(west)
    assert [s.convention for s in k.signals] == [convention]
    tops = (1 << _c("SA")) | (1 << _c("SK"))
    read = sample_hands(k, 40, random.Random(5))
    plain = sample_hands(knowledge(west), 40, random.Random(5))
    fits = sum(bool(h[Seat.EAST] & tops) == east_has_a_top for h in read)
    fits_unread = sum(bool(h[Seat.EAST] & tops) == east_has_a_top for h in plain)
    # Soft, like the auction's promises: a sample may break it after its redeals.
    assert fits >= 36 and fits_unread <= 32


def test_lead_candidates_one_a_suit_the_conventions_first_hopson() -> None:
    """The period's lead from each suit, its own choice first."""
    t = _table(DISCARD_DEAL, "1NT P P P")
    west = SeatView.of(t, Seat.WEST)
    cands = lead_candidates(west)
    assert cands[0] == period_lead(west)
    assert len(cands) == len({c // 13 for c in west.legal_cards})
    assert len({c // 13 for c in cands}) == len(cands)


def test_opening_lead_is_a_candidate_and_the_conventions_when_none_is_better() -> None:
    t = _table(DISCARD_DEAL, "1NT P P P")
    west = SeatView.of(t, Seat.WEST)
    c = opening_lead(west, random.Random(1), FAST)
    assert c in lead_candidates(west)
    never = Settings(samples=4, min_samples=2, budget=0.2, lead_margin=14.0)
    assert opening_lead(west, random.Random(1), never) == period_lead(west)


def test_declarant_claims_when_every_sample_agrees_daw_86() -> None:
    """North-South hold the best card of every suit: after the opening lead the
    declarant claims the twelve tricks left, the table takes the claim (daw
    86-88), the robots on defence accept it, and the deal is over."""
    t = _table(TOPS_DEAL, "1NT P P P", "H2 HA H5 H9")
    assert t.play is not None and t.play.turn == Seat.NORTH
    view = SeatView.of(t, Seat.SOUTH)  # the declarant, for dummy's lead
    assert claim_tricks(view, random.Random(1), FAST) == 12
    robot = MonteCarloPlayer(settings=FAST)
    players = dict.fromkeys(Seat, robot)
    action = decide(t, players, random.Random(1))
    assert action == Claimed(Seat.SOUTH, 12)
    play_deal(t, players, random.Random(1))
    assert t.tricks_won() == (13, 0)
    assert any(isinstance(e, Claimed) for e in t.events)


def test_a_disputed_claim_is_followed_by_a_card_daw_88() -> None:
    """The heuristic player disputes every claim but a concession: the
    declarant's claim is disputed, he plays a card before claiming again, and
    the deal ends with the tricks played out."""
    from auctionwhist.records import CardPlayed, ClaimAnswered

    t = _table(TOPS_DEAL, "1NT P P P", "H2 HA H5 H9")
    robot = MonteCarloPlayer(settings=FAST)
    players = {s: robot if s.side == Seat.NORTH.side else HeuristicPlayer() for s in Seat}
    play_deal(t, players, random.Random(1))
    assert t.phase == "done" and t.tricks_won() == (13, 0)
    events = list(t.events)
    disputed = [i for i, e in enumerate(events) if isinstance(e, ClaimAnswered)]
    assert disputed and all(not events[i].accepted for i in disputed)
    for i in disputed:
        assert isinstance(events[i + 1], CardPlayed)


def test_no_claim_when_the_samples_disagree() -> None:
    """Where the unseen cards lie decides the tricks: the samples part, and the
    declarant plays on."""
    t = _table(PARTED_DEAL, "1S double P P P", PARTED_PLAY, dealer=Seat.NORTH)
    assert t.play is not None and not t.play.trick and t.play.turn.side == Seat.NORTH.side
    view = SeatView.of(t, Seat.NORTH)
    samples = sample_hands(knowledge(view), 12, random.Random(1))
    assert len({max(sc.values()) for sc in score_samples(view, samples)}) > 1
    assert claim_tricks(view, random.Random(1), Settings(claim_samples=12)) is None


def test_adversaries_and_dummy_never_claim_daw_86() -> None:
    """daw 86: an adversary's claim lays his partner's cards face up; the
    robots on defence play on, and so does anyone not on lead."""
    t = _table(TOPS_DEAL, "1NT P P P")
    west = SeatView.of(t, Seat.WEST)
    assert claim_tricks(west, random.Random(1), FAST) is None
    t.play_card(_c("H2"))
    south = SeatView.of(t, Seat.SOUTH)  # dummy to play second: no lead
    assert claim_tricks(south, random.Random(1), FAST) is None


def test_a_claim_the_table_refuses_is_not_made() -> None:
    """A claim goes through the table's claim laws: a player claiming more
    tricks than remain plays his card instead."""

    class Greedy(PlayerBase):
        def claim(self, view: SeatView, rng: random.Random) -> int | None:
            return 14

        def card(self, view: SeatView, rng: random.Random) -> int:
            return view.legal_cards[0]

    t = _table(TOPS_DEAL, "1NT P P P")
    action = decide(t, dict.fromkeys(Seat, Greedy()), random.Random(1))
    assert not isinstance(action, Claimed)


def test_opening_lead_too_few_samples_leave_the_conventions_lead() -> None:
    """Over eight samples a lead of no margin at all (``lead_margin`` -14)
    replaces the period's lead at a spade contract; with fewer samples than
    ``lead_min_samples`` (a loaded machine's budget run out) it does not."""
    t = _table(DISCARD_DEAL, "1S P P P")
    west = SeatView.of(t, Seat.WEST)
    eager = Settings(samples=8, min_samples=8, budget=30.0, lead_margin=-14.0)
    assert opening_lead(west, random.Random(1), eager) != period_lead(west)
    starved = replace(eager, samples=3, min_samples=3)
    assert opening_lead(west, random.Random(1), starved) == period_lead(west)
