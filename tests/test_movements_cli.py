"""`whist movement`: print, --check, --json, --list, one-line errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auctionwhist.cli import app
from auctionwhist.duplicate.movements import MOVEMENTS

runner = CliRunner()


def test_movement_list_names_all_with_reference() -> None:
    r = runner.invoke(app, ["movement", "--list", "--json"])
    assert r.exit_code == 0
    rows = json.loads(r.stdout)
    assert [x["name"] for x in rows] == list(MOVEMENTS)
    assert all(x["reference"].startswith("seed 00") for x in rows)
    r = runner.invoke(app, ["movement", "--list"])
    assert r.exit_code == 0 and "married-couples" in r.stdout


def test_movement_prints_goodfellow_positions() -> None:
    r = runner.invoke(app, ["movement", "two-teams-of-four", "--check"])
    assert r.exit_code == 0, r.output
    assert "1-4; over 5-8" in r.stdout and "5-8; over 1-4" in r.stdout
    assert "ok  law 1" in r.stdout


def test_movement_json_with_check() -> None:
    r = runner.invoke(app, ["movement", "howell-teams", "--tables", "7", "--check", "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["tables"] == 7 and data["check"]["ok"]
    assert len(data["rounds"]) == 6


def test_movement_bad_input_is_one_line() -> None:
    for args in (
        ["movement", "nope"],
        ["movement", "howell-teams", "--tables", "4"],
        ["movement", "howell-pairs", "--pairs", "40"],
        ["movement"],
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 2, args
        assert len(r.output.strip().splitlines()) == 1, r.output
