"""``whist solver verify``: the proofs of the double-dummy solver."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from ._common import fail, new_console

__all__ = ["verify_command"]


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
    threads: Annotated[
        int | None,
        typer.Option(
            help="Threads for each solve of our core (0: every core); more than one "
            "searches every position in parallel, the smallest endings too. "
            "Default: every core, shared among the jobs."
        ),
    ] = None,
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

      whist solver verify --deals 20 --cards 8 --endings 2000 --threads 2
    """
    from rich.progress import Progress

    from ..solver.verify import run_dds_proof, verify_nullo_endings

    if not 1 <= cards <= 13:
        fail(f"--cards {cards}: a hand holds 1 to 13 cards")
    if not 1 <= max_cards <= 6:
        fail(f"--max-cards {max_cards}: the minimax takes 1 to 6 cards a hand")
    if deals < 0 or endings < 0:
        fail("--deals and --endings count deals: 0 or more")
    if jobs < 1:
        fail(f"--jobs {jobs}: at least one process")
    if threads is not None and threads < 0:
        fail(f"--threads {threads}: 0 (every core) or more")
    if threads is None and jobs > 1:
        threads = max(1, (os.cpu_count() or 1) // jobs)
    with Progress(console=new_console(), transient=True) as bar:
        task = bar.add_task("Deals against DDS", total=deals)
        proof = run_dds_proof(
            deals,
            cards,
            seed,
            log=log,
            jobs=jobs,
            threads=threads,
            progress=lambda: bar.advance(task),
        )
    resumed = f" ({proof.resumed} read from {log})" if proof.resumed else ""
    print(
        f"DDS: {proof.solves} solves on {proof.deals} deals of {cards} cards a hand"
        f"{resumed}, {len(proof.mismatches)} differ; {proof.seconds:.0f} s of solving"
    )
    for m in proof.mismatches[:10]:
        print(f"  differ: {m}")
    with Progress(console=new_console(), transient=True) as bar:
        task = bar.add_task("Nullo endings", total=endings)
        e, bad2 = verify_nullo_endings(
            endings, max_cards, seed, progress=lambda: bar.advance(task), threads=threads
        )
    print(f"nullo: {e} endings of up to {max_cards} cards a hand, {len(bad2)} differ")
    for m in bad2[:10]:
        print(f"  differ: {m}")
    if proof.mismatches or bad2:
        raise typer.Exit(1)
