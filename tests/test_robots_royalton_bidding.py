"""Royalton's bidding (robots/bidding/royalton.py; issue 18): each rule with
the passage it follows, Hawley's chapter I (seed 004), and the defects the
issue names — nullos on hands with high cards, the no-trump call left
unanswered after an overcall, "strength in every suit" for an unguarded suit,
suit ties, no slam and no redouble."""

from __future__ import annotations

import random

import pytest

from auctionwhist.calls import Bid, Other, parse_call
from auctionwhist.cards import Seat, hand_from_pbn
from auctionwhist.codes import find_code
from auctionwhist.dealing import deal
from auctionwhist.robots.bidding import decide, simulate, view_of_auction
from auctionwhist.robots.bidding import royalton as ry
from auctionwhist.robots.bidding.model import Picture, read_auction
from auctionwhist.robots.bidding.situation import Situation
from auctionwhist.robots.view import SeatView
from auctionwhist.table import Table


def view_for(
    hand: str,
    calls: list[str] = [],  # noqa: B006 - read only
    seat: Seat = Seat.NORTH,
    dealer: Seat = Seat.NORTH,
) -> SeatView:
    """``seat`` holds ``hand`` (PBN S.H.D.C); the rest of the pack is shared
    out among the others; ``calls`` are made from the dealer round."""
    code = find_code("royalton")
    view = view_of_auction(code, hand_from_pbn(hand), [parse_call(c) for c in calls], dealer)
    assert view.seat == seat, "the calls must bring the turn to the seat"
    return view


def ruled(view: SeatView) -> tuple[str, str]:
    d, r = decide(view)
    return str(d.call), (r.name if r else "")


# -- the nullo: "the most precarious of all" ----------------------------------


def test_nullo_danger_counts_the_high_cards_of_a_long_suit() -> None:
    """Once the others hold none of a long suit, each card of it left wins:
    KJT962 of clubs is five cards in danger with the king of spades and the
    knave of diamonds, not one."""
    assert ry._nullo_danger(hand_from_pbn("K42..JT32.KJT962")) == 5
    assert ry._nullo_danger(hand_from_pbn("AQ985.32.432.432")) == 2
    assert ry._nullo_danger(hand_from_pbn("642.753.8642.532")) == 1


def test_no_nullo_on_the_hands_the_issue_names() -> None:
    """Issue 18: nullos were opened on K42.–.JT32.KJT962, AQ985 of spades and
    AJ542 of hearts (Hawley: "the most precarious of all")."""
    for hand in ("K42..JT32.KJT962", "AQ985.32.432.432", "32.AJ542.432.432"):
        call, _ = ruled(view_for(hand))
        assert "NL" not in call, hand


def test_nullo_on_a_low_hand() -> None:
    assert ruled(view_for("642.753.8642.532")) == ("1NL", "nullo_on_low_hand")


def test_no_nullo_once_partner_has_shown_tricks() -> None:
    v = view_for("642.753.8642.532", ["1H", "pass"], seat=Seat.SOUTH)
    assert "NL" not in ruled(v)[0]


def test_nullos_over_300_auctions_are_few_and_low() -> None:
    """Over 300 random auctions the robots bid a nullo only on hands with two
    cards in danger at most, and do bid it sometimes (the fast robot's
    bidding: the slam's simulation has no say in a nullo)."""
    code = find_code("royalton")
    rng = random.Random(5)
    bid = 0
    for n in range(300):
        t = Table(code, deal(code, None, n + 1, rng=rng))
        while t.phase == "auction":
            seat = t.to_act
            assert seat is not None
            view = SeatView.of(t, seat)
            call = decide(view)[0].call
            if isinstance(call, Bid) and call.denom.nullo and not view.bids_of(seat.partner):
                bid += 1
                assert ry._nullo_danger(view.held) <= 2, view.held
            t.call(call)
    assert bid >= 1


# -- the no-trump call, "and this call is mandatory" ---------------------------


def test_answer_no_trump_call_even_after_an_overcall() -> None:
    """Hawley: the no-trump is "an honest call for the partner's best suit,
    and this call is mandatory"; an adversary's bid between does not release
    the partner (issue 18: it was left unanswered)."""
    v = view_for("32.J8432.K432.32", ["1NT", "2C"], seat=Seat.SOUTH)
    call, name = ruled(v)
    assert name == "answer_no_trump_call" and call == "2H"


