"""Issue 17, names on the traveller and the results: the people's names
where they gave them, the movement's labels beside; a friends' table's
unnamed seat shown by its seat, not by its movement id."""

from __future__ import annotations

import re
from typing import Any

from auctionwhist.cards import Seat
from test_web_numbers import finish_by_entries, svc_of, tok
from web_helpers import TestClient, connect


def _friends(c: TestClient, **names: str) -> dict[str, Any]:
    form = {"start": "friends", "code": "daw", "trays": "1"}
    form |= {f"name_{s}": n for s, n in names.items()}
    r = c.post("/start", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    view: dict[str, Any] = c.get("/api" + r.headers["location"].replace("/d/", "/director/")).json()
    return view


def test_an_unnamed_friend_is_shown_by_his_seat_not_his_movement_id(client: TestClient) -> None:
    """daw single-table duplicate (the Two Pairs movement): North named Ann,
    South left unnamed: South's page, the table's names and the hand record
    call him by no movement id ("a.2")."""
    view = _friends(client, N="Ann")
    game = svc_of(client).games[view["game"]]
    lt = next(t for t in game.tables if t.round == 1)
    north, south = lt.token_at(Seat.NORTH), lt.token_at(Seat.SOUTH)
    assert north and south
    assert client.get(f"/api/seat/{north}").json()["name"] == "Ann"
    assert client.get(f"/api/seat/{south}").json()["name"] == ""
    assert svc_of(client).names_at(lt.id) == {"N": "Ann", "E": "", "S": "", "W": ""}
    with connect(client, f"/ws/{south}") as ws:
        ws.send_json({"type": "hello"})
        seats = ws.receive_json()["seats"]
    assert {s: v["name"] for s, v in seats.items()} == {"N": "Ann", "E": "", "S": "", "W": ""}
    page = client.get(f"/t/{south}").text
    assert "a.2" not in page and "(a.1)" not in page
    # The director's own view still tells the players apart by the movement's ids.
    assert view["tables"][0]["seats"]["S"]["name"] == "a.2"


def test_the_traveller_names_the_people_beside_the_movements_labels(client: TestClient) -> None:
    """A director's match of people: two players take names; each traveller's
    line (the seat's and the published results page) names the side's
    people, an unnamed partner by his seat, the contestant's label beside."""
    players = ["A", "B", "C", "D", "W", "X", "Y", "Z"]
    spec = {"kind": "match", "code": "daw", "seed": 3, "deals": 1,
            "movement": "two-teams-of-four", "players": players}  # fmt: skip
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    director, game_id = tok(r.json()["director"]), r.json()["game"]
    game = svc_of(client).games[game_id]
    lt = next(t for t in game.tables if t.round == 1 and t.number == 1)
    north, east = lt.token_at(Seat.NORTH), lt.token_at(Seat.EAST)
    assert north and east
    assert client.put(f"/api/seat/{north}/name", json={"name": "Ann Lee"}).status_code == 200
    assert client.put(f"/api/seat/{east}/name", json={"name": "Bob"}).status_code == 200
    finish_by_entries(client, director, game_id, contract="1H", declarer="E", tricks=7)
    tray = lt.trays[0].tray
    trav = client.get(f"/api/seat/{north}/traveller/{tray}").json()
    line = next(p for p in trav["plays"] if (p["round"], p["table"]) == (1, 1))
    # Table 1 round 1 plays the tray as dealt: its N-S are the tray's N-S.
    assert lt.trays[0].hand_at(Seat.NORTH) == Seat.NORTH
    assert (line["ns_names"], line["ew_names"]) == ("Ann Lee & South", "Bob & West")
    assert (line["ns"], line["ew"]) == ("visitors", "home")  # the labels stay
    others = [p for p in trav["plays"] if (p["round"], p["table"]) != (1, 1)]
    assert others and all(p["ns_names"] == p["ew_names"] == "" for p in others)
    assert client.post(f"/api/director/{director}/publish").status_code == 200
    page = client.get(f"/r/{game_id}").text
    block = page[page.index(f'data-tray="{tray}"') :].split("</table>")[0]
    cells = re.findall(r'<td class="l">(.*?)</td>', block, re.S)
    assert 'Ann Lee &amp; South <span class="label">(visitors)</span>' in cells
    assert 'Bob &amp; West <span class="label">(home)</span>' in cells
    results = client.get(f"/api/results/{game_id}").json()
    line = next(
        p for t in results["travellers"] if t["tray"] == tray for p in t["plays"]
        if (p["round"], p["table"]) == (1, 1)
    )  # fmt: skip
    assert line["ns_names"] == "Ann Lee & South"


def test_the_rankings_name_each_contestants_people_beside_its_id(client: TestClient) -> None:
    """The results page's rankings: a team whose players gave names shows
    them (an unnamed member by his player id), the id beside; a team no one
    of which gave a name keeps its id alone."""
    players = ["A", "B", "C", "D", "W", "X", "Y", "Z"]
    spec = {"kind": "match", "code": "daw", "seed": 3, "deals": 1,
            "movement": "two-teams-of-four", "players": players}  # fmt: skip
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    director, game_id = tok(r.json()["director"]), r.json()["game"]
    game = svc_of(client).games[game_id]
    assert game.schedule is not None
    team = next(c for c in game.schedule.contestants if "A" in c.players)
    other = next(c for c in game.schedule.contestants if c is not team)
    lt = next(t for t in game.tables if "A" in {p.get("player") for p in t.seats.values()})
    a_seat = next(s for s in Seat if lt.seats[s].get("player") == "A")
    a_token = lt.token_at(a_seat)
    assert a_token
    assert client.put(f"/api/seat/{a_token}/name", json={"name": "Ann Lee"}).status_code == 200
    finish_by_entries(client, director, game_id, contract="1H", declarer="E", tricks=7)
    assert client.post(f"/api/director/{director}/publish").status_code == 200
    want = " & ".join("Ann Lee" if p == "A" else p for p in team.players)
    assert client.get(f"/api/results/{game_id}").json()["contestant_names"] == {team.id: want}
    page = client.get(f"/r/{game_id}").text
    rankings = page[page.index('id="result"') : page.index('id="travellers"')]
    cells = re.findall(r'<td class="l(?: win)?">(.*?)</td>', rankings, re.S)
    assert f'{want.replace("&", "&amp;")} <span class="label">({team.id})</span>' in cells
    assert other.id in cells
