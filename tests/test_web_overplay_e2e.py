"""Issue 17 item 1 in Chromium: a table for friends under daw is single-table
duplicate (daw 114-117). From the home page (one tray), four browsers take
the four links, play tray 1 originally, then overplay it with the tray
turned North to the East, each now holding a hand an adversary held; the
two pairs' result is published and shown; "Next set" seats the same four
at a new match (or "Start another game" goes to the home page).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from test_web_e2e import (  # noqa: F401  (fixtures)
    TIMEOUT,
    _errors,
    _play_to_the_end,
    browser,
    playwright,
    server,
    shots,
)

pytestmark = pytest.mark.slow  # a real browser against a real server

_HAND = "() => [...document.querySelectorAll('#my-hand [data-card]')].map(b => b.dataset.card)"


def _friends_table(host: Page, base: str, trays: int) -> list[str]:
    """The home page's table for friends under daw, ``trays`` trays: the
    director's page and its four links."""
    host.goto(base + "/")
    host.check("input[name=code][value=daw]")
    host.click("details.more summary")
    host.fill("input[name=trays]", str(trays))
    host.click("button[value=friends]")
    host.wait_for_url("**/d/**")
    links: list[str] = host.eval_on_selector_all("a.seat-link", "as => as.map(a => a.href)")
    return links


def _fact(page: Page) -> str:
    return " ".join((page.text_content("#fact-deal") or "").split())


def _next_everywhere(pages: list[Page]) -> None:
    """Each player says "Next tray": the table moves on once all four have."""
    for p in pages:
        p.click("#next-button")
    end = time.monotonic() + TIMEOUT
    while any(p.get_attribute("#table-page", "data-phase") == "done" and p.is_hidden(
            "#over-panel") for p in pages):  # fmt: skip
        assert time.monotonic() < end, "the table did not move on"
        time.sleep(0.05)


def test_law_114_115_friends_overplay_a_tray_turned_then_see_the_result(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    host = browser.new_page()
    errors = _errors(host)
    # The page refuses a number of trays outside 1-24 before it is sent.
    host.goto(server + "/")
    host.click("details.more summary")
    host.fill("input[name=trays]", "30")
    host.click("button[value=friends]")
    assert host.evaluate("() => document.querySelector('input[name=trays]').validity.rangeOverflow")
    assert host.url.rstrip("/") == server
    links = _friends_table(host, server, trays=1)
    assert len(links) == 4  # a link for each player: the four seats are people's
    seats: dict[str, Page] = {}
    for link in links:
        p = browser.new_page()
        errors += _errors(p)
        p.goto(link)
        p.wait_for_selector("#table-page[data-phase=auction]")
        seats[p.inner_text("#my-seat")[0]] = p
    assert sorted(seats) == ["E", "N", "S", "W"]
    pages = list(seats.values())
    # Tray 1, original play.
    for p in pages:
        assert _fact(p) == "Tray 1, original play"
    original = {s: sorted(p.evaluate(_HAND)) for s, p in seats.items()}
    assert all(len(h) == 13 for h in original.values())
    seats["S"].screenshot(path=str(shots / "table-friends-original.png"))
    _play_to_the_end(pages, concede_after=2)
    _next_everywhere(pages)
    # The overplay: the same people in the same seats, the tray turned.
    for p in pages:
        p.wait_for_function(
            "() => document.querySelector('#fact-deal b').textContent.includes('overplay')",
            timeout=TIMEOUT * 1000,
        )
        assert _fact(p) == "Tray 1, overplay"
        # The original play's traveller is laid aside with its score.
        assert p.is_hidden("#traveller-panel")
    over = {s: sorted(p.evaluate(_HAND)) for s, p in seats.items()}
    # Law 115: North's side of the tray to the East, so each player holds
    # the hand his right-hand adversary held (law 114).
    right = {"N": "W", "E": "N", "S": "E", "W": "S"}
    for s in seats:
        assert over[s] == original[right[s]], s
        assert over[s] != original[s]
    seats["S"].screenshot(path=str(shots / "table-friends-overplay.png"))
    _play_to_the_end(pages, concede_after=2)
    _next_everywhere(pages)
    # Every tray played twice: the two pairs' match, published at once.
    for p in pages:
        p.wait_for_selector("#results-link:not([hidden])", timeout=TIMEOUT * 1000)
        assert p.text_content("#over-h") == "The match is over"
        # A new card for the overplay, the original laid aside (daw,
        # "Single-table overplay"): the table's card has the overplay only.
        assert p.locator("#mini-card tbody td.deal").count() == 1
    south = seats["S"]
    assert south.locator("#next-set-button:not([hidden])").inner_text() == "Next set"
    south.screenshot(path=str(shots / "table-friends-over.png"))
    results = browser.new_page()
    results.goto(server + str(south.get_attribute("#results-link", "href")))
    result = results.inner_text("#result")
    assert "Won by" in result or "A tie" in result
    assert "movement two-pairs" in result and "2 plays of 1 trays" in result
    lines = results.locator("#travellers .traveller tbody tr")
    assert lines.count() == 2  # the tray's original play and its overplay
    results.screenshot(path=str(shots / "results-friends.png"), full_page=True)
    # The next set: each player asks, and all four sit at one new match, each
    # in his seat as before, new links, tray 1 again with new cards.
    old = {s: p.url for s, p in seats.items()}
    for s, p in seats.items():
        p.click("#next-set-button")
        p.wait_for_url(lambda url, was=old[s]: "/t/" in url and url != was)
        p.wait_for_selector("#table-page[data-phase=auction]")
        assert p.inner_text("#my-seat")[0] == s
        assert _fact(p) == "Tray 1, original play"
    assert {s: sorted(p.evaluate(_HAND)) for s, p in seats.items()} != original  # new deals
    # Or another game from the home page, the code still chosen.
    east = seats["E"]
    assert east.get_attribute("#home-link", "href") == "/?code=daw&mode=enforce"
    east.goto(server + "/?code=daw&mode=enforce")
    assert east.is_checked("input[name=code][value=daw]")
    assert not errors, errors
    for p in [*pages, host, results]:
        p.close()
