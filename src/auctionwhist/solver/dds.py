"""DDS (Bo Haglund's double-dummy solver) through ``endplay``, for suits and no-trump.

Our cards, seats and strains are translated at this edge only. DDS knows
nothing of nullo (docs/spec.md §2.2.5); asking it for ``"NL"`` raises
``SolverError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Deal, Seat, hand_to_pbn

__all__ = [
    "dds_most_tricks",
    "dds_solve_board",
    "dds_solve_boards",
    "dds_table",
    "dds_table_of_hands",
    "dds_threads",
    "dds_tricks",
]

# endplay's Denom numbers: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4.
_DENOM = {"C": 3, "D": 2, "H": 1, "S": 0, "RS": 0, "NT": 4}


def _denom_number(strain: str) -> int:
    from .api import SolverError

    try:
        return _DENOM[strain.upper()]
    except KeyError:
        if strain.upper() == "NL":
            raise SolverError("DDS does not solve nullo (Royalton); use the core") from None
        raise SolverError(f"not a strain: {strain!r} (one of C D H S NT)") from None


def _endplay_deal(hands: tuple[int, int, int, int] | list[int], strain: str, first: int) -> Any:
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    d = EDeal("N:" + " ".join(hand_to_pbn(h) for h in hands))
    d.first = Player(first)
    d.trump = Denom(_denom_number(strain))
    return d


def dds_table(
    deal: Deal, strains: Iterable[str] = ("C", "D", "H", "S", "NT")
) -> dict[str, tuple[int, int, int, int]]:
    """``{strain: (declarer's side tricks with N, E, S, W declaring)}`` from one
    DDS table call (``calc_dd_table``)."""
    return dds_table_of_hands(deal.hands, strains)


def dds_table_of_hands(
    hands: tuple[int, int, int, int] | list[int],
    strains: Iterable[str] = ("C", "D", "H", "S", "NT"),
) -> dict[str, tuple[int, int, int, int]]:
    """``dds_table`` for four 13-card hands given as card masks."""
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    wanted = [s.upper() for s in strains]
    for s in wanted:
        _denom_number(s)
    table = calc_dd_table(_endplay_deal(hands, "NT", 0))
    out: dict[str, tuple[int, int, int, int]] = {}
    for s in wanted:
        den = Denom(_DENOM[s])
        n, e, so, w = (int(table[den, Player(p)]) for p in range(4))
        out[s] = (n, e, so, w)
    return out


def dds_tricks(deal: Deal, strain: str, declarer: Seat) -> int:
    """Declarer's side tricks in ``strain``: one ``solve_board`` at trick one."""
    leader = (int(declarer) + 1) & 3
    scores = dds_solve_board(deal.hands, strain, leader, ())
    return 13 - max(scores.values())


def _endplay_position(
    hands: tuple[int, int, int, int] | list[int],
    strain: str,
    leader: int,
    trick: tuple[int, ...] | list[int] | Sequence[int],
) -> Any:
    """endplay's deal for a position: the trick in progress back in its hands,
    then played again from ``leader``."""
    full = list(hands)
    for i, c in enumerate(trick):
        full[(leader + i) & 3] |= 1 << c
    d = _endplay_deal(full, strain, leader)
    for c in trick:
        d.play(_endplay_card(c))
    return d


def dds_solve_board(
    hands: tuple[int, int, int, int] | list[int],
    strain: str,
    leader: int,
    trick: tuple[int, ...] | list[int],
) -> dict[int, int]:
    """``{card: tricks of the mover's side}`` for every legal card, from DDS's
    ``SolveBoard``. ``hands`` hold the cards not yet played (trick in progress
    excluded); ``leader`` led the trick in progress."""
    from endplay.dds import solve_board

    d = _endplay_position(hands, strain, leader, trick)
    return {_our_card(card): int(tricks) for card, tricks in solve_board(d)}


def dds_solve_boards(
    hands: Iterable[tuple[int, int, int, int]],
    strain: str,
    leader: int,
    trick: Sequence[int],
) -> list[dict[int, int]]:
    """``dds_solve_board`` for many deals of the same position at once (DDS's
    ``SolveAllBoards``, whose threads share the machine's cores)."""
    from endplay.dds import solve_all_boards

    boards = [_endplay_position(h, strain, leader, trick) for h in hands]
    return [{_our_card(card): int(t) for card, t in solved} for solved in solve_all_boards(boards)]


def dds_most_tricks(
    hands: Iterable[tuple[int, int, int, int]], strain: str, leader: int
) -> list[int]:
    """The most tricks the side on lead (``leader`` and his partner) takes in
    each whole deal at ``strain``: ``SolveAllBoards`` asked for one best card
    a deal, not every card's score (1.5 to 3 times faster: the bidding's
    slam simulation solves 24 deals a stand)."""
    from endplay.dds import solve_all_boards
    from endplay.dds.solve import SolveMode

    boards = [_endplay_position(h, strain, leader, ()) for h in hands]
    solved = solve_all_boards(boards, SolveMode.OptimalOne)
    return [max(int(t) for _card, t in board) for board in solved]


def dds_threads(n: int) -> None:
    """Let DDS use at most ``n`` threads in this process (0: one per core,
    its default); a process of a pool sized to the cores takes one."""
    from endplay._dds import SetMaxThreads

    SetMaxThreads(n)


def _endplay_card(c: int) -> Any:
    from endplay.types import Card, Denom, Rank

    return Card(suit=Denom(3 - c // 13), rank=Rank(1 << (c % 13 + 2)))


def _our_card(card: Any) -> int:
    suit = 3 - int(card.suit)
    rank = int(card.rank).bit_length() - 1  # Rank values are 1 << rank, rank 2..14
    return suit * 13 + rank - 2
