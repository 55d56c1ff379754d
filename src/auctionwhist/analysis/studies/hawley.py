"""Hawley's claims for Royalton (seed 004), double dummy, against the old
count (``auction``) and Hopson's new count (``royals``).

The author's claims, from his 72 test hands and two years of play:

- "With a test of seventy-two hands [no-trump] was but once the final
  declaration" (chapter I; again: "not more than one hand in seventy-two").
- "In the average hand the best possible declaration in the four hands ...
  will produce more than an average of three tricks odd per hand" (summary,
  17), and "each and every set of four hands contains a declaration from
  which four tricks or more odd can be made" (The Game).
- "The nullo ... finds frequent play as the final declaration, while the
  no-trump rarely, if ever" (The Nullo).
- "In seventy-two test hands fifteen scored over tricks, eleven failed to
  fulfill the contract, and forty-six fulfilled the contract as declared,
  and no more" (chapter I).

Double dummy the final declaration is the par contract (``solver.par``);
"the best declaration" is read both as the par contract and as the
declaration with the most odd tricks in the four hands.

Nullo is solved only as far as these figures need (``figures``,
``analysis.settle``): seven times less solving a deal on the mean than the
exact row, twelve on the median (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...cards import Deal
from ...solver.par import par
from ..report import bar_chart, markdown_table, pct
from ..runner import DealRecord
from . import Study, par_weights

CODES = ("royalton", "auction", "royals")
NAMES = {"royalton": "Royalton", "auction": "old count", "royals": "new count"}
SUITS_NT = ("C", "D", "H", "S", "NT")

AUTHOR_NT = 1 / 72
AUTHOR_OVER, AUTHOR_FAILED, AUTHOR_EXACT = 15 / 72, 11 / 72, 46 / 72


def most_odd_tricks(table: Mapping[str, Sequence[int]], nullo: bool) -> int:
    """The most odd tricks any declaration of either side makes double dummy:
    own tricks over six, at nullo the adversaries' (Royalton law 83)."""
    best = max(t - 6 for s in SUITS_NT for t in table[s])
    if nullo and "NL" in table:
        best = max(best, max(13 - t - 6 for t in table["NL"]))
    return best


def figures(deal: Deal, table: Mapping[str, Sequence[int]]) -> Hashable:
    """What a deal contributes to this study's figures (``runner.Figures``):
    its par under Royalton as ``summarise`` reads it (the declarations' shares,
    odd tricks, levels, made or not) and the most odd tricks with nullo. The
    old and new counts have no nullo, so they are left out. Par's declarer
    is not read, so the figures depend on the nullo row only through each
    side's better declarer, as ``analysis.settle`` needs.

    Its name is written in the study's log beside each row it settled, and a
    rerun takes those rows as settled: if what it reads ever changes, rename
    it, so that the logged rows are settled again."""
    shares: dict[tuple[str, int, int, bool], float] = {}
    for c, w in par_weights(par("royalton", deal, table).to_json()):
        key = (c["denomination"], c["level"], c["odd_tricks"], c["made"])
        shares[key] = shares.get(key, 0.0) + w
    return (
        tuple(sorted((k, round(w, 9)) for k, w in shares.items())),
        most_odd_tricks(table, nullo=True),
    )


def summarise(records: Sequence[DealRecord]) -> dict[str, Any]:
    n = len(records)
    out: dict[str, Any] = {"deals": n, "codes": {}}
    for code in CODES:
        nt = nt_any = nullo = passed = 0.0
        odd_sum = 0.0
        odd_deals = 0
        over = failed = exact = 0.0
        hist: dict[int, float] = {}
        for r in records:
            p = r.pars[code]
            weights = par_weights(p)
            if not weights:
                passed += 1
                continue
            if any(c["denomination"] == "NT" for c, _ in weights):
                nt_any += 1
            odd_deals += 1
            for c, w in weights:
                odd = c["odd_tricks"]
                odd_sum += w * odd
                hist[odd] = hist.get(odd, 0.0) + w
                if c["denomination"] == "NT":
                    nt += w
                if c["denomination"] == "NL":
                    nullo += w
                if not c["made"]:
                    failed += w
                elif odd > c["level"]:
                    over += w
                else:
                    exact += w
        out["codes"][code] = {
            "nt_share": nt / n,
            "nt_among_par": nt_any / n,
            "nullo_share": nullo / n,
            "passed_out": passed / n,
            "mean_par_odd_tricks": odd_sum / odd_deals if odd_deals else 0.0,
            "par_over": over / n,
            "par_failed": failed / n,
            "par_exact": exact / n,
            "par_odd_histogram": {str(k): v / n for k, v in sorted(hist.items())},
        }
    for label, nullo_too in (("with_nullo", True), ("suits_and_nt", False)):
        most = [most_odd_tricks(r.table, nullo_too) for r in records]
        out[label] = {
            "mean_most_odd_tricks": sum(most) / n,
            "four_or_more": sum(m >= 4 for m in most) / n,
            "three_or_more": sum(m >= 3 for m in most) / n,
        }
    return out


