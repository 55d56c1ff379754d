"""Honors and chicane: every cell of Goodfellow's law 17 table, Hopson's new
count (royals) multiples, chicane (daw 16, Whist Club 9, docs/spec.md §2.2.2), and
reading the holdings from a deal."""

from __future__ import annotations

import pytest

from auctionwhist.calls import DENOMINATIONS, parse_contract
from auctionwhist.cards import Deal, Seat
from auctionwhist.codes import find_code
from auctionwhist.scoring import DealResult, DealScore, Holdings, ScoringError, score_deal

N, E, S, W = Seat
DAW = find_code("daw")
DENOMS = ("S", "C", "D", "H", "NT")

# Law 17 (daw) as printed: a row per line, a column per declaration S C D H NT
# (None where the table is blank).
LAW_17 = {
    "3 honors": (4, 8, 12, 16, 30),
    "4 honors": (8, 16, 24, 32, 40),
    "4 honors in one hand": (16, 32, 48, 64, 100),
    "4 in one hand, 5th in partner's": (18, 36, 54, 72, None),
    "5 honors": (10, 20, 30, 40, None),
    "5 honors in one hand": (20, 40, 60, 80, None),
    "little slam": (20, 20, 20, 20, 20),
    "grand slam": (40, 40, 40, 40, 40),
    "chicane": (4, 8, 12, 16, None),
    "game": (100, 100, 100, 100, 100),
    "undertrick": (50, 50, 50, 50, 50),
    "undertrick doubled": (100, 100, 100, 100, 100),
    "undertrick redoubled": (200, 200, 200, 200, 200),
    "bonus doubled": (50, 50, 50, 50, 50),
    "bonus redoubled": (100, 100, 100, 100, 100),
}

# (N, E, S, W) honors for each honor row, suit first, then at no-trump.
HOLDINGS = {
    "3 honors": ((2, 1, 1, 1), (2, 1, 1, 0)),
    "4 honors": ((2, 1, 2, 0), (2, 0, 2, 0)),
    "4 honors in one hand": ((4, 1, 0, 0), (4, 0, 0, 0)),
    "4 in one hand, 5th in partner's": ((4, 0, 1, 0), None),
    "5 honors": ((3, 0, 2, 0), None),
    "5 honors in one hand": ((5, 0, 0, 0), None),
}

# A contract of each declaration that makes game with its tricks.
GAME = {"S": ("4SXX", 10), "C": ("4CX", 10), "D": ("5D", 11), "H": ("4H", 10), "NT": ("3NT", 9)}


def deal(
    contract: str, tricks: int, holdings: Holdings | None = None, code: str = "daw"
) -> DealScore:
    return score_deal(DealResult(find_code(code), parse_contract(contract), N, tricks, holdings))


def points(s: DealScore, side: int, reason: str) -> int:
    found = [i.points for i in s.items if i.side == side and i.reason == reason]
    assert len(found) == 1, (reason, s.items)
    return found[0]


def cell(row: str, d: str) -> int:
    nt = d == "NT"
    if row in HOLDINGS:
        suit, at_nt = HOLDINGS[row]
        held = at_nt if nt else suit
        assert held is not None
        s = deal(f"1{d}", 7, Holdings(held))
        (item,) = [i for i in s.items if i.law == "Law 17 (daw)"]
        assert item.side == 0
        return item.points
    if row in ("little slam", "grand slam"):
        return points(deal(f"1{d}", 12 if row == "little slam" else 13), 0, row)
    if row == "chicane":
        return points(
            deal(f"1{d}", 7, Holdings((3, 1, 0, 1), frozenset({S}))), 0, "chicane (South)"
        )
    if row == "game":
        contract, tricks = GAME[d]
        return points(deal(contract, tricks), 0, "game")
    if row.startswith("undertrick"):
        suffix = {"undertrick": "", "undertrick doubled": "X", "undertrick redoubled": "XX"}[row]
        s = deal(f"2{d}{suffix}", 7)
        (item,) = s.items
        assert item.side == 1 and item.reason.startswith("1 undertrick")
        return item.points
    suffix = "X" if row == "bonus doubled" else "XX"
    s = deal(f"2{d}{suffix}", 8)
    (bonus,) = [i for i in s.items if i.reason.startswith("bonus")]
    with_overtrick = deal(f"2{d}{suffix}", 9)
    (bonus2,) = [i for i in with_overtrick.items if i.reason.startswith("bonus")]
    assert bonus2.points == 2 * bonus.points  # "contract and each over-trick"
    return bonus.points


