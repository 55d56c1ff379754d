"""``whist serve`` and ``whist bench server``: the only commands that import the
web app (the bench starts a server), so the rest of the CLI never loads it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ._common import fail, new_console

__all__ = ["bench_server_command", "serve_command"]


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
) -> None:  # fmt: skip
    """Start the web app: play, direct and review matches in the browser."""
    import uvicorn

    from ..web.app import create_app
    from ..web.db import database_url
    from ..web.uvicorn_ws import uvicorn_options

    try:
        url = database_url(database)
        web = create_app(url, robot_delay=robot_delay, tune_gc=True)
    except Exception as e:  # a database that cannot be opened or migrated
        fail(f"cannot start: {e}")
    shown = url if url.startswith("sqlite") else url.split("@")[-1]
    new_console().print(f"[bold]auction-whist[/] on http://{host}:{port}/  (database: {shown})")
    # The seat sockets' protocol, no permessage-deflate (web.uvicorn_ws).
    uvicorn.run(web, host=host, port=port, **uvicorn_options())


def bench_server_command(
    tables: Annotated[int, typer.Option(help="tables of robots playing at once")] = 200,
    code: Annotated[str, typer.Option(help="the code played")] = "auction",
    think: Annotated[float, typer.Option(help="seconds a robot thinks before acting")] = 0.0,
    database: Annotated[
        Path | None, typer.Option(help="SQLite file (default: a temporary one)")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Robots at TABLES tables play over WebSockets against one server process;
    prints actions per second and the 50th/99th percentile action latency."""
    import json

    from ..web.bench import run_bench

    if tables < 1:
        fail("tables: at least 1")
    figures = run_bench(tables=tables, code=code, think=think, database=database)
    if json_out:
        print(json.dumps(figures))
        return
    new_console().print(
        f"{figures['tables']} tables, {figures['actions']} actions in "
        f"{figures['seconds']:.1f} s: [bold]{figures['actions_per_s']:.0f} actions/s[/], "
        f"latency p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms "
        f"(target p99 < 100 ms: {'met' if figures['p99_ms'] < 100 else 'NOT met'})"
    )
