"""The audit of the Whist Club's and Royalton's matrices (issue 19 item 7): the
clauses whose named tests did not assert them, each replayed in laws mode."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from typer.testing import CliRunner

from auctionwhist.auction import IllegalCallError
from auctionwhist.calls import Bid, Other
from auctionwhist.cards import SUIT_MASKS, Seat
from auctionwhist.cli import app
from auctionwhist.club import ClubTable, SubstituteError
from auctionwhist.dealing import deal as deal_for
from auctionwhist.dealing import dealer_for
from auctionwhist.laws import LawsError
from auctionwhist.scoring import Holdings
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, held, laws_table, opened, renounce, run
from test_auction import run as auction_run
from test_honors import deal, points

N, E, S, W = Seat

FOURTH = [("auction", "82"), ("royals", "82"), ("royalton", "73")]
FOURTH_DAW = [*FOURTH, ("daw", "96")]


def _play_out(t: Table) -> None:
    """Play to the end, each later irregularity ruled on as the law first allows."""
    while t.phase in ("play", "penalty"):
        if t.pending is not None:
            t.act(t.workable_ruling())
        else:
            t.play_card(t.legal_cards()[0])


def _replayed_score(t: Table) -> None:
    again = Table.from_events(t.events)
    assert again.events == t.events and again.phase == t.phase == "done"
    assert again.score() == t.score()


def _fourth_before_second(code: str, declaring: bool) -> tuple[Table, Seat, int]:
    """North declares one heart; at a trick led by the declaring side (or, when
    ``declaring``, by the adversaries) the fourth hand plays before the second.
    Returns the table, the second hand and the fourth hand's card."""
    leaders = (E, W) if declaring else (N, S)
    t = opened(code)
    run(t, lambda t: t.play is not None and not t.play.trick and t.play.turn in leaders)
    play = t.play
    assert play is not None and t.declarer == N
    t.play_card(t.legal_cards()[0])
    second = play.turn
    c = held(t, second.partner)[-1]
    t.play_card(c, seat=second.partner)
    return t, second, c