@pytest.mark.parametrize("row", list(LAW_17))
@pytest.mark.parametrize("d", DENOMS)
def test_law_17_honor_table_cell_daw(row: str, d: str) -> None:
    """Every cell of the table in law 17 (daw), scored through ``score_deal``."""
    expected = LAW_17[row][DENOMS.index(d)]
    if expected is not None:
        assert cell(row, d) == expected
    elif row == "chicane":  # blank: chicane is a hand without trump
        s = deal("1NT", 7, Holdings((3, 1, 0, 0), frozenset({S})))
        assert [i.reason for i in s.items] == ["1 odd trick at no-trump", "3 aces"]
    else:  # blank: there are only four aces
        held, _ = HOLDINGS[row]
        with pytest.raises(ScoringError, match=r"Law 17 \(daw\): there are 4 aces"):
            deal("1NT", 7, Holdings(held))


def test_law_17_honor_reasons_and_citation_daw() -> None:
    s = deal("1H", 7, Holdings((4, 0, 1, 0)))
    assert [(i.reason, i.points, i.law) for i in s.items] == [
        ("1 odd trick at hearts", 8, "Law 9 (daw)"),
        ("4 honors in one hand, 5th in partner's", 72, "Law 17 (daw)"),
    ]


def test_whist_club_law_6_honors_auction() -> None:
    """Law 6 (Whist Club): 3 honors = 2 tricks ... 5 in one hand = 10 tricks; aces 30/40/100."""
    assert points(deal("1D", 7, Holdings((2, 1, 1, 1)), "auction"), 0, "3 honors") == 12
    assert points(deal("1D", 7, Holdings((5, 0, 0, 0)), "auction"), 0, "5 honors in one hand") == 60
    s = deal("1NT", 7, Holdings((0, 4, 0, 0)), "auction")
    assert points(s, 1, "4 aces in one hand") == 100
    assert s.items[-1].law == "Law 6 (auction)"


ROYALS_MULTIPLES = {
    "3 honors": ((2, 1, 1, 1), 2),
    "4 honors": ((2, 1, 2, 0), 4),
    "4 honors in one hand": ((4, 1, 0, 0), 8),
    "4 honors in one hand, 5th in partner's": ((4, 0, 1, 0), 9),
    "5 honors": ((3, 0, 2, 0), 5),
    "5 honors in one hand": ((5, 0, 0, 0), 10),
}


@pytest.mark.parametrize("reason", list(ROYALS_MULTIPLES))
@pytest.mark.parametrize("d", ["S", "C", "D", "H", "RS"])
def test_new_count_honors_are_multiples_of_the_suit_value_royals(reason: str, d: str) -> None:
    """The New Count (royals): honors stay multiples of the trick value, S 2 C 6 D 7 H 8 RS 9."""
    held, times = ROYALS_MULTIPLES[reason]
    value = {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9}[d]
    s = deal(f"1{d}", 7, Holdings(held), "royals")
    assert points(s, 0, reason) == times * value


def test_new_count_royal_spades_honors_table_royals() -> None:
    """Royal spades: 18, 36, 72, 81, 45, 90 (docs/spec.md §2.1)."""
    got = [
        points(deal("1RS", 7, Holdings(held), "royals"), 0, reason)
        for reason, (held, _) in ROYALS_MULTIPLES.items()
    ]
    assert got == [18, 36, 72, 81, 45, 90]
    s = deal("1RS", 7, Holdings((3, 1, 0, 1), frozenset({S})), "royals")
    assert points(s, 0, "chicane (South)") == 18


def test_new_count_no_trump_aces_royals() -> None:
    """At no-trump the aces count 30, 40, 100 in the new count too."""
    assert points(deal("1NT", 7, Holdings((2, 1, 1, 0)), "royals"), 0, "3 aces") == 30
    assert points(deal("1NT", 7, Holdings((2, 0, 2, 0)), "royals"), 0, "4 aces") == 40
    assert points(deal("1NT", 7, Holdings((4, 0, 0, 0)), "royals"), 0, "4 aces in one hand") == 100


def test_law_13_honors_to_original_holders_daw() -> None:
    """Law 13 (daw): honors go to their holders, defending or failing (docs/spec.md §2.2.1)."""
    defending = deal("2H", 8, Holdings((0, 4, 1, 0)))
    assert points(defending, 1, "4 honors in one hand") == 64
    failing = deal("4H", 7, Holdings((2, 1, 2, 0)))
    assert points(failing, 0, "4 honors") == 32
    assert failing.trick(0) == 0 and failing.honor(1) == 150


def test_law_18_doubling_does_not_affect_honors_slams_chicane_daw() -> None:
    held = Holdings((3, 1, 0, 1), frozenset({S}))
    plain, redoubled = deal("1H", 12, held), deal("1HXX", 12, held)
    for reason in ("3 honors", "chicane (South)", "little slam"):
        assert points(plain, 0, reason) == points(redoubled, 0, reason)


