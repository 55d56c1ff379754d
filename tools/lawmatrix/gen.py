"""Regenerate docs/laws/<code>.md from the law lists beside this script.

Run from anywhere: ``python tools/lawmatrix/gen.py``. It links every test named
``test_law_<n>[<letter>]_..._<code>`` to its law's row and reads which laws are
ruled on from the laws engine's offence tables. The .md files stay the source
of truth for titles, statuses and reasons edited by hand."""

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
D = Path(__file__).resolve().parent
CODES = ("daw", "auction", "royals", "royalton", "whist")


def collect_tests():
    out = {}
    for f in sorted((ROOT / "tests").glob("test_*.py")):
        try:
            tree = ast.parse(f.read_text())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
                "test_"
            ):
                out[f"tests/{f.name}::{node.name}"] = node.name
    return out


TESTS = collect_tests()
TOK = re.compile(r"^(\d+[A-Za-z]?|[IVX]+|[A-G])$")
KEYS = {"daw", "auction", "royals", "royalton", "whist"}


def auto_links():
    links = {}  # (code, key) -> [test ids]
    for tid, name in TESTS.items():
        m = re.match(r"test_laws?_(.*)$", name)
        if not m:
            continue
        toks = m.group(1).split("_")
        codes_in = [t for t in toks if t in KEYS]
        if toks[-2:] == ["whist", "club"]:
            codes = ["auction", "royals"]
            if len([t for t in toks[:-2] if t in KEYS]) > 0:
                continue
        elif len(codes_in) == 1 and toks[-1] in KEYS:
            codes = [toks[-1]] + (["royals"] if toks[-1] == "auction" else [])
        else:
            continue
        nums = []
        for t in toks:
            if TOK.match(t):
                nums.append(t)
            else:
                break
        keys = []
        if codes[0] == "whist":
            i = 0
            while i < len(nums):
                t = nums[i]
                if re.fullmatch(r"[A-G]", t):
                    keys.append(f"1894 {t}")
                elif re.fullmatch(r"[IVX]+", t):
                    if i + 1 < len(nums) and nums[i + 1].isdigit():
                        keys.append(f"{t} §{nums[i + 1]}")
                        i += 1
                    else:
                        keys.append(t)
                i += 1
        else:
            keys = [t for t in nums if t[0].isdigit()]
        for c in codes:
            for k in keys:
                links.setdefault((c, k), []).append(tid)
    return links


LINKS = auto_links()

EXPLICIT = {
    ("daw", "24"): ["tests/test_club.py::test_law_24_tables_formed_by_cutting_or_by_agreement_daw"],
    ("auction", "23"): ["tests/test_club.py::test_law_23_new_tables_auction_and_law_7_royalton"],
    ("royalton", "7"): ["tests/test_club.py::test_law_23_new_tables_auction_and_law_7_royalton"],
    ("auction", "24"): [
        "tests/test_club.py::test_law_24_helpers_stay_auction_and_law_8_only_if_needed_royalton"
    ],
    ("royalton", "8"): [
        "tests/test_club.py::test_law_24_helpers_stay_auction_and_law_8_only_if_needed_royalton"
    ],
    ("auction", "25"): [
        "tests/test_club.py::test_law_25_forfeit_re_entry_auction_and_law_9_royalton"
    ],
    ("royalton", "9"): [
        "tests/test_club.py::test_law_25_forfeit_re_entry_auction_and_law_9_royalton"
    ],
    ("auction", "26"): ["tests/test_club.py::test_law_26_substitute_auction_and_law_10_royalton"],
    ("royalton", "10"): ["tests/test_club.py::test_law_26_substitute_auction_and_law_10_royalton"],
    ("auction", "27"): [
        "tests/test_club.py::test_law_27_breaker_has_no_prior_right_auction_and_law_11_royalton"
    ],
    ("royalton", "11"): [
        "tests/test_club.py::test_law_27_breaker_has_no_prior_right_auction_and_law_11_royalton"
    ],
    ("royalton", "32"): ["tests/test_scoring.py::test_law_32_royal_undertricks_royalton"],
    ("whist", "1894 B"): [
        "tests/test_club.py::test_whist_applies_goodfellow_where_the_league_is_silent"
    ],
}


def norm_law(code, s):
    s = s.strip()
    if code == "whist":
        m = re.fullmatch(r"Law ([A-G]) \(1894\)", s)
        if m:
            return f"1894 {m.group(1)}"
        m = re.fullmatch(r"Law ([IVX]+ §\d+)", s)
        if m:
            return m.group(1)
        m = re.fullmatch(r"Definitions (\(\w\))", s)
        if m:
            return m.group(1)
        return s
    return s


def base(k):
    m = re.fullmatch(r"(\d+)[A-Za-z]?", k)
    return m.group(1) if m else k


def ruled_on(code):
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from auctionwhist.codes import find_code
        from auctionwhist.laws.offences import offences_for

        c = find_code(code)
        offs = offences_for(code)
    except Exception as e:  # the laws engine not importable
        print("warning:", code, e, file=sys.stderr)
        return set()
    out = set()
    for o in offs.values():
        for topic in (o.topic, *o.see, *(op.topic for op in o.options if op.topic)):
            law = c.laws.get(topic)
            if law:
                out.add(norm_law(code, law))
    return out


def rows_for(code):
    src = {"royals": "auction"}.get(code, code)
    rows = []
    for line in (D / f"{src}.txt").read_text().splitlines():
        if not line.strip():
            continue
        key, title, kind, tests = ([*line.split("|"), "", "", "", ""])[:4]
        rows.append((key, title, kind, tests.split()))
    return rows


