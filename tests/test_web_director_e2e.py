"""Issue 17, the director's walk with people, in Chromium.

From the home page, "Direct a match" with people at every seat in the
smallest movement the form allows (two pairs at one table, one tray played
and then overplayed) → a link for every player, each opening his seat →
North gives his name → the people play the tray → the director corrects
that play from the score-card and enters the overplay's result by its tray
→ the same declaration, declarer, tricks and score on the seat's table
page, the printable card, the traveller, the results page and the PBN and
JSON downloads → publishing refused while the overplay is unplayed, then
allowed → the results page, its traveller naming North beside his pair's
label. Screenshots (1,280 × 800 and a phone's 390 × 844) go to
``$WHIST_SCREENSHOTS`` when set (``docs/img``), else the test's folder.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from auctionwhist.calls import Contract, parse_call
from auctionwhist.cards import Seat
from auctionwhist.duplicate.schedule import TrayPlay
from auctionwhist.duplicate.scorecard import declaration_text
from test_web_e2e import (  # noqa: F401  (fixtures)
    TIMEOUT,
    _act,
    _errors,
    browser,
    playwright,
    server,
    shots,
)
from test_web_numbers import Line, card_row_html, pbn_line, row_line

pytestmark = pytest.mark.slow  # a real browser against a real server

WIDE = {"width": 1280, "height": 800}

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _view(page: Page, api: str) -> dict[str, Any]:
    view: dict[str, Any] = page.request.get(api).json()
    return view


def _enter(page: Page, table: str, contract: str, declarer: str, tricks: int, doubled: int) -> None:
    """The director's entry by tray, as the table's score-card has it."""
    form = page.locator("#entry-form")
    form.locator("select[name=table]").select_option(label=table)
    form.locator("input[name=tray]").fill("1")
    form.locator("select[name=declarer]").select_option(declarer)
    form.locator("input[name=contract]").fill(contract)
    form.locator("select[name=doubled]").select_option(str(doubled))
    form.locator("input[name=tricks]").fill(str(tricks))
    page.evaluate("() => { document.querySelector('#entry-result').textContent = ''; }")
    form.locator("button[type=submit]").click()
    page.wait_for_function(
        "() => !['', '…'].includes(document.querySelector('#entry-result').innerText)"
    )
    assert page.inner_text("#entry-result").startswith("Entered"), page.inner_text("#entry-result")


def _line(result: dict[str, Any]) -> Line:
    """A deal of the JSON download as (contract, declarer, N-S tricks, totals)."""
    r, sc = result["result"], result["score"]
    return r["contract"], r["declarer"], r["tricks"][0], (sc["ns"]["total"], sc["ew"]["total"])


def _traveller_cells(want: Line, tp: TrayPlay) -> tuple[str, str, str, str]:
    """``want`` as a traveller writes it, in the tray's compass: the
    declaration by the tray's hand, N-S tricks and scores of the tray's N-S."""
    contract, declarer, ns, (s_ns, s_ew) = want
    assert contract and declarer
    flip = tp.hand_at(Seat.NORTH).side == 1  # the table's N-S held the tray's E-W
    by = tp.hand_at(Seat.from_char(declarer)).char
    if flip:
        ns, s_ns, s_ew = 13 - ns, s_ew, s_ns
    return f"{contract} by {by}", str(ns), str(s_ns), str(s_ew)


def test_a_director_walks_a_match_of_people_from_the_links_to_the_results(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    director = browser.new_page()
    director.set_viewport_size(WIDE)  # the docs' screenshots are 1,280 x 800
    errors = _errors(director)
    director.goto(server + "/")
    form = director.locator("form.direct")
    form.locator("select[name=code]").select_option("daw")
    form.locator("select[name=movement]").select_option("two-pairs")
    form.locator("input[name=tables]").fill("1")
    form.locator("input[name=deals]").fill("1")
    form.locator("input[name=players][value=all]").check()
    form.locator("button[type=submit]").click()
    director.wait_for_url("**/d/**")
    token = director.url.rsplit("/", 1)[-1]
    api = f"{server}/api/director/{token}"

    # A link for every player of the movement, each opening his seat.
    rows = director.locator("table.match-links tbody tr")
    assert rows.count() == len(_view(director, api)["spec"]["players"]) == 4
    director.screenshot(path=str(shots / "director-people.png"))
    director.set_viewport_size({"width": 390, "height": 844})
    assert director.evaluate("document.documentElement.scrollWidth") <= 390
    director.screenshot(path=str(shots / "director-people-phone.png"))
    director.set_viewport_size(WIDE)
    seats: dict[str, Page] = {}
    for i in range(rows.count()):
        where = rows.nth(i).locator("td").nth(1).inner_text()  # "table 1, North"
        link = rows.nth(i).locator("a.seat-link")
        href = link.get_attribute("href")
        assert href and link.inner_text() == server + href
        page = browser.new_page()
        page.goto(server + href)
        page.wait_for_selector("#table-page[data-phase]")
        seat = page.inner_text("#my-seat")
        assert where == f"table 1, {seat}"
        seats[seat] = page
    assert sorted(seats) == ["East", "North", "South", "West"]
    people = list(seats.values())
    # North gives his name at the table; the others keep the movement's labels.
    north = seats["North"]
    north.click("#name-edit summary")
    north.fill("#name-input", "Ann Lee")
    north.click("#name-form button")
    north.wait_for_function("() => document.querySelector('#my-name').textContent === '(Ann Lee)'")
    page_errors = [_errors(p) for p in people]

    # The people play the tray at round 1 (the overplay waits for the director).
    end = time.monotonic() + TIMEOUT
    while not _view(director, api)["tables"][0]["scores"]:
        assert time.monotonic() < end, "the people did not finish the tray"
        if not any([_act(p, False) for p in people]):
            time.sleep(0.05)
    played = _view(director, api)["tables"][0]["scores"][0]
    assert not played["entered"]

    # Publishing is refused while the overplay is unplayed, and the page says why.
    director.click("#publish")
    director.wait_for_function(
        "() => /remains/.test(document.querySelector('#publish-result').innerText)"
    )
    assert "1 play of trays remains" in director.inner_text("#publish-result")
    assert director.locator("#results-link").is_hidden()

    # The director corrects the played tray, the round's last: that closes the
    # table's score-card and the people go on to the overplay, whose result
    # the director enters by its tray.
    _enter(director, "1, round 1", "3D", "N", 11, 1)
    end = time.monotonic() + TIMEOUT
    while _view(director, api)["tables"][1]["deal"] < 0:
        assert time.monotonic() < end, "the overplay was not dealt"
        time.sleep(0.05)
    _enter(director, "1, round 2", "2NT", "W", 8, 0)
    view = _view(director, api)
    assert [t["scores"][0]["entered"] for t in view["tables"]] == [True, True]
    assert view["finished"]

    # The reference: the JSON download, checked against the entries as typed.
    deals = director.request.get(f"{api}/download.json").json()["deals"]
    ids = [t["table"] for t in view["tables"]]
    wants = [_line(next(d for d in deals if d["table"] == tid)) for tid in ids]
    assert [w[:2] for w in wants] == [("3DX", "N"), ("2NT", "W")]
    assert wants[0][2] == 11 and wants[1][2] == 13 - 8  # N-S tricks
    for want, t in zip(wants, view["tables"], strict=True):
        row = t["scores"][0]
        director_row = (row["contract"], row["declarer"], row["tricks"][0], tuple(row["score"]))
        assert director_row == want, "the director's view"

    # The PBN download: the same four numbers for each play.
    pbn = director.request.get(f"{api}/download.pbn").text()
    games = pbn.split("[Event ")[1:]
    assert [pbn_line(g) for g in games] == wants

    # The seat's table page: the entry settled the overplay in play, and the
    # page says so (no reload) with its score, and the seat's card has both plays.
    north.wait_for_selector('#table-page[data-phase="done"]')
    contract, declarer, ns, (s_ns, s_ew) = wants[1]
    assert north.inner_text("#fact-contract b") == "2 NT by West"
    assert north.inner_text("#fact-tricks b") == f"N-S {ns} · E-W {13 - ns}"
    total = north.locator("#score-items tfoot th")
    assert [total.nth(k).inner_text() for k in (1, 2)] == [str(s_ns), str(s_ew)]
    cells = north.locator("#mini-card tbody tr").first.locator("td")
    assert cells.nth(1).inner_text() == "2 NT W"
    assert cells.nth(2).inner_text() == f"{ns}–{13 - ns}"
    pen = (str(s_ns or ""), str(s_ew or ""))  # a pen card leaves a nought blank
    assert (cells.nth(3).inner_text(), cells.nth(4).inner_text()) == pen
    assert "when the director publishes them" in north.inner_text("#over-text")
    seat_token = north.url.rsplit("/", 1)[-1]
    card_rows = north.request.get(f"{server}/api/seat/{seat_token}/scorecard").json()["scorecard"]
    assert [row_line(r) for r in card_rows] == wants, "the seat's card"
    card = north.request.get(north.url + "/card").text()
    assert "No deal is finished yet" not in card
    for want, play in zip(wants, ("Original Play", "Overplay"), strict=True):
        contract, declarer, _ns, (s_ns, s_ew) = want
        assert contract and declarer
        sheet = next(s for s in card.split("<section") if f'{play} <span class="box">X' in s)
        tds = re.findall(r"<td[^>]*>(.*?)</td>", card_row_html(sheet, 1), re.S)
        c = Contract(parse_call(contract.rstrip("X")), contract.count("X"))  # type: ignore[arg-type]
        side = Seat.from_char(declarer).side
        assert declaration_text(c) in tds[4 if side == 0 else 6]
        gain = s_ns - s_ew  # Goodfellow's gain, in the side's column ahead
        gains = (str(gain), "") if gain > 0 else ("", str(-gain) if gain else "")
        assert (tds[2], tds[9]) == gains

    # The seat's traveller (the table page's panel) and the results page's.
    trays = [TrayPlay(1, False, Seat.NORTH), TrayPlay(1, True, Seat.EAST)]  # two pairs: turned
    expect = [_traveller_cells(w, tp) for w, tp in zip(wants, trays, strict=True)]
    north.wait_for_selector("#traveller-panel:not([hidden]) table.traveller tbody tr")
    lines = north.locator("#traveller table.traveller tbody tr")
    assert lines.count() == 2
    for i, (decl, ns, s_ns, s_ew) in enumerate(expect):
        cells = [lines.nth(i).locator("td").nth(k).inner_text() for k in (4, 5, 6, 7)]
        assert cells == [decl, ns, s_ns, s_ew], "the seat's traveller"
    # North and South held the tray's N-S as dealt, its E-W turned (the overplay).
    sides = [lines.nth(i).locator("td").nth(k).inner_text() for i, k in ((0, 2), (1, 3))]
    assert sides == ["a\nAnn Lee & South"] * 2  # the label, the names under it
    others = [lines.nth(i).locator("td").nth(k).inner_text() for i, k in ((0, 3), (1, 2))]
    assert others == ["b", "b"]  # no one of pair b gave a name: its label alone
    north.screenshot(path=str(shots / "director-people-seat.png"), full_page=True)

    # Publishing, now that every tray is played everywhere; the results page.
    director.click("#publish")
    director.wait_for_selector("#results-link:not([hidden])")
    director.click("#results-link")
    director.wait_for_url("**/r/**")
    lines = director.locator('#travellers .traveller[data-tray="1"] tbody tr')
    assert lines.count() == 2
    for i, (decl, ns, s_ns, s_ew) in enumerate(expect):
        cells = [lines.nth(i).locator("td").nth(k).inner_text() for k in (5, 6, 7, 8)]
        assert cells == [decl, ns, s_ns, s_ew], "the results page's traveller"
    sides = [lines.nth(i).locator("td").nth(k).inner_text() for i, k in ((0, 3), (1, 4))]
    assert sides == ["Ann Lee & South (a)"] * 2, "the results page names the people"
    game = director.url.rsplit("/", 1)[-1]
    published = director.request.get(f"{server}/api/results/{game}.pbn").text()
    assert [pbn_line(g) for g in published.split("[Event ")[1:]] == wants
    js = director.request.get(f"{server}/api/results/{game}.json").json()["deals"]
    assert [_line(next(d for d in js if d["table"] == tid)) for tid in ids] == wants
    assert "Won by" in director.inner_text("#result") or "A tie" in director.inner_text("#result")
    assert not errors and not any(page_errors)
