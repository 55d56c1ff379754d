"""``whist bench solver`` and ``whist solver verify``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["register"]

solver_app = typer.Typer(help="The double-dummy solver: its proofs.", no_args_is_help=True)


@solver_app.command("verify")
def verify_command(
    deals: Annotated[
        int, typer.Option(help="Random deals against DDS (all strains, leads).")
    ] = 1000,
    endings: Annotated[int, typer.Option(help="Random nullo endings against minimax.")] = 10000,
    cards: Annotated[int, typer.Option(help="Cards a hand in the deals against DDS.")] = 13,
    max_cards: Annotated[int, typer.Option(help="Most cards a hand in the nullo endings.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed for the deals and endings.")] = 1,
    log: Annotated[
        Path | None,
        typer.Option(
            help="JSON-lines log of the deals against DDS: each deal is written as it is "
            "checked, and deals already in it are not checked again."
        ),
    ] = None,
    jobs: Annotated[int, typer.Option(help="Processes for the deals against DDS.")] = 1,
) -> None:
    """Prove the core: ordinary play equal to DDS on every strain and opening
    lead; nullo equal to a plain exhaustive minimax.

    A thousand whole deals take hours. With [bold]--log[/bold] the run can be
    stopped and started again, or raised from 200 deals to 1000, and only the
    deals not yet in the log are solved; the summary counts them all.

    [bold]Examples[/bold]

      whist solver verify --deals 1000 --endings 10000

      whist solver verify --deals 1000 --endings 0 --log proof.jsonl --jobs 2

      whist solver verify --deals 50 --cards 8 --endings 500 --max-cards 4
    """
    from rich.progress import Progress

    from ..cli import _console, _fail
    from .verify import run_dds_proof, verify_nullo_endings

    if not 1 <= cards <= 13:
        _fail(f"--cards {cards}: a hand holds 1 to 13 cards")
    if not 1 <= max_cards <= 6:
        _fail(f"--max-cards {max_cards}: the minimax takes 1 to 6 cards a hand")
    if deals < 0 or endings < 0:
        _fail("--deals and --endings count deals: 0 or more")
    if jobs < 1:
        _fail(f"--jobs {jobs}: at least one process")
    with Progress(console=_console(), transient=True) as bar:
        task = bar.add_task("Deals against DDS", total=deals)
        proof = run_dds_proof(
            deals, cards, seed, log=log, jobs=jobs, progress=lambda: bar.advance(task)
        )
    resumed = f" ({proof.resumed} read from {log})" if proof.resumed else ""
    print(
        f"DDS: {proof.solves} solves on {proof.deals} deals of {cards} cards a hand"
        f"{resumed}, {len(proof.mismatches)} differ; {proof.seconds:.0f} s of solving"
    )
    for m in proof.mismatches[:10]:
        print(f"  differ: {m}")
    with Progress(console=_console(), transient=True) as bar:
        task = bar.add_task("Nullo endings", total=endings)
        e, bad2 = verify_nullo_endings(endings, max_cards, seed, progress=lambda: bar.advance(task))
    print(f"nullo: {e} endings of up to {max_cards} cards a hand, {len(bad2)} differ")
    for m in bad2[:10]:
        print(f"  differ: {m}")
    if proof.mismatches or bad2:
        raise typer.Exit(1)


def bench_solver_command(
    deals: Annotated[int, typer.Option(help="Random deals; the figures are medians.")] = 100,
    cards: Annotated[int, typer.Option(help="Cards a hand (13: whole deals).")] = 13,
    seed: Annotated[int, typer.Option(help="Seed for the deals.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    nullo: Annotated[
        bool,
        typer.Option(
            "--nullo/--no-nullo",
            help="Also time our nullo solve (whole-deal nullo can take minutes a deal).",
        ),
    ] = True,
    nullo_limit: Annotated[
        float | None,
        typer.Option(
            help="Give up a nullo solve after this many seconds; it counts as taking "
            "the limit, so a median among those is a lower bound."
        ),
    ] = None,
) -> None:
    """DDS's solve_board against our core, one strain and declarer a solve:
    (a) DDS at spades, (b) our core at spades, (c) our core at nullo.

    [bold]Examples[/bold]

      whist bench solver --deals 100

      whist bench solver --deals 20 --cards 9 --json

      whist bench solver --deals 100 --no-nullo

      whist bench solver --deals 25 --nullo-limit 60
    """
    from ..cli import _console, _fail
    from .bench import bench_solver

    if deals < 1:
        _fail(f"--deals {deals}: give at least one deal")
    if not 1 <= cards <= 13:
        _fail(f"--cards {cards}: a hand holds 1 to 13 cards")
    if nullo_limit is not None and nullo_limit <= 0:
        _fail(f"--nullo-limit {nullo_limit}: give a number of seconds above 0")
    from rich.progress import Progress

    with Progress(console=_console(), transient=True, disable=as_json) as bar:
        task = bar.add_task("Solving", total=deals)
        b = bench_solver(
            deals,
            seed,
            cards,
            progress=lambda: bar.advance(task),
            nullo=nullo,
            nullo_limit=nullo_limit,
        )
    if as_json:
        sys.stdout.write(json.dumps(b.as_dict(), indent=2) + "\n")
        return
    print(f"deals: {b.deals} ({cards} cards a hand); medians per solve of one strain and declarer")
    print(f"  DDS solve_board, spades : {b.dds_ms:9.2f} ms")
    print(f"  our core, spades        : {b.ours_ms:9.2f} ms  ({b.ours_ratio:.2f} x DDS)")
    if b.nullo_ms is not None and b.nullo_ratio is not None:
        at_least = ">" if b.nullo_median_is_lower_bound else " "
        print(
            f"  our core, nullo         : {at_least}{b.nullo_ms:8.2f} ms  "
            f"({at_least}{b.nullo_ratio:.2f} x DDS)"
        )
    if b.nullo_unfinished:
        print(
            f"  {b.nullo_unfinished} of {b.deals} nullo solves gave up at the limit "
            f"({b.nullo_limit_ms:.0f} ms) and count as taking it"
        )


def register(app: typer.Typer, bench_app: typer.Typer) -> None:
    app.add_typer(solver_app, name="solver")
    bench_app.command("solver")(bench_solver_command)
