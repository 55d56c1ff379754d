"""Issue 17 item 13: the pages' layout measured in Chromium at 1,280 x 800 and
on a phone (390 x 844): nothing wider than the viewport, the trick oval not
stretched by the side column, the bidding box on screen on the phone without
scrolling. Screenshots of each page go to ``$WHIST_SCREENSHOTS`` when it is set
(``docs/img`` for the guide), else to the test's temporary folder.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from auctionwhist.web.bench import free_port, server_process, wait_until_up
from test_web_e2e import (  # noqa: F401  (fixtures)
    SEED,
    TIMEOUT,
    _act,
    _phase,
    _play_to_the_end,
    browser,
    playwright,
    server,
    shots,
)
from web_helpers import direct_a_robots_match, take_a_seat

pytestmark = pytest.mark.slow  # a real browser against a real server

SIZES = {"wide": (1280, 800), "phone": (390, 844)}
OVAL_MAX = 360  # px: the trick oval's own height, whatever the side column holds


_MY_CALL = (
    "() => document.querySelector('#table-page').dataset.myTurn === '1'"
    " && document.querySelector('#table-page').dataset.phase === 'auction'"
    " && !document.querySelector('#bidding-box').hidden"
)


def _page(ctx: BrowserContext, size: str) -> Page:
    page = ctx.new_page()
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    return page


# The outermost elements reaching past the viewport's right edge, for the message.
_WIDE = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
  .filter(e => !(e.parentElement.getBoundingClientRect().right > innerWidth + 0.5))
  .slice(0, 5)
  .map(e => `${e.tagName.toLowerCase()}.${e.className} ${e.getBoundingClientRect().width}px`)"""


