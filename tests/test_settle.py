"""Nullo settled only as far as a study's figures need (analysis.settle), and
the solver's one-question search it is built on (solver.dd_bound)."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.analysis.runner import (
    figures_name,
    logged_tables,
    run,
    settled_table,
    study_deal,
)
from auctionwhist.analysis.settle import (
    UNKNOWN,
    Question,
    SettleError,
    representative,
    settle,
)
from auctionwhist.analysis.studies.hawley import CODES, figures, summarise
from auctionwhist.cards import Deal, Seat
from auctionwhist.solver import _core, dd_bound, dd_tricks
from auctionwhist.solver.verify import random_ending

pytestmark = pytest.mark.slow  # whole nullo rows solved by the core

STRAINS = ("C", "D", "H", "S", "NT", "NL")
# Deals 0 and 1 of the Hawley study's seed 1, nullo rows solved exactly by
# the core's whole search (docs/studies/hawley/records.jsonl).
EXACT_NULLO = {0: (7, 6, 7, 6), 1: (6, 7, 6, 7)}


# -- the one-question search -------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    cards=st.integers(1, 5),
    strain=st.sampled_from([(-1, True), (-1, False), (2, False)]),
    leader=st.integers(0, 3),
    target=st.integers(0, 6),
)
def test_a_question_is_answered_by_a_true_bound(
    seed: int, cards: int, strain: tuple[int, bool], leader: int, target: int
) -> None:
    """bound() answers "North-South take target or more?" with a fail-soft
    bound: at or above the target, a lower bound; below it, an upper bound."""
    hands = random_ending(random.Random(seed), cards)
    trump, nullo = strain
    exact, _ = _core.solve(hands, trump, nullo, leader, ())
    v, _ = _core.bound(hands, trump, nullo, leader, target)
    assert (v >= target) == (exact >= target)
    assert exact >= v if v >= target else exact <= v
    # asked again with the table of the first question kept: the same truth
    v2, _ = _core.bound(hands, trump, nullo, leader, target + 1, True)
    assert (v2 >= target + 1) == (exact >= target + 1)


def test_questions_about_a_deal_share_the_table() -> None:
    """A second question about the same deal keeps what the first learnt:
    the same question again costs next to nothing."""
    hands = random_ending(random.Random(3), 8)
    before = _core.set_threads(1)  # node counts are exact on one thread only
    try:
        _, first = _core.bound(hands, -1, True, 1, 4)
        _, again = _core.bound(hands, -1, True, 1, 4, True)
        _, fresh = _core.bound(hands, -1, True, 1, 4)
    finally:
        _core.set_threads(before)
    assert again < first / 10 and fresh == first


def test_dd_bound_agrees_with_dds() -> None:
    rng = random.Random(11)
    from auctionwhist.dealing import random_deal

    for _ in range(2):
        deal = random_deal(rng)
        for seat in (Seat.NORTH, Seat.WEST):
            exact = dd_tricks(deal, "S", seat)
            for tricks in (exact - 2, exact, exact + 1, exact + 3):
                if not 0 <= tricks <= 13:
                    continue
                lo, hi = dd_bound(deal, "S", seat, tricks)
                assert lo <= exact <= hi
                assert (lo >= tricks) == (exact >= tricks)


def test_dd_bound_at_nullo_far_from_the_answer() -> None:
    """Far from the answer a question at nullo is cheap (no exact solve here:
    that takes seconds a declarer)."""
    deal = study_deal(1, 1)
    for seat in Seat:
        exact = EXACT_NULLO[1][seat]
        lo, hi = dd_bound(deal, "NL", seat, 3)  # forced to take three or more?
        assert lo >= 3 and lo <= exact <= hi
        lo, hi = dd_bound(deal, "NL", seat, 11)
        assert hi < 11 and lo <= exact <= hi


def test_dd_bound_refuses_impossible_tricks() -> None:
    with pytest.raises(ValueError, match="0 to 13 tricks, not 14"):
        dd_bound(study_deal(1, 1), "NL", Seat.NORTH, 14)


# -- settling: the search for the figures, against a known row ----------------------


def oracle(row: tuple[int, int, int, int], tight: bool) -> Question:
    """Answers from a known row: the exact figure (the best fail-soft bound),
    or only the least a true answer must say."""

    def question(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
        t = row[declarer]
        if t >= tricks:
            return (tricks, 13) if tight else (t, 13)
        return (0, tricks - 1) if tight else (0, t)

    return question


def side_best(row: tuple[int, ...]) -> tuple[int, int]:
    return min(row[0], row[2]), min(row[1], row[3])


@settings(max_examples=300, deadline=None)
@given(
    row=st.tuples(*[st.integers(0, 13)] * 4),
    cuts=st.lists(st.integers(0, 13), min_size=1, max_size=3),
    joint=st.integers(0, 26),
    tight=st.booleans(),
)
def test_settled_bounds_hold_the_row_and_fix_the_figures(
    row: tuple[int, int, int, int], cuts: list[int], joint: int, tight: bool
) -> None:
    """Figures that change where a side's fewest tricks cross some cuts (and
    where the two sides' together cross another): the bounds settled hold
    the true row, every row within them gives the true row's figures, and
    each question narrowed them."""

    def fig(r: tuple[int, int, int, int]) -> Hashable:
        ns, ew = side_best(r)
        return (tuple(ns <= c for c in cuts), tuple(ew < c for c in cuts), ns + ew <= joint)

    asked: list[tuple[Seat, int]] = []
    question = oracle(row, tight)

    def counting(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
        asked.append((declarer, tricks))
        return question(deal, declarer, tricks)

    bounds = settle(study_deal(1, 0), fig, question=counting)
    assert all(lo <= t <= hi for t, (lo, hi) in zip(row, bounds, strict=True))
    want = fig(row)
    assert fig(representative(bounds)) == want
    # fig reads a row only through its sides' fewest tricks: every pair of
    # those that a row within the bounds can have
    r = [range(lo, hi + 1) for lo, hi in bounds]
    for ns in {min(n, s) for n in r[0] for s in r[2]}:
        for ew in {min(e, w) for e in r[1] for w in r[3]}:
            assert fig((ns, ew, ns, ew)) == want
    assert len(set(asked)) == len(asked) <= 2 * 2 * 14


def test_settled_bounds_cost_no_question() -> None:
    def no_question(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
        raise AssertionError("asked")

    bounds = ((7, 13), (5, 13), (7, 13), (5, 13))
    assert (
        settle(study_deal(1, 0), lambda r: min(side_best(r)) >= 5, bounds, question=no_question)
        == bounds
    )


def test_figures_that_need_the_exact_row_get_it() -> None:
    row = (9, 4, 5, 8)
    bounds = settle(study_deal(1, 0), side_best, question=oracle(row, tight=True))
    assert side_best(representative(bounds)) == side_best(row)
    assert bounds[2] == (5, 5) and bounds[1] == (4, 4)


def test_bad_bounds_and_answers_are_refused() -> None:
    with pytest.raises(SettleError, match="within 0-13"):
        settle(study_deal(1, 0), side_best, ((0, 13),) * 3)
    with pytest.raises(SettleError, match="within 0-13"):
        settle(study_deal(1, 0), side_best, ((5, 4),) + ((0, 13),) * 3)

    def liar(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
        return (0, 13) if tricks > 6 else (14, 13)

    with pytest.raises(SettleError, match="does not say, or lies outside 6-13"):
        settle(study_deal(1, 0), side_best, ((6, 13),) * 4, question=liar)

    def vague(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
        return (0, 13)

    with pytest.raises(SettleError, match="does not say"):
        settle(study_deal(1, 0), side_best, question=vague)


# -- a study's deals, settled --------------------------------------------------------


@pytest.fixture(scope="module")
def settled() -> dict[int, tuple[dict[str, tuple[int, int, int, int]], object]]:
    return {i: settled_table(study_deal(1, i), STRAINS, (figures,)) for i in EXACT_NULLO}


def test_settled_deals_give_the_figures_of_the_exact_rows(settled: dict) -> None:  # type: ignore[type-arg]
    """The Hawley study's figures from settled nullo rows are those from the
    exact rows (the log of the exact run gives them), at a fraction of the
    solving."""
    from auctionwhist.analysis.runner import _record

    lazy, exact = [], []
    for i, row in EXACT_NULLO.items():
        table, bounds = settled[i]
        assert bounds is not None
        assert all(lo <= t <= hi for t, (lo, hi) in zip(row, bounds, strict=True))
        assert figures(study_deal(1, i), table) == figures(study_deal(1, i), {**table, "NL": row})
        lazy.append(_record(1, i, table, CODES, bounds=bounds))
        exact.append(_record(1, i, {**table, "NL": row}, CODES))
    assert summarise(lazy) == summarise(exact)


def test_bounds_are_logged_and_read_back_for_the_same_figures(tmp_path: Path) -> None:
    log = tmp_path / "records.jsonl"
    first = run(2, 1, CODES, STRAINS, workers=1, log=log, figures=(figures,))
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[0]["settled"] == "auctionwhist.analysis.studies.hawley.figures"
    assert all(isinstance(b, list) and len(b) == 2 for b in rows[0]["table"]["NL"])
    back = logged_tables(log, 1, STRAINS, (figures,))
    assert [back[i][2] for i in (0, 1)] == [r.bounds for r in first]
    again = run(2, 1, CODES, STRAINS, workers=1, log=log, figures=(figures,))
    assert all(r.logged for r in again) and again == first
    # bounds settled for other figures, or read for the exact row, are not
    # taken: those deals are solved again
    assert logged_tables(log, 1, STRAINS) == {}
    assert logged_tables(log, 1, STRAINS, (summarise,)) == {}  # type: ignore[arg-type]
    # the strains that are exact still serve a run without nullo
    assert set(logged_tables(log, 1, STRAINS[:5])) == {0, 1}
    assert figures_name(()) is None


def test_an_exact_row_is_logged_as_ints(tmp_path: Path) -> None:
    log = tmp_path / "records.jsonl"
    log.write_text(
        json.dumps({"seed": 1, "deal": 0, "table": {"NL": [7, [6, 6], 7, 6]}, "seconds": 2.0})
        + "\n"
        + json.dumps({"seed": 1, "deal": 1, "table": {"NL": [7, [6, 9], 7, 6]}})
        + "\n"
    )
    back = logged_tables(log, 1, ("NL",))
    assert back == {0: ({"NL": (7, 6, 7, 6)}, 2.0, None)}
    assert UNKNOWN == ((0, 13),) * 4


def test_cli_exact_solves_the_whole_nullo_row(tmp_path: Path) -> None:
    """``--exact`` logs the exact nullo row (deal 0 of seed 1700 is one the
    core solves in a tenth of a second), and a later run that settles takes
    it as it is."""
    from typer.testing import CliRunner

    from auctionwhist.cli import app

    out = tmp_path / "h"
    args = ["study", "hawley", "--deals", "1", "--seed", "1700", "--out", str(out)]
    done = CliRunner().invoke(app, [*args, "--workers", "1", "--exact"])
    assert done.exit_code == 0, done.output
    (row,) = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert "settled" not in row and all(isinstance(t, int) for t in row["table"]["NL"])
    meta = json.loads((out / "summary.json").read_text())["meta"]
    assert meta["command"].endswith("--exact") and "nullo" not in meta
    again = CliRunner().invoke(app, [*args, "--workers", "1"])
    assert again.exit_code == 0, again.output
    assert len((out / "records.jsonl").read_text().splitlines()) == 1
    meta = json.loads((out / "summary.json").read_text())["meta"]
    assert meta["nullo"].startswith("exact in 1 of 1 deals; in the others bounded")
