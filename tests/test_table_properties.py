"""The table as a state machine, tried on random action sequences under every
code, in enforce and in laws mode: the log is the record of truth (a replay
gives the same state), ``pop`` undoes exactly one action, ``can`` agrees with
``verify`` and with ``act``, and an enforcing table records no irregularity."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionwhist.calls import Bid, Call, Other
from auctionwhist.cards import Seat, card_str
from auctionwhist.codes import CODES
from auctionwhist.dealing import deal
from auctionwhist.errors import WhistError
from auctionwhist.laws.offences import offences_for
from auctionwhist.records import (
    Action,
    Bridged,
    CallMade,
    CardExposed,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    IrregularCall,
    IrregularCard,
    Irregularity,
    LeadCalled,
    RenounceCorrected,
    Ruling,
)
from auctionwhist.table import Table

# Calls a player may try in or out of turn: passes, doubles, low and high bids,
# one impossible bid.
_CALLS: tuple[Call, ...] = (
    Other.PASS,
    Other.DOUBLE,
    Other.REDOUBLE,
    Bid(1, "H"),
    Bid(2, "S"),
    Bid(4, "NT"),
    Bid(8, "C"),
)
_REGULAR = (CallMade, CardPlayed, Claimed, ClaimAnswered, Bridged, LeadCalled)


def _cards(hand: int) -> list[int]:
    return [c for c in range(52) if hand >> c & 1]


def _lowest_of_each_suit(hand: int) -> list[int]:
    return [next(c for c in _cards(hand) if c // 13 == s) for s in {c // 13 for c in _cards(hand)}]


def candidates(t: Table) -> tuple[list[Action], list[Action]]:
    """What a player might do now: the regular actions, and the irregular ones
    (and the rare ones: claims, reports)."""
    regular: list[Action] = []
    other: list[Action] = []
    if t.phase == "auction":
        assert t.auction is not None
        regular += [CallMade(t.auction.turn, c) for c in t.legal_calls()]
        other += [IrregularCall(s, c) for s in Seat for c in _CALLS]
        other += [CardExposed(s, _cards(t.deal.hands[s])[0]) for s in Seat]
    elif t.phase == "bridging":
        assert t.declarer is not None
        regular += [Bridged(t.declarer), LeadCalled(t.declarer)]
    elif t.phase == "play":
        p = t.play
        assert p is not None
        legal = t.legal_cards()
        regular += [CardPlayed(p.turn, c) for c in legal]
        other += [CardPlayed(p.turn, c) for c in _cards(p.hands[p.turn]) if c not in legal]
        for s in Seat:
            other += [IrregularCard(s, c) for c in _lowest_of_each_suit(p.hands[s])]
            if p.hands[s]:
                other.append(CardExposed(s, _cards(p.hands[s])[-1]))
            other += [Claimed(s, n) for n in (0, 13 - len(p.tricks))]
            r = t.penalties.open_renounce(s)
            if r is not None:
                other.append(RenounceCorrected(s, r.card))
    elif t.phase == "claim":
        claim = t.claim_pending
        assert claim is not None
        s = claim.seat
        regular += [ClaimAnswered(a, ok) for a in (s.left, s.right) for ok in (True, False)]
    elif t.phase == "penalty":
        p = t.pending
        assert p is not None
        for o in p.offence.options:
            if o.arg == "suit":
                args = ["S", "H"]
            elif o.arg == "card":
                liable = sorted(t.penalties.liable.get(p.target or p.seat, ()))
                args = ["", *(card_str(c) for c in liable[:1])]
            else:
                args = [""]
            regular += [Ruling(s, p.offence.key, o.key, a) for s in p.choosers for a in args]
    if t.phase in ("auction", "play"):
        phase = "auction" if t.phase == "auction" else "play"
        keys = [k for k, o in offences_for(t.code).items() if o.phase == phase]
        other += [Irregularity(s, k) for s in Seat for k in keys]
    return regular, other


def state(t: Table) -> tuple[Any, ...]:
    """Everything a player or a surface can see of the table."""
    a, p = t.auction, t.play
    return (
        t.events,
        t.phase,
        t.to_act,
        t.legal_calls(),
        t.legal_cards(),
        t.pending,
        t.claim_pending,
        t.face_up,
        t.revokes(),
        t.tricks_won(),
        copy.deepcopy(t.penalties),  # a snapshot: the table changes it in place
        None if a is None else (tuple(a.calls), a.bid, a.bidder, a.doubled, a.is_over, a.turn),
        None if p is None else (tuple(p.hands), tuple(p.trick), tuple(p.tricks), p.leader, p.turn),
        t.score() if t.is_over else None,
    )


def refused(t: Table, action: Action) -> bool:
    try:
        t.verify(action)
    except WhistError:
        return True
    return False


def play_out(t: Table, data: st.DataObject, steps: int = 160) -> None:
    """Random lawful actions to the end of the deal (or ``steps``), checking the
    properties at each step."""
    for _ in range(steps):
        if t.is_over:
            return
        regular, other = candidates(t)
        for a in regular + other:
            assert t.can(a) is not refused(t, a), a
        lawful_other = [a for a in other if t.can(a)]
        lawful = [a for a in regular if t.can(a)]
        if lawful_other and (not lawful or data.draw(st.integers(0, 7)) == 0):
            lawful = lawful_other
        assert lawful, f"nothing can be done in phase {t.phase}"
        action = data.draw(st.sampled_from(lawful))
        refusals = [a for a in regular + other if not t.can(a)]
        if refusals:
            # A refused action raises and leaves no trace.
            no = data.draw(st.sampled_from(refusals))
            before = state(t)
            with pytest.raises(WhistError):
                t.act(no)
            assert state(t) == before
        before = state(t)
        rec = t.act(action)
        after = state(t)
        assert Table.from_events(t.events).events == t.events
        assert state(Table.from_events(t.events)) == after
        assert t.pop() == rec and state(t) == before
        assert t.act(rec) == rec and state(t) == after


_CASES = [(code, mode) for code in CODES for mode in ("enforce", "laws")]


@pytest.mark.slow  # whole random deals, each replayed and popped action by action
@pytest.mark.parametrize(("code", "mode"), _CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), data=st.data())
def test_random_deals_replay_pop_and_can(
    code: str, mode: str, seed: int, data: st.DataObject
) -> None:
    t = Table(code, deal(code, seed=seed), mode)
    play_out(t, data)
    if mode == "enforce":
        assert all(isinstance(e, _REGULAR) for e in t.events[1:])
        assert t.penalties.pending is None and t.revokes() == ()


def test_pop_refuses_with_no_action_taken() -> None:
    t = Table("daw", deal("daw", seed=3), "laws")
    with pytest.raises(WhistError, match="no action"):
        t.pop()
    rec = t.call(Bid(1, "H"))
    assert t.pop() == rec and t.events == Table("daw", deal("daw", seed=3), "laws").events


def test_enforce_mode_refuses_what_laws_mode_records() -> None:
    """The same insufficient bid: refused with the law cited when the table
    enforces, an ``IrregularCall`` awaiting its ruling under the laws."""
    d = deal("daw", seed=5)
    strict, lax = Table("daw", d), Table("daw", d, "laws")
    for t in (strict, lax):
        t.call(Bid(2, "H"))
    low = IrregularCall(strict.to_act or Seat.NORTH, Bid(1, "S"))
    assert not strict.can(low) and lax.can(low)
    with pytest.raises(WhistError, match="insufficient"):
        strict.act(low)
    assert lax.act(low) == low and lax.phase == "penalty"
    assert lax.pending is not None and lax.pending.offence.key == "insufficient_bid"
