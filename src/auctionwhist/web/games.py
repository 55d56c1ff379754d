"""Games and their tables: a new game's spec checked and its tables planned,
a table rebuilt from its stored events, each new deal, what follows from a
table's records, and a finished deal's score.

A deal's score is the table's (``Table.score``, with the laws' penalties),
for duplicate in a match; a match's plays with a whist revoke are settled
with the average of their tray (AWL X §4), as ``Match.add`` settles them.
"""

from __future__ import annotations

import contextlib
import random
import secrets
from collections.abc import Iterable, Mapping
from typing import Any, Required, TypedDict, cast

from ..cards import Seat
from ..codes import Code, UnknownCodeError, all_codes, find_code
from ..dealing import deal as deal_cards
from ..duplicate.match import MatchPlay
from ..duplicate.match import settle as settle_play
from ..duplicate.movements import movement as find_movement
from ..duplicate.schedule import MovementError, Schedule, TrayPlay
from ..duplicate.trays import make_trays
from ..formats import jsonlog
from ..records import Event
from ..scoring import DealScore, Rubber, ScoringError
from ..table import Table, TableError
from .db import SeatRow, TableRow
from .director import Entry, entered_score
from .live import Item, LiveGame, LiveTable, SeatPlan, WebError
from .results import rubber_json, score_json
from .store import RECORD_TYPES, StoredEvent, data_of, item_of, records_of
from .views import SEATS, cards_of, face_up, face_up_law, penalty_json

__all__ = [
    "KINDS",
    "Spec",
    "TablePlan",
    "after",
    "check_name",
    "check_spec",
    "has_next_set",
    "live_table",
    "new_deal",
    "next_set_spec",
    "plan",
    "prepare",
    "replay",
    "score",
    "settle",
    "token",
]

KINDS = ("deal", "rubber", "match")


class Spec(TypedDict, total=False):
    """A game as asked for (docs/web-protocol.md, POST /api/games), checked
    and completed: a match's movement and players, else the people's seats."""

    kind: Required[str]
    code: Required[str]
    mode: Required[str]
    seed: Required[int]
    names: Required[dict[str, str]]
    tables: int | None
    deals: int | None
    movement: str
    players: list[str]
    humans: list[str]
    series: bool  # a deal: another after each, as long as the players like
    self_directed: bool  # a match directed by no one but its players: published when over
    follows: str  # the game this one is the next set of (set by the server alone)


class TablePlan(TypedDict):
    """A table's plan as stored: who sits where; a match's trays, each
    ``[tray, overplay, north_at]`` in play order."""

    seats: dict[str, SeatPlan]
    trays: list[list[int]]


def token() -> str:
    """A new secret link."""
    return secrets.token_urlsafe(24)


def _schedule(spec: Mapping[str, Any]) -> Schedule:
    try:
        return find_movement(spec["movement"], spec.get("tables"), deals=spec.get("deals"))
    except (KeyError, MovementError, ValueError, TypeError) as e:
        raise WebError(400, "bad_movement", f"movement: {e}") from None


MAX_NAME = 40  # a player's name, as the score-card's Partners and names field holds it


def check_name(value: Any, what: str = "name") -> str:
    """A player's name as given, stripped; ``WebError`` (400) if it will not do.
    A name is printed on pages, score-cards and in PBN tags: a newline would
    end a tag, so no control character is taken."""
    if not isinstance(value, str):
        raise WebError(400, "bad_name", f"{what}: a name is text")
    name = value.strip()
    if not name.isprintable():
        raise WebError(
            400, "bad_name",
            f"{what}: {name[:40]!r} has a control character (such as a newline or tab); "
            "a name is one line of printable text",
        )  # fmt: skip
    if len(name) > MAX_NAME:
        raise WebError(
            400, "bad_name", f"{what}: a name is at most {MAX_NAME} characters, not {len(name)}"
        )
    return name


