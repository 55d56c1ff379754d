"""Denominations, calls and their two texts: the notation the logs keep and
the words the table says."""

from __future__ import annotations

import pytest

from auctionwhist.calls import (
    DENOMINATIONS,
    Bid,
    CallError,
    Other,
    call_str,
    call_text,
    parse_call,
)
from auctionwhist.cards import Suit
from auctionwhist.codes import CODES


@pytest.mark.parametrize(
    ("key", "strain"),
    [("C", "C"), ("D", "D"), ("H", "H"), ("S", "S"), ("RS", "S"), ("NT", "NT"), ("NL", "NL")],
)
def test_strain_is_the_suit_a_declaration_plays_in(key: str, strain: str) -> None:
    d = DENOMINATIONS[key]
    assert d.strain == strain
    # The solver's strain names the trump suit the play is in, or none.
    assert (d.trump is None) == (strain in ("NT", "NL"))
    if d.trump is not None:
        assert Suit.from_char(strain) is d.trump


def test_royal_spades_name_spades_for_the_declarant_rule() -> None:
    # Hopson's new count: Royal Spades and plain spades name the same suit, so
    # a side's first to bid either is its declarant in spades.
    assert DENOMINATIONS["RS"].named == DENOMINATIONS["S"].named == "S"
    assert DENOMINATIONS["NT"].named != DENOMINATIONS["NL"].named


def _every_call() -> list[Bid | Other]:
    bids = {b for code in CODES.values() for b in code.all_bids}
    return [*sorted(bids, key=str), *Other]


@pytest.mark.parametrize("call", _every_call(), ids=str)
def test_call_str_reads_back_as_the_same_call(call: Bid | Other) -> None:
    assert parse_call(call_str(call)) == call


@pytest.mark.parametrize(
    ("call", "notation", "words"),
    [
        (Bid(1, "H"), "1H", "1 ♥"),
        (Bid(3, "S", royal=True), "3SR", "3 ♠ royal"),
        (Bid(4, "RS"), "4RS", "4 R♠"),
        (Bid(2, "NT"), "2NT", "2 NT"),
        (Bid(2, "NL", royal=True), "2NLR", "2 Nul. royal"),
        (Other.PASS, "pass", "pass"),
        (Other.DOUBLE, "X", "double"),
        (Other.REDOUBLE, "XX", "redouble"),
        (Other.NO_BID, "no bid", "no bid"),
    ],
)
def test_call_notation_and_words(call: Bid | Other, notation: str, words: str) -> None:
    assert call_str(call) == notation
    assert call_text(call) == words


def test_every_denomination_has_a_symbol_of_its_own() -> None:
    symbols = [d.symbol for d in DENOMINATIONS.values()]
    assert len(set(symbols)) == len(symbols)


def test_parse_call_refuses_what_is_no_call() -> None:
    with pytest.raises(CallError, match="not a call"):
        parse_call("8H")


def test_a_denomination_prints_its_suit_symbol_and_colour() -> None:
    """One owner of the suit symbols and colours (``cards.Suit``)."""
    for d in DENOMINATIONS.values():
        if d.trump is not None:
            assert d.symbol.endswith(d.trump.symbol) and d.red == d.trump.red
        else:
            assert not d.red
    assert DENOMINATIONS["RS"].symbol == "R♠"
