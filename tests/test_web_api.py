"""The HTTP API and the seat WebSocket (docs/web-protocol.md), bad input
included (issue 7 §6): a clear error, and nothing changed."""

from __future__ import annotations

import asyncio
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from auctionwhist.web.db import EventRow, GameRow  # noqa: E402
from auctionwhist.web.service import Service  # noqa: E402
from auctionwhist.web.ws import frame_of, split_frame  # noqa: E402
from web_helpers import connect  # noqa: E402


def tok(url: str) -> str:
    return url.rsplit("/", 1)[-1]


def events_stored(c: TestClient) -> int:
    svc: Service = c.app.state.service  # type: ignore[attr-defined]
    with svc.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(EventRow)).scalar_one())


def new_deal(c: TestClient, **spec: Any) -> dict[str, Any]:
    body = {"kind": "deal", "code": "auction", "seed": 4, "humans": ["S"], **spec}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def recv_until(ws: Any, pred: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("no such message")


def test_create_game_gives_separate_unguessable_links(client: TestClient) -> None:
    g = new_deal(client, humans=["N", "E", "S", "W"])
    links = [tok(u) for u in g["seats"].values()] + [tok(g["director"])]
    assert len(set(links)) == 5 and all(len(t) >= 32 for t in links)
    info = client.get(f"/api/seat/{tok(g['seats']['E'])}").json()
    assert info["seat"] == "E" and info["code"] == "auction"
    assert tok(g["director"]) not in str(info)
    d = client.get(f"/api/director/{tok(g['director'])}").json()
    assert d["tables"][0]["phase"] == "auction"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"kind": "tourney", "code": "daw"}, "malformed"),
        ({"kind": "deal", "code": "bridge"}, "bad_code"),
        ({"kind": "deal", "code": "daw", "humans": ["X"]}, "malformed"),
        ({"kind": "match", "code": "daw", "movement": "no-such"}, "bad_movement"),
        ({"kind": "deal", "code": "daw", "seed": "x"}, "malformed"),
    ],
)
def test_bad_game_specs_are_refused(client: TestClient, body: dict[str, Any], error: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and r.json()["error"] == error


def test_law_daw_7_no_rubbers_under_daw(client: TestClient) -> None:
    """Law 7 (daw): each deal is scored alone, so there is no rubber to start."""
    r = client.post("/api/games", json={"kind": "rubber", "code": "daw"})
    assert r.status_code == 400 and "(daw)" in r.json()["message"]


def test_forged_tokens_and_oversized_bodies(client: TestClient) -> None:
    assert client.get("/api/seat/forged-token").json()["error"] == "no_such_link"
    assert client.get("/api/director/forged-token").status_code == 404
    with connect(client, "/ws/forged") as ws:
        assert ws.receive_json()["error"] == "no_such_link"
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404
    r = client.post("/api/games", content=b"{" + b" " * 70000 + b"}")
    assert r.status_code == 413
    r = client.post("/api/games", content=b"not json")
    assert r.status_code == 400 and r.json()["error"] == "malformed"


def test_one_person_plays_a_whole_deal_under_each_code(client: TestClient) -> None:
    for code in ("daw", "auction", "royals", "royalton", "whist"):
        g = new_deal(client, code=code)
        t = tok(g["seats"]["S"])
        with connect(client, f"/ws/{t}") as ws:
            ws.send_json({"type": "hello"})
            msg = ws.receive_json()
            assert msg["type"] == "state" and len(msg["hand"]) == 13
            for _ in range(400):
                if msg.get("phase") == "done":
                    break
                if msg.get("my_turn") and msg["type"] in ("state", "event"):
                    if msg["phase"] == "auction":
                        ws.send_json({"type": "call", "call": msg["legal_calls"][0], "ref": "r"})
                    elif msg["phase"] == "play":
                        ws.send_json({"type": "play", "card": msg["legal_cards"][-1], "ref": "r"})
                    elif msg["phase"] == "bridging":
                        ws.send_json({"type": "bridge"})
                msg = ws.receive_json()
                if msg["type"] == "ack":
                    # Acknowledged only once written: the event is in the database.
                    assert msg["ref"] == "r" and events_stored(client) >= msg["n"]
            assert msg.get("phase") == "done", code
        info = client.get(f"/api/seat/{t}").json()
        assert info["history"] and info["history"][0]["score"] is not None
        table = info["table"]
        assert client.get(f"/api/seat/{t}/deal/{table}/0.pbn").text.startswith("[")
        log = client.get(f"/api/seat/{t}/deal/{table}/0.json").json()
        assert log["events"][0]["type"] == "dealt"


def test_bad_messages_change_nothing(client: TestClient) -> None:
    g = new_deal(client, humans=["N", "E", "S", "W"], code="auction")
    north = tok(g["seats"]["N"])
    east = tok(g["seats"]["E"])
    stored = events_stored(client)
    with connect(client, f"/ws/{east}") as ws:
        ws.send_json({"type": "hello"})
        state = ws.receive_json()
        assert state["to_act"] != "E"  # the dealer (North) calls first
        for bad, error in (
            ("not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"type": "shout"}', "malformed"),
            ('{"type": "call", "call": "9Z"}', "bad_call"),
            ('{"type": "call", "call": "1H"}', "out_of_turn"),
            ('{"type": "play", "card": "SA"}', "not_now"),
            ('{"type": "claim", "tricks": "all"}', "malformed"),
            ('{"type": "call", "call": "pass", "pad": "' + "x" * 5000 + '"}', "too_large"),
        ):
            ws.send_text(bad)
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"] == error, (bad, msg)
        ws.send_json({"type": "hello", "last": None})
        again = ws.receive_json()
    assert events_stored(client) == stored
    assert again["calls"] == state["calls"] and again["n"] == state["n"]
    # Enforce mode: a double with no declaration to double is refused, citing the law.
    with connect(client, f"/ws/{north}") as ws:
        ws.send_json({"type": "hello"})
        ws.receive_json()
        ws.send_json({"type": "call", "call": "X", "ref": 1})
        msg = recv_until(ws, lambda m: m["type"] in ("error", "ack"))
        assert msg["type"] == "error" and msg["error"] == "illegal"
        assert "(auction)" in msg["message"] and msg["ref"] == 1


def test_illegal_card_in_enforce_mode_is_refused_with_the_law(client: TestClient) -> None:
    g = new_deal(client, humans=["N", "E", "S", "W"], code="auction")
    seats = {s: tok(u) for s, u in g["seats"].items()}
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    lt = next(iter(svc.tables.values()))
    t = lt.table
    assert t is not None
    # Bid 1 spade and three passes, through the sockets.
    order = ["N", "E", "S", "W"]
    for i, call in enumerate(["1S", "pass", "pass", "pass"]):
        with connect(client, f"/ws/{seats[order[i]]}") as ws:
            ws.send_json({"type": "call", "call": call})
            assert recv_until(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    assert t.phase == "play"
    assert t.to_act is not None
    leader = "NESW"[t.to_act]
    with connect(client, f"/ws/{seats[leader]}") as ws:
        ws.send_json({"type": "hello"})
        st = ws.receive_json()
        lead = st["legal_cards"][0]
        ws.send_json({"type": "play", "card": lead})
        recv_until(ws, lambda m: m["type"] == "ack")
    assert t.to_act is not None
    nxt = "NESW"[t.to_act]
    with connect(client, f"/ws/{seats[nxt]}") as ws:
        ws.send_json({"type": "hello"})
        st = ws.receive_json()
        wrong = [c for c in st["hand"] if c not in st["legal_cards"]]
        assert wrong, "seed 4: the second hand holds the suit led"
        if wrong:  # any card but the suit led renounces
            before = events_stored(client)
            ws.send_json({"type": "play", "card": wrong[0]})
            msg = recv_until(ws, lambda m: m["type"] == "error")
            assert msg["error"] == "illegal" and "Law" in msg["message"]
            assert events_stored(client) == before


def test_catch_up_from_the_last_event_number(client: TestClient) -> None:
    g = new_deal(client, code="royalton")
    t = tok(g["seats"]["S"])
    with connect(client, f"/ws/{t}") as ws:
        ws.send_json({"type": "hello", "last": 0})
        first = [ws.receive_json() for _ in range(2)]
    assert [m["n"] for m in first] == [1, 2]
    assert first[0]["event"]["type"] == "deal" and len(first[0]["event"]["hand"]) == 13
    assert "hands" not in first[0]["event"] and "pbn" not in str(first[0])


def test_laws_mode_irregularity_and_ruling(client: TestClient) -> None:
    """Law 57 (daw): a call out of turn awaits the adversaries' choice."""
    g = new_deal(client, code="daw", mode="laws", humans=["N", "E", "S", "W"])
    seats = {s: tok(u) for s, u in g["seats"].items()}
    with connect(client, f"/ws/{seats['S']}") as ws:
        ws.send_json({"type": "hello"})
        st = ws.receive_json()
        assert st["to_act"] != "S"
        ws.send_json({"type": "call", "call": "1H", "ref": "oot"})
        pen = recv_until(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "penalty")
        assert "(daw)" in pen["event"]["law"]
        chooser = pen["event"]["choosers"][0]
        option = pen["event"]["options"][0]["key"]
        recv_until(ws, lambda m: m["type"] == "ack")
    d = tok(g["director"])
    r = client.post(
        f"/api/director/{d}/rule",
        json={
            "table": client.get(f"/api/seat/{seats['S']}").json()["table"],
            "seat": chooser,
            "option": option,
        },
    )
    assert r.status_code == 200, r.text
    assert client.get(f"/api/director/{d}").json()["tables"][0]["penalty"] is None


def test_director_match_enter_result_publish(client: TestClient) -> None:
    r = client.post("/api/games", json={"kind": "match", "code": "daw", "seed": 2,
                                        "movement": "two-teams-of-four", "deals": 2,
                                        "players": []})  # fmt: skip
    assert r.status_code == 201, r.text
    d = tok(r.json()["director"])
    game = r.json()["game"]
    assert client.get(f"/api/results/{game}").status_code == 403
    view = client.get(f"/api/director/{d}").json()
    assert view["tables"] and all(t["phase"] in ("done", "auction", "play", "waiting", "claim",
                                                 "bridging") for t in view["tables"])  # fmt: skip
    # Robots play every table; wait for them.
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    for _ in range(200):
        if svc.games[game].row.finished:
            break
        client.get(f"/api/director/{d}")
    assert svc.games[game].row.finished
    first = view["tables"][0]["table"]
    r = client.post(f"/api/director/{d}/results",
                    json={"table": first, "deal": 0, "declarer": "N", "contract": "3H",
                          "tricks": 9})  # fmt: skip
    assert r.status_code == 200, r.text
    row = client.get(f"/api/director/{d}").json()["tables"][0]["scores"][0]
    assert row["score"] is not None
    bad = client.post(f"/api/director/{d}/results", json={"table": first, "deal": 0,
                                                           "tricks": 14})  # fmt: skip
    assert bad.status_code == 400
    assert client.post(f"/api/director/{d}/publish").json()["published"]
    res = client.get(f"/api/results/{game}").json()
    assert res["result"]["code"] == "daw" and res["travellers"]
    assert "<html" in res["html"]["result"].lower()
    assert client.get(f"/api/results/{game}.pbn").text.count("[Deal ") >= 4


def test_one_writer_sends_each_seat_its_event_and_the_actor_its_ack_after(
    client: TestClient,
) -> None:
    """Issue 7 §5: the frames of a group commit are written by one task for all
    sockets (web.ws), one frame per socket: each seat gets the event, and the
    seat that acted gets it and then the ack of its intention (matched by
    ``ref``) in the same frame, one JSON text per line (docs/web-protocol.md)."""
    g = new_deal(client, humans=["N", "E", "S", "W"])
    toks = {s: tok(u) for s, u in g["seats"].items()}
    with (
        connect(client, f"/ws/{toks['N']}") as n,
        connect(client, f"/ws/{toks['E']}") as e,
        connect(client, f"/ws/{toks['S']}") as s,
        connect(client, f"/ws/{toks['W']}") as w,
    ):
        states = {}
        for seat, ws in zip("NESW", (n, e, s, w), strict=True):
            ws.send_json({"type": "hello"})
            states[seat] = ws.receive_json()
        actor = next(seat for seat, st in states.items() if st["my_turn"])
        sock = dict(zip("NESW", (n, e, s, w), strict=True))
        call = states[actor]["legal_calls"][0]
        sock[actor].send_json({"type": "call", "call": call, "ref": 7})
        for seat, ws in sock.items():
            ev = ws.receive_json()
            assert ev["type"] == "event" and ev["event"]["type"] == "call_made", seat
            assert ev["n"] == states[seat]["n"] + 1
            assert (
                ev["my_turn"] is (seat == ev["to_act"]) and ("legal_calls" in ev) is ev["my_turn"]
            )
            assert ws.frames == 2  # the state, then this action's frame
        ack = sock[actor].receive_json()
        assert ack == {"type": "ack", "n": states[actor]["n"] + 1, "ref": 7}
        assert sock[actor].frames == 2  # the ack came in the event's frame
        assert all(not ws.pending for ws in sock.values())


def test_split_frame_splits_on_line_feeds_only() -> None:
    """A frame's messages are split on LF alone: U+2028 stands unescaped inside
    a JSON string (a player's name) and is not a line break here."""
    msgs: list[dict[str, Any]] = [{"type": "event", "name": "A\u2028B\nC"}, {"type": "ack", "n": 3}]
    frame = frame_of(msgs)
    assert "\u2028".encode() in frame and frame.count(b"\n") == 1
    assert split_frame(frame) == msgs
    assert split_frame(frame.decode()) == msgs
    assert frame_of(msgs[1:]) == b'{"type":"ack","n":3}'  # one message: one JSON text


def test_a_game_played_out_is_marked_finished_in_the_database(client: TestClient) -> None:
    """Issue 7 §5: the game's end is written with its last events (one group
    commit), so a restarted server knows the game is over."""
    g = new_deal(client, humans=[])  # robots only: they play it out in the app's loop
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    query = select(GameRow.finished).where(GameRow.id == g["game"])
    for _ in range(500):
        with svc.engine.connect() as conn:
            if conn.execute(query).scalar_one():
                break
        time.sleep(0.01)
    else:
        raise AssertionError("the game was not marked finished")
    assert svc.games[g["game"]].row.finished and events_stored(client) > 52


def test_a_failed_group_commit_acknowledges_nothing(tmp_path: Path) -> None:
    """Issue 7 §5: if the events cannot be written, no ack and no event goes
    out; the socket awaiting its ack is closed (1011) instead."""
    from auctionwhist.web.service import Conn

    async def run() -> None:
        svc = Service(f"sqlite:///{tmp_path / 'fail.sqlite3'}")
        errors: list[BaseException] = []
        asyncio.get_running_loop().set_exception_handler(
            lambda _loop, ctx: errors.append(ctx["exception"])
        )
        g = svc.create_game({"kind": "deal", "code": "auction", "seed": 2,
                             "humans": ["N", "E", "S", "W"]})  # fmt: skip
        await asyncio.sleep(0)  # the deal is written
        conns = {}
        for url in g["seats"].values():
            conns[tok(url)] = c = Conn(tok(url))
            svc.subscribe(c)
        states = {t: svc.catch_up(t, None)[0] for t in conns}
        actor = next(t for t, st in states.items() if st["my_turn"])
        stored_before = events_stored_in(svc)

        def broken(_conn: Any, _rows: Any) -> None:
            raise OSError("disk full")

        svc.store.insert_events = broken
        call = states[actor]["legal_calls"][0]
        svc.submit(conns[actor], {"type": "call", "call": call}, "r1")
        await asyncio.sleep(0)  # the group commit runs, and fails
        assert [type(e) for e in errors] == [OSError]
        sent = {t: [c.queue.get_nowait() for _ in range(c.queue.qsize())] for t, c in conns.items()}
        assert sent[actor] == [{"type": "close", "code": 1011}]
        assert all(msgs == [] for t, msgs in sent.items() if t != actor)
        assert events_stored_in(svc) == stored_before

    asyncio.run(run())


def events_stored_in(svc: Service) -> int:
    with svc.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(EventRow)).scalar_one())


def test_a_table_played_out_is_marked_finished_in_the_database(tmp_path: Path) -> None:
    """Issue 7 §5: a table's end comes with no event of its own (the "next"
    after its last deal), yet its finished flag is written in that commit."""
    from auctionwhist.web.db import TableRow

    svc = Service(f"sqlite:///{tmp_path / 'fin.sqlite3'}")

    async def run() -> None:
        svc.create_game({"kind": "deal", "code": "whist", "humans": [], "seed": 4})
        await svc.resume()
        for _ in range(10_000):
            await asyncio.sleep(0)
            if not svc.tasks:
                break
        await svc.durable()

    try:
        asyncio.run(run())
        assert all(lt.finished for lt in svc.tables.values())
        with svc.engine.connect() as conn:
            assert conn.execute(select(TableRow.finished)).scalar_one() is True
    finally:
        svc.close()
