"""Studies over many deals: reproducible from a seed, the same on one process,
several, or a Dask cluster; reports with the author's figures."""

from __future__ import annotations

import json
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis import runner
from auctionwhist.analysis.analyse import dd_table
from auctionwhist.analysis.runner import (
    DealRecord,
    RunnerError,
    chunk_size,
    chunks,
    logged_tables,
    run,
    study_deal,
)
from auctionwhist.analysis.studies import (
    StudyCodesError,
    find_study,
    on_codes,
    par_weights,
    run_studies,
)
from auctionwhist.analysis.studies.hawley import most_odd_tricks
from auctionwhist.cards import Deal
from auctionwhist.cli import app
from auctionwhist.solver.par import par
from deals_helpers import TOPS

pytestmark = pytest.mark.slow  # studies over many deals, in processes and on Dask

SMALL = 3  # deals: enough to exercise everything, quick on two cores
# Runs in the suite leave Royalton's nullo out: a random deal's nullo solve
# takes seconds; the Hawley study is checked on deals solved quickly below.
CODES = ("daw", "auction", "royals")
STRAINS = ("C", "D", "H", "S", "NT")
# The same with East-West holding the top cards.
SWAP = Deal.from_pbn("E:AKQJT98.AKQJT9.. 765432.8765432.. ..AKQJT98.AKQJT9 ..765432.8765432")


def record(i: int, deal: Deal, codes: tuple[str, ...]) -> DealRecord:
    table = dd_table(deal, ("C", "D", "H", "S", "NT", "NL"))
    return DealRecord(i, deal.to_pbn(), table, {c: par(c, deal, table).to_json() for c in codes})


@pytest.fixture(scope="module")
def records() -> list:  # type: ignore[type-arg]
    return run(SMALL, 5, CODES, STRAINS, workers=1)


def test_study_deals_are_a_function_of_seed_and_index() -> None:
    assert study_deal(5, 3) == study_deal(5, 3)
    assert study_deal(5, 3) != study_deal(6, 3)
    assert [study_deal(1, i).dealer.char for i in range(5)] == list("NESWN")


def test_chunks_cover_every_deal_once() -> None:
    assert chunks(60, 25) == [(0, 25), (25, 50), (50, 60)]
    # the deals a log already holds are left out, the rest kept in runs
    assert chunks(10, 4, skip={2, 3, 7}) == [(0, 2), (4, 7), (8, 10)]
    assert chunks(3, 25, skip={0, 1, 2}) == []
    assert chunk_size(STRAINS) == 25 and chunk_size((*STRAINS, "NL")) == 1
    with pytest.raises(RunnerError):
        run(0, 1, CODES, STRAINS)


def test_a_logged_run_goes_on_where_it_stopped(
    tmp_path: Path,
    records: list,  # type: ignore[type-arg]
) -> None:
    """Each deal's table is logged as it is solved; a rerun reads the logged
    deals back (not solving them again), a crash's torn line is passed over,
    and the records are those of a run in one go."""
    log = tmp_path / "records.jsonl"
    first = run(2, 5, CODES, STRAINS, workers=1, log=log)
    assert first == records[:2] and not any(r.logged for r in first)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["seed"], r["deal"]) for r in rows] == [(5, 0), (5, 1)]
    assert rows[1]["table"] == {k: list(v) for k, v in records[1].table.items()}
    with log.open("a") as f:
        f.write('{"seed": 5, "deal": 2, "tab')  # a crash mid-line
    again = run(SMALL, 5, CODES, STRAINS, workers=1, log=log)
    assert again == records
    assert [r.logged for r in again] == [True, True, False]
    assert again[0].seconds == pytest.approx(rows[0]["seconds"])
    # the torn line stays on its own; deal 2 was solved and logged after it
    lines = log.read_text().splitlines()
    assert lines[2].endswith('"tab') and json.loads(lines[3])["deal"] == 2
    assert set(logged_tables(log, 5, STRAINS)) == {0, 1, 2}


def test_logged_tables_are_read_back_not_solved(tmp_path: Path) -> None:
    """What the log says is what the run uses (so a logged deal costs no
    solving); rows of another seed, or without a strain asked, are not used."""
    log = tmp_path / "records.jsonl"
    fake = {s: [7, 6, 7, 6] for s in STRAINS}
    log.write_text(
        json.dumps({"seed": 5, "deal": 0, "table": fake, "seconds": 1.5})
        + "\n"
        + json.dumps({"seed": 6, "deal": 1, "table": fake})
        + "\n"
        + json.dumps({"seed": 5, "deal": 1, "table": {"NT": [7, 6, 7, 6]}})
        + "\n"
    )
    assert set(logged_tables(log, 5, STRAINS)) == {0}
    assert set(logged_tables(log, 5, ("NT",))) == {0, 1}
    got = run(2, 5, CODES, STRAINS, workers=1, log=log)
    assert got[0].logged and got[0].table == {s: (7, 6, 7, 6) for s in STRAINS}
    assert got[0].seconds == 1.5
    assert not got[1].logged and got[1].table != got[0].table


