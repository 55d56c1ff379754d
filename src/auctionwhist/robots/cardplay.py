"""The playing robot: Monte Carlo over the unseen hands, each solved double dummy.

For each card it must play the robot deals the cards it cannot see among the
hands it cannot see, consistent with what the table has shown:

* the voids shown by renounces (a player who did not follow has none left);
* Duplicate Whist's turned trump, in the dealer's hand until he plays it
  (AWL III §1);
* the auction, softly, as the bidding's model reads it (``bidding.model``):
  the lengths and high cards each call shows (a suit four cards, five when
  declared twice; the dealer's forced one spade nothing; a no-trump some
  strength; a nullo few high cards; the high cards a few points wider than
  the rules count them, ``Picture.held``). A sample that breaks these is
  redealt a few times before it is taken anyway.

Each sample is solved double dummy (``auctionwhist.solver``: DDS for suits and
no-trump, in one batch per card; our core for nullo) and the card with the best
average wins; the average counts tricks, with a bonus for making (or
defeating) the contract, since "the chief object of the declarant is the
winning of his contract" (Goodfellow, "Principles of play").

Between cards that do equally well the period's conventions choose
(``signals``): top of a sequence, the "come-along" card when partner leads a
high card, the honor doubleton low first, the first discard showing strength
and later ones weakness (Hopson, 'The "Come-Along" Card', "The Discard").
Partner's signals are read: the sampler prefers the deals that fit them, as it
does the auction's promises. The opening lead is chosen among the period's
candidate leads, one from each suit (``heuristic.lead_candidates``), by the
samples; the convention's own choice stands unless another is better by
``lead_margin`` tricks on average.

The declarant claims the tricks left when every sample agrees how many his
side takes (``claim_tricks``; daw 86-88, Whist Club 74, Royalton 69).

The robot sees only its ``SeatView``; the samples are its guesses, never the
table's hands.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..calls import Contract
from ..cards import FULL_PACK, SUIT_CHARS, SUIT_MASKS, Seat, cards_of
from ..solver import Position, score_cards, solve_position
from ..solver.dds import dds_solve_boards
from .bidding import BiddingRobot
from .bidding.model import read_auction
from .heuristic import heuristic_card, is_nullo, lead_candidates, our_hands, playing_hand
from .player import PlayerError
from .signals import Signal, discard, follow_partners_lead, read_signals
from .view import SeatView

__all__ = [
    "DEFAULT_SETTINGS",
    "Knowledge",
    "MonteCarloPlayer",
    "Settings",
    "claim_holds",
    "claim_tricks",
    "knowledge",
    "monte_carlo_card",
    "opening_lead",
    "sample_hands",
    "score_samples",
    "strain_of",
]

_HCP = {14: 4, 13: 3, 12: 2, 11: 1}


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the robot thinks. ``samples`` deals at most, within ``budget``
    seconds a card (at least ``min_samples``). Nullo is solved in full once
    no hand holds more than ``nullo_cards`` cards; before that (``nullo_search``)
    each sample's search is cut off by the budget, and a card whose samples
    do not fit in it (fewer than ``min_samples`` solved) is the period's
    heuristic's."""

    samples: int = 24
    min_samples: int = 3
    budget: float = 0.5
    nullo_cards: int = 8
    nullo_search: bool = True
    contract_bonus: float = 0.5
    tolerance: float = 0.01
    redeals: int = 12  # tries for a sample that fits the auction
    claim_samples: int = 12  # samples to check a claim against
    lead_margin: float = 0.25  # tricks a lead must gain over the period's own
    lead_samples: int = 8  # at most, for the opening lead: whole deals are dear to solve
    # fewer samples than this (a loaded machine's budget) say too little to
    # set the period's lead aside: the convention stands
    lead_min_samples: int = 4
    claims: bool = True  # the declarant claims when every sample agrees


DEFAULT_SETTINGS = Settings()


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the seat knows of the hands, from its view alone."""

    known: dict[Seat, int]  # hands it sees (cards still held)
    hidden: tuple[Seat, ...]  # hands it does not see
    counts: dict[Seat, int]  # cards each hidden hand still holds
    voids: dict[Seat, int]  # suits (bit per suit) a hidden hand has shown void
    forced: dict[int, Seat]  # cards known to be in a hidden hand (turned trump, face up)
    unseen: int  # the cards in the hidden hands
    played_by: dict[Seat, int]  # the cards each seat has played
    promises: dict[Seat, tuple[tuple[int, int], ...]]  # (suit, min length) from bids
    strength: dict[Seat, tuple[float, float]]  # (min, max) high cards held (``Picture.held``)
    signals: tuple[Signal, ...] = ()  # partner's signals read (``signals.read_signals``)


def solver_strain(contract: Contract | None, trump: int) -> str:
    """The solver's strain of a play: the contract's denomination (Royal
    Spades as spades), or, with no contract, Duplicate Whist's trump suit
    (``trump`` 0-3, -1 none)."""
    if contract is not None:
        return contract.denom.strain
    return SUIT_CHARS[trump] if trump >= 0 else "NT"


def strain_of(view: SeatView) -> str:
    """The solver's strain of the play ``view`` sees."""
    return solver_strain(view.contract, view.trump)


