"""Who may exact a penalty, when it is decided, and what it is, clause by
clause as the laws word them (issue 19): AWL VIII §1, IX §2, X §3, XI §4 and
Goodfellow's 109, each replayed in laws mode from its event log."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.calls import Bid
from auctionwhist.cards import SUIT_MASKS, Seat
from auctionwhist.cli import app
from auctionwhist.laws import LawsError
from auctionwhist.records import Ruling
from auctionwhist.rulings import Facts, ruling
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, held, laws_table, run

N, E, S, W = Seat


def _replayed(t: Table) -> Table:
    """The table rebuilt from its log: every ruling below survives a replay."""
    again = Table.from_events(t.events)
    assert again.events == t.events and again.phase == t.phase
    assert again.penalties.require == t.penalties.require
    assert again.penalties.liable == t.penalties.liable
    assert again.penalties.lead_call == t.penalties.lead_call
    return again


def _find(stop: Callable[[Table], bool], code: str = "whist") -> Table:
    """The first seeded whist deal, played with the lowest lawful card, that
    reaches ``stop``."""
    for seed in range(1, 300):
        t = laws_table(code, seed)
        run(t, stop)
        if t.phase == "play" and stop(t):
            return t
    raise AssertionError("no deal reaches the position")


def _play_out(t: Table) -> None:
    """Play to the end, each later irregularity ruled on as the law first allows."""
    while t.phase in ("play", "penalty"):
        if t.pending is not None:
            t.act(t.workable_ruling())
        else:
            t.play_card(t.legal_cards()[0])


def _suit(t: Table, seat: Seat, suit: int) -> list[int]:
    return [c for c in held(t, seat) if c // 13 == suit]


# -- AWL IX §2: the fourth hand plays before the second (item 1) ----------------------


def _fourth_before_second(t: Table) -> tuple[Seat, Seat, Seat]:
    """The leader leads; the fourth hand plays before the second. Returns
    (second, third, fourth)."""
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    second = t.play.turn
    third, fourth = second.left, second.partner
    t.play_card(held(t, fourth)[0], seat=fourth)
    return second, third, fourth


def test_law_IX_2_the_third_hand_calls_the_second_hands_highest_or_lowest_whist() -> None:
    """AWL IX §2: "the latter may be called upon by the third hand to play his
    highest or lowest card of the suit led": the third hand chooses, not the
    leader."""
    t = _find(lambda t: t.play is not None and not t.play.trick)
    second, third, fourth = _fourth_before_second(t)
    assert t.pending is not None and t.pending.choosers == (third,) == (fourth.right,)
    assert t.to_act == third
    t.rule(third, "highest")
    assert t.play is not None
    led = t.play.trick[0] // 13
    suit = _suit(t, second, led)
    if suit:
        assert t.legal_cards() == [max(suit)]
    t = _replayed(t)
    _play_out(t)
    assert t.phase == "done" and sum(t.tricks_won()) == 13


def test_law_IX_2_having_none_of_the_suit_trump_or_not_trump_whist() -> None:
    """AWL IX §2: "and, if he has none of that suit, to trump or not trump the
    trick": the second hand, void in the suit led, must trump."""

    def second_void_with_trumps(t: Table) -> bool:
        p = t.play
        if p is None or len(p.trick) != 1:
            return False
        second = p.turn
        hand = p.hands[second]
        return not hand & SUIT_MASKS[p.trick[0] // 13] and bool(hand & SUIT_MASKS[p.trump])

    t = _find(second_void_with_trumps)
    assert t.play is not None
    second = t.play.turn
    fourth = second.partner
    t.play_card(held(t, fourth)[0], seat=fourth)
    t.rule(second.left, "trump")
    assert set(t.legal_cards()) == set(_suit(t, second, t.play.trump))
    t = _replayed(t)
    assert set(t.legal_cards()) == set(_suit(t, second, t.play.trump))


def test_law_IX_2_no_penalty_after_the_third_hand_has_played_whist() -> None:
    """AWL IX §2: "the penalty cannot be inflicted after the third hand has
    played to the trick": third, then fourth, before the second: no penalty."""
    t = _find(lambda t: t.play is not None and not t.play.trick)
    assert t.play is not None
    t.play_card(t.legal_cards()[0])
    second = t.play.turn
    t.play_card(held(t, second.left)[0], seat=second.left)
    t.play_card(held(t, second.partner)[0], seat=second.partner)
    assert t.pending is None and t.play.turn == second


def test_law_IX_2_the_second_hand_waits_for_the_penalty_whist() -> None:
    """AWL IX §2: the second hand, liable to the penalty, may not play before it
    has been inflicted, waived or lost (on screens the table waits; his card
    cannot be put down to become liable to be called)."""
    t = _find(lambda t: t.play is not None and not t.play.trick)
    second, third, _ = _fourth_before_second(t)
    with pytest.raises(TableError, match="awaits its ruling"):
        t.play_card(held(t, second)[0], seat=second)
    t.rule(third, "waive")
    assert t.pending is None and t.to_act == second


def test_law_IX_2_ruling_names_the_third_hand_whist() -> None:
    """`whist ruling --code whist --offence play_out_of_turn --by W`: the third
    hand (South, on West's right) chooses."""
    r = ruling("whist", "play_out_of_turn", W)
    assert r.law == "Law IX §2 (whist)" and "third hand" in r.quote
    assert r.who == "the third hand, the adversary on the offender's right (South)"


# -- AWL X §3: a renounce corrected (item 2) ---------------------------------------------


def _renounce_at(position: int) -> Callable[[Table], bool]:
    """Stop where the player ``position`` to play (1 = the leader) can renounce."""

    def stop(t: Table) -> bool:
        p = t.play
        return p is not None and len(p.trick) == position - 1 and can_renounce(t, p.turn)

    return stop


def _renounce(t: Table) -> tuple[Seat, int]:
    assert t.play is not None
    seat = t.play.turn
    bad = next(c for c in held(t, seat) if t.play.is_renounce(c, seat))
    t.play_card(bad)
    return seat, bad


def test_law_X_3_the_card_is_liable_and_highest_when_the_lha_has_played_whist() -> None:
    """AWL X §3: "the card improperly played by him is liable to be called,
    **and**, if he be the second or third hand player and his left hand
    adversary has played to the trick", he may be required by such adversary to
    play his highest or lowest: both penalties at once."""
    t = _find(_renounce_at(2))
    seat, bad = _renounce(t)
    t.play_card(t.legal_cards()[0])  # the left-hand adversary plays
    t.correct_renounce(seat)
    p = t.pending
    assert p is not None and p.choosers == (seat.left,)
    assert [o.key for o in p.options] == ["exposed", "highest", "lowest"]
    t.rule(seat.left, "highest")
    assert bad in t.penalties.liable[seat]
    assert t.penalties.require[seat] == ("highest", 0)
    assert t.play is not None
    led = t.play.trick[0] // 13
    assert t.legal_cards() == [max(_suit(t, seat, led))]
    t = _replayed(t)
    t.play_card(t.legal_cards()[0])
    _play_out(t)
    assert t.phase == "done" and not any(r.seat == seat for r in t.revokes())


def test_law_X_3_no_highest_before_the_lha_has_played_whist() -> None:
    """AWL X §3: corrected before his left-hand adversary has played, the card
    is liable to be called and no more: highest or lowest is refused, with the
    condition cited."""
    t = _find(_renounce_at(2))
    seat, bad = _renounce(t)
    t.correct_renounce(seat)
    p = t.pending
    assert p is not None and [o.key for o in p.options] == ["exposed"]
    with pytest.raises(LawsError, match=r"Law X §3 \(whist\).*second or third hand"):
        t.rule(seat.left, "highest")
    t.rule(seat.left, "exposed")
    assert bad in t.penalties.liable[seat] and seat not in t.penalties.require
    _replayed(t)


def test_law_X_3_no_highest_from_the_fourth_hand_whist() -> None:
    """AWL X §3: the fourth hand who renounces is not "the second or third hand
    player": his card is liable to be called, no more."""
    t = _find(_renounce_at(4))
    seat, bad = _renounce(t)
    t.correct_renounce(seat)
    p = t.pending
    assert p is not None and [o.key for o in p.options] == ["exposed"]
    with pytest.raises(LawsError, match="second or third hand"):
        t.rule(seat.left, "lowest")
    t.rule(seat.left, "exposed")
    assert bad in t.penalties.liable[seat]


def test_law_X_3_he_shall_not_play_until_the_penalty_is_inflicted_whist() -> None:
    """AWL X §3: he "shall not play to that trick until such adversary has
    inflicted or waived the penalty"; the card the left-hand adversary had
    played goes back to his hand, not liable."""
    t = _find(_renounce_at(3))
    seat, _ = _renounce(t)
    assert t.play is not None
    lha_card = t.legal_cards()[0]
    t.play_card(lha_card)
    t.correct_renounce(seat)
    assert t.play.hands[seat.left] >> lha_card & 1
    assert lha_card not in t.penalties.liable.get(seat.left, set())
    with pytest.raises(TableError, match="awaits its ruling"):
        t.play_card(_suit(t, seat, t.play.trick[0] // 13)[0], seat=seat)
    t.rule(seat.left, "lowest")
    assert t.legal_cards() == [min(_suit(t, seat, t.play.trick[0] // 13))]


# -- AWL VIII §1: the suit called when the offender's side next leads (item 3) ----------


def test_law_VIII_1_the_suit_is_called_when_the_offenders_side_next_wins_whist() -> None:
    """AWL VIII §1: "a suit may be called from him or from his partner, as the
    case may be, the first time thereafter it is the right of either of them to
    lead"; "the penalty can be enforced only by the adversary on the right of
    the one from whom a lead can lawfully be called". East leads in North's
    turn: nothing is decided then (VIII §4: the card goes back, not liable);
    when East or West next wins a trick, the adversary on the winner's right
    calls the suit, and the winner must lead it."""
    for seed in range(1, 300):
        t = laws_table("whist", seed)
        assert t.play is not None
        leader = t.play.turn
        wrong = leader.left
        c = held(t, wrong)[0]
        t.play_card(c, seat=wrong)
        assert t.pending is None and t.play.turn == leader
        assert t.play.hands[wrong] >> c & 1 and not t.penalties.liable
        run(t, lambda t: t.pending is not None)
        if t.pending is None:
            continue  # the offender's side won no trick: the right never arose
        winner = t.play.turn
        assert winner.side == wrong.side and t.pending.choosers == (winner.right,)
        assert t.play.tricks[-1][0] is not None and not t.play.trick
        suit = next((s for s in range(4) if t.play.hands[winner] & SUIT_MASKS[s]), 0)
        t.rule(winner.right, "call_suit", "SHDC"[3 - suit])
        assert {c // 13 for c in t.legal_cards()} == {suit}
        t = _replayed(t)
        _play_out(t)
        assert t.phase == "done"
        return
    raise AssertionError("no deal for the position")


def test_law_VIII_1_the_call_is_from_the_offenders_partner_when_he_wins_whist() -> None:
    """AWL VIII §1 "as the case may be": when the offender's partner wins the
    trick, the call is his right-hand adversary's, and the adversary on the
    offender's right (who would call had the offender won) is the wrong one:
    his demand forfeits the penalty (XI §4)."""
    for seed in range(1, 300):
        t = laws_table("whist", seed)
        assert t.play is not None
        wrong = t.play.turn.left
        t.play_card(held(t, wrong)[0], seat=wrong)
        run(t, lambda t: t.pending is not None)
        if t.pending is None or t.play.turn != wrong.partner:
            continue
        assert t.pending.choosers == (wrong.partner.right,)
        t.rule(wrong.right, "call_suit", "S")  # the wrong adversary
        assert t.pending is None and t.penalties.lead_call == {}
        assert len(t.legal_cards()) == len(t.play.legal_cards())
        _replayed(t)
        return
    raise AssertionError("no deal for the position")


def test_law_VIII_1_ruling_names_the_chooser_at_the_later_lead_whist() -> None:
    r = ruling("whist", "lead_out_of_turn", E)
    assert r.law == "Law VIII §1 (whist)"
    assert "North if East leads, South if West does" in r.who
    assert "Law XI §4 (whist)" in r.forfeit


# -- AWL XI §4 and Goodfellow 109: the wrong adversary demands (item 4) -----------------


def test_law_XI_4_the_wrong_adversary_demands_none_can_be_enforced_whist() -> None:
    """AWL XI §4: "if the wrong adversary demands a penalty ... none can be
    enforced": the leader, not the third hand, calls for the second hand's
    highest card (IX §2); the penalty is gone, and the third hand cannot then
    exact it."""
    t = _find(lambda t: t.play is not None and not t.play.trick)
    assert t.play is not None
    leader = t.play.turn
    second, third, fourth = _fourth_before_second(t)
    assert leader == fourth.left
    rec = t.rule(leader, "highest")
    assert rec == Ruling(leader, "play_out_of_turn", "highest", "")
    assert t.pending is None and second not in t.penalties.require
    with pytest.raises(LawsError, match="no irregularity"):
        t.rule(third, "highest")
    t = _replayed(t)
    assert second not in t.penalties.require


def test_law_109_the_wrong_adversary_demands_none_can_be_enforced_daw() -> None:
    """daw 109: "if a wrong adversary demands the penalty ... none can be
    enforced". The dealer's partner declares out of turn: the remedy is for the
    adversary on his right, whose turn it is (law 57); the adversary on his left
    demands that the declaration stand: it does not, and the offender's partner
    is not debarred."""
    t = laws_table("daw")
    assert t.auction is not None
    dealer = t.auction.turn
    bid(t, "1H")
    offender = dealer.partner  # in the turn of the adversary on his right
    t.call(Bid(2, "H"), seat=offender)
    p = t.pending
    assert p is not None and p.choosers == (offender.right,)
    t.rule(offender.left, "pass_stand")
    assert t.pending is None and t.penalties.debarred == {}
    assert t.auction.turn == offender.right and len(t.auction.calls) == 1
    with pytest.raises(LawsError, match="no irregularity"):
        t.rule(offender.right, "pass_stand")
    t = _replayed(t)
    bid(t, "pass", "2H")
    assert t.auction is not None and t.auction.calls[-1] == (offender, Bid(2, "H"))


def test_law_109_the_offenders_partner_is_no_adversary_daw() -> None:
    """daw 109 speaks of the adversaries: the offender's partner's word is
    refused, citing the law, and the penalty remains for the right adversary."""
    t = laws_table("daw")
    assert t.auction is not None
    offender = t.auction.turn.partner
    bid(t, "1H")
    t.call(Bid(2, "H"), seat=offender)
    with pytest.raises(LawsError, match=r"Law 109 \(daw\)"):
        t.rule(offender.partner, "ignore")
    t.rule(offender.right, "pass_stand")
    assert t.penalties.debarred == {offender.partner: "bid"}


@pytest.mark.parametrize("code", ["auction", "royalton"])
def test_law_97_98_no_forfeit_for_the_wrong_adversary(code: str) -> None:
    """Whist Club 97 and Royalton 98 name no forfeit for a demand by the wrong
    adversary (only for a wrong penalty, WC 97): a chooser the law names is kept
    to, and another's word is refused."""
    o = ruling(code, "declarant_renounce_corrected", N)
    assert o.forfeit == ""
    assert ruling(code, "play_out_of_turn", E).forfeit == ""


# -- citations: each code's own law for when the right lapses (item 6) -----------------

# the period texts beside the repository (``../shared``, as CI has them); the
# nearest such folder above this file, so a git worktree finds them too
SEEDS = next(
    (
        p / "shared" / "seeds"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "seeds").is_dir()
    ),
    Path(__file__).resolve().parents[2] / "shared" / "seeds",
)


@pytest.mark.parametrize(
    ("code", "key", "law", "words"),
    [
        ("daw", "revoke", "106", "before the last trick of the deal"),
        ("auction", "revoke", "90", "before the cards have been cut for the following deal"),
        ("royals", "revoke", "90", "before the cards have been cut for the following deal"),
        ("royalton", "revoke", "80", "after the cards have been cut for the following deal"),
        ("daw", "lead_out_of_turn", "91", "and the other three follow"),
        ("auction", "lead_out_of_turn", "78", "and the other three follow"),
        ("royalton", "lead_out_of_turn", "61", "and the declarer follow"),
        ("auction", "exposed_card", "80", "may be repeated until such card has been played"),
        ("royalton", "exposed_card", "72", "may be repeated until it be played"),
    ],
)
def test_law_106_90_80_91_78_61_80_72_the_lapse_cites_the_codes_own_law(
    code: str, key: str, law: str, words: str
) -> None:
    """daw 106, Whist Club 90, Royalton 80 (a revoke claimed in time); daw 91,
    Whist Club 78, Royalton 61 (a false lead followed); Whist Club 80, Royalton
    72 (an exposed card called until played): the lapse of each right cites its
    own code's law, and that law says so in the seed."""
    r = ruling(code, key, E)
    assert f"(law {law})" in r.lapses
    seed = {"daw": "000", "auction": "001", "royals": "001", "royalton": "004"}[code]
    text = " ".join(next(SEEDS.glob(f"{seed}_*.txt")).read_text().split())
    text = text.replace("Arevokemust", "A revoke must").lower()
    at = text.index(words.lower())
    # The law that says it: the last number opening a law before the words.
    numbers = re.findall(r"(?:^|[\s-])(\d{1,3})\. ", text[max(0, at - 600) : at])
    assert numbers[-1] == law


def test_whist_ruling_cites_the_lapse_and_the_forfeit_whist() -> None:
    """`whist ruling` prints who chooses, the lapse and what a wrong demand does,
    each with its law."""
    result = CliRunner().invoke(
        app, ["ruling", "--code", "whist", "--offence", "play_out_of_turn", "--by", "W"]
    )
    out = " ".join(result.stdout.split())
    assert result.exit_code == 0
    assert "Who chooses: the third hand, the adversary on the offender's right (South)" in out
    assert "none can be enforced (Law XI §4 (whist))" in out
    royalton = CliRunner().invoke(
        app, ["ruling", "--code", "royalton", "--offence", "revoke", "--by", "E"]
    )
    assert "(law 80)" in royalton.stdout and "law 106" not in royalton.stdout


# -- Royalton 73: the second hand void of the suit led (review) ---------------------------


def _royalton_fourth_before_void_second(void: bool) -> tuple[Table, Seat]:
    """A Royalton deal where the declarer's adversary playing fourth plays before
    his partner, the second hand, who is (or is not) void of the suit led."""
    for seed in range(1, 300):
        t = laws_table("royalton", seed)
        bid(t, "1H", "pass", "pass", "pass")

        def stop(t: Table) -> bool:
            p = t.play
            if p is None or len(p.trick) != 1 or p.declarer is None:
                return False
            second = p.turn
            has = bool(p.hands[second] & SUIT_MASKS[p.trick[0] // 13])
            return second.side != p.declarer.side and has != void

        run(t, stop)
        if t.phase == "play" and stop(t):
            assert t.play is not None
            second = t.play.turn
            t.play_card(held(t, second.partner)[0], seat=second.partner)
            return t, second
    raise AssertionError("no deal for the position")


def test_law_73_second_hand_void_highest_of_a_designated_suit_royalton() -> None:
    """Royalton 73: "if the second hand be void of the suit led, the declarer in
    lieu of any other penalty may call upon the second hand to play the highest
    card of any designated suit"."""
    t, second = _royalton_fourth_before_void_second(void=True)
    p = t.pending
    assert p is not None and t.declarer is not None and p.choosers == (t.declarer,)
    assert "highest_of_suit" in [o.key for o in p.options]
    assert t.play is not None
    suit = next(s for s in range(4) if t.play.hands[second] & SUIT_MASKS[s])
    t.rule(t.declarer, "highest_of_suit", "CDHS"[suit])
    assert t.legal_cards() == [max(_suit(t, second, suit))]
    t = _replayed(t)
    assert t.legal_cards() == [max(_suit(t, second, suit))]


def test_law_73_a_void_suit_named_the_penalty_is_paid_royalton() -> None:
    """Royalton 73: "If he name a suit of which the second hand is void, the
    penalty is paid": the second hand plays as he pleases."""
    t, second = _royalton_fourth_before_void_second(void=True)
    assert t.play is not None and t.declarer is not None
    led = t.play.trick[0] // 13
    t.rule(t.declarer, "highest_of_suit", "CDHS"[led])
    assert len(t.legal_cards()) == len(held(t, second))


def test_law_73_not_void_no_designated_suit_royalton() -> None:
    """Royalton 73: holding the suit led, the second hand can be made to play
    his highest or lowest, or win or lose, but not a designated suit."""
    t, _ = _royalton_fourth_before_void_second(void=False)
    assert t.pending is not None and t.declarer is not None
    assert "highest_of_suit" not in [o.key for o in t.pending.options]
    with pytest.raises(LawsError, match=r"Law 73 \(royalton\).*void of the suit led"):
        t.rule(t.declarer, "highest_of_suit", "S")


# -- Royalton 42: information given by dummy (review) --------------------------------


def test_law_42_dummy_informs_the_declarer_either_adversary_calls_a_lead_royalton() -> None:
    """Royalton 42: "If the dummy give such information to the declarer, either
    adversary of the declarer may call a lead" (not the declarer, as when an
    adversary informs his partner); the declarer's side must lead the suit."""
    t = laws_table("royalton")
    bid(t, "1H", "pass", "pass", "pass")
    assert t.play is not None and t.declarer is not None
    dummy = t.play.dummy
    assert dummy is not None
    t.report(dummy, "information")
    assert t.pending is not None and set(t.pending.choosers) == {dummy.left, dummy.right}
    with pytest.raises(LawsError, match=r"Law 98 \(royalton\)"):
        t.rule(t.declarer, "call_suit", "C")
    t.rule(dummy.left, "call_suit", "C")
    assert t.penalties.lead_call == {dummy.side: 0}
    _replayed(t)
    adversary = t.play.turn
    t2 = laws_table("royalton")
    bid(t2, "1H", "pass", "pass", "pass")
    t2.report(adversary, "information")
    assert t2.pending is not None and t2.pending.choosers == (t.declarer,)
    r = ruling("royalton", "information", dummy, Facts(declarer=t.declarer))
    assert r.who.startswith("either adversary")


@pytest.mark.parametrize(
    ("code", "lapses"), [("auction", "—"), ("royalton", "the law names no time (law 94)")]
)
def test_law_93_94_a_quitted_trick_has_no_lead_out_of_turn_lapse(code: str, lapses: str) -> None:
    """Whist Club 93 names no penalty and Royalton 94 a fine of 25 points: neither
    is Goodfellow's lead out of turn (daw 93), so neither lapses when the
    offender's side next has the lead."""
    assert ruling(code, "quitted_trick", E).lapses == lapses
    assert ruling("daw", "quitted_trick", E).lapses == "when the offender's side next has the lead"
