"""Dispatch of the public API (``api.py``) to DDS or the compiled core."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..cards import Deal, Seat
from . import _core
from .api import BoundsRow, Engine, Position, SolverError, trump_of

__all__ = ["dd_bound", "dd_bounds", "dd_table", "dd_tricks", "score_cards", "solve_position"]

_ENGINES = ("auto", "dds", "core")


def _use_dds(strain: str, engine: Engine) -> bool:
    if engine not in _ENGINES:
        raise SolverError(f"not an engine: {engine!r} (one of auto, dds, core)")
    nullo = strain.upper() == "NL"
    if nullo and engine == "dds":
        raise SolverError("DDS does not solve nullo (Royalton); use engine 'core' or 'auto'")
    return not nullo and engine != "core"


def _declarers_side(ns_tricks: int, declarer: Seat | int, total: int = 13) -> int:
    return ns_tricks if int(declarer) & 1 == 0 else total - ns_tricks


def dd_tricks(deal: Deal, strain: str, declarer: Seat, engine: Engine) -> int:
    trump = trump_of(strain)
    if _use_dds(strain, engine):
        from .dds import dds_tricks

        return dds_tricks(deal, strain, declarer)
    leader = (int(declarer) + 1) & 3  # the opening lead is made by declarer's left
    ns, _ = _core.solve(deal.hands, trump, strain.upper() == "NL", leader, ())
    return _declarers_side(ns, declarer)


# The deal and strain of the last dd_bound: the core's table holds what was
# learnt of them, and the next question about them keeps it.
_bound_of: tuple[tuple[int, ...], str] | None = None


def _ask(
    deal: Deal, strain: str, declarer: Seat | int, tricks: int, keep: bool, limit: float = 0.0
) -> tuple[int, int]:
    """One zero-window question as bounds on the declarer's side's tricks;
    TimeoutError once ``limit`` seconds pass (0: none)."""
    trump = trump_of(strain)
    leader = (int(declarer) + 1) & 3
    nullo = strain.upper() == "NL"
    if int(declarer) & 1 == 0:
        v, _ = _core.bound(deal.hands, trump, nullo, leader, tricks, keep, limit)
        return (v, 13) if v >= tricks else (0, v)
    # East-West take `tricks` or more when North-South take 13 - tricks or fewer
    v, _ = _core.bound(deal.hands, trump, nullo, leader, 14 - tricks, keep, limit)
    return (0, 13 - v) if v >= 14 - tricks else (13 - v, 13)


def dd_bound(deal: Deal, strain: str, declarer: Seat, tricks: int) -> tuple[int, int]:
    global _bound_of
    trump_of(strain)
    if not 0 <= tricks <= 13:
        raise SolverError(f"a side takes 0 to 13 tricks, not {tricks}")
    key = (tuple(deal.hands), strain.upper())
    keep = key == _bound_of
    _bound_of = key
    return _ask(deal, strain, declarer, tricks, keep)


# The anytime row's first time limit a question, doubled while none answers;
# from the last one on, a question runs to its answer (or the budget's end).
_STEPS = (0.01, 0.02, 0.04, 0.08, 0.16, 0.32)


def dd_bounds(
    deal: Deal,
    strain: str,
    budget: float | None,
    start: BoundsRow | None,
    on_bounds: Callable[[BoundsRow], None] | None,
) -> BoundsRow:
    global _bound_of
    trump_of(strain)
    if budget is not None and budget < 0:
        raise SolverError(f"a time budget is 0 seconds or more, not {budget}")
    given = start if start is not None else ((0, 13),) * 4
    if len(given) != 4 or any(not 0 <= a <= b <= 13 for a, b in given):
        raise SolverError(f"bounds are four (lo, hi) within 0-13, not {given!r}")
    lo = [a for a, _ in given]
    hi = [b for _, b in given]
    deadline = None if budget is None else time.monotonic() + budget
    key = (tuple(deal.hands), strain.upper())
    keep = key == _bound_of

    def row() -> BoundsRow:
        return ((lo[0], hi[0]), (lo[1], hi[1]), (lo[2], hi[2]), (lo[3], hi[3]))

    step = 0
    while True:
        if deadline is not None and time.monotonic() >= deadline:
            return row()
        open_ = sorted((d for d in range(4) if lo[d] < hi[d]), key=lambda d: hi[d] - lo[d])
        if not open_:
            return row()
        answered = False
        last = step == len(_STEPS) - 1
        for d in open_:
            # the two ends of the bounds: questions far from the answer are
            # cheap; questions run to their answer ask where it likely is
            # (the partner's figure, else the middle), as MTD(f) does
            targets = (lo[d] + 1, hi[d])
            if last:
                p = (d + 2) & 3
                g = lo[p] if lo[p] == hi[p] else (lo[d] + hi[d] + 1) // 2
                # within this declarer's own bounds: the partner's figure
                # may lie outside them (the other adversary leads), and then
                # neither question would be asked and the row never close
                g = min(max(g, lo[d] + 1), hi[d])
                targets = (g, g + 1)
            for t in targets:
                if not lo[d] < t <= hi[d]:
                    continue  # settled already
                limit = 0.0 if last else _STEPS[step]
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return row()
                    limit = left if last else min(limit, left)
                try:
                    a, b = _ask(deal, strain, d, t, keep, limit)
                except TimeoutError:
                    # what the search stored before the limit stays in the
                    # table: asked again with more time, it starts from there
                    keep = True
                    continue
                finally:
                    _bound_of = key
                keep = True
                lo[d], hi[d] = max(lo[d], a), min(hi[d], b)
                answered = True
                if on_bounds is not None:
                    on_bounds(row())
        if not answered:
            step = min(step + 1, len(_STEPS) - 1)


def dd_table(
    deal: Deal, strains: tuple[str, ...], engine: Engine
) -> dict[str, tuple[int, int, int, int]]:
    for s in strains:
        trump_of(s)
    out: dict[str, tuple[int, int, int, int]] = {}
    by_dds = [s.upper() for s in strains if _use_dds(s, engine)]
    if by_dds:
        from .dds import dds_table

        out.update(dds_table(deal, by_dds))
    for s in strains:
        key = s.upper()
        if key in out:
            continue
        # One core call per strain: the four opening leads share its table.
        ns, _ = _core.table(deal.hands, trump_of(key), key == "NL")
        n, e, so, w = (_declarers_side(ns[(d + 1) & 3], d) for d in range(4))
        out[key] = (n, e, so, w)
    return {s.upper(): out[s.upper()] for s in strains}


def _tricks_left(position: Position) -> int:
    return int(position.hands[position.turn]).bit_count()


def score_cards(position: Position, engine: Engine, limit: float | None = None) -> dict[int, int]:
    if not position.legal_cards():
        raise SolverError(f"{position.turn.name.title()} has no card to play")
    if _use_dds(position.strain, engine):
        from .dds import dds_solve_board

        return dds_solve_board(position.hands, position.strain, position.leader, position.trick)
    args = (position.hands, position.trump, position.nullo, position.leader, position.trick)
    ns = _core.score(*args) if limit is None else _core.score(*args, max(limit, 1e-6))
    left = _tricks_left(position)
    return {c: _declarers_side(v, position.turn, left) for c, v in ns.items()}


def solve_position(position: Position, engine: Engine) -> int:
    if _use_dds(position.strain, engine):
        scores = score_cards(position, engine)
        return max(scores.values())
    if not position.legal_cards():
        raise SolverError(f"{position.turn.name.title()} has no card to play")
    ns, _ = _core.solve(
        position.hands, position.trump, position.nullo, position.leader, position.trick
    )
    return _declarers_side(ns, position.turn, _tricks_left(position))
