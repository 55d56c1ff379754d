"""Issue 17 item 1: a table for friends under daw or Duplicate Whist is
single-table duplicate (daw 114-117): each tray played, then, the trays
mixed, overplayed with North to the East, so that each player holds a hand
an adversary held; the two pairs' match by the code's match laws, published
when the last tray is overplayed. Under the auction codes a table for
friends stays a series of deals (or a rubber)."""

from __future__ import annotations

import asyncio
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.cards import Seat  # noqa: E402
from auctionwhist.web.bench import choose  # noqa: E402
from auctionwhist.web.pages import MAX_TRAYS, FormError, _overplay, spec_from_form  # noqa: E402
from auctionwhist.web.service import Conn, Service, WebError  # noqa: E402


def _tok(link: str) -> str:
    return link.rsplit("/", 1)[-1]


def test_friends_under_daw_and_whist_play_each_tray_and_overplay_it() -> None:
    for code in ("daw", "whist"):
        spec, go = spec_from_form({"start": "friends", "code": code, "trays": "3"})
        assert go == "director"
        assert spec["kind"] == "match" and spec["movement"] == "two-pairs"
        assert spec["deals"] == 3 and spec["tables"] == 1 and spec["self_directed"]
        assert spec["players"] == ["a.1", "a.2", "b.1", "b.2"]  # four people, no robot
    # The default: four trays; a name given for a seat goes to its player.
    spec, _ = spec_from_form({"start": "friends", "code": "daw"})
    assert spec["deals"] == 4 and "names" not in spec
    spec = _overplay({"code": "daw", "mode": "enforce", "names": {"N": "Ann", "E": "Bob"}}, {})
    assert spec["names"] == {"a.1": "Ann", "b.1": "Bob"}


def test_the_auction_codes_keep_a_series_of_deals_or_a_rubber_for_friends() -> None:
    spec, _ = spec_from_form({"start": "friends", "code": "auction", "trays": "3"})
    assert spec["kind"] == "deal" and spec["series"] and "movement" not in spec
    spec, _ = spec_from_form({"start": "friends", "code": "royalton", "rubber": "1"})
    assert spec["kind"] == "rubber"


@pytest.mark.parametrize("trays", ["0", str(MAX_TRAYS + 1), "x", "-2"])
def test_the_number_of_trays_is_refused_outside_its_limits(trays: str) -> None:
    with pytest.raises(FormError, match="trays must be"):
        spec_from_form({"start": "friends", "code": "daw", "trays": trays})


def test_a_bad_number_of_trays_gets_a_clear_page(client: TestClient) -> None:
    r = client.post("/start", data={"start": "friends", "code": "daw", "trays": "99"})
    assert r.status_code == 400 and f"trays must be from 1 to {MAX_TRAYS}, not 99" in r.text


def test_the_home_page_offers_the_number_of_trays(client: TestClient) -> None:
    html = client.get("/").text
    assert f'name="trays" type="number" min="1" max="{MAX_TRAYS}" value="4"' in html


def test_the_friends_director_page_gives_a_link_per_player(client: TestClient) -> None:
    r = client.post("/start", data={"start": "friends", "code": "daw", "trays": "2"},
                    follow_redirects=False)  # fmt: skip
    html = client.get(r.headers["location"]).text
    assert html.count('class="seat-link" data-player=') == 4


async def _play_all(service: Service, tokens: list[str], stop: Any, seed: int = 3) -> None:
    """Four people's random legal intentions until ``stop()``."""
    rng = random.Random(seed)
    conns = [Conn(t) for t in tokens]
    for c in conns:
        service.subscribe(c)
    for _ in range(5000):
        await asyncio.sleep(0)
        if stop():
            break
        for c in conns:
            assert c.token is not None
            state = service.catch_up(c.token, None)[0]
            assert isinstance(state, dict)
            if state.get("finished"):
                continue
            action = choose(state, rng)
            if action is None:
                continue
            try:
                service.submit(c, action)
            except WebError:
                continue  # "next" again, while another has yet to say so
            await service.durable()
    else:
        raise AssertionError("the game did not get there")
    for c in conns:
        service.unsubscribe(c)


