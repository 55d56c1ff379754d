"""Issue 20 item 1 in Chromium: the review of a finished Royalton deal shows
the deal's double-dummy table and par above the play, its nullo row as
bounds when the solver's budget ran out ("5-8"), and par then as what it can
still be. Screenshot to ``$WHIST_SCREENSHOTS`` when set, else the test's
folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from test_web_e2e import (  # noqa: F401  (fixtures)
    _errors,
    _phase,
    _play_to_the_end,
    browser,
    playwright,
    server,
    shots,
)
from web_helpers import take_a_seat

pytestmark = pytest.mark.slow


def test_review_shows_the_table_and_par_with_nullo_bounds(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    errors = _errors(page)
    take_a_seat(page, server, "royalton", seed=5)
    _play_to_the_end([page])
    page.click("#review-button")
    page.wait_for_selector("#review table.dd-table", timeout=60_000)
    heads = page.locator("#review table.dd-table thead th").all_text_contents()
    assert heads[1:] == ["♣", "♦", "♥", "♠", "NT", "Nul."]
    body = page.locator("#review table.dd-table tbody tr")
    rows = [body.nth(i).locator("th, td").all_text_contents() for i in range(body.count())]
    assert [r[0] for r in rows] == ["North", "East", "South", "West"]
    nullo = [r[-1] for r in rows]
    assert all(re.fullmatch(r"\d+(-\d+)?", v) for v in nullo), nullo
    par = page.inner_text("#review .dd-par")
    assert par.startswith("Par: ")
    if any("-" in v for v in nullo):  # bounds: said so, and par as what it can be
        assert "bounds, the exact figure lies within them" in page.inner_text("#review")
        assert page.locator("#review td.dd-bounds").count() >= 1
    page.locator("#review-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "table-review-par.png"))
    assert not errors


def test_the_review_of_a_slow_nullo_is_scored_from_the_end_of_the_play(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    """Issue 20: South declares nullo on a deal whose whole-deal nullo takes
    the core longer than the review's budget (Royalton, seed 1). The review
    still comes, within its budget: the play's last cards scored, the first
    ones marked "not scored" and said so, the table's nullo row as bounds."""
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    errors = _errors(page)
    take_a_seat(page, server, "royalton", seed=1)
    called = False
    while page.get_attribute("#table-page", "data-phase") in (None, "auction"):
        # South's turn, and the box drawn for it (the turn's flag may come first)
        button = '.bidding-box button[data-call="%s"]:not([disabled]):not([hidden])' % (
            "pass" if called else "1NL"
        )
        if _phase(page) != ("auction", True) or not page.locator(button).count():
            page.wait_for_timeout(20)
            continue
        n = page.get_attribute("#table-page", "data-n")
        page.click(button)
        called = True
        page.wait_for_function(
            f"() => document.querySelector('#table-page').dataset.n !== '{n}'", timeout=5000
        )
    assert "1 Nul. by South" in page.inner_text("#fact-contract")
    _play_to_the_end([page])
    page.click("#review-button")
    page.wait_for_selector("#review ol.review-tricks", timeout=60_000)
    text = page.inner_text("#review")
    assert "not available" not in text
    unscored = page.locator("#review .rv-cost.unscored").count()
    assert unscored > 0, "the first cards of a slow nullo are left unscored"
    assert f"The first {unscored} cards are not scored" in text
    assert page.locator("#review .rv-card").count() == 52
    page.locator("#review-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "table-review-nullo.png"), full_page=True)
    assert not errors
