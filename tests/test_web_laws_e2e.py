"""Issue 17 item 11: laws mode from the page, in Chromium.

A table of two people (South and East, robots North and West) played under
daw's laws (``mode=laws``, ``--robot-delay 0``): South renounces in error
from the page and corrects it (daw 103), renounces again and lets the trick
be quitted (established, daw 100), and at the end of the play the declarant,
East, exacts the revoke penalty on his page (daw 101B), which the score
shows. A call out of turn (daw 57), an exposed card (daw 80, 107), an
irregularity called to the table's attention and a lead out of turn (daw
89) each end in the law's ruling on the page. Screenshots go to
``$WHIST_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from test_web_e2e import (  # noqa: F401  (fixtures)
    TIMEOUT,
    _errors,
    browser,
    playwright,
    server,
    shots,
)

pytestmark = pytest.mark.slow  # a real browser against a real server

# A deal at which East's opening 7 NT stands (the robots pass or double):
# East declares, South is his left-hand adversary and leads.
SEED = 3

_LAWFUL = "#bidding-box button[data-call]:not(.irregular):not(:disabled):not([hidden])"

# What a page shows: its phase, whether it is to act, its event number, and
# its own hand split into the cards the laws allow now and the rest.
_VIEW = """() => {
  const p = document.querySelector('#table-page');
  const mine = [...document.querySelectorAll('#my-hand button[data-card]')];
  const slots = [...document.querySelectorAll('#trick .slot .card')];
  return {
    phase: p.dataset.phase, mine: p.dataset.myTurn === '1', n: Number(p.dataset.n),
    playable: mine.filter(b => b.classList.contains('playable')).map(b => b.dataset.card),
    irregular: mine.filter(b => b.classList.contains('irregular')).map(b => b.dataset.card),
    trick: document.querySelector('#trick').classList.contains('quitted') ? 0 : slots.length,
  };
}"""

_CLICK = """sel => {
  const b = document.querySelector(sel);
  if (!b) return null;
  b.click();
  return b.dataset.call || b.dataset.card || b.dataset.option || b.id;
}"""


def view(page: Page) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(_VIEW)
    return out


def click(page: Page, selector: str) -> str | None:
    """Click the first element matching ``selector`` and wait for the page to
    hear of what followed (its event number moves on)."""
    before = view(page)["n"]
    what: str | None = page.evaluate(_CLICK, selector)
    if what is not None:
        page.wait_for_function(
            "n => Number(document.querySelector('#table-page').dataset.n) > n",
            arg=before,
            timeout=TIMEOUT * 1000,
        )
        time.sleep(0.1)  # the robots' replies, and the fresh view after them
    return what


def open_table(ctx: BrowserContext, base: str, seed: int = SEED) -> tuple[Page, Page]:
    """A friends' table under daw's laws with people at South and East: each
    one's page at his seat."""
    r = ctx.request.post(
        base + "/api/games",
        data={"kind": "deal", "code": "daw", "mode": "laws", "humans": ["S", "E"], "seed": seed},
    )
    assert r.ok, r.text()
    seats = r.json()["seats"]
    pages = []
    for s in ("S", "E"):
        page = ctx.new_page()
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(base + seats[s] if seats[s].startswith("/") else seats[s])
        page.wait_for_selector("#table-page[data-phase]")
        pages.append(page)
    return pages[0], pages[1]


def call_lawfully(page: Page, seat: str) -> None:
    """East opens 7 NT when he may, else passes; South passes (or, as
    dealer, who may not pass, makes the lowest declaration)."""
    if seat == "E" and click(page, f"{_LAWFUL}[data-call='7NT']"):
        return
    if not click(page, f"{_LAWFUL}[data-call='pass']"):
        assert click(page, f"{_LAWFUL}.bid")


def drive(
    south: Page,
    east: Page,
    until: Any,
    *,
    south_plays: Any = None,
    rule: str = "",
) -> None:
    """Both people act lawfully (East first to his 7 NT, the first lawful card
    each; East, choosing a penalty, takes ``rule`` or the first option) until
    ``until()``; ``south_plays(view)`` may play South's card instead."""
    deadline = time.monotonic() + TIMEOUT
    while not until():
        assert time.monotonic() < deadline, f"stuck: South {view(south)}, East {view(east)}"
        acted = False
        for page, seat in ((south, "S"), (east, "E")):
            v = view(page)
            # asked again after the page is read, before it acts: a robot
            # may have brought the awaited moment since the last asking, and
            # acting on it would pass it by (CI saw East call his 7 NT so)
            if until():
                return
            if not v["mine"]:
                continue
            acted = True
            if v["phase"] == "auction":
                call_lawfully(page, seat)
            elif v["phase"] == "play":
                if not (seat == "S" and south_plays is not None and south_plays(v)):
                    assert click(page, "#baize button.playable"), v
            elif v["phase"] == "penalty":
                option = f"#penalty button[data-option='{rule}']" if rule else ""
                if not (option and click(page, option)):
                    click(page, "#penalty button[data-option]")
            if until():
                return
        if not acted:
            time.sleep(0.05)


