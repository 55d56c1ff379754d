"""Issue 17 item 11: a person's irregularities in laws mode, as the seat's
messages carry them (``web.intentions``), and what the state tells each seat
(``web.views``): the message's shape is refused with 400, the table's
refusal with 409 and the law; a renounce in error is its holder's secret
until the laws make it the table's."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.calls import Bid, parse_call  # noqa: E402
from auctionwhist.cards import Seat, card_str  # noqa: E402
from auctionwhist.dealing import deal  # noqa: E402
from auctionwhist.errors import WhistError  # noqa: E402
from auctionwhist.records import (  # noqa: E402
    CallMade,
    CardExposed,
    CardPlayed,
    IrregularCard,
    Irregularity,
    RenounceCorrected,
)
from auctionwhist.table import Table  # noqa: E402
from auctionwhist.table.irregularities import NAMED_BY_ACTION  # noqa: E402
from auctionwhist.web.intentions import action, apply  # noqa: E402
from auctionwhist.web.live import WebError  # noqa: E402
from auctionwhist.web.views import reportable, state_view  # noqa: E402
from web_helpers import connect  # noqa: E402


def _table(mode: str = "laws") -> Table:
    """daw, deal 7: North opens 1 NT, the others pass; East leads."""
    t = Table("daw", deal("daw", seed=7), mode=mode)
    t.act(CallMade(Seat.NORTH, parse_call("1NT")))
    for s in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        t.act(CallMade(s, parse_call("pass")))
    assert t.phase == "play" and t.declarer == Seat.NORTH
    return t


def _refused(t: Table, seat: Seat, msg: dict[str, Any], laws: bool = True) -> WebError:
    with pytest.raises(WebError) as e:
        apply(t, seat, msg["type"], msg, laws)
    return e.value


def _cards(t: Table, seat: Seat) -> list[int]:
    assert t.play is not None
    return [c for c in range(52) if t.play.hands[seat] >> c & 1]


def _renounce(t: Table) -> tuple[Seat, int]:
    """Play lawful cards until a hand holding the suit led can renounce; that
    hand and a card of another suit (not yet played)."""
    assert t.play is not None
    for _ in range(52):
        play = t.play
        seat = play.turn
        if play.trick and seat != play.dummy:
            led = play.trick[0] // 13
            mine = _cards(t, seat)
            other = [c for c in mine if c // 13 != led]
            if other and any(c // 13 == led for c in mine):
                return seat, other[0]
        t.act(CardPlayed(seat, t.legal_cards()[0]))
    raise AssertionError("no renounce came")


# -- the messages' shapes (400) and laws mode only (409) -----------------------


@pytest.mark.parametrize(
    ("msg", "error"),
    [
        ({"type": "expose"}, "bad_card"),
        ({"type": "expose", "card": "ZZ"}, "bad_card"),
        ({"type": "correct_renounce", "card": 7}, "bad_card"),
        ({"type": "report", "offence": 3}, "malformed"),
        ({"type": "report", "offence": "information", "offender": "X"}, "malformed"),
        ({"type": "report", "offence": "information", "card": "S1"}, "bad_card"),
    ],
)
def test_a_malformed_laws_message_is_refused_with_400(msg: dict[str, Any], error: str) -> None:
    e = _refused(_table(), Seat.EAST, msg)
    assert (e.status, e.code) == (400, error)


@pytest.mark.parametrize("kind", ["expose", "correct_renounce", "report"])
def test_outside_laws_mode_no_irregularity_is_made_from_a_message(kind: str) -> None:
    t = _table("enforce")
    msg = {"type": kind, "card": "SA", "offence": "information"}
    e = _refused(t, Seat.EAST, msg, laws=False)
    assert (e.status, e.code) == (409, "not_now") and "laws mode only" in str(e)


def test_outside_laws_mode_a_card_not_following_suit_is_still_refused() -> None:
    """The enforce table stays legal-only: the play's own verify decides."""
    t = _table("enforce")
    seat, card = _renounce(t)
    rec = action(t, seat, "play", {"card": card_str(card)}, False)
    assert rec == CardPlayed(seat, card)
    with pytest.raises(WhistError, match=r"follow suit|must follow"):
        t.act(rec)


