"""The web app's robots (``web.robots``, issue 18 item 4): the strong robot
thinks in the process pool, never in the server's event loop; a worker's
failure costs nothing but that action's strength; the rubber score reaches
the robots; ``whist serve --robots`` and ``whist bench server --robot-delay``."""

from __future__ import annotations

import logging
import os
import random
import time
import warnings
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.cards import Seat  # noqa: E402
from auctionwhist.cli import app as cli  # noqa: E402
from auctionwhist.records import CallMade, CardPlayed  # noqa: E402
from auctionwhist.robots.bidding import Explanation  # noqa: E402
from auctionwhist.robots.cardplay import MonteCarloPlayer  # noqa: E402
from auctionwhist.robots.pool import Answer, RobotPool  # noqa: E402
from auctionwhist.robots.view import ScoreContext, SeatView  # noqa: E402
from auctionwhist.web import robots as web_robots  # noqa: E402
from auctionwhist.web.app import create_app  # noqa: E402
from auctionwhist.web.bench import (  # noqa: E402
    children,
    free_port,
    post,
    run_bench,
    server_process,
    wait_until_up,
)
from auctionwhist.web.live import LiveTable  # noqa: E402
from auctionwhist.web.service import Service  # noqa: E402
from web_helpers import play_a_deal  # noqa: E402


def one_person(c: TestClient, code: str = "auction", seed: int = 4) -> str:
    """A deal with a person at South and robots at the other seats; his token."""
    r = c.post("/api/games", json={"kind": "deal", "code": code, "seed": seed, "humans": ["S"]})
    assert r.status_code == 201, r.text
    return str(r.json()["seats"]["S"].rsplit("/", 1)[-1])