def check_spec(spec: Any) -> Spec:
    """A game's spec from a request, checked and completed (docs/web-protocol.md)."""
    if not isinstance(spec, dict):
        raise WebError(400, "malformed", "a game is an object: kind, code, ...")
    kind = spec.get("kind", "deal")
    if kind not in KINDS:
        raise WebError(400, "malformed", f"kind: one of {', '.join(KINDS)}")
    try:
        code: Code = find_code(str(spec.get("code", "")))
    except UnknownCodeError:
        keys = ", ".join(c.key for c in all_codes())
        raise WebError(400, "bad_code", f"code: one of {keys}") from None
    mode = spec.get("mode", "enforce")
    if mode not in ("enforce", "laws"):
        raise WebError(400, "malformed", "mode: enforce or laws")
    seed = spec.get("seed")
    if seed is None:
        seed = secrets.randbits(48)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WebError(400, "malformed", "seed: a whole number")
    names = spec.get("names", {})
    if not isinstance(names, dict) or not all(isinstance(k, str) for k in names):
        raise WebError(400, "malformed", 'names: an object such as {"N": "Mrs Smith"}')
    names = {k: name for k, v in names.items() if (name := check_name(v, f"names.{k}"))}
    out: Spec = {"kind": kind, "code": code.key, "mode": mode, "seed": seed, "names": names}
    for key, of in (("series", "deal"), ("self_directed", "match")):
        if key in spec and (not isinstance(spec[key], bool) or kind != of):
            raise WebError(400, "malformed", f"{key}: true or false, for a {of} only")
    if spec.get("series"):
        out["series"] = True
    if spec.get("self_directed"):
        out["self_directed"] = True
    if kind == "rubber" and not code.rubbers:
        raise WebError(
            400, "no_rubbers", f"{code.cite('game')}: {code.title} has no rubbers; play deals"
        )
    if kind == "match":
        tables, deals = spec.get("tables"), spec.get("deals")
        for key, v in (("tables", tables), ("deals", deals)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 < v < 100):
                raise WebError(400, "malformed", f"{key}: a whole number")
        out["tables"], out["deals"] = tables, deals
        if not isinstance(spec.get("movement"), str):
            raise WebError(400, "bad_movement", "movement: a movement's name")
        out["movement"] = spec["movement"]
        schedule = _schedule(out)
        players = spec.get("players")
        if players is None:
            players = list(schedule.players[:1])
        if not isinstance(players, list) or not all(p in schedule.players for p in players):
            raise WebError(
                400, "malformed", f"players: ids of the movement's players ({schedule.players})"
            )
        out["players"] = list(dict.fromkeys(players))
    else:
        humans = spec.get("humans", ["S"])
        if not isinstance(humans, list) or not all(h in SEATS for h in humans):
            raise WebError(400, "malformed", 'humans: a list of seats such as ["S"]')
        out["humans"] = sorted(set(humans), key=SEATS.index)
        if out.get("series") and not out["humans"]:
            # Robots alone would deal on for ever: a series ends when its players stop.
            raise WebError(400, "malformed", "series: a series of deals needs a person at a seat")
    return out


def has_next_set(spec: Mapping[str, Any]) -> bool:
    """A match its players direct (a table for friends, the solo match) is
    followed by another at their asking: no director is there to start it."""
    return spec.get("kind") == "match" and bool(spec.get("self_directed"))


