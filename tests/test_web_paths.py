"""Issue 17, dead ends: every path from the home page ends well and leads on.

A single deal leads to the next (a series, the total kept); a solo match is
published when its last play ends and its player is told where the results
are; a director's match of people shows each player's link; and every
movement and table count the director's form allows is played or refused
with its reason, never a server error.
"""

from __future__ import annotations

import asyncio
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.duplicate.movements import MOVEMENTS, table_counts  # noqa: E402
from auctionwhist.duplicate.validate import validate  # noqa: E402
from auctionwhist.web.app import create_app  # noqa: E402
from auctionwhist.web.bench import choose  # noqa: E402
from auctionwhist.web.pages import MAX_TABLES  # noqa: E402
from auctionwhist.web.service import Conn, Service, WebError  # noqa: E402


def _start(c: TestClient, **form: str) -> Any:
    return c.post("/start", data=form, follow_redirects=False)


def _tok(link: str) -> str:
    return link.rsplit("/", 1)[-1]


async def _play(service: Service, token: str, *, stop: Any, seed: int = 1) -> list[str]:
    """One person's random legal intentions (robots elsewhere) until
    ``stop(service)``; the types of the messages he was sent."""
    rng = random.Random(seed)
    c = Conn(token)
    service.subscribe(c)
    c.push(service.catch_up(token, None)[0])
    seen: list[str] = []
    for _ in range(20000):
        await asyncio.sleep(0)
        if stop(service):
            break
        if c.queue.empty():
            continue
        msg = c.queue.get_nowait()
        seen.append(msg["type"])
        if msg["type"] in ("moved", "game_over"):
            c.push(service.catch_up(token, None)[0])
            continue
        if msg["type"] not in ("event", "state") or "phase" not in msg or msg.get("finished"):
            continue
        action = choose(msg, rng)
        if action is None or msg.get("phase") == "finished":
            continue
        try:
            service.submit(c, action)
        except WebError:
            continue  # a "next" already sent from an earlier message of the deal
        await service.durable()
    else:
        raise AssertionError("the game did not get there")
    while not c.queue.empty():
        seen.append(c.queue.get_nowait()["type"])
    service.unsubscribe(c)
    return seen


# -- 1. a single deal, then the next ----------------------------------------------


def test_a_single_deal_leads_to_the_next_with_the_total_kept(tmp_path: Path) -> None:
    service = Service(f"sqlite:///{tmp_path}/s.sqlite3")
    made = service.create_game({"kind": "deal", "code": "daw", "series": True, "seed": 5})
    token = _tok(made["seats"]["S"])
    lt, _ = service.current(token)
    asyncio.run(_play(service, token, stop=lambda s: lt.deal_index == 2))
    # Two deals scored, the third dealt: the table goes on as long as the player likes.
    assert [d for d, _sc, _t in lt.scores] == [0, 1] and not lt.finished
    card = service.scorecard(token)
    assert len(card) == 2
    # The running total is the sum of the deals' scores (the seat's card).
    state = service.catch_up(token, None)[0]
    assert isinstance(state, dict) and state["deal"] == 2 and not state["finished"]
    assert [r["score"] for r in state["scorecard"]] == [r["score"] for r in card]
    service.close()


def test_a_game_of_one_deal_is_still_one_deal_and_a_series_needs_a_person(
    client: TestClient,
) -> None:
    """The API's default is unchanged (one deal); robots alone would deal on
    for ever, so a series without a person is refused."""
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    one = client.post("/api/games", json={"kind": "deal", "code": "daw"}).json()
    lt, _ = svc.current(_tok(one["seats"]["S"]))
    assert lt.deals_planned == 1
    r = client.post("/api/games", json={"kind": "deal", "code": "daw", "series": True,
                                        "humans": []})  # fmt: skip
    assert r.status_code == 400 and "needs a person" in r.json()["message"]
    r = client.post("/api/games", json={"kind": "rubber", "code": "daw", "series": True})
    assert r.status_code == 400 and "for a deal only" in r.json()["message"]


def test_the_home_pages_single_deal_and_friends_table_are_series(client: TestClient) -> None:
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    seat = _start(client, start="deal", code="whist").headers["location"]
    assert svc.current(_tok(seat))[0].deals_planned is None
    # Under daw a table for friends overplays its trays (tests/test_web_overplay.py).
    director = _start(client, start="friends", code="royals").headers["location"]
    game = svc.game_of_director(_tok(director))
    assert game.row.spec["series"] and game.tables[0].deals_planned is None


def test_a_rubber_ends_and_the_table_offers_another(tmp_path: Path) -> None:
    service = Service(f"sqlite:///{tmp_path}/r.sqlite3")
    made = service.create_game({"kind": "rubber", "code": "auction", "seed": 2})
    token = _tok(made["seats"]["S"])
    lt, _ = service.current(token)
    seen = asyncio.run(_play(service, token, stop=lambda s: lt.finished and not s.tasks))
    assert lt.rubber is not None and lt.rubber.finished
    assert "game_over" in seen  # the page learns the game is over at once
    state = service.catch_up(token, None)[0]
    assert isinstance(state, dict) and state["finished"] and state["rubber"]["finished"]
    assert state["results"] is None  # a rubber is not published: no results link
    service.close()


# -- 2. a solo match reaches its results ---------------------------------------------


