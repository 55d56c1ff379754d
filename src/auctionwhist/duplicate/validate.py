"""Check that a schedule keeps what its movement promises.

Generic checks (every movement): nobody in two places in a round; each tray
dealt once and played the intended number of times, never at two tables at
the same moment; no player plays a deal twice (Goodfellow law 1), except in
single-table duplicate, where each plays it twice, the second time holding a
hand an adversary held, with the tray turned (laws 114, 115); every
comparison sets side by side players who held the same cards. Then each
movement's own promises: who meets whom, who is compared with whom, and the
N-S/E-W balance.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..cards import Seat
from .schedule import Kind, MovementError, Schedule, Sitting, TrayPlay

__all__ = ["Check", "Report", "ScheduleError", "check", "validate"]


class ScheduleError(MovementError):
    """A schedule breaks a promise of its movement."""


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Report:
    movement: str
    tables: int
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)


def check(schedule: Schedule) -> Report:
    """Validate, raising :class:`ScheduleError` on the first broken promise."""
    report = validate(schedule)
    for c in report.failures:
        raise ScheduleError(f"{schedule.name} at {schedule.tables} tables: {c.name}: {c.detail}")
    return report


def validate(schedule: Schedule) -> Report:
    checks = [
        _one_place(schedule),
        _tray_plays(schedule),
        _law_1_or_114(schedule),
        _comparisons(schedule),
    ]
    promise = PROMISES.get(schedule.name)
    if promise is not None:
        checks += promise(schedule)
    return Report(schedule.name, schedule.tables, tuple(checks))


def _ok(name: str, problems: list[str], good: str) -> Check:
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        return Check(name, False, "; ".join(problems[:3]) + more)
    return Check(name, True, good)


def _one_place(s: Schedule) -> Check:
    problems = []
    for r in s.rounds:
        seen = Counter(p for st in r.sittings for p in st.seats if p)
        problems += [f"{p} in two places in round {r.number}" for p, n in seen.items() if n > 1]
        tables = Counter(st.table for st in r.sittings)
        problems += [f"table {t} twice in round {r.number}" for t, n in tables.items() if n > 1]
        problems += [
            f"table {st.table} out of range" for st in r.sittings if not 1 <= st.table <= s.tables
        ]
    return _ok(
        "nobody in two places", problems, f"{len(s.players)} players, {len(s.rounds)} rounds"
    )


def _timed(s: Schedule) -> list[tuple[int, int, Sitting, TrayPlay]]:
    """Every play with its moment: (round, step within the round)."""
    return [(st.round, k, st, tp) for st in s.sittings() for k, tp in enumerate(st.trays)]


def _tray_plays(s: Schedule) -> Check:
    problems = []
    plays: dict[int, list[tuple[int, int, Sitting, TrayPlay]]] = defaultdict(list)
    for rec in _timed(s):
        plays[rec[3].tray].append(rec)
    for tray in s.trays:
        ps = sorted(plays[tray], key=lambda x: (x[0], x[1]))
        if len(ps) != s.plays_per_tray:
            problems.append(f"tray {s.label(tray)} played {len(ps)} times, not {s.plays_per_tray}")
        originals = [p for p in ps if not p[3].overplay]
        if len(originals) != 1 or (ps and ps[0][3].overplay):
            problems.append(f"tray {s.label(tray)} is not dealt once, before its overplays")
        moments = Counter((p[0], p[1]) for p in ps)
        problems += [
            f"tray {s.label(tray)} at two tables at once in round {m[0]}"
            for m, n in moments.items()
            if n > 1
        ]
    total = sum(len(v) for v in plays.values())
    return _ok(
        "each tray dealt once, played as intended",
        problems,
        f"{len(s.trays)} trays, each played {s.plays_per_tray} times ({total} plays)",
    )


def _law_1_or_114(s: Schedule) -> Check:
    held: dict[tuple[str, int], list[tuple[Sitting, TrayPlay, Seat]]] = defaultdict(list)
    for st in s.sittings():
        for tp in st.trays:
            for seat in Seat:
                p = st.seats[seat]
                if p:
                    held[(p, tp.tray)].append((st, tp, seat))
    problems = []
    if not s.memory:
        problems = [
            f"{p} plays tray {s.label(t)} {len(v)} times"
            for (p, t), v in held.items()
            if len(v) > 1
        ]
        return _ok("law 1: each deal played once only by each player", problems, "no repeats")
    for (p, t), v in held.items():
        if len(v) != 2:
            problems.append(f"{p} plays tray {s.label(t)} {len(v)} times, not twice")
            continue
        (st1, tp1, seat1), (_, tp2, seat2) = v
        if tp2.north_at is not Seat.EAST:
            problems.append(f"tray {s.label(t)}: North side not placed to the East (law 115)")
        first_holder = st1.seats[tp1.holder(tp2.hand_at(seat2))]
        if first_holder is None or st1.seats[seat1.partner] == first_holder or first_holder == p:
            problems.append(f"{p} on tray {s.label(t)} holds a hand not held by an adversary")
    return _ok(
        "laws 114-115: every deal twice, an adversary's hand, tray turned",
        problems,
        "each player plays each deal twice, the second time an adversary's hand",
    )


def _comparisons(s: Schedule) -> Check:
    problems = []
    index = {(st.round, st.table): st for st in s.sittings()}
    compared: set[int] = set()
    for c in s.comparisons:
        compared.add(c.tray)
        plays = []
        for pl in c.plays:
            st = index.get((pl.round, pl.table))
            tps = [tp for tp in st.trays if tp.tray == c.tray] if st else []
            if pl.tray != c.tray or not tps or st is None:
                problems.append(f"tray {c.tray}: no play at round {pl.round} table {pl.table}")
                continue
            plays.append((st, tps[0]))
        individual = s.kind is Kind.PLAYER
        for a, b in c.matches:
            if not _held_same(plays, a, b, individual):
                problems.append(f"tray {s.label(c.tray)}: {a} and {b} never held the same cards")
    problems += [f"tray {s.label(t)} is never compared" for t in s.trays if t not in compared]
    return _ok(
        "comparisons set the same cards side by side",
        problems,
        f"{len(s.comparisons)} comparisons, {sum(len(c.matches) for c in s.comparisons)} matches",
    )


def _holders(st: Sitting, tp: TrayPlay, individual: bool) -> dict[str, set[Seat]]:
    out: dict[str, set[Seat]] = defaultdict(set)
    for hand in Seat:
        seat = tp.holder(hand)
        who = [st.seats[seat]] if individual else list(st.side_of(seat))
        for w in who:
            if w:
                out[w].add(hand)
    return out


def _held_same(plays: list[tuple[Sitting, TrayPlay]], a: str, b: str, individual: bool) -> bool:
    for (s1, t1), (s2, t2) in itertools.permutations(plays, 2):
        if s1 is s2:
            continue
        if _holders(s1, t1, individual).get(a, set()) & _holders(s2, t2, individual).get(b, set()):
            return True
    return False


# -- each movement's own promises ------------------------------------------------


def _matched(s: Schedule) -> Counter[frozenset[str]]:
    """How many trays each two contestants are matched on."""
    out: Counter[frozenset[str]] = Counter()
    for c in s.comparisons:
        for a, b in {frozenset(m) for m in c.matches}:
            out[frozenset((a, b))] += 1
    return out


def _adversaries(s: Schedule) -> Counter[frozenset[str]]:
    """How many rounds each two contestants sit against each other (and play)."""
    out: Counter[frozenset[str]] = Counter()
    for st in s.sittings():
        if st.trays:
            for a in st.ns:
                for b in st.ew:
                    if a != b:
                        out[frozenset((a, b))] += 1
    return out


def _all_pairs(ids: Iterable[str]) -> list[frozenset[str]]:
    return [frozenset(x) for x in itertools.combinations(ids, 2)]


def _every_pair(
    name: str, counts: Counter[frozenset[str]], ids: Iterable[str], times: int | None
) -> Check:
    pairs = _all_pairs(ids)
    want = times if times is not None else (counts[pairs[0]] if pairs else 0)
    problems = [
        f"{'-'.join(sorted(p))} {counts[p]} times, not {want}"
        for p in pairs
        if counts[p] != want or want == 0
    ]
    return _ok(name, problems, f"{len(pairs)} couples of contestants, each {want} times")


def _ids(s: Schedule) -> list[str]:
    return [c.id for c in s.contestants]


def _card_balance(s: Schedule, slack: int) -> Check:
    """Each contestant holds N-S cards and E-W cards as often (within ``slack`` deals)."""
    ns: Counter[str] = Counter()
    ew: Counter[str] = Counter()
    for st in s.sittings():
        for tp in st.trays:
            for who, hands in _holders(st, tp, s.kind is Kind.PLAYER).items():
                for h in hands:
                    (ns if h.side == 0 else ew)[who] += 1
    problems = [f"{c}: {ns[c]} N-S, {ew[c]} E-W" for c in _ids(s) if abs(ns[c] - ew[c]) > slack]
    detail = "each holds N-S and E-W cards equally" + (f" (within {slack})" if slack else "")
    return _ok("N-S/E-W balance", problems, detail)


def _plays_every_tray(s: Schedule, missing: int = 0) -> Check:
    """Each pair (of a team) plays every tray, short of ``missing`` at most."""
    got: dict[str, set[int]] = defaultdict(set)
    for st in s.sittings():
        for tp in st.trays:
            for c in (*st.ns, *st.ew):
                got[c].add(tp.tray)
    per = max(len(st.trays) for st in s.sittings())
    problems = [
        f"{c} plays {len(got[c])} of {len(s.trays)} trays"
        for c in _ids(s)
        if len(s.trays) - len(got[c]) > missing * per
    ]
    return _ok("every contestant plays every tray", problems, f"{len(s.trays)} trays each")


def _teams_two(s: Schedule) -> list[Check]:
    return [
        _every_pair("the two sides matched on every tray", _matched(s), _ids(s), len(s.trays)),
        _card_balance(s, 0),
    ]


def _howell_teams(s: Schedule) -> list[Check]:
    per = len(s.trays) // s.tables
    return [
        _every_pair("every two teams play a match", _matched(s), _ids(s), per),
        _card_balance(s, 0),
    ]


def _gilman(s: Schedule) -> list[Check]:
    if s.tables % 2:
        return _howell_teams(s)
    # even: every N-S pair meets every other team's E-W pair once; all play every tray
    return [
        _every_pair("every two teams meet twice (N-S and E-W)", _adversaries(s), _ids(s), 2),
        _plays_every_tray(s),
        _card_balance(s, 0),
    ]


def _pairs_matched(s: Schedule) -> list[Check]:
    return [_every_pair("every two pairs play a match", _matched(s), _ids(s), None)]


def _six_pairs(s: Schedule) -> list[Check]:
    counts = _matched(s)
    pairs = _all_pairs(_ids(s))
    problems = [f"{'-'.join(sorted(p))} never matched" for p in pairs if not counts[p]]
    return [_ok("every two pairs play a match", problems, "15 matches, each pair against each")]


def _two_pairs(s: Schedule) -> list[Check]:
    return [_card_balance(s, 0)]


def _howell_pairs(s: Schedule) -> list[Check]:
    odd = len(s.contestants) % 2
    per = max(len(st.trays) for st in s.sittings())
    return [
        _every_pair("every two pairs meet once", _adversaries(s), _ids(s), 1),
        _plays_every_tray(s, missing=odd),
        # an even number of pairs plays an odd number of rounds: one round over
        _card_balance(s, 0 if odd else 2 * per),
    ]


def _compass(s: Schedule) -> list[Check]:
    ns = [c.id for c in s.contestants if c.id.endswith("NS")]
    ew = [c.id for c in s.contestants if c.id.endswith("EW")]
    adv = _adversaries(s)
    problems = []
    still = _stationary(s)
    for a in ns:
        for b in ew:
            if a[:-2] == b[:-2] and a[:-2] in still:
                continue  # method 1: the stationary table's own four
            n = adv[frozenset((a, b))]
            if n > 1:
                problems.append(f"{a} meets {b} {n} times")
    met = sum(1 for a in ns for b in ew if adv[frozenset((a, b))])
    checks = [_ok("no N-S pair meets an E-W pair twice", problems, f"{met} meetings")]
    if s.tables % 2:
        want = len(ns) * len(ew)
        checks.append(
            _ok(
                "every N-S pair meets every E-W pair",
                [] if met == want else [f"{met} of {want} meetings"],
                f"{want} meetings",
            )
        )
        checks.append(_plays_every_tray(s))
    return checks


def _stationary(s: Schedule) -> set[str]:
    """Tables whose moving side never moves (method 1's stationary table)."""
    ews: dict[int, set[tuple[str, ...]]] = defaultdict(set)
    for st in s.sittings():
        ews[st.table].add(st.ew)
    return {str(t) for t, v in ews.items() if len(v) == 1 and len(s.rounds) > 1}


def _safford(s: Schedule) -> list[Check]:
    partners: Counter[frozenset[str]] = Counter()
    for st in s.sittings():
        partners[frozenset(st.ns)] += 1
        partners[frozenset(st.ew)] += 1
    return [
        _every_pair("every two players partners once", partners, _ids(s), 1),
        _every_pair("every two players adversaries twice", _adversaries(s), _ids(s), 2),
        _every_pair(
            "every two players compared on four hands",
            _matched(s),
            _ids(s),
            4,
        ),
    ]


def _married(s: Schedule) -> list[Check]:
    problems = []
    for r in s.rounds:
        where = {p: (st.table - 1) // 2 for st in r.sittings for p in st.seats if p}
        for lady, man in zip("abcdefgh", "12345678", strict=True):
            if where[lady] == where[man]:
                problems.append(f"{lady} and {man} in one set in round {r.number}")
    counts = _matched(s)
    missing = [
        f"{'-'.join(sorted(p))} never compared" for p in _all_pairs(_ids(s)) if not counts[p]
    ]
    return [
        _ok("no husband and wife in the same set", problems, "7 sets, 8 couples"),
        _ok("every player compared with every other", missing, "120 couples of players"),
    ]


def _mitchell(s: Schedule) -> list[Check]:
    # ladies sit N and E; a gentleman meets each lady at most once
    met: Counter[tuple[str, str]] = Counter()
    still = _stationary(s)
    for st in s.sittings():
        if str(st.table) in still:
            continue
        for lady in (st.seats[Seat.NORTH], st.seats[Seat.EAST]):
            for man in (st.seats[Seat.SOUTH], st.seats[Seat.WEST]):
                if lady and man:
                    met[(lady, man)] += 1
    problems = [f"{a} meets {b} {n} times" for (a, b), n in met.items() if n > 1]
    return [_ok("no gentleman meets a lady twice", problems, f"{len(met)} meetings")]


def _four_individuals(s: Schedule) -> list[Check]:
    partners: Counter[str] = Counter()
    for st in s.sittings():
        for p in st.ns:
            if p != "S":
                partners[p] += len(st.trays)
    problems = [f"{p} partners S for {n} hands" for p, n in partners.items() if n != 8]
    return [_ok("each player partners S for 8 hands", problems, "a, b, c: 8 hands each")]


PROMISES: dict[str, Callable[[Schedule], list[Check]]] = {
    "two-teams-of-four": _teams_two,
    "league-teams": _teams_two,
    "club-against-club": _teams_two,
    "howell-teams": _howell_teams,
    "gilman-teams": _gilman,
    "two-pairs": _two_pairs,
    "four-pairs": _pairs_matched,
    "six-pairs": _six_pairs,
    "compass": _compass,
    "howell-pairs": _howell_pairs,
    "four-individuals": _four_individuals,
    "safford-individuals": _safford,
    "mitchell-individuals": _mitchell,
    "married-couples": _married,
}
