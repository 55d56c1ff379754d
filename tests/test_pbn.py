"""The event log as PBN: standard tags a bridge reader understands, our extra
tags for what PBN lacks, and a read back without loss."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Other, parse_call
from auctionwhist.cards import Deal, Seat, card_from_str, card_str
from auctionwhist.codes import CODES
from auctionwhist.dealing import deal
from auctionwhist.formats.pbn import (
    PbnError,
    auction_rows,
    call_from_pbn,
    call_to_pbn,
    dumps,
    export_pbn,
    import_pbn,
    loads,
    parse_games,
    play_rows,
)
from auctionwhist.records import Bridged, CallMade, CardPlayed, Claimed, Dealt
from auctionwhist.table import Table
from deals_helpers import PBN
from log_helpers import random_log

N, E, S, W = Seat


def played(code: str, d: Deal, calls: str, seed: int = 1, cards: int = 52) -> Table:
    """A table after ``calls`` and up to ``cards`` random legal cards."""
    t = Table(code, d)
    for x in calls.split(","):
        if x.strip():
            t.call(parse_call(x))
    rng = random.Random(seed)
    for _ in range(cards):
        if t.phase == "bridging":
            t.call_lead()
        if t.phase != "play":
            break
        t.play_card(rng.choice(t.legal_cards()))
    return t


def tags(text: str) -> dict[str, str]:
    (game,) = parse_games(text)
    return game.tags


def section(text: str, name: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"[{name} "))
    out = []
    for line in lines[start + 1 :]:
        if line.startswith("[") or not line:
            break
        out.append(line)
    return out


def test_daw_deal_standard_tags() -> None:
    t = played("daw", Deal.from_pbn(PBN, number=5), "1H, pass, 2NT, X, pass, pass, pass")
    text = export_pbn(t.events, event="Club match", players={N: "Goodfellow"})
    tg = tags(text)
    assert list(tg)[:15] == [
        "Event",
        "Site",
        "Date",
        "Board",
        "West",
        "North",
        "East",
        "South",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Scoring",
        "Declarer",
        "Contract",
        "Result",
    ]
    assert tg["Event"] == "Club match" and tg["North"] == "Goodfellow" and tg["South"] == ""
    assert tg["Board"] == "5" and tg["Dealer"] == "N" and tg["Vulnerable"] == "None"
    assert tg["Deal"] == PBN
    assert tg["Scoring"] == "AuctionWhist-daw"
    assert tg["Contract"] == "2NTX" and tg["Declarer"] == "S"
    assert tg["Result"] == str(t.tricks_won()[0])
    assert "AuctionWhistContract" not in tg  # the standard contract is exact
    assert tg["AuctionWhistHonors"] == "N:S E:H S:D W:C"  # aces at no-trump
    score = t.score()
    assert tg["AuctionWhistScore"] == (
        f"NS trick={score.trick(0)} honor={score.honor(0)} total={score.total(0)}; "
        f"EW trick={score.trick(1)} honor={score.honor(1)} total={score.total(1)}"
    )
    assert section(text, "Auction") == ["1H Pass 2NT X", "Pass Pass Pass"]
    assert tg["Auction"] == "N"
    # The opening lead is the declarer's left-hand adversary's (West).
    assert tg["Play"] == "W"
    rows = section(text, "Play")
    assert len(rows) == 13 and all(len(r.split()) == 4 for r in rows)
    cards = [e for e in t.events if isinstance(e, CardPlayed)]
    assert rows[0].split()[0] == card_str(cards[0].card)
    assert import_pbn(text) == t.events


def test_suit_honors() -> None:
    t = played("auction", Deal.from_pbn(PBN), "1S, pass, pass, pass", cards=0)
    tg = tags(export_pbn(t.events))
    assert tg["AuctionWhistHonors"] == "N:AKQJ E:T S:- W:-"
    assert tg["Result"] == "?" and tg["Contract"] == "1S" and tg["Declarer"] == "N"
    assert "Play" not in tg and "AuctionWhistScore" not in tg


def test_royalton_calls_pbn_lacks() -> None:
    """Royalton 30 (no bid), 32 (royal bids), nullo: nearest PBN call plus a note."""
    t = played("royalton", Deal.from_pbn(PBN), "no bid, 1H, 1HR, 2NL, pass, pass, pass", cards=0)
    assert t.phase == "bridging"
    t.bridge()  # Royalton 34: West passes the play of his nullo to East
    rng = random.Random(3)
    while not t.is_over:
        t.play_card(rng.choice(t.legal_cards()))
    text = export_pbn(t.events)
    tg = tags(text)
    assert section(text, "Auction") == ["Pass =1= 1H 1H =2= 2NT =3=", "Pass Pass Pass"]
    assert '[Note "1:no bid"]' in text and '[Note "2:royal"]' in text
    assert '[Note "3:nullo"]' in text
    assert tg["Contract"] == "2NT" and tg["AuctionWhistContract"] == "2NL"
    assert tg["Declarer"] == "E"  # the player of the hands after bridging
    assert tg["Play"] == "S"  # the partner's left-hand adversary leads
    assert tg["AuctionWhistEvents"] == "8 bridged seat=W"
    assert tg["Scoring"] == "AuctionWhist-royalton"
    assert "AuctionWhistHonors" not in tg  # Royalton has no honors
    assert import_pbn(text) == t.events


def test_royal_spades_and_pass_out() -> None:
    t = played("royals", Deal.from_pbn(PBN), "4RS, X, XX, pass, pass, pass", cards=5)
    text = export_pbn(t.events)
    tg = tags(text)
    assert tg["Contract"] == "4SXX" and tg["AuctionWhistContract"] == "4RSXX"
    assert section(text, "Auction")[0] == "4S =1= X XX Pass"
    assert '[Note "1:Royal Spades"]' in text
    assert section(text, "Play")[-1].endswith("-")  # the second trick is in progress
    assert import_pbn(text) == t.events

    out = played("royalton", Deal.from_pbn(PBN), "no bid, pass, pass, pass")
    tg = tags(export_pbn(out.events))
    assert tg["Contract"] == "Pass" and tg["Declarer"] == "" and tg["Result"] == ""
    assert import_pbn(export_pbn(out.events)) == out.events


def test_unfinished_auction() -> None:
    t = played("daw", Deal.from_pbn(PBN), "1C, 1H")
    text = export_pbn(t.events)
    assert section(text, "Auction") == ["1C 1H *"]
    assert tags(text)["Contract"] == ""
    assert import_pbn(text) == t.events


def test_whist_turned_trump() -> None:
    """AWL III §1: the last card is turned; West deals the first hand and
    North leads (docs/spec.md §2.2.9)."""
    d = deal("whist", number=1, seed=8)
    t = played("whist", d, "")
    assert t.is_over
    text = export_pbn(t.events)
    tg = tags(text)
    assert d.turned is not None
    assert tg["Dealer"] == "W" and tg["AuctionWhistTurned"] == card_str(d.turned)
    assert tg["Contract"] == "1" + card_str(d.turned)[0] and tg["Declarer"] == "W"
    assert tg["Result"] == str(t.tricks_won()[1])  # tricks of the dealer's side
    assert tg["Play"] == "N" and "Auction" not in tg
    assert tg["Scoring"] == "AuctionWhist-whist"
    assert import_pbn(text) == t.events


def test_claim_ends_the_play_section() -> None:
    t = played("daw", Deal.from_pbn(PBN), "1S, pass, pass, pass", cards=14)
    assert t.play is not None and t.declarer is N
    t.claim(N, 9)
    t.answer_claim(E, True)
    t.answer_claim(W, True)
    text = export_pbn(t.events)
    tg = tags(text)
    assert section(text, "Play")[-1] == "*"
    assert tg["AuctionWhistEvents"] == (
        "19 claimed seat=N tricks=9; 20 claim_answered seat=E accepted=true; "
        "21 claim_answered seat=W accepted=true"
    )
    assert tg["Result"] == str(t.tricks_won()[0])
    assert import_pbn(text) == t.events


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(CODES)),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=120),
)
def test_round_trip(code: str, seed: int, stop: int) -> None:
    log = random_log(code, seed, stop)
    assert import_pbn(export_pbn(log)) == log


def test_a_file_of_games() -> None:
    logs = [random_log(code, 7, 120) for code in sorted(CODES)]
    text = dumps(logs, site="Whist Club")
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    assert loads(text) == logs
    assert all(g.tags["Site"] == "Whist Club" for g in parse_games(text))


# -- bridge readers --------------------------------------------------------


def _endplay_card(c: Any) -> str:
    return "SHDC"[int(c.suit)] + str(c.rank.abbr)


@pytest.mark.parametrize(
    ("code", "calls", "strain"),
    [
        ("daw", "1S, pass, pass, pass", "S"),
        ("auction", "1NT, pass, pass, pass", "NT"),
        ("royalton", "no bid, 1NL, pass, pass, pass", "NT"),
        ("whist", "", "H"),
    ],
)
def test_endplay_reads_the_deal_and_the_play(code: str, calls: str, strain: str) -> None:
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    d = Deal.from_pbn(PBN, dealer=W if code == "whist" else N, number=3)
    if code == "whist":
        d = Deal(d.hands, W, 3, turned=card_from_str("H2"))  # West's last card
    t = played(code, d, calls, cards=30)
    (board,) = endplay_pbn.loads(dumps([t.events]))
    assert board.board_num == 3
    assert Deal.from_pbn(board.deal.to_pbn(), dealer=d.dealer, number=3, turned=d.turned) == d
    assert ("S", "H", "D", "C", "NT")[int(board.contract.denom)] == strain
    played_cards = [card_str(e.card) for e in t.events if isinstance(e, CardPlayed)]
    read = [_endplay_card(c) for c in board.play]
    assert read == played_cards  # the trick in progress too


# -- pure parts and reading other programs' PBN ------------------------------


def test_call_notation() -> None:
    assert call_to_pbn(Other.PASS) == ("Pass", None)
    assert call_to_pbn(Other.NO_BID) == ("Pass", "no bid")
    assert call_to_pbn(Bid(3, "S", True)) == ("3S", "royal")
    assert call_to_pbn(Bid(2, "NL", True)) == ("2NT", "nullo royal")
    assert call_to_pbn(Bid(4, "RS")) == ("4S", "Royal Spades")
    for call in (Other.PASS, Other.NO_BID, Bid(3, "S", True), Bid(2, "NL", True), Bid(4, "RS")):
        assert call_from_pbn(*call_to_pbn(call)) == call
    assert call_from_pbn("2NT", "some other program's note") == Bid(2, "NT")
    rows, notes = auction_rows([Bid(1, "S", True), Other.PASS, Bid(1, "H", True)], False)
    assert rows == [["1S =1=", "Pass", "1H =1=", "*"]] and notes == ["1:royal"]


def test_play_rows() -> None:
    sa, s2, h3 = (card_from_str(x) for x in ("SA", "S2", "H3"))
    assert play_rows(E, [[(S, sa), (W, s2)], [(E, h3)]]) == [
        ["-", "SA", "S2", "-"],
        ["H3", "-", "-", "-"],
    ]
    with pytest.raises(PbnError, match="plays twice"):
        play_rows(N, [[(N, sa), (N, s2)]])


FOREIGN = """% PBN 2.1
% EXPORT
; a comment line
[Event "Some program"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ"]
[Scoring "IMP"]
[Declarer "E"]
[Contract "1H"]
[Result "7"]
[Auction "E"]
1H AP
[Play "S"]
S3 S2 SA ST { a comment
over two lines }
H5 HJ H8 HA
*

[Event "#"]
[Board "3"]
[Deal "E:T987.AKQ.432.765 6543.765.AKQ.T98 2.J432.JT98.AKQJ AKQJ.T98.765.432"]
[Auction "E"]
Pass 1C
"""


def test_reading_another_programs_pbn() -> None:
    with pytest.raises(PbnError, match="Scoring: 'IMP' does not name a code"):
        loads(FOREIGN)
    first, second = loads(FOREIGN, code="auction")
    assert first[0] == Dealt(Deal.from_pbn(PBN, dealer=E, number=2), "auction")
    assert [e for e in first if isinstance(e, CallMade)] == [
        CallMade(E, Bid(1, "H")),
        CallMade(S, Other.PASS),
        CallMade(W, Other.PASS),
        CallMade(N, Other.PASS),
    ]
    # South leads S3; North's SA wins, so North leads the heart.
    assert [card_str(e.card) for e in first if isinstance(e, CardPlayed)] == [
        "S3",
        "S2",
        "SA",
        "ST",
        "H8",
        "HA",
        "H5",
        "HJ",
    ]
    assert first[5] == CardPlayed(S, card_from_str("S3"))
    Table.from_events(first)  # a lawful log
    assert parse_games(FOREIGN)[1].tags["Event"] == "Some program"  # "#" repeats
    assert isinstance(second[0], Dealt) and second[0].deal.number == 3
    assert second[1:] == (CallMade(E, Other.PASS), CallMade(S, Bid(1, "C")))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Scoring "AuctionWhist-bridge"]\n[Deal "' + PBN + '"]', "Scoring: unknown code"),
        ('[Scoring "AuctionWhist-daw"]', "Deal: missing"),
        ('[Scoring "AuctionWhist-daw"]\n[Deal "N:AKQ"]', "Deal: a PBN deal has four hands"),
        ('[Scoring "AuctionWhist-daw"]\n[Deal "' + PBN + '"]\n[Board "x"]', "Board: not"),
        ('[Scoring "AuctionWhist-daw"\n', "line 1: not a PBN tag"),
        ("1H Pass", "line 1: '1H Pass' is neither a tag nor section data"),
        (
            '[Scoring "AuctionWhist-daw"]\n[Deal "' + PBN + '"]\n[Contract "1S"]\n'
            '[Play "E"]\nSA SZ - -',
            "Play, trick 1: not a card: 'SZ'",
        ),
        (
            '[Scoring "AuctionWhist-daw"]\n[Deal "' + PBN + '"]\n[Contract "1S"]\n'
            '[Play "E"]\nSA S2 S3',
            "Play: 3 entries do not make rows of four",
        ),
        (
            '[Scoring "AuctionWhist-whist"]\n[Deal "' + PBN + '"]',
            "AuctionWhistTurned: missing",
        ),
        (
            '[Scoring "AuctionWhist-daw"]\n[Deal "'
            + PBN
            + '"]\n[AuctionWhistEvents "1 sat seat=N"]',
            "not an event type: 'sat'",
        ),
        (
            '[Scoring "AuctionWhist-daw"]\n[Deal "'
            + PBN
            + '"]\n[AuctionWhistEvents "9 bridged seat=N"]',
            "places in the log",
        ),
        ('[Scoring "AuctionWhist-daw"]\n[Deal "' + PBN + '"]\n[Auction "N"]\n1H =1=', "no .Note"),
    ],
)
def test_reading_errors(text: str, message: str) -> None:
    with pytest.raises(PbnError, match=message):
        import_pbn(text)


def test_export_errors() -> None:
    with pytest.raises(PbnError, match="starts with the deal"):
        export_pbn([CallMade(N, Other.PASS)])
    d = Deal.from_pbn(PBN)
    log = (Dealt(d, "royalton"), Bridged(N))
    with pytest.raises(ValueError, match="bridging"):
        export_pbn(log)  # the Table judges the log first
    assert issubclass(PbnError, ValueError)
    assert Claimed(N, 1) != Claimed(N, 2)


def test_a_deal_played_under_the_laws_round_trips() -> None:
    """Irregular calls and cards and their rulings (a lead out of turn accepted,
    daw 89; an insufficient bid corrected, daw 58) go in [AuctionWhistLog]; the
    sections show what stood, and a plain reader still gets deal and play."""
    from laws_helpers import bid as laws_bid
    from laws_helpers import laws_table, run

    t = laws_table("daw")
    laws_bid(t, "1H")
    t.call(Bid(1, "S"))  # insufficient: corrected to four spades (law 58)
    t.rule(Seat.SOUTH, "correct")
    laws_bid(t, "pass", "pass", "pass")
    run(t, lambda t: t.play is not None and len(t.play.tricks) == 1)
    assert t.play is not None
    # North-South defend East's four spades; one leads out of turn (law 89).
    wrong = next(s for s in (Seat.NORTH, Seat.SOUTH) if s != t.play.turn)
    c = next(c for c in range(52) if t.play.hands[wrong] >> c & 1)
    t.play_card(c, seat=wrong)
    assert t.phase == "penalty" and t.to_act == Seat.EAST
    t.rule(Seat.EAST, "accept")
    run(t)
    text = export_pbn(t.events)
    tg = tags(text)
    assert "AuctionWhistLog" in tg and "AuctionWhistEvents" not in tg
    assert import_pbn(text) == t.events
    assert tg["Contract"] == "4S" and tg["Result"] == str(t.tricks_won()[t.declarer.side])  # type: ignore[union-attr]
    assert len(section(text, "Play")) == 13
