"""``whist bench solver`` and ``whist solver verify``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.cli import app
from auctionwhist.solver.verify import SOLVES_A_DEAL, Mismatch, random_deals, run_dds_proof

pytestmark = pytest.mark.slow  # the solver's benchmark and proof


def test_bench_solver_json_has_the_figures() -> None:
    r = CliRunner().invoke(app, ["bench", "solver", "--deals", "3", "--cards", "6", "--json"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    issue = {"dds_ms", "ours_ms", "nullo_ms", "ours_ratio", "nullo_ratio", "deals"}
    assert set(figures) == issue | {"nullo_limit_ms", "nullo_unfinished", "nullo_runs"}
    assert figures["nullo_limit_ms"] is None and figures["nullo_unfinished"] == 0
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


def test_dds_proof_log_resumes_and_extends(tmp_path: Path) -> None:
    """A proof of 1,000 whole deals takes hours: its log lets it stop and go on."""
    log = tmp_path / "proof.jsonl"
    first = run_dds_proof(3, cards=5, seed=4, log=log)
    assert (first.deals, first.resumed, first.mismatches) == (3, 0, [])
    assert first.solves == 3 * SOLVES_A_DEAL
    more = run_dds_proof(5, cards=5, seed=4, log=log)
    assert (more.deals, more.resumed) == (5, 3)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == [0, 1, 2, 3, 4]
    assert all(r["seed"] == 4 and r["cards"] == 5 and r["differ"] == [] for r in rows)


def test_dds_proof_skips_a_line_cut_short_and_other_runs(tmp_path: Path) -> None:
    log = tmp_path / "proof.jsonl"
    run_dds_proof(2, cards=5, seed=4, log=log)
    with log.open("a") as f:
        f.write(json.dumps({"seed": 9, "cards": 5, "deal": 2, "differ": [], "seconds": 1}) + "\n")
        f.write('{"seed": 4, "cards": 5, "deal": 2, "sol')  # the crash
    proof = run_dds_proof(3, cards=5, seed=4, log=log)
    assert (proof.deals, proof.resumed) == (3, 2)
    # the deal after the crash was written on a line of its own
    assert run_dds_proof(3, cards=5, seed=4, log=log).resumed == 3


def test_dds_proof_counts_a_mismatch_in_its_log(tmp_path: Path) -> None:
    """The summary covers every logged deal: a difference found in an earlier
    piece of the run still fails the proof."""
    log = tmp_path / "proof.jsonl"
    hands = random_deals(1, 5, seed=4)[0]
    row = {"seed": 4, "cards": 5, "deal": 0, "differ": [[list(hands), "NT", 1, 3, 2]], "seconds": 1}
    log.write_text(json.dumps(row) + "\n")
    proof = run_dds_proof(2, cards=5, seed=4, log=log)
    assert proof.mismatches == [Mismatch(hands, "NT", 1, 3, 2)]
    args = ["solver", "verify", "--deals", "2", "--cards", "5", "--seed", "4", "--endings", "0"]
    r = CliRunner().invoke(app, [*args, "--log", str(log)])
    assert r.exit_code == 1
    assert "2 read from" in r.output and "1 differ" in r.output


def test_dds_proof_in_two_processes_checks_the_same_deals(tmp_path: Path) -> None:
    log = tmp_path / "proof.jsonl"
    proof = run_dds_proof(4, cards=4, seed=6, log=log, jobs=2)
    assert (proof.deals, proof.mismatches) == (4, [])
    assert sorted(json.loads(x)["deal"] for x in log.read_text().splitlines()) == [0, 1, 2, 3]
    again = run_dds_proof(4, cards=4, seed=6, jobs=1)
    assert again.deals == 4 and again.mismatches == []


def test_solver_verify_rejects_no_processes() -> None:
    r = CliRunner().invoke(app, ["solver", "verify", "--jobs", "0"])
    assert r.exit_code == 2
    assert "--jobs 0" in r.output


def test_bench_solver_nullo_limit_gives_a_lower_bound() -> None:
    """Whole-deal nullo can take many minutes: with --nullo-limit a solve gives
    up, counts as taking the limit, and the median is then only a bound."""
    args = ["bench", "solver", "--deals", "2", "--cards", "13", "--json"]
    r = CliRunner().invoke(app, [*args, "--nullo-limit", "0.001"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert figures["nullo_unfinished"] == 2
    assert figures["nullo_ms"] == figures["nullo_limit_ms"] == 1.0
    text = CliRunner().invoke(app, [*args[:-1], "--nullo-limit", "0.001"])
    assert "> " not in text.output.split("nullo")[0]
    assert ">" in text.output and "2 of 2 nullo solves gave up" in text.output


def test_bench_solver_times_nullo_on_each_number_of_threads() -> None:
    """The same deals on one thread and on two: the median, the tail and the
    slowest deal of each; the main figure is the last's."""
    args = ["bench", "solver", "--deals", "4", "--cards", "7", "--json"]
    r = CliRunner().invoke(app, [*args, "--threads", "1", "--threads", "2"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    one, two = figures["nullo_runs"]
    assert (one["threads"], two["threads"]) == (1, 2)
    for run in (one, two):
        assert 0 < run["median_ms"] <= run["p95_ms"] == run["slowest_ms"]
        assert 0 <= run["slowest_deal"] < 4 and run["unfinished"] == 0
    assert figures["nullo_ms"] == two["median_ms"]
    text = CliRunner().invoke(app, ["bench", "solver", "--deals", "2", "--cards", "6"])
    assert "95th percentile" in text.output and "slowest: deal" in text.output


def test_bench_solver_rejects_negative_threads() -> None:
    r = CliRunner().invoke(app, ["bench", "solver", "--threads", "-1"])
    assert r.exit_code == 2
    assert "--threads -1" in r.output


def test_solver_verify_on_threads_passes() -> None:
    args = ["solver", "verify", "--deals", "2", "--cards", "6", "--endings", "40"]
    r = CliRunner().invoke(app, [*args, "--max-cards", "4", "--threads", "2"])
    assert r.exit_code == 0, r.output
    assert r.output.count("0 differ") == 2


def test_bench_solver_rejects_a_limit_of_nothing() -> None:
    r = CliRunner().invoke(app, ["bench", "solver", "--nullo-limit", "0"])
    assert r.exit_code == 2
    assert "--nullo-limit 0" in r.output


def test_bench_solver_log_keeps_each_deal_as_it_ends(tmp_path: Path) -> None:
    """A long bench (minutes a nullo deal) writes each deal as it ends, after
    its settings, so that a run stopped at deal 88 keeps 88 deals; runs append."""
    log = tmp_path / "solver.jsonl"
    args = ["bench", "solver", "--deals", "3", "--cards", "6", "--threads", "1", "--json"]
    for _ in range(2):
        r = CliRunner().invoke(app, [*args, "--log", str(log)])
        assert r.exit_code == 0, r.output
    figures = json.loads(r.output)  # standard output stays the JSON alone
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [("run" in x) for x in lines] == [True, False, False, False] * 2
    assert lines[0]["run"]["threads"] == [1] and lines[0]["run"]["deals"] == 3
    last = lines[5:]
    assert [x["deal"] for x in last] == [0, 1, 2]
    assert all(x["threads"] == [1] and len(x["nullo_ms"]) == 1 for x in last)
    # the run's medians are the medians of the deals it logged
    assert figures["dds_ms"] == pytest.approx(sorted(x["dds_ms"] for x in last)[1], abs=0.01)
    assert figures["nullo_ms"] == pytest.approx(sorted(x["nullo_ms"][0] for x in last)[1], abs=0.01)


def test_bench_solver_log_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    where = tmp_path / "no such folder" / "solver.jsonl"
    r = CliRunner().invoke(app, ["bench", "solver", "--deals", "1", "--log", str(where)])
    assert r.exit_code == 2
    assert "--log" in r.output and "cannot write it" in r.output
