"""The score the robots bid and play for (issue 18: "every deal is bid as from
love"): ``whist play --score/--games`` and ``--rubber`` through the command,
and the robots of a match, who play for the deal's duplicate score
(docs/decisions.md, "The score the robots play for")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import auctionwhist.robots as robots
from auctionwhist.calls import Bid, Call, Other
from auctionwhist.cards import Seat
from auctionwhist.cli import app
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.duplicate.match import play_match
from auctionwhist.duplicate.movements import movement
from auctionwhist.formats.jsonlog import loads
from auctionwhist.robots.heuristic import HeuristicPlayer
from auctionwhist.robots.player import PlayerBase
from auctionwhist.robots.view import ScoreContext, SeatView
from auctionwhist.scoring import Rubber
from auctionwhist.table import Table

runner = CliRunner()


def whist(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input="")
    return result.exit_code, result.stdout, result.stderr


def played(path: Path) -> Table:
    return Table.from_events(loads(path.read_text(encoding="utf-8")))


class Spy(PlayerBase):
    """The heuristic robot, noting the score of every view it is given."""

    def __init__(self) -> None:
        self.inner = HeuristicPlayer()
        self.seen: list[tuple[int, ScoreContext]] = []  # (deal number, score)

    def call(self, view: SeatView, rng: random.Random) -> Call:
        self.seen.append((view.number, view.score))
        return self.inner.call(view, rng)

    def card(self, view: SeatView, rng: random.Random) -> int:
        self.seen.append((view.number, view.score))
        return self.inner.card(view, rng)

    def bridge(self, view: SeatView, rng: random.Random) -> bool:
        self.seen.append((view.number, view.score))
        return self.inner.bridge(view, rng)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    """Every robot the commands make is this one."""
    one = Spy()
    monkeypatch.setattr(robots, "make_robot", lambda kind="montecarlo": one)
    return one


# -- one deal at a rubber score --------------------------------------------------------


def _auction(seed: int, score: ScoreContext | None) -> list[tuple[Seat, Call]]:
    """The robots' auction of ``whist play --code auction --seed SEED --auto``."""
    table = Table("auction", deal("auction", None, 1, seed=seed))
    player, rng = HeuristicPlayer(), random.Random(seed)
    while table.phase == "auction":
        seat = table.to_act
        assert seat is not None
        table.call(player.call(SeatView.of(table, seat, score), rng))
    assert table.auction is not None
    return list(table.auction.calls)


def _left_for_game(calls: list[tuple[Seat, Call]]) -> int | None:
    """The index of the first bid of North-South's after which partner's next
    call is a pass, when 20 and the bid make game (30, Whist Club 3)."""
    values = find_code("auction").trick_values
    for i, (seat, call) in enumerate(calls):
        if (
            seat.side == 0
            and isinstance(call, Bid)
            and 20 + call.level * values[call.denomination] >= 30
        ):
            after = [c for s, c in calls[i + 1 :] if s == seat.partner]
            if after and after[0] == Other.PASS:
                return i
    return None


def test_at_20_below_partners_game_giving_bid_is_left_standing(tmp_path: Path) -> None:
    """Hopson, "Know the Score" (rule ``leave_partner``): under the old count
    game is 30 (Whist Club 3). A deal is found where, with North-South at 20
    below the line, a robot leaves standing his partner's bid that gives game
    (seed 72 today: two hearts, 16 with the 20), while from love he bids on.
    Then the command is played three times (the robot in South's seat too,
    with --auto): at 20-0 the bid stands, from love it does not, and
    East-West's 20 is not North-South's."""
    at20 = ScoreContext(duplicate=False, below=(20, 0))
    # East-West's 20 may change East-West's own calls (they know the score
    # too): the deal is one where it does not, so that the command giving
    # it to North-South would show
    them20 = ScoreContext(duplicate=False, below=(0, 20))
    seed = None
    for n in range(1, 120):
        i = _left_for_game(_auction(n, at20))
        love = _auction(n, None)
        if (
            i is not None
            and love[: i + 1] == _auction(n, at20)[: i + 1]
            and _left_for_game(love) != i
            and _auction(n, them20) == love
        ):
            seed = n
            break
    assert seed is not None, "no robot at 20 below left a bid that gives game standing"
    contracts: dict[str, tuple[str, Seat | None]] = {}
    for score in ("", "20-0", "0-20"):
        log = tmp_path / f"deal{score}.json"
        args = ["play", "--code", "auction", "--seed", str(seed), "--robot", "heuristic"]
        args += ["--auto", "--log", str(log)] + (["--score", score] if score else [])
        code, out, err = whist(*args)
        assert code == 0, err
        table = played(log)
        assert table.phase == "done" and table.auction is not None
        contracts[score] = (str(table.contract), table.auction.declarer)
        if score:
            below = score.replace("-", ", E-W ")
            assert f"Score: N-S {below} below the line" in out
        want = at20 if score == "20-0" else None
        assert [c for _, c in table.auction.calls] == [c for _, c in _auction(seed, want)]
    assert contracts[""] != contracts["20-0"]
    assert contracts["0-20"] == contracts[""]


