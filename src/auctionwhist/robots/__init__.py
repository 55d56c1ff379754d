"""Computer players.

- ``player``: the interface the table asks (a call, a card, a claim answer, a
  penalty, bridging), each seat seeing only its ``view.SeatView``.
- ``bidding``: the period's bidding rules (``BiddingRobot``).
- ``cardplay``: ``MonteCarloPlayer``, double dummy over sampled hands: the strong robot.
- ``heuristic``: ``HeuristicPlayer``, the period's maxims: fast, for simulations.
- ``randomplayer``: random legal actions, for tests and the engine benchmark.

``make_robot(kind)`` gives one by name; the commands and the web app use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..table import Table
from .randomplayer import play_random_deal, random_action, random_call
from .view import RobotError, ScoreContext

if TYPE_CHECKING:
    from .player import Player

__all__ = [
    "ROBOTS",
    "RobotError",
    "make_robot",
    "play_random_deal",
    "random_action",
    "random_call",
    "robots_at_table",
]

# The kinds of robot, strongest first.
ROBOTS = ("montecarlo", "heuristic", "random")


def make_robot(kind: str = "montecarlo") -> Player:
    """A robot by name: ``montecarlo`` (strong: double dummy over samples),
    ``heuristic`` (the period's maxims, fast) or ``random`` (random legal actions).
    Imported lazily: the Monte Carlo robot brings in the solvers."""
    if kind == "montecarlo":
        from .cardplay import MonteCarloPlayer

        return MonteCarloPlayer()
    if kind == "heuristic":
        from .heuristic import HeuristicPlayer

        return HeuristicPlayer()
    if kind == "random":
        from .player import RandomPlayer

        return RandomPlayer()
    raise RobotError(f"no robot {kind!r}; the robots are: {', '.join(ROBOTS)}")


def robots_at_table(
    kind: str = "heuristic", score: ScoreContext | None = None
) -> Callable[[Table, random.Random], None]:
    """Robots of ``kind`` in every seat, as one actor for a whole table (what
    ``duplicate.play_match`` seats). The heuristic robot is the default: a
    match plays thousands of cards. They play for ``score``, by default a
    match's: each deal scored alone, game won in it, as ``play_match`` scores
    it (daw 7; docs/spec.md §2.2.8), and no running match score
    (docs/decisions.md, "The score the robots play for")."""
    from .player import table_actor

    return table_actor(make_robot(kind), ScoreContext(duplicate=True) if score is None else score)
