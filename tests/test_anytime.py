"""A nullo row answered at once: the solver's anytime bounds
(``solver.dd_bounds``), par over bounds, and ``whist analyse --time-limit``
(issue 20, item 1)."""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis.analyse import analyse, par_over_bounds
from auctionwhist.analysis.runner import study_deal
from auctionwhist.cards import Deal, Seat
from auctionwhist.cli import app
from auctionwhist.solver import BoundsRow, SolverError, _core, dd_bounds, dd_table
from auctionwhist.solver.par import par
from auctionwhist.solver.verify import random_ending
from deals_helpers import TOPS

runner = CliRunner()

# Deal 1 of the Hawley study's seed 1: its nullo row solved exactly by the
# core's whole search (docs/studies/hawley/records.jsonl; tests/test_settle.py).
DEAL = study_deal(1, 1)
EXACT = (6, 7, 6, 7)


def _within(row: BoundsRow, exact: tuple[int, ...]) -> bool:
    return all(lo <= t <= hi for (lo, hi), t in zip(row, exact, strict=True))


# -- the core's question with a time limit -----------------------------------------


def test_a_question_out_of_time_raises_and_keeps_the_table() -> None:
    """bound(..., limit) gives up with TimeoutError; what it stored stays
    sound, and the same question asked on with the table kept gets the
    answer a fresh search gets."""
    hands = DEAL.hands
    with pytest.raises(TimeoutError, match="no answer within"):
        _core.bound(hands, -1, True, 1, 7, False, 1e-6)
    kept, _ = _core.bound(hands, -1, True, 1, 7, True)
    fresh, _ = _core.bound(hands, -1, True, 1, 7, False)
    assert (kept >= 7) == (fresh >= 7) == (EXACT[0] >= 7)


# -- dd_bounds ----------------------------------------------------------------------


def test_no_time_gives_the_bounds_it_started_from() -> None:
    t = time.perf_counter()
    assert dd_bounds(DEAL, budget=0) == ((0, 13),) * 4
    start = ((3, 9), (2, 10), (3, 9), (2, 10))
    assert dd_bounds(DEAL, budget=0, start=start) == start
    assert time.perf_counter() - t < 0.5


def test_bounds_within_a_budget_are_sound_and_only_tighten() -> None:
    """Half a second of questions: every row reported lies within the one
    before and holds the exact row; the budget is kept."""
    seen: list[BoundsRow] = []
    t = time.perf_counter()
    row = dd_bounds(DEAL, budget=0.5, on_bounds=seen.append)
    assert time.perf_counter() - t < 1.5  # a question checks its clock every 4,096 nodes
    assert seen and seen[-1] == row
    assert _within(row, EXACT)
    assert any(lo > 0 or hi < 13 for lo, hi in row)  # something was learnt
    for before, after in itertools.pairwise(seen):
        assert all(a <= c <= d <= b for (a, b), (c, d) in zip(before, after, strict=True))


def test_bounds_run_on_to_the_exact_row() -> None:
    """With no budget the bounds close on the row of dd_table: at nullo on
    the top cards' deal, at spades (where DDS is the judge) on a random one."""
    assert dd_bounds(TOPS) == ((13, 13), (0, 0), (13, 13), (0, 0))
    deal = Deal(random_ending(random.Random(2), 13), Seat.NORTH, 1)
    row = dd_bounds(deal, "S")
    assert tuple(lo for lo, _ in row) == tuple(hi for _, hi in row) == dd_table(deal, ["S"])["S"]


# Deal 34 of Royalton's seed 7: at nullo North's side is forced to 9 tricks
# with North declaring (East leads) and to 8 with South declaring (West leads).
PARTNERS_APART = Deal(
    (94700344705057, 1125986208901212, 3245768047596160, 37145026168066), Seat.EAST, 34
)


