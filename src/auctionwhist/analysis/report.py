"""A study's report: Markdown with its figures, PNG plots (matplotlib's Agg
backend, no display needed) and the summary as JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["bar_chart", "markdown_table", "pct", "write_report"]


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "|".join("---" for _ in header) + "|",
    ]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def bar_chart(
    path: Path,
    categories: Sequence[str],
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    ylabel: str,
    reference: tuple[float, str] | None = None,
    percent: bool = True,
) -> Path:
    """Grouped bars: one group per category, one bar per series."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    k = max(len(series), 1)
    width = 0.8 / k
    for j, (label, values) in enumerate(series.items()):
        xs = [i + (j - (k - 1) / 2) * width for i in range(len(categories))]
        ys = [100 * v for v in values] if percent else list(values)
        ax.bar(xs, ys, width, label=label)
    if reference is not None:
        y, label = reference
        ax.axhline(100 * y if percent else y, color="black", linestyle="--", linewidth=1)
        ax.annotate(
            label,
            (len(categories) - 0.5, 100 * y if percent else y),
            ha="right",
            va="bottom",
            fontsize=8,
        )
    ax.set_xticks(range(len(categories)))
    ax.set_xticklabels(categories)
    ax.set_ylabel(ylabel + (" (%)" if percent else ""))
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def write_report(
    out: Path,
    title: str,
    meta: Mapping[str, Any],
    sections: Sequence[str],
    summary: Mapping[str, Any],
) -> Path:
    """``out/report.md`` (the sections after a header of how the run was made)
    and ``out/summary.json``; returns the Markdown's path."""
    out.mkdir(parents=True, exist_ok=True)
    head = [f"# {title}", ""]
    head += [f"- **{k}**: {v}" for k, v in meta.items()]
    text = "\n".join(head) + "\n\n" + "\n\n".join(sections) + "\n"
    path = out / "report.md"
    path.write_text(text, encoding="utf-8")
    (out / "summary.json").write_text(
        json.dumps({"meta": dict(meta), "summary": summary}, indent=2, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    return path
