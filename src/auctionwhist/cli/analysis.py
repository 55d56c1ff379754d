"""``whist analyse`` (one deal double dummy, and its par) and ``whist study``
(an analysis over many deals, in parallel, with a report)."""

import json
import os
import time
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, Group
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table as RichTable
from rich.text import Text

from ..analysis.analyse import Analysis, analyse, strains_of
from ..analysis.review import CardReview
from ..calls import DENOMINATIONS
from ..cards import SUIT_CHARS, Deal, Seat, Suit
from ..codes import Code
from ..dealing import deal as deal_cards
from ..dealing import dealer_for
from ..errors import WhistError
from ..solver.par import Par
from ._common import (
    CODE_LIST,
    card_text,
    code_of,
    columns_table,
    compass,
    deal_of,
    fail,
    new_console,
    on_terminal,
    seat_of,
)

__all__ = ["analyse_command", "review_command", "study_command"]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _table_view(a: Analysis, solving: bool = False) -> Group:
    t = RichTable(
        title="Double-dummy tricks",
        caption="the declarer's side's tricks; at nullo, those it cannot avoid",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    t.add_column("declarer")
    strains = strains_of(a.code)
    for strain in strains:
        d = DENOMINATIONS[strain]
        t.add_column(Text(d.symbol, style="red" if d.red else ""), justify="right")
    for seat in Seat:
        cells = []
        for strain in strains:
            if strain in a.table or strain in a.bounds:
                cell = a.cell(strain, seat)
                cells.append(Text(cell, style="" if cell.isdigit() else "bold yellow"))
            else:
                cells.append(Text("…", style="dim"))
        t.add_row(seat.name.title(), *cells)
    if a.exact:
        return Group(t)
    why = "the solver is tightening them" if solving else "the time limit came first"
    note = Text(f"5-8: bounds, the exact figure lies within them; {why}", style="yellow")
    return Group(t, note)


def _open_par_view(a: Analysis) -> Text:
    """What par can be while the nullo row is bounds (docs/decisions.md)."""
    head = Text.assemble(("Par", "bold"), f" ({a.code.key}): ")
    if a.par_range is None:
        return head + Text("waits for the other strains", style="dim")
    lo, hi = a.par_range
    if lo == hi:
        return head + Text(
            f"N-S {_signed(lo)}; the contracts that reach it wait for the exact nullo row"
        )
    return head + Text(
        f"N-S at least {_signed(lo)} and at most {_signed(hi)} (par {_signed(lo)} to "
        f"{_signed(hi)}: the nullo row is bounds)"
    )


def _par_view(code: Code, p: Par, out: Console) -> None:
    if p.score == 0 and p.passed_out and not p.contracts:
        out.print(f"Par ({code.key}): 0, nobody bids {code.cite('all_pass')}")
        return
    out.print(Text.assemble(("Par", "bold"), f" ({code.key}): N-S {_signed(p.score)}"))
    t = columns_table(
        ("contract", "left"),
        ("declarer", "left"),
        ("tricks", "right"),
        ("result", "left"),
        ("N-S net", "right"),
    )
    for pc in p.contracts:
        if pc.made:
            over = pc.odd_tricks - pc.contract.level
            result = "made" + (f" +{over}" if over else "")
        else:
            result = f"down {pc.contract.level - pc.odd_tricks} (sacrifice)"
        t.add_row(
            str(pc.contract), pc.declarer.name.title(), str(pc.tricks), result, _signed(pc.score)
        )
    out.print(t)
    if p.passed_out:
        out.print(f"or nobody bids {code.cite('all_pass')}")
    out.print(
        f"[dim]Alone, each side's best as declarant: N-S {_signed(p.alone[0])}, "
        f"E-W {_signed(p.alone[1])}. Each contract at the lowest level that reaches par; "
        "a failing contract doubled.[/dim]"
    )


def _processes(n: int) -> str:
    return "1 local process" if n == 1 else f"{n} local processes"


def _review_view(reviews: list[CardReview]) -> RichTable:

    t = columns_table(
        ("trick", "right"),
        ("seat", "left"),
        ("card", "left"),
        ("tricks", "right"),
        ("best", "right"),
        ("cost", "right"),
        ("best cards", "left"),
        title="The play, double dummy",
        caption="tricks: the side's from this trick on, all playing best after "
        "the card; cost: given up against the best",
    )
    for r in reviews:
        cells: list[str | Text]
        if not r.solved:
            cells = ["—", "—", Text("not scored", style="yellow"), Text("")]
        elif r.cost is None:
            cells = ["—", "—", Text("not legal", style="red"), Text("")]
        else:
            best = Text(" ").join(card_text(c) for c in r.best_cards)
            cost = Text(str(r.cost), style="bold red" if r.cost else "")
            cells = [str(r.tricks), str(r.best), cost, best if r.cost else Text("")]
        t.add_row(str(r.trick), r.seat.char, card_text(r.card), *cells)
    return t


def analyse_command(
    deal: Annotated[
        str | None, typer.Option("--deal", help='A PBN deal, e.g. "N:AKQ2.J95.T84.763 ...".')
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Deal with this seed instead, as `whist deal --seed`.")
    ] = None,
    code: Annotated[str, typer.Option(help=f"The code of laws: {CODE_LIST}.")] = "daw",
    number: Annotated[int, typer.Option(help="The deal (tray) number, from 1.")] = 1,
    dealer: Annotated[
        str | None,
        typer.Option(
            help="The dealer, N E S or W (default: the PBN's first seat, or by the deal number)."
        ),
    ] = None,
    trump: Annotated[
        str | None,
        typer.Option(help="Duplicate Whist only: the trump, when the deal has no turned card."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
    time_limit: Annotated[
        float | None,
        typer.Option(
            help="Stop the nullo row after this many seconds with the bounds so far "
            "(default: on to the exact row)."
        ),
    ] = None,
) -> None:
    """A deal double dummy: the tricks of every strain and declarer (nullo
    too where the code has it), and par under the code.

    Par is the result when both sides bid perfectly knowing every card:
    see docs/analysis.md. A whole-deal nullo can take the solver minutes: its
    row shows bounds at once ("5-8": the exact figure lies within them),
    tightened on a terminal while the solver runs, and exact when it is
    done; --time-limit stops with the bounds so far, and par is then what
    the bounds leave open.

    [bold]Examples[/bold]

      whist analyse --seed 7 --code royalton

      whist analyse --deal "N:AKQ2.J95.T84.763 JT9.AKQ.9765.A42 876.T8743.AQ.J85 -"

      whist analyse --seed 7 --code daw --json

      whist analyse --seed 7 --code royalton --time-limit 5
    """
    c = code_of(code)
    if time_limit is not None and time_limit < 0:
        fail(f"--time-limit {time_limit}: give a number of seconds, 0 or more")
    if number < 1:
        fail(f"--number {number}: deals are numbered from 1")
    if (deal is None) == (seed is None):
        fail("give a deal: --deal PBN or --seed N (one of them)")
    seat = seat_of("--dealer", dealer) if dealer is not None else None
    d: Deal
    if deal is not None:
        d = deal_of(deal)
        if seat is not None or number != 1:
            d = Deal(d.hands, seat if seat is not None else d.dealer, number, d.turned)
    else:
        assert seed is not None
        d = deal_cards(c, seat if seat is not None else dealer_for(c, number), number, seed=seed)
    suit: Suit | None = None
    if trump is not None:
        if not c.turns_trump:
            fail(f"--trump {trump!r}: only Duplicate Whist turns a trump; {c.key} bids")
        letter = trump.strip().upper()[:1]
        if letter not in SUIT_CHARS or not letter:
            fail(f"--trump {trump!r}: one of C D H S")
        suit = Suit(SUIT_CHARS.index(letter))
    out = new_console()
    live = "NL" in strains_of(c) and not as_json and out.is_terminal
    try:
        if live:
            a = _analyse_live(c, d, suit, time_limit, out)
        else:
            # a whole-deal nullo can take minutes: the terminal should not look hung
            what = "solving every strain double dummy"
            if "NL" in strains_of(c):
                what += ", nullo too (bounds at once, exact when solved)"
            with on_terminal(what):
                a = analyse(c, d, suit, budget=time_limit)
    except WhistError as e:
        fail(str(e))
    if as_json:
        out.print_json(json.dumps(a.to_json()))
        return
    out.print(Text(c.title, style="bold"))
    out.print(f"Deal {d.number} · dealer {d.dealer.name.title()}")
    out.print(compass(d))
    out.print(f"PBN: {d.to_pbn()}")
    out.print()
    out.print(_table_view(a))
    out.print()
    if a.par is not None:
        _par_view(c, a.par, out)
        if not a.exact:
            out.print(
                "[dim]The nullo row is bounds, and par is the same for every row within them.[/dim]"
            )
    elif a.par_range is not None:
        out.print(_open_par_view(a))
    elif a.whist is not None:
        w = a.whist
        out.print(
            f"Trump {w.trump.symbol}, {w.leader.name.title()} leads: "
            f"N-S {w.tricks_ns} tricks, E-W {13 - w.tricks_ns} {c.cite('trick_score')}"
        )


def _analyse_live(
    c: Code, d: Deal, suit: Suit | None, time_limit: float | None, out: Console
) -> Analysis:
    """``analyse`` with its nullo bounds shown live on the terminal as they
    tighten; the display goes when the analysis is done."""
    from rich.live import Live

    start = time.monotonic()
    shown: list[Analysis] = []

    class _View:
        def __rich__(self) -> Group:
            took = time.monotonic() - start
            status = Text(f"solving the nullo row … {took:.1f} s", style="dim")
            if time_limit is not None:
                status.append(f" (limit {time_limit:g} s)", style="dim")
            if not shown:
                return Group(status)
            return Group(_table_view(shown[-1], solving=True), _open_par_view(shown[-1]), status)

    with Live(_View(), console=out, transient=True, refresh_per_second=8) as display:

        def tightened(a: Analysis) -> None:
            shown.append(a)
            # drawn here too: DDS (the other strains) holds the interpreter's
            # lock, and the display's own thread then waits
            display.refresh()

        return analyse(c, d, suit, budget=time_limit, on_bounds=tightened)


def review_command(
    log: Annotated[
        Path,
        typer.Argument(
            help="A deal's event log (JSON), e.g. downloaded from the web app's table page."
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            help="Seconds for a nullo's review: the cards are scored last first, "
            "and those the time does not reach are shown as not scored.",
        ),
    ] = None,
) -> None:
    """A played deal against double dummy: what each card cost its side.

    For every card played, every card the player could have played there
    is scored double dummy; a card's cost is the tricks it gave up
    against the best of them (at nullo, the tricks it took on). At nullo
    a card of the early tricks can take the solver minutes: --time-limit
    scores the play from its end and stops when the time is spent. See
    docs/analysis.md.

    [bold]Examples[/bold]

      whist play --code daw --seed 1 --log deal.json

      whist review deal.json

      whist review deal.json --json

      whist review nullo.json --time-limit 20
    """
    from ..analysis.review import play_strain, review_play
    from ..formats.jsonlog import loads
    from ..table import Table

    if time_limit is not None and time_limit < 0:
        fail(f"--time-limit {time_limit}: give a number of seconds, 0 or more")
    try:
        text = log.read_text(encoding="utf-8")
    except OSError as e:
        fail(f"{log}: {e.strerror or e}")
    try:
        table = Table.from_events(loads(text))
        strain = play_strain(table)
    except WhistError as e:
        fail(f"{log}: {e}")
    assert table.play is not None
    played = table.play.played
    # at nullo the core scores a card of the early tricks in seconds to minutes
    what = "scoring the cards"
    if strain == "NL":
        limited = f" (nullo, the last first: {time_limit:g} s)"
        what += " (nullo: minutes)" if time_limit is None else limited
    with on_terminal(what, played) as advance:
        reviews = review_play(table, advance, limit=time_limit)
    out = new_console()
    if as_json:
        won = table.tricks_won()
        doc = {
            "code": table.code.key,
            "deal": table.deal.to_pbn(),
            "strain": strain,
            "declarer": table.declarer.char if table.declarer is not None else None,
            "tricks": {"ns": won[0], "ew": won[1]},
            "cards": [r.to_json() for r in reviews],
        }
        out.print_json(json.dumps(doc))
        return
    c = table.code
    out.print(Text(c.title, style="bold"))
    head = f"Deal {table.deal.number} · {DENOMINATIONS[strain].symbol}"
    if table.contract is not None and table.declarer is not None:
        head += f" · {table.contract} by {table.declarer.name.title()}"
    out.print(head)
    out.print(_review_view(reviews))
    unscored = sum(not r.solved for r in reviews)
    if unscored:
        out.print(
            f"The first {unscored} card{'' if unscored == 1 else 's'} not scored: "
            f"the time limit came first (at nullo an early trick can take minutes)",
            style="yellow",
        )
    for side, name in ((0, "North-South"), (1, "East-West")):
        costs = [r.cost for r in reviews if r.seat.side == side and r.cost]
        lost = sum(costs)
        out.print(
            f"{name}: {lost} trick{'' if lost == 1 else 's'} given up "
            f"double dummy, in {len(costs)} card{'' if len(costs) == 1 else 's'}"
            + (" of those scored" if unscored else "")
        )


def study_command(
    name: Annotated[str, typer.Argument(help="The study: hawley, par-frequency, or all.")],
    deals: Annotated[int, typer.Option(help="How many random deals.")] = 1000,
    seed: Annotated[
        int, typer.Option(help="Seed of the deals; the same seed, the same deals and figures.")
    ] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Folder for report.md, summary.json and the plots.")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            help="A Dask scheduler's address (tcp://host:8786); needs the extra "
            "`study`. Default: processes on this machine."
        ),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Local processes (default: one per core).")
    ] = None,
    codes: Annotated[
        str | None,
        typer.Option(
            help="Only these codes, comma-separated (e.g. daw,auction,royals: "
            "no nullo to solve). Default: every code the studies have."
        ),
    ] = None,
    log: Annotated[
        Path | None,
        typer.Option(
            help="The deals' tables, appended as each is solved (JSON lines); "
            "a rerun reads them back instead of solving again. "
            "Default: records.jsonl in the --out folder."
        ),
    ] = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Start the log afresh: solve every deal again.")
    ] = False,
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Solve every deal's nullo row exactly, not only as far as the "
            "figures need (about seven times the solving at Hawley's study).",
        ),
    ] = False,
) -> None:
    """Run a study over many deals in parallel and write a report
    (Markdown + PNG plots).

    [bold]Studies[/bold]

      hawley         Hawley's claims for Royalton against the old and new counts
      par-frequency  how often each declaration is the par contract under each code
      all            both, on the same deals

    Every deal's table is logged as soon as it is solved (by default in
    records.jsonl of the --out folder): the same command run again, or
    with more --deals, goes on where the last one stopped, so a run of
    days can be made a piece at a time and survives a crash.

    Nullo, which only our own solver plays and slowly, is solved only as
    far as the study's figures need: a deal whose par cannot change
    whether a side is forced to take eight tricks at nullo or eleven
    gets bounds, not the exact figure (--exact for the whole row).

    [bold]Examples[/bold]

      whist study hawley --deals 1000 --seed 1 --out hawley

      whist study all --deals 10000 --out studies

      whist study par-frequency --scheduler tcp://10.0.0.5:8786

      whist study par-frequency --codes daw,auction,royals --deals 10000
    """
    from ..analysis.studies import all_studies, find_study, on_codes, run_studies
    from ..codes import find_code

    try:
        chosen = all_studies() if name.strip().lower() == "all" else [find_study(name)]
    except WhistError as e:
        fail(f"study {name!r}: {e}; or all")
    if codes is not None:
        wanted = [c.strip().lower() for c in codes.split(",") if c.strip()]
        try:
            for c in wanted:
                find_code(c)
            chosen = [on_codes(s, wanted) for s in chosen]
        except WhistError as e:
            fail(f"--codes {codes}: {e}")
    if deals < 1:
        fail(f"--deals {deals}: at least one deal")
    if workers is not None and workers < 1:
        fail(f"--workers {workers}: at least one process")
    folder = out if out is not None else Path(f"study-{name.strip().lower()}")
    log_path = log if log is not None else folder / "records.jsonl"
    try:
        log_path.parent.mkdir(parents=True, exist_ok=True)
        if fresh:
            log_path.unlink(missing_ok=True)
    except OSError as e:
        fail(f"--log {log_path}: {e.strerror or e}")
    err = Console(stderr=True)
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=False) as bar:
        task = bar.add_task("deals", total=deals)
        try:
            path, _, seconds = run_studies(
                chosen,
                deals,
                seed,
                folder,
                scheduler=scheduler,
                workers=workers,
                progress=lambda n: bar.advance(task, n),
                log=log_path,
                exact=exact,
                meta={
                    "command": f"whist study {name} --deals {deals} --seed {seed}"
                    + (f" --codes {codes}" if codes else "")
                    + (" --exact" if exact else ""),
                    "where": scheduler or _processes(workers or os.cpu_count() or 1),
                },
            )
        except WhistError as e:
            fail(str(e))
        except KeyboardInterrupt:
            bar.stop()
            err.print(
                f"stopped: the deals solved are in {log_path}; the same command goes on from there"
            )
            raise typer.Exit(130) from None
    console = new_console()
    plural = "deal" if deals == 1 else "deals"
    console.print(f"{deals} {plural} in {seconds:.1f} s; report: {path}; log: {log_path}")
