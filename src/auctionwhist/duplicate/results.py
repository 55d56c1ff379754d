"""Match results, each as its law says.

Duplicate Auction Whist (Goodfellow laws 3, 5, 6, 51 C): a team's aggregate
of trick and honor points against the average of all competing teams, the
average taken to the nearest whole number (one-half counting as a whole)
unless the fraction is needed to avoid a tie (docs/spec.md §2.2.11).

Duplicate Whist (1894 law A; AWL laws IV, V, X §4; seed 002): two teams by
the tricks over half the total; several teams against the average; Howell
teams and pairs each against each by matches won (ties half, tricks
deciding ties); compass plus and minus against each direction's average;
Safford's "top score zero, losses charged"; the revoke limits of law X §4.

Each code declares its match laws (``Code.match``); every ranking cites the
law of the code the match is played under, ``code.cite(topic)``. The auction
codes apply Goodfellow's (docs/spec.md §2.2.8), and every code the League's for its
movements. Numbers are exact (``Fraction``); the law says where a fraction is
dropped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..cards import Side
from ..codes import Code, RevokeTransfer, find_code
from ..errors import WhistError

__all__ = [
    "HeadToHead",
    "MatchResult",
    "PairRevoke",
    "PairScore",
    "PlayedDeal",
    "Ranking",
    "ResultError",
    "RevokeScore",
    "Standing",
    "against_average",
    "compass",
    "deal_average",
    "each_against_each",
    "lowest_score",
    "number_json",
    "pair_revoke",
    "plus_minus_by_deal",
    "round_law6",
    "safford",
    "team_aggregates",
    "two_teams",
]

Number = int | Fraction

# A ranking is made under a code: a ``Code`` or its key.
CodeLike = Code | str


class ResultError(WhistError):
    """Scores from which the law cannot make up a result."""


def round_law6(x: Number) -> int:
    """The nearest whole number, one-half counting as a whole (Goodfellow law 6,
    1894 law A)."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def number_json(x: Number) -> int | float:
    """An exact number for JSON: an int when whole, else a float."""
    f = Fraction(x)
    return int(f) if f.denominator == 1 else float(f)


def _fmt(x: Number) -> str:
    """``+5``, ``-3``, ``=``, ``+½`` as the period tables print them."""
    f = Fraction(x)
    if f == 0:
        return "="
    sign = "+" if f > 0 else "-"
    a = abs(f)
    whole, frac = divmod(a.numerator, a.denominator)
    text = "" if whole == 0 and frac else str(whole)
    if frac:
        text += {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}.get(
            (frac, a.denominator), f" {frac}/{a.denominator}"
        )
    return sign + text.strip()


@dataclass(frozen=True, slots=True)
class Standing:
    """A contestant's place: ``score`` is what it made (points, tricks or
    matches won), ``result`` what it wins (+) or loses (-) by."""

    id: str
    score: Fraction
    result: Fraction
    place: int
    direction: str = ""  # "N-S" or "E-W" where a ranking is by direction
    tiebreak: Fraction | None = None  # tricks deciding a tie in matches won

    @property
    def result_text(self) -> str:
        return _fmt(self.result)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "score": number_json(self.score),
            "result": number_json(self.result),
            "place": self.place,
        }
        if self.direction:
            out["direction"] = self.direction
        if self.tiebreak is not None:
            out["tricks"] = number_json(self.tiebreak)
        return out


@dataclass(frozen=True, slots=True)
class Ranking:
    """One table of standings made up by one law."""

    title: str
    law: str
    standings: tuple[Standing, ...]
    average: Fraction | None = None  # the exact average, where there is one
    average_taken: Fraction | None = None  # as the law takes it
    fraction_kept: bool = False  # law 6: the fraction taken to avoid a tie
    notes: tuple[str, ...] = ()

    def of(self, cid: str) -> Standing:
        for s in self.standings:
            if s.id == cid:
                return s
        raise KeyError(cid)

    @property
    def leaders(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.standings if s.place == 1)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "title": self.title,
            "law": self.law,
            "standings": [s.to_json() for s in self.standings],
        }
        if self.average is not None:
            out["average"] = number_json(self.average)
            out["average_taken"] = number_json(
                self.average if self.average_taken is None else self.average_taken
            )
            out["fraction_kept"] = self.fraction_kept
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's result: one or more rankings and the winners."""

    code: str
    movement: str
    rankings: tuple[Ranking, ...]
    winners: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        results: dict[str, Any] = {}
        for r in self.rankings:
            for s in r.standings:
                results.setdefault(s.id, s.to_json())
        return {
            "code": self.code,
            "movement": self.movement,
            "winners": list(self.winners),
            "results": results,
            "rankings": [r.to_json() for r in self.rankings],
            "notes": list(self.notes),
        }


