"""uvicorn's WebSocket protocol with a short way in and out for the seat sockets.

Issue 7's load target (docs/web.md, Benchmark) is spent, per action, mostly
on the way a message crosses ASGI: a queue and a task wake-up for each
intention received, a coroutine and ``websockets``' framing for each frame
sent. ``SeatProtocol`` is uvicorn's own protocol (``ws="websockets-sansio"``)
offering two hooks in the scope's extensions (``SEAT_EXTENSION``):

- ``write_text(payload) -> bool``: write one unmasked text frame at once; False
  when the socket cannot take it now (closing, or the transport's buffer
  full), and the caller then sends through ASGI as usual;
- ``set_receiver(fn)``: call ``fn(payload)`` with each whole text message as it
  arrives, instead of queueing it for ``receive()``. Everything else (the
  connect, the disconnect, binary or fragmented messages) still goes through
  ``receive()``.

``web.ws.asgi_seat_socket`` uses the hooks when they are there and plain
ASGI when not (the test client, another server), with the same messages.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame
from websockets.http11 import Request
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover  (websockets without its C extension)
    from websockets.utils import apply_mask

__all__ = ["SEAT_EXTENSION", "SeatHooks", "SeatProtocol", "uvicorn_options"]

SEAT_EXTENSION = "auctionwhist.seat_socket"
_H16 = struct.Struct("!BBH")
_H64 = struct.Struct("!BBQ")
_log = logging.getLogger("uvicorn.error")

# A whole text message, as ``websockets`` parsed it (bytes, not yet decoded).
Receiver = Callable[[bytes | bytearray | memoryview], None]


class SeatHooks:
    """What ``SeatProtocol`` offers the app for one connection."""

    __slots__ = ("_proto",)

    def __init__(self, proto: SeatProtocol) -> None:
        self._proto = proto

    def write_text(self, payload: bytes) -> bool:
        return self._proto.write_text(payload)

    def set_receiver(self, fn: Receiver | None) -> None:
        self._proto.receiver = fn


class SeatProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with the two hooks above.

    While a receiver is set, whole unfragmented text frames from the client
    (an intention each) are unmasked here and handed over as they arrive;
    ``websockets``' parser, a generator, cost more than our handling of the
    intention. Complete control frames (ping, pong) still go to that parser,
    each whole, so it always stands between frames. Anything else (a frame
    cut by TCP, a fragment, a binary or close frame) goes to the parser, and
    from then on everything on that connection does."""

    receiver: Receiver | None = None
    _whole = True  # every byte after the handshake came in whole frames

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope: dict[str, Any] | None = getattr(self, "scope", None)
        if scope is not None and self.response.status_code == 101:
            # The app's task is created but has not run: it sees the hooks.
            scope.setdefault("extensions", {})[SEAT_EXTENSION] = SeatHooks(self)

    def data_received(self, data: bytes) -> None:
        if self.receiver is None or not self._whole:
            super().data_received(data)
            return
        i, end = 0, len(data)
        limit = self.config.ws_max_size
        while i < end and self.receiver is not None and not self.close_sent:
            if self.conn.state is not State.OPEN or end - i < 6:
                break
            b0, b1 = data[i], data[i + 1]
            if not b1 & 0x80:
                break  # unmasked: websockets refuses it (RFC 6455 §5.1)
            n, j = b1 & 0x7F, i + 2
            if n == 126:
                n, j = int.from_bytes(data[j : j + 2], "big"), j + 2
            elif n == 127:
                break
            if end - j < 4 + n or n > limit:
                break
            frame_end = j + 4 + n
            if b0 == 0x81:  # FIN, no extension bits, text: an intention
                self._deliver(apply_mask(data[j + 4 : frame_end], data[j : j + 4]))
            elif b0 in (0x89, 0x8A):  # a whole ping or pong: websockets answers it
                super().data_received(data[i:frame_end])
            else:
                break
            i = frame_end
        if i < end:
            self._whole = False
            super().data_received(data[i:])

    def handle_text(self, event: Frame) -> None:
        if self.receiver is None or not event.fin or self.close_sent:
            super().handle_text(event)
            return
        self._deliver(event.data)

    def _deliver(self, payload: bytes | bytearray | memoryview) -> None:
        fn = self.receiver
        if fn is None:
            return
        try:
            fn(payload)
        except Exception:  # a fault of ours: close as uvicorn would (1011)
            _log.exception("Exception in the seat socket's receiver")
            self.receiver = None
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1011})
            if self.conn.state is State.OPEN:
                self.conn.send_close(1011)
                self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            self.transport.close()

    def write_text(self, payload: bytes) -> bool:
        """One text frame written now (a server's frames are not masked, RFC
        6455 §5.1), or False when it must wait for ASGI's ``send``."""
        if (
            self.close_sent
            or self.disconnected
            or not self.writable.is_set()
            or self.conn.state is not State.OPEN
            or self.transport.is_closing()
        ):
            return False
        n = len(payload)
        if n < 126:
            head = bytes((0x81, n))
        elif n < 65536:
            head = _H16.pack(0x81, 126, n)
        else:
            head = _H64.pack(0x81, 127, n)
        self.transport.write(head + payload)
        return True


def uvicorn_options() -> dict[str, Any]:
    """uvicorn's settings for ``whist serve`` and the bench (docs/web.md):
    the seat protocol, and no permessage-deflate (frames of a few hundred
    bytes to every seat: compressing them cost more than anything else)."""
    return {
        "ws": SeatProtocol,
        "ws_max_size": 65536,
        "ws_per_message_deflate": False,
        "log_level": "warning",
    }
