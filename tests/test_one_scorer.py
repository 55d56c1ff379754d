"""Issue 16: a laws-mode deal with a penalty scores the same on every path.

Three deals (penalty_deals.py): Royalton penalty points (law 99), a daw
revoke paid in points (Goodfellow 101B), a Duplicate Whist revoke held to
the average of the other tables (AWL X §4). Each path is checked against
``Table.score`` of the deal's own log AND against the figure worked by hand
from the law, so that no two paths can pass by sharing a mistake. Royalton's
25 points are what ``score_deal(table.result())`` alone loses.
"""

from __future__ import annotations

import json
import math
import random
import re
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

warnings.filterwarnings("ignore", message=".*httpx2.*")
from starlette.testclient import TestClient  # noqa: E402

from auctionwhist.cards import Seat  # noqa: E402
from auctionwhist.duplicate.match import (  # noqa: E402
    Match,
    MatchPlay,
    play_match,
)
from auctionwhist.duplicate.movements import movement  # noqa: E402
from auctionwhist.formats import jsonlog, pbn  # noqa: E402
from auctionwhist.records import Dealt, Event  # noqa: E402
from auctionwhist.robots import robots_at_table  # noqa: E402
from auctionwhist.scoring import DealScore, score_deal  # noqa: E402
from auctionwhist.table import Table  # noqa: E402
from auctionwhist.web import robots as web_robots  # noqa: E402
from auctionwhist.web.app import create_app  # noqa: E402
from auctionwhist.web.db import EventRow  # noqa: E402
from auctionwhist.web.service import LiveTable, Service  # noqa: E402
from penalty_deals import (  # noqa: E402
    DawRevoke,
    RoyaltonInfraction,
    Script,
    WhistRevoke,
    daw_revoke,
    lowest,
    royalton_infraction,
    whist_revoke,
)

# -- the figures worked from the law ----------------------------------------------------


def by_hand(kind: str, events: tuple[Event, ...], average: float | None) -> tuple[int, int]:
    """North-South's and East-West's totals, worked from the law on top of the
    deal's plain score (the deal as played, with no penalty)."""
    t = Table.from_events(events)
    result = t.result(duplicate=True)
    plain = score_deal(replace(result, revokes=()))
    ns, ew = plain.total(0), plain.total(1)
    if kind == "royalton":
        return ns + 25, ew  # Royalton 99: West's infraction, 25 to North-South
    if kind == "daw":
        # Goodfellow 101B: the declarant adds 150 to his honor column.
        assert t.declarer is not None and t.revokes()[0].seat.side != t.declarer.side
        return (ns + 150, ew) if t.declarer.side == 0 else (ns, ew + 150)
    # AWL X §4: East-West lose two tricks, but keep no more than their average
    # (a trick is whole) and no fewer than they had before the revoke.
    taken, before = 13 - result.tricks, result.tricks_before_revoke
    assert before is not None
    keep = taken - 2
    if average is not None:
        keep = min(keep, math.floor(13 - average))
    keep = max(keep, before[1])
    return 13 - keep, keep


def tray_average(plays: list[MatchPlay], p: MatchPlay) -> float | None:
    """North-South's tricks on ``p``'s tray at its other plays, on average,
    counted here from their logs (every play here holds the tray as dealt)."""
    others = [q for q in plays if q.tray == p.tray and q is not p]
    assert all(q.tray_play.hand_at(Seat.NORTH) == Seat.NORTH for q in [p, *others])
    won = [Table.from_events(q.events).tricks_won()[0] for q in others]
    return sum(won) / len(won) if won else None


def totals(score: DealScore) -> tuple[int, int]:
    return score.total(0), score.total(1)


# -- a lone table: the table, PBN, JSON ---------------------------------------------------

ALONE: dict[str, tuple[Callable[[], tuple[Event, ...]], float | None, tuple[int, int]]] = {
    "royalton": (royalton_infraction, None, (35, 0)),
    "daw": (daw_revoke, None, (182, 100)),
    "whist": (whist_revoke, 8.5, (9, 4)),
}


@pytest.mark.parametrize("kind", ALONE)
def test_the_table_scores_the_penalty(kind: str) -> None:
    make, average, figures = ALONE[kind]
    log = make()
    score = Table.from_events(log).score(average, duplicate=True)
    assert totals(score) == figures == by_hand(kind, log, average)


