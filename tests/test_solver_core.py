"""The compiled core against DDS (ordinary play) and plain minimax (nullo)."""

from __future__ import annotations

import itertools
import random
import signal
import threading
from typing import Any

import pytest

from auctionwhist.solver import _core
from auctionwhist.solver._exhaustive import exhaustive_ns_tricks
from auctionwhist.solver.dds import (
    dds_most_tricks,
    dds_solve_board,
    dds_solve_boards,
    dds_table_of_hands,
)
from auctionwhist.solver.verify import random_ending, verify_against_dds, verify_nullo_endings


def test_core_equals_dds_on_endings_every_strain_and_lead() -> None:
    """Seven-card endings: every strain, every opening leader (so every declarer)."""
    n, bad = verify_against_dds(deals=12, cards=7, seed=3)
    assert n == 12 * 5 * 4
    assert bad == []


@pytest.mark.slow  # whole deals solved twice
def test_core_table_equals_dds_table_on_a_whole_deal() -> None:
    """Thirteen cards a hand: our table (four opening leads sharing one
    transposition table) against DDS's CalcDDtable, every strain and declarer."""
    hands = random_ending(random.Random(5), 13)
    theirs = dds_table_of_hands(hands)
    for strain, trump in (("C", 0), ("D", 1), ("H", 2), ("S", 3), ("NT", -1)):
        ns, _ = _core.table(hands, trump, False)
        # declarer d: the lead is d's left-hand opponent's
        ours = tuple(ns[(d + 1) & 3] if d & 1 == 0 else 13 - ns[(d + 1) & 3] for d in range(4))
        assert ours == theirs[strain], strain


def test_dds_most_tricks_is_the_best_of_every_cards_score() -> None:
    """``dds_most_tricks`` (one best card a deal, the slam simulation's
    call) gives the side on lead what the best of every card's score gives."""
    rng = random.Random(9)
    deals = [random_ending(rng, 13) for _ in range(6)]
    for strain, leader in (("H", 1), ("NT", 0), ("C", 3)):
        every = dds_solve_boards(deals, strain, leader, ())
        assert dds_most_tricks(deals, strain, leader) == [max(b.values()) for b in every]


