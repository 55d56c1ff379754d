"""Double-dummy analysis: tricks for every strain and declarer, nullo included.

Conventions (one for the whole package):

* A **strain** is a denomination key: ``"C" "D" "H" "S" "NT" "NL"``; ``"RS"``
  (Royal Spades) is played as spades and is accepted as ``"S"``.
* ``dd_tricks`` and ``dd_table`` always count the tricks **the declarer's
  side** takes, out of 13, with the opening lead from the declarer's left
  (daw "Playing"; Royalton law 52).
* At ``"NL"`` (Royalton nullo, docs/spec.md §2.2.5) both sides try to *lose*
  tricks: the declarer's side takes as few as it can, the adversaries push as
  many on it as they can. The figure is the number of tricks the declarer's
  side is **forced to take**; its adversaries take ``13 - n``, and a nullo of
  level L is fulfilled double dummy when ``13 - n >= 6 + L``.
* Mid-play scores (``score_cards``, ``solve_position``) count the tricks
  **the side of the player to move** takes from the tricks not yet complete
  (the trick in progress included). At ``"NL"`` smaller is better for that
  side; elsewhere larger is better. ``best_cards`` knows which.

Suit and no-trump play is solved by DDS (through ``endplay``) unless
``engine="core"`` is asked; nullo is solved by our own compiled core
(``auctionwhist.solver._core``), which also solves ordinary play and is
proven equal to DDS on that (docs/solver.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..calls import DENOMINATIONS
from ..cards import Deal, Seat, cards_of
from ..errors import WhistError
from ..play import follow_suit

__all__ = [
    "STRAINS",
    "BoundsRow",
    "Engine",
    "Position",
    "SolverError",
    "best_cards",
    "dd_bound",
    "dd_bounds",
    "dd_table",
    "dd_tricks",
    "position_of_play",
    "score_cards",
    "solve_position",
    "solver_threads",
    "trump_of",
]

STRAINS: tuple[str, ...] = ("C", "D", "H", "S", "NT", "NL")
"""Every strain, in the order of ``dd_table``'s default."""

Engine = Literal["auto", "dds", "core"]
"""``"dds"``: endplay's DDS (not at nullo); ``"core"``: our compiled search;
``"auto"``: DDS for suits and no-trump, the core for nullo."""


class SolverError(WhistError):
    """A strain, engine or position the solver cannot take."""


def trump_of(strain: str) -> int:
    """Trump suit number (clubs 0 .. spades 3) of a strain, -1 at no-trump and nullo."""
    d = DENOMINATIONS.get(strain.upper())
    if d is None:
        raise SolverError(f"not a strain: {strain!r} (one of C D H S NT NL, or RS)")
    return -1 if d.trump is None else int(d.trump)


