"""The audit of the matrices' remaining rows (issue 19 item 7): a test for each
clause a row names that its earlier tests exercised without asserting."""

from __future__ import annotations

import re

import pytest

from auctionwhist.calls import Bid, parse_contract
from auctionwhist.cards import Seat, card_from_str, card_str
from auctionwhist.club import form_two_tables
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.formats.pbn import export_pbn
from auctionwhist.records import Dealt
from auctionwhist.scoring import DealResult, DealScore, Holdings, score_deal
from auctionwhist.table import Table, TableError
from laws_helpers import bid, can_renounce, laws_table, opened, renounce, run

N, E, S, W = Seat


def _score(contract: str, tricks: int, holdings: Holdings | None = None) -> DealScore:
    return score_deal(DealResult(find_code("daw"), parse_contract(contract), N, tricks, holdings))


def _honor_items(s: DealScore) -> dict[str, tuple[int, str]]:
    return {i.reason: (i.points, i.law) for i in s.items if i.column == "honor"}


# -- daw 18: doubling does not affect honors, slams, chicane, or game ----------------


def test_law_18_doubling_does_not_affect_the_game_honor_daw() -> None:
    """Law 18 (daw): doubling and re-doubling do not affect "honors scored for
    game": 3 no-trump made, plain, doubled and redoubled, scores game 100 each
    time and 3 aces 30, while the trick score doubles and redoubles (law 9)."""
    held = Holdings((2, 1, 1, 0))
    plain, doubled, redoubled = (_score(c, 9, held) for c in ("3NT", "3NTX", "3NTXX"))
    assert plain.trick(0) == 36 and doubled.trick(0) == 72 and redoubled.trick(0) == 144
    for s in (plain, doubled, redoubled):
        assert _honor_items(s)["game"] == (100, "Law 7 (daw)")
        assert _honor_items(s)["3 aces"] == (30, "Law 17 (daw)")
    assert "game" in _honor_items(_score("1NTXX", 9))  # 3 odd tricks at 48 each: game


# -- daw 72: doubling does not alter the bidding value -------------------------------


def test_law_72_three_hearts_overbids_two_no_trump_doubled_daw() -> None:
    """Law 72 (daw): "a declaration of 'three hearts' is higher than 'two
    no-trump,' even though the no-trump declaration may have been doubled, or
    re-doubled"; and a lower declaration does not become higher by the double."""
    for doubles in (["X"], ["X", "XX"]):
        t = laws_table("daw")
        bid(t, "2NT", *doubles)
        assert Bid(3, "H") in t.legal_calls()  # 24 points, more tricks (law 54)
        assert Bid(3, "D") not in t.legal_calls()  # 18 points: still lower
        bid(t, "3H")
        assert t.auction is not None and t.auction.doubled == 0


# -- daw 77: dummy is not liable to the revoke penalty -------------------------------


def test_law_77_dummy_renounce_the_trick_stands_no_penalty_daw() -> None:
    """Law 77 (daw): dummy (South) renounces and the trick is quitted: "the
    trick must stand", and no revoke penalty is scored."""
    t = opened("daw")  # North declares one heart; South is dummy
    assert t.play is not None and t.play.dummy == S
    run(t, lambda t: can_renounce(t, S))
    n = len(t.play.tricks)
    bad = renounce(t, S)
    run(t, lambda t: t.play is not None and len(t.play.tricks) > n and not t.play.trick)
    assert t.phase == "play" and bad in t.play.tricks[n][1]
    assert t.revokes() == ()
    run(t)
    again = Table.from_events(t.events)  # and stands in the replay
    assert t.is_over and again.play is not None and again.play.tricks[n] == t.play.tricks[n]
    assert not [i for i in t.score().items if "revoke" in i.reason]


# -- AWL X §1: a renounce in error, corrected or established -------------------------


def _whist_renounce(seed: int = 1) -> tuple[Table, Seat, int]:
    """A whist laws table where a player has just renounced in error in trick n."""
    t = laws_table("whist", seed)
    run(t, lambda t: t.play is not None and can_renounce(t, t.play.turn))
    assert t.play is not None
    seat, n = t.play.turn, len(t.play.tricks) + 1
    renounce(t, seat)
    return t, seat, n


def test_law_X_1_a_renounce_in_error_corrected_before_the_trick_is_quitted_whist() -> None:
    """AWL X §1: "A renounce in error may be corrected by the player making it":
    corrected before the trick is turned and quitted, no revoke is established."""
    t, seat, _ = _whist_renounce()
    t.correct_renounce(seat)
    while t.phase in ("play", "penalty"):  # X §3's penalties ruled as first allowed
        if t.pending is not None:
            t.act(t.workable_ruling())
        else:
            t.play_card(t.legal_cards()[0])
    assert t.is_over and t.revokes() == ()
    assert not [i for i in t.score().items if "revoke" in i.reason]


def test_law_X_1a_the_trick_quitted_the_revoke_is_established_whist() -> None:
    """AWL X §1 (a): once the trick in which it occurs is turned and quitted (its
    fourth card recorded, the next lead made), a revoke is established: it can no
    longer be corrected and is scored (X §4)."""
    t, seat, n = _whist_renounce()
    run(t, lambda t: t.play is not None and len(t.play.tricks) == n)  # the trick quitted
    t.play_card(t.legal_cards()[0])  # the next lead
    with pytest.raises(TableError, match="no renounce in error to correct"):
        t.correct_renounce(seat)
    run(t)
    assert t.is_over and [(r.seat, r.trick) for r in t.revokes()] == [(seat, n)]
    laws = [i.law for i in t.score().items if "revoke" in i.reason]
    assert laws and set(laws) == {"Law X §4 (whist)"}


# -- AWL IV §1 and 1894 D: the trump card and the deal's number recorded -------------


def test_law_IV_1_the_trump_card_and_deal_number_recorded_before_play_whist() -> None:
    """AWL IV §1, 1894 D: "The trump card and the number of the deal must be
    recorded, before the play begins": the first record of the deal, before any
    card is played, holds both, and the deal's PBN carries them (Board, the
    turned card)."""
    d = deal("whist", number=3, seed=8)
    t = Table("whist", d)
    assert t.phase == "play" and t.play is not None and not t.play.trick
    first = t.events[0]
    assert isinstance(first, Dealt)
    assert first.deal.number == 3 and first.deal.turned == d.turned is not None
    tg = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', export_pbn(t.events), re.M))
    assert tg["Board"] == "3" and tg["AuctionWhistTurned"] == card_str(d.turned)


# -- 1894 B: two tables formed by cutting -------------------------------------------


def test_law_B_1894_the_highest_two_sit_north_and_south_whist() -> None:
    """1894 law B: "The highest two at each table sit north and south, the lowest
    two east and west", and the highest two at one table are partners of the
    lowest two at the other."""
    cuts = {"a": "HA", "b": "SA", "c": "H2", "d": "S2", "e": "H5", "f": "S5", "g": "HK"}
    cuts |= {"h": "SK"}
    two = form_two_tables("whist", {k: card_from_str(v) for k, v in cuts.items()})
    t1, t2 = two.tables
    assert {t1[N], t1[S]} == {"c", "d"} and {t1[E], t1[W]} == {"a", "b"}
    assert {t2[N], t2[S]} == {"g", "h"} and {t2[E], t2[W]} == {"e", "f"}
    assert set(two.teams[1]) == {"g", "h", "a", "b"}
