"""A deal at a table: the event log, replay, bridging, claims, Duplicate Whist."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.calls import parse_call
from auctionwhist.cards import Deal, Seat, card_from_str, card_suit
from auctionwhist.codes import CODES, find_code
from auctionwhist.dealing import deal
from auctionwhist.records import Bridged, CallMade, CardPlayed, Dealt, LeadCalled
from auctionwhist.robots import play_random_deal
from auctionwhist.table import Mode, Table, TableError
from deals_helpers import PBN

N, E, S, W = Seat


def bid(table: Table, *calls: str) -> None:
    for x in calls:
        table.call(parse_call(x))


def random_deal(rng: random.Random, dealer: Seat = N, turned: bool = False) -> Deal:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [0, 0, 0, 0]
    for i, x in enumerate(pack):
        hands[dealer.after(i + 1)] |= 1 << x
    return Deal((hands[0], hands[1], hands[2], hands[3]), dealer, 1, pack[-1] if turned else None)


def play_randomly(table: Table, rng: random.Random) -> int:
    """Random legal actions to the end; returns the number of actions."""
    return play_random_deal(table, rng)


def test_daw_deal_from_auction_to_score() -> None:
    t = Table("daw", Deal.from_pbn(PBN))
    assert t.phase == "auction" and t.to_act == N
    bid(t, "1S", "2H", "pass", "pass", "pass")
    assert str(t.contract) == "2H" and t.declarer == E
    assert t.phase == "play" and t.to_act == S  # the declarer's left-hand adversary leads
    rng = random.Random(1)
    while not t.is_over:
        t.play_card(rng.choice(t.legal_cards()))
    res = t.result()
    assert res.declarer == E and res.tricks == t.tricks_won()[1]
    assert res.holdings is not None and sum(res.holdings.honors) == 5
    score = t.score()
    assert score.total(0) + score.total(1) > 0


def test_dummy_is_played_by_the_declarer() -> None:
    t = Table("daw", Deal.from_pbn(PBN))
    bid(t, "1H", "pass", "pass", "pass")  # North declares; South is dummy
    assert t.to_act == E
    t.play_card(card_from_str("HA"))
    assert t.play is not None and t.play.turn == S and t.to_act == N


def test_event_log_replays_to_the_same_state() -> None:
    rng = random.Random(7)
    for key in CODES:
        t = Table(key, random_deal(rng, turned=not find_code(key).auction))
        play_randomly(t, rng)
        again = Table.from_events(t.events)
        assert again.events == t.events
        assert again.tricks_won() == t.tricks_won()
        assert again.result() == t.result()


def test_replay_refuses_an_action_out_of_turn() -> None:
    deal = Deal.from_pbn(PBN)
    with pytest.raises(TableError, match="not East's turn"):
        Table.from_events([Dealt(deal, "daw"), CallMade(E, parse_call("1H"))])
    with pytest.raises(TableError, match="starts with the deal"):
        Table.from_events([CallMade(N, parse_call("1H"))])


def test_law_34_royalton_bridging_a_nullo() -> None:
    t = Table("royalton", Deal.from_pbn(PBN))
    bid(t, "1NL", "pass", "pass", "pass")
    assert t.phase == "bridging" and t.to_act == N
    with pytest.raises(TableError):
        t.play_card(card_from_str("SA"))
    t.bridge()
    # South plays the combined hands, North is dummy, West leads (law 49).
    assert t.declarer == S and t.phase == "play" and t.to_act == W
    assert isinstance(t.events[-1], Bridged)
    with pytest.raises(TableError, match="Law 34"):
        t.bridge()


def test_royalton_nullo_declarant_keeps_the_play() -> None:
    t = Table("royalton", Deal.from_pbn(PBN))
    bid(t, "1NL", "pass", "pass", "pass")
    t.call_lead()
    assert t.declarer == N and t.to_act == E and isinstance(t.events[-1], LeadCalled)
    assert t.play is not None and t.play.trump == -1


def test_no_bridging_outside_nullo() -> None:
    t = Table("royalton", Deal.from_pbn(PBN))
    bid(t, "1H", "pass", "pass", "pass")
    assert t.phase == "play"
    with pytest.raises(TableError, match="Law 34"):
        t.bridge()


def test_royalton_all_pass_scores_nothing() -> None:
    t = Table("royalton", Deal.from_pbn(PBN))
    bid(t, "no bid", "pass", "pass", "pass")
    assert t.is_over and t.contract is None and t.play is None
    score = t.score()
    assert score.total(0) == score.total(1) == 0


def test_whist_turned_trump_and_north_leads_when_west_deals() -> None:
    rng = random.Random(3)
    deal = random_deal(rng, dealer=W, turned=True)
    t = Table("whist", deal)
    assert t.phase == "play" and t.to_act == N and t.declarer is None
    assert t.play is not None and deal.turned is not None
    assert t.play.trump == card_suit(deal.turned) and t.play.dummy is None
    play_randomly(t, rng)
    res = t.result()
    assert res.tricks == t.tricks_won()[0] and res.trump == card_suit(deal.turned)


def test_whist_needs_the_turned_trump() -> None:
    with pytest.raises(TableError, match="turned trump"):
        Table("whist", Deal.from_pbn(PBN))


def test_law_88_claim_accepted_establishes_the_result() -> None:
    t = Table("daw", Deal.from_pbn(PBN))
    bid(t, "1S", "pass", "pass", "pass")  # North declares spades
    for x in ("HA", "H5", "H2", "H8"):  # East wins the first trick
        t.play_card(card_from_str(x))
    t.claim(N, 12)  # "I have the rest"
    assert t.phase == "claim" and t.to_act == E
    t.answer_claim(E, True)
    assert not t.is_over and t.to_act == W
    t.answer_claim(W, True)
    assert t.is_over and t.tricks_won() == (12, 1)
    assert t.result().tricks == 12


def test_claim_disputed_play_goes_on() -> None:
    t = Table("daw", Deal.from_pbn(PBN))
    bid(t, "1S", "pass", "pass", "pass")
    t.play_card(card_from_str("HA"))
    t.claim(E, 13)
    assert t.to_act == N  # only the declarer answers; dummy takes no part
    t.answer_claim(N, False)
    assert t.phase == "play" and t.to_act == N  # dummy (South) to play, by the declarer


def test_dummy_cannot_claim_and_claims_are_bounded() -> None:
    t = Table("daw", Deal.from_pbn(PBN))
    bid(t, "1S", "pass", "pass", "pass")
    with pytest.raises(TableError, match="dummy"):
        t.claim(S, 13)
    with pytest.raises(TableError, match="13 remain"):
        t.claim(N, 14)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(CODES)), st.randoms(use_true_random=False), st.integers(0, 3))
def test_random_legal_deals_end_with_thirteen_tricks(
    key: str, rng: random.Random, dealer: int
) -> None:
    code = find_code(key)
    t = Table(code, random_deal(rng, Seat(dealer), turned=not code.auction))
    play_randomly(t, rng)
    assert t.is_over
    if t.play is None:
        assert code.dealer_may_pass and t.contract is None
        return
    assert len(t.play.tricks) == 13 and sum(t.tricks_won()) == 13
    assert all(len(trick) == 4 for _, trick in t.play.tricks)
    assert len(t.play.winners) == 13
    plays = [e for e in t.events if isinstance(e, CardPlayed)]
    assert len(plays) == 52 and len({e.card for e in plays}) == 52
    score = t.score()
    for side in (0, 1):
        assert score.total(side) == score.trick(side) + score.honor(side)


def test_law_iv_11_trump_declared_by_consent_whist() -> None:
    """AWL law IV §11: by unanimous consent a trump suit may be declared and no
    trump turned. The declared suit is trump, it is in the log, and it replays."""
    from auctionwhist.cards import Suit
    from auctionwhist.formats import jsonlog
    from auctionwhist.formats.pbn import export_pbn, import_pbn
    from auctionwhist.records import TrumpDeclared

    deal = Deal.from_pbn(PBN, dealer=W)
    t = Table("whist", deal, trump=Suit.DIAMONDS)
    assert t.events[1] == TrumpDeclared(Suit.DIAMONDS)
    assert t.play is not None and t.play.trump == Suit.DIAMONDS and t.to_act == N
    play_randomly(t, random.Random(5))
    assert t.result().trump == Suit.DIAMONDS
    assert Table.from_events(t.events).events == t.events
    assert jsonlog.loads(jsonlog.dumps(t.events)) == t.events
    assert import_pbn(export_pbn(t.events)) == t.events
    with pytest.raises(TableError, match=r"Law IV §11 \(whist\)"):
        Table("whist", Deal.from_pbn(PBN, dealer=W, turned=card_from_str("CA")), trump=Suit.HEARTS)
    with pytest.raises(TableError, match="auction names the trump"):
        Table("daw", deal, trump=Suit.HEARTS)


def test_actions_are_data_verify_can_act_and_pop() -> None:
    """Every action comes as a record: ``verify`` raises with the law, ``can``
    answers, ``act`` returns the record; ``pop`` takes it back."""
    t = Table("daw", deal("daw", seed=2))
    dealer = t.deal.dealer
    good, bad = CallMade(dealer, parse_call("1H")), CallMade(dealer.left, parse_call("1H"))
    assert t.can(good) and not t.can(bad)
    with pytest.raises(TableError, match=r"Law \d+ \(daw\)"):
        t.verify(bad)
    before = t.events
    with pytest.raises(TableError):
        t.act(bad)
    assert t.events == before
    assert t.act(good) == good and t.events == (*before, good)
    assert t.pop() == good and t.events == before and t.auction is not None
    assert t.auction.calls == [] and t.to_act == dealer


def test_mode_is_a_setting() -> None:
    d = deal("daw", seed=2)
    assert Table("daw", d).mode is Mode.ENFORCE and not Table("daw", d).laws
    assert Table("daw", d, "laws").mode is Mode.LAWS and Table("daw", d, Mode.LAWS).laws
    with pytest.raises(TableError, match="no such mode"):
        Table("daw", d, "lenient")
