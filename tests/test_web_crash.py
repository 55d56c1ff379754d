"""Issue 7 §5: the server killed (SIGKILL) mid-deal resumes every table where
it was; no call or card acknowledged is lost, and play continues."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import websockets

from auctionwhist.web.bench import choose, post
from auctionwhist.web.ws import split_frame
from web_helpers import serving

pytestmark = pytest.mark.slow  # a server process killed and restarted


async def _act_until(port: int, token: str, count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Take ``count`` actions from one seat (the others are robots); the acks."""
    acks: list[dict[str, Any]] = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while len(acks) < count:
            # A frame carries one message or several (docs/web-protocol.md).
            for msg in split_frame(await asyncio.wait_for(ws.recv(), 10)):
                if msg["type"] == "ack":
                    acks.append(msg)
                    continue
                if msg["type"] not in ("state", "event") or "phase" not in msg:
                    continue
                if msg["phase"] in ("done", "finished"):
                    return acks
                action = choose(msg, rng)
                if action is not None:
                    await ws.send(json.dumps(action))
    return acks


async def _state(port: int, token: str) -> dict[str, Any]:
    """The seat's state once the robots have done (South to act, or the end)."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{token}") as ws:
        for _ in range(100):
            await ws.send(json.dumps({"type": "hello"}))
            msg: dict[str, Any] = {}
            while msg.get("type") != "state":
                frame = split_frame(await asyncio.wait_for(ws.recv(), 10))
                msg = next((m for m in frame if m["type"] == "state"), msg)
            if msg["my_turn"] or msg["phase"] == "done":
                return msg
            await asyncio.sleep(0.05)
    raise AssertionError("the robots did not come to South's turn")


def test_sigkill_mid_deal_loses_nothing_and_play_continues(sqlite_url: str) -> None:
    with serving(sqlite_url) as port:  # left with SIGKILL: no shutdown, no flush
        game = post(port, "/api/games", {"kind": "deal", "code": "royalton", "seed": 11,
                                         "humans": ["S"]})  # fmt: skip
        token = game["seats"]["S"].rsplit("/", 1)[-1]
        rng = random.Random(5)
        acks = asyncio.run(_act_until(port, token, 5, rng))
        before = asyncio.run(_state(port, token))
    assert len(acks) == 5 and before["phase"] == "play"
    assert before["n"] >= max(a["n"] for a in acks)

    with serving(sqlite_url) as port:
        after = asyncio.run(_state(port, token))
        for key in ("n", "calls", "trick", "last_trick", "tricks", "hand", "contract", "to_act"):
            assert after[key] == before[key], key
        # Play continues to the end of the deal.
        asyncio.run(_act_until(port, token, 30, rng))  # declarer plays 26 cards
        final = asyncio.run(_state(port, token))
        assert final["phase"] == "done" and final["score"] is not None
        assert final["calls"][: len(before["calls"])] == before["calls"]


def test_a_message_that_cannot_be_encoded_is_logged_and_closes_the_socket(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A server bug (a message orjson cannot encode) is not taken for the client
    going away: it is logged with its traceback and the socket is closed with
    1011, which the page reports as the server lost, instead of a silent hang."""
    from auctionwhist.web.ws import SocketConn

    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def run() -> None:
        conn = SocketConn("seat-token", send)
        conn.push({"type": "state", "bad": object()})  # type: ignore[typeddict-item]
        for _ in range(3):
            await asyncio.sleep(0)
        good = SocketConn("other-token", send)
        good.push({"type": "pong"})
        for _ in range(3):
            await asyncio.sleep(0)

    with caplog.at_level("ERROR", logger="auctionwhist.web.ws"):
        asyncio.run(run())
    assert sent[0] == {"type": "websocket.close", "code": 1011}
    assert sent[1]["type"] == "websocket.send" and "pong" in sent[1]["text"]
    assert "seat-token could not be encoded" in caplog.text
    assert caplog.records[0].exc_info is not None
