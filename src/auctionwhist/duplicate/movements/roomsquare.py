"""Room squares for Howell's pair movements, by the starter-adder method.

A complete Howell movement for ``2t`` pairs (every pair meets every other
once and plays every set of trays once, no set at two tables at once) is a
Room square of side ``2t - 1``: rows are rounds, columns are sets, each cell
holds the two pairs that meet. Room squares exist for every odd side except
3 and 5 (Mullin and Wallis, 1975), so four and six pairs need shared trays.

We build a cyclic square over the group Z_s (or Z_3 x Z_3 for side 9):
a starter (pairs {x, y} whose differences cover every non-zero element
once) and an adder (distinct non-zero columns a with every x - a, y - a
distinct and non-zero). Round r, column c + r holds {x + r, y + r}; the
infinite point meets r in column r.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

__all__ = ["RoomSquare", "room_square"]

INF = -1


@dataclass(frozen=True, slots=True)
class RoomSquare:
    """``cells[r]`` lists (column, u, v) for round r; symbols 0..s-1 and INF."""

    side: int
    cells: tuple[tuple[tuple[int, int, int], ...], ...]


class _Group:
    def __init__(self, dims: tuple[int, ...]) -> None:
        self.dims = dims
        self.order = 1
        for d in dims:
            self.order *= d
        self.elems = list(range(self.order))
        self._add = [[self._op(a, b, 1) for b in self.elems] for a in self.elems]
        self._sub = [[self._op(a, b, -1) for b in self.elems] for a in self.elems]

    def _vec(self, a: int) -> list[int]:
        v = []
        for d in reversed(self.dims):
            v.append(a % d)
            a //= d
        return v[::-1]

    def _op(self, a: int, b: int, sign: int) -> int:
        out = 0
        for x, y, d in zip(self._vec(a), self._vec(b), self.dims, strict=True):
            out = out * d + (x + sign * y) % d
        return out

    def add(self, a: int, b: int) -> int:
        return self._add[a][b]

    def sub(self, a: int, b: int) -> int:
        return self._sub[a][b]


def _search(g: _Group, rng: random.Random, budget: int) -> list[tuple[int, int, int]] | None:
    """Backtrack for a starter with an adder: [(x, y, a), ...]."""
    s = g.order
    used = [False] * s
    used[0] = True
    diffs = [False] * s
    cols = [False] * s  # adder values taken
    cols[0] = True
    back = [False] * s  # x - a values taken (column coverage)
    back[0] = True
    out: list[tuple[int, int, int]] = []
    nodes = 0

    def go() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        try:
            x = used.index(False)
        except ValueError:
            return True
        ys = [y for y in g.elems if not used[y] and y != x]
        rng.shuffle(ys)
        for y in ys:
            d1, d2 = g.sub(y, x), g.sub(x, y)
            if diffs[d1] or diffs[d2] or d1 == d2:
                continue
            adds = [a for a in g.elems if not cols[a]]
            rng.shuffle(adds)
            for a in adds:
                bx, by = g.sub(x, a), g.sub(y, a)
                if bx == by or back[bx] or back[by]:
                    continue
                used[x] = used[y] = diffs[d1] = diffs[d2] = True
                cols[a] = back[bx] = back[by] = True
                out.append((x, y, a))
                if go():
                    return True
                out.pop()
                used[x] = used[y] = diffs[d1] = diffs[d2] = False
                cols[a] = back[bx] = back[by] = False
                if nodes > budget:
                    return False
        return False

    return out if go() else None


@cache
def room_square(side: int) -> RoomSquare | None:
    """A Room square of odd ``side`` (7 to 33 here), or None for 3 and 5."""
    if side % 2 == 0 or side < 1:
        raise ValueError(f"a Room square has an odd side, not {side}")
    if side in (3, 5):
        return None
    if side == 1:
        return RoomSquare(1, (((0, INF, 0),),))
    groups = [_Group((side,))] + ([_Group((3, 3))] if side == 9 else [])
    rng = random.Random(side)
    for _ in range(200):
        for g in groups:
            found = _search(g, rng, 20_000)
            if found is not None:
                return _square(g, found)
    raise RuntimeError(f"no Room square of side {side} found")  # pragma: no cover


def _square(g: _Group, starter: list[tuple[int, int, int]]) -> RoomSquare:
    rows = []
    for r in g.elems:
        row = [(r, INF, r)]  # the infinite point meets r in column r
        for x, y, a in starter:
            row.append((g.add(a, r), g.add(x, r), g.add(y, r)))
        rows.append(tuple(row))
    return RoomSquare(g.order, tuple(rows))
