"""Issue 7 §1 and §5 on PostgreSQL: ``DATABASE_URL`` points the web app at a
PostgreSQL server; the migrations, the group commit's Core path, a whole
deal and the resume after a crash are tested against a real one.

Each xdist worker starts a throwaway server of its own (``initdb`` and
``pg_ctl`` into a temporary folder, on a free port) and each test has a
database of its own on it. As root (a fresh CI machine) the server runs as
the ``postgres`` system user: ``initdb`` and ``postgres`` refuse root.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import pwd
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, inspect, select, text

from auctionwhist.cards import Seat
from auctionwhist.formats import jsonlog
from auctionwhist.table import Table
from auctionwhist.web.bench import choose, free_port
from auctionwhist.web.db import (
    EventRow,
    GameRow,
    TableRow,
    database_url,
    event_inserter,
    make_engine,
    migrate,
)
from auctionwhist.web.service import Conn, Service
from auctionwhist.web.store import data_of
from auctionwhist.web.views import state_view

pytestmark = pytest.mark.slow  # a PostgreSQL server per test process

INSTALL = (
    "PostgreSQL's server binaries (initdb, pg_ctl) were not found on PATH or under "
    "/usr/lib/postgresql/*/bin: install them with `apt-get install -y postgresql` "
    "(Debian), or put a PostgreSQL bin folder on PATH"
)


def _bin_dir() -> Path | None:
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl", path=str(Path(found).resolve().parent)):
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    return Path(versions[-1]).parent if versions else None


class _Server:
    """A PostgreSQL server in a temporary folder, stopped by ``stop``."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.port = free_port()
        root = os.geteuid() == 0
        # As root, a folder the postgres user can reach (pytest's are 0700).
        self.root = Path(tempfile.mkdtemp(prefix="whist-pg-", dir="/tmp" if root else None))
        self.data = self.root / "data"
        self.prefix: list[str] = []
        if root:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.fail("running as root, PostgreSQL needs the `postgres` system user")
            # initdb and postgres refuse to run as root.
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self._run(
            self.bin / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
            "-E", "UTF8", "--no-sync", "--no-instructions",
        )  # fmt: skip
        # A test server: no fsync (the crash test here is of our process, not
        # the database's); a unix socket in our folder, not /var/run/postgresql.
        opts = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            self.bin / "pg_ctl", "-D", self.data, "-o", opts, "-l", self.root / "log",
            "-w", "-t", "30", "start",
        )  # fmt: skip
        self._dbs = count(1)

    def _run(self, *args: str | Path) -> None:
        cmd = [*self.prefix, *map(str, args)]
        done = subprocess.run(cmd, cwd=self.root, capture_output=True, text=True, check=False)
        if done.returncode:
            log = self.root / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)}: {done.stdout}{done.stderr}{tail}")

    def new_database(self) -> str:
        """A fresh, empty database; its URL as a user would give it."""
        import psycopg

        name = f"whist_{next(self._dbs)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[_Server]:
    """One server per test process (each xdist worker its own port and folder)."""
    bin_dir = _bin_dir()
    missing = INSTALL if bin_dir is None else ""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing = missing or "psycopg is missing: pip install -e '.[test]'"
    if missing or bin_dir is None:
        if os.environ.get("CI"):  # CI never skips (.ci/run installs both)
            pytest.fail(missing)
        pytest.skip(missing)
    server = _Server(bin_dir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(postgres: _Server) -> str:
    return postgres.new_database()


def _stored(service: Service, table_id: int) -> list[dict[str, Any]]:
    with service.engine.connect() as c:
        rows = c.execute(
            select(EventRow.table_id, EventRow.n, EventRow.deal, EventRow.type, EventRow.data)
            .where(EventRow.table_id == table_id)
            .order_by(EventRow.n)
        ).all()
    return [r._asdict() for r in rows]


def _records(rows: list[dict[str, Any]], deal: int) -> list[Any]:
    return [
        jsonlog.event_from_json({"type": r["type"], **data_of(r["data"])})
        for r in rows
        if r["deal"] == deal and r["type"] in jsonlog._RECORDS
    ]


async def _drain(service: Service) -> None:
    """Let the robots' tasks run until none is left, then wait for the commit."""
    for _ in range(10_000):
        await asyncio.sleep(0)
        if not service.tasks:
            break
    await service.durable()


def test_database_url_reads_postgres_urls_with_psycopg_3() -> None:
    """Issue 7 §1: ``DATABASE_URL`` names PostgreSQL as users write it."""
    assert database_url("postgres://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url("postgresql://u@h:5433/db") == "postgresql+psycopg://u@h:5433/db"


def test_migrations_build_the_schema_from_an_empty_postgres_database(pg_url: str) -> None:
    """Issue 7 §1: the Alembic revisions run from empty, and again as a no-op."""
    engine = make_engine(database_url(pg_url))
    try:
        assert engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg"
        assert inspect(engine).get_table_names() == []
        migrate(engine)
        migrate(engine)  # every start migrates: at head, nothing to do
        insp = inspect(engine)
        assert set(insp.get_table_names()) == {"alembic_version", "games", "tables", "seats",
                                               "events"}  # fmt: skip
        assert insp.get_pk_constraint("events")["constrained_columns"] == ["table_id", "n"]
        created = {c["name"]: c for c in insp.get_columns("events")}["created"]
        assert created["type"].timezone is True  # timestamptz: times read back aware
        with engine.connect() as c:
            assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
    finally:
        engine.dispose()


def test_event_rows_go_through_sqlalchemy_core_on_postgres_and_read_back_whole(
    pg_url: str,
) -> None:
    """Issue 7 §5: the group commit's PostgreSQL path (Core, not the SQLite
    driver shortcut) stores the rows as given, one transaction per batch."""
    engine = make_engine(database_url(pg_url))
    try:
        migrate(engine)
        with engine.begin() as c:
            c.execute(insert(GameRow).values(id="g", kind="deal", code="daw", spec={},
                                             director_token="d"))  # fmt: skip
            c.execute(insert(TableRow).values(game_id="g", plan={}))
            table_id = c.execute(select(TableRow.id)).scalar_one()
        inserter = event_inserter(engine)
        assert inserter.__name__ == "core"
        data = [
            {"seat": "N", "call": "1H", "names": {"N": "Mrs Smith\u2028 \u00e9"}},
            {"cards": ["SA", "HT"], "tricks": [7, 6], "note": None},
        ]
        rows = [
            {"table_id": table_id, "n": i + 1, "deal": 0, "type": "call_made", "data": d}
            for i, d in enumerate(data)
        ]
        with engine.begin() as c:
            inserter(c, rows)
        # A batch that fails (a number already stored) leaves nothing of itself.
        with pytest.raises(Exception, match="duplicate key"), engine.begin() as c:
            inserter(c, [{**rows[0], "n": 3}, {**rows[0], "n": 1}])
        with engine.connect() as c:
            back = c.execute(select(EventRow).order_by(EventRow.n)).all()
        assert [(r.n, r.type, r.data) for r in back] == [(1, "call_made", data[0]),
                                                          (2, "call_made", data[1])]  # fmt: skip
        assert all(r.created.tzinfo is not None for r in back)
    finally:
        engine.dispose()


def test_a_whole_deal_of_robots_is_stored_on_postgres_and_reads_back_equal(pg_url: str) -> None:
    """Issue 7 §5 on PostgreSQL: every record of a deal played by robots is
    written as sent, and the stored log replays to the same table (daw)."""
    service = Service(database_url(pg_url))
    written: list[dict[str, Any]] = []
    core = service.store.insert_events

    def spy(conn: Any, rows: list[dict[str, Any]]) -> None:
        written.extend(rows)
        core(conn, rows)

    service.store.insert_events = spy

    async def run() -> None:
        service.create_game({"kind": "deal", "code": "daw", "humans": [], "seed": 5})
        await service.resume()
        await _drain(service)

    try:
        asyncio.run(run())
        lt = next(iter(service.tables.values()))
        assert lt.finished and lt.table is not None and lt.table.phase == "done"
        stored = _stored(service, lt.id)
        assert stored == written and [r["n"] for r in stored] == list(range(1, len(stored) + 1))
        assert Table.from_events(_records(stored, 0)).events == lt.table.events
        assert stored[-1]["type"] == "deal_over"
        assert stored[-1]["data"]["score"] == written[-1]["data"]["score"]
        with service.engine.connect() as c:
            assert c.execute(select(TableRow.finished)).scalar_one() is True
            assert c.execute(select(GameRow.finished)).scalar_one() is True
    finally:
        service.close()


def test_a_new_server_on_the_same_postgres_database_resumes_the_table_exactly(
    pg_url: str,
) -> None:
    """Issue 7 §5: a server gone mid-deal (never closed) and a new one on the
    same PostgreSQL database: the table is where it was, event for event and
    seat for seat, and play goes on to the score (royalton, laws mode)."""
    url = database_url(pg_url)
    first = Service(url)
    rng = random.Random(3)

    async def act(service: Service, token: str, times: int) -> int:
        conn = Conn(token)
        service.subscribe(conn)
        acted = 0
        for _ in range(times):
            await _drain(service)
            msg = service.catch_up(token, None)[0]
            action = choose(msg, rng)  # at the score: "next", the deal is seen
            if action is None:
                break
            service.submit(conn, action)
            await service.durable()
            acted += 1
            if msg["phase"] == "done":
                break
        service.unsubscribe(conn)
        return acted

    spec = {"kind": "deal", "code": "royalton", "mode": "laws", "humans": ["S"], "seed": 8}
    game = first.create_game(spec)
    token = game["seats"]["S"].rsplit("/", 1)[-1]

    async def part_one() -> int:
        await first.resume()
        return await act(first, token, 6)

    assert asyncio.run(part_one()) == 6
    lt1 = next(iter(first.tables.values()))
    assert lt1.table is not None and lt1.table.phase in ("play", "claim", "penalty")
    before = {s: state_view(lt1.table, s, dummy_shown=lt1.dummy_shown, extra={}) for s in Seat}
    events_before, n_before = lt1.table.events, lt1.n
    # The first server is not closed: killed, its writer connection dropped.
    first.store.writer.invalidate()
    first.engine.dispose()

    second = Service(url)
    try:
        lt2 = second.tables[lt1.id]
        assert lt2.table is not None
        assert lt2.n == n_before and lt2.table.events == events_before
        assert lt2.dummy_shown == lt1.dummy_shown and lt2.deal_index == lt1.deal_index
        after = {s: state_view(lt2.table, s, dummy_shown=lt2.dummy_shown, extra={}) for s in Seat}
        assert after == before

        async def part_two() -> None:
            await second.resume()
            await act(second, token, 60)
            await _drain(second)

        asyncio.run(part_two())
        assert lt2.table.phase == "done" and lt2.finished
        stored = _stored(second, lt2.id)
        assert [r["n"] for r in stored] == list(range(1, lt2.n + 1))
        assert Table.from_events(_records(stored, 0)).events == lt2.table.events
        assert lt2.table.events[: len(events_before)] == events_before
        with second.engine.connect() as c:
            assert c.execute(select(TableRow.finished)).scalar_one() is True
    finally:
        second.close()


@pytest.mark.filterwarnings("ignore:.*httpx2")
def test_whist_serve_app_on_database_url_plays_over_its_socket(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 7 §1: ``DATABASE_URL`` alone points the app at PostgreSQL; a game
    is made over HTTP and a seat's intention is stored before its ack."""
    from starlette.testclient import TestClient

    from auctionwhist.web.app import create_app

    monkeypatch.setenv("DATABASE_URL", pg_url)
    with TestClient(create_app()) as client:
        service: Service = client.app.state.service  # type: ignore[attr-defined]
        assert service.engine.dialect.name == "postgresql"
        r = client.post("/api/games", json={"kind": "deal", "code": "auction", "humans": ["N"],
                                            "seed": 2})  # fmt: skip
        assert r.status_code == 201
        token = r.json()["seats"]["N"].rsplit("/", 1)[-1]
        with client.websocket_connect(f"/ws/{token}") as ws:
            ws.send_json({"type": "hello"})
            state = json.loads(ws.receive_text().split("\n")[0])
            assert state["type"] == "state" and len(state["hand"]) == 13
            assert state["my_turn"] and state["dealer"] == "N"  # Whist Club 44: the dealer opens
            ws.send_json({"type": "call", "call": state["legal_calls"][0], "ref": "r1"})
            msgs: list[dict[str, Any]] = []
            while not any(m.get("type") == "ack" for m in msgs):
                msgs += [json.loads(line) for line in ws.receive_text().split("\n")]
        ack = next(m for m in msgs if m["type"] == "ack")
        assert ack["ref"] == "r1"
        stored = _stored(service, next(iter(service.tables)))
        assert stored[ack["n"] - 1]["type"] == "call_made"
        assert stored[ack["n"] - 1]["data"]["call"] == state["legal_calls"][0]
