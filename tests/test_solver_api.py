"""The public API: conventions for strains, declarers and nullo."""

from __future__ import annotations

import pytest

from auctionwhist.cards import Deal, Seat, card_from_str, hand_from_pbn
from auctionwhist.solver import (
    Position,
    SolverError,
    best_cards,
    dd_table,
    dd_tricks,
    position_of_play,
    score_cards,
    solve_position,
    trump_of,
)

# Each hand one whole suit: North spades, East hearts, South diamonds, West clubs.
SUITED = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def test_trump_of_strains() -> None:
    assert [trump_of(s) for s in ("C", "D", "H", "S", "RS", "NT", "NL")] == [0, 1, 2, 3, 3, -1, -1]
    with pytest.raises(SolverError, match="not a strain"):
        trump_of("X")


def test_nullo_counts_the_tricks_the_declarers_side_is_forced_to_take_royalton() -> None:
    """Royalton nullo (docs/spec.md §2.2.5): East leads his hearts and must win all 13."""
    assert dd_tricks(SUITED, "NL", Seat.NORTH) == 0
    # West declaring: North leads spades and North-South take every trick.
    assert dd_tricks(SUITED, "NL", Seat.WEST) == 0
    assert dd_tricks(SUITED, "NL", Seat.EAST) == 0


def test_ordinary_counts_the_declarers_side_tricks() -> None:
    # North declaring spades: East leads a heart, North ruffs, then runs spades.
    assert dd_tricks(SUITED, "S", Seat.NORTH) == 13
    assert dd_tricks(SUITED, "S", Seat.NORTH, engine="core") == 13
    # No-trump, North declaring: East leads hearts and takes all thirteen.
    # West declaring spades: North leads spades and takes all thirteen.
    assert dd_tricks(SUITED, "S", Seat.WEST) == 0
    assert dd_tricks(SUITED, "NT", Seat.NORTH) == 0


def test_dd_table_is_per_declarer_north_east_south_west() -> None:
    table = dd_table(SUITED, ("S", "NT", "NL"))
    # East or West declaring spades: North ruffs the opening lead and draws trumps.
    assert table["S"] == (13, 0, 13, 0)
    assert table["NT"] == (0, 0, 0, 0)
    assert table["NL"] == (0, 0, 0, 0)
    assert dd_table(SUITED, ("S",), engine="core") == {"S": table["S"]}


def test_dds_refuses_nullo() -> None:
    with pytest.raises(SolverError, match="nullo"):
        dd_tricks(SUITED, "NL", Seat.NORTH, engine="dds")
    with pytest.raises(SolverError, match="engine"):
        dd_tricks(SUITED, "S", Seat.NORTH, engine="x")  # type: ignore[arg-type]


def _ending() -> Position:
    # N: SA S2; E: SK H2; S: SQ H3; W: SJ H4; North to lead.
    hands = (
        hand_from_pbn("A2..."),
        hand_from_pbn("K.2.."),
        hand_from_pbn("Q.3.."),
        hand_from_pbn("J.4.."),
    )
    return Position(hands, "NT", Seat.NORTH)


def test_score_cards_counts_the_movers_side_tricks_both_engines() -> None:
    pos = _ending()
    sa, s2 = card_from_str("SA"), card_from_str("S2")
    core = score_cards(pos, engine="core")
    assert core == score_cards(pos, engine="dds")
    assert core[sa] == 2  # East's singleton king falls under the ace; the two is good
    assert core[s2] == 0  # the king wins, and West's four takes the last trick
    assert solve_position(pos) == max(core.values())


def test_best_cards_at_nullo_take_the_fewest_tricks() -> None:
    pos = Position(_ending().hands, "NL", Seat.NORTH)
    scores = score_cards(pos)
    best = best_cards(pos)
    assert all(scores[c] == min(scores.values()) for c in best)
    assert solve_position(pos) == min(scores.values())


def test_position_mid_trick() -> None:
    pos = _ending()
    hands = list(pos.hands)
    sa = card_from_str("SA")
    hands[0] ^= 1 << sa
    mid = position_of_play(hands, [sa], Seat.EAST, "nt")
    assert mid.leader is Seat.NORTH
    assert mid.legal_cards() == [card_from_str("SK")]
    assert score_cards(mid, engine="core") == score_cards(mid, engine="dds")
