"""Issue 17 items 5 and 6: the numbers every page shows agree.

A director's entered or corrected result is one record (``web.results.
outcome``): its contract, declarer, tricks and score are the same on the
table page, the seat's card, the printable cards, the traveller, the results
page and the PBN and JSON downloads. The printable cards say what the table
did: its number, original play or overplay, the turned trump, a rubber's pad.
"""

from __future__ import annotations

import json
import re
import time
import warnings
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.calls import Contract, parse_call  # noqa: E402
from auctionwhist.cards import Seat, card_face  # noqa: E402
from auctionwhist.duplicate.movements import movement  # noqa: E402
from auctionwhist.duplicate.scorecard import declaration_text  # noqa: E402
from auctionwhist.formats import jsonlog, pbn  # noqa: E402
from auctionwhist.scoring import DealResult, Holdings, score_deal  # noqa: E402
from auctionwhist.web.live import LiveTable  # noqa: E402
from auctionwhist.web.results import all_logs  # noqa: E402
from auctionwhist.web.service import Service  # noqa: E402
from web_helpers import connect, play_a_deal  # noqa: E402

# One line of a result: contract, declarer (the table's seat), N-S tricks,
# the table's N-S and E-W totals.
Line = tuple[str | None, str | None, int, tuple[int, int]]


def tok(url: str) -> str:
    return url.rsplit("/", 1)[-1]


def svc_of(c: TestClient) -> Service:
    svc: Service = c.app.state.service  # type: ignore[attr-defined]
    return svc


def wait(pred: Any, c: TestClient, director: str, timeout: float = 30.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        view: dict[str, Any] = c.get(f"/api/director/{director}").json()
        if pred(view):
            return view
        time.sleep(0.02)
    raise AssertionError("the tables did not get there")


def expected(lt: LiveTable, deal: int, contract: str, declarer: str, tricks: int) -> Line:
    """The entry scored from the law, apart from the server's own path."""
    t = next((tt for d, _sc, tt in lt.scores if d == deal), lt.table)
    assert t is not None
    bid = parse_call(contract.rstrip("X"))
    c = Contract(bid, contract.count("X"))  # type: ignore[arg-type]
    seat = Seat.from_char(declarer)
    sc = score_deal(
        DealResult(t.code, c, seat, tricks, holdings=Holdings.from_deal(t.deal, c.denom),
                   duplicate=True)
    )  # fmt: skip
    ns = tricks if seat.side == 0 else 13 - tricks
    return contract, declarer, ns, (sc.total(0), sc.total(1))


def pbn_line(text: str) -> Line:
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.M))
    declarer, result = tags["Declarer"], int(tags["Result"])
    contract = tags.get("AuctionWhistContract") or tags["Contract"]
    ns = result if Seat.from_char(declarer).side == 0 else 13 - result
    totals = [int(x) for x in re.findall(r"total=(\d+)", tags["AuctionWhistScore"])]
    return contract, declarer, ns, (totals[0], totals[1])


def row_line(row: dict[str, Any]) -> Line:
    return row["contract"], row["declarer"], row["tricks"][0], (row["score"][0], row["score"][1])


def traveller_line(lt: LiveTable, deal: int, trav: dict[str, Any]) -> Line:
    """A traveller's line, read back into the table's compass (it is kept by
    the tray's: the declarer as the tray's hand, N-S as the tray's N-S)."""
    tp = lt.trays[deal]
    line = next(ln for ln in trav["plays"] if (ln["round"], ln["table"]) == (lt.round, lt.number))
    declarer = tp.holder(Seat.from_char(line["declarer"])).char
    flip = tp.hand_at(Seat.NORTH).side == 1  # the table's N-S held the tray's E-W
    ns = 13 - line["ns_tricks"] if flip else line["ns_tricks"]
    scores = (line["ew_score"], line["ns_score"]) if flip else (line["ns_score"], line["ew_score"])
    return line["contract"], declarer, ns, scores