def status_for(code, key, kind, tests, ruled):
    if kind == "E":
        return "enforced" if tests else "enforced — test pending"
    if kind == "D":
        return (
            "enforced (duplicate engine)" if tests else "enforced (duplicate engine) — test pending"
        )
    if kind == "R":
        if key in ruled or base(key) in {base(r) for r in ruled}:
            return "ruled on" if tests else "ruled on — test pending"
        return "pending — not yet in the laws engine's offence tables (issue 4)"
    if kind.startswith("P:"):
        return "physical table only — " + kind[2:]
    if kind.startswith("X:"):
        return kind[2:]
    raise ValueError(kind)


HEAD = {
    "daw": (
        "Duplicate Auction Whist — Goodfellow, 1912",
        "seed `000_1fa66d2b8919fdd3.txt`, laws 1–117 and the etiquette (20 rules)",
    ),
    "auction": (
        "Auction Bridge — the Whist Club of New York's laws, December 1911 (old count)",
        "seed `001_30a76ce03def70fc.txt`, laws 1–101 (38 and 39 repealed) "
        "and the etiquette (12 rules)",
    ),
    "royals": (
        "Auction Bridge with Hopson's new count (Royal Spades)",
        "seed `001_30a76ce03def70fc.txt`: the same Whist Club laws 1–101 as "
        '[auction.md](auction.md), scored with "The New Count" (spades 2, clubs 6, '
        "diamonds 7, hearts 8, royal spades 9, no-trump 10). Every row is repeated here "
        "so that this code's matrix is complete by itself; a test named for `auction` "
        "covers the law's text, which both codes share, and a test named for `royals` "
        "covers the new count",
    ),
    "royalton": (
        "Royalton — G. M. B. Hawley, 1915",
        "seed `004_da693f18a7064ce2.txt`, laws 1–102 and the etiquette (I–XV)",
    ),
    "whist": (
        "Duplicate Whist — American Whist League laws as amended to 1910, with the 1894 code",
        "seeds `002_b90458e60dfd54a6.txt` (definitions (a)–(i), laws I–XI by section, "
        "single-table duplicate) and `003_c0cf91bf4eab8ece.txt` (the 1894 laws A–G). "
        "The League's rules of etiquette are not printed in the seed "
        '("see page 85"), so there are no etiquette rows',
    ),
}

MANNERS = (
    "etiquette — a rule of manners; the laws attach no penalty, so the software "
    "neither enforces nor rules on it"
)
ETQ = {"daw": "daw_et.txt", "auction": "wc_et.txt", "royals": "wc_et.txt", "royalton": "roy_et.txt"}


def cell(s):
    return s.replace("|", "\\|")


def main():
    counts = {}
    for code in CODES:
        ruled = ruled_on(code)
        lines = []
        title, what = HEAD[code]
        lines += [
            f"# Laws coverage: {title} (`{code}`)",
            "",
            f"Every law and section of the code, one row each: {what}.",
            "",
            "Status: **enforced** (the software applies the law; a play on screens "
            "cannot break it), **ruled on** (an irregularity the laws engine lets happen "
            "in `laws` mode and rules on, refusing it in `enforce` mode), **physical "
            "table only** (a procedure of cards in hands "
            "that the software has no counterpart for; the reason is given), **etiquette** (no "
            "penalty can be exacted), **repealed**, or **pending** (not yet implemented). "
            '"test pending" marks a law the software applies that has no test naming it yet.',
            "",
            "Checked by `tests/test_laws_coverage.py`; totals in [README.md](README.md).",
            "",
            "| Law | Title | Status | Tests |",
            "|---|---|---|---|",
        ]
        c = {}
        rows = rows_for(code)
        if code == "royals":
            rows.insert(
                0,
                (
                    "New Count",
                    "Hopson's new count: S 2, C 6, D 7, H 8, royal spades 9, NT 10; "
                    "honors as multiples",
                    "E",
                    [
                        "tests/test_scoring.py::test_new_count_trick_values_royals",
                        "tests/test_honors.py::test_new_count_royal_spades_honors_table_royals",
                        "tests/test_honors.py::test_new_count_no_trump_aces_royals",
                        "tests/test_auction.py::test_new_count_ranking_royals",
                    ],
                ),
            )
        for key, t, kind, tests in rows:
            ts = list(tests)
            ts += EXPLICIT.get(("auction" if code == "royals" else code, key), [])
            ts += LINKS.get((code, key), [])
            if code == "royals":
                ts += LINKS.get(("auction", key), [])
            ts = [x for x in dict.fromkeys(ts)]
            missing = [x for x in ts if x not in TESTS]
            if missing:
                print("missing test", code, key, missing, file=sys.stderr)
                ts = [x for x in ts if x in TESTS]
            st = status_for(code, key, kind, ts, ruled)
            c[st.split(" —")[0].split(" (")[0]] = c.get(st.split(" —")[0].split(" (")[0], 0) + 1
            tc = ", ".join(f"`{x}`" for x in ts) or "—"
            lines.append(f"| {key} | {cell(t)} | {cell(st)} | {tc} |")
        if code in ETQ:
            lines += [
                "",
                "## Etiquette",
                "",
                "| Law | Title | Status | Tests |",
                "|---|---|---|---|",
            ]
            for line in (D / ETQ[code]).read_text().splitlines():
                k, t = line.split("|")
                lines.append(f"| Etiquette {k} | {cell(t)} | {MANNERS} | — |")
                c["etiquette"] = c.get("etiquette", 0) + 1
        (ROOT / "docs/laws" / f"{code}.md").write_text("\n".join(lines) + "\n")
        counts[code] = c
    for code, c in counts.items():
        print(code, c)


main()
