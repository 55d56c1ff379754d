"""Two sides of fours at sets of two tables: Goodfellow's match, the League
arrangement, club against club (seed 000 "Technique of play: MATCH, TRAYS";
seed 002 "POSITION OF THE PLAYERS", "CLUB AGAINST CLUB", "TEAM AGAINST TEAM").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..schedule import Contestant, Kind, MovementError, Schedule, Sitting, TrayPlay
from ._build import exchanged, label_hands, schedule

# Goodfellow's positions as printed: for each position, each table's
# N, (W, E), S — the seed's diagram reads North on top, West left.
GOODFELLOW_POSITIONS: tuple[tuple[tuple[str, str, str, str], ...], ...] = (
    (("A", "W", "X", "B"), ("Y", "C", "D", "Z")),
    (("A", "W", "Y", "C"), ("X", "B", "D", "Z")),
    (("A", "X", "Y", "D"), ("W", "B", "C", "Z")),
)

# The League arrangement as printed in seed 002 (six positions, four hands each).
LEAGUE_POSITIONS: tuple[tuple[tuple[str, str, str, str], ...], ...] = (
    (("A", "W", "X", "B"), ("Y", "C", "D", "Z")),
    (("A", "Y", "Z", "B"), ("W", "C", "D", "X")),
    (("A", "W", "Y", "C"), ("X", "B", "D", "Z")),
    (("A", "X", "Z", "C"), ("W", "B", "D", "Y")),
    (("A", "X", "Y", "D"), ("W", "B", "C", "Z")),
    (("A", "W", "Z", "D"), ("X", "B", "C", "Y")),
)

VISITORS = "ABCD"
HOME = "WXYZ"

GOODFELLOW_REF = "seed 000, Technique of play: MATCH; TRAYS, SCORE-CARDS"
LEAGUE_REF = "seed 002, POSITION OF THE PLAYERS (League tournament)"
CLUB_REF = "seed 002, CLUB AGAINST CLUB; TEAM AGAINST TEAM"


def _seats(nwes: tuple[str, str, str, str], suffix: str) -> tuple[str, str, str, str]:
    """(N, W, E, S) as printed → (N, E, S, W) player ids."""
    n, w, e, s = (p + suffix for p in nwes)
    return (n, e, s, w)


def _side(player: str) -> str:
    if player[0] in "OX" and player[1:].isdigit():  # club against club: the clubs' numbered members
        return player[0]
    return "visitors" if player[0] in VISITORS else "home"


def _club(nwes: tuple[str, str, str, str], k: int) -> tuple[str, str, str, str]:
    """A League position for set ``k`` of club against club: A-D → O's, W-Z → X's."""
    n, w, e, s = (
        f"O{4 * (k - 1) + 1 + VISITORS.index(p)}"
        if p in VISITORS
        else f"X{4 * (k - 1) + 1 + HOME.index(p)}"
        for p in nwes
    )
    return (n, e, s, w)


def _team_sitting(
    rnd: int, table: int, seats: tuple[str, str, str, str], trays: list[TrayPlay]
) -> Sitting:
    return Sitting(rnd, table, seats, (_side(seats[0]),), (_side(seats[1]),), tuple(trays))


def _sides(sets: int) -> tuple[Contestant, ...]:
    sfx = [f".{k}" if sets > 1 else "" for k in range(1, sets + 1)]
    return (
        Contestant("visitors", Kind.TEAM, tuple(p + s for s in sfx for p in VISITORS)),
        Contestant("home", Kind.TEAM, tuple(p + s for s in sfx for p in HOME)),
    )


def _exchange(
    rnd: int,
    tables: tuple[int, int],
    seats: tuple[tuple[str, str, str, str], tuple[str, str, str, str]],
    own: Sequence[list[int]],
) -> list[Sitting]:
    """Two tables each deal their own trays, then exchange and overplay them."""
    out = []
    for i in (0, 1):
        trays = exchanged(own[i], own[1 - i])
        out.append(_team_sitting(rnd, tables[i], seats[i], trays))
    return out


def two_teams_of_four(tables: int = 2, deals: int | None = None) -> Schedule:
    """Goodfellow's match: three positions of eight deals at two tables.

    Trays 1-4 are dealt at the first table and 5-8 at the second, exchanged
    after the fourth deal and overplayed; each later position deals eight
    fresh trays (9-16, 17-24): twenty-four deals played at each table.
    ``deals`` is the number dealt at each table in a position (4).
    """
    if tables != 2:
        raise MovementError(
            f"two-teams-of-four is played at 2 tables, not {tables} ({GOODFELLOW_REF})"
        )
    per = deals or 4
    sittings: list[Sitting] = []
    for p, position in enumerate(GOODFELLOW_POSITIONS):
        first = 2 * per * p
        own = (
            list(range(first + 1, first + per + 1)),
            list(range(first + per + 1, first + 2 * per + 1)),
        )
        seats = (_seats(position[0], ""), _seats(position[1], ""))
        sittings += _exchange(p + 1, (1, 2), seats, own)
    return schedule(
        "two-teams-of-four",
        GOODFELLOW_REF,
        Kind.TEAM,
        _sides(1),
        2,
        sittings,
        plays_per_tray=2,
        notes=(
            "Positions change after every eight deals: four original, four overplay.",
            "Each later position deals eight fresh trays (or the first eight dealt afresh).",
        ),
    )


def _check_sets(name: str, tables: int, ref: str) -> int:
    if tables < 2 or tables % 2:
        raise MovementError(
            f"{name} needs an even number of tables (sets of two), not {tables} ({ref})"
        )
    return tables // 2


def league_teams(tables: int = 2, deals: int | None = None, variant: str | None = None) -> Schedule:
    """The League arrangement: six positions of four hands, tables in sets of two.

    ``variant="short"`` plays only the 1st, 3rd and 5th positions, "usual ...
    in anything but League matches". Hands are numbered per table, as the
    seed numbers them: hand 1 of table 1 and hand 1 of table 2 are two deals.
    """
    sets = _check_sets("league-teams", tables, LEAGUE_REF)
    if variant not in (None, "full", "short"):
        raise MovementError(f"league-teams: variant is 'full' or 'short', not {variant!r}")
    positions = [0, 2, 4] if variant == "short" else list(range(6))
    per = deals or 4
    sittings: list[Sitting] = []
    labels: list[str] = []
    for i, p in enumerate(positions):
        hands = range(per * i + 1, per * i + per + 1)
        for k in range(1, sets + 1):
            sfx = f".{k}" if sets > 1 else ""
            t1, t2 = 2 * k - 1, 2 * k
            own = label_hands(labels, hands, (t1, t2))
            seats = (_seats(LEAGUE_POSITIONS[p][0], sfx), _seats(LEAGUE_POSITIONS[p][1], sfx))
            sittings += _exchange(i + 1, (t1, t2), seats, own)
    return schedule(
        "league-teams",
        LEAGUE_REF + (" (short form: 1st, 3rd, 5th)" if variant == "short" else ""),
        Kind.TEAM,
        _sides(sets),
        tables,
        sittings,
        plays_per_tray=2,
        tray_labels=labels,
        notes=(
            "A B C D are the visitors (challengers), W X Y Z the home club (holders).",
            "Positions change after every four hands; the trays are exchanged within each set.",
        ),
    )


def club_against_club(
    tables: int = 8, deals: int | None = None, variant: str | None = None
) -> Schedule:
    """Club against club: sets of two tables; the fours change places to overplay.

    The cards are left on the table and the four at each table of a set goes
    to the other (O's N-S at one table overplay the N-S hands just held by X's
    at the other). Partners change after every eight hands, through the
    League's 1st, 3rd and 5th positions; ``deals`` is the hands numbered per
    table (24).
    """
    sets = _check_sets("club-against-club", tables, CLUB_REF)
    total = deals or 24
    if total % 4:
        raise MovementError(f"club-against-club: hands come in fours, not {total} ({CLUB_REF})")
    sittings: list[Sitting] = []
    labels: list[str] = []
    rnd = 0
    for b in range(total // 4):
        position = LEAGUE_POSITIONS[2 * ((b // 2) % 3)]
        hands = range(4 * b + 1, 4 * b + 5)
        own_rounds = (rnd + 1, rnd + 2)
        for k in range(1, sets + 1):
            four = (_club(position[0], k), _club(position[1], k))
            t = (2 * k - 1, 2 * k) if b % 2 == 0 else (2 * k, 2 * k - 1)
            own = label_hands(labels, hands, t)
            for j in (0, 1):
                sittings.append(
                    _team_sitting(own_rounds[0], t[j], four[j], [TrayPlay(x) for x in own[j]])
                )
                # the four moves to the other table of the set and overplays there
                sittings.append(
                    _team_sitting(
                        own_rounds[1], t[1 - j], four[j], [TrayPlay(x, True) for x in own[1 - j]]
                    )
                )
        rnd += 2
    clubs = tuple(
        Contestant(c, Kind.TEAM, tuple(f"{c}{i}" for i in range(1, 4 * sets + 1))) for c in "OX"
    )
    return schedule(
        "club-against-club",
        CLUB_REF,
        Kind.TEAM,
        clubs,
        tables,
        sittings,
        plays_per_tray=2,
        tray_labels=labels,
        notes=(
            "O and X are the two clubs; half of each sits N-S, half E-W.",
            "After four hands the fours change places (1 to 2, 2 to 1) and overplay.",
        ),
    )
