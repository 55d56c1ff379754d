"""The audit of the matrices' remaining rows (issue 19 item 7): a test for each
clause a row names that its earlier tests exercised without asserting."""

from __future__ import annotations

from auctionwhist.calls import Bid, parse_contract
from auctionwhist.cards import Seat
from auctionwhist.codes import find_code
from auctionwhist.scoring import DealResult, DealScore, Holdings, score_deal
from auctionwhist.table import Table
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