def test_strong_robots_think_in_the_pool_not_in_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Were the server's own process to choose a strong robot's card, it would fail.
    def not_here(*_a: Any) -> int:
        raise AssertionError("a strong robot chose a card in the server's process")

    monkeypatch.setattr(MonteCarloPlayer, "card", not_here)
    url = f"sqlite:///{tmp_path / 'strong.sqlite3'}"
    with TestClient(create_app(url, robots="strong", robot_workers=1)) as c:
        svc: Service = c.app.state.service  # type: ignore[attr-defined]
        pool = svc.robots.pool
        assert pool is not None and pool.kind == "montecarlo"
        state = play_a_deal(c, one_person(c))
        assert state["phase"] == "done"
        lt = next(iter(svc.tables.values()))
        assert lt.table is not None and lt.table.play is not None
        play = lt.table.play
        acted = [
            ev.seat
            if isinstance(ev, CallMade)
            else play.declarer
            if ev.seat == play.dummy
            else ev.seat
            for ev in lt.table.events
            if isinstance(ev, CallMade | CardPlayed)
        ]
        by_robots = sum(1 for s in acted if s != Seat.SOUTH)
        assert by_robots > 26
        assert pool.answers >= by_robots  # every robot call and card came from a worker
        assert pool.restarts == 0
        pids = pool.pids()
        assert pids
    for pid in pids:  # the app's shutdown stopped them
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_worker_that_fails_costs_only_that_actions_strength(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Every answer from the pool lost (a worker died): the heuristic robot
    acts in its place, from the same view and seed, and it is logged."""

    def broken(self: RobotPool, view: SeatView, seed: int) -> Future[Answer]:
        f: Future[Answer] = Future()
        f.set_exception(BrokenProcessPool("a worker died"))
        return f

    monkeypatch.setattr(RobotPool, "think", broken)
    monkeypatch.setattr(RobotPool, "warm", lambda self, wait=True: None)
    url = f"sqlite:///{tmp_path / 'broken.sqlite3'}"
    with (
        caplog.at_level(logging.WARNING, logger="auctionwhist.web.robots"),
        TestClient(create_app(url, robots="strong")) as c,
    ):
        state = play_a_deal(c, one_person(c))
    assert state["phase"] == "done"
    failed = [r for r in caplog.records if "worker failed" in r.getMessage()]
    assert failed and "BrokenProcessPool" in failed[0].getMessage()
    assert "the heuristic robot acts for" in failed[0].getMessage()


def test_an_answer_for_a_table_that_moved_on_is_not_applied(tmp_path: Path) -> None:
    svc = Service(f"sqlite:///{tmp_path / 'moved.sqlite3'}")
    svc.create_game({"kind": "deal", "code": "auction", "seed": 4, "humans": ["N", "E", "S", "W"]})
    lt = next(iter(svc.tables.values()))
    assert lt.table is not None
    lt.seats[lt.table.to_act]["robot"] = True  # type: ignore[index]
    view = SeatView.of(lt.table, lt.table.to_act)  # type: ignore[arg-type]
    thought = web_robots.Thought(lt.table, lt.n, 1, view, Future())
    assert thought.current(lt)
    lt.n += 1  # an event since: an undo, a claim, a director's ruling
    assert not thought.current(lt)
    svc.close()


def test_a_call_from_the_pool_is_explained_as_the_robot_made_it(tmp_path: Path) -> None:
    """The pool's answer brings the call's explanation from the worker (a
    simulated slam there); the server keeps it and explains that call with
    it, not by deciding again; the other robots' calls are decided here."""
    svc = Service(f"sqlite:///{tmp_path / 'said.sqlite3'}")
    svc.create_game({"kind": "deal", "code": "royalton", "seed": 4, "humans": ["S"]})
    lt = next(iter(svc.tables.values()))
    t = lt.table
    assert t is not None and t.phase == "auction" and t.to_act is not None
    seat = t.to_act
    lt.seats[seat]["robot"] = True  # type: ignore[index]
    view = SeatView.of(t, seat)
    call = view.legal_calls[-1]  # a call no count would make here
    said = Explanation(call, "place_the_contract", "Hawley", "A meaning.", "As it was judged.")
    done: Future[Answer] = Future()
    done.set_result(Answer(CallMade(seat, call), said))
    thought = web_robots.Thought(t, lt.n, 1, view, done)
    svc.robots.answered(lt, thought, done.result())
    assert lt.explained == {(lt.deal_index, len(t.events) - 1): said}
    *before, entry = web_robots.explanations(lt, t.events, True)
    assert entry["call"] == str(call) and entry["full"] == "As it was judged."
    # the robots' calls before it, made here, are explained by deciding again
    robots_before = [e for e in before if e["robot"]]
    assert robots_before and all("full" in e for e in robots_before)
    svc.close()


def test_the_rubber_score_reaches_the_robots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a rubber table each robot is asked with the score below the line
    and the games won so far (Royalton 84, 93); a match's deals are each
    played alone (daw 7)."""
    seen: list[tuple[int, ScoreContext | None, tuple[int, int], tuple[int, int]]] = []
    real_act = web_robots.act
    svc: Service | None = None

    def act(t: Any, players: Any, rng: random.Random, score: Any = None) -> None:
        assert svc is not None
        lt = next(x for x in svc.tables.values() if x.table is t)
        assert lt.rubber is not None
        seen.append((lt.deal_index, score, lt.rubber.below, lt.rubber.games))
        real_act(t, players, rng, score)

    monkeypatch.setattr(web_robots, "act", act)
    monkeypatch.setattr(LiveTable, "is_robot", lambda self, seat: True)
    svc = Service(f"sqlite:///{tmp_path / 'rubber.sqlite3'}")
    svc.create_game({"kind": "rubber", "code": "royalton", "seed": 3, "humans": []})
    lt = next(iter(svc.tables.values()))
    assert lt.rubber is not None and lt.rubber.finished  # played through: no event loop
    assert all(
        s == ScoreContext(duplicate=False, below=below, games=games) for _d, s, below, games in seen
    )
    assert any(s is not None and s.below != (0, 0) for _d, s, _b, _g in seen)
    assert any(s is not None and s.games != (0, 0) for _d, s, _b, _g in seen)
    # A finished deal's calls are explained with the score they were made at.
    for d, _sc, t in lt.scores:
        if t is not None:
            at = next(s for dd, s, _b, _g in seen if dd == d)
            assert web_robots.score_at(lt, t.events) == at
    calls = svc.explained(lt.id, lt.scores[-1][2].events, full=True)  # type: ignore[union-attr]
    assert calls and all(c["robot"] for c in calls)
    svc.close()

    monkeypatch.setattr(web_robots, "act", real_act)
    match = Service(f"sqlite:///{tmp_path / 'match.sqlite3'}")
    made = match.create_game({"kind": "match", "code": "daw", "seed": 2, "deals": 1,
                              "movement": "two-teams-of-four", "players": []})  # fmt: skip
    mt = match.games[made["game"]].tables[0]
    assert web_robots.score_of(mt) == ScoreContext(duplicate=True)
    match.close()


def test_serve_names_the_robots_it_has() -> None:
    result = CliRunner().invoke(cli, ["serve", "--robots", "clever"])
    assert result.exit_code != 0
    assert "--robots 'clever': the robots are strong, heuristic" in result.output
    result = CliRunner().invoke(cli, ["serve", "--robot-workers", "0"])
    assert result.exit_code != 0 and "at least one process" in result.output


def test_bench_server_times_the_robots_beyond_their_delay() -> None:
    figures = run_bench(tables=1, think=0.01, robot_delay=0.05, robots="heuristic")
    assert figures["robots"] == "heuristic" and figures["robot_delay"] == 0.05
    # A deal of 52 cards, 39 or so the robots' (the bench's person plays the rest).
    assert 26 <= figures["robot_cards"] <= 52
    assert 0 <= figures["robot_card_p50_ms"] <= figures["robot_card_p95_ms"] < 1000
    assert figures["robot_pool"] is None  # the heuristic robots think in the server


@pytest.mark.slow
def test_bench_server_counts_the_strong_robots_views_and_stand_ins() -> None:
    """The bench stops the server as an operator would and reports its pool:
    every robot card and call came from a worker, and how many of them the
    heuristic robot answered for a view that waited out its budget."""
    figures = run_bench(tables=1, think=0.01, robot_delay=0.05, robots="strong",
                        robot_workers=1)  # fmt: skip
    pool = figures["robot_pool"]
    assert pool is not None and pool["failures"] == 0 and pool["restarts"] == 0
    assert pool["answers"] >= figures["robot_cards"] >= 26
    assert 0 <= pool["stood_in"] <= pool["answers"]


def test_the_workers_go_when_the_server_is_killed(tmp_path: Path) -> None:
    """A server killed outright (SIGKILL, no shutdown) leaves no robot
    thinking: each worker watches its parent."""
    port = free_port()
    proc = server_process(f"sqlite:///{tmp_path / 'k.sqlite3'}", port, 0.2, "strong", 2)
    try:
        wait_until_up(port, proc)
        post(port, "/api/games", {"kind": "deal", "code": "auction", "seed": 1, "humans": []})
        deadline = time.monotonic() + 60
        while len(workers := children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(workers) >= 2
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 20
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [p for p in workers if alive(p)]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_bench_person_answers_a_robot_declarers_claim() -> None:
    """The strong robots claim (daw 86): the bench's person, an adversary,
    is then to act, and answers it as the web app lets a person (the bench
    hung on such a claim before: it chose nothing)."""
    from auctionwhist.web.bench import choose
    from auctionwhist.web.intentions import apply
    from auctionwhist.web.views import state_view
    from test_web_robots_pool import mid_play

    for accepted in (True, False):
        t = mid_play(tricks=3, lead=True)
        assert t.play is not None and t.play.declarer is not None
        declarer = t.play.declarer
        t.claim(declarer, 13 - len(t.play.tricks))
        answering = t.to_act
        assert t.phase == "claim" and answering is not None
        msg = state_view(t, answering, dummy_shown=True, extra={"n": 1})
        rng = random.Random(0 if accepted else 1)
        while (intention := choose(msg, rng)) is not None and intention["accept"] != accepted:
            pass
        assert intention == {"type": "answer_claim", "accept": accepted}
        apply(t, answering, intention["type"], intention, laws=False)
        assert t.phase == ("claim" if accepted else "play")  # the other adversary, or play on


def test_a_web_robot_chooses_its_penalty_as_the_librarys_robots_do() -> None:
    """A robot entitled to a penalty at a web table is asked for it
    (``Player.rule``, through ``robots.player.decide``), as at a library
    table: not handed the first option the law offers. A lead out of turn
    (daw 69): the robot here calls a lead, the third option."""
    from types import SimpleNamespace

    from auctionwhist.dealing import deal
    from auctionwhist.records import Ruling
    from auctionwhist.robots.heuristic import HeuristicPlayer
    from auctionwhist.robots.player import act
    from auctionwhist.table import Table

    class CallsTheLead(HeuristicPlayer):
        def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
            return "call_lead", ""

    d = deal("daw", None, 1, seed=4)
    t = Table("daw", d, mode="laws")
    robots = {s: CallsTheLead() for s in Seat}
    rng = random.Random(0)
    while t.phase == "auction":
        act(t, robots, rng)
    assert t.play is not None and t.to_act is not None
    wrong = t.to_act.partner  # the leader's partner leads instead
    t.play_card(next(c for c in range(52) if t.play.hands[wrong] >> c & 1), seat=wrong)
    assert t.phase == "penalty"
    options = [o.key for o in t.penalties.pending.options]  # type: ignore[union-attr]
    assert options.index("call_lead") > 0  # not the first the law offers
    lt = SimpleNamespace(table=t, rng=rng, game=SimpleNamespace(kind="deal"), rubber=None)
    (ruling,) = web_robots.robot_turn(lt, robots)  # type: ignore[arg-type]
    assert isinstance(ruling, Ruling) and ruling.option == "call_lead"
