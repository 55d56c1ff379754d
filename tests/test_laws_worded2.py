"""Issue 19, the laws still not as worded (second pass), clause by clause: a
failure to comply with a lawful call corrected before the trick is quitted (daw
104, Whist Club 75, Royalton 70), each replayed in laws mode from its event log."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auctionwhist.cards import Seat
from auctionwhist.cli import app
from auctionwhist.laws import LawsError
from auctionwhist.table import Table, TableError
from laws_helpers import held, laws_table, opened, run

N, E, S, W = Seat


def _replayed(t: Table) -> Table:
    """The table rebuilt from its log: the correction survives a replay."""
    again = Table.from_events(t.events)
    assert again.events == t.events and again.phase == t.phase
    assert again.penalties.liable == t.penalties.liable
    assert again.penalties.require == t.penalties.require
    return again


def _failed_to_comply(code: str) -> tuple[Table, Seat, int, int]:
    """An adversary second hand, called upon to play his lowest (his partner
    played fourth before him), plays his highest of the suit instead: the
    table, the seat, the card played in error and the lowest he must play."""
    for seed in range(1, 100):
        t = laws_table(code, seed) if code == "whist" else opened(code, seed)
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
        return t, second, max(suit), min(suit)
    raise AssertionError("no deal for the position")


def _finish(t: Table) -> None:
    run(t)
    while t.pending is not None:
        t.rule(t.to_act or N, t.pending.offence.options[0].key)
        run(t)


COMPLY = [("daw", "104", True), ("auction", "75", False), ("royalton", "70", False)]


@pytest.mark.parametrize(("code", "law", "liable"), COMPLY)
def test_law_104_75_70_failure_to_comply_corrected_before_the_trick_is_quitted(
    code: str, law: str, liable: bool
) -> None:
    """daw 104 ("unless such failure is corrected before the trick is turned and
    quitted; and then the card played in error is liable to be called"), Whist
    Club 75 and Royalton 70 ("unless such play be corrected before the trick is
    turned and quitted", no more): the adversary corrects; he must play his
    lowest as called; under daw the card played in error is liable to be called,
    under the Whist Club and Royalton it is not; no revoke is scored."""
    t, seat, wrong, lowest = _failed_to_comply(code)
    assert law in t.code.cite("failure_to_comply")
    t.correct_renounce(seat)
    assert t.play is not None and t.play.turn == seat and wrong in held(t, seat)
    assert t.legal_cards() == [lowest]  # the call binds him again
    assert (wrong in t.penalties.liable.get(seat, set())) is liable
    t = _replayed(t)
    t.play_card(lowest)
    _finish(t)
    assert t.is_over and t.revokes() == ()
    assert t.result().revokes == ()


@pytest.mark.parametrize(("code", "law", "liable"), COMPLY)
def test_law_104_75_70_failure_to_comply_not_corrected_is_a_revoke(
    code: str, law: str, liable: bool
) -> None:
    """daw 104, Whist Club 75, Royalton 70: not corrected before the trick is
    turned and quitted, he is liable to the penalty for a revoke; once the
    trick is quitted he can no longer correct it."""
    t, seat, _, _ = _failed_to_comply(code)
    # quitted: a card of the next trick played (daw 100, Whist Club 85, Royalton 76)
    run(t, lambda t: t.play is not None and len(t.play.trick) == 1)
    if t.phase == "play":
        with pytest.raises(TableError):
            t.correct_renounce(seat)
    _finish(t)
    assert [r.seat for r in t.revokes()] == [seat]
    assert t.result().revokes == t.revokes()


def test_law_XI_5_failure_to_comply_cannot_be_corrected_under_the_awl() -> None:
    """AWL XI §5 names no correction: the failure to comply is refused a
    correction, the refusal citing the law."""
    t, seat, _, _ = _failed_to_comply("whist")
    with pytest.raises(TableError) as err:
        t.correct_renounce(seat)
    assert "cannot be corrected" in str(err.value)
    assert err.value.law == t.code.cite("failure_to_comply") and "XI §5" in err.value.law


@pytest.mark.parametrize(
    ("code", "words"),
    [("daw", "liable to be called"), ("auction", "no penalty"), ("royalton", "no penalty")],
)
def test_law_104_75_70_ruling_says_the_correction(code: str, words: str) -> None:
    """`whist ruling` quotes the law and says what a correction leaves."""
    out = CliRunner().invoke(
        app, ["ruling", "--code", code, "--offence", "failure_to_comply", "--by", "W"]
    )
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "corrected before the trick" in text and words in text
    assert "scored as an established revoke" in text


# -- Whist Club 77 (and Royalton 60): the declarer's lead out of turn (item 2) -----------


@pytest.mark.parametrize("code", ["auction", "royals"])
@pytest.mark.parametrize("hand", [N, S])
def test_law_77_the_declarer_himself_may_rectify_his_lead_out_of_turn(
    code: str, hand: Seat
) -> None:
    """Whist Club 77: "If the declarer lead out of turn, either from his own hand
    or from dummy, he incurs no penalty; but he may not rectify the error after
    the second hand has played": the rectifying is the declarer's, not the
    adversaries'. North (declarer) leads out of turn from his hand or dummy's:
    the adversaries cannot decide it; North takes it back, not liable, and East
    leads."""
    t = opened(code)
    c = held(t, hand)[0]
    t.play_card(c, seat=hand)
    assert t.to_act == N and t.pending is not None
    assert "77" in t.code.cite(t.pending.offence.topic)
    for adversary in (E, W):
        with pytest.raises(LawsError, match="the remedy is for North"):
            t.rule(adversary, "retract")
    t.rule(N, "retract")
    t = _replayed(t)
    assert t.play is not None and t.play.turn == E and c in held(t, hand)
    assert c not in t.penalties.liable.get(hand, set())


@pytest.mark.parametrize("code", ["auction", "royals"])
def test_law_77_the_declarer_may_let_his_lead_stand(code: str) -> None:
    """Whist Club 77: the declarer lets his lead out of turn stand; the second
    hand (East, on his left) plays to it, and then it cannot be rectified."""
    t = opened(code)
    c = held(t, N)[0]
    t.play_card(c, seat=N)
    t.rule(N, "accept")
    t = _replayed(t)
    assert t.play is not None and t.play.trick[0] == c and t.play.turn == E
    t.play_card(t.legal_cards()[0])
    assert t.play.trick[0] == c and len(t.play.trick) == 2


@pytest.mark.parametrize(("code", "law"), [("daw", "90"), ("royalton", "60")])
def test_law_90_60_the_adversaries_decide_the_declarers_lead_out_of_turn(
    code: str, law: str
) -> None:
    """daw 90 ("except with the consent of such second player") and Royalton 60
    ("unless directed to do so by an adversary"): not the declarer's to
    rectify; he is refused, an adversary decides."""
    t = opened(code)
    t.play_card(held(t, N)[0], seat=N)
    assert t.pending is not None and law in t.code.cite(t.pending.offence.topic)
    with pytest.raises(LawsError, match="not North"):
        t.rule(N, "retract")
    assert t.to_act is not None and t.to_act.side != N.side


@pytest.mark.parametrize(
    ("code", "who"),
    [("auction", "the declarant"), ("royals", "the declarant"), ("royalton", "either adversary")],
)
def test_law_77_60_ruling_names_who_rectifies(code: str, who: str) -> None:
    """`whist ruling` names the declarer (Whist Club 77) or either adversary
    (Royalton 60) as the one who decides the declarer's lead out of turn."""
    out = CliRunner().invoke(
        app, ["ruling", "--code", code, "--offence", "declarant_lead_out_of_turn", "--by", "N"]
    )
    assert out.exit_code == 0, out.output
    assert f"Who chooses: {who}" in " ".join(out.output.split())


# -- daw 75, Whist Club 63, Royalton 54: dummy's remark cancels the right (item 3) -------

INCIDENT = [("daw", "75"), ("auction", "63"), ("royals", "63"), ("royalton", "54")]


def _west_exposes(code: str) -> tuple[Table, int, int]:
    """East has led; West (an adversary) exposes two cards, liable to be called."""
    t = opened(code)
    assert t.declarer == N
    t.play_card(t.legal_cards()[0])
    a, b = held(t, W)[0], held(t, W)[-1]
    t.expose(W, a)
    t.expose(W, b)
    assert t.penalties.liable[W] == {a, b}
    return t, a, b


@pytest.mark.parametrize(("code", "law"), INCIDENT)
def test_law_75_63_54_dummy_naming_the_card_cancels_its_call(code: str, law: str) -> None:
    """daw 75 ("such penalty cannot be enforced by the declarant"), Whist Club 63
    ("the declarer is precluded from exacting such penalty"), Royalton 54 ("the
    declarer may not exact such penalty"): dummy calls attention to West's
    exposed card; it is no longer liable to be called; the other stays liable."""
    t, a, b = _west_exposes(code)
    t.report(S, "dummy_incident", a)
    assert t.pending is not None and law in t.code.cite(t.pending.offence.topic)
    t.rule(t.to_act or E, "waive")
    t = _replayed(t)
    assert t.penalties.liable[W] == {b}
    assert t.penalties.points == []  # Royalton's 50 is for an incident with no penalty


@pytest.mark.parametrize(("code", "law"), INCIDENT)
def test_law_75_63_54_dummy_remark_cancels_every_call_unnamed(code: str, law: str) -> None:
    """daw 75, Whist Club 63, Royalton 54: dummy's remark names no card: every
    right the declarer held against the adversaries' exposed cards lapses."""
    t, _, _ = _west_exposes(code)
    t.report(S, "dummy_incident")
    t.rule(t.to_act or E, "waive")
    t = _replayed(t)
    assert W not in t.penalties.liable


@pytest.mark.parametrize(("code", "law"), [("daw", "75"), ("auction", "63"), ("royalton", "54")])
def test_law_75_63_54_dummy_remark_cancels_the_suit_still_to_call(code: str, law: str) -> None:
    """daw 75, Whist Club 63, Royalton 54 with daw 89, Whist Club 76, Royalton 59:
    West leads out of turn, the declarant elects to call a suit later; dummy
    calls attention to it: when an adversary is next to lead, no suit is called."""
    from test_laws_as_worded import _declarers_lead

    t = _declarers_lead(code)
    t.play_card(held(t, W)[-1], seat=W)
    t.rule(N, "call_lead")
    assert W.side in t.penalties.deferred
    t.report(S, "dummy_incident")
    t.rule(t.to_act or E, "waive")
    t = _replayed(t)
    assert W.side not in t.penalties.deferred
    play = t.play
    assert play is not None
    while t.phase == "play" and (play.turn.side == N.side or play.trick):
        t.play_card(t.legal_cards()[0])
    assert t.pending is None or t.pending.offence.key != "lead_out_of_turn_call"
