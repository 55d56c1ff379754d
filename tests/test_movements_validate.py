"""The validator catches broken promises (duplicate/validate.py)."""

from __future__ import annotations

import dataclasses

import pytest

from auctionwhist.cards import Seat
from auctionwhist.duplicate import Round, Schedule, TrayPlay
from auctionwhist.duplicate.movements import MOVEMENTS, movement
from auctionwhist.duplicate.validate import ScheduleError, check, validate


def _replace_sitting(s: Schedule, rnd: int, table: int, **changes: object) -> Schedule:
    rounds = []
    for r in s.rounds:
        sittings = tuple(
            dataclasses.replace(st, **changes)  # type: ignore[arg-type]
            if (r.number, st.table) == (rnd, table)
            else st
            for st in r.sittings
        )
        rounds.append(Round(r.number, sittings))
    return dataclasses.replace(s, rounds=tuple(rounds))


@pytest.mark.parametrize("name", list(MOVEMENTS))
def test_every_movement_validates_at_its_default(name: str) -> None:
    report = validate(MOVEMENTS[name]())
    assert report.ok, report.failures
    assert len(report.checks) >= 5


def test_detects_player_in_two_places() -> None:
    s = movement("two-teams-of-four")
    bad = _replace_sitting(s, 1, 2, seats=("A", "D", "Z", "C"))
    failures = {c.name for c in validate(bad).failures}
    assert "nobody in two places" in failures
    with pytest.raises(ScheduleError, match="two places"):
        check(bad)


def test_law_1_detects_a_deal_played_twice_daw() -> None:
    """Law 1 (daw): each deal is played once only by each player."""
    s = movement("two-teams-of-four")
    st = s.rounds[1].at(1)
    bad = _replace_sitting(s, 2, 1, trays=(*st.trays, TrayPlay(1, True)))
    failures = {c.name for c in validate(bad).failures}
    assert "law 1: each deal played once only by each player" in failures
    assert "each tray dealt once, played as intended" in failures


def test_law_115_detects_untturned_tray_daw() -> None:
    """Law 115 (daw): single-table overplay with the tray not turned is caught."""
    s = movement("two-pairs", deals=4)
    st = s.rounds[1].at(1)
    bad = _replace_sitting(
        s, 2, 1, trays=tuple(TrayPlay(tp.tray, True, Seat.NORTH) for tp in st.trays)
    )
    failures = {c.name for c in validate(bad).failures}
    assert "laws 114-115: every deal twice, an adversary's hand, tray turned" in failures


def test_detects_wrong_comparison_and_unbalanced_meetings() -> None:
    s = movement("howell-teams", 5)
    c0 = s.comparisons[0]
    bad = dataclasses.replace(
        s, comparisons=(dataclasses.replace(c0, matches=(("b", "c"),)), *s.comparisons[1:])
    )
    failures = {c.name for c in validate(bad).failures}
    assert "comparisons set the same cards side by side" in failures
    assert "every two teams play a match" in failures


def test_detects_tray_at_two_tables_at_once() -> None:
    s = movement("four-pairs")
    st = s.rounds[0].at(2)
    swapped = (TrayPlay(1), *st.trays[1:])  # table 2 starts with tray 1 too
    bad = _replace_sitting(s, 1, 2, trays=swapped)
    assert not validate(bad).ok
