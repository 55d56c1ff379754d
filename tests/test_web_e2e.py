"""Issue 7, acceptance: the web app end to end in a real browser.

Debian's Chromium (``/usr/bin/chromium``, installed by ``.ci/run``) driven by
Playwright for Python against a real ``whist serve`` child process on a free
localhost port with a temporary database; robots act at once and the deals
are seeded, so the whole module runs in well under two minutes.

Screenshots of the table, the score-card and the results page go to
``$WHIST_SCREENSHOTS`` when it is set (``docs/img`` for the guide), else to
the test's temporary folder.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Playwright, sync_playwright

from auctionwhist.web.bench import free_port, wait_until_up
from test_web_secrecy import _four_at_a_laws_table, _play_until_an_adversary_leads, submit
from web_helpers import direct_a_robots_match, serving, take_a_seat

pytestmark = pytest.mark.slow  # a real browser against a real server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CODES = ("daw", "auction", "royals", "royalton", "whist")
TIMEOUT = 60.0
SEED = 7


@contextmanager
def whist_serve(folder: Path, *options: str) -> Iterator[str]:
    """``whist serve`` on a free port over a fresh SQLite database in
    ``folder``, with ``options``; its address, once it answers. Stopped as
    an operator stops it (SIGTERM) on leaving."""
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from auctionwhist.cli import main; main()",
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{folder / 'whist.sqlite3'}",
            "--robot-delay",
            "0",
            *options,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until_up(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``whist serve`` on a free port over a fresh SQLite database."""
    with whist_serve(tmp_path_factory.mktemp("serve")) as url:
        yield url


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(
    playwright: Playwright, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """Chromium with a new, empty profile (its --user-data-dir, in pytest's
    temporary folders, so it is cleared with them); never a downloaded
    browser."""
    profile = tmp_path_factory.mktemp("chromium")
    ctx = playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        viewport={"width": 1280, "height": 860},
    )
    yield ctx
    ctx.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = os.environ.get("WHIST_SCREENSHOTS")
    out = Path(folder) if folder else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    return out


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _phase(page: Page) -> tuple[str | None, bool]:
    return (
        page.get_attribute("#table-page", "data-phase"),
        page.get_attribute("#table-page", "data-my-turn") == "1",
    )


_CLICK_FIRST = """sel => {
  const b = document.querySelector(sel);
  if (!b) return null;
  b.click();
  return b.dataset.call || b.dataset.card || b.id;
}"""


# Predicates are arrow functions, not expressions: Playwright evaluates an
# expression with eval, which the pages' Content-Security-Policy forbids.


def _act(page: Page, use_keys: bool) -> bool:
    """Take one action if it is this seat's turn: a call from the bidding box
    (or typed), a card (clicked, or suit and rank typed), or the nullo's
    bridging choice; then wait until the table has moved on."""
    phase, mine = _phase(page)
    if not mine:
        return False
    n = page.get_attribute("#table-page", "data-n")
    done: object = None
    if phase == "auction":
        can_pass = page.locator('.bidding-box button[data-call="pass"]:not([disabled])').count()
        if use_keys and can_pass:
            page.keyboard.press("p")
            page.keyboard.press("Enter")
            done = "pass"
        else:
            # The lowest declaration open, else the first other call.
            done = page.evaluate(
                _CLICK_FIRST, ".bidding-box button[data-call]:not([disabled]):not([hidden])"
            )
    elif phase == "play":
        card = page.evaluate("() => document.querySelector('button.playable')?.dataset.card")
        if card and use_keys:
            page.keyboard.press(card[0].lower())
            page.keyboard.press(card[1].lower())
            done = card
        elif card:
            done = page.evaluate(_CLICK_FIRST, f'button.playable[data-card="{card}"]')
    elif phase == "bridging":
        done = page.evaluate(_CLICK_FIRST, "#call-lead-button")
    elif phase == "claim":
        done = page.evaluate(_CLICK_FIRST, "#claim-answer:not([hidden]) #accept-claim")
    if not done:
        return False
    page.wait_for_function(
        f"() => document.querySelector('#table-page').dataset.n !== '{n}'", timeout=5000, polling=20
    )
    return True