def test_answer_jumps_to_game_only_over_an_adversary() -> None:
    """Royalton law 83: every trick above six counts, bid or not, so game
    made is game whatever was bid: uncontested, the answer is made at its
    cheapest; after the adversary's bid game keeps him out."""
    v = view_for("32.AQJ842.K43.32", ["1NT", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("2H", "answer_no_trump_call")
    v = view_for("32.AQJ842.K43.32", ["1NT", "2C"], seat=Seat.SOUTH)
    assert ruled(v) == ("4H", "answer_no_trump_call")


def test_no_trump_call_only_with_every_suit_guarded() -> None:
    """Issue 18: "strength in every suit" was said of a 1NT with ♠43. The
    call says strength in every suit (Hopson: the original bid should "under
    no circumstances ... give misinformation"), so with ♠43 the hand names its
    suit of merit, the clubs to the ace-queen-knave (with 19 and more, a
    level high); with every suit guarded it calls for partner's best suit."""
    assert ruled(view_for("43.AQ4.KQ43.AQJ2")) == ("1C", "royalton_suit")
    assert ruled(view_for("43.AQ4.KQ43.AKJ2")) == ("2C", "royalton_strong_suit")
    v = view_for("A43.AQ4.KQ43.K32")
    d, r = decide(v)
    assert str(d.call) == "1NT" and r is not None and r.name == "no_trump_call"
    assert "every suit guarded;" in d.reason


def test_royal_call_only_in_the_more_meritorious_denomination() -> None:
    """Hawley's royal calls "the pushing bid" with the more meritorious
    declaration: over partner's 1S and the adversary's 1D, six hearts to the
    KJT and 10 in high cards counts a trick more in hearts than in partner's
    spades, so it shows the hearts (1H) rather than calling 1S royal; with
    three spades to the king and no suit of its own the royal is called."""
    v = view_for("Q4.KJT984.74.A76", ["1S", "1D"], seat=Seat.WEST, dealer=Seat.EAST)
    assert ruled(v) == ("1H", "show_second_suit")
    v = view_for("K32.A2.K432.8432", ["1S", "1D"], seat=Seat.WEST, dealer=Seat.EAST)
    assert ruled(v) == ("1SR", "royal_call")
    # Hawley's own: seven spades to the ace-king-queen and three aces, three
    # spades royal over the adversary's three hearts
    assert ruled(view_for("AKQ5432.A2.A3.32", ["3S", "3H", "pass", "pass"])) == (
        "3SR",
        "royal_call",
    )


# -- ties, slams, redoubles -------------------------------------------------------


def test_longest_suit_first_not_the_lower_of_a_tie() -> None:
    """Issue 18: 2C on four clubs over five hearts. Hawley: the bid survives
    "in which the greater merit exists": the longest suit."""
    call, _ = ruled(view_for("A2.KQ954.72.AJ53"))
    assert call == "1H"


def test_of_two_suits_alike_the_higher_in_the_series() -> None:
    """Five spades and five hearts, king and knave in each: the longest suit
    and the honors tie, and the higher in the series (law 32: spade, club,
    diamond, heart) is bid; spades are the lowest, not the highest."""
    call, _ = ruled(view_for("KJ987.KJ987.A2.3"))
    assert call == "1H"


def test_a_seven_card_suit_overcalls_on_fewer_high_cards() -> None:
    """Hopson, "The Second Bidder": "do not make the mistake of passing when
    you have a sound declaration in your hand". Seven hearts to the KQJ and
    9 in high cards overcall 1C (six cards ask 10); six of them do not."""
    v = view_for(
        "K94.KQJ9732.62.9", ["no bid", "1S", "pass", "1C"], seat=Seat.WEST, dealer=Seat.WEST
    )
    assert ruled(v) == ("1H", "royalton_suit")
    v = view_for(
        "K94.KQJ973.62.92", ["no bid", "1S", "pass", "1C"], seat=Seat.WEST, dealer=Seat.WEST
    )
    assert ruled(v)[0] == "pass"


def test_slam_declared_when_the_hands_hold_it() -> None:
    """Royalton law 87 pays the little slam only when declared (Hawley,
    summary 11): opposite a no-trump call (16-22), a hand of a long strong
    suit and high cards bids it."""
    v = view_for("A2.AKQJ842.A3.32", ["1NT", "pass"], seat=Seat.SOUTH)
    call, name = ruled(v)
    assert call in ("6H", "7H") and name == "answer_no_trump_call"


def test_redouble_with_a_trick_to_spare() -> None:
    """Law 45 lets the doubled side redouble; Hopson: "be extremely cautious"."""
    v = view_for("AK2.AKQJ84.A3.32", ["1H", "X"], seat=Seat.SOUTH)
    assert ruled(v) == ("redouble", "royalton_redouble")
    assert Other.REDOUBLE in v.legal_calls


def test_partner_left_in_his_game() -> None:
    """Hopson, "The Third Bidder": leave partner when he has placed the game."""
    v = view_for("Q32.K32.Q432.432", ["1H", "pass", "4H", "pass"], seat=Seat.NORTH)
    assert ruled(v)[0] == "pass"


def test_every_call_read_shows_a_range() -> None:
    """The model reads Royalton's calls as its rules declare them: an opening
    shows its high cards and four cards and a half; a pass caps them."""
    pics = read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [(Seat.NORTH, parse_call("1H")), (Seat.EAST, Other.PASS), (Seat.SOUTH, Other.PASS)],
    )
    north = pics[Seat.NORTH]
    assert north.readings[0].rule == "royalton_suit"
    assert north.hcp == (ry.OPEN_LO, 18) and north.holding[2] == 4.5 and north.lengths[2] == 4
    assert pics[Seat.EAST].readings[0].rule == "royalton_pass"
    assert pics[Seat.EAST].hcp == (0, ry.PASS_HI) and pics[Seat.SOUTH].hcp == (0, ry.RAISE_HI)
    # the seat not yet heard: his share of an average deal and a little more
    assert pics[Seat.WEST].hcp == (0, 20) and not pics[Seat.WEST].declared


# -- doubles that count honestly ---------------------------------------------------


def test_no_double_of_a_bid_of_one() -> None:
    """Hopson, "Doubling": "it is seldom advisable to double a bid of one"."""
    v = view_for("AKJ9.AQ3.KJ4.A32", ["1S"], seat=Seat.EAST)
    assert ruled(v)[0] != "double"


def test_a_slam_is_doubled_only_on_sure_tricks() -> None:
    """The adversaries' slam was placed by their own count: two aces outside
    their trumps defeat it, high cards alone do not (law 36)."""
    kings = view_for("K32.KQ4.KQ43.K32", ["1H", "pass", "6H"], seat=Seat.WEST)
    assert ruled(kings)[0] != "double"
    aces = view_for("A32.32.A5432.A32", ["1H", "pass", "6H"], seat=Seat.WEST)
    assert ruled(aces) == ("double", "royalton_double")


# -- the part score: every trick odd counts, bid or not (law 83) ----------------


def test_part_score_stands_when_the_slam_is_out_of_reach() -> None:
    """Royalton law 83 counts every trick above six, bid or not, game too:
    over partner's raise to 2H a hand that cannot reach the slam even with
    partner at his best leaves it."""
    v = view_for("Q2.KJ9543.72.K53", ["1H", "pass", "2H", "pass"], seat=Seat.NORTH)
    assert ruled(v) == ("pass", "part_score_stands")
    d, _ = decide(v)
    assert "law 83" in d.reason and "the slam is out of reach" in d.reason


def test_part_score_raised_only_toward_the_slam() -> None:
    """Game is not bid for its own sake uncontested (law 83): a strong hand
    over partner's raise goes on only a step, telling him the slam is in
    view with him at his best; with the slam counted it bids it."""
    v = view_for("AK2.AQJ954.82.K5", ["1H", "pass", "2H", "pass"], seat=Seat.NORTH)
    assert ruled(v) == ("3H", "place_the_contract")
    d, _ = decide(v)
    assert "slam in view" in d.reason
    v = view_for("AK2.AQJ954.AK2.5", ["1H", "pass", "2H", "pass"], seat=Seat.NORTH)
    assert ruled(v) == ("6H", "place_the_contract")


def test_game_jumped_to_only_over_an_adversary() -> None:
    """Over partner's 1H, game counted: short of game uncontested (ten tricks
    made score the game, law 83; 3H, a level higher than need be, as the
    count nears the slam: ``JUMP_AT``), 4H once an adversary has bid (it
    keeps him out)."""
    v = view_for("A43.KJ987.K7.Q53", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("3H", "place_the_contract")
    v = view_for("A43.KJ987.K7.Q53", ["1H", "2C"], seat=Seat.SOUTH)
    assert ruled(v) == ("4H", "place_the_contract")


def test_a_second_suit_over_partners_raise_tries_for_the_slam() -> None:
    """Hopson, "The Third Bidder": over-bidding partner "is purely informative".
    Partner has raised our spades, uncontested: with the slam in view opposite
    his best (11.2 tricks) and not placed, the opener names his four diamonds
    at two (``slam_try``; 3S stays nine tricks, and every trick counts, law
    83); partner may not pass it and, the slam not found, names spades again
    at the cheapest (``answer_slam_try``), and the opener leaves it there.
    The table reads the try as four diamonds and the high cards that bring
    the count to ``TRY_AT``."""
    v = view_for("AKT3.K8.AQ82.754", ["1S", "pass", "2S", "pass"])
    assert ruled(v) == ("2D", "slam_try")
    v = view_for("QJ54.A6.KT5.A983", ["1S", "pass", "2S", "pass", "2D", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("3S", "answer_slam_try")
    v = view_for("AKT3.K8.AQ82.754", ["1S", "pass", "2S", "pass", "2D", "pass", "3S", "pass"])
    assert ruled(v) == ("pass", "slam_try_answered")  # the slam was partner's to judge
    calls = ["1S", "pass", "2S", "pass", "2D", "pass"]
    shown = read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [(Seat(i % 4), parse_call(c)) for i, c in enumerate(calls)],
    )
    north = shown[Seat.NORTH]
    assert [r.rule for r in north.readings] == ["royalton_suit", "slam_try"]
    assert north.hcp[0] > ry.OPEN_LO and north.lengths[1] >= 4


def test_the_slam_try_is_made_wherever_our_suit_is_agreed() -> None:
    """The try is not only the opener's over the first raise: wherever both
    partners have named a suit, uncontested, the hand whose turn it is names
    another (``model.agreed_suit``), from ``TRY_PAST``, where it would else
    name our suit again a step higher. 1C 1D 2D: the responder's diamonds
    raised, the slam in view opposite the opener's best and not placed; he
    names his four spades at three, where 3D is still safe (``slam_try``);
    the opener may not pass it and, the slam not found, names diamonds at the
    cheapest (``answer_slam_try``), which the responder leaves. The table
    reads the try as four spades and the high cards that bring the count to
    ``TRY_PAST`` with partner at his best."""
    calls = ["1C", "pass", "1D", "pass", "2D", "pass"]
    v = view_for("AQ64.K98.AT97.K4", calls, seat=Seat.SOUTH)
    assert ruled(v) == ("3S", "slam_try")
    v = view_for("K7.93.KQ65.AT953", [*calls, "3S", "pass"])
    assert ruled(v) == ("3D", "answer_slam_try")
    v = view_for("AQ64.K98.AT97.K4", [*calls, "3S", "pass", "3D", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "slam_try_answered")
    shown = read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [(Seat(i % 4), parse_call(c)) for i, c in enumerate([*calls, "3S", "pass", "3D"])],
    )
    south, north = shown[Seat.SOUTH], shown[Seat.NORTH]
    assert [r.rule for r in south.readings][-1] == "slam_try"
    assert [r.rule for r in north.readings][-1] == "answer_slam_try"
    assert south.lengths[3] >= 4 and south.hcp[0] > ry.OPEN_LO


def _read(calls: list[str]) -> dict[Seat, Picture]:
    return read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [(Seat(i % 4), parse_call(c)) for i, c in enumerate(calls)],
    )


def test_the_slam_near_is_answered_a_level_higher_and_read_so() -> None:
    """Hopson, "The Third Bidder": over-bidding partner "is purely
    informative". Over partner's try, the slam not placed but near (by the
    count, ``ENCOURAGE_AT`` with him at the middle of what his try showed),
    our suit is named a level higher than need be (``answer_slam_try``);
    short of that, at its cheapest, a sign-off. The table reads the higher
    answer from the high cards that bring the count near the slam."""
    calls = ["1S", "pass", "2S", "pass", "2D", "pass"]
    v = view_for("QJ54.AQ6.KT5.A98", calls, seat=Seat.SOUTH)
    assert ruled(v) == ("4S", "answer_slam_try")
    v = view_for("QJ54.A6.KT5.A983", calls, seat=Seat.SOUTH)
    assert ruled(v) == ("3S", "answer_slam_try")
    near, off = _read([*calls, "4S"])[Seat.SOUTH], _read([*calls, "3S"])[Seat.SOUTH]
    assert [r.rule for r in near.readings][-1] == "answer_slam_try"
    assert near.hcp[0] > off.hcp[0] and near.hcp[0] <= 13


def test_over_the_answer_a_level_higher_the_try_maker_judges_the_slam() -> None:
    """Over partner's answer a level higher the try-maker bids the slam when
    his own judgement at the try found it near (by the count, ``JOIN_AT``
    there: 11.4 tricks with 20 in high cards), and passes when it did not
    (9.4 tricks on 17); the cheapest answer he passes whatever he holds
    (``slam_try_answered``, law 87). His slam is read as nothing more than
    the try showed."""
    calls = ["1S", "pass", "2S", "pass", "2D", "pass"]
    v = view_for("AKQ3.AK.AQ82.754", [*calls, "4S", "pass"])
    assert ruled(v) == ("6S", "slam_try_answered")
    v = view_for("AKT3.K8.AQ82.754", [*calls, "4S", "pass"])
    assert ruled(v) == ("pass", "slam_try_answered")
    v = view_for("AKQ3.AK.AQ82.754", [*calls, "3S", "pass"])
    assert ruled(v) == ("pass", "slam_try_answered")
    shown = _read([*calls, "4S", "pass", "6S"])[Seat.NORTH]
    tried = _read(calls)[Seat.NORTH]
    assert [r.rule for r in shown.readings][-1] == "slam_try_answered"
    assert shown.hcp == tried.hcp


def test_the_slam_try_judged_by_both_hands_simulations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the robots simulate, the answer a level higher comes from
    ``ENCOURAGE_ODDS`` of the deals partner's calls allow (the slam itself
    from ``TRY_ODDS``), and the try-maker bids the slam over it from
    ``JOIN_ODDS`` of his own deals at the try, whatever the count says."""
    odds = {"twelve": 0}

    def fake(s: Situation, d: str, rules: object) -> simulate.Odds:
        n = odds["twelve"]
        return simulate.Odds([12] * n + [11] * (24 - n))

    monkeypatch.setattr(simulate, "slam_odds", fake)
    calls = ["1S", "pass", "2S", "pass", "2D", "pass"]
    answer = view_for("QJ54.A6.KT5.A983", calls, seat=Seat.SOUTH)
    for twelve, call in ((15, "6S"), (10, "4S"), (9, "3S")):
        odds["twelve"] = twelve
        assert str(decide(answer, simulate=True)[0].call) == call
    over = view_for("AKQ3.AK.AQ82.754", [*calls, "4S", "pass"])
    odds["twelve"] = 8
    assert str(decide(over, simulate=True)[0].call) == "6S"
    odds["twelve"] = 6  # the count at the try (11.4) would bid it: the simulation judges
    assert decide(over, simulate=True)[0].call is Other.PASS
    # a simulation that draws too few of partner's hands finds nothing near,
    # where the count alone (12.2 tricks) answers a level higher
    monkeypatch.setattr(simulate, "slam_odds", lambda s, d, rules: None)
    strong = view_for("QJ54.AQ6.KT5.A98", calls, seat=Seat.SOUTH)
    assert str(decide(strong, simulate=True)[0].call) == "3S"
    assert str(decide(strong)[0].call) == "4S"


def test_past_the_first_raise_no_slam_try_short_of_the_step_and_one_to_an_auction() -> None:
    """Past the first raise a hand whose count with partner at his best stays
    short of ``TRY_PAST`` leaves partner's bid as before (made from
    ``TRY_AT`` there, the try found no slam partner could see); and over
    partner's answer the suit is agreed again, but no second try is made."""
    calls = ["1C", "pass", "1D", "pass", "2D", "pass"]
    v = view_for("AQ64.Q98.AT97.K4", calls, seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "part_score_stands")
    v = view_for("AQ64.K98.AT97.K4", [*calls, "3S", "pass", "3D", "pass"], seat=Seat.SOUTH)
    d, _ = decide(v)
    assert d.call is Other.PASS


