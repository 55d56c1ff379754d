"""Nullo solved only as far as a study's figures need.

A whole deal at nullo costs our core seconds to minutes for each declarer,
where DDS gives a suit in milliseconds; but a study seldom needs the exact
figure. Par under Royalton, say, does not change whether East-West are forced
to take eight tricks at nullo or eleven: either way nobody would declare it.
So a study that says what a deal contributes to its figures (``figures``)
has the deal's nullo row settled by questions to the solver ("is West's side
forced to take six tricks or more?", one zero-window search each, cheap far
from the answer) until every row the answers still allow gives the same
figures. On Hawley's study this is seven times less solving a deal on the
mean than the exact row, twelve on the median (docs/analysis.md).

Two facts make the search short:

* the figures must depend on the nullo row only through each side's better
  declarer (at nullo the one forced to take fewer tricks): par lets a side
  choose its declarer (docs/spec.md §2.2.3), and the most odd tricks in the four
  hands is a maximum over declarers. ``figures`` is asked only of rows whose
  sides' best are the same as some row within the bounds;
* the answers are fail-soft bounds, so a question often settles more than
  it asked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import chain

from ..cards import Deal, Seat
from ..errors import WhistError
from ..solver import dd_bound

__all__ = ["Bounds", "Question", "SettleError", "representative", "settle"]

Row = tuple[int, int, int, int]  # tricks of the declarer's side with N, E, S, W declaring
Bounds = tuple[tuple[int, int], ...]  # (lo, hi) of those tricks, N E S W
Question = Callable[[Deal, Seat, int], tuple[int, int]]
"""``(deal, declarer, tricks) -> (lo, hi)``: is the declarer's side forced to
take ``tricks`` or more at nullo? (``solver.dd_bound`` at ``"NL"``)"""

UNKNOWN: Bounds = ((0, 13),) * 4


class SettleError(WhistError):
    """Bounds that no nullo row lies within, or a question answered outside them."""


def _nullo_bound(deal: Deal, declarer: Seat, tricks: int) -> tuple[int, int]:
    return dd_bound(deal, "NL", declarer, tricks)


def representative(bounds: Bounds) -> Row:
    """A row within ``bounds`` (each declarer at his worst): once settled, it
    gives the figures every row within them gives."""
    n, e, s, w = (hi for _, hi in bounds)
    return (n, e, s, w)


def _check(bounds: Sequence[tuple[int, int]]) -> None:
    if len(bounds) != 4 or any(not 0 <= lo <= hi <= 13 for lo, hi in bounds):
        raise SettleError(f"nullo bounds must be four (lo, hi) within 0-13, got {bounds!r}")


def settle(
    deal: Deal,
    figures: Callable[[Row], Hashable],
    bounds: Bounds = UNKNOWN,
    *,
    question: Question = _nullo_bound,
) -> Bounds:
    """Narrow ``bounds`` on ``deal``'s nullo row until ``figures(row)`` is the
    same for every row within them; the narrowed bounds.

    ``figures(row)``: what the deal contributes to the study with ``row`` as
    its nullo tricks, the rest of its table fixed; it must depend on ``row``
    only through each side's fewest tricks. Bounds already settled (read back
    from a study's log) cost no question.
    """
    _check(bounds)
    lo = [b[0] for b in bounds]
    hi = [b[1] for b in bounds]
    seen: dict[tuple[int, int], Hashable] = {}

    def row_at(m: tuple[int, int]) -> Row:
        # a row within the bounds whose sides' fewest tricks are m: one
        # declarer of each side at m, his partner at his worst (not below m)
        row = [0, 0, 0, 0]
        for side in (0, 1):
            a, b = side, side + 2
            carrier = a if lo[a] <= m[side] <= hi[a] else b
            other = b if carrier == a else a
            row[carrier] = m[side]
            row[other] = max(hi[other], m[side])
        return (row[0], row[1], row[2], row[3])

    def at(m: tuple[int, int]) -> Hashable:
        if m not in seen:
            seen[m] = figures(row_at(m))
        return seen[m]

    while True:
        # each side's fewest tricks lie in [min of its lo, min of its hi]
        box = [range(min(lo[s], lo[s + 2]), min(hi[s], hi[s + 2]) + 1) for s in (0, 1)]
        worst = (box[0][-1], box[1][-1])
        ref = at(worst)
        # The first place the figures change, from the worst down: one side
        # alone first (the usual case), then both together.
        pairs = chain(
            ((a, worst[1]) for a in reversed(box[0])),
            ((worst[0], b) for b in reversed(box[1])),
            ((a, b) for a in reversed(box[0]) for b in reversed(box[1])),
        )
        differs = next((pair for pair in pairs if at(pair) != ref), None)
        if differs is None:
            return tuple(zip(lo, hi, strict=True))
        # ask whether the side that reaches it can keep to that many tricks
        side = 0 if differs[0] < worst[0] else 1
        m = differs[side]
        for d in (side, side + 2):
            if not lo[d] <= m < hi[d]:
                continue
            a, b = question(deal, Seat(d), m + 1)
            if a > hi[d] or b < lo[d] or a > b or not (a > m or b <= m):
                raise SettleError(
                    f"{Seat(d).name.title()} at nullo, forced to take {m + 1} or more? "
                    f"The answer {a}-{b} does not say, or lies outside {lo[d]}-{hi[d]}"
                )
            lo[d], hi[d] = max(lo[d], a), min(hi[d], b)
            if hi[d] <= m:
                break  # this declarer keeps to m: his partner need not be asked
