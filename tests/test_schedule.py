"""The schedule data model (duplicate/schedule.py)."""

from __future__ import annotations

import json

import pytest

from auctionwhist.cards import Seat
from auctionwhist.duplicate import Kind, Schedule, TrayPlay
from auctionwhist.duplicate.movements import movement


def test_law_115_tray_north_side_placed_east_daw() -> None:
    """Law 115 (daw): in single-table overplay the tray's north side faces East."""
    tp = TrayPlay(1, overplay=True, north_at=Seat.EAST)
    assert tp.holder(Seat.NORTH) is Seat.EAST
    assert tp.holder(Seat.WEST) is Seat.NORTH
    assert tp.hand_at(Seat.SOUTH) is Seat.EAST
    for seat in Seat:
        assert tp.holder(tp.hand_at(seat)) is seat


def test_trayplay_normal_orientation() -> None:
    tp = TrayPlay(3)
    assert not tp.overplay
    assert all(tp.holder(s) is s for s in Seat)


def test_schedule_queries_two_teams() -> None:
    s: Schedule = movement("two-teams-of-four")
    assert s.kind is Kind.TEAM
    assert s.deals_per_table == 24  # "twenty-four deals played at each table"
    assert s.original_table(1) == 1 and s.original_table(5) == 2
    assert len(s.plays_of(1)) == 2
    assert set(s.players) == set("ABCDWXYZ")
    assert s.contestant("visitors").players == tuple("ABCD")
    assert s.rounds[0].at(2).seats == ("Y", "D", "Z", "C")
    with pytest.raises(KeyError):
        s.rounds[0].at(3)
    with pytest.raises(KeyError):
        s.contestant("nobody")


def test_labels_and_json() -> None:
    s = movement("league-teams", 2)
    assert s.label(1) == "hand 1, table 1"
    assert s.label(5) == "hand 1, table 2"
    d = s.as_dict()
    text = json.dumps(d)
    assert json.loads(text)["rounds"][0]["tables"][0]["seats"] == {
        "N": "A",
        "E": "X",
        "S": "B",
        "W": "W",
    }
    assert d["plays_per_tray"] == 2
    assert movement("compass", 3).label(2) == "2"


def test_idle_sitting() -> None:
    s = movement("six-pairs")
    idle = [st for st in s.sittings() if st.idle]
    assert [(st.round, st.table) for st in idle] == [(2, 3), (4, 3)]
