"""What the games keep of finished deals: score lines, the rubber's pad,
a match's score-cards, travellers and result, and the PBN and JSON downloads.

Every score read here is the one the table kept (``Table.score``, settled
for a whist revoke by ``web.games.settle``) or the director's entry for the
deal: nothing is scored again. ``outcome`` is the one answer to "what is the
result of this deal at this table now", read by every page and download.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from ..calls import Contract
from ..cards import Seat
from ..codes import find_code
from ..duplicate.match import Match, MatchPlay
from ..duplicate.scorecard import CardEntry, ScoreCard, render_cards
from ..duplicate.traveller import Traveller, render_result, render_travellers
from ..formats import jsonlog, pbn
from ..records import Event
from ..scoring import DealScore, Rubber
from ..table import Table
from .live import LiveGame, LiveTable, Played, in_order
from .views import SEATS

__all__ = [
    "CardRow",
    "Outcome",
    "all_logs",
    "card_row",
    "contestant_names",
    "deal_json",
    "deal_pbn",
    "game_json",
    "game_pbn",
    "match_of",
    "outcome",
    "outcome_of",
    "played_score",
    "rescore_rubber",
    "results_json",
    "rubber_json",
    "rubber_pad",
    "score_json",
    "seat_cards",
    "traveller_json",
    "traveller_names",
    "trays_to_replay",
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a deal at a table came to, as every page and download shows it:
    the play's (its score ``Table.score``, as the game keeps it), or the
    director's entry where one replaced the play (``entered``)."""

    deal: int  # its number at the table, from 0
    tray: int | None  # a match's
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[int, int] | None  # North-South's, East-West's
    score: DealScore | None
    play: Table | None  # the table that dealt it (an entry may cut its play short)
    entered: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else SEATS[self.declarer],
            "tricks": None if self.tricks is None else list(self.tricks),
            "entered": self.entered,
        }


def outcome(lt: LiveTable, played: Played) -> Outcome:
    """The result of one of ``lt.scores``: the entry's contract, declarer
    and tricks where the director entered it, else the table's own."""
    d, sc, t = played
    tray = lt.trays[d].tray if lt.trays else None
    if d in lt.entered and sc is not None:
        r = sc.result  # the entry as scored (web.director.entered_score)
        ns = r.tricks if r.declarer is None or r.declarer.side == 0 else 13 - r.tricks
        return Outcome(d, tray, r.contract, r.declarer, (ns, 13 - ns), sc, t, True)
    if t is None:
        return Outcome(d, tray, None, None, None, sc, None, False)
    return Outcome(d, tray, t.contract, t.declarer, t.tricks_won(), sc, t, False)


def outcome_of(lt: LiveTable, deal: int) -> Outcome | None:
    """The result of ``deal`` at ``lt`` now; None while it is unfinished."""
    for played in lt.scores:
        if played[0] == deal:
            return outcome(lt, played)
    return None


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
    entered: bool  # the director's entry, not the play
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


def rescore_rubber(lt: LiveTable) -> None:
    """A rubber's pad again from the table's deals as they now stand (after a
    director's entry replaced one), in the order they were dealt."""
    if lt.rubber is None:
        return
    lt.rubber = Rubber(lt.game.code)
    for _d, sc, _t in sorted(lt.scores, key=lambda p: p[0]):
        if sc is not None and not sc.void and not lt.rubber.finished:
            lt.rubber.add(sc)


def rubber_pad(r: Rubber) -> dict[str, Any]:
    """A rubber's card as the pad is kept (Whist Club laws 1-4; Royalton
    88-93): trick points below the line, ruled off at each game; honors and
    bonuses above it, the latest nearest the top; the totals and games."""
    above: list[dict[str, Any]] = []
    below: list[dict[str, Any]] = []
    points = [0, 0]
    for sc in r.scores:
        for i in sc.items:
            row = {"points": [i.points if i.side == s else None for s in (0, 1)],
                   "reason": i.reason, "law": i.law, "game": False}  # fmt: skip
            (below if i.column == "trick" else above).append(row)
        points = [points[0] + sc.game_points[0], points[1] + sc.game_points[1]]
        if max(points) >= r.threshold and below:
            below[-1]["game"] = True  # ruled off: a game is won
            points = [0, 0]
    for i in r.bonuses:
        above.append({"points": [i.points if i.side == s else None for s in (0, 1)],
                      "reason": i.reason, "law": i.law})  # fmt: skip
    return {
        "above": above[::-1],
        "below": below,
        "totals": list(r.totals),
        "games": list(r.games),
        "finished": r.finished,
    }


