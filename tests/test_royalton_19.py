"""Royalton laws 77(c) and 34 as docs/spec.md's revised decisions read them
(issue 19 item 5): §2.2.12, each revoke of a side that revokes more than once
costs 100, the first included, and the declarer's three tricks of 77(b) are
only for a single revoke; §2.2.3, a nullo is played by the player who made the
final declaration, who may bridge it to his partner.

The deal of the laws-mode tests is ``deal("royalton", seed=1)`` (North deals):
N 843.KQT85.Q87.92, E A92.63.J953.KQT8, S QT65.J94.A62.A64, W KJ7.A72.KT4.J753.
Played with the lowest lawful card, one heart by North takes 7 tricks.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from auctionwhist.calls import parse_contract
from auctionwhist.cards import Seat
from auctionwhist.cli import app
from auctionwhist.codes import RevokeLaw, find_code
from auctionwhist.formats import jsonlog
from auctionwhist.records import Bridged
from auctionwhist.rulings import Facts, ruling
from auctionwhist.scoring import DealResult, DealScore, Revoke, score_deal
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, laws_table, renounce, run

N, E, S, W = Seat
NS, EW = 0, 1


def sc(contract: str, declarer: Seat, tricks: int, **kw: Any) -> DealScore:
    code = find_code("royalton")
    return score_deal(DealResult(code, parse_contract(contract), declarer, tricks, **kw))


def items(s: DealScore) -> list[tuple[str, int, str, str]]:
    """(side, points, reason, law) of every item."""
    return [("ns" if i.side == NS else "ew", i.points, i.reason, i.law) for i in s.items]


def played(
    calls: tuple[str, ...], revokers: tuple[Seat, ...] = (), bridge: bool | None = None
) -> Table:
    """The seed-1 deal in laws mode: ``calls``, the nullo bridged or its lead
    called, ``revokers`` renouncing in turn, the rest with the lowest lawful card."""
    t = laws_table("royalton")
    bid(t, *calls)
    if bridge:
        t.bridge()
    elif bridge is not None:
        t.call_lead()
    for seat in revokers:
        run(t, lambda t, seat=seat: can_renounce(t, seat))  # type: ignore[misc]
        renounce(t, seat)
    run(t)
    return t


def replayed(t: Table) -> DealScore:
    """The score of the deal replayed from its JSON event log, which must be the table's."""
    again = Table.from_events(jsonlog.loads(jsonlog.dumps(t.events)))
    assert again.events == t.events
    assert again.score() == t.score()
    return again.score()


ONE_HEART = ("1H", "pass", "pass", "pass")
NULLO_RAISED = ("1NL", "pass", "2NL", "pass", "pass", "pass")


# -- Law 77(c): the score of a deal ---------------------------------------------------


def test_law_77c_one_revoke_keeps_the_choice_of_77b_royalton() -> None:
    """Law 77(b), one revoke: 100 points, or three tricks that make 2H with 8 + 3."""
    assert items(sc("2H", N, 8, revokes=(Revoke(E, 3),), revoke_penalty="points")) == [
        ("ns", 20, "2 odd tricks at hearts", "Law 83 (royalton)"),
        ("ns", 100, "revoke by East, penalty taken in points", "Law 77b (royalton)"),
    ]
    s = sc("2H", N, 8, revokes=(Revoke(E, 3),), revoke_penalty="tricks")
    assert (s.trick(NS), s.honor(NS)) == (50, 0)


