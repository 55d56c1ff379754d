"""The two modes at the table, law by law: ``enforce`` refuses with the law
cited, ``laws`` lets the irregularity happen and carries out the ruling."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Other
from auctionwhist.cards import Seat, card_from_str
from auctionwhist.dealing import deal
from auctionwhist.formats import jsonlog
from auctionwhist.laws import LawsError
from auctionwhist.records import IrregularCall, Ruling, TableMode
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, laws_table, opened, renounce, run

N, E, S, W = Seat


# -- the auction -------------------------------------------------------------------


def test_law_57_call_out_of_turn_refused_in_enforce_mode_daw() -> None:
    """Law 57 (daw): enforce mode refuses a call out of turn, citing the law."""
    t = Table("daw", deal("daw", seed=1))
    with pytest.raises(TableError, match=r"Law 57 \(daw\)"):
        t.call(Bid(1, "S"), seat=E)


def test_law_57_call_out_of_turn_ignored_daw() -> None:
    """Law 57 (daw): South bids out of turn; East, on his right, ignores it."""
    t = laws_table("daw")
    bid(t, "1H")  # North; East's turn
    t.call(Bid(2, "C"), seat=S)  # South out of turn; East, on his right, had the call
    assert t.pending is not None and t.pending.offence.key == "call_out_of_turn"
    assert t.to_act == E
    t.rule(E, "ignore")
    assert t.auction is not None and t.auction.turn == E and t.auction.bid == Bid(1, "H")


def test_law_57_call_out_of_turn_stands_partner_debarred_daw() -> None:
    """Law 57 (daw): the adversary on the offender's right passes; the call
    stands and the offender's partner is debarred."""
    t = laws_table("daw")
    bid(t, "1H")  # North; East's turn
    t.call(Bid(1, "NT"), seat=S)
    t.rule(E, "pass_stand")
    assert t.auction is not None and t.auction.bid == Bid(1, "NT") and t.auction.bidder == S
    bid(t, "pass")  # West
    assert t.to_act == N and t.legal_calls() == [Other.PASS]  # North debarred
    t.call(Bid(2, "H"))  # North, debarred
    assert t.pending is not None and t.pending.offence.key == "debarred_call"
    t.rule(E, "void")
    assert t.to_act == N and t.legal_calls() == [Other.PASS]


def test_law_51_call_out_of_turn_new_deal_auction() -> None:
    """Law 51 (auction): either adversary may demand a new deal."""
    t = laws_table("auction")
    bid(t, "1H")
    t.call(Bid(2, "C"), seat=S)
    assert set(t.pending.choosers if t.pending else ()) == {E, W}
    t.rule(W, "new_deal")
    assert t.phase == "done" and t.void.startswith("Law 51 (auction)")
    assert t.score().void


def test_law_51_call_out_of_turn_stands_bidding_continues_auction() -> None:
    """Law 51 (auction): allowed to stand, the bidding continues from the
    offender as if the call had been in order."""
    t = laws_table("auction")
    bid(t, "1H")  # North; East's turn
    t.call(Bid(2, "C"), seat=S)
    t.rule(E, "stand")
    assert t.auction is not None and t.auction.turn == W
    bid(t, "pass", "pass", "pass")  # West, North, East
    assert t.declarer == S and str(t.contract) == "2C"


def test_law_37_pass_out_of_turn_is_a_bid_out_of_turn_royalton() -> None:
    """Law 37 (royalton): a pass out of turn is treated as a bid out of turn."""
    t = laws_table("royalton")
    bid(t, "1H")
    t.call(Other.PASS, seat=S)
    assert t.pending is not None and t.pending.offence.key == "pass_out_of_turn"
    assert {o.key for o in t.pending.offence.options} == {"new_deal", "stand"}


def test_law_51_pass_out_of_turn_is_void_auction() -> None:
    """Law 51 (auction) names declarations other than passing: a pass out of
    turn is void."""
    t = laws_table("auction")
    bid(t, "1H")
    t.call(Other.PASS, seat=S)
    t.rule(E, "void")
    assert t.auction is not None and t.auction.turn == E


def test_law_52_impossible_bid_all_the_tricks_side_debarred_auction() -> None:
    """Law 52 (auction): an impossible declaration is a bid of all the tricks;
    neither the offender nor his partner declares again unless doubled."""
    t = laws_table("auction")
    bid(t, "1H")
    t.call(Bid(8, "S"))  # East
    assert t.pending is not None and t.pending.offence.key == "impossible_bid"
    t.rule(S, "seven_side")
    assert t.auction is not None and t.auction.bid == Bid(7, "S")
    bid(t, "pass")  # South
    assert t.legal_calls() == [Other.PASS]  # West debarred


