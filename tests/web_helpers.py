"""Helpers for the web tests: a seat's socket read message by message."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient

from auctionwhist.web.ws import split_frame


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
