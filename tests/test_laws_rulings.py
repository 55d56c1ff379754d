"""Offences as data, rulings and ``whist ruling``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.calls import Bid, parse_contract
from auctionwhist.cards import Seat
from auctionwhist.cli import app
from auctionwhist.codes import find_code
from auctionwhist.formats import jsonlog
from auctionwhist.laws import UnknownOffenceError, offence, offences_for
from auctionwhist.rulings import Facts, apply_ruling, ruling, ruling_for
from auctionwhist.scoring import Revoke
from auctionwhist.table import Table
from laws_helpers import bid, laws_table

N, E, S, W = Seat
runner = CliRunner()


def test_every_offence_cites_a_law_of_its_code(code_key: str) -> None:
    """Each offence and option names a law the code's ``laws`` data holds."""
    code = find_code(code_key)
    table = offences_for(code)
    assert table
    for o in table.values():
        assert o.topic in code.laws, (code_key, o.key, o.topic)
        assert all(t in code.laws for t in o.see), (code_key, o.key)
        assert all((opt.topic or o.topic) in code.laws for opt in o.options)
        assert o.options and o.quote


def test_unknown_offence_names_the_offences() -> None:
    with pytest.raises(UnknownOffenceError, match="call_out_of_turn"):
        offence("daw", "nonsense")


def test_law_101_ruling_lists_both_choices_with_scores_daw() -> None:
    """Law 101B (daw): the ruling on East's revoke at four hearts by South, nine
    tricks: 150 points (down one: 50 to East-West) or three tricks (twelve: 6 x
    8 = 48, game 100)."""
    r = ruling("daw", "revoke", E, Facts(parse_contract("4H"), S, 9))
    assert r.law == "Law 101 (daw)" and "South" in r.who
    by_key = {o.key: o for o in r.options}
    pts, trk = by_key["revoke_points"].score, by_key["revoke_tricks"].score
    assert pts is not None and trk is not None
    assert (pts.total(0), pts.total(1)) == (150, 50)
    assert (trk.trick(0), trk.honor(0), trk.total(1)) == (48, 100, 0)
    assert all(o.law == "Law 101B (daw)" for o in r.options)


def test_law_45_ruling_redouble_twice_royalton() -> None:
    """Law 45 (royalton): 100 points or a new deal, either adversary."""
    r = ruling("royalton", "redouble_twice", E)
    assert [o.key for o in r.options] == ["points", "new_deal"]
    assert "North or South" in r.who or "South or North" in r.who


def test_law_x_4_ruling_whist_average() -> None:
    """Law X §4 (whist): East-West, 6 tricks, revoke in trick 6 with 3-2 before,
    N-S average 6.5: two tricks move (E-W keep 4, within the average)."""
    facts = Facts(tricks=7, revokes=(Revoke(E, 6),), average=6.5, tricks_before_revoke=(3, 2))
    r = ruling("whist", "revoke", E, facts)
    (opt,) = r.options
    assert opt.score is not None and (opt.score.trick(0), opt.score.trick(1)) == (9, 4)


def test_ruling_for_a_table_and_apply_daw() -> None:
    """Law 58 (daw): the pending insufficient bid, ruled on from the table."""
    t = laws_table("daw")
    bid(t, "1H")
    t.call(Bid(1, "S"))
    r = ruling_for(t)
    assert r.offence.key == "insufficient_bid" and r.law == "Law 58 (daw)"
    rec = apply_ruling(t, "correct")
    assert rec.seat in (N, S) and t.auction is not None and t.auction.bid == Bid(4, "S")


def test_cli_ruling_physical_table_daw() -> None:
    res = runner.invoke(
        app,
        [
            "ruling",
            "--code",
            "daw",
            "--offence",
            "revoke",
            "--by",
            "E",
            "--contract",
            "4H",
            "--declarer",
            "S",
            "--tricks",
            "9",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["law"] == "Law 101 (daw)"
    assert [o["option"] for o in out["options"]] == ["revoke_points", "revoke_tricks"]
    assert out["options"][0]["score"]["ns"]["honor"] == 150


def test_cli_ruling_list_and_errors() -> None:
    res = runner.invoke(app, ["ruling", "--code", "royalton", "--list"])
    assert res.exit_code == 0 and "infraction" in res.output and "Law 99" in res.output
    bad = runner.invoke(app, ["ruling", "--code", "daw", "--offence", "nope"])
    assert bad.exit_code == 2 and "no offence 'nope'" in bad.output


def test_cli_ruling_from_log_and_apply(tmp_path: Path) -> None:
    """A director rules from a deal's JSON log and writes the new log."""
    t = laws_table("auction")
    bid(t, "1H")
    t.call(Bid(2, "C"), seat=S)  # out of turn: Whist Club law 51
    path = tmp_path / "deal.json"
    path.write_text(jsonlog.dumps(t.events))
    shown = runner.invoke(app, ["ruling", "--log", str(path)])
    assert shown.exit_code == 0 and "Law 51 (auction)" in shown.output
    done = runner.invoke(
        app,
        ["ruling", "--log", str(path), "--apply", "new_deal", "--seat", "W", "--out", str(path)],
    )
    assert done.exit_code == 0, done.output
    again = Table.from_events(jsonlog.loads(path.read_text()))
    assert again.score().void
