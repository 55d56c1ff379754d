"""What a bidding rule looks at: the seat's view, its hand's valuation, the
player's style, and what the auction has shown; and what a rule answers."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ...calls import DENOMINATIONS, Bid, Call
from ...cards import SUIT_CHARS, Seat
from ...codes.base import HonorTable
from ..view import RobotError, SeatView
from . import evaluate as ev
from . import model
from .model import Picture, Reader, Shows

__all__ = [
    "CONSERVATIVE",
    "SANGUINE",
    "SOUND",
    "Decision",
    "Rule",
    "Situation",
    "rule",
    "style_from",
]

# Hopson, The Personal Equation: "whether a player is too sanguine or
# ultra-conservative". -1 conservative, 0 sound, +1 sanguine.
CONSERVATIVE, SOUND, SANGUINE = -1.0, 0.0, 1.0
_STYLES = {"conservative": CONSERVATIVE, "sound": SOUND, "sanguine": SANGUINE}


def style_from(text: str | float) -> float:
    """``"conservative"``, ``"sound"``, ``"sanguine"`` or a number from -1 to 1."""
    if isinstance(text, str):
        key = text.strip().lower()
        if key in _STYLES:
            return _STYLES[key]
        try:
            value = float(key)
        except ValueError:
            raise RobotError(
                f"no such style {text!r}: conservative, sound, sanguine or -1..1"
            ) from None
    else:
        value = float(text)
    if not -1.0 <= value <= 1.0:
        raise RobotError(f"a style runs from -1 (conservative) to 1 (sanguine), not {value}")
    return value


@dataclass(frozen=True, slots=True)
class Decision:
    """A call and the sentence that explains it."""

    call: Call
    reason: str


# Partner raised our declaration: two tricks for us, and his trumps
# (Hopson, "The Third Bidder": "two tricks for him in your hand").
_CREDIT_RAISE = 2.0


_SPREAD = 1.4  # the estimate's error in tricks, double dummy


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# The two hands' tricks (``Situation.side_tricks``), measured double dummy on
# 500 deals, seed 1000 (none of the bench's seeds), the better declarer of
# the two: at no-trump 6.1 tricks on half the pack's high cards and 0.51 a
# point beyond; in a suit 0.39 a point (the trumps do part of the high
# cards' work) and the tricks the trumps between the two hands give over
# that 6.1 (_FIT: eight trumps two tricks, six cost half of one); with eight
# trumps or more the short suit of the hand with fewer (_SHORT; partner's,
# unseen, _UNSEEN_SHORT).
_NO_TRUMP_TRICKS = 6.1
_NO_TRUMP_POINT = 0.51
_SUIT_POINT = 0.39
_FIT = {5: -2.0, 6: -0.5, 7: 1.0, 8: 2.0, 9: 2.7, 10: 3.2}
_SHORT = {0: 1.2, 1: 0.35}
_UNSEEN_SHORT = 0.15
# The rest measured where the robots ask for the estimate, in their own
# auctions on the same deals under both counts: partner's high cards are
# the model's share (``expected_points``), which leans to the low end of
# what his calls show, so a partner who has declared is worth more than it
# gives him and a silent one less (silent, declared: at no-trump -0.1 and
# +1.1 tricks, in a suit -0.3 and +0.5); at no-trump a long suit of this
# hand with a quick trick in it adds 0.15 a card beyond four, not half a
# trick (partner's high cards make most of its long cards anyway), and an
# adversary's suit this hand does not stop costs a trick, not a trick and
# a half (partner may stop it).
_PARTNER_NO_TRUMP = (-0.1, 1.1)
_PARTNER_SUIT = (-0.3, 0.5)
# In the suit partner has named himself less: his declaration was made on
# those trumps, and the trumps between us count them already (Hopson, "The
# Third Bidder": "He has the trumps; what he wants is outside tricks").
# Measured where the robots ask for it, on the same calibration deals: in
# partner's named suit the count ran 0.35 of a trick high (1,337 estimates),
# so 0.5 - 0.35 (issue 18).
_PARTNER_OWN_SUIT = 0.15
_RUNNING = 0.15
_UNSTOPPED = 1.0


def _two_hands(high: float, at_nt: bool) -> float:
    """The tricks two hands holding ``high`` of the pack's high cards take,
    before trumps and shape: the one count ``side_tricks``, ``their_tricks``
    and ``hand_tricks`` share."""
    return _NO_TRUMP_TRICKS + (high - 20.0) * (_NO_TRUMP_POINT if at_nt else _SUIT_POINT)


@dataclass(frozen=True)
class Situation:
    view: SeatView
    style: float = SOUND
    # Judge a slam over simulated deals (``simulate``, about half a second a
    # stand) where the count comes near it; else by the count alone. Only a
    # robot that thinks off the web server's event loop, or at the command
    # line, simulates (``BiddingRobot``; docs/robots.md).
    simulate: bool = False

    # -- the hand -------------------------------------------------------------

    @property
    def hand(self) -> int:
        return self.view.held

    @cached_property
    def quick(self) -> float:
        return ev.quick_tricks(self.hand)

    def shift(self, threshold: float, step: float = 0.5) -> float:
        """A threshold moved by the personal equation: lower for the sanguine."""
        return threshold - self.style * step

    # -- the code ---------------------------------------------------------------

    @property
    def values(self) -> dict[str, int]:
        return dict(self.view.code.trick_values)

    @cached_property
    def weak_suit(self) -> str:
        """The least-valued suit, the dealer's forced "one spade" (Hopson, The
        Dealer's Bid), when it is worth less than the others."""
        suits = {k: v for k, v in self.values.items() if k in ("C", "D", "H", "S")}
        low = min(suits, key=lambda k: suits[k])
        return low if list(suits.values()).count(suits[low]) == 1 else ""

    def suit_key(self, suit: int) -> str:
        """The declaration naming ``suit`` at its best value (royal spades over
        spades under the new count)."""
        key = SUIT_CHARS[suit]
        if key == "S" and "RS" in self.values:
            return "RS"
        return key

    def game_level(self, denom: str) -> int | None:
        """Odd tricks that make game in ``denom`` from the side's score now
        ("Know the score"); None when it cannot be made in one deal."""
        game = self.view.code.game
        if game is None:
            return None
        below = 0 if self.view.score.duplicate else self.view.score.ours(self.view.seat)[0]
        need = game.points - below
        level = max(1, math.ceil(need / self.values[denom]))
        return level if level <= 7 else None

    def scores_game(self, bid: Bid, seat: Seat) -> bool:
        """Would ``bid``, made by ``seat``'s side, give it game?"""
        game = self.view.code.game
        if game is None:
            return False
        below = 0 if self.view.score.duplicate else self.view.score.below[seat.side]
        return below + bid.level * self.values[bid.denomination] >= game.points

    # -- the auction ------------------------------------------------------------

    @property
    def position(self) -> int:
        return self.view.position

    @property
    def opening(self) -> bool:
        return not self.view.calls

    @property
    def first_round(self) -> bool:
        return len(self.view.calls) < 4

    @property
    def last(self) -> tuple[Seat, Bid] | None:
        return self.view.last_bid

    @property
    def ours_standing(self) -> bool:
        last = self.last
        return last is not None and last[0].side == self.view.seat.side

    @cached_property
    def pictures(self) -> dict[Seat, Picture]:
        """What every seat's calls show (``model.read_auction``)."""
        v = self.view
        return model.read_auction(v.code, v.dealer, v.calls)

    @property
    def partner_picture(self) -> Picture:
        return self.pictures[self.view.partner]

    @property
    def bids(self) -> list[tuple[Seat, Bid]]:
        """Every declaration so far with its caller, in order."""
        return [(t, c) for t, c in self.view.calls if isinstance(c, Bid)]

    @property
    def partner_bids(self) -> list[Bid]:
        return self.view.bids_of(self.view.partner)

    @property
    def partner_shown(self) -> list[Bid]:
        """Partner's declarations that show his hand: not the dealer's forced
        one spade (``SeatView.forced_opening``)."""
        return self.view.bids_shown(self.view.partner)

    @property
    def my_bids(self) -> list[Bid]:
        return self.view.bids_of(self.view.seat)

    @property
    def their_bids(self) -> list[Bid]:
        s = self.view.seat
        return [c for t, c in self.view.calls if isinstance(c, Bid) and t.side != s.side]

    @property
    def their_suits(self) -> set[int]:
        """The suits the adversaries' declarations have shown (not the
        dealer's forced one spade, which "does not mean strength in spades"),
        each once however often named."""
        v = self.view
        return {
            int(b.denom.trump)
            for x in (v.seat.left, v.seat.right)
            for b in v.bids_shown(x)
            if b.denom.trump is not None and not b.denom.nullo
        }

    def legal(self, call: Call) -> bool:
        return call in self.view.legal_calls

    def cheapest(self, denom: str, royal: bool = False) -> Bid | None:
        """The lowest legal bid in ``denom``."""
        for b in self.view.legal_calls:
            if isinstance(b, Bid) and b.denomination == denom and b.royal == royal:
                return b
        return None

    # -- the combined hands ---------------------------------------------------

    def partner_credit(self, denom: str) -> float:
        """Tricks partner's calls promise toward ``denom``, as the model
        reads them (``model.Picture.tricks``; the forced one spade shows
        nothing, Hopson, "The Dealer's Bid")."""
        mine = {b.denom.named for b in self.view.bids_shown(self.view.seat)}
        if any(b.denom.named in mine for b in self.partner_shown if not b.denom.nullo):
            return _CREDIT_RAISE + 1.0
        return self.partner_picture.tricks

    def estimate(self, denom: str) -> float:
        """The tricks the partnership may take in ``denom`` (not nullo)."""
        assert denom in self.view.code.trick_values
        d = DENOMINATIONS[denom]
        trump = -1 if d.trump is None else int(d.trump)
        partner_named = {b.denom.named for b in self.partner_shown}
        if trump >= 0 and d.named in partner_named:
            # his suit: our support, plus what his declaration showed
            return (
                ev.support_tricks(self.hand, trump)
                + 5.0
                + max(0.0, self.partner_credit(denom) - 2.0)
            )
        return ev.playing_tricks(self.hand, trump) + self.partner_credit(denom)

    # -- the combined hands, as the model shares out the unseen cards ----------

    @cached_property
    def points(self) -> int:
        return ev.high_cards(self.hand)

    @cached_property
    def expected_points(self) -> dict[Seat, float]:
        """The high cards each other hand is expected to hold: the rest of the
        pack's forty shared among them, each within what his calls show
        (``model.Picture.hcp``)."""
        rest = 40.0 - self.points
        others = [x for x in Seat if x != self.view.seat]
        fixed: dict[Seat, float] = {}
        for x in others:
            lo, hi = self.pictures[x].hcp
            if lo > 0 or hi < 40:
                # the middle of what he has shown, leaning to its low end
                fixed[x] = min(max(rest / 3, lo + 2.0), max(float(lo), hi - 2.0))
        free = [x for x in others if x not in fixed]
        left = rest - sum(fixed.values())
        if free and left >= 0:
            return {**fixed, **{x: left / len(free) for x in free}}
        total = sum(fixed.values()) or 1.0
        return {x: v * rest / total for x, v in fixed.items()} | {x: 0.0 for x in free}

    def expected_length(self, seat: Seat, suit: int) -> float:
        """The cards of ``suit`` ``seat`` is expected to hold: the rest of the
        suit shared among the unseen hands, within what his calls show."""
        p = self.pictures[seat]
        rest = 13 - ev.length(self.hand, suit)
        shown = {x: self.pictures[x].lengths[suit] for x in Seat if x != self.view.seat}
        spare = max(0.0, rest - sum(shown.values()))
        n = shown[seat] + spare / 3
        return float(min(n, p.most[suit], rest))

    def length_chances(self, seat: Seat, suit: int) -> list[tuple[int, float]]:
        """The chances of each length of ``suit`` in ``seat``'s hand: what his
        calls show, and each card of the suit no call accounts for his with
        the chance of his share of the places left unshown."""
        others = [x for x in Seat if x != self.view.seat]
        p = self.pictures[seat]
        rest = 13 - ev.length(self.hand, suit)
        shown = sum(self.pictures[x].lengths[suit] for x in others)
        spare = max(0, rest - shown)
        places = {x: max(0, 13 - sum(self.pictures[x].lengths)) for x in others}
        total = sum(places.values())
        q = places[seat] / total if total else 0.0
        lo, hi = p.lengths[suit], min(p.most[suit], rest)
        out: dict[int, float] = {}
        for k in range(spare + 1):
            n = min(max(lo + k, 0), hi)
            out[n] = out.get(n, 0.0) + math.comb(spare, k) * q**k * (1 - q) ** (spare - k)
        return sorted(out.items())

    def fit_gain(self, mine: int, chances: list[tuple[int, float]]) -> float:
        """Tricks a suit contract gains over a no-trump (``_FIT``) from ``mine``
        trumps and the other hand's, over the chances of his length: an 8-card
        fit hoped for is not one held."""
        return sum(w * _FIT[min(max(mine + n, 5), 10)] for n, w in chances)

    def side_tricks(self, denom: str) -> float:
        """The tricks our two hands should take in ``denom``: from the high
        cards of both (a no-trump takes about 6 tricks on half the pack's
        high cards, a trick more for each two of them beyond), and in a suit
        from the trumps between us and the shortness of the hand with fewer
        (Hopson, "The Third Bidder": "a missing suit is worth something; its
        value depending on your holding trumps"); partner's share as the
        model reads his calls, a declared partner counting for more than a
        silent one (the constants above, measured double dummy)."""
        partner = self.view.partner
        high = self.points + self.expected_points[partner]
        d = DENOMINATIONS[denom]
        if d.trump is None:
            t = _two_hands(high, True) + self._partner_shift(True)
            # a long suit that will run adds its long cards; an adversary's
            # suit unguarded costs its run (Hopson on the no-trump).
            for x in range(4):
                n = ev.length(self.hand, x)
                if n >= 5 and ev.quick_tricks_in(self.hand, x) >= 1.0:
                    t += _RUNNING * (n - 4)
            for x in self.their_suits:
                if not ev.stopped(self.hand, x):
                    t -= _UNSTOPPED
            return t
        t = _two_hands(high, False) + self._partner_shift(False, denom)
        trump = int(d.trump)
        mine = ev.length(self.hand, trump)
        his = self.expected_length(partner, trump)
        fit = mine + his
        t += self.fit_gain(mine, self.length_chances(partner, trump))
        if fit >= 7.5 and mine <= his:
            short = min(ev.length(self.hand, x) for x in range(4) if x != trump)
            t += _SHORT.get(short, 0.0)
        elif fit >= 7.5:
            t += _UNSEEN_SHORT  # partner's shortness, unseen
        return t

    def hand_tricks(self, seat: Seat, denom: str) -> float:
        """One hand's share of its side's tricks in ``denom`` as
        ``side_tricks`` and ``their_tricks`` count them: half what two hands
        take on half the pack's high cards, and the rate for each of its own
        high cards beyond ten (the model's share for a hand unseen; partner's
        as his calls are read, declared or silent). ``side_tricks`` less
        partner's share is this hand's, with the trumps and shortness only
        it can see: what ``whist bid`` credits each hand with."""
        at_nt = DENOMINATIONS[denom].trump is None
        high = self.points if seat == self.view.seat else self.expected_points[seat]
        t = _two_hands(2 * high, at_nt) / 2
        if seat == self.view.partner:
            t += self._partner_shift(at_nt, denom)
        return t

    def _partner_shift(self, at_nt: bool, denom: str = "") -> float:
        """What partner is worth beyond the high cards the model gives him,
        declared or silent (``_PARTNER_NO_TRUMP``, ``_PARTNER_SUIT``); in a
        suit he has named himself, ``_PARTNER_OWN_SUIT``."""
        if not at_nt and denom and self.partner_shown:
            named = DENOMINATIONS[denom].named
            if any(b.denom.named == named for b in self.partner_shown):
                return _PARTNER_OWN_SUIT
        return (_PARTNER_NO_TRUMP if at_nt else _PARTNER_SUIT)[bool(self.partner_shown)]

    def their_tricks(self, denom: str) -> float:
        """The tricks the adversaries' two hands should take in ``denom``,
        valued as ``side_tricks`` values ours, from the model's share of the
        unseen cards."""
        me = self.view.seat
        high = self.expected_points[me.left] + self.expected_points[me.right]
        d = DENOMINATIONS[denom]
        if d.trump is None:
            return _two_hands(high, True)
        t = _two_hands(high, False)
        trump = int(d.trump)
        # theirs are the suit's cards neither I nor partner hold
        rest = 13 - ev.length(self.hand, trump)
        chances = self.length_chances(me.partner, trump)
        fit = sum(w * (rest - n) for n, w in chances)
        t += sum(w * _FIT[min(max(rest - n, 5), 10)] for n, w in chances)
        t += _UNSEEN_SHORT if fit >= 7.5 else 0.0
        return t

    @cached_property
    def _honors(self) -> dict[str, float]:
        return {}

    def honors_net(self, denom: str) -> float:
        """The honors our side may expect to score at ``denom`` less the
        adversaries' (daw 17, Whist Club 6): they go to their holders whoever
        declares, so they weigh in the choice of a denomination (Goodfellow,
        "Principles of Play": "the points scored in the honor column are of
        equal value to the points scored for tricks"; the partners "stand to
        win more points on both tricks and honors on their own declaration").
        Mine are known; each unseen one lies with partner or an adversary in
        proportion to the cards of the suit each is expected to hold."""
        table = self.view.code.honors
        if table is None or DENOMINATIONS[denom].nullo:
            return 0.0
        got = self._honors.get(denom)
        if got is not None:
            return got
        d = DENOMINATIONS[denom]
        me = self.view.seat
        others = (me.partner, me.left, me.right)
        if d.trump is None:
            tops = [ev.suit_bits(self.hand, x) >> 12 & 1 for x in range(4)]
            mine, unseen = sum(tops), 4 - sum(tops)
            share = [1 / 3, 1 / 3, 1 / 3]
        else:
            t = int(d.trump)
            mine = ev.honor_count(self.hand, t)
            unseen = 5 - mine
            lengths = [self.expected_length(x, t) for x in others]
            total = sum(lengths) or 1.0
            share = [n / total for n in lengths]
        value = 1 if d.trump is None else self.values[denom]
        total_net = 0.0
        for split in itertools.product(range(3), repeat=unseen):
            p = math.prod(share[i] for i in split)
            k = [split.count(i) for i in range(3)]
            ours = _honor_points(table, mine + k[0], max(mine, k[0]), d.trump is None)
            theirs = _honor_points(table, k[1] + k[2], max(k[1], k[2]), d.trump is None)
            total_net += p * (ours - theirs) * value
        self._honors[denom] = total_net
        return total_net

    def game_need(self, side: int) -> int | None:
        """Trick points ``side`` still needs for game ("Know the Score"); None
        where the code has no game."""
        game = self.view.code.game
        if game is None:
            return None
        below = 0 if self.view.score.duplicate else self.view.score.below[side]
        return max(1, game.points - below)

    def score_if(self, bid: Bid, tricks: int, side: int, doubled: int = 0) -> float:
        """What ``side`` scores declaring ``bid`` and taking ``tricks``: trick
        points (all odd tricks count, the contract made), game, slam; or the
        undertricks it pays (daw 69: one spade loses at most 100)."""
        code = self.view.code
        value = self.values[bid.denomination]
        odd = tricks - 6
        if odd >= bid.level:
            pts = odd * value * (1 << doubled)
            score = float(pts)
            need = self.game_need(side)
            if need is not None and pts >= need:
                score += code.game.deal_bonus if code.game is not None else 0
            slams = code.slams
            if slams is not None and (not slams.only_when_bid or bid.level >= odd):
                score += slams.grand if tricks == 13 else slams.little if tricks == 12 else 0
            return score + (50.0 if doubled else 0.0)
        under = 6 + bid.level - tricks
        lost = under * code.undertricks.plain * (1 << doubled)
        cap = code.undertricks.one_spade_cap
        one_spade = bid.level == 1 and bid.denomination == self.weak_suit
        if cap is not None and doubled < 2 and one_spade:
            lost = min(lost, cap)
        return -float(lost)

    def expected(self, bid: Bid, mean: float, side: int, doubled: int = 0) -> float:
        """``score_if`` averaged over the tricks about ``mean`` (a spread of
        about a trick and a half either way, as the estimate misses double
        dummy)."""
        total = 0.0
        for t in range(14):
            lo = _phi((t - 0.5 - mean) / _SPREAD) if t > 0 else 0.0
            hi = _phi((t + 0.5 - mean) / _SPREAD) if t < 13 else 1.0
            p = hi - lo
            if p > 1e-4:
                total += p * self.score_if(bid, t, side, doubled)
        return total

    def target_level(self, denom: str) -> int:
        """The odd tricks he may contract for in ``denom``, his style allowing."""
        return math.floor(self.estimate(denom) - 6 + 0.5 * self.style + 0.25)

    def best_suit(self) -> int:
        """The longest suit; of two as long, the one with more honors, then the
        higher in the series (Hawley: the bid "in which the greater merit exists").
        The series is spade, club, diamond, heart (law 32; the counts' values
        rise in the same order): the suits' index (clubs 0 ... spades 3) moved
        one on, so that spades come lowest."""
        return max(
            range(4),
            key=lambda x: (ev.length(self.hand, x), ev.honor_count(self.hand, x), (x + 1) % 4),
        )


