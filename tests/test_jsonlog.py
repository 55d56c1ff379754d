"""The event log as JSON: written and read back without loss."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Call, Other, parse_call
from auctionwhist.cards import Deal, Seat, Suit, card_from_str, card_str
from auctionwhist.codes import CODES, find_code
from auctionwhist.dealing import deal, random_deal
from auctionwhist.formats import jsonlog
from auctionwhist.formats.jsonlog import (
    JsonLogError,
    call_str,
    dumps,
    events_from_json,
    events_to_json,
    loads,
)
from auctionwhist.records import (
    Bridged,
    CallMade,
    CardExposed,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    Dealt,
    Event,
    IrregularCall,
    IrregularCard,
    Irregularity,
    LeadCalled,
    RenounceCorrected,
    Ruling,
    TableMode,
    TrumpDeclared,
)
from auctionwhist.table import Table
from deals_helpers import PBN
from log_helpers import random_log

N, E, S, W = Seat


def test_the_written_form() -> None:
    d = Deal.from_pbn(PBN, dealer=E, number=3)
    log = (
        Dealt(d, "daw"),
        CallMade(E, parse_call("1H")),
        CallMade(S, Other.DOUBLE),
        CardPlayed(S, card_from_str("SA")),
        Claimed(W, 3),
        ClaimAnswered(N, True),
    )
    assert events_to_json(log) == {
        "format": "auction-whist events",
        "version": 1,
        "events": [
            {
                "type": "dealt",
                "deal": {"pbn": d.to_pbn(), "dealer": "E", "number": 3, "turned": None},
                "code": "daw",
            },
            {"type": "call_made", "seat": "E", "call": "1H"},
            {"type": "call_made", "seat": "S", "call": "X"},
            {"type": "card_played", "seat": "S", "card": "SA"},
            {"type": "claimed", "seat": "W", "tricks": 3},
            {"type": "claim_answered", "seat": "N", "accepted": True},
        ],
    }
    assert d.to_pbn().startswith("E:")


@pytest.mark.parametrize(
    ("call", "text"),
    [
        (Bid(1, "H"), "1H"),
        (Bid(2, "NT"), "2NT"),
        (Bid(3, "S", True), "3SR"),
        (Bid(4, "RS"), "4RS"),
        (Bid(2, "NL"), "2NL"),
        (Bid(2, "NL", True), "2NLR"),
        (Other.PASS, "pass"),
        (Other.DOUBLE, "X"),
        (Other.REDOUBLE, "XX"),
        (Other.NO_BID, "no bid"),
    ],
)
def test_calls(call: Call, text: str) -> None:
    assert call_str(call) == text
    assert parse_call(text) == call


def test_every_record_kind_round_trips() -> None:
    d = deal("whist", seed=4)
    log: tuple[Event, ...] = (
        Dealt(d, "whist"),
        CallMade(N, Other.NO_BID),
        CallMade(E, Bid(2, "NL", True)),
        Bridged(E),
        LeadCalled(W),
        CardPlayed(N, 0),
        Claimed(S, 13),
        ClaimAnswered(E, False),
        TrumpDeclared(Suit.HEARTS),
        TableMode("laws"),
        IrregularCall(E, Bid(1, "S")),
        IrregularCard(W, 5),
        CardExposed(W, 6),
        RenounceCorrected(E, 7),
        Irregularity(E, "information", None),
        Irregularity(S, "dummy_suggestion", 8),
        Ruling(N, "lead_out_of_turn", "call_suit", "H"),
    )
    assert {type(e) for e in log} == set(jsonlog._NAMES)  # every kind of record
    text = dumps(log, indent=2)
    assert json.loads(text)["events"][0]["deal"]["turned"] == card_str(d.turned or 0)
    assert loads(text) == log
    assert events_from_json(events_to_json(log)) == log
    assert events_from_json(text) == log


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(CODES)),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=120),
)
def test_round_trip_of_played_logs(code: str, seed: int, stop: int) -> None:
    log = random_log(code, seed, stop)
    assert loads(dumps(log)) == log
    Table.from_events(loads(dumps(log)))  # still a lawful log


seats = st.sampled_from(list(Seat))
calls = st.one_of(
    st.sampled_from(list(Other)),
    st.builds(
        Bid,
        st.integers(min_value=1, max_value=7),
        st.sampled_from(["C", "D", "H", "S", "NT", "RS", "NL"]),
        st.booleans(),
    ),
)
records = st.one_of(
    st.builds(CallMade, seats, calls),
    st.builds(CardPlayed, seats, st.integers(min_value=0, max_value=51)),
    st.builds(Bridged, seats),
    st.builds(LeadCalled, seats),
    st.builds(Claimed, seats, st.integers(min_value=0, max_value=13)),
    st.builds(ClaimAnswered, seats, st.booleans()),
)


@given(
    st.integers(min_value=0, max_value=2**32),
    seats,
    st.integers(min_value=1, max_value=99),
    st.booleans(),
    st.sampled_from(sorted(CODES)),
    st.lists(records, max_size=60),
)
def test_round_trip_of_any_records(
    seed: int, dealer: Seat, number: int, turn: bool, code: str, rest: list[Event]
) -> None:
    """Lossless whatever the records say: JSON does not judge the laws."""
    d = random_deal(random.Random(seed), dealer=dealer, number=number, turn_trump=turn)
    log = (Dealt(d, code), *rest)
    assert loads(dumps(log)) == log
    assert find_code(code).key == code


def _log(*events: dict[str, Any]) -> dict[str, Any]:
    return {"format": "auction-whist events", "version": 1, "events": list(events)}


DEAL: dict[str, Any] = {"pbn": PBN, "dealer": "N", "number": 1, "turned": None}
DEALT: dict[str, Any] = {"type": "dealt", "code": "daw", "deal": DEAL}


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ([], "log: expected an object"),
        ({"format": "x", "version": 1, "events": []}, "format: expected"),
        ({"format": "auction-whist events", "version": 2, "events": []}, "version: .* not 2"),
        ({**_log(), "extra": 1}, r"log\.extra: not a field"),
        ({"format": "auction-whist events", "version": 1, "events": {}}, "events: expected a list"),
        (_log({"type": "dealed"}), r"events\[0\]\.type: not an event type: 'dealed'"),
        (_log(DEALT, {"seat": "N"}), r"events\[1\]\.type: not an event type: None"),
        (_log(DEALT, {"type": "card_played", "seat": "Q", "card": "SA"}), r"events\[1\]\.seat"),
        (_log(DEALT, {"type": "card_played", "seat": "N", "card": "S1"}), r"events\[1\]\.card"),
        (_log(DEALT, {"type": "card_played", "seat": "N", "card": 51}), r"events\[1\]\.card"),
        (_log(DEALT, {"type": "call_made", "seat": "N", "call": "8H"}), r"events\[1\]\.call"),
        (_log(DEALT, {"type": "claimed", "seat": "N"}), r"events\[1\]\.tricks: missing"),
        (_log(DEALT, {"type": "claimed", "seat": "N", "tricks": "3"}), r"events\[1\]\.tricks"),
        (
            _log(DEALT, {"type": "claim_answered", "seat": "N", "accepted": 1}),
            r"events\[1\]\.accepted: expected true or false",
        ),
        (
            _log(DEALT, {"type": "bridged", "seat": "N", "card": "SA"}),
            r"events\[1\]\.card: not a field",
        ),
        (
            _log({**DEALT, "deal": {**DEAL, "pbn": PBN.rsplit(" ", 1)[0]}}),
            r"events\[0\]\.deal\.pbn: write all four hands",
        ),
        (
            _log({**DEALT, "deal": {**DEAL, "turned": "S2"}}),
            r"events\[0\]\.deal: the turned card S2 is not in the dealer's hand",
        ),
        (
            _log({**DEALT, "deal": {**DEAL, "number": None}}),
            r"events\[0\]\.deal\.number: expected a whole number",
        ),
    ],
)
def test_errors_name_the_field(obj: Any, message: str) -> None:
    with pytest.raises(JsonLogError, match=message):
        events_from_json(obj)


def test_not_json() -> None:
    with pytest.raises(JsonLogError, match="not JSON"):
        loads("{")
    assert issubclass(JsonLogError, ValueError)
