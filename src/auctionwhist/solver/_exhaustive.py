"""A plain minimax over every card, in Python: the yardstick the core is proven against.

No cut-offs, no equivalent cards, no relative ranks: every legal card of
every hand is tried. The one economy is a memo of exact positions at trick
starts (the same four hands and leader have one value however reached), which
leaves the search exhaustive but lets five-card endings finish in a moment.
"""

from __future__ import annotations

from ..cards import cards_of
from ..play import follow_suit, trick_winner

__all__ = ["exhaustive_ns_tricks"]


def exhaustive_ns_tricks(
    hands: tuple[int, int, int, int] | list[int],
    trump: int,
    nullo: bool,
    leader: int,
    trick: tuple[int, ...] | list[int] = (),
) -> int:
    """North-South's tricks from the tricks not yet complete, best play by all.

    Ordinary play: North-South maximise their tricks, East-West minimise
    them. Nullo (docs/spec.md §2.2.5): each side tries to lose tricks, so
    North-South minimise and East-West maximise.
    """
    hs = list(hands)
    cards = list(trick)
    memo: dict[tuple[int, int, int, int, int], int] = {}

    def value(leader: int) -> int:
        turn = (leader + len(cards)) & 3
        if not hs[turn] and not cards:
            return 0
        key = (hs[0], hs[1], hs[2], hs[3], leader) if not cards else None
        if key is not None and key in memo:
            return memo[key]
        ns_to_move = turn & 1 == 0
        maximise = ns_to_move != nullo
        best = -1 if maximise else 99
        for c in cards_of(follow_suit(hs[turn], cards)):
            hs[turn] ^= 1 << c
            cards.append(c)
            if len(cards) == 4:
                played = cards[:]
                winner = (leader + trick_winner(played, trump)) & 3
                cards.clear()
                v = (winner & 1 == 0) + value(winner)
                cards.extend(played)
            else:
                v = value(leader)
            cards.pop()
            hs[turn] ^= 1 << c
            best = max(best, v) if maximise else min(best, v)
        if key is not None:
            memo[key] = best
        return best

    return value(leader)