def next_set_spec(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The next set of a match: the same in all but its deals (a new seed)."""
    return {k: v for k, v in spec.items() if k not in ("seed", "follows")}


def prepare(game: LiveGame) -> None:
    """A match's movement and trays, from its spec and seed."""
    g = game.row
    if g.kind == "match":
        spec = g.spec
        game.schedule = _schedule(spec)
        rng = random.Random(spec["seed"])
        game.trays = {
            t.number: t
            for t in make_trays(
                g.code, len(game.schedule.trays), rng=random.Random(rng.getrandbits(64))
            )
        }


def plan(game: LiveGame, spec: Spec) -> tuple[list[TableRow], list[SeatRow]]:
    """A new game's tables and links: a match's from its movement, the
    people's seats at each sitting (robots in the rest); one table otherwise."""
    game_id = game.row.id
    tables: list[TableRow] = []
    links: list[SeatRow] = []
    names = spec["names"]
    # A match its players direct (friends, the solo match) has no director to
    # read the movement's ids: a player who gave no name is shown by his seat.
    directed = not spec.get("self_directed")

    def table(num: int, rnd: int, p: TablePlan) -> None:
        tables.append(TableRow(game_id=game_id, number=num, round=rnd,
                               plan=dict(p), finished=False))  # fmt: skip

    if spec["kind"] == "match":
        assert game.schedule is not None
        humans = set(spec["players"])
        tokens = {p: token() for p in spec["players"]}
        own = {p: names.get(p, p if directed else "") for p in spec["players"]}
        for p in spec["players"]:
            links.append(SeatRow(token=tokens[p], game_id=game_id, player=p, name=own[p]))
        for st in game.schedule.sittings():
            if st.idle:
                continue
            seats: dict[str, SeatPlan] = {}
            for s in Seat:
                pid = st.player_at(s)
                if pid is not None and pid in humans:
                    seats[SEATS[s]] = {"player": pid, "name": own[pid], "token": tokens[pid]}
                else:
                    seats[SEATS[s]] = {"robot": True, "player": pid}
            trays = [[tp.tray, tp.overplay, int(tp.north_at)] for tp in st.trays]
            table(st.table, st.round, {"seats": seats, "trays": trays})
    else:
        seats = {}
        for ch in SEATS:
            if ch in spec["humans"]:
                tok = token()
                seats[ch] = {"name": names.get(ch, ""), "token": tok}
                links.append(SeatRow(token=tok, game_id=game_id, seat=ch, name=names.get(ch, "")))
            else:
                seats[ch] = {"robot": True}
        table(1, 1, {"seats": seats, "trays": []})
    return tables, links


def live_table(game: LiveGame, row: TableRow) -> LiveTable:
    """A stored table in memory, before its events are replayed."""
    p = cast(TablePlan, row.plan)
    seats = {Seat.from_char(k): cast(SeatPlan, dict(v)) for k, v in p["seats"].items()}
    trays = [TrayPlay(t, bool(o), Seat(na)) for t, o, na in p.get("trays", [])]
    lt = LiveTable(row.id, game.row, row.number, row.round, seats, trays)
    lt.finished = row.finished
    lt.rng = random.Random(f"{game.row.spec.get('seed')}:{row.id}")
    if game.row.kind == "rubber":
        lt.rubber = Rubber(game.row.code)
    return lt


def replay(lt: LiveTable, rows: list[StoredEvent]) -> None:
    """Rebuild a table from its events: every deal, the one in progress last."""
    by_deal: dict[int, list[Item]] = {}
    for n, d, kind, data in rows:
        lt.n = n
        by_deal.setdefault(d, []).append((kind, data))
    for d in sorted(by_deal):
        evs = by_deal[d]
        records = records_of(evs)
        table = Table.from_events(records) if records else None
        lt.deal_index, lt.table, lt.started = d, table, True
        lt.dummy_shown = any(k == "dummy" for k, _ in evs)
        if any(k == "undone" for k, _ in evs):  # the lead may have been taken back
            lt.dummy_shown = table is not None and table.play is not None and table.play.dummy_faced
        lt.face_up = face_up(table) if table is not None else {}
        lt.face_up_law = {Seat.from_char(v["seat"]): v["law"] for k, v in evs if k == "face_up"}
        lt.penalty_n = -1 if table is None or table.pending is None else lt.n
        # Who has asked for the next deal, when several processes serve the
        # table (web.service: a "ready" event, docs/deploy.md).
        lt.ready = {Seat.from_char(v["seat"]) for k, v in evs if k == "ready"}
        entered = [data for k, data in evs if k == "result_entered"]
        over = any(k == "deal_over" for k, _ in evs)
        if entered:
            lt.entered.add(d)
            lt.scores.append((d, entered_score(lt, table, cast(Entry, entered[-1])), table))
        elif over and table is not None:
            lt.scores.append((d, score(lt, table), table))
    if lt.rubber is not None:
        for _, sc, _t in lt.scores:
            if sc is not None and not lt.rubber.finished:
                lt.rubber.add(sc)


def reload(lt: LiveTable, rows: list[StoredEvent]) -> None:
    """Rebuild a table in place from all its events: what another process
    wrote replaces what this one had decided (docs/deploy.md)."""
    lt.n, lt.deal_index, lt.table, lt.started = 0, -1, None, False
    lt.dummy_shown, lt.face_up, lt.face_up_law, lt.penalty_n = False, {}, {}, -1
    lt.ready, lt.scores, lt.entered = set(), [], set()
    if lt.rubber is not None:
        lt.rubber = Rubber(lt.game.code)
    replay(lt, rows)


# The events ``extend`` applies to the deal in progress (and the next deal,
# which it deals); any other (an undo, a director's entry) has the table
# rebuilt (``reload``).
_EXTENDS = frozenset(("dummy", "face_up", "penalty", "deal_over", "ready"))


def extend(game: LiveGame, lt: LiveTable, rows: list[StoredEvent]) -> bool:
    """Apply the events after ``lt.n`` that another process wrote, as
    ``replay`` would: to the deal in progress and, once it is over, to the
    next deal they deal; False (nothing done) if they need the table
    rebuilt."""
    if not rows or rows[0].n != lt.n + 1:
        return False
    deal, has_table = lt.deal_index, lt.table is not None
    over = not has_table or any(d == deal for d, _s, _t in lt.scores)
    for r in rows:
        if r.type == "dealt":  # the next deal, once the one before is over
            if not over or r.deal != deal + 1:
                return False
            deal, over, has_table = r.deal, False, True
            continue
        if r.deal != deal or not has_table:
            return False
        if r.type not in _EXTENDS and r.type not in RECORD_TYPES:
            return False
        over = over or r.type == "deal_over"
    for n, d, kind, data in rows:
        lt.n = n
        if kind == "dealt":
            # As ``new_deal`` dealt it, from its record: the deals before are
            # not replayed (the table's whole log, read back, was what a next
            # deal cost a process that heard it).
            lt.deal_index, lt.started = d, True
            lt.table = Table.from_events(records_of([(kind, data)]))
            lt.dummy_shown, lt.face_up, lt.face_up_law = False, {}, {}
            lt.penalty_n, lt.ready = -1, set()
            continue
        t = lt.table
        assert t is not None
        if kind in RECORD_TYPES:
            t.act(jsonlog.event_from_json({"type": kind, **data_of(data)}))
        elif kind == "dummy":
            lt.dummy_shown = True
        elif kind == "face_up":
            lt.face_up_law[Seat.from_char(data["seat"])] = data["law"]
        elif kind == "ready":
            lt.ready.add(Seat.from_char(data["seat"]))
        elif kind == "deal_over":
            lt.scores.append((d, score(lt, t), t))
            if lt.trays:
                settle(game, lt.trays[d].tray)
            sc = lt.scores[-1][1]
            if lt.rubber is not None and sc is not None and not sc.void:
                with contextlib.suppress(ScoringError):
                    lt.rubber.add(sc)
    t = lt.table
    assert t is not None
    lt.face_up = face_up(t)
    if t.pending is None:
        lt.penalty_n = -1
    elif lt.penalty_n < 0:
        lt.penalty_n = lt.n
    return True


def new_deal(game: LiveGame, lt: LiveTable) -> list[Item]:
    """Deal the table's next deal; [] when the table has played them all."""
    g = lt.game
    nxt = lt.deal_index + 1
    planned = lt.deals_planned
    if (planned is not None and nxt >= planned) or (lt.rubber is not None and lt.rubber.finished):
        lt.finished = True
        return []
    tray: int | None = None
    if g.kind == "match":
        assert game.trays is not None
        tp = lt.trays[nxt]
        tray = tp.tray
        deal = game.trays[tp.tray].deal_at(tp.north_at, tp.overplay)
    else:
        deal = deal_cards(g.code, number=nxt + 1, rng=random.Random(f"{g.spec['seed']}:{nxt}"))
    lt.deal_index = nxt
    lt.table = Table(g.code, deal, mode="laws" if g.mode == "laws" else "enforce")
    lt.dummy_shown = False
    lt.face_up, lt.face_up_law = {}, {}
    lt.penalty_n = -1
    lt.ready = set()
    lt.started = True
    items = [item_of(ev) for ev in lt.table.events]
    items[0][1]["tray"] = tray
    return items


def after(game: LiveGame, lt: LiveTable, new: Iterable[Event]) -> list[Item]:
    """The records an action made, and what follows from them for the table."""
    t = lt.table
    assert t is not None
    new = tuple(new)
    items = [item_of(ev) for ev in new]
    if t.laws:
        # Cards a law lays face up go to the whole table when it does so
        # (daw 86: an adversary's claim lays his partner's hand face up).
        now = face_up(t)
        for s, bits in now.items():
            if bits & ~lt.face_up.get(s, 0):
                lt.face_up_law[s] = law = face_up_law(t, new)
                items.append(("face_up", {"seat": SEATS[s], "cards": cards_of(bits),
                                          "law": law}))  # fmt: skip
        lt.face_up = now
    if not lt.dummy_shown and t.play is not None and t.play.dummy_faced:
        dummy = t.play.dummy
        assert dummy is not None
        lt.dummy_shown = True
        items.append(("dummy", {"seat": SEATS[dummy], "cards": cards_of(t.play.hands[dummy])}))
    if t.pending is not None and lt.penalty_n < 0:
        lt.penalty_n = lt.n
        items.append(("penalty", penalty_json(t) or {}))
    elif t.pending is None:
        lt.penalty_n = -1
    if t.phase == "done":
        lt.scores.append((lt.deal_index, score(lt, t), t))
        if lt.trays:
            settle(game, lt.trays[lt.deal_index].tray)
        sc = lt.scores[-1][1]
        assert sc is not None
        items.append(("deal_over", _deal_over(lt, t, sc)))
    return items


def undo(lt: LiveTable, seat: Seat) -> list[Item]:
    """Take back ``seat``'s last action and the robots' after it (issue 17
    item 12): one ``undone`` event naming how many records it takes back
    (docs/decisions.md, "Undo is an appended event"). Only where every
    other seat is a robot and outside laws mode: the laws let no player
    take back a call or a card at a table of people."""
    t = lt.table
    assert t is not None
    if lt.game.mode == "laws":
        raise WebError(409, "no_undo", "undo is refused in laws mode: the laws take their course")
    if any(s != seat and not lt.is_robot(s) for s in Seat):
        raise WebError(
            409,
            "no_undo",
            "undo is only for a game against robots: at a table of people"
            " the laws let nobody take back a call or a card",
        )
    if t.phase not in ("auction", "bridging", "play"):
        raise WebError(
            409, "no_undo", "only a call or card of a deal in progress can be taken back"
        )
    kept = list(t.events)
    taken = 0
    try:
        while True:
            t.pop()
            taken += 1
            if t.to_act == seat:  # back to before the person's own action
                break
    except TableError:
        # Nothing of the person's own to take back: the table stays as it was.
        lt.table = Table.from_events(kept)
        raise WebError(
            409, "no_undo", "you have made no call or played no card to take back"
        ) from None
    lt.dummy_shown = t.play is not None and t.play.dummy_faced
    return [("undone", {"records": taken})]


def score(lt: LiveTable, t: Table) -> DealScore:
    return t.score(duplicate=lt.game.kind == "match")


def settle(game: LiveGame, tray: int | None = None) -> None:
    """Score a match's plays with a revoke again with the average of the
    other plays of their tray (AWL X §4), as ``Match.add`` does."""
    if game.schedule is None:
        return
    plays = [
        (lt, i, d, sc, t)
        for lt in game.tables
        for i, (d, sc, t) in enumerate(lt.scores)
        if sc is not None and t is not None and (tray is None or lt.trays[d].tray == tray)
    ]
    if not any(sc.result.revokes for _lt, _i, _d, sc, _t in plays):
        return  # the usual case, at every deal's end: nothing to settle
    sittings = {(st.round, st.table): st for st in game.schedule.sittings()}
    found = [
        (lt, i, MatchPlay(sittings[(lt.round, lt.number)], lt.trays[d], t.deal, t.events, sc))
        for lt, i, d, sc, t in plays
    ]
    for lt, i, mp in found:
        same = [q for _l, _j, q in found if q.tray == mp.tray]
        new = settle_play(mp, same)
        if new is not mp:
            d, _sc, t = lt.scores[i]
            lt.scores[i] = (d, new.score, t)


def _deal_over(lt: LiveTable, t: Table, score: DealScore) -> dict[str, Any]:
    out: dict[str, Any] = {
        "tricks": list(t.tricks_won()),
        "score": score_json(score),
        "hands": {s: cards_of(t.deal.hands[i]) for i, s in enumerate(SEATS)},
        "contract": None if t.contract is None else str(t.contract),
        "declarer": None if t.declarer is None else SEATS[t.declarer],
    }
    if lt.rubber is not None and not score.void:
        with contextlib.suppress(ScoringError):
            lt.rubber.add(score)
        out["rubber"] = rubber_json(lt.rubber)
    return out