def report(summary: dict[str, Any], out: Path) -> str:
    codes = summary["codes"]
    w, s = summary["with_nullo"], summary["suits_and_nt"]

    def by_code(key: str, fmt: Callable[[float], str] = pct) -> list[str]:
        return [fmt(codes[c][key]) for c in CODES]

    def by_nullo(key: str, fmt: Callable[[float], str] = pct) -> list[str]:
        # Royalton has nullo; the old and new counts have only suits and no-trump.
        return [fmt(w[key]), fmt(s[key]), fmt(s[key])]

    def royalton_only(key: str) -> list[str]:
        return [pct(codes["royalton"][key]), "—", "—"]

    def odd(x: float) -> str:
        return f"{x:.2f}"

    rows = [
        [
            "No-trump the final declaration (ch. I)",
            f"once in 72 hands ({pct(AUTHOR_NT)})",
            *by_code("nt_share"),
        ],
        ["… no-trump among the par declarations at all", "", *by_code("nt_among_par")],
        [
            "Average odd tricks of the best declaration (summary 17)",
            "more than 3",
            *by_code("mean_par_odd_tricks", odd),
        ],
        [
            "… most odd tricks of any declaration in the four hands",
            "more than 3",
            *by_nullo("mean_most_odd_tricks", odd),
        ],
        [
            "Every deal has a declaration making four odd or more (The Game)",
            "every deal (100%)",
            *by_nullo("four_or_more"),
        ],
        ["Nullo the final declaration (The Nullo)", "frequent", *royalton_only("nullo_share")],
        [
            "Final declaration made with over tricks (ch. I)",
            f"15 of 72 ({pct(AUTHOR_OVER)})",
            *by_code("par_over"),
        ],
        [
            "… failed (double dummy: a sacrifice)",
            f"11 of 72 ({pct(AUTHOR_FAILED)})",
            *by_code("par_failed"),
        ],
        ["… made exactly", f"46 of 72 ({pct(AUTHOR_EXACT)})", *by_code("par_exact")],
        ['Deals nobody bids (dealer\'s "no bid", law 30)', "", *royalton_only("passed_out")],
    ]
    table = markdown_table(
        ["claim (Hawley, *Royalton*, 1915)", "author", "Royalton", "old count", "new count"], rows
    )
    bar_chart(
        out / "hawley_no_trump.png",
        [NAMES[c] for c in CODES],
        {"no-trump the par declaration": [codes[c]["nt_share"] for c in CODES]},
        title="How often no-trump is the par declaration",
        ylabel="deals",
        reference=(AUTHOR_NT, "Hawley: 1 in 72"),
    )
    ks = sorted({int(k) for c in CODES for k in codes[c]["par_odd_histogram"]})
    bar_chart(
        out / "hawley_odd_tricks.png",
        [str(k) for k in ks],
        {NAMES[c]: [codes[c]["par_odd_histogram"].get(str(k), 0.0) for k in ks] for c in CODES},
        title="Odd tricks of the par declaration (below 0: a sacrifice)",
        ylabel="deals",
    )
    return "\n".join(
        [
            "## Hawley's claims for Royalton, double dummy",
            "",
            f"{summary['deals']} random deals; par under each count (docs/analysis.md). "
            "The old count is `auction` (S 2, C 4, D 6, H 8, NT 12), the new count "
            "`royals` (S 2, C 6, D 7, H 8, RS 9, NT 10), both with honors; Royalton has "
            "10 a trick odd for every declaration, royal bids and nullo, no honors. "
            "Shares count each deal once, split equally between its par declarations.",
            "",
            table,
            "",
            "The author's figures come from 72 hands bid and played by people; these "
            "come from perfect bidding and play with every card seen, so over tricks "
            "and failures mean something else: a par contract is named at the lowest "
            "level that reaches par, and it fails only as a sacrifice.",
            "",
            "![no-trump as the par declaration](hawley_no_trump.png)",
            "",
            "![odd tricks of the par declaration](hawley_odd_tricks.png)",
        ]
    )


STUDY = Study(
    name="hawley",
    title="Hawley's claims for Royalton",
    codes=CODES,
    strains=("C", "D", "H", "S", "NT", "NL"),
    summarise=summarise,
    report=report,
    all_codes=True,
    figures=figures,
)
