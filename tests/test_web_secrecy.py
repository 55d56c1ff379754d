"""Issue 7 §4: no message to a seat ever holds a card that seat may not see.

Full deals are played through the service (four people, or one with
robots); every message sent is checked against what the authoritative table
shows that seat at that moment: its own hand, every card played, exposed or
played irregularly, dummy's hand after the opening lead (daw 46, Whist Club
40, Royalton 31), the cards a law lays face up on the table from the moment
it does (daw 86: an adversary's claim lays his partner's hand face up), and
all four hands once the deal is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionwhist.cards import Seat, card_from_str, card_str
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


def visible(lt: LiveTable, seat: Seat, face_up_rule: bool = True) -> set[int]:
    """What ``seat`` may see at this moment, from the table itself
    (``face_up_rule=False``: as if no law laid a card face up)."""
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
    if face_up_rule:
        # The cards liable to be called: the laws lay them face upward on
        # the table until played (daw 80, 86); played ones are seen above.
        for bits in t.face_up.values():
            seen |= {c for c in range(52) if bits >> c & 1}
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
                if lt.table is None or lt.table.to_act != seat:
                    continue
                if lt.table.phase == "claim":
                    # Disputed claims go on with the claimant's partner's
                    # cards face up in laws mode (daw 86).
                    answer = {"type": "answer_claim", "accept": rng.random() < 0.5}
                    await submit(service, conns[t], answer)
                elif lt.table.phase == "penalty":
                    await rule(service, conns[t], lt)
    return acts


async def rule(service: Service, conn: Conn, lt: LiveTable) -> None:
    """The entitled person's ruling (``conn`` is his): the first option the law
    offers that can be carried out, as a robot rules."""
    t = lt.table
    assert t is not None
    r = t.workable_ruling()
    await submit(service, conn, {"type": "rule", "option": r.option, "arg": r.arg})


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    code=st.sampled_from(["daw", "auction", "royals", "royalton", "whist"]),
    humans=st.sampled_from([["N", "E", "S", "W"], ["S"], ["E", "N"]]),
    mode=st.sampled_from(["enforce", "laws"]),
    seed=st.integers(0, 10**6),
)
def test_no_seat_is_sent_a_card_it_may_not_see(
    tmp_path: Path, code: str, humans: list[str], mode: str, seed: int
) -> None:
    service = Service(f"sqlite:///{tmp_path}/s{seed}-{code}-{len(humans)}-{mode}.sqlite3")
    watcher = Watcher(service)
    spec = {"kind": "deal", "code": code, "mode": mode, "humans": humans, "seed": seed}
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


def _four_at_a_laws_table(
    tmp_path: Path, code: str, mode: str
) -> tuple[Service, Watcher, dict[Seat, Conn], LiveTable]:
    service = Service(f"sqlite:///{tmp_path}/up-{code}-{mode}.sqlite3")
    watcher = Watcher(service)
    game = service.create_game({"kind": "deal", "code": code, "mode": mode,
                                "humans": list("NESW"), "seed": 21})  # fmt: skip
    conns = {}
    for s, url in game["seats"].items():
        conns[Seat.from_char(s)] = c = Conn(url.rsplit("/", 1)[-1])
        service.subscribe(c)
    lt = next(iter(service.tables.values()))
    return service, watcher, conns, lt


async def _play_until_an_adversary_leads(
    service: Service, conns: dict[Seat, Conn], lt: LiveTable, tricks: int
) -> Seat:
    """Play random legal intentions until ``tricks`` tricks are quitted and an
    adversary of the declarant (any player at whist) is to lead."""
    rng = random.Random(5)
    for _ in range(400):
        t = lt.table
        assert t is not None and t.phase in ("auction", "bridging", "play")
        seat = t.to_act
        assert seat is not None
        play = t.play
        if (
            play is not None
            and len(play.tricks) >= tricks
            and not play.trick
            and (play.declarer is None or seat.side != play.declarer.side)
        ):
            return seat
        tok = conns[seat].token
        assert tok is not None
        action = choose(service.catch_up(tok, None)[0], rng)
        assert action is not None
        await submit(service, conns[seat], action)
    raise AssertionError("no adversary came to lead")


def _messages(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        out.append(conn.queue.get_nowait())
    return out


@pytest.mark.parametrize(("code", "law"), [("daw", "Law 86 (daw)"),
                                           ("whist", "Law VII §2 (whist)")])  # fmt: skip
def test_law_86_claim_by_an_adversary_lays_his_partners_hand_face_up_for_all_daw(
    tmp_path: Path, code: str, law: str
) -> None:
    """daw 86 (AWL VII §2): "I can win the rest" by an adversary of the
    declarant lays his partner's hand face up, liable to be called. Its cards
    go to every seat with the claim, not one message earlier; as the partner
    plays them they leave the table's face-up cards."""
    service, watcher, conns, lt = _four_at_a_laws_table(tmp_path, code, "laws")

    async def run() -> None:
        claimant = await _play_until_an_adversary_leads(service, conns, lt, 2)
        partner = claimant.partner
        t = lt.table
        assert t is not None and t.play is not None
        held = {c for c in range(52) if t.play.hands[partner] >> c & 1}
        before = {s: _messages(c) for s, c in conns.items()}
        # Until the claim, the partner's cards went to no other seat.
        for s, msgs in before.items():
            if s != partner and not (t.play.dummy_faced and t.play.dummy == partner):
                assert not held & cards_in(msgs)
        await submit(service, conns[claimant], {"type": "claim", "tricks": 1})
        shown = sorted(held)
        for s, c in conns.items():
            ups = [m["event"] for m in _messages(c)
                   if m["type"] == "event" and m["event"]["type"] == "face_up"]  # fmt: skip
            assert len(ups) == 1, s
            assert ups[0]["seat"] == partner.name[0] and ups[0]["law"] == law
            assert sorted(card_from_str(x) for x in ups[0]["cards"]) == shown
            if s not in (partner, t.play.dummy):
                # Without the law these cards were that seat's secret.
                assert held - visible(lt, s, face_up_rule=False)
        # The claim disputed, the play goes on with the cards face up.
        answer = next(s for s in (claimant.left, claimant.right) if s != t.play.dummy)
        await submit(service, conns[answer], {"type": "answer_claim", "accept": False})
        tok = conns[claimant.left].token
        assert tok is not None
        state = service.catch_up(tok, None)[0]
        assert sorted(map(card_from_str, state["face_up"][partner.name[0]])) == shown
        while t.phase == "penalty":  # daw 107: whether a liable card is called
            await rule(service, conns[t.to_act or Seat.NORTH], lt)
        while t.phase == "play" and t.to_act != partner:
            tok = conns[t.to_act or Seat.NORTH].token
            assert tok is not None
            msg = service.catch_up(tok, None)[0]
            await submit(service, conns[t.to_act or Seat.NORTH],
                         {"type": "play", "card": msg["legal_cards"][0]})  # fmt: skip
            while t.phase == "penalty":
                await rule(service, conns[t.to_act or Seat.NORTH], lt)
        if t.phase == "play":
            msg = service.catch_up(partner_tok := conns[partner].token or "", None)[0]
            card = msg["legal_cards"][0]
            await submit(service, conns[partner], {"type": "play", "card": card})
            state = service.catch_up(partner_tok, None)[0]
            assert card not in state["face_up"].get(partner.name[0], [])

    asyncio.run(run())
    assert watcher.checked > 30
    # A server started again on the same database knows what lies face up
    # (issue 7 §5), and so sends no second face_up for the same cards.
    again = Service(service.engine.url.render_as_string(hide_password=False))
    assert again.tables[lt.id].face_up == lt.face_up
    again.close()
    service.close()


