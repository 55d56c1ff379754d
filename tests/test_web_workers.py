"""Issue 21: several server processes, one club, on PostgreSQL
(``web.club``, docs/deploy.md).

Every test here has a real PostgreSQL (``test_web_postgres``'s server); the
acceptance tests run two real worker processes (``whist serve`` on two
ports, as two machines behind a load balancer would) and talk to them over
WebSockets and HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import insert, select
from typer.testing import CliRunner

from auctionwhist.cli import app as cli_app
from auctionwhist.web.bench import choose, free_port, post, server_process, wait_until_up
from auctionwhist.web.db import GameRow, TableRow, database_url
from auctionwhist.web.service import Conn, Service
from auctionwhist.web.store import Store
from test_web_postgres import pg_url, postgres  # noqa: F401

pytestmark = pytest.mark.slow  # PostgreSQL, and worker processes


def test_several_workers_on_sqlite_are_refused_saying_why_and_what_to_do(tmp_path: Any) -> None:
    """Issue 21 §1: SQLite serves one process; ``--workers 2`` on it is refused."""
    db = tmp_path / "w.sqlite3"
    out = CliRunner().invoke(cli_app, ["serve", "--workers", "2", "--database", f"sqlite:///{db}"])
    assert out.exit_code != 0
    text = " ".join(out.output.split())
    assert "--workers 2 needs PostgreSQL" in text
    assert "SQLite cannot do for several processes" in text
    assert "postgresql://" in text and "one worker" in text
    assert not db.exists()  # refused before anything was opened


# -- the append race ------------------------------------------------------------


def _a_table(url: str) -> int:
    store = Store(url)
    try:
        with store.engine.begin() as c:
            c.execute(insert(GameRow).values(id="g", kind="deal", code="daw", spec={},
                                             director_token="d"))  # fmt: skip
            c.execute(insert(TableRow).values(game_id="g", plan={}))
            table_id: int = c.execute(select(TableRow.id)).scalar_one()
    finally:
        store.close()
    return table_id


def test_the_events_a_commit_announced_are_read_in_one_query(tmp_path: Any) -> None:
    """A process hearing a commit reads the new events of every table it
    wrote at once (``Store.events_after``), each table after its own number,
    as ``Store.events(after=)`` reads one."""
    url = database_url(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    store = Store(url)
    try:
        with store.engine.begin() as c:
            c.execute(insert(GameRow).values(id="g", kind="deal", code="daw", spec={},
                                             director_token="d"))  # fmt: skip
            c.execute(insert(TableRow).values([{"game_id": "g", "plan": {}}] * 3))
            ids = list(c.execute(select(TableRow.id).order_by(TableRow.id)).scalars())
        rows = [{"table_id": t, "n": n, "deal": 0, "type": "call_made", "data": {"n": n}}
                for t in ids for n in range(1, 6)]  # fmt: skip
        assert store.write(rows, set(), set()) == set()
        after = {ids[0]: 2, ids[1]: 5, ids[2]: 0}
        got = store.events_after(after)
        assert got == {t: store.events(t, after=n) for t, n in after.items()}
        assert [r.n for r in got[ids[0]]] == [3, 4, 5] and got[ids[1]] == []
        assert store.events_after({}) == {}
    finally:
        store.close()


def test_two_processes_racing_to_append_the_same_next_event_never_both_succeed(
    pg_url: str,  # noqa: F811
) -> None:
    """Issue 21 §1: two stores (two processes' connections) write event n of
    one table at the same moment, again and again: each time exactly one
    is written, the other is told of the conflict, and a conflicting
    table's other rows of that commit are taken back (all or none)."""
    url = database_url(pg_url)
    table_id = _a_table(url)
    stores = [Store(url, migrate_db=False) for _ in range(2)]
    try:
        for n in range(1, 41, 2):
            barrier = threading.Barrier(2)
            told: list[set[int]] = [set(), set()]

            def write(
                i: int, n: int = n, barrier: threading.Barrier = barrier,
                told: list[set[int]] = told,
            ) -> None:  # fmt: skip
                rows = [
                    {"table_id": table_id, "n": n, "deal": 0, "type": "call_made",
                     "data": {"by": i}},
                    {"table_id": table_id, "n": n + 1, "deal": 0, "type": "call_made",
                     "data": {"by": i}},
                ]  # fmt: skip
                barrier.wait()
                told[i] = stores[i].write(rows, set(), set())

            threads = [threading.Thread(target=write, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(map(len, told)) == [0, 1], told  # one wrote, one was refused
            winner = told.index(set())
            assert told[1 - winner] == {table_id}
            back = stores[0].events(table_id, after=n - 1)
            assert [(r.n, r.data["by"]) for r in back] == [(n, winner), (n + 1, winner)]
    finally:
        for s in stores:
            s.close()


def test_a_conflicting_intention_is_decided_again_against_the_table_as_stored(
    pg_url: str,  # noqa: F811
) -> None:
    """Issue 21 §1: two processes hold the same table; North's call reaches
    both (a doubled request), the first writes it, the second's commit
    conflicts: it rebuilds the table from the database and decides again,
    and the second call is refused with the law's reason, never stored."""
    url = database_url(pg_url)
    one = Service(url)
    two = Service(url, migrate_db=False)

    async def run() -> tuple[list[Any], list[Any], str]:
        made = one.create_game({"kind": "deal", "code": "auction", "humans": ["N", "E", "S", "W"],
                                "seed": 4})  # fmt: skip
        token = made["seats"]["N"].rsplit("/", 1)[-1]
        assert two.has_seat(token)  # made by the other process: read when asked for
        c1, c2 = Conn(token), Conn(token)
        one.subscribe(c1)
        two.subscribe(c2)
        state = one.catch_up(token, None)[0]
        assert state["my_turn"]
        calls = state["legal_calls"]
        one.submit(c1, {"type": "call", "call": calls[1]}, "a")
        one.seats.flush()
        two.submit(c2, {"type": "call", "call": calls[2]}, "b")  # two has not heard yet
        two.seats.flush()
        await asyncio.sleep(0)
        return _drain_queue(c1), _drain_queue(c2), calls[1]

    try:
        got1, got2, call = asyncio.run(run())
        assert any(m.get("type") == "ack" and m.get("ref") == "a" for m in got1)
        assert not any(m.get("type") == "ack" for m in got2)
        err = next(m for m in got2 if m.get("type") == "error")
        assert err["ref"] == "b" and "turn" in err["message"]
        assert two.club is not None and two.club.conflicts == 1
        lt1 = next(iter(one.tables.values()))
        lt2 = two.tables[lt1.id]
        assert lt2.n == lt1.n and lt2.table is not None and lt1.table is not None
        assert lt2.table.events == lt1.table.events
        stored = one.store.events(lt1.id)
        assert [r.n for r in stored] == list(range(1, lt1.n + 1))
        assert [r.data["call"] for r in stored if r.type == "call_made"] == [call]
    finally:
        one.close()
        two.close()


def _count_reads(svc: Service, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of ``svc``'s reads of events from the database, in order."""
    reads: list[str] = []
    for name in ("events", "events_after"):
        real = getattr(svc.store, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            reads.append(_name)
            return _real(*args, **kw)

        monkeypatch.setattr(svc.store, name, counted)
    return reads


@contextlib.contextmanager
def _hearing(
    pg_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Service, Service, Any, list[str]]]:
    """Two processes' services on one database (``one`` writes, ``two``
    hears), a connection listening to the notes as ``two``'s listener
    would, and ``two``'s reads of events counted (``_count_reads``); all
    closed after."""
    import psycopg

    url = database_url(pg_url)
    one = Service(url)
    two = Service(url, migrate_db=False)
    listener = psycopg.connect(pg_url, autocommit=True)
    listener.execute("LISTEN whist_events")
    try:
        yield one, two, listener, _count_reads(two, monkeypatch)
    finally:
        listener.close()
        one.close()
        two.close()


def test_a_commits_events_come_in_its_note_and_are_read_back_only_when_missed(
    pg_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21: a process hears another's commit with its events in the
    note (``Store._notify``) and applies them without reading the database;
    it reads them back only when a gap shows a note was missed, or when a
    commit's events did not fit in a note. Either way its table and its
    seat's messages are the writer's, every event once, in order."""
    from auctionwhist.web import store as store_module

    with _hearing(pg_url, monkeypatch) as (one, two, listener, reads):

        def notes() -> list[str]:
            return [n.payload for n in listener.notifies(timeout=0.3)]

        async def run() -> None:
            made = one.create_game({"kind": "deal", "code": "auction",
                                    "humans": ["N", "E", "S", "W"], "seed": 4})  # fmt: skip
            tokens = _tokens(made)
            assert two.has_seat(tokens["E"])
            east = Conn(tokens["E"])
            two.subscribe(east)
            lt1 = next(iter(one.tables.values()))
            lt2 = two.tables[lt1.id]
            rng = random.Random(6)

            def act() -> list[str]:
                for tok in tokens.values():
                    state = one.catch_up(tok, None)[0]
                    if state["my_turn"]:
                        one.submit(Conn(tok), choose(state, rng) or {})
                        one.seats.flush()
                        return notes()
                raise AssertionError("nobody to act")

            for note in notes():  # the first deal's, heard before or after the load
                two.club.heard_payload(note)
            reads.clear()
            for note in act():
                two.club.heard_payload(note)
            assert reads == [] and lt2.n == lt1.n  # the events came in the note
            act()  # a note missed
            for note in act():
                two.club.heard_payload(note)
            assert reads == ["events_after"] and lt2.n == lt1.n  # the gap read back
            monkeypatch.setattr(store_module, "_PAYLOAD", 10)
            told = act()
            parts = [p for note in told for p in json.loads(note.partition(" ")[2])["events"]]
            assert parts and all(p[3] is None for p in parts)  # too long: the number alone
            reads.clear()
            for note in told:
                two.club.heard_payload(note)
            assert reads == ["events_after"] and lt2.n == lt1.n
            assert lt2.table is not None and lt1.table is not None
            assert lt2.table.events == lt1.table.events
            sent = [m["n"] for m in _drain_queue(east) if m.get("type") == "event"]
            assert sent == list(range(sent[0], lt1.n + 1))  # each once, in order

        asyncio.run(run())


def test_a_next_deal_heard_is_dealt_from_its_note_not_replayed_from_the_database(
    pg_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21: a series' deal is played on one process and the four ask
    for the next; the other process, hearing the notes, deals the next deal
    from its note as the writer dealt it, reading nothing back, and its
    table is the writer's: every event, the first deal's score kept."""
    with _hearing(pg_url, monkeypatch) as (one, two, listener, reads):

        def hear() -> None:
            for note in listener.notifies(timeout=0.3):
                two.club.heard_payload(note.payload)  # type: ignore[union-attr]

        async def run() -> None:
            made = one.create_game({"kind": "deal", "code": "auction", "series": True,
                                    "humans": ["N", "E", "S", "W"], "seed": 8})  # fmt: skip
            tokens = _tokens(made)
            assert two.has_seat(tokens["E"])
            hear()
            lt1 = next(iter(one.tables.values()))
            lt2 = two.tables[lt1.id]
            rng = random.Random(3)
            for _ in range(200):
                states = [one.catch_up(tok, None)[0] for tok in tokens.values()]
                if states[0]["phase"] == "done":
                    break
                tok, state = next((t, st) for t, st in zip(tokens.values(), states, strict=True)
                                  if st["my_turn"])  # fmt: skip
                one.submit(Conn(tok), choose(state, rng) or {})
                one.seats.flush()
                hear()
            assert lt2.n == lt1.n and lt2.scores and lt2.deal_index == 0
            reads.clear()
            for tok in tokens.values():
                one.submit(Conn(tok), {"type": "next"})
            one.seats.flush()
            hear()
            assert lt1.deal_index == 1 and lt2.deal_index == 1
            assert reads == []  # the next deal came in the note
            assert lt2.n == lt1.n and lt2.ready == lt1.ready == set()
            assert lt2.table is not None and lt1.table is not None
            assert lt2.table.events == lt1.table.events
            assert [d for d, _s, _t in lt2.scores] == [0]
            assert two.catch_up(tokens["E"], None)[0] == one.catch_up(tokens["E"], None)[0]

        asyncio.run(run())


def test_a_next_set_asked_for_on_two_processes_at_once_is_made_once(
    pg_url: str,  # noqa: F811
) -> None:
    """Issue 21: a table for friends is over; two of its people ask for the
    next set at the same moment, each on another process. One match is
    made, and both are seated at it (``Store.one_at_a_time``)."""
    from auctionwhist.web.pages import spec_from_form

    url = database_url(pg_url)
    one = Service(url)
    two = Service(url, migrate_db=False)
    try:
        spec, _ = spec_from_form({"start": "friends", "code": "daw", "trays": "1", "seed": "5"})
        made = one.create_game(spec)
        links = {p: link.rsplit("/", 1)[-1] for p, link in made["players"].items()}
        assert two.has_seat(links["b.1"])
        for svc in (one, two):
            svc.games[made["game"]].row.finished = True  # as if every tray were played
        barrier = threading.Barrier(2)
        got: dict[str, Any] = {}

        def ask(svc: Service, player: str) -> None:
            barrier.wait()
            got[player] = svc.next_set(links[player])

        threads = [threading.Thread(target=ask, args=x) for x in ((one, "a.1"), (two, "b.1"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert got["a.1"]["game"] == got["b.1"]["game"]
        assert one.store.follower(made["game"]) == got["a.1"]["game"]
        nxt = got["a.1"]["game"]
        assert len([g for g in one.store.load().games if g.spec.get("follows")]) == 1
        for svc, player in ((one, "a.1"), (two, "b.1")):
            seat = got[player]["seat"].rsplit("/", 1)[-1]
            assert svc.seat_row(seat).player == player and svc.seat_row(seat).game_id == nxt
    finally:
        one.close()
        two.close()


def _drain_queue(conn: Conn) -> list[Any]:
    out = []
    while not conn.queue.empty():
        out.append(conn.queue.get_nowait())
    return out


# -- two real worker processes ---------------------------------------------------


@pytest.fixture
def workers(pg_url: str) -> Iterator[list[tuple[int, subprocess.Popen[bytes]]]]:  # noqa: F811
    """Two ``whist serve`` processes on one PostgreSQL database."""
    procs: list[tuple[int, subprocess.Popen[bytes]]] = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append((port, server_process(pg_url, port)))
        for port, proc in procs:
            wait_until_up(port, proc, timeout=60)
        yield procs
    finally:
        for _port, proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            if proc.stderr:
                proc.stderr.close()


class Client:
    """One seat's WebSocket to one worker: every message it is sent kept."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token
        self.got: list[dict[str, Any]] = []
        self._new = asyncio.Event()
        self._refs = 0

    async def connect(self, port: int | None = None) -> None:
        from websockets.asyncio.client import connect

        if port is not None:
            self.port = port
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws/{self.token}")
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                for line in str(frame).split("\n"):
                    self.got.append(json.loads(line))
                self._new.set()
        except Exception:
            self._new.set()

    async def wait_for(self, pred: Any, start: int = 0, timeout: float = 15) -> dict[str, Any]:
        end = time.monotonic() + timeout
        seen = start
        while True:
            for m in self.got[seen:]:
                if pred(m):
                    return m
            seen = len(self.got)
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.token}: nothing came in {timeout} s: {self.got[-3:]}")
            self._new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def state(self) -> dict[str, Any]:
        start = len(self.got)
        await self.ws.send(json.dumps({"type": "hello", "last": None}))
        return await self.wait_for(lambda m: m.get("type") == "state", start)

    async def act(self, action: dict[str, Any]) -> dict[str, Any]:
        self._refs += 1
        ref = f"{self.token[:4]}{self._refs}"
        start = len(self.got)
        await self.ws.send(json.dumps({**action, "ref": ref}))
        return await self.wait_for(
            lambda m: m.get("ref") == ref and m.get("type") in ("ack", "error"), start
        )

    def events(self) -> set[int]:
        return {m["n"] for m in self.got if m.get("type") == "event"}

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()


async def _agreed(seats: list[Client], timeout: float = 15) -> list[dict[str, Any]]:
    """Every seat's state, once all show the same event count (each worker
    has heard the others)."""
    end = time.monotonic() + timeout
    while True:
        states = [await s.state() for s in seats]
        if len({st["n"] for st in states}) == 1:
            return states
        if time.monotonic() > end:
            raise AssertionError(f"the workers disagree: {[st['n'] for st in states]}")
        await asyncio.sleep(0.05)


async def _play(seats: list[Client], rng: random.Random, limit: int) -> dict[str, Any]:
    """The seats to act act (whoever holds the turn, on whichever worker),
    until the deal is over or ``limit`` actions; the state at the end."""
    for _ in range(limit):
        states = await _agreed(seats)
        if states[0]["phase"] == "done":
            return states[0]
        turn = [i for i, st in enumerate(states) if st["my_turn"]]
        if not turn:
            await asyncio.sleep(0.05)  # a robot's turn, on its worker
            continue
        i = turn[0]
        action = choose(states[i], rng)
        assert action is not None
        reply = await seats[i].act(action)
        assert reply["type"] == "ack", reply
    return (await _agreed(seats))[0]


def _tokens(made: dict[str, Any]) -> dict[str, str]:
    return {s: link.rsplit("/", 1)[-1] for s, link in made["seats"].items()}


def _get(port: int, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
        out: dict[str, Any] = json.loads(r.read())
    return out


def test_four_seats_on_two_workers_play_a_whole_deal(
    workers: list[tuple[int, subprocess.Popen[bytes]]],
) -> None:
    """Issue 21, acceptance: a friends' table, North and South on one worker,
    East and West on the other, play a deal through to its score; every
    seat is sent every event live, whichever worker wrote it."""
    (a, _pa), (b, _pb) = workers
    made = post(a, "/api/games", {"kind": "deal", "code": "auction", "series": True,
                                  "humans": ["N", "E", "S", "W"], "seed": 11})  # fmt: skip
    tokens = _tokens(made)

    async def run() -> None:
        seats = [Client(a if s in "NS" else b, tokens[s]) for s in "NESW"]
        for c in seats:
            await c.connect()
        first = (await _agreed(seats))[0]["n"]
        end = await _play(seats, random.Random(2), 200)
        assert end["phase"] == "done" and end["score"] is not None
        for c in seats:
            assert set(range(first + 1, end["n"] + 1)) <= c.events(), c.token
        # "Next deal" from all four, two on each worker: the next deal is dealt once.
        for c in seats:
            assert (await c.act({"type": "next"}))["type"] == "ack"
        states = await _agreed(seats)
        assert states[0]["deal"] == 1 and states[0]["phase"] == "auction"
        for c in seats:
            await c.close()

    asyncio.run(run())


def test_a_director_on_one_worker_follows_a_table_played_on_the_other(
    workers: list[tuple[int, subprocess.Popen[bytes]]],
) -> None:
    """Issue 21, acceptance: the director's page asks worker B; the table is
    played on worker A; each action shows at B within moments."""
    (a, _pa), (b, _pb) = workers
    made = post(a, "/api/games", {"kind": "deal", "code": "auction",
                                  "humans": ["N", "E", "S", "W"], "seed": 5})  # fmt: skip
    director = made["director"].rsplit("/", 1)[-1]
    tokens = _tokens(made)

    async def run() -> None:
        seats = [Client(a, tokens[s]) for s in "NESW"]
        for c in seats:
            await c.connect()
        rng = random.Random(1)
        for _ in range(12):
            states = await _agreed(seats)
            i = next(i for i, st in enumerate(states) if st["my_turn"])
            assert (await seats[i].act(choose(states[i], rng) or {}))["type"] == "ack"
            n = (await seats[0].state())["n"]
            end = time.monotonic() + 5
            while True:
                view = await asyncio.to_thread(_get, b, f"/api/director/{director}")
                if view["tables"][0]["events"] == n:
                    break
                assert time.monotonic() < end, (view["tables"][0]["events"], n)
                await asyncio.sleep(0.05)
            assert view["tables"][0]["to_act"] == (await seats[0].state())["to_act"]
        for c in seats:
            await c.close()

    asyncio.run(run())


def test_a_worker_killed_mid_deal_loses_nothing_its_seats_go_on_at_the_other(
    workers: list[tuple[int, subprocess.Popen[bytes]]],
    pg_url: str,  # noqa: F811
) -> None:
    """Issue 21, acceptance: North and South with two robots, all on worker A,
    which drives the robots; A is SIGKILLed mid-deal. The seats reconnect to
    B, catch up from their last event, B takes the robots over and the deal
    goes on to its score; every acknowledged event is in the database."""
    (a, pa), (b, _pb) = workers
    made = post(a, "/api/games", {"kind": "deal", "code": "auction", "humans": ["N", "S"],
                                  "seed": 7})  # fmt: skip
    tokens = _tokens(made)

    async def run() -> None:
        seats = [Client(a, tokens[s]) for s in "NS"]
        for c in seats:
            await c.connect()
        rng = random.Random(3)
        acked = 0
        while acked < 8:
            states = await _agreed(seats)
            turn = [i for i, st in enumerate(states) if st["my_turn"]]
            if not turn:
                await asyncio.sleep(0.05)
                continue
            reply = await seats[turn[0]].act(choose(states[turn[0]], rng) or {})
            assert reply["type"] == "ack"
            acked += 1
        before = (await seats[0].state())["n"]
        seen = {c.token: max(c.events() | {0}) for c in seats}
        pa.send_signal(signal.SIGKILL)
        pa.wait()
        for c in seats:
            await c.close()
            await c.connect(b)  # the load balancer sends them to the other
            start = len(c.got)
            await c.ws.send(json.dumps({"type": "hello", "last": seen[c.token]}))
            if seen[c.token] < before:  # the events it missed, from the database
                await c.wait_for(lambda m: m.get("n") == before, start)
        end = await _play(seats, rng, 200)
        assert end["phase"] == "done" and end["n"] > before

    asyncio.run(run())
    store = Store(database_url(pg_url), migrate_db=False)
    try:
        table_id = store.load().tables[0].id
        stored = store.events(table_id)
        assert [r.n for r in stored] == list(range(1, len(stored) + 1))
        assert stored[-1].type == "deal_over"
    finally:
        store.close()


def _put(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
        headers={"content-type": "application/json"}, method="PUT",
    )  # fmt: skip
    with urllib.request.urlopen(req, timeout=10) as r:
        out: dict[str, Any] = json.loads(r.read())
    return out


def test_a_rename_and_the_results_published_on_one_worker_show_on_the_other(
    workers: list[tuple[int, subprocess.Popen[bytes]]],
) -> None:
    """Issue 21: what is not an event reaches the other worker too. North
    (on worker A) takes a name: South, on worker B, is told at once, and B's
    pages and state name him, without a restart. The deal played, the
    director publishes on A: B's state links the results."""
    (a, _pa), (b, _pb) = workers
    made = post(a, "/api/games", {"kind": "deal", "code": "auction", "humans": ["N", "S"],
                                  "seed": 9})  # fmt: skip
    director = made["director"].rsplit("/", 1)[-1]
    tokens = _tokens(made)

    async def run() -> None:
        north, south = Client(a, tokens["N"]), Client(b, tokens["S"])
        for c in (north, south):
            await c.connect()
        await _agreed([north, south])
        start = len(south.got)
        got = await asyncio.to_thread(_put, a, f"/api/seat/{tokens['N']}/name",
                                      {"name": "Mrs. Wilmot"})  # fmt: skip
        assert got == {"seat": "N", "name": "Mrs. Wilmot"}
        named = await south.wait_for(lambda m: m.get("type") == "named", start, timeout=5)
        assert named["seat"] == "N" and named["name"] == "Mrs. Wilmot"
        assert (await south.state())["seats"]["N"]["name"] == "Mrs. Wilmot"
        info = await asyncio.to_thread(_get, b, f"/api/seat/{tokens['N']}")
        assert info["name"] == "Mrs. Wilmot"
        view = await asyncio.to_thread(_get, b, f"/api/director/{director}")
        assert "Mrs. Wilmot" in json.dumps(view["tables"][0])

        end = await _play([north, south], random.Random(4), 200)
        assert end["phase"] == "done" and end["results"] is None
        out = await asyncio.to_thread(post, a, f"/api/director/{director}/publish", {})
        assert out["published"] is True
        limit = time.monotonic() + 5
        while (await south.state())["results"] is None:
            assert time.monotonic() < limit, "worker B never heard the results published"
            await asyncio.sleep(0.05)
        view = await asyncio.to_thread(_get, b, f"/api/director/{director}")
        assert view["published"] is True
        for c in (north, south):
            await c.close()

    asyncio.run(run())


def test_whist_serve_workers_starts_that_many_processes_on_one_port(
    pg_url: str,  # noqa: F811
) -> None:
    """Issue 21 §1: ``whist serve --workers 2`` on PostgreSQL: two processes
    share the port; a game made through it is played through it, whichever
    process each request reaches."""
    import os
    import shutil
    import sys

    port = free_port()
    whist = shutil.which("whist", path=os.path.dirname(sys.executable)) or "whist"
    proc = subprocess.Popen(
        [whist, "serve", "--workers", "2", "--port", str(port), "--database", pg_url,
         "--robots", "heuristic", "--robot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        wait_until_up(port, proc, timeout=60)
        kids = subprocess.run(["ps", "-ww", "--ppid", str(proc.pid), "-o", "cmd="], check=True,
                              capture_output=True, text=True).stdout  # fmt: skip
        # a worker per line (ps -ww: the whole command, whatever the width)
        assert sum("multiprocessing.spawn" in line for line in kids.splitlines()) == 2, kids
        made = post(port, "/api/games", {"kind": "deal", "code": "auction", "humans": ["N"],
                                         "seed": 3})  # fmt: skip
        token = _tokens(made)["N"]

        async def run() -> None:
            seat = Client(port, token)
            await seat.connect()
            end = await _play([seat], random.Random(5), 100)
            assert end["phase"] == "done" and end["score"] is not None
            await seat.close()

        asyncio.run(run())
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if proc.stderr:
            proc.stderr.close()