def card_row_html(html: str, tray: int) -> str:
    """The first row of deal ``tray`` on a printed Goodfellow card."""
    m = re.search(rf'<tr class="[^"]*" data-deal="{tray}">(.*?)</tr>', html, re.S)
    assert m, f"tray {tray} is not on the card"
    return m[1]


def check_everywhere(
    c: TestClient, director: str, game: str, lt: LiveTable, deal: int, want: Line,
    seat: str | None,
) -> None:  # fmt: skip
    """The deal's result on every page and download is ``want``."""
    tray = lt.trays[deal].tray
    view = c.get(f"/api/director/{director}").json()
    rows = next(t for t in view["tables"] if t["table"] == lt.id)["scores"]
    assert row_line(next(r for r in rows if r["deal"] == deal)) == want, "director"
    text = c.get(f"/api/director/{director}/table/{lt.id}/{deal}.pbn").text
    assert pbn_line(text) == want
    log = svc_of(c).deal_log(lt.id, deal, director=director)
    assert pbn.import_pbn(text) == log  # reading still takes the log, not the entry
    whole = c.get(f"/api/director/{director}/download.pbn").text
    at = [(x.id, d) for x, d, _ev in all_logs(svc_of(c).games[game])].index((lt.id, deal))
    game_pbn = whole.split("[Event ")[1 + at]  # in the order of web.results.all_logs
    assert pbn_line(game_pbn) == want, "the game's PBN"
    js = c.get(f"/api/director/{director}/table/{lt.id}/{deal}.json").json()
    assert js["result"]["entered"] is True
    assert jsonlog.events_from_json(js) == log
    r = js["result"]
    assert (r["contract"], r["declarer"], r["tricks"][0],
            (js["score"]["ns"]["total"], js["score"]["ew"]["total"])) == want  # fmt: skip
    results = svc_of(c).results(game, director=True)
    trav = next(t for t in results["travellers"] if t["tray"] == tray)
    assert traveller_line(lt, deal, trav) == want, "traveller"
    contract = Contract(parse_call(want[0].rstrip("X")), want[0].count("X"))  # type: ignore[arg-type,union-attr]
    decl_side = Seat.from_char(want[1] or "N").side
    # The printed cards: the director's, the table's card for this play.
    cards = c.get(f"/d/{director}/cards").text
    play = "overplay" if lt.trays[deal].overplay else "original play"
    sheet = next(s for s in cards.split("<section") if f"table {lt.number}, {play}" in s
                 and f'data-deal="{tray}"' in s)  # fmt: skip
    tds = re.findall(r"<td[^>]*>(.*?)</td>", card_row_html(sheet, tray), re.S)
    assert declaration_text(contract) in tds[4 if decl_side == 0 else 6]
    if contract.doubled:
        assert "Doub." in tds[6 if decl_side == 0 else 4]
    if seat is not None:
        row = next(
            r for r in c.get(f"/api/seat/{seat}/scorecard").json()["scorecard"]
            if (r["table"], r["deal"]) == (lt.id, deal)
        )  # fmt: skip
        assert row_line(row) == want, "the seat's card"
        with connect(c, f"/ws/{seat}") as ws:
            ws.send_json({"type": "hello"})
            state = ws.receive_json()
        if state["table"] == lt.id:  # the table page's card: the table it is at
            row = next(r for r in state["scorecard"] if r["deal"] == deal)
            assert row_line(row) == want, "the table page"
        printed = c.get(f"/t/{seat}/card").text
        assert "No deal is finished yet" not in printed
        tds = re.findall(r"<td[^>]*>(.*?)</td>", card_row_html(printed, tray), re.S)
        assert declaration_text(contract) in tds[4 if decl_side == 0 else 6]
        gain = want[3][0] - want[3][1]  # Goodfellow's gain, in the side's column ahead
        gains = (str(gain), "") if gain > 0 else ("", str(-gain) if gain else "")
        assert (tds[2], tds[9]) == gains
        trav = c.get(f"/api/seat/{seat}/traveller/{tray}").json()
        assert traveller_line(lt, deal, trav) == want, "the seat's traveller"