# -- what each message asks of the table ---------------------------------------


def test_a_renounce_is_played_in_turn_and_told_to_its_holder_alone() -> None:
    """daw 100, 103: a card of another suit while holding the suit led is
    played (a renounce in error); only its holder is told he may correct it."""
    t = _table()
    seat, card = _renounce(t)
    rec = action(t, seat, "play", {"card": card_str(card)}, True)
    assert rec == CardPlayed(seat, card)
    t.act(rec)
    for s in Seat:
        st = state_view(t, s, dummy_shown=True, extra={})
        assert st.get("renounce") == (card_str(card) if s == seat else None), s
    fix = action(t, seat, "correct_renounce", {"card": card_str(card)}, True)
    assert fix == RenounceCorrected(seat, card)
    t.act(fix)
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"


def test_the_declarant_plays_dummys_card_out_of_turn_as_dummys() -> None:
    """A card of dummy's hand sent by the declarant is dummy's, in turn or not."""
    t = _table()
    assert t.play is not None
    play = t.play
    t.act(CardPlayed(play.turn, t.legal_cards()[0]))  # the opening lead; dummy to play
    dummy = play.dummy
    assert dummy is not None and play.turn == dummy
    mine = _cards(t, Seat.NORTH)[0]
    rec = action(t, Seat.NORTH, "play", {"card": card_str(mine)}, True)
    assert rec == IrregularCard(Seat.NORTH, mine)  # his own card while dummy is to play
    own = _cards(t, dummy)[0]
    assert action(t, Seat.NORTH, "play", {"card": card_str(own)}, True) == CardPlayed(dummy, own)


def test_expose_and_report_name_the_card_and_the_offender() -> None:
    t = _table()
    card = _cards(t, Seat.WEST)[0]
    assert action(t, Seat.WEST, "expose", {"card": card_str(card)}, True) == CardExposed(
        Seat.WEST, card
    )
    # Any player may call attention: East names West (his partner) as offender.
    msg = {"offence": "information", "offender": "W"}
    assert action(t, Seat.EAST, "report", msg, True) == Irregularity(Seat.WEST, "information")
    assert action(t, Seat.EAST, "report", {"offence": "information"}, True) == Irregularity(
        Seat.EAST, "information"
    )


def test_reportable_offences_are_those_the_table_does_not_name_itself() -> None:
    keys = {o["key"]: o["phase"] for o in reportable(_table().code)}
    assert "information" in keys and keys["information"] == "play"
    assert not set(keys) & NAMED_BY_ACTION
    assert "revoke" not in keys and "misdeal" not in keys  # found by the table; never misdealt