def test_only_an_answered_slam_try_is_left_to_partners_judgement() -> None:
    """The opener passes partner's answer "the slam was his to judge" only
    after a slam try (a second suit, ``model.tried_suit``): over 2NT, no try,
    partner's 3S is judged as any part score."""
    v = view_for("AKT3.K8.AQ82.754", ["1S", "pass", "2S", "pass", "2NT", "pass", "3S", "pass"])
    d, _ = decide(v)
    assert "slam try" not in d.reason


def test_an_uncontested_placement_is_read_up_to_the_slam() -> None:
    """The table reads a declaration placed at its cheapest, no adversary
    having bid, as holding any hand short of the slam (game is not jumped to
    then); over an adversary's bid, as short of game."""
    code = find_code("royalton")
    calm = read_auction(
        code,
        Seat.NORTH,
        [(Seat.NORTH, parse_call("1H")), (Seat.EAST, Other.PASS), (Seat.SOUTH, parse_call("2H"))],
    )
    fought = read_auction(
        code,
        Seat.NORTH,
        [
            (Seat.NORTH, parse_call("1H")),
            (Seat.EAST, parse_call("1SR")),
            (Seat.SOUTH, parse_call("2H")),
        ],
    )
    assert calm[Seat.SOUTH].readings[0].rule == "place_the_contract"
    assert calm[Seat.SOUTH].hcp[1] > fought[Seat.SOUTH].hcp[1] + 5


