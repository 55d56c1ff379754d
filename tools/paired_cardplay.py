"""Paired card-play bench: the same deals and the same final contracts played
by two versions of the card play (docs/robots.md, "Card play").

``whist bench robots`` lets each version bid its own contracts, so two
versions' declarer gaps are not comparable deal by deal. Here the auctions
are bid once and fixed; each version then plays only the cards, in its own
process with its own ``PYTHONPATH``; and the two runs are compared contract
by contract. The Monte Carlo robot's sample count is the limit, not the clock
(a budget no card reaches), so a run gives the same figures under any load.

Three steps::

    # 1. the deals of ``whist bench robots`` (same seed) and their auctions,
    #    bid by the robots of the code on the path
    python tools/paired_cardplay.py auctions --code royalton --deals 100 -o auc.json
    # 2. each version plays them (its own checkout on PYTHONPATH)
    PYTHONPATH=/tmp/old/src python tools/paired_cardplay.py play auc.json -o old.json
    python tools/paired_cardplay.py play auc.json -o new.json
    # 3. the paired differences, new minus old, with their standard errors
    python tools/paired_cardplay.py compare old.json new.json

``play --tables`` chooses the tables: ``all`` (four Monte Carlo robots: the
bench's ``declarer_dd_gap``), ``declarer`` (the Monte Carlo robots declare
against the heuristic player: the declarant's play alone) and ``defence``
(the heuristic player declares against the Monte Carlo robots: the
adversaries' play alone, the gap the more the better). Nullo is played by
the heuristic until ``nullo_cards`` (``nullo_search`` off: its cut-off is a
clock), then solved in full.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
from typing import Any

from auctionwhist.calls import call_str, parse_call
from auctionwhist.cards import Deal, Seat
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal as deal_cards
from auctionwhist.robots.cardplay import MonteCarloPlayer, Settings
from auctionwhist.robots.heuristic import HeuristicPlayer
from auctionwhist.robots.player import act, play_deal
from auctionwhist.robots.strength import _dd_gap
from auctionwhist.table import Table

TABLES = ("all", "declarer", "defence")


class Scripted:
    """A player whose calls are fixed (the auction bid once) and whose cards,
    claims and answers are ``inner``'s."""

    def __init__(self, inner: Any, calls: list[Any]) -> None:
        self.inner = inner
        self.calls = calls

    def call(self, view: Any, rng: random.Random) -> Any:
        return self.calls[len(view.calls)]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def auctions(code: str, deals: int, seed: int) -> dict[str, Any]:
    """The deals ``whist bench robots`` plays for ``seed`` and the calls the
    robots on the path bid on them (passed-out deals left out)."""
    c = find_code(code)
    rng = random.Random(seed)
    robot = MonteCarloPlayer()
    out = []
    for n in range(deals):
        d = deal_cards(c, number=n + 1, rng=rng)
        seed_n = rng.randrange(1 << 30)
        table = Table(c, d)
        brng = random.Random(seed_n)
        players = dict.fromkeys(Seat, robot)
        while table.phase == "auction":
            act(table, players, brng)
        if table.contract is None or table.auction is None:
            continue
        out.append(
            {
                "number": d.number,
                "hands": list(d.hands),
                "dealer": int(d.dealer),
                "turned": d.turned,
                "seed": seed_n,
                "calls": [call_str(call) for _, call in table.auction.calls],
                "contract": str(table.contract),
            }
        )
    return {"code": c.key, "seed": seed, "deals": deals, "auctions": out}


def play(data: dict[str, Any], tables: list[str], samples: int) -> dict[str, Any]:
    """Each fixed auction played at each of ``tables``: per contract, the
    declarant's gap from double dummy."""
    c = find_code(data["code"])
    # older checkouts lack some settings (nullo_search came with issue 20)
    known = {f.name for f in dataclasses.fields(Settings)}
    wanted: dict[str, Any] = {"samples": samples, "budget": 1e6, "nullo_search": False}
    settings = Settings(**{k: v for k, v in wanted.items() if k in known})
    robot = MonteCarloPlayer(settings=settings)
    heuristic = HeuristicPlayer()
    rows = []
    for a in data["auctions"]:
        d = Deal(tuple(a["hands"]), Seat(a["dealer"]), a["number"], a["turned"])
        calls = [parse_call(t) for t in a["calls"]]
        row: dict[str, Any] = {"number": a["number"], "contract": a["contract"]}
        for kind in tables:
            table = Table(c, d)
            rng = random.Random(a["seed"])
            bidders = dict.fromkeys(Seat, Scripted(heuristic, calls))
            while table.phase == "auction":
                act(table, bidders, rng)
            # the declaring side is known once the auction is over
            assert table.declarer is not None
            side = table.declarer.side
            players = {}
            for s in Seat:
                mc = kind == "all" or (kind == "declarer") == (s.side == side)
                players[s] = Scripted(robot if mc else heuristic, calls)
            play_deal(table, players, rng)
            g = _dd_gap(table)  # older checkouts: the figure alone
            row[kind] = g[0] if isinstance(g, tuple) else g
        rows.append(row)
        print(a["number"], a["contract"], {k: row[k] for k in tables}, file=sys.stderr)
    return {"code": c.key, "samples": samples, "tables": tables, "rows": rows}


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """New minus old over the contracts both played, table by table."""
    before = {r["number"]: r for r in old["rows"]}
    out: dict[str, Any] = {"code": new["code"]}
    for kind in new["tables"]:
        pairs = [
            (before[r["number"]][kind], r[kind])
            for r in new["rows"]
            if r["number"] in before
            and r.get(kind) is not None
            and before[r["number"]].get(kind) is not None
        ]
        if not pairs:
            continue
        diffs = [b - a for a, b in pairs]
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        out[kind] = {
            "contracts": len(pairs),
            "old": round(statistics.fmean(a for a, _ in pairs), 3),
            "new": round(statistics.fmean(b for _, b in pairs), 3),
            "diff": round(statistics.fmean(diffs), 3),
            "se": round(se, 3),
            "differ": sum(a != b for a, b in pairs),
        }
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="step", required=True)
    a = sub.add_parser("auctions", help="bid the bench's deals once")
    a.add_argument("--code", default="royalton")
    a.add_argument("--deals", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("-o", "--out", required=True)
    b = sub.add_parser("play", help="play the fixed auctions' cards")
    b.add_argument("auctions")
    b.add_argument("--tables", default="all", help="comma-separated: " + ", ".join(TABLES))
    b.add_argument("--samples", type=int, default=24)
    b.add_argument("-o", "--out", required=True)
    m = sub.add_parser("compare", help="new minus old, contract by contract")
    m.add_argument("old")
    m.add_argument("new")
    args = p.parse_args(argv)
    if args.step == "auctions":
        result = auctions(args.code, args.deals, args.seed)
    elif args.step == "play":
        with open(args.auctions) as f:
            data = json.load(f)
        tables = args.tables.split(",")
        if not set(tables) <= set(TABLES):
            p.error(f"--tables: one or more of {', '.join(TABLES)}")
        result = play(data, tables, args.samples)
    else:
        with open(args.old) as f, open(args.new) as g:
            result = compare(json.load(f), json.load(g))
        print(json.dumps(result, indent=2))
        return
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