def _no_overflow(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.evaluate("() => innerWidth")
    assert width <= viewport, f"{page.url} is {width} px wide: {page.evaluate(_WIDE)}"


def _on_screen(page: Page, selector: str, count: int) -> None:
    """``count`` elements match ``selector``, each wholly in the viewport
    as the page opens (no scrolling)."""
    boxes = page.evaluate(
        "sel => [...document.querySelectorAll(sel)].map(e => { const r ="
        " e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })",
        selector,
    )
    vw, vh = page.evaluate("() => [innerWidth, innerHeight]")
    assert len(boxes) == count, (selector, boxes)
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= vw and bottom <= vh, (selector, boxes)


def _labels_clear(page: Page) -> None:
    """Each bid's label, its royal mark last, inside its button's border
    with a pixel to spare."""
    tight = page.evaluate(
        """() => [...document.querySelectorAll('#bidding-box button.bid')].filter(b => {
          const r = b.getBoundingClientRect(), cs = getComputedStyle(b);
          const text = document.createRange();
          text.selectNodeContents(b);
          const t = text.getBoundingClientRect();
          return t.left < r.left + parseFloat(cs.borderLeftWidth) + 1
            || t.right > r.right - parseFloat(cs.borderRightWidth) - 1;
        }).map(b => b.dataset.call)"""
    )
    assert not tight, f"labels touching their buttons' edges: {tight}"


def _oval_height(page: Page) -> float:
    return float(
        page.evaluate("() => document.querySelector('#trick').getBoundingClientRect().height")
    )


@pytest.mark.parametrize("size", SIZES)
def test_home_fits(server: str, browser: BrowserContext, shots: Path, size: str) -> None:  # noqa: F811
    page = _page(browser, size)
    page.goto(server + "/")
    _no_overflow(page)
    page.screenshot(path=str(shots / f"home-{size}.png"))
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_royalton_auction_fits_and_the_box_is_on_screen(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
    size: str,
) -> None:
    """Royalton's 21-row bidding box beside (or, on a phone, above) the baize:
    the oval keeps its height; on the phone the whole box is in the viewport."""
    page = _page(browser, size)
    take_a_seat(page, server, "royalton", SEED)
    page.wait_for_function(
        "() => document.querySelector('#table-page').dataset.myTurn === '1'"
        " && document.querySelector('#table-page').dataset.phase === 'auction'",
        timeout=TIMEOUT * 1000,
    )
    page.wait_for_selector("#bidding-box:not([hidden])")
    _no_overflow(page)
    assert _oval_height(page) <= OVAL_MAX
    box = page.evaluate(
        "() => { const r = document.querySelector('#bidding-box').getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]; }"
    )
    left, top, right, bottom, vw, vh = box
    if size == "phone":
        assert left >= 0 and right <= vw and top >= 0 and bottom <= vh, box
        # The own hand too, every card of it, without scrolling.
        _on_screen(page, "#my-hand .card", 13)
    # "1 Nul.ᴿ", the widest label, clear of its button's double border.
    _labels_clear(page)
    page.screenshot(path=str(shots / f"table-auction-royalton-{size}.png"))
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_deal_in_play_and_at_its_end_fits(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
    size: str,
) -> None:
    page = _page(browser, size)
    take_a_seat(page, server, "daw", SEED)
    if size == "phone":
        # In the play the own hand and the trick are both on screen.
        end = time.monotonic() + TIMEOUT
        while _phase(page)[0] != "play":
            assert time.monotonic() < end, "the auction did not end"
            if not _act(page, use_keys=False):
                time.sleep(0.02)
        _on_screen(page, "#my-hand .card", 13)
        _on_screen(page, "#trick", 1)
    _play_to_the_end([page], shot=shots / f"table-play-daw-{size}.png")
    page.wait_for_selector("#score-panel:not([hidden])")
    _no_overflow(page)
    assert _oval_height(page) <= OVAL_MAX
    page.screenshot(path=str(shots / f"table-done-daw-{size}.png"))
    # The movie of the deal, at its end.
    page.click("#movie-link")
    page.wait_for_url("**/movie/**")
    page.keyboard.press("End")
    page.wait_for_selector("#score-panel:not([hidden])")
    _no_overflow(page)
    page.evaluate("() => scrollTo(0, 0)")
    page.screenshot(path=str(shots / f"movie-{size}.png"))
    page.close()


def test_the_director_results_traveller_and_score_card_fit(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    """A robots' match of one deal: the director's room, a score-card, the
    results page and its travellers, at both sizes."""
    page = _page(browser, "wide")
    direct_a_robots_match(page, server)
    page.wait_for_function(
        "() => document.querySelector('#progress').innerText.includes('Every table has finished')",
        timeout=TIMEOUT * 1000,
    )
    page.click("#publish")
    page.wait_for_selector("#results-link:not([hidden])")
    director = page.url
    results = page.get_attribute("#results-link", "href") or ""
    page.close()
    pages = {
        "director": director,
        "score-card": director + "/cards",
        "results": server + results if results.startswith("/") else results,
    }
    for size in SIZES:
        for name, url in pages.items():
            p = _page(browser, size)
            p.goto(url)
            _no_overflow(p)
            p.screenshot(path=str(shots / f"{name}-{size}.png"))
            if name == "results":
                traveller = p.locator("#travellers .traveller").first
                # Inside its report; at 1,280 px its table needs no scrolling.
                right, panel, inner, outer = p.evaluate(
                    "() => { const t = document.querySelector('#travellers .traveller');"
                    " return [t.getBoundingClientRect().right,"
                    " t.parentElement.getBoundingClientRect().right,"
                    " t.scrollWidth, t.clientWidth]; }"
                )
                assert right <= panel, f"the traveller overflows its report: {right} > {panel}"
                if size == "wide":
                    assert inner <= outer, f"the traveller is {inner} px in {outer} px"
                traveller.screenshot(path=str(shots / f"traveller-{size}.png"))
            p.close()


def _named_match_entered(ctx: BrowserContext, base: str) -> str:
    """A director's match of people, two teams of four, one deal a round:
    table 1's North and East take long names, the director enters every
    deal; North's table page."""
    players = ["A", "B", "C", "D", "W", "X", "Y", "Z"]
    spec = {"kind": "match", "code": "daw", "seed": 3, "deals": 1,
            "movement": "two-teams-of-four", "players": players}  # fmt: skip
    made = ctx.request.post(base + "/api/games", data=spec)
    assert made.ok, made.text()
    director = made.json()["director"].rsplit("/", 1)[-1]
    api = f"{base}/api/director/{director}"
    view = ctx.request.get(api).json()
    first = next(t for t in view["tables"] if t["round"] == 1 and t["number"] == 1)
    north, east = (view["links"][first["seats"][s]["name"]] for s in "NE")
    for link, name in ((north, "Annabel Featherstonehaugh"), (east, "Bartholomew Cholmondeley")):
        r = ctx.request.put(f"{base}/api/seat/{link.rsplit('/', 1)[-1]}/name", data={"name": name})
        assert r.ok, r.text()
    for _ in range(20):
        view = ctx.request.get(api).json()
        if view["finished"]:
            return base + north
        for t in view["tables"]:
            if not t["finished"] and t.get("tray") and t["phase"] not in ("done", None):
                body = {"table": t["table"], "tray": t["tray"], "contract": "2D",
                        "declarer": "N", "tricks": 8}  # fmt: skip
                r = ctx.request.post(f"{api}/results", data=body)
                assert r.ok, r.text()
    raise AssertionError("the match did not end")


def test_the_table_pages_traveller_with_names_is_compact(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    """Issue 17: the traveller in the table page's side panel, with the
    people's names: each line at most two short lines (the label, the names
    under it in small type, cut with the full names in the title), inside its
    panel, the page no wider than the viewport, at both sizes."""
    seat = _named_match_entered(browser, server)
    for size in SIZES:
        page = _page(browser, size)
        page.goto(seat)
        page.wait_for_selector("#traveller-panel:not([hidden]) table.traveller tbody tr")
        _no_overflow(page)
        names = page.locator("#traveller .names").first
        assert names.get_attribute("title") == "Annabel Featherstonehaugh & South"
        rows, cell, panel, table = page.evaluate(
            """() => {
              const rows = [...document.querySelectorAll('#traveller tbody tr')];
              const line = parseFloat(getComputedStyle(rows[0]).lineHeight) || 20;
              return [rows.map(r => r.getBoundingClientRect().height / line),
                      document.querySelector('#traveller .names').getBoundingClientRect().right,
                      document.querySelector('#traveller').getBoundingClientRect().right,
                      document.querySelector('#traveller table').getBoundingClientRect().width];
            }"""
        )
        assert max(rows) <= 2.5, f"a traveller line is {max(rows):.1f} lines tall"
        assert cell <= panel + 0.5, f"the names reach past the panel: {cell} > {panel}"
        assert table > 0
        page.locator("#traveller-panel").scroll_into_view_if_needed()
        page.locator("#traveller-panel").screenshot(path=str(shots / f"traveller-table-{size}.png"))
        page.close()


def test_while_disconnected_the_page_says_so_and_takes_no_input(
    browser: BrowserContext,  # noqa: F811
    tmp_path: Path,
    shots: Path,  # noqa: F811
) -> None:
    """The server goes away at the player's call: the page says it is not
    connected, every card and call is out of reach (nothing is queued), and
    on the server's return the table is as it was, the call still his."""
    database = f"sqlite:///{tmp_path / 'whist.sqlite3'}"
    port = free_port()
    proc = server_process(database, port)
    try:
        wait_until_up(port, proc)
        page = _page(browser, "wide")
        take_a_seat(page, f"http://127.0.0.1:{port}", "royalton", SEED)
        page.wait_for_function(_MY_CALL, timeout=TIMEOUT * 1000)
        n = page.get_attribute("#table-page", "data-n")
        proc.kill()
        proc.wait()
        page.wait_for_selector("#table-page[data-offline]")
        assert "Not connected" in page.inner_text("#prompt")
        assert page.locator("#bidding-box button:not([disabled])").count() == 0
        assert page.locator("button.playable").count() == 0
        page.keyboard.press("p")
        page.keyboard.press("Enter")
        page.screenshot(path=str(shots / "table-offline.png"))
        proc = server_process(database, port)
        wait_until_up(port, proc)
        page.wait_for_function(
            "() => !document.querySelector('#table-page').dataset.offline", timeout=20000
        )
        page.wait_for_function(_MY_CALL, timeout=TIMEOUT * 1000)
        # The typed pass was not kept for later: the table has not moved on.
        assert page.get_attribute("#table-page", "data-n") == n
        assert page.locator("#bidding-box button:not([disabled])").count() > 0
        page.close()
    finally:
        proc.kill()
        proc.wait()
