"""The bidding model (robots/bidding/model.py): what each call shows, declared
beside the rule that makes it, read for every seat from the calls alone, and
read by the rules, the explanations and the Monte Carlo sampler (issue 18)."""

from __future__ import annotations

from dataclasses import replace

from auctionwhist.calls import Bid, Other, parse_call
from auctionwhist.cards import Seat, hand_from_pbn
from auctionwhist.codes import find_code
from auctionwhist.robots.bidding import COUNTS, ROYALTON, advise, decide, view_of_auction
from auctionwhist.robots.bidding import model as m
from auctionwhist.robots.bidding import royalton as ry
from auctionwhist.robots.bidding.robot import explain_call
from auctionwhist.robots.cardplay import knowledge

C, D, H, S = 0, 1, 2, 3


def read(code: str, text: str, dealer: Seat = Seat.NORTH) -> dict[Seat, m.Picture]:
    calls = []
    seat = dealer
    for word in text.split():
        calls.append((seat, parse_call(word)))
        seat = seat.after(1)
    return m.read_auction(find_code(code), dealer, calls)


def test_every_counts_rule_declares_what_it_shows() -> None:
    for r in COUNTS:
        assert r.shows is not None, r.name
        assert m.SHOWN[r.name] is r.shows


def test_the_forced_spade_shows_nothing_daw_52() -> None:
    """Hopson, "The Dealer's Bid": one spade "does not mean strength in spades
    ... he may not have in his hand a single spade"."""
    p = read("royals", "1S pass pass")[Seat.NORTH]
    assert p.readings[0].rule == "one_spade" and p.readings[0].shows.nothing
    assert p.suits == () and p.hcp == (0, 40)
    assert p.tricks == m.UNHEARD.tricks and "forced: it shows nothing" in p.said()
    # a spade bid in the second round does show spades (four of them)
    p = read("auction", "1S 1H pass pass 2S")[Seat.NORTH]
    assert p.readings[1].rule == "best_declaration" and p.suits == ((S, 4),)


def test_a_no_trump_and_a_suit_are_read_as_the_dealers_chapter_says() -> None:
    pics = read("auction", "1NT 2H")
    north, east = pics[Seat.NORTH], pics[Seat.EAST]
    assert north.readings[0].rule == "one_no_trump"
    assert north.hcp[0] >= 12 and north.quick[0] >= 3.0 and north.tricks == 4.0
    # an adversary's overcall is read too: a suit of his own
    assert east.readings[0].rule == "best_declaration" and east.suits == ((H, 4),)
    assert read("auction", "1H")[Seat.NORTH].readings[0].rule == "one_of_a_suit"


def test_the_weakness_take_out_shows_weakness_hopson_third_bidder() -> None:
    """Hopson, "The Third Bidder": two in a long low suit over partner's one
    no-trump "tells your partner plainly that your hand is of no possible
    assistance to his no-trump"."""
    south = read("auction", "1NT pass 2H")[Seat.SOUTH]
    assert south.readings[0].rule == "weakness_take_out"
    assert south.tricks == 1.0 and south.quick[1] <= 1.0 and south.suits == ((H, 5),)


def test_a_suit_named_twice_shows_a_fifth_card() -> None:
    east = read("auction", "1S 1H pass pass 2S 2H")[Seat.EAST]
    assert east.suits == ((H, 5),)


def test_the_double_of_one_spade_shows_short_high_spades_second_bidder() -> None:
    east = read("royals", "1S double")[Seat.EAST]
    assert east.readings[0].rule == "double_one_spade"
    assert east.most[S] <= 4 and east.quick[0] >= 3.0
    assert read("royals", "1S pass 1H double")[Seat.WEST].readings[0].rule == "honest_double"


def test_a_first_round_pass_shows_a_hand_too_weak_to_declare() -> None:
    """Hopson, "The Second Bidder": "sit tight"; "The Third Bidder": leave
    partner's one spade on a poor hand."""
    pics = read("auction", "1S pass pass")
    assert pics[Seat.EAST].readings[0].rule == "sit_tight"
    assert pics[Seat.SOUTH].readings[0].rule == "leave_one_spade"
    assert pics[Seat.SOUTH].tricks < m.UNHEARD.tricks


