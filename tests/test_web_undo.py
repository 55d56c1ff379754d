"""Issue 17 item 12: undo in a game against robots, and nowhere else.

A person alone with three robots, outside laws mode, may take back his last
call or card and the robots' actions after it; the undo is an appended
``undone`` event (docs/decisions.md), so a restart replays the table as it
was left. At a table of people, or in laws mode, it is refused.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from auctionwhist.calls import call_str
from auctionwhist.cards import Seat, card_str
from auctionwhist.records import CardPlayed
from auctionwhist.web.live import LiveTable, WebError
from auctionwhist.web.seats import Conn
from auctionwhist.web.service import Service


def _table(tmp_path: Path, **spec: Any) -> tuple[str, Service, Conn, LiveTable]:
    db = f"sqlite:///{tmp_path}/undo.sqlite3"
    service = Service(db)
    body = {"kind": "deal", "code": "auction", "seed": 4, "humans": ["S"], **spec}
    game = service.create_game(body)
    conn = Conn(game["seats"]["S"].rsplit("/", 1)[-1])
    service.subscribe(conn)
    lt = next(iter(service.tables.values()))
    return db, service, conn, lt


async def _do(service: Service, conn: Conn, msg: dict[str, Any]) -> None:
    """An intention, its commit, and the robots' replies to it."""
    service.submit(conn, msg)
    await service.durable()
    while service.tasks:
        await asyncio.gather(*list(service.tasks))
    await service.durable()


async def _act(service: Service, conn: Conn, lt: LiveTable) -> None:
    """South's first legal action."""
    t = lt.table
    assert t is not None and t.to_act is Seat.SOUTH
    if t.phase == "auction":
        assert t.auction is not None
        await _do(service, conn, {"type": "call", "call": call_str(t.legal_calls()[0])})
    elif t.phase == "bridging":
        await _do(service, conn, {"type": "bridge"})
    else:
        await _do(service, conn, {"type": "play", "card": card_str(t.legal_cards()[0])})


def _replayed(db: str, lt: LiveTable) -> tuple[Any, ...]:
    """The table's records as a restarted server rebuilds them."""
    again = Service(db)
    t = again.tables[lt.id].table
    assert t is not None
    return tuple(t.events)


def test_undo_a_call_takes_back_the_robots_calls_after_it(tmp_path: Path) -> None:
    db, service, conn, lt = _table(tmp_path)

    async def run() -> None:
        t = lt.table
        assert t is not None and t.to_act is Seat.SOUTH and t.phase == "auction"
        before = tuple(t.events)
        await _act(service, conn, lt)
        assert lt.table is not None and len(lt.table.events) > len(before) + 1  # robots too
        await _do(service, conn, {"type": "undo"})
        assert lt.table is not None and tuple(lt.table.events) == before
        assert lt.table.to_act is Seat.SOUTH
        # Durable: a restart replays the table to the same place.
        assert _replayed(db, lt) == before
        # The table plays on after the undo.
        await _act(service, conn, lt)
        assert len(lt.table.events) > len(before)

    asyncio.run(run())


def test_undo_a_card_mid_trick(tmp_path: Path) -> None:
    db, service, conn, lt = _table(tmp_path)

    async def run() -> None:
        for _ in range(200):
            t = lt.table
            assert t is not None
            if t.phase == "play" and t.to_act is Seat.SOUTH and len(t.play.trick) > 0:  # type: ignore[union-attr]
                break
            await _act(service, conn, lt)
        else:
            raise AssertionError("South never played to a trick others had led to")
        t = lt.table
        before = tuple(t.events)
        await _act(service, conn, lt)
        assert isinstance(lt.table.events[len(before)], CardPlayed)
        await _do(service, conn, {"type": "undo"})
        assert lt.table is not None and tuple(lt.table.events) == before
        assert _replayed(db, lt) == before

    asyncio.run(run())


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ({"humans": ["S", "W"]}, "at a table of people"),
        ({"mode": "laws"}, "laws mode"),
    ],
)
def test_undo_is_refused_with_people_or_in_laws_mode(
    tmp_path: Path, spec: dict[str, Any], why: str
) -> None:
    _db, service, conn, lt = _table(tmp_path, **spec)

    async def run() -> None:
        await _act(service, conn, lt)
        assert lt.table is not None
        before = tuple(lt.table.events)
        with pytest.raises(WebError) as e:
            service.submit(conn, {"type": "undo"})
        assert e.value.status == 409 and e.value.code == "no_undo"
        assert why in str(e.value)
        assert tuple(lt.table.events) == before

    asyncio.run(run())


def test_undo_before_any_action_of_ones_own_is_refused(tmp_path: Path) -> None:
    _db, service, conn, lt = _table(tmp_path)
    assert lt.table is not None
    before = tuple(lt.table.events)
    with pytest.raises(WebError) as e:
        service.submit(conn, {"type": "undo"})
    assert e.value.code == "no_undo" and "no call" in str(e.value)
    assert tuple(lt.table.events) == before