def test_law_16_chicane_added_when_partner_scores_honors_daw() -> None:
    s = deal("2H", 8, Holdings((3, 1, 0, 1), frozenset({S})))
    assert s.honor(0) == 16 + 16
    assert [i.law for i in s.items if "chicane" in i.reason] == ["Law 16 (daw)"]


def test_law_16_chicane_deducted_from_adversaries_honors_daw() -> None:
    # South has no trump; East-West hold 4 honors (32), less chicane 16.
    s = deal("2H", 8, Holdings((1, 2, 0, 2), frozenset({S})))
    assert points(s, 1, "4 honors") == 32
    assert points(s, 1, "less chicane (South)") == -16
    assert s.honor(1) == 16
    assert s.honor(0) == 0


def test_law_16_double_chicane_deducted_daw() -> None:
    # North and South both void; East-West's 5 honors in one hand at diamonds 60, less 24.
    s = deal("1D", 2, Holdings((0, 5, 0, 0), frozenset({N, S})))
    assert points(s, 1, "5 honors in one hand") == 60
    assert points(s, 1, "less double chicane (North-South)") == -24
    assert s.honor(1) == 36 + 5 * 50


def test_chicane_never_below_zero_spec_2_2_2() -> None:
    """docs/spec.md §2.2.2: the deduction can reach zero, never below."""
    s = deal("1H", 7, Holdings((0, 2, 0, 1), frozenset({N, S})))  # E-W 3 honors 16; double 32
    assert points(s, 1, "3 honors") == 16
    assert points(s, 1, "less double chicane (North-South), to zero") == -16
    assert s.honor(1) == 0


def test_chicane_both_sides_daw() -> None:
    # North void (N-S hold the honors: added), East void (deducted from N-S).
    s = deal("1H", 7, Holdings((0, 0, 3, 2), frozenset({N, E})))
    assert points(s, 0, "chicane (North)") == 16
    assert points(s, 0, "less chicane (East)") == -16
    assert s.honor(0) == 16


def test_whist_club_law_9_chicane_auction() -> None:
    s = deal("1C", 7, Holdings((1, 2, 0, 2), frozenset({S})), "auction")
    assert points(s, 1, "less chicane (South)") == -8
    assert s.items[-1].law == "Law 9 (auction)"


def test_chicane_ignored_at_no_trump_daw() -> None:
    s = deal("1NT", 7, Holdings((3, 1, 0, 0), frozenset({S})))
    assert [i.reason for i in s.items] == ["1 odd trick at no-trump", "3 aces"]


def test_law_85_no_honors_royalton() -> None:
    """Law 85 (Royalton): no count for honors; holdings are ignored."""
    s = deal("1H", 7, Holdings((5, 0, 0, 0), frozenset({E})), "royalton")
    assert [(i.reason, i.points) for i in s.items] == [("1 odd trick at hearts", 10)]


def test_honors_none_given_daw() -> None:
    s = deal("1H", 7)
    assert s.honor(0) == s.honor(1) == 0


@pytest.mark.parametrize(
    ("contract", "held", "match"),
    [
        ("1H", Holdings((3, 1, 1, 1)), r"Law 17 \(daw\): there are 5 honors"),
        ("1NT", Holdings((2, 1, 1, 1)), r"Law 17 \(daw\): there are 4 aces"),
        ("1H", Holdings((-1, 0, 3, 0)), r"Law 17 \(daw\)"),
        ("1H", Holdings((1, 2, 0, 2), frozenset({N})), r"Law 16 \(daw\): North holds no trump"),
        ("1H", Holdings((0, 0, 0, 0), frozenset(Seat)), r"Law 16 \(daw\)"),
    ],
)
def test_impossible_holdings_raise_daw(contract: str, held: Holdings, match: str) -> None:
    with pytest.raises(ScoringError, match=match):
        deal(contract, 7, held)


PBN = "N:AKQJT.AK2.AK2.AK 98765.QJ3.QJ3.QJ 432.T987.T987.T9 .654.654.8765432"


def test_holdings_from_deal() -> None:
    d = Deal.from_pbn(PBN)
    assert Holdings.from_deal(d, DENOMINATIONS["S"]) == Holdings((5, 0, 0, 0), frozenset({W}))
    assert Holdings.from_deal(d, DENOMINATIONS["RS"]) == Holdings((5, 0, 0, 0), frozenset({W}))
    assert Holdings.from_deal(d, DENOMINATIONS["H"]) == Holdings((2, 2, 1, 0))
    assert Holdings.from_deal(d, DENOMINATIONS["NT"]) == Holdings((4, 0, 0, 0))
    assert Holdings.from_deal(d, DENOMINATIONS["NL"]) == Holdings((0, 0, 0, 0))
