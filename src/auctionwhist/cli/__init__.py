"""The ``whist`` command: every command of the package, one module per group.

This module is the table of contents: it makes the groups and attaches each
command. The commands read their options and draw their output with
``_common``; ``serve`` is the only module that imports the web app.

Bad input ends with one line on stderr naming the option, the value and the
law where a law is the reason, and exit status 2; never a traceback.
"""

from __future__ import annotations

import typer

from . import analysis, bench, bid, club, deal, match, movement, play, ruling, score, serve, solver
from ._common import CODE_LIST, BadInput, WhistGroup

__all__ = ["BadInput", "app", "main"]

app = typer.Typer(
    cls=WhistGroup,
    name="whist",
    help=(
        "Duplicate Auction Whist (Goodfellow, 1912) and the games it came from: "
        "deal, play and score under five codes of laws.\n\n"
        f"Codes: {CODE_LIST}.  Try: whist deal --seed 7 ; whist play --code daw ; "
        "whist score --help"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
bench_app = typer.Typer(
    help="Benchmarks: how fast the engine runs, side by side with endplay.",
    no_args_is_help=True,
)
club_app = typer.Typer(
    help="The club room: forming tables, cutting out, rights of entry.",
    no_args_is_help=True,
)
solver_app = typer.Typer(help="The double-dummy solver: its proofs.", no_args_is_help=True)

# In this order in ``whist --help``: the commands, then the groups.
app.command("deal")(deal.deal_command)
app.command("score")(score.score_command)
app.command("play")(play.play_command)
app.command("bid")(bid.bid_command)
app.command("rubber")(score.rubber_command)
app.command("ruling", help=ruling.HELP)(ruling.ruling_command)
app.command("cut")(club.cut_command)
app.command("match")(match.match_command)
app.command("movement")(movement.movement_command)
app.command("analyse")(analysis.analyse_command)
app.command("review")(analysis.review_command)
app.command("study")(analysis.study_command)
app.command("serve")(serve.serve_command)

app.add_typer(bench_app, name="bench")
bench_app.command("engine")(bench.bench_engine_command)
bench_app.command("solver")(bench.bench_solver_command)
bench_app.command("anytime")(bench.bench_anytime_command)
bench_app.command("server")(serve.bench_server_command)
bench_app.command("robots")(bench.bench_robots_command)
bench_app.command("bidding")(bench.bench_bidding_command)

app.add_typer(club_app, name="club")
club_app.command("cut-out")(club.cut_out_command)
club_app.command("new-table")(club.new_table_command)
club_app.command("broken")(club.broken_command)
club_app.command("laws")(club.laws_command)

app.add_typer(solver_app, name="solver")
solver_app.command("verify")(solver.verify_command)


def main() -> None:
    """The console script's entry point."""
    app()
