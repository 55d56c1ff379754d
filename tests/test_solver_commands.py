"""``whist bench solver`` and ``whist solver verify``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auctionwhist.cli import app


def test_bench_solver_json_has_the_figures() -> None:
    r = CliRunner().invoke(app, ["bench", "solver", "--deals", "3", "--cards", "6", "--json"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert set(figures) == {"dds_ms", "ours_ms", "nullo_ms", "ours_ratio", "nullo_ratio", "deals"}
    assert figures["deals"] == 3
    assert abs(figures["ours_ratio"] - figures["ours_ms"] / figures["dds_ms"]) < 0.01


def test_solver_verify_small_sample_passes() -> None:
    args = ["solver", "verify", "--deals", "3", "--cards", "5", "--endings", "30"]
    r = CliRunner().invoke(app, [*args, "--max-cards", "3"])
    assert r.exit_code == 0, r.output
    assert "0 differ" in r.output


def test_solver_verify_rejects_bad_card_count() -> None:
    r = CliRunner().invoke(app, ["solver", "verify", "--cards", "14"])
    assert r.exit_code == 2
    assert "--cards 14" in r.output


def test_bench_solver_without_nullo_reports_null() -> None:
    args = ["bench", "solver", "--deals", "2", "--cards", "6", "--json", "--no-nullo"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert figures["nullo_ms"] is None and figures["nullo_ratio"] is None
    assert figures["dds_ms"] > 0 and figures["ours_ms"] > 0


def test_bench_solver_prints_the_ratios() -> None:
    r = CliRunner().invoke(app, ["bench", "solver", "--deals", "2", "--cards", "6"])
    assert r.exit_code == 0, r.output
    assert "x DDS" in r.output and "nullo" in r.output
