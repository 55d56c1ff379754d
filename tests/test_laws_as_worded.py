"""The offences left "not yet as worded" by the first pass of issue 19, clause by
clause: daw 89, Whist Club 76 and Royalton 59 (the suit called later), each
replayed in laws mode from its event log."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auctionwhist.cards import SUIT_MASKS, Seat
from auctionwhist.cli import app
from auctionwhist.laws import LawsError
from auctionwhist.rulings import Facts, ruling
from auctionwhist.table import Table, TableError
from laws_helpers import bid, held, laws_table, run

N, E, S, W = Seat


def _replayed(t: Table) -> Table:
    """The table rebuilt from its log: the rulings survive a replay."""
    again = Table.from_events(t.events)
    assert again.events == t.events and again.phase == t.phase
    assert again.penalties.liable == t.penalties.liable
    assert again.penalties.lead_call == t.penalties.lead_call
    assert again.penalties.deferred == t.penalties.deferred
    return again


# -- daw 89, Whist Club 76, Royalton 59: the suit called later (item 1) ---------------

LEAD_LAWS = [("daw", "89"), ("auction", "76"), ("royalton", "59")]


def _declarers_lead(code: str) -> Table:
    """A deal (one heart by North) at a trick the declaring side is to lead,
    which the adversaries later win a trick from."""
    for seed in range(1, 200):
        t = laws_table(code, seed)
        bid(t, "1H", "pass", "pass", "pass")
        run(t, lambda t: t.play is not None and len(t.play.tricks) >= 1 and not t.play.trick)
        play = t.play
        assert play is not None
        if t.phase == "play" and play.turn.side == N.side and len(play.tricks) <= 8:
            return t
    raise AssertionError("no deal where the declaring side leads early")


@pytest.mark.parametrize(("code", "law"), LEAD_LAWS)
def test_law_89_76_59_the_suit_is_called_when_an_adversary_is_to_lead(code: str, law: str) -> None:
    """daw 89, Whist Club 76, Royalton 59: "the declarant may call a suit as soon
    as it is the turn of either adversary to lead". West leads in the declaring
    side's turn: the declarant chooses at once to call a suit (not which); the
    card goes back, not liable; no suit can be named while the declaring side
    leads; when East or West is next to lead, before he leads, the declarant
    names it, and the leader must lead it if he can."""
    t = _declarers_lead(code)
    play = t.play
    assert play is not None and t.declarer == N
    c = held(t, W)[-1]
    t.play_card(c, seat=W)
    p = t.pending
    assert p is not None and p.offence.key == "lead_out_of_turn" and p.choosers == (N,)
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    with pytest.raises(LawsError, match="no option 'call_suit'"):
        t.rule(N, "call_suit", "C")  # the suit is not named now
    t.rule(N, "call_lead")
    assert play.hands[W] >> c & 1 and W not in t.penalties.liable  # back, not liable
    assert t.pending is None and play.turn.side == N.side
    # The declaring side leads on: no suit can be called yet.
    while play.turn.side == N.side or play.trick:
        assert t.pending is None
        with pytest.raises(LawsError, match="no irregularity"):
            t.rule(N, "call_suit", "C")
        t.play_card(t.legal_cards()[0])
        assert t.phase in ("play", "penalty")
    leader = play.turn
    assert leader in (E, W) and not play.trick
    p = t.pending
    assert p is not None and p.offence.key == "lead_out_of_turn_call" and p.choosers == (N,)
    assert t.code.cite(p.offence.topic) == f"Law {law} ({code})"
    suit = next(s for s in range(4) if play.hands[leader] & SUIT_MASKS[s])
    t.rule(N, "call_suit", "CDHS"[suit])
    assert t.penalties.lead_call == {leader.side: suit}
    assert all(x // 13 == suit for x in t.legal_cards())
    _replayed(t)
    t.play_card(t.legal_cards()[0])
    assert play.trick[0] // 13 == suit
    run(t)
    assert t.phase == "done" and t.revokes() == ()
    assert _replayed(t).score() == t.score()


@pytest.mark.parametrize(("code", "law"), LEAD_LAWS)
def test_law_89_76_59_the_adversary_to_lead_at_once(code: str, law: str) -> None:
    """daw 89, Whist Club 76, Royalton 59: West leads in East's turn; it is then
    at once the turn of an adversary to lead, so the declarant names the suit
    straight after choosing to call one; he may instead let it go (the law says
    "may"), and East leads as he pleases."""
    t = laws_table(code)
    bid(t, "1H", "pass", "pass", "pass")
    assert t.play is not None and t.play.turn == E
    t.play_card(held(t, W)[0], seat=W)
    t.rule(N, "call_lead")
    p = t.pending
    assert p is not None and p.offence.key == "lead_out_of_turn_call" and t.to_act == N
    with pytest.raises(LawsError, match="not West"):
        t.rule(W, "call_suit", "S")
    t.rule(N, "waive")
    assert t.penalties.lead_call == {} and t.legal_cards() == held(t, E)
    assert t.penalties.deferred == {}
    run(t)
    assert _replayed(t).score() == t.score()


@pytest.mark.parametrize(("code", "law"), LEAD_LAWS)
def test_law_89_76_59_ruling_names_the_declarant_and_the_moment(code: str, law: str) -> None:
    """`whist ruling` for daw 89, Whist Club 76, Royalton 59: the first choice
    names no suit and says when the suit is called; the later choice is the
    declarant's, as soon as an adversary is to lead."""
    first = ruling(code, "lead_out_of_turn", W, Facts(declarer=N))
    assert first.law == f"Law {law} ({code})" and first.who.startswith("the declarant")
    assert [o.key for o in first.options] == ["accept", "exposed", "call_lead"]
    call = first.options[-1]
    assert call.effect.startswith("nothing is named now; as soon as it is the turn of")
    later = ruling(code, "lead_out_of_turn_call", W, Facts(declarer=N))
    assert later.law == f"Law {law} ({code})"
    assert later.who == (
        "the declarant (North), as soon as it is the turn of the offender or his partner to lead"
    )
    out = CliRunner().invoke(
        app, ["ruling", "--code", code, "--offence", "lead_out_of_turn", "--by", "W"]
    )
    assert out.exit_code == 0 and "[call_lead]" in out.output and "[call_suit]" not in out.output


