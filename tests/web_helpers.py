"""Helpers for the web tests: the app over a database, a server in a child
process, a seat's socket read message by message."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

# Starlette asks for httpx2 on import; the TestClient works with httpx.
warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.web.app import create_app  # noqa: E402
from auctionwhist.web.bench import free_port, server_process, wait_until_up  # noqa: E402
from auctionwhist.web.ws import split_frame  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page


def take_a_seat(page: Page, base: str, code: str = "daw", seed: int | None = None) -> None:
    """What a person does from the home page to his seat at "A single deal":
    choose the code (and, under "More", the seed), deal, and wait for the table."""
    page.goto(base + "/")
    page.check(f"input[name=code][value={code}]")
    if seed is not None:
        page.click("details.more summary")
        page.fill("input[name=seed]", str(seed))
    page.click("button[value=deal]")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#table-page[data-phase]")


def direct_a_robots_match(
    page: Page, base: str, code: str = "daw", movement: str = "two-teams-of-four", deals: int = 1
) -> None:
    """The home page's "Direct a match" with robots at every seat, to the director's room."""
    page.goto(base + "/")
    form = page.locator("form.direct")
    form.locator("select[name=code]").select_option(code)
    form.locator("select[name=movement]").select_option(movement)
    form.locator("input[name=deals]").fill(str(deals))
    form.locator("input[name=players][value=robots]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/d/**")


@contextmanager
def app_client(database: str) -> Iterator[TestClient]:
    """The web app over ``database``, its startup and shutdown run."""
    with TestClient(create_app(database)) as c:
        yield c


@contextmanager
def serving(database: str) -> Iterator[int]:
    """``whist serve`` over ``database`` in a child process on a free port;
    the port, once it answers. Killed (SIGKILL: no shutdown, no flush) on
    leaving, as a crash would."""
    port = free_port()
    proc = server_process(database, port)
    try:
        wait_until_up(port, proc)
        yield port
    finally:
        proc.kill()
        proc.wait()


class Inbox:
    """A seat's socket read message by message: a server frame carries one
    message or several, one JSON text per line (docs/web-protocol.md)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.pending: list[dict[str, Any]] = []
        self.frames = 0

    def receive_json(self) -> Any:
        if not self.pending:
            self.pending = split_frame(self.ws.receive_text())
            self.frames += 1
        return self.pending.pop(0)

    def send_json(self, msg: Any) -> None:
        self.ws.send_json(msg)

    def send_text(self, text: str) -> None:
        self.ws.send_text(text)


@contextmanager
def connect(client: TestClient, path: str) -> Iterator[Inbox]:
    with client.websocket_connect(path) as ws:
        yield Inbox(ws)


def play_a_deal(c: TestClient, seat: str) -> dict[str, Any]:
    """The seat plays at random, the robots answer, until the deal is over:
    the seat's state then."""
    rng = random.Random(2)
    with connect(c, f"/ws/{seat}") as ws:
        ws.send_json({"type": "hello"})
        state: dict[str, Any] = ws.receive_json()
        for _ in range(400):
            if state.get("type") == "state" and state["phase"] == "done":
                return state
            if state.get("type") == "state" and state["my_turn"]:
                if state["phase"] == "auction":
                    ws.send_json({"type": "call", "call": rng.choice(state["legal_calls"])})
                else:
                    ws.send_json({"type": "play", "card": rng.choice(state["legal_cards"])})
            msg = ws.receive_json()
            if msg["type"] in ("event", "ack"):
                ws.send_json({"type": "hello"})
                continue
            state = msg
    raise AssertionError("the deal did not end")
