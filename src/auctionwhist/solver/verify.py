"""Proofs of the core: against DDS at ordinary play, against plain minimax at nullo."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from . import _core
from ._exhaustive import exhaustive_ns_tricks
from .dds import dds_solve_board, dds_table_of_hands

__all__ = ["Mismatch", "random_ending", "verify_against_dds", "verify_nullo_endings"]

_STRAINS = (("C", 0), ("D", 1), ("H", 2), ("S", 3), ("NT", -1))


@dataclass(frozen=True, slots=True)
class Mismatch:
    hands: tuple[int, int, int, int]
    strain: str
    leader: int
    ours: int
    theirs: int


def random_ending(rng: random.Random, cards: int) -> tuple[int, int, int, int]:
    """Four hands of ``cards`` cards each, from a shuffled pack."""
    pack = rng.sample(range(52), 4 * cards)
    h = [sum(1 << c for c in pack[i * cards : (i + 1) * cards]) for i in range(4)]
    return h[0], h[1], h[2], h[3]


def verify_against_dds(
    deals: int, cards: int = 13, seed: int = 1, progress: Callable[[], None] | None = None
) -> tuple[int, list[Mismatch]]:
    """Every strain and every opening leader (so every declarer) of ``deals``
    random deals (or endings of ``cards`` a hand): our core against DDS's
    ``SolveBoard``. Returns (solves compared, mismatches)."""
    rng = random.Random(seed)
    bad: list[Mismatch] = []
    n = 0
    for _ in range(deals):
        hands = random_ending(rng, cards)
        # whole deals: one DDS table call and one of ours a strain (the four
        # opening leads share a transposition table); endings: SolveBoard
        table = dds_table_of_hands(hands) if cards == 13 else None
        for strain, trump in _STRAINS:
            ns_by_leader, _ = _core.table(hands, trump, False)
            for leader in range(4):
                if table is not None:
                    theirs = table[strain][(leader + 3) & 3]  # the declarer's side
                else:
                    theirs = max(dds_solve_board(hands, strain, leader, ()).values())
                    theirs = cards - theirs  # SolveBoard counts the leader's side
                ns = ns_by_leader[leader]
                ours = cards - ns if leader & 1 == 0 else ns  # the declarer's side
                n += 1
                if ours != theirs:
                    bad.append(Mismatch(hands, strain, leader, ours, theirs))
        if progress:
            progress()
    return n, bad


def verify_nullo_endings(
    endings: int, max_cards: int = 5, seed: int = 1, progress: Callable[[], None] | None = None
) -> tuple[int, list[Mismatch]]:
    """Random nullo endings of 1..``max_cards`` cards a hand, every card of the
    leader scored: our core against the exhaustive minimax."""
    rng = random.Random(seed)
    bad: list[Mismatch] = []
    for _ in range(endings):
        hands = random_ending(rng, rng.randint(1, max_cards))
        leader = rng.randrange(4)
        theirs = exhaustive_ns_tricks(hands, -1, True, leader)
        ours, _ = _core.solve(hands, -1, True, leader, ())
        if ours != theirs:
            bad.append(Mismatch(hands, "NL", leader, ours, theirs))
        if progress:
            progress()
    return endings, bad
