"""Team movements: Goodfellow's match, the League, club against club, Howell,
Gilman — the printed schedules of seeds 000 and 002 reproduced."""

from __future__ import annotations

import pytest

from auctionwhist.duplicate import MovementError, Schedule
from auctionwhist.duplicate.movements import movement
from auctionwhist.duplicate.validate import check


def _layout(s: Schedule, rnd: int, table: int) -> tuple[str, str, str, str]:
    """(N, W, E, S) — the order the seed prints a table in."""
    n, e, so, w = s.rounds[rnd - 1].at(table).seats
    assert n and e and so and w
    return (n, w, e, so)


# Seed 000, Technique of play, MATCH — transcribed from the printed table:
#   First position / Second position / Third position
#   A A A / W X  W Y  X Y / B C D      (first table)
#   Y X W / C D  B D  B C / Z Z Z      (second table)
GOODFELLOW_PRINTED = """
A A A
W X|W Y|X Y
B C D
Y X W
C D|B D|B C
Z Z Z
"""


def _parse_three(text: str) -> list[list[tuple[str, str, str, str]]]:
    rows = [r for r in text.strip().splitlines()]
    out: list[list[tuple[str, str, str, str]]] = [[], [], []]
    for t in (0, 1):
        ns = rows[3 * t].split()
        we = [pair.split() for pair in rows[3 * t + 1].split("|")]
        ss = rows[3 * t + 2].split()
        for p in range(3):
            out[p].append((ns[p], we[p][0], we[p][1], ss[p]))
    return out


def test_law_goodfellow_match_positions_as_printed_daw() -> None:
    """Seed 000 MATCH (daw): the three positions of the printed table."""
    s = movement("two-teams-of-four")
    printed = _parse_three(GOODFELLOW_PRINTED)
    for p in range(3):
        assert [_layout(s, p + 1, t) for t in (1, 2)] == printed[p]


def test_goodfellow_trays_1_to_4_and_5_to_8_daw() -> None:
    """Seed 000 TRAYS: trays 1-4 at the first table, 5-8 at the second, exchanged."""
    s = movement("two-teams-of-four")
    t1, t2 = s.rounds[0].at(1), s.rounds[0].at(2)
    assert [(tp.tray, tp.overplay) for tp in t1.trays] == [(t, False) for t in (1, 2, 3, 4)] + [
        (t, True) for t in (5, 6, 7, 8)
    ]
    assert [tp.tray for tp in t2.trays] == [5, 6, 7, 8, 1, 2, 3, 4]
    assert s.deals_per_table == 24
    # each tray at both tables in opposite directions: a team's N-S pair, then its E-W
    for c in s.comparisons:
        assert c.matches == (("visitors", "home"),)
    check(s)


# Seed 002, the League arrangement (six positions), transcribed:
LEAGUE_PRINTED = """
A A A A A A
W X|Y Z|W Y|X Z|X Y|W Z
B B C C D D
Y W X W W X
C D|C D|B D|B D|B C|B C
Z X Z Y Z Y
"""


def test_league_positions_as_printed_whist() -> None:
    s = movement("league-teams", 2)
    rows = LEAGUE_PRINTED.strip().splitlines()
    for t in (0, 1):
        ns = rows[3 * t].split()
        we = [x.split() for x in rows[3 * t + 1].split("|")]
        ss = rows[3 * t + 2].split()
        for p in range(6):
            assert _layout(s, p + 1, t + 1) == (ns[p], we[p][0], we[p][1], ss[p])
    assert len(s.trays) == 48  # 24 hands numbered at each of the two tables
    check(s)


def test_league_short_form_is_1st_3rd_5th_and_goodfellow() -> None:
    short = movement("league-teams", 2, variant="short")
    full = movement("league-teams", 2)
    good = movement("two-teams-of-four")
    for i, p in enumerate((1, 3, 5)):
        for t in (1, 2):
            assert short.rounds[i].at(t).seats == full.rounds[p - 1].at(t).seats
            assert short.rounds[i].at(t).seats == good.rounds[i].at(t).seats
    check(short)


def test_league_repeated_with_every_additional_four() -> None:
    s = movement("league-teams", 4)
    check(s)
    assert s.rounds[0].at(3).seats[0] == "A.2"
    assert len(s.contestant("visitors").players) == 8


def test_club_against_club_printed_positions_whist() -> None:
    """Seed 002 CLUB AGAINST CLUB: O's N-S at odd tables, X's at even; then the fours change."""
    s = movement("club-against-club", 8)
    first, second = s.rounds[0], s.rounds[1]
    for t in range(1, 9):
        st = first.at(t)
        assert (st.ns, st.ew) == ((("O",), ("X",)) if t % 2 else (("X",), ("O",)))
        after = second.at(t)
        assert (after.ns, after.ew) == ((("X",), ("O",)) if t % 2 else (("O",), ("X",)))
    # the O's that played N-S at table 1 overplay at table 2 the N-S hands the X's held there
    o_ns = first.at(1).seats[0], first.at(1).seats[2]
    assert (second.at(2).seats[0], second.at(2).seats[2]) == o_ns
    assert [s.label(tp.tray) for tp in second.at(2).trays] == [
        f"hand {h}, table 2" for h in (1, 2, 3, 4)
    ]
    check(s)