# -- daw 85: winning cards exposed, the partner's trick (item 2) ----------------------

_SUIT = 0x1FFF


def _winner_shown(seed: int) -> tuple[Table, Seat, int] | None:
    """A daw deal at which an adversary of the declarant (North) leads a card
    better than any the other side holds and shows another before his partner
    plays; the declarant calls on the partner to win the trick. Returns the
    table, the offender and the card shown."""
    t = laws_table("daw", seed)
    bid(t, "1H", "pass", "pass", "pass")

    def stop(t: Table) -> bool:
        p = t.play
        assert p is not None
        if p.trick or p.turn.side == N.side or bin(p.hands[p.turn]).count("1") < 3:
            return False
        others = p.hands[p.turn.left] | p.hands[p.turn.right]
        return any(
            not others & (_SUIT << 13 * (c // 13)) & ~((2 << c) - 1) for c in held(t, p.turn)
        )

    run(t, stop)
    play = t.play
    if t.phase != "play" or play is None or not stop(t):
        return None
    seat = play.turn
    others = play.hands[seat.left] | play.hands[seat.right]
    led = next(c for c in held(t, seat) if not others & (_SUIT << 13 * (c // 13)) & ~((2 << c) - 1))
    t.play_card(led)
    shown = next(c for c in held(t, seat) if c // 13 != led // 13 or c != led)
    t.report(seat, "winning_cards_exposed", shown)
    p = t.pending
    assert p is not None and p.offence.key == "winning_cards_exposed" and p.choosers == (N,)
    assert [o.key for o in p.options or p.offence.options] == ["win", "exposed"]
    t.rule(N, "win")
    return t, seat, shown


def _play_out(t: Table) -> None:
    """Play to the end, each later irregularity ruled on as the law first allows."""
    while t.phase in ("play", "penalty"):
        if t.pending is not None:
            t.act(t.workable_ruling())
        else:
            t.play_card(t.legal_cards()[0])
    assert t.phase == "done"


def _to_trick_end(t: Table) -> None:
    run(t, lambda t: t.play is not None and not t.play.trick)


def _partner_won(want: bool) -> tuple[Table, Seat, int]:
    for seed in range(1, 400):
        found = _winner_shown(seed)
        if found is None:
            continue
        t, seat, shown = found
        _to_trick_end(t)
        assert t.play is not None
        if (t.play.winners[-1] == seat.partner) is want and t.phase in ("play", "penalty"):
            return t, seat, shown
    raise AssertionError("no such deal")


def test_law_85_should_he_win_the_declarant_forbids_the_suit_no_further_penalty_daw() -> None:
    """daw 85: "should he do so [take the trick], the declarant may either require
    him not to lead that suit, in which case no further penalty attaches": the
    choice is put when the partner has won, before he leads; the suit of the
    card shown is forbidden him and the card is no longer liable."""
    t, seat, shown = _partner_won(True)
    play = t.play
    assert play is not None and play.turn == seat.partner and not play.trick
    p = t.pending
    assert p is not None and p.offence.key == "winning_cards_exposed_won"
    assert p.choosers == (N,) and t.code.cite(p.offence.topic) == "Law 85 (daw)"
    t.rule(N, "forbid_lead")
    assert shown not in t.penalties.liable.get(seat, set())
    suit = shown // 13
    if play.hands[seat.partner] & ~(_SUIT << 13 * suit):
        assert all(c // 13 != suit for c in t.legal_cards())
    _replayed(t)
    _play_out(t)
    assert _replayed(t).score() == t.score()


def test_law_85_or_he_leads_as_he_pleases_and_the_cards_are_liable_daw() -> None:
    """daw 85: "... or the declarant may permit him to lead as he pleases and
    treat the exposed card, or cards, as liable to be called"."""
    t, seat, shown = _partner_won(True)
    assert t.pending is not None and t.pending.offence.key == "winning_cards_exposed_won"
    t.rule(N, "exposed")
    assert shown in t.penalties.liable[seat] and seat.partner not in t.penalties.forbid
    assert t.legal_cards() == held(t, seat.partner)  # he leads as he pleases
    _play_out(t)
    assert _replayed(t).score() == t.score()


def test_law_85_80_the_partner_cannot_win_the_cards_are_liable_daw() -> None:
    """daw 85 and 80: the partner called upon cannot take the trick; the second
    choice never arises, and the card shown is liable to be called, as law 80
    makes every card exposed after the original lead."""
    t, seat, shown = _partner_won(False)
    assert t.pending is None or t.pending.offence.key != "winning_cards_exposed_won"
    assert t.penalties.deferred == {}
    assert shown in t.penalties.liable[seat]
    _replayed(t)
    _play_out(t)
    assert _replayed(t).score() == t.score()


def test_law_85_ruling_names_the_declarant_for_both_choices_daw() -> None:
    """`whist ruling` for daw 85: the call on the partner first; the second
    choice is the declarant's, should the partner win the trick."""
    first = ruling("daw", "winning_cards_exposed", W, Facts(declarer=N))
    assert [o.key for o in first.options] == ["win", "exposed"]
    assert first.options[0].effect.startswith("nothing is named now; should the offender's")
    later = ruling("daw", "winning_cards_exposed_won", W, Facts(declarer=N))
    assert later.law == "Law 85 (daw)" and [o.key for o in later.options] == [
        "forbid_lead",
        "exposed",
    ]
    assert later.who == (
        "the declarant (North), should the offender's partner win the trick, when it is complete"
    )


@pytest.mark.parametrize("key", ["lead_out_of_turn_call", "winning_cards_exposed_won"])
def test_law_89_85_the_later_choice_is_put_by_the_table_not_reported_daw(key: str) -> None:
    """daw 89 and 85: the second half of the declarant's choice arises only at
    the moment the law names; nobody can call it to the table's attention."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    with pytest.raises(TableError, match="puts this choice to the declarant"):
        t.report(W, key)
    assert t.events == Table.from_events(t.events).events and t.pending is None


# -- AWL IV §6: the trump-slip call repeated at each trick (item 3) -------------------


def test_law_IV_6_the_call_may_be_repeated_at_each_trick_but_not_changed_whist() -> None:
    """AWL IV §6: "the call may be repeated at each or any trick until the card
    is played, but cannot be changed". The second player looks at the trump
    slip (IV §5); his left-hand adversary calls his highest trump; at a trick
    where he must follow suit the call binds nothing, and at the next either
    adversary calls it again (lowest is refused: the call cannot be changed),
    until he plays it; then there is nothing left to call. Not once he has
    played to the current trick."""
    for seed in range(1, 300):
        t = laws_table("whist", seed)
        play = t.play
        assert play is not None and play.trump >= 0
        trumps = SUIT_MASKS[play.trump]
        him = play.turn.left  # second to play: he does not lead the first trick
        left, right = him.left, him.right
        t.report(him, "trump_slip_looked")
        t.rule(left, "highest_trump")
        assert t.penalties.trump_calls == {him: "highest_trump"}
        t.play_card(t.legal_cards()[0])  # the leader
        t.play_card(t.legal_cards()[0])  # he follows (or, void, plays his highest trump)
        if him not in t.penalties.trump_calls or not play.hands[him] & trumps:
            continue  # he was void and played it at once, or holds none
        with pytest.raises(TableError, match=r"Law IV §6 \(whist\).*played to the current"):
            t.report(him, "trump_call_repeated")  # not once he has played to the trick
        run(t, lambda t: t.play is not None and not t.play.trick)
        if t.phase != "play":
            continue
        assert him not in t.penalties.require  # he followed suit: the call is spent this trick
        t.report(him, "trump_call_repeated")
        p = t.pending
        assert p is not None and set(p.choosers) == {left, right}
        assert t.code.cite(p.offence.topic) == "Law IV §6 (whist)"
        assert [o.key for o in p.options] == ["highest_trump", "waive"]
        with pytest.raises(LawsError, match="cannot be changed"):
            t.rule(right, "lowest_trump")
        t.rule(right, "highest_trump")
        assert t.penalties.require[him] == ("highest_trump", 0)
        _replayed(t)
        # Until he plays it, the call may be repeated at each trick.
        while t.phase == "play" and him in t.penalties.trump_calls:
            if not play.has_played(him) and not play.trick:
                t.report(him, "trump_call_repeated")
                t.rule(left, "highest_trump")
            t.play_card(t.legal_cards()[0])
        assert (
            him not in t.penalties.trump_calls
            and him not in Table.from_events(t.events).penalties.trump_calls
        )
        if t.phase == "play":
            with pytest.raises(TableError, match=r"Law IV §6 \(whist\).*no trump has been called"):
                t.report(him, "trump_call_repeated")
        run(t)
        assert _replayed(t).score() == t.score()
        return
    raise AssertionError("no deal repeats the call")


# -- daw, Whist Club, Royalton: the declaring side's own offence (item 4) -------------

DECLARING_SIDE = [
    ("daw", "information", "61", "law 92"),
    ("daw", "unauthorized_reference", "92", "law 92"),
    ("daw", "attention_to_trick", "97", "law 97"),
    ("daw", "quitted_trick", "93", "law 90"),
    ("auction", "information", "53", "law 96"),
    ("auction", "unauthorized_reference", "96", "law 96"),
    ("auction", "attention_to_trick", "95", "law 95"),
    ("royalton", "unauthorized_reference", "97", "law 97"),
    ("royalton", "attention_to_trick", "96", "law 96"),
]


@pytest.mark.parametrize(("code", "key", "law", "why"), DECLARING_SIDE)
def test_law_61_92_93_97_53_95_96_the_declaring_side_incurs_no_penalty(
    code: str, key: str, law: str, why: str
) -> None:
    """daw 61 with 92, 92, 93 (a lead out of turn's penalty, which law 90 spares
    the declarant), 97; Whist Club 53 with 96, 95, 96; Royalton 96, 97: each
    penalty is the declarant's against his adversaries. Dummy or the declarant
    doing it is refused, the law and the reason said; an adversary doing it is
    still the declarant's to rule on; `whist ruling` names nobody for the
    declaring side."""
    t = laws_table(code)
    bid(t, "1H", "pass", "pass", "pass")
    play = t.play
    assert play is not None and t.declarer == N
    if key in ("attention_to_trick", "quitted_trick"):
        run(t, lambda t: t.play is not None and len(t.play.tricks) == 1 and len(t.play.trick) == 1)
    before = tuple(t.events)
    for seat in (N, S):
        with pytest.raises(TableError, match=rf"Law {law} \({code}\).*no penalty: .*{why}"):
            t.report(seat, key)
    assert tuple(t.events) == before and t.pending is None
    t.report(E, key)
    assert t.pending is not None and t.pending.choosers == (N,)
    mine = ruling(code, key, S, Facts(declarer=N))
    assert mine.who.startswith("nobody: ") and why in mine.who
    theirs = ruling(code, key, E, Facts(declarer=N))
    assert theirs.who.startswith(
        "the declarant (North); when the declarer or dummy offends, nobody"
    )


def test_law_42_94_royalton_dummy_informing_and_a_quitted_trick_still_penalised() -> None:
    """Royalton 42 names either adversary when dummy informs the declarer, and
    Royalton 94's 25 points fall on any player who looks at a quitted trick:
    neither is spared to the declaring side."""
    t = laws_table("royalton")
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    t.report(S, "quitted_trick")
    assert t.pending is not None and set(t.pending.choosers) == {E, W}
    t.rule(E, "points")
    _play_out(t)
    items = [i for i in t.score().items if "Law 94 (royalton)" in i.law]
    assert [(i.side, i.points) for i in items] == [(1, 25)]
    assert _replayed(t).score() == t.score()
