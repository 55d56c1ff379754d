"""``whist serve`` and ``whist bench server``: the only commands that import the
web app (the bench starts a server), so the rest of the CLI never loads it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ._common import fail, new_console

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["bench_server_command", "serve_command", "worker_app"]

# ``--workers``: each worker process builds its app from these settings.
SETTINGS = "AUCTIONWHIST_SERVE"
SQLITE_WORKERS = (
    "--workers {n} needs PostgreSQL: every worker holds every table and they share "
    "its events through the database (docs/deploy.md), which SQLite cannot do for "
    "several processes. Give --database postgresql://... (or $DATABASE_URL), or "
    "serve with one worker"
)


def worker_app() -> Starlette:
    """The app of one of ``--workers`` processes (uvicorn calls this in each)."""
    from ..web.app import create_app

    cfg = json.loads(os.environ[SETTINGS])
    return create_app(cfg["url"], robot_delay=cfg["robot_delay"], tune_gc=True,
                      robots=cfg["robots"], robot_workers=cfg["robot_workers"])  # fmt: skip


def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL (default: $DATABASE_URL, else SQLite in the "
                     "user's data folder)"),
    ] = None,
    robot_delay: Annotated[
        float, typer.Option(help="seconds a robot waits before acting (for the eye)")
    ] = 0.6,
    robots: Annotated[
        str,
        typer.Option(help="the robots in the empty seats: strong (Monte Carlo, thinking in "
                     "worker processes) or heuristic (fast, in the server's process)"),
    ] = "strong",
    robot_workers: Annotated[
        int | None,
        typer.Option(help="processes the strong robots think in, for each worker "
                     "(default: the cores shared among the workers)"),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(help="server processes sharing the port and the tables "
                     "(PostgreSQL only: docs/deploy.md)"),
    ] = 1,
) -> None:  # fmt: skip
    """Start the web app: play, direct and review matches in the browser."""
    import uvicorn

    from ..web.app import create_app
    from ..web.db import database_url
    from ..web.robots import KINDS
    from ..web.uvicorn_ws import uvicorn_options

    if robots not in KINDS:
        fail(f"--robots {robots!r}: the robots are {', '.join(KINDS)}")
    if robot_workers is not None and robot_workers < 1:
        fail(f"--robot-workers {robot_workers}: at least one process")
    if workers < 1:
        fail(f"--workers {workers}: at least one process")
    url = database_url(database)
    if workers > 1 and not url.startswith("postgresql"):
        fail(SQLITE_WORKERS.format(n=workers))
    shown = url if url.startswith("sqlite") else url.split("@")[-1]
    if workers > 1:
        # Each worker's robots think in their share of the cores (docs/deploy.md).
        share = robot_workers or max(1, (os.cpu_count() or 1) // workers)
        os.environ[SETTINGS] = json.dumps({"url": url, "robot_delay": robot_delay,
                                           "robots": robots, "robot_workers": share})  # fmt: skip
        new_console().print(f"[bold]auction-whist[/] on http://{host}:{port}/  "
                            f"({workers} workers, database: {shown})")  # fmt: skip
        uvicorn.run("auctionwhist.cli.serve:worker_app", factory=True, workers=workers,
                    host=host, port=port, **uvicorn_options())  # fmt: skip
        return
    try:
        web = create_app(url, robot_delay=robot_delay, tune_gc=True, robots=robots,
                         robot_workers=robot_workers)  # fmt: skip
    except Exception as e:  # a database that cannot be opened or migrated
        fail(f"cannot start: {e}")
    new_console().print(f"[bold]auction-whist[/] on http://{host}:{port}/  (database: {shown})")
    # The seat sockets' protocol, no permessage-deflate (web.uvicorn_ws).
    uvicorn.run(web, host=host, port=port, **uvicorn_options())


def bench_server_command(
    tables: Annotated[int, typer.Option(help="tables of robots playing at once")] = 200,
    code: Annotated[str, typer.Option(help="the code played")] = "auction",
    think: Annotated[float, typer.Option(help="seconds a robot thinks before acting")] = 0.0,
    database: Annotated[
        str | None,
        typer.Option(help="a SQLite file (default: a temporary one), or a PostgreSQL URL "
                     "(postgresql://...; an empty database: every game in it is loaded)"),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(help="server processes on one PostgreSQL database, a table's seats "
                     "spread over them"),
    ] = 1,
    robot_delay: Annotated[
        float | None,
        typer.Option(help="the server's robots take three seats of each table, acting "
                     "after this delay; the bench is the person at the fourth"),
    ] = None,
    robots: Annotated[
        str, typer.Option(help="with --robot-delay, the server's robots: strong or heuristic")
    ] = "strong",
    robot_workers: Annotated[
        int | None,
        typer.Option(help="with --robot-delay, processes the strong robots think in "
                     "(default: one per core)"),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:  # fmt: skip
    """Robots at TABLES tables play over WebSockets against one server process;
    prints actions per second and the 50th/99th percentile action latency.
    With --robot-delay, the server's robots' latency beyond their delay."""
    import json

    from ..web.bench import run_bench
    from ..web.robots import KINDS

    if tables < 1:
        fail("tables: at least 1")
    if robots not in KINDS:
        fail(f"--robots {robots!r}: the robots are {', '.join(KINDS)}")
    if robot_delay is not None and robot_delay < 0:
        fail(f"--robot-delay {robot_delay}: a delay is not negative")
    if robot_workers is not None and robot_workers < 1:
        fail(f"--robot-workers {robot_workers}: at least one process")
    if workers < 1:
        fail(f"--workers {workers}: at least one process")
    pg = database is not None and database.startswith("postgres")
    if workers > 1 and not pg:
        fail(SQLITE_WORKERS.format(n=workers))
    if robot_delay is not None and think == 0.0:
        think = robot_delay  # the person at each table plays at a person's pace too
    figures = run_bench(tables=tables, code=code, think=think,
                        database=database if pg or database is None else Path(database),
                        robot_delay=robot_delay, robots=robots,
                        robot_workers=robot_workers, workers=workers)  # fmt: skip
    if json_out:
        print(json.dumps(figures))
        return
    if robot_delay is not None:
        p95 = figures["robot_card_p95_ms"]
        new_console().print(
            f"{figures['tables']} tables, {figures['robots']} robots acting after "
            f"{robot_delay:g} s: {figures['robot_cards']} robot cards, beyond the delay "
            f"p50 {figures['robot_card_p50_ms']:.0f} ms, [bold]p95 {p95:.0f} ms[/] "
            f"(target p95 < 1,000 ms: {'met' if p95 < 1000 else 'NOT met'}); calls p95 "
            f"{figures['robot_call_p95_ms']:.0f} ms; the robots' processes "
            f"{figures['robot_cpu_s']:.1f} s of CPU"
        )
        pool = figures["robot_pool"]
        if pool is not None:
            new_console().print(
                f"The pool answered {pool['answers']} views; the heuristic robot stood "
                f"in for {pool['stood_in']} that waited out their budget and "
                f"{pool['failures']} whose worker failed."
            )
        return
    db = ""
    if "db_cpu_ms_per_action" in figures:
        db = f", PostgreSQL {figures['db_cpu_ms_per_action']:.2f} ms"
    new_console().print(
        f"{figures['tables']} tables, {figures['workers']} worker"
        f"{'s' if figures['workers'] > 1 else ''} ({figures['database']}), "
        f"{figures['actions']} actions in "
        f"{figures['seconds']:.1f} s: [bold]{figures['actions_per_s']:.0f} actions/s[/], "
        f"latency p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms "
        f"(target p99 < 100 ms: {'met' if figures['p99_ms'] < 100 else 'NOT met'}); "
        f"CPU per action: server {figures['server_cpu_ms_per_action']:.2f} ms{db}"
    )