def test_the_robots_are_given_the_score_and_games(spy: Spy) -> None:
    code, _, err = whist(
        "play", "--code", "royals", "--seed", "8", "--auto", "--score", "12-24", "--games", "0-1"
    )
    assert code == 0, err
    assert spy.seen, "no robot was asked"
    want = ScoreContext(duplicate=False, below=(12, 24), games=(0, 1))
    assert {score for _, score in spy.seen} == {want}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--code", "daw", "--score", "20-0"], "Law 7 (daw)"),
        (["--code", "daw", "--rubber"], "there are no rubbers"),
        (["--code", "whist", "--games", "1-0"], "single deal"),
        (["--code", "auction", "--score", "30-0"], "30 below the line is game"),
        (["--code", "auction", "--score", "twenty"], "e.g. 18-6"),
        (["--code", "auction", "--games", "2-0"], "has won the rubber"),
        (["--code", "auction", "--rubber", "--score", "20-0"], "starts the rubber at love"),
    ],
)
def test_a_score_that_cannot_be_is_refused(args: list[str], says: str) -> None:
    code, out, err = whist("play", *args, "--auto", "--robot", "heuristic")
    assert code == 2 and says in err, err
    assert "Trick" not in out  # refused before the deal


# -- a whole rubber ------------------------------------------------------------------


def test_a_rubber_carries_the_score_to_the_robots(spy: Spy, tmp_path: Path) -> None:
    """Deals until a side has two games (Royalton 93), each deal bid and played
    at the rubber's score as it stood before it; the rubber made up with its
    bonus (Royalton 89). The deals' own logs score into the same rubber."""
    log = tmp_path / "rubber.json"
    log.write_text("kept")  # the name given is left alone: each deal has its own
    code, out, err = whist(
        "play", "--code", "royalton", "--seed", "3", "--rubber", "--auto", "--log", str(log)
    )
    assert code == 0, err
    r = Rubber("royalton")
    k = 0
    at_a_score = 0
    while not r.finished:
        k += 1
        before = ScoreContext.of_rubber(r)
        seen = {score for number, score in spy.seen if number == k}
        assert seen == {before}, f"deal {k}"
        at_a_score += before.below != (0, 0) or before.games != (0, 0)
        r.add(played(tmp_path / f"rubber-{k}.json").score())
    assert not (tmp_path / f"rubber-{k + 1}.json").exists()
    assert log.read_text() == "kept"
    assert at_a_score >= 2  # the score changed, so the test could fail
    assert {number for number, _ in spy.seen} == set(range(1, k + 1))
    winner = "N-S" if r.games[0] == 2 else "E-W"
    assert f"{winner} win the rubber, 2 games to {min(r.games)}, in {k} deals." in out
    r.finish()
    ns, ew = r.totals
    assert f"Rubber totals: N-S {ns}, E-W {ew}" in out
    assert "250 for the rubber (Law 89 (royalton))" in out


def test_the_rubber_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    args = ["play", "--code", "auction", "--seed", "5", "--rubber", "--robot", "heuristic"]
    first = whist(*args, "--auto")
    assert first[0] == 0, first[2]
    assert first == whist(*args, "--auto")
    # The first deal is the deal of --seed itself, played at love.
    one = whist("play", "--code", "auction", "--seed", "5", "--robot", "heuristic", "--auto")
    assert "Deal 1 · dealer North · seed 5\nScore: N-S 0, E-W 0 below the line" in first[1]
    deal_one = one[1].split("Your hand (South)")[1]
    assert "Trick 13" in deal_one and deal_one in first[1]


# -- a match ---------------------------------------------------------------------------


def test_match_robots_play_for_the_deals_duplicate_score(spy: Spy) -> None:
    """A match's deals are scored alone (docs/spec.md §2.2.8; ``Table.score(duplicate=True)``),
    and the robots play for that: no rubber, no running match score."""
    m = play_match("auction", movement("two-pairs"), seed=4, player=robots.robots_at_table())
    assert m.plays and all(p.score.result.duplicate for p in m.plays)
    assert {score for _, score in spy.seen} == {ScoreContext(duplicate=True)}


def test_whist_match_seats_robots_playing_for_the_duplicate_score(spy: Spy, tmp_path: Path) -> None:
    code, _, err = whist(
        "match", "--code", "royals", "--movement", "two-pairs", "--out", str(tmp_path), "--quiet"
    )
    assert code == 0, err
    assert spy.seen
    assert {score for _, score in spy.seen} == {ScoreContext(duplicate=True)}


def test_a_rubber_score_can_still_be_asked_of_the_match_robots(spy: Spy) -> None:
    at = ScoreContext(duplicate=False, below=(20, 0))
    table = Table("auction", deal("auction", None, 1, seed=1))
    act = robots.robots_at_table(score=at)
    act(table, random.Random(1))
    assert spy.seen == [(1, at)]