def test_law_99_royalton_penalty_points_are_the_tables_not_score_deals() -> None:
    """The 25 points are what ``score_deal`` alone misses (the issue's case)."""
    t = Table.from_events(royalton_infraction())
    assert totals(score_deal(t.result(duplicate=True))) == (10, 0)
    assert totals(t.score(duplicate=True)) == (35, 0)


def test_law_x_4_whist_average_moves_the_score() -> None:
    """Without the average two tricks move (8 to 5); the average of 8.5 holds
    East-West to 4 (AWL X §4)."""
    t = Table.from_events(whist_revoke())
    assert totals(t.score(duplicate=True)) == (8, 5)
    assert totals(t.score(8.5, duplicate=True)) == (9, 4)


def _pbn_totals(text: str) -> tuple[int, int]:
    """The totals of the one game in ``text``, from its [AuctionWhistScore]."""
    (game,) = pbn.parse_games(text)
    return _score_tag(game.tags["AuctionWhistScore"])


def _score_tag(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"NS .*total=(-?\d+); EW .*total=(-?\d+)", value)
    assert m is not None, value
    return int(m[1]), int(m[2])


@pytest.mark.parametrize("kind", ALONE)
def test_pbn_writes_the_tables_score(kind: str) -> None:
    make, average, figures = ALONE[kind]
    log = make()
    text = pbn.export_pbn(log, duplicate=True, average=average)
    assert _pbn_totals(text) == figures == by_hand(kind, log, average)
    assert pbn.import_pbn(text) == log


@pytest.mark.parametrize("kind", ALONE)
def test_json_writes_the_score_beside_the_log(kind: str) -> None:
    make, average, figures = ALONE[kind]
    log = make()
    score = Table.from_events(log).score(average, duplicate=True)
    obj = json.loads(json.dumps(jsonlog.events_to_json(log, score)))
    assert (obj["score"]["ns"]["total"], obj["score"]["ew"]["total"]) == figures
    assert figures == by_hand(kind, log, average)
    assert jsonlog.events_from_json(obj) == log  # the score is not read back


# -- a match: the library's play_match, as ``whist match`` plays it -------------------------


@dataclass(frozen=True)
class Plan:
    """Where a deal's irregularity is committed in a match: ``target`` is
    (round, table, tray) or None for the first table where it can be;
    ``weak`` the plays at which East-West play their lowest cards (so that the
    tray's average is not the revoking table's)."""

    kind: str
    code: str
    movement: str
    tables: int | None
    deals: int
    seed: int
    target: tuple[int, int, int] | None = None
    weak: tuple[tuple[int, int, int], ...] = ()

    def script(self) -> Script:
        return {"royalton": RoyaltonInfraction, "daw": DawRevoke, "whist": WhistRevoke}[self.kind]()

    def schedule(self) -> Any:
        return movement(self.movement, self.tables, deals=self.deals)

    def acts(self, script: Script, where: tuple[int, int, int], t: Table) -> bool:
        """Act for the plan at play ``where``; False: the robots act."""
        if (self.target is None or where == self.target) and script(t):
            return True
        # East-West's lowest cards; their partners and the auction as the robots.
        if where in self.weak and t.phase == "play" and t.play is not None and t.play.turn.side:
            lowest(t)
            return True
        return False


# Whist: tray 1 is played in rounds 1-4 of Howell's five-team match; East
# revokes at the last play of it, East-West having played their lowest cards
# at two of the three others: the tray's average holds them down.
PLANS = {
    "royalton": Plan("royalton", "royalton", "two-teams-of-four", None, 2, 1),
    "daw": Plan("daw", "daw", "two-teams-of-four", None, 2, 1),
    "whist": Plan("whist", "whist", "howell-teams", 5, 1, 3, (4, 5, 1), ((2, 4, 1), (3, 2, 1))),
}


def play_plan(plan: Plan) -> tuple[Match, Script]:
    schedule = plan.schedule()
    where = [(st.round, st.table, tp.tray) for st, tp in schedule.plays()]
    script, robot = plan.script(), robots_at_table()
    seen: list[Table] = []

    def player(t: Table, rng: random.Random) -> None:
        if not seen or seen[-1] is not t:
            seen.append(t)
        if not plan.acts(script, where[len(seen) - 1], t):
            robot(t, rng)

    match = play_match(plan.code, schedule, plan.seed, player=player, mode="laws")
    assert script.table is not None, "the irregularity was never committed"
    return match, script