def match(c: TestClient, code: str = "daw", everyone: bool = True) -> tuple[str, str]:
    players = list(movement("two-teams-of-four", None, deals=2).players) if everyone else []
    spec = {"kind": "match", "code": code, "seed": 3, "deals": 2,
            "movement": "two-teams-of-four", "players": players}  # fmt: skip
    r = c.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    return tok(r.json()["director"]), r.json()["game"]


def enter(c: TestClient, director: str, lt: LiveTable, tray: int, **result: Any) -> None:
    r = c.post(f"/api/director/{director}/results", json={"table": lt.id, "tray": tray, **result})
    assert r.status_code == 200, r.text


def finish_by_entries(c: TestClient, director: str, game: str, **result: Any) -> None:
    """Every deal still in play entered by the director, until the match ends."""
    svc = svc_of(c)
    for _ in range(100):
        if svc.games[game].row.finished:
            return
        for lt in svc.games[game].tables:
            if lt.started and not lt.finished and lt.table is not None:
                enter(c, director, lt, lt.trays[lt.deal_index].tray, **result)
    raise AssertionError("the match did not end")


def test_an_entry_on_a_deal_in_play_and_its_correction_agree_everywhere(client: TestClient) -> None:
    """Issue 17 item 5: 2NT by N, 8 tricks, entered while the table is in its
    auction, then corrected to 3D doubled by N, 11 tricks: the same contract,
    declarer, tricks and score on the table page, the seat's card, the
    printable cards, the traveller, the results page, PBN and JSON."""
    director, game = match(client)
    svc = svc_of(client)
    lt = next(t for t in svc.games[game].tables if t.round == 1 and t.number == 1)
    assert lt.table is not None and lt.table.phase == "auction"  # nobody has called
    seat = lt.token_at(Seat.SOUTH)
    tray = lt.trays[0].tray
    enter(client, director, lt, tray, contract="2NT", declarer="N", tricks=8)
    assert lt.deal_index == 1  # the entry settled the deal in play: the table moved on
    check_everywhere(client, director, game, lt, 0, expected(lt, 0, "2NT", "N", 8), seat)
    enter(client, director, lt, tray, contract="3D", declarer="N", tricks=11, doubled=1)
    want = expected(lt, 0, "3DX", "N", 11)
    check_everywhere(client, director, game, lt, 0, want, seat)
    finish_by_entries(client, director, game, contract="1H", declarer="E", tricks=7)
    check_everywhere(client, director, game, lt, 0, want, seat)
    assert client.post(f"/api/director/{director}/publish").status_code == 200
    page = client.get(f"/r/{game}").text
    # The results page's traveller of the tray: the table's line, in the tray's compass.
    block = page[page.index(f'data-tray="{tray}"') :].split("</table>")[0]
    assert f"3DX by {lt.trays[0].hand_at(Seat.NORTH).char}" in block
    assert f"<td>{want[3][0]}</td><td>{want[3][1]}</td>" in block


def test_a_correction_of_a_played_deal_agrees_everywhere(client: TestClient) -> None:
    """Issue 17 item 5: a deal the robots played, corrected by the director."""
    director, game = match(client, everyone=False)
    wait(lambda v: v["finished"], client, director)
    svc = svc_of(client)
    lt = next(t for t in svc.games[game].tables if t.round == 2 and t.number == 2)
    enter(client, director, lt, lt.trays[1].tray, contract="3D", declarer="N", tricks=11,
          doubled=1)  # fmt: skip
    check_everywhere(client, director, game, lt, 1, expected(lt, 1, "3DX", "N", 11), None)
    others = [(t.id, d) for t in svc.games[game].tables for d in range(4) if t is not lt or d != 1]
    assert all(not svc.tables[t].entered for t, _d in others if t != lt.id)


