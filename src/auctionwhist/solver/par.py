"""Par under each code: the result of a deal when both sides bid perfectly
knowing the double-dummy tricks.

The auction is played out as a game between the two sides (docs/analysis.md
gives the definition in full):

- every contract a side may end in is scored by the code's own ``score_deal``
  for the deal as a duplicate deal (docs/spec.md §2.2.8: game per deal), honors and
  chicane to their holders whoever declares (docs/spec.md §2.2.1);
- a contract that fails is doubled, one that is made is not (doubling pays
  the adversaries exactly when the contract fails);
- of its two hands the side chooses the better declarant (docs/spec.md §2.2.3: he
  who names the denomination first; Royalton law 34 also lets a nullo be
  bridged);
- a bid stands when the other side does better to let it stand than to
  overbid it; the bids rank by the code's own rule (``Code.bid_rank``);
- the dealer's side acts first; the dealer must open unless the code lets
  him say "no bid" (Royalton law 30), and a deal nobody bids scores nothing
  (docs/spec.md §2.2.4).

Scores are North-South's net: N-S total less E-W total. Hot loops read a
table of ints; ``score_deal`` is asked once per distinct contract result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..calls import DENOMINATIONS, Bid, Contract
from ..cards import Deal, Seat, Side
from ..codes import Code, find_code
from ..errors import WhistError
from ..scoring import DealResult, Holdings, score_deal

__all__ = [
    "Par",
    "ParContract",
    "ParError",
    "contract_score",
    "honor_score",
    "par",
]


class ParError(WhistError):
    """A deal or table that par cannot be found for."""


@dataclass(frozen=True, slots=True)
class ParContract:
    """A contract the perfect auction can end in: the lowest bid of its
    denomination (royal or plain), declarant and doubling that reaches par."""

    contract: Contract
    declarer: Seat
    tricks: int  # taken by the declarer's side, double-dummy
    score: int  # North-South net

    @property
    def side(self) -> int:
        return self.declarer.side

    @property
    def made(self) -> bool:
        return self.odd_tricks >= self.contract.level

    @property
    def odd_tricks(self) -> int:
        """Tricks over six that count for the declaration: the declarer's own,
        at nullo his adversaries' (Royalton law 83); below zero when short."""
        won = 13 - self.tricks if self.contract.denom.nullo else self.tricks
        return won - 6

    @property
    def sacrifice(self) -> bool:
        return not self.made

    def __str__(self) -> str:
        doubled = ("", " doubled", " redoubled")[self.contract.doubled]
        return f"{self.contract.bid}{doubled} by {self.declarer.name.title()}, {self.tricks} tricks"

    def to_json(self) -> dict[str, Any]:
        bid = self.contract.bid
        return {
            "contract": str(self.contract),
            "level": bid.level,
            "denomination": bid.denomination,
            "royal": bid.royal,
            "doubled": self.contract.doubled,
            "declarer": self.declarer.char,
            "tricks": self.tricks,
            "odd_tricks": self.odd_tricks,
            "made": self.made,
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Par:
    """Par of a deal under a code."""

    code: Code
    score: int  # North-South net; 0 when nobody bids
    contracts: tuple[ParContract, ...]  # every way the perfect auction can end
    passed_out: bool  # a perfect auction may end with nobody bidding (Royalton law 30)
    # Each side's best net result (its own point of view) when the other side
    # never bids: the best it can reach by bidding alone.
    alone: tuple[int, int]

    @property
    def denominations(self) -> tuple[str, ...]:
        """The denominations of the par contracts, without repeats, in bid order."""
        seen: dict[str, None] = {}
        for pc in self.contracts:
            seen.setdefault(pc.contract.bid.denomination, None)
        return tuple(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code.key,
            "score": {"ns": self.score, "ew": -self.score},
            "passed_out": self.passed_out,
            "contracts": [pc.to_json() for pc in self.contracts],
            "alone": {"ns": self.alone[0], "ew": self.alone[1]},
        }


# -- scores ------------------------------------------------------------------------

_CONTRACT_CACHE: dict[tuple[str, Bid, int, Seat, int], int] = {}


def _contract_part(code: Code, bid: Bid, doubled: int, declarer: Seat, tricks: int) -> int:
    """N-S net of everything but honors: tricks, game, slams, undertricks, bonuses."""
    key = (code.key, bid, doubled, declarer, tricks)
    got = _CONTRACT_CACHE.get(key)
    if got is None:
        s = score_deal(DealResult(code, Contract(bid, doubled), declarer, tricks, duplicate=True))
        got = s.total(0) - s.total(1)
        _CONTRACT_CACHE[key] = got
    return got


def honor_score(code: Code, deal: Deal, denomination: str) -> int:
    """N-S net of the honors and chicane held in ``denomination`` (daw 13, 16-17;
    Whist Club 6, 9): they go to their holders whoever declares, made or not,
    so they are the same for every contract of the denomination."""
    if code.honors is None:
        return 0
    bid = Bid(1, denomination)
    holdings = Holdings.from_deal(deal, bid.denom)
    with_honors = score_deal(
        DealResult(code, Contract(bid), Seat.NORTH, 7, holdings=holdings, duplicate=True)
    )
    return with_honors.total(0) - with_honors.total(1) - _contract_part(code, bid, 0, Seat.NORTH, 7)


def contract_score(
    code: Code | str, deal: Deal, contract: Contract, declarer: Seat, tricks: int
) -> int:
    """N-S net score of ``deal`` played in ``contract`` by ``declarer``, his side
    taking ``tricks``, scored alone as a duplicate deal (docs/spec.md §2.2.8)."""
    c = find_code(code)
    return _contract_part(c, contract.bid, contract.doubled, declarer, tricks) + honor_score(
        c, deal, contract.bid.denomination
    )


# -- the perfect auction -----------------------------------------------------------


def _better(side: int, a: int, b: int) -> bool:
    """Is ``a`` strictly better than ``b`` for ``side`` (N-S net scores)?"""
    return a > b if side == 0 else a < b


def _best(side: int, values: Sequence[int]) -> int:
    return max(values) if side == 0 else min(values)


Ways = tuple[tuple[Seat, int], ...]  # (declarer, doubled) of a side's best result
_DECLARANT_CACHE: dict[
    tuple[str, Bid, tuple[int, ...], int], tuple[tuple[int, int], tuple[Ways, Ways]]
] = {}


def _as_declarant(
    c: Code, bid: Bid, row: tuple[int, ...], honors: int
) -> tuple[tuple[int, int], tuple[Ways, Ways]]:
    """Each side's best result (N-S net) holding ``bid`` with the tricks
    ``row``, and the (declarer, doubled) that give it. Remembered: par over
    many rows of one strain (analysis.settle) asks the same again and again."""
    key = (c.key, bid, row, honors)
    got = _DECLARANT_CACHE.get(key)
    if got is not None:
        return got
    per_side: list[int] = []
    ways: list[Ways] = []
    for side in Side:
        options: list[tuple[int, Seat, int]] = []
        for seat in side.seats:
            t = row[seat]
            won = 13 - t if bid.denom.nullo else t
            doubled = 0 if won >= 6 + bid.level else 1
            net = _contract_part(c, bid, doubled, seat, t) + honors
            options.append((net, seat, doubled))
        best = _best(side, [o[0] for o in options])
        per_side.append(best)
        ways.append(tuple((seat, dbl) for net, seat, dbl in options if net == best))
    if len(_DECLARANT_CACHE) > 200_000:
        _DECLARANT_CACHE.clear()  # a long study's rows are mostly seen once
    got = ((per_side[0], per_side[1]), (ways[0], ways[1]))
    _DECLARANT_CACHE[key] = got
    return got


def par(code: Code | str, deal: Deal, tricks: Mapping[str, Sequence[int]]) -> Par:
    """Par of ``deal`` under ``code``.

    ``tricks[strain][seat]`` is what the side of ``seat`` takes double-dummy
    when ``seat`` declares ``strain`` (its left-hand adversary leading); at
    nullo ("NL") the declarer's side tries to lose tricks and this is the
    tricks it cannot avoid. Royal Spades ("RS") are played as spades.
    """
    c = find_code(code)
    if not c.auction:
        raise ParError(
            f"{c.cite('trump')}: {c.title} has no auction, so no par; "
            "the turned card names the trump"
        )
    strains = {d: DENOMINATIONS[d].strain for d in c.trick_values}
    for strain in strains.values():
        row = tricks.get(strain)
        if row is None or len(row) != 4:
            raise ParError(
                f"par under {c.key} needs the double-dummy tricks at {strain} for every seat"
            )
        if any(not 0 <= t <= 13 for t in row):
            raise ParError(f"double-dummy tricks at {strain} must be 0-13, got {tuple(row)}")
    honors = {d: honor_score(c, deal, d) for d in c.trick_values}
    bids = c.all_bids
    n = len(bids)

    # For each bid and side: the side's best result as declarant there, and
    # the (declarer, doubled) that give it.
    score: list[tuple[int, int]] = []
    how: list[tuple[Ways, Ways]] = []
    rows = {d: tuple(tricks[s]) for d, s in strains.items()}
    for bid in bids:
        sc, ways = _as_declarant(c, bid, rows[bid.denomination], honors[bid.denomination])
        score.append(sc)
        how.append(ways)

    # value[i][s]: the result when side s holds bid i and the other side is to
    # act; ext[o][i]: the other side's best overbid of bid i (None: none left).
    value = [[0, 0] for _ in range(n)]
    ext: list[list[int | None]] = [[None] * n, [None] * n]
    for i in range(n - 1, -1, -1):
        for o in (0, 1):
            nxt = i + 1
            if nxt < n:
                cand = value[nxt][o]
                later = ext[o][nxt]
                ext[o][i] = cand if later is None else _best(o, [cand, later])
        for s in (0, 1):
            o = 1 - s
            over = ext[o][i]
            stand = score[i][s]
            value[i][s] = stand if over is None else _best(o, [stand, over])

    opens = [_best(side, [value[i][side] for i in range(n)]) for side in (0, 1)]

    # The first round: dealer, left, partner, right; each may open, or pass
    # if the code lets the dealer pass (Royalton law 30); four passes, nothing.
    order = [deal.dealer.after(k) for k in range(4)]
    may_pass = c.dealer_may_pass
    # chain[k]: the value of the game when order[k] is to make the first call.
    if may_pass:
        chain = [0] * 5
        for k in range(3, -1, -1):
            side = order[k].side
            chain[k] = _best(side, [opens[side], chain[k + 1]])
    else:
        chain = [opens[order[0].side]]
    result = chain[0]

    # The par auctions: a side passes when letting the bid stand is as good
    # as bidding on, and opens when opening is as good as passing; among
    # equally good bids it makes the lowest of each denomination (a royal
    # ranks above the plain bid of its level, so it is made only when needed).
    finals: set[tuple[int, int]] = set()
    seen: set[tuple[int, int]] = set()

    def lowest(side: int, target: int, above: int) -> list[int]:
        firsts: dict[str, int] = {}
        for j in range(above + 1, n):
            if value[j][side] == target:
                firsts.setdefault(bids[j].denomination, j)
        return list(firsts.values())

    def follow(i: int, s: int) -> None:
        if (i, s) in seen:
            return
        seen.add((i, s))
        target = value[i][s]
        if score[i][s] == target:
            finals.add((i, s))
            return
        for j in lowest(1 - s, target, i):
            follow(j, 1 - s)

    passed_out = False
    for k in range(4 if may_pass else 1):
        side = order[k].side
        if opens[side] == result:
            for i in lowest(side, result, -1):
                follow(i, side)
            break
        passed_out = k == 3

    contracts: dict[tuple[str, bool, Seat, int], ParContract] = {}
    for i, s in sorted(finals):
        bid = bids[i]
        for seat, doubled in how[i][s]:
            key = (bid.denomination, bid.royal, seat, doubled)
            if key in contracts:
                continue  # a lower bid of it already reaches par
            t = tricks[strains[bid.denomination]][seat]
            contracts[key] = ParContract(Contract(bid, doubled), seat, t, score[i][s])

    alone = (
        max(score[i][0] for i in range(n)),
        -min(score[i][1] for i in range(n)),
    )
    ordered = sorted(
        contracts.values(),
        key=lambda pc: (c.bid_order[pc.contract.bid], pc.declarer, pc.contract.doubled),
    )
    return Par(c, result, tuple(ordered), passed_out, alone)