def test_law_52_impossible_bid_own_declaration_final_auction() -> None:
    """Law 52 (auction): or the adversaries treat their own declaration as final."""
    t = laws_table("auction")
    bid(t, "1H")
    t.call(Bid(9, "NT"))
    t.rule(N, "final")
    assert t.phase == "play" and str(t.contract) == "1H" and t.declarer == N


def test_law_40_insufficient_bid_condoned_royalton() -> None:
    """Laws 38 and 40 (royalton): not penalised, the bid stands as made."""
    t = laws_table("royalton")
    bid(t, "2H")
    t.call(Bid(1, "S"))
    t.rule(S, "condone")
    assert t.auction is not None and t.auction.bid == Bid(1, "S")


def test_law_73_double_partner_refused_enforce_daw() -> None:
    """Law 73 (daw): a player cannot double his partner's declaration."""
    t = Table("daw", deal("daw", seed=1))
    bid(t, "1H", "pass")
    with pytest.raises(ValueError, match=r"Law 73 \(daw\)"):
        t.call(Other.DOUBLE)


def test_law_73_double_partner_void_daw() -> None:
    """Law 73 (daw) names no penalty: the double is void."""
    t = laws_table("daw")
    bid(t, "1H", "pass")
    t.call(Other.DOUBLE)  # South doubles his partner
    assert t.pending is not None and t.pending.offence.key == "double_partner"
    t.rule(W, "void")
    assert t.auction is not None and t.auction.doubled == 0 and t.to_act == S


def test_law_45_double_partner_50_points_royalton() -> None:
    """Law 45 (royalton): doubling the partner costs 50 in the adverse penalty
    score."""
    t = laws_table("royalton")
    bid(t, "1H", "pass")
    t.call(Other.DOUBLE)
    t.rule(E, "points")
    bid(t, "pass", "pass")  # South, West: three passes since one heart
    run(t)
    assert t.score().honor(1) == 50


def test_law_60_card_exposed_in_auction_partner_debarred_daw() -> None:
    """Law 60 (daw): a card exposed during the auction debars the partner."""
    t = laws_table("daw")
    bid(t, "1H")
    t.expose(W, card_from_str("SK"))
    t.rule(N, "debar_partner")
    bid(t, "pass")  # East, debarred
    assert t.pending is None
    with pytest.raises(TableError):
        Table("daw", deal("daw", seed=1)).expose(W, card_from_str("SK"))


def test_law_50_card_exposed_in_auction_new_deal_royalton() -> None:
    """Law 50 (royalton): a card exposed before the final declaration: a new deal."""
    t = laws_table("royalton")
    bid(t, "1H")
    t.expose(E, card_from_str("SA"))
    t.rule(N, "new_deal")
    assert t.score().void and "Law 50 (royalton)" in t.score().note


# -- the play -------------------------------------------------------------------------


def test_law_100_renounce_refused_in_enforce_mode_daw() -> None:
    """Law 100 (daw): enforce mode refuses a renounce while holding the suit."""
    t = Table("daw", deal("daw", seed=1))
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: can_renounce(t, E))
    with pytest.raises(ValueError, match="follow suit"):
        renounce(t, E)


def test_law_103_renounce_corrected_highest_daw() -> None:
    """Law 103 (daw): East corrects his renounce in time: no revoke; the cards
    played after it go back; the declarant makes him play his highest."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    assert t.play is not None
    led = t.play.trick[0] // 13
    bad = renounce(t, E)
    t.correct_renounce(E)
    assert t.play.hands[E] >> bad & 1 and t.play.turn == E
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"
    t.rule(N, "highest")
    suit = [c for c in range(13 * led, 13 * led + 13) if t.play.hands[E] >> c & 1]
    assert t.legal_cards() == [max(suit)]
    run(t)
    assert t.revokes() == ()


def test_law_103_renounce_corrected_card_liable_daw() -> None:
    """Law 103 (daw): or the declarant treats the renounced card as exposed."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    bad = renounce(t, E)
    t.correct_renounce(E)
    t.rule(N, "exposed")
    assert t.penalties.liable[E] == {bad}


