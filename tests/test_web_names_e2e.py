"""Issue 17 item 12 end to end in Chromium: player names, the robots' calls
explained, the double-dummy review of a finished deal.

The walk: the home page → a table for friends with each seat's name → the
names at the table → a single deal against robots, a robot's call explained
on hover in its general form while the auction goes on → the deal played
out → the call explained in full, the review shown at the table and in the
movie. Screenshots (1,280 × 800 and a phone's 390 × 844) go to
``$WHIST_SCREENSHOTS`` when set (``docs/img``), else the test's folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from test_web_e2e import (  # noqa: F401  (fixtures)
    _errors,
    _play_to_the_end,
    browser,
    playwright,
    server,
    shots,
)

pytestmark = pytest.mark.slow  # a real browser against a real server

WIDE = {"width": 1280, "height": 800}

SEED = 11


def _friends(page: Page, base: str) -> None:
    """The home page's table for friends, each seat named; North's link."""
    page.goto(base + "/")
    page.check("input[name=code][value=auction]")
    page.click("details.friends-names summary")
    for seat, name in (("N", 'Ann "Nan" Lee'), ("E", "Bob"), ("S", "  Cora  "), ("W", "")):
        page.fill(f"input[name=name_{seat}]", name)
    page.click("button[value=friends]")
    page.wait_for_url("**/d/**")
    assert "(Cora)" in page.inner_text("table.links")
    page.click("a.seat-link[data-seat=N]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase=auction]")


def test_names_explanations_and_review(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    page = browser.new_page()
    page.set_viewport_size(WIDE)  # the docs' screenshots are 1,280 x 800
    errors = _errors(page)

    # -- names at a table for friends ------------------------------------------------
    _friends(page, server)
    plates = page.locator(".plate").all_inner_texts()
    assert any('Ann "Nan" Lee' in p for p in plates)
    assert any("Cora" in p for p in plates) and any("Bob" in p for p in plates)
    head = page.text_content("#auction thead") or ""
    assert "Cora" in head and "Bob" in head
    assert page.inner_text("#my-name") == '(Ann "Nan" Lee)'
    # North takes another name at the table; a name too long is refused, with why.
    page.click("#name-edit summary")
    page.fill("#name-input", "x" * 40 + "y")  # maxlength stops the 41st
    assert page.input_value("#name-input") == "x" * 40
    page.fill("#name-input", "Annie")
    page.click("#name-form button")
    page.wait_for_function("() => document.querySelector('#my-name').textContent === '(Annie)'")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.plate')].some(p => p.textContent.includes('Annie'))"
    )
    # At a table of people no call is explained before the deal is over.
    assert page.locator("#auction td.explained").count() == 0

    # -- a single deal against robots -------------------------------------------------
    page.goto(server + "/")
    page.check("input[name=code][value=auction]")
    page.click("details.more summary")
    page.fill("input[name=name]", "Edith")
    page.fill("input[name=seed]", str(SEED))
    page.click("button[value=deal]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase]")
    assert "Edith" in page.inner_text("#my-name")
    assert page.locator(".plate .player-name", has_text="Robot").count() == 3
    # The robots before South have called; hover one: the rule's general sense.
    robot_call = page.locator("#auction td.explained").first
    robot_call.wait_for()
    robot_call.hover()
    note = page.locator("#call-note")
    note.wait_for(state="visible")
    during = note.inner_text()
    assert ":" in during and "rule " not in during  # the general form, not the full reason
    page.screenshot(path=str(shots / "table-explained-wide.png"))

    _play_to_the_end([page])
    page.wait_for_selector("#score-panel:not([hidden])")
    # The deal over: the same call explained in full, its rule named.
    page.wait_for_function(
        "() => (document.querySelector('#auction td.explained')?.title || '').includes('rule ')"
    )
    page.locator("#auction td.explained").first.click()
    assert "rule " in note.inner_text()

    # -- the review --------------------------------------------------------------------
    page.click("#review-button")
    page.wait_for_selector("#review .review-trick", timeout=40_000)
    tricks = page.locator("#review .review-trick").count()
    assert 1 <= tricks <= 13
    assert page.locator("#review .rv-card").count() >= 4 * (tricks - 1)
    text = page.inner_text("#review")
    assert "Tricks given up" in text or "Every card was a best card" in text
    page.locator("#review-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "table-review-wide.png"))

    # The movie: names, the calls in full, the review again.
    page.click("#movie-link")
    page.wait_for_url("**/movie/**")
    page.keyboard.press("End")
    assert page.locator(".plate .player-name", has_text="Edith").count() == 1
    page.locator("#auction td.explained").first.hover()
    assert "rule " in page.inner_text("#call-note")
    page.click("#review-button")
    page.wait_for_selector("#review .review-trick", timeout=40_000)
    assert page.locator("#review .review-trick").count() == tricks
    page.locator("#review-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "movie-review-wide.png"))

    # A phone: the names and the review fit the screen.
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(page.url)
    phone.click("#review-button")
    phone.wait_for_selector("#review .review-trick", timeout=40_000)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    phone.screenshot(path=str(shots / "movie-review-phone.png"), full_page=True)
    assert not errors
