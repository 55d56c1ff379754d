"""Whole deals with irregularities under each code, played in laws mode end to
end, the score checked by hand from the laws.

The deal is ``deal(code, seed=1)``: N 843.KQT85.Q87.92, E A92.63.J953.KQT8,
S QT65.J94.A62.A64, W KJ7.A72.KT4.J753; North declares one heart and the others
pass. Played with the lowest lawful card, North-South take 7 tricks; North and
South hold four heart honors (K Q T; J): 4 x 8 = 32 in daw and the Whist Club
codes (daw 17, Whist Club 6).
"""

from __future__ import annotations

import pytest

from auctionwhist.calls import Bid, Other
from auctionwhist.cards import Seat, card_from_str
from auctionwhist.formats import jsonlog
from auctionwhist.laws import LawsError
from auctionwhist.table import Table
from laws_helpers import bid, can_renounce, laws_table, renounce, run

N, E, S, W = Seat


def _revoke_deal(code: str, revokers: tuple[Seat, ...]) -> Table:
    t = laws_table(code)
    bid(t, "1H", "pass", "pass", "pass")
    for seat in revokers:
        run(t, lambda t, seat=seat: can_renounce(t, seat))  # type: ignore[misc]
        renounce(t, seat)
    run(t)
    return t


def test_regular_play_baseline_daw() -> None:
    t = _revoke_deal("daw", ())
    assert t.tricks_won() == (7, 6)
    # 1H made: 1 odd trick x 8 = 8; four honors 32 (daw 9, 17).
    assert (t.score().trick(0), t.score().honor(0)) == (8, 32)


def test_law_101a_declarant_revokes_daw() -> None:
    """Law 101A (daw): the declarant who revokes scores no trick points; the
    adversaries add 150 in the honor column. North renounces in trick 1."""
    t = _revoke_deal("daw", (N,))
    assert t.phase == "done" and t.tricks_won() == (7, 6)
    assert [(r.seat, r.trick) for r in t.revokes()] == [(N, 1)]
    sc = t.score()
    assert (sc.trick(0), sc.honor(0)) == (0, 32)  # honors still count
    assert (sc.trick(1), sc.honor(1)) == (0, 150)


def test_law_101b_declarer_takes_three_tricks_daw() -> None:
    """Law 101B (daw): East revokes (trick 4); the declarant takes three tricks:
    7 + 3 = 10, four odd x 8 = 32 trick points, game 100 (law 7), honors 32."""
    t = _revoke_deal("daw", (E,))
    assert t.phase == "penalty" and t.pending is not None
    assert t.pending.offence.key == "revoke" and t.to_act == N
    t.rule(N, "revoke_tricks")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0), sc.total(1)) == (32, 132, 0)


def test_law_101b_declarer_takes_150_points_daw() -> None:
    """Law 101B (daw): or the declarant adds 150 to his honor column: 1H made
    with 7 tricks, 8 trick points, 32 honors + 150."""
    t = _revoke_deal("daw", (E,))
    t.rule(N, "revoke_points")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0), sc.total(1)) == (8, 182, 0)


def test_law_101c_second_revoke_same_side_daw() -> None:
    """Law 101C (daw): East revokes twice; the second costs 100 more."""
    t = _revoke_deal("daw", (E, E))
    assert len(t.revokes()) == 2
    assert t.tricks_won() == (6, 7)  # the second renounce cost North a trick
    t.rule(N, "revoke_points")
    sc = t.score()
    # 1H down one: 50 to East-West (law 69); North-South 32 honors, 150 for the
    # first revoke (101B) and 100 for the second (101C).
    assert (sc.trick(0), sc.honor(0)) == (0, 32 + 150 + 100)
    assert sc.honor(1) == 50


def test_law_101_both_sides_revoke_daw() -> None:
    """Law 101 (daw): each side pays its own penalty (North 101A, East 101B)."""
    t = _revoke_deal("daw", (N, E))
    t.rule(N, "revoke_points")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0)) == (0, 32 + 150)
    assert sc.honor(1) == 150


