"""``whist bench server``: robots at many tables play against one server process.

The server runs in its own process (``server_process``) over a SQLite file;
this process opens a WebSocket per seat (four per table) and plays random
legal actions the moment a seat is to act. An action's latency is the time
from sending the intention to receiving its ``ack``, which the server sends
only after the action is in the database.

With ``robot_delay`` the server's own robots sit at three seats of each table
(``robots``: strong or heuristic), acting after that delay, and the bench is
the person at the fourth, the first to call. A robot's latency is then the
time from the event before its action to its action's event, less the delay.
"""

from __future__ import annotations

import asyncio
import collections
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

__all__ = ["children", "free_port", "run_bench", "server_process", "stop_server", "wait_until_up"]

# The bench's clients (and the tests' served process) create every game from
# one address: no limit on new games there (``web.app.GameLimit``).
SERVER = (
    "import sys, uvicorn\n"
    "from auctionwhist.web.app import create_app\n"
    "from auctionwhist.web.uvicorn_ws import uvicorn_options\n"
    "robots = sys.argv[4] if len(sys.argv) > 4 else 'heuristic'\n"
    "workers = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[5] != '0' else None\n"
    "app = create_app(sys.argv[1], robot_delay=float(sys.argv[3]), tune_gc=True,"
    " games_per_minute=10**9, robots=robots, robot_workers=workers)\n"
    "try:\n"
    "    uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[2]), **uvicorn_options())\n"
    "except KeyboardInterrupt:\n"  # uvicorn raises the SIGINT again once it has stopped
    "    pass\n"
    "import json\n"
    "print(json.dumps(app.state.service.robots.figures()), flush=True)\n"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_process(
    database: str,
    port: int,
    robot_delay: float = 0.0,
    robots: str = "heuristic",
    robot_workers: int | None = None,
) -> subprocess.Popen[bytes]:
    """``whist serve`` in a child process (killable with SIGKILL); the
    heuristic robots unless ``robots`` says strong."""
    args = [database, str(port), str(robot_delay), robots, str(robot_workers or 0)]
    return subprocess.Popen(
        [sys.executable, "-c", SERVER, *args],
        stdout=subprocess.PIPE,  # the robots' figures, printed when it stops
        stderr=subprocess.PIPE,
    )


def stop_server(proc: subprocess.Popen[bytes]) -> dict[str, int] | None:
    """Stop a ``server_process`` as an operator would (Ctrl-C: uvicorn
    closes its sockets and the pool), and return its robots' figures
    (``web.robots.Robots.figures``), or None if it had no pool or had to be
    killed."""
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    lines = out.decode(errors="replace").strip().splitlines()
    try:
        figures = json.loads(lines[-1]) if lines else None
    except ValueError:
        return None
    return figures if isinstance(figures, dict) else None


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
    if phase == "claim":  # the server's robot declarer claims the rest (daw 86)
        return {"type": "answer_claim", "accept": rng.random() < 0.5}
    return None


class _Robot(asyncio.Protocol):
    """One seat's robot over a raw WebSocket (``websockets``' sans-I/O
    protocol, no task or queue per message): the bench's client must cost
    the machine little, so that the server is what is measured."""

    def __init__(
        self,
        url: str,
        rng: random.Random,
        think: float,
        lat: list[float],
        robot_lat: dict[str, list[float]] | None = None,
        robot_delay: float = 0.0,
    ) -> None:
        from websockets.client import ClientProtocol
        from websockets.uri import parse_uri

        self.ws = ClientProtocol(parse_uri(url), max_size=2**22)  # no extensions: no deflate
        self.rng, self.think, self.lat = rng, think, lat
        # The server's robots' calls and cards, each less its delay (seconds).
        self.robot_lat, self.robot_delay = robot_lat, robot_delay
        self.last_event = 0.0  # when the last event arrived
        loop = asyncio.get_running_loop()
        self.open: asyncio.Future[None] = loop.create_future()
        self.done: asyncio.Future[int] = loop.create_future()
        self.actions = 0
        self.sent: dict[int, float] = {}  # ref -> when the intention was sent
        self.seen: collections.deque[dict[str, Any]] = collections.deque(maxlen=8)
        self.acted_on = -1  # the event number of the last message acted on
        self.ready_deal: int | None = None  # the deal this seat said "next" after
        self.transport: asyncio.Transport | None = None

    def _flush(self) -> None:
        assert self.transport is not None
        self.transport.write(b"".join(self.ws.data_to_send()))

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass
        self.ws.send_request(self.ws.connect())
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        for f in (self.open, self.done):
            if not f.done():
                f.set_exception(exc or ConnectionError("the server closed the connection"))

    def send(self, text: bytes) -> None:
        self.ws.send_text(text)
        self._flush()

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Frame, Opcode

        self.ws.receive_data(data)
        for ev in self.ws.events_received():
            if not isinstance(ev, Frame):
                if not self.open.done():
                    self.open.set_result(None)  # the handshake's response
                continue
            if ev.opcode is Opcode.TEXT:
                # A frame carries one message or several, one per line.
                for line in bytes(ev.data).split(b"\n"):
                    if line:
                        self.on_message(orjson.loads(line))
        out = self.ws.data_to_send()  # pongs to the server's pings
        if out and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(out))

    def on_message(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ack":
            # Matched by ``ref``: a seat may act again (the declarant for
            # dummy) before it reads the ack of its last intention.
            self.lat.append(time.perf_counter() - self.sent.pop(msg["ref"]))
            return
        if self.done.done():
            return
        if kind == "error":
            seen = "\n".join(map(str, self.seen))
            self.done.set_exception(
                RuntimeError(f"the server refused a robot's action: {msg}; it had seen:\n{seen}")
            )
            return
        self.seen.append(msg)
        if kind == "event" and self.robot_lat is not None:
            self._time_robot(msg)
        if kind == "game_over" or msg.get("phase") == "finished" or msg.get("finished"):
            self.done.set_result(self.actions)
            return
        if kind not in ("event", "state") or (kind == "event" and "phase" not in msg):
            return  # not the last of a batch
        if msg["n"] <= self.acted_on:
            # A snapshot (the reply to ``hello``) may follow the event of the
            # same number in one frame: the turn it shows is already taken.
            return
        action = choose(msg, self.rng)
        if action is None:
            return
        if action["type"] == "next":
            # Once a deal: at its deal_over, or at the first event after it
            # (another worker's events come in a batch, the turn on the last:
            # a "ready" of another seat, docs/deploy.md).
            ev = msg.get("event") or {}
            if kind == "event" and ev.get("type") not in ("deal_over", "ready"):
                return
            if ev.get("deal", msg.get("deal")) == self.ready_deal:
                return
            self.ready_deal = ev.get("deal", msg.get("deal"))
        self.acted_on = msg["n"]
        self.actions += 1
        action["ref"] = self.actions
        text = orjson.dumps(action)
        if self.think:
            asyncio.get_running_loop().call_later(
                self.rng.random() * 2 * self.think, self._act, self.actions, text
            )
        else:
            self._act(self.actions, text)

    def _time_robot(self, msg: dict[str, Any]) -> None:
        """A call or card that is not this seat's (no intention of its own
        awaits its ack) is a robot's: its time since the event before it."""
        now = time.perf_counter()
        what = {"call_made": "calls", "card_played": "cards"}.get(msg["event"]["type"])
        if what is not None and not self.sent and self.last_event:
            assert self.robot_lat is not None
            self.robot_lat[what].append(now - self.last_event - self.robot_delay)
        self.last_event = now

    def _act(self, ref: int, text: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        self.sent[ref] = time.perf_counter()
        self.send(text)

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


async def _play(
    ports: list[int],
    links: list[str],
    think: float,
    seed: int,
    start: Callable[[], None] | None = None,
    robot_delay: float | None = None,
) -> tuple[int, list[float], float, float, float, dict[str, list[float]]]:
    """Connect every seat (seat i to the server at ``ports[i % len(ports)]``),
    then play; (actions, latencies, start, end, CPU seconds, the server's
    robots' latencies) with ``time.monotonic`` (the same clock in every
    process)."""
    loop = asyncio.get_running_loop()
    lat: list[float] = []
    robot_lat: dict[str, list[float]] = {"calls": [], "cards": []}
    rng = random.Random(seed)
    at = [ports[i % len(ports)] for i in range(len(links))]
    robots = [
        _Robot(
            f"ws://127.0.0.1:{at[i]}/ws/{tok}",
            random.Random(rng.getrandbits(32)),
            think,
            lat,
            robot_lat if robot_delay is not None else None,
            robot_delay or 0.0,
        )
        for i, tok in enumerate(links)
    ]
    try:
        for r, port in zip(robots, at, strict=True):
            await loop.create_connection(lambda r=r: r, "127.0.0.1", port)  # type: ignore[misc]
        await asyncio.wait_for(asyncio.gather(*(r.open for r in robots)), 60)
        if start is not None:
            await loop.run_in_executor(None, start)
        began, cpu = time.monotonic(), time.process_time()
        for r in robots:
            r.send(b'{"type":"hello"}')
        counts = await asyncio.gather(*(r.done for r in robots))
        return sum(counts), lat, began, time.monotonic(), time.process_time() - cpu, robot_lat
    finally:
        for r in robots:
            r.close()


def _run_loop(coro: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(coro)
    return uvloop.run(coro)


def _client(
    ports: list[int],
    links: list[str],
    think: float,
    seed: int,
    barrier: Any,
    out: Any,
    robot_delay: float | None = None,
) -> None:
    """A client process: its share of the seats, started with the others."""
    try:
        out.put(_run_loop(_play(ports, links, think, seed, barrier.wait, robot_delay)))
    except BaseException as e:
        out.put(e)
        raise


def run_bench(
    tables: int = 200,
    code: str = "auction",
    think: float = 0.0,
    database: Path | str | None = None,
    seed: int = 1,
    clients: int = 2,
    robot_delay: float | None = None,
    robots: str = "strong",
    robot_workers: int | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Figures of one run: actions, seconds, actions/s, p50 and p99 in ms.

    The robots run in ``clients`` processes (each its share of the tables),
    so that the client is not what limits the server. With ``robot_delay``
    the server's ``robots`` (thinking in ``robot_workers`` processes) take
    three seats of each table, and the figures add their latency beyond the
    delay (``robot_card_p50_ms``, ``robot_card_p95_ms``, the calls' too) and
    the CPU of the server's children (``robot_cpu_s``: the pool).

    ``database``: a SQLite file (default: a temporary one), or a PostgreSQL
    URL; on PostgreSQL ``workers`` server processes serve the same tables,
    each on a port of its own, and a table's seats are spread over them as a
    load balancer without sticky sessions would (seat by seat: the most
    talk between workers); ``db_cpu_s`` is the PostgreSQL server's CPU."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    humans = ["N", "E", "S", "W"] if robot_delay is None else [_first_to_act(code)]
    pg = isinstance(database, str) and database.startswith("postgres")
    if workers > 1 and not pg:
        raise ValueError("several workers need a PostgreSQL database (docs/deploy.md)")
    with tempfile.TemporaryDirectory() as tmp:
        url = str(database) if pg else f"sqlite:///{database or Path(tmp) / 'bench.sqlite3'}"
        ports = [free_port() for _ in range(workers)]
        servers = [
            server_process(url, p) if robot_delay is None
            else server_process(url, p, robot_delay, robots, robot_workers)
            for p in ports
        ]  # fmt: skip
        port = ports[0]
        procs: list[Any] = []
        try:
            for p, sp in zip(ports, servers, strict=True):
                wait_until_up(p, sp, timeout=120)  # a loaded machine starts slowly
            by_table: list[list[str]] = []
            for i in range(tables):
                game = post(port, "/api/games", {"kind": "deal", "code": code, "seed": seed + i,
                                                  "humans": humans})  # fmt: skip
                by_table.append([u.rsplit("/", 1)[-1] for u in game["seats"].values()])
            clients = max(1, min(clients, tables))
            barrier = ctx.Barrier(clients + 1)
            results = ctx.Queue()
            for k in range(clients):
                links = [tok for links in by_table[k::clients] for tok in links]
                args = (ports, links, think, seed + k, barrier, results, robot_delay)
                procs.append(ctx.Process(target=_client, args=args, daemon=True))
                procs[-1].start()
            barrier.wait(timeout=300)  # every seat connected
            cpu0 = sum(_cpu_seconds(sp.pid) for sp in servers)
            kids0 = sum(_children_cpu(sp.pid) for sp in servers)
            db0 = _postgres_cpu() if pg else 0.0
            outs = [results.get(timeout=3600) for _ in procs]
            server_cpu = sum(_cpu_seconds(sp.pid) for sp in servers) - cpu0
            robot_cpu = sum(_children_cpu(sp.pid) for sp in servers) - kids0
            db_cpu = _postgres_cpu() - db0 if pg else 0.0
        finally:
            for p in procs:
                p.join(timeout=10)
                if p.is_alive():
                    p.kill()
            # Each as an operator would; the robots' figures of the first.
            pools = [stop_server(sp) for sp in servers]
            pool = pools[0]
    for o in outs:
        if isinstance(o, BaseException):
            raise RuntimeError(f"a bench client failed: {o!r}")
    actions = sum(o[0] for o in outs)
    lat = sorted(x for o in outs for x in o[1])
    seconds = max(o[3] for o in outs) - min(o[2] for o in outs)

    def pct(p: float, xs: list[float] = lat) -> float:
        return 1000 * xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0.0

    robot_figures: dict[str, Any] = {}
    if robot_delay is not None:
        cards = sorted(x for o in outs for x in o[5]["cards"])
        calls = sorted(x for o in outs for x in o[5]["calls"])
        robot_figures = {
            "robots": robots,
            "robot_delay": robot_delay,
            "robot_cards": len(cards),
            "robot_card_p50_ms": pct(0.50, cards),
            "robot_card_p95_ms": pct(0.95, cards),
            "robot_card_max_ms": 1000 * cards[-1] if cards else 0.0,
            "robot_call_p50_ms": pct(0.50, calls),
            "robot_call_p95_ms": pct(0.95, calls),
            "robot_cpu_s": robot_cpu,
            # The pool's answers, of them the heuristic robot's standing in
            # for a view that waited out its budget, and for a failed worker.
            "robot_pool": pool,
        }
    db_figures: dict[str, Any] = {}
    if pg:
        db_figures = {
            "db_cpu_s": db_cpu,
            "db_cpu_ms_per_action": 1000 * db_cpu / actions if actions else 0.0,
        }
    return {
        "tables": tables,
        "workers": workers,
        "database": "postgresql" if pg else "sqlite",
        "code": code,
        "think": think,
        "clients": clients,
        "actions": actions,
        "seconds": seconds,
        "actions_per_s": actions / seconds if seconds else 0.0,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "server_cpu_s": server_cpu,
        "server_cpu_ms_per_action": 1000 * server_cpu / actions if actions else 0.0,
        "client_cpu_s": sum(o[4] for o in outs),
        **db_figures,
        **robot_figures,
    }


def _postgres_cpu() -> float:
    """CPU time of every PostgreSQL process on this machine (Linux): the
    database's share of the work, when it runs here."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            comm = stat.read_text().split("(", 1)[1].split(")", 1)[0]
        except (OSError, IndexError):
            continue
        if comm in ("postgres", "postmaster"):
            total += max(0.0, _cpu_seconds(int(stat.parent.name)))
    return total


def _first_to_act(code: str) -> str:
    """The seat that acts first in deal 1: the dealer where there is an
    auction, else the player at his left, who leads."""
    from ..codes import find_code
    from ..dealing import dealer_for

    dealer = dealer_for(code, 1)
    first = dealer if find_code(code).auction else dealer.after(1)
    return first.char


def children(pid: int) -> list[int]:
    """The running children of process ``pid`` (Linux)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _children_cpu(pid: int) -> float:
    """CPU time of the running children of process ``pid`` (Linux)."""
    return sum(_cpu_seconds(child) for child in children(pid))


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux), or -1 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1.0
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