@pytest.mark.parametrize("penalty", ["points", "tricks"])
def test_law_77c_two_revokes_by_the_adversaries_200_no_tricks_royalton(penalty: Any) -> None:
    """Law 77(c), docs/spec.md §2.2.12: East and West revoke once each: 100 for
    each, the first included, 200; the tricks stand as played (no three tricks
    whatever the declarer asked), so 2H with 7 tricks is down one."""
    revokes = (Revoke(E, 3), Revoke(W, 5))
    assert items(sc("2H", N, 7, revokes=revokes, revoke_penalty=penalty)) == [
        ("ew", 50, "1 undertrick", "Law 36 (royalton)"),
        ("ns", 200, "2 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_three_revokes_300_royalton() -> None:
    """Law 77(c): three revokes by one side, 300."""
    s = sc("3NT", S, 9, revokes=(Revoke(E, 2), Revoke(E, 6), Revoke(W, 9)))
    assert items(s) == [
        ("ns", 30, "3 odd tricks at no-trump", "Law 83 (royalton)"),
        ("ns", 300, "3 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_declarer_revokes_twice_200_and_no_tricks_royalton() -> None:
    """Law 77(c) with 77(a): the declarer's side revokes twice, 200 to the
    adversaries (not 100 under 77(a) and 100 more); he still scores no tricks,
    and undertricks are paid besides."""
    s = sc("2H", N, 8, revokes=(Revoke(N, 3), Revoke(N, 5)))
    assert items(s) == [("ew", 200, "2 revokes by North-South, 100 each", "Law 77c (royalton)")]
    s = sc("2H", N, 7, revokes=(Revoke(N, 3), Revoke(N, 5), Revoke(N, 9)))
    assert (s.trick(NS), s.honor(NS), s.honor(EW)) == (0, 0, 50 + 300)


def test_law_77c_doubled_bonus_counts_only_the_tricks_played_royalton() -> None:
    """Law 77(c): no three tricks, so neither a bid slam nor the doubled bonus
    comes from them: 6H doubled with 10 tricks is down two."""
    s = sc("6HX", N, 10, revokes=(Revoke(E, 3), Revoke(E, 4)))
    assert items(s) == [
        ("ew", 200, "2 undertricks, doubled", "Law 36 (royalton)"),
        ("ns", 200, "2 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_nullo_no_tricks_move_to_the_revokers_royalton() -> None:
    """Law 77(c) at nullo (docs/spec.md §2.2.5): a single revoke lets the
    declarer give three of his tricks; two cost 200 and move none."""
    s = sc("2NL", N, 6, revokes=(Revoke(E, 3), Revoke(E, 7)))
    assert items(s) == [
        ("ew", 50, "1 undertrick", "Law 36 (royalton)"),
        ("ns", 200, "2 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_is_one_sides_revokes_both_sides_are_law_81_royalton() -> None:
    """Law 77(c) counts "by the same side": one revoke on each side is law 81's
    equal number (no score, a new deal); one against two scores only the
    other side's 100 for the extra revoke (law 81), not 200 under 77(c)."""
    s = sc("2H", N, 8, revokes=(Revoke(N, 3), Revoke(E, 4)))
    assert s.void and s.items == () and "Law 81 (royalton)" in s.note
    s = sc("2H", N, 8, revokes=(Revoke(N, 3), Revoke(E, 4), Revoke(W, 9)))
    assert items(s) == [
        ("ns", 100, "1 extra revoke by East-West, both sides revoked", "Law 81 (royalton)")
    ]


def test_law_77c_daw_and_whist_club_keep_the_first_revoke_penalty() -> None:
    """daw 101C and Whist Club 86(c) say "after the first": their first revoke
    keeps its penalty and its choice; only Royalton 77(c) says "each"."""
    for key, first in (("daw", 150), ("auction", 150)):
        code = find_code(key)
        r = DealResult(
            code, parse_contract("2H"), N, 8, revokes=(Revoke(E, 3), Revoke(E, 4)),
            revoke_penalty="points",
        )  # fmt: skip
        assert score_deal(r).honor(NS) == first + 100
        assert isinstance(code.revoke, RevokeLaw) and code.revoke.has_choice(2)


# -- Law 77(c) at a table in laws mode, end to end ------------------------------------


def test_law_77c_two_revokes_in_laws_mode_royalton() -> None:
    """Law 77(c): East renounces in tricks 4 and 5; the play ends with no choice
    asked of the declarer (his three tricks are only for one revoke), and the
    score is 1H down one, 50, against 200 for the two revokes."""
    t = played(ONE_HEART, (E, E))
    assert [(r.seat, r.trick) for r in t.revokes()] == [(E, 4), (E, 5)]
    assert t.phase == "done" and t.pending is None
    assert t.tricks_won() == (6, 7)
    s = replayed(t)
    assert items(s) == [
        ("ew", 50, "1 undertrick", "Law 36 (royalton)"),
        ("ns", 200, "2 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_one_revoke_in_laws_mode_asks_the_declarer_royalton() -> None:
    """Law 77(b): a single revoke still waits for the declarer's choice."""
    t = played(ONE_HEART, (E,))
    assert t.phase == "penalty" and t.pending is not None
    assert t.pending.offence.key == "revoke" and t.pending.choosers == (N,)


def test_law_77c_three_revokes_in_laws_mode_royalton() -> None:
    """Law 77(c): West, then East twice: 300; 1H down two, 100."""
    t = played(ONE_HEART, (W, E, E))
    assert len(t.revokes()) == 3 and t.phase == "done"
    assert t.tricks_won() == (5, 8)
    s = replayed(t)
    assert (s.total(NS), s.total(EW)) == (300, 100)


def test_law_77c_declarer_revokes_twice_in_laws_mode_royalton() -> None:
    """Law 77(c) with 77(a): North renounces in tricks 1 and 2: no trick score,
    50 for the undertrick and 200 for the revokes to East-West."""
    t = played(ONE_HEART, (N, N))
    s = replayed(t)
    assert t.tricks_won() == (6, 7)
    assert items(s) == [
        ("ew", 50, "1 undertrick", "Law 36 (royalton)"),
        ("ew", 200, "2 revokes by North-South, 100 each", "Law 77c (royalton)"),
    ]


def test_law_77c_both_sides_in_laws_mode_law_81_royalton() -> None:
    """Law 81: North once, East twice: only East-West's extra revoke, 100."""
    t = played(ONE_HEART, (N, E, E))
    assert t.phase == "done"
    assert items(replayed(t)) == [
        ("ns", 100, "1 extra revoke by East-West, both sides revoked", "Law 81 (royalton)")
    ]


# -- Law 77(c) on the command line ----------------------------------------------------


runner = CliRunner()


def test_law_77c_whist_score_royalton() -> None:
    """``whist score``: two revokes by East give North-South 200, cited 77c,
    whichever ``--revoke-penalty`` is given."""
    for penalty in ("points", "tricks"):
        args = "score --code royalton --contract 2H --declarer N --tricks 8"
        args += f" --revoke E --revoke E --revoke-penalty {penalty} --json"
        result = runner.invoke(app, args.split())
        assert result.exit_code == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["ns"] == {"trick": 20, "honor": 200, "total": 220}
        assert doc["items"][-1] == {
            "side": "ns",
            "column": "honor",
            "points": 200,
            "reason": "2 revokes by East-West, 100 each",
            "law": "Law 77c (royalton)",
        }


def test_law_77c_whist_ruling_says_there_is_no_choice_royalton() -> None:
    """``whist ruling``: with two revokes by East both options score 220 and
    the effect says there is no choice (77c); with one they differ (77b)."""
    two = ruling(
        "royalton",
        "revoke",
        E,
        Facts(parse_contract("2H"), N, 8, revokes=(Revoke(E, 3), Revoke(E, 5))),
    )
    for o in two.options:
        assert o.effect.startswith("no choice (Law 77c (royalton): 2 revokes, 100 each)")
        assert o.score is not None and o.score.total(NS) == 220
    one = ruling("royalton", "revoke", E, Facts(parse_contract("2H"), N, 8))
    assert [o.score.total(NS) for o in one.options if o.score] == [120, 50]
    assert not any("no choice" in o.effect for o in one.options)
    args = "ruling --code royalton --offence revoke --by E --revoke E:3 --revoke E:5"
    args += " --contract 2H --declarer N --tricks 8"
    result = runner.invoke(app, args.split())
    assert result.exit_code == 0, result.stderr
    assert "no choice (Law 77c (royalton)" in " ".join(result.stdout.split())


# -- Law 34: who plays a nullo -----------------------------------------------------------


def test_law_34_nullo_declarant_made_the_final_declaration_royalton() -> None:
    """Law 34, docs/spec.md §2.2.3: North names nullo, South raises it; South
    made the final declaration and plays it (the exception for a partner's
    earlier bid speaks only of "the suit or no-trump"). At no-trump the same
    auction leaves the play with North, who named it first."""
    t = laws_table("royalton")
    bid(t, *NULLO_RAISED)
    assert t.declarer == S and t.phase == "bridging" and t.to_act == S
    t = laws_table("royalton")
    bid(t, "1NT", "pass", "2NT", "pass", "pass", "pass")
    assert t.declarer == N


@pytest.mark.parametrize(
    ("calls", "declarer"),
    [
        (("1NL", "pass", "1NLR", "pass", "pass", "pass"), S),  # South's royal of it
        (("1NL", "pass", "2NL", "pass", "3NL", "pass", "pass", "pass"), N),  # North's again
        (("1H", "pass", "1NL", "pass", "pass", "pass"), S),
        (("no bid", "1NL", "pass", "2NL", "pass", "pass", "pass"), W),  # East-West's nullo
    ],
)
def test_law_34_nullo_declarant_is_the_last_to_declare_it_royalton(
    calls: tuple[str, ...], declarer: Seat
) -> None:
    t = laws_table("royalton")
    bid(t, *calls)
    assert t.contract is not None and t.contract.denom.nullo
    assert t.declarer == declarer


def test_law_34_the_final_declarer_may_bridge_the_nullo_royalton() -> None:
    """Law 34: South, who made the final declaration, may bridge: North plays
    and the player on North's left (East) leads (law 49). North may not: the
    table waits for South."""
    t = laws_table("royalton")
    bid(t, *NULLO_RAISED)
    with pytest.raises(TableError, match="not North's turn"):
        t.act(Bridged(N))
    t.bridge()
    assert t.play is not None and t.play.declarer == N and t.play.turn == E


def test_law_34_the_final_declarer_keeps_the_nullo_by_calling_the_lead_royalton() -> None:
    """Law 34: or South calls the lead from the player on his left (West)."""
    t = laws_table("royalton")
    bid(t, *NULLO_RAISED)
    t.call_lead()
    assert t.play is not None and t.play.declarer == S and t.play.turn == W


def test_law_34_nullo_score_after_bridging_royalton() -> None:
    """Law 34 and 83: South's 2 nullo bridged to North is North-South's contract:
    played with the lowest lawful card East-West take 7 tricks, one short of the
    8 the nullo needs, 50 to East-West (law 36); replayed from the log."""
    t = played(NULLO_RAISED, bridge=True)
    assert t.tricks_won() == (6, 7)
    assert items(replayed(t)) == [("ew", 50, "1 undertrick", "Law 36 (royalton)")]


def test_law_34_and_77c_bridged_nullo_two_revokes_royalton() -> None:
    """Laws 34 and 77(c) together, in laws mode: South's nullo bridged to North;
    East revokes twice, so East-West take 8 tricks and the nullo is made, 2 odd
    = 20 to North-South, and 200 for the revokes; no three tricks move to the
    revokers, though at a single revoke the declarer could give them."""
    t = played(NULLO_RAISED, (E, E), bridge=True)
    assert t.phase == "done" and t.tricks_won() == (5, 8)
    assert items(replayed(t)) == [
        ("ns", 20, "2 odd tricks at nullo", "Law 83 (royalton)"),
        ("ns", 200, "2 revokes by East-West, 100 each", "Law 77c (royalton)"),
    ]
    one = played(NULLO_RAISED, (E,), bridge=True)
    assert one.pending is not None and one.pending.choosers == (N,)  # the player of the hands
