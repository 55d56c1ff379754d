"""How often each declaration is the par contract under each code.

Every auction code: Duplicate Auction Whist, Auction Bridge under the old
count, Hopson's new count, Royalton. Duplicate Whist has no auction (its
trump is turned), so no par declaration, and is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...codes import find_code
from ..report import bar_chart, markdown_table, pct
from ..runner import DealRecord
from . import Study, par_weights

CODES = ("daw", "auction", "royals", "royalton")
DENOMINATIONS = ("S", "C", "D", "H", "RS", "NT", "NL")
NAMES = {
    "S": "spades",
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "RS": "royal spades",
    "NT": "no-trump",
    "NL": "nullo",
}


def summarise(records: Sequence[DealRecord]) -> dict[str, Any]:
    n = len(records)
    out: dict[str, Any] = {"deals": n, "codes": {}}
    # The codes the records were made with (a run may leave some out).
    for code in (c for c in CODES if records and c in records[0].pars):
        shares = dict.fromkeys(find_code(code).trick_values, 0.0)
        royal = sacrifice = passed = 0.0
        by_side = [0.0, 0.0]
        abs_score = 0
        for r in records:
            p = r.pars[code]
            abs_score += abs(p["score"]["ns"])
            weights = par_weights(p)
            if not weights:
                passed += 1
            for c, w in weights:
                shares[c["denomination"]] += w
                royal += w * c["royal"]
                sacrifice += w * (not c["made"])
                by_side[c["declarer"] in "EW"] += w
        out["codes"][code] = {
            "denominations": {d: v / n for d, v in shares.items()},
            "royal": royal / n,
            "sacrifice": sacrifice / n,
            "passed_out": passed / n,
            "north_south": by_side[0] / n,
            "east_west": by_side[1] / n,
            "mean_abs_par": abs_score / n,
        }
    return out


def report(summary: dict[str, Any], out: Path) -> str:
    codes = summary["codes"]
    keys = [c for c in CODES if c in codes]
    rows: list[list[str]] = []
    for d in DENOMINATIONS:
        row = [NAMES[d]]
        for code in keys:
            shares = codes[code]["denominations"]
            row.append(pct(shares[d]) if d in shares else "—")
        rows.append(row)
    royal = [pct(codes[c]["royal"]) if find_code(c).royal_bids else "—" for c in keys]
    passed = [pct(codes[c]["passed_out"]) if find_code(c).dealer_may_pass else "—" for c in keys]
    rows.append(["*of which royal bids*", *royal])
    rows.append(["*of which doubled sacrifices*", *(pct(codes[c]["sacrifice"]) for c in keys)])
    rows.append(["nobody bids", *passed])
    rows.append(["mean size of par (points)", *(f"{codes[c]['mean_abs_par']:.0f}" for c in keys)])
    table = markdown_table(["par declaration", *keys], rows)
    present = [d for d in DENOMINATIONS if any(d in codes[c]["denominations"] for c in keys)]
    bar_chart(
        out / "par_frequency.png",
        [NAMES[d] for d in present],
        {c: [codes[c]["denominations"].get(d, 0.0) for d in present] for c in keys},
        title="How often each declaration is the par contract",
        ylabel="deals",
    )
    return "\n".join(
        [
            "## How often each declaration is the par contract",
            "",
            f"{summary['deals']} random deals; par under each code (docs/analysis.md). "
            "Each deal counts once, split equally between its par declarations. "
            "Duplicate Whist has no auction and is left out.",
            "",
            table,
            "",
            "![par declarations by code](par_frequency.png)",
        ]
    )


STUDY = Study(
    name="par-frequency",
    title="Par declarations under each code",
    codes=CODES,
    strains=("C", "D", "H", "S", "NT", "NL"),
    summarise=summarise,
    report=report,
)