def _concede(pages: list[Page]) -> bool:
    """The player to act concedes the tricks still to play (a claim of none)."""
    for p in pages:
        if _phase(p) == ("play", True) and p.locator("#claim-form:not([hidden])").count():
            n = p.get_attribute("#table-page", "data-n")
            p.click("#concede-button")
            p.wait_for_function(
                f"() => document.querySelector('#table-page').dataset.n !== '{n}'", polling=20
            )
            return True
    return False


def _play_to_the_end(
    pages: list[Page],
    use_keys: bool = False,
    shot: Path | None = None,
    concede_after: int | None = None,
) -> None:
    """Act for every page whose turn it is until the deal is over; ``shot``:
    a screenshot of the first page in mid-play (dummy down, a trick on the
    table); ``concede_after``: that many tricks played, the player to act
    concedes the rest and the adversaries accept."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        if all(_phase(p)[0] == "done" for p in pages):
            return
        if concede_after is not None:
            played = pages[0].evaluate(
                "() => document.querySelector('#fact-tricks b').textContent"
                ".match(/\\d+/g).map(Number).reduce((a, b) => a + b, 0)"
            )
            if played >= concede_after and _concede(pages):
                concede_after = None
        if shot is not None and _phase(pages[0]) == ("play", True):
            first = pages[0]
            if first.locator("#trick:not(.quitted) .slot .card").count() >= 2 and (
                first.locator(".dummy-hand").count() or first.locator("#trump-panel").count()
            ):
                first.screenshot(path=str(shot))
                shot = None
        acted = False
        for p in pages:
            acted = _act(p, use_keys) or acted
        if not acted:
            time.sleep(0.02)
    raise AssertionError(f"the deal did not finish: {[_phase(p) for p in pages]}")


@pytest.mark.parametrize("code", CODES)
def test_one_person_plays_a_whole_deal_against_robots(
    server: str, browser: BrowserContext, shots: Path, code: str
) -> None:
    """Two clicks from the home page to a seat (choose the code, "A single
    deal"); the deal is played to its itemised score under each code, half
    the actions from the keyboard."""
    page = browser.new_page()
    errors = _errors(page)
    take_a_seat(page, server, code, SEED)
    assert page.locator("#my-hand .card").count() == 13
    _play_to_the_end(
        [page],
        use_keys=code in ("daw", "royalton"),
        shot=shots / f"table-play-{code}.png" if code in ("daw", "royalton") else None,
    )
    page.wait_for_selector("#score-panel:not([hidden])")
    items = page.locator("#score-items tbody tr").count()
    # Items in the trick and honor columns, or the law that voids the deal.
    assert items >= 2 or page.inner_text("#score-note")
    totals = page.locator("#score-items tfoot th").all_text_contents()
    assert totals[0] == "Total"
    # The score-card has the deal, and every hand is shown as dealt.
    page.wait_for_selector("#mini-card tbody td.deal")
    assert page.locator(".hand.shown .suit-rows").count() == 3
    if code in ("daw", "royalton"):
        page.screenshot(path=str(shots / f"table-done-{code}.png"))
    # The movie of the finished deal replays it to the same score.
    page.click("#movie-link")
    page.wait_for_url("**/movie/**")
    page.keyboard.press("End")
    page.wait_for_selector("#score-panel:not([hidden])")
    assert page.locator("#score-items tfoot th").all_text_contents()[1:3] == totals[1:3]
    assert not errors
    page.close()


def test_the_bidding_box_shows_royalton_royal_bids_and_nullo(
    server: str, browser: BrowserContext
) -> None:
    """Royalton law 32: a royal of each denomination at each level, nullo in
    the series, and the dealer's "no bid" (law 30)."""
    page = browser.new_page()
    page.goto(server + "/")
    page.check("input[name=code][value=royalton]")
    page.click("button[value=deal]")
    page.wait_for_url("**/t/**")
    calls = page.eval_on_selector_all(
        ".bidding-box button[data-call]", "bs => bs.map(b => b.dataset.call)"
    )
    assert {"1SR", "3NLR", "7NL", "no bid", "X", "XX"} <= set(calls)
    assert len([c for c in calls if c[0].isdigit()]) == 7 * 6 * 2
    page.close()


def test_four_browser_seats_play_a_deal_together(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """A table for friends: the host's page gives a link per seat; four
    browsers, one at each, play the deal: the auction, three tricks card by
    card, then a concession of the rest, which both adversaries accept. All
    four see one score."""
    host = browser.new_page()
    host.goto(server + "/")
    host.check("input[name=code][value=auction]")
    host.click("button[value=friends]")
    host.wait_for_url("**/d/**")
    links = host.eval_on_selector_all("a.seat-link", "as => as.map(a => a.href)")
    assert len(links) == 4
    seats: list[Page] = []
    for link in links:
        p = browser.new_page()
        p.goto(link)
        p.wait_for_selector("#table-page[data-phase]")
        seats.append(p)
    _play_to_the_end(seats, concede_after=3)
    totals = set()
    for p in seats:
        p.wait_for_selector("#score-panel:not([hidden])")
        totals.add(tuple(p.locator("#score-items tfoot th").all_text_contents()))
    assert len(totals) == 1
    # The host's (director's) page links the finished deal's movie.
    host.reload()
    assert host.locator("#progress a[href*='/movie/']").count() == 1
    for p in seats:
        p.close()
    host.close()


def test_a_director_runs_a_small_duplicate_match_to_its_results_page(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """Create a match (code, movement, deals, robots), watch every table, correct
    a result from the score-card, publish, and read the results page."""
    page = browser.new_page()
    errors = _errors(page)
    direct_a_robots_match(page, server)
    assert page.locator("#progress tbody tr").count() == 6
    page.wait_for_function(
        "() => document.querySelector('#progress').innerText.includes('Every table has finished')",
        timeout=TIMEOUT * 1000,
    )
    # A correction from table 1's score-card: 2 hearts by South, 8 tricks.
    entry = page.locator("#entry-form")
    entry.locator("select[name=declarer]").select_option("S")
    entry.locator("input[name=contract]").fill("2H")
    entry.locator("input[name=tricks]").fill("8")
    entry.locator("button[type=submit]").click()
    page.wait_for_function(
        "() => document.querySelector('#entry-result').innerText.startsWith('Entered')"
    )
    page.screenshot(path=str(shots / "director.png"), full_page=True)
    cards = browser.new_page()
    cards.goto(page.url + "/cards")
    assert cards.locator("section.sheet").count() >= 4
    cards.locator("section.sheet").first.screenshot(path=str(shots / "score-card.png"))
    cards.close()
    page.click("#publish")
    page.wait_for_selector("#results-link:not([hidden])")
    page.click("#results-link")
    page.wait_for_url("**/r/**")
    assert page.locator("#travellers .traveller").count() == 6
    assert "Won by" in page.inner_text("#result") or "A tie" in page.inner_text("#result")
    page.locator("#result").screenshot(path=str(shots / "results.png"))
    assert not errors
    page.close()


def test_a_phone_sees_the_whole_table(server: str, browser: BrowserContext, shots: Path) -> None:
    """Usable on a phone: the table and the bidding box fit a 390-pixel screen."""
    page = browser.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/")
    page.click("button[value=deal]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.screenshot(path=str(shots / "phone.png"), full_page=True)
    page.close()


def test_law_86_a_claim_by_an_adversary_shows_his_partners_hand_face_up_daw(
    tmp_path: Path, browser: BrowserContext, shots: Path
) -> None:
    """daw 86, in a real browser: after an adversary's claim (laws mode) the
    table shows his partner's hand face up, with the law, to the other seats;
    the partner sees his own cards marked liable to be called."""
    service, _watcher, conns, lt = _four_at_a_laws_table(tmp_path, "daw", "laws")

    async def claim() -> tuple[str, str, int]:
        claimant = await _play_until_an_adversary_leads(service, conns, lt, 2)
        await submit(service, conns[claimant], {"type": "claim", "tricks": 1})
        t = lt.table
        assert t is not None and t.play is not None
        watcher = claimant.left if claimant.left != t.play.dummy else claimant.right
        held = bin(t.play.hands[claimant.partner]).count("1")
        return conns[watcher].token or "", conns[claimant.partner].token or "", held

    # Playwright's sync API holds this thread's event loop: the table is set up in another.
    with ThreadPoolExecutor(1) as pool:
        seat_token, partner_token, held = pool.submit(asyncio.run, claim()).result()
    db = str(service.engine.url)
    service.close()
    with serving(db) as port:
        page = browser.new_page()
        errors = _errors(page)
        page.goto(f"http://127.0.0.1:{port}/t/{seat_token}")
        up = page.locator(".hand.face-up")
        up.wait_for(timeout=TIMEOUT * 1000)
        assert up.locator(".pip").count() == held
        assert "Law 86 (daw)" in up.locator(".face-up-note").inner_text()
        page.screenshot(path=str(shots / "table-face-up-daw.png"))
        page.goto(f"http://127.0.0.1:{port}/t/{partner_token}")
        page.locator(".card.liable").first.wait_for(timeout=TIMEOUT * 1000)
        assert page.locator(".card.liable").count() == held
        assert not errors, errors
        page.close()


# -- issue 17, dead ends: every game leads on ------------------------------------------


def _next(page: Page) -> None:
    """Click "Next deal" (or tray) and wait until the table has moved on, or
    the game is over (the table's end comes with no event of its own)."""
    n = page.get_attribute("#table-page", "data-n")
    page.click("#next-button")
    page.wait_for_function(
        f"() => document.querySelector('#table-page').dataset.n !== '{n}'"
        " || !document.querySelector('#over-panel').hidden",
        polling=20,
    )


def _mini_card(page: Page) -> tuple[list[list[str]], list[str]]:
    rows = page.locator("#mini-card tbody tr").all()

    # The deal's number is its first link; the hand records follow it.
    def number(r: Locator) -> str:
        return r.locator("td.deal > a").first.inner_text()

    body = [[number(r), *r.locator("td:not(.deal)").all_text_contents()] for r in rows]
    return body, page.locator("#mini-card tfoot tr").first.locator("th, td").all_text_contents()


def test_a_single_deal_leads_to_the_next_with_a_running_total(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """Issue 17 item 1: "A single deal", then "Next deal" twice; the seat's
    score-card lists the three deals and totals them."""
    page = browser.new_page()
    errors = _errors(page)
    take_a_seat(page, server, "daw", SEED)
    for deal in range(3):
        _play_to_the_end([page], use_keys=True, concede_after=6)
        page.wait_for_selector("#score-panel:not([hidden])")
        assert page.is_visible("#next-button") and page.is_hidden("#over-panel")
        page.wait_for_function(
            f"() => document.querySelectorAll('#mini-card tbody td.deal').length === {deal + 1}"
        )
        if deal < 2:
            _next(page)
            assert page.inner_text("#fact-deal b") == str(deal + 2)
    body, foot = _mini_card(page)
    assert [r[0] for r in body] == ["1", "2", "3"]
    # The running total is the sum of the deals' points.
    assert foot[1] == str(sum(int(r[3] or 0) for r in body))
    assert foot[2] == str(sum(int(r[4] or 0) for r in body))
    # Item 12: each finished deal's hand record, linked from the score-card.
    for i, row in enumerate(page.locator("#mini-card tbody tr").all()):
        pbn, js = (row.locator(f"td.deal a[href$='.{f}']") for f in ("pbn", "json"))
        assert pbn.inner_text() == "PBN" and js.inner_text() == "JSON"
        text = page.request.get(server + str(pbn.get_attribute("href"))).text()
        assert f'[Board "{i + 1}"]' in text and "[Deal " in text
        log = page.request.get(server + str(js.get_attribute("href")))
        assert log.ok and log.json()
    page.screenshot(path=str(shots / "table-series.png"))
    assert not errors
    page.close()


def test_a_rubber_played_to_its_end_then_a_new_rubber(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """Issue 17 item 1: a rubber to its end (the player passes and concedes,
    so the adversaries make their games fast), then "New rubber"."""
    page = browser.new_page()
    errors = _errors(page)
    page.goto(server + "/")
    page.check("input[name=code][value=auction]")
    page.click("button[value=rubber]")
    page.wait_for_url("**/t/**")
    first = page.url
    page.wait_for_selector("#table-page[data-phase]")
    end = time.monotonic() + 4 * TIMEOUT
    while page.is_hidden("#over-panel"):
        assert time.monotonic() < end, "the rubber did not end"
        _play_to_the_end([page], use_keys=True, concede_after=0)
        page.wait_for_selector("#score-panel:not([hidden])")
        _next(page)
    assert page.text_content("#over-h") == "The rubber is over"
    assert "the rubber is finished" in page.inner_text("#rubber-pad")
    assert page.is_hidden("#next-button") and page.is_visible("#again-button")
    page.screenshot(path=str(shots / "table-rubber-over.png"))
    page.click("#again-button")
    page.wait_for_url(lambda url: "/t/" in url and url != first)
    page.wait_for_selector("#table-page[data-phase=auction]")
    assert page.locator("#my-hand .card").count() == 13
    assert page.is_hidden("#over-panel") and page.locator("#mini-card tbody td.deal").count() == 0
    assert not errors
    page.close()


def test_a_solo_match_reaches_its_results_from_the_table(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """Issue 17 item 2: the home page's match, every tray played, then the
    results page (the player's own card and the travellers) from the table."""
    page = browser.new_page()
    errors = _errors(page)
    page.goto(server + "/")
    page.check("input[name=code][value=daw]")
    page.click("button[value=match]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase]")
    end = time.monotonic() + 4 * TIMEOUT
    while page.is_hidden("#over-panel"):
        assert time.monotonic() < end, "the match did not end"
        _play_to_the_end([page], use_keys=True, concede_after=4)
        page.wait_for_selector("#score-panel:not([hidden])")
        _next(page)
    # The other tables may still be playing: the results come when they finish.
    page.wait_for_selector("#results-link:not([hidden])", timeout=TIMEOUT * 1000)
    assert page.text_content("#over-h") == "The match is over"
    page.screenshot(path=str(shots / "table-match-over.png"))
    page.click("#results-link")
    page.wait_for_url("**/r/**")
    assert page.locator("#travellers .traveller").count() >= 6
    assert "Won by" in page.inner_text("#result") or "A tie" in page.inner_text("#result")
    assert page.locator("section.sheet").count() >= 4  # every score-card, his own among them
    page.screenshot(path=str(shots / "results-solo.png"))
    assert not errors
    page.close()


_CALLS = (
    "() => [...document.querySelectorAll('#auction tbody td')]"
    ".filter(td => td.textContent.trim()).length"
)
_HELD = "() => document.querySelectorAll('#my-hand .card').length"


def test_undo_against_robots_by_key_and_by_button(
    server: str, browser: BrowserContext, shots: Path
) -> None:
    """Issue 17 item 12: alone with robots, ``u`` takes back a call (and the
    robots' after it), the Undo button a card."""
    page = browser.new_page()
    errors = _errors(page)
    take_a_seat(page, server, "daw", SEED)
    page.wait_for_function("() => document.querySelector('#table-page').dataset.myTurn === '1'")
    assert _phase(page)[0] == "auction" and page.is_visible("#undo-button")
    calls = page.evaluate(_CALLS)
    assert _act(page, use_keys=False)  # a declaration: a pass here ends the deal
    page.wait_for_function(f"() => ({_CALLS})() > {calls}")
    page.keyboard.press("u")
    page.wait_for_function(
        f"() => ({_CALLS})() === {calls}"
        " && document.querySelector('#table-page').dataset.myTurn === '1'"
        " && document.querySelector('#table-page').dataset.phase === 'auction'"
    )
    # On to a card from South's own hand, then the button takes it back.
    end = time.monotonic() + TIMEOUT
    own = "#my-hand button.playable"
    while _phase(page) != ("play", True) or not page.locator(own).count():
        assert time.monotonic() < end and _phase(page)[0] != "done"
        if not _act(page, use_keys=False):
            time.sleep(0.02)
    held = page.evaluate(_HELD)
    page.locator(own).first.click()
    page.wait_for_function(f"() => ({_HELD})() === {held - 1}")
    page.screenshot(path=str(shots / "table-undo.png"))
    page.click("#undo-button")
    page.wait_for_function(
        f"() => ({_HELD})() === {held}"
        " && document.querySelector('#table-page').dataset.myTurn === '1'"
    )
    assert not page.locator("#error:not([hidden])").count()
    assert not errors
    page.close()
