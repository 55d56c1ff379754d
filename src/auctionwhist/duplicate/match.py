"""A whole duplicate match: trays dealt, every play of every tray at its table
by pluggable players, the score-cards, travellers and the result by the laws.

The schedule (a movement) says who sits where with which trays; the trays are
dealt once (Goodfellow "Trays": the cards stay in their four packets for the
overplay) and each play gives the table the tray's deal turned as the tray
lies (law 115). Each deal is scored alone by its table (``Table.score``):
daw always does (law 7), the other auction codes by docs/decisions.md ("each
deal alone"), whist counts every trick (1894 law A). A Duplicate Whist revoke
is scored again as the tray's other plays come in (AWL X §4: the average).
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..cards import Deal, Seat
from ..codes import Code, find_code
from ..records import Event
from ..scoring import DealScore
from ..table import Mode, Table
from .results import (
    HeadToHead,
    MatchResult,
    PlayedDeal,
    Ranking,
    against_average,
    compass,
    each_against_each,
    plus_minus_by_deal,
    safford,
    two_teams,
)
from .schedule import Kind, Schedule, Sitting, TrayPlay
from .scorecard import CardEntry, ScoreCard, reconcile, render_cards
from .traveller import Traveller, TravellerLine, render_result, render_travellers
from .trays import Tray, make_trays

__all__ = [
    "Match",
    "MatchPlay",
    "Player",
    "average_elsewhere",
    "play_match",
    "settle",
]

# A player takes one action at the table for whoever is to act.
Player = Callable[[Table, random.Random], None]

SEAT_NAMES = "NESW"


@dataclass(frozen=True, slots=True)
class MatchPlay:
    """One play of a tray at one table: the sitting, the deal as held, the log
    and the score (by the table's own seats)."""

    sitting: Sitting
    tray_play: TrayPlay
    deal: Deal
    events: tuple[Event, ...]
    score: DealScore

    @property
    def tray(self) -> int:
        return self.tray_play.tray

    def side_score(self, side: int) -> int:
        """What the table's N-S (0) or E-W (1) scored: points, or tricks at whist."""
        return self.score.total(side)

    def tricks(self, side: int) -> int:
        """The tricks the table's N-S (0) or E-W (1) won in play, before any
        revoke penalty moved them."""
        r = self.score.result
        ns = r.tricks if r.declarer is None or r.declarer.side == 0 else 13 - r.tricks
        return ns if side == 0 else 13 - ns

    def tray_side(self, tray_side: int) -> int:
        """The table side that held the tray's N-S (0) or E-W (1) hands."""
        return (tray_side + int(self.tray_play.north_at)) % 2

    def holder(self, hand: Seat) -> str | None:
        """The player who held the tray's ``hand``."""
        return self.sitting.seats[self.tray_play.holder(hand)]

    def holders(self, tray_side: int) -> tuple[str, ...]:
        """The contestants who held the tray's N-S (0) or E-W (1) hands."""
        side = self.tray_side(tray_side)
        return self.sitting.ns if side == 0 else self.sitting.ew


def average_elsewhere(play: MatchPlay, others: Iterable[MatchPlay]) -> float | None:
    """The tricks won in play, on average, by the hands ``play``'s North-South
    held, at the other plays of its tray (AWL X §4: "the average on the deal
    in which the revoke occurs"); None before any other play. Tricks as made,
    so that two revokes on one tray do not depend on each other's penalty."""
    held = play.tray_play.hand_at(Seat.NORTH).side
    won = [
        q.tricks(q.tray_side(held))
        for q in others
        if q.tray == play.tray and q is not play and not q.score.void
    ]
    return sum(won) / len(won) if won else None


def settle(play: MatchPlay, others: Iterable[MatchPlay]) -> MatchPlay:
    """``play`` scored by its table with the average of the tray's ``others``:
    a revoking side may not score more than the average, nor its adversaries
    less (AWL X §4). The table decides whether its code has such a limit."""
    if not play.score.result.revokes:
        return play
    average = average_elsewhere(play, others)
    if average is None or average == play.score.result.average:
        return play
    table = Table.from_events(play.events)
    return replace(play, score=table.score(average, duplicate=play.score.result.duplicate))


@dataclass
class Match:
    """A match under way or played: its code, schedule, trays and plays."""

    code: Code
    schedule: Schedule
    trays: dict[int, Tray]
    seed: int | None = None
    plays: list[MatchPlay] = field(default_factory=list)
    # Where each tray's plays are in ``plays``, for the first ``_indexed`` plays.
    _by_tray: dict[int, list[int]] = field(default_factory=dict, init=False, repr=False)
    _indexed: int = field(default=0, init=False, repr=False)

    def add(self, play: MatchPlay) -> MatchPlay:
        """Add a play of a tray, and score the tray's plays with a revoke again
        with the new average (AWL X §4); the play as added is returned."""
        self.plays.append(play)
        for i in range(self._indexed, len(self.plays)):
            self._by_tray.setdefault(self.plays[i].tray, []).append(i)
        self._indexed = len(self.plays)
        same = self._by_tray[play.tray]
        tray = [self.plays[i] for i in same]
        if any(q.score.result.revokes for q in tray):
            for i in same:
                self.plays[i] = settle(self.plays[i], tray)
        return self.plays[-1]

    # -- the result --------------------------------------------------------------

    def result(self) -> MatchResult:
        """The result by the laws of the code, for the kind of movement."""
        s = self.schedule
        rankings: list[Ranking] = []
        notes: list[str] = []
        if s.kind is Kind.TEAM:
            agg = self.aggregates()
            if len(agg) == 2:
                (a, ta), (b, tb) = agg.items()
                if self.code.match.two_teams == "average":
                    rankings.append(against_average(agg, self.code))
                else:
                    rankings.append(two_teams(a, int(ta), b, int(tb), self.code))
            else:
                rankings.append(self._matches("Matches won (Howell)"))
                rankings.append(against_average(agg, self.code))
        elif s.kind is Kind.PAIR:
            fixed = self._fixed_directions()
            if fixed is not None:
                ns, ew = fixed
                r_ns, r_ew, winners = compass(ns, ew, code=self.code)
                return MatchResult(
                    self.code.key, s.name, (r_ns, r_ew), winners, tuple(self._notes())
                )
            if all(c.matches for c in s.comparisons):
                rankings.append(self._matches("Each pair against each: matches won"))
            else:
                rankings.append(plus_minus_by_deal(self._played_deals(), code=self.code))
        else:
            if s.name in ("safford-individuals", "married-couples"):
                rankings.append(safford(self._safford_groups(), self.code))
            else:
                rankings.append(self._individual_plus_minus())
        if s.notes:
            notes.extend(s.notes)
        first = rankings[0]
        winners = first.leaders
        return MatchResult(self.code.key, s.name, tuple(rankings), winners, tuple(notes))

    def _notes(self) -> list[str]:
        return list(self.schedule.notes)

    def aggregates(self) -> dict[str, int]:
        """Each team's aggregate of the scores its members made (law 3; 1894 law A)."""
        agg: dict[str, int] = {c.id: 0 for c in self.schedule.contestants}
        for p in self.plays:
            for side, who in ((0, p.sitting.ns), (1, p.sitting.ew)):
                for cid in who:
                    if cid in agg:
                        agg[cid] += p.side_score(side)
        return agg

    def _play_at(self) -> dict[tuple[int, int, int], MatchPlay]:
        return {(p.sitting.round, p.sitting.table, p.tray): p for p in self.plays}

    def _matches(self, title: str) -> Ranking:
        """Head-to-head matches from the schedule's comparisons (Howell teams,
        pairs each against each): the contestants who held the same cards of a
        tray, each scoring what its side made in the plays compared."""
        at = self._play_at()
        totals: dict[tuple[str, str], list[int]] = {}
        for comp in self.schedule.comparisons:
            plays = [at.get((ref.round, ref.table, ref.tray)) for ref in comp.plays]
            for x, y in comp.matches:
                key = (x, y) if (y, x) not in totals else (y, x)
                got = totals.setdefault(key, [0, 0])
                for p in plays:
                    if p is None:
                        continue
                    for side, who in ((0, p.sitting.ns), (1, p.sitting.ew)):
                        if key[0] in who:
                            got[0] += p.side_score(side)
                        if key[1] in who:
                            got[1] += p.side_score(side)
        topic = "howell_teams" if self.schedule.kind is Kind.TEAM else "pairs_matches"
        return each_against_each(
            (HeadToHead(a, b, sa, sb) for (a, b), (sa, sb) in totals.items()),
            title,
            self.code,
            topic,
        )

    def _fixed_directions(self) -> tuple[dict[str, int], dict[str, int]] | None:
        """Compass: each pair always N-S or always E-W; their totals each way."""
        ns: dict[str, int] = defaultdict(int)
        ew: dict[str, int] = defaultdict(int)
        for p in self.plays:
            for cid in p.sitting.ns:
                ns[cid] += p.side_score(0)
            for cid in p.sitting.ew:
                ew[cid] += p.side_score(1)
        if set(ns) & set(ew) or not ns or not ew:
            return None
        if not all(c.field for c in self.schedule.comparisons):
            return None
        return dict(ns), dict(ew)

    def _played_deals(self) -> list[PlayedDeal]:
        out = []
        for p in self.plays:
            if not p.sitting.ns or not p.sitting.ew:
                continue
            ns, ew = p.holders(0), p.holders(1)
            a, b = p.tray_side(0), p.tray_side(1)
            out.append(PlayedDeal(p.tray, ns[0], ew[0], p.side_score(a), p.side_score(b)))
        return out

    def _safford_groups(self) -> list[dict[str, int]]:
        """Safford: each player's tricks in a set, compared with the player who
        held the same hands at the other table of the set."""
        groups: dict[tuple[Any, ...], dict[str, int]] = defaultdict(dict)
        for comp in self.schedule.comparisons:
            tables = tuple(sorted((ref.round, ref.table) for ref in comp.plays))
            at = self._play_at()
            for ref in comp.plays:
                p = at.get((ref.round, ref.table, ref.tray))
                if p is None:
                    continue
                for hand in Seat:
                    who = p.holder(hand)
                    if who is None:
                        continue
                    g = groups[(tables, int(hand))]
                    g[who] = g.get(who, 0) + p.side_score(p.tray_play.holder(hand).side)
        return list(groups.values())

    def _individual_plus_minus(self) -> Ranking:
        """Each player's tricks on each tray hand he held against the average
        of all who held it (the tabulation of tricks lost or won)."""
        by: dict[tuple[int, int], list[tuple[str, int]]] = defaultdict(list)
        for p in self.plays:
            for hand in Seat:
                who = p.holder(hand)
                if who is not None:
                    by[(p.tray, int(hand))].append(
                        (who, p.side_score(p.tray_play.holder(hand).side))
                    )
        total: dict[str, Fraction] = defaultdict(Fraction)
        for held in by.values():
            avg = Fraction(sum(t for _, t in held), len(held))
            for who, t in held:
                total[who] += t - avg
        return against_average(
            {k: v for k, v in total.items()}, self.code, "Tricks won or lost by each player"
        )

    # -- cards and travellers ---------------------------------------------------------

    def cards(self) -> list[ScoreCard]:
        """Each table's cards, original play and overplay, kept by each side;
        the two compared by law 4 (E-W's record stands where unchecked)."""
        groups: dict[tuple[int, bool], list[MatchPlay]] = defaultdict(list)
        for p in self.plays:
            groups[(p.sitting.table, p.tray_play.overplay)].append(p)
        out: list[ScoreCard] = []
        for (table, overplay), plays in sorted(groups.items()):
            players: list[str] = []
            for p in plays:
                for who in p.sitting.seats:
                    if who is not None and who not in players:
                        players.append(who)
            teams = (plays[0].sitting.ns[0] if plays[0].sitting.ns else "",
                     plays[0].sitting.ew[0] if plays[0].sitting.ew else "")  # fmt: skip
            entries = [self._entry(p, players) for p in plays]
            for chunk in range(0, len(entries), 12):
                part = entries[chunk : chunk + 12]
                title = f"table {table}, {'overplay' if overplay else 'original play'}"
                if len(entries) > 12:
                    title += f", deals {part[0].number}-{part[-1].number}"
                ns_card = ScoreCard(
                    self.code, table, 0, overplay, teams, tuple(players), list(part), title
                )
                ew_card = ScoreCard(
                    self.code, table, 1, overplay, teams, tuple(players), list(part), title
                )
                reconcile(ns_card, ew_card)
                out += [ns_card, ew_card]
        return out

    def _entry(self, p: MatchPlay, players: Sequence[str]) -> CardEntry:
        def partners(a: Seat) -> str:
            ids = [p.sitting.seats[a], p.sitting.seats[a.partner]]
            return " & ".join(str(players.index(i) + 1) for i in ids if i is not None)

        entry = CardEntry.from_score(
            p.tray, p.score, (partners(Seat.NORTH), partners(Seat.EAST)), trump=p.deal.turned
        )
        if self.code.match.score_card == "trick":
            gain = self._whist_gain(p)
            if gain is not None:
                entry = replace(entry, gain_on_comparison=gain)
        return entry

    def _whist_gain(self, p: MatchPlay) -> int | None:
        """The table's N-S tricks against those taken with the same cards at the
        other play of the tray (the "loss or gain" when the cards are compared)."""
        others = [q for q in self.plays if q.tray == p.tray and q is not p]
        if len(others) != 1:
            return None
        q = others[0]
        held = q.tray_side(p.tray_play.hand_at(Seat.NORTH).side)
        return p.side_score(0) - q.side_score(held)

    def travellers(self) -> list[Traveller]:
        out: dict[int, Traveller] = {}
        for p in self.plays:
            tray = self.trays[p.tray]
            slip = tray.slip
            t = out.setdefault(
                p.tray,
                Traveller(p.tray, tray.dealer.name.title(), "" if slip is None else str(slip)),
            )
            r = p.score.result
            declarer = ""
            if r.declarer is not None:
                declarer = SEAT_NAMES[p.tray_play.hand_at(r.declarer)]
            a, b = p.tray_side(0), p.tray_side(1)
            tricks = p.score.result.tricks
            if r.declarer is not None:
                decl_side = p.tray_play.hand_at(r.declarer).side
                tricks = r.tricks if decl_side == 0 else 13 - r.tricks
            elif a == 1:
                tricks = 13 - r.tricks
            t.add(
                TravellerLine(
                    p.sitting.round,
                    p.sitting.table,
                    p.tray_play.overplay,
                    "/".join(p.holders(0)),
                    "/".join(p.holders(1)),
                    "" if r.contract is None else str(r.contract),
                    declarer,
                    tricks,
                    (p.side_score(a), p.side_score(b)),
                    p.tray_play.overplay and tray.transposition is not None,
                )
            )
        return [out[k] for k in sorted(out)]

    # -- output -------------------------------------------------------------------

    def write(self, out: Path) -> dict[str, Path]:
        """Write the cards, travellers and result (HTML and JSON) to ``out``."""
        out.mkdir(parents=True, exist_ok=True)
        title = f"{self.code.title}: {self.schedule.name}"
        cards = self.cards()
        travellers = self.travellers()
        result = self.result()
        files = {
            "cards.html": render_cards(cards, f"Score cards — {title}"),
            "travellers.html": render_travellers(travellers, f"Travellers — {title}"),
            "result.html": render_result(result, f"Result — {title}"),
        }
        paths: dict[str, Path] = {}
        for name, text in files.items():
            paths[name] = out / name
            paths[name].write_text(text, encoding="utf-8")
        data: dict[str, Any] = {
            "cards.json": [c.to_json() for c in cards],
            "travellers.json": [t.to_json() for t in travellers],
            "result.json": {**result.to_json(), "seed": self.seed, "trays": len(self.trays),
                            "plays": len(self.plays)},
        }  # fmt: skip
        for name, obj in data.items():
            paths[name] = out / name
            paths[name].write_text(json.dumps(obj, indent=2, ensure_ascii=False) + "\n")
        return paths


def play_match(
    code: Code | str,
    schedule: Schedule,
    seed: int | None = None,
    *,
    player: Player,
    foster: bool = False,
    longest: int | None = None,
    on_play: Callable[[MatchPlay], None] | None = None,
    mode: Mode | str = Mode.ENFORCE,
) -> Match:
    """Deal the trays and play every play of the schedule with ``player`` in
    every seat (``robots.robots_at_table()`` for robots: the caller chooses, so
    the duplicate layer needs no robots); ``mode``
    "laws" lets irregularities happen and the laws rule on them."""
    c = find_code(code)
    rng = random.Random(seed)
    trays = {
        t.number: t
        for t in make_trays(
            c, len(schedule.trays), rng=random.Random(rng.getrandbits(64)), foster=foster,
            longest=longest,
        )
    }  # fmt: skip
    act = player
    match = Match(c, schedule, trays, seed)
    for sitting, tp in schedule.plays():
        deal = trays[tp.tray].deal_at(tp.north_at, tp.overplay)
        table = Table(c, deal, mode)
        while not table.is_over:
            act(table, rng)
        mp = match.add(MatchPlay(sitting, tp, deal, table.events, table.score(duplicate=True)))
        if on_play is not None:
            on_play(mp)
    return match
