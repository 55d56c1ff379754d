"""Issue 17, Safety: publishing only when every tray is played everywhere,
Origin checks and security headers, the limit on new games, cancel and
stale games, and names that cannot split a PBN tag."""

from __future__ import annotations

import re
import socket
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from auctionwhist.cards import Deal, Seat  # noqa: E402
from auctionwhist.formats.pbn import export_pbn, parse_games  # noqa: E402
from auctionwhist.records import Dealt  # noqa: E402
from auctionwhist.table import Table  # noqa: E402
from auctionwhist.web.app import GameLimit, create_app  # noqa: E402
from auctionwhist.web.service import Service  # noqa: E402
from deals_helpers import PBN  # noqa: E402
from web_helpers import serving  # noqa: E402

EVIL = "http://evil.example"
MATCH = {"kind": "match", "code": "daw", "seed": 2, "movement": "two-teams-of-four", "deals": 1}


def tok(url: str) -> str:
    return url.rsplit("/", 1)[-1]


def svc_of(c: TestClient) -> Service:
    svc: Service = c.app.state.service  # type: ignore[attr-defined]
    return svc


def view_of(c: TestClient, d: str) -> dict[str, Any]:
    r = c.get(f"/api/director/{d}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def remaining(view: dict[str, Any]) -> int:
    return sum(t["deals"] - len(t["scores"]) for t in view["tables"] if not t["finished"])


# -- item 7: publishing ----------------------------------------------------------------


def test_publishing_is_refused_while_a_tray_remains_then_allowed(client: TestClient) -> None:
    # One person (the movement's first player) and robots: the robots' tables
    # finish alone, the person's wait for him.
    r = client.post("/api/games", json=MATCH)
    assert r.status_code == 201, r.text
    d, game = tok(r.json()["director"]), r.json()["game"]
    before = remaining(view_of(client, d))
    refused = client.post(f"/api/director/{d}/publish")
    after = remaining(view_of(client, d))  # the robots play on meanwhile
    assert refused.status_code == 409
    body = refused.json()
    assert body["error"] == "not_all_played" and "every tray" in body["message"]
    named = re.match(r"(\d+) plays? of trays remains?:", body["message"])
    assert named and before >= int(named[1]) >= after > 0
    # Nothing shows a tray's hands meanwhile.
    assert not view_of(client, d)["published"]
    for path in (f"/r/{game}", f"/api/results/{game}", f"/api/results/{game}.pbn",
                 f"/api/results/{game}.json"):  # fmt: skip
        assert client.get(path).status_code == 403, path

    # The director enters the person's results from the score-card until
    # every tray is played at every table; then publishing goes through.
    for _ in range(400):
        view = view_of(client, d)
        if view["finished"]:
            break
        for t in view["tables"]:
            people = not all(s["robot"] for s in t["seats"].values())
            if people and not t["finished"] and t["phase"] != "waiting":
                e = client.post(f"/api/director/{d}/results", json={
                    "table": t["table"], "deal": t["deal"], "contract": "1S", "declarer": "N",
                    "tricks": 7})  # fmt: skip
                assert e.status_code == 200, e.text
        time.sleep(0.01)
    assert view_of(client, d)["finished"] and remaining(view_of(client, d)) == 0
    ok = client.post(f"/api/director/{d}/publish")
    assert ok.status_code == 200, ok.text
    assert client.get(f"/r/{game}").status_code == 200
    assert client.get(f"/api/results/{game}.pbn").text.count("[Deal ") >= 4


def test_a_cancelled_match_may_be_published_with_what_was_played(client: TestClient) -> None:
    r = client.post("/api/games", json=MATCH)
    d, game = tok(r.json()["director"]), r.json()["game"]
    assert client.post(f"/api/director/{d}/publish").status_code == 409
    assert client.delete(f"/api/director/{d}").status_code == 200
    # No table will play again, so no tray's hands can reach a table early.
    assert client.post(f"/api/director/{d}/publish").status_code == 200
    assert client.get(f"/r/{game}").status_code == 200


# -- item 8: Origin checks and headers --------------------------------------------------


def test_a_cross_origin_text_plain_post_does_not_publish(client: TestClient) -> None:
    r = client.post("/api/games", json={**MATCH, "players": []})
    d, game = tok(r.json()["director"]), r.json()["game"]
    svc = svc_of(client)
    for _ in range(400):
        if svc.games[game].row.finished:
            break
        time.sleep(0.01)
    forged = client.post(f"/api/director/{d}/publish", content="x",
                         headers={"origin": EVIL, "content-type": "text/plain"})  # fmt: skip
    assert forged.status_code == 403
    assert forged.json()["error"] == "cross_origin" and EVIL in forged.json()["message"]
    assert not svc.games[game].row.published
    # The browser's own word is enough without an Origin.
    sneaky = client.post(f"/api/director/{d}/publish", headers={"sec-fetch-site": "cross-site"})
    assert sneaky.status_code == 403 and not svc.games[game].row.published
    # The server's own page may.
    own = client.post(f"/api/director/{d}/publish", headers={"origin": "http://testserver"})
    assert own.status_code == 200 and svc.games[game].row.published


def test_a_cross_origin_form_does_not_create_a_match(client: TestClient) -> None:
    svc = svc_of(client)
    form = {"start": "match", "code": "daw"}
    r = client.post("/start", data=form, headers={"origin": EVIL}, follow_redirects=False)
    assert r.status_code == 403 and "own pages, and it comes from" in r.text
    assert r.headers["content-type"].startswith("text/html")
    assert svc.games == {}
    r = client.post("/start", data=form, headers={"origin": "null"}, follow_redirects=False)
    assert r.status_code == 403 and svc.games == {}
    r = client.post("/start", data=form, headers={"origin": "http://testserver"},
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303 and len(svc.games) == 1


def test_every_state_changing_route_checks_the_origin(client: TestClient) -> None:
    r = client.post("/api/games", json=MATCH)
    d = tok(r.json()["director"])
    table = view_of(client, d)["tables"][0]["table"]
    evil = {"origin": EVIL}
    assert client.post("/api/games", json=MATCH, headers=evil).status_code == 403
    body = {"table": table, "deal": 0, "contract": "1S", "declarer": "N", "tricks": 7}
    assert client.post(f"/api/director/{d}/results", json=body, headers=evil).status_code == 403
    rule = {"table": table, "seat": "N", "option": "x"}
    assert client.post(f"/api/director/{d}/rule", json=rule, headers=evil).status_code == 403
    assert client.delete(f"/api/director/{d}", headers=evil).status_code == 403
    assert not svc_of(client).games[r.json()["game"]].row.finished
    # Reading is not refused: a link opened from elsewhere still works.
    assert client.get(f"/d/{d}", headers=evil).status_code == 200


def test_the_websocket_refuses_another_origin(client: TestClient) -> None:
    r = client.post("/api/games", json={"kind": "deal", "code": "auction", "humans": ["S"]})
    seat = tok(r.json()["seats"]["S"])
    bad = client.websocket_connect(f"/ws/{seat}", headers={"origin": EVIL})
    with pytest.raises(WebSocketDisconnect), bad as ws:
        ws.receive_text()
    with client.websocket_connect(f"/ws/{seat}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "ping"})
        assert '"pong"' in ws.receive_text()


def _handshake(port: int, path: str, origin: str) -> str:
    """A real WebSocket handshake over TCP; the status line answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
            ).encode()
        )
        return s.recv(4096).split(b"\r\n", 1)[0].decode()


def test_a_real_websocket_handshake_with_another_origin_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ws.sqlite3'}"
    with TestClient(create_app(url)) as c:
        r = c.post("/api/games", json={"kind": "deal", "code": "auction", "humans": ["S"]})
        seat = tok(r.json()["seats"]["S"])
    with serving(url) as port:
        assert " 403 " in _handshake(port, f"/ws/{seat}", EVIL)
        assert " 101 " in _handshake(port, f"/ws/{seat}", f"http://127.0.0.1:{port}")


def test_security_headers_on_a_page_an_api_answer_and_a_static_file(client: TestClient) -> None:
    for path in ("/", "/api/seat/nobody", "/static/app.css", "/r/nothing"):
        h = client.get(path).headers
        csp = h["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "same-origin"
    refused = client.post("/api/games", json={}, headers={"origin": EVIL})
    assert refused.headers["referrer-policy"] == "same-origin"


# -- item 9: the limit on new games, cancel, stale games -------------------------------------


def test_game_limit_counts_a_sliding_window_per_address() -> None:
    now = [0.0]
    limit = GameLimit(2, 60.0, clock=lambda: now[0])
    assert limit.take("a") == 0 and limit.take("a") == 0
    assert limit.take("a") == pytest.approx(60.0)
    assert limit.take("b") == 0  # another address has its own count
    now[0] = 30.0
    assert limit.take("a") == pytest.approx(30.0)
    now[0] = 60.0
    assert limit.take("a") == 0


def test_creating_games_past_the_limit_is_refused_with_429(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'l.sqlite3'}", games_per_minute=3)) as c:
        spec = {"kind": "deal", "code": "auction", "humans": ["S"]}
        assert [c.post("/api/games", json=spec).status_code for _ in range(3)] == [201] * 3
        r = c.post("/api/games", json=spec)
        assert r.status_code == 429 and r.json()["error"] == "too_many_games"
        assert "at most 3 new games a minute" in r.json()["message"]
        assert 0 < int(r.headers["retry-after"]) <= 60
        page = c.post("/start", data={"start": "deal", "code": "daw"}, follow_redirects=False)
        assert page.status_code == 429 and "at most 3 new games" in page.text
        assert len(svc_of(c).games) == 3
        # Playing is not limited.
        assert c.get("/").status_code == 200


def test_the_director_cancels_an_all_robot_match(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    spec = {**MATCH, "players": [], "deals": 99}
    with TestClient(create_app(url, robot_delay=0.002)) as c:
        r = c.post("/api/games", json=spec)
        d, game = tok(r.json()["director"]), r.json()["game"]
        assert c.delete("/api/director/not-a-token").status_code == 404
        r = c.delete(f"/api/director/{d}")
        assert r.status_code == 200 and r.json() == {"game": game, "ended": True}
        svc = svc_of(c)
        n = sum(lt.n for lt in svc.games[game].tables)
        time.sleep(0.2)
        assert sum(lt.n for lt in svc.games[game].tables) == n  # no robot plays on
        view = view_of(c, d)
        assert view["finished"] and all(t["finished"] for t in view["tables"])
        assert remaining(view) == 0
    with TestClient(create_app(url, robot_delay=0.002)) as c:  # and after a restart
        assert svc_of(c).games[game].row.finished
        time.sleep(0.1)
        assert sum(lt.n for lt in svc_of(c).games[game].tables) == n


def test_a_stale_game_is_ended_on_load_and_a_fresh_one_is_not(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    spec = {"kind": "deal", "code": "auction", "humans": ["S"]}
    with TestClient(create_app(url)) as c:
        game = c.post("/api/games", json=spec).json()["game"]
    with TestClient(create_app(url, stale_after=3600)) as c:
        assert not svc_of(c).games[game].row.finished
    time.sleep(0.05)
    with TestClient(create_app(url, stale_after=0.01)) as c:
        svc = svc_of(c)
        assert svc.games[game].row.finished
        assert all(lt.finished for lt in svc.games[game].tables)
    with TestClient(create_app(url, stale_after=3600)) as c:  # it stays ended
        assert svc_of(c).games[game].row.finished


# -- item 10: names in PBN tags ----------------------------------------------------------


def test_a_newline_in_a_name_cannot_split_a_pbn_tag() -> None:
    t = Table("daw", Deal.from_pbn(PBN, number=5))
    assert isinstance(t.events[0], Dealt)
    name = 'Ann\n[Result "13"]\r\x00\u2028'
    text = export_pbn(t.events, players={Seat.NORTH: name}, event='Club "A"\nB')
    (game,) = parse_games(text)
    assert game.tags["North"] == 'Ann [Result "13"]   '
    assert game.tags["Event"] == 'Club "A" B'
    assert game.tags["Result"] == ""
    assert [line for line in text.splitlines() if line.startswith("[Result ")] == ['[Result ""]']


@pytest.mark.parametrize("name", ['Ann\n[Result "13"]', "Bob\rX", "Tab\there"])
def test_a_name_with_a_control_character_is_refused(client: TestClient, name: str) -> None:
    spec = {"kind": "deal", "code": "auction", "humans": ["S"], "names": {"S": name}}
    r = client.post("/api/games", json=spec)
    assert r.status_code == 400 and "control character" in r.json()["message"]
    page = client.post("/start", data={"start": "deal", "code": "daw", "name": name},
                       follow_redirects=False)  # fmt: skip
    assert page.status_code == 400 and "control character" in page.text