def test_in_enforce_mode_a_claim_lays_no_hand_face_up(tmp_path: Path) -> None:
    """Outside laws mode no law is applied to a claim (docs/web.md): the
    claimant's partner's hand stays his own until the deal is over."""
    service, watcher, conns, lt = _four_at_a_laws_table(tmp_path, "daw", "enforce")

    async def run() -> None:
        claimant = await _play_until_an_adversary_leads(service, conns, lt, 2)
        for c in conns.values():
            _messages(c)
        await submit(service, conns[claimant], {"type": "claim", "tricks": 1})
        t = lt.table
        assert t is not None and t.play is not None
        held = {c for c in range(52) if t.play.hands[claimant.partner] >> c & 1}
        for s, c in conns.items():
            msgs = _messages(c)
            assert msgs and not any(m.get("event", {}).get("type") == "face_up" for m in msgs)
            if s is not claimant.partner and s is not t.play.dummy:
                assert not held & cards_in(msgs)

    asyncio.run(run())
    assert watcher.checked > 30


def test_law_80_an_exposed_card_goes_to_every_seat_and_nothing_else_of_the_hand(
    tmp_path: Path,
) -> None:
    """daw 80 (issue 17 item 11): a card an adversary exposes from the page
    lies face up for the whole table: every seat is sent it, with the law,
    and no other card of his hand; the Watcher checks every message."""
    service, watcher, conns, lt = _four_at_a_laws_table(tmp_path, "daw", "laws")

    async def run() -> None:
        leader = await _play_until_an_adversary_leads(service, conns, lt, 1)
        t = lt.table
        assert t is not None and t.play is not None
        shower = leader.partner  # not to play: he exposes a card out of turn
        held = [c for c in range(52) if t.play.hands[shower] >> c & 1]
        card = held[-1]
        for c in conns.values():
            _messages(c)
        await submit(service, conns[shower], {"type": "expose", "card": card_str(card)})
        for s, c in conns.items():
            msgs = _messages(c)
            ups = [m["event"] for m in msgs
                   if m["type"] == "event" and m["event"]["type"] == "face_up"]  # fmt: skip
            assert len(ups) == 1 and ups[0]["cards"] == [card_str(card)], s
            assert ups[0]["law"] == "Law 80 (daw)"
            if s != shower:
                assert not (set(held) - {card}) & cards_in(msgs), s
            tok = c.token
            assert tok is not None
            state = service.catch_up(tok, None)[0]
            assert state["face_up"] == {shower.name[0]: [card_str(card)]}
            if s != shower:
                assert not (set(held) - {card}) & cards_in(state), s

    asyncio.run(run())
    assert watcher.checked > 10
    service.close()


