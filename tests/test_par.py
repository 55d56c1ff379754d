"""Par under each code (solver.par), on tables checked by hand.

Par reads a double-dummy table; most tests here give the table themselves,
so they test the auction game and each code's scoring, not the solver
(tests/test_analyse.py checks the solver's tables of the same deals).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from auctionwhist.calls import Bid, Contract, parse_contract
from auctionwhist.cards import Deal, Seat
from auctionwhist.codes import find_code
from auctionwhist.codes.royalton import ROYALTON
from auctionwhist.scoring import DealResult, Holdings, score_deal
from auctionwhist.solver.par import ParError, contract_score, honor_score, par
from deals_helpers import TOPS

N, E, S, W = Seat

# Tricks of the declarer's side (N, E, S, W declaring). At hearts East's
# seventh heart takes a trick; at clubs West's seventh club. At nullo North-
# South must take all thirteen (every card they hold is higher than any of
# their adversaries' in its suit) and East-West none.
TOPS_TABLE = {
    "C": (12, 1, 12, 1),
    "D": (13, 0, 13, 0),
    "H": (12, 1, 12, 1),
    "S": (13, 0, 13, 0),
    "NT": (13, 0, 13, 0),
    "NL": (13, 0, 13, 0),
}


def contracts(p: object) -> list[tuple[str, str]]:
    return [(str(pc.contract), pc.declarer.char) for pc in p.contracts]  # type: ignore[attr-defined]


def test_par_all_top_cards_daw() -> None:
    """Law 9, 7, 15, 17 (daw): seven no-trump odd (84), game (100), grand slam
    (40) and four aces divided (40) beat hearts with five honors in one hand."""
    p = par("daw", TOPS, TOPS_TABLE)
    assert p.score == 84 + 100 + 40 + 40
    assert contracts(p) == [("1NT", "N"), ("1NT", "S")]
    assert all(pc.made and pc.odd_tricks == 7 for pc in p.contracts)
    hearts = contract_score("daw", TOPS, parse_contract("1H"), N, 12)
    assert hearts == 6 * 8 + 100 + 20 + 10 * 8  # little slam, five honors in one hand
    assert hearts < p.score
    # East-West alone: one spade doubled, capped at 100 (law 69), and North-
    # South's honors and grand slam go to them all the same (laws 15, 17).
    assert p.alone[1] == -(100 + 10 * 2 + 40)


def test_par_follows_each_codes_values_royals() -> None:
    """The New Count (royals): royal spades at 9, with honors at 9 each:
    7 × 9 + 100 + 40 + 10 × 9 = 293 beats no-trump at 10 (7 × 10 + 100 + 40 + 40)."""
    p = par("royals", TOPS, TOPS_TABLE)
    assert p.score == 63 + 100 + 40 + 90
    assert contracts(p) == [("1RS", "N"), ("1RS", "S")]
    assert contract_score("royals", TOPS, parse_contract("1NT"), N, 13) == 250


def test_par_old_count_auction_scores_game_per_deal() -> None:
    """Law 4 (auction) and docs/spec.md §2.2.8: the old count; a deal alone gives 100
    for game, so par equals daw's here."""
    assert par("auction", TOPS, TOPS_TABLE).score == par("daw", TOPS, TOPS_TABLE).score


def test_law_32_royal_nullo_tops_the_series_royalton() -> None:
    """Law 32 and 83 (royalton): the side holding every top card loses par:
    its adversaries make seven nullo (70 + 100 game + 250 grand slam, laws
    83, 86); over seven spades royal they would bid seven nullo royal, the
    highest bid there is, so North-South gain nothing by bidding on."""
    p = par("royalton", TOPS, TOPS_TABLE)
    assert p.score == -(70 + 100 + 250)
    assert contracts(p) == [("7NL", "E"), ("7NL", "W")]
    assert all(pc.made and pc.odd_tricks == 7 for pc in p.contracts)
    # Without the nullo North-South's grand slam would stand.
    assert p.alone[0] == 70 + 100 + 250


def flat_table(declarer: int, nullo_forced: int) -> dict[str, tuple[int, int, int, int]]:
    """Every declarer takes ``declarer`` tricks at suits and no-trump, and is
    forced to take ``nullo_forced`` at nullo (a table, not a possible deal)."""
    t = {s: (declarer,) * 4 for s in ("C", "D", "H", "S", "NT")}
    t["NL"] = (nullo_forced,) * 4
    return {k: (v[0], v[1], v[2], v[3]) for k, v in t.items()}


def test_law_30_dealer_no_bid_all_pass_royalton() -> None:
    """Law 30 (royalton) and docs/spec.md §2.2.4: when every declaration fails, nobody
    bids and the deal scores nothing."""
    p = par("royalton", TOPS, flat_table(6, 7))
    assert p.score == 0
    assert p.passed_out
    assert p.contracts == ()