def test_a_solo_match_is_published_when_its_last_play_ends(tmp_path: Path) -> None:
    """docs/decisions.md: the home page's match has no director but its one
    player, so it is published when every tray is played everywhere."""
    service = Service(f"sqlite:///{tmp_path}/m.sqlite3")
    made = service.create_game({"kind": "match", "code": "daw", "movement": "two-teams-of-four",
                                "deals": 2, "seed": 3, "self_directed": True})  # fmt: skip
    token = _tok(next(iter(made["players"].values())))
    game = service.games[made["game"]]
    with pytest.raises(WebError) as refused:
        service.results(game.row.id)
    assert refused.value.status == 403  # not before the end
    seen = asyncio.run(_play(service, token, stop=lambda s: game.row.finished and not s.tasks))
    assert game.row.published and "game_over" in seen
    state = service.catch_up(token, None)[0]
    assert isinstance(state, dict) and state["results"] == f"/r/{game.row.id}"
    assert service.results(game.row.id)["kind"] == "match"
    service.close()
    # Published in the database too: a restart keeps it.
    again = Service(f"sqlite:///{tmp_path}/m.sqlite3")
    assert again.games[game.row.id].row.published
    again.close()


def test_a_directors_match_is_not_published_by_its_end(client: TestClient) -> None:
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    r = client.post("/api/games", json={"kind": "match", "code": "daw", "seed": 2,
                                        "movement": "two-teams-of-four", "deals": 1,
                                        "players": []})  # fmt: skip
    game = svc.games[r.json()["game"]]
    for _ in range(400):
        if game.row.finished:
            break
        client.get("/api/director/" + _tok(r.json()["director"]))
    assert game.row.finished and not game.row.published
    assert client.get(f"/r/{game.row.id}").status_code == 403


# -- 3. the players' links on the director's page ------------------------------------


def test_a_match_of_people_shows_every_players_link_to_the_director(client: TestClient) -> None:
    director = _start(client, start="direct", code="daw", movement="howell-teams", tables="3",
                      players="all").headers["location"]  # fmt: skip
    api = client.get("/api" + director.replace("/d/", "/director/")).json()
    html = client.get(director).text
    shown = dict(re.findall(r'class="seat-link" data-player="([^"]+)">[^<]*(/t/[^<]+)</a>', html))
    assert len(shown) == 12 and shown == api["links"]
    # Each with the table and seat he sits at first.
    assert re.search(r"<td class=\"seat\">a\.N</td>\s*<td>table \d+, North</td>", html)


# -- 4. every movement and table count the form allows ----------------------------


def test_howell_and_gilman_teams_past_26_teams_are_sound() -> None:
    """The seed's systems hold for any odd number (Howell) or any number
    (Gilman); the teams past z are lettered aa, ab, ..."""
    assert table_counts("howell-teams", MAX_TABLES) == tuple(range(3, MAX_TABLES + 1, 2))
    assert table_counts("gilman-teams", MAX_TABLES) == tuple(range(2, MAX_TABLES + 1))
    for name, n in (("howell-teams", 33), ("gilman-teams", 27), ("gilman-teams", 34)):
        report = validate(MOVEMENTS[name](n))
        assert report.ok, report
    players = MOVEMENTS["howell-teams"](29).players
    assert len(set(players)) == 4 * 29 and "ac.N" in players


def test_every_movement_and_table_count_the_form_allows_is_played_or_refused(
    tmp_path: Path,
) -> None:
    # Some 500 games from one address: past the per-address limit on new games.
    app = create_app(f"sqlite:///{tmp_path}/f.sqlite3", games_per_minute=10_000)
    with TestClient(app) as client:
        _every_movement_and_table_count(client)


def _every_movement_and_table_count(client: TestClient) -> None:
    for name in MOVEMENTS:
        allowed = table_counts(name, MAX_TABLES)
        for n in range(1, MAX_TABLES + 1):
            r = _start(client, start="direct", code="daw", movement=name, tables=str(n),
                       players="all")  # fmt: skip
            assert r.status_code < 500, (name, n, r.text)
            if n in allowed:
                assert r.status_code == 303, (name, n, r.text)
            else:
                assert r.status_code == 400 and name in r.text, (name, n)
                # The API refuses it too, with the movement's reason.
                api = client.post("/api/games", json={"kind": "match", "code": "daw",
                                                      "movement": name, "tables": n,
                                                      "players": []})  # fmt: skip
                assert api.status_code == 400 and name in api.json()["message"], (name, n)


def test_the_form_tells_each_movements_table_counts(client: TestClient) -> None:
    html = client.get("/").text
    counts = dict(re.findall(r'<option value="([a-z-]+)" data-tables="([\d ]*)"', html))
    assert set(counts) == set(MOVEMENTS)
    assert counts["two-pairs"] == "1" and counts["howell-teams"].split()[-1] == "33"
    assert 'id="tables-note"' in html


def test_a_cancelled_solo_match_is_not_published_by_itself(tmp_path: Path) -> None:
    """Only a match played out is published without a director: one ended
    early shows no winner, even after a restart ends it for good."""
    url = f"sqlite:///{tmp_path}/c.sqlite3"
    service = Service(url)
    made = service.create_game({"kind": "match", "code": "daw", "movement": "two-teams-of-four",
                                "deals": 1, "seed": 4, "self_directed": True})  # fmt: skip
    asyncio.run(service.cancel(_tok(made["director"])))
    game = service.games[made["game"]]
    assert game.row.finished and not game.row.published
    service.close()
    again = Service(url)
    asyncio.run(again.resume())
    assert not again.games[made["game"]].row.published
    again.close()