def knowledge(view: SeatView) -> Knowledge:
    """Read from ``view`` what can be known of the unseen hands."""
    known: dict[Seat, int] = {view.seat: view.hand}
    if view.dummy is not None and view.dummy_hand is not None:
        known[view.dummy] = view.dummy_hand
    played_by = {s: 0 for s in Seat}
    voids = {s: 0 for s in Seat}
    tricks = [*view.tricks]
    if view.trick:
        assert view.leader is not None
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0] // 13
        for i, c in enumerate(cards):
            s = leader.after(i)
            played_by[s] |= 1 << c
            if c // 13 != led:
                voids[s] |= 1 << led
    hidden = tuple(s for s in Seat if s not in known)
    counts = {s: 13 - played_by[s].bit_count() for s in hidden}
    seen = view.played
    for h in known.values():
        seen |= h
    forced: dict[int, Seat] = {}
    if view.turned is not None and not seen >> view.turned & 1 and view.dealer in hidden:
        forced[view.turned] = view.dealer
    # Cards a law lays face up are in their holder's hand for every sample
    # (daw 80, 86; Whist Club 69; Royalton 63).
    for s in hidden:
        for c in cards_of(view.face_up[s] & ~seen):
            forced[c] = s
    # What each call shows, read by the bidding's own model (the forced one
    # spade nothing, not even a spade: Hopson, "The Dealer's Bid"); the high
    # cards as the hands hold them, not as the rules count them (``held``).
    pictures = read_auction(view.code, view.dealer, view.calls)
    promises = {s: pictures[s].suits for s in hidden}
    strength = {s: pictures[s].held for s in hidden}
    return Knowledge(
        known=known,
        hidden=hidden,
        counts={s: counts[s] for s in hidden},
        voids={s: voids[s] for s in hidden},
        forced=forced,
        unseen=FULL_PACK & ~seen,
        played_by=played_by,
        promises=promises,
        strength=strength,
    )


def knowledge_and_signals(view: SeatView) -> Knowledge:
    """``knowledge(view)`` with partner's signals read, those the unseen cards
    could still fit (a signal no deal can fit would only cost redeals)."""
    k = knowledge(view)
    kept = []
    for sig in read_signals(view):
        if sig.seat not in k.counts:
            continue
        played = k.played_by[sig.seat]
        could = played | (k.unseen & ~_forced_elsewhere(k, sig.seat))
        if sig.fits(could) or sig.fits(played):
            kept.append(sig)
    return replace(k, signals=tuple(kept)) if kept else k


def _forced_elsewhere(k: Knowledge, seat: Seat) -> int:
    out = 0
    for c, s in k.forced.items():
        if s != seat:
            out |= 1 << c
    return out


def _hcp(hand: int) -> int:
    total = 0
    for r, v in _HCP.items():
        for s in range(4):
            total += v * (hand >> (13 * s + r - 2) & 1)
    return total


def _misfits(k: Knowledge, hands: dict[Seat, int]) -> int:
    """How many of the auction's promises a sample breaks."""
    bad = 0
    for s in k.hidden:
        whole = hands[s] | k.played_by[s]
        for suit, n in k.promises[s]:
            bad += (whole & SUIT_MASKS[suit]).bit_count() < n
        lo, hi = k.strength[s]
        if lo or hi < 40:
            p = _hcp(whole)
            bad += p < lo or p > hi
    for sig in k.signals:
        bad += not sig.fits(hands[sig.seat] | k.played_by[sig.seat])
    return bad


