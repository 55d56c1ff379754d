"""The seat WebSocket (docs/web-protocol.md): intentions in, events out.

A message is checked here for shape (JSON object, known type, size) and by
the table for what the laws allow; either way a bad one gets an ``error``
and changes nothing (issue 7 §6).
"""

from __future__ import annotations

import asyncio
import json
import weakref
from typing import Any

from starlette.types import Receive, Send
from starlette.websockets import WebSocket

from .service import Conn, Msg, Service, WebError

__all__ = ["MAX_MESSAGE", "SocketConn", "asgi_seat_socket", "seat_socket"]

MAX_MESSAGE = 4096  # bytes: an intention is a few dozen
_encode = json.JSONEncoder(separators=(",", ":")).encode
INTENTIONS = frozenset(
    ("call", "play", "claim", "answer_claim", "bridge", "call_lead", "rule", "report", "next")
)


def _error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "error": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    return out


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message as a dict with a known ``type``, or WebError."""
    if len(text) > MAX_MESSAGE:
        raise WebError(413, "too_large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise WebError(400, "malformed", "a message is a JSON object") from None
    if not isinstance(msg, dict):
        raise WebError(400, "malformed", "a message is a JSON object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in INTENTIONS | {"hello", "ping"}:
        raise WebError(400, "malformed", f"unknown message type {kind!r}")
    ref = msg.get("ref")
    if ref is not None and (not isinstance(ref, str | int) or len(str(ref)) > 64):
        raise WebError(400, "malformed", "ref: a short string")
    return msg


async def seat_socket(ws: WebSocket) -> None:
    """The route's endpoint (what Starlette would call); ``asgi_seat_socket``
    is what the app calls for ``/ws/{token}``, without Starlette's layers."""
    await asgi_seat_socket(ws.path_params["token"], ws.app.state.service, ws.receive, ws.send)


async def asgi_seat_socket(token: str, service: Service, receive: Receive, send: Send) -> None:
    """One seat's socket over raw ASGI messages: the hot path of issue 7's load
    target, so no wrapper per message (docs/web.md, Benchmark)."""
    first = await receive()
    if first["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    if token not in service.seat_tokens:
        refused = _error("no_such_link", "this link is not a seat at any table here")
        await send({"type": "websocket.send", "text": _encode(refused)})
        await send({"type": "websocket.close", "code": 4404})
        return
    conn = SocketConn(token, send)
    service.subscribe(conn)
    try:
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                break  # websocket.disconnect
            text = message.get("text")
            if text is None:
                text = message.get("bytes") or b""
            ref = None
            try:
                msg = parse(text)
                ref = msg.get("ref")
                kind = msg["type"]
                if kind == "ping":
                    conn.push({"type": "pong"})
                elif kind == "hello":
                    last = msg.get("last")
                    if last is not None and (not isinstance(last, int) or isinstance(last, bool)):
                        raise WebError(400, "malformed", "hello: last is an event number or null")
                    for m in service.catch_up(token, last):
                        conn.push(m)
                else:
                    n = await service.act(token, msg)
                    ack: dict[str, Any] = {"type": "ack", "n": n}
                    if ref is not None:
                        ack["ref"] = ref
                    conn.push(ack)
            except WebError as e:
                conn.push(_error(e.code, str(e), ref))
    finally:
        conn.closed = True
        service.unsubscribe(conn)


class SocketConn(Conn):
    """A connected socket. Its messages are written by one writer task per
    event loop (``_Writer``), not a task per socket: after a group commit
    (``Service._flush``) one task step writes every seat's frames, in order."""

    def __init__(self, token: str, send: Send) -> None:
        super().__init__(token)
        self.send = send
        self.out: list[dict[str, Any]] = []
        self.closed = False
        self.writer = _writer()

    def push(self, msg: dict[str, Any]) -> None:
        if self.closed:
            return
        if not self.out:
            self.writer.mark(self)
        self.out.append(msg)


class _Writer:
    """Writes the pending messages of every marked socket, in one task."""

    def __init__(self) -> None:
        self.dirty: list[SocketConn] = []
        self.task: asyncio.Task[None] | None = None

    def mark(self, conn: SocketConn) -> None:
        self.dirty.append(conn)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            while self.dirty:
                dirty, self.dirty = self.dirty, []
                for c in dirty:
                    out, c.out = c.out, []
                    for msg in out:
                        if c.closed:
                            break
                        try:
                            await c.send({"type": "websocket.send", "text": _text(msg)})
                        except Exception:  # the client went away: its reader ends
                            c.closed = True
        finally:
            self.task = None


_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Writer] = (
    weakref.WeakKeyDictionary()
)


def _writer() -> _Writer:
    loop = asyncio.get_running_loop()
    w = _writers.get(loop)
    if w is None:
        w = _writers[loop] = _Writer()
    return w


def _text(msg: dict[str, Any]) -> str:
    """The JSON of a message; a ``Msg`` sent to several seats is encoded once."""
    if isinstance(msg, Msg):
        if msg.text is None:
            msg.text = _encode(msg)
        return msg.text
    return _encode(msg)
