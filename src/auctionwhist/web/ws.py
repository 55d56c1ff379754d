"""The seat WebSocket (docs/web-protocol.md): intentions in, events out.

A message is checked here for shape (JSON object, known type, size) and by
the table for what the laws allow; either way a bad one gets an ``error``
and changes nothing (issue 7 §6).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .service import Conn, Msg, Service, WebError

__all__ = ["MAX_MESSAGE", "seat_socket"]

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
    service: Service = ws.app.state.service
    token = ws.path_params["token"]
    await ws.accept()
    if token not in service.seat_tokens:
        await ws.send_json(_error("no_such_link", "this link is not a seat at any table here"))
        await ws.close(code=4404)
        return
    conn = Conn(token)
    service.subscribe(conn)
    writer = asyncio.create_task(_write(ws, conn))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
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
    except WebSocketDisconnect:
        pass
    finally:
        service.unsubscribe(conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _text(msg: dict[str, Any]) -> str:
    """The JSON of a message; a ``Msg`` sent to several seats is encoded once."""
    if isinstance(msg, Msg):
        if msg.text is None:
            msg.text = _encode(msg)
        return msg.text
    return _encode(msg)


async def _write(ws: WebSocket, conn: Conn) -> None:
    queue = conn.queue
    send = ws.send  # the ASGI message, without send_text's wrapper
    while True:
        msg = queue.get_nowait() if not queue.empty() else await queue.get()
        await send({"type": "websocket.send", "text": _text(msg)})