def _deal_once(k: Knowledge, cards: list[int], rng: random.Random) -> dict[Seat, int] | None:
    room = dict(k.counts)
    hands = {s: 0 for s in k.hidden}
    for c, s in k.forced.items():
        hands[s] |= 1 << c
        room[s] -= 1
    rng.shuffle(cards)
    # The most constrained cards first (a suit only one hidden hand can hold).
    options = {c: [s for s in k.hidden if not k.voids[s] >> (c // 13) & 1] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    for c in cards:
        open_ = [s for s in options[c] if room[s] > 0]
        if not open_:
            return None
        # Weighted by the room left, so the deal is near uniform.
        pick = rng.randrange(sum(room[s] for s in open_))
        for s in open_:
            pick -= room[s]
            if pick < 0:
                break
        hands[s] |= 1 << c
        room[s] -= 1
    return hands


def sample_hands(
    k: Knowledge, n: int, rng: random.Random, redeals: int = DEFAULT_SETTINGS.redeals
) -> list[tuple[int, int, int, int]]:
    """``n`` deals of the hands still held, each consistent with the voids and
    the turned trump; the auction's promises kept when ``redeals`` tries allow."""
    free = [c for c in range(52) if k.unseen >> c & 1 and c not in k.forced]
    out: list[tuple[int, int, int, int]] = []
    for _ in range(n):
        best: dict[Seat, int] | None = None
        best_bad = 1 << 30
        for _ in range(max(1, redeals) * 4):
            hands = _deal_once(k, list(free), rng)
            if hands is None:
                continue
            bad = _misfits(k, hands)
            if bad < best_bad:
                best, best_bad = hands, bad
            if bad == 0 or redeals <= 0:
                break
        if best is None:
            raise PlayerError("no deal of the unseen cards fits what the play has shown")
        full = {**k.known, **best}
        out.append((full[Seat.NORTH], full[Seat.EAST], full[Seat.SOUTH], full[Seat.WEST]))
    return out


def _dds_batch(
    samples: Sequence[tuple[int, int, int, int]], strain: str, leader: Seat, trick: Sequence[int]
) -> list[dict[int, int]]:
    """``score_cards`` for many samples in one DDS call."""
    return dds_solve_boards(samples, strain, int(leader), trick)


def score_samples(
    view: SeatView,
    samples: Sequence[tuple[int, int, int, int]],
    budget: float | None = None,
    min_samples: int = 1,
    cut_off: bool = False,
) -> list[dict[int, int]]:
    """``{card: tricks of the mover's side from the tricks left}`` for each
    sample solved (fewer than given when ``budget`` seconds run out).

    ``cut_off`` (nullo with many cards left, where one sample can take the
    core minutes): each sample's search gives up when it would overrun the
    budget, or take more than its share of it (``budget / min_samples``),
    and the samples solved by then are all there is, perhaps none."""
    if not samples:
        return []
    strain = strain_of(view)
    turn = view.to_play if view.to_play is not None else view.seat
    leader = view.leader if view.leader is not None else turn
    trick = view.trick
    start = time.perf_counter()
    if strain == "NL":
        out = []
        share = None if budget is None else budget / max(min_samples, 1)
        for hands in samples:
            position = Position(hands, "NL", turn, trick)
            if cut_off and budget is not None and share is not None:
                left = budget - (time.perf_counter() - start)
                if left <= 0:
                    break
                try:
                    out.append(score_cards(position, limit=min(left, share)))
                except TimeoutError:
                    break  # the next sample would fare no better
                continue
            out.append(score_cards(position))
            late = budget is not None and time.perf_counter() - start > budget
            if late and len(out) >= min_samples:
                break
        return out
    first = _dds_batch(samples[:1], strain, leader, trick)
    rest = samples[1:]
    if budget is not None and rest:
        per = max(time.perf_counter() - start, 1e-4)
        # Batches use both cores: count a sample at two thirds of the first.
        fit = int((budget - per) / (per * 0.66))
        rest = rest[: max(min_samples - 1, min(len(rest), fit))]
    return first + (_dds_batch(rest, strain, leader, trick) if rest else [])


def _need(view: SeatView, side: int) -> int | None:
    """Tricks of the whole deal ``side`` must reach to make (declaring) or
    defeat the contract; at nullo the most it may take. None at whist."""
    c, d = view.contract, view.declarer
    if c is None or d is None:
        return None
    if c.denom.nullo:
        # Royalton law 83: the adversaries must take 6 + level for the nullo.
        return 13 - (6 + c.level) if side == d.side else 5 + c.level
    return 6 + c.level if side == d.side else 8 - c.level


def _utility(view: SeatView, settings: Settings, side: int) -> list[float]:
    """Value of taking t of the tricks left, for t = 0..left."""
    left = 13 - len(view.tricks)
    have = view.won[side]
    need = _need(view, side)
    nullo = is_nullo(view)
    out = []
    for t in range(left + 1):
        total = have + t
        u = float(-t if nullo else t)
        if need is not None:
            ok = total <= need if nullo else total >= need
            u += settings.contract_bonus * ok
        out.append(u)
    return out


def _equivalent(cards: Sequence[int], view: SeatView) -> bool:
    """All the legal cards are of one suit with no card between them that
    another hand could hold: any of them plays alike."""
    if len({c // 13 for c in cards}) != 1:
        return False
    lo, hi = min(cards), max(cards)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1) & ~(1 << hi)
    mine = playing_hand(view)
    return not (between & ~view.played & ~mine)


def _prefer(view: SeatView, cards: Sequence[int]) -> int:
    """Between cards that do equally well, the period's convention."""
    if len(cards) == 1:
        return cards[0]
    trick = view.trick
    nullo = is_nullo(view)
    if not trick:
        return lead_candidates(view, cards)[0]
    led = trick[0] // 13
    following = [c for c in cards if c // 13 == led]
    if following:
        if nullo:
            return max(following)
        signal = follow_partners_lead(view, following)
        return min(following) if signal is None else signal
    return discard(view, cards)


def monte_carlo_card(
    view: SeatView, rng: random.Random, settings: Settings = DEFAULT_SETTINGS
) -> int:
    """The robot's card for ``view``: the best on average over samples of the
    unseen hands, solved double dummy."""
    cards = list(view.legal_cards)
    if not cards:
        raise PlayerError("no card is legal now")
    if len(cards) == 1:
        return cards[0]
    if not view.tricks and not view.trick:
        return opening_lead(view, rng, settings)
    if _equivalent(cards, view):
        return _prefer(view, cards)
    strain = strain_of(view)
    cut_off = strain == "NL" and max(playing_hand(view).bit_count(), 1) > settings.nullo_cards
    if cut_off and not settings.nullo_search:
        return heuristic_card(view)
    totals, n = _totals(view, cards, rng, settings, cut_off)
    if n < settings.min_samples and cut_off:
        # too few samples solved in the budget to say anything: the period's play
        return heuristic_card(view)
    best = max(totals.values())
    tol = settings.tolerance * n
    return _prefer(view, [c for c in cards if totals[c] >= best - tol])


def _totals(
    view: SeatView,
    cards: Sequence[int],
    rng: random.Random,
    settings: Settings,
    cut_off: bool = False,
) -> tuple[dict[int, float], int]:
    """Each card's total value over the samples solved, and how many were
    (``cut_off``: see ``score_samples``)."""
    k = knowledge_and_signals(view)
    samples = sample_hands(k, settings.samples, rng, settings.redeals)
    scored = score_samples(view, samples, settings.budget, settings.min_samples, cut_off)
    turn = view.to_play if view.to_play is not None else view.seat
    value = _utility(view, settings, turn.side)
    total = dict.fromkeys(cards, 0.0)
    for sc in scored:
        for c in cards:
            total[c] += value[sc[c]]
    return total, len(scored)


def opening_lead(view: SeatView, rng: random.Random, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The opening lead: the period's candidates, one from each suit
    (``heuristic.lead_candidates``), weighed over samples of the unseen hands
    that fit the auction; the convention's choice stands unless another
    candidate takes ``settings.lead_margin`` tricks more on average, over at
    most ``lead_samples`` samples (and at least ``lead_min_samples``: a
    budget run out on a loaded machine leaves the convention's lead). At
    nullo, and with one candidate, the convention alone."""
    candidates = lead_candidates(view)
    if len(candidates) == 1 or strain_of(view) == "NL":
        return candidates[0]
    few = replace(settings, samples=min(settings.samples, settings.lead_samples))
    totals, n = _totals(view, candidates, rng, few)
    if n < settings.lead_min_samples:
        return candidates[0]
    best = max(candidates, key=lambda c: totals[c])  # the first of equals
    if totals[best] > totals[candidates[0]] + settings.lead_margin * n:
        return best
    return candidates[0]


def claim_holds(
    view: SeatView, rng: random.Random, samples: int = 12, share: float = 0.9
) -> bool | None:
    """Whether ``view.claim`` gives the claimant's side no more than it takes
    double dummy in at least ``share`` of the samples (daw 86-88, Whist Club 74,
    Royalton 69: a claim accepted is scored as claimed). None when it cannot
    be judged in time (a nullo with many cards left)."""
    if view.claim is None or view.to_play is None:
        return None
    claimant, claimed = view.claim
    left = 13 - len(view.tricks)
    strain = strain_of(view)
    turn = view.to_play
    if strain == "NL" and turn and max(playing_hand(view).bit_count(), 0) > 8:
        return None
    k = knowledge(view)
    # The claimant's partner may be the hand to play; every hidden hand is sampled.
    trick = view.trick
    good = 0
    deals = sample_hands(k, samples, rng)
    for hands in deals:
        v = solve_position(Position(hands, strain, turn, trick))
        theirs = v if turn.side == claimant.side else left - v
        fair = theirs <= claimed if strain == "NL" else theirs >= claimed
        good += fair
    return good >= share * len(deals)


def claim_tricks(
    view: SeatView, rng: random.Random, settings: Settings = DEFAULT_SETTINGS
) -> int | None:
    """The tricks the declarant claims of those left, or None to play on.

    Only the declarant claims, at his lead or dummy's, with two tricks or more
    to play: an adversary's claim lays his partner's cards face up, liable to
    be called (daw 86, AWL VII §2), and the declarant's is free of penalty
    (daw 87, Whist Club 74, Royalton 69). He claims when every one of
    ``claim_samples`` samples of the unseen hands, solved double dummy, gives
    his side the same number of tricks; a few are tried first, since most
    positions part at once. A nullo is claimed only once the core can solve it
    (``nullo_cards``)."""
    c, d, turn = view.contract, view.declarer, view.to_play
    if c is None or d is None or turn is None or view.phase != "play":
        return None
    if view.seat != d or turn.side != d.side or view.trick or 13 - len(view.tricks) < 2:
        return None
    strain = strain_of(view)
    if strain == "NL" and playing_hand(view).bit_count() > settings.nullo_cards:
        return None
    k = knowledge_and_signals(view)
    agreed: int | None = None
    first = min(3, settings.claim_samples)
    for n in (first, settings.claim_samples - first):
        if n <= 0:
            continue
        for sc in score_samples(view, sample_hands(k, n, rng, settings.redeals)):
            v = min(sc.values()) if strain == "NL" else max(sc.values())
            if agreed is not None and v != agreed:
                return None
            agreed = v
    return agreed


class MonteCarloPlayer(BiddingRobot):
    """The period's bidding rules (``robots.bidding``) and the Monte Carlo card
    play; claims as the declarant when every sample agrees (``claim_tricks``)
    and answers claims by checking them double dummy over samples."""

    def __init__(self, style: str | float = 0.0, settings: Settings = DEFAULT_SETTINGS) -> None:
        # it thinks in the robots' pool or at the command line: a slam in
        # view is judged over simulated deals (``Situation.simulate``)
        super().__init__(style, simulate=True)
        self.settings = settings

    def card(self, view: SeatView, rng: random.Random) -> int:
        return monte_carlo_card(view, rng, self.settings)

    def claim(self, view: SeatView, rng: random.Random) -> int | None:
        return claim_tricks(view, rng, self.settings) if self.settings.claims else None

    def answer_claim(self, view: SeatView, rng: random.Random) -> bool:
        if view.claim is not None and view.claim[1] == 0:
            return True
        holds = claim_holds(view, rng, self.settings.claim_samples)
        return bool(holds)

    def rule(self, view: SeatView, rng: random.Random) -> tuple[str, str]:
        p = view.pending
        if p is None:
            raise PlayerError("there is no irregularity before the table")
        keys = [o.key for o in p.options]
        for key in _PENALTY_PREFERENCE:
            if key in keys:
                opt = p.offence.option(key)
                if key.startswith("revoke"):
                    break
                if opt.arg == "suit":
                    return key, SUIT_CHARS[_suit_to_call(view, p.seat, key)]
                return key, ""
        return super().rule(view, rng)


# The remedies a robot asks for, most useful first: a call on the offender's
# next card or lead takes tricks; a new deal or points only restore the balance.
_PENALTY_PREFERENCE = (
    "revoke_tricks",
    "revoke_points",
    "call_suit",
    "call_card",
    "highest",
    "lowest",
    "forbid_suit",
    "win",
    "lose",
    "highest_trump",
    "lowest_trump",
    "trump",
    "no_trump",
    "exposed",
    "points",
    "accept",
)


def _suit_to_call(view: SeatView, offender: Seat, key: str) -> int:
    """``call_suit``: the suit his side is strongest in, to be led into it;
    ``forbid_suit``: the suit his side is weakest in, the lead it wants."""
    ours = our_hands(view)

    def strength(s: int) -> tuple[int, int]:
        held = ours & SUIT_MASKS[s]
        return (_hcp(held), held.bit_count())

    suits = [s for s in range(4) if s != view.trump] or list(range(4))
    if key == "forbid_suit":
        return min(suits, key=strength)
    return max(suits, key=strength)