@pytest.mark.parametrize("code", ["daw", "whist"])
def test_law_114_115_each_player_overplays_a_hand_an_adversary_held(
    tmp_path: Path, code: str
) -> None:
    service = Service(f"sqlite:///{tmp_path}/o.sqlite3")
    spec, _ = spec_from_form({"start": "friends", "code": code, "trays": "2", "seed": "4"})
    made = service.create_game(spec)
    game = service.games[made["game"]]
    tokens = [_tok(link) for link in made["players"].values()]
    assert len(tokens) == 4 and not any(lt.is_robot(s) for lt in game.tables for s in Seat)
    first = service.catch_up(tokens[0], None)[0]
    assert isinstance(first, dict)
    assert first["tray"] == 1 and first["overplay"] is False
    original, over = sorted(game.tables, key=lambda lt: lt.round)
    asyncio.run(_play_all(service, tokens, stop=lambda: original.finished))
    # The original scores are laid aside until the overplay is over (daw,
    # "Single-table overplay"): no traveller, no card of the trays yet.
    with pytest.raises(WebError, match="yet to overplay tray 1"):
        service.traveller(tokens[0], 1)
    assert service.seat_cards(tokens[0], "a.1") == []
    asyncio.run(_play_all(service, tokens, stop=lambda: game.row.finished))
    assert service.traveller(tokens[0], 1)["tray"] == 1
    assert len(service.seat_cards(tokens[0], "a.1")) == 2  # original play and overplay
    assert [lt.trays[d].overplay for lt in (original, over) for d, _s, _t in lt.scores] == [
        False, False, True, True,
    ]  # fmt: skip
    held = {
        (original.trays[d].tray, s): t.deal.hands[s] for d, _sc, t in original.scores for s in Seat
    }
    for d, _sc, t in over.scores:
        tray = over.trays[d].tray
        for s in Seat:
            # Law 115: North's hand is placed to the East; the same person
            # (the same seat) now holds his adversary's hand (law 114).
            assert t.deal.hands[s] == held[(tray, s.after(-1))]
            assert t.deal.hands[s] != held[(tray, s)]
    # Every tray played twice: published at once, the two pairs' match.
    assert game.row.published
    data = service.results(game.row.id)
    assert data["kind"] == "match"
    state = service.catch_up(tokens[0], None)[0]
    assert isinstance(state, dict) and state["finished"] and state["results"]
    assert state["overplay"] is True
    service.close()


def test_the_next_set_seats_the_same_people_with_new_deals(tmp_path: Path) -> None:
    """A finished table for friends leads on: each player asks for the next
    set and is given his own seat at one new match of the same trays."""
    service = Service(f"sqlite:///{tmp_path}/n.sqlite3")
    spec, _ = spec_from_form({"start": "friends", "code": "daw", "trays": "1", "seed": "5"})
    made = service.create_game(spec)
    game = service.games[made["game"]]
    links = {p: _tok(link) for p, link in made["players"].items()}
    with pytest.raises(WebError, match="every tray is played"):
        service.next_set(links["a.1"])
    asyncio.run(_play_all(service, list(links.values()), stop=lambda: game.row.finished))
    after = {p: service.next_set(t) for p, t in links.items()}
    assert len({a["game"] for a in after.values()}) == 1  # one next set for all four
    nxt = service.games[after["a.1"]["game"]]
    assert nxt.row.id != game.row.id and nxt.row.spec["follows"] == game.row.id
    assert nxt.row.spec["deals"] == 1 and nxt.row.spec["movement"] == "two-pairs"
    assert nxt.row.spec["seed"] != game.row.spec["seed"]  # new deals
    for p, a in after.items():
        new = _tok(a["seat"])
        assert service.seat_row(new).player == p and new != links[p]
        # The same seat as before: the pairs keep their places.
        assert service.current(new)[1] == service.current(links[p])[1]
    service.close()


def test_a_directors_match_has_no_next_set_and_no_one_can_claim_to_follow(
    client: TestClient,
) -> None:
    svc: Service = client.app.state.service  # type: ignore[attr-defined]
    made = client.post("/api/games", json={"kind": "match", "code": "daw", "deals": 1,
                                           "movement": "two-pairs", "tables": 1})  # fmt: skip
    token = _tok(next(iter(made.json()["players"].values())))
    r = client.post(f"/api/seat/{token}/next")
    assert r.status_code == 409 and "director" in r.json()["message"]
    # "follows" is the server's own: a request cannot set it.
    forged = client.post("/api/games", json={"kind": "match", "code": "daw", "deals": 1,
                                             "movement": "two-pairs", "tables": 1,
                                             "self_directed": True, "follows": "x"})  # fmt: skip
    assert "follows" not in svc.games[forged.json()["game"]].row.spec


def test_the_solo_match_is_followed_by_another_for_its_one_player(tmp_path: Path) -> None:
    service = Service(f"sqlite:///{tmp_path}/s.sqlite3")
    spec, _ = spec_from_form({"start": "match", "code": "daw", "seed": "2"})
    made = service.create_game(spec | {"deals": 1})
    game = service.games[made["game"]]
    ((player, link),) = made["players"].items()
    token = _tok(link)
    asyncio.run(_play_all(service, [token], stop=lambda: game.row.finished))
    nxt = service.next_set(token)
    again = service.games[nxt["game"]]
    assert again.row.spec["follows"] == game.row.id and again.row.spec["self_directed"]
    assert service.seat_row(_tok(nxt["seat"])).player == player
    assert service.next_set(token) == nxt  # asked again: the same match
    service.close()
