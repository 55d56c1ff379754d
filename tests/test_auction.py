"""The auction under each code: legal calls, the ranking rule, doubling
limits, three passes, the declarant rule, Royalton's no bid and royals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.auction import Auction, IllegalCallError
from auctionwhist.calls import Bid, Other, parse_call
from auctionwhist.cards import Seat
from auctionwhist.codes import CODES, find_code

N, E, S, W = Seat
AUCTION_CODES = [k for k, c in CODES.items() if c.auction]


def run(code: str, dealer: Seat, *calls: str) -> Auction:
    a = Auction(find_code(code), dealer)
    for c in calls:
        a.call(parse_call(c))
    return a


def test_law_52_dealer_must_open_daw() -> None:
    a = Auction(find_code("daw"), N)
    with pytest.raises(IllegalCallError, match=r"Law 52 \(daw\)"):
        a.call(Other.PASS)
    assert not a.can_call(Other.NO_BID)
    assert a.legal_calls()[0] == Bid(1, "S")


def test_law_44_dealer_must_open_whist_club() -> None:
    a = Auction(find_code("auction"), E)
    with pytest.raises(IllegalCallError, match=r"Law 44 \(auction\)"):
        a.call(Other.PASS)


def test_law_30_royalton_dealer_may_say_no_bid_and_all_pass() -> None:
    a = run("royalton", S, "no bid", "pass", "pass")
    assert not a.is_over
    a.call(Other.PASS)
    assert a.is_over and a.passed_out
    assert a.contract is None and a.declarer is None


def test_royalton_no_bid_only_for_the_dealer() -> None:
    a = run("royalton", S, "no bid")
    with pytest.raises(IllegalCallError, match="Law 30"):
        a.call(Other.NO_BID)
    a.call(parse_call("1H"))
    a.call(Other.PASS)
    a.call(Other.PASS)
    a.call(Other.PASS)
    assert a.contract is not None and str(a.contract) == "1H"
    assert a.declarer == W  # South dealt, so West bid next


def test_law_54_equal_value_more_tricks_is_higher_daw() -> None:
    # "as between one heart and two clubs the latter is the higher"
    a = run("daw", N, "1H")
    assert a.can_call(parse_call("2C"))
    a = run("daw", N, "2C")
    with pytest.raises(IllegalCallError, match=r"Law 54 \(daw\)"):
        a.call(parse_call("1H"))
    # "as between one no-trump, two diamonds and three clubs the last is highest"
    code = find_code("daw")
    order = sorted([Bid(1, "NT"), Bid(2, "D"), Bid(3, "C")], key=code.bid_rank)
    assert order == [Bid(1, "NT"), Bid(2, "D"), Bid(3, "C")]


def test_law_46_two_spades_over_one_club_whist_club() -> None:
    a = run("auction", N, "1C")
    assert a.can_call(parse_call("2S"))
    a = run("auction", N, "1NT")
    assert a.can_call(parse_call("2D"))


def test_new_count_ranking_royals() -> None:
    code = find_code("royals")
    # Royal spades 9 a trick: one royal spade is over one heart (8), under one no-trump (10).
    assert code.bid_rank(Bid(1, "RS")) > code.bid_rank(Bid(1, "H"))
    assert code.bid_rank(Bid(1, "RS")) < code.bid_rank(Bid(1, "NT"))
    # 4 spades (8) is over one heart (8) by the more-tricks rule.
    assert code.bid_rank(Bid(4, "S")) > code.bid_rank(Bid(1, "H"))
    with pytest.raises(IllegalCallError):
        run("daw", N, "1RS")


def test_law_32_royalton_series_and_royals() -> None:
    code = find_code("royalton")
    series = [Bid(2, d) for d in ("S", "C", "D", "H", "NT", "NL")]
    assert sorted(series, key=code.bid_rank) == series
    # a royal of a level outranks every plain bid of that level
    assert code.bid_rank(Bid(2, "S", True)) > code.bid_rank(Bid(2, "NL"))
    assert code.bid_rank(Bid(2, "NL", True)) < code.bid_rank(Bid(3, "S"))
    a = run("royalton", N, "2H", "2HR")
    assert a.bid == Bid(2, "H", True)
    with pytest.raises(IllegalCallError, match="Law 32"):
        run("royalton", N, "1SR")  # a royal is made over a declaration
    with pytest.raises(IllegalCallError):
        run("daw", N, "1H", "1HR")


def test_law_73_doubling_limits_daw() -> None:
    # North bids; South cannot double his partner's declaration.
    with pytest.raises(IllegalCallError, match=r"Law 73 \(daw\).*partner.s declaration"):
        run("daw", N, "1H", "pass", "X")
    # East doubles; West cannot redouble his partner's double.
    with pytest.raises(IllegalCallError, match=r"Law 73 \(daw\).*partner's double"):
        run("daw", N, "1H", "X", "pass", "XX")
    a = run("daw", N, "1H", "X")
    assert a.turn == S
    a.call(Other.REDOUBLE)  # the declarer's partner may redouble the adversary's double
    assert a.doubled == 2
    a.call(Other.PASS)  # West
    with pytest.raises(IllegalCallError, match=r"Law 73 \(daw\).*cannot be redoubled"):
        a.call(Other.REDOUBLE)
    with pytest.raises(IllegalCallError, match=r"Law 73 \(daw\).*once"):
        a.call(Other.DOUBLE)


def test_law_55_double_reopens_and_new_bid_clears_whist_club() -> None:
    a = run("auction", N, "1H", "X", "pass", "pass")
    assert not a.is_over  # the double reopened the bidding
    a.call(parse_call("2D"))  # North overbids
    assert a.doubled == 0
    a.call(Other.DOUBLE)
    for _ in range(3):
        a.call(Other.PASS)
    assert a.is_over and str(a.contract) == "2DX" and a.declarer == N


def test_law_56_declarant_first_named_the_denomination_daw() -> None:
    a = run("daw", N, "1H", "1NT", "2H", "pass", "3H", "pass", "pass", "pass")
    # North named hearts first; South's 2H and North's 3H are the same suit.
    assert a.declarer == N
    a = run("daw", N, "1H", "pass", "1NT", "pass", "2H", "pass", "pass", "pass")
    assert a.declarer == N
    a = run("daw", N, "1D", "pass", "1NT", "pass", "pass", "pass")
    assert a.declarer == S


def test_royal_spades_names_spades_for_the_declarant_royals() -> None:
    a = run("royals", N, "1S", "pass", "1RS", "pass", "pass", "pass")
    assert a.declarer == N  # docs/spec.md §2.2.3


def test_law_34_royal_names_the_same_denomination_royalton() -> None:
    a = run("royalton", N, "2H", "pass", "2HR", "pass", "pass", "pass")
    assert a.declarer == N
    a = run("royalton", N, "1H", "pass", "1HR", "pass", "pass", "pass")
    assert a.declarer == N  # South's royal in North's suit: North plays
    a = run("royalton", N, "1H", "pass", "pass", "2H", "pass", "2HR", "pass", "pass", "pass")
    assert a.declarer == W  # East's royal in West's hearts: West named them first


def test_three_passes_close_and_no_further_calls() -> None:
    a = run("daw", N, "1C", "pass", "pass", "pass")
    assert a.is_over and str(a.contract) == "1C" and a.declarer == N
    with pytest.raises(IllegalCallError, match=r"Law 55 \(daw\)"):
        a.call(Other.PASS)
    assert a.legal_calls() == []


def test_legal_calls_agree_with_can_call() -> None:
    rng = random.Random(4)
    for key in AUCTION_CODES:
        code = find_code(key)
        a = Auction(code, Seat(rng.randrange(4)))
        every = [Other.PASS, Other.DOUBLE, Other.REDOUBLE, Other.NO_BID, *code.all_bids]
        while not a.is_over:
            legal = a.legal_calls()
            assert set(legal) == {c for c in every if a.can_call(c)}
            a.call(rng.choice(legal if rng.random() < 0.3 else legal[:3]))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(AUCTION_CODES), st.integers(0, 3), st.randoms(use_true_random=False))
def test_random_legal_auctions_end(key: str, dealer: int, rng: random.Random) -> None:
    code = find_code(key)
    a = Auction(code, Seat(dealer))
    steps = 0
    while not a.is_over:
        legal = a.legal_calls()
        assert legal
        # mostly passes, so that auctions are of every length
        call = Other.PASS if rng.random() < 0.6 and Other.PASS in legal else rng.choice(legal)
        a.call(call)
        steps += 1
        assert steps < 400
    if a.contract is not None:
        assert a.declarer is not None
        assert a.bidder is not None and a.declarer.side == a.bidder.side
        assert a.calls[-3:] == [
            (a.dealer.after(len(a.calls) - 3 + i), Other.PASS) for i in range(3)
        ]
    else:
        assert code.dealer_may_pass


@pytest.mark.parametrize(
    ("calls", "seat", "call", "irregularity"),
    [
        (("1H",), W, "1S", "call_out_of_turn"),  # South's turn
        (("1H",), W, "pass", "pass_out_of_turn"),
        (("1H",), W, "double", "double_out_of_turn"),
        (("2H",), None, "1S", "insufficient_bid"),
        (("2H",), None, Bid(8, "S"), "impossible_bid"),
        (("2H",), None, "double", "lawful"),
        (("2H", "double"), None, "double", "redouble_twice"),
        (("2H", "pass"), None, "double", "double_partner"),
        (("2H", "double", "redouble"), None, "redouble", "redouble_twice"),
        (("2H", "double", "pass"), None, "redouble", "double_partner"),
        (("2H", "double"), None, "redouble", "lawful"),
        ((), None, "pass", None),  # the dealer must declare: no remedy, refused
    ],
)
def test_an_illegal_call_names_its_irregularity_daw(
    calls: tuple[str, ...], seat: Seat | None, call: str | Bid, irregularity: str | None
) -> None:
    """The auction's own verify says which irregularity a call is (daw 57-60),
    so a table under the laws records it instead of re-deriving it."""
    a = run("daw", N, *calls)
    c = parse_call(call) if isinstance(call, str) else call
    if irregularity == "lawful":
        assert a.can_call(c, seat)
        return
    with pytest.raises(IllegalCallError) as e:
        a.verify_call(c, seat)
    assert e.value.irregularity == irregularity
    assert not a.can_call(c, seat)


def test_make_final_closes_on_an_earlier_declaration() -> None:
    """Whist Club 52: the adversaries make their own last declaration final;
    a double of the later declaration goes with it."""
    a = run("auction", N, "1H", "1NT", "2H", "double")
    a.make_final(E, Bid(1, "NT"))
    assert a.is_over and a.contract is not None and str(a.contract) == "1NT"
    assert a.declarer == E and a.doubled == 0
    with pytest.raises(IllegalCallError, match="closed"):
        a.verify_call(Other.PASS)


def test_force_refuses_a_call_that_cannot_stand() -> None:
    """A call out of turn let stand must be a call at all: no eight-trick bid,
    no double of a redouble."""
    a = run("royalton", N, "1H", "double", "redouble")
    with pytest.raises(IllegalCallError, match="cannot stand"):
        a.force(W, Bid(8, "C"))
    with pytest.raises(IllegalCallError, match="cannot stand"):
        a.force(W, Other.DOUBLE)
    assert a.doubled == 2 and len(a.calls) == 3
    a.force(N, Bid(2, "H"))
    assert a.bid == Bid(2, "H") and a.turn == E
