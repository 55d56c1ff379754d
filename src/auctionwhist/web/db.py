"""The web app's database: games, tables, seat links and each table's events.

The events are the record of truth (docs/spec.md §3); everything else can be
rebuilt from them. An event is written before the action is acknowledged
(issue 7 §5); the primary key (table, number) keeps the numbering per table
without gaps or doubles.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    insert,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "EventRow",
    "GameRow",
    "SeatRow",
    "TableRow",
    "data_dir",
    "database_url",
    "event_inserter",
    "make_engine",
    "migrate",
]


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """A single deal, a rubber or a duplicate match; ``spec`` is what it was
    created with (code, mode, seed, movement...)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    code: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(8), default="enforce")
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    director_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class TableRow(Base):
    """A table: in a match, one table in one round (a sitting) with its trays."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer, default=1)
    round: Mapped[int] = mapped_column(Integer, default=1)
    # Who sits where and what is played: {"seats": {"N": {"robot": true} |
    # {"player": "p1", "name": ...}, ...}, "trays": [[tray, overplay, north_at], ...]}
    plan: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    """A person's link: a seat at a table, or (in a match) a player who moves."""

    __tablename__ = "seats"

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    seat: Mapped[str | None] = mapped_column(String(1), nullable=True)
    player: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(80), default="")


class EventRow(Base):
    """Event ``n`` (from 1) of a table: a record of ``formats.jsonlog`` or a
    server event (deal_over, dummy, penalty, result_entered), full and
    unfiltered: ``web.views`` builds each audience's copy."""

    __tablename__ = "events"

    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


# Writes a batch of event rows ({table_id, n, deal, type, data}) on a connection.
EventInserter = Callable[[Connection, list[dict[str, Any]]], None]


def event_inserter(engine: Engine) -> EventInserter:
    """How the group commit writes its events (docs/web.md, Benchmark).

    On SQLite the rows go to the driver as tuples, the JSON encoded once by
    orjson and one ``created`` for the batch (the same text SQLAlchemy's
    ``DateTime`` stores): SQLAlchemy's per-row bind processing was a tenth of
    the server's time per action. Elsewhere (PostgreSQL), plain Core."""
    if engine.dialect.name != "sqlite":
        stmt = insert(EventRow)

        def core(conn: Connection, rows: list[dict[str, Any]]) -> None:
            conn.execute(stmt, rows)

        return core
    dialect = engine.dialect
    as_text = EventRow.__table__.c.created.type.dialect_impl(dialect).bind_processor(dialect)
    sql = "INSERT INTO events (table_id, n, deal, type, data, created) VALUES (?, ?, ?, ?, ?, ?)"
    dumps, opt = orjson.dumps, orjson.OPT_NON_STR_KEYS

    def sqlite(conn: Connection, rows: list[dict[str, Any]]) -> None:
        now = _now()
        created = as_text(now) if as_text is not None else now
        params = [
            (r["table_id"], r["n"], r["deal"], r["type"], dumps(r["data"], option=opt).decode(),
             created)
            for r in rows
        ]  # fmt: skip
        conn.exec_driver_sql(sql, params)

    return sqlite


def data_dir() -> Path:
    """The user's data folder: ``$AUCTIONWHIST_DATA``, else the XDG data home."""
    explicit = os.environ.get("AUCTIONWHIST_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "auction-whist"


def database_url(url: str | None = None) -> str:
    """``url``, else ``$DATABASE_URL`` (PostgreSQL), else SQLite in the data folder."""
    url = url or os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the driver "postgres"; SQLAlchemy wants psycopg 3.
        if url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url[len("postgres://") :]
        elif url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        return url
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'whist.sqlite3'}"


def make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(conn: Any, _record: Any) -> None:
        # WAL with synchronous=NORMAL: a commit survives the process being
        # killed (SIGKILL), which is what "nothing lost" asks; only a power
        # cut may lose the last commits.
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


MIGRATING = 0x5768_0001  # the advisory lock held while the schema is upgraded


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # Workers starting together on one database: one migrates, the
            # others wait for its commit and find the schema at head.
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATING})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