def test_core_scores_every_card_like_dds_mid_trick() -> None:
    rng = random.Random(8)
    for _ in range(15):
        hands = list(random_ending(rng, 6))
        leader = rng.randrange(4)
        # play two cards to the trick in progress: the lead, then a legal follow
        lead = max(c for c in range(52) if hands[leader] >> c & 1)
        hands[leader] ^= 1 << lead
        second = (leader + 1) & 3
        suit = 0x1FFF << (13 * (lead // 13))
        pool = hands[second] & suit or hands[second]
        follow = (pool & -pool).bit_length() - 1
        hands[second] ^= 1 << follow
        trick = (lead, follow)
        for strain, trump in (("H", 2), ("NT", -1)):
            theirs = dds_solve_board(hands, strain, leader, trick)
            ns = _core.score(hands, trump, False, leader, trick)
            mover = (leader + 2) & 3
            left = hands[mover].bit_count()
            ours = {c: v if mover & 1 == 0 else left - v for c, v in ns.items()}
            assert ours == theirs


def test_nullo_core_equals_exhaustive_minimax() -> None:
    """Royalton nullo (docs/spec.md §2.2.5): each side tries to lose tricks."""
    endings, bad = verify_nullo_endings(250, max_cards=3, seed=5)
    assert endings == 250
    assert bad == []


@pytest.mark.parametrize(
    ("cards", "endings", "seed"),
    [
        (4, 12, 13),
        # The proof runs on endings of up to five cards a hand
        # (`whist solver verify`); a few five-card ones here.
        pytest.param(5, 6, 21, marks=pytest.mark.slow),  # plain minimax on every ending
    ],
)
def test_nullo_core_equals_exhaustive_minimax_on_larger_endings(
    cards: int, endings: int, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(endings):
        hands = random_ending(rng, cards)
        leader = rng.randrange(4)
        assert _core.solve(hands, -1, True, leader, ())[0] == exhaustive_ns_tricks(
            hands, -1, True, leader
        )


def test_nullo_scores_every_card_against_minimax() -> None:
    rng = random.Random(21)
    for _ in range(40):
        hands = random_ending(rng, 3)
        leader = rng.randrange(4)
        scores = _core.score(hands, -1, True, leader, ())
        for c, v in scores.items():
            h = list(hands)
            h[leader] ^= 1 << c
            assert v == exhaustive_ns_tricks(h, -1, True, leader, (c,))


def test_transposition_table_changes_nothing() -> None:
    rng = random.Random(2)
    cases = [(random_ending(rng, 5), rng.randrange(4), rng.random() < 0.5) for _ in range(30)]
    with_tt = [_core.solve(h, -1 if nl else 0, nl, ld, ())[0] for h, ld, nl in cases]
    _core._options(0)
    try:
        without = [_core.solve(h, -1 if nl else 0, nl, ld, ())[0] for h, ld, nl in cases]
    finally:
        _core._options(1)
    assert with_tt == without


def test_partition_search_equals_exact_keys() -> None:
    """Entries kept by the cards that decided them (DDS's winning ranks) answer
    exactly as entries keyed by every card, at ordinary play and at nullo."""
    rng = random.Random(4)
    cases = [(random_ending(rng, 6), rng.randrange(4), rng.random() < 0.5) for _ in range(40)]
    partition = [_core.solve(h, -1 if nl else 2, nl, ld, ())[0] for h, ld, nl in cases]
    _core._options(1, 0)
    try:
        exact = [_core.solve(h, -1 if nl else 2, nl, ld, ())[0] for h, ld, nl in cases]
    finally:
        _core._options(1, 1)
    assert partition == exact


def test_table_counters_show_reuse() -> None:
    """The transposition table answers most probes of an eight-card ending."""
    _core._stats()
    hands = random_ending(random.Random(6), 8)
    _, nodes = _core.solve(hands, -1, True, 0, ())
    stats = _core._stats()
    assert stats["probes"] > 0
    assert stats["hits"] > stats["probes"] // 2
    # the exact-position cache answers positions probed again (transpositions,
    # later targets) without a scan of the chains
    assert 0 < stats["hot"] < stats["hits"]
    assert stats["entries"] > 1
    # the nodes searched under cards that were tried before the one that made
    # a cut-off: at the leads, by tricks left, each a part of the whole
    assert len(stats["waste"]) == 4 and len(stats["waste_lead"]) == 14
    assert all(0 <= w < nodes for w in stats["waste_lead"])
    assert sum(stats["waste_lead"]) <= stats["waste"][0]


@pytest.mark.parametrize(
    ("hands", "trick", "message"),
    [
        ((1, 2, 4), (), "four hands"),
        ((1, 1, 4, 8), (), "disjoint"),
        ((1, 2, 4, 8 | 16), (), "equal numbers"),
        ((1, 2, 4, 8), (1,), "still held"),
    ],
)
def test_core_rejects_bad_positions(
    hands: tuple[int, ...], trick: tuple[int, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _core.solve(hands, -1, False, 0, trick)


def test_nullo_cut_offs_change_nothing() -> None:
    """Royalton nullo (docs/spec.md §2.2.5): the sure-win / sure-lose tests at trick
    starts (a side or a leader above everything, a side below everything) and
    the nullo move ordering give the figures of the plain search."""
    rng = random.Random(11)
    cases = [(random_ending(rng, 6), rng.randrange(4)) for _ in range(40)]
    with_cuts = [_core.solve(h, -1, True, ld, ())[0] for h, ld in cases]
    _core._options(0, 1, 0)
    try:
        plain = [_core.solve(h, -1, True, ld, ())[0] for h, ld in cases]
    finally:
        _core._options(1, 1, 1)
    assert with_cuts == plain


def test_nullo_side_above_everything_takes_every_trick() -> None:
    """Royalton nullo: North-South hold the top cards of every suit they share
    with East-West: whoever leads, they are forced to take every trick."""
    # North: spade A K, South: heart A K; East: spade 2 3, West: heart 2 3
    sa, sk, ha, hk = 51, 50, 38, 37
    hands = ((1 << sa) | (1 << sk), (1 << 39) | (1 << 40), (1 << ha) | (1 << hk), 3 << 26)
    assert _core.solve(hands, -1, True, 0, ())[0] == 2
    assert _core.solve(hands, -1, True, 1, ())[0] == 2
    assert _core.solve(hands, -1, True, 3, ())[0] == 2


def test_solve_gives_up_at_its_time_limit_and_keeps_nothing_wrong() -> None:
    """A whole-deal nullo can run for minutes: ``limit`` stops it with
    TimeoutError, and the next solve (a fresh table) is still right."""
    hands = random_ending(random.Random(1), 13)
    # the message names the limit and the nodes searched
    with pytest.raises(TimeoutError, match=r"^no result within 0\.001 s \(\d+ nodes\)$"):
        _core.solve(hands, -1, True, 1, (), 0.001)
    ending = random_ending(random.Random(2), 4)
    assert _core.solve(ending, -1, True, 1, (), 60.0)[0] == exhaustive_ns_tricks(
        ending, -1, True, 1
    )


def _beaten_card_between(hands: list[int], trick: tuple[int, ...], mover: int) -> bool:
    """Does the mover hold two cards of the led suit with nothing between them
    but a card of the trick that is not winning it?"""
    led = trick[0] // 13
    winner = max(c for c in trick if c // 13 == led)
    held = hands[0] | hands[1] | hands[2] | hands[3]
    mine = [c for c in range(13 * led, 13 * led + 13) if hands[mover] >> c & 1]
    for lo, hi in itertools.pairwise(mine):
        between = range(lo + 1, hi)
        if between and all(c in trick and c != winner for c in between):
            return not any(held >> c & 1 for c in between)
    return False


def test_cards_parted_only_by_a_beaten_card_of_the_trick_score_alike() -> None:
    """The core tries one card of a run that only a beaten card of the trick
    parts (the 5 and the 7 under a 6 already beaten): every card's score still
    equals plain minimax at nullo and DDS at no-trump."""
    rng = random.Random(31)
    found = 0
    while found < 12:
        hands = list(random_ending(rng, 4))
        leader = rng.randrange(4)
        lead = rng.choice([c for c in range(52) if hands[leader] >> c & 1])
        second = (leader + 1) & 3
        suit = 0x1FFF << (13 * (lead // 13))
        follows = [c for c in range(52) if (hands[second] & suit or hands[second]) >> c & 1]
        follow = rng.choice(follows)
        h = list(hands)
        h[leader] ^= 1 << lead
        h[second] ^= 1 << follow
        trick = (lead, follow)
        mover = (leader + 2) & 3
        if not _beaten_card_between(h, trick, mover):
            continue
        found += 1
        nullo = _core.score(h, -1, True, leader, trick)
        for c, v in nullo.items():
            played = list(h)
            played[mover] ^= 1 << c
            assert v == exhaustive_ns_tricks(played, -1, True, leader, (*trick, c))
        ns = _core.score(h, -1, False, leader, trick)
        left = h[mover].bit_count()
        ours = {c: v if mover & 1 == 0 else left - v for c, v in ns.items()}
        assert ours == dds_solve_board(h, "NT", leader, trick)


class _Interrupted(Exception):
    pass


@pytest.mark.slow  # each waits for a timer
@pytest.mark.parametrize(
    "call",
    [
        lambda h: _core.solve(h, -1, True, 1, ()),
        lambda h: _core.table(h, -1, True),
        lambda h: _core.score(h, -1, True, 1, ()),
        lambda h: _core.bound(h, -1, True, 1, 8),
    ],
    ids=["solve", "table", "score", "bound"],
)
def test_a_signal_stops_a_long_nullo_search(call: Any) -> None:
    """Ctrl-C (any signal handler that raises) stops a whole-deal nullo, which
    can run for an hour, instead of waiting for it; the next solve is right."""
    rng = random.Random(1)
    heavy = [random_ending(rng, 13) for _ in range(3)][2]
    # whole, each of these calls searches 40M nodes or more (the bound, the
    # least, 57.6M of which 40.4M counted below) and takes many seconds
    _core._stats()
    previous = signal.signal(signal.SIGALRM, _raise_interrupted)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(_Interrupted):
            call(heavy)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert sum(_core._stats()["nodes"]) < 20_000_000  # stopped, not finished
    ending = random_ending(random.Random(2), 4)
    assert _core.solve(ending, -1, True, 1, ())[0] == exhaustive_ns_tricks(ending, -1, True, 1)


def _raise_interrupted(signum: int, frame: object) -> None:
    raise _Interrupted


def test_the_core_solves_in_other_threads_too() -> None:
    """Signals are looked for in the main thread only (Python runs its
    handlers there); another thread's solve runs on to its figure."""
    ending = random_ending(random.Random(3), 5)
    out: list[int] = []
    worker = threading.Thread(target=lambda: out.append(_core.solve(ending, -1, True, 2, ())[0]))
    worker.start()
    worker.join()
    assert out == [exhaustive_ns_tricks(ending, -1, True, 2)]