# Seed 002, Howell's system, five teams: N-S at tables 1-5 and hands, by set.
HOWELL_PRINTED = {
    1: ("e a b c d", "1-4 5-8 9-12 13-16 17-20"),
    2: ("d e a b c", "9-12 13-16 17-20 1-4 5-8"),
    3: ("c d e a b", "17-20 1-4 5-8 9-12 13-16"),
    4: ("b c d e a", "5-8 9-12 13-16 17-20 1-4"),
}


def test_howell_teams_five_as_printed_whist() -> None:
    s = movement("howell-teams", 5)
    for rnd, (ns, hands) in HOWELL_PRINTED.items():
        for t, (team, span) in enumerate(zip(ns.split(), hands.split(), strict=True), start=1):
            st = s.rounds[rnd - 1].at(t)
            assert st.ns == (team,)
            assert st.ew == ("abcde"[t - 1],)  # E-W stay at their own table
            lo, hi = map(int, span.split("-"))
            assert [tp.tray for tp in st.trays] == list(range(lo, hi + 1))
    check(s)


def test_howell_teams_seed_example_a_and_d() -> None:
    """E-W a and N-S d play 9-12 at table 1 in the 2nd set; N-S a, E-W d at table 4 in the 3rd."""
    s = movement("howell-teams", 5)
    st = s.rounds[1].at(1)
    assert (st.ns, st.ew, st.trays[0].tray) == (("d",), ("a",), 9)
    st = s.rounds[2].at(4)
    assert (st.ns, st.ew, st.trays[0].tray) == (("a",), ("d",), 9)
    assert any(set(m) == {"a", "d"} for c in s.comparisons if c.tray == 9 for m in c.matches)


@pytest.mark.parametrize("tables,step", [(5, 2), (7, 3), (9, 4), (11, 5)])
def test_howell_trays_move_2_3_4_5_tables(tables: int, step: int) -> None:
    s = movement("howell-teams", tables)
    for r in range(len(s.rounds) - 1):
        for t in range(1, tables + 1):
            here = s.rounds[r].at(t).trays[0].tray
            dest = (t - 1 - step) % tables + 1
            assert s.rounds[r + 1].at(dest).trays[0].tray == here
            # players one table at a time, the other way
            ns = s.rounds[r].at(t).ns
            assert s.rounds[r + 1].at(t % tables + 1).ns == ns
    check(s)


def test_howell_teams_even_is_an_error() -> None:
    with pytest.raises(MovementError, match="odd number of tables"):
        movement("howell-teams", 6)


@pytest.mark.parametrize("tables", [3, 5, 7, 11])
def test_gilman_odd_twice_round(tables: int) -> None:
    s = movement("gilman-teams", tables)
    first = s.rounds[0]
    assert all(st.ns == st.ew for st in first.sittings)  # own table first
    for r in range(len(s.rounds) - 1):
        for t in range(1, tables + 1):
            st = s.rounds[r].at(t)
            # E-W move to the next table but one, downward; trays one table
            assert s.rounds[r + 1].at((t - 3) % tables + 1).ew == st.ew
            assert s.rounds[r + 1].at((t - 2) % tables + 1).trays[0].tray == st.trays[0].tray
    check(s)


def test_gilman_even_ten_tables_as_described() -> None:
    """Trays 1-3 at tables 1 and 6, 7-9 at 2 and 7 ... 25-27 at 5 and 10; table 1 gets 1-30."""
    s = movement("gilman-teams", 10)
    r1 = s.rounds[0]
    assert sorted(tp.tray for tp in r1.at(1).trays) == [1, 2, 3]
    assert [tp.tray for tp in r1.at(6).trays] == [2, 3, 1]  # tray 2 to table 6 first
    assert sorted(tp.tray for tp in r1.at(2).trays) == [7, 8, 9]
    assert sorted(tp.tray for tp in r1.at(5).trays) == [25, 26, 27]
    assert sorted(tp.tray for tp in s.rounds[1].at(1).trays) == [4, 5, 6]
    assert sorted(tp.tray for tp in s.rounds[1].at(2).trays) == [10, 11, 12]
    order = [tp.tray for r in s.rounds for tp in r.at(1).trays]
    assert order == list(range(1, 31))
    # E-W move one table: 2 to 1
    assert s.rounds[1].at(1).ew == r1.at(2).ew
    check(s)


def test_team_table_count_errors() -> None:
    with pytest.raises(MovementError, match="2 tables"):
        movement("two-teams-of-four", 4)
    with pytest.raises(MovementError, match="even number"):
        movement("league-teams", 3)
    with pytest.raises(MovementError, match="even number"):
        movement("club-against-club", 5)
