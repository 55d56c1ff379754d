"""Whole matches with computer players: the invariants the laws promise."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.cards import Seat
from auctionwhist.cli import app
from auctionwhist.duplicate.match import play_match
from auctionwhist.duplicate.movements import movement
from auctionwhist.robots import random_action, robots_at_table
from auctionwhist.table import Table


def test_two_teams_of_four_daw_invariants() -> None:
    """Goodfellow's match: 24 deals a table; every tray at both tables with each
    team holding its N-S hands at one and its E-W hands at the other (law 114);
    the aggregates add up and the results sum to zero about the average (laws 3, 5)."""
    s = movement("two-teams-of-four")
    m = play_match("daw", s, seed=7, player=robots_at_table())
    per_table: dict[int, int] = defaultdict(int)
    holders: dict[int, list[tuple[str, ...]]] = defaultdict(list)
    for p in m.plays:
        per_table[p.sitting.table] += 1
        holders[p.tray].append(p.holders(0))
    assert dict(per_table) == {1: 24, 2: 24}
    assert len(m.trays) == 24
    for tray, held in holders.items():
        assert len(held) == 2 and held[0] != held[1], tray
        tables = {p.sitting.table for p in m.plays if p.tray == tray}
        assert tables == {1, 2}
    agg = m.aggregates()
    assert sum(agg.values()) == sum(p.side_score(0) + p.side_score(1) for p in m.plays)
    r = m.result().rankings[0]
    assert r.law == "Laws 5 and 6 (daw)"
    assert sum(s.score for s in r.standings) == sum(agg.values())
    exact = [s.score - r.average for s in r.standings] if r.average is not None else []
    assert sum(exact) == 0
    assert r.standings[0].result == -r.standings[1].result
    # the cards: each table, original and overplay, kept by each side; 12 deals a card
    cards = m.cards()
    assert len(cards) == 8 and all(len(c.entries) == 12 for c in cards)
    assert sum(c.summary.total[0] + c.summary.total[1] for c in cards) == 2 * sum(agg.values())


def test_howell_teams_whist_invariants() -> None:
    """Five teams, Howell's system: each pair of teams meets once; every trick is
    counted (1894 law A); matches won add up to the number of matches; tricks
    gained and lost, and the results against the average, sum to zero."""
    s = movement("howell-teams", 5)
    m = play_match("whist", s, seed=3, player=robots_at_table())
    assert sum(p.side_score(0) + p.side_score(1) for p in m.plays) == 13 * len(m.plays)
    result = m.result()
    howell, average = result.rankings
    assert sum(st.score for st in howell.standings) == 10  # C(5, 2) matches
    assert sum(st.tiebreak or 0 for st in howell.standings) == 0
    assert average.average is not None
    assert sum(st.score - average.average for st in average.standings) == 0
    # tricks gained in the matches are the tricks over the average
    for st in howell.standings:
        assert st.tiebreak == average.of(st.id).score - average.average
    assert result.winners == howell.leaders


def test_the_player_is_pluggable() -> None:
    """A player who always plays the lowest legal card: the match uses it."""
    calls: list[int] = []

    def lowest(table: Table, rng: random.Random) -> None:
        calls.append(1)
        cards = table.legal_cards()
        if cards:
            table.play_card(min(cards))
        else:
            random_action(table, rng)

    m = play_match("whist", movement("two-pairs"), seed=1, player=lowest)
    assert len(calls) == 52 * len(m.plays)


def test_foster_two_pairs_whist() -> None:
    m = play_match(
        "whist", movement("two-pairs"), seed=2, player=robots_at_table(), foster=True, longest=6
    )
    over = [p for p in m.plays if p.tray_play.overplay]
    assert over and all(p.deal.hands != m.trays[p.tray].deal.hands for p in over)
    assert all(p.tray_play.north_at == Seat.EAST for p in over)  # law 115


def test_whist_match_command_writes_cards_travellers_result(tmp_path: Path) -> None:
    out = tmp_path / "m"
    r = CliRunner().invoke(
        app,
        ["match", "--code", "daw", "--movement", "two-teams-of-four", "--seed", "7",
         "--out", str(out), "--quiet"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    for name in ("cards.html", "travellers.html", "result.html", "cards.json", "travellers.json"):
        assert (out / name).stat().st_size > 0
    data = json.loads((out / "result.json").read_text())
    assert set(data["results"]) == {"visitors", "home"}
    assert data["results"]["visitors"]["result"] == -data["results"]["home"]["result"]
    assert data["winners"] and data["plays"] == 48
    travellers = json.loads((out / "travellers.json").read_text())
    assert len(travellers) == 24 and all(len(t["plays"]) == 2 for t in travellers)
    assert Fraction(data["results"]["visitors"]["score"]) > 0


def test_whist_match_command_bad_movement(tmp_path: Path) -> None:
    r = CliRunner().invoke(
        app, ["match", "--code", "daw", "--movement", "nonesuch", "--out", str(tmp_path)]
    )
    assert r.exit_code != 0


MOVEMENTS = (
    "two-teams-of-four", "league-teams", "club-against-club", "howell-teams", "gilman-teams",
    "two-pairs", "four-pairs", "six-pairs", "compass", "howell-pairs", "four-individuals",
    "safford-individuals", "mitchell-individuals", "married-couples",
)  # fmt: skip


@pytest.mark.slow  # a whole match for every movement
@pytest.mark.parametrize("name", MOVEMENTS)
def test_every_movement_plays_to_a_result_whist(name: str) -> None:
    """Every movement plays through under the whist code (1894 law A: all
    thirteen tricks counted at every play) to a result ranking its contestants."""
    s = movement(name)
    m = play_match("whist", s, seed=5, player=robots_at_table())
    assert len(m.plays) == sum(1 for _ in s.plays())
    assert all(p.side_score(0) + p.side_score(1) == 13 for p in m.plays)
    result = m.result()
    assert result.winners
    ranked = {st.id for r in result.rankings for st in r.standings}
    assert ranked and ranked <= {c.id for c in s.contestants} | set(s.players)
    for r in result.rankings:
        if r.average is not None:
            assert sum(st.score - r.average for st in r.standings) == 0
