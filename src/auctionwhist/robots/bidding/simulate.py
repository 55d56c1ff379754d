"""The slam judged over the deals partner's calls allow (Royalton, issue 18).

Royalton pays a slam only when it is declared (law 87), so the robot must
judge twelve tricks before the play. The count (``royalton.tricks``) reads
partner's hand as a range of high cards and a few suit lengths, and that
reading is wide: where the count held the slam, a double-dummy simulation
over hands drawn from those ranges judged it no better (docs/decisions.md).
What partner's calls do tell is what *these robots* would have called with
his hand. So partner's hand is drawn from the unseen cards and kept only if
our own rules, replayed at each of his turns, make the calls he made; the
adversaries share the rest within what their calls show (the nearest of
``ADVERSARY_TRIES`` draws). Each deal is solved double dummy (DDS) for our
side, the declarer the first of us to name the denomination: a quarter to
three quarters of a second a stand on this project's machines (24 deals),
against a millisecond for the count.

A replay never simulates in its turn (its ``Situation`` has ``simulate``
off): partner's slam was judged by the count there, which only his highest
calls can show.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import replace

from ...auction import Auction
from ...calls import Bid, Call
from ...cards import Seat
from ...solver.dds import dds_most_tricks
from . import evaluate as ev
from .situation import Rule, Situation, first_spoken

__all__ = ["SAMPLES", "Odds", "declarer_of", "slam_odds"]

SAMPLES = 24  # deals solved for one judgement
MIN_SAMPLES = 8  # fewer found: the count judges instead
TRIES = 4000  # hands drawn for partner, at most
HCP_SLACK = 4  # partner's high cards tried: what the model reads, this much wider
ADVERSARY_TRIES = 20  # draws for the adversaries' hands within their calls


class Odds:
    """How often our side took twelve and thirteen tricks over ``n`` deals."""

    __slots__ = ("n", "thirteen", "twelve")

    def __init__(self, tricks: Sequence[int]) -> None:
        self.n = len(tricks)
        self.twelve = sum(t >= 12 for t in tricks)
        self.thirteen = sum(t >= 13 for t in tricks)

    @property
    def slam(self) -> float:
        return self.twelve / self.n

    @property
    def grand(self) -> float:
        return self.thirteen / self.n


def declarer_of(s: Situation, denomination: str) -> Seat:
    """The one of our side who would play ``denomination``: the first of us to
    name it, as ``Auction.declarer`` finds him, else this seat."""
    me = s.view.seat
    for seat, call in s.view.calls:
        if seat.side == me.side and isinstance(call, Bid) and call.denomination == denomination:
            return seat
    return me


def _misfit(s: Situation, seat: Seat, hand: int) -> int:
    """How far ``hand`` lies outside what ``seat``'s calls show."""
    p = s.pictures[seat]
    lo, hi = p.hcp
    points = ev.high_cards(hand)
    bad = max(0.0, lo - points, points - hi)
    for suit, n in p.suits:
        bad += max(0, n - ev.length(hand, suit))
    return int(bad)


def _adversaries(s: Situation, cards: list[int], rng: random.Random) -> tuple[int, int]:
    """The 26 ``cards`` shared between the adversaries, within what their
    calls show where ADVERSARY_TRIES draws find it (else the nearest)."""
    me = s.view.seat
    best: tuple[int, int, int] | None = None
    for _ in range(ADVERSARY_TRIES):
        rng.shuffle(cards)
        left = sum(1 << c for c in cards[:13])
        right = sum(1 << c for c in cards[13:])
        bad = _misfit(s, me.left, left) + _misfit(s, me.right, right)
        if best is None or bad < best[0]:
            best = (bad, left, right)
        if bad == 0:
            break
    assert best is not None
    return best[1], best[2]


Turn = tuple[tuple[tuple[Seat, Call], ...], tuple[Call, ...], Call]


def _makes_his_calls(s: Situation, rules: Sequence[Rule], hand: int, turns: list[Turn]) -> bool:
    """Whether partner holding ``hand`` makes each of his ``turns``' calls
    (the calls before it, the calls open, his call) under ``rules``."""
    for calls, legal, call in turns:
        view = replace(
            s.view, seat=s.view.partner, hand=hand, held=hand, calls=calls, legal_calls=legal
        )
        # a replay judges by the count: it never simulates in its turn
        if first_spoken(rules, Situation(view, s.style))[0].call != call:
            return False
    return True


def partner_deals(s: Situation, rules: Sequence[Rule], n: int) -> list[tuple[int, int, int, int]]:
    """Up to ``n`` deals (N, E, S, W) in which partner's hand makes every call
    he made under ``rules``; this hand as dealt, the adversaries within what
    their calls show (``_adversaries``)."""
    me = s.view.seat
    partner = me.partner
    turns: list[Turn] = []
    auction = Auction(s.view.code, s.view.dealer)
    for i, (seat, call) in enumerate(s.view.calls):
        if seat == partner:
            turns.append((s.view.calls[:i], tuple(auction.legal_calls()), call))
        auction.call(call)
    # cheap first sieves: the high cards the model reads, HCP_SLACK wider,
    # and the fewest cards it reads in each suit his calls named (the draws
    # take half the time; the reading of a placement in a suit partner named
    # is the rules' own, ``royalton._read_placed``)
    lo, hi = s.pictures[partner].hcp
    suits = s.pictures[partner].suits
    rest = [c for c in range(52) if not s.hand >> c & 1]
    # the same stand is judged the same way at every table
    rng = random.Random(zlib.crc32(f"{s.hand}:{s.view.calls}".encode()))
    out: list[tuple[int, int, int, int]] = []
    for _ in range(TRIES):
        if len(out) >= n:
            break
        rng.shuffle(rest)
        hand = sum(1 << c for c in rest[:13])
        points = ev.high_cards(hand)
        if points < lo - HCP_SLACK or points > hi + HCP_SLACK:
            continue
        if any(ev.length(hand, suit) < n for suit, n in suits):
            continue
        if not _makes_his_calls(s, rules, hand, turns):
            continue
        left, right = _adversaries(s, rest[13:], rng)
        hands = {me: s.hand, partner: hand, me.left: left, me.right: right}
        out.append((hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH], hands[Seat.WEST]))
    return out


def slam_odds(s: Situation, denomination: str, rules: Sequence[Rule]) -> Odds | None:
    """Our side's twelve and thirteen tricks at ``denomination`` over the deals
    partner's calls allow; None where too few are found (the count judges).
    A stand asked twice (``part_score_stands`` passes it on to
    ``place_the_contract``) is judged once."""
    key = (s.view.code.key, s.hand, s.view.dealer, tuple(s.view.calls), s.style, denomination)
    if key in _judged:
        return _judged[key]
    if len(_judged) >= _JUDGED_MAX:
        _judged.clear()
    odds = _judged[key] = _slam_odds(s, denomination, rules)
    return odds


_judged: dict[tuple[object, ...], Odds | None] = {}
_JUDGED_MAX = 256


def _slam_odds(s: Situation, denomination: str, rules: Sequence[Rule]) -> Odds | None:
    deals = partner_deals(s, rules, SAMPLES)
    if len(deals) < MIN_SAMPLES:
        return None
    leader = int(declarer_of(s, denomination).left)
    strain = "S" if denomination == "RS" else denomination
    return Odds([13 - t for t in dds_most_tricks(deals, strain, leader)])