def test_a_match_entry_names_the_tray_on_the_card(client: TestClient) -> None:
    """Issue 17 item 6: the director's entry is by tray, as the score-card has
    it; a tray the table has not had is refused, saying which it has had."""
    director, game = match(client)
    page = client.get(f"/d/{director}").text
    assert 'name="tray"' in page and 'name="deal"' not in page
    svc = svc_of(client)
    lt = next(t for t in svc.games[game].tables if t.round == 1 and t.number == 2)
    r = client.post(f"/api/director/{director}/results",
                    json={"table": lt.id, "tray": 1, "contract": "1S", "declarer": "E",
                          "tricks": 7})  # fmt: skip
    assert r.status_code == 404 and "has not had tray 1 (it has had 3)" in r.json()["message"]
    enter(client, director, lt, 3, contract="1S", declarer="E", tricks=7)
    assert [d for d, _sc, _t in lt.scores] == [0] and lt.trays[0].tray == 3


def test_the_players_card_has_his_table_and_its_play(client: TestClient) -> None:
    """Issue 17 item 6: "Table No." is the table's number, not a count of
    cards; original play and overplay are ticked as the schedule has them."""
    director, game = match(client)
    finish_by_entries(client, director, game, contract="2H", declarer="S", tricks=8)
    svc = svc_of(client)
    lt = next(t for t in svc.games[game].tables if t.round == 1 and t.number == 2)
    seat = lt.token_at(Seat.SOUTH)  # at table 2 in every round
    html = client.get(f"/t/{seat}/card").text
    sheets = html.split('<section class="sheet goodfellow"')[1:]
    heads = [
        (re.search(r"Table No\. <span class=\"pen\">(\d+)</span>", s)[1],  # type: ignore[index]
         re.search(r"Overplay <span class=\"box\">(X?)</span>", s)[1])  # type: ignore[index]
        for s in sheets
    ]  # fmt: skip
    assert sorted(heads) == [("2", ""), ("2", "X")]
    for s in sheets:
        trays = {int(n) for n in re.findall(r'data-deal="(\d+)"', s)}
        over = 'Overplay <span class="box">X</span>' in s
        assert trays == ({1, 2, 5, 6, 9, 10} if over else {3, 4, 7, 8, 11, 12})


def test_duplicate_whist_card_shows_the_turned_trump(client: TestClient) -> None:
    """Issue 17 item 6: the trick card's trump column is the card turned."""
    director, game = match(client, code="whist")
    svc = svc_of(client)
    lt = next(t for t in svc.games[game].tables if t.round == 1 and t.number == 1)
    assert lt.table is not None and lt.table.deal.turned is not None
    turned = card_face(lt.table.deal.turned)
    enter(client, director, lt, lt.trays[0].tray, tricks_ns=7)
    html = client.get(f"/t/{lt.token_at(Seat.SOUTH)}/card").text
    row = re.search(r'<tr class="last" data-deal="1">(.*?)</tr>', html, re.S)
    assert row and re.search(rf'class="trump pen[^"]*">{re.escape(turned)}</td>', row[1])
    assert re.search(r'<td class="pen">7</td>', row[1])


