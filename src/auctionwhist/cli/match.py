"""``whist match``: play a whole duplicate match with computer players.

``whist match --code daw --movement two-teams-of-four --seed 7 --out DIR``
deals the trays, plays every play of the movement with a computer player in
every seat, and writes the score-cards, travellers and result (HTML, and
JSON: ``result.json`` with each contestant's result) to DIR.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..duplicate.match import MatchPlay, play_match
from ..duplicate.movements import movement as movement_schedule
from ..duplicate.trays import LONGEST_SUIT
from ..errors import WhistError
from ..robots import robots_at_table
from ._common import code_of, fail, new_console

__all__ = ["match_command"]


def match_command(
    code: Annotated[str, typer.Option("--code", help="daw, auction, royals, royalton, whist")],
    movement: Annotated[
        str, typer.Option("--movement", help="a movement's name (whist movement --list)")
    ],
    out: Annotated[Path, typer.Option("--out", help="directory for cards, travellers, result")],
    seed: Annotated[int, typer.Option("--seed", help="seed for the deals and the players")] = 1,
    tables: Annotated[
        int | None, typer.Option("--tables", help="tables (the movement's own by default)")
    ] = None,
    foster: Annotated[
        bool, typer.Option("--foster", help="Foster's system: suits transposed for overplay")
    ] = False,
    throw_out: Annotated[
        bool,
        typer.Option("--throw-out", help="throw out deals with a suit longer than six"),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="no progress bar")] = False,
) -> None:
    """Play a whole duplicate match with computer players in every seat."""
    c = code_of(code)
    try:
        schedule = movement_schedule(movement, tables)
    except WhistError as e:
        fail(f"--movement {movement!r}: {e}")
    console = new_console()
    total = sum(1 for _ in schedule.plays())
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=quiet,
        transient=False,
    )
    with progress:
        task = progress.add_task(f"{c.key} · {schedule.name}", total=total)

        def advance(_: MatchPlay) -> None:
            progress.advance(task)

        match = play_match(
            c,
            schedule,
            seed,
            player=robots_at_table(),
            foster=foster,
            longest=LONGEST_SUIT if throw_out else None,
            on_play=advance,
        )
    paths = match.write(out)
    result = match.result()
    console.print(
        f"{len(match.plays)} plays of {len(match.trays)} trays at {schedule.tables} "
        f"table{'s' if schedule.tables != 1 else ''}; "
        f"winner{'s' if len(result.winners) > 1 else ''}: {', '.join(result.winners)}"
    )
    for r in result.rankings:
        line = ", ".join(f"{s.id} {s.result_text}" for s in r.standings)
        console.print(f"[dim]{r.title}:[/dim] {line}")
    console.print(f"written to {out}: " + ", ".join(sorted(paths)))
