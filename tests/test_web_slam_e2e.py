"""Issue 18 end to end in Chromium: a Royalton slam judged by the strong
robot over simulated deals, in the robots' pool, and explained at the table.

The walk: the home page → a single Royalton deal against the strong robots
(``whist serve --robots strong``), seed 3, where East opens 1D, West raises
and East bids the little slam on most of the 24 deals West's calls allow
(22 since issue 18's session 15 changed the rules West's calls are replayed by) → the
6D explained on hover in its general form while the deal is played → the
deal played out → the 6D explained in full, the simulation's figures and
law 87 in it, as the robot judged it in its worker (the server kept the
explanation; it never judged the slam in its event loop) → the next deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from auctionwhist.robots.bidding import royalton as ry
from test_web_e2e import (  # noqa: F401  (fixtures)
    _errors,
    _phase,
    _play_to_the_end,
    browser,
    playwright,
    shots,
    whist_serve,
)

pytestmark = pytest.mark.slow  # a real browser against a real server


@pytest.fixture(scope="module")
def strong_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``whist serve --robots strong`` (one worker) over a fresh database."""
    with whist_serve(
        tmp_path_factory.mktemp("serve-strong"), "--robots", "strong", "--robot-workers", "1"
    ) as url:
        yield url


def test_a_simulated_slam_is_explained_as_the_robot_judged_it(
    strong_server: str,
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    errors = _errors(page)
    page.goto(strong_server + "/")
    page.check("input[name=code][value=royalton]")
    page.click("details.more summary")
    page.fill("input[name=seed]", "3")
    page.click("button[value=deal]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase]")
    # South passes (the lowest call the helper finds is "pass" over 6D too)
    while _phase(page)[0] == "auction":
        if _phase(page)[1]:
            page.click('.bidding-box button[data-call="pass"]:not([disabled])')
        page.wait_for_timeout(100)
    calls = page.locator("#auction td.explained").all_inner_texts()
    assert [c.replace(" ", "") for c in calls] == [
        "Nobid", "1♦", "2♦", "Pass", "6♦", "Pass", "Pass",
    ]  # fmt: skip
    six = page.locator("#auction td.explained", has_text="6")
    six.hover()
    note = page.locator("#call-note")
    note.wait_for(state="visible")
    during = note.inner_text()
    assert during.startswith("East, 6") and "the slam when they hold it" in during
    assert "deals" not in during  # the general form: nothing of the robot's hand

    _play_to_the_end([page])
    page.wait_for_selector("#score-panel:not([hidden])")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#auction td.explained')]"
        ".some(td => (td.title || '').includes('rule '))"
    )
    six.click()
    full = note.inner_text()
    # the simulation's own figures, which only the worker's judgement gives
    # (the count, as the event loop would judge, names no deals); the slam
    # is bid from SLAM_ODDS of them
    made = re.search(
        r"twelve tricks at diamonds in (\d+) of the 24 deals partner's calls allow", full
    )
    assert made is not None, full
    assert int(made.group(1)) >= ry.SLAM_ODDS * 24
    assert "law 87" in full and "rule place_the_contract" in full
    assert "little slam" in page.inner_text("#score-panel")
    page.screenshot(path=str(shots / "table-simulated-slam-wide.png"))

    # into the next deal
    page.click("#score-panel button:has-text('Next deal')")
    page.wait_for_function("() => document.querySelector('#table-page').dataset.phase !== 'done'")
    assert _phase(page)[0] in ("auction", "play")
    assert not errors