@pytest.fixture(scope="module", params=list(PLANS))
def played(request: pytest.FixtureRequest) -> tuple[str, Match, MatchPlay]:
    match, script = play_plan(PLANS[request.param])
    assert script.table is not None
    p = next(p for p in match.plays if p.events == script.table.events)
    return request.param, match, p


def expected(kind: str, match: Match, p: MatchPlay) -> tuple[int, int]:
    """The table's own score with the tray's average, and the same by hand."""
    average = tray_average(match.plays, p)
    figures = totals(Table.from_events(p.events).score(average, duplicate=True))
    assert figures == by_hand(kind, p.events, average)
    if kind == "whist":
        # The average is what limits East-West here, not the two tricks.
        assert average is not None and average != int(average)
        assert figures != totals(Table.from_events(p.events).score(duplicate=True))
    return figures


def test_match_play_scores_as_its_table(played: tuple[str, Match, MatchPlay]) -> None:
    kind, match, p = played
    assert totals(p.score) == expected(kind, match, p)


def test_match_score_card_shows_the_tables_score(played: tuple[str, Match, MatchPlay]) -> None:
    kind, match, p = played
    figures = expected(kind, match, p)
    entries = [
        e
        for c in match.cards()
        if c.table == p.sitting.table and c.overplay == p.tray_play.overplay
        for e in c.entries
        if e.number == p.tray
    ]
    assert len(entries) == 2  # each side keeps the whole score (daw law 4)
    assert all((e.total(0), e.total(1)) == figures for e in entries)


def test_match_traveller_shows_the_tables_score(played: tuple[str, Match, MatchPlay]) -> None:
    kind, match, p = played
    figures = expected(kind, match, p)
    traveller = next(t for t in match.travellers() if t.tray == p.tray)
    line = next(
        ln for ln in traveller.lines if (ln.round, ln.table) == (p.sitting.round, p.sitting.table)
    )
    # The traveller is by the tray's hands: here every table holds them as dealt.
    assert line.scores == figures


def test_match_files_written_show_the_tables_score(
    played: tuple[str, Match, MatchPlay], tmp_path: Path
) -> None:
    """What ``whist match --out`` writes (Match.write): cards and travellers."""
    kind, match, p = played
    figures = expected(kind, match, p)
    match.write(tmp_path)
    travellers = json.loads((tmp_path / "travellers.json").read_text())
    line = next(
        ln
        for t in travellers
        if t["tray"] == p.tray
        for ln in t["plays"]
        if (ln["round"], ln["table"]) == (p.sitting.round, p.sitting.table)
    )
    assert (line["ns_score"], line["ew_score"]) == figures
    cards = json.loads((tmp_path / "cards.json").read_text())
    play = "overplay" if p.tray_play.overplay else "original"
    entries = [
        e
        for c in cards
        if (c["table"], c["play"]) == (p.sitting.table, play)
        for e in c["deals"]
        if e["deal"] == p.tray
    ]
    assert len(entries) == 2
    assert all((e["ns"]["total"], e["ew"]["total"]) == figures for e in entries)


def test_law_x_4_a_revoke_is_scored_again_as_the_trays_plays_come_in() -> None:
    """Match.add: the revoke's play is scored with the average of the plays
    added so far, whichever comes first (AWL X §4)."""
    match, script = play_plan(PLANS["whist"])
    assert script.table is not None
    p = next(q for q in match.plays if q.events == script.table.events)
    final = p.score
    again = Match(match.code, match.schedule, match.trays, match.seed)
    again.add(replace(p, score=Table.from_events(p.events).score(duplicate=True)))
    assert again.plays[0].score.result.average is None
    for q in match.plays:
        if q.tray == p.tray and q is not p:
            again.add(q)
    assert again.plays[0].score == final


# -- the web app ----------------------------------------------------------------------------


@dataclass
class WebGame:
    kind: str
    client: TestClient
    game: str
    director: str
    token: str  # a player who sat at the table of the irregularity
    table: int
    deal: int
    tray: int
    figures: tuple[int, int]
    law: str  # the law the penalty's line cites


