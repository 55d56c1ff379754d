"""Studies over many deals, registered by name: ``find_study("hawley")``.

A study names the codes and strains its deals need, summarises the deals'
records into plain figures (JSON-ready), and writes its Markdown section and
plots from the summary.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...errors import WhistError
from ..runner import DealRecord, Figures

__all__ = [
    "STUDIES",
    "Study",
    "StudyCodesError",
    "UnknownStudyError",
    "all_studies",
    "find_study",
    "on_codes",
    "par_weights",
    "run_studies",
]


class UnknownStudyError(WhistError):
    pass


@dataclass(frozen=True)
class Study:
    name: str
    title: str
    codes: tuple[str, ...]
    strains: tuple[str, ...]
    summarise: Callable[[Sequence[DealRecord]], dict[str, Any]]
    report: Callable[[dict[str, Any], Path], str]  # Markdown; plots written to the folder
    # True: its figures compare its codes with one another, so it runs on all
    # of them or not at all (Hawley's Royalton against the old and new counts).
    all_codes: bool = False
    # What a deal contributes to the figures, from its table: given, nullo is
    # solved only as far as the figures need (analysis.settle); it must
    # depend on the nullo row only through each side's better declarer.
    figures: Figures | None = None


class StudyCodesError(WhistError):
    pass


def on_codes(study: Study, codes: Sequence[str]) -> Study:
    """``study`` on those of its codes that are in ``codes`` (``whist study
    --codes``), deals solved only in the strains those codes declare: a study
    of daw, auction and royals solves no nullo."""
    from ...codes import find_code

    keep = tuple(c for c in study.codes if c in codes)
    if not keep:
        raise StudyCodesError(
            f"study {study.name} is of {', '.join(study.codes)}: none of them was given"
        )
    if study.all_codes and keep != study.codes:
        raise StudyCodesError(
            f"study {study.name} compares {', '.join(study.codes)} with one another: "
            "it needs all of them"
        )
    declared = {d for c in keep for d in find_code(c).trick_values}
    strains = tuple(t for t in study.strains if t in declared)
    return replace(study, codes=keep, strains=strains)


def par_weights(p: dict[str, Any]) -> list[tuple[dict[str, Any], float]]:
    """The par contracts of one deal (``Par.to_json()``), each weighted so that
    the deal counts once: equally between its par denominations, then equally
    between the contracts of a denomination."""
    contracts: list[dict[str, Any]] = p["contracts"]
    denoms: dict[str, list[dict[str, Any]]] = {}
    for c in contracts:
        denoms.setdefault(c["denomination"], []).append(c)
    out: list[tuple[dict[str, Any], float]] = []
    for group in denoms.values():
        w = 1 / (len(denoms) * len(group))
        out.extend((c, w) for c in group)
    return out


STUDIES: dict[str, Study] = {}


def _register() -> None:
    from . import hawley, par_frequency

    for module in (hawley, par_frequency):
        STUDIES[module.STUDY.name] = module.STUDY


def find_study(name: str) -> Study:
    if not STUDIES:
        _register()
    try:
        return STUDIES[name.strip().lower()]
    except KeyError:
        raise UnknownStudyError(
            f"unknown study {name!r}; the studies are: {', '.join(STUDIES)}"
        ) from None


def all_studies() -> list[Study]:
    if not STUDIES:
        _register()
    return list(STUDIES.values())


def run_studies(
    studies: Sequence[Study],
    deals: int,
    seed: int,
    out: Path,
    *,
    scheduler: Any = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    meta: dict[str, Any] | None = None,
    log: Path | None = None,
    exact: bool = False,
) -> tuple[Path, dict[str, dict[str, Any]], float]:
    """Run ``studies`` on the same ``deals`` deals of ``seed`` and write one
    report to ``out``; returns its path, each study's summary, and the seconds.
    With a ``log`` (``runner.run``) the deals logged by earlier runs are read
    back, not solved again. Nullo is solved only as far as the studies'
    figures need, unless ``exact`` or a study solving it gives none."""
    import time

    from ..report import write_report
    from ..runner import run

    codes = tuple(dict.fromkeys(c for s in studies for c in s.codes))
    strains = tuple(dict.fromkeys(t for s in studies for t in s.strains))
    with_nullo = [s for s in studies if "NL" in s.strains]
    figures = (
        ()
        if exact or any(s.figures is None for s in with_nullo)
        else tuple(s.figures for s in with_nullo if s.figures is not None)
    )
    start = time.perf_counter()
    records = run(
        deals,
        seed,
        codes,
        strains,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        log=log,
        figures=figures,
    )
    seconds = time.perf_counter() - start
    resumed = sum(r.logged for r in records)
    out.mkdir(parents=True, exist_ok=True)
    summaries = {s.name: s.summarise(records) for s in studies}
    sections = [s.report(summaries[s.name], out) for s in studies]
    info = {
        "studies": ", ".join(s.name for s in studies),
        "deals": deals,
        "seed": seed,
        "wall time": f"{seconds:.1f} s"
        + (
            f" (this run; {resumed} deal{'s' if resumed > 1 else ''} read back from its log)"
            if resumed
            else ""
        ),
        "solving time, summed over the deals": f"{sum(r.seconds for r in records):.1f} s",
        **(
            {
                "nullo": f"exact in {sum(r.bounds is None for r in records)} of "
                f"{len(records)} deals; in the others bounded, as far as the "
                "figures need (docs/analysis.md)"
            }
            if figures
            else {}
        ),
        **(meta or {}),
    }
    title = studies[0].title if len(studies) == 1 else "Studies of par over many deals"
    path = write_report(out, title, info, sections, summaries)
    return path, summaries, seconds
