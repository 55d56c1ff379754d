"""The audit of docs/laws/daw.md and whist.md (issue 19 item 7): a test for each
clause a row names that its earlier tests exercised without asserting, replayed
in laws mode from the table's event log."""

from __future__ import annotations

import pytest

from auctionwhist.calls import Bid, Other
from auctionwhist.cards import SUIT_MASKS, Seat, card_from_str
from auctionwhist.table import Table
from laws_helpers import bid, can_renounce, held, laws_table, opened, renounce, run

N, E, S, W = Seat


def _replayed(t: Table) -> Table:
    """The table rebuilt from its log: the rulings survive a replay."""
    again = Table.from_events(t.events)
    assert again.events == t.events and again.phase == t.phase
    assert again.penalties.liable == t.penalties.liable
    assert again.penalties.debarred == t.penalties.debarred
    return again


# -- daw 57: a call out of turn ------------------------------------------------------


def test_law_57_the_adversary_bids_the_offender_unpunished_bids_in_turn_daw() -> None:
    """Law 57 (daw): "if such adversary do other than pass the offender cannot be
    punished, and bids in his regular order": East ignores South's call out of
    turn and bids; South then bids in his turn, and North is not debarred."""
    t = laws_table("daw")
    bid(t, "1H")  # North; East's turn
    t.call(Bid(2, "C"), seat=S)  # South out of turn
    t.rule(E, "ignore")
    bid(t, "1NT")  # East, in turn, does other than pass
    assert t.to_act == S and Bid(3, "C") in t.legal_calls()
    bid(t, "3C", "pass")  # South in his regular order, West
    assert t.to_act == N and Bid(3, "H") in t.legal_calls()  # North not debarred
    bid(t, "3H", "pass", "pass", "pass")
    assert t.contract is not None and str(t.contract) == "3H" and t.declarer == N
    assert _replayed(t).declarer == N


def test_law_57_the_partner_debarred_unless_an_adversary_overbids_daw() -> None:
    """Law 57 (daw): the call stands and North is debarred "unless an adversary
    over-bids, doubles, or re-doubles the offender's declaration": West's bid
    over it frees North to bid."""
    t = laws_table("daw")
    bid(t, "1H")  # North; East's turn
    t.call(Bid(1, "NT"), seat=S)  # South out of turn
    t.rule(E, "pass_stand")
    assert N in t.penalties.debarred
    bid(t, "2D")  # West over-bids the offender's declaration (12 against 12, more tricks)
    assert N not in t.penalties.debarred
    assert t.to_act == N and Bid(2, "H") in t.legal_calls()
    bid(t, "2H")
    assert t.auction is not None and t.auction.bidder == N
    _replayed(t)


# -- daw 58, 60: the partner debarred until an adversary bids higher ---------------


def test_law_58_the_partner_bids_again_once_an_adversary_bids_higher_daw() -> None:
    """Law 58 (daw): East's insufficient bid corrected, West is debarred "unless an
    adversary makes a higher declaration or doubles": South's higher bid frees
    him."""
    t = laws_table("daw")
    bid(t, "1H")
    t.call(Bid(1, "S"))  # East: insufficient
    t.rule(S, "correct")  # four spades
    assert W in t.penalties.debarred
    bid(t, "2H")  # South bids higher
    assert W not in t.penalties.debarred and Bid(3, "D") in t.legal_calls()
    _replayed(t)


def test_law_60_the_partner_bids_again_once_an_adversary_overbids_daw() -> None:
    """Law 60 (daw): West exposes a card in the auction; East forfeits his right
    to bid "unless an adversary over-bids, doubles, or re-doubles"."""
    t = laws_table("daw")
    bid(t, "1H")  # North; East to call
    t.expose(W, card_from_str("SK"))
    t.rule(N, "debar_partner")
    assert t.to_act == E and t.legal_calls() == [Other.PASS]
    bid(t, "pass", "2H")  # East debarred passes; South over-bids his partner
    bid(t, "pass")  # West
    assert t.to_act == N
    bid(t, "pass")
    assert t.to_act == E and Bid(3, "D") in t.legal_calls()  # East bids again
    _replayed(t)


