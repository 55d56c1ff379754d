"""Helpers the movement generators share: seating, tray runs, comparisons."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from ...cards import Seat
from ..schedule import (
    Comparison,
    Contestant,
    Kind,
    MovementError,
    Play,
    Round,
    Schedule,
    Sitting,
    TrayPlay,
)

Seats = tuple[str | None, str | None, str | None, str | None]


def pair_players(pair: str) -> tuple[str, str]:
    """The two players of a pair: ``a.1`` sits N or E, ``a.2`` S or W."""
    return (f"{pair}.1", f"{pair}.2")


def pairs(ids: Iterable[str]) -> tuple[Contestant, ...]:
    return tuple(Contestant(p, Kind.PAIR, pair_players(p)) for p in ids)


def players(ids: Iterable[str]) -> tuple[Contestant, ...]:
    return tuple(Contestant(p, Kind.PLAYER, (p,)) for p in ids)


def pair_sitting(
    rnd: int, table: int, ns: str | None, ew: str | None, trays: Sequence[TrayPlay]
) -> Sitting:
    """A table where pair ``ns`` sits North-South and ``ew`` East-West."""
    n1, n2 = pair_players(ns) if ns else (None, None)
    e1, e2 = pair_players(ew) if ew else (None, None)
    return Sitting(
        rnd,
        table,
        (n1, e1, n2, e2),
        (ns,) if ns else (),
        (ew,) if ew else (),
        tuple(trays),
    )


def player_sitting(rnd: int, table: int, seats: Seats, trays: Sequence[TrayPlay]) -> Sitting:
    """A table of individuals: each side is the two players on it."""
    n, e, s, w = seats
    ns = tuple(p for p in (n, s) if p)
    ew = tuple(p for p in (e, w) if p)
    return Sitting(rnd, table, seats, ns, ew, tuple(trays))


class Dealt:
    """Tracks which trays have been dealt, to mark each later play overplay."""

    def __init__(self) -> None:
        self.seen: set[int] = set()

    def __call__(self, trays: Iterable[int], north_at: Seat = Seat.NORTH) -> list[TrayPlay]:
        out = []
        for t in trays:
            out.append(TrayPlay(t, t in self.seen, north_at))
            self.seen.add(t)
        return out


def exchanged(own: Iterable[int], other: Iterable[int]) -> list[TrayPlay]:
    """A table's trays where two tables exchange: its own dealt, then the
    other table's overplayed."""
    return [TrayPlay(t) for t in own] + [TrayPlay(t, True) for t in other]


def label_hands(labels: list[str], hands: Sequence[int], tables: Sequence[int]) -> list[list[int]]:
    """The trays of the hands each of ``tables`` deals, numbered on after
    ``labels``, to which their names are added: the seed numbers hands per
    table ("hand 3, table 2")."""
    out: list[list[int]] = []
    for t in tables:
        out.append([])
        for h in hands:
            labels.append(f"hand {h}, table {t}")
            out[-1].append(len(labels))
    return out


def mark_steps(dealt: Dealt, orders: Sequence[Sequence[int]]) -> list[list[TrayPlay]]:
    """Mark original/overplay for tables playing side by side in one round.

    ``orders`` are the trays of each table in play order; the k-th deal at
    every table is played at the same time, so a tray first seen at step k
    is dealt there and overplayed at any later step.
    """
    out: list[list[TrayPlay]] = [[] for _ in orders]
    for k in range(max((len(o) for o in orders), default=0)):
        for i, o in enumerate(orders):
            if k < len(o):
                out[i].extend(dealt([o[k]]))
    return out


def rounds_of(sittings: Iterable[Sitting]) -> tuple[Round, ...]:
    by: dict[int, list[Sitting]] = defaultdict(list)
    for s in sittings:
        by[s.round].append(s)
    return tuple(Round(r, tuple(sorted(by[r], key=lambda s: s.table))) for r in sorted(by))


def holder(sitting: Sitting, tp: TrayPlay, hand: Seat, individual: bool) -> str | None:
    """Who held the tray's ``hand`` at this play: the player, or his side's contestant."""
    seat = tp.holder(hand)
    if individual:
        return sitting.seats[seat]
    side = sitting.side_of(seat)
    return side[0] if side else None


def matches_between(
    plays: Sequence[tuple[Sitting, TrayPlay]], individual: bool
) -> tuple[tuple[str, str], ...]:
    """Contestants who held the same cards of a tray in two plays of it."""
    (s1, t1), (s2, t2) = plays
    found: list[tuple[str, str]] = []
    hands = Seat if individual else (Seat.NORTH, Seat.EAST)
    for hand in hands:
        a = holder(s1, t1, hand, individual)
        b = holder(s2, t2, hand, individual)
        if a and b and a != b and (a, b) not in found and (b, a) not in found:
            found.append((a, b))
    return tuple(found)


def play_ref(sitting: Sitting, tp: TrayPlay) -> Play:
    return Play(sitting.round, sitting.table, tp.tray)


def plays_by_tray(sittings: Iterable[Sitting]) -> dict[int, list[tuple[Sitting, TrayPlay]]]:
    """Every play of each tray, in the order of the sittings."""
    by: dict[int, list[tuple[Sitting, TrayPlay]]] = defaultdict(list)
    for s in sittings:
        for tp in s.trays:
            by[tp.tray].append((s, tp))
    return by


def two_play_comparisons(
    rounds: Sequence[Round], individual: bool = False
) -> tuple[Comparison, ...]:
    """Each tray played twice, the two plays compared (team or pair matches)."""
    by = plays_by_tray(s for r in rounds for s in r.sittings)
    out = []
    for tray in sorted(by):
        plays = by[tray]
        if len(plays) != 2:
            continue
        m = matches_between(plays, individual)
        out.append(Comparison(tray, tuple(play_ref(s, tp) for s, tp in plays), m))
    return tuple(out)


def field_comparisons(rounds: Sequence[Round]) -> tuple[Comparison, ...]:
    """Every play of a tray compared with the field in its direction (compass)."""
    by = plays_by_tray(s for r in rounds for s in r.sittings)
    return tuple(
        Comparison(t, tuple(play_ref(s, tp) for s, tp in by[t]), (), True) for t in sorted(by)
    )


def schedule(
    name: str,
    reference: str,
    kind: Kind,
    contestants: Sequence[Contestant],
    tables: int,
    sittings: Iterable[Sitting],
    plays_per_tray: int,
    comparisons: str | Sequence[Comparison] = "two",
    notes: Sequence[str] = (),
    tray_labels: Sequence[str] = (),
    memory: bool = False,
) -> Schedule:
    rounds = rounds_of(sittings)
    trays = sorted({tp.tray for r in rounds for s in r.sittings for tp in s.trays})
    if trays != list(range(1, len(trays) + 1)):
        raise MovementError(f"{name}: trays are not numbered 1..{len(trays)}")
    comps: tuple[Comparison, ...]
    if comparisons == "two":
        comps = two_play_comparisons(rounds, individual=kind is Kind.PLAYER)
    elif comparisons == "field":
        comps = field_comparisons(rounds)
    else:
        assert not isinstance(comparisons, str)
        comps = tuple(comparisons)
    return Schedule(
        name=name,
        reference=reference,
        kind=kind,
        contestants=tuple(contestants),
        tables=tables,
        trays=tuple(trays),
        rounds=rounds,
        comparisons=comps,
        plays_per_tray=plays_per_tray,
        notes=tuple(notes),
        tray_labels=tuple(tray_labels),
        memory=memory,
    )
