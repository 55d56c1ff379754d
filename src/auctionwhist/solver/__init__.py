"""Double-dummy analysis for every declaration, nullo included (issue 5).

See ``auctionwhist.solver.api`` for the conventions and docs/solver.md.
"""

from .api import (
    STRAINS,
    BoundsRow,
    Engine,
    Position,
    SolverError,
    best_cards,
    dd_bound,
    dd_bounds,
    dd_table,
    dd_tricks,
    position_of_play,
    score_cards,
    solve_position,
    solver_threads,
    trump_of,
)

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
