"""Irregularities of the play and the rights around them, law by law, for the
laws the first pass left undone: winning cards shown in a row, two cards played
at once, a last card shown early, a suit called that the leader has not, a lead
in the partner's turn, doubles out of turn, questions about a renounce, and who
may choose a penalty."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from auctionwhist.calls import Bid, Other
from auctionwhist.cards import Seat
from auctionwhist.dealing import deal
from auctionwhist.laws import LawsError
from auctionwhist.rulings import ruling
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, held, laws_table, opened, renounce, run

N, E, S, W = Seat
SUIT = 0x1FFF


def _find(code: str, stop: Callable[[Table], bool], seeds: range = range(1, 120)) -> Table:
    """The first deal (by seed) that reaches a position where ``stop`` holds,
    playing the lowest lawful card."""
    for seed in seeds:
        t = laws_table(code, seed) if code == "whist" else opened(code, seed)
        run(t, stop)
        if t.phase == "play" and stop(t):
            return t
    raise AssertionError("no deal reaches the position")


def _winner_to_lead(t: Table) -> bool:
    """An adversary of the declarant is to lead and holds a card higher than any
    of its suit in the other side's hands, with another card beside it."""
    p = t.play
    assert p is not None
    seat = p.turn
    if p.trick or (p.declarer is not None and seat.side == p.declarer.side):
        return False
    if bin(p.hands[seat]).count("1") < 3:
        return False
    others = p.hands[seat.left] | p.hands[seat.right]
    for c in held(t, seat):
        higher = (SUIT << 13 * (c // 13)) & ~((2 << c) - 1)
        if not others & higher:
            return True
    return False


def _lead_winner(t: Table) -> tuple[Seat, int, int]:
    """The leader leads his winning card; returns (leader, card led, another card)."""
    p = t.play
    assert p is not None
    seat = p.turn
    others = p.hands[seat.left] | p.hands[seat.right]
    c = next(c for c in held(t, seat) if not others & (SUIT << 13 * (c // 13)) & ~((2 << c) - 1))
    t.play_card(c)
    return seat, c, next(x for x in held(t, seat) if x != c)


# -- winning cards led in a row (daw 85, Whist Club 73, Royalton 68, AWL XI §6) -------


@pytest.mark.parametrize(("code", "law"), [("daw", "85"), ("auction", "73"), ("royalton", "68")])
def test_law_85_73_68_winning_card_led_partner_must_win(code: str, law: str) -> None:
    """daw 85, Whist Club 73, Royalton 68: an adversary leads a winning card and
    shows another before his partner plays: the declarant calls on the partner to
    win the trick if he can, and the card shown is liable to be called."""
    t = _find(code, _winner_to_lead)
    seat, _led, other = _lead_winner(t)
    with pytest.raises(TableError, match="partner plays"):
        t.report(seat.partner, "winning_cards_exposed", held(t, seat.partner)[0])
    t.report(seat, "winning_cards_exposed", other)
    p = t.pending
    assert p is not None and p.offence.topic == "winning_cards_exposed"
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    declarer = t.declarer
    assert declarer is not None and t.to_act == declarer
    t.rule(declarer, "win")
    assert t.penalties.require[seat.partner] == ("win", 0)
    assert other in t.penalties.liable[seat]
    run(t, lambda t: t.play is not None and t.play.turn == seat.partner)
    assert t.play is not None
    trick = list(t.play.trick)
    lawful = t.legal_cards()
    from auctionwhist.play import trick_winner

    winners = [c for c in lawful if trick_winner([*trick, c], t.play.trump) == len(trick)]
    assert lawful == winners or not winners  # he must win if he can


def test_law_XI_6_winning_cards_either_adversary_calls_whist() -> None:
    """AWL XI §6 (whist): the partner of the player who leads winners in a row
    may be called upon by either adversary to win the trick."""

    def stop(t: Table) -> bool:
        p = t.play
        assert p is not None
        if p.trick or bin(p.hands[p.turn]).count("1") < 3:
            return False
        seat = p.turn
        others = p.hands[seat.left] | p.hands[seat.right]
        return any(not others & (SUIT << 13 * (c // 13)) & ~((2 << c) - 1) for c in held(t, seat))

    t = _find("whist", stop)
    seat, _led, other = _lead_winner(t)
    t.report(seat, "winning_cards_exposed", other)
    assert t.pending is not None and set(t.pending.choosers) == {seat.left, seat.right}
    assert "Law XI §6 (whist)" in t.code.cite(t.pending.offence.topic)
    t.rule(seat.right, "win")
    assert t.penalties.require[seat.partner] == ("win", 0) and other in t.penalties.liable[seat]


def test_law_85_a_card_that_is_no_winner_is_refused_daw() -> None:
    """daw 85 applies only to a card better than any the adversaries hold."""
    t = opened("daw")
    assert t.play is not None
    seat = t.play.turn
    others = t.play.hands[seat.left] | t.play.hands[seat.right]
    low = next(c for c in held(t, seat) if others & (SUIT << 13 * (c // 13)) & ~((2 << c) - 1))
    t.play_card(low)
    with pytest.raises(TableError, match=r"Law 85 \(daw\).*not a winning card"):
        t.report(seat, "winning_cards_exposed", held(t, seat)[0])


# -- two cards played at once (daw 81C, Whist Club 72, Royalton 66, AWL VII §1) -------


@pytest.mark.parametrize(("code", "law"), [("auction", "72"), ("royalton", "66")])
def test_law_72_66_two_cards_declarer_calls_either(code: str, law: str) -> None:
    """Whist Club 72, Royalton 66: an adversary plays two cards at once; the
    declarant calls the other one to the trick and the first is exposed."""
    t = opened(code)
    assert t.play is not None
    first = t.legal_cards()[0]
    t.play_card(first)  # East leads
    second = held(t, E)[-1]
    t.report(E, "two_cards", second)
    p = t.pending
    assert p is not None and t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    t.rule(N, "exchange")
    assert t.play.trick == [second] and t.penalties.liable[E] == {first}
    assert t.play.hands[E] >> first & 1 and not t.play.hands[E] >> second & 1


def test_law_72_two_cards_first_stands_other_exposed_auction() -> None:
    """Whist Club 72: or the card played first stands and the other is exposed."""
    t = opened("auction")
    assert t.play is not None
    first = t.legal_cards()[0]
    t.play_card(first)
    second = held(t, E)[-1]
    t.report(E, "two_cards", second)
    t.rule(N, "exposed")
    assert t.play.trick == [first] and t.penalties.liable[E] == {second}


def test_law_81C_card_thrown_with_the_card_played_is_exposed_daw() -> None:
    """daw 81C, 80: a card thrown with the card led is exposed, liable to be
    called; only the player of the last card can have thrown one with it."""
    t = opened("daw")
    assert t.play is not None
    first = t.legal_cards()[0]
    t.play_card(first)
    with pytest.raises(TableError, match="did not play the last card"):
        t.report(W, "two_cards", held(t, W)[0])
    second = held(t, E)[-1]
    t.report(E, "two_cards", second)
    assert t.pending is not None and t.pending.offence.options[0].key == "exposed"
    t.rule(N, "exposed")
    assert t.penalties.liable[E] == {second}


def test_law_84_cards_thrown_by_the_declarant_not_liable_daw() -> None:
    """daw 84: two cards thrown at once by the declarant are not liable."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and t.play.turn == N and not t.play.trick)
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    t.report(N, "two_cards", held(t, N)[0])
    assert t.pending is not None and t.pending.offence.key == "declarant_exposed"


def test_law_VII_1_two_cards_the_second_liable_and_VII_4_called_by_rho_whist() -> None:
    """AWL VII §1: a second card placed on the table is liable to be called;
    VII §4: only the adversary on the holder's right may call it."""
    t = laws_table("whist")
    assert t.play is not None
    leader = t.play.turn
    first = t.legal_cards()[0]
    t.play_card(first)
    second = held(t, leader)[-1]
    t.report(leader, "two_cards", second)
    t.rule(leader.left, "exposed")
    assert t.penalties.liable[leader] == {second}
    t2 = laws_table("whist")
    assert t2.play is not None
    holder = t2.play.turn.left
    t2.expose(holder, held(t2, holder)[0])
    t2.play_card(t2.legal_cards()[0])  # the leader, on the holder's right, plays
    assert t2.pending is not None and t2.pending.choosers == (holder.right,)
    t2.rule(holder.left, "call_card")  # the wrong adversary: none can be enforced (XI §4)
    assert holder not in t2.penalties.require and t2.pending is None


# -- Royalton 67: the last card shown before the twelfth trick is complete -------------


def test_law_67_last_card_exposed_partner_cards_exposed_royalton() -> None:
    """Royalton 67: an adversary shows his last card before his partner plays to
    the twelfth trick; the partner's two cards are laid face up, liable."""

    def stop(t: Table) -> bool:
        p = t.play
        assert p is not None
        if len(p.tricks) != 11 or not p.trick:
            return False
        last = Seat((p.leader + len(p.trick) - 1) % 4)
        return last.side != N.side and not p.has_played(last.partner)

    t = _find("royalton", stop)
    p = t.play
    assert p is not None
    seat = Seat((p.leader + len(p.trick) - 1) % 4)
    (last,) = held(t, seat)
    t.expose(seat, last)
    assert t.pending is not None and t.pending.offence.key == "last_card_exposed"
    assert t.code.cite(t.pending.offence.topic) == "Law 67 (royalton)"
    t.rule(N, "partner_exposed")
    assert t.penalties.liable[seat.partner] == set(held(t, seat.partner))
    assert len(t.penalties.liable[seat.partner]) == 2


# -- a suit called that the leader has not (daw 94, WC 81, Royalton 62, AWL VIII §3) ---


@pytest.mark.parametrize(("code", "law"), [("daw", "94"), ("auction", "81"), ("royalton", "62")])
def test_law_94_81_62_suit_called_he_has_not_penalty_paid(code: str, law: str) -> None:
    """daw 94, Whist Club 81, Royalton 62: the leader called on to lead a suit
    he has none of leads as he pleases; the penalty is paid, no revoke."""
    for seed in range(1, 200):
        t = laws_table(code, seed)
        bid(t, "1H", "pass", "pass", "pass")
        assert t.play is not None
        void = [s for s in range(4) if not t.play.hands[E] >> 13 * s & SUIT]
        if not void:
            continue
        t.play_card(held(t, W)[0], seat=W)  # West leads in East's turn
        t.rule(N, "call_lead")  # East is to lead: the suit is called at once
        t.rule(N, "call_suit", "CDHS"[void[0]])
        assert t.play.turn == E and t.legal_cards() == held(t, E)
        assert law in t.code.laws.get("no_suit_called", "")
        t.play_card(t.legal_cards()[0])
        run(t)
        assert t.revokes() == () and t.penalties.lead_call == {}
        return
    raise AssertionError("no deal with a void in the leader's hand")


# -- a lead in the partner's turn (AWL VIII §2, VIII §3) ------------------------------


def test_law_VIII_2_lead_in_partners_turn_suit_called_at_once_whist() -> None:
    """AWL VIII §2: a player leads in his partner's turn; the proper leader's
    right-hand adversary calls a suit from him at once; the card led goes back
    (VIII §4). VIII §3: having none of it, he leads as he pleases."""
    t = laws_table("whist")
    assert t.play is not None
    leader = t.play.turn
    wrong = leader.partner
    c = held(t, wrong)[0]
    t.play_card(c, seat=wrong)
    p = t.pending
    assert p is not None and p.offence.key == "lead_in_partners_turn"
    assert t.code.cite(p.offence.topic) == "Law VIII §2 (whist)"
    assert t.to_act == leader.right
    suit = next(s for s in range(4) if t.play.hands[leader] >> 13 * s & SUIT)
    t.rule(leader.right, "call_suit", "CDHS"[suit])
    assert t.play.hands[wrong] >> c & 1 and wrong not in t.penalties.liable
    assert t.play.turn == leader and all(x // 13 == suit for x in t.legal_cards())


# -- the auction: doubles out of turn, a call changed ----------------------------------


def test_law_58_double_out_of_turn_new_deal_auction() -> None:
    """Whist Club 58: a double out of turn; either adversary may demand a new deal."""
    t = laws_table("auction")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    offender = dealer.left.left  # doubles in his left-hand neighbour's turn
    t.call(Other.DOUBLE, seat=offender)
    p = t.pending
    assert p is not None and p.offence.key == "double_out_of_turn"
    assert t.code.cite(p.offence.topic) == "Law 58 (auction)"
    t.rule(offender.left, "new_deal")
    assert t.is_over and "Law 58 (auction)" in t.void


def test_law_58_double_out_of_turn_ignored_auction() -> None:
    """Whist Club 58: no new deal demanded: the double goes for nothing."""
    t = laws_table("auction")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    t.call(Other.DOUBLE, seat=dealer.left.left)
    t.rule(dealer.left.left.right, "ignore")
    assert t.auction.turn == dealer.left and t.auction.doubled == 0


def test_law_48_double_out_of_turn_is_a_declaration_royalton() -> None:
    """Royalton 48: a double out of turn has the penalty of law 37: a new deal,
    or the double stands and the bidding goes on from the doubler's left."""
    t = laws_table("royalton")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    doubler = dealer.left.left
    t.call(Other.DOUBLE, seat=doubler)
    p = t.pending
    assert p is not None and t.code.cite(p.offence.topic) == "Law 48 (royalton)"
    assert "Law 37 (royalton)" in ruling("royalton", "double_out_of_turn").see
    t.rule(doubler.left, "stand")
    assert t.auction.doubled == 1 and t.auction.turn == doubler.left


def test_law_43_a_call_changed_is_a_bid_out_of_turn_royalton() -> None:
    """Royalton 43: a declaration changed before the next turn is a bid out of
    turn, with the penalty of law 37."""
    t = laws_table("royalton")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    t.call(Bid(2, "H"), seat=dealer)  # he changes his bid
    p = t.pending
    assert p is not None and p.offence.key == "call_out_of_turn"
    assert "Law 43 (royalton)" in ruling("royalton", "call_out_of_turn").see
    t.rule(dealer.left, "new_deal")
    assert "Law 37 (royalton)" in t.void


@pytest.mark.parametrize(("code", "law"), [("daw", "57"), ("auction", "51")])
def test_law_59_60_a_declaration_cannot_be_altered(code: str, law: str) -> None:
    """daw 59, Whist Club 60: a declaration once made cannot be altered: on
    screens a second call by the same player is refused; the first stays in the
    log."""
    t = Table(code, deal(code, seed=1))
    assert t.auction is not None
    dealer = t.auction.turn
    t.call(Bid(1, "H"))
    with pytest.raises(TableError, match=rf"Law {law} \({code}\)"):
        t.call(Bid(1, "S"), seat=dealer)
    assert t.auction.calls == [(dealer, Bid(1, "H"))]


# -- questions about a renounce (daw 74A, 102; WC 62a, 87; AWL X §2, XI §3; Royalton 53)


def test_law_102_partner_asks_and_the_renounce_is_corrected_daw() -> None:
    """daw 102 (and 103): a player asks his partner whether he has none of the
    suit; he has, so the renounce is corrected and the law 103 penalty follows."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, E))
    bad = renounce(t, E)
    rec = t.ask_renounce(W, E)
    assert rec is not None and rec.card == bad
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"
    t.rule(N, "highest")
    assert t.ask_renounce(W, E) is None  # corrected: nothing more to ask


def test_law_74A_dummy_asks_the_declarant_daw() -> None:
    """daw 74A: dummy may ask the declarant whether he has none of a suit he
    renounced; the renounce is corrected (law 103)."""
    t = opened("daw")
    run(t, lambda t: can_renounce(t, N))
    bad = renounce(t, N)
    rec = t.ask_renounce(S, N)
    assert rec is not None and rec.card == bad
    assert t.play is not None and t.play.hands[N] >> bad & 1
    assert t.revokes() == () and not any(r.seat == N for r in t.penalties.renounces)


def test_law_62a_87_dummy_or_partner_asks_auction() -> None:
    """Whist Club 62a, 87: dummy may ask the declarer, a player his partner,
    whether he has none of the suit renounced; a true renounce answers none."""
    t = opened("auction")
    run(t, lambda t: can_renounce(t, N))
    renounce(t, N)
    assert t.ask_renounce(S, N) is not None
    t2 = opened("auction")
    run(t2, lambda t: can_renounce(t, E))
    renounce(t2, E)
    assert t2.ask_renounce(W, E) is not None


def test_law_53_dummy_may_not_ask_royalton() -> None:
    """Royalton 53: dummy takes no part in the play but in questions of fact and
    the score; his question about a renounce is refused."""
    t = opened("royalton")
    run(t, lambda t: can_renounce(t, N))
    renounce(t, N)
    with pytest.raises(TableError, match=r"Law 53 \(royalton\)"):
        t.ask_renounce(S, N)


def test_law_X_2_adversary_asks_and_XI_3_partner_asks_whist() -> None:
    """AWL X §2: a player may ask an adversary who renounced in the trick and
    have the error corrected (X §3 follows); XI §3: or ask his partner, to keep
    him from an irregularity. No renounce: the answer is none, nothing moves."""
    t = laws_table("whist")
    for _ in range(2):
        t.play_card(t.legal_cards()[0])
    assert t.play is not None
    seat = t.play.turn
    assert t.ask_renounce(seat.left, seat.right) is None
    run(t, lambda t: can_renounce(t, t.play.turn) if t.play is not None else False)
    seat = t.play.turn
    renounce(t, seat)
    rec = t.ask_renounce(seat.left, seat)
    assert rec is not None and t.pending is not None
    assert t.code.cite("renounce_question") == "Law X §2 (whist)"
    t2 = laws_table("whist", 3)
    run(t2, lambda t: can_renounce(t, t.play.turn) if t.play is not None else False)
    assert t2.play is not None
    seat = t2.play.turn
    renounce(t2, seat)
    assert t2.ask_renounce(seat.partner, seat) is not None


# -- who chooses, once (daw 74C, 109; WC 62c, 97, 98; Royalton 41, 98; AWL XI §4) ----


def test_law_74C_109_a_penalty_not_due_is_refused_daw() -> None:
    """daw 74C, 109: the table, as dummy may, corrects an adversary's claim to a
    penalty he is not entitled to; the offender awaits the decision; the first
    decision is final."""
    t = opened("daw")
    assert t.play is not None
    t.play_card(held(t, W)[0], seat=W)  # West leads in East's turn
    with pytest.raises(LawsError, match="no option 'highest'"):
        t.rule(N, "highest")
    with pytest.raises(TableError, match="awaits its ruling"):
        t.play_card(t.play.legal_cards()[0])  # the offender's side awaits the decision
    t.rule(N, "exposed")
    with pytest.raises(LawsError, match="no irregularity"):
        t.rule(N, "call_suit", "S")  # the decision cannot be changed


@pytest.mark.parametrize(("code", "law"), [("auction", "97"), ("royalton", "98")])
def test_law_62c_97_98_41_either_adversary_first_word_final(code: str, law: str) -> None:
    """Whist Club 62c, 97, 98 and Royalton 41, 98: either adversary may name the
    penalty (no partner's consultation is needed); the first word is final; a
    wrong penalty is refused; the table waits for the decision."""
    t = laws_table(code)
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    t.call(Bid(2, "C"), seat=dealer.partner)  # out of turn
    p = t.pending
    assert p is not None and set(p.choosers) == {dealer.left, dealer.right}
    with pytest.raises(LawsError, match="no option"):
        t.rule(dealer.right, "highest")
    with pytest.raises(TableError):
        t.call(Other.PASS)
    t.rule(dealer.right, "stand")
    with pytest.raises(LawsError, match="no irregularity"):
        t.rule(dealer.left, "new_deal")
    assert t.code.cite("penalty_decision") == f"Law {law} ({code})"


def test_law_XI_4_wrong_adversary_and_final_decision_whist() -> None:
    """AWL XI §4: a penalty demanded or waived is final; the offender's partner,
    no adversary, cannot demand it (his word is refused, the law cited)."""
    t = laws_table("whist")
    assert t.play is not None
    holder = t.play.turn.left
    t.expose(holder, held(t, holder)[0])
    t.play_card(t.legal_cards()[0])
    assert t.pending is not None and t.pending.choosers == (holder.right,)
    with pytest.raises(LawsError, match=r"Law XI §4 \(whist\)"):
        t.rule(holder.partner, "call_card")
    t.rule(holder.right, "waive")
    with pytest.raises(LawsError):
        t.rule(holder.right, "call_card")


# -- cards thrown on the table; nobody compelled to revoke -----------------------------


def test_law_83_adversary_throws_his_cards_down_all_liable_daw() -> None:
    """daw 83: an adversary who throws his cards face up has them all liable
    to be called; his partner, who keeps his hand, cannot be made to show it."""
    t = opened("daw")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 9 and t.play.turn == E)
    hand = held(t, E)
    for c in hand:
        t.expose(E, c)
        if t.pending is not None:
            t.rule(N, "waive")
    assert t.penalties.liable[E] == set(hand)
    assert W not in t.penalties.liable


@pytest.mark.parametrize(("code", "law"), [("auction", "79"), ("royalton", "71")])
def test_law_79_71_nobody_compelled_to_revoke(code: str, law: str) -> None:
    """Whist Club 79, Royalton 71: a card liable to be called cannot be called
    when playing it would be a revoke."""
    for seed in range(1, 200):
        t = laws_table(code, seed)
        bid(t, "1H", "pass", "pass", "pass")
        assert t.play is not None
        led = t.legal_cards()[0]
        suit = led // 13
        west = t.play.hands[W]
        if not west >> 13 * suit & SUIT or not west & ~(SUIT << 13 * suit):
            continue
        other = next(c for c in held(t, W) if c // 13 != suit)
        t.expose(W, other)  # before the lead: law 68, treated as exposed
        t.rule(N, "exposed")
        t.play_card(led)  # East leads
        run(t, lambda t: t.pending is not None or (t.play is not None and t.play.turn == W))
        if t.pending is None:
            continue
        with pytest.raises(LawsError, match="not compelled to revoke"):
            t.rule(N, "call_card", "")
        return
    raise AssertionError("no deal for the position")


# -- Royalton 56, AWL IV §4-6: untested remedies ----------------------------------------


def test_law_56_dummy_warns_of_lead_from_wrong_hand_royalton() -> None:
    """Royalton 56: dummy warns the declarer he is about to lead from the wrong
    hand; either adversary may require the lead from that hand, or take 50."""
    t = opened("royalton")
    run(t, lambda t: t.play is not None and t.play.turn == N and not t.play.trick)
    t.report(S, "dummy_warns_wrong_hand")
    assert t.pending is not None and set(t.pending.choosers) == {E, W}
    t.rule(E, "lead_wrong_hand")
    assert t.play is not None and t.play.turn == S
    t2 = opened("royalton")
    run(t2, lambda t: t.play is not None and t.play.turn == N and not t.play.trick)
    t2.report(S, "dummy_warns_wrong_hand")
    t2.rule(W, "points")
    run(t2)
    items = [i for i in t2.score().items if "Law 56 (royalton)" in i.law]
    assert [(i.side, i.points) for i in items] == [(1, 50)]


def test_law_IV_5_trump_named_partner_highest_trump_and_IV_4_IV_6_whist() -> None:
    """AWL IV §4-5: naming the trump card during the play lets either adversary
    call the offender's partner's highest or lowest trump (IV §6: before that
    player has played to the trick)."""
    t = laws_table("whist")
    assert t.play is not None
    offender = t.play.turn.left
    t.report(offender, "trump_named")
    p = t.pending
    assert p is not None and set(p.choosers) == {offender.left, offender.right}
    assert "Law IV §4 (whist)" in ruling("whist", "trump_named").see
    assert "Law IV §6 (whist)" in ruling("whist", "trump_named").see
    t.rule(offender.right, "highest_trump")
    assert t.penalties.require[offender.partner] == ("highest_trump", 0)
    run(t, lambda t: t.play is not None and t.play.turn == offender.partner)
    trumps = t.play.hands[offender.partner] & (SUIT << 13 * t.play.trump)
    if trumps and not t.play.trick:
        assert t.legal_cards() == [trumps.bit_length() - 1]


# -- rulings at a physical table: the deal and the hands ---------------------------------


def test_law_IV_9_IV_10_wrong_trump_average_or_new_deal_whist() -> None:
    """AWL IV §8-10: a wrong trump turned on the overplay or recorded on the slip:
    the card liable, the average score, or a new deal, as the director rules."""
    r = ruling("whist", "trump_card_error")
    assert {o.key for o in r.options} == {"exposed", "average", "new_deal"}
    assert {"Law IV §9 (whist)", "Law IV §10 (whist)"} <= set(r.see)
    t = laws_table("whist")
    t.report(N, "trump_card_error")
    t.rule(E, "average")
    assert t.is_over and "Law IV §8 (whist)" in t.void and t.score().void


def test_law_V_2_short_hand_and_1894_E_hands_whist() -> None:
    """AWL V §1-2, 1894 law E: a hand with the wrong number of cards: a new deal,
    rectified, the average; fewer cards found after the first trick: the deal
    stands and the short hand answers for revokes."""
    r = ruling("whist", "wrong_number_of_cards")
    assert [o.key for o in r.options] == ["new_deal", "rectify", "average", "stand"]
    assert r.options[3].law == "Law V §2 (whist)"
    assert "Law E (1894) (whist)" in r.see
    t = laws_table("whist")
    t.report(N, "wrong_number_of_cards")
    t.rule(E, "stand")
    run(t)
    assert t.is_over and not t.void


@pytest.mark.parametrize(
    ("code", "laws"),
    [
        ("daw", ("Law 45 (daw)", "Law 47 (daw)")),
        ("auction", ("Law 36 (auction)", "Law 37 (auction)")),
        ("royalton", ("Law 23 (royalton)", "Law 24 (royalton)")),
        ("whist", ("Law C (1894) (whist)", "Law III §2 (whist)")),
    ],
)
def test_law_45_47_36_37_23_24_III_2_1894_C_misdeal_new_deal(
    code: str, laws: tuple[str, str]
) -> None:
    """daw 45, 47 (A-I); Whist Club 36, 37 (a-g); Royalton 23, 24 (a-j); AWL III
    §2 and 1894 C: a misdeal at a physical table: the same dealer deals again;
    nothing is scored for the deal."""
    r = ruling(code, "misdeal")
    assert r.law == laws[0] and laws[1] in r.see
    assert [o.key for o in r.options] == ["new_deal"]
    t = laws_table(code)
    t.report(N, "misdeal")
    t.rule(E, "new_deal")
    assert t.is_over and laws[0] in t.void and t.score().void


@pytest.mark.parametrize(
    ("code", "law", "options"),
    [
        ("daw", "Law 51 (daw)", ["new_deal", "rectify", "average"]),
        ("auction", "Law 37d (auction)", ["new_deal", "stand"]),
        ("royalton", "Law 24d (royalton)", ["new_deal", "stand"]),
    ],
)
def test_law_51_37d_40_41_24d_28_wrong_number_of_cards(
    code: str, law: str, options: list[str]
) -> None:
    """daw 51 (A-C), 117; Whist Club 37d, 40, 41; Royalton 24d, 28: a hand found
    with the wrong number of cards: by when it is found, a new deal, the hands
    rectified, the average, or the deal stands with the short hand answering for
    his revokes."""
    r = ruling(code, "wrong_number_of_cards")
    assert r.law == law and [o.key for o in r.options] == options
    t = laws_table(code)
    t.report(N, "wrong_number_of_cards")
    t.rule(E, options[-1])
    if options[-1] == "stand":
        assert t.phase == "auction" and not t.void
    else:
        assert t.is_over and law in t.void