def test_part_score_stands_not_against_the_adversaries() -> None:
    """Once the adversaries have bid, a raise also keeps them out: the rule
    leaves competitive auctions to the count."""
    v = view_for("K2.AQJ954.72.K53", ["1H", "2C", "2H", "pass"], seat=Seat.NORTH)
    assert ruled(v)[1] != "part_score_stands"


def test_a_game_placed_by_the_count_is_doubled_only_with_a_trick_and_a_half_more() -> None:
    """A game doubled and made costs more than its set gains (law 36 against
    law 84's game), and the double asks the adversaries' count to fall short
    of the contract (``DOUBLE_SHORT`` 0: a double of a contract the count
    says they make was set double dummy less often than one it says they
    fail, issue 18). Against 1S-4S the high cards their calls show count nine
    of the ten tricks, short by one: no double on four quick tricks and a
    bit (it made eleven tricks double dummy on the deal it came from), nor
    on six and a half, short of the trick and a half a game asks
    (``GAME_DOUBLE``)."""
    v = view_for("T75.AK97.A72.JT2", ["1S", "pass", "4S"], seat=Seat.WEST)
    assert ruled(v)[0] != "double"
    v = view_for("QJT5.AK97.A7.AK2", ["1S", "pass", "4S"], seat=Seat.WEST)
    assert ruled(v)[0] != "double"


def test_a_double_asks_the_count_short_of_the_contract() -> None:
    """Hopson, "Doubling": "bid your opponents up to a point at which you can
    double": against 1H-2H the high cards and trumps left to the adversaries
    count two thirds of a trick short of eight with this hand, and the
    double is made; with three high cards fewer they count a third of a trick
    over, and it is not (the rule before doubled it: ``DOUBLE_SHORT`` was
    -0.5). How short a part score must be: the next test."""
    v = view_for("A2.KQ98.A32.A432", ["1H", "pass", "2H"], seat=Seat.WEST)
    s = Situation(v)
    bid = Bid(2, "H")
    assert 0.5 <= 8 - ry._their_tricks(s, bid, s.pictures) < 1
    assert ruled(v) == ("double", "royalton_double")
    v = view_for("A2.KJ98.A32.Q432", ["1H", "pass", "2H"], seat=Seat.WEST)
    s = Situation(v)
    assert -0.5 < 8 - ry._their_tricks(s, bid, s.pictures) < 0
    assert ruled(v) == ("pass", "royalton_pass")


def test_a_part_score_asks_more_of_the_double_and_more_again_once_passed() -> None:
    """Hopson, "Doubling": "be especially careful about doubling where your
    opponents will not go game" (doubled and made, their part score is game,
    laws 35, 47): 2H, which would not give them game, is doubled a half
    trick short of their count at least (``NOT_GAME``), not a third; in the
    pass-out seat, where partner has passed it undoubled, half a trick more
    again (``PASSED_OVER``); a trick short, it is doubled in either seat."""
    bid = Bid(2, "H")
    third = view_for("A2.KJ98.A32.A432", ["1H", "pass", "2H"], seat=Seat.WEST)
    s = Situation(third)
    assert 0.3 < 8 - ry._their_tricks(s, bid, s.pictures) < 0.4
    assert ruled(third) == ("pass", "royalton_pass")
    two_thirds = "A2.KQ98.A32.A432"
    v = view_for(two_thirds, ["1H", "pass", "2H"], seat=Seat.WEST)
    s = Situation(v)
    assert 0.6 < 8 - ry._their_tricks(s, bid, s.pictures) < 0.7
    assert ruled(v) == ("double", "royalton_double")
    v = view_for(two_thirds, ["1H", "pass", "2H", "pass", "pass"], seat=Seat.EAST)
    assert ruled(v)[0] != "double"
    for seat, calls in (
        (Seat.WEST, ["1H", "pass", "2H"]),
        (Seat.EAST, ["1H", "pass", "2H", "pass", "pass"]),
    ):
        v = view_for("A2.KJ98.AK2.A432", calls, seat=seat)
        assert ruled(v) == ("double", "royalton_double")


# -- the fourth bidder: the pass-out seat -------------------------------------------


def test_fourth_hand_reopens_in_the_pass_out_seat() -> None:
    """Hopson, "The Fourth Bidder": "the fourth player has of necessity more
    information ... It is generally well to over-bid the declaration of an
    opponent if you can do so with safety". After 1H and two passes, an
    opening's high cards, a singleton heart and four clubs (too little for
    ``royalton_suit``'s royal overcall) call one club royal: partner's pass
    and the responder's leave partner the high cards the two hands need."""
    v = view_for("KQ83.3.A872.K932", ["1H", "pass", "pass"], seat=Seat.WEST)
    assert ruled(v) == ("1CR", "fourth_hand_reopens")
    d, _ = decide(v)
    assert "pass-out seat" in d.reason


