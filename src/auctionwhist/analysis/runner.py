"""Analyse many deals in parallel: processes on this machine by default, or a
Dask cluster (``scheduler="tcp://host:8786"``, the optional extra ``study``).

Deal ``i`` of a run is a function of ``(seed, i)`` alone, so a run is the
same whichever way it is split into chunks, and on whatever workers.

With a ``log`` every deal's double-dummy table is appended to a JSON-lines
file as soon as its chunk is done, and a rerun reads the logged tables back
instead of solving those deals again: a run of days at nullo survives a
crash, and can be made a piece at a time (par is found again from the
tables, which takes milliseconds).

A study that says what a deal contributes to its figures (``figures``) has
nullo solved only as far as those need (``analysis.settle``): its records
and log then hold bounds on the nullo row where the figures did not need
the exact tricks.
"""

from __future__ import annotations

import importlib
import os
import random
import time
from collections.abc import Callable, Collection, Generator, Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Deal, Seat
from ..dealing import random_deal
from ..errors import WhistError
from ..runlog import append_row, open_log, read_rows
from ..solver import solver_threads
from ..solver.par import par
from .analyse import dd_table
from .settle import Bounds, representative, settle

__all__ = [
    "DealRecord",
    "Figures",
    "RunnerError",
    "chunk_size",
    "chunks",
    "logged_tables",
    "run",
    "study_deal",
]

Table = dict[str, tuple[int, int, int, int]]  # strain -> tricks with N, E, S, W declaring
Figures = Callable[[Deal, Table], Hashable]
"""What a deal contributes to a study's figures, from its table (a module-level
function: it travels to the worker processes)."""

CHUNK = 25  # deals a task: big enough to amortise the transfer, small for the progress bar


class RunnerError(WhistError):
    """A run that cannot start: bad sizes, or no Dask where one is asked for."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What a study reads of one deal: its double-dummy table and its par under
    each code asked, as ``Par.to_json()``."""

    index: int
    pbn: str
    table: Table
    pars: dict[str, dict[str, Any]]
    # solving time of the deal's table (one process), and whether this run
    # read the table back from its log instead of solving it
    seconds: float = field(default=0.0, compare=False)
    logged: bool = field(default=False, compare=False)
    # Nullo settled only as far as the study's figures need: bounds on the
    # nullo row, and table["NL"] a row within them that gives the same
    # figures as every other (analysis.settle). None: the row is exact.
    bounds: Bounds | None = None