def test_a_rubbers_card_is_its_pad(client: TestClient) -> None:
    """Issue 17 item 6: a rubber's card is the rubber score (Whist Club laws
    1-4: trick points below the line, honors above), not Goodfellow's
    duplicate card with its gains."""
    r = client.post("/api/games", json={"kind": "rubber", "code": "auction", "seed": 5,
                                        "humans": ["S"]})  # fmt: skip
    assert r.status_code == 201, r.text
    seat = tok(r.json()["seats"]["S"])
    empty = client.get(f"/t/{seat}/card").text
    assert 'class="sheet rubber"' in empty and "goodfellow" not in empty
    assert "No deal is finished yet" in empty
    state = play_a_deal(client, seat)
    pad = client.get(f"/t/{seat}/card").text
    assert 'class="sheet rubber"' in pad and "goodfellow" not in pad and "Gain" not in pad
    below = pad.split('<tbody class="below">')[1].split("</tbody>")[0]
    trick = [it for it in state["rubber"]["lines"][0]["items"] if it["column"] == "trick"]
    for it in trick:
        assert f'<td class="pen">{it["points"]}</td>' in below
    totals = state["rubber"]["totals"]
    assert f'<td class="pen"><b>{totals[0]}</b></td><td class="pen"><b>{totals[1]}</b></td>' in pad


def test_a_correction_in_a_rubber_is_on_its_pad(client: TestClient) -> None:
    """Issue 17 item 5: a director's correction of a rubber's deal stands on
    the pad as on the score lines: the trick points below the line are the
    entry's (Whist Club law 3), and so are the totals."""
    r = client.post("/api/games", json={"kind": "rubber", "code": "auction", "seed": 5,
                                        "humans": ["S"]})  # fmt: skip
    seat, director = tok(r.json()["seats"]["S"]), tok(r.json()["director"])
    play_a_deal(client, seat)
    lt = svc_of(client).tables[client.get(f"/api/seat/{seat}").json()["table"]]
    done = client.post(f"/api/director/{director}/results",
                       json={"table": lt.id, "deal": 0, "contract": "1NT", "declarer": "S",
                             "tricks": 9})  # fmt: skip
    assert done.status_code == 200, done.text
    sc = lt.scores[0][1]
    assert sc is not None
    (trick,) = [i.points for i in sc.items if i.column == "trick"]  # three odd tricks at no-trump
    assert lt.rubber is not None and lt.rubber.totals == (sc.total(0), sc.total(1))
    pad = client.get(f"/t/{seat}/card").text
    below = pad.split('<tbody class="below">')[1].split("</tbody>")[0]
    assert below.count("<tr") == 1 and f'<td class="pen">{trick}</td><td class="pen"></td>' in below
    with connect(client, f"/ws/{seat}") as ws:
        ws.send_json({"type": "hello"})
        state = ws.receive_json()
    assert state["rubber"]["totals"] == [sc.total(0), sc.total(1)]
    assert row_line(state["scorecard"][0]) == ("1NT", "S", 9, (sc.total(0), sc.total(1)))


def test_the_movie_of_a_corrected_deal_ends_with_the_entry(client: TestClient) -> None:
    """Issue 17 item 5: the movie plays the deal as played and ends with the
    director's entry, its contract, declarer and score, which stand."""
    director, game = match(client, everyone=False)
    wait(lambda v: v["finished"], client, director)
    lt = next(t for t in svc_of(client).games[game].tables if t.round == 1 and t.number == 1)
    enter(client, director, lt, lt.trays[0].tray, contract="3D", declarer="N", tricks=11,
          doubled=1)  # fmt: skip
    want = expected(lt, 0, "3DX", "N", 11)
    html = client.get(f"/d/{director}/movie/{lt.id}/0").text
    frames = json.loads(re.search(r'id="frames"[^>]*>(.*?)</script>', html, re.S)[1])  # type: ignore[index]
    last = frames[-1]
    assert last["caption"] == "The director enters the result: 3 ♦ doubled by North, 11 tricks"
    assert (last["contract"], last["declarer"], last["tricks"], tuple(last["score"]["total"])) == (
        "3DX", "N", [11, 2], want[3],
    )  # fmt: skip
    assert "score" in frames[-2]  # the play's own score, before the entry replaced it
    # The auction panel shows the entry in place of the calls made (issue 17 item 3).
    assert frames[-2]["calls"] and last["calls"] == []
    assert last["entry"] == "3 ♦ doubled by North, 11 tricks"