def test_no_reopening_outside_the_pass_out_seat_or_without_an_opening() -> None:
    """The same hand directly over 1H is the second bidder's ("sit tight"),
    and a hand below an opening's high cards passes the auction out."""
    v = view_for("KQ83.3.A872.K932", ["no bid", "1H"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "royalton_pass")
    v = view_for("KQ83.3.Q872.K932", ["1H", "pass", "pass"], seat=Seat.WEST)
    assert ruled(v) == ("pass", "royalton_pass")


def test_a_stronger_suit_over_partners_first_naming(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hopson, "The Third Bidder": over partner's one of a suit "it is often
    better to over-bid with ... a stronger suit in which it will be easier to
    go game, but if his partner holds to his original bid it is usually best
    to leave him with it". K2.AJT863.Q2.732 over 1C counts hearts 0.5-1.0
    better than clubs: 1H, where a trick asked (``LEAVE_HELD``, as before for
    every naming) left him in 1C (training deal 701: 1C made seven, 1H ten)."""
    calls = ["no bid", "pass", "pass", "1C", "pass"]
    v = view_for("K2.AJT863.Q2.732", calls, seat=Seat.SOUTH, dealer=Seat.EAST)
    assert ruled(v) == ("1H", "place_the_contract")
    monkeypatch.setattr(ry, "LEAVE_FIRST", ry.LEAVE_HELD)
    assert ruled(v) == ("pass", "part_score_stands")


def test_no_take_out_on_a_poor_hand() -> None:
    """Hopson, "The Third Bidder": "do not take him out on a poor hand".
    J98.4.K9843.J752 (5 in high cards) leaves partner's 1H (it bid 2D: training
    deal 1192, 2D made four tricks); with the queen of diamonds beside the king
    (6) it names them."""
    v = view_for("J98.4.K9843.J752", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "place_the_contract")
    v = view_for("J98.4.KQ843.J752", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("2D", "place_the_contract")


def test_four_cards_overcall_on_an_opening() -> None:
    """Hopson, "The Second Bidder": "do not make the mistake of passing when
    you have a sound declaration in your hand": four hearts and an opening's
    high cards overcall 1D (the rule asked 14 before); with 10 they do not."""
    v = view_for("K932.KQ83.A82.32", ["1D"], seat=Seat.EAST)
    assert ruled(v) == ("1H", "royalton_suit")
    v = view_for("K932.KQ83.Q82.32", ["1D"], seat=Seat.EAST)
    assert ruled(v) == ("pass", "royalton_pass")


def test_a_bid_in_the_pass_out_seat_is_read_as_the_reopening() -> None:
    """The table reads a first declaration in the pass-out seat as
    ``fourth_hand_reopens``: four cards and more, from the reopening's floor
    for a long suit (or an overcall's high cards at its level, if fewer:
    ``royalton_suit`` may make it too) to an opening's."""
    pics = read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [
            (Seat.NORTH, parse_call("1H")),
            (Seat.EAST, Other.PASS),
            (Seat.SOUTH, Other.PASS),
            (Seat.WEST, parse_call("1S")),
        ],
    )
    west = pics[Seat.WEST]
    assert west.readings[0].rule == "fourth_hand_reopens"
    assert west.hcp == (min(ry.REOPEN_FLOOR, ry.OVERCALL_LO), 18)
    assert west.lengths[3] == 4 and west.holding[3] == 4.5


def test_fourth_hand_reopens_on_a_long_suit_with_fewer_high_cards() -> None:
    """A long suit reopens on fewer high cards than an opening's
    (``REOPEN_LONG`` a card beyond four, never below ``REOPEN_FLOOR``): seven
    spades and 9 in high cards over 1H and two passes, where four spades ask
    an opening's 12."""
    v = view_for("QJT5432..Q98.A87", ["1H", "pass", "pass"], seat=Seat.WEST)
    assert ry.high_cards(v.hand) == 9
    assert ruled(v) == ("1SR", "fourth_hand_reopens")
    v = view_for("QJT5.432.Q98.A87", ["1H", "pass", "pass"], seat=Seat.WEST)
    assert ruled(v) == ("pass", "royalton_pass")


def test_the_fourth_hand_after_three_passes_opens_on_the_count() -> None:
    """After three passes and no bid the fourth hand is the deal's pass-out
    seat (law 30): Hopson's fourth bidder, "more information". The three
    passes alike leave partner a third of the rest (10 of 30), and five
    spades to the king-queen-knave and 10 in high cards, short of an
    opening's 12, count one spade; the same hand passes in the second seat,
    and a flat 10 passes the deal out."""
    v = view_for("KQJ96.A32.854.72", ["no bid", "pass", "pass"], seat=Seat.WEST)
    assert ry.high_cards(v.hand) == 10
    assert ruled(v) == ("1S", "fourth_hand_reopens")
    d, _ = decide(v)
    assert "after three passes" in d.reason and "about 10 in high cards" in d.reason
    v = view_for("KQJ96.A32.854.72", ["no bid"], seat=Seat.EAST)
    assert ruled(v) == ("pass", "royalton_pass")
    v = view_for("KQJ6.A32.854.972", ["no bid", "pass", "pass"], seat=Seat.WEST)
    assert ruled(v) == ("pass", "royalton_pass")


def test_an_opening_after_three_passes_is_read_as_the_fourth_bidders() -> None:
    """The table reads a suit opened after three passes as the rule that
    may make it (``fourth_hand_reopens``: from the reopening's floor), not
    as an opening's 12 and more."""
    calls = [(Seat.NORTH, Other.NO_BID), (Seat.EAST, Other.PASS), (Seat.SOUTH, Other.PASS)]
    pics = read_auction(find_code("royalton"), Seat.NORTH, [*calls, (Seat.WEST, parse_call("1S"))])
    west = pics[Seat.WEST]
    assert west.readings[0].rule == "fourth_hand_reopens"
    assert west.hcp == (ry.REOPEN_FLOOR, 18) and west.lengths[3] == 4


# -- the second suit: "the best possible declaration to be found" -------------------