# -- issue 17 item 12: the robots' calls explained, the review -------------------------


def _explained_during(c: Any, token: str, table: int) -> dict[str, Any]:
    r = c.get(f"/api/seat/{token}/calls/{table}/0")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("code", ["daw", "auction", "royals", "royalton"])
def test_a_robots_call_is_explained_only_in_general_before_the_deal_is_over(
    client: Any, code: str
) -> None:
    """While the deal is played a robot's call is explained only as the
    period's published conventions let every player know it (the rule's
    meaning and passage), never with its hand's facts (docs/decisions.md);
    the full reasons once the deal is over."""
    from auctionwhist.robots.bidding.robot import MEANINGS
    from web_helpers import connect

    made = client.post("/api/games", json={"kind": "deal", "code": code, "seed": 5,
                                           "humans": ["S"]}).json()  # fmt: skip
    south = made["seats"]["S"].rsplit("/", 1)[-1]
    table = client.get(f"/api/seat/{south}").json()["table"]
    rng = random.Random(5)
    asked = robots = 0
    with connect(client, f"/ws/{south}") as ws:
        for _ in range(200):
            ws.send_json({"type": "hello"})
            state = ws.receive_json()
            while state["type"] != "state":
                state = ws.receive_json()
            if state["phase"] != "auction":
                break
            seen = _explained_during(client, south, table)
            asked += 1
            assert not seen["over"]
            assert len(seen["calls"]) == len(state["calls"])
            for c in seen["calls"]:
                assert "full" not in c
                if c["robot"]:
                    robots += 1
                    general = MEANINGS.get(c["rule"], "The only call open to the seat.")
                    assert c["meaning"] == general
            # Nor a word of a review before the end.
            assert client.get(f"/api/seat/{south}/review/{table}/0").status_code == 409
            assert state["my_turn"]
            ws.send_json({"type": "call", "call": rng.choice(state["legal_calls"])})
            while ws.receive_json()["type"] != "ack":
                pass
    assert asked and robots


@pytest.mark.parametrize("mode,humans", [("laws", ["S"]), ("enforce", ["N", "S"])])
def test_no_call_is_explained_in_laws_mode_or_among_people_before_the_end(
    client: Any, mode: str, humans: list[str]
) -> None:
    """In laws mode, or at a table of people, a player learns of the others'
    hands only from their calls: nothing is explained until the deal is over."""
    made = client.post("/api/games", json={"kind": "deal", "code": "auction", "seed": 5,
                                           "mode": mode, "humans": humans}).json()  # fmt: skip
    south = made["seats"]["S"].rsplit("/", 1)[-1]
    table = client.get(f"/api/seat/{south}").json()["table"]
    r = client.get(f"/api/seat/{south}/calls/{table}/0")
    assert r.status_code == 403 and "only from their calls" in r.json()["message"]
    assert client.get(f"/api/seat/{south}/review/{table}/0").status_code == 409