def card_row(
    lt: LiveTable, seat: Seat | None, d: int, sc: DealScore | None, t: Table | None
) -> CardRow:
    """A deal's line on a score-card (its ``outcome``); ``mine`` is
    ``seat``'s side's margin."""
    o = outcome(lt, (d, sc, t))
    row: CardRow = {
        "table": lt.id,
        "deal": d,
        "tray": o.tray,
        "contract": None if o.contract is None else str(o.contract),
        "declarer": None if o.declarer is None else SEATS[o.declarer],
        "tricks": None if o.tricks is None else list(o.tricks),
        "entered": o.entered,
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
        names = traveller_names(game)
        out["travellers"] = [traveller_json(t, names) for t in travellers]
        out["html"] = {
            "cards": render_cards(cards, f"Score cards — {title}"),
            "travellers": render_travellers(travellers, f"Travellers — {title}"),
        }
        if g.finished:
            result = match.result()
            out["result"] = result.to_json()
            out["contestant_names"] = contestant_names(game)
            out["html"]["result"] = render_result(result, f"Result — {title}")
    else:
        lt = game.tables[0]
        out["deals"] = [card_row(lt, None, d, sc, t) for d, sc, t in lt.scores]
    return out


def _given_name(lt: LiveTable, seat: Seat) -> str:
    """The name the person at ``seat`` gave; "" for a robot or a person who
    gave none (a directed match's player is named by his id until he does)."""
    plan = lt.seats[seat]
    name = "" if plan.get("robot") else str(plan.get("name") or "")
    return "" if name == plan.get("player") else name


# A traveller's line: (tray, round, table).
LineKey = tuple[int, int, int]


def traveller_names(game: LiveGame) -> dict[LineKey, tuple[str, str]]:
    """The people who held each tray's N-S and E-W hands at each table, by
    the names they gave ("Ann & Bob"; an unnamed partner by his seat), for a
    traveller to show beside the movement's labels: "" for a side where no
    one gave a name; a line where no one did is left out."""
    out: dict[LineKey, tuple[str, str]] = {}
    for lt in game.tables:
        given = {s: _given_name(lt, s) for s in Seat}
        if not any(given.values()):
            continue
        for tp in lt.trays:
            # The tray's N-S hands are held by the seats its turning gives them.
            held = [[s for s in Seat if tp.hand_at(s).side == side] for side in (0, 1)]
            ns, ew = (
                " & ".join(given[s] or s.name.title() for s in seats)
                if any(given[s] for s in seats) else ""
                for seats in held
            )  # fmt: skip
            out[(tp.tray, lt.round, lt.number)] = (ns, ew)
    return out


def contestant_names(game: LiveGame) -> dict[str, str]:
    """Each contestant's people by the names they gave ("Ann & Bob"), for the
    rankings to show beside the contestant's id as the travellers do: an
    unnamed member by his player id (a friends' table's by his seat, its ids
    being the movement's own); a contestant no one of which named is left out."""
    assert game.schedule is not None
    given: dict[str, str] = {}
    unnamed: dict[str, str] = {}
    for lt in in_order(game.tables):
        for s in Seat:
            pid = lt.seats[s].get("player")
            if not pid or pid in given:
                continue
            if name := _given_name(lt, s):
                given[pid] = name
            else:
                own = s.name.title() if game.row.spec.get("self_directed") else pid
                unnamed.setdefault(pid, own)
    out: dict[str, str] = {}
    for c in game.schedule.contestants:
        if any(p in given for p in c.players):
            out[c.id] = " & ".join(given.get(p) or unnamed.get(p, p) for p in c.players)
    return out


def traveller_json(traveller: Traveller, names: dict[LineKey, tuple[str, str]]) -> dict[str, Any]:
    """A traveller as JSON, each line with its players' names (``ns_names``,
    ``ew_names``, from ``traveller_names``: "" where no one gave a name)."""
    out = traveller.to_json()
    for line in out["plays"]:
        ns, ew = names.get((traveller.tray, line["round"], line["table"]), ("", ""))
        line["ns_names"], line["ew_names"] = ns, ew
    return out


def played_score(lt: LiveTable, deal: int) -> DealScore | None:
    """The score the game keeps of a deal played out (a match's: scored
    for duplicate, a whist revoke with the tray's average, AWL X §4);
    None for a director's entry, which is not the log's."""
    o = outcome_of(lt, deal)
    if o is None or o.entered or o.play is None or not o.play.is_over:
        return None
    return o.score


def _pbn(events: tuple[Event, ...], lt: LiveTable, deal: int, **tags: Any) -> str:
    """The deal's PBN with its ``outcome``: the score as the game keeps it
    (duplicate in a match; a whist revoke with the tray's average, AWL X §4),
    or the director's entry."""
    o = outcome_of(lt, deal)
    tags.setdefault("event", f"auction-whist {lt.game.id}")
    if o is not None and o.entered:
        tags["entered"] = o.score
    elif (sc := played_score(lt, deal)) is not None:
        tags.update(duplicate=sc.result.duplicate, average=sc.result.average)
    return pbn.export_pbn(events, **tags)


def _players(lt: LiveTable) -> dict[Seat, str]:
    """Who sat where, as the hand records name them (PBN's North, East, ...)."""
    return {s: lt.name_at(s) for s in Seat}


def deal_pbn(events: tuple[Event, ...], lt: LiveTable, deal: int) -> str:
    return _pbn(events, lt, deal, players=_players(lt))


def deal_json(events: tuple[Event, ...], lt: LiveTable, deal: int) -> dict[str, Any]:
    """The deal's log with its ``outcome``: the score the game keeps and the
    contract, declarer and tricks it stands on (a director's entry's, if any)."""
    o = outcome_of(lt, deal)
    players = {SEATS[s]: name for s, name in _players(lt).items()}
    if o is None or o.score is None:
        return jsonlog.events_to_json(events, players=players)
    return jsonlog.events_to_json(events, o.score, result=o.to_json(), players=players)


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
    return pbn.join(
        _pbn(ev, lt, d, event=event, players=_players(lt)) for lt, d, ev in all_logs(game)
    )


def game_json(game: LiveGame) -> dict[str, Any]:
    return {
        "game": game.row.id,
        "deals": [
            {"table": lt.id, "round": lt.round, "number": lt.number, "deal": d,
             **deal_json(events, lt, d)}
            for lt, d, events in all_logs(game)
        ],
    }  # fmt: skip


def seat_cards(tables: list[tuple[LiveTable, Seat]], title: str) -> list[ScoreCard]:
    """The cards a player keeps: every deal finished (or entered) at each
    table he sat at, kept by his side (Goodfellow law 4: each side keeps a
    complete score), one card for each table's original play and one for its
    overplay, as the schedule has them; each deal credited to its tray."""
    cards: dict[tuple[int, bool], ScoreCard] = {}
    hidden = trays_to_replay(tables)
    who: dict[tuple[int, bool], list[str]] = {}  # each card's players, as numbered
    for lt, seat in tables:
        # Who sat where: the card's numbered names, and each side's partners
        # by those numbers ("1 & 3"), as a match's cards write them. A player
        # is his link (a match's: his id); each robot is one of its own.
        names = [lt.name_at(s) or s.name.title() for s in Seat]
        ids = [str(lt.seats[s].get("player") or lt.token_at(s) or f"{lt.id}{s.char}") for s in Seat]
        for played in lt.scores:
            o = outcome(lt, played)
            if o.score is None or o.tray in hidden:
                continue
            overplay = bool(lt.trays) and lt.trays[o.deal].overplay
            card = cards.get((lt.number, overplay))  # as Match.cards groups them
            if card is None:
                card = cards[(lt.number, overplay)] = ScoreCard(
                    find_code(lt.game.code), table=lt.number, keeper=seat.side, overplay=overplay,
                    title=title,
                )  # fmt: skip
            number = o.tray or o.deal + 1
            if any(e.number == number for e in card.entries):
                continue  # a tray is entered once on a card
            turned = None if o.play is None else o.play.deal.turned
            seen = who.setdefault((lt.number, overplay), [])
            for s in Seat:
                if ids[s] not in seen:
                    seen.append(ids[s])
                    card.players = (*card.players, names[s])
            partners = tuple(
                " & ".join(str(seen.index(ids[s]) + 1) for s in (side, side + 2)) for side in (0, 1)
            )
            card.record(
                CardEntry.from_score(number, o.score, (partners[0], partners[1]), trump=turned)
            )
    return list(cards.values())


def trays_to_replay(tables: list[tuple[LiveTable, Seat]]) -> set[int]:
    """The trays a player has played and is still to play again: in
    single-table duplicate the original scores are laid aside, not to be
    referred to until the overplay is over (daw, "Single-table overplay")."""
    matches = [lt for lt, _s in tables if lt.trays]  # a deal or rubber has no trays
    planned = Counter(tp.tray for lt in matches for tp in lt.trays)
    played = Counter(lt.trays[d].tray for lt in matches for d, _sc, _t in lt.scores)
    return {tray for tray, n in played.items() if n < planned[tray]}
