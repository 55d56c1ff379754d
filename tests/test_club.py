"""Forming tables, cutting and rights of entry (Goodfellow 20-34, Whist Club
14-27, Royalton 1-14, AWL 1894 law B)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from auctionwhist.cards import Seat, card_from_str, cut_rank
from auctionwhist.cli import app
from auctionwhist.club import (
    ClubTable,
    CuttingError,
    EntryError,
    SubstituteError,
    broken_table_priority,
    club_laws,
    cut_cards,
    cut_order,
    cutting_out,
    exposed_cut,
    form_table,
    form_two_tables,
    keeps_right_at_own_table,
    new_table_order,
    partners,
    preference,
    seat_table,
    succession_order,
)
from auctionwhist.codes import find_code


def cuts(**named: str) -> dict[str, int]:
    return {who: card_from_str(c) for who, c in named.items()}


# -- cutting -------------------------------------------------------------------


def test_law_20_ace_lowest_heart_diamond_club_spade_daw() -> None:
    c = cuts(Kay="SK", Ann="HA", Bob="SA", Cy="H2", Dee="C2", Eve="D2")
    assert cut_order("daw", c) == ["Ann", "Bob", "Cy", "Eve", "Dee", "Kay"]


def test_law_14_cutting_order_auction() -> None:
    c = cuts(A="CA", B="DA", C="HA", D="SA")
    assert cut_order("auction", c) == ["C", "B", "A", "D"]


def test_law_12_cutting_order_royalton() -> None:
    c = cuts(A="ST", B="HJ", C="D9")
    assert cut_order("royalton", c) == ["C", "A", "B"]


def test_law_21_every_player_cuts_from_the_same_pack_daw() -> None:
    with pytest.raises(CuttingError, match=r"Law 21 \(daw\)"):
        cut_order("daw", {"A": 5, "B": 5})
    with pytest.raises(CuttingError, match=r"Law 15 \(auction\)"):
        cut_cards("auction", random.Random(1), ["A", "A"])


def test_law_13_same_pack_royalton() -> None:
    with pytest.raises(CuttingError, match=r"Law 13 \(royalton\)"):
        cut_order("royalton", {"A": 0, "B": 0})


def test_law_23_drawing_from_the_outspread_pack_daw() -> None:
    """The virtual cut draws different cards from one pack, reproducibly."""
    who = [f"p{i}" for i in range(12)]
    a = cut_cards("daw", random.Random(7), who)
    assert a == cut_cards("daw", random.Random(7), who)
    assert len(set(a.values())) == 12 and all(0 <= c < 52 for c in a.values())


def test_law_22_highest_exposed_card_is_the_cut_daw() -> None:
    exposed = [card_from_str(c) for c in ("S2", "HK", "DA")]
    assert exposed_cut("daw", exposed) == card_from_str("HK")
    assert exposed_cut("daw", exposed[:1]) == exposed[0]


def test_law_16_highest_exposed_card_is_the_cut_auction() -> None:
    exposed = [card_from_str(c) for c in ("H5", "S5")]
    assert exposed_cut("auction", exposed) == card_from_str("S5")


def test_law_14_several_exposed_cut_void_royalton() -> None:
    exposed = [card_from_str(c) for c in ("H5", "S5")]
    assert exposed_cut("royalton", exposed) is None
    assert exposed_cut("royalton", exposed[:1]) == exposed[0]
    with pytest.raises(CuttingError, match=r"Law 14 \(royalton\)"):
        exposed_cut("royalton", [])


# -- who plays -----------------------------------------------------------------


def test_law_25_first_in_the_room_have_the_preference_daw() -> None:
    arrivals = [["Ann"], ["Bob", "Cy"], ["Dee", "Eve", "Fay"]]
    pref = preference("daw", arrivals, 4, random.Random(3))
    assert pref.order[:3] == ("Ann", "Bob", "Cy")
    # The last place goes by cutting among those who came together.
    assert set(pref.cuts) == {"Dee", "Eve", "Fay"}
    lowest = min(pref.cuts, key=lambda w: cut_rank(pref.cuts[w]))
    assert pref.order[3] == lowest
    assert pref.order[3:] == tuple(cut_order("daw", pref.cuts))


def test_law_25_late_arrivals_all_needed_do_not_cut_daw() -> None:
    pref = preference("daw", [["Ann", "Bob"], ["Cy", "Dee"], ["Eve"]], 4, random.Random(1))
    assert pref.order == ("Ann", "Bob", "Cy", "Dee", "Eve")
    assert pref.cuts == {}
    with pytest.raises(EntryError, match=r"Law 25 \(daw\)"):
        preference("daw", [["Ann"], ["Ann"]], 4, random.Random(1))


def test_law_17_more_than_four_candidates_cut_the_four_lowest_play_auction() -> None:
    six = ["A", "B", "C", "D", "E", "F"]
    f = form_table("auction", [six], random.Random(11))
    assert set(f.cuts) == set(six)
    ranked = cut_order("auction", f.cuts)
    assert f.players == tuple(ranked[:4])
    assert f.waiting == tuple(ranked[4:])


def test_law_1_candidates_of_equal_standing_cut_royalton() -> None:
    f = form_table("royalton", [["A", "B", "C"], ["D", "E"]], random.Random(5))
    assert f.players[:3] == ("A", "B", "C")
    assert set(f.cuts) == {"D", "E"}
    assert f.players[3] == cut_order("royalton", f.cuts)[0]


def test_law_26_complete_table_six_four_play_daw() -> None:
    room = [["A"], ["B"], ["C"], ["D"], ["E"], ["F"], ["G"]]
    f = form_table("daw", room, random.Random(0))
    assert f.players == ("A", "B", "C", "D")
    assert f.waiting == ("E", "F") and f.others == ("G",)
    with pytest.raises(ValueError, match=r"Law 26 \(daw\)"):
        form_table("daw", [["A", "B", "C"]], random.Random(0))


def test_law_19_six_make_a_complete_table_auction() -> None:
    f = form_table("auction", [[c] for c in "ABCDEFGH"], random.Random(0))
    assert len(f.players) + len(f.waiting) == 6 and f.others == ("G", "H")


def test_law_2_six_make_a_complete_table_royalton() -> None:
    with pytest.raises(ValueError, match=r"Law 2 \(royalton\)"):
        form_table("royalton", [["A"]], random.Random(0))


def test_law_26_highest_two_against_lowest_two_lowest_chooses_seats_daw() -> None:
    p = partners("daw", cuts(A="SK", B="HA", C="C7", D="D7"))
    assert p.low == ("B", "D") and p.high == ("C", "A")
    assert p.chooser == "B"
    assert p.dealer is None  # the tray names the dealer (law 46)
    seats = seat_table("daw", p, Seat.EAST)
    assert seats == {Seat.EAST: "B", Seat.WEST: "D", Seat.SOUTH: "C", Seat.NORTH: "A"}


def test_law_18_lowest_deals_with_choice_of_cards_and_seats_auction() -> None:
    p = partners("auction", cuts(A="S3", B="H3", C="DQ", D="CA"))
    assert p.low == ("D", "B") and p.high == ("A", "C")
    assert p.dealer == "D" == p.chooser
    with pytest.raises(ValueError, match=r"Law 18 \(auction\)"):
        partners("auction", cuts(A="S3", B="H3"))


def test_law_3_lowest_cut_is_the_dealer_royalton() -> None:
    p = partners("royalton", cuts(N="S3", E="H3", S="DQ", W="CA"))
    assert p.dealer == "W" and set(p.low) == {"W", "E"}
    seats = seat_table("royalton", p)
    assert seats[Seat.SOUTH] == "W" and seats[Seat.NORTH] == "E"


def test_law_27_two_tables_highest_north_south_partners_across_daw() -> None:
    c = cuts(a="HA", b="SA", c="H2", d="S2", e="H5", f="S5", g="HQ", h="SQ", i="SK")
    two = form_two_tables("daw", c)
    t1, t2 = two.tables
    # The four lowest (a b c d) at one table, the next four (e f g h) at the other.
    assert {t1[Seat.NORTH], t1[Seat.SOUTH]} == {"c", "d"}  # highest two of table 1
    assert {t1[Seat.EAST], t1[Seat.WEST]} == {"a", "b"}
    assert {t2[Seat.NORTH], t2[Seat.SOUTH]} == {"g", "h"}
    assert {t2[Seat.EAST], t2[Seat.WEST]} == {"e", "f"}
    # The highest two at one table are partners of the lowest two at the other.
    assert set(two.teams[0]) == {"c", "d", "e", "f"}
    assert set(two.teams[1]) == {"g", "h", "a", "b"}
    assert two.waiting == ("i",)
    with pytest.raises(ValueError, match=r"Law 27 \(daw\)"):
        form_two_tables("daw", cuts(a="HA"))


def test_law_B_1894_two_tables_whist() -> None:
    c = cuts(a="HA", b="SA", c="H2", d="S2", e="H5", f="S5", g="HK", h="SK")
    two = form_two_tables("whist", c)
    assert set(two.teams[0]) == {"c", "d", "e", "f"}
    with pytest.raises(ValueError, match=r"Law B of 1894 \(whist\)"):
        form_two_tables("whist", cuts(a="HA"))


# -- cutting out ------------------------------------------------------------------


def test_law_28_least_consecutive_matches_remain_in_daw() -> None:
    r = cutting_out("daw", {"A": 3, "B": 2, "C": 2, "D": 1}, 1, random.Random(0))
    assert r.out == ("A",) and r.cuts == {}
    # Goodfellow allows "one or more" candidates.
    r = cutting_out("daw", {"A": 3, "B": 2, "C": 2, "D": 1}, 3, random.Random(0))
    assert set(r.out) == {"A", "B", "C"} and r.remain == ("D",)


@pytest.mark.parametrize("seed", range(6))
def test_law_28_all_equal_cut_highest_go_out_daw(seed: int) -> None:
    r = cutting_out("daw", dict.fromkeys("ABCD", 2), 2, random.Random(seed))
    ranked = cut_order("daw", r.cuts)
    assert set(r.out) == set(ranked[2:]) and set(r.remain) == set(ranked[:2])


def test_law_21_greatest_number_of_rubbers_withdraw_auction() -> None:
    r = cutting_out("auction", {"A": 3, "B": 3, "C": 1, "D": 1}, 1, random.Random(4))
    assert set(r.cuts) == {"A", "B"}  # only the tied ones cut
    assert r.out == (cut_order("auction", r.cuts)[1],)
    with pytest.raises(EntryError, match=r"Law 21 \(auction\)"):
        cutting_out("auction", dict.fromkeys("ABCD", 1), 3, random.Random(0))


def test_law_5_cutting_out_highest_are_out_royalton() -> None:
    r = cutting_out("royalton", dict.fromkeys("ABCD", 0), 1, random.Random(9))
    assert r.out == (cut_order("royalton", r.cuts)[-1],)
    with pytest.raises(EntryError, match=r"Law 5 \(royalton\)"):
        cutting_out("royalton", dict.fromkeys("ABCD", 0), 0, random.Random(9))


# -- rights of entry ---------------------------------------------------------------


def test_law_29_succession_losers_of_the_cut_first_by_their_cut_daw() -> None:
    lost = cuts(E="S9", F="H2")
    assert succession_order("daw", ["G", "E", "H"], lost) == ["F", "E", "G", "H"]
    assert succession_order("daw", ["G", "H"]) == ["G", "H"]


def test_law_20_announcement_gives_the_first_vacancy_auction() -> None:
    t = ClubTable("auction", ["A", "B", "C", "D"], random.Random(1))
    t.announce("X")
    t.announce("Y")
    assert t.retire("B") == "X"
    assert t.players == ["A", "X", "C", "D"] and t.candidates == ["Y"]
    assert t.log[-1].law == "Law 20 (auction)"


def test_law_4_announcements_in_the_order_made_royalton() -> None:
    t = ClubTable("royalton", ["A", "B", "C", "D"], random.Random(1))
    t.announce("Y")
    t.announce("X")
    assert t.retire("A") == "Y" and t.retire("B") == "X" and t.retire("C") is None


def test_law_30_announce_before_any_player_cuts_daw() -> None:
    t = ClubTable("daw", ["A", "B", "C", "D"], random.Random(2))
    t.announce("X")
    t.cut_for_partners()
    assert not t.can_announce("Y")
    with pytest.raises(EntryError, match=r"Law 30 \(daw\)"):
        t.announce("Y")
    t.begin()
    t.end()
    assert t.can_announce("Y")  # no card cut yet for the next match


def test_law_22_announce_before_cutting_out_auction() -> None:
    t = ClubTable("auction", ["A", "B", "C", "D"], random.Random(2))
    t.begin()
    t.announce("X")
    t.end()
    out = t.cut_out()
    assert out is not None and len(out.out) == 1
    with pytest.raises(EntryError, match=r"Law 22 \(auction\)"):
        t.announce("Y")
    with pytest.raises(EntryError, match=r"Law 19 \(auction\)"):
        t2 = ClubTable("auction", ["A", "B", "C", "D"], random.Random(2))
        t2.announce("X")
        t2.announce("Y")
        t2.announce("Z")


def test_law_6_candidate_declares_before_the_cut_for_partners_royalton() -> None:
    t = ClubTable("royalton", ["A", "B", "C", "D"], random.Random(2))
    p = t.cut_for_partners()
    assert p.dealer == p.low[0]
    with pytest.raises(EntryError, match=r"Law 6 \(royalton\)"):
        t.announce("X")


def test_laws_28_end_of_match_candidate_replaces_the_longest_player_daw() -> None:
    t = ClubTable("daw", ["A", "B", "C", "D"], random.Random(3))
    t.begin()
    t.end()
    assert t.retire("D") is None and "D" in t.players  # nobody to succeed him
    t.announce("E")
    assert t.retire("D") == "E"
    t.begin()
    t.end()
    t.announce("F")
    out = t.cut_out()
    assert out is not None
    # A, B and C have played two consecutive matches, E one: one of A B C goes.
    assert out.out[0] in {"A", "B", "C"} and set(out.cuts) == {"A", "B", "C"}
    assert "F" in t.players and out.out[0] not in t.players
    assert t.consecutive["F"] == 0 and t.consecutive["E"] == 1


def test_law_31_new_table_players_who_have_not_played_first_daw() -> None:
    pref = new_table_order("daw", ["A", "B", "C", "D", "E"], {"B", "D", "E"}, random.Random(8))
    assert pref.order[:2] == ("A", "C")
    assert set(pref.cuts) == {"B", "D", "E"}
    assert pref.order[2:] == tuple(cut_order("daw", pref.cuts))


def test_law_23_new_tables_auction_and_law_7_royalton() -> None:
    for code in ("auction", "royalton"):
        pref = new_table_order(code, ["A", "B"], {"A"}, random.Random(0))
        assert pref.order == ("B", "A") and pref.cuts == {}


@pytest.mark.parametrize("seed", range(5))
def test_law_32_helpers_remain_new_players_first_to_go_out_daw(seed: int) -> None:
    t = ClubTable("daw", ["H", "A", "B", "C"], random.Random(seed))
    t.helped_form("H")
    t.begin()
    t.announce("X")
    t.end()
    out = t.cut_out()
    assert out is not None and "H" not in out.out and "H" in t.players
    assert set(out.cuts) == {"A", "B", "C"}
    assert t.log[-2].law == "Law 28 (daw)"


def test_law_24_helpers_stay_auction_and_law_8_only_if_needed_royalton() -> None:
    t = ClubTable("auction", ["H", "A", "B", "C"], random.Random(0))
    t.helped_form("H")
    t.begin()
    t.announce("X")
    t.announce("Y")
    t.end()
    out = t.cut_out()
    assert out is not None and "H" not in out.out
    # Royalton 8: only one without whom the table could not be formed.
    r = ClubTable("royalton", ["H", "A", "B", "C"], random.Random(0))
    r.helped_form("H", needed=False)
    assert r.helpers == set()
    r.helped_form("H", needed=True)
    assert r.helpers == {"H"} and r.log[-1].law == "Law 8 (royalton)"


def test_law_32_helper_who_returns_goes_when_his_place_is_filled_daw() -> None:
    t = ClubTable("daw", ["H", "A", "B", "C"], random.Random(0))
    t.helped_form("H", will_return=True)
    t.begin()
    t.end()
    assert t.cut_out() is None and "H" in t.players  # nobody to fill his place
    t.begin()
    t.announce("X")
    t.end()
    assert t.cut_out() is None  # X took H's place; nobody else waits
    assert t.players == ["X", "A", "B", "C"]
    assert t.log[-1].law == "Law 32 (daw)"


def test_law_32_right_at_own_table_forfeited_unless_return_signified_daw() -> None:
    assert keeps_right_at_own_table("daw", helped_new_table=True, announced_return=True)
    assert not keeps_right_at_own_table("daw", helped_new_table=True, announced_return=False)
    assert not keeps_right_at_own_table("daw", helped_new_table=False, announced_return=True)


def test_law_25_forfeit_re_entry_auction_and_law_9_royalton() -> None:
    for code in ("auction", "royalton"):
        assert not keeps_right_at_own_table(code, False, False)
        assert keeps_right_at_own_table(code, True, True)


def test_law_33_substitute_with_consent_of_the_other_three_for_the_match_daw() -> None:
    t = ClubTable("daw", ["A", "B", "C", "D"], random.Random(0))
    t.announce("S")
    with pytest.raises(SubstituteError, match=r"Law 33 \(daw\)"):
        t.substitute("A", "S", {"B", "C", "D"})  # no match in progress
    t.begin()
    with pytest.raises(SubstituteError, match=r"Law 33 \(daw\).*D did not"):
        t.substitute("A", "S", {"B", "C"})
    t.substitute("A", "S", {"B", "C", "D"})
    assert t.players[0] == "S"
    assert t.candidates == ["S"]  # the substitute's rights are not affected
    with pytest.raises(EntryError, match=r"Law 33 \(daw\)"):
        t.retire("B")
    # The substitute quits in turn: the next one also plays for A, for this match only.
    t.substitute("S", "T", {"B", "C", "D"})
    assert t.players[0] == "T" and t.substitutes == {"A": "T"}
    t.end()
    assert t.players[0] == "A" and t.consecutive["A"] == 1


def test_law_26_substitute_auction_and_law_10_royalton() -> None:
    for code, law in (("auction", "26"), ("royalton", "10")):
        t = ClubTable(code, ["A", "B", "C", "D"], random.Random(0))
        t.begin()
        with pytest.raises(SubstituteError, match=rf"Law {law} \({code}\)"):
            t.substitute("A", "B", {"B", "C", "D"})


def test_law_34_broken_table_prior_right_unless_it_can_re_form_daw() -> None:
    four = ["A", "B", "C", "D"]
    assert broken_table_priority("daw", four, "A", [], continuing={"A", "B"}) == ("A", "B")
    # Two candidates and the two who play on can re-form the table.
    assert broken_table_priority("daw", four, "C", ["X", "Y"], continuing={"A", "B"}) == ()


def test_law_27_breaker_has_no_prior_right_auction_and_law_11_royalton() -> None:
    four = ["A", "B", "C", "D"]
    assert broken_table_priority("auction", four, "A", ["X", "Y", "Z"]) == ("B", "C", "D")
    assert broken_table_priority("royalton", four, "D", []) == ("A", "B", "C")
    with pytest.raises(ValueError, match=r"Law 11 \(royalton\)"):
        broken_table_priority("royalton", four, "Q", [])


def test_whist_applies_goodfellow_where_the_league_is_silent() -> None:
    assert find_code("whist").cite("cutting_out") == "Law 28 (daw), applied to whist"
    assert find_code("whist").cite("two_tables") == "Law B of 1894 (whist)"
    assert find_code("royals").cite("cutting_out") == "Law 21 (royals)"
    assert find_code("auction").cite("two_tables") == "Law 27 (daw), applied to auction"
    with pytest.raises(EntryError, match=r"Law 28 \(daw\), applied to whist"):
        cutting_out("whist", {"A": 1, "B": 1, "C": 1, "D": 1}, 0, random.Random(1))


@pytest.mark.parametrize(
    ("code", "unit", "recut"),
    [
        ("daw", "match", False),
        ("auction", "rubber", False),
        ("royals", "rubber", False),
        ("royalton", "rubber", True),
        ("whist", "match", False),
    ],
)
def test_club_laws_are_declared_with_the_code(code: str, unit: str, recut: bool) -> None:
    """daw 28 plays matches, Whist Club 21 and Royalton 5 rubbers; Royalton 14
    alone recuts when several cards are exposed."""
    laws = club_laws(code)
    assert laws is find_code(code).club
    assert laws.unit == unit
    assert (laws.several_exposed == "recut") is recut


@settings(max_examples=60, deadline=None)
@given(
    code=st.sampled_from(["daw", "auction", "royalton"]),
    actions=st.lists(st.integers(0, 6), max_size=40),
    seed=st.integers(0, 1000),
)
def test_club_table_keeps_four_different_players(code: str, actions: list[int], seed: int) -> None:
    """Property: whatever happens, four different players sit, candidates wait apart."""
    t = ClubTable(code, ["A", "B", "C", "D"], random.Random(seed))
    fresh = iter(f"P{i}" for i in range(100))
    for a in actions:
        try:
            if a == 0:
                t.announce(next(fresh))
            elif a == 1:
                t.begin()
            elif a == 2:
                t.end()
            elif a == 3:
                t.cut_out()
            elif a == 4:
                t.retire(t.players[seed % 4])
            elif a == 5:
                t.cut_for_partners()
            else:
                others = set(t.players[1:])
                t.substitute(t.players[0], next(fresh), others)
        except ValueError as e:
            assert "Law " in str(e) or "law" in str(e)
        assert len(set(t.players)) == 4
        assert not set(t.candidates) & set(t.players) - set(t.substitutes.values())
        if code != "daw":  # Whist Club 19, Royalton 2: six make a complete table
            assert len(t.candidates) <= 2
        assert all(t.consecutive[w] >= 0 for w in t.players if w not in t.substitutes.values())


def test_law_24_tables_formed_by_cutting_or_by_agreement_daw() -> None:
    # By agreement: the four sit as they agree.
    agreed = ClubTable("daw", ["N", "E", "S", "W"], random.Random(0))
    assert agreed.players == ["N", "E", "S", "W"] and agreed.log == []
    # By cutting: the four lowest of those of equal standing.
    f = form_table("daw", [["A", "B", "C", "D", "E"]], random.Random(2))
    assert f.players == tuple(cut_order("daw", f.cuts)[:4])
    with pytest.raises(ValueError, match=r"Law 26 \(daw\)"):
        ClubTable("daw", ["A", "A", "B", "C"], random.Random(0))


def _run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.output


def test_cli_cut_forms_the_table_as_the_library_does_auction() -> None:
    code, out = _run(
        "cut", "--code", "auction", "--players", "Ann; Bob, Cy, Dee, Eve, Fay", "--seed", "3",
        "--json",
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out)
    rng = random.Random(3)
    f = form_table("auction", [["Ann"], ["Bob", "Cy", "Dee", "Eve", "Fay"]], rng)
    p = partners("auction", cut_cards("auction", rng, f.players))
    assert data["players"] == list(f.players)
    assert data["partners"] == [list(p.low), list(p.high)]
    assert data["dealer"] == p.dealer and data["seats"]["S"] == p.chooser
    assert data["laws"]["partners"] == "Law 18 (auction)"


def test_cli_two_tables_and_errors_daw() -> None:
    import json

    two = ("--tables", "2", "--players", "A,B,C,D,E,F,G,H")
    code, out = _run("cut", *two, "--seed", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["law"] == "Law 27 (daw)"
    assert sorted(data["teams"][0] + data["teams"][1]) == list("ABCDEFGH")
    code, out = _run("cut", "--players", "A,B", "--seed", "1")
    assert code == 2 and "Law 26 (daw)" in out


def test_cli_cut_out_new_table_broken_and_laws() -> None:
    code, out = _run(
        "club", "cut-out", "--code", "auction", "--played", "A=3,B=3,C=1,D=1",
        "--candidates", "1", "--seed", "2",
    )  # fmt: skip
    assert code == 0 and "Law 21 (auction)" in out and "Out: " in out
    code, out = _run("club", "new-table", "--candidates", "A,B,C", "--played-elsewhere", "B")
    assert code == 0 and "Order of entry: A, C, B" in out
    broken = ("--code", "royalton", "--players", "A,B,C,D", "--breaker", "A")
    code, out = _run("club", "broken", *broken)
    assert code == 0 and "B, C, D" in out and "Law 11 (royalton)" in out
    code, out = _run("club", "laws", "--code", "royalton")
    assert code == 0 and "Law 5 (royalton)" in out
    code, out = _run("club", "cut-out", "--played", "A=x", "--candidates", "1")
    assert code == 2 and "--played" in out
