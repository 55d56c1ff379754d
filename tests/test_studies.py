"""Studies over many deals: reproducible from a seed, the same on one process,
several, or a Dask cluster; reports with the author's figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis.runner import RunnerError, chunks, run, study_deal
from auctionwhist.analysis.studies import (
    all_studies,
    find_study,
    par_weights,
    run_studies,
)
from auctionwhist.analysis.studies.hawley import most_odd_tricks
from auctionwhist.cli import app

SMALL = 3  # deals: enough to exercise everything, quick on two cores
CODES = ("daw", "auction", "royals", "royalton")
STRAINS = ("C", "D", "H", "S", "NT", "NL")


@pytest.fixture(scope="module")
def records() -> list:  # type: ignore[type-arg]
    return run(SMALL, 5, CODES, STRAINS, workers=1)


def test_study_deals_are_a_function_of_seed_and_index() -> None:
    assert study_deal(5, 3) == study_deal(5, 3)
    assert study_deal(5, 3) != study_deal(6, 3)
    assert [study_deal(1, i).dealer.char for i in range(5)] == list("NESWN")


def test_chunks_cover_every_deal_once() -> None:
    assert chunks(60, 25) == [(0, 25), (25, 50), (50, 60)]
    with pytest.raises(RunnerError):
        run(0, 1, CODES, STRAINS)


def test_runs_are_the_same_on_one_process_or_two(records: list) -> None:  # type: ignore[type-arg]
    two = run(SMALL, 5, CODES, STRAINS, workers=2, chunk=1)
    assert [r.index for r in records] == list(range(SMALL))
    assert two == records


def test_dask_local_cluster_gives_the_same_records(records: list) -> None:  # type: ignore[type-arg]
    import distributed  # the extra ``study`` (also in ``test``)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        got = run(SMALL, 5, CODES, STRAINS, scheduler=client, chunk=2)
        by_address = run(1, 5, CODES, STRAINS, scheduler=cluster.scheduler_address)
    assert got == records
    assert by_address == records[:1]


def test_par_weights_count_each_deal_once(records: list) -> None:  # type: ignore[type-arg]
    for r in records:
        for p in r.pars.values():
            w = par_weights(p)
            assert (sum(x for _, x in w) == pytest.approx(1.0)) or (not w and p["passed_out"])


def test_hawley_summary_is_consistent(records: list) -> None:  # type: ignore[type-arg]
    s = find_study("hawley").summarise(records)
    assert s["deals"] == SMALL
    for code in ("royalton", "auction", "royals"):
        c = s["codes"][code]
        total = c["par_over"] + c["par_failed"] + c["par_exact"] + c["passed_out"]
        assert total == pytest.approx(1.0)
        assert 0 <= c["nt_share"] <= c["nt_among_par"] <= 1
    assert s["codes"]["auction"]["nullo_share"] == 0
    # Nullo can only add declarations: the most odd tricks never fall with it.
    assert s["with_nullo"]["mean_most_odd_tricks"] >= s["suits_and_nt"]["mean_most_odd_tricks"]
    for r in records:
        assert most_odd_tricks(r.table, True) >= most_odd_tricks(r.table, False) >= 0


def test_par_frequency_shares_add_up(records: list) -> None:  # type: ignore[type-arg]
    s = find_study("par-frequency").summarise(records)
    for code in CODES:
        c = s["codes"][code]
        assert sum(c["denominations"].values()) + c["passed_out"] == pytest.approx(1.0)
        assert c["north_south"] + c["east_west"] + c["passed_out"] == pytest.approx(1.0)
    assert "NL" in s["codes"]["royalton"]["denominations"]
    assert "RS" in s["codes"]["royals"]["denominations"]


def test_report_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    """The same seed gives the same figures; the report puts them next to
    Hawley's (seed 004: "once in 72 hands")."""
    studies = all_studies()
    a, sa, _ = run_studies(studies, 2, 9, tmp_path / "a", workers=1)
    b, sb, _ = run_studies(studies, 2, 9, tmp_path / "b", workers=2)
    assert sa == sb
    text = a.read_text()
    assert "once in 72 hands (1.4%)" in text
    assert "more than 3" in text
    assert "## How often each declaration is the par contract" in text
    for png in ("hawley_no_trump.png", "hawley_odd_tricks.png", "par_frequency.png"):
        assert (tmp_path / "a" / png).read_bytes()[:4] == b"\x89PNG"
    saved = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert saved["summary"]["hawley"]["deals"] == 2


def test_cli_study_writes_the_report(tmp_path: Path) -> None:
    r = CliRunner().invoke(
        app,
        ["study", "hawley", "--deals", "1", "--seed", "3", "--workers", "1", "--out",
         str(tmp_path)],
    )
    assert r.exit_code == 0, r.output
    assert (tmp_path / "report.md").exists()
    assert "1 deal in" in r.stdout


def test_cli_study_unknown_name() -> None:
    r = CliRunner().invoke(app, ["study", "nonesuch", "--deals", "2"])
    assert r.exit_code == 2
    assert "hawley" in r.output
