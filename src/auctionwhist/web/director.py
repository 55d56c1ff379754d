"""The director's side: the view of every table, a result entered from a
physical table (or a correction), and checking such an entry.

A director's entry is scored as the entry says, on the deal's hands
(duplicate in a match); it is not the log's, so the downloads keep no score
for it (``web.results.played_score``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from ..calls import Bid, Contract, parse_call
from ..cards import Seat
from ..scoring import DealResult, DealScore, Holdings, ScoringError, score_deal
from ..table import Table
from .db import SeatRow
from .intentions import parse_call_text, parse_seat
from .live import LiveGame, LiveTable, WebError, in_order
from .results import CardRow, card_row
from .views import SEATS, penalty_json

__all__ = [
    "DirectorView",
    "Entry",
    "TableView",
    "check_entry",
    "director_view",
    "end_game",
    "ends_table",
    "entered_score",
    "entry_deal",
    "unplayed",
]


class SeatView(TypedDict):
    robot: bool
    name: str | None


class TableView(TypedDict):
    """One table as the director sees it."""

    table: int
    number: int
    round: int
    deal: int
    deals: int | None
    tray: int | None
    phase: str
    to_act: str | None
    events: int
    finished: bool
    penalty: dict[str, Any] | None
    seats: dict[str, SeatView]
    scores: list[CardRow]


class DirectorView(TypedDict):
    """The director's page's data (docs/web-protocol.md, GET /api/director)."""

    game: str
    kind: str
    code: str
    mode: str
    spec: dict[str, Any]
    published: bool
    finished: bool
    links: dict[str, str]
    tables: list[TableView]


class Entry(TypedDict):
    """A result entered by the director: North-South's tricks where every
    trick scores, else the contract, its declarer, his side's tricks and the
    doubling (0, 1 or 2)."""

    tricks_ns: NotRequired[int]
    contract: NotRequired[str]
    declarer: NotRequired[str]
    tricks: NotRequired[int]
    doubled: NotRequired[int]


def director_view(game: LiveGame, links: Mapping[str, SeatRow]) -> DirectorView:
    """Every table of the game as it is now, and the people's links."""
    g = game.row
    tables: list[TableView] = []
    for lt in in_order(game.tables):
        t = lt.table
        tables.append(
            {
                "table": lt.id,
                "number": lt.number,
                "round": lt.round,
                "deal": lt.deal_index,
                "deals": lt.deals_planned,
                "tray": lt.tray,
                "phase": "waiting" if t is None else t.phase,
                "to_act": None if t is None or t.to_act is None else SEATS[t.to_act],
                "events": lt.n,
                "finished": lt.finished,
                "penalty": None if t is None else penalty_json(t),
                "seats": {
                    SEATS[s]: {
                        "robot": lt.is_robot(s),
                        "name": lt.seats[s].get("name") or lt.seats[s].get("player"),
                    }
                    for s in Seat
                },
                "scores": [card_row(lt, None, d, sc, tt) for d, sc, tt in lt.scores],
            }
        )
    return {
        "game": g.id,
        "kind": g.kind,
        "code": g.code,
        "mode": g.mode,
        "spec": g.spec,
        "published": g.published,
        "finished": g.finished,
        "links": {
            (sr.player or sr.seat or ""): f"/t/{tok}"
            for tok, sr in links.items()
            if sr.game_id == g.id
        },
        "tables": tables,
    }


