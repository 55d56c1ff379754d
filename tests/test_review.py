"""A played deal against double dummy (analysis.review, ``whist review``)."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionwhist.analysis.review import CardReview, play_strain, review_play
from auctionwhist.calls import parse_call
from auctionwhist.cards import Deal, Seat
from auctionwhist.cli import app
from auctionwhist.dealing import deal
from auctionwhist.formats import jsonlog
from auctionwhist.robots import make_robot
from auctionwhist.robots.player import play_deal
from auctionwhist.solver import Position, dd_tricks, score_cards
from auctionwhist.table import Table
from deals_helpers import TOPS
from laws_helpers import bid, can_renounce, laws_table, renounce, run

runner = CliRunner()
N, E, S, W = Seat


def _played(code: str, seed: int) -> Table:
    t = Table(code, deal(code, seed=seed))
    play_deal(t, {s: make_robot("heuristic") for s in Seat}, random.Random(seed))
    return t


def _ns_totals(table: Table, reviews: list[CardReview]) -> list[tuple[int, int]]:
    """For each card: North-South's tricks for the whole deal, double dummy,
    with the best card there and with the card played (tricks won before
    the card's trick added)."""
    assert table.play is not None
    won = [0, 0]
    out = []
    for k, r in enumerate(reviews):
        left = 13 - (r.trick - 1)
        assert r.tricks is not None and r.best is not None
        ns = [v if r.seat.side == 0 else left - v for v in (r.best, r.tricks)]
        out.append((won[0] + ns[0], won[0] + ns[1]))
        if k % 4 == 3:  # the trick is over: its winner is the next one's leader
            won[table.play.winners[r.trick - 1].side] += 1
    return out


def test_each_cards_figure_is_the_next_players_best() -> None:
    """The figure after a card is the value of the position it leaves: the
    next player's best there. So the review reads the play right (hands,
    leaders, tricks won), card after card, to the result."""
    t = _played("daw", 3)
    reviews = review_play(t)
    assert t.play is not None and len(reviews) == t.play.played == 52
    totals = _ns_totals(t, reviews)
    for (_, after), (best_next, _) in itertools.pairwise(totals):
        assert after == best_next
    assert totals[-1][1] == t.tricks_won()[0]  # the last card leaves the result
    declarer = t.declarer
    assert declarer is not None
    opening = dd_tricks(t.deal, play_strain(t), declarer)
    assert totals[0][0] == (opening if declarer.side == 0 else 13 - opening)
    for r in reviews:
        assert r.cost is not None and r.cost >= 0
        assert (r.cost == 0) == (r.card in r.best_cards)


def test_duplicate_whist_is_reviewed_in_its_turned_trump() -> None:
    t = _played("whist", 3)
    assert t.deal.turned is not None
    assert play_strain(t) == "CDHS"[t.deal.turned // 13]
    totals = _ns_totals(t, review_play(t))
    assert totals[-1][1] == t.tricks_won()[0]


def test_nullo_a_side_forced_to_take_every_trick_gives_up_nothing() -> None:
    """Royalton nullo (docs/spec.md §2.2.5): East declares nullo on the deal where
    North-South hold every top card; whatever anybody plays, North-South take
    all thirteen tricks, so no card costs anything."""
    t = Table("royalton", TOPS)
    for call in ("no bid", "1NL", "pass", "pass", "pass"):
        t.call(parse_call(call))
    play_deal(t, {s: make_robot("heuristic") for s in Seat}, random.Random(1))
    assert play_strain(t) == "NL"
    reviews = review_play(t)
    assert len(reviews) == 52 and all(r.cost == 0 for r in reviews)
    for r in reviews:
        left = 13 - (r.trick - 1)
        assert r.tricks == (left if r.seat.side == 0 else 0)


def test_a_renounce_that_stood_is_shown_without_a_cost() -> None:
    """Law 101A (daw): North renounces in trick 1 and it stands; the solver
    has no figure for a card the laws forbade, and the rest is reviewed."""
    t = laws_table("daw")
    bid(t, "1H", "pass", "pass", "pass")
    run(t, lambda t: can_renounce(t, N))
    renounce(t, N)
    run(t)
    reviews = review_play(t)
    bad = [r for r in reviews if r.cost is None]
    assert [(r.trick, r.seat) for r in bad] == [(1, N)]
    assert all(r.cost is not None and r.cost >= 0 for r in reviews if r not in bad)


@pytest.mark.slow  # a deal played, then reviewed double dummy
def test_cli_review_of_a_deal_played_at_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "deal.json"
    played = runner.invoke(
        app, ["play", "--code", "daw", "--seed", "1", "--auto", "--robot", "heuristic",
              "--log", str(log)],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    assert "Event log:" in played.output and log.exists()
    r = runner.invoke(app, ["review", str(log)])
    assert r.exit_code == 0, r.output
    assert "The play, double dummy" in r.output
    assert "North-South:" in r.output and "given up double dummy" in r.output
    doc = json.loads(runner.invoke(app, ["review", str(log), "--json"]).stdout)
    assert doc["code"] == "daw" and len(doc["cards"]) == 52
    assert set(doc["cards"][0]) == {
        "trick", "seat", "card", "tricks", "best", "best_cards", "cost", "solved"
    }  # fmt: skip
    table = Table.from_events(jsonlog.loads(log.read_text()))
    assert doc["tricks"] == {"ns": table.tricks_won()[0], "ew": table.tricks_won()[1]}


# The third deal of the solver bench's sample (seed 1): a whole-deal nullo the
# core takes minutes over (docs/solver.md, "the slow deals": 106M nodes).
SLOW_NULLO = "N:KQ5.AQJ85.AKJ6.2 J86.963.Q752.T85 9432.2.T943.KQ94 AT7.KT74.8.AJ763"


def _slow_nullo() -> Table:
    """North declares nullo on SLOW_NULLO and the heuristic robots play it out."""
    t = Table("royalton", Deal.from_pbn(SLOW_NULLO))
    for call in ("1NL", "pass", "pass", "pass"):
        t.call(parse_call(call))
    play_deal(t, {s: make_robot("heuristic") for s in Seat}, random.Random(1))
    assert play_strain(t) == "NL" and t.play is not None and t.play.played == 52
    return t


def test_a_nullo_review_under_a_time_limit_scores_the_play_from_its_end() -> None:
    """Issue 20: a nullo's early cards can take the core minutes, so under a
    limit the review scores the last cards first and leaves the first ones
    unscored when the time runs out: the scored cards are the play's end,
    each with the figure the core gives it with no limit."""
    t = _slow_nullo()
    reviews = review_play(t, limit=2.0)
    assert len(reviews) == 52
    solved = [r.solved for r in reviews]
    first = solved.index(True)
    assert first > 0, "the first card of a slow nullo is scored in 2 s"
    assert all(solved[first:]), "the scored cards are the end of the play"
    unscored = reviews[0]
    assert (unscored.tricks, unscored.best, unscored.cost) == (None, None, None)
    assert unscored.to_json()["solved"] is False
    assert reviews[-1].to_json()["solved"] is True
    # the last two tricks scored with no limit, card by card, give the same
    assert t.play is not None
    hands = list(t.deal.hands)
    for leader, cards in t.play.tricks[:11]:
        for i, c in enumerate(cards):
            hands[(int(leader) + i) & 3] ^= 1 << c
    for k, (leader, cards) in enumerate(t.play.tricks[11:]):
        for i, c in enumerate(cards):
            seat = Seat((int(leader) + i) & 3)
            at = Position((hands[0], hands[1], hands[2], hands[3]), "NL", seat, tuple(cards[:i]))
            scores = score_cards(at)
            r = reviews[44 + 4 * k + i]
            assert (r.seat, r.card, r.tricks, r.best) == (seat, c, scores[c], min(scores.values()))
            hands[seat] ^= 1 << c
    assert all(not r.solved for r in review_play(t, limit=0.0))


def test_cli_review_bad_input(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "none.json" in missing.output
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    bad = runner.invoke(app, ["review", str(junk)])
    assert bad.exit_code == 2 and "not JSON" in bad.output
    unplayed = tmp_path / "unplayed.json"  # the auction not yet over
    t = Table("daw", deal("daw", seed=2))
    t.call(parse_call("1H"))
    unplayed.write_text(jsonlog.dumps(t.events))
    r = runner.invoke(app, ["review", str(unplayed)])
    assert r.exit_code == 2 and "no play to review" in r.output


def test_play_writes_its_log_when_you_leave(tmp_path: Path) -> None:
    """Nothing lost: leaving mid-deal still writes the log so far; an
    unwritable --log is refused before the deal is shown."""
    log = tmp_path / "left.json"
    r = runner.invoke(app, ["play", "--seed", "1", "--log", str(log)], input="quit\n")
    assert r.exit_code == 1 and "South leaves the table" in r.output
    events = jsonlog.loads(log.read_text())
    assert type(events[0]).__name__ == "Dealt"
    bad = runner.invoke(app, ["play", "--seed", "1", "--log", str(tmp_path / "no" / "x.json")])
    assert bad.exit_code == 2 and "--log" in bad.output and "Your hand" not in bad.output


def test_cli_review_of_a_nullo_with_a_time_limit(tmp_path: Path) -> None:
    """`whist review --time-limit`: the cards the time did not reach are
    shown as not scored, and said so under the table; a negative limit is
    refused."""
    log = tmp_path / "nullo.json"
    log.write_text(jsonlog.dumps(_slow_nullo().events))
    r = runner.invoke(app, ["review", str(log), "--time-limit", "1"])
    assert r.exit_code == 0, r.output
    assert "not scored" in r.output
    assert re.search(r"The first \d+ cards not scored: the time limit came first", r.output)
    doc = json.loads(runner.invoke(app, ["review", str(log), "--time-limit", "1", "--json"]).stdout)
    assert doc["strain"] == "NL" and not doc["cards"][0]["solved"] and doc["cards"][-1]["solved"]
    bad = runner.invoke(app, ["review", str(log), "--time-limit", "-1"])
    assert bad.exit_code == 2 and "--time-limit -1" in bad.output