def test_a_second_suit_is_shown_over_partner() -> None:
    """Hawley, summary 3(a), and Hopson, "The Third Bidder" ("a stronger suit
    in which it will be easier to go game"): over partner's 1H, 15 in high
    cards and four spades no one has named show them; with four of them in
    partner's hand the two hands would count game there (the spades count
    as much, and their four honors give them the greater merit)."""
    v = view_for("AKQJ.52.KJ82.J76", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("2S", "show_second_suit")
    d, _ = decide(v)
    assert "not yet named" in d.reason and "four of them in partner's hand" in d.reason


def test_of_two_suits_counted_alike_the_one_of_greater_merit_is_shown() -> None:
    """Hawley: the bid "in which the greater merit exists". KQJT3 of spades
    and KT875 of clubs count alike over partner's 1D (four of either in his
    hand); the spades, with four honors to two, are shown, not the clubs
    that come first in the suits' order."""
    v = view_for(
        "KQJT3.T54..KT875", ["no bid", "pass", "1D", "pass"], seat=Seat.SOUTH, dealer=Seat.SOUTH
    )
    assert ruled(v) == ("2S", "show_second_suit")


def test_no_second_suit_on_a_weak_hand_or_as_a_third() -> None:
    """Four diamonds and 10 in high cards leave partner's 1H standing; and
    once our side has named two suits the rule shows no third."""
    v = view_for("A952.52.KJ82.J76", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "part_score_stands")
    v = view_for("KQ85.AKJ4.Q32.84", ["1H", "pass", "2C", "pass"])
    assert ry.show_second_suit(Situation(v)) is None


def test_a_second_suit_is_read_as_four_cards_and_a_half() -> None:
    """The table reads the second suit as a new suit placed by the count."""
    pics = read_auction(
        find_code("royalton"),
        Seat.NORTH,
        [(Seat.NORTH, parse_call("1H")), (Seat.EAST, Other.PASS), (Seat.SOUTH, parse_call("2D"))],
    )
    south = pics[Seat.SOUTH]
    assert south.readings[0].rule == "place_the_contract"
    assert south.lengths[1] == 4 and south.holding[1] == 4.5


# -- the strong declaration: a level higher than it need be ------------------------


def test_a_strong_hand_declares_a_level_high() -> None:
    """Hawley, summary 3(b): "the highest bid for tricks odd possible"; a
    hand of 19 and more in high cards names its suit at two, not one."""
    v = view_for("AKQ82.AKJ4.K32.3")
    assert ruled(v) == ("2S", "royalton_strong_suit")
    # an even hand of the no-trump's range still calls for partner's suit
    assert ruled(view_for("AK82.AK4.KQ3.Q32"))[0] == "1NT"
    # an opening's hand opens at one
    assert ruled(view_for("AQ982.K54.K3.Q32")) == ("1S", "royalton_suit")


def test_the_strong_declaration_and_its_answer_are_read_as_the_rules_bid() -> None:
    """The table reads the jump as STRONG_LO-STRONG_HI, partner's raise at
    the cheapest as the values that keep it open below ``STRONG_UPPER`` (from
    there he raises a level higher), his pass as fewer."""
    code = find_code("royalton")
    calls = [(Seat.NORTH, parse_call("2S")), (Seat.EAST, Other.PASS)]
    pics = read_auction(code, Seat.NORTH, [*calls, (Seat.SOUTH, parse_call("3S"))])
    assert pics[Seat.NORTH].readings[0].rule == "royalton_strong_suit"
    assert pics[Seat.NORTH].hcp == (ry.STRONG_LO, ry.STRONG_HI)
    south = pics[Seat.SOUTH]
    assert south.readings[0].rule == "answer_strong_suit"
    assert south.hcp == (ry.STRONG_ANSWER_LO, ry.STRONG_UPPER - 1) and south.lengths[3] == 2
    pics = read_auction(code, Seat.NORTH, [*calls, (Seat.SOUTH, Other.PASS)])
    assert pics[Seat.SOUTH].hcp == (0, ry.STRONG_ANSWER_LO - 1)


def test_partner_keeps_a_strong_declaration_open() -> None:
    """Over partner's 2S, 7 in high cards and three spades raise at the
    cheapest; four hearts and no support name them; 3 in high cards pass."""
    v = view_for("J82.K954.Q73.J32", ["2S", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("3S", "answer_strong_suit")
    v = view_for("82.KQ954.Q73.J32", ["2S", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("2H", "answer_strong_suit")  # law 32: hearts outrank spades
    v = view_for("82.J954.Q73.9832", ["2S", "pass"], seat=Seat.SOUTH)
    assert ruled(v)[0] == "pass"


def test_the_slam_judged_over_the_deals_partners_calls_allow() -> None:
    """Law 87 pays the slam only when bid: where the count comes near it the
    robot deals partner hands that make his calls under these rules, the
    adversaries within theirs, and bids the little slam when twelve tricks
    are taken double dummy in three deals of four (``simulate.slam_odds``)."""
    v = view_for("AK2.AQJ954.K2.K5", ["1H", "pass", "2H", "pass"], seat=Seat.NORTH)
    d, r = decide(v, simulate=True)
    assert str(d.call) == "6H" and r is not None and r.name == "place_the_contract"
    assert "deals partner's calls allow" in d.reason
    s = Situation(v, simulate=True)
    odds = simulate.slam_odds(s, "H", ry.ROYALTON)
    assert odds is not None and odds.n >= simulate.MIN_SAMPLES and odds.slam >= ry.SLAM_ODDS
    assert simulate.slam_odds(s, "H", ry.ROYALTON) is odds  # a stand is judged once
    # the fast robot judges by the count alone: the slam stays "in view"
    d, r = decide(v)
    assert str(d.call) == "3H" and "slam in view" in d.reason


def test_the_simulated_partner_makes_every_call_partner_made() -> None:
    """Each deal the simulation solves gives partner a hand with which these
    rules, replayed at his turn (without a simulation of their own), make
    the call he made; and the adversaries keep what the hand to judge holds
    out of theirs."""
    v = view_for("AK2.AQJ954.K2.K5", ["1H", "pass", "2H", "pass"], seat=Seat.NORTH)
    s = Situation(v, simulate=True)
    deals = simulate.partner_deals(s, ry.ROYALTON, 12)
    assert len(deals) == 12
    after_1h = view_for("AK2.AQJ954.K2.K5", ["1H", "pass"], seat=Seat.SOUTH)
    for hands in deals:
        assert hands[Seat.NORTH] == v.held
        assert sum(hands) == (1 << 52) - 1 and all(h.bit_count() == 13 for h in hands)
        south = hands[Seat.SOUTH]
        view = view_of_auction(
            find_code("royalton"), south, [parse_call(c) for c in ("1H", "pass")]
        )
        assert decide(view)[0].call == parse_call("2H")
        assert view.legal_calls == after_1h.legal_calls


def test_the_answer_to_a_strong_declaration_judges_the_slam_over_simulated_deals() -> None:
    """Law 87: the answer over partner's 2H (19-25 in high cards, hearts) with
    the king-queen of spades, the ace and king outside and two hearts: the
    strong robot deals partner hands that open 2H under these rules and bids
    the little slam where twelve tricks are taken in three deals of four; the
    fast robot answers at the cheapest, in its own spades
    (``answer_strong_suit``)."""
    v = view_for("KQ95.65.A652.K65", ["2H", "pass"], seat=Seat.SOUTH)
    d, r = decide(v, simulate=True)
    assert str(d.call) == "6H" and r is not None and r.name == "answer_strong_suit"
    assert "deals partner's calls allow" in d.reason
    d, r = decide(v)
    assert str(d.call) == "3S" and r is not None and r.name == "answer_strong_suit"


def test_partners_suit_raised_a_level_higher_when_the_count_nears_the_slam() -> None:
    """Hawley ch. I: "definite and fair information to be found within the
    hands". Over partner's 1H, five hearts to the king-knave, the ace and
    king outside and 13 in high cards count ``JUMP_AT`` tricks and more with
    partner at the middle of his range: 3H, not the cheapest 2H; over 1S, a
    hand that brings the slam in view with partner at his best but counts
    less raises at the cheapest. The table reads the raise to three from the
    high cards that make the count, above the cheapest raise's floor."""
    v = view_for("A43.KJ987.K7.Q53", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("3H", "place_the_contract")
    assert ry.tricks(Situation(v), "H") >= ry.JUMP_AT
    v = view_for("QJ54.A6.KT5.A983", ["1S", "pass"], seat=Seat.WEST, dealer=Seat.EAST)
    assert ruled(v) == ("2S", "place_the_contract")
    assert ry.tricks(Situation(v), "S") < ry.JUMP_AT
    code = find_code("royalton")
    lows = []
    for raise_ in ("2H", "3H"):
        calls = [(Seat.NORTH, parse_call("1H")), (Seat.EAST, Other.PASS)]
        pics = read_auction(code, Seat.NORTH, [*calls, (Seat.SOUTH, parse_call(raise_))])
        lows.append(pics[Seat.SOUTH].hcp[0])
    assert lows[1] > lows[0] + 3


def test_the_strong_declaration_raised_a_level_higher_on_the_upper_range() -> None:
    """Over partner's strong 2S (``royalton_strong_suit``) the raise at three
    covered 5 to 12 in high cards, too wide for him to judge the slam: from
    ``STRONG_UPPER`` it is made a level higher (4S: ten tricks are safe
    opposite his 19), and the table reads each half so."""
    v = view_for("T73.Q93.AKJ63.T3", ["2S", "pass"], seat=Seat.SOUTH)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("4S", "answer_strong_suit")
    assert "upper part of the range" in d.reason
    v = view_for("T73.Q93.QJ963.T3", ["2S", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("3S", "answer_strong_suit")
    for raise_, lo, hi in (("4S", ry.STRONG_UPPER, ry.STRONG_ANSWER_HI), ("3S", 5, 8)):
        shown = read_auction(
            find_code("royalton"),
            Seat.NORTH,
            [
                (Seat.NORTH, parse_call("2S")),
                (Seat.EAST, Other.PASS),
                (Seat.SOUTH, parse_call(raise_)),
            ],
        )
        assert shown[Seat.SOUTH].hcp == (lo, hi)


def test_the_strong_declaration_raised_at_three_is_where_the_slam_try_is_made() -> None:
    """The strong 2S raised at its cheapest shows 5 to 8; with 23 in high
    cards and four hearts the opener counts the slam in view opposite the
    top of that, not placed, and names his hearts (``slam_try``); partner may
    not pass, and answers in spades at the cheapest short of the slam
    (``answer_slam_try``)."""
    v = view_for("AKQ3.AK72.KQ.Q43", ["2S", "pass", "3S", "pass"])
    assert ruled(v) == ("3H", "slam_try")
    v = view_for("J65.JT8.J7652.A7", ["2S", "pass", "3S", "pass", "3H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("4S", "answer_slam_try")


def test_a_strong_take_out_is_named_a_level_higher_than_need_be() -> None:
    """Hawley, summary 3(b): "forcing the successful bidder to reach the
    highest declaration which the two combined hands contain". Over
    partner's 1H, six clubs to the ace-knave, the ace-queen of spades and
    the king-queen of hearts count ``TAKE_OUT_AT`` tricks and more at clubs
    with partner at the middle of his range, the slam not placed: 3C, not
    the cheapest 2C, which partner passes (training deal 113: twelve tricks
    at clubs after 1H 2C). A take-out counting less is named at its
    cheapest. The table reads the jump from the high cards that make the
    count, far above the cheapest take-out's floor."""
    v = view_for("AQT.KQ.T7.AJT983", ["1H", "pass"], seat=Seat.SOUTH)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("3C", "place_the_contract")
    assert "a level higher than need be" in d.reason
    assert ry.tricks(Situation(v), "C") >= ry.TAKE_OUT_AT
    v = view_for("A54.K6.84.AQJ765", ["1H", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("2C", "place_the_contract")
    code = find_code("royalton")
    shown = []
    for take_out in ("2C", "3C"):
        calls = [(Seat.NORTH, parse_call("1H")), (Seat.EAST, Other.PASS)]
        pics = read_auction(code, Seat.NORTH, [*calls, (Seat.SOUTH, parse_call(take_out))])
        shown.append(pics[Seat.SOUTH].hcp)
    assert shown[1][0] > shown[0][0] + 8
    assert shown[1][1] > shown[1][0]


def test_the_opener_goes_on_over_a_jumped_take_out_with_the_slam_in_view() -> None:
    """Over partner's 3C (a take-out a level higher than need be), an opener
    of 17 with two clubs sees the slam with partner at his best and names
    clubs at the cheapest for partner to judge (``answer_jump_take_out``);
    with 13 the slam is out of reach and the part score stands. The table
    reads the opener's call so, and a simulated partner jumps as partner
    did."""
    calls = ["1H", "pass", "3C", "pass"]
    d, r = decide(view_for("AJ6.AJT8.AQ32.Q4", calls))
    assert (str(d.call), r.name if r else "") == ("4C", "answer_jump_take_out")
    assert "for him to judge" in d.reason
    assert ruled(view_for("KJ6.AJT8.K632.74", calls)) == ("pass", "part_score_stands")
    code = find_code("royalton")
    said = [(Seat(i % 4), parse_call(c)) for i, c in enumerate([*calls, "4C"])]
    north = read_auction(code, Seat.NORTH, said)[Seat.NORTH]
    assert [r.rule for r in north.readings] == ["royalton_suit", "answer_jump_take_out"]
    s = Situation(view_for("AJ6.AJT8.AQ32.Q4", calls), simulate=True)
    for hands in simulate.partner_deals(s, ry.ROYALTON, 4):
        view = view_of_auction(code, hands[Seat.SOUTH], [parse_call(c) for c in calls[:2]])
        assert decide(view)[0].call == parse_call("3C")


def test_the_opener_goes_on_over_a_jumped_suit_a_little_short_of_the_slam() -> None:
    """Over partner's jumped take-out in a suit (read from the count of
    ``TAKE_OUT_AT`` at the opener's middle, a long suit or high cards), an
    opener whose count with partner at his best reaches ``JUMP_VIEW``, short
    of ``SLAM``, names the declaration at its cheapest for partner to judge
    (training deal 1039: 1S 2H passed, twelve tricks at hearts; partner's
    simulation over the raise found them): 15 with two clubs over 3C. The
    no-trump caller's jumped answer still asks ``ANSWER_VIEW``. The table
    reads the call from the high cards that bring the count to the view."""
    calls = ["1H", "pass", "3C", "pass"]
    v = view_for("KJ6.AJT8.AQ32.74", calls)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("4C", "answer_jump_take_out")
    assert "for him to judge" in d.reason
    assert ry.SLAM > ry.tricks(Situation(v), "C", at=ry.IN_VIEW) >= ry.JUMP_VIEW
    code = find_code("royalton")
    said = [(Seat(i % 4), parse_call(c)) for i, c in enumerate([*calls, "4C"])]
    north = read_auction(code, Seat.NORTH, said)[Seat.NORTH]
    assert [r.rule for r in north.readings] == ["royalton_suit", "answer_jump_take_out"]
    assert north.hcp[0] >= ry.OPEN_LO
    bids = [(Seat.NORTH, parse_call("1H")), (Seat.SOUTH, parse_call("3C"))]
    assert ry._answer_view(bids) == ry.JUMP_VIEW < ry.SLAM
    bids = [(Seat.SOUTH, parse_call("1NT")), (Seat.NORTH, parse_call("3H"))]
    assert ry._answer_view(bids) == ry.ANSWER_VIEW


def test_the_strong_hand_keeps_partners_new_suit_open_for_the_slam() -> None:
    """Over our strong 2C partner's answer in a suit of his own holds 5 to 12
    in high cards and four of it (``answer_strong_suit``): a strong hand
    whose count with him at his best reaches ``STRONG_VIEW``, short of
    ``SLAM``, does not leave it standing (training deals 1765, 2C 2H passed
    on 25 in high cards, and 91, 2D 3C passed on 23: twelve tricks there),
    but raises it at the cheapest for partner to judge; short of the view the
    part score stands. Over a raise of our own suit the slam try's place is
    the other's (``slam_try``): the view there is ``SLAM``."""
    calls = ["2C", "pass", "2H", "pass"]
    v = view_for("K4.Q54.AK8.AKJT7", calls)
    assert ry._view_at(Situation(v)) == ry.STRONG_VIEW < ry.SLAM
    assert ry.SLAM > ry.tricks(Situation(v), "H", at=ry.IN_VIEW) >= ry.STRONG_VIEW
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("3H", "place_the_contract")
    assert "slam in view" in d.reason
    assert ruled(view_for("QJ4.J54.AK8.AKJ7", calls)) == ("pass", "part_score_stands")
    v = view_for("K4.Q54.AK8.AKJT7", ["2C", "pass", "3C", "pass"])
    assert ry._view_at(Situation(v)) == ry.SLAM
    # read as the placement it is: the strong declaration's high cards still
    code = find_code("royalton")
    said = [(Seat(i % 4), parse_call(c)) for i, c in enumerate([*calls, "3H"])]
    north = read_auction(code, Seat.NORTH, said)[Seat.NORTH]
    assert [r.rule for r in north.readings] == ["royalton_strong_suit", "place_the_contract"]
    assert ry.STRONG_LO <= north.hcp[0] <= north.hcp[1] <= ry.STRONG_HI


def test_the_responder_of_an_opening_keeps_partners_one_open_for_the_slam() -> None:
    """Hopson, "The Second Bidder": "do not make the mistake of passing when
    you have a sound declaration in your hand". Over partner's 1C (12 to 18
    in high cards), 12 with three clubs and an ace count ``RESPOND_VIEW``
    with him at his best, short of ``SLAM``: 2C, for the opener to judge
    the slam (training deal 1393: 1C passed, twelve tricks at clubs), where
    before the part score stood. With 10 in high cards the part score
    stands; so does a count short of the view."""
    v = view_for("QJ4.QJ8.A973.QT6", ["1C", "pass"], seat=Seat.SOUTH)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("2C", "place_the_contract")
    assert "the slam in view, for him to judge" in d.reason
    assert ry.SLAM > ry.tricks(Situation(v), "C", at=ry.IN_VIEW) >= ry.RESPOND_VIEW
    v = view_for("QJ4.Q98.A973.QT6", ["1C", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "part_score_stands")
    v = view_for("QJ4.QJ8.9873.QT6", ["1C", "pass"], seat=Seat.SOUTH)
    assert ruled(v) == ("pass", "part_score_stands")


def test_the_opener_keeps_partners_new_suit_at_one_open_for_the_slam() -> None:
    """Partner's new suit at one over our 1S holds anything from a poor hand
    to a strong one showing its second suit (``show_second_suit``): with 14
    and three hearts the count with him at his best reaches ``REBID_VIEW``,
    and the opener raises at the cheapest rather than pass (training deal
    437: 1S 1H passed, twelve tricks at hearts); with 12 the part score
    stands. Over a take-out at two the slam must be in view (``SLAM``)."""
    calls = ["1S", "pass", "1H", "pass"]
    d, r = decide(view_for("AK965.K42.J74.K4", calls))
    assert (str(d.call), r.name if r else "") == ("2H", "place_the_contract")
    assert "for him to judge" in d.reason
    assert ruled(view_for("AK965.Q42.J74.Q4", calls)) == ("pass", "part_score_stands")
    s = Situation(view_for("AK965.K42.J74.K4", ["1S", "pass", "2H", "pass"]))
    assert ry._view_at(s) == ry.SLAM


def test_the_no_trump_call_is_answered_a_level_higher_with_the_slam_near() -> None:
    """Hawley, ch. I: the no-trump call is "an honest call for the partner's
    best suit", in which "honest information, strength, can be developed",
    and summary 3(b): the system forces the bidder "to reach the highest
    declaration which the two combined hands contain". Over partner's 1NT
    six hearts to the ace-queen beside the king-ten of clubs and the queen of
    diamonds count ``CALL_JUMP_AT`` tricks and more at hearts with partner at
    the middle of his range: 3H, not the cheapest 2H, which partner passed
    (training deal 1158: twelve tricks at hearts after 1NT 2H). A hand that
    counts less answers at the cheapest. The table reads the jump from the
    high cards that make the count, above the cheapest answer's floor, and
    the no-trump caller's next call answers it (``answer_jump_take_out``)."""
    v = view_for("3.AQ7532.Q98.KT4", ["1NT", "pass"], seat=Seat.NORTH, dealer=Seat.SOUTH)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("3H", "answer_no_trump_call")
    assert "a level higher than need be" in d.reason
    assert ry.tricks(Situation(v), "H") >= ry.CALL_JUMP_AT
    v = view_for("985.AT932.J65.AJ", ["1NT", "pass"], seat=Seat.NORTH, dealer=Seat.SOUTH)
    assert ruled(v) == ("2H", "answer_no_trump_call")
    code = find_code("royalton")
    calls = [(Seat.SOUTH, parse_call("1NT")), (Seat.WEST, Other.PASS)]
    shown = read_auction(code, Seat.SOUTH, [*calls, (Seat.NORTH, parse_call("3H"))])
    assert shown[Seat.NORTH].hcp[0] >= 8
    said = [*calls, (Seat.NORTH, parse_call("3H")), (Seat.EAST, Other.PASS)]
    said.append((Seat.SOUTH, parse_call("4H")))
    south = read_auction(code, Seat.SOUTH, said)[Seat.SOUTH]
    assert [r.rule for r in south.readings] == ["no_trump_call", "answer_jump_take_out"]


def test_the_no_trump_caller_goes_on_over_the_jumped_answer_with_the_slam_in_view() -> None:
    """Over partner's 3H (his answer to our 1NT a level higher than need
    be), a caller of 18 with three hearts to the king sees the slam with
    partner at his best and names hearts at the cheapest for partner to
    judge (``answer_jump_take_out``); 17 with two hearts does not see it,
    and the part score stands."""
    calls = ["1NT", "pass", "3H", "pass"]
    v = view_for("KQ5.K76.AQ4.KJ95", calls, seat=Seat.SOUTH, dealer=Seat.SOUTH)
    d, r = decide(v)
    assert (str(d.call), r.name if r else "") == ("4H", "answer_jump_take_out")
    assert "for him to judge" in d.reason
    v = view_for("AQ65.K6.K54.AJ95", calls, seat=Seat.SOUTH, dealer=Seat.SOUTH)
    assert ruled(v) == ("pass", "part_score_stands")
