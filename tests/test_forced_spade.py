"""The dealer's forced one spade shows nothing (issue 18). Hopson, "The
Dealer's Bid": one spade "does not mean strength in spades ... he may not have
in his hand a single spade." Partner does not bid spades or royal spades on
it, the opening lead does not lead it, and the Monte Carlo sampler does not
give the dealer spades for it (daw 52, Whist Club 44: the dealer must declare)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from auctionwhist.analysis.bidding import BIDDINGS, bid_auction
from auctionwhist.calls import Bid, parse_call
from auctionwhist.cards import Deal, Seat, card_from_str, suit_bits
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.robots.cardplay import knowledge
from auctionwhist.robots.heuristic import period_lead
from auctionwhist.robots.view import SeatView
from auctionwhist.table import Table

SPADES = 3


def own_spade_suit(hand: int) -> bool:
    """Spades the hand could bid alone (rules._candidates, _biddable): five or
    more, or four headed by the ace or by king and queen (Hopson)."""
    b = suit_bits(hand, SPADES)
    n = b.bit_count()
    return n >= 5 or (n == 4 and bool(b & 1 << 12 or (b & 1 << 11 and b & 1 << 10)))


def spade_bids_on_the_forced_spade(
    code: str, bidder: Callable[[SeatView], object], deals: int = 1000
) -> tuple[int, int]:
    """Over ``deals`` auctions: (spade or royal-spade bids by the partner of a
    dealer whose only bid is the forced one spade, those made without a spade
    suit of his own, resting on partner's forced spade alone)."""
    c = find_code(code)
    rng = random.Random(18)
    bids = alone = 0
    for n in range(deals):
        d = deal(c, number=n + 1, rng=rng)
        t = bid_auction(c, d, dict.fromkeys(Seat, bidder))  # type: ignore[arg-type]
        assert t.auction is not None
        calls = t.auction.calls
        if not (isinstance(calls[0][1], Bid) and calls[0][1] == Bid(1, "S")):
            continue
        partner = d.dealer.partner
        for i, (seat, call) in enumerate(calls):
            if seat != partner or not isinstance(call, Bid) or call.denom.named != "S":
                continue
            dealers = [x for s, x in calls[:i] if s == d.dealer and isinstance(x, Bid)]
            if len(dealers) == 1:
                bids += 1
                alone += not own_spade_suit(d.hands[partner])
    return bids, alone


@pytest.mark.parametrize("code", ["auction", "royals", "daw"])
def test_no_spade_bid_rests_on_partners_forced_spade_alone(code: str) -> None:
    bids, alone = spade_bids_on_the_forced_spade(code, BIDDINGS["current"])
    assert alone == 0, f"{alone} of {bids} spade bids rest on the forced one spade"


def test_the_baseline_bid_royal_spades_on_the_forced_spade() -> None:
    # The control: the same count finds the fault in the bidding before the fix.
    bids, alone = spade_bids_on_the_forced_spade("royals", BIDDINGS["baseline"])
    assert alone > 100 and bids > alone


def _view(code: str, calls: str, seat: Seat, dealer: Seat = Seat.NORTH) -> SeatView:
    t = Table(code, deal(code, dealer=dealer, number=1, rng=random.Random(5)))
    for c in calls.split():
        t.call(parse_call(c))
    return SeatView.of(t, seat)


@pytest.mark.parametrize("code", ["auction", "royals", "daw"])
def test_the_dealers_one_spade_is_forced(code: str) -> None:
    view = _view(code, "1S pass", Seat.SOUTH)
    assert view.forced_opening == Bid(1, "S")
    assert view.bids_of(Seat.NORTH) == [Bid(1, "S")]
    assert view.bids_shown(Seat.NORTH) == []


@pytest.mark.parametrize(
    ("code", "calls"),
    [
        ("royals", "1H pass"),  # a real opening
        ("royals", "2S pass"),  # two spades is no forced bid
        ("royals", "1RS pass"),  # royal spades, the best suit of the new count
        ("royalton", "1S pass"),  # Royalton: the dealer may say "no bid" (law 30)
    ],
)
def test_other_openings_show_the_hand(code: str, calls: str) -> None:
    view = _view(code, calls, Seat.SOUTH)
    assert view.forced_opening is None
    assert view.bids_shown(Seat.NORTH) == view.bids_of(Seat.NORTH)


def test_a_later_bid_of_the_dealer_shows_his_hand() -> None:
    view = _view("royals", "1S pass 1H pass 1RS pass", Seat.SOUTH)
    assert view.bids_shown(Seat.NORTH) == [Bid(1, "RS")]


def test_the_sampler_gives_the_forced_bidder_no_spade_promise() -> None:
    # North's forced one spade, East's one heart bought it; South, on lead,
    # samples North's hand: no spades promised. East's hearts are.
    t = Table("royals", deal("royals", dealer=Seat.NORTH, number=1, rng=random.Random(5)))
    for c in ["1S", "1H", "pass", "pass", "pass"]:
        t.call(parse_call(c))
    view = SeatView.of(t, Seat.SOUTH)
    k = knowledge(view)
    assert k.promises[Seat.NORTH] == ()
    assert k.promises[Seat.EAST] == ((2, 4),)


def test_the_opening_lead_is_not_partners_forced_spade() -> None:
    # South leads against East's hearts holding spades and a long club suit:
    # North's one spade was forced, so the lead is the top of the clubs' sequence,
    # not a spade "in partner's suit".
    d = Deal.from_pbn(
        "N:AK32.A32.K32.K32 QJ9.KQJT9.AQ4.A5 8654.8.65.QJT987 T7.7654.JT987.64",
        dealer=Seat.NORTH,
    )
    t = Table("royals", d)
    for c in ["1S", "1H", "pass", "pass", "pass"]:
        t.call(parse_call(c))
    view = SeatView.of(t, Seat.SOUTH)
    assert period_lead(view) == card_from_str("CQ")


def test_the_opening_lead_reads_the_declarants_forced_spade_as_nothing() -> None:
    # North's forced one spade, South's no-trump bought it. West, on lead, holds
    # KQJ54 of spades and five low clubs: North's spade showed no spade suit
    # (the bidding model reads it as nothing), so spades are no suit of the
    # declarant's to keep away from, and West leads the top of his sequence.
    d = Deal.from_pbn(
        "N:632.A54.KQJ3.AJ2 A987.JT98.A54.43 T.KQ76.T9876.KQ5 KQJ54.32.2.T9876",
        dealer=Seat.NORTH,
    )
    t = Table("royals", d)
    for c in ["1S", "pass", "1NT", "pass", "pass", "pass"]:
        t.call(parse_call(c))
    view = SeatView.of(t, Seat.WEST)
    assert period_lead(view) == card_from_str("SK")
    # Royal spades North bid of his own are still the declarant's suit, avoided.
    t = Table("royals", d)
    for c in ["1S", "pass", "1NT", "pass", "2RS", "pass", "2NT", "pass", "pass", "pass"]:
        t.call(parse_call(c))
    view = SeatView.of(t, Seat.WEST)
    assert period_lead(view) == card_from_str("C7")
