"""What each call shows, read as the period read the auction.

Every rule of bidding declares, beside its name and passage, what a call it
makes shows (``Shows``: quick tricks, high cards, the length of the suit
named, the playing tricks the caller is credited with), either once for all
or, where the meaning depends on the calls before it, as a ``Reader`` of the
auction so far (Royalton's declarations show what they needed beyond what
partner had shown). ``read_auction`` finds for every call at the table the
rule that makes it, as the period's published methods let every player
know, and sums a seat's calls into a ``Picture`` of his hand. The rules,
the explanations, the opening lead and the Monte Carlo sampler read the
auction from here, and from nowhere else.

Hopson, "The Dealer's Bid": "the whole science of bidding consists in giving
accurate information"; the dealer's forced one spade "does not mean strength
in spades ... he may not have in his hand a single spade" (daw 52, Whist
Club 44). A pass in the first round shows a hand too weak to declare
(Hopson, "The Second Bidder": "sit tight").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ...calls import DENOMINATIONS, Bid, Call, Other
from ...cards import Seat
from ...codes import Code
from ...codes.base import ROYALTON_SERIES

__all__ = [
    "HELD_SLACK",
    "SHOWN",
    "Heard",
    "Picture",
    "Reader",
    "Reading",
    "Shows",
    "convention",
    "read_auction",
    "register",
]


@dataclass(frozen=True, slots=True)
class Shows:
    """What a call shows of its caller's hand, as ranges.

    ``quick``: his quick tricks (Hopson's count: A-K 2, A-Q 1½, A 1, K-Q 1,
    K x ½). ``length``: the fewest cards he holds in the suit the call names
    (0 for a no-trump, a double or a pass); ``short``: the most he holds there
    (a double of one spade on "short high black cards"). ``tricks``: the
    playing tricks his partner credits him with toward the combined hands.
    ``hcp``: his high cards (A 4, K 3, Q 2, J 1), at least and at most.
    ``expect``: the cards of the suit named the count takes him to hold
    (Royalton's count: four and a half for a suit of his own).
    ``nullo``: a call of a low hand.
    ``nothing``: the call shows nothing of the hand at all."""

    tricks: float
    quick: tuple[float, float] = (0.0, 13.0)
    length: int = 0
    short: int = 13
    hcp: tuple[float, float] = (0, 40)
    weak: bool = False  # a call of weakness: partner counts no more than ``tricks``
    expect: float = 0.0
    nullo: bool = False
    nothing: bool = False


@dataclass(frozen=True, slots=True)
class Heard:
    """A call as the table hears it: who made it, after which calls, and what
    every seat's calls had shown before it."""

    seat: Seat
    call: Call
    prior: Sequence[tuple[Seat, Call]]
    pictures: Mapping[Seat, Picture]

    @property
    def bids(self) -> list[tuple[Seat, Bid]]:
        return [(s, c) for s, c in self.prior if isinstance(c, Bid)]

    def bids_of(self, seat: Seat) -> list[Bid]:
        return [c for s, c in self.bids if s == seat]


# What a call shows where that depends on the calls before it.
Reader = Callable[[Heard], "Shows"]

# The declared meanings, by the rule's name (``situation.rule`` registers
# each rule's ``Shows`` or ``Reader`` here as it is declared).
SHOWN: dict[str, Shows | Reader] = {}

# A player unheard, or heard only on a call that shows nothing, holds his
# share of an average deal (Hopson: "an average hand").
UNHEARD = Shows(tricks=2.0)
NOTHING = Shows(tricks=UNHEARD.tricks, nothing=True)
_A_SUIT = Shows(tricks=3.0, length=4)
_NULLO = Shows(tricks=0.0, hcp=(0, 9))  # Hawley ch. I: a low hand
_NO_TRUMP = Shows(tricks=4.0, quick=(3.0, 13.0), hcp=(12, 40))
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
# Royalton's count takes a hand not yet heard for his share of an average
# deal and a little more; the counts' rules leave him the whole pack.
_UNHEARD_HCP = {True: (0.0, 20.0), False: (0.0, 40.0)}
# The ranges are what the rules count on, not the hands they bid with: shape,
# playing tricks and the count's rounding carry a hand a trick's high cards
# past them (Royalton's placements in competition most: read by the count
# alone, a third of the robots' own hands lie outside). ``Picture.held``
# widens them so far either side for whoever deals the unseen hands (the
# Monte Carlo sampler); the bidding counts on ``hcp`` (docs/robots.md,
# "Paired").
HELD_SLACK = 3.0


def register(name: str, shows: Shows | Reader) -> None:
    SHOWN[name] = shows


def _general(call: Call) -> Shows:
    """A declaration's general credit, for a rule that declares no ranges."""
    if isinstance(call, Bid):
        if call.denom.nullo:
            return _NULLO
        return _NO_TRUMP if call.denomination == "NT" else _A_SUIT
    return UNHEARD


@dataclass(frozen=True, slots=True)
class Reading:
    """One call read: who made it, the call, and the rule the table takes to
    have made it (None: a call that shows nothing the rules declare)."""

    seat: Seat
    call: Call
    rule: str | None
    suit: int | None = None  # the suit named, or for a double the suit doubled
    read_as: Shows | None = None  # what a ``Reader`` made of it in its place

    @property
    def shows(self) -> Shows:
        if self.read_as is not None:
            return self.read_as
        if self.rule is None:
            return NOTHING
        got = SHOWN.get(self.rule)
        if isinstance(got, Shows):
            return got
        return _general(self.call)


@dataclass(slots=True)
class Picture:
    """What a seat's calls together show of his hand."""

    seat: Seat
    readings: list[Reading] = field(default_factory=list)
    quick: tuple[float, float] = (0.0, 13.0)
    lengths: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # C D H S, fewest
    most: list[int] = field(default_factory=lambda: [13, 13, 13, 13])
    hcp: tuple[float, float] = (0, 40)
    tricks: float = UNHEARD.tricks
    heard: bool = False  # some call of his shows his hand
    # the cards of each suit the count takes him to hold (Royalton's count:
    # a quarter of the pack each until he names a suit)
    holding: list[float] = field(default_factory=lambda: [3.25, 3.25, 3.25, 3.25])
    nullo: bool = False  # he has bid the nullo: a low hand

    def add(self, r: Reading) -> None:
        self.readings.append(r)
        sh = r.shows
        if sh.nothing:
            # the forced one spade: the hand warrants no higher bid (Hopson)
            if not self.heard:
                self.tricks = sh.tricks
            return
        self.quick = (max(self.quick[0], sh.quick[0]), min(self.quick[1], sh.quick[1]))
        # a range that would cross itself keeps its floor: the later call,
        # made on the count, says more than the earlier cap
        lo = max(self.hcp[0], sh.hcp[0])
        top = self.hcp[1]
        if not self.heard and sh.hcp[0] >= top - 1:
            # a first call that shows at least the unheard seat's guessed
            # top (``_UNHEARD_HCP``) is read at its own range: the guess was
            # no call (Royalton's strong declaration, 19-25)
            top = 40.0
        self.hcp = (lo, max(lo, min(top, sh.hcp[1])))
        self.nullo = self.nullo or sh.nullo
        t = r.suit
        if t is not None:
            named_before = isinstance(r.call, Bid) and any(
                isinstance(x.call, Bid) and x.suit == t and not x.shows.nothing
                for x in self.readings[:-1]
            )
            # a suit named a second time shows a fifth card (Hopson, "The
            # Third Bidder": "if his partner holds to his original bid")
            self.lengths[t] = max(self.lengths[t], sh.length + int(named_before))
            self.most[t] = min(self.most[t], sh.short)
            self.holding[t] = max(self.holding[t], sh.expect)
        if not self.heard or sh.weak:
            self.tricks = sh.tricks
        else:
            self.tricks = max(self.tricks, sh.tricks)
        self.heard = True

    @property
    def declared(self) -> bool:
        """He has made a declaration other than the nullo (Royalton's count
        reads his hand from it; a pass or a double places no contract)."""
        return any(
            isinstance(r.call, Bid) and not r.call.denom.nullo and not r.shows.nothing
            for r in self.readings
        )

    @property
    def held(self) -> tuple[float, float]:
        """The high cards his hand may hold: his calls' range ``HELD_SLACK``
        wider either side, within the pack."""
        lo, hi = self.hcp
        return max(0.0, lo - HELD_SLACK), min(40.0, max(lo, hi) + HELD_SLACK)

    @property
    def mid(self) -> float:
        """The middle of the high cards his calls show."""
        return (self.hcp[0] + max(self.hcp[0], self.hcp[1])) / 2

    def ranges(self) -> str:
        """His high cards and the suits the count takes him to hold, in words."""
        lo, hi = self.hcp
        text = f"{lo:.0f}-{hi:.0f} in high cards"
        held = [f"{n:g} {_SUIT_NAMES[x]}" for x, n in enumerate(self.holding) if n > 3.25]
        return text + (", " + ", ".join(held) if held else "")

    @property
    def suits(self) -> tuple[tuple[int, int], ...]:
        """(suit, fewest cards) for each suit his calls promise."""
        return tuple((s, n) for s, n in enumerate(self.lengths) if n)

    def said(self) -> str:
        """His calls in order, each with what it was read as."""
        if not self.readings:
            return "no call yet"
        out = []
        for r in self.readings:
            text = str(r.call) if isinstance(r.call, Bid) else r.call.value
            if r.shows.nothing and isinstance(r.call, Bid):
                text += " (forced: it shows nothing)"
            elif r.rule is not None:
                text += f" ({r.rule})"
            out.append(text)
        return " ".join(out)


def forced_opening(code: Code, calls: Sequence[tuple[Seat, Call]]) -> bool:
    """The dealer's opening one of the code's least-valued suit where he must
    declare (daw 52, Whist Club 44)."""
    if not calls or code.dealer_may_pass:
        return False
    call = calls[0][1]
    if not isinstance(call, Bid) or call.level != 1 or call.royal:
        return False
    suits = {k: v for k, v in code.trick_values.items() if DENOMINATIONS[k].trump is not None}
    low = min(suits.values())
    return [k for k, v in suits.items() if v == low] == [call.denomination]


def convention(
    code: Code, dealer: Seat, prior: Sequence[tuple[Seat, Call]], seat: Seat, call: Call
) -> str | None:
    """The rule the table takes to have made ``call`` by ``seat`` after
    ``prior``: the period's published methods, read from the calls alone."""
    position = (int(seat) - int(dealer)) % 4 + 1
    first_round = len(prior) < 4
    bids = [(s, c) for s, c in prior if isinstance(c, Bid)]
    last = bids[-1] if bids else None
    partner = seat.partner
    mine = [c for s, c in bids if s == seat]
    partners = [c for s, c in bids if s == partner]
    if not prior and isinstance(call, Bid) and forced_opening(code, [(seat, call)]):
        return "one_spade"
    if code.royal_bids:
        return _royalton(prior, seat, call, mine, partners)
    if call is Other.PASS:
        if first_round and not mine:
            if last is not None and last[0] == partner:
                return "leave_one_spade" if forced_opening(code, prior[:1]) else "leave_partner"
            return "sit_tight"
        return None
    if call is Other.REDOUBLE:
        return "redouble_with_tricks_to_spare"
    if call is Other.DOUBLE:
        if (
            position == 2
            and len(prior) == 1
            and last is not None
            and forced_opening(code, prior[:1])
        ):
            return "double_one_spade"
        return "honest_double"
    if not isinstance(call, Bid):
        return None
    partner_doubled = last is not None and last[0] == partner and prior[-1][1] is Other.DOUBLE
    if call.denomination == "NT" and not mine and not partners and first_round:
        return "one_no_trump"
    if not prior and call.level == 2:
        return "two_on_long_suit"
    shown_partner = partners[1:] if partner == dealer and forced_opening(code, prior) else partners
    if (
        last is not None
        and last[0] == partner
        and last[1] == Bid(1, "NT")
        and not mine
        and call.level == 2
        and call.denom.trump is not None
    ):
        return "weakness_take_out"
    if partner_doubled and last is not None and last[0] == partner and call.denom.trump is not None:
        return "rescue_from_double"
    if call.denom.named in {c.denom.named for c in shown_partner} and call.denom.trump is not None:
        return "support_partner"
    dealer_nt = bool(bids) and bids[0][0] == dealer and bids[0][1].denomination == "NT"
    suit_bid = call.denom.trump is not None
    if position == 4 and first_round and dealer_nt and not partners and suit_bid:
        return "show_the_lead"
    # Only the dealer's opening is Hopson's "bid to make one" on two quick
    # tricks ("The Dealer's Bid"); a later first bid of one is the two hands'
    # best declaration, made on no such floor, and read as it is made: a
    # double counting partner's tricks must not count quick tricks his call
    # never promised (issue 18, "doubles that count tricks honestly").
    if not prior and call.level == 1:
        return "one_of_a_suit"
    return "best_declaration"


def all_passed(calls: Sequence[tuple[Seat, Call]]) -> bool:
    """Three passes and no bid: if the fourth hand passes too, the deal is
    passed out (Royalton law 30, the dealer's "no bid")."""
    return len(calls) == 3 and not any(isinstance(c, Bid) for _, c in calls)


def pass_out_seat(calls: Sequence[tuple[Seat, Call]], seat: Seat) -> bool:
    """Does the auction end if ``seat`` passes after ``calls``: an adversary's
    bid and two passes after it (Hopson, "The Fourth Bidder")."""
    return (
        len(calls) >= 3
        and calls[-1][1] is Other.PASS
        and calls[-2][1] is Other.PASS
        and isinstance(calls[-3][1], Bid)
        and calls[-3][0].side != seat.side
    )


def _royalton(
    prior: Sequence[tuple[Seat, Call]],
    seat: Seat,
    call: Call,
    mine: list[Bid],
    partners: list[Bid],
) -> str | None:
    """Royalton's conventions (Hawley ch. I): the no-trump calls for partner's
    best suit, and the answer is mandatory even after an adversary's bid; a
    first declaration is a suit of merit; every later one is placed by the
    two hands' count, a royal among them, but for the slam try (a second
    suit over a suit both partners have named, uncontested), its answer and
    the try-maker's call over that.
    A pass before one's own first bid
    shows no declaration of merit; after it, nothing."""
    if call is Other.NO_BID and not prior:
        return "dealer_no_bid"
    if call is Other.PASS or call is Other.NO_BID:
        return None if mine else "royalton_pass"
    if call is Other.REDOUBLE:
        return "royalton_redouble"
    if call is Other.DOUBLE:
        return "royalton_double"
    if not isinstance(call, Bid):
        return None
    if call.denom.nullo:
        return "nullo_on_low_hand"
    bids = [(s, c) for s, c in prior if isinstance(c, Bid)]
    if not mine and not partners:
        if pass_out_seat(prior, seat):
            return "fourth_hand_reopens"
        if not bids and call.level >= 2 and call.denom.trump is not None:
            return "royalton_strong_suit"  # the first declaration made a level high
        if call.denomination == "NT":
            return "no_trump_call"
        if all_passed(prior):
            return "fourth_hand_reopens"  # after three passes: the deal's pass-out seat
        return "royalton_suit"
    if (
        not mine
        and bids[0][0] == seat.partner
        and bids[0][1].level >= 2
        and bids[0][1].denom.trump is not None
        and all(s.side == seat.side for s, _ in bids)
    ):
        return "answer_strong_suit"
    if not mine and len(partners) == 1 and partners[0].denomination == "NT":
        return "answer_no_trump_call"
    if all(s.side == seat.side for s, _ in bids) and not call.royal:
        # a suit both of us have named, uncontested, partner's the last bid:
        # another suit named over it is the slam try, partner's call over
        # the try its answer, and the try-maker's bid over that his judgement
        # (Royalton's ``slam_try``, ``answer_slam_try``, ``slam_try_answered``)
        ours = agreed_suit(bids, seat)
        if ours is not None and call.denom.trump is not None:
            if call.denomination != ours.denomination:
                return "slam_try"
        elif _tried(bids, seat.partner, 1) is not None:
            return "answer_slam_try"
        elif _tried(bids, seat, 2) is not None:
            return "slam_try_answered"  # the try-maker over partner's answer
        if jump_taken_out(bids, seat) is not None:
            return "answer_jump_take_out"
    return "royal_call" if call.royal else "place_the_contract"


def _agreed(bids: Sequence[tuple[Seat, Bid]], seat: Seat) -> Bid | None:
    """Partner's bid that ends ``bids`` (the bids so far, in order), in a suit
    ``seat`` has named before, no one else bidding; None otherwise."""
    if not bids or any(s.side != seat.side for s, _ in bids) or bids[-1][0] != seat.partner:
        return None
    last = bids[-1][1]
    if last.royal or last.denom.trump is None:
        return None
    mine = [b for s, b in bids[:-1] if s == seat]
    if not any(b.denomination == last.denomination and not b.royal for b in mine):
        return None
    return last


def _slam_try_at(bids: Sequence[tuple[Seat, Bid]]) -> int | None:
    """Where in ``bids`` the slam try was made: the first suit named over a
    suit agreed (``agreed_suit``), one to an auction. None if none was."""
    for i, (s, b) in enumerate(bids):
        ours = _agreed(bids[:i], s)
        if ours is None or b.royal or b.denom.trump is None:
            continue
        if b.denomination != ours.denomination:
            return i
    return None


def agreed_suit(bids: Sequence[tuple[Seat, Bid]], seat: Seat) -> Bid | None:
    """Partner's last bid when it names a suit ``seat`` named before, no one
    else bidding and no slam try made yet (the bids so far, in order): the
    suit our side has agreed, where Royalton's slam try names another. The
    opener's one suit raised (1H 2H), partner's suit raised (1H 2C 3C), our
    suit named again over partner's raise (1H 2C 2H 3H), the strong
    declaration raised (2S 3S). None otherwise."""
    if _slam_try_at(bids) is not None:
        return None
    return _agreed(bids, seat)


def _tried(bids: Sequence[tuple[Seat, Bid]], seat: Seat, back: int) -> Bid | None:
    """The slam try ``seat`` made ``back`` bids from the end of ``bids``."""
    i = _slam_try_at(bids)
    if i is None or i != len(bids) - back or bids[i][0] != seat:
        return None
    return bids[i][1]


def jump_taken_out(bids: Sequence[tuple[Seat, Bid]], opener: Seat) -> Bid | None:
    """The new suit ``opener``'s partner named a level higher than need be
    over ``opener``'s suit at one, or over his no-trump call at one (the
    mandatory answer made a level high), no one else bidding (the bids so
    far, in order): Royalton's jumped take-out (``royalton._take_out_jumps``).
    None otherwise."""
    if len(bids) != 2 or bids[0][0] != opener or bids[1][0] != opener.partner:
        return None
    first, jump = bids[0][1], bids[1][1]
    if first.level != 1 or first.denom.nullo or first.royal:
        return None
    if jump.royal or jump.denom.trump is None or jump.denomination == first.denomination:
        return None
    above = ROYALTON_SERIES.index(jump.denomination) > ROYALTON_SERIES.index(first.denomination)
    return jump if jump.level == (1 if above else 2) + 1 else None


def tried_suit(bids: Sequence[tuple[Seat, Bid]], seat: Seat) -> tuple[Bid, Bid] | None:
    """(the suit agreed, the try) when the bids end in ``seat``'s slam try
    (another suit named over partner's bid of a suit both had named, no one
    else bidding) or in partner's answer to it. None otherwise."""
    for back in (1, 2):
        tried = _tried(bids, seat, back)
        if tried is not None:
            i = len(bids) - back
            agreed = bids[i - 1][1]
            return agreed, tried
    return None


def read_auction(
    code: Code, dealer: Seat, calls: Sequence[tuple[Seat, Call]]
) -> dict[Seat, Picture]:
    """Every seat's picture from the calls so far: each call read as its
    rule declares, in its place in the auction."""
    out = {s: Picture(s, hcp=_UNHEARD_HCP[code.royal_bids]) for s in Seat}
    standing: Bid | None = None
    for i, (seat, call) in enumerate(calls):
        suit: int | None = None
        if isinstance(call, Bid):
            standing = call
            suit = None if call.denom.trump is None else int(call.denom.trump)
        elif call is Other.DOUBLE and standing is not None and standing.denom.trump is not None:
            suit = int(standing.denom.trump)
        rule = convention(code, dealer, calls[:i], seat, call)
        declared = SHOWN.get(rule) if rule is not None else None
        read_as = None
        if declared is not None and not isinstance(declared, Shows):
            read_as = declared(Heard(seat, call, calls[:i], out))
        out[seat].add(Reading(seat, call, rule, suit, read_as))
    return out