def test_advice_credits_partner_and_both_adversaries_from_the_model() -> None:
    # Partner's one no-trump shows 12 high cards or more, East's two hearts
    # 8 or more; the model shares the rest of the pack's forty out within
    # those ranges (Situation.expected_points), and each hand is credited
    # with its share of tricks from what it is counted for: West, silent,
    # is left almost nothing and takes no trick.
    code = find_code("auction")
    view = view_of_auction(
        code, hand_from_pbn("K2.Q32.AQ32.K432"), [parse_call(c) for c in ["1NT", "2H"]]
    )
    credits = {c.seat: c for c in advise(view).credits}
    north, east, west = credits[Seat.NORTH], credits[Seat.EAST], credits[Seat.WEST]
    assert north.shown_by == (
        "his calls: 1NT (one_no_trump); 12-40 in high cards shown, 14 counted"
    )
    assert east.shown_by == (
        "his calls: 2H (best_declaration); 8-40 in high cards shown, 10 counted"
    )
    assert west.shown_by == "his calls: no call yet; 2 in high cards counted"
    assert north.tricks is not None and east.tricks is not None
    assert north.tricks > east.tricks > 0.0 == west.tricks


def test_the_sampler_reads_the_model() -> None:
    """The Monte Carlo sampler's promises are the model's: the one no-trump
    some strength, the forced spade nothing, a suit four cards."""
    code = find_code("auction")
    view = view_of_auction(
        code, hand_from_pbn("K2.Q32.AQ32.K432"), [parse_call(c) for c in ["1S", "1H"]]
    )
    k = knowledge(view)
    assert k.promises[Seat.NORTH] == () and k.strength[Seat.NORTH] == (0, 40)
    # the second hand's one heart is his best declaration (eight high cards
    # at least), not the dealer's "bid to make one" on two quick tricks
    assert k.promises[Seat.EAST] == ((H, 4),) and k.strength[Seat.EAST][0] >= 8 - m.HELD_SLACK
    nt = view_of_auction(code, hand_from_pbn("K2.Q32.AQ32.K432"), [parse_call("1NT")])
    assert knowledge(nt).strength[Seat.NORTH] == (12 - m.HELD_SLACK, 40)


def test_a_first_bid_of_one_after_the_opening_is_read_as_made_daw() -> None:
    """Issue 18, doubles that count tricks honestly: a third-hand 1D over the
    forced spade is made by ``best_declaration``, on no quick-trick floor; it
    was read as the dealer's "bid to make one" (2.5 quick tricks), and
    partner doubled 4H counting them (it made eleven tricks)."""
    code = find_code("daw")
    pics = m.read_auction(
        code,
        Seat.EAST,
        [(Seat.EAST, Bid(1, "S")), (Seat.SOUTH, Other.PASS), (Seat.WEST, Bid(1, "D"))],
    )
    assert pics[Seat.WEST].readings[-1].rule == "best_declaration"
    assert pics[Seat.WEST].quick[0] == 0.0
    # the dealer's own opening of one is still Hopson's two quick tricks and more
    opening = m.read_auction(code, Seat.EAST, [(Seat.EAST, Bid(1, "D"))])
    assert opening[Seat.EAST].readings[-1].rule == "one_of_a_suit"
    assert opening[Seat.EAST].quick[0] == 2.5


def test_a_rule_cites_the_chapter_for_the_seat() -> None:
    """Issue 18: not "The Dealer's Bid" for a second- or fourth-hand bid."""
    code = find_code("auction")
    hand = hand_from_pbn("32.AK32.A432.432")
    dealer = explain_call(view_of_auction(code, hand, []))
    assert dealer.rule == "one_of_a_suit" and dealer.source == 'Hopson, "The Dealer\'s Bid"'
    second = explain_call(view_of_auction(code, hand, [parse_call("1S")]))
    assert second.rule == "one_of_a_suit" and second.source == 'Hopson, "The Second Bidder"'
    assert "The Second Bidder" in second.full