def _honor_points(table: HonorTable, total: int, top: int, at_nt: bool) -> int:
    """The honor table's entry for a side's ``total`` honors, ``top`` in one
    hand (daw 17, Whist Club 6): points at no-trump, trick values at a suit."""
    if at_nt:
        if total == 4:
            return table.aces_four_in_one if top == 4 else table.aces_four
        return table.aces_three if total == 3 else 0
    if total == 5:
        return {5: table.five_in_one, 4: table.four_in_one_fifth_in_partners}.get(top, table.five)
    if total == 4:
        return table.four_in_one if top == 4 else table.four
    return table.three if total == 3 else 0


RuleFn = Callable[[Situation], Decision | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """A named rule of bidding, with the passage it comes from."""

    name: str
    source: str  # e.g. 'Hopson, "The Dealer\'s Bid"'
    # What the call shows, as the period's published methods let every
    # player know it: never what the robot's own hand holds (the web app
    # shows it while the deal is played; docs/decisions.md).
    meaning: str
    fn: RuleFn = field(repr=False)
    # The same, as ranges the model reads (``model.Shows``), or a reader of
    # the auction before it where the meaning depends on it (``model.Reader``).
    shows: Shows | Reader | None = None
    # The passage for each bidder (1 dealer .. 4 fourth) where the rule is
    # the same advice given in each seat's chapter; else ``source``.
    by_seat: tuple[tuple[int, str], ...] = ()

    def cite(self, position: int) -> str:
        """The passage for the bidder in ``position`` (Hopson's chapters by seat)."""
        return dict(self.by_seat).get(position, self.source)

    def __call__(self, s: Situation) -> Decision | None:
        d = self.fn(s)
        if d is None or not s.legal(d.call):
            return None
        return d


def rule(
    name: str,
    source: str,
    meaning: str,
    shows: Shows | Reader | None = None,
    by_seat: dict[int, str] | None = None,
) -> Callable[[RuleFn], Rule]:
    """Declare a rule: its name, the passage it follows, what the call shows
    to the table in words (``Rule.meaning``) and as ranges the model reads
    (``Rule.shows``, registered in ``model.SHOWN``), and the passage for
    each seat where it differs."""

    def wrap(fn: RuleFn) -> Rule:
        if shows is not None:
            model.register(name, shows)
        return Rule(name, source, meaning, fn, shows, tuple(sorted((by_seat or {}).items())))

    return wrap


def first_spoken(rules: Sequence[Rule], s: Situation) -> tuple[Decision, Rule | None]:
    """The call of the first of ``rules`` that speaks for ``s``, and that
    rule; when none speaks (a debarred seat may only pass, daw 58) the
    lowest legal call and None. The robot's call (``robot.decide``) and
    the simulation's replay of partner's (``simulate``) alike."""
    for r in rules:
        d = r(s)
        if d is not None:
            return d, r
    call = s.view.legal_calls[0]
    return Decision(call, f"{call}: the only call open to me."), None