def test_law_91_both_sides_revoke_only_honors_auction() -> None:
    """Law 91 (auction): both sides revoking, only honors are scored."""
    t = _revoke_deal("auction", (N, E))
    t.rule(N, "revoke_points")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0), sc.total(1)) == (0, 32, 0)


def test_law_86b_declarer_takes_three_tricks_auction() -> None:
    """Law 86b (auction): three tricks to the declarer, 10 tricks: 4 x 8 = 32
    toward game; no per-deal game bonus in the rubber codes (law 2)."""
    t = _revoke_deal("auction", (E,))
    t.rule(N, "revoke_tricks")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0)) == (32, 32)


def test_law_77b_declarer_takes_100_points_royalton() -> None:
    """Law 77b (royalton): 100 in the penalty column instead of tricks; 1H made,
    10 trick points (law 83), no honors (law 85)."""
    t = _revoke_deal("royalton", (E,))
    t.rule(N, "revoke_points")
    sc = t.score()
    assert (sc.trick(0), sc.honor(0)) == (10, 100)


def test_law_81_equal_revokes_void_royalton() -> None:
    """Law 81 (royalton): both sides revoke once: no score, a new deal."""
    t = _revoke_deal("royalton", (N, E))
    t.rule(N, "revoke_points")
    assert t.score().void


def test_law_x_4_whist_revoke_average() -> None:
    """Law X §4 (whist): two tricks move from the revoking side, but the revoking
    side keeps the tricks it won before its revoke, and cannot score more than
    the average."""
    t = laws_table("whist")
    run(t, lambda t: can_renounce(t, E))
    renounce(t, E)
    run(t)
    assert t.phase == "done"
    won = t.tricks_won()
    rv = t.revokes()[0]
    before = t.result().tricks_before_revoke
    assert before is not None and sum(before) == rv.trick - 1
    plain = t.score()
    # Without an average: East-West lose two tricks, not below those won before.
    assert plain.trick(1) == max(won[1] - 2, before[1])
    assert plain.trick(0) == 13 - plain.trick(1)
    # An average that leaves East-West fewer tricks than the two-trick transfer.
    avg = 13 - (won[1] - 3) - 0.5  # East-West's average is won[1] - 3 + 0.5
    capped = t.score(average=avg)
    assert capped.trick(1) == max(won[1] - 3, before[1])