def _void(t: Table) -> Seat:
    """Play lawful cards until a hand (not dummy) truly has none of the suit
    led, and let him discard: that hand."""
    assert t.play is not None
    for _ in range(52):
        play = t.play
        seat = play.turn
        led = play.trick[0] // 13 if play.trick else -1
        if led >= 0 and seat != play.dummy and not any(c // 13 == led for c in _cards(t, seat)):
            t.act(CardPlayed(seat, _cards(t, seat)[0]))
            return seat
        t.act(CardPlayed(seat, t.legal_cards()[0]))
    raise AssertionError("no hand came to be void")


def test_law_102_having_none_asked_finds_the_renounce_and_it_is_corrected() -> None:
    """daw 102, 103: his partner asks "having none?"; the table answers from
    the hand: the renounce in error is corrected, and the penalty for the
    corrected renounce is before the table."""
    t = _table()
    seat, card = _renounce(t)
    t.act(CardPlayed(seat, card))
    before = len(t.events)
    apply(t, seat.partner, "ask_renounce", {"type": "ask_renounce"}, True)
    assert t.events[before] == RenounceCorrected(seat, card)
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"


def test_law_102_having_none_asked_of_a_true_void_changes_nothing() -> None:
    t = _table()
    seat = _void(t)
    before = len(t.events)
    apply(t, seat.partner, "ask_renounce", {"type": "ask_renounce", "seat": seat.char}, True)
    assert len(t.events) == before and t.pending is None


def test_law_102_having_none_is_refused_when_no_card_failed_to_follow() -> None:
    """The question is about a renounce: with the trick followed (or no card
    played yet), asking is refused with 409 and the law."""
    t = _table()
    assert t.play is not None
    e = _refused(t, Seat.SOUTH, {"type": "ask_renounce"})  # nothing played yet
    assert (e.status, e.code) == (409, "illegal") and str(e).startswith("Law 102 (daw)")
    leader = t.play.turn
    t.act(CardPlayed(leader, t.legal_cards()[0]))
    e = _refused(t, leader.partner, {"type": "ask_renounce"})  # he led: no suit to fail
    assert f"{leader.name.title()} has not failed to follow suit" in str(e)


def test_dummy_may_not_ask_an_adversary_having_none() -> None:
    """daw 74, 74A: dummy may ask the declarant only; West's renounce is the
    adversaries' to ask about (daw 102: East, his partner, may), and dummy's
    question is refused with the law."""
    t = _table()
    seat, card = _renounce(t)
    assert t.play is not None and seat == Seat.WEST and t.play.dummy == Seat.SOUTH
    t.act(CardPlayed(seat, card))
    # Each seat's state names whom he may ask: not dummy, who asks the declarant only.
    asks = {s: state_view(t, s, dummy_shown=True, extra={})["ask"] for s in Seat}
    law102 = [{"seat": "W", "law": "Law 102 (daw)"}]
    assert asks == {Seat.NORTH: law102, Seat.EAST: law102, Seat.SOUTH: [], Seat.WEST: []}
    # The table refuses (the service answers 409 with its message).
    with pytest.raises(WhistError, match=r"^Law 74 \(daw\): dummy .* may not ask"):
        apply(t, Seat.SOUTH, "ask_renounce", {"type": "ask_renounce", "seat": "W"}, True)
    apply(t, Seat.EAST, "ask_renounce", {"type": "ask_renounce", "seat": "W"}, True)
    assert t.pending is not None and t.pending.offence.key == "renounce_corrected"
    assert "ask" not in state_view(t, Seat.EAST, dummy_shown=True, extra={})  # the penalty first


def test_having_none_is_a_laws_mode_question_only() -> None:
    e = _refused(_table("enforce"), Seat.EAST, {"type": "ask_renounce"}, laws=False)
    assert (e.status, e.code) == (409, "not_now") and "laws mode only" in str(e)


# -- through the socket: 409 with the law, the rulings in every seat's state ----


def _laws_game(client: TestClient) -> dict[str, str]:
    r = client.post(
        "/api/games",
        json={"kind": "deal", "code": "daw", "mode": "laws", "seed": 4, "humans": list("NESW")},
    )
    assert r.status_code == 201, r.text
    return {s: u.rsplit("/", 1)[-1] for s, u in r.json()["seats"].items()}


def _send(client: TestClient, tok: str, msg: dict[str, Any]) -> dict[str, Any]:
    with connect(client, f"/ws/{tok}") as ws:
        ws.send_json({"type": "hello"})
        ws.receive_json()
        ws.send_json(msg)
        for _ in range(50):
            m: dict[str, Any] = ws.receive_json()
            if m["type"] in ("ack", "error"):
                return m
    raise AssertionError("no answer")


def _state(client: TestClient, tok: str) -> dict[str, Any]:
    with connect(client, f"/ws/{tok}") as ws:
        ws.send_json({"type": "hello"})
        st: dict[str, Any] = ws.receive_json()
        return st


def test_the_tables_refusals_come_back_409_with_the_law(client: TestClient) -> None:
    toks = _laws_game(client)
    st = _state(client, toks["S"])
    absent = next(c for c in (card_str(x) for x in range(52)) if c not in st["hand"])
    m = _send(client, toks["S"], {"type": "expose", "card": absent})
    assert m["type"] == "error" and m["error"] == "illegal", m
    assert "is not in South's hand" in m["message"]
    m = _send(client, toks["S"], {"type": "correct_renounce", "card": st["hand"][0]})
    assert m["error"] == "illegal" and m["message"].startswith("Law 103 (daw)"), m
    m = _send(client, toks["S"], {"type": "report", "offence": "lead_out_of_turn"})
    assert m["error"] == "illegal" and "named by the table" in m["message"], m
    m = _send(client, toks["N"], {"type": "ask_renounce"})  # the auction: no card to ask of
    assert m["error"] == "illegal" and m["message"].startswith("Law 102 (daw)"), m


def test_a_card_exposed_in_the_auction_and_its_ruling_reach_every_seat(
    client: TestClient,
) -> None:
    """daw 60: a card exposed during the auction; the ruling, with its law,
    is in every seat's state."""
    toks = _laws_game(client)
    st = _state(client, toks["S"])
    card = st["hand"][0]
    assert _send(client, toks["S"], {"type": "expose", "card": card})["type"] == "ack"
    pen = _state(client, toks["W"])["penalty"]
    assert pen["offence"] == "exposed_in_auction" and pen["law"] == "Law 60 (daw)"
    chooser = pen["choosers"][0]
    option = pen["options"][0]["key"]
    assert _send(client, toks[chooser], {"type": "rule", "option": option})["type"] == "ack"
    for s in "NESW":
        rulings = _state(client, toks[s])["rulings"]
        assert rulings[0]["law"].endswith("(daw)") and rulings[0]["seat"] == chooser
        assert rulings[0]["offence"] == pen["name"] and rulings[0]["option"] == option


def test_royalton_gives_no_having_none_question() -> None:
    """Royalton's revoke laws (76-79) leave the renounce to its holder: no one
    is offered the question, and asking is refused saying so."""
    t = Table("royalton", deal("royalton", seed=7), mode="laws")
    while t.phase == "auction":
        seat = t.to_act
        assert seat is not None
        calls = t.legal_calls()
        # The first to bid makes the lowest bid; the rest pass (or, a dealer who may not, bid).
        made = t.auction is not None and any(isinstance(c, Bid) for _, c in t.auction.calls)
        bids = [c for c in calls if isinstance(c, Bid)]
        call = parse_call("pass") if made and parse_call("pass") in calls else bids[0]
        t.act(CallMade(seat, call))
    seat, card = _renounce(t)
    t.act(CardPlayed(seat, card))
    assert all(state_view(t, s, dummy_shown=True, extra={})["ask"] == [] for s in Seat)
    e = _refused(t, seat.left, {"type": "ask_renounce", "seat": seat.char})
    assert (e.status, e.code) == (409, "illegal") and "Royalton" in str(e) and "no law" in str(e)


@pytest.mark.parametrize(("code", "offered"), [("daw", True), ("auction", True), ("whist", False)])
def test_law_104_75_a_failure_to_comply_is_offered_for_correction_where_the_code_allows(
    code: str, offered: bool
) -> None:
    """daw 104, Whist Club 75: a card played against a lawful call may be
    corrected before the trick is quitted, so its holder alone is offered
    the correction; the League's XI §5 allows none, so nothing is offered."""
    from test_laws_worded2 import _failed_to_comply

    t, seat, wrong, _lowest = _failed_to_comply(code)
    failure = t.penalties.open_renounce(seat)
    assert failure is not None and failure.kind == "comply" and failure.card == wrong
    for s in Seat:
        st = state_view(t, s, dummy_shown=True, extra={})
        want = card_str(wrong) if offered and s == seat else None
        assert st.get("renounce") == want, (code, s)
