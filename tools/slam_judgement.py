"""How well is Royalton's slam judged? (issue 18; docs/decisions.md, "Royalton's slams").

Royalton pays a slam only when it is declared (law 87), so ``slams_bid_rate``
asks the robot to judge twelve tricks before the play. This tool bids the
deals of a seed with the robots of the code on the path and stops at every
stand where the count (``royalton.tricks``) reaches ``--from`` tricks in one
of the two best declarations. There it asks four judges whether twelve
tricks are there, and compares each with the double-dummy answer:

* ``count``: the rule as it stands (twelve counted with partner at the lower
  part of his range, ``SLAM_AT``);
* ``reading``: a simulation over deals of the unseen cards that fit the
  ranges ``model.read_auction`` gives every seat (the card play's sampler);
* ``policy``: the strong robot's own simulation (``simulate.partner_deals``):
  deals whose partner hand makes every call partner made when the robots'
  own rules are replayed at his turns, the adversaries within what their
  calls show;
* ``known``: a simulation with partner's actual hand (the adversaries within
  their ranges), the ceiling an auction could reach.

A simulation bids the slam when twelve tricks come in ``--odds`` of its
deals (each solved by DDS). The deals are bid by the fast robots, the slam
judged by the count (``Situation.simulate`` off), so that every judge sees
the same stands. For each judge the tool prints the slams bid, the
ones made, precision and recall, and how often twelve were made in each band
of the simulated odds (an honest judge's bands match their odds). The deals
are the bench's (``dealing.deal`` with ``--seed``); the stands are judged the
same way on every run.

    python tools/slam_judgement.py --deals 300 --seed 100
    python tools/slam_judgement.py --deals 100 --judges count,policy --json

A simulation runs about a second a stand (32 deals solved); 300 deals give
about 200 stands.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from auctionwhist.analysis import bidding as bench
from auctionwhist.calls import Call
from auctionwhist.cards import FULL_PACK, Seat
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal as deal_cards
from auctionwhist.robots.bidding import decide, simulate
from auctionwhist.robots.bidding import royalton as ry
from auctionwhist.robots.bidding.situation import Situation
from auctionwhist.robots.cardplay import Knowledge, sample_hands
from auctionwhist.solver import dd_table
from auctionwhist.solver.dds import dds_solve_boards

JUDGES = ("count", "reading", "policy", "known")
Hands = tuple[int, int, int, int]


declarer_of = simulate.declarer_of


def _rng(s: Situation, salt: str) -> random.Random:
    return random.Random(zlib.crc32(f"{salt}:{s.hand}:{s.view.calls}".encode()))


def _within_reading(s: Situation, known: dict[Seat, int], n: int, salt: str) -> list[Hands]:
    """Deals of the cards unseen by ``known``'s seats within every other seat's
    reading (the card play's sampler, ``cardplay.sample_hands``)."""
    hidden = tuple(x for x in Seat if x not in known)
    seen = 0
    for h in known.values():
        seen |= h
    k = Knowledge(
        known=known,
        hidden=hidden,
        counts=dict.fromkeys(hidden, 13),
        voids=dict.fromkeys(hidden, 0),
        forced={},
        unseen=FULL_PACK & ~seen,
        played_by=dict.fromkeys(Seat, 0),
        promises={x: s.pictures[x].suits for x in hidden},
        strength={x: s.pictures[x].hcp for x in hidden},
    )
    return sample_hands(k, n, _rng(s, salt), redeals=12)


def _policy(s: Situation, n: int) -> list[Hands]:
    """The strong robot's simulated deals (``simulate.partner_deals``)."""
    return simulate.partner_deals(s, ry.ROYALTON, n)


def _twelve_share(s: Situation, d: str, deals: Sequence[Hands]) -> float | None:
    if len(deals) < 4:
        return None
    leader = int(declarer_of(s, d).left)
    solved = dds_solve_boards(deals, "S" if d == "RS" else d, leader, ())
    return sum(13 - max(c.values()) >= 12 for c in solved) / len(solved)


def judge(s: Situation, d: str, t: float, which: str, deal: Any, samples: int) -> float | None:
    """The judge's odds of twelve tricks (the count's: 1 or 0)."""
    if which == "count":
        return float(t >= ry.SLAM and ry.tricks(s, d, s.pictures, ry.SLAM_AT) >= ry.SLAM)
    if which == "reading":
        return _twelve_share(s, d, _within_reading(s, {s.view.seat: s.hand}, samples, "r"))
    if which == "policy":
        return _twelve_share(s, d, _policy(s, samples))
    partner = s.view.seat.partner
    known = {s.view.seat: s.hand, partner: deal.hands[int(partner)]}
    return _twelve_share(s, d, _within_reading(s, known, samples, "k"))


def _count(view: Any) -> Call:
    """The fast robot's call: the slam judged by the count."""
    return decide(view)[0].call


def stands(
    code_key: str,
    deals: int,
    seed: int,
    start: float,
    judges: Sequence[str],
    samples: int,
    progress: Callable[[int], None],
) -> list[dict[str, Any]]:
    """Every stand where the count reaches ``start`` tricks, judged."""
    code = find_code(code_key)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    seen: set[tuple[int, Seat, int]] = set()
    here: dict[str, Any] = {}
    counted = ry._strains

    def watch(s: Situation, shown: Any) -> list[tuple[float, str]]:
        best = counted(s, shown)
        key = (here["i"], s.view.seat, len(s.view.calls))
        if here.get("judging") or key in seen:
            return best  # a replay inside a judge's simulation, or seen
        seen.add(key)
        here["judging"] = True
        try:
            judged(s, best, start)
        finally:
            here["judging"] = False
        return best

    def judged(s: Situation, best: list[tuple[float, str]], start: float) -> None:
        for t, d in best[:2]:
            if t < start or d == "NL":
                continue
            real = here["rows"][d][int(declarer_of(s, d))]
            row = {
                "deal": here["i"] + 1,
                "seat": s.view.seat.name,
                "denomination": d,
                "counted": t,
                "tricks": real,
            }
            for j in judges:
                row[j] = judge(s, d, t, j, here["deal"], samples)
            out.append(row)

    ry._strains = watch
    try:
        for i in range(deals):
            deal = deal_cards(code, number=i + 1, rng=rng)
            here.update(i=i, deal=deal, rows=dict(dd_table(deal, ("C", "D", "H", "S", "NT"))))
            bench.bid_auction(code, deal, dict.fromkeys(Seat, _count))
            progress(i + 1)
    finally:
        ry._strains = counted
    return out


def summary(rows: Sequence[dict[str, Any]], judges: Sequence[str], odds: float) -> dict[str, Any]:
    made = [r for r in rows if r["tricks"] >= 12]
    out: dict[str, Any] = {"stands": len(rows), "twelve_there": len(made)}
    for j in judges:
        judged = [r for r in rows if r[j] is not None]
        bid = [r for r in judged if r[j] >= (0.5 if j == "count" else odds)]
        good = sum(r["tricks"] >= 12 for r in bid)
        bands = {}
        if j != "count":
            for lo, hi in ((0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01)):
                band = [r for r in judged if lo <= r[j] < hi]
                if band:
                    share = sum(r["tricks"] >= 12 for r in band) / len(band)
                    bands[f"{lo:.1f}-{min(hi, 1):.1f}"] = [len(band), round(share, 2)]
        out[j] = {
            "judged": len(judged),
            "bid": len(bid),
            "made": good,
            "precision": round(good / len(bid), 2) if bid else None,
            "recall": round(good / len(made), 2) if made else None,
            "bands": bands,
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="slam_judgement.py",
        description="Royalton's slam judged four ways against double dummy, stand by stand.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="judges:\n"
        "  count    the rule as it stands (twelve counted with partner low in his range)\n"
        "  reading  a simulation over deals within the ranges the bidding model reads\n"
        "  policy   a simulation over partner hands that make his calls under our rules\n"
        "  known    a simulation with partner's actual hand (the ceiling)\n"
        "See docs/robots.md and docs/decisions.md (Royalton's slams).",
    )
    p.add_argument("--deals", type=int, default=300, help="deals bid (default 300)")
    p.add_argument(
        "--seed",
        type=int,
        default=100,
        help="the deals' seed (default 100: training deals, none of the bench's 1-6)",
    )
    p.add_argument(
        "--from",
        dest="start",
        type=float,
        default=10.3,
        help="the count, in tricks, from which a stand is judged (default 10.3)",
    )
    p.add_argument(
        "--odds",
        type=float,
        default=0.67,
        help="a simulation bids the slam from this share of twelve tricks (default "
        "0.67: a slam instead of game gains 100 made and loses 200 set)",
    )
    p.add_argument("--samples", type=int, default=32, help="deals a simulation solves (default 32)")
    p.add_argument(
        "--judges",
        default=",".join(JUDGES),
        help=f"which judges, comma-separated (default {','.join(JUDGES)})",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    a = p.parse_args(argv)
    judges = [j.strip() for j in a.judges.split(",") if j.strip()]
    bad = [j for j in judges if j not in JUDGES]
    if bad:
        p.error(f"no judge {', '.join(bad)}: choose from {', '.join(JUDGES)}")
    if a.deals < 1 or a.samples < 4:
        p.error("--deals must be at least 1 and --samples at least 4")

    def progress(i: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{i}/{a.deals} deals", end="", file=sys.stderr, flush=True)

    rows = stands("royalton", a.deals, a.seed, a.start, judges, a.samples, progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    s = summary(rows, judges, a.odds)
    if a.json:
        print(json.dumps(s, indent=2))
        return 0
    print(
        f"{s['stands']} stands counted {a.start} tricks or more; twelve there in "
        f"{s['twelve_there']}"
    )
    for j in judges:
        r = s[j]
        print(
            f"  {j:8s} slams bid {r['bid']:3d}, made {r['made']:3d}, precision "
            f"{r['precision']}, recall {r['recall']}"
            + (f"  (bands: {r['bands']})" if r["bands"] else "")
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