def test_a_partner_settled_outside_the_bounds_does_not_stall_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the questions run to their answer, a declarer's are asked about
    his partner's figure; once that lay outside his own bounds neither was
    asked and the row looped for ever, past its budget (session 20: deal 88
    of the solver bench's sample). The figure is now taken within his bounds."""
    from auctionwhist.solver import _impl

    assert dd_table(PARTNERS_APART, ["NL"])["NL"] == (9, 5, 8, 5)
    monkeypatch.setattr(_impl, "_STEPS", (0.0,))  # every question to its answer
    t = time.perf_counter()
    row = dd_bounds(PARTNERS_APART, budget=10, start=((9, 9), (0, 13), (0, 8), (0, 13)))
    assert row == ((9, 9), (5, 5), (8, 8), (5, 5))
    assert time.perf_counter() - t < 5


def test_dd_bounds_refuses_what_is_not_bounds() -> None:
    with pytest.raises(SolverError, match="within 0-13"):
        dd_bounds(DEAL, budget=0, start=((5, 4), (0, 13), (0, 13), (0, 13)))
    with pytest.raises(SolverError, match="0 seconds or more"):
        dd_bounds(DEAL, budget=-1)
    with pytest.raises(SolverError, match="not a strain"):
        dd_bounds(DEAL, "X", budget=0)


# -- par over bounds ----------------------------------------------------------------


def test_par_range_holds_par_of_every_row_within_the_bounds() -> None:
    """docs/decisions.md: par over a nullo row of bounds is the range between
    its ends (one side's declarers at their fewest tricks, the other's at
    their most); every row within the bounds has its par inside it."""
    table = dd_table(DEAL, ["C", "D", "H", "S", "NT"])
    rng = random.Random(5)
    for bounds in (
        ((5, 8), (6, 9), (5, 7), (6, 9)),
        ((2, 11), (1, 12), (3, 10), (0, 13)),
        ((6, 6), (7, 7), (6, 6), (7, 7)),
    ):
        p, (lo, hi) = par_over_bounds("royalton", DEAL, table, {"NL": bounds})
        assert lo <= hi
        scores = set()
        for _ in range(40):
            row = tuple(rng.randint(a, b) for a, b in bounds)
            got = par("royalton", DEAL, {**table, "NL": row}).score
            assert lo <= got <= hi, (bounds, row)
            scores.add(got)
        if p is not None:  # par itself only when every row gives it
            assert scores == {p.score} == {lo} == {hi}
    exact = par("royalton", DEAL, {**table, "NL": EXACT})
    assert par_over_bounds("royalton", DEAL, table, {"NL": tuple((t, t) for t in EXACT)}) == (
        exact,
        (exact.score, exact.score),
    )


def test_analysis_with_no_time_says_which_figures_are_bounds() -> None:
    a = analyse("royalton", DEAL, budget=0)
    assert not a.exact and "NL" not in a.table and a.bounds["NL"] == ((0, 13),) * 4
    assert a.cell("NL", Seat.EAST) == "0-13" and a.cell("S", Seat.EAST).isdigit()
    assert a.par is None and a.par_range is not None and a.par_range[0] < a.par_range[1]
    out = a.to_json()
    assert out["exact"] is False
    assert out["table"]["NL"]["N"] == {"lo": 0, "hi": 13}
    assert isinstance(out["table"]["S"]["N"], int)
    assert out["par"] is None and out["par_range"]["ns"] == list(a.par_range)


# -- whist analyse ------------------------------------------------------------------


def test_cli_time_limit_prints_bounds_marked_as_bounds() -> None:
    r = runner.invoke(
        app, ["analyse", "--deal", DEAL.to_pbn(), "--code", "royalton", "--time-limit", "0"]
    )
    assert r.exit_code == 0, r.output
    assert "0-13" in r.stdout
    assert "bounds, the exact figure lies within them; the time limit came first" in r.stdout
    assert "N-S at least" in r.stdout and "at most" in r.stdout
    j = runner.invoke(
        app,
        ["analyse", "--deal", DEAL.to_pbn(), "--code", "royalton", "--time-limit", "0", "--json"],
    )
    out = json.loads(j.stdout)
    assert out["exact"] is False and out["table"]["NL"]["W"] == {"lo": 0, "hi": 13}
    bad = runner.invoke(app, ["analyse", "--seed", "1", "--time-limit", "-1"])
    assert bad.exit_code != 0 and "--time-limit -1" in bad.output


def test_cli_exact_row_is_not_marked() -> None:
    r = runner.invoke(app, ["analyse", "--deal", TOPS.to_pbn(), "--code", "royalton", "--json"])
    out = json.loads(r.stdout)
    assert out["exact"] is True and out["table"]["NL"] == {"N": 13, "E": 0, "S": 13, "W": 0}
    assert out["par_range"]["ns"] == [out["par"]["score"]["ns"]] * 2


@pytest.mark.slow  # a child process on a pseudo-terminal
def test_cli_on_a_terminal_draws_the_bounds_as_they_tighten() -> None:
    """On a terminal the table is drawn while the nullo row is bounds (the
    other strains "…" until DDS has them), then the final output."""
    import os
    import subprocess
    import sys

    main, term = os.openpty()
    env = dict(os.environ, TERM="xterm", COLUMNS="120")
    args = ["analyse", "--deal", DEAL.to_pbn(), "--code", "royalton", "--time-limit", "1"]
    child = subprocess.Popen(
        [sys.executable, "-c", "from auctionwhist.cli import main; main()", *args],
        stdout=term,
        stderr=term,
        env=env,
    )
    os.close(term)
    seen = b""
    while True:  # read as it comes: a full terminal would stop the child
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child has closed its end
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    assert child.wait(timeout=120) == 0
    text = seen.decode(errors="replace")
    assert "solving the nullo row" in text  # the live display
    assert "the solver is tightening them" in text
    assert "the time limit came first" in text  # the final output
    assert re.search(r"Nul\.", text) and re.search(r"\d+-\d+", text)


def test_bench_anytime_log_keeps_each_row_as_it_ends(tmp_path: Path) -> None:
    """`whist bench anytime --exact-limit 30` runs for most of an hour: each
    deal's row is logged as it ends (the twentieth session's run hung on deal
    88 and kept nothing), and the log holds what the JSON's ``by_deal`` does."""
    log = tmp_path / "anytime.jsonl"
    args = ["bench", "anytime", "--deals", "2", "--within", "0.2", "--json"]
    r = runner.invoke(app, [*args, "--log", str(log)])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    run, *deals = [json.loads(line) for line in log.read_text().splitlines()]
    assert run == {
        "run": {"bench": "anytime", "deals": 2, "seed": 1, "within_s": 0.2, "exact_limit_s": None}
    }
    assert deals == figures["by_deal"]
    assert [d["deal"] for d in deals] == [0, 1]