def entry_deal(lt: LiveTable, body: dict[str, Any]) -> int:
    """The deal an entry is for: in a match by its ``tray``, the number the
    director reads on the table's score-card (Goodfellow, "Trays,
    score-cards": the points are credited to the deal of the tray's number);
    else by ``deal``, the table's deal number from 0."""
    if "tray" not in body:
        deal = body.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= lt.deal_index:
            raise WebError(400, "malformed", "deal: the number of a deal this table has dealt")
        return deal
    tray = body["tray"]
    if not lt.trays:
        raise WebError(400, "malformed", "tray: only a match has trays; give the deal")
    if not isinstance(tray, int) or isinstance(tray, bool):
        raise WebError(400, "malformed", "tray: a tray's number")
    for d, tp in enumerate(lt.trays[: lt.deal_index + 1]):
        if tp.tray == tray:
            return d
    if not lt.started:
        raise WebError(
            409,
            "not_begun",
            f"table {lt.number}, round {lt.round} has not begun: its players are still at "
            "an earlier round's table, which ends when they all ask for the next tray or "
            "when you enter its last tray",
        )
    played = ", ".join(str(tp.tray) for tp in lt.trays[: lt.deal_index + 1]) or "none yet"
    raise WebError(
        404, "no_such_deal", f"table {lt.number} has not had tray {tray} (it has had {played})"
    )


def ends_table(lt: LiveTable, t: Table, deal: int) -> bool:
    """Whether an entry for ``deal`` ends the table's play: the deal in play
    is settled by it; a match's last tray, played, closes the table's
    score-card, so the players move on though some never asked for the next
    tray (a player who left would hold the next round back for ever)."""
    if deal != lt.deal_index or lt.finished:
        return False
    return t.phase != "done" or (bool(lt.trays) and deal == len(lt.trays) - 1)


def check_entry(t: Table, body: dict[str, Any]) -> Entry:
    """A result as entered, checked for shape: North-South's tricks where
    every trick scores; else contract, declarer, tricks and doubling."""
    if t.code.counts == "all":  # every trick scores: no contract to enter
        ns = body.get("tricks_ns")
        if not isinstance(ns, int) or isinstance(ns, bool) or not 0 <= ns <= 13:
            raise WebError(400, "malformed", "tricks_ns: North-South's tricks, 0 to 13")
        return {"tricks_ns": ns}
    contract, declarer, tricks = body.get("contract"), body.get("declarer"), body.get("tricks")
    doubled = body.get("doubled", 0)
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise WebError(400, "malformed", "tricks: the declarer's side's tricks, 0 to 13")
    if doubled not in (0, 1, 2):
        raise WebError(400, "malformed", "doubled: 0, 1 (doubled) or 2 (redoubled)")
    seat = parse_seat(declarer)
    call = parse_call_text(contract)
    if not isinstance(call, Bid):
        raise WebError(400, "bad_call", "contract: a declaration such as 3H")
    return {"contract": str(contract), "declarer": SEATS[seat], "tricks": tricks,
            "doubled": doubled}  # fmt: skip


def entered_score(lt: LiveTable, t: Table | None, data: Entry) -> DealScore:
    """The score of an entry (checked by ``check_entry``) on the deal's hands."""
    assert t is not None
    code = t.code
    if "tricks_ns" in data:
        result = DealResult(code, None, None, data["tricks_ns"], trump=t.trump_suit)
        return score_deal(result)
    bid = parse_call(data["contract"])
    assert isinstance(bid, Bid)
    contract = Contract(bid, data["doubled"])
    result = DealResult(
        code,
        contract,
        Seat.from_char(data["declarer"]),
        data["tricks"],
        holdings=Holdings.from_deal(t.deal, contract.denom),
        duplicate=lt.game.kind == "match",
    )
    try:
        return score_deal(result)
    except ScoringError as e:
        raise WebError(400, "bad_result", str(e)) from None


def unplayed(game: LiveGame) -> int:
    """The plays of trays some table of a match has still to make: the
    results show every tray's hands, so they wait until none is left.
    A table that was ended (the game cancelled or stale) plays no more."""
    return sum(
        (lt.deals_planned or 0) - len(lt.scores)
        for lt in game.tables
        if not lt.finished and game.row.kind == "match"
    )


def end_game(game: LiveGame) -> set[int]:
    """End every table of ``game`` where it is: no more deals, no robot acts
    (``web.robots.robot_due`` reads ``finished``). The tables ended now."""
    ended = {lt.id for lt in game.tables if not lt.finished}
    for lt in game.tables:
        lt.finished = True
    game.row.finished = True
    return ended
