"""The server-rendered pages (issue 7 items 2-3): home, the table, the
director's room, the movie, the score-cards and the results, rendered with
Starlette's TestClient over a real service and database."""

from __future__ import annotations

import random
import re
import time
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.cards import card_str  # noqa: E402
from auctionwhist.codes import find_code  # noqa: E402
from auctionwhist.dealing import deal  # noqa: E402
from auctionwhist.robots import random_action  # noqa: E402
from auctionwhist.table import Table  # noqa: E402
from auctionwhist.web.pages import (  # noqa: E402
    FormError,
    bid_grid,
    call_text,
    card_text,
    movie_frames,
    other_calls,
    spec_from_form,
)
from web_helpers import play_a_deal  # noqa: E402


def start(c: TestClient, **form: str) -> str:
    r = c.post("/start", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def wait_finished(c: TestClient, director: str, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        view: dict[str, Any] = c.get("/api" + director.replace("/d/", "/director/")).json()
        if view["finished"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the robots did not finish")


def played_table(code: str, seed: int) -> Table:
    t = Table(code, deal(code, seed=seed))
    rng = random.Random(seed)
    while not t.is_over:
        random_action(t, rng)
    return t


# -- the bidding box ------------------------------------------------------------------


def test_law_32_royalton_bidding_box_has_royal_bids_and_nullo_in_the_series() -> None:
    """Royalton law 32: at each level spades < clubs < diamonds < hearts <
    no-trump < nullo, then the royals of the level in the same series."""
    grid = bid_grid(find_code("royalton"))
    assert [row["level"] for row in grid] == list(range(1, 8))
    assert [b["call"] for b in grid[2]["bids"]] == [
        "3S", "3C", "3D", "3H", "3NT", "3NL", "3SR", "3CR", "3DR", "3HR", "3NTR", "3NLR",
    ]  # fmt: skip
    assert grid[0]["bids"][-1]["label"] == "1 Nullo royal"


def test_royals_bidding_box_has_royal_spades_between_hearts_and_no_trump() -> None:
    """Hopson's new count: S 2, C 6, D 7, H 8, Royal Spades 9, NT 10."""
    calls = [b["call"] for b in bid_grid(find_code("royals"))[0]["bids"]]
    assert calls == ["1S", "1C", "1D", "1H", "1RS", "1NT"]


def test_law_54_daw_bidding_box_has_no_royal_or_nullo() -> None:
    """Goodfellow law 54: bids by value; no royals, no nullo in daw."""
    grid = bid_grid(find_code("daw"))
    calls = [b["call"] for row in grid for b in row["bids"]]
    assert len(calls) == 35 and not any(c.endswith(("R", "NL", "RS")) for c in calls)


def test_law_30_royalton_dealer_may_say_no_bid() -> None:
    """Royalton law 30: the dealer's "no bid"; the auction codes have none."""
    assert other_calls(find_code("royalton"))[0]["call"] == "no bid"
    assert "no bid" not in [o["call"] for o in other_calls(find_code("auction"))]


def test_calls_and_cards_in_the_tables_words() -> None:
    assert call_text("3SR") == "3 ♠ royal"
    assert call_text("2NL") == "2 Nul."
    assert call_text("4RS") == "4 R♠"
    assert call_text("X") == "double"
    assert card_text("HT") == "10♥"


# -- starting a game ------------------------------------------------------------------


def test_the_home_page_offers_every_code_and_four_ways_to_play(client: TestClient) -> None:
    html = client.get("/").text
    for key in ("daw", "auction", "royals", "royalton", "whist"):
        assert f'value="{key}"' in html
    for way in ("deal", "rubber", "match", "friends"):
        assert f'name="start" value="{way}"' in html
    # The two rubber codes say so; daw and whist score each deal alone.
    assert re.search(r'value="auction"[^>]*\s+data-rubber="1"', html)
    assert re.search(r'value="daw"[^>]*\s+data-rubber="0"', html)
    assert "two-teams-of-four" in html


def test_law_7_daw_has_no_rubber_to_start() -> None:
    """Goodfellow law 7: game in one deal, no rubbers; the form says why."""
    with pytest.raises(FormError, match=r"Law 7 \(daw\)"):
        spec_from_form({"start": "rubber", "code": "daw"})


def test_the_start_forms_make_the_servers_specs() -> None:
    spec, go = spec_from_form({"start": "deal", "code": "royalton", "seed": "7"})
    # A single deal is the first of a series: "Next deal" deals another.
    assert spec == {"code": "royalton", "mode": "enforce", "seed": 7, "kind": "deal",
                    "humans": ["S"], "series": True} and go == "seat"  # fmt: skip
    spec, go = spec_from_form({"start": "friends", "code": "auction", "rubber": "1"})
    assert spec["kind"] == "rubber" and spec["humans"] == ["N", "E", "S", "W"]
    assert go == "director"
    spec, go = spec_from_form(
        {"start": "direct", "code": "whist", "movement": "two-pairs", "deals": "2",
         "players": "all", "mode": "laws"}
    )  # fmt: skip
    assert spec["players"] == ["a.1", "a.2", "b.1", "b.2"] and spec["mode"] == "laws"
    spec, _ = spec_from_form({"start": "match", "code": "daw"})
    assert spec["kind"] == "match" and "players" not in spec and spec["self_directed"]
    for bad in ({"start": "deal", "seed": "x"}, {"start": "nap"}, {"code": "bezique"},
                {"start": "direct", "movement": "nowhere"}):  # fmt: skip
        with pytest.raises(FormError):
            spec_from_form(bad)


def test_two_clicks_from_home_to_a_seat_with_the_codes_bidding_box(client: TestClient) -> None:
    seat = start(client, code="royalton", start="deal", seed="3")
    assert seat.startswith("/t/")
    html = client.get(seat).text
    bids = re.findall(r'class="bid[ "][^>]*data-call="([^"]+)"', html)
    assert len(bids) == 7 * 12  # every plain and royal bid of the code
    assert 'data-call="no bid"' in html and 'data-call="3NLR"' in html
    assert "/static/table.js" in html
    # The page carries no card: the hand comes from the seat's own WebSocket.
    assert not re.search(r'data-card="[SHDC][2-9TJQKA]"', html)


def test_a_table_for_friends_gives_a_link_per_seat(client: TestClient) -> None:
    director = start(client, code="auction", start="friends")
    html = client.get(director).text
    links = re.findall(r'class="seat-link" data-seat="([NESW])"', html)
    assert links == ["N", "E", "S", "W"]


def test_a_bad_form_or_forged_link_gets_a_clear_page(client: TestClient) -> None:
    r = client.post("/start", data={"start": "rubber", "code": "whist"})
    assert r.status_code == 400 and "has no rubbers" in r.text
    for url in ("/t/forged-token", "/d/forged-token", "/r/nothing", "/t/x/movie/1/0"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "No such link" in r.text


# -- the movie ------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["daw", "royalton", "whist"])
def test_the_movie_replays_every_record_to_the_laws_score(code: str) -> None:
    t = played_table(code, 5)
    frames = movie_frames(t.events)
    assert len(frames) == len(t.events)
    first, last = frames[0], frames[-1]
    assert sorted(c for cards in first["hands"].values() for c in cards) == sorted(
        card_str(c) for c in range(52)
    )
    assert last["tricks"] == list(t.tricks_won())
    assert last["score"]["total"] == [t.score().total(0), t.score().total(1)]
    assert all(i["law"] for i in last["score"]["items"])
    # Each card leaves its hand once, in the order it was played.
    held = [sum(len(v) for v in f["hands"].values()) for f in frames]
    assert held == sorted(held, reverse=True) and held[-1] == 0


# -- a match, directed and published ------------------------------------------------------


def test_a_match_of_robots_from_director_to_published_results(client: TestClient) -> None:
    director = start(
        client, start="direct", code="daw", movement="two-teams-of-four", deals="1",
        players="robots", seed="9",
    )  # fmt: skip
    token = director.rsplit("/", 1)[-1]
    view = wait_finished(client, director)
    assert len(view["tables"]) == 6
    progress = client.get(director + "?part=progress").text
    assert progress.count("<tr data-table=") == 6 and "Every table has finished" in progress
    # The results are not public until the director publishes them.
    game = view["game"]
    assert client.get(f"/r/{game}").status_code == 403
    client.post(f"/api/director/{token}/publish")
    html = client.get(f"/r/{game}").text
    assert html.count('class="traveller"') == 6
    assert "Against the average" in html or "against the average" in html
    assert html.count('class="sheet goodfellow"') >= 4  # the cards, in Goodfellow's form
    cards = client.get(director + "/cards").text
    assert cards.count('class="sheet goodfellow"') == html.count('class="sheet goodfellow"')
    # The movie of any deal, for the director.
    t = view["tables"][0]
    movie = client.get(f"{director}/movie/{t['table']}/0")
    assert movie.status_code == 200 and 'id="frames"' in movie.text


def test_a_players_card_fills_in_deal_by_deal(client: TestClient) -> None:
    """Goodfellow law 4: each side keeps a complete score; the seat's card
    shows only the deals it has finished."""
    seat = start(client, start="deal", code="daw", seed="4")
    token = seat.rsplit("/", 1)[-1]
    card = client.get(seat + "/card").text
    assert "No deal is finished yet" in card
    state = play_a_deal(client, token)
    assert state["phase"] == "done"
    card = client.get(seat + "/card").text
    assert card.count('class="sheet goodfellow"') == 1 and 'data-deal="1"' in card
    movie = client.get(f"{seat}/movie/{state['table']}/0")
    assert movie.status_code == 200 and "The cards are dealt" in movie.text