def _is_nullo(strain: str) -> bool:
    return strain.upper() == "NL"


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play, double dummy.

    ``hands`` are the cards each seat still holds (cards already played to the
    trick in progress removed); ``trick`` the cards played to the trick in
    progress, in order of play, so its leader is ``turn`` minus ``len(trick)``;
    ``turn`` the seat to play next. Every hand holds the same number of cards
    once the trick in progress is counted.
    """

    hands: tuple[int, int, int, int]
    strain: str
    turn: Seat
    trick: tuple[int, ...] = ()

    @property
    def leader(self) -> Seat:
        return self.turn.after(-len(self.trick))

    @property
    def trump(self) -> int:
        return trump_of(self.strain)

    @property
    def nullo(self) -> bool:
        return _is_nullo(self.strain)

    def legal_cards(self) -> list[int]:
        """The cards the player to move may play (follow suit when able)."""
        return list(cards_of(follow_suit(self.hands[self.turn], self.trick)))


def dd_tricks(deal: Deal, strain: str, declarer: Seat, engine: Engine = "auto") -> int:
    """Tricks the declarer's side takes double dummy, the lead from declarer's left.

    At ``"NL"``: the tricks the declarer's side is forced to take when both
    sides try to lose tricks (see the module's conventions).
    """
    from ._impl import dd_tricks as impl

    return impl(deal, strain, declarer, engine)


def solver_threads(n: int) -> None:
    """Let one solve use at most ``n`` threads in this process, DDS's and
    our core's alike (0: every core, the default). A process of a pool sized
    to the cores (the robots' pool, a study's jobs) takes one: a thread per
    core in each would put cores x cores threads on the machine."""
    from . import _core
    from .dds import dds_threads

    dds_threads(n)
    _core.set_threads(n)


def dd_bound(deal: Deal, strain: str, declarer: Seat, tricks: int) -> tuple[int, int]:
    """Does the declarer's side take at least ``tricks``, double dummy (at
    ``"NL"``: is it forced to)? One zero-window search of the core, answered
    as bounds ``(lo, hi)`` on those tricks: ``lo >= tricks`` yes, ``hi <
    tricks`` no; the other bound is often found too.

    Much cheaper than ``dd_tricks`` when ``tricks`` is far from the answer,
    and questions about the same deal and strain one after another share
    the core's table (what the search learnt of one declarer's play serves
    the others').
    """
    from ._impl import dd_bound as impl

    return impl(deal, strain, declarer, tricks)


BoundsRow = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]
"""Sound bounds ``(lo, hi)`` on the declarer's side's tricks with N, E, S, W
declaring: ``lo <= tricks <= hi``, exact when ``lo == hi``."""


def dd_bounds(
    deal: Deal,
    strain: str = "NL",
    *,
    budget: float | None = None,
    start: BoundsRow | None = None,
    on_bounds: Callable[[BoundsRow], None] | None = None,
) -> BoundsRow:
    """A strain's row of ``dd_table`` answered at once as bounds, tightened
    while it runs: the anytime form of a nullo row, whose exact figures can
    take the core minutes (docs/solver.md).

    The row is settled by zero-window questions (``dd_bound``'s) asked at
    each end of every declarer's bounds, where they are cheap, each under a
    time limit that doubles while none answers; from a limit of 0.32 s on,
    the questions left run to their answer. ``budget`` (seconds) stops with
    the bounds so far (``None``: on to the exact row); ``on_bounds(row)`` is
    called each time the bounds tighten; ``start``: bounds already known.
    Every question shares the core's table with the others.
    """
    from ._impl import dd_bounds as impl

    return impl(deal, strain, budget, start, on_bounds)


def dd_table(
    deal: Deal, strains: Iterable[str] = STRAINS, engine: Engine = "auto"
) -> dict[str, tuple[int, int, int, int]]:
    """``{strain: (tricks with North, East, South, West declaring)}``.

    Each figure is ``dd_tricks(deal, strain, seat)``: the declaring side's
    tricks (forced tricks at ``"NL"``). ``"auto"`` solves suits and no-trump
    in one DDS table call and nullo with the core.
    """
    from ._impl import dd_table as impl

    return impl(deal, tuple(strains), engine)


def solve_position(position: Position, engine: Engine = "auto") -> int:
    """Tricks the side to move takes from the tricks not yet complete, best play
    by all (at nullo each side minimises its own)."""
    from ._impl import solve_position as impl

    return impl(position, engine)


def score_cards(
    position: Position, engine: Engine = "auto", limit: float | None = None
) -> dict[int, int]:
    """``{card: tricks}`` for every legal card of the player to move.

    ``tricks`` is what the mover's side takes from the tricks not yet complete
    (the trick in progress included) if that card is played and all play
    best afterwards. At nullo the mover wants the smallest figure.
    ``limit``: the core gives up with ``TimeoutError`` after that many
    seconds (DDS, at suits and no-trump, takes no limit: it is quick).
    """
    from ._impl import score_cards as impl

    return impl(position, engine, limit)


def best_cards(position: Position, engine: Engine = "auto") -> list[int]:
    """The legal cards that are best double dummy for the player to move
    (fewest tricks at nullo, most elsewhere), lowest card first."""
    scores = score_cards(position, engine)
    target = min(scores.values()) if position.nullo else max(scores.values())
    return sorted(c for c, t in scores.items() if t == target)


def position_of_play(
    hands: Sequence[int], trick: Sequence[int], turn: Seat | int, strain: str
) -> Position:
    """A ``Position`` from a play in progress, e.g. ``play.Play``'s
    ``hands``, ``trick`` and ``turn`` with the contract's strain."""
    if len(hands) != 4:
        raise SolverError(f"a position has four hands, not {len(hands)}")
    trump_of(strain)
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), strain.upper(), Seat(turn), tuple(trick)
    )
