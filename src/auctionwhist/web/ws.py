"""The seat WebSocket (docs/web-protocol.md): intentions in, events out.

A message is checked here for shape (JSON object, known type, size) and by
the table for what the laws allow; either way a bad one gets an ``error``
and changes nothing (issue 7 §6).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from typing import Any

import orjson
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from .live import WebError
from .seats import Conn, ErrorMessage, Message, Msg
from .service import Service
from .uvicorn_ws import SeatHooks

_log = logging.getLogger(__name__)

__all__ = [
    "MAX_MESSAGE",
    "SocketConn",
    "asgi_seat_socket",
    "cross_origin",
    "encode",
    "refuse_handshake",
    "seat_socket",
    "split_frame",
]

MAX_MESSAGE = 4096  # bytes: an intention is a few dozen
# A server frame carries one message or several, one JSON text per line
# (docs/web-protocol.md): a JSON text never holds a raw newline.
SEPARATOR = b"\n"
# A frame written at once (``web.uvicorn_ws``), or False: send through ASGI.
FrameWriter = Callable[[bytes], bool]
INTENTIONS = frozenset(
    (
        "call",
        "play",
        "claim",
        "answer_claim",
        "bridge",
        "call_lead",
        "rule",
        "report",
        "expose",
        "correct_renounce",
        "ask_renounce",
        "next",
        "undo",
    )
)


def _error(code: str, message: str, ref: str | int | None = None) -> ErrorMessage:
    out = ErrorMessage(type="error", error=code, message=message)
    if ref is not None:
        out["ref"] = ref
    return out


def cross_origin(scope: Scope) -> str | None:
    """Why a request comes from another site's page, or None: its ``Origin``
    names another host than the one it asked (``Host``), or the browser says
    it is cross-site (``Sec-Fetch-Site``). Without either header (a client
    that is no browser) it passes: the check stops a page elsewhere from
    acting with a visitor's browser (a forged form or fetch, a hijacked
    WebSocket), and only a browser sends those headers."""
    origin = host = site = None
    for key, value in scope.get("headers", ()):
        if key == b"origin":
            origin = value
        elif key == b"host":
            host = value
        elif key == b"sec-fetch-site":
            site = value
    if site in (b"cross-site", b"same-site"):
        return f"the browser sent it from another site ({site.decode('latin-1')})"
    if origin is None:
        return None
    _scheme, sep, netloc = origin.partition(b"://")
    if not sep or host is None or netloc.lower() != host.lower():
        return f"it comes from {origin.decode('latin-1')!r}, not this server's own pages"
    return None


async def refuse_handshake(receive: Receive, send: Send) -> None:
    """Refuse a WebSocket before accepting it: the client sees HTTP 403."""
    if (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": 1008})


def parse(text: str | bytes | bytearray | memoryview) -> dict[str, Any]:
    """A client's message as a dict with a known ``type``, or WebError."""
    if len(text) > MAX_MESSAGE:
        raise WebError(413, "too_large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        msg = orjson.loads(text)
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
    if cross_origin(ws.scope) is not None:
        await refuse_handshake(ws.receive, ws.send)
        return
    await asgi_seat_socket(ws.path_params["token"], ws.app.state.service, ws.receive, ws.send)


async def asgi_seat_socket(
    token: str, service: Service, receive: Receive, send: Send, hooks: SeatHooks | None = None
) -> None:
    """One seat's socket over raw ASGI messages: the hot path of issue 7's load
    target, so no wrapper per message (docs/web.md, Benchmark). ``hooks`` is
    the server's short way in and out (``web.uvicorn_ws.SeatHooks``), when the
    scope offers it: each intention is then handled as its frame arrives,
    and frames are written without a coroutine each."""
    first = await receive()
    if first["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    if not service.has_seat(token):
        refused = _error("no_such_link", "this link is not a seat at any table here")
        await send({"type": "websocket.send", "text": encode(refused).decode()})
        await send({"type": "websocket.close", "code": 4404})
        return
    conn = SocketConn(token, send, None if hooks is None else hooks.write_text)
    service.subscribe(conn)

    def on_message(text: str | bytes | bytearray | memoryview) -> None:
        ref = None
        try:
            msg = parse(text)
            ref = msg.get("ref")
            kind = msg["type"]
            if kind == "ping":
                service.reply(conn, {"type": "pong"})
            elif kind == "hello":
                last = msg.get("last")
                if last is not None and (not isinstance(last, int) or isinstance(last, bool)):
                    raise WebError(400, "malformed", "hello: last is an event number or null")
                for m in service.catch_up(token, last):
                    conn.push(m)
            else:
                # No await: the ack is pushed after the group commit that
                # stores the intention's events (Service._flush).
                service.submit(conn, msg, ref)
        except WebError as e:
            service.reply(conn, _error(e.code, str(e), ref))

    if hooks is not None:
        hooks.set_receiver(on_message)
    try:
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                break  # websocket.disconnect
            text = message.get("text")
            on_message(text if text is not None else message.get("bytes") or b"")
    finally:
        if hooks is not None:
            hooks.set_receiver(None)
        conn.closed = True
        service.unsubscribe(conn)


class SocketConn(Conn):
    """A connected socket. Its messages are written by one writer task per
    event loop (``_Writer``), not a task per socket: after a group commit
    (``Service._flush``) one task step writes every marked socket's pending
    messages as one frame (docs/web-protocol.md: a frame carries one or more)."""

    def __init__(self, token: str, send: Send, write: FrameWriter | None = None) -> None:
        super().__init__(token)
        self.send = send
        self.write = write
        self.out: list[Message] = []
        self.closed = False
        self.close_code: int | None = None
        self.writer = _writer()

    def push(self, msg: Message) -> None:
        if self.closed:
            return
        if not self.out:
            self.writer.mark(self)
        self.out.append(msg)

    def fail(self, code: int) -> None:
        """Close the socket after what is queued (1011: the server failed)."""
        if self.closed:
            return
        self.close_code = code
        self.writer.mark(self)


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
                    if c.closed:
                        continue
                    frame = _frame_or_fail(c, out)
                    try:
                        # One write per socket per pass: the frames of an
                        # action to its four seats are four system calls.
                        if frame is not None and (c.write is None or not c.write(frame)):
                            await c.send({"type": "websocket.send", "text": frame.decode()})
                        if c.close_code is not None:
                            c.closed = True
                            await c.send({"type": "websocket.close", "code": c.close_code})
                    except Exception:  # the client went away: its reader ends
                        c.closed = True
        finally:
            self.task = None


def _frame_or_fail(c: SocketConn, out: list[Message]) -> bytes | None:
    """The frame of ``out``; a message that cannot be encoded is the server's
    bug, not the client's going away: logged with its traceback, and the
    socket closed with 1011 so that the page says it lost the server."""
    if not out:
        return None
    try:
        return frame_of(out)
    except TypeError:  # orjson.JSONEncodeError
        _log.exception("a message to the seat %s could not be encoded", c.token)
        c.close_code = 1011
        return None


_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Writer] = (
    weakref.WeakKeyDictionary()
)


def _writer() -> _Writer:
    loop = asyncio.get_running_loop()
    w = _writers.get(loop)
    if w is None:
        w = _writers[loop] = _Writer()
    return w


def encode(msg: Message) -> bytes:
    """The JSON of a message; a ``Msg`` sent to several seats is encoded once."""
    if isinstance(msg, Msg):
        if msg.raw is None:
            msg.raw = orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS)
        return msg.raw
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS)


def frame_of(messages: list[Message]) -> bytes:
    """One frame's payload: the messages' JSON texts, one per line."""
    if len(messages) == 1:
        return encode(messages[0])
    return SEPARATOR.join([encode(m) for m in messages])


def split_frame(payload: str | bytes) -> list[dict[str, Any]]:
    """The messages of a frame from the server (for clients and tests)."""
    if isinstance(payload, str):
        payload = payload.encode()
    # Split on LF only: str.splitlines would also split on U+2028, which JSON
    # may carry unescaped inside a string.
    return [orjson.loads(line) for line in payload.split(SEPARATOR) if line]
