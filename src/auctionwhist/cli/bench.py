"""``whist bench``: how fast the engine runs beside endplay (``engine``), the
solver beside DDS (``solver``), the robots' strength (``robots``) and their
bidding (``bidding``).
``whist bench server`` starts the web app, so it lives with ``serve``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer

from ._common import code_of, columns_table, fail, new_console, on_terminal

__all__ = [
    "bench_anytime_command",
    "bench_bidding_command",
    "bench_engine_command",
    "bench_robots_command",
    "bench_solver_command",
]


_LOG_HELP = (
    "Append each deal's figures to this JSON-lines file as the deal ends (after a line "
    "with the run's settings), so that a stopped or crashed run keeps what it measured."
)


@contextmanager
def _per_deal(
    what: str, deals: int, log: Path | None, settings: dict[str, Any]
) -> Iterator[Callable[[dict[str, Any]], None]]:
    """A bench's deal-by-deal progress: a bar on standard error (on a terminal,
    with --json too, so a long run can be watched) and, with ``log``, each
    deal's figures written and flushed as the deal ends."""
    try:
        out = log.open("a", encoding="utf-8") if log is not None else None
    except OSError as e:
        fail(f"--log {log}: cannot write it ({e.strerror})")
    with out or nullcontext(), on_terminal(what, deals) as advance:

        def write(line: dict[str, Any]) -> None:
            if out is not None:
                out.write(json.dumps(line) + "\n")
                out.flush()

        def deal_done(figures: dict[str, Any]) -> None:
            write(figures)
            advance()

        write({"run": settings})
        yield deal_done