_Row = tuple[str, Fraction, Fraction, Fraction | None, str]


def _place(given: Sequence[_Row]) -> tuple[Standing, ...]:
    """Sort best first (by result, then tiebreak) and number the places; equal
    results share a place."""
    rows = sorted(given, key=lambda r: (-r[2], -(r[3] or 0), r[0]))
    out: list[Standing] = []
    for i, (cid, score, result, tiebreak, direction) in enumerate(rows):
        if i and (result, tiebreak) == (rows[i - 1][2], rows[i - 1][3]):
            place = out[-1].place
        else:
            place = i + 1
        out.append(Standing(cid, score, result, place, direction, tiebreak))
    return tuple(out)


def _would_tie(exact: Mapping[str, Fraction], taken: Mapping[str, Fraction]) -> bool:
    """Does dropping the fraction make a tie the exact figures do not? A
    contestant even with the average, or two contestants level."""
    ids = list(exact)
    for i, a in enumerate(ids):
        if taken[a] == 0 and exact[a] != 0:
            return True
        for b in ids[i + 1 :]:
            if taken[a] == taken[b] and exact[a] != exact[b]:
                return True
    return False


def against_average(
    scores: Mapping[str, Number],
    code: CodeLike = "daw",
    title: str = "Against the average of all competing teams",
    direction: str = "",
) -> Ranking:
    """Each wins or loses by what its aggregate exceeds or falls short of the
    average of all (Goodfellow laws 5-6; 1894 law A for several teams).

    The average is taken to the nearest whole number, one-half counting as a
    whole, unless that makes a tie; then the fraction is kept (docs/spec.md §2.2.11)
    and the match is won by the fraction.
    """
    law = find_code(code).cite("match_average")
    if not scores:
        raise ResultError(f"{law}: no scores to average")
    exact_scores = {k: Fraction(v) for k, v in scores.items()}
    avg = sum(exact_scores.values(), Fraction(0)) / len(exact_scores)
    rounded = Fraction(round_law6(avg))
    exact = {k: v - avg for k, v in exact_scores.items()}
    taken = {k: v - rounded for k, v in exact_scores.items()}
    kept = _would_tie(exact, taken)
    use = exact if kept else taken
    rows = [(k, exact_scores[k], use[k], None, direction) for k in exact_scores]
    return Ranking(
        title,
        law,
        _place(rows),
        avg,
        avg if kept else rounded,
        kept,
        (("the fraction of the average is kept to avoid a tie",) if kept else ()),
    )


def two_teams(a: str, tricks_a: int, b: str, tricks_b: int, code: CodeLike = "whist") -> Ranking:
    """Duplicate Whist between two teams: "the team which wins a majority of
    all the tricks scores the match as won by that number of tricks which it
    has taken in excess of one-half the total" (1894 law A)."""
    law = find_code(code).cite("two_teams")
    if tricks_a < 0 or tricks_b < 0:
        raise ResultError(f"{law}: a team takes no fewer than 0 tricks")
    half = Fraction(tricks_a + tricks_b, 2)
    rows = [
        (a, Fraction(tricks_a), tricks_a - half, None, ""),
        (b, Fraction(tricks_b), tricks_b - half, None, ""),
    ]
    return Ranking("Two teams: tricks over one-half the total", law, _place(rows), half, half)


@dataclass(frozen=True, slots=True)
class PairScore:
    """One pair's score in a team match: its team, side (0 N-S, 1 E-W), points or tricks."""

    team: str
    side: int
    score: Number


