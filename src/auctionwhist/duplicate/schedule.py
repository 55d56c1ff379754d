"""The schedule of a duplicate movement: who sits where, with which trays.

A :class:`Schedule` is what a movement generator returns and what a match
runner reads: rounds of :class:`Sitting` s (one table in one round), each
naming the players in the four seats, the contestants on each side, and the
trays played there in order, each marked original play or overplay and with
the seat its North side is turned to (Goodfellow law 115: in single-table
overplay the north side of each tray is placed to the east).

A schedule also states what the movement promises for comparison: for each
tray, which of its plays are set side by side (:class:`Comparison`), and
between which contestants. Everything is frozen; generators build it once.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..cards import Seat
from ..errors import WhistError

__all__ = [
    "Comparison",
    "Contestant",
    "Kind",
    "MovementError",
    "Play",
    "Round",
    "Schedule",
    "Sitting",
    "TrayPlay",
]


class MovementError(WhistError):
    """A movement cannot be built as asked (unknown name, impossible tables)."""


class Kind(enum.StrEnum):
    """What competes: teams of four (or more), pairs, or individual players."""

    TEAM = "team"
    PAIR = "pair"
    PLAYER = "player"


@dataclass(frozen=True, slots=True)
class Contestant:
    """A team, a pair or a player, with the ids of the players in it."""

    id: str
    kind: Kind
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrayPlay:
    """One tray at one table: dealt and played there, or overplayed.

    ``north_at`` is the seat the tray's North side faces: ``Seat.NORTH``
    normally, ``Seat.EAST`` for single-table (memory) overplay (Goodfellow
    law 115; AWL: "if the indicators pointed N & S on the original deals,
    they must lie E & W for the overplay"). The player in seat
    ``north_at.after(k)`` holds the tray's hand of seat ``k``.
    """

    tray: int
    overplay: bool = False
    north_at: Seat = Seat.NORTH

    def holder(self, hand: Seat) -> Seat:
        """The table seat that holds the tray's ``hand`` (its N, E, S or W)."""
        return Seat((hand + self.north_at) % 4)

    def hand_at(self, seat: Seat) -> Seat:
        """The tray's hand (N, E, S, W pocket) that the player at ``seat`` holds."""
        return Seat((seat - self.north_at) % 4)


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round.

    ``seats`` are player ids in the order N, E, S, W (``None`` for an empty
    seat a director fills with anyone, as in the six pairs' last set).
    ``ns`` and ``ew`` are the contestants on each side: one team or pair, or
    the two players of an individual partnership. ``trays`` are in play order.
    """

    round: int
    table: int
    seats: tuple[str | None, str | None, str | None, str | None]
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    trays: tuple[TrayPlay, ...]

    def player_at(self, seat: Seat) -> str | None:
        return self.seats[seat]

    def side_of(self, seat: Seat) -> tuple[str, ...]:
        """The contestants sitting on ``seat``'s side."""
        return self.ns if seat.side == 0 else self.ew

    @property
    def idle(self) -> bool:
        """True when the table plays no tray this round (six pairs' third table)."""
        return not self.trays


@dataclass(frozen=True, slots=True)
class Round:
    """One round (a "set", a "position"): every table's sitting at once."""

    number: int
    sittings: tuple[Sitting, ...]

    def at(self, table: int) -> Sitting:
        for s in self.sittings:
            if s.table == table:
                return s
        raise KeyError(f"round {self.number} has no table {table}")


@dataclass(frozen=True, slots=True)
class Play:
    """A reference to one play of a tray: round, table, tray."""

    round: int
    table: int
    tray: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """Plays of one tray whose results are set side by side.

    ``matches`` pairs the contestants who held the same cards of the tray in
    these plays (a team against a team, a pair against the pair that held
    its hands at the other table, a player against the player who held his
    hand: Safford's "compared with those of the player occupying the same
    position"). ``field`` marks a comparison with every play of the tray in
    the same direction (compass: plus and minus against each direction's
    average), where ``matches`` is empty.
    """

    tray: int
    plays: tuple[Play, ...]
    matches: tuple[tuple[str, str], ...] = ()
    field: bool = False


@dataclass(frozen=True, slots=True)
class Schedule:
    """A whole movement for a given number of tables.

    ``name`` is the movement's registry name, ``reference`` where the seed
    describes it, ``trays`` the tray numbers in play (1..n, each a distinct
    deal), ``tables`` the number of tables. ``plays_per_tray`` is how often
    the movement means each tray to be played; ``notes`` are short remarks a
    director should see; ``tray_labels`` name the trays as the seed does where
    its numbering differs (League hands are numbered per table).
    """

    name: str
    reference: str
    kind: Kind
    contestants: tuple[Contestant, ...]
    tables: int
    trays: tuple[int, ...]
    rounds: tuple[Round, ...]
    comparisons: tuple[Comparison, ...]
    plays_per_tray: int
    notes: tuple[str, ...] = field(default=())
    tray_labels: tuple[str, ...] = field(default=())
    memory: bool = False  # single-table: each player plays every deal twice (law 114)

    def label(self, tray: int) -> str:
        """The tray's name as the seed numbers it ("hand 1, table 2")."""
        if self.tray_labels:
            return self.tray_labels[tray - 1]
        return str(tray)

    # -- queries ---------------------------------------------------------------

    def sittings(self) -> Iterator[Sitting]:
        for r in self.rounds:
            yield from r.sittings

    def plays(self) -> Iterator[tuple[Sitting, TrayPlay]]:
        """Every play of a tray, in round then table order."""
        for s in self.sittings():
            for tp in s.trays:
                yield s, tp

    def plays_of(self, tray: int) -> list[tuple[Sitting, TrayPlay]]:
        return [(s, tp) for s, tp in self.plays() if tp.tray == tray]

    def contestant(self, cid: str) -> Contestant:
        for c in self.contestants:
            if c.id == cid:
                return c
        raise KeyError(f"no contestant {cid!r} in {self.name}")

    @property
    def players(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for c in self.contestants:
            for p in c.players:
                seen.setdefault(p, None)
        return tuple(seen)

    @property
    def deals_per_table(self) -> int:
        """The most trays any table plays (24 for Goodfellow's match)."""
        per: dict[int, int] = {}
        for s in self.sittings():
            per[s.table] = per.get(s.table, 0) + len(s.trays)
        return max(per.values(), default=0)

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view: rounds → tables → seats, sides, trays."""
        return {
            "name": self.name,
            "reference": self.reference,
            "kind": str(self.kind),
            "tables": self.tables,
            "trays": list(self.trays),
            "tray_labels": list(self.tray_labels),
            "plays_per_tray": self.plays_per_tray,
            "memory": self.memory,
            "contestants": [
                {"id": c.id, "kind": str(c.kind), "players": list(c.players)}
                for c in self.contestants
            ],
            "rounds": [
                {
                    "round": r.number,
                    "tables": [
                        {
                            "table": st.table,
                            "seats": dict(zip("NESW", st.seats, strict=True)),
                            "ns": list(st.ns),
                            "ew": list(st.ew),
                            "trays": [
                                {
                                    "tray": tp.tray,
                                    "overplay": tp.overplay,
                                    "north_at": tp.north_at.char,
                                }
                                for tp in st.trays
                            ],
                        }
                        for st in r.sittings
                    ],
                }
                for r in self.rounds
            ],
            "comparisons": [
                {
                    "tray": c.tray,
                    "plays": [[p.round, p.table] for p in c.plays],
                    "matches": [list(m) for m in c.matches],
                    "field": c.field,
                }
                for c in self.comparisons
            ],
            "notes": list(self.notes),
        }

    def original_table(self, tray: int) -> int:
        """The table where ``tray`` is first dealt and played."""
        for s, tp in self.plays():
            if tp.tray == tray and not tp.overplay:
                return s.table
        raise KeyError(f"tray {tray} is never dealt in {self.name}")