@pytest.mark.parametrize(("code", "law"), FOURTH)
def test_law_82_73_the_declarer_calls_on_the_second_hand_to_play_his_highest(
    code: str, law: str
) -> None:
    """Whist Club 82, Royalton 73: the fourth hand (an adversary) plays before
    the second; the declarer alone chooses (the adversaries' penalty is his),
    among highest, lowest, win and lose; the second hand called on for his
    highest must play it; the fourth hand's card stands for the trick."""
    t, second, c = _fourth_before_second(code, declaring=False)
    p = t.pending
    assert p is not None and p.offence.key == "play_out_of_turn"
    assert p.choosers == (N,) and p.target == second
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    keys = [o.key for o in p.options]
    assert keys[:4] == ["highest", "lowest", "win", "lose"] and keys[-1] == "waive"
    with pytest.raises(LawsError):
        t.rule(second, "highest")  # the offender's partner, no adversary
    t.rule(N, "highest")
    play = t.play
    assert play is not None
    led = play.trick[0] // 13
    suit = [x for x in held(t, second) if x // 13 == led]
    if suit:
        assert t.legal_cards() == [max(suit)]
    t.play_card(t.legal_cards()[0])
    _play_out(t)
    assert c in [x for _, cards in play.tricks for x in cards]
    _replayed_score(t)


@pytest.mark.parametrize(("code", "law"), FOURTH_DAW)
def test_law_82_73_the_fourth_hand_being_dummy_or_declarer_incurs_no_penalty(
    code: str, law: str
) -> None:
    """Whist Club 82, Royalton 73: "Should the fourth hand, not being dummy or
    declarer, play before the second" (daw 96: "the third hand, being declarant
    or dummy", so the fourth an adversary): the declaring side's fourth hand playing
    before his partner incurs no penalty (the declarant was asked to choose one
    against his own partner); the card waits for its turn and the deal plays out;
    `whist ruling` names nobody, citing the law."""
    t, second, c = _fourth_before_second(code, declaring=True)
    assert second.side == N.side
    assert t.pending is None and t.phase == "play"
    play = t.play
    assert play is not None and play.turn == second
    _play_out(t)
    assert t.phase == "done" and c in [x for _, cards in play.tricks for x in cards]
    _replayed_score(t)
    out = CliRunner().invoke(
        app, ["ruling", "--code", code, "--offence", "play_out_of_turn", "--by", "S"]
    )
    text = " ".join(out.output.split())
    assert out.exit_code == 0, out.output
    assert f"nobody: law {law} names the " in text
    if code != "daw":
        assert "not being dummy or declarer, playing before the second by South" in text


@pytest.mark.parametrize(("code", "law"), [("auction", "88"), ("royals", "88"), ("royalton", "78")])
def test_law_88_78_or_the_offender_plays_his_highest_of_the_suit(code: str, law: str) -> None:
    """Whist Club 88, Royalton 78: an adversary's renounce corrected in time; the
    declarer may call the card whenever he pleases "or" require the offender to
    play his highest or lowest of the suit to the trick (the card is then not
    liable); the renounce is no revoke."""
    t = opened(code)
    run(t, lambda t: t.play is not None and can_renounce(t, t.play.turn) and t.play.turn in (E, W))
    play = t.play
    assert play is not None
    seat = play.turn
    n = len(play.tricks) + 1
    bad = renounce(t, seat)
    t.correct_renounce(seat)
    p = t.pending
    assert p is not None and p.choosers == (N,)
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    assert [o.key for o in p.options] == ["highest", "lowest", "exposed"]
    t.rule(N, "highest")
    led = play.trick[0] // 13
    assert t.legal_cards() == [max(x for x in held(t, seat) if x // 13 == led)]
    assert bad not in t.penalties.liable.get(seat, set())
    _play_out(t)
    assert not any(r.seat == seat and r.trick == n for r in t.revokes())
    _replayed_score(t)


@pytest.mark.parametrize(("code", "law"), [("auction", "88"), ("royals", "88"), ("royalton", "78")])
def test_law_88_78_this_penalty_cannot_be_exacted_from_the_declarer(code: str, law: str) -> None:
    """Whist Club 88, Royalton 78: "this penalty cannot be exacted from the
    declarer": his renounce corrected in time costs nothing; nobody may call
    for his highest or lowest; no revoke."""
    t = opened(code)
    run(t, lambda t: t.play is not None and can_renounce(t, t.play.turn) and t.play.turn == N)
    play = t.play
    assert play is not None and play.turn == N
    n = len(play.tricks) + 1
    bad = renounce(t, N)
    t.correct_renounce(N)
    p = t.pending
    if p is not None:  # the law takes its course: no choice but "none"
        assert [o.key for o in p.options] == ["none"]
        with pytest.raises(LawsError):
            t.rule(p.choosers[0], "highest")
        t.rule(p.choosers[0], "none")
    assert N not in t.penalties.liable or bad not in t.penalties.liable[N]
    led = play.trick[0] // 13
    assert t.legal_cards() == [x for x in held(t, N) if x // 13 == led]
    _play_out(t)
    assert not any(r.seat == N and r.trick == n for r in t.revokes())
    _replayed_score(t)


@pytest.mark.parametrize("code", ["auction", "royals"])
def test_law_67_the_deal_allowed_to_stand_the_card_cannot_be_called(code: str) -> None:
    """Whist Club 67: a card exposed before the final declaration; "either
    adversary may demand a new deal. If the deal be allowed to stand, the exposed
    card may be picked up, and cannot be called": either adversary may decide,
    the offender's partner may not; the card stays in the hand, not liable; a
    lead before the final declaration cannot be made (no card is played in the
    auction)."""
    t = laws_table(code)
    assert t.auction is not None
    seat = t.auction.turn
    c = next(x for x in range(52) if t.deal.hands[seat] >> x & 1)
    t.expose(seat, c)
    p = t.pending
    assert p is not None and set(p.choosers) == {seat.left, seat.right}
    assert [o.key for o in p.options] == ["new_deal", "stand"]
    assert t.code.cite(p.offence.topic) == f"Law 67 ({code})"
    with pytest.raises(LawsError):
        t.rule(seat.partner, "new_deal")
    t.rule(seat.right, "stand")
    assert t.phase == "auction" and not t.void
    bid(t, "1H", "pass", "pass", "pass")
    assert seat not in t.penalties.liable
    with pytest.raises(TableError, match=rf"Law 45 \({code}\)"):
        t2 = laws_table(code)
        assert t2.auction is not None
        s2 = t2.auction.turn
        t2.play_card(next(x for x in range(52) if t2.deal.hands[s2] >> x & 1), seat=s2)
    _play_out(t)
    _replayed_score(t)


@pytest.mark.parametrize("code", ["auction", "royals"])
def test_law_68_instead_of_calling_the_card_the_leader_may_not_lead_its_suit(code: str) -> None:
    """Whist Club 68: the partner of the leader to the first trick exposes a
    card; the declarer "may, instead of calling the card, require the leader not
    to lead the suit of the exposed card" (the card is then not liable); "if so
    exposed by the leader it is subject to call" (no suit forbidden)."""
    t = opened(code)
    play = t.play
    assert play is not None and play.turn == E
    c = next(x for x in held(t, W) if play.hands[E] & SUIT_MASKS[x // 13])
    t.expose(W, c)
    p = t.pending
    assert p is not None and p.choosers == (N,)
    assert t.code.cite(p.offence.topic) == f"Law 68 ({code})"
    assert [o.key for o in p.options] == ["exposed", "forbid_suit"]
    t.rule(N, "forbid_suit", "CDHS"[c // 13])
    assert all(x // 13 != c // 13 for x in t.legal_cards())
    assert W not in t.penalties.liable
    _play_out(t)
    _replayed_score(t)
    # Exposed by the leader himself: subject to call, no suit to forbid.
    t = opened(code)
    c = held(t, E)[0]
    t.expose(E, c)
    p = t.pending
    assert p is not None and p.offence.key == "exposed_card" and p.choosers == (N,)
    assert [o.key for o in p.options] == ["call_card", "waive"]
    t.rule(N, "call_card")
    assert t.legal_cards() == [c]


@pytest.mark.parametrize(("code", "law"), [("auction", "74"), ("royals", "74"), ("royalton", "69")])
def test_law_74_69_cards_thrown_down_are_liable_the_declarers_are_not(code: str, law: str) -> None:
    """Whist Club 74, Royalton 69: an adversary who throws his cards face upward
    has them all exposed and liable to be called, and the declarer may call
    them; the partner who retains his hand is not made to show it; "Cards
    exposed by the declarer are not liable to be called"."""
    t = opened(code)
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 9 and t.play.turn == E)
    hand = held(t, E)
    for c in hand:
        t.expose(E, c)
        if t.pending is not None:
            assert t.pending.choosers == (N,)
            t.rule(N, "waive")
    assert t.penalties.liable[E] == set(hand) and W not in t.penalties.liable
    assert t.code.cite("exposed").startswith(("Law 69", "Law 63"))
    t.play_card(t.legal_cards()[0])  # East leads; the declarer may call his cards later
    mine = held(t, N)
    t.expose(N, mine[-1])
    p = t.pending
    assert p is not None and p.offence.key == "declarant_exposed"
    assert [o.key for o in p.options] == ["none"]
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    t.rule(p.choosers[0], "none")
    assert N not in t.penalties.liable
    _play_out(t)
    _replayed_score(t)


def test_law_37_either_adversary_a_new_deal_or_the_call_stands_in_turn_royalton() -> None:
    """Royalton 37: "either adversary may demand a new deal, or may allow such
    declaration to stand, in which case the bidding shall continue as if the
    declaration had been in turn"; the offender's partner has no say; a pass out
    of turn is a bid out of turn (the same choice)."""
    t = laws_table("royalton")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")  # the dealer; his left is to call
    offender = dealer.partner
    t.call(Bid(2, "C"), seat=offender)
    p = t.pending
    assert p is not None and p.offence.key == "call_out_of_turn"
    assert set(p.choosers) == {dealer.left, offender.left}
    assert [o.key for o in p.options] == ["new_deal", "stand"]
    with pytest.raises(LawsError):
        t.rule(dealer, "new_deal")  # the offender's partner
    t.rule(offender.left, "stand")
    assert t.auction.turn == offender.left and t.auction.bid == Bid(2, "C")
    bid(t, "pass", "pass", "pass")
    assert t.declarer == offender and str(t.contract) == "2C"
    t2 = laws_table("royalton")
    bid(t2, "1H")
    t2.call(Other.PASS, seat=dealer.partner)
    p = t2.pending
    assert p is not None and [o.key for o in p.options] == ["new_deal", "stand"]
    t2.rule(dealer.left, "new_deal")
    assert t2.is_over and "Law 37 (royalton)" in t2.void and t2.score().void


def test_law_40_not_demanded_the_bid_over_which_it_was_made_may_be_repeated_royalton() -> None:
    """Royalton 40: "When the penalty for an insufficient declaration is not
    demanded, the bid over which it was made may be repeated unless some higher
    bid have intervened": condoned, the insufficient bid stands as made, nobody
    is debarred, and the next player may repeat the bid it was made over."""
    t = laws_table("royalton")
    assert t.auction is not None
    first = t.auction.turn
    bid(t, "2H")
    offender = first.left
    t.call(Bid(1, "S"))
    p = t.pending
    assert p is not None and p.offence.key == "insufficient_bid"
    assert set(p.choosers) == {first, first.partner}
    t.rule(first.partner, "condone")
    assert t.auction.bid == Bid(1, "S") and t.auction.turn == offender.left
    assert Bid(2, "H") in t.legal_calls()
    t.call(Bid(2, "H"))  # the bid over which it was made, repeated
    assert Bid(3, "C") in t.legal_calls()  # the offender's partner is not debarred
    bid(t, "pass", "pass", "pass")
    assert str(t.contract) == "2H" and t.declarer == first


@pytest.mark.parametrize("code", ["auction", "royals", "royalton"])
def test_law_59_61_65_the_lead_from_the_left_dummy_played_by_the_declarer_no_revoke(
    code: str,
) -> None:
    """Whist Club 59, 61, 65 (Royalton 49, 52, 57): the player on the declarer's
    left leads; dummy's cards are then played by the declarer; dummy is not
    liable to the revoke penalty: his renounce quitted, the trick stands."""
    t = opened(code)
    play = t.play
    assert play is not None and t.declarer == N and play.dummy == S
    assert play.turn == E and t.to_act == E  # the declarer's left-hand adversary
    t.play_card(t.legal_cards()[0])
    assert play.turn == S and t.to_act == N  # dummy's card, the declarer's to play
    run(t, lambda t: can_renounce(t, S))
    assert t.phase == "play"  # dummy can renounce on this deal
    n = len(play.tricks)
    bad = renounce(t, S)
    _play_out(t)
    assert bad in play.tricks[n][1] and t.revokes() == ()
    _replayed_score(t)


@pytest.mark.parametrize("code", ["auction", "royals"])
def test_law_10_honors_slams_and_chicane_not_affected_by_doubling(code: str) -> None:
    """Whist Club 10: the value of honors, slams and chicane is not affected by
    doubling or redoubling: a little slam in hearts with three honors and South
    void of trumps scores them the same plain, doubled and redoubled, under the
    code's own law."""
    held = Holdings((3, 1, 0, 1), frozenset({S}))
    plain, doubled, redoubled = (deal(c, 12, held, code) for c in ("1H", "1HX", "1HXX"))
    reasons = [i.reason for i in plain.items if i.points and "trick" not in i.reason]
    assert {"3 honors", "chicane (South)", "little slam"} <= set(reasons)
    for reason in reasons:
        assert points(plain, 0, reason) == points(doubled, 0, reason)
        assert points(plain, 0, reason) == points(redoubled, 0, reason)
    assert plain.trick(0) * 4 == redoubled.trick(0)  # the trick values are quadrupled
    assert {i.law for i in plain.items if i.reason in reasons} <= {
        f"Law {n} ({code})" for n in (6, 7, 8, 9)
    }


@pytest.mark.parametrize("code", ["auction", "royals"])
def test_law_45_47_48_55_the_calls_in_turn_the_declarer_and_the_doubling_limits(code: str) -> None:
    """Whist Club 45: after the dealer, each in turn may pass, bid higher,
    double the last declaration or redouble a double; 47: he may over-bid his
    partner, but not his own declaration passed by the other three (the auction
    is then over); 48: of two partners in the same suit the first to name it
    plays; 55: no double of a partner's declaration, no redouble of a partner's
    double, and once only; a partner's declaration doubled may be redoubled."""
    a = auction_run(code, N, "1H")
    legal = a.legal_calls()
    assert Other.PASS in legal and Other.DOUBLE in legal and Other.REDOUBLE not in legal
    assert Bid(1, "H") not in legal and Bid(1, "NT") in legal
    a = auction_run(code, N, "1H", "pass", "2H", "pass", "pass", "pass")
    assert a.is_over and a.declarer == N and a.bid == Bid(2, "H")  # 47, 48
    a = auction_run(code, N, "1H", "pass", "pass", "pass")
    assert a.is_over  # his own declaration passed by the other three stands
    with pytest.raises(IllegalCallError, match=rf"Law 55 \({code}\)"):
        auction_run(code, N, "1H", "pass", "X")
    with pytest.raises(IllegalCallError, match=rf"Law 55 \({code}\)"):
        auction_run(code, N, "1H", "X", "pass", "XX")
    a = auction_run(code, N, "1H", "X", "XX")  # South redoubles his partner's, doubled
    assert a.doubled == 2
    with pytest.raises(IllegalCallError, match=rf"Law 55 \({code}\)"):
        a.call(Other.DOUBLE)
    with pytest.raises(IllegalCallError, match=rf"Law 55 \({code}\)"):
        a.call(Other.REDOUBLE)


@pytest.mark.parametrize(
    ("code", "law", "pts"),
    [("auction", "86b", 150), ("royals", "86b", 150), ("royalton", "77b", 100)],
)
def test_law_85_76_a_revoke_is_established_when_the_trick_is_quitted(
    code: str, law: str, pts: int
) -> None:
    """Whist Club 85, Royalton 76: a revoke occurs when a player other than dummy,
    holding the suit led, plays another; it may be corrected until the trick is
    turned and quitted (here: until the next trick is led to), and is then
    established: it cannot be corrected and counts in the score."""
    t = opened(code)
    run(t, lambda t: t.play is not None and can_renounce(t, t.play.turn) and t.play.turn in (E, W))
    play = t.play
    assert play is not None
    seat = play.turn
    n = len(play.tricks) + 1
    renounce(t, seat)
    run(t, lambda t: t.play is not None and len(t.play.tricks) == n)  # the trick quitted
    assert play.trick == [] and t.phase == "play"
    t.play_card(t.legal_cards()[0])  # the next lead
    with pytest.raises(TableError, match="no renounce in error to correct"):
        t.correct_renounce(seat)
    _play_out(t)
    assert [(r.seat, r.trick) for r in t.revokes()] == [(seat, n)]
    # The declarer's choice put first (law 86b / 77b): the points, to his side.
    assert [(i.side, i.points, i.law) for i in t.score().items if "revoke" in i.reason] == [
        (N.side, pts, f"Law {law} ({code})")
    ]
    _replayed_score(t)


def test_law_55_either_adversary_play_or_not_play_the_card_or_50_points_royalton() -> None:
    """Royalton 55: dummy suggests a card of his hand; either adversary may
    require the declarer to play or not to play it, or take 50 points in his
    penalty score instead."""
    t = opened("royalton")
    run(t, lambda t: t.play is not None and t.play.turn == S and len(t.legal_cards()) > 1)
    lawful = t.legal_cards()
    t.report(S, "dummy_suggestion", lawful[-1])
    p = t.pending
    assert p is not None and set(p.choosers) == {E, W}
    assert t.code.cite(p.offence.topic) == "Law 55 (royalton)"
    assert [o.key for o in p.options] == ["play", "not_play", "points"]
    t.rule(E, "not_play")
    assert t.legal_cards() == lawful[:-1]
    _play_out(t)
    assert not [i for i in t.score().items if i.law == "Law 55 (royalton)"]
    _replayed_score(t)


def test_law_51_the_card_exposed_and_also_a_suit_called_from_the_leader_royalton() -> None:
    """Royalton 51: the proper leader's partner exposes a card before the lead;
    the declarer "may treat it as exposed, and may also call a suit lead from
    the proper leader": the card stays liable and the leader must lead the suit."""
    t = opened("royalton")
    play = t.play
    assert play is not None and play.turn == E
    c = held(t, W)[0]
    t.expose(W, c)
    p = t.pending
    assert p is not None and p.choosers == (N,)
    assert [o.key for o in p.options] == ["exposed", "call_suit"]
    suit = next(s for s in range(4) if play.hands[E] & SUIT_MASKS[s])
    t.rule(N, "call_suit", "CDHS"[suit])
    assert t.penalties.liable[W] == {c}
    assert t.legal_cards() and all(x // 13 == suit for x in t.legal_cards())
    _play_out(t)
    _replayed_score(t)


@pytest.mark.parametrize(("code", "law"), [("auction", "26"), ("royals", "26"), ("royalton", "10")])
def test_law_26_10_a_substitute_with_the_consent_of_the_other_three_for_that_rubber(
    code: str, law: str
) -> None:
    """Whist Club 26, Royalton 10: a player quitting the table during a rubber
    may appoint a substitute "with the consent of the other three"; the
    appointment "shall become void with the conclusion of the rubber"."""
    t = ClubTable(code, ["A", "B", "C", "D"], random.Random(0))
    t.announce("S")
    with pytest.raises(SubstituteError, match=rf"Law {law} \({code}\).*progress of a rubber"):
        t.substitute("A", "S", {"B", "C", "D"})  # no rubber in progress
    t.begin()
    with pytest.raises(SubstituteError, match=rf"Law {law} \({code}\).*D did not"):
        t.substitute("A", "S", {"B", "C"})
    t.substitute("A", "S", {"B", "C", "D"})
    assert t.players[0] == "S" and t.log[-1].law == f"Law {law} ({code})"
    t.end()
    assert t.players == ["A", "B", "C", "D"]  # void with the conclusion of the rubber


@pytest.mark.parametrize(("code", "law"), [("auction", "31"), ("royals", "31"), ("royalton", "18")])
def test_law_31_18_each_player_deals_in_turn_to_the_left(code: str, law: str) -> None:
    """Whist Club 31, Royalton 18: each player deals in turn, the deal passing to
    the left: each deal's dealer is the previous dealer's left-hand neighbour."""
    dealers = [dealer_for(code, n) for n in range(1, 9)]
    assert all(b == a.left for a, b in pairwise(dealers))
    assert len(set(dealers[:4])) == 4
    assert all(deal_for(code, number=n, seed=3).dealer is dealers[n - 1] for n in range(1, 9))


def test_law_31_33_each_in_turn_and_overbidding_his_own_declaration_royalton() -> None:
    """Royalton 31 (and 46: doubling reopens the bidding): after the dealer each
    in turn, from his left, may pass, bid higher, double the last declaration or
    redouble a double; 33: a player may
    overbid an adverse declaration, his partner's or his own, but not his own
    passed by the other three (the auction is then over)."""
    a = auction_run("royalton", N, "1H")
    assert a.turn == E
    legal = a.legal_calls()
    assert {Other.PASS, Other.DOUBLE, Bid(1, "NT")} <= set(legal)
    assert Other.REDOUBLE not in legal and Bid(1, "H") not in legal
    a = auction_run("royalton", N, "1H", "1NT", "pass", "pass", "2H")  # over an adversary
    a.call(Other.PASS)
    a.call(Bid(2, "NT"))  # South over his partner
    a.call(Other.PASS)
    a.call(Bid(3, "H"))  # North over his partner's, his own earlier
    assert a.bid == Bid(3, "H") and not a.is_over
    for _ in range(3):
        a.call(Other.PASS)
    assert a.is_over and a.declarer == N
    # Law 46: doubling reopens the bidding; the declarer's side may bid on.
    a = auction_run("royalton", N, "1H", "X", "pass", "pass")
    assert not a.is_over and a.turn == N
    a.call(Bid(2, "H"))
    assert a.doubled == 0 and not a.is_over
