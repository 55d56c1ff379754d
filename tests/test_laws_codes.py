"""The same irregularity under each code, with each code's own law cited:
the first laws tests were written for Goodfellow; these repeat them for the
Whist Club, Royalton and the League where their laws differ or only renumber."""

from __future__ import annotations

import pytest

from auctionwhist.calls import Bid, Other
from auctionwhist.cards import Seat
from auctionwhist.rulings import ruling
from auctionwhist.table import Table
from laws_helpers import bid, can_renounce, held, laws_table, opened, renounce, run

N, E, S, W = Seat
SUIT = 0x1FFF
AUCTION_CODES = ("daw", "auction", "royalton")


def _law(t: Table) -> str:
    assert t.pending is not None
    return t.code.cite(t.pending.offence.topic)


@pytest.mark.parametrize(
    ("code", "law", "option"),
    [("daw", "89", "exposed"), ("auction", "76", "exposed"), ("royalton", "59", "exposed")],
)
def test_law_89_76_59_lead_out_of_turn_card_exposed(code: str, law: str, option: str) -> None:
    """daw 89, Whist Club 76, Royalton 59: an adversary leads out of turn; the
    declarant treats the card as exposed: back in the hand, liable to be called."""
    t = opened(code)
    c = held(t, W)[0]
    t.play_card(c, seat=W)
    assert _law(t) == f"Law {law} ({code})" and t.to_act == N
    t.rule(N, option)
    assert t.play is not None and t.play.turn == E and c in t.penalties.liable[W]
    assert t.play.hands[W] >> c & 1


@pytest.mark.parametrize(("code", "law"), [("daw", "91"), ("auction", "78"), ("royalton", "61")])
def test_law_91_78_61_false_lead_accepted_trick_stands(code: str, law: str) -> None:
    """daw 91, Whist Club 78, Royalton 61: a lead out of turn followed (accepted)
    stands: the trick is played from the false lead and counts."""
    t = opened(code)
    c = held(t, W)[0]
    t.play_card(c, seat=W)
    assert law in t.code.cite("false_lead_followed")
    t.rule(N, "accept")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    assert t.play is not None and t.play.tricks[0] == (W, t.play.tricks[0][1])
    assert t.play.tricks[0][1][0] == c


@pytest.mark.parametrize(("code", "law"), [("daw", "90"), ("auction", "77"), ("royalton", "60")])
def test_law_90_77_60_declarant_lead_out_of_turn(code: str, law: str) -> None:
    """daw 90, Whist Club 77, Royalton 60: the declarant leads out of turn; no
    penalty; the card goes back if the adversary does not accept it."""
    t = opened(code)
    c = held(t, N)[0]
    t.play_card(c, seat=N)
    assert _law(t) == f"Law {law} ({code})"
    chooser = t.to_act
    # Whist Club 77 leaves the rectifying to the declarer; daw 90 and Royalton 60
    # to the adversaries (tests/test_laws_worded2.py).
    assert chooser is not None and (chooser == N if code == "auction" else chooser.side != N.side)
    t.rule(chooser, "retract")
    assert t.play is not None and t.play.turn == E and t.play.hands[N] >> c & 1


