"""What the games keep of finished deals: score lines, the rubber's pad,
a match's score-cards, travellers and result, and the PBN and JSON downloads.

Every score read here is the one the table kept (``Table.score``, settled
for a whist revoke by ``web.games.settle``): nothing is scored again.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..cards import Seat
from ..codes import find_code
from ..duplicate.match import Match, MatchPlay
from ..duplicate.scorecard import render_cards
from ..duplicate.traveller import render_result, render_travellers
from ..formats import jsonlog, pbn
from ..records import Event
from ..scoring import DealScore, Rubber
from ..table import Table
from .live import LiveGame, LiveTable, in_order
from .views import SEATS

__all__ = [
    "CardRow",
    "all_logs",
    "card_row",
    "deal_json",
    "deal_pbn",
    "game_json",
    "game_pbn",
    "match_of",
    "played_score",
    "results_json",
    "rubber_json",
    "score_json",
]


class CardRow(TypedDict):
    """A deal's line on a score-card (docs/web-protocol.md); pairs are
    North-South's, East-West's."""

    table: int
    deal: int
    tray: int | None
    contract: str | None
    declarer: str | None
    tricks: list[int] | None
    score: list[int] | None
    trick: list[int] | None
    honor: list[int] | None
    mine: NotRequired[int]  # the seat's side's margin


def score_json(score: DealScore) -> dict[str, Any]:
    out = score.to_json()
    out["total"] = [score.total(0), score.total(1)]
    out["void"] = score.void
    out["note"] = score.note
    return out


def rubber_json(r: Rubber) -> dict[str, Any]:
    """The score pad: games, totals, and each deal's line, marking the deals
    on which a game was won (trick points reaching ``code.game.points``)."""
    lines = []
    below = [0, 0]
    for sc in r.scores:
        below = [below[0] + sc.game_points[0], below[1] + sc.game_points[1]]
        game = max(below) >= r.threshold
        if game:
            below = [0, 0]
        lines.append({"items": score_json(sc)["items"], "game": game})
    return {
        "games": list(r.games),
        "totals": list(r.totals),
        "finished": r.finished,
        "below": list(r.below),
        "lines": lines,
    }


def card_row(
    lt: LiveTable, seat: Seat | None, d: int, sc: DealScore | None, t: Table | None
) -> CardRow:
    """A deal's line on a score-card; ``mine`` is ``seat``'s side's margin."""
    row: CardRow = {
        "table": lt.id,
        "deal": d,
        "tray": lt.trays[d].tray if lt.trays else None,
        "contract": None if t is None or t.contract is None else str(t.contract),
        "declarer": None if t is None or t.declarer is None else SEATS[t.declarer],
        "tricks": None if t is None else list(t.tricks_won()),
        "score": None if sc is None else [sc.total(0), sc.total(1)],
        "trick": None if sc is None else [sc.trick(0), sc.trick(1)],
        "honor": None if sc is None else [sc.honor(0), sc.honor(1)],
    }
    if seat is not None and sc is not None:
        row["mine"] = sc.total(seat.side) - sc.total(1 - seat.side)
    return row


def match_of(game: LiveGame) -> Match:
    """The match so far: every deal played, with the score the game keeps."""
    assert game.schedule is not None and game.trays is not None
    code = find_code(game.row.code)
    sittings = {(st.round, st.table): st for st in game.schedule.sittings()}
    match = Match(code, game.schedule, game.trays, game.row.spec["seed"])
    for lt in in_order(game.tables):
        st = sittings[(lt.round, lt.number)]
        for d, sc, t in lt.scores:
            if sc is None or t is None:
                continue
            tp = lt.trays[d]
            match.add(MatchPlay(st, tp, t.deal, t.events, sc))
    return match


def results_json(game: LiveGame) -> dict[str, Any]:
    """The results page's data: a match's cards, travellers and (when it is
    finished) result, as JSON and HTML; a deal's or a rubber's score lines."""
    g = game.row
    out: dict[str, Any] = {"game": g.id, "kind": g.kind, "code": g.code,
                           "finished": g.finished}  # fmt: skip
    if g.kind == "match":
        match = match_of(game)
        title = f"{match.code.title}: {match.schedule.name}"
        cards, travellers = match.cards(), match.travellers()
        out["cards"] = [c.to_json() for c in cards]
        out["travellers"] = [t.to_json() for t in travellers]
        out["html"] = {
            "cards": render_cards(cards, f"Score cards — {title}"),
            "travellers": render_travellers(travellers, f"Travellers — {title}"),
        }
        if g.finished:
            result = match.result()
            out["result"] = result.to_json()
            out["html"]["result"] = render_result(result, f"Result — {title}")
    else:
        lt = game.tables[0]
        out["deals"] = [card_row(lt, None, d, sc, t) for d, sc, t in lt.scores]
    return out


def played_score(lt: LiveTable, deal: int) -> DealScore | None:
    """The score the game keeps of a deal played out (a match's: scored
    for duplicate, a whist revoke with the tray's average, AWL X §4);
    None for a director's entry, which is not the log's."""
    for d, sc, t in lt.scores:
        if d != deal or sc is None or t is None or not t.is_over:
            continue
        if sc.result == t.result(sc.result.average, sc.result.duplicate):
            return sc
    return None


def _pbn(events: tuple[Event, ...], lt: LiveTable, deal: int, **tags: Any) -> str:
    """The deal's PBN, its score as the game keeps it (duplicate in a
    match; a whist revoke with the tray's average, AWL X §4)."""
    sc = played_score(lt, deal)
    tags.setdefault("event", f"auction-whist {lt.game.id}")
    if sc is not None:
        tags.update(duplicate=sc.result.duplicate, average=sc.result.average)
    return pbn.export_pbn(events, **tags)


def deal_pbn(events: tuple[Event, ...], lt: LiveTable, deal: int) -> str:
    names = {s: str(lt.seats[s].get("name") or lt.seats[s].get("player") or "") for s in Seat}
    return _pbn(events, lt, deal, players=names)


def deal_json(events: tuple[Event, ...], lt: LiveTable, deal: int) -> dict[str, Any]:
    return jsonlog.events_to_json(events, played_score(lt, deal))


def all_logs(game: LiveGame) -> list[tuple[LiveTable, int, tuple[Event, ...]]]:
    """Every deal a table of the game has finished, with its records."""
    out = []
    for lt in game.tables:
        for d, _sc, t in lt.scores:
            if t is not None:
                out.append((lt, d, t.events))
    return out


def game_pbn(game: LiveGame) -> str:
    event = f"auction-whist {game.row.id}"
    return pbn.join(_pbn(ev, lt, d, event=event) for lt, d, ev in all_logs(game))


def game_json(game: LiveGame) -> dict[str, Any]:
    return {
        "game": game.row.id,
        "deals": [
            {"table": lt.id, "round": lt.round, "number": lt.number, "deal": d,
             **deal_json(events, lt, d)}
            for lt, d, events in all_logs(game)
        ],
    }  # fmt: skip