def test_runs_are_the_same_on_one_process_or_two(records: list) -> None:  # type: ignore[type-arg]
    two = run(SMALL, 5, CODES, STRAINS, workers=2, chunk=1)
    assert [r.index for r in records] == list(range(SMALL))
    assert two == records


def test_dask_local_cluster_gives_the_same_records(
    records: list,  # type: ignore[type-arg]
    tmp_path: Path,
) -> None:
    import distributed  # the extra ``study`` (also in ``test``)

    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        log = tmp_path / "records.jsonl"
        got = run(SMALL, 5, CODES, STRAINS, scheduler=client, chunk=2, log=log)
        by_address = run(1, 5, CODES, STRAINS, scheduler=cluster.scheduler_address)
    assert got == records
    assert by_address == records[:1]
    # the cluster's deals are logged as they come back, whatever their order
    assert set(logged_tables(log, 5, STRAINS)) == set(range(SMALL))


def test_par_weights_count_each_deal_once(records: list) -> None:  # type: ignore[type-arg]
    for r in records:
        for p in r.pars.values():
            w = par_weights(p)
            assert (sum(x for _, x in w) == pytest.approx(1.0)) or (not w and p["passed_out"])


def test_hawley_summary_on_solved_deals() -> None:
    """Seed 004's claims measured on two deals: the top cards deal (Royalton
    par: East-West's seven nullo; the old count: no-trump, 13 tricks) and a
    deal turned round."""
    recs = [
        record(0, TOPS, ("royalton", "auction", "royals")),
        record(1, SWAP, ("royalton", "auction", "royals")),
    ]
    s = find_study("hawley").summarise(recs)
    assert s["deals"] == 2
    roy, old = s["codes"]["royalton"], s["codes"]["auction"]
    assert roy["nullo_share"] >= 0.5  # the top cards deal
    assert old["nt_share"] >= 0.5 and old["nullo_share"] == 0
    for c in s["codes"].values():
        total = c["par_over"] + c["par_failed"] + c["par_exact"] + c["passed_out"]
        assert total == pytest.approx(1.0)
        assert 0 <= c["nt_share"] <= c["nt_among_par"] <= 1
    # Seven odd at nullo or at no-trump on the top cards deal.
    assert most_odd_tricks(recs[0].table, True) == most_odd_tricks(recs[0].table, False) == 7
    for r in recs:
        assert most_odd_tricks(r.table, True) >= most_odd_tricks(r.table, False) >= 0
    assert s["with_nullo"]["four_or_more"] == 1.0


def test_par_frequency_shares_add_up(records: list) -> None:  # type: ignore[type-arg]
    s = find_study("par-frequency").summarise(records)
    for code in CODES:
        c = s["codes"][code]
        assert sum(c["denominations"].values()) + c["passed_out"] == pytest.approx(1.0)
        assert c["north_south"] + c["east_west"] + c["passed_out"] == pytest.approx(1.0)
    assert "RS" in s["codes"]["royals"]["denominations"]
    assert "royalton" not in s["codes"]  # not in these records


def test_report_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    """The same seed gives the same figures, on one process or two."""
    study = on_codes(find_study("par-frequency"), CODES)
    a, sa, _ = run_studies([study], 2, 9, tmp_path / "a", workers=1)
    _, sb, _ = run_studies([study], 2, 9, tmp_path / "b", workers=2)
    assert sa == sb
    assert "## How often each declaration is the par contract" in a.read_text()
    assert (tmp_path / "a" / "par_frequency.png").read_bytes()[:4] == b"\x89PNG"
    saved = json.loads((tmp_path / "a" / "summary.json").read_text())
    assert saved["summary"]["par-frequency"]["deals"] == 2