def test_a_double_says_the_tricks_needed_and_the_tricks_counted() -> None:
    """Issue 18: the double's text printed the tricks needed as the tricks counted."""
    code = find_code("daw")
    view = view_of_auction(
        code, hand_from_pbn("AK32.AQ3.AJ4.K32"), [parse_call("3NT")], dealer=Seat.NORTH
    )
    d, r = decide(view)
    assert r is not None and r.name == "honest_double"
    # 3NT needs nine tricks of thirteen: five defeat it; the hand holds five
    # quick tricks, and the silent partner is credited with half a trick
    assert "5 tricks defeat 3NT; I count 5 in my hand and 0.5 in partner's" in d.reason


# -- Royalton: its rules declare ranges of high cards and lengths ---------------


def test_every_royalton_rule_declares_what_it_shows() -> None:
    """One reading: Royalton's rules declare their calls' ranges to the model
    (the counts' take-out of a doubled bid, borrowed, reads as a placement)."""
    for r in ROYALTON:
        if r.name == "take_out_of_double":
            continue
        assert r.shows is not None, r.name
        assert m.SHOWN[r.name] is r.shows


def test_royalton_answer_is_read_as_mandatory_after_an_overcall() -> None:
    """Hawley ch. I, "The Nullo": the no-trump's call "is mandatory"; an
    adversary's bid between does not make the answer a free bid."""
    pics = read("royalton", "1NT 2H 3D")
    north, east, south = pics[Seat.NORTH], pics[Seat.EAST], pics[Seat.SOUTH]
    assert north.readings[0].rule == "no_trump_call" and north.hcp == (ry.NT_LO, 20)
    assert east.readings[0].rule == "royalton_suit" and east.hcp[0] == ry.OVERCALL_LO + 2
    assert south.readings[0].rule == "answer_no_trump_call"
    assert south.hcp == (0, ry.ANSWER_HI) and south.holding[D] == 4.5 and south.declared


def test_royalton_placement_shows_what_it_needed_beyond_partner() -> None:
    """Hawley, summary 3(b): "the highest bid for tricks odd possible to
    fulfill the contract": partner's 4H over 1H shows the high cards game
    needed beside an opening (12-18, middle 15) and eight hearts together,
    and less than a slam would."""
    south = read("royalton", "1H pass 4H")[Seat.SOUTH]
    assert south.readings[0].rule == "place_the_contract"
    lo, hi = south.hcp
    # 3 x (10 tricks - 1.5 for eight trumps) - 15; below the slam's 3 x 10.1 - 15
    assert abs(lo - 10.5) < 1e-9 and abs(hi - 15.3) < 1e-9
    # the count takes him for three and a half hearts; the fewest he holds
    # are those that make seven with partner's four and a half
    assert south.holding[H] == 3.5 and south.lengths[H] == 2


def test_royalton_placement_in_partners_suit_reads_what_the_rule_bids_on() -> None:
    """A declaration in a suit partner has named is placed by the count for
    the trumps the two hands hold together: over a suit named twice (five
    and a half read) the robot raises on a doubleton, and the reading's
    fewest cards are the rule's, so that a replay of partner's calls and
    the lengths read agree (``simulate.partner_deals`` sieves by them)."""
    code = find_code("royalton")
    calls = [parse_call(c) for c in ["no bid", "1S", "pass", "1C", "pass", "2S", "pass"]]
    view = view_of_auction(code, hand_from_pbn("T5.A84.AJ9.AJT54"), calls, dealer=Seat.SOUTH)
    decision, r = decide(view)
    assert r is not None and r.name == "place_the_contract" and decision.call == Bid(3, "S")
    east = m.read_auction(code, Seat.SOUTH, [*view.calls, (Seat.EAST, decision.call)])[Seat.EAST]
    # seven with West's five and a half, at the fewest: he holds two
    assert east.lengths[S] == 1
    assert east.holding[S] == 3.5  # what the count takes him to hold