def test_law_52_dealer_must_open_and_law_69_one_spade_cap_daw() -> None:
    """Law 52 (daw): the dealer must declare; when every declaration goes down
    four, his cheapest is one spade doubled, which law 69 caps at 100."""
    p = par("daw", TOPS, flat_table(3, 7))
    assert not p.passed_out
    assert {(str(pc.contract), pc.declarer.side) for pc in p.contracts} == {("1SX", 0)}
    assert p.score == contract_score("daw", TOPS, parse_contract("1SX"), N, 3)
    assert p.score == -100 + honor_score(find_code("daw"), TOPS, "S")
    # The dealer's side pays it whoever deals.
    east = Deal(TOPS.hands, E)
    pe = par("daw", east, flat_table(3, 7))
    assert {pc.declarer.side for pc in pe.contracts} == {1}


# North-South make four hearts; East-West take nine tricks at no-trump.
COMPETE = {
    "C": (6, 6, 6, 6),
    "D": (6, 6, 6, 6),
    "H": (10, 3, 10, 3),
    "S": (6, 6, 6, 6),
    "NT": (4, 9, 4, 9),
    "NL": (7, 7, 7, 7),
}


def test_law_32_royal_bid_protects_the_merit_bid_royalton() -> None:
    """Law 32 (royalton): four hearts royal outranks four no-trump; East-West's
    sacrifice over it would be royal, 200 a trick doubled (law 36), so North-
    South keep their ten tricks: 40 + 100 game (law 83), from one heart up."""
    p = par("royalton", TOPS, COMPETE)
    assert p.score == 140
    assert contracts(p) == [("1H", "N"), ("1H", "S")]
    assert contract_score("royalton", TOPS, parse_contract("4HR"), N, 10) == 140
    assert contract_score("royalton", TOPS, parse_contract("4NTRX"), E, 9) == 200


def test_doubled_sacrifice_where_it_pays_royalton_without_royals() -> None:
    """Without royal bids (the same code otherwise) East-West sacrifice doubled,
    down one: 100 (law 36) instead of 140; at once in one nullo, or in four
    no-trump once North-South reach four hearts."""
    plain = replace(ROYALTON, key="royalton-plain", royal_bids=False)
    p = par(plain, TOPS, COMPETE)
    assert p.score == 100
    assert contracts(p) == [("1NLX", "E"), ("1NLX", "W"), ("4NTX", "E"), ("4NTX", "W")]
    assert all(pc.sacrifice for pc in p.contracts)


def test_par_is_the_score_of_its_contracts() -> None:
    """Each par contract, scored by score_deal with the deal's honors, is par."""
    for code in ("daw", "auction", "royals", "royalton"):
        for table in (TOPS_TABLE, COMPETE, flat_table(5, 8)):
            p = par(code, TOPS, table)
            for pc in p.contracts:
                denom = pc.contract.denom
                s = score_deal(
                    DealResult(
                        find_code(code),
                        pc.contract,
                        pc.declarer,
                        pc.tricks,
                        holdings=Holdings.from_deal(TOPS, denom),
                        duplicate=True,
                    )
                )
                assert s.total(0) - s.total(1) == p.score == pc.score


@pytest.mark.parametrize("code", ["daw", "auction", "royals"])
def test_honors_go_to_holders_whoever_declares(code: str) -> None:
    """docs/spec.md §2.2.1 (daw 13, Whist Club 6): honors are scored the same whoever
    declares and whatever the result, so par adds them to every contract."""
    c = find_code(code)
    for contract, seat, tricks in (("2H", N, 12), ("2H", E, 1), ("3HX", E, 0)):
        ct = parse_contract(contract)
        full = score_deal(
            DealResult(c, ct, seat, tricks, Holdings.from_deal(TOPS, ct.denom), duplicate=True)
        )
        bare = score_deal(DealResult(c, ct, seat, tricks, duplicate=True))
        assert full.total(0) - full.total(1) - (bare.total(0) - bare.total(1)) == honor_score(
            c, TOPS, "H"
        )
    assert honor_score(c, TOPS, "H") == 10 * c.trick_values["H"]


def test_par_needs_a_table_for_every_strain() -> None:
    with pytest.raises(ParError, match="NL"):
        par("royalton", TOPS, {k: v for k, v in TOPS_TABLE.items() if k != "NL"})
    with pytest.raises(ParError, match="no auction"):
        par("whist", TOPS, TOPS_TABLE)
    with pytest.raises(ParError, match="0-13"):
        par("daw", TOPS, {**TOPS_TABLE, "H": (14, 0, 0, 0)})


def test_par_json_shape() -> None:
    p = par("royalton", TOPS, COMPETE).to_json()
    assert set(p) == {"code", "score", "passed_out", "contracts", "alone"}
    assert p["score"] == {"ns": 140, "ew": -140}
    assert p["contracts"][0] == {
        "contract": "1H",
        "level": 1,
        "denomination": "H",
        "royal": False,
        "doubled": 0,
        "declarer": "N",
        "tricks": 10,
        "odd_tricks": 4,
        "made": True,
        "score": 140,
    }
    assert Contract(Bid(1, "H")) == parse_contract("1H")
