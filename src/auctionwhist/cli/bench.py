"""``whist bench robots``: the robots' strength, measured."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

__all__ = ["register"]


def bench_robots_command(
    code: Annotated[str, typer.Option(help="The code: daw, auction, royals, royalton, whist.")] = (
        "daw"
    ),
    deals: Annotated[int, typer.Option(help="Deals to play (each three times).")] = 20,
    seed: Annotated[int, typer.Option(help="Seed for the deals and the robots.")] = 1,
    samples: Annotated[int, typer.Option(help="Most samples of the unseen hands a card.")] = 24,
    budget: Annotated[float, typer.Option(help="Seconds a card for the samples.")] = 0.5,
    match: Annotated[
        bool, typer.Option(help="Play the duplicate match against the heuristic player.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Play deals robot against robot: declarer play against double dummy, the
    score against par, a duplicate match against the heuristic player, and
    the seconds per call and per card.

    [bold]Examples[/bold]

      whist bench robots --code daw --deals 20

      whist bench robots --code royalton --deals 5 --json
    """
    from ..cli import _code, _fail
    from .cardplay import Settings
    from .strength import bench_robots

    if deals < 1:
        _fail(f"--deals {deals}: give at least one deal")
    if samples < 1:
        _fail(f"--samples {samples}: give at least one sample")
    if budget <= 0:
        _fail(f"--budget {budget}: give a positive number of seconds")
    c = _code(code)
    settings = Settings(samples=samples, budget=budget, min_samples=min(3, samples))
    b = bench_robots(c, deals, seed, settings, match)
    if as_json:
        sys.stdout.write(json.dumps(b.to_json(), indent=2) + "\n")
        return

    def fig(x: float | None, unit: str = "") -> str:
        return "-" if x is None else f"{x:.3f}{unit}"

    print(f"{c.title}: {b.deals} deals in {b.seconds:.0f} s")
    print(
        f"  declarer play  : {fig(b.declarer_dd_gap)} tricks below double dummy "
        f"({b.declarer_deals} deals)"
    )
    print(f"  bidding        : {fig(b.par_gap)} points from par ({b.par_deals} deals)")
    if match:
        print(
            f"  duplicate match: {b.match_margin:+.1f} points a deal against the heuristic "
            f"player (standard error {b.match_se:.1f})"
        )
    print(f"  a call         : median {b.call_s_median:.4f} s, 95% {b.call_s_p95:.4f} s")
    print(f"  a card         : median {b.card_s_median:.4f} s, 95% {b.card_s_p95:.4f} s")


def register(app: typer.Typer, bench_app: typer.Typer) -> None:
    bench_app.command("robots")(bench_robots_command)
