"""Issue 17, Safety, in Debian's Chromium: the pages work under the
Content-Security-Policy (no violation, no console error), and the director
sees why publishing is refused while trays remain."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from test_web_e2e import SEED, _play_to_the_end, browser, playwright, server  # noqa: F401
from web_helpers import take_a_seat

# Each page records what the CSP refused; window.print is a stub, so that
# the printable cards' inline onclick (allowed by its hash) can be seen to run.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
window.print = () => { window.__printed = true; };
"""


def _watched(browser: BrowserContext) -> tuple[Page, list[str]]:  # noqa: F811
    page = browser.new_page()
    page.add_init_script(WATCH)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return page, problems


def _clean(page: Page, problems: list[str]) -> None:
    assert page.evaluate("window.__csp") == []
    assert problems == []


def _shots(tmp_path: Path) -> Path:
    folder = os.environ.get("WHIST_SCREENSHOTS")
    return Path(folder) if folder else tmp_path


def test_home_and_a_table_work_under_the_csp(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    tmp_path: Path,
) -> None:
    page, problems = _watched(browser)
    response = page.goto(server + "/")
    assert response is not None
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    take_a_seat(page, server, "daw", SEED)
    assert page.locator("#my-hand .card").count() == 13  # the WebSocket brought the deal
    _play_to_the_end([page])
    page.wait_for_selector("#score-panel:not([hidden])")
    page.screenshot(path=str(_shots(tmp_path) / "csp-table-done.png"))
    _clean(page, problems)
    page.close()


def test_the_director_is_told_why_publishing_waits_and_cards_print(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    tmp_path: Path,
) -> None:
    page, problems = _watched(browser)
    spec = {"kind": "match", "code": "daw", "seed": 2, "movement": "two-teams-of-four", "deals": 1}
    made = page.request.post(server + "/api/games", data=spec)
    assert made.status == 201
    director = made.json()["director"]
    page.goto(server + director)
    page.click("#publish")
    page.wait_for_function(
        "() => document.querySelector('#publish-result').innerText.includes('of trays remain')"
    )
    assert page.locator("#results-link").is_hidden()
    page.screenshot(path=str(_shots(tmp_path) / "csp-publish-refused.png"), full_page=True)
    # The refusal's 409 is logged by Chromium as a failed fetch: that one only.
    problems[:] = [p for p in problems if "409" not in p]
    _clean(page, problems)
    cards, card_problems = _watched(browser)
    cards.goto(server + director + "/cards")
    cards.click("button:has-text('Print')")
    assert cards.evaluate("window.__printed") is True
    _clean(cards, card_problems)
    cards.close()
    page.close()
