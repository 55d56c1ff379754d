"""Issue 17, the director's walk with people (the API beside the Chromium
walk in test_web_director_e2e.py): a deal in play settled by the director's
entry is shown at the table as the entry says."""

from __future__ import annotations

from typing import Any

from auctionwhist.cards import Seat
from test_web_numbers import svc_of
from web_helpers import TestClient, connect, play_a_deal


def test_an_entry_that_settles_the_last_deal_in_play_is_the_tables_state(
    client: TestClient,
) -> None:
    """Two pairs at one table, people at every seat: the director enters the
    tray and then its overplay while it is in its auction; the seats' state
    is the deal over, with the entry's declaration, tricks and score."""
    form = {"start": "direct", "code": "daw", "movement": "two-pairs", "tables": "1",
            "deals": "1", "players": "all"}  # fmt: skip
    r = client.post("/start", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    director = r.headers["location"].rsplit("/", 1)[-1]
    api = f"/api/director/{director}"
    for table, contract, declarer, tricks in ((1, "2H", "S", 8), (2, "3C", "W", 9)):
        entry = {"table": table, "tray": 1, "contract": contract, "declarer": declarer,
                 "tricks": tricks}  # fmt: skip
        r = client.post(f"{api}/results", json=entry)
        assert r.status_code == 200, r.text
    view = client.get(api).json()
    game = svc_of(client).games[view["game"]]
    lt = next(t for t in game.tables if t.round == 2)
    assert lt.table is not None and lt.table.phase == "auction"  # the log's deal was cut short
    north = lt.token_at(Seat.NORTH)
    with connect(client, f"/ws/{north}") as ws:
        ws.send_json({"type": "hello"})
        state = ws.receive_json()
    want = next(t for t in view["tables"] if t["table"] == lt.id)["scores"][0]
    assert state["phase"] == "done" and not state["my_turn"] and state["to_act"] is None
    assert (state["contract"], state["declarer"], state["tricks"]) == ("3C", "W", [4, 9])
    assert state["score"]["total"] == want["score"] and state["entered"] is True
    assert all(len(state["hands"][s]) == 13 for s in "NESW")
    assert state["finished"] and state["game_finished"] and state["results"] is None


def _state(c: TestClient, token: str) -> dict[str, Any]:
    with connect(c, f"/ws/{token}") as ws:
        ws.send_json({"type": "hello"})
        state: dict[str, Any] = ws.receive_json()
    return state


def test_a_correction_shows_at_the_table_and_the_last_trays_ends_the_round(
    client: TestClient,
) -> None:
    """Two pairs, North a person and robots beside him, two trays a round.
    A correction of a finished tray is the table's state at once (its
    declaration, tricks and score, not the play's); while North has not asked
    for the next tray after the round's last, the next round has not begun
    and an entry for it is refused, saying why; the director's entry of that
    last tray closes the round, and the next begins."""
    spec = {"kind": "match", "code": "daw", "seed": 5, "deals": 2, "movement": "two-pairs",
            "players": ["a.1"]}  # fmt: skip
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    director, game_id = r.json()["director"].rsplit("/", 1)[-1], r.json()["game"]
    api = f"/api/director/{director}"
    game = svc_of(client).games[game_id]
    first, second = sorted(game.tables, key=lambda t: t.round)
    north = first.token_at(Seat.NORTH)
    assert north and second.token_at(Seat.NORTH) == north
    tray = first.trays[0].tray

    def enter(table: int, tray: int, contract: str, declarer: str, tricks: int) -> Any:
        entry = {"table": table, "tray": tray, "contract": contract, "declarer": declarer,
                 "tricks": tricks, "doubled": contract.count("X")}  # fmt: skip
        return client.post(f"{api}/results", json={**entry, "contract": contract.rstrip("X")})

    play_a_deal(client, north)
    assert enter(first.id, tray, "3DX", "N", 11).status_code == 200
    state = _state(client, north)
    row = next(t for t in client.get(api).json()["tables"] if t["table"] == first.id)["scores"][0]
    assert (state["phase"], state["deal"]) == ("done", 0)  # not moved on: a tray is left
    assert (state["contract"], state["declarer"], state["tricks"]) == ("3DX", "N", [11, 2])
    assert state["score"]["total"] == row["score"] and row["contract"] == "3DX"
    with connect(client, f"/ws/{north}") as ws:
        ws.send_json({"type": "next"})
        ws.receive_json()
    play_a_deal(client, north)  # the round's last tray; North does not ask for the next
    assert not first.finished and not second.started
    r = enter(second.id, second.trays[0].tray, "2NT", "W", 8)
    assert r.status_code == 409
    assert r.json()["message"] == (
        "table 1, round 2 has not begun: its players are still at an earlier round's "
        "table, which ends when they all ask for the next tray or when you enter its last tray"
    )
    assert enter(first.id, first.trays[1].tray, "1S", "E", 7).status_code == 200
    assert first.finished and second.started
    assert enter(second.id, second.trays[0].tray, "2NT", "W", 8).status_code == 200
    assert _state(client, north)["table"] == second.id
