"""Issue 17, the director's walk with people (the API beside the Chromium
walk in test_web_director_e2e.py): a deal in play settled by the director's
entry is shown at the table as the entry says."""

from __future__ import annotations

from auctionwhist.cards import Seat
from test_web_numbers import svc_of
from web_helpers import TestClient, connect


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