def bench_engine_command(
    seconds: Annotated[
        float, typer.Option(help="Time budget in seconds (the whole run stays close to it).")
    ] = 15.0,
    repeats: Annotated[int, typer.Option(help="Repeats; the figures are medians.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed for the deals and the random actions.")] = 1,
    code: Annotated[
        list[str] | None, typer.Option(help="Only this code (repeatable); default all five.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Complete deals (deal, auction, play, score) with random legal actions,
    per code; and endplay's legal_moves() + play() on the same deals.

    Reports deals/s and actions/s (an action is a call or a card) and the
    ratio of our actions/s to endplay's. Each figure is a median over repeats.

    [bold]Examples[/bold]

      whist bench engine

      whist bench engine --seconds 5 --json
    """
    from ..bench import bench_engine

    if not 0 < seconds <= 600:
        fail(f"--seconds {seconds}: give a budget between 0 and 600 seconds")
    if not 1 <= repeats <= 100:
        fail(f"--repeats {repeats}: give 1 to 100 repeats")
    keys = [code_of(k).key for k in code or []]
    figures = bench_engine(seconds=seconds, repeats=repeats, seed=seed, codes=keys or None)
    out = new_console()
    if as_json:
        sys.stdout.write(json.dumps(figures, indent=2) + "\n")
        return
    tbl = columns_table(
        ("engine", "left"),
        ("deals/s", "right"),
        ("actions/s", "right"),
        ("deals", "right"),
        ("actions/deal", "right"),
        title="whist bench engine",
    )
    for key, f in figures["ours"]["per_code"].items():
        tbl.add_row(
            f"ours: {key}",
            f"{f['deals_per_s']:,.0f}",
            f"{f['actions_per_s']:,.0f}",
            str(f["deals"]),
            f"{f['actions_per_deal']:.1f}",
        )
    o = figures["ours"]
    tbl.add_row(
        "ours: all codes",
        f"{o['deals_per_s']:,.0f}",
        f"{o['actions_per_s']:,.0f}",
        str(figures["deals"]),
        "",
        style="bold",
    )
    ep = figures["endplay"]
    if ep is not None:
        tbl.add_row(
            "endplay (cards only)", "", f"{ep['actions_per_s']:,.0f}", str(ep["deals"]), "52.0"
        )
    out.print(tbl)
    if figures["ratio"] is not None:
        out.print(f"ratio ours/endplay actions/s: {figures['ratio']:.1f}×")
    else:
        out.print("endplay is not installed: pip install endplay for the ratio")
    out.print(
        f"[dim]{figures['repeats']} repeats, {figures['seconds']:.1f} s, "
        f"Python {figures['python']}, seed {figures['seed']}[/dim]"
    )


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
    threads: Annotated[
        list[int] | None,
        typer.Option(
            help="Threads for one solve of our core (0: every core, the default); given "
            "more than once, the nullo solves are made with each in turn, deal by deal."
        ),
    ] = None,
    log: Annotated[Path | None, typer.Option(help=_LOG_HELP)] = None,
) -> None:
    """DDS's solve_board against our core, one strain and declarer a solve:
    (a) DDS at spades, (b) our core at spades, (c) our core at nullo.

    [bold]Examples[/bold]

      whist bench solver --deals 100

      whist bench solver --deals 20 --cards 9 --json

      whist bench solver --deals 100 --no-nullo

      whist bench solver --deals 25 --nullo-limit 60

      whist bench solver --deals 100 --nullo-limit 20 --threads 1 --threads 2

      whist bench solver --deals 100 --nullo-limit 20 --json --log solver.jsonl > solver.json
    """
    from ..solver.bench import bench_solver

    if deals < 1:
        fail(f"--deals {deals}: give at least one deal")
    if not 1 <= cards <= 13:
        fail(f"--cards {cards}: a hand holds 1 to 13 cards")
    if nullo_limit is not None and nullo_limit <= 0:
        fail(f"--nullo-limit {nullo_limit}: give a number of seconds above 0")
    if threads and min(threads) < 0:
        fail(f"--threads {min(threads)}: 0 (every core) or more threads")
    settings = {
        "bench": "solver",
        "deals": deals,
        "cards": cards,
        "seed": seed,
        "nullo": nullo,
        "nullo_limit_s": nullo_limit,
        "threads": threads or [0],
    }
    with _per_deal(f"Solving {deals} deals", deals, log, settings) as deal_done:
        b = bench_solver(
            deals,
            seed,
            cards,
            progress=deal_done,
            nullo=nullo,
            nullo_limit=nullo_limit,
            threads=tuple(threads) if threads else (0,),
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
    for run in b.nullo_runs:
        print(
            f"  nullo on {run.threads} thread{'s' if run.threads > 1 else ''}: median "
            f"{run.median_ms:.0f} ms, 95th percentile {run.p95_ms:.0f} ms, slowest: deal "
            f"{run.slowest_deal} ({run.slowest_ms:.0f} ms), {run.unfinished} gave up"
        )
    if b.nullo_unfinished:
        print(
            f"  {b.nullo_unfinished} of {b.deals} nullo solves gave up at the limit "
            f"({b.nullo_limit_ms:.0f} ms) and count as taking it"
        )


def bench_anytime_command(
    deals: Annotated[int, typer.Option(help="Deals of the solver bench's sample.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed for the deals (as `whist bench solver`).")] = 1,
    within: Annotated[float, typer.Option(help="Seconds for each nullo row's bounds.")] = 1.0,
    exact_limit: Annotated[
        float | None,
        typer.Option(
            help="Then run each row on to its exact figures, at most this many seconds, "
            "and check that the bounds held them."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    log: Annotated[Path | None, typer.Option(help=_LOG_HELP)] = None,
) -> None:
    """The nullo row as bounds at once (issue 20): each deal's whole nullo
    row (every declarer) asked for with --within seconds, as `whist analyse
    --time-limit` does; the time to the first bounds and to the answer, and
    how wide the bounds are then.

    [bold]Examples[/bold]

      whist bench anytime --deals 100

      whist bench anytime --deals 20 --exact-limit 30 --json

      whist bench anytime --deals 100 --exact-limit 30 --log anytime.jsonl
    """
    from ..analysis.anytime import bench_anytime

    if deals < 1:
        fail(f"--deals {deals}: give at least one deal")
    if within <= 0:
        fail(f"--within {within}: give a number of seconds above 0")
    if exact_limit is not None and exact_limit <= 0:
        fail(f"--exact-limit {exact_limit}: give a number of seconds above 0")
    settings = {
        "bench": "anytime",
        "deals": deals,
        "seed": seed,
        "within_s": within,
        "exact_limit_s": exact_limit,
    }
    with _per_deal(f"Bounding {deals} nullo rows", deals, log, settings) as deal_done:
        b = bench_anytime(deals, seed, within, exact_limit, progress=deal_done)
    figures = b.as_dict()
    if as_json:
        sys.stdout.write(json.dumps(figures, indent=2) + "\n")
        return
    w = figures["width"]
    print(f"deals: {len(b.deals)} (seed {seed}); each nullo row bounded within {within:g} s")
    print(
        f"  answered within the budget : {'every deal' if b.all_within else 'NOT every deal'} "
        f"(slowest {b.slowest_s:.3f} s)"
    )
    print(
        f"  first bounds after         : median {figures['first_bounds_s']['median']:.3f} s, "
        f"max {figures['first_bounds_s']['max']:.3f} s"
    )
    print(
        f"  widest declarer's bounds   : median {w['median']}, mean {w['mean']}, max {w['max']} "
        "tricks (0: exact)"
    )
    print(f"  rows exact within {within:g} s     : {figures['exact_within']} of {len(b.deals)}")
    if "exact" in figures:
        e = figures["exact"]
        print(
            f"  exact rows within {e['limit_s']:g} s more : {e['solved']} of {len(b.deals)} "
            f"(median {e['median_s']} s); the bounds held every exact row: {e['bounds_held']}"
        )


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
    from ..robots.cardplay import Settings
    from ..robots.strength import bench_robots

    if deals < 1:
        fail(f"--deals {deals}: give at least one deal")
    if samples < 1:
        fail(f"--samples {samples}: give at least one sample")
    if budget <= 0:
        fail(f"--budget {budget}: give a positive number of seconds")
    c = code_of(code)
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
        f"({b.declarer_deals} deals"
        + (
            f", {b.nullo_deals} of them nullo, {b.nullo_bounded} from the solver's bounds)"
            if b.nullo_deals
            else ")"
        )
    )
    print(f"  bidding        : {fig(b.par_gap)} points from par ({b.par_deals} deals)")
    if match:
        print(
            f"  duplicate match: {b.match_margin:+.1f} points a deal against the heuristic "
            f"player (standard error {b.match_se:.1f})"
        )
    print(f"  a call         : median {b.call_s_median:.4f} s, 95% {b.call_s_p95:.4f} s")
    print(f"  a card         : median {b.card_s_median:.4f} s, 95% {b.card_s_p95:.4f} s")


def bench_bidding_command(
    code: Annotated[str, typer.Option(help="The code: daw, auction, royals or royalton.")] = (
        "auction"
    ),
    deals: Annotated[int, typer.Option(help="Random deals to bid (each four times).")] = 100,
    seed: Annotated[
        int, typer.Option(help="Seed for the deals: the same seed, the same figures.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure the robots' bidding: the robots bid all four seats and the final
    contract is scored with its declarer's double-dummy tricks, so the card
    play is the same for every bidding and only the bidding differs. Each
    deal is scored alone, as a duplicate deal under the code.

    [bold]The figures[/bold], for the current bidding and for the baseline
    (the bidding as it stood when issue 18 began):

      par_gap: mean points a deal between North-South's net and par, the
      result when both sides bid perfectly knowing the double-dummy tricks
      (whist analyse shows a deal's par). Lower is better.

      games_bid_rate: of the deals where the declaring side could make game
      double dummy in some denomination, the share where it bid a game
      (a contract whose tricks are worth game).

      slams_bid_rate: likewise for twelve tricks or more, and a bid of
      six or seven. A bar for Royalton, which pays a slam only when it is
      declared (laws 86-87); the counts pay it to whichever side takes the
      tricks, bid or not (daw 14-15, Whist Club 7-8), and their robots
      contract for the tricks they count and seldom name a slam, as the
      period seldom did.

      doubled_set_rate: of the doubled or redoubled final contracts, the
      share that fail double dummy: how often a double was right.

      match: a duplicate match, the current bidding North-South against the
      baseline East-West at one table and the other way about at the other,
      both sides playing the same cards (double dummy). The margin is the
      current bidding's net points a deal over the two tables, with its
      standard error; above three standard errors is a real difference.

    A nullo's whole-deal double-dummy figure is too slow for a bench: par and
    the games and slams a side could make leave nullo out, and a nullo
    reached is scored as made exactly or set by one, as the solver's bound
    decides.

    [bold]Examples[/bold]

      whist bench bidding --code auction --deals 300

      whist bench bidding --code royalton --deals 50 --seed 7 --json
    """
    from ..analysis.bidding import bench_bidding

    if deals < 1:
        fail(f"--deals {deals}: give at least one deal")
    c = code_of(code)
    if not c.auction:
        fail(
            f"--code {code}: {c.cite('trump')}: {c.title} has no auction, the turned card "
            "names the trump; there is no bidding to measure"
        )
    with on_terminal(f"Bidding {deals} deals of {c.key}", deals) as advance:
        b = bench_bidding(c, deals, seed, progress=advance)
    if as_json:
        sys.stdout.write(json.dumps(b.to_json(), indent=2) + "\n")
        return

    def rate(n: int, of: int) -> str:
        return "-" if not of else f"{n / of:.3f} ({n} of {of})"

    tbl = columns_table(
        ("figure", "left"),
        ("current", "right"),
        ("baseline", "right"),
        title=f"whist bench bidding: {c.key}, {b.deals} deals, seed {b.seed}",
    )
    cur, base = b.current, b.baseline
    tbl.add_row("par_gap (points)", f"{cur.par_gap:.1f}", f"{base.par_gap:.1f}")
    tbl.add_row("games_bid_rate", rate(cur.games_bid, cur.games), rate(base.games_bid, base.games))
    tbl.add_row("slams_bid_rate", rate(cur.slams_bid, cur.slams), rate(base.slams_bid, base.slams))
    tbl.add_row(
        "doubled_set_rate",
        rate(cur.doubled_set, cur.doubled),
        rate(base.doubled_set, base.doubled),
    )
    tbl.add_row("passed out", str(cur.passed_out), str(base.passed_out))
    out = new_console()
    out.print(tbl)
    out.print(
        f"match, current against baseline: {b.match_margin:+.1f} points a deal "
        f"(standard error {b.match_se:.1f}); {b.seconds:.0f} s"
    )
