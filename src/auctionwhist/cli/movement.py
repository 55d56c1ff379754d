"""``whist movement``: print a movement's schedule, check it, list them all."""

from __future__ import annotations

import json
import re
import sys
from typing import Annotated

import typer
from rich import box
from rich.table import Table as RichTable

from ..duplicate.movements import MOVEMENTS, find_movement
from ..duplicate.schedule import MovementError, Schedule, Sitting, TrayPlay
from ..duplicate.validate import validate
from ._common import fail, new_console

__all__ = ["movement_command", "render_cell", "tray_runs"]


def tray_runs(schedule: Schedule, trays: tuple[TrayPlay, ...]) -> str:
    """'1-4; over 5-8' — runs of consecutive trays, overplays marked.

    Hands numbered per table are shown as hand/table: '1-4/t2' is hands 1 to 4
    of table 2.
    """
    parts: list[str] = []
    run: list[TrayPlay] = []

    def flush() -> None:
        if not run:
            return
        a, b = _short(schedule.label(run[0].tray)), _short(schedule.label(run[-1].tray))
        text = a if len(run) == 1 else _span(a, b)
        prefix = "over " if run[0].overplay else ""
        turned = " (N to E)" if run[0].north_at.char != "N" else ""
        parts.append(prefix + text + turned)

    for tp in trays:
        if run and (
            tp.tray != run[-1].tray + 1
            or tp.overplay != run[-1].overplay
            or tp.north_at != run[-1].north_at
        ):
            flush()
            run = []
        run.append(tp)
    flush()
    return "; ".join(parts) if parts else "none (idle)"


_LABEL = re.compile(r"hand (\d+)(?:, table (\d+))?$")


def _short(label: str) -> str:
    m = _LABEL.match(label)
    if not m:
        return label
    return m[1] + (f"/t{m[2]}" if m[2] else "")


def _span(a: str, b: str) -> str:
    """'1/t2' and '4/t2' → '1-4/t2'; plain numbers '1-4'."""
    ha, _, ta = a.partition("/")
    hb, _, tb = b.partition("/")
    if ta == tb:
        return f"{ha}-{hb}" + (f"/{ta}" if ta else "")
    return f"{a}-{b}"


def render_cell(schedule: Schedule, st: Sitting) -> str:
    """N on top, W and E either side, S below, as the seed draws a table."""
    n, e, s, w = (p or "any" for p in st.seats)
    if schedule.kind.value == "team":
        head = f"N-S {st.ns[0]} / E-W {st.ew[0]}\n" if st.ns and st.ew else ""
    elif schedule.kind.value == "pair":
        head = f"N-S {st.ns[0] if st.ns else 'any'} / E-W {st.ew[0] if st.ew else 'any'}\n"
        return head + tray_runs(schedule, st.trays)
    else:
        head = ""
    width = max(len(w) + len(e) + 3, len(n), len(s))
    diagram = f"{n:^{width}}\n{w}{' ' * (width - len(w) - len(e))}{e}\n{s:^{width}}"
    return f"{head}{diagram}\n{tray_runs(schedule, st.trays)}"


def _print(schedule: Schedule) -> None:
    out = new_console()
    tbl = RichTable(
        box=box.SIMPLE_HEAD,
        title=f"{schedule.name} — {schedule.tables} table(s), {len(schedule.trays)} trays",
        caption=schedule.reference,
        show_lines=True,
    )
    tbl.add_column("round", justify="right")
    for t in range(1, schedule.tables + 1):
        tbl.add_column(f"table {t}", justify="center")
    for r in schedule.rounds:
        cells = []
        for t in range(1, schedule.tables + 1):
            st = next((x for x in r.sittings if x.table == t), None)
            cells.append(render_cell(schedule, st) if st else "—")
        tbl.add_row(str(r.number), *cells)
    out.print(tbl)
    for note in schedule.notes:
        out.print(f"• {note}")


def movement_command(
    name: Annotated[str | None, typer.Argument(help="movement name (see --list)")] = None,
    tables: Annotated[int | None, typer.Option("--tables", "-t", help="tables")] = None,
    deals: Annotated[int | None, typer.Option(help="deals per table per round")] = None,
    variant: Annotated[
        str | None, typer.Option(help="league-teams: short; compass/mitchell: 1 or 2")
    ] = None,
    pairs: Annotated[int | None, typer.Option(help="howell-pairs: 4 to 34 pairs")] = None,
    check: Annotated[bool, typer.Option("--check", help="run the validator")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    list_: Annotated[bool, typer.Option("--list", help="name every movement")] = False,
) -> None:
    """Print a movement's schedule (rounds × tables); --check validates it."""

    if list_:
        if as_json:
            rows = [
                {"name": m.name, "reference": m.reference, "tables": m.tables}
                for m in MOVEMENTS.values()
            ]
            sys.stdout.write(json.dumps(rows, indent=2) + "\n")
            return
        tbl = RichTable(box=box.SIMPLE_HEAD, title="whist movement --list")
        tbl.add_column("name", no_wrap=True)
        for col in ("tables", "what", "seed"):
            tbl.add_column(col)
        for m in MOVEMENTS.values():
            tbl.add_row(m.name, m.tables, m.summary, m.reference)
        new_console().print(tbl)
        return
    if name is None:
        fail("give a movement name, or --list to see them all")
    try:
        mv = find_movement(name)
        schedule = mv(tables, deals=deals, variant=variant, pairs=pairs)
    except MovementError as exc:
        fail(str(exc))
    report = validate(schedule) if check else None
    if as_json:
        data = schedule.as_dict()
        if report is not None:
            data["check"] = {
                "ok": report.ok,
                "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in report.checks],
            }
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        _print(schedule)
        if report is not None:
            out = new_console()
            for c in report.checks:
                mark = "[green]ok[/green]" if c.ok else "[red]FAILED[/red]"
                out.print(f"{mark}  {c.name}: {c.detail}")
    if report is not None and not report.ok:
        raise typer.Exit(1)