def test_royalton_suit_named_again_over_partners_raise_shows_no_fifth_card() -> None:
    """The opener's suit raised by partner and named again is placed by the
    count, on four cards as often as five: the reading keeps the four its
    opening showed (a suit named again shows a fifth only when partner has
    not named it)."""
    pics = read("royalton", "1D pass 2D pass 3D pass 4D")
    north, south = pics[Seat.NORTH], pics[Seat.SOUTH]
    assert north.lengths[D] == 4 and north.holding[D] == 5.5
    assert south.lengths[D] == 2 and south.holding[D] == 4.5
    assert read("royalton", "1D pass 1H pass 2D")[Seat.NORTH].lengths[D] == 5


def test_royalton_nullo_and_double_are_read() -> None:
    pics = read("royalton", "1H 1NL double")
    assert pics[Seat.EAST].nullo and pics[Seat.EAST].hcp == (0, 9)
    assert not pics[Seat.EAST].declared  # a nullo places no contract by the count
    assert pics[Seat.SOUTH].readings[0].rule == "royalton_double"
    assert pics[Seat.SOUTH].hcp[0] == ry.DOUBLE_LO


def test_the_sampler_reads_royaltons_ranges() -> None:
    """The Monte Carlo sampler deals Royalton's players within the ranges its
    rules declare: an opening's high cards, a pass's cap."""
    code = find_code("royalton")
    view = view_of_auction(
        code, hand_from_pbn("K2.Q32.AQ32.K432"), [parse_call(c) for c in ["1H", "pass"]]
    )
    k = knowledge(view)
    assert k.promises[Seat.NORTH] == ((H, 4),)
    assert k.strength[Seat.NORTH] == (ry.OPEN_LO - m.HELD_SLACK, 18 + m.HELD_SLACK)
    assert k.strength[Seat.EAST] == (0, ry.PASS_HI + m.HELD_SLACK)


def test_the_hands_are_dealt_a_trick_wider_than_the_rules_count() -> None:
    """The rules count on their ranges; the hands they bid with stray past
    them (shape, the count's rounding), so the sampler deals each hand within
    ``Picture.held``: ``HELD_SLACK`` points wider either side, within the
    pack (docs/robots.md, "Paired")."""
    pics = read("royalton", "1H pass")
    assert pics[Seat.NORTH].hcp == (ry.OPEN_LO, 18)
    assert pics[Seat.NORTH].held == (ry.OPEN_LO - 3, 21)
    assert pics[Seat.EAST].held == (0, ry.PASS_HI + 3)
    assert pics[Seat.SOUTH].held == (0, 23)  # unheard: 0-20
    assert read("auction", "1S")[Seat.NORTH].held == (0, 40)  # the forced spade


def test_the_sampler_takes_a_hand_a_trick_past_the_range_read() -> None:
    """A Royalton pass read as at most eleven: a sample giving that hand
    fourteen fits, fifteen breaks the auction."""
    from auctionwhist.robots.cardplay import _misfits

    code = find_code("royalton")
    view = view_of_auction(
        code, hand_from_pbn("K2.Q32.AQ32.K432"), [parse_call(c) for c in ["1H", "pass"]]
    )
    k = knowledge(view)
    east = Seat.EAST
    assert k.strength[east] == (0, ry.PASS_HI + 3)
    fourteen = hand_from_pbn("AKQJ.KJ2.432.432")  # 10 + 3 + 1
    fifteen = hand_from_pbn("AKQJ.KQ2.432.432")
    alone = replace(k, hidden=(east,))
    assert _misfits(alone, {east: fourteen}) == 0
    assert _misfits(alone, {east: fifteen}) == 1


def test_royalton_advice_credits_the_ranges_read() -> None:
    """``whist bid`` under Royalton: each player credited with a third of the
    high cards his calls show, the ranges said."""
    code = find_code("royalton")
    view = view_of_auction(
        code, hand_from_pbn("KQ4.AJ98.K73.A52"), [parse_call(c) for c in ["1S", "pass"]]
    )
    credits = {c.seat: c for c in advise(view).credits}
    assert credits[Seat.NORTH].tricks == 5.0
    assert credits[Seat.NORTH].shown_by == (
        "his calls: 1S (royalton_suit); 12-18 in high cards, 4.5 spades"
    )
    assert credits[Seat.EAST].tricks == round(5.5 / 3, 2)
    assert "pass (royalton_pass); 0-11 in high cards" in credits[Seat.EAST].shown_by
