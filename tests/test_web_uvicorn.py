"""The seat sockets over a real uvicorn server (``web.uvicorn_ws.SeatProtocol``):
intentions handled as their frames arrive, one frame per socket per writer
pass, nothing acknowledged before it is stored (issue 7 §5, §6)."""

from __future__ import annotations

import asyncio
import gc
import json
import re
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import websockets
from hypothesis import given
from hypothesis import strategies as st
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, Side, State
from websockets.server import ServerProtocol

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.cards import card_from_str  # noqa: E402
from auctionwhist.web.app import create_app  # noqa: E402
from auctionwhist.web.bench import post  # noqa: E402
from auctionwhist.web.db import event_inserter, make_engine, migrate  # noqa: E402
from auctionwhist.web.uvicorn_ws import SeatProtocol, uvicorn_options  # noqa: E402
from auctionwhist.web.views import cards_of  # noqa: E402
from auctionwhist.web.ws import split_frame  # noqa: E402
from web_helpers import serving  # noqa: E402

pytestmark = pytest.mark.slow  # a uvicorn server process


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    db = tmp_path_factory.mktemp("uv") / "uv.sqlite3"
    with serving(f"sqlite:///{db}") as port:
        yield port, db


def four_seats(port: int, seed: int) -> dict[str, str]:
    game = post(port, "/api/games", {"kind": "deal", "code": "auction", "seed": seed,
                                     "humans": ["N", "E", "S", "W"]})  # fmt: skip
    return {s: u.rsplit("/", 1)[-1] for s, u in game["seats"].items()}