# -- daw 76: dummy suggests a card -------------------------------------------------


def test_law_76_either_adversary_calls_on_the_declarant_to_play_the_card_daw() -> None:
    """Law 76 (daw): "either adversary may ... call upon the declarant to play or
    not to play the card suggested": West (not only East) requires it played;
    it is the only card the declarant may play from dummy."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and t.play.turn == S and bool(t.play.trick))
    assert t.play is not None
    lawful = t.legal_cards()
    suggested = lawful[-1]
    t.report(S, "dummy_suggestion", suggested)
    assert t.pending is not None and t.pending.offence.who == "either_adversary"
    t.rule(W, "play")
    assert t.legal_cards() == [suggested]
    t.play_card(suggested)
    assert _replayed(t).play is not None


# -- daw 79: a card exposed before the lead ----------------------------------------


def test_law_79_the_declarant_requires_the_leader_not_to_open_that_suit_daw() -> None:
    """Law 79 (daw): West (the adversary on the declarant's right) exposes a card
    before the lead; the declarant may, "instead of treating the card as liable
    to be called, require the leader not to open that suit": East may lead no
    spade, and the king is not liable."""
    t = opened("daw")
    assert t.play is not None and t.play.turn == E
    king = card_from_str("SK")
    assert t.play.hands[W] >> king & 1
    t.expose(W, king)
    t.rule(N, "forbid_suit", "S")
    assert W not in t.penalties.liable
    spades = SUIT_MASKS[3]
    assert t.play.hands[E] & spades and t.play.hands[E] & ~spades
    assert all(not spades >> c & 1 for c in t.legal_cards())
    t.play_card(t.legal_cards()[0])
    assert _replayed(t).penalties.liable == {}


# -- daw 84: the declarant's cards are not liable ----------------------------------


def test_law_84_cards_exposed_by_the_declarant_are_not_liable_daw() -> None:
    """Law 84 (daw): two cards thrown at once by the declarant: the second goes
    back to his hand, not liable to be called, and he may play any card."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and t.play.turn == N and not t.play.trick)
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    thrown = held(t, N)[0]
    t.report(N, "two_cards", thrown)
    assert t.pending is not None and [o.key for o in t.pending.offence.options] == ["none"]
    t.rule(E, "none")
    assert N not in t.penalties.liable and S not in t.penalties.liable
    run(t)
    assert t.phase == "done" and N not in _replayed(t).penalties.liable


# -- daw 95, 96: playing out of turn -----------------------------------------------


def test_law_95_the_fourth_hand_also_may_play_before_the_second_daw() -> None:
    """Law 95 (daw): the third hand plays before the second; "the fourth hand also
    may play before the second": no penalty, and the second then plays."""
    t = opened("daw")
    assert t.play is not None
    t.play_card(t.legal_cards()[0])  # East leads; South (dummy) second
    t.play_card(held(t, W)[0], seat=W)  # the third hand
    assert t.pending is None
    t.play_card(held(t, N)[0], seat=N)  # the fourth hand, before the second
    assert t.pending is None and t.play.turn == S
    t.play_card(t.legal_cards()[0])
    assert len(t.play.tricks) == 1
    run(t)
    assert t.phase == "done" and _replayed(t).phase == "done"


def test_law_96_the_second_hand_called_on_to_play_his_highest_daw() -> None:
    """Law 96 (daw): the third hand (dummy) not played, the fourth plays before
    the second; the declarant calls on the second hand for his highest of the
    suit led."""
    for seed in range(1, 100):
        t = opened("daw", seed)
        run(t, lambda t: t.play is not None and len(t.play.trick) == 1 and t.play.turn == E)
        p = t.play
        if p is None or t.phase != "play":
            continue
        led = p.trick[0] // 13
        suit = [c for c in held(t, E) if c // 13 == led]
        if len(suit) < 2:
            continue
        t.play_card(held(t, W)[0], seat=W)  # the fourth hand before the second
        assert t.pending is not None and t.to_act == N
        t.rule(N, "highest")
        assert t.legal_cards() == [max(suit)]
        _replayed(t)
        return
    raise AssertionError("no deal with two cards of the suit led in East's hand")


# -- daw 87 (Whist Club 74, Royalton 69): the declarant claims the rest ------------


@pytest.mark.parametrize("code", ["daw", "auction", "royalton"])
def test_law_87_74_69_adversaries_exposing_cards_upon_the_claim_not_liable(code: str) -> None:
    """daw 87, Whist Club 74, Royalton 69: the declarant claims the rest; "his
    adversaries are not liable to have any of their cards called should they
    thereupon expose them": East, disputing, shows a card and it is not liable;
    once play has gone on, a card exposed is liable again (law 80)."""
    t = opened(code)
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 10 and t.play.turn in (N, S))
    assert t.play is not None
    t.claim(N, 3)
    t.answer_claim(E, False)
    shown = held(t, E)[-1]
    t.expose(E, shown)
    assert t.pending is None and E not in t.penalties.liable
    assert E not in _replayed(t).penalties.liable
    t.play_card(t.legal_cards()[0])
    later = held(t, W)[-1]
    t.expose(W, later)
    assert later in t.penalties.liable.get(W, set())


# -- daw 102, 103: a renounce in error corrected ------------------------------------


def _declarant_renounces(position: int, after: int) -> tuple[Table, int]:
    """A deal (one heart by North) where North renounces as the ``position``-th
    hand (0: leader) of a trick and ``after`` more cards are played after his."""
    for seed in range(1, 300):
        t = opened("daw", seed)

        def there(t: Table) -> bool:
            p = t.play
            return p is not None and len(p.trick) == position and can_renounce(t, N)

        run(t, there)
        if t.phase != "play" or not there(t):
            continue
        bad = renounce(t, N)
        if position + 1 + after > 3:
            continue  # the trick would be quitted and the revoke established
        for _ in range(after):
            t.play_card(t.legal_cards()[0])
        return t, bad
    raise AssertionError("no deal for the position")


@pytest.mark.parametrize(("position", "after"), [(1, 1)])
def test_law_103_the_declarant_corrects_the_adversary_on_his_left_calls_highest_daw(
    position: int, after: int
) -> None:
    """Law 103 (daw): the declarant corrects his renounce, second or third hand,
    both adversaries having played to the trick: "the adversary on his left may
    require him to play his highest or lowest of the suit which he has
    renounced"; the cards played after his go back, not liable."""
    t, bad = _declarant_renounces(position, after)
    p = t.play
    assert p is not None
    led = p.trick[0] // 13 if position else -1
    t.correct_renounce(N)
    led = p.trick[0] // 13 if position else led
    assert p.hands[N] >> bad & 1 and p.turn == N and len(p.trick) == position
    assert t.pending is not None and t.pending.offence.key == "declarant_renounce_corrected"
    assert t.to_act == E and t.penalties.liable == {}
    t.rule(E, "highest")
    suit = [c for c in held(t, N) if c // 13 == led]
    assert t.legal_cards() == [max(suit)]
    _replayed(t)


@pytest.mark.parametrize(("position", "after"), [(1, 0), (2, 0)])
def test_law_103_no_penalty_from_the_declarant_before_both_adversaries_played_daw(
    position: int, after: int
) -> None:
    """Law 103 (daw): no penalty when the declarant corrects before both
    adversaries have played to the trick ("provided both of the adversaries
    have played to the current trick"): second hand to West's lead, or third
    hand before East has played."""
    t, bad = _declarant_renounces(position, after)
    t.correct_renounce(N)
    assert t.pending is None and t.phase == "play" and t.play is not None
    assert t.play.hands[N] >> bad & 1


def test_law_102_a_player_asks_an_adversary_and_requires_the_correction_daw() -> None:
    """Law 102 (daw): "a player may ask an adversary if he has any of the suit led
    to that trick, and can require the error to be corrected": North asks East,
    who renounced; East's card goes back and law 103's penalty is the
    declarant's to choose."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    bad = renounce(t, E)
    rec = t.ask_renounce(N, E)
    assert rec is not None and rec.card == bad
    assert t.play is not None and t.play.hands[E] >> bad & 1
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"
    assert t.to_act == N
    t.rule(N, "exposed")
    assert t.penalties.liable[E] == {bad}
    _replayed(t)


# -- AWL VII §2, IX §1, XI §1 (whist) -----------------------------------------------


def test_law_VII_2_his_remaining_cards_exposed_before_his_partner_plays_whist() -> None:
    """AWL VII §2: "or if he ... exposes his remaining cards before his partner
    has played to the current trick, his partner's cards must be laid face up on
    the table and are liable to be called"; showing all but one leaves the
    partner's hand his own."""
    t = laws_table("whist")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 10 and not t.play.trick)
    assert t.play is not None
    seat = t.play.turn
    t.play_card(t.legal_cards()[0])  # he leads; his partner has not played
    rest = held(t, seat)
    t.expose(seat, rest[0])
    assert seat.partner not in t.penalties.liable
    t.expose(seat, rest[1])
    assert t.penalties.liable[seat] == set(rest)
    assert t.penalties.liable[seat.partner] == set(held(t, seat.partner))
    assert _replayed(t).penalties.liable[seat.partner] == set(held(t, seat.partner))


def test_law_IX_1_the_fourth_hand_also_may_play_before_the_second_whist() -> None:
    """AWL IX §1: the third hand plays before the second; "the fourth hand may
    also play before the second": no penalty, and the second plays last."""
    t = laws_table("whist")
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    second = t.play.turn
    t.play_card(held(t, second.left)[0], seat=second.left)  # the third hand
    t.play_card(held(t, second.partner)[0], seat=second.partner)  # the fourth hand
    assert t.pending is None and t.play.turn == second
    t.play_card(t.legal_cards()[0])
    assert len(t.play.tricks) == 1
    run(t)
    assert t.phase == "done" and _replayed(t).phase == "done"


def test_law_XI_1_the_adversary_last_to_play_chooses_the_partners_highest_whist() -> None:
    """AWL XI §1: the leader calls attention to the trick before his partner has
    played; "the adversary last to play to the trick" (the leader's right-hand
    adversary, not the second hand) requires the partner's highest of the suit
    led."""
    for seed in range(1, 100):
        t = laws_table("whist", seed)
        assert t.play is not None
        leader = t.play.turn
        first = t.legal_cards()[0]
        led = first // 13
        suit = [c for c in held(t, leader.partner) if c // 13 == led]
        if len(suit) < 2:
            continue
        t.play_card(first)
        t.report(leader, "attention_to_trick")
        assert t.pending is not None and t.pending.choosers == (leader.right,)
        t.rule(leader.right, "highest")
        t.play_card(t.legal_cards()[0])  # the second hand
        assert t.play.turn == leader.partner and t.legal_cards() == [max(suit)]
        _replayed(t)
        return
    raise AssertionError("no deal with two cards of the suit led for the third hand")


def test_law_VIII_3_called_to_lead_a_suit_he_has_none_of_he_leads_as_he_pleases_whist() -> None:
    """AWL VIII §3: "if a player when called on to lead a suit has none of it, he
    may lead as he pleases": a suit he is void of called from the proper leader
    (VIII §2), every card of his is lawful, and no revoke follows."""
    for seed in range(1, 300):
        t = laws_table("whist", seed)
        assert t.play is not None
        leader = t.play.turn
        void = [s for s in range(4) if not t.play.hands[leader] & SUIT_MASKS[s]]
        if not void:
            continue
        t.play_card(held(t, leader.partner)[0], seat=leader.partner)  # in his partner's turn
        t.rule(leader.right, "call_suit", "CDHS"[void[0]])
        assert t.play.turn == leader and t.legal_cards() == held(t, leader)
        t.play_card(t.legal_cards()[-1])
        run(t)
        assert t.phase == "done" and t.revokes() == ()
        _replayed(t)
        return
    raise AssertionError("no deal with a void in the leader's hand")


def test_law_IV_5_the_partners_highest_trump_called_is_the_card_he_must_play_whist() -> None:
    """AWL IV §5: the trump card named unlawfully, "his partner's highest or
    lowest trump may be called": called highest, the partner, void of the suit
    led, must trump with his highest (a deal where he holds two trumps or more)."""
    for seed in range(1, 300):
        t = laws_table("whist", seed)
        assert t.play is not None
        offender = t.play.turn.left
        partner = offender.partner
        t.report(offender, "trump_named")
        t.rule(offender.right, "highest_trump")
        run(t, lambda t, partner=partner: t.play is not None and t.play.turn == partner)
        p = t.play
        assert p is not None and p.trick
        led = p.trick[0] // 13
        mine = held(t, partner)
        trumps = [c for c in mine if c // 13 == p.trump]
        if len(trumps) < 2 or any(c // 13 == led for c in mine) or led == p.trump:
            continue
        assert t.legal_cards() == [max(trumps)]
        t.play_card(max(trumps))
        _replayed(t)
        return
    raise AssertionError("no deal where the partner, void of the suit led, holds two trumps")


# -- daw 88: a claim admitted; a revoke still claimable ----------------------------


def test_law_88_a_claim_admitted_the_revoke_penalty_still_enforced_daw() -> None:
    """Law 88 (daw): the result of a claim admitted by all is established,
    "provided, that if a revoke is discovered the revoke penalty may be
    enforced": East's revoke earlier in the deal is penalised in the score."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    renounce(t, E)
    assert t.play is not None
    n = len(t.play.tricks)
    run(t, lambda t: t.play is not None and len(t.play.tricks) > n and not t.play.trick)
    assert t.phase == "play" and t.revokes() and t.revokes()[0].seat == E
    left = 13 - len(t.play.tricks)
    claimant = t.play.turn
    t.claim(claimant, left if claimant.side == N.side else 0)
    for s in (claimant.left, claimant.right):
        if s is not t.play.dummy:
            t.answer_claim(s, True)
    if t.pending is not None:  # the declarant's choice for the adversary's revoke
        t.rule(N, "revoke_points")
    assert t.is_over
    items = [i for i in t.score().items if i.law == "Law 101B (daw)"]
    assert [(i.side, i.points) for i in items] == [(N.side, 150)]


# -- daw 97: attention called to the trick ------------------------------------------


def test_law_97_the_partner_having_none_is_made_to_trump_daw() -> None:
    """Law 97 (daw): East calls attention to the trick before West plays; West
    having none of the suit led, the declarant requires him "to trump ... the
    trick": his lawful cards are his trumps."""
    for seed in range(1, 300):
        t = opened("daw", seed)
        run(t, lambda t: t.play is not None and len(t.play.trick) == 2 and t.play.turn == W)
        p = t.play
        if t.phase != "play" or p is None or len(p.trick) != 2 or p.turn != W:
            continue
        led = p.trick[0] // 13
        mine = held(t, W)
        trumps = [c for c in mine if c // 13 == p.trump]
        if led == p.trump or any(c // 13 == led for c in mine) or not trumps:
            continue
        if len(trumps) == len(mine):
            continue
        t.report(E, "attention_to_trick")
        assert t.to_act == N
        t.rule(N, "trump")
        assert t.legal_cards() == trumps
        t.play_card(trumps[0])
        _replayed(t)
        return
    raise AssertionError("no deal where West, void of the suit led, holds a trump")
