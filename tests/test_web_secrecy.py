"""Issue 7 §4: no message to a seat ever holds a card that seat may not see.

Full deals are played through the service (four people, or one with
robots); every message sent is checked against what the authoritative table
shows that seat at that moment: its own hand, every card played, exposed or
played irregularly, dummy's hand after the opening lead (daw 46, Whist Club
40, Royalton 31), and all four hands once the deal is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionwhist.cards import Seat, card_from_str
from auctionwhist.records import CardExposed, CardPlayed, IrregularCard
from auctionwhist.web.bench import choose
from auctionwhist.web.service import Conn, LiveTable, Service, WebError

CARD = re.compile(r"^[SHDC][2-9TJQKA]$")
PBN = re.compile(r"[NESW]:\S*\.\S*\.")


def cards_in(obj: Any) -> set[int]:
    """Every card string anywhere in a message."""
    out: set[int] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            out |= cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v)
    elif isinstance(obj, str):
        assert not PBN.search(obj), f"a whole deal in PBN went to a seat: {obj}"
        if CARD.match(obj):
            out.add(card_from_str(obj))
    return out


def visible(lt: LiveTable, seat: Seat) -> set[int]:
    """What ``seat`` may see at this moment, from the table itself."""
    t = lt.table
    assert t is not None
    hands = t.deal.hands
    seen = {c for c in range(52) if hands[seat] >> c & 1}
    for ev in t.events:
        if isinstance(ev, CardPlayed | IrregularCard | CardExposed):
            seen.add(ev.card)
    if t.deal.turned is not None:
        seen.add(t.deal.turned)  # AWL III §1: the trump card is turned for all to see
    if t.play is not None and t.play.dummy_faced and t.play.dummy is not None:
        seen |= {c for c in range(52) if hands[t.play.dummy] >> c & 1}
    if t.phase == "done":
        seen = set(range(52))
    return seen


class Watcher:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.checked = 0
        service.observer = self.check

    def check(self, lt: LiveTable, token: str | None, msg: dict[str, Any]) -> None:
        assert token is not None
        seat = next(s for s in Seat if lt.token_at(s) == token)
        extra = cards_in(msg) - visible(lt, seat)
        assert not extra, f"{seat.name} was sent cards it may not see: {extra} in {msg}"
        assert "hands" not in msg.get("event", {}) or msg["event"]["type"] == "deal_over"
        self.checked += 1


async def submit(service: Service, conn: Conn, msg: dict[str, Any]) -> None:
    """An intention as a seat's socket makes it (``Service.submit``: its ack
    comes after the group commit), then that commit."""
    service.submit(conn, msg)
    await service.durable()


async def play_through(service: Service, spec: dict[str, Any], seed: int) -> int:
    """Play a game with random legal intentions from every person's seat,
    checking each state snapshot as well; the number of intentions."""
    game = service.create_game(spec)
    tokens = [u.rsplit("/", 1)[-1] for u in (game.get("seats") or game["players"]).values()]
    conns = {}
    for tok in tokens:
        conns[tok] = c = Conn(tok)
        service.subscribe(c)
        for m in service.catch_up(tok, None):
            c.push(m)
    rng = random.Random(seed)
    acts = 0
    for _ in range(5000):
        await asyncio.sleep(0)  # let the robots' tasks run
        moved = False
        for tok, c in conns.items():
            while not c.queue.empty():
                msg = c.queue.get_nowait()
                moved = True
                lt, seat = service.current(tok)
                if msg["type"] == "state":
                    extra = cards_in(msg) - visible(lt, seat) if lt.table else set()
                    assert not extra, f"state for {seat.name} shows {extra}"
                if msg["type"] == "moved":
                    c.push(service.catch_up(tok, None)[0])
                    continue
                if msg["type"] not in ("event", "state") or msg.get("phase") == "finished":
                    continue
                if msg["type"] == "event" and "phase" not in msg:
                    continue
                action = choose(msg, rng)
                if action is None:
                    continue
                if rng.random() < 0.05 and msg.get("phase") == "play":
                    claim = {"type": "claim", "tricks": rng.randint(0, 3)}
                    with contextlib.suppress(WebError):  # dummy may not claim
                        await submit(service, c, claim)
                        acts += 1
                        continue
                await submit(service, c, action)
                acts += 1
        if not moved and not service.tasks:
            if all(service.current(t)[0].finished for t in tokens):
                break
            for t in tokens:
                lt, seat = service.current(t)
                if lt.table is not None and lt.table.phase == "claim" and lt.table.to_act == seat:
                    await submit(service, conns[t], {"type": "answer_claim", "accept": True})
    return acts


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    code=st.sampled_from(["daw", "auction", "royals", "royalton", "whist"]),
    humans=st.sampled_from([["N", "E", "S", "W"], ["S"], ["E", "N"]]),
    seed=st.integers(0, 10**6),
)
def test_no_seat_is_sent_a_card_it_may_not_see(
    tmp_path: Path, code: str, humans: list[str], seed: int
) -> None:
    service = Service(f"sqlite:///{tmp_path}/s{seed}-{code}-{len(humans)}.sqlite3")
    watcher = Watcher(service)
    spec = {"kind": "deal", "code": code, "humans": humans, "seed": seed}
    asyncio.run(play_through(service, spec, seed))
    assert watcher.checked > 3
    lt = next(iter(service.tables.values()))
    assert lt.finished and lt.scores


def test_match_player_sees_only_his_trays_and_no_traveller_before_playing(tmp_path: Path) -> None:
    """Issue 7 §4: trays not yet played by a player, and their results, stay hidden."""
    service = Service(f"sqlite:///{tmp_path}/m.sqlite3")
    watcher = Watcher(service)
    spec = {"kind": "match", "code": "daw", "movement": "two-teams-of-four", "deals": 2,
            "players": ["A"], "seed": 3}  # fmt: skip
    game = service.create_game(spec)
    token = game["players"]["A"].rsplit("/", 1)[-1]
    lt, _seat = service.current(token)
    first = lt.trays[0].tray
    try:
        service.traveller(token, first)
        raise AssertionError("a traveller was shown before the tray was played")
    except WebError as e:
        assert e.status == 403
    asyncio.run(play_through_existing(service, token))
    assert watcher.checked > 20
    assert service.traveller(token, first)["tray"] == first


async def play_through_existing(service: Service, token: str) -> None:
    rng = random.Random(1)
    c = Conn(token)
    service.subscribe(c)
    c.push(service.catch_up(token, None)[0])
    for _ in range(5000):
        await asyncio.sleep(0)
        if c.queue.empty():
            if not service.tasks:
                break
            continue
        msg = c.queue.get_nowait()
        if msg["type"] == "moved":
            c.push(service.catch_up(token, None)[0])
            continue
        if msg["type"] not in ("event", "state") or "phase" not in msg:
            continue
        action = choose(msg, rng)
        if action is not None and msg.get("phase") != "finished":
            with contextlib.suppress(WebError):
                await submit(service, c, action)