def team_aggregates(
    pairs: Iterable[PairScore], code: CodeLike = "daw"
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Each team's aggregate, exact and as the law takes it.

    Law 3 (daw), 1894 law A: "In case the teams consist of an odd number of
    pairs, each team, in making up their aggregate score adds, as though won
    by it, the average score of all the pairs seated in the positions
    opposite to its odd pair." Returns (exact, with the averages rounded by
    law 6).
    """
    c = find_code(code)
    law, teams = c.cite("odd_pairs"), c.cite("teams")
    rows = list(pairs)
    sides: dict[str, list[int]] = {}
    by_side: tuple[list[Fraction], list[Fraction]] = ([], [])
    exact: dict[str, Fraction] = {}
    for p in rows:
        if p.side not in (0, 1):
            raise ResultError(
                f"{teams}: a pair sits North-South (0) or East-West (1), not {p.side}"
            )
        sides.setdefault(p.team, [0, 0])[p.side] += 1
        by_side[p.side].append(Fraction(p.score))
        exact[p.team] = exact.get(p.team, Fraction(0)) + Fraction(p.score)
    sizes = {sum(n) for n in sides.values()}
    if len(sizes) > 1:
        raise ResultError(
            f"{teams}: the contesting teams must be of the same number, not {sorted(sizes)} pairs"
        )
    rounded = dict(exact)
    for team, (ns, ew) in sides.items():
        if abs(ns - ew) > 1:
            raise ResultError(
                f"{teams}: one-half of a team's pairs, or as near as possible, sit North-South; "
                f"{team} has {ns} and {ew}"
            )
        if ns == ew:
            continue
        opposite = 1 if ns > ew else 0
        if not by_side[opposite]:
            raise ResultError(f"{law}: no pairs sit opposite {team}'s odd pair")
        avg = sum(by_side[opposite], Fraction(0)) / len(by_side[opposite])
        exact[team] += avg
        rounded[team] += round_law6(avg)
    return exact, rounded


def deal_average(scores: Sequence[Number], code: CodeLike = "daw") -> int:
    """The average score for a deal not played (or not overplayed) at a table:
    Goodfellow law 51 C, AWL laws IV §9-10 and V §1 ("shall take the average
    score"), taken to the nearest whole number (law 6)."""
    if not scores:
        raise ResultError(
            f"{find_code(code).cite('deal_average')}: the deal was played at no other table; "
            "there is no average"
        )
    return round_law6(sum((Fraction(s) for s in scores), Fraction(0)) / len(scores))


def lowest_score(scores: Sequence[Number], code: CodeLike = "whist") -> Fraction:
    """1894 law E III: a player short of cards whose partner held the surplus:
    "his team is given the lowest score made at any table for that deal"."""
    if not scores:
        raise ResultError(f"{find_code(code).cite('lowest_score')}: no table played the deal")
    return min(Fraction(s) for s in scores)


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """A match between two contestants over the trays both played: the tricks
    (or points) each took on them."""

    a: str
    b: str
    score_a: Number
    score_b: Number


def each_against_each(
    matches: Iterable[HeadToHead],
    title: str = "Matches won",
    code: CodeLike = "whist",
    topic: str = "howell_teams",
) -> Ranking:
    """Howell teams, four and six pairs: "The winner is the team that wins the
    most matches; not the one that gains the most tricks. In case of ties, the
    number of tricks won must decide. If the number of tricks taken by each
    side is a tie in any match, the score is marked zero, and each team
    counts half a match won." Each match is won by the excess over half its
    total (1894 law A); the tricks gained and lost add up to the tiebreak.
    ``topic`` is the law cited: ``howell_teams`` or ``pairs_matches``."""
    law = find_code(code).cite(topic)
    won: dict[str, Fraction] = {}
    net: dict[str, Fraction] = {}
    seen: set[frozenset[str]] = set()
    for m in matches:
        key = frozenset((m.a, m.b))
        if m.a == m.b:
            raise ResultError(f"{law}: {m.a} cannot play a match against itself")
        if key in seen:
            raise ResultError(f"{law}: {m.a} and {m.b} meet in one match only")
        seen.add(key)
        half = Fraction(Fraction(m.score_a) + Fraction(m.score_b), 2)
        margin = Fraction(m.score_a) - half
        for cid, sign in ((m.a, 1), (m.b, -1)):
            won.setdefault(cid, Fraction(0))
            net[cid] = net.get(cid, Fraction(0)) + sign * margin
        if margin > 0:
            won[m.a] += 1
        elif margin < 0:
            won[m.b] += 1
        else:
            won[m.a] += Fraction(1, 2)
            won[m.b] += Fraction(1, 2)
    if not won:
        raise ResultError(f"{law}: no matches to rank")
    rows = [(cid, won[cid], won[cid], net[cid], "") for cid in won]
    return Ranking(title, law, _place(rows))


def compass(
    ns: Mapping[str, Number],
    ew: Mapping[str, Number],
    after_average: Mapping[str, Number] | None = None,
    code: CodeLike = "whist",
) -> tuple[Ranking, Ranking, tuple[str, ...]]:
    """Compass whist: "each side, N & S and E & W, is then added up in order to
    find the average, and all scores above average are plus, while all below
    average are minus." The winners are the best pair each way; "the pair
    having won the greatest number of tricks above the average" wins overall.

    ``after_average`` are tricks taken from a pair once the averages are
    made (law X §4: a revoking pair's full penalty). Returns the N-S and E-W
    rankings and the overall winners.
    """
    c = find_code(code)
    later = dict(after_average or {})
    rankings = []
    for side, scores in zip(Side, (ns, ew), strict=True):
        name = side.short
        r = against_average(scores, c, f"Compass whist: {name}", name)
        if any(cid in scores for cid in later):
            rows = [
                (s.id, s.score - later.get(s.id, 0), s.result - later.get(s.id, 0), None, name)
                for s in r.standings
            ]
            r = Ranking(
                r.title,
                r.law,
                _place(rows),
                r.average,
                r.average_taken,
                r.fraction_kept,
                (*r.notes, f"{c.cite('revoke')}: revoke penalties completed after the averages"),
            )
        rankings.append(
            Ranking(
                r.title,
                c.cite("compass"),
                r.standings,
                r.average,
                r.average_taken,
                r.fraction_kept,
                r.notes,
            )
        )
    best = max(s.result for r in rankings for s in r.standings)
    winners = tuple(s.id for r in rankings for s in r.standings if s.result == best)
    return rankings[0], rankings[1], winners


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One play of a tray: the contestants each way and what each side scored."""

    tray: int
    ns: str
    ew: str
    ns_score: Number
    ew_score: Number


def plus_minus_by_deal(
    plays: Iterable[PlayedDeal], title: str = "Plus and minus by deals", code: CodeLike = "whist"
) -> Ranking:
    """Each play set against the average of its tray in its direction, summed
    for each contestant (the compass averaging, deal by deal, for movements
    in which contestants change direction: Howell pairs, individuals)."""
    rows = list(plays)
    by_tray: dict[int, tuple[list[Fraction], list[Fraction]]] = {}
    for p in rows:
        t = by_tray.setdefault(p.tray, ([], []))
        t[0].append(Fraction(p.ns_score))
        t[1].append(Fraction(p.ew_score))
    total: dict[str, Fraction] = {}
    made: dict[str, Fraction] = {}
    for p in rows:
        ns_scores, ew_scores = by_tray[p.tray]
        ns_avg = sum(ns_scores, Fraction(0)) / len(ns_scores)
        ew_avg = sum(ew_scores, Fraction(0)) / len(ew_scores)
        for cid, got, avg in ((p.ns, p.ns_score, ns_avg), (p.ew, p.ew_score, ew_avg)):
            total[cid] = total.get(cid, Fraction(0)) + Fraction(got) - avg
            made[cid] = made.get(cid, Fraction(0)) + Fraction(got)
    law = find_code(code).cite("compass")
    return Ranking(title, law, _place([(c, made[c], total[c], None, "") for c in total]))


def safford(groups: Iterable[Mapping[str, Number]], code: CodeLike = "whist") -> Ranking:
    """Safford's balance sheet: within each comparison (the players who held
    the same cards), "call the top score zero, and charge all players with
    the loss of as many tricks as their total is short of the top score."
    The winner loses the fewest tricks."""
    losses: dict[str, Fraction] = {}
    made: dict[str, Fraction] = {}
    for g in groups:
        if not g:
            continue
        top = max(Fraction(v) for v in g.values())
        for cid, v in g.items():
            losses[cid] = losses.get(cid, Fraction(0)) + top - Fraction(v)
            made[cid] = made.get(cid, Fraction(0)) + Fraction(v)
    law = find_code(code).cite("safford")
    if not losses:
        raise ResultError(f"{law}: no scores to balance")
    rows = [(c, made[c], -losses[c], None, "") for c in losses]
    return Ranking("Top score zero, losses charged", law, _place(rows))


@dataclass(frozen=True, slots=True)
class PairRevoke:
    """Revokes by one side on a deal in a pair match: the side (0 N-S, 1 E-W),
    how many, and the tricks it had won before the first (if known)."""

    side: int
    count: int = 1
    before: int | None = None


@dataclass(frozen=True, slots=True)
class RevokeScore:
    """A revoke deal in a pair match (law X §4, second paragraph).

    ``made`` is the score "recorded as made"; ``for_average`` the scores that
    enter the averages and the other players' standing (the penalty clamped
    to the maximum and minimum made at the other tables); ``final`` the
    scores once the revoking pair has suffered the full penalty. ``marks`` is
    ``("-R", "+R")`` or the reverse, the N-S mark first."""

    made: tuple[int, int]
    for_average: tuple[int, int]
    final: tuple[int, int]
    marks: tuple[str, str]

    @property
    def after_average(self) -> int:
        """Tricks taken from the revoking side after the averages are made."""
        return sum(self.for_average) - sum(self.final)


def pair_revoke(
    made: tuple[int, int],
    revoke: PairRevoke,
    others: Sequence[tuple[int, int]],
    code: CodeLike = "whist",
) -> RevokeScore:
    """Law X §4 in pair matches. The penalty is two tricks for the first
    revoke and one for each later one, never taking tricks won before the
    first revoke. It "shall not increase the score of the opponents of the
    revoking players above the maximum, as made at the other tables ...
    provided ... that if the opponents win more tricks than such maximum,
    independently of the revoke penalty, their score shall stand as made.
    Nor shall the score of the revoking players be reduced ... below the
    minimum so made at the other tables until the averages for the match and
    the relative scores of the other players have been determined; the score
    of the revoking players shall then, if necessary, be further reduced, so
    that in all cases they shall suffer the full penalty."
    """
    c = find_code(code)
    law = c.cite("revoke")
    if not isinstance(c.revoke, RevokeTransfer):
        raise ResultError(f"{law}: {c.key}'s revoke is not paid by a transfer of tricks")
    if revoke.side not in (0, 1) or revoke.count < 1:
        raise ResultError(f"{law}: a revoke by side 0 (N-S) or 1 (E-W), at least one")
    if sum(made) != 13 or min(made) < 0:
        raise ResultError(f"{law}: the tricks made at a deal add up to 13, not {made}")
    if not others:
        raise ResultError(
            f"{law}: the maximum and minimum are those made at the other tables; there are none"
        )
    r, o = revoke.side, 1 - revoke.side
    before = revoke.before or 0
    if before > made[r]:
        raise ResultError(f"{law}: {before} tricks won before the revoke, but {made[r]} in all")
    penalty = c.revoke.penalty(revoke.count)
    r_full = max(made[r] - penalty, before)
    moved = made[r] - r_full
    most = max(t[o] for t in others)
    least = min(t[r] for t in others)
    o_score = made[o] if made[o] >= most else min(made[o] + moved, most)
    r_avg = made[r] if made[r] <= least else max(r_full, least)
    for_average = [0, 0]
    for_average[o], for_average[r] = o_score, r_avg
    final = [0, 0]
    final[o], final[r] = o_score, r_full
    marks = ("-R", "+R") if r == 0 else ("+R", "-R")
    return RevokeScore(made, (for_average[0], for_average[1]), (final[0], final[1]), marks)