@pytest.mark.parametrize(
    ("code", "law"), [("auction", "82"), ("royalton", "73"), ("whist", "Law IX §2")]
)
def test_law_82_73_IX_2_fourth_hand_before_second(code: str, law: str) -> None:
    """Whist Club 82, Royalton 73, AWL IX §2: the fourth hand plays before the
    second; the second hand may be made to play his highest or lowest."""
    t = laws_table(code) if code == "whist" else opened(code)
    run(t, lambda t: t.play is not None and not t.play.trick and t.play.turn in (N, S))
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    second = t.play.turn
    c = held(t, second.partner)[0]
    t.play_card(c, seat=second.partner)
    assert law in _law(t)
    t.rule(t.to_act or N, "lowest")
    led = t.play.trick[0] // 13
    suit = [x for x in held(t, second) if x // 13 == led]
    if suit:
        assert t.legal_cards() == [min(suit)]


def test_law_IX_1_third_hand_before_second_no_penalty_whist() -> None:
    """AWL IX §1: the third hand before the second; the fourth may follow him."""
    t = laws_table("whist")
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    second = t.play.turn
    rec = t.play_card(held(t, second.left)[0], seat=second.left)
    assert t.pending is None and rec.seat == second.left
    run(t)
    assert t.phase == "done"


@pytest.mark.parametrize(
    ("code", "law", "chooser"),
    [("auction", "88", N), ("royalton", "78", N), ("whist", "Law X §3", None)],
)
def test_law_88_78_X_3_renounce_corrected(code: str, law: str, chooser: Seat | None) -> None:
    """Whist Club 88, Royalton 78, AWL X §3: a renounce corrected in time is no
    revoke; the card played in error is exposed (liable to be called)."""
    t = laws_table(code) if code == "whist" else opened(code)
    run(
        t,
        lambda t: (
            t.play is not None and can_renounce(t, t.play.turn) and t.play.turn.side != N.side
        ),
    )
    assert t.play is not None
    seat = t.play.turn
    n = len(t.play.tricks) + 1  # the trick of the renounce, counted from 1
    bad = renounce(t, seat)
    t.correct_renounce(seat)
    assert law in _law(t)
    t.rule(chooser or t.to_act or N, "exposed")
    assert bad in t.penalties.liable[seat]
    run(t)
    assert not any(r.seat == seat and r.trick == n for r in t.revokes())


@pytest.mark.parametrize(
    ("code", "laws"),
    [
        ("daw", ("Law 105", "Law 106")),
        ("auction", ("Law 89", "Law 90")),
        ("royalton", ("Law 79", "Law 80")),
        ("whist", ("Law X §6", "Law X §5")),
    ],
)
def test_law_105_106_89_90_79_80_X_5_X_6_revoke_found_at_the_end(
    code: str, laws: tuple[str, str]
) -> None:
    """daw 105-106, Whist Club 89-90, Royalton 79-80, AWL X §5-6 (and 1894 G): at
    the end of the deal the tricks are searched; a revoke established in play is
    claimed and penalised in the score of this deal."""
    t = laws_table(code) if code == "whist" else opened(code)
    run(t, lambda t: t.play is not None and can_renounce(t, t.play.turn) and t.play.turn != S)
    assert t.play is not None
    seat = t.play.turn
    renounce(t, seat)
    run(t)
    if t.pending is not None:  # the declarant's choice for an adversary's revoke
        t.rule(t.to_act or N, t.pending.offence.options[0].key)
    assert t.is_over and [r.seat for r in t.revokes()] == [seat]
    r = ruling(code, "revoke")
    assert {laws[0], laws[1]} <= {s.split(" (")[0] for s in r.see}
    assert t.result().revokes == t.revokes()


@pytest.mark.parametrize(
    ("code", "law"),
    [("daw", "104"), ("auction", "75"), ("royalton", "70"), ("whist", "Law XI §5")],
)
def test_law_104_75_70_XI_5_failure_to_comply_is_a_revoke(code: str, law: str) -> None:
    """daw 104, Whist Club 75, Royalton 70, AWL XI §5: failing to comply with a
    lawful call (here: lowest of the suit) is liable to the revoke penalty."""
    for seed in range(1, 100):
        t = laws_table(code, seed) if code == "whist" else opened(code, seed)
        # a trick led by the declaring side, so that the second hand is an adversary
        run(t, lambda t: t.play is not None and not t.play.trick and t.play.turn in (N, S))
        assert t.play is not None
        t.play_card(t.legal_cards()[0])
        second = t.play.turn
        led = t.play.trick[0] // 13
        suit = [x for x in held(t, second) if x // 13 == led]
        if len(suit) < 2:
            continue
        fourth = held(t, second.partner)
        t.play_card(next((x for x in fourth if x // 13 == led), fourth[0]), seat=second.partner)
        t.rule(t.to_act or N, "lowest")
        t.play_card(max(suit))  # not his lowest
        run(t)
        if t.pending is not None:
            t.rule(t.to_act or N, t.pending.offence.options[0].key)
        assert [r.seat for r in t.revokes()] == [second]
        assert law in t.code.cite("failure_to_comply")
        return
    raise AssertionError("no deal for the position")


@pytest.mark.parametrize(
    ("code", "laws"),
    [
        ("daw", ("80", "107", "108")),
        ("auction", ("69", "80")),
        ("royalton", ("63", "72")),
        ("whist", ("VII §1", "VII §3")),
    ],
)
def test_law_80_81_107_108_69_70_63_64_72_VII_1_VII_3_exposed_card_called(
    code: str, laws: tuple[str, ...]
) -> None:
    """daw 80, 81 (A-E), 107, 108; Whist Club 69, 70, 80; Royalton 63, 64, 72; AWL
    VII §1, §3: a card exposed in the play (dropped, shown, named) is left face
    up; at its holder's turn the table waits for the call; called, he must play
    it; the call may be repeated until it is played."""
    t = laws_table(code) if code == "whist" else opened(code)
    assert t.play is not None
    t.play_card(t.legal_cards()[0])  # the first lead
    holder = t.play.turn.left  # the fourth hand of the trick
    if holder.side == N.side:
        holder = t.play.turn
    mine = held(t, holder)
    exposed = mine[-1]
    t.expose(holder, exposed)
    run(t, lambda t: t.pending is not None)
    p = t.pending
    assert p is not None and p.offence.key == "exposed_card" and p.seat == holder
    assert any(law in t.code.cite(s) for s in (p.offence.topic, *p.offence.see) for law in laws)
    led = t.play.trick[0] // 13 if t.play.trick else -1
    if led < 0 or exposed // 13 == led or not any(x // 13 == led for x in mine):
        t.rule(t.to_act or N, "call_card")
        assert t.legal_cards() == [exposed]
        t.play_card(exposed)
        assert holder not in t.penalties.liable
    else:  # cannot be called to this trick: the call waits (repeated later)
        t.rule(t.to_act or N, "waive")
        assert exposed in t.penalties.liable[holder]


@pytest.mark.parametrize(("code", "law"), [("auction", "67"), ("royalton", "50")])
def test_law_67_50_card_exposed_in_the_auction(code: str, law: str) -> None:
    """Whist Club 67, Royalton 50: a card exposed before the final declaration:
    either adversary may demand a new deal (Royalton: there must be one)."""
    t = laws_table(code)
    assert t.auction is not None
    seat = t.auction.turn
    t.expose(seat, next(c for c in range(52) if t.deal.hands[seat] >> c & 1))
    assert _law(t) == f"Law {law} ({code})"
    t.rule(t.to_act or seat.left, "new_deal")
    assert t.is_over and f"Law {law} ({code})" in t.void


@pytest.mark.parametrize(("code", "law"), [("auction", "68"), ("royalton", "51")])
def test_law_68_51_card_exposed_before_the_opening_lead(code: str, law: str) -> None:
    """Whist Club 68, Royalton 51: the leader's partner exposes a card before
    the lead: the card is liable, or (Royalton) a suit is called as well."""
    t = opened(code)
    c = held(t, W)[0]
    t.expose(W, c)
    assert _law(t) == f"Law {law} ({code})"
    t.rule(N, "exposed")
    assert t.penalties.liable[W] == {c}


@pytest.mark.parametrize(
    ("code", "key", "law"),
    [
        ("auction", "information", "53"),
        ("royalton", "information", "42"),
        ("daw", "unauthorized_reference", "92"),
        ("auction", "unauthorized_reference", "96"),
        ("royalton", "unauthorized_reference", "97"),
    ],
)
def test_law_53_42_92_96_97_information_a_suit_called(code: str, key: str, law: str) -> None:
    """Whist Club 53, 96; Royalton 42, 97; daw 92: information about a previous
    declaration, or an unauthorized reference to the play, by an adversary: the
    declarant calls a suit from the adversary next to lead."""
    t = opened(code)
    t.report(W, key)
    assert _law(t) == f"Law {law} ({code})" and t.to_act == N
    t.rule(N, "call_suit", "S")
    assert t.penalties.lead_call == {W.side: 3}


@pytest.mark.parametrize(("code", "law"), [("daw", "75"), ("auction", "63"), ("royalton", "54")])
def test_law_75_63_54_dummy_calls_attention_penalty_lost(code: str, law: str) -> None:
    """daw 75, Whist Club 63, Royalton 54: dummy calls attention to an incident:
    the penalty cannot be exacted; Royalton adds 50 to the adversaries when no
    penalty was due."""
    t = opened(code)
    t.report(S, "dummy_incident")
    assert _law(t) == f"Law {law} ({code})"
    keys = [o.key for o in t.pending.offence.options] if t.pending else []
    t.rule(E, keys[-1])
    run(t)
    if code == "royalton":
        items = [i for i in t.score().items if i.law == "Law 54 (royalton)"]
        assert [(i.side, i.points) for i in items] == [(1, 50)]
    else:
        assert keys == ["waive"]


def test_law_64_dummy_suggests_a_card_auction() -> None:
    """Whist Club 64: dummy suggests a card; either adversary calls on the
    declarer to play it."""
    t = opened("auction")
    run(t, lambda t: t.play is not None and t.play.turn == S and bool(t.play.trick))
    lawful = t.legal_cards()
    t.report(S, "dummy_suggestion", lawful[-1])
    assert _law(t) == "Law 64 (auction)"
    t.rule(W, "play", "")
    assert t.legal_cards() == [lawful[-1]]


@pytest.mark.parametrize(
    ("code", "law"), [("auction", "95"), ("royalton", "96"), ("whist", "Law XI §1")]
)
def test_law_95_96_XI_1_attention_to_the_trick(code: str, law: str) -> None:
    """Whist Club 95, Royalton 96, AWL XI §1: calling attention to the trick
    before the partner plays: the partner may be made to play highest or lowest."""
    t = laws_table(code) if code == "whist" else opened(code)
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    offender = t.play.turn.right  # the leader
    if t.play.declarer is not None and offender.side == t.play.declarer.side:
        offender = t.play.turn
    t.report(offender, "attention_to_trick")
    assert law in _law(t)
    t.rule(t.to_act or N, "highest")
    assert t.penalties.require[offender.partner] == ("highest", 0)


def test_law_VI_5_quitted_trick_lead_out_of_turn_penalty_whist() -> None:
    """AWL VI §5: naming or looking at a quitted trick: the penalty of a lead
    out of turn (VIII §1): when North or South next wins a trick, the adversary
    on the winner's right calls a suit."""
    t = laws_table("whist")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    t.report(N, "quitted_trick")
    assert t.pending is None
    run(t, lambda t: t.pending is not None)
    assert t.play is not None and t.pending is not None
    winner = t.play.turn
    assert winner.side == N.side and t.to_act == winner.right
    assert _law(t) == "Law VI §5 (whist)"
    t.rule(winner.right, "call_suit", "H")
    assert t.penalties.lead_call == {N.side: 2}


def test_law_93_quitted_trick_no_penalty_named_auction() -> None:
    """Whist Club 93: a quitted trick must not be looked at; no penalty is named."""
    t = opened("auction")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    t.report(E, "quitted_trick")
    assert _law(t) == "Law 93 (auction)" and [o.key for o in t.pending.offence.options] == ["none"]


@pytest.mark.parametrize(("code", "law"), [("daw", "87"), ("auction", "74"), ("royalton", "69")])
def test_law_87_74_69_declarant_claims_the_rest(code: str, law: str) -> None:
    """daw 87, Whist Club 74, Royalton 69: the declarant claims the rest; the
    adversaries' cards are not liable should they expose them; conceded, the
    tricks are his."""
    t = opened(code)
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 10 and t.play.turn in (N, S))
    assert t.play is not None and t.play.turn in (N, S)
    before = t.tricks_won()
    t.claim(N, 3)
    assert law in t.code.cite("claim_declarant")
    assert E not in t.penalties.liable and W not in t.penalties.liable
    t.answer_claim(E, True)
    t.answer_claim(W, True)
    assert t.tricks_won()[0] == before[0] + 3


def test_law_VII_2_claim_partner_cards_liable_whist() -> None:
    """AWL VII §2: "I can win the rest": the partner's cards are laid face up,
    liable to be called."""
    t = laws_table("whist")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 10)
    assert t.play is not None
    seat = t.play.turn
    t.claim(seat, 3)
    assert t.penalties.liable[seat.partner] == set(held(t, seat.partner))
    assert t.code.cite("claim") == "Law VII §2 (whist)"


def test_law_38_39_insufficient_then_debarred_call_royalton() -> None:
    """Royalton 38: an insufficient bid made sufficient, the partner debarred;
    39: a call by the debarred partner: either adversary decides whether it
    stands, and neither of the side may call again."""
    t = laws_table("royalton")
    assert t.auction is not None
    first = t.auction.turn
    bid(t, "2H")
    offender = first.left
    t.call(Bid(1, "S"))
    assert _law(t) == "Law 38 (royalton)"
    t.rule(offender.left, "correct")
    assert t.auction.bid == Bid(3, "S")  # plain spades rank lowest (law 32)
    bid(t, "pass")  # the offender's left
    assert t.auction.turn == offender.partner
    t.call(Bid(3, "C"))
    assert _law(t) == "Law 39 (royalton)"
    t.rule(offender.partner.left, "void_debar_side")
    assert t.legal_calls() == [Other.PASS]


def test_law_117_single_table_irregular_hands_daw() -> None:
    """daw 117: at a single table an irregularity in the hands means a new deal."""
    r = ruling("daw", "wrong_number_of_cards")
    assert "Law 117 (daw)" in r.see and r.options[0].key == "new_deal"


def test_law_57_77_dummy_does_not_revoke_revoke_penalties_royalton() -> None:
    """Royalton 57: dummy is not subject to the revoke penalty; 77: an
    adversary's revoke lets the declarer take 100 points or three tricks."""
    t = opened("royalton")
    run(t, lambda t: can_renounce(t, S))
    renounce(t, S)
    run(t)
    assert t.revokes() == ()
    r = ruling("royalton", "revoke")
    assert r.law == "Law 77 (royalton)"
    assert [o.key for o in r.options] == ["revoke_points", "revoke_tricks"]
