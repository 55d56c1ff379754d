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