def stored(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM events").fetchone()[0])


async def frame(ws: Any) -> list[dict[str, Any]]:
    return split_frame(await asyncio.wait_for(ws.recv(), 10))


def test_an_action_is_one_frame_per_seat_and_acked_after_it_is_stored(
    server: tuple[int, Path],
) -> None:
    """Issue 7 §5 over uvicorn: the actor's frame holds the event and then the
    ack; each other seat's frame holds the event; the ack's event is stored."""
    port, db = server
    toks = four_seats(port, 3)

    async def run() -> None:
        socks = {
            s: await websockets.connect(f"ws://127.0.0.1:{port}/ws/{t}") for s, t in toks.items()
        }
        try:
            states = {}
            for s, ws in socks.items():
                await ws.send('{"type":"hello"}')
                (states[s],) = await frame(ws)
            actor = next(s for s, st in states.items() if st["my_turn"])
            for _ in range(6):  # several calls round the table
                call = states[actor]["legal_calls"][-1]  # "pass" or "no bid"
                await socks[actor].send(json.dumps({"type": "call", "call": call, "ref": "c"}))
                frames = {s: await frame(ws) for s, ws in socks.items()}
                event, ack = frames[actor]
                assert ack["type"] == "ack" and ack["ref"] == "c" and ack["n"] == event["n"]
                with sqlite3.connect(db) as c:
                    row = c.execute(
                        "SELECT type, data FROM events WHERE n = ? AND table_id = ?",
                        (ack["n"], event["table"]),
                    ).fetchone()
                assert row[0] == "call_made" and json.loads(row[1])["call"] == call
                for s, f in frames.items():
                    if s != actor:
                        assert [m["n"] for m in f] == [event["n"]], s
                nxt = event["to_act"]
                if event["phase"] != "auction" or nxt is None:
                    break
                states[nxt] = frames[nxt][-1]
                assert states[nxt]["my_turn"] and states[nxt]["legal_calls"]
                actor = nxt
        finally:
            for ws in socks.values():
                await ws.close()

    asyncio.run(run())


def test_bad_fragmented_and_oversized_messages_over_uvicorn(server: tuple[int, Path]) -> None:
    """Issue 7 §6 on the short way in: a malformed intention and one out of
    turn get their errors and change nothing; a fragmented message takes
    ASGI's way and is answered the same; over 64 KiB closes with 1009."""
    port, db = server
    toks = four_seats(port, 5)

    async def run() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{toks['N']}") as ws:
            await ws.send('{"type":"hello"}')
            (state,) = await frame(ws)
            before = stored(db)
            await ws.send("not json")
            (err,) = await frame(ws)
            assert err["error"] == "malformed"
            pong = await ws.ping()  # a control frame between intentions
            await asyncio.wait_for(pong, 10)
            await ws.send('{"type":"ping"}')
            assert await frame(ws) == [{"type": "pong"}]
            await ws.send(['{"type":', '"ping"}'])  # two fragments: one message
            assert await frame(ws) == [{"type": "pong"}]
            if not state["my_turn"]:
                await ws.send('{"type":"call","call":"1S","ref":"x"}')
                (err,) = await frame(ws)
                assert err["error"] == "out_of_turn" and err["ref"] == "x"
                assert "Law" in err["message"]
            assert stored(db) == before
            await ws.send('{"type":"ping","pad":"' + "x" * 70_000 + '"}')
            with pytest.raises(websockets.ConnectionClosed) as e:
                await asyncio.wait_for(ws.recv(), 10)
            assert e.value.rcvd is not None and e.value.rcvd.code == 1009

    asyncio.run(run())


class _Transport:
    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> None:
        self.data += data

    def is_closing(self) -> bool:
        return False


def _open_protocol() -> tuple[SeatProtocol, _Transport]:
    """A SeatProtocol past its handshake, writing to a list (no server)."""
    proto = SeatProtocol.__new__(SeatProtocol)
    proto.close_sent = False
    proto.disconnected = False
    proto.writable = asyncio.Event()
    proto.writable.set()
    proto.conn = ServerProtocol()
    proto.conn.state = State.OPEN
    proto.transport = t = _Transport()  # type: ignore[assignment]
    proto.config = SimpleNamespace(ws_max_size=65536)  # type: ignore[assignment]
    return proto, t


@pytest.mark.parametrize("size", [0, 125, 126, 65535, 65536, 200_000])
def test_write_text_frames_read_back_as_websocket_text_frames(size: int) -> None:
    """RFC 6455 §5.2: the three length forms (7-bit, 16-bit, 64-bit), unmasked
    from a server; a client's parser reads back the same text."""
    proto, t = _open_protocol()
    payload = ("é" * (size // 2) + "x" * (size % 2)).encode()
    assert proto.write_text(payload)
    client = Protocol(Side.CLIENT, state=State.OPEN, max_size=None)
    client.receive_data(t.data)
    (ev,) = client.events_received()
    assert isinstance(ev, Frame) and ev.opcode is Opcode.TEXT and ev.fin
    assert bytes(ev.data) == payload


def test_write_text_declines_when_the_socket_cannot_take_a_frame() -> None:
    """Closing, closed or paused by the transport's flow control: False, and
    nothing written (the writer then sends through ASGI, which waits)."""
    for breakage in ("close_sent", "disconnected", "paused", "closing"):
        proto, t = _open_protocol()
        if breakage == "paused":
            proto.writable.clear()
        elif breakage == "closing":
            proto.conn.state = State.CLOSING
        else:
            setattr(proto, breakage, True)
        assert not proto.write_text(b"{}") and t.data == b"", breakage


def test_whole_text_frames_are_read_here_and_the_rest_goes_to_websockets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whole masked text frames go straight to the receiver; a whole ping goes
    to websockets' parser alone; a frame cut in two sends that connection to
    the parser for good (so the parser never starts in mid-frame)."""
    proto, _t = _open_protocol()
    got: list[bytes] = []
    proto.receiver = lambda payload: got.append(bytes(payload))
    parsed: list[bytes] = []
    monkeypatch.setattr(
        WebSocketsSansIOProtocol, "data_received", lambda self, d: parsed.append(bytes(d))
    )
    client = Protocol(Side.CLIENT, state=State.OPEN)  # masks its frames, as a browser does
    client.send_text(b'{"type":"ping"}')
    client.send_ping(b"p")
    client.send_text("é".encode() * 200)  # a 16-bit length
    proto.data_received(b"".join(client.data_to_send()))
    assert got == [b'{"type":"ping"}', "é".encode() * 200]
    assert len(parsed) == 1 and parsed[0][0] == 0x89 and proto._whole
    client.send_text(b'{"type":"call"}')
    cut = b"".join(client.data_to_send())
    proto.data_received(cut[:5])
    assert not proto._whole and parsed[-1] == cut[:5]
    proto.data_received(cut[5:])
    assert parsed[-1] == cut[5:] and len(got) == 2
    for kind in ("binary", "close"):  # not ours: the parser's
        proto, _t = _open_protocol()
        proto.receiver = lambda payload: got.append(bytes(payload))
        other = Protocol(Side.CLIENT, state=State.OPEN)
        if kind == "binary":
            other.send_binary(b"\x00")
        else:
            other.send_close(1000)
        data = b"".join(other.data_to_send())
        proto.data_received(data)
        assert parsed[-1] == data and not proto._whole and len(got) == 2, kind


def test_the_server_options_turn_deflate_off_and_use_the_seat_protocol() -> None:
    opts = uvicorn_options()
    assert opts["ws"] is SeatProtocol and opts["ws_per_message_deflate"] is False
    assert opts["ws_max_size"] == 65536


def test_event_rows_written_by_the_sqlite_inserter_read_back_whole(tmp_path: Path) -> None:
    """Issue 7 §5: the group commit's rows (driver tuples, orjson text) are the
    rows SQLAlchemy reads back: data as written, a creation time."""
    from sqlalchemy import insert, select

    from auctionwhist.web.db import EventRow, GameRow, TableRow

    engine = make_engine(f"sqlite:///{tmp_path / 'ins.sqlite3'}")
    migrate(engine)
    with engine.begin() as c:
        c.execute(insert(GameRow).values(id="g", kind="deal", code="daw", spec={},
                                         director_token="d"))  # fmt: skip
        c.execute(insert(TableRow).values(id=1, game_id="g", plan={}))
    data = [{"seat": "N", "call": "1H", "names": {"N": "Mrs Smith\u2028"}}, {"cards": ["SA"]}]
    with engine.begin() as c:
        event_inserter(engine)(c, [
            {"table_id": 1, "n": i + 1, "deal": 0, "type": "call_made", "data": d}
            for i, d in enumerate(data)
        ])  # fmt: skip
        # The same row through SQLAlchemy Core, for the stored text's shape.
        c.execute(insert(EventRow).values(table_id=1, n=3, deal=0, type="x", data={}))
    with engine.connect() as c:
        rows = c.execute(select(EventRow).order_by(EventRow.n)).all()
        raw = [r[0] for r in c.exec_driver_sql("SELECT created FROM events ORDER BY n")]
    assert [r.data for r in rows[:2]] == data and [r.n for r in rows] == [1, 2, 3]
    assert rows[0].created is not None and rows[0].created == rows[1].created
    shape = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")  # SQLAlchemy's SQLite text
    assert all(shape.fullmatch(t) for t in raw), raw


def test_tune_gc_freezes_what_the_server_loaded(tmp_path: Path) -> None:
    """``whist serve`` and the bench: what is loaded at start is frozen out of
    the collector's reach (docs/web.md, Benchmark); the test puts it back."""
    old = gc.get_threshold()
    try:
        with TestClient(create_app(f"sqlite:///{tmp_path / 'gc.sqlite3'}", tune_gc=True)):
            assert gc.get_freeze_count() > 0
            assert gc.get_threshold()[0] >= 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*old)


@given(st.integers(0, (1 << 52) - 1))
def test_cards_of_lists_a_hand_spades_first_and_high_cards_first(hand: int) -> None:
    """The order every message shows a hand in (web.views.cards_of): by suit
    spades, hearts, diamonds, clubs, and within a suit from the ace down."""
    cards = cards_of(hand)
    ids = [card_from_str(c) for c in cards]
    assert sum(1 << c for c in ids) == hand and len(set(ids)) == len(ids)
    assert ids == sorted(ids, key=lambda c: (-(c // 13), -(c % 13)))