LAWS = {"royalton": "Law 99 (royalton)", "daw": "Law 101B (daw)", "whist": "Law X §4 (whist)"}


def _play_web(plan: Plan, url: str) -> tuple[str, str, int, int, str, DealScore, float | None]:
    """Play the plan's match in the web service, robots in every seat (each
    player lets the robot act for him), the irregularity committed as the
    plan says; the service plays it through at once, with no event loop."""
    script = plan.script()
    svc: Service | None = None

    def where(t: Table) -> tuple[int, int, int]:
        assert svc is not None
        lt = next(lt for lt in svc.tables.values() if lt.table is t)
        return lt.round, lt.number, lt.trays[lt.deal_index].tray

    real_act = web_robots.act

    def act(t: Table, players: Any, rng: random.Random, score: Any = None) -> None:
        if not plan.acts(script, where(t), t):
            real_act(t, players, rng, score)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(web_robots, "act", act)
        mp.setattr(LiveTable, "is_robot", lambda self, seat: True)
        svc = Service(url)
        schedule = plan.schedule()
        made = svc.create_game(
            {
                "kind": "match",
                "code": plan.code,
                "mode": "laws",
                "seed": plan.seed,
                "movement": plan.movement,
                "tables": plan.tables,
                "deals": plan.deals,
                "players": list(schedule.players),
            }
        )
        game = made["game"]
        assert svc.games[game].row.finished
        assert script.table is not None
        lt, d = next(
            (lt, d) for lt in svc.tables.values() for d, _sc, t in lt.scores if t is script.table
        )
        token = next(tok for s in Seat if (tok := lt.token_at(s)) is not None)
        match = svc.match_of(svc.games[game])
        p = next(q for q in match.plays if q.events == script.table.events)
        average = tray_average(match.plays, p)
        score = Table.from_events(p.events).score(average, duplicate=True)
        svc.close()
    return game, made["director"].rsplit("/", 1)[-1], lt.id, d, token, score, average


@pytest.fixture(scope="module", params=list(PLANS))
def web(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[WebGame]:
    kind = request.param
    plan = PLANS[kind]
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'one_scorer.sqlite3'}"
    game, director, table, deal, token, score, average = _play_web(plan, url)
    figures = totals(score)
    with TestClient(create_app(url)) as client:  # started again from the database
        svc: Service = client.app.state.service  # type: ignore[attr-defined]
        events = svc.deal_log(table, deal, director=director)
        assert figures == by_hand(kind, events, average)
        if kind == "whist":
            assert figures != totals(Table.from_events(events).score(duplicate=True))
        assert client.post(f"/api/director/{director}/publish").status_code == 200
        yield WebGame(
            kind, client, game, director, token, table, deal,
            svc.tables[table].trays[deal].tray, figures, LAWS[kind],
        )  # fmt: skip


def test_web_table_page_deal_over_shows_the_tables_score(web: WebGame) -> None:
    """The deal_over record the table page shows at the end of the deal, and
    the seat's state when it comes back to the finished table."""
    svc: Service = web.client.app.state.service  # type: ignore[attr-defined]
    with svc.engine.connect() as conn:
        data = conn.execute(
            select(EventRow.data).where(
                EventRow.table_id == web.table,
                EventRow.deal == web.deal,
                EventRow.type == "deal_over",
            )
        ).scalar_one()
    # The whist revoke is at the tray's last play, after the others: its
    # deal_over has their average already (AWL X §4).
    assert tuple(data["score"]["total"]) == web.figures
    history = web.client.get(f"/api/seat/{web.token}").json()["history"]
    row = next(r for r in history if (r["table"], r["deal"]) == (web.table, web.deal))
    assert tuple(row["score"]) == web.figures


def test_web_score_card_shows_the_tables_score(web: WebGame) -> None:
    rows = web.client.get(f"/api/seat/{web.token}/scorecard").json()["scorecard"]
    row = next(r for r in rows if (r["table"], r["deal"]) == (web.table, web.deal))
    assert tuple(row["score"]) == web.figures
    # The printable card: the entries the page renders, and its honor column's law.
    svc: Service = web.client.app.state.service  # type: ignore[attr-defined]
    entries = [
        e for card in svc.seat_cards(web.token, "") for e in card.entries if e.number == web.tray
    ]
    assert [(e.total(0), e.total(1)) for e in entries] == [web.figures]
    page = web.client.get(f"/t/{web.token}/card")
    assert page.status_code == 200
    if web.kind != "whist":  # a trick card has no honor column
        assert web.law in page.text