def test_hawley_report_shows_the_authors_figures(tmp_path: Path) -> None:
    """Seed 004: "once in 72 hands", "more than 3", 15/11/46 of 72."""
    recs = [record(0, TOPS, ("royalton", "auction", "royals"))]
    hawley = find_study("hawley")
    text = hawley.report(hawley.summarise(recs), tmp_path)
    assert "once in 72 hands (1.4%)" in text
    assert "more than 3" in text
    assert "15 of 72 (20.8%)" in text
    for png in ("hawley_no_trump.png", "hawley_odd_tricks.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"


def test_cli_study_unknown_name() -> None:
    r = CliRunner().invoke(app, ["study", "nonesuch", "--deals", "2"])
    assert r.exit_code == 2
    assert "hawley" in r.output


def test_on_codes_solves_only_the_strains_those_codes_declare() -> None:
    """Without Royalton no nullo is solved (Royalton law 34's nullo is its own)."""
    study = on_codes(find_study("par-frequency"), ["royals", "daw", "auction"])
    assert study.codes == ("daw", "auction", "royals")
    assert study.strains == ("C", "D", "H", "S", "NT")
    with_royalton = on_codes(find_study("par-frequency"), ["royalton"])
    assert with_royalton.strains == ("C", "D", "H", "S", "NT", "NL")


def test_on_codes_refuses_to_cut_hawleys_comparison() -> None:
    with pytest.raises(StudyCodesError, match="needs all of them"):
        on_codes(find_study("hawley"), ["royalton", "auction"])
    with pytest.raises(StudyCodesError, match="none of them"):
        on_codes(find_study("hawley"), ["daw"])


def test_cli_study_resumes_from_its_log(tmp_path: Path) -> None:
    """The same command with more deals solves only the new ones; --fresh
    starts again."""
    args = ["study", "par-frequency", "--codes", "daw", "--workers", "1", "--out", str(tmp_path)]
    r = CliRunner().invoke(app, [*args, "--deals", "1"])
    assert r.exit_code == 0, r.output
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == 1
    r = CliRunner().invoke(app, [*args, "--deals", "2"])
    assert r.exit_code == 0, r.output
    report = (tmp_path / "report.md").read_text()
    assert "1 deal read back from its log" in report
    assert "- **where**: 1 local process\n" in report
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == 2
    r = CliRunner().invoke(app, [*args, "--deals", "1", "--fresh"])
    assert r.exit_code == 0, r.output
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == 1
    assert "read back" not in (tmp_path / "report.md").read_text()


def test_cli_study_codes(tmp_path: Path) -> None:
    args = ["study", "par-frequency", "--deals", "2", "--workers", "1"]
    r = CliRunner().invoke(app, [*args, "--codes", "daw,auction", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    saved = json.loads((tmp_path / "summary.json").read_text())
    assert set(saved["summary"]["par-frequency"]["codes"]) == {"daw", "auction"}
    bad = CliRunner().invoke(app, [*args, "--codes", "daw,bridge"])
    assert bad.exit_code == 2 and "unknown code 'bridge'" in bad.output


def test_ctrl_c_drops_the_deals_not_yet_begun(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during a local run: the tasks still queued are cancelled, not
    solved (minutes to hours at nullo) only to be thrown away."""
    made: list[Future[Any]] = []

    class Recording(ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Future[Any]:
            f = super().submit(*args, **kwargs)
            made.append(f)
            return f

    def interrupt(_: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "ProcessPoolExecutor", Recording)
    with pytest.raises(KeyboardInterrupt):
        run(40, 5, CODES, STRAINS, workers=2, chunk=1, progress=interrupt)
    assert len(made) == 40
    # at most the two running and the few handed to the workers' queue ran
    assert sum(f.cancelled() for f in made) >= 30


def test_cli_study_stopped_says_where_its_deals_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the second task is solved: the first task's deals are in
    the log, the command says so and how to go on, and exits 130 as an
    interrupt, writing no report."""
    solve = runner.analyse_chunk

    def second_interrupted(seed: int, start: int, stop: int, *rest: Any) -> Any:
        if start > 0:
            raise KeyboardInterrupt
        return solve(seed, start, stop, *rest)

    monkeypatch.setattr(runner, "analyse_chunk", second_interrupted)
    # 30 deals without nullo: two tasks, deals 0-24 and 25-29
    args = ["study", "par-frequency", "--codes", "daw", "--workers", "1", "--deals", "30"]
    r = CliRunner().invoke(app, [*args, "--out", str(tmp_path)])
    assert r.exit_code == 130
    said = " ".join(r.output.split())  # the terminal wraps the long path anywhere
    assert "stopped: the deals solved are in" in said
    assert "the same command goes on from there" in said
    log = tmp_path / "records.jsonl"
    assert [json.loads(line)["deal"] for line in log.read_text().splitlines()] == list(range(25))
    assert not (tmp_path / "report.md").exists()