def test_law_89_lead_out_of_turn_accepted_daw() -> None:
    """Laws 89 and 91 (daw): West leads out of turn at the second trick; the
    declarant accepts and the trick goes on from West's card."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    assert t.play is not None
    wrong = next(s for s in (E, W) if s != t.play.turn)
    c = next(c for c in range(52) if t.play.hands[wrong] >> c & 1)
    t.play_card(c, seat=wrong)
    assert t.phase == "penalty" and t.pending is not None
    assert t.pending.offence.key == "lead_out_of_turn" and t.to_act == N
    t.rule(N, "accept")
    assert t.play.trick == [c] and t.play.leader == wrong
    run(t)
    assert t.phase == "done" and sum(t.tricks_won()) == 13
    assert jsonlog.loads(jsonlog.dumps(t.events)) == t.events
    assert Table.from_events(t.events).score() == t.score()


def test_law_89_lead_out_of_turn_suit_called_daw() -> None:
    """Law 89 (daw): the declarant chooses to call a suit; the card goes back
    and, East being the one to lead, the declarant names it at once: East must
    lead that suit if he can."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    assert t.play is not None and t.play.turn == E
    spade = next(c for c in range(39, 52) if t.play.hands[W] >> c & 1)
    t.play_card(spade, seat=W)
    t.rule(N, "call_lead")
    assert t.pending is not None and t.pending.offence.key == "lead_out_of_turn_call"
    t.rule(N, "call_suit", "C")
    assert t.play.trick == [] and t.play.hands[W] >> spade & 1
    lead = t.legal_cards()
    assert lead and all(c // 13 == 0 for c in lead)  # East must open clubs
    run(t)
    assert t.phase == "done"


def test_law_58_insufficient_bid_corrected_partner_debarred_daw() -> None:
    """Law 58 (daw): East's one spade over one heart is made four spades (equal
    in value to one heart, more tricks: law 54); West is debarred until
    North-South bid higher or double."""
    t = laws_table("daw")
    bid(t, "1H")
    t.call(Bid(1, "S"))
    assert t.phase == "penalty" and t.pending is not None
    assert t.pending.offence.key == "insufficient_bid"
    t.rule(S, "correct")
    assert t.auction is not None and t.auction.bid == Bid(4, "S")
    bid(t, "pass")  # South
    assert t.to_act == W and t.legal_calls() == [Other.PASS]
    t.call(Bid(3, "S"))  # West, debarred, declares
    assert t.pending is not None and t.pending.offence.key == "debarred_call"
    t.rule(N, "void")
    bid(t, "pass", "pass")  # West, North: three passes since East's 4S

    assert t.contract is not None and str(t.contract) == "4S" and t.declarer == E


def test_law_79_card_exposed_before_lead_and_called_daw() -> None:
    """Laws 79, 80 and 108 (daw): West (the leader's partner) exposes a card
    before the lead; the declarant treats it as liable, and calls it when West
    is to play."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    assert t.play is not None and t.play.turn == E
    king = card_from_str("SK")
    t.expose(W, king)
    assert t.pending is not None and t.pending.offence.key == "exposed_before_lead"
    t.rule(N, "exposed")
    run(t, lambda t: t.phase != "play" or t.play is None or t.play.turn == W)
    # West holds a liable card: the table waits for the declarant (law 107).
    assert t.phase == "penalty" and t.pending is not None
    assert t.pending.offence.key == "exposed_card" and t.to_act == N
    # A card is called only if that is no revoke (law 108); until then, waived.
    while t.play.hands[W] >> king & 1:
        if t.phase == "penalty":
            trick = t.play.trick
            if trick and trick[0] // 13 != 3 and t.play.hands[W] >> (13 * (trick[0] // 13)):
                with pytest.raises(LawsError, match="Law 108"):
                    t.rule(N, "call_card", "SK")
                t.rule(N, "waive")
            else:
                t.rule(N, "call_card", "SK")
                assert t.legal_cards() == [king]
        t.play_card(t.legal_cards()[0])
    run(t)
    assert t.phase == "done" and W not in t.penalties.liable


def test_law_88_claim_accepted_daw() -> None:
    """Law 88 (daw): North claims the rest, East and West accept; the result
    stands as claimed."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 10 and not t.play.trick)
    assert t.play is not None
    won = t.tricks_won()
    t.claim(N, 3)
    t.answer_claim(E, True)
    t.answer_claim(W, True)
    assert t.phase == "done" and t.tricks_won() == (won[0] + 3, won[1])


def test_law_86_claim_by_adversary_contested_daw() -> None:
    """Law 86 (daw): East says "the rest are ours"; North disputes it; play goes
    on and West's cards lie face up, liable to be called."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 9 and not t.play.trick)
    t.claim(E, 4)
    t.answer_claim(N, False)
    assert t.phase in ("play", "penalty")
    assert t.play is not None
    west = {c for c in range(52) if t.play.hands[W] >> c & 1}
    assert west and t.penalties.liable[W] == west
    while t.phase != "done":
        if t.phase == "penalty":
            t.rule(N, "waive")
        else:
            t.play_card(t.legal_cards()[0])
    assert sum(t.tricks_won()) == 13


def test_law_45_redouble_twice_royalton() -> None:
    """Law 45 (royalton): East redoubles a redouble; North takes 100 points in
    the penalty score; the redouble is void and the auction goes on."""
    t = laws_table("royalton")
    bid(t, "1H", "X", "XX")  # North bids, East doubles, South redoubles
    t.call(Other.REDOUBLE)  # West redoubles a redouble
    assert t.pending is not None and t.pending.offence.key == "redouble_twice"
    t.rule(N, "points")
    bid(t, "pass", "pass", "pass")  # West, North, East
    assert t.contract is not None and str(t.contract) == "1HXX"
    run(t)
    sc = t.score()
    # 1H redoubled made with 7 tricks: 10 x 4 = 40 (law 44); bonus 100 (law 47);
    # the penalty 100 to North-South (law 45).
    assert (sc.trick(0), sc.honor(0)) == (40, 200)