def test_web_traveller_shows_the_tables_score(web: WebGame) -> None:
    t = web.client.get(f"/api/seat/{web.token}/traveller/{web.tray}").json()
    svc: Service = web.client.app.state.service  # type: ignore[attr-defined]
    lt = svc.tables[web.table]
    line = next(ln for ln in t["plays"] if (ln["round"], ln["table"]) == (lt.round, lt.number))
    assert (line["ns_score"], line["ew_score"]) == web.figures


def test_web_published_results_show_the_tables_score(web: WebGame) -> None:
    res = web.client.get(f"/api/results/{web.game}").json()
    svc: Service = web.client.app.state.service  # type: ignore[attr-defined]
    lt = svc.tables[web.table]
    line = next(
        ln
        for t in res["travellers"]
        if t["tray"] == web.tray
        for ln in t["plays"]
        if (ln["round"], ln["table"]) == (lt.round, lt.number)
    )
    assert (line["ns_score"], line["ew_score"]) == web.figures
    play = "overplay" if lt.trays[web.deal].overplay else "original"
    entries = [
        e
        for c in res["cards"]
        if (c["table"], c["play"]) == (lt.number, play)
        for e in c["deals"]
        if e["deal"] == web.tray
    ]
    assert len(entries) == 2
    assert all((e["ns"]["total"], e["ew"]["total"]) == web.figures for e in entries)
    page = web.client.get(f"/r/{web.game}")
    assert page.status_code == 200
    if web.kind != "whist":
        assert web.law in page.text


def test_web_pbn_downloads_have_the_tables_score(web: WebGame) -> None:
    one = web.client.get(f"/api/seat/{web.token}/deal/{web.table}/{web.deal}.pbn").text
    assert _pbn_totals(one) == web.figures
    # In the whole game's file, the game whose log is this deal's.
    svc: Service = web.client.app.state.service  # type: ignore[attr-defined]
    log = json.dumps(
        jsonlog.events_to_json(svc.deal_log(web.table, web.deal, director=web.director)),
        separators=(",", ":"),
    )
    whole = web.client.get(f"/api/results/{web.game}.pbn").text
    games = [g for g in pbn.parse_games(whole) if g.tags.get("AuctionWhistLog") == log]
    assert len(games) == 1 and _score_tag(games[0].tags["AuctionWhistScore"]) == web.figures


def test_web_json_downloads_have_the_tables_score(web: WebGame) -> None:
    one = web.client.get(f"/api/seat/{web.token}/deal/{web.table}/{web.deal}.json").json()
    assert (one["score"]["ns"]["total"], one["score"]["ew"]["total"]) == web.figures
    first = jsonlog.events_from_json(one)[0]  # the score is not read back
    assert isinstance(first, Dealt) and first.code == PLANS[web.kind].code
    whole = web.client.get(f"/api/results/{web.game}.json").json()
    row = next(r for r in whole["deals"] if (r["table"], r["deal"]) == (web.table, web.deal))
    assert (row["score"]["ns"]["total"], row["score"]["ew"]["total"]) == web.figures


def test_law_x_4_the_average_is_of_the_same_hands_when_the_tray_is_turned() -> None:
    """Two pairs: tray 1 is overplayed with its North placed East, so this
    table's North-South hold the tray's East-West hands; the average is of the
    tricks those hands took at the original play."""
    plan = Plan("whist", "whist", "two-pairs", None, 2, 1, (2, 1, 1))
    match, script = play_plan(plan)
    assert script.table is not None
    p = next(q for q in match.plays if q.events == script.table.events)
    assert p.tray_play.north_at == Seat.EAST
    (first,) = [q for q in match.plays if q.tray == p.tray and q is not p]
    assert first.tray_play.north_at == Seat.NORTH
    ew_then = Table.from_events(first.events).tricks_won()[1]
    assert p.score.result.average == ew_then
    assert totals(p.score) == totals(Table.from_events(p.events).score(ew_then, duplicate=True))