def test_law_100_renounce_established_cannot_be_corrected_daw() -> None:
    """Law 100 (daw): once the next trick is begun, the revoke is established."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    renounce(t, E)
    assert t.play is not None
    n = len(t.play.tricks)
    run(t, lambda t: t.play is not None and len(t.play.tricks) > n and len(t.play.trick) == 1)
    with pytest.raises(TableError, match=r"Law 103 \(daw\)"):
        t.correct_renounce(E)


def test_law_96_fourth_hand_before_second_lowest_daw() -> None:
    """Law 96 (daw): the fourth hand plays before the second; the declarant
    makes the second hand play his lowest."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and len(t.play.trick) == 1 and t.play.turn in (E, W))
    assert t.play is not None
    second = t.play.turn
    fourth = second.partner
    fourth_cards = [c for c in range(52) if t.play.hands[fourth] >> c & 1]
    led = t.play.trick[0] // 13
    early = next((c for c in fourth_cards if c // 13 == led), fourth_cards[0])
    t.play_card(early, seat=fourth)
    assert t.pending is not None and t.pending.offence.key == "play_out_of_turn"
    t.rule(N, "lowest")
    suit = [c for c in range(13 * led, 13 * led + 13) if t.play.hands[second] >> c & 1]
    if suit:
        assert t.legal_cards() == [min(suit)]
    before = len(t.play.tricks)
    run(t, lambda t: t.play is not None and len(t.play.tricks) > before)
    leader, cards = t.play.tricks[before]
    assert cards[(fourth - leader) % 4] == early  # played in its turn, in rotation


def test_law_95_third_hand_before_second_no_penalty_daw() -> None:
    """Law 95 (daw): the third hand before the second: no penalty."""
    t = opened("daw")
    assert t.play is not None
    t.play_card(t.legal_cards()[0])  # East leads
    third = Seat.WEST
    c = next(c for c in range(52) if t.play.hands[third] >> c & 1)
    rec = t.play_card(c, seat=third)
    assert t.pending is None and rec.seat == W
    run(t)
    assert t.phase == "done"


def test_law_90_declarant_lead_out_of_turn_retracted_daw() -> None:
    """Law 90 (daw): the declarant leads out of turn; the second hand need not
    accept it; the card goes back without penalty."""
    t = opened("daw")
    assert t.play is not None and t.play.turn == E
    c = next(c for c in range(52) if t.play.hands[N] >> c & 1)
    t.play_card(c, seat=N)
    assert t.pending is not None and t.to_act == E
    t.rule(E, "retract")
    assert t.play.turn == E and t.play.hands[N] >> c & 1


def test_law_76_dummy_suggestion_not_to_play_daw() -> None:
    """Law 76 (daw): dummy suggests a card; an adversary forbids it."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and t.play.turn == S and bool(t.play.trick))
    assert t.play is not None
    lawful = t.legal_cards()
    t.report(S, "dummy_suggestion", lawful[0])
    t.rule(E, "not_play", "")
    if len(lawful) > 1:
        assert lawful[0] not in t.legal_cards()


def test_law_94_looking_at_quitted_trick_25_points_royalton() -> None:
    """Law 94 (royalton): 25 points in the adverse penalty score."""
    t = opened("royalton")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 2)
    t.report(E, "quitted_trick")
    t.rule(N, "points")
    run(t)
    assert any(i.points == 25 and i.law == "Law 94 (royalton)" for i in t.score().items)


def test_law_99_infraction_25_points_royalton() -> None:
    """Law 99 (royalton): an infraction with no specific penalty: 25 points."""
    t = opened("royalton")
    t.report(W, "infraction")
    t.rule(N, "points")
    run(t)
    assert any(i.side == 0 and i.points == 25 for i in t.score().items)


def test_law_55_dummy_suggestion_50_points_royalton() -> None:
    """Law 55 (royalton): instead, either adversary may take 50 points."""
    t = opened("royalton")
    t.report(S, "dummy_suggestion")
    t.rule(W, "points")
    run(t)
    assert any(i.side == 1 and i.points == 50 for i in t.score().items)


def test_law_61_information_after_auction_suit_called_daw() -> None:
    """Laws 61 and 92 (daw): East tells West of a previous bid; the declarant
    calls a suit from the adversary next to lead."""
    t = opened("daw")
    t.report(W, "information")
    t.rule(N, "call_suit", "D")
    assert all(c // 13 == 1 for c in t.legal_cards())


def test_law_93_quitted_trick_as_lead_out_of_turn_daw() -> None:
    """Law 93 (daw): looking at a quitted trick: the lead-out-of-turn penalty."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    t.report(E, "quitted_trick")
    t.rule(N, "call_suit", "C")
    assert t.penalties.lead_call == {1: 0}


def test_law_97_attention_to_trick_partner_highest_daw() -> None:
    """Law 97 (daw): East calls attention to the trick; West must play his
    highest of the suit led."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and len(t.play.trick) == 2 and t.play.turn == W)
    assert t.play is not None
    t.report(E, "attention_to_trick")
    t.rule(N, "highest")
    led = t.play.trick[0] // 13
    suit = [c for c in range(13 * led, 13 * led + 13) if t.play.hands[W] >> c & 1]
    if suit:
        assert t.legal_cards() == [max(suit)]


def test_law_iv_5_trump_slip_looked_highest_trump_whist() -> None:
    """Law IV §5 (whist): a player who looks at the trump slip may have his
    highest or lowest trump called."""
    t = laws_table("whist")
    t.report(N, "trump_slip_looked")
    assert t.pending is not None and set(t.pending.choosers) == {E, W}
    t.rule(E, "lowest_trump")
    assert t.penalties.require[N] == ("lowest_trump", 0)


def test_law_viii_1_lead_out_of_turn_suit_called_whist() -> None:
    """Law VIII §1 (whist): a suit is called from the offender's side when it
    next has the lead, by the adversary on the right of its leader."""
    t = laws_table("whist")
    assert t.play is not None
    leader = t.play.turn
    wrong = leader.left
    c = next(c for c in range(52) if t.play.hands[wrong] >> c & 1)
    t.play_card(c, seat=wrong)
    assert t.pending is None and t.play.turn == leader
    assert t.penalties.deferred[wrong.side][1] == wrong


def test_law_109_the_offenders_partner_cannot_choose_daw() -> None:
    """Law 109 (daw) leaves the decision to the adversaries: the offender's
    partner, who is none, cannot accept a lead out of turn; his word is refused."""
    t = opened("daw")
    assert t.play is not None
    c = next(c for c in range(52) if t.play.hands[W] >> c & 1)
    t.play_card(c, seat=W)
    with pytest.raises(LawsError, match=r"Law 109 \(daw\)"):
        t.rule(E, "accept")


# -- the log --------------------------------------------------------------------------


def test_laws_log_round_trips_json_and_replays() -> None:
    """Every irregularity and ruling is in the event log; JSON keeps them."""
    t = laws_table("daw")
    bid(t, "1H")
    t.call(Bid(1, "S"))
    t.rule(S, "correct")
    assert isinstance(t.events[1], TableMode)
    assert any(isinstance(e, IrregularCall) for e in t.events)
    assert any(isinstance(e, Ruling) for e in t.events)
    text = jsonlog.dumps(t.events)
    again = Table.from_events(jsonlog.loads(text))
    assert again.events == t.events and again.laws


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["daw", "auction", "royalton"]), st.integers(0, 2**16), st.data())
def test_laws_mode_random_renounces_replay(code: str, seed: int, data: st.DataObject) -> None:
    """State machine property: random renounces and corrections in laws mode
    always finish, replay from the log to the same score, and revokes are only
    those not corrected."""
    t = Table(code, deal(code, seed=seed), "laws")
    bid(t, "1NT", "pass", "pass", "pass")
    while t.phase != "done":
        if t.phase == "penalty":
            assert t.pending is not None
            opt = data.draw(st.sampled_from([o.key for o in t.pending.offence.options]))
            try:
                t.rule(t.pending.choosers[0], opt, "C" if "suit" in opt else "")
            except LawsError:
                t.rule(t.pending.choosers[0], t.pending.offence.options[-1].key)
            continue
        assert t.play is not None
        seat = t.play.turn
        if can_renounce(t, seat) and data.draw(st.booleans()):
            renounce(t, seat)
            if data.draw(st.booleans()) and t.phase == "play":
                t.correct_renounce(seat)
            continue
        t.play_card(t.legal_cards()[0])
    again = Table.from_events(t.events)
    assert again.score() == t.score()
    assert sum(t.tricks_won()) == 13


def test_a_call_irregularity_is_made_by_calling_not_reported_daw_57() -> None:
    """A call out of turn is named by the table when the call is made: reported
    bare it would have no call to rule on, so the table refuses it."""
    t = laws_table("daw")
    with pytest.raises(TableError, match="when the call or card is made"):
        t.report(E, "call_out_of_turn")
    assert t.phase == "auction" and t.pending is None


def test_a_call_out_of_turn_that_cannot_stand_is_not_let_stand_royalton_37() -> None:
    """Royalton 37: a call out of turn may stand; an eight-trick bid cannot, so
    the robots' fallback takes the first remedy that can be carried out."""
    t = laws_table("royalton")
    assert t.auction is not None
    irr = t.call(Bid(8, "C"), seat=t.auction.turn.left)
    assert isinstance(irr, IrregularCall) and t.pending is not None
    chooser = t.pending.choosers[0]
    stand = Ruling(chooser, t.pending.offence.key, "stand")
    assert not t.can(stand)
    with pytest.raises(LawsError, match="cannot stand"):
        t.act(stand)
    assert t.events[-1] == irr and t.phase == "penalty"
    ruling = t.workable_ruling()
    assert ruling.option != "stand" and t.can(ruling)
    assert t.act(ruling) == ruling and t.pending is None


def test_pop_takes_back_a_ruling_and_its_remedy_daw_57() -> None:
    t = laws_table("daw")
    assert t.auction is not None
    offender = t.auction.turn.left
    t.call(Bid(1, "S"), seat=offender)
    before = (t.events, t.phase, t.to_act, t.pending)
    p = t.pending
    assert p is not None
    ruling = t.rule(p.choosers[0], p.offence.options[0].key)
    assert t.pop() == ruling
    assert (t.events, t.phase, t.to_act, t.pending) == before