def suit(card: str) -> str:
    return card[0]


def renounce_card(v: dict[str, Any]) -> str | None:
    """A card South may renounce with now: a trick is led, he holds its suit
    (his lawful cards are all of it) and plays another suit's card."""
    led = {suit(c) for c in v["playable"]}
    # Not as fourth hand: a robot might lead to the next trick at once.
    if not 0 < v["trick"] < 3 or len(led) != 1:
        return None
    return next((c for c in v["irregular"] if suit(c) not in led), None)


def ruled(page: Page, words: str) -> None:
    """Wait until the page's list of rulings has one saying ``words``."""
    page.wait_for_function(
        "w => [...document.querySelectorAll('#rulings li')].some(li => li.textContent.includes(w))",
        arg=words,
    )


def texts(page: Page, selector: str) -> list[str]:
    out: list[str] = page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")
    return out


def test_a_renounce_from_the_page_corrected_then_established_and_the_revoke_scored(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    south, east = open_table(browser, server)
    errors = [_errors(south), _errors(east)]
    drive(south, east, lambda: view(south)["phase"] == "play")
    contract = east.inner_text("#fact-contract")
    assert "7 NT" in contract and "by East" in contract, contract

    # 1. A renounce in error, corrected before the trick is quitted (daw 103):
    # the card goes back, and the declarant chooses the penalty on his page.
    done: dict[str, str] = {}

    def renounce(key: str) -> Callable[[dict[str, Any]], bool]:
        """South's play: a renounce from the page, once, kept as ``done[key]``."""

        def plays(v: dict[str, Any]) -> bool:
            card = renounce_card(v)
            if card is None or key in done:
                return False
            done[key] = card
            assert click(south, f"#my-hand button[data-card='{card}']") == card
            return True

        return plays

    drive(south, east, lambda: "first" in done, south_plays=renounce("first"))
    south.wait_for_selector("#correct-button:not([hidden])")
    assert east.is_hidden("#correct-button"), "East is not told South holds the suit"
    assert east.is_hidden("#penalty")
    click(south, "#correct-button")
    east.wait_for_selector("#penalty:not([hidden])")
    assert "renounce in error corrected" in east.inner_text("#penalty")
    assert "Law 103 (daw)" in east.inner_text("#penalty")
    click(east, "#penalty button[data-option='highest']")
    south.wait_for_function("() => document.querySelectorAll('#rulings li').length === 1")
    ruling = texts(south, "#rulings li")[0]
    assert "Law 103 (daw)" in ruling and "East chose" in ruling and "highest" in ruling
    # South must now play his highest card of the suit led: one lawful card.
    assert len(view(south)["playable"]) == 1
    assert east.is_hidden("#undo-button"), "no undo under the laws"

    # 2. A renounce let stand: nothing is said while it may be corrected; it
    # is established once a card of the next trick is played (daw 100).
    drive(south, east, lambda: "second" in done, south_plays=renounce("second"))
    south.wait_for_selector("#correct-button:not([hidden])")
    assert east.is_hidden("#penalty")
    # Play on: the trick is quitted, the next one begins, and South can no
    # longer correct it; the table says nothing until the play is over.
    drive(south, east, lambda: view(south)["phase"] != "play" or south.is_hidden("#correct-button"))
    assert south.is_hidden("#correct-button")
    assert view(east)["phase"] == "play" and east.is_hidden("#penalty")

    # 3. The play over, the declarant exacts the penalty for the adversaries'
    # revoke (daw 101B): 150 points, chosen on East's page.
    drive(south, east, lambda: view(east)["phase"] in ("penalty", "done"))
    assert view(east)["phase"] == "penalty"
    east.wait_for_selector("#penalty:not([hidden])")
    text = east.inner_text("#penalty")
    assert "an established revoke — Law 101 (daw)" in text and "Offender: South" in text
    assert "East chooses the penalty" in south.inner_text("#prompt")
    east.screenshot(path=str(shots / "table-laws-revoke-wide.png"))
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(east.url)
    phone.wait_for_selector("#penalty:not([hidden])")
    phone.locator("#actions-panel").scroll_into_view_if_needed()
    phone.screenshot(path=str(shots / "table-laws-revoke-phone.png"))
    phone.close()
    click(east, "#penalty button[data-option='revoke_points']")
    east.wait_for_selector("#score-panel:not([hidden])")
    south.wait_for_selector("#score-panel:not([hidden])")
    rows = east.eval_on_selector_all(
        "#score-items tbody tr:not(.column-head)",
        "trs => trs.map(tr => [...tr.children].map(td => td.textContent))",
    )
    revoke = [r for r in rows if "Law 101B (daw)" in r[3]]
    assert revoke, rows
    # The revoke's 150 points go to East-West, the declarant's side.
    assert revoke[0][1] == "" and revoke[0][2] == "150", revoke
    rulings = texts(east, "#rulings li")
    assert any("an established revoke" in r and "East chose" in r for r in rulings), rulings
    assert errors == [[], []]


def test_a_call_out_of_turn_an_exposed_card_and_an_irregularity_named_from_the_page(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    south, east = open_table(browser, server)
    errors = [_errors(south), _errors(east)]

    # A call out of turn (daw 57): East is to call and South declares; East,
    # on the offender's right, chooses on his page what becomes of it.
    drive(south, east, lambda: view(east)["mine"] and view(east)["phase"] == "auction")
    assert not view(south)["mine"]
    assert south.is_visible("#bidding-box"), "laws mode: the box is open out of turn"
    assert click(south, "#bidding-box button.irregular[data-call='1S']") == "1S"
    east.wait_for_selector("#penalty:not([hidden])")
    assert "out of turn — Law 57 (daw)" in east.inner_text("#penalty")
    assert "For East to choose" in south.inner_text("#penalty")
    click(east, "#penalty button[data-option='ignore']")
    south.wait_for_function("() => document.querySelectorAll('#rulings li').length >= 1")
    first = texts(south, "#rulings li")[0]
    assert "out of turn" in first and "Law 57 (daw)" in first and "East chose" in first
    assert first in texts(east, "#rulings li")

    # An exposed card (daw 80): South shows a card while East is to play; it
    # lies face up for every seat, and when South is next to play the
    # declarant says whether he calls it (daw 107).
    drive(south, east, lambda: view(east)["mine"] and view(east)["phase"] == "play")
    south.click("#expose-button")  # sends nothing: the next card is exposed
    assert south.get_attribute("#expose-button", "aria-pressed") == "true"
    exposed = view(south)["irregular"][0]
    assert click(south, f"#my-hand button[data-card='{exposed}']") == exposed
    east.wait_for_selector(".pos .hand.face-up")
    note = east.inner_text(".pos .hand.face-up")
    assert "Law 80 (daw)" in note
    up = east.eval_on_selector_all(".pos .hand.face-up .pip", "els => els.map(e => e.textContent)")
    assert len(up) == 1 and exposed[1].replace("T", "10") in up[0]
    assert south.is_visible(f"#my-hand button.liable[data-card='{exposed}']")
    drive(south, east, lambda: view(east)["phase"] == "penalty")
    assert "a card exposed during the play" in east.inner_text("#penalty")
    click(east, "#penalty button[data-option='call_card']")
    if view(east)["phase"] == "penalty":  # calling it would compel a revoke: not allowed
        click(east, "#penalty button[data-option='waive']")
    ruled(east, "exposed")

    # Any player calls attention to an irregularity: South names his own
    # partner for information given after the final declaration (daw 61);
    # the declarant chooses the remedy on his page.
    drive(south, east, lambda: view(east)["mine"] and view(east)["phase"] == "play")
    south.click("#report summary")
    options = south.eval_on_selector_all("#report-offence option", "os => os.map(o => o.value)")
    assert "information" in options and "call_out_of_turn" not in options
    south.select_option("#report-offence", "information")
    south.select_option("#report-offender", "N")
    click(south, "#report-form button[type=submit]")
    east.wait_for_selector("#penalty:not([hidden])")
    assert "Offender: North" in east.inner_text("#penalty")
    east.select_option("#penalty select", "H")
    click(east, "#penalty button[data-option='call_suit']")
    ruled(south, "Law 61 (daw)")
    last = texts(south, "#rulings li")[-1]
    assert "East chose" in last and "(♥)" in last
    south.screenshot(path=str(shots / "table-laws-play-wide.png"))

    # A lead out of turn (daw 89): East (or dummy) is to lead and South leads.
    # The declarant may call a suit "as soon as it is the turn of either
    # adversary to lead": on his page he chooses to call one, naming none yet;
    # the card goes back; when North or South is next to lead, his page asks
    # for the suit.
    drive(south, east, lambda: view(east)["mine"] and view(east)["phase"] == "play"
          and view(east)["trick"] == 0)  # fmt: skip
    cards = view(south)["irregular"]
    led = next((c for c in cards if c[0] == "H"), cards[0])  # the suit East called
    assert click(south, f"#my-hand button[data-card='{led}']") == led
    east.wait_for_selector("#penalty:not([hidden])")
    assert "a lead out of turn by an adversary of the declarant — Law 89 (daw)" in east.inner_text(
        "#penalty"
    )
    options = east.eval_on_selector_all("#penalty button", "bs => bs.map(b => b.dataset.option)")
    assert options == ["accept", "exposed", "call_lead"]
    assert east.query_selector("#penalty select") is None  # no suit named now
    click(east, "#penalty button[data-option='call_lead']")
    ruled(south, "Law 89 (daw)")
    assert led in view(south)["playable"] + view(south)["irregular"]  # back in the hand

    def asked() -> bool:
        return view(east)["phase"] == "penalty" and "the suit called" in east.inner_text("#penalty")

    drive(south, east, lambda: asked() or view(east)["phase"] == "done")
    assert asked(), "North-South won a trick after the lead out of turn"
    assert "the suit called for a lead out of turn — Law 89 (daw)" in east.inner_text("#penalty")
    assert view(east)["trick"] == 0  # before the adversary leads
    east.screenshot(path=str(shots / "table-laws-lead-called.png"))
    east.select_option("#penalty select", "C")
    click(east, "#penalty button[data-option='call_suit']")
    south.wait_for_function(
        "() => [...document.querySelectorAll('#rulings li')].filter("
        "li => li.textContent.includes('Law 89 (daw)')).length >= 2"
    )
    assert "(♣)" in texts(south, "#rulings li")[-1]
    assert view(south)["trick"] == 1 or view(south)["phase"] != "play"
    assert errors == [[], []]


def test_having_none_asked_from_the_page_finds_the_renounce_and_it_is_corrected(
    server: str,  # noqa: F811
    browser: BrowserContext,  # noqa: F811
    shots: Path,  # noqa: F811
) -> None:
    """daw 102, 103: South renounces in error; East, his adversary, asks
    "Having none, South?" before the trick is quitted. The table finds the
    suit in South's hand: the renounce is corrected, and East, the
    declarant, chooses the penalty (South's highest of the suit led)."""
    south, east = open_table(browser, server)
    errors = [_errors(south), _errors(east)]
    drive(south, east, lambda: view(south)["phase"] == "play")
    assert east.locator("#ask-buttons button").count() == 0, "no one has failed to follow yet"
    done: dict[str, str] = {}

    def renounce(v: dict[str, Any]) -> bool:
        card = renounce_card(v)
        if card is None or done:
            return False
        done["card"] = card
        assert click(south, f"#my-hand button[data-card='{card}']") == card
        return True

    drive(south, east, lambda: "card" in done, south_plays=renounce)
    east.wait_for_selector("#ask-buttons button[data-ask='S']")
    assert south.locator("#ask-buttons button").count() == 0, "South does not ask himself"
    assert "Law 102 (daw)" in (east.get_attribute("#ask-buttons button", "title") or "")
    east.screenshot(path=str(shots / "table-laws-having-none.png"))
    click(east, "#ask-buttons button[data-ask='S']")
    east.wait_for_selector("#penalty:not([hidden])")
    text = east.inner_text("#penalty")
    assert "renounce in error corrected" in text and "Law 103 (daw)" in text, text
    south.wait_for_selector(f"#my-hand button[data-card='{done['card']}']")  # back in his hand
    click(east, "#penalty button[data-option='highest']")
    south.wait_for_function("() => document.querySelectorAll('#rulings li').length === 1")
    ruling = texts(south, "#rulings li")[0]
    assert "Law 103 (daw)" in ruling and "East chose" in ruling and "highest" in ruling
    assert len(view(south)["playable"]) == 1  # his highest of the suit led, and no other
    assert east.locator("#ask-buttons button").count() == 0
    assert errors == [[], []]
