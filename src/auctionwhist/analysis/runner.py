"""Analyse many deals in parallel: processes on this machine by default, or a
Dask cluster (``scheduler="tcp://host:8786"``, the optional extra ``study``).

Deal ``i`` of a run is a function of ``(seed, i)`` alone, so a run is the
same whichever way it is split into chunks, and on whatever workers.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ..cards import Deal, Seat
from ..dealing import random_deal
from .analyse import dd_table
from .par import par

__all__ = ["DealRecord", "RunnerError", "chunks", "run", "study_deal"]

CHUNK = 25  # deals a task: big enough to amortise the transfer, small for the progress bar


class RunnerError(ValueError):
    """A run that cannot start: bad sizes, or no Dask where one is asked for."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What a study reads of one deal: its double-dummy table and its par under
    each code asked, as ``Par.to_json()``."""

    index: int
    pbn: str
    table: dict[str, tuple[int, int, int, int]]
    pars: dict[str, dict[str, Any]]


def study_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` (from 0) of a study seeded ``seed``: a uniformly random
    deal; the deal passes to the left (the dealer is deal ``index`` mod 4)."""
    rng = random.Random(f"auction-whist study {seed} {index}")
    return random_deal(rng, dealer=Seat(index % 4), number=index + 1)


def analyse_chunk(
    seed: int, start: int, stop: int, codes: Sequence[str], strains: Sequence[str]
) -> list[DealRecord]:
    """The records of deals ``start`` to ``stop - 1`` (a worker's task)."""
    out = []
    for i in range(start, stop):
        deal = study_deal(seed, i)
        table = dd_table(deal, tuple(strains))
        pars = {code: par(code, deal, table).to_json() for code in codes}
        out.append(DealRecord(i, deal.to_pbn(), table, pars))
    return out


def chunks(deals: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(a, min(a + size, deals)) for a in range(0, deals, size)]


def _local(
    tasks: list[tuple[int, int]],
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    workers: int,
) -> Iterator[list[DealRecord]]:
    if workers <= 1:
        for a, b in tasks:
            yield analyse_chunk(seed, a, b, codes, strains)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(analyse_chunk, seed, a, b, codes, strains) for a, b in tasks]
        for f in as_completed(futures):
            yield f.result()


def _dask(
    tasks: list[tuple[int, int]],
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    scheduler: Any,
) -> Iterator[list[DealRecord]]:
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
            submit(analyse_chunk, seed, a, b, list(codes), list(strains), pure=False)
            for a, b in tasks
        ]
        for f in distributed.as_completed(futures):
            yield f.result()
    finally:
        if client is not None:
            client.close()


def run(
    deals: int,
    seed: int,
    codes: Sequence[str],
    strains: Sequence[str],
    *,
    scheduler: Any = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> list[DealRecord]:
    """Analyse ``deals`` deals of ``seed``; the records in deal order.

    ``progress(n)`` is called as each chunk of ``n`` deals is done.
    """
    if deals < 1:
        raise RunnerError(f"a study needs at least one deal, not {deals}")
    tasks = chunks(deals, chunk)
    if scheduler is not None:
        source = _dask(tasks, seed, codes, strains, scheduler)
    else:
        n = workers if workers is not None else (os.cpu_count() or 1)
        source = _local(tasks, seed, codes, strains, min(n, len(tasks)))
    records: list[DealRecord] = []
    for part in source:
        records.extend(part)
        if progress is not None:
            progress(len(part))
    records.sort(key=lambda r: r.index)
    return records
