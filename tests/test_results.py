"""Match results, law by law, with the seeds' worked examples."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

from auctionwhist.cards import Seat
from auctionwhist.codes import RevokeTransfer, find_code
from auctionwhist.duplicate.results import (
    HeadToHead,
    PairRevoke,
    PairScore,
    PlayedDeal,
    ResultError,
    against_average,
    compass,
    deal_average,
    each_against_each,
    lowest_score,
    pair_revoke,
    plus_minus_by_deal,
    round_law6,
    safford,
    team_aggregates,
    two_teams,
)
from auctionwhist.scoring import DealResult, Revoke, score_deal


def test_law_6_one_half_counting_as_a_whole_daw() -> None:
    assert round_law6(Fraction(15, 2)) == 8
    assert round_law6(Fraction(74, 10)) == 7
    assert round_law6(Fraction(76, 10)) == 8
    assert round_law6(207) == 207


def test_law_5_each_team_against_the_average_daw() -> None:
    r = against_average({"a": 10, "b": 14, "c": 16})
    assert r.average == Fraction(40, 3) and r.average_taken == 13 and not r.fraction_kept
    assert [(s.id, s.result) for s in r.standings] == [("c", 3), ("b", 1), ("a", -3)]
    assert r.law == "Laws 5 and 6 (daw)"


def test_law_6_fraction_kept_to_avoid_a_tie_daw() -> None:
    """docs/spec.md §2.2.11: two teams 1 apart; the rounded average equals the winner's
    score, a tie; the fraction is kept and the match won by one-half."""
    r = against_average({"home": 1100, "visitors": 1101})
    assert r.fraction_kept and r.average_taken == Fraction(2201, 2)
    assert r.of("visitors").result == Fraction(1, 2) and r.of("home").result == Fraction(-1, 2)
    assert r.of("visitors").result_text == "+½"
    assert r.leaders == ("visitors",)
    # three teams: 10, 13, 15 average 12⅔, taken as 13, would tie 13 with the average
    r3 = against_average({"a": 10, "b": 13, "c": 15})
    assert r3.fraction_kept and r3.of("b").result == Fraction(1, 3)
    assert sum(s.result for s in r3.standings) == 0


def test_law_3_teams_of_an_odd_number_of_pairs_daw() -> None:
    """Law 3: each team adds the average of all the pairs seated opposite its odd pair."""
    pairs = [
        PairScore("A", 0, 300), PairScore("A", 0, 250), PairScore("A", 1, 180),
        PairScore("B", 0, 270), PairScore("B", 1, 200), PairScore("B", 1, 171),
    ]  # fmt: skip
    exact, taken = team_aggregates(pairs)
    # A's odd pair sits N-S: A adds the E-W average (180+200+171)/3 = 183⅔.
    # B's odd pair sits E-W: B adds the N-S average (300+250+270)/3 = 273⅓.
    assert exact["A"] == 730 + Fraction(551, 3)
    assert exact["B"] == 641 + Fraction(820, 3)
    assert taken == {"A": 730 + 184, "B": 641 + 273}
    with pytest.raises(ResultError, match=r"^Law 2 \(daw\)"):
        team_aggregates([PairScore("A", 0, 1), PairScore("B", 0, 1), PairScore("B", 1, 1)])


def test_law_51c_average_for_a_deal_that_cannot_be_overplayed_daw() -> None:
    """Law 51 C: each team at the table takes the average score for the deal."""
    assert deal_average([120, 136, 98]) == 118  # 354 / 3
    assert deal_average([7, 8], "whist") == 8  # 7.5: one-half counts as a whole
    with pytest.raises(ResultError, match=r"^Law 51 C \(daw\)"):
        deal_average([])
    with pytest.raises(ResultError, match=r"^Law V §1 \(whist\)"):
        deal_average([], "whist")


@pytest.mark.parametrize(
    ("code", "average", "teams", "pairs"),
    [
        ("daw", "Laws 5 and 6 (daw)", "Law 2 (daw)", "{} (whist), applied to daw"),
        (
            "royalton",
            "Laws 5 and 6 (daw), applied to royalton",
            "Law 2 (daw), applied to royalton",
            "{} (whist), applied to royalton",
        ),
        ("whist", "Law A (1894) (whist)", "Law A (1894) (whist)", "{} (whist)"),
    ],
)
def test_match_laws_are_the_codes_own_or_cited_as_borrowed(
    code: str, average: str, teams: str, pairs: str
) -> None:
    """Goodfellow laws 3, 5 and 6 and 1894 law A: each code ranks a match by
    its own laws; the auction codes have none and apply Goodfellow's (docs/spec.md
    §2.2.8); the movements' rankings are the League's."""
    assert against_average({"a": 1, "b": 2}, code).law == average
    with pytest.raises(ResultError, match="^" + re.escape(teams + ": the contesting teams")):
        team_aggregates([PairScore("A", 0, 1), PairScore("B", 0, 1), PairScore("B", 1, 1)], code)
    r = each_against_each([HeadToHead("a", "b", 7, 6)], code=code, topic="pairs_matches")
    assert r.law == pairs.format("Duplicate Whist: Four Pairs and Six Pairs, Scoring")
    assert r.law.startswith(find_code(code).cite("pairs_matches"))


def test_law_e_1894_partner_held_the_surplus_lowest_score_whist() -> None:
    assert lowest_score([7, 5, 9]) == 5


def test_law_a_1894_two_teams_tricks_over_half_the_total_whist() -> None:
    r = two_teams("O", 316, "X", 308)
    assert r.average == 312
    assert r.of("O").result == 4 and r.of("X").result == -4


def test_howell_teams_by_matches_won_ties_half_tricks_decide_whist() -> None:
    """Seed 002: the winner wins the most matches; a tied match counts half to
    each; ties in matches are decided by tricks ("the c team takes third place,
    because it has lost one more trick than the d team"; b and c, c and e halve)."""
    matches = [
        HeadToHead("a", "b", 28, 24), HeadToHead("a", "c", 27, 25), HeadToHead("a", "d", 27, 25),
        HeadToHead("a", "e", 25, 27), HeadToHead("b", "c", 26, 26), HeadToHead("b", "d", 25, 27),
        HeadToHead("b", "e", 27, 25), HeadToHead("c", "d", 27, 25), HeadToHead("c", "e", 26, 26),
        HeadToHead("d", "e", 28, 24),
    ]  # fmt: skip
    r = each_against_each(matches)
    won = {s.id: s.score for s in r.standings}
    assert won == {"a": 3, "b": Fraction(3, 2), "c": 2, "d": 2, "e": Fraction(3, 2)}
    assert [s.id for s in r.standings][:3] == ["a", "d", "c"]
    assert r.of("d").tiebreak == 1 and r.of("c").tiebreak == 0  # c is one trick behind d
    assert r.of("d").place == 2 and r.of("c").place == 3
    assert sum(s.tiebreak or 0 for s in r.standings) == 0
    with pytest.raises(ResultError, match="one match only"):
        each_against_each([HeadToHead("a", "b", 1, 2), HeadToHead("b", "a", 1, 2)])


def test_four_pairs_tie_decided_by_tricks_whist() -> None:
    """ "The a pair wins the tie with d, being 6 tricks plus.\""""
    r = each_against_each(
        [HeadToHead("a", "b", 58, 46), HeadToHead("a", "c", 51, 53),
         HeadToHead("a", "d", 53, 51), HeadToHead("d", "b", 53, 51),
         HeadToHead("d", "c", 53, 51), HeadToHead("b", "c", 52, 52)],
    )  # fmt: skip
    assert r.of("a").score == r.of("d").score == 2
    assert r.leaders == ("a",) and r.of("a").tiebreak == 6 and r.of("d").tiebreak == 1


def test_compass_whist_foster_five_table_example() -> None:
    """Seed 002, Compass Whist: five tables, 30 deals, as printed."""
    ns, ew, winners = compass(
        {"a": 201, "b": 204, "c": 211, "d": 207, "e": 212},
        {"f": 189, "g": 186, "h": 179, "j": 183, "k": 178},
    )
    assert ns.average == 207 and ew.average == 183
    assert sum(s.score for s in ns.standings) == 1035
    assert sum(s.score for s in ew.standings) == 915
    printed = {"a": "-6", "b": "-3", "c": "+4", "d": "=", "e": "+5",
               "f": "+6", "g": "+3", "h": "-4", "j": "=", "k": "-5"}  # fmt: skip
    got = {s.id: s.result_text for r in (ns, ew) for s in r.standings}
    assert got == printed
    # "The e and f pairs make the best scores N & S and E & W respectively; the
    # f pair ... would be the winners."
    assert ns.leaders == ("e",) and ew.leaders == ("f",) and winners == ("f",)


def test_safford_top_score_zero_losses_charged_whist() -> None:
    """Seed 002: a and c take 34 tricks E-W, e and g 30 with the same cards:
    e and g are charged 4; b and d, who made 4 fewer than f and h, are charged 4."""
    r = safford([{"a": 34, "c": 34, "e": 30, "g": 30}, {"b": 18, "d": 18, "f": 22, "h": 22}])
    losses = {s.id: -s.result for s in r.standings}
    assert losses == {"a": 0, "c": 0, "e": 4, "g": 4, "b": 4, "d": 4, "f": 0, "h": 0}
    assert set(r.leaders) == {"a", "c", "f", "h"}


def test_plus_minus_by_deal_sums_to_zero_whist() -> None:
    plays = [PlayedDeal(1, "a", "b", 7, 6), PlayedDeal(1, "c", "d", 9, 4),
             PlayedDeal(2, "b", "c", 5, 8), PlayedDeal(2, "d", "a", 6, 7)]  # fmt: skip
    r = plus_minus_by_deal(plays)
    assert sum(s.result for s in r.standings) == 0
    assert r.of("c").result == 1 + Fraction(1, 2)


def test_law_x_4_pair_match_plus_minus_r_with_clamps_whist() -> None:
    """Law X §4: recorded as made with -R and +R; opponents not above the
    maximum at the other tables (unless they made more); the revokers not
    below the minimum until the averages are made, then the full penalty."""
    # N-S made 8, E-W revoked once: E-W 5 - 2 = 3, N-S 8 + 2 = 10.
    r = pair_revoke((8, 5), PairRevoke(side=1), [(9, 4), (7, 6), (8, 5)])
    assert r.marks == ("+R", "-R")
    assert r.for_average == (9, 4)  # N-S clamped to the maximum 9; E-W to the minimum 4
    assert r.final == (9, 3) and r.after_average == 1
    # opponents who made more than the maximum keep their score as made
    r = pair_revoke((10, 3), PairRevoke(side=1), [(9, 4), (8, 5)])
    assert r.for_average[0] == 10 and r.final == (10, 1)
    # two revokes: two tricks, then one; never tricks won before the first revoke
    r = pair_revoke((4, 9), PairRevoke(side=1, count=2, before=7), [(3, 10), (5, 8)])
    assert r.final[1] == 7 and r.marks == ("+R", "-R")
    with pytest.raises(ResultError, match="Law X §4"):
        pair_revoke((8, 5), PairRevoke(side=1), [])
    # the penalty is the code's declared transfer, not written into the result
    three = replace(find_code("whist"), key="whist-3-2", revoke=RevokeTransfer(3, 2))
    r = pair_revoke((8, 5), PairRevoke(side=1), [(6, 7), (9, 4)], three)
    assert r.final == (9, 2)
    with pytest.raises(ResultError, match=r"Law 101 \(daw\): daw's revoke is not paid"):
        pair_revoke((8, 5), PairRevoke(side=1), [(9, 4)], "daw")


def test_law_x_4_team_match_revoke_limit_to_the_average_whist() -> None:
    """Law X §4, first paragraph: the revoking players cannot score more than the
    average on the deal (the scoring of a deal, with the average given)."""
    whist = find_code("whist")
    r = DealResult(whist, None, None, 10, revokes=(Revoke(Seat.NORTH, 9),), average=6.5)
    s = score_deal(r)
    assert s.trick(0) == 6 and s.trick(1) == 7
