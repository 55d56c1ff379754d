"""One deal double dummy (analysis.analyse) and the ``whist analyse`` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis.analyse import analyse, strains_of
from auctionwhist.cards import Seat, Suit
from auctionwhist.cli import app
from auctionwhist.dealing import deal
from auctionwhist.scoring import DealResult, score_deal
from deals_helpers import TOPS, TOPS_PBN

runner = CliRunner()


def test_strains_of_each_code() -> None:
    """Royal Spades are played as spades; only Royalton has nullo (law 30)."""
    assert strains_of("daw") == ("C", "D", "H", "S", "NT")
    assert strains_of("royals") == ("C", "D", "H", "S", "NT")
    assert strains_of("royalton") == ("C", "D", "H", "S", "NT", "NL")
    assert strains_of("whist") == ("C", "D", "H", "S")


@pytest.mark.slow  # a whole-deal nullo solve
def test_table_of_the_top_cards_deal_royalton() -> None:
    """The solver's table agrees with the hand-checked one of tests/test_par.py:
    North-South take every trick at no-trump and must take every one at nullo;
    par is East-West's seven nullo (law 83, 86)."""
    a = analyse("royalton", TOPS)
    assert a.table["NT"] == (13, 0, 13, 0)
    assert a.table["S"] == (13, 0, 13, 0)
    assert a.table["D"] == (13, 0, 13, 0)
    assert a.table["NL"] == (13, 0, 13, 0)
    assert a.par is not None
    assert a.par.score == -420
    assert {(str(pc.contract), pc.declarer) for pc in a.par.contracts} == {
        ("7NL", Seat.EAST),
        ("7NL", Seat.WEST),
    }


@pytest.mark.slow  # a whole deal solved in every strain
def test_random_deal_table_and_par_daw() -> None:
    """Every figure is 0-13, and every par contract scores par."""
    d = deal("daw", seed=11)
    a = analyse("daw", d)
    for strain, row in a.table.items():
        assert all(0 <= t <= 13 for t in row), strain
    assert a.par is not None
    assert a.par.contracts
    assert all(pc.score == a.par.score for pc in a.par.contracts)


def test_whist_code_uses_the_turned_trump() -> None:
    """AWL III §1, docs/spec.md §2.2.9 (whist): the turned card names the trump, the
    dealer's left leads, each side scores every trick it takes."""
    d = deal("whist", seed=3)
    assert d.turned is not None
    a = analyse("whist", d)
    assert a.par is None and a.whist is not None
    trump = Suit(d.turned // 13)
    assert a.whist.trump == trump
    assert a.whist.leader == d.dealer.left
    by_dealer = a.table["CDHS"[trump]][d.dealer]
    ns = by_dealer if d.dealer.side == 0 else 13 - by_dealer
    assert a.whist.tricks_ns == ns
    s = score_deal(DealResult(a.code, None, None, ns, trump=trump))
    assert a.whist.score == (s.total(0), s.total(1)) == (ns, 13 - ns)


@pytest.mark.slow  # a whole deal solved in every strain
def test_cli_analyse_json_shape() -> None:
    r = runner.invoke(app, ["analyse", "--deal", TOPS_PBN, "--code", "royalton", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert set(out) == {"code", "deal", "dealer", "exact", "table", "par", "whist", "par_range"}
    assert out["code"] == "royalton" and out["dealer"] == "N" and out["whist"] is None
    assert list(out["table"]) == ["C", "D", "H", "S", "NT", "NL"]
    assert out["table"]["NL"] == {"N": 13, "E": 0, "S": 13, "W": 0}
    assert out["par"]["score"] == {"ns": -420, "ew": 420}
    assert {c["contract"] for c in out["par"]["contracts"]} == {"7NL"}
    assert set(out["par"]["contracts"][0]) == {
        "contract",
        "level",
        "denomination",
        "royal",
        "doubled",
        "declarer",
        "tricks",
        "odd_tricks",
        "made",
        "score",
    }


def test_cli_analyse_readable_table_daw() -> None:
    r = runner.invoke(app, ["analyse", "--deal", TOPS_PBN, "--code", "daw"])
    assert r.exit_code == 0, r.output
    assert "Double-dummy tricks" in r.stdout
    assert "Par (daw): N-S +264" in r.stdout
    assert "1NT" in r.stdout and "Nul." not in r.stdout


@pytest.mark.slow  # child processes
def test_cli_analyse_seed_is_the_deal_of_whist_deal() -> None:
    shown = runner.invoke(app, ["deal", "--seed", "7", "--code", "auction", "--pbn"])
    r = runner.invoke(app, ["analyse", "--seed", "7", "--code", "auction", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["deal"] == shown.stdout.strip()


@pytest.mark.slow  # a whole deal solved in every strain
def test_cli_analyse_whist_json() -> None:
    r = runner.invoke(app, ["analyse", "--seed", "3", "--code", "whist", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["par"] is None
    assert set(out["whist"]) == {"trump", "leader", "tricks", "score"}


def test_cli_analyse_bad_input() -> None:
    both = runner.invoke(app, ["analyse", "--deal", TOPS_PBN, "--seed", "1"])
    assert both.exit_code == 2 and "--deal PBN or --seed N" in both.output
    trump = runner.invoke(app, ["analyse", "--seed", "1", "--trump", "H"])
    assert trump.exit_code == 2 and "only Duplicate Whist" in trump.output
    no_turn = runner.invoke(app, ["analyse", "--deal", TOPS_PBN, "--code", "whist"])
    assert no_turn.exit_code == 2 and "turns" in no_turn.output


def _stderr_on_a_terminal(args: list[str]) -> tuple[str, bytes]:
    """Run ``whist`` with standard error on a pseudo-terminal: (stdout, what
    the terminal received)."""
    main, term = os.openpty()
    env = dict(os.environ, TERM="xterm", COLUMNS="120")
    try:
        run = subprocess.run(
            [sys.executable, "-c", "from auctionwhist.cli import main; main()", *args],
            stdout=subprocess.PIPE,
            stderr=term,
            env=env,
            check=True,
            timeout=120,
        )
    finally:
        os.close(term)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other end is closed
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    return run.stdout.decode(), seen


@pytest.mark.slow  # a child process on a pseudo-terminal
def test_cli_analyse_shows_a_spinner_on_a_terminal_only() -> None:
    """A whole-deal nullo can take minutes: on a terminal, standard error
    shows what is being solved and for how long; piped JSON stays clean."""
    out, seen = _stderr_on_a_terminal(
        ["analyse", "--deal", TOPS_PBN, "--code", "royalton", "--json"]
    )
    assert json.loads(out)["table"]["NL"] == {"N": 13, "E": 0, "S": 13, "W": 0}
    assert (
        b"solving every strain double dummy, nullo too (bounds at once, exact when solved)" in seen
    )
    assert b"0:00:0" in seen  # the time taken
    _, seen = _stderr_on_a_terminal(["analyse", "--deal", TOPS_PBN, "--code", "daw"])
    assert b"solving every strain double dummy" in seen and b"nullo" not in seen
    piped = runner.invoke(app, ["analyse", "--deal", TOPS_PBN, "--code", "royalton", "--json"])
    assert piped.exit_code == 0 and piped.stderr == ""