def study_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` (from 0) of a study seeded ``seed``: a uniformly random
    deal; the deal passes to the left (the dealer is deal ``index`` mod 4)."""
    rng = random.Random(f"auction-whist study {seed} {index}")
    return random_deal(rng, dealer=Seat(index % 4), number=index + 1)


def _record(
    seed: int,
    i: int,
    table: Table,
    codes: Sequence[str],
    seconds: float = 0.0,
    logged: bool = False,
    bounds: Bounds | None = None,
) -> DealRecord:
    deal = study_deal(seed, i)
    pars = {code: par(code, deal, table).to_json() for code in codes}
    return DealRecord(i, deal.to_pbn(), table, pars, seconds, logged, bounds)


def settled_table(
    deal: Deal, strains: Sequence[str], figures: tuple[Figures, ...]
) -> tuple[Table, Bounds | None]:
    """The deal's table, and the bounds on its nullo row when ``figures``
    (those of each study run) let nullo be settled rather than solved
    (``analysis.settle``); with none, every row is exact."""
    if not figures or "NL" not in strains:
        return dd_table(deal, tuple(strains)), None
    table = dd_table(deal, tuple(s for s in strains if s != "NL"))
    bounds = settle(deal, lambda row: tuple(f(deal, {**table, "NL": row}) for f in figures))
    table["NL"] = representative(bounds)
    if all(lo == hi for lo, hi in bounds):
        return table, None
    return table, bounds


def analyse_chunk(
    seed: int,
    start: int,
    stop: int,
    codes: Sequence[str],
    strains: Sequence[str],
    figures: tuple[Figures, ...] = (),
) -> list[DealRecord]:
    """The records of deals ``start`` to ``stop - 1`` (a worker's task)."""
    out = []
    for i in range(start, stop):
        begun = time.perf_counter()
        table, bounds = settled_table(study_deal(seed, i), strains, figures)
        out.append(_record(seed, i, table, codes, time.perf_counter() - begun, bounds=bounds))
    return out


def chunks(deals: int, size: int = CHUNK, skip: Collection[int] = ()) -> list[tuple[int, int]]:
    """Deals ``0 .. deals-1`` but those in ``skip``, as runs ``(start, stop)``
    of at most ``size`` deals."""
    out: list[tuple[int, int]] = []
    start = None
    for i in range(deals + 1):
        todo = i < deals and i not in skip
        if start is not None and (not todo or i - start == size):
            out.append((start, i))
            start = None
        if todo and start is None:
            start = i
    return out


def chunk_size(strains: Sequence[str]) -> int:
    """Deals a task: one when nullo is solved (seconds to minutes a deal, so
    a crash or the progress bar should not wait on 25 of them), else CHUNK."""
    return 1 if "NL" in strains else CHUNK


def figures_name(figures: tuple[Figures, ...]) -> str | None:
    """The name a log gives the figures a row's nullo bounds were settled for."""
    return " ".join(f"{f.__module__}.{f.__qualname__}" for f in figures) or None


Logged = tuple[Table, float, Bounds | None]


def _logged_row(tricks: Any) -> tuple[tuple[int, int, int, int], Bounds | None]:
    """A logged row: four ints (exact), or bounds where some are [lo, hi] pairs."""
    if not isinstance(tricks, list) or len(tricks) != 4:
        raise ValueError("a row has four seats")
    pairs: list[tuple[int, int]] = []
    for t in tricks:
        lo, hi = (t, t) if isinstance(t, int) else (int(t[0]), int(t[1]))
        if not 0 <= lo <= hi <= 13 or (isinstance(t, list) and len(t) != 2):
            raise ValueError("tricks are 0-13, bounds [lo, hi] pairs within them")
        pairs.append((lo, hi))
    bounds = tuple(pairs)
    return representative(bounds), None if all(a == b for a, b in bounds) else bounds


def logged_tables(
    log: Path, seed: int, strains: Sequence[str], figures: tuple[Figures, ...] = ()
) -> dict[int, Logged]:
    """The tables of the deals of ``seed`` in ``log`` that hold every one of
    ``strains`` (only those strains), with their solving seconds and nullo
    bounds; rows of other seeds, and lines cut short, are passed over. A
    nullo row logged as bounds counts only if it was settled for these
    ``figures`` (another study may need more of it)."""
    done: dict[int, Logged] = {}
    wanted = figures_name(figures)
    for row in read_rows(log):
        try:
            if row["seed"] != seed:
                continue
            i = int(row["deal"])
            table, seconds, bounds = done.get(i, ({}, 0.0, None))
            for strain, tricks in row["table"].items():
                values, b = _logged_row(tricks)
                if b is not None and (
                    strain != "NL" or wanted is None or row.get("settled") != wanted
                ):
                    continue
                table[strain] = values
                if strain == "NL":
                    bounds = b
            done[i] = (table, seconds + float(row.get("seconds", 0.0)), bounds)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            continue
    return {
        i: ({st: t[st] for st in strains}, sec, b if "NL" in strains else None)
        for i, (t, sec, b) in done.items()
        if all(st in t for st in strains)
    }


def _local(
    tasks: list[tuple[int, int]],
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    workers: int,
    figures: tuple[Figures, ...],
) -> Generator[list[DealRecord], None, None]:
    if workers <= 1:
        for a, b in tasks:
            yield analyse_chunk(seed, a, b, codes, strains, figures)
        return
    # A job per core: each solves on one thread (solver_threads).
    pool = ProcessPoolExecutor(max_workers=workers, initializer=solver_threads, initargs=(1,))
    try:
        futures = [
            pool.submit(analyse_chunk, seed, a, b, codes, strains, figures) for a, b in tasks
        ]
        for f in as_completed(futures):
            yield f.result()
    finally:
        # Ctrl-C or an error: the tasks not yet begun are dropped. Left
        # queued, a plain shutdown would solve them all (minutes to hours of
        # nullo) only to throw them away.
        pool.shutdown(wait=True, cancel_futures=True)


def _dask(
    tasks: list[tuple[int, int]],
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    scheduler: Any,
    figures: tuple[Figures, ...],
) -> Generator[list[DealRecord], None, None]:
    try:
        # Imported lazily, and as Any: the extra is optional and untyped.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise RunnerError(
            "a Dask scheduler needs the optional extra: pip install 'auction-whist[study]'"
        ) from None
    # A scheduler address, or a Client or cluster object already made (tests).
    client = distributed.Client(scheduler) if isinstance(scheduler, str) else None
    try:
        submit = (client or scheduler).submit
        futures = [
            submit(analyse_chunk, seed, a, b, list(codes), list(strains), figures, pure=False)
            for a, b in tasks
        ]
        for f in distributed.as_completed(futures):
            yield f.result()
    finally:
        if client is not None:
            client.close()


def _log_row(seed: int, r: DealRecord, figures: tuple[Figures, ...]) -> dict[str, Any]:
    table: dict[str, Any] = dict(r.table)
    row: dict[str, Any] = {"seed": seed, "deal": r.index, "table": table}
    if r.bounds is not None:
        # the row as bounds, and what they were settled for
        table["NL"] = [list(b) for b in r.bounds]
        row["settled"] = figures_name(figures)
    row["seconds"] = round(r.seconds, 3)
    return row


def run(
    deals: int,
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    *,
    scheduler: Any = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
    log: Path | None = None,
    figures: tuple[Figures, ...] = (),
) -> list[DealRecord]:
    """Analyse ``deals`` deals of ``seed``; the records in deal order.

    ``progress(n)`` is called as each chunk of ``n`` deals is done (and once
    for the deals read back from ``log``). ``chunk``: deals a task, by
    default ``chunk_size(strains)``. ``figures``: settle nullo only as far
    as these need (module doc).
    """
    if deals < 1:
        raise RunnerError(f"a study needs at least one deal, not {deals}")
    done = logged_tables(log, seed, strains, figures) if log is not None else {}
    records = [
        _record(seed, i, t, codes, sec, logged=True, bounds=b)
        for i, (t, sec, b) in done.items()
        if i < deals
    ]
    if records and progress is not None:
        progress(len(records))
    tasks = chunks(deals, chunk or chunk_size(strains), skip=done)
    if tasks:
        if scheduler is not None:
            source = _dask(tasks, seed, codes, strains, scheduler, figures)
        else:
            n = workers if workers is not None else (os.cpu_count() or 1)
            source = _local(tasks, seed, codes, strains, min(n, len(tasks)), figures)
        out = open_log(log) if log is not None else None
        try:
            for part in source:
                records.extend(part)
                if out is not None:
                    for r in part:
                        append_row(out, _log_row(seed, r, figures))
                if progress is not None:
                    progress(len(part))
        finally:
            # the workers stop here too when the loop ends early (Ctrl-C)
            source.close()
            if out is not None:
                out.close()
    records.sort(key=lambda r: r.index)
    return records
