"""``whist bench server``: robots at many tables play against one server process.

The server runs in its own process (``server_process``) over a SQLite file;
this process opens a WebSocket per seat (four per table) and plays random
legal actions the moment a seat is to act. An action's latency is the time
from sending the intention to receiving its ``ack``, which the server sends
only after the action is in the database.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["free_port", "run_bench", "server_process", "wait_until_up"]

SERVER = (
    "import sys, uvicorn\n"
    "from auctionwhist.web.app import create_app\n"
    "uvicorn.run(create_app(sys.argv[1], robot_delay=float(sys.argv[3])), host='127.0.0.1',"
    " port=int(sys.argv[2]), log_level='warning', ws_max_size=65536)\n"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_process(database: str, port: int, robot_delay: float = 0.0) -> subprocess.Popen[bytes]:
    """``whist serve`` in a child process (killable with SIGKILL)."""
    return subprocess.Popen(
        [sys.executable, "-c", SERVER, database, str(port), str(robot_delay)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_until_up(port: int, proc: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server stopped: {err[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                pass
        except urllib.error.HTTPError:
            return  # it answers (405 for GET)
        except OSError:
            time.sleep(0.05)
            continue
        return
    raise RuntimeError("the server did not start")


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def choose(msg: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal intention for a seat whose turn it is, or None."""
    phase = msg.get("phase")
    if phase == "done":
        return {"type": "next"}
    if not msg.get("my_turn"):
        return None
    if phase == "auction":
        calls = msg["legal_calls"]
        passes = [c for c in calls if c in ("pass", "no bid")]
        if passes and rng.random() < 0.6:
            return {"type": "call", "call": passes[0]}
        bids = [c for c in calls if c[0].isdigit()]
        return {
            "type": "call",
            "call": bids[rng.randrange(min(6, len(bids)))] if bids else calls[0],
        }
    if phase == "play":
        cards = msg["legal_cards"]
        return {"type": "play", "card": cards[rng.randrange(len(cards))]}
    if phase == "bridging":
        return {"type": "bridge"}
    return None


async def _seat(
    port: int, token: str, rng: random.Random, think: float, lat: list[float], done: asyncio.Event
) -> int:
    import websockets

    actions = 0
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{token}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        sent = 0.0
        while True:
            msg = json.loads(await ws.recv())
            kind = msg["type"]
            if kind == "ack":
                lat.append(time.perf_counter() - sent)
                continue
            if kind == "error":
                raise RuntimeError(f"the server refused a robot's action: {msg}")
            if kind == "game_over" or msg.get("phase") == "finished" or msg.get("finished"):
                break
            if kind not in ("event", "state"):
                continue
            if kind == "event" and "phase" not in msg:
                continue  # not the last of a batch
            action = choose(msg, rng)
            if action is None:
                continue
            if action["type"] == "next" and kind == "event" and msg["event"]["type"] != "deal_over":
                continue
            if think:
                await asyncio.sleep(rng.random() * 2 * think)
            sent = time.perf_counter()
            await ws.send(json.dumps(action))
            actions += 1
    done.set()
    return actions


async def _play(port: int, links: list[str], think: float, seed: int) -> tuple[int, list[float]]:
    lat: list[float] = []
    rng = random.Random(seed)
    done = asyncio.Event()
    counts = await asyncio.gather(
        *(_seat(port, tok, random.Random(rng.getrandbits(32)), think, lat, done) for tok in links)
    )
    return sum(counts), lat


def run_bench(
    tables: int = 200,
    code: str = "auction",
    think: float = 0.0,
    database: Path | None = None,
    seed: int = 1,
) -> dict[str, Any]:
    """Figures of one run: actions, seconds, actions/s, p50 and p99 in ms."""
    with tempfile.TemporaryDirectory() as tmp:
        db = database or Path(tmp) / "bench.sqlite3"
        port = free_port()
        proc = server_process(f"sqlite:///{db}", port)
        try:
            wait_until_up(port, proc)
            links: list[str] = []
            for i in range(tables):
                game = post(port, "/api/games", {"kind": "deal", "code": code, "seed": seed + i,
                                                  "humans": ["N", "E", "S", "W"]})  # fmt: skip
                links += [u.rsplit("/", 1)[-1] for u in game["seats"].values()]
            start = time.perf_counter()
            actions, lat = asyncio.run(_play(port, links, think, seed))
            seconds = time.perf_counter() - start
            server_cpu = _cpu_seconds(proc.pid)
        finally:
            proc.kill()
            proc.wait()
    lat.sort()

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else 0.0

    return {
        "tables": tables,
        "code": code,
        "think": think,
        "actions": actions,
        "seconds": seconds,
        "actions_per_s": actions / seconds if seconds else 0.0,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "server_cpu_s": server_cpu,
        "client_cpu_s": time.process_time(),
    }


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux), or -1 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1.0
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
