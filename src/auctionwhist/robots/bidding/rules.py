"""The rules of bidding, each a small named unit citing the passage it follows.

Seeds: Hopson on Auction (001: "The Dealer's Bid", "The Second Bidder", "The
Third Bidder", "The Fourth Bidder", "Doubling and Re-doubling", "The Personal
Equation"), Goodfellow's "Principles of Play" (000) and Hawley's Royalton,
chapter I (004). A family is the ordered tuple of its rules; the first rule
that gives a legal call decides.
"""

from __future__ import annotations

from ...calls import DENOMINATIONS, Bid, Other
from . import evaluate as ev
from . import model
from .model import Shows
from .situation import Decision, Rule, Situation, rule

__all__ = ["COUNTS"]

_SUITS = ("C", "D", "H", "S")

# Hopson's chapters by seat: a rule given in more than one is cited from the
# chapter for the bidder who makes the call (``Rule.cite``).
_DEALER = 'Hopson, "The Dealer\'s Bid"'
_SECOND = 'Hopson, "The Second Bidder"'
_THIRD = 'Hopson, "The Third Bidder"'
_FOURTH = 'Hopson, "The Fourth Bidder"'


def _name(b: Bid) -> str:
    return str(b)


def _one(denomination: str) -> str:
    """The denomination's name after "one": one spade, one royal spade, one no-trump."""
    name = DENOMINATIONS[denomination].name
    return name[:-1] if name.endswith("s") else name


# -- doubling and re-doubling (common) --------------------------------------


# Hopson, "Doubling and Re-doubling": "When your partner's bid has been
# doubled, take him out if you can with safety ... by bidding on some suit of a
# higher value"; "do not be over-anxious to take him out".
@rule(
    "take_out_of_double",
    'Hopson, "Doubling and Re-doubling"',
    "A take-out of partner's doubled declaration into a suit of higher value, holding none of his.",
    shows=Shows(tricks=1.0, length=6, weak=True),
)
def take_out_of_double(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or s.view.doubled != 1:
        return None
    bid = last[1]
    their = bid.denom.trump
    if their is None or ev.length(s.hand, int(their)) >= 2:
        return None
    values = s.values
    for suit in sorted(range(4), key=lambda x: -ev.length(s.hand, x)):
        key = s.suit_key(suit)
        if key not in values or values[key] <= values[bid.denomination]:
            continue
        if ev.length(s.hand, suit) >= 6:
            b = s.cheapest(key)
            if b is not None and b.level <= bid.level + 1:
                return Decision(
                    b,
                    f"{b}: partner's {bid} is doubled and I hold none of it, so I take "
                    f"him out into a suit of higher value.",
                )
    return None


# -- the old and new counts (auction, royals, daw) --------------------------


# Hopson, "Doubling and Re-doubling": the second object of bidding is "to bid
# your opponents up to a point at which you can double"; "it is seldom
# advisable to double a bid of one"; "be especially careful about doubling
# where your opponents will not go game". The tricks counted honestly: the
# adversaries' from what their calls show and the high cards left them, ours
# the rest; a silent partner is only his share of the pack.
@rule(
    "honest_double",
    'Hopson, "Doubling and Re-doubling"',
    "A double for penalties: the tricks of both our hands, counted from what every "
    "call has shown, defeat the declaration.",
    shows=Shows(tricks=3.0, quick=(2.0, 13.0), hcp=(10, 40)),
)
def honest_double(s: Situation) -> Decision | None:
    last = s.last
    if last is None or not s.legal(Other.DOUBLE):
        return None
    seat, bid = last
    if bid.denom.nullo or (bid.level == 1 and not s.scores_game(bid, seat)):
        return None
    if _rescued(s):
        return None
    them = seat.side
    mean = s.their_tricks(bid.denomination)
    gain = s.expected(bid, mean, them) - s.expected(bid, mean, them, 1)
    if gain <= s.shift(_DOUBLE_MARGIN, 10.0):
        return None
    need = 13 - (6 + bid.level) + 1  # tricks that defeat it
    # the tricks in sight: my quick tricks and trump tricks, and no more of
    # partner's than his calls have shown
    mine = _defence_tricks(s, bid)
    p = s.partner_picture
    his = p.quick[0] if p.heard else _SILENT_PARTNER
    if mine + his < s.shift(need, 0.5):
        return None
    free = " — a free double, for it gives them game if made" if s.scores_game(bid, seat) else ""
    return Decision(
        Other.DOUBLE,
        f"Double: {need} tricks defeat {bid}; I count {mine:g} in my hand and {his:g} "
        f"in partner's{free}.",
    )


def _rescued(s: Situation) -> bool:
    """Is the standing declaration the adversaries' take-out of their own
    declaration that our side doubled? Hopson, "Doubling and Re-doubling":
    the partner takes him out only "if you can with safety", "unless you
    are quite sure that the shift will not involve a heavier loss": the new
    suit is the rescuer's long one, where the tricks that defeated the
    first declaration are not. So it is not doubled again (issue 18: of the
    counts' doubled contracts made double dummy, rescues doubled again)."""
    bids = [(i, seat) for i, (seat, c) in enumerate(s.view.calls) if isinstance(c, Bid)]
    if len(bids) < 2:
        return False
    (before, first), (now, second) = bids[-2], bids[-1]
    if first.side != second.side or first.side == s.view.seat.side:
        return False
    return any(c is Other.DOUBLE for _, c in s.view.calls[before + 1 : now])


def _defence_tricks(s: Situation, bid: Bid) -> float:
    """My hand's tricks against ``bid``: quick tricks, and trumps of theirs
    beyond three (or three headed by two honors)."""
    t = s.quick
    trump = bid.denom.trump
    if trump is not None:
        n = ev.length(s.hand, int(trump))
        t += max(0.0, n - 3) + (0.5 if ev.honor_count(s.hand, int(trump)) >= 2 else 0.0)
    return t


# Hopson, "Doubling and Re-doubling": "If you have been doubled, be extremely
# cautious about re-doubling, because that may drive your opponents to some
# other suit in which you will be defeated." Only with two tricks to spare
# by the two hands' count.
@rule(
    "redouble_with_tricks_to_spare",
    'Hopson, "Doubling and Re-doubling"',
    "Redouble: the two hands should make the doubled declaration with two tricks to spare.",
    shows=Shows(tricks=3.0, quick=(2.0, 13.0), hcp=(10, 40)),
)
def redouble_with_tricks_to_spare(s: Situation) -> Decision | None:
    last = s.last
    if last is None or not s.legal(Other.REDOUBLE) or last[1].denom.nullo:
        return None
    bid = last[1]
    mean = s.side_tricks(bid.denomination)
    if mean < 6 + bid.level + s.shift(_REDOUBLE_SPARE, 0.5):
        return None
    return Decision(
        Other.REDOUBLE,
        f"Redouble: our hands should take {mean:.1f} tricks at {bid.denom.name}, "
        f"{mean - 6 - bid.level:.1f} more than {bid} needs.",
    )


_REDOUBLE_SPARE = 2.0


# Hopson, "Doubling and Re-doubling": "When your partner's bid has been
# doubled, take him out if you can with safety ... It is often advisable to
# take your partner out of a double when you can do so by decreasing the size
# of your contract by bidding on some suit of a higher value"; "do not be
# over-anxious to take him out ... he is quite willing to play his hand with
# the bid doubled." A misfit rescued only where the new declaration is
# expected to cost less than his doubled one.
@rule(
    "rescue_from_double",
    'Hopson, "Doubling and Re-doubling"',
    "A take-out of partner's doubled declaration: a misfit, and a suit of this hand's "
    "own that should lose less.",
    shows=Shows(tricks=1.5, length=5, hcp=(0, 12), weak=True),
)
def rescue_from_double(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or s.view.doubled != 1:
        return None
    bid = last[1]
    if bid.denom.nullo:
        return None
    their = bid.denom.trump
    if their is not None and ev.length(s.hand, int(their)) >= 2:
        return None  # no misfit: leave him to play it
    side = s.view.seat.side
    stay = s.expected(bid, s.side_tricks(bid.denomination), side, 1)
    best: tuple[float, Bid] | None = None
    for key in s.values:
        d = DENOMINATIONS[key]
        if d.trump is None or d.nullo or key == bid.denomination:
            continue
        if ev.length(s.hand, int(d.trump)) < 5:
            continue
        b = s.cheapest(key)
        if b is None or b.level > bid.level + 1:
            continue
        # they may double the new declaration too
        worth = s.expected(b, s.side_tricks(key), side, 1)
        if best is None or worth > best[0]:
            best = (worth, b)
    if best is None or best[0] <= stay + _RESCUE_MARGIN:
        return None
    b = best[1]
    return Decision(
        b,
        f"{b}: partner's {bid} is doubled and I hold little of it; {b.denom.name} "
        f"should lose less ({best[0]:+.0f} expected doubled, against {stay:+.0f}).",
    )


_RESCUE_MARGIN = 80.0


# What a double must be expected to gain: the adversaries may take out into a
# suit that makes (Hopson: "a double may drive your opponents to some suit").
_DOUBLE_MARGIN = 30.0
# A silent partner's tricks in defence: half a trick, not the one and a half
# the old rules gave him (issue 18).
_SILENT_PARTNER = 0.5


# Hopson, "The Second Bidder": "double his one spade bid on short high black
# cards together with some outside strength, in order to inform your partner";
# "never bid two spades over a one spade bid".
@rule(
    "double_one_spade",
    'Hopson, "The Second Bidder"',
    "The double of the dealer's one spade: short high black cards and outside "
    "strength, to inform partner.",
    shows=Shows(tricks=3.0, quick=(3.0, 13.0), short=4, hcp=(10, 40)),
)
def double_one_spade(s: Situation) -> Decision | None:
    last = s.last
    if s.position != 2 or not s.first_round or last is None or not s.weak_suit:
        return None
    bid = last[1]
    if bid != Bid(1, s.weak_suit) or not s.legal(Other.DOUBLE):
        return None
    suit = _SUITS.index(s.weak_suit)
    if (
        ev.length(s.hand, suit) <= 4
        and ev.quick_tricks_in(s.hand, suit) >= 1.5
        and s.quick >= s.shift(3.0)
    ):
        return Decision(
            Other.DOUBLE,
            f"Double the dealer's one {_one(bid.denomination)}: short high cards there and "
            "outside strength, to inform my partner.",
        )
    return None


# Hopson, "The Dealer's Bid": "two quick tricks with outside support" for a
# suit; the no-trump one more (``one_no_trump``, ``_no_trump_hand``).
_NO_TRUMP_QUICK = 3.0


def _nt_hand(s: Situation, quick: float) -> bool:
    stops = sum(ev.stopped(s.hand, x) for x in range(4))
    return ev.balanced(s.hand) and stops >= 3 and s.quick >= s.shift(quick)


# Hopson, "The Dealer's Bid": "if you have a no-trump bid, however weak, ...
# it enables you to anticipate a no-trump declaration of the second hand";
# "The Second Bidder": "the no-trump bid is still, of course, the best
# declaration possible".
@rule(
    "one_no_trump",
    'Hopson, "The Dealer\'s Bid"',
    "One no-trump: an even hand with three suits protected and quick tricks.",
    shows=Shows(tricks=4.0, quick=(3.0, 13.0), hcp=(12, 40)),
    by_seat={2: _SECOND},
)
def one_no_trump(s: Situation) -> Decision | None:
    if s.position > 2 or not s.first_round or s.partner_bids or "NT" not in s.values:
        return None
    if s.last is not None and s.last[1].level > 1:
        return None
    if not _nt_hand(s, _NO_TRUMP_QUICK):
        return None
    their = s.last[1].denom.trump if s.last is not None else None
    if their is not None and not ev.stopped(s.hand, int(their)):
        return None
    b = Bid(1, "NT")
    return Decision(
        b, f"One no-trump: three suits protected and {s.quick:g} quick tricks, an even hand."
    )


# Hopson, "The Dealer's Bid": "Holding six or seven cards headed by the queen
# or jack in royals or hearts, together with outside strength such as an ace
# and king, bid to make two"; the bid is kept to the suits that go game in four.
@rule(
    "two_on_long_suit",
    'Hopson, "The Dealer\'s Bid"',
    "Two in a suit: a long suit and outside strength, an aggressive bid for game in four.",
    shows=Shows(tricks=5.0, quick=(1.5, 13.0), length=6),
)
def two_on_long_suit(s: Situation) -> Decision | None:
    if not s.opening:
        return None
    for suit in range(4):
        key = s.suit_key(suit)
        if key not in s.values or s.game_level(key) != 4:
            continue
        n = ev.length(s.hand, suit)
        outside = s.quick - ev.quick_tricks_in(s.hand, suit)
        if n >= 6 and outside >= s.shift(1.5):
            b = Bid(2, key)
            return Decision(
                b,
                f"Two {b.denom.name}: {n} of them with an ace and king outside — "
                "an aggressive bid for game in four.",
            )
    return None


def _biddable(s: Situation, suit: int) -> bool:
    """Hopson: "never bid to make one in any suit ... unless he holds the ace or
    king of the suit bid. If your suit is headed by the king, then the queen
    should go with it"; four cards at least."""
    b = ev.suit_bits(s.hand, suit)
    return ev.length(s.hand, suit) >= 4 and bool(b & (1 << 12) or (b & (1 << 11) and b & (1 << 10)))


# Hopson, "The Dealer's Bid": "you must have two quick tricks with outside
# support to bid to make one odd in any suit. For example, ace, king, and two
# small cards with outside support is a sound declaration."
@rule(
    "one_of_a_suit",
    'Hopson, "The Dealer\'s Bid"',
    "One in a suit: the suit headed by the ace, or king and queen, with two quick "
    "tricks or more in the hand.",
    shows=Shows(tricks=3.0, quick=(2.5, 13.0), length=4, hcp=(9, 40)),
    by_seat={2: _SECOND, 3: _THIRD, 4: _FOURTH},
)
def one_of_a_suit(s: Situation) -> Decision | None:
    if not s.first_round or s.partner_shown or (s.last is not None and s.last[1].level > 1):
        return None
    choices = [
        x
        for x in range(4)
        if _biddable(s, x)
        and s.suit_key(x) in s.values
        and s.suit_key(x) != s.weak_suit
        and ev.quick_tricks_in(s.hand, x) >= 1
    ]
    if not choices or s.quick < s.shift(2.5):
        return None
    suit = max(choices, key=lambda x: (ev.length(s.hand, x), s.values[s.suit_key(x)]))
    b = s.cheapest(s.suit_key(suit))
    if b is None or b.level > 1:
        return None
    return Decision(
        b,
        f"One {_one(b.denomination)}: the suit is headed by the ace or king and queen, with "
        f"{s.quick:g} quick tricks in the hand.",
    )


# Hopson, "The Third Bidder": "your partner has started with a declaration of
# one notrump and you hold in your hand nothing of value, practically, except
# a long low suit ... you must bid two in that suit, provided it be royals,
# hearts, or diamonds"; "if your hand is worse ... leave his no-trump alone".
# Not the dealer's answer to a no-trump over his forced spade: partner did not
# start with it.
@rule(
    "weakness_take_out",
    'Hopson, "The Third Bidder"',
    "Two in a suit over partner's no-trump: a long low suit and nothing else, a hand "
    "of no help to the no-trump.",
    shows=Shows(tricks=1.0, quick=(0.0, 1.0), length=5, hcp=(0, 8), weak=True),
)
def weakness_take_out(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or last[1] != Bid(1, "NT"):
        return None
    if s.my_bids:
        return None
    if s.quick > 1.0:
        return None
    values = s.values
    ranked = sorted((k for k in values if k in ("C", "D", "H", "S", "RS")), key=values.__getitem__)
    upper = ranked[-3:]  # the three suits of highest value: royals, hearts, diamonds
    for suit in sorted(range(4), key=lambda x: -ev.length(s.hand, x)):
        key = s.suit_key(suit)
        if key in upper and ev.long_low_suit(s.hand, suit):
            b = Bid(2, key)
            return Decision(
                b,
                f"Two {b.denom.name}: a long low suit and nothing else — my hand is of "
                "no help to partner's no-trump.",
            )
    return None


# Hopson, "The Third Bidder": partner's weakness take-out of my no-trump "tells
# your partner plainly that your hand is of no possible assistance to his
# no-trump and it is his business to let your bid hold unless his no-trump is
# so powerful that he does not require any support from your hand".
@rule(
    "leave_weakness_take_out",
    'Hopson, "The Third Bidder"',
    "Pass: partner's take-out of the no-trump says his hand is of no help to it.",
    shows=Shows(tricks=2.0),
)
def leave_weakness_take_out(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or s.view.doubled:
        return None
    readings = s.partner_picture.readings
    if not readings or readings[-1].rule != "weakness_take_out":
        return None
    if ev.nt_tricks(s.hand) >= 6 + last[1].level:
        return None  # a no-trump that needs no support from his hand
    return Decision(
        Other.PASS,
        f"Pass: partner's {last[1]} takes out my no-trump on a hand of no help to it; "
        "I let it hold.",
    )


# Hopson, "The Third Bidder": "Should your partner bid one spade and the second
# player pass, do not take him out on a poor hand, because his loss in
# penalties is limited to 100."
@rule(
    "leave_one_spade",
    'Hopson, "The Third Bidder"',
    "Pass over partner's one spade: a poor hand; his loss is limited.",
    shows=Shows(tricks=1.5, quick=(0.0, 2.5), weak=True),
)
def leave_one_spade(s: Situation) -> Decision | None:
    last = s.last
    if not s.weak_suit or last is None or last[0] != s.view.partner:
        return None
    if last[1] != Bid(1, s.weak_suit) or s.quick >= s.shift(2.5):
        return None
    if best_declaration(s) is not None:
        return None  # not a poor hand: the two hands hold a better declaration
    return Decision(
        Other.PASS,
        f"Pass: partner's one {_one(last[1].denomination)} loses at most 100, and my poor "
        "hand would only add to the loss.",
    )


# Hopson, "The Fourth Bidder": "Where the dealer has bid a no-trump, it is often
# of the utmost importance for the fourth player to bid some suit in order to
# show his partner what to lead."
@rule(
    "show_the_lead",
    'Hopson, "The Fourth Bidder"',
    "A suit over the dealer's no-trump: to show partner what to lead.",
    shows=Shows(tricks=2.5, quick=(2.0, 13.0), length=5),
)
def show_the_lead(s: Situation) -> Decision | None:
    if s.position != 4 or not s.first_round:
        return None
    dealer_bids = s.view.bids_of(s.view.dealer)
    if not dealer_bids or dealer_bids[0].denomination != "NT" or s.partner_bids:
        return None
    for suit in range(4):
        if ev.length(s.hand, suit) >= 5 and ev.quick_tricks_in(s.hand, suit) >= 2:
            b = s.cheapest(s.suit_key(suit))
            if b is not None and b.level <= 2:
                return Decision(
                    b, f"{b}: over the dealer's no-trump, to show partner what to lead."
                )
    return None


# Hopson, "The Third Bidder": "you should not support his bid unless you can see
# two tricks for him in your hand ... you must not support your partner's bid
# on trumps alone"; "if his partner holds to his original bid it is usually
# best to leave him with it".
@rule(
    "support_partner",
    'Hopson, "The Third Bidder"',
    "A raise of partner's declaration: two tricks for him in this hand.",
    shows=Shows(tricks=2.0, length=3, hcp=(5, 40)),
    by_seat={1: _DEALER, 2: _SECOND, 4: _FOURTH},
)
def support_partner(s: Situation) -> Decision | None:
    bids = s.partner_bids
    if not bids or s.ours_standing:
        return None
    pb = bids[-1]
    if pb.denom.trump is None or pb.denomination == s.weak_suit:
        return None
    if ev.support_tricks(s.hand, int(pb.denom.trump)) < s.shift(2.0):
        return None
    b = s.cheapest(pb.denomination)
    if b is None or b.level > s.target_level(pb.denomination):
        return None
    return Decision(b, f"{b}: partner is overbid and I see two tricks for him in my hand.")


# Hopson, "The Third Bidder": "if his partner holds to his original bid it is
# usually best to leave him with it", and "Know the Score": a declaration
# that already gives game needs no more.
@rule(
    "leave_partner",
    'Hopson, "The Third Bidder"; "Know the Score"',
    "Pass: partner's declaration stands (it gives game, or he holds to it).",
    shows=Shows(tricks=2.0),
)
def leave_partner(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or s.view.doubled:
        return None
    bid = last[1]
    if s.scores_game(bid, last[0]):
        return Decision(Other.PASS, f"Pass: partner's {bid} gives us game if he makes it.")
    before = {b.denomination for b in s.partner_bids[:-1]}
    if len(s.partner_bids) >= 2 and bid.denomination in before:
        return Decision(Other.PASS, f"Pass: partner holds to his {bid.denom.name}; I leave him.")
    return None


def _standing_value(s: Situation) -> float:
    """What our side expects from the declaration standing if we pass (0 with
    none): made or set, by the model's tricks for the side that declared it."""
    last = s.last
    if last is None:
        return 0.0
    seat, bid = last
    side = s.view.seat.side
    if bid.denom.nullo:
        return 0.0
    honors = s.honors_net(bid.denomination)
    if seat.side == side:
        mean = s.side_tricks(bid.denomination)
        return s.expected(bid, mean, side, s.view.doubled) + _bid_bonus(s, bid) + honors
    return honors - s.expected(bid, s.their_tricks(bid.denomination), 1 - side, s.view.doubled)


def _bid_bonus(s: Situation, bid: Bid) -> float:
    """What a game declared is worth beyond its score (the score pays the
    tricks whatever the contract): the adversaries must overbid a game to
    compete, and partner knows it is reached (Hopson, "Doubling and
    Re-doubling": "two objects in bidding. One is to go game"). Only a game
    the two hands reach together, each having declared and shown his hand:
    "no original bid is now given as an invitation, but is simply intended
    as informatory" (Hopson, "The New Count"), and "this over-bidding one's
    partner is purely informative, as all the bids in Auction should be"
    ("The Third Bidder": over partner's one, "over-bid with a notrump or a
    stronger suit in which it will be easier to go game", and "if his
    partner holds to his original bid it is usually best to leave him with
    it"). A jump to game on a partner unheard, heard only on the forced
    spade, or not yet told of this hand, is a guess at the two hands that
    the counts do not pay for: the contract made, every trick over six
    counts toward game, bid or not (daw 9, Whist Club 4), so the informatory
    bid loses nothing when the tricks are there, and the game guessed at
    goes down when they are not.
    A slam declared is worth no more: the counts pay it to the side that
    takes the tricks, bid or not (daw 14-15, Whist Club 7-8)."""
    if not s.partner_shown or not s.view.bids_shown(s.view.seat):
        return 0.0
    return _GAME_BID if s.scores_game(bid, s.view.seat) else 0.0


def _own_or_shown(s: Situation, key: str) -> bool:
    """A suit we may name: one of our own (five cards, or four headed by the
    ace or king and queen: Hopson, "The Dealer's Bid"), or one partner's
    calls have shown with three of ours; never on his forced one spade
    alone, which "does not mean strength in spades". A no-trump always."""
    trump = DENOMINATIONS[key].trump
    if trump is None:
        return True
    t = int(trump)
    n = ev.length(s.hand, t)
    return n >= 5 or (n >= 4 and _biddable(s, t)) or (n >= 3 and s.partner_picture.lengths[t] >= 4)


def _safety(s: Situation, level: int) -> float:
    """Tricks beyond the contract the model must see before we declare it.
    A slam, half a trick. Over an adversary's declaration at two or more
    with partner not yet heard (silent, or only the forced spade), a whole
    trick (a bid of one risks little: "it is seldom advisable to double a
    bid of one", "Doubling and Re-doubling"): the two hands' count rests on
    the model's share of partner's cards, and the adversaries, having
    declared, hold the cards to double. Hopson, "The
    Second Bidder": bid over the dealer "if you are quite certain that you
    can make two"; "The Fourth Bidder": "it is generally well to over-bid
    the declaration of an opponent if you can do so with safety, but it is
    not sound Auction, as a rule, to over-bid solely for the purpose of
    forcing your opponents to increase their contract". Not where this hand
    has declared already, nor where partner has declared or doubled: there
    half a trick, over any adversary's declaration at two or more, for the
    same cards to double are theirs (issue 18: contested auctions ran on to
    four and were doubled and set)."""
    if level >= 6:
        return _SLAM_SAFETY
    if level < 2 or s.last is None or s.ours_standing:
        return _SAFETY
    # partner's double of one spade is made "in order to inform your partner"
    # (Hopson, "The Second Bidder"): he has spoken
    doubled = any(r.call is Other.DOUBLE for r in s.partner_picture.readings)
    if s.partner_shown or s.view.bids_shown(s.view.seat) or doubled:
        return _CONTESTED_SAFETY
    return _COMPETING_SAFETY


def _no_trump_hand(s: Situation, key: str) -> bool:
    """A no-trump declared while partner has shown nothing (a silent partner,
    or the dealer's forced one spade, which "does not mean strength") rests
    on this hand alone, so it holds the no-trump's quick tricks, three as
    ``one_no_trump`` counts them: the bid "should convey as nearly as
    possible exact information" (Hopson, "The Dealer's Bid"), and partner
    will count on it ("his no-trump declaration indicates strong assistance
    to your bid", "The Third Bidder"). Over partner's own declaration it is
    the third bidder's informatory no-trump ("it is often advisable for the
    third player to bid one no-trump over his partner's suit") and his
    declaration counts for it. Shape is not asked of a hand with the quick
    tricks (a strong hand with a long suit of its own makes its no-trump as
    well); an even hand with three suits protected may have half a trick
    less ("if you have a no-trump bid, however weak", "The Dealer's Bid").
    The dealer's partner over his forced one spade needs no quick tricks
    beyond the two hands' count: an even hand with three suits protected
    is not the "poor hand" on which Hopson leaves the spade ("do not take
    him out on a poor hand, because his loss in penalties is limited to
    100", "The Third Bidder"), and the one spade says the dealer holds no
    bid of his own to count on, so the count, not the quick tricks, says
    whether the no-trump is made (``_our_choices``; issue 18)."""
    if DENOMINATIONS[key].trump is not None or s.partner_shown:
        return True
    if s.quick >= s.shift(_NO_TRUMP_QUICK) or _nt_hand(s, _NO_TRUMP_QUICK - 0.5):
        return True
    v = s.view
    if v.forced_opening is not None and v.partner == v.dealer:
        stops = sum(ev.stopped(s.hand, x) for x in range(4))
        return ev.balanced(s.hand) and stops >= 3
    return False


def _misinforms(s: Situation, bid: Bid) -> bool:
    """Would the table read ``bid`` as a call of weakness (a take-out of
    partner's no-trump) from a hand that is not weak? Hopson, "The Dealer's
    Bid": the bid "should convey as nearly as possible exact information and
    under no circumstances should it give misinformation"."""
    v = s.view
    read = model.convention(v.code, v.dealer, v.calls, v.seat, bid)
    shows = model.SHOWN.get(read) if read is not None else None
    return isinstance(shows, Shows) and shows.weak and s.quick > shows.quick[1]


def _our_choices(s: Situation) -> list[tuple[float, Bid, float]]:
    """Each declaration open to us worth weighing: (expected score, bid, the
    side's tricks there), at the cheapest level (one higher too where the
    cheapest would misinform), at game and at slam, valued undoubled; a
    declaration the model does not see made (``_safety``) is not weighed."""
    side = s.view.seat.side
    out: list[tuple[float, Bid, float]] = []
    last = s.last
    # our doubled declaration is not bid again higher: the double says the
    # adversaries hold its trumps (Hopson: a shift "where you will be defeated")
    doubled_ours = (
        last[1].denomination
        if last is not None and last[0].side == side and s.view.doubled
        else None
    )
    for key in s.values:
        if key == s.weak_suit or DENOMINATIONS[key].nullo or key == doubled_ours:
            continue
        first = s.cheapest(key)
        if first is None or not _own_or_shown(s, key) or not _no_trump_hand(s, key):
            continue
        mean = s.side_tricks(key)
        levels = {first.level}
        trump = DENOMINATIONS[key].trump
        if _misinforms(s, first) and trump is not None and ev.length(s.hand, int(trump)) >= 5:
            # the cheapest bid would be read as a weakness take-out: a long
            # suit in a hand that is not weak is bid one higher (``_misinforms``)
            levels.add(first.level + 1)
        game = s.game_level(key)
        if game is not None and game > first.level:
            levels.add(game)
        levels |= {x for x in (6, 7) if x > first.level}
        for level in sorted(levels):
            b = Bid(level, key)
            if not s.legal(b) or _misinforms(s, b):
                continue
            # "with judgment and conservatism, to avoid a loss of contract"
            # (Goodfellow): never a declaration the hands should not make
            if mean < 6 + level + s.shift(_safety(s, level), 0.25):
                continue
            worth = s.expected(b, mean, side) + _bid_bonus(s, b) + s.honors_net(key)
            out.append((worth, b, mean))
    return out


# Hopson, "Doubling and Re-doubling": "there are two objects in bidding. One
# is to go game"; Goodfellow, "Principles of Play": "Yielding the opponents
# the declaration when certain they cannot win their contract will assure a
# fair ... score; but should not be done if a higher credit can be earned by
# making the declaration and winning game." The declaration worth most by
# the tricks of the two hands, against what passing is worth.
@rule(
    "best_declaration",
    'Goodfellow, "Principles of Play"; Hopson, "Doubling and Re-doubling"',
    "The declaration worth most by the tricks the two hands should take, game and "
    "slam where they hold it, weighed against letting the standing declaration play.",
    shows=Shows(tricks=3.0, length=4, hcp=(8, 40)),
    by_seat={
        2: 'Goodfellow, "Principles of Play"; Hopson, "The Second Bidder"',
        3: 'Goodfellow, "Principles of Play"; Hopson, "The Third Bidder"',
        4: 'Goodfellow, "Principles of Play"; Hopson, "The Fourth Bidder"',
    },
)
def best_declaration(s: Situation) -> Decision | None:
    if s.opening:
        return None  # the dealer's first call follows the dealer's own rules
    choices = _our_choices(s)
    if not choices:
        return None
    value, b, mean = max(choices, key=lambda c: (c[0], -c[1].level))
    stand = _standing_value(s)
    # over partner's declaration a bid gives the adversaries nothing new
    margin = _MARGIN_OVER_PARTNER if s.ours_standing else _MARGIN
    if value <= stand + s.shift(margin, 10.0):
        return None
    what = "a slam" if b.level >= 6 else "game" if s.scores_game(b, s.view.seat) else "the most"
    return Decision(
        b,
        f"{b}: our hands should take {mean:.1f} tricks at {b.denom.name}; {b} is worth "
        f"{what} ({value:+.0f} expected, against {stand:+.0f} if I pass).",
    )


def _forced_spade_standing(s: Situation) -> bool:
    """Is the declaration standing the adversaries' forced one spade
    (``SeatView.forced_opening``), not bid on since, undoubled or doubled by
    partner? Partner's double of it is made "in order to inform your
    partner" (Hopson, "The Second Bidder"; "Doubling and Re-doubling": so
    that "he may feel justified in going to no-trump"), not for penalties:
    the good bid is declared over it as over the spade alone."""
    last = s.last
    forced = s.view.forced_opening
    if last is None or forced is None:
        return False
    seat, bid = last
    if seat.side == s.view.seat.side or seat != s.view.dealer or bid != forced:
        return False
    if s.view.doubled == 0:
        return True
    doubler = next((t for t, c in reversed(s.view.calls) if c is Other.DOUBLE), None)
    return s.view.doubled == 1 and doubler == s.view.partner


# Hopson, "The Second Bidder": "If the dealer bids one spade and you have in
# your hand a good bid, declare it. Do not sit still with a good hand in
# order to put the third bidder in an awkward position, as he is likely to
# make some declaration that will put you in an awkward position before you
# have informed your partner of the condition of your hand." The fourth
# bidder "is governed by the principles laid down for the third hand" and
# "it is generally well to over-bid the declaration of an opponent if you
# can do so with safety" ("The Fourth Bidder"). A good bid: the declaration
# worth most that the two hands should make (``_our_choices``, with its
# safety), declared unless defending the forced spade (which loses at most
# 100, Whist Club 44 and daw 52's forced bid, Hopson "The Third Bidder") is
# worth clearly more.
@rule(
    "declare_over_one_spade",
    'Hopson, "The Second Bidder"',
    "A declaration over the dealer's forced one spade: a good bid is declared, "
    "not kept back to put the next bidder in an awkward position.",
    shows=Shows(tricks=3.0, length=4, hcp=(8, 40)),
    by_seat={4: 'Hopson, "The Fourth Bidder"'},
)
def declare_over_one_spade(s: Situation) -> Decision | None:
    if not _forced_spade_standing(s):
        return None
    choices = _our_choices(s)
    if not choices:
        return None
    value, b, mean = max(choices, key=lambda c: (c[0], -c[1].level))
    stand = _standing_value(s)
    if value <= stand - s.shift(_SIT_STILL, 10.0):
        return None
    spade = _one(s.last[1].denomination) if s.last is not None else "spade"
    return Decision(
        b,
        f"{b}: a good bid over the dealer's one {spade}, declared rather than sitting "
        f"still; our hands should take {mean:.1f} tricks at {b.denom.name} "
        f"({value:+.0f} expected, against {stand:+.0f} if I sit still).",
    )


# Hopson, "The Third Bidder": "Where his partner has bid to make one in some
# suit, it is often better to over-bid with a notrump or a stronger suit in
# which it will be easier to go game, but if his partner holds to his
# original bid it is usually best to leave him with it"; "It is often
# advisable for the third player to bid one no-trump over his partner's
# suit ... This over-bidding one's partner is purely informative"; "The
# Dealer's Bid": the no-trump "is the only one in which game can be made
# with three odd tricks". An even hand protected in the three other suits
# bids one no-trump over partner's one of a suit when the two hands' count
# reaches the no-trump's game; partner, holding to his suit, is left.
@rule(
    "no_trump_over_partner",
    'Hopson, "The Third Bidder"',
    "One no-trump over partner's one of a suit: an even hand protected in the "
    "other suits, the no-trump where game is easier.",
    shows=Shows(tricks=4.0, quick=(1.5, 13.0), hcp=(10, 40)),
    by_seat={1: _DEALER, 2: _SECOND, 4: _FOURTH},
)
def no_trump_over_partner(s: Situation) -> Decision | None:
    last = s.last
    if last is None or last[0] != s.view.partner or s.view.doubled or s.my_bids:
        return None
    bid = last[1]
    if bid.denom.trump is None or bid.denom.nullo or bid.level != 1:
        return None
    if bid not in s.partner_shown:
        return None  # not the forced one spade: it shows no suit
    trump = int(bid.denom.trump)
    if not ev.balanced(s.hand) or not all(ev.stopped(s.hand, x) for x in range(4) if x != trump):
        return None
    b = s.cheapest("NT")
    game = s.game_level("NT")
    if b is None or b.level > 1 or game is None:
        return None
    mean = s.side_tricks("NT")
    if mean < 6 + game + s.shift(_NO_TRUMP_GAME, 0.25):
        return None
    return Decision(
        b,
        f"{b}: over partner's {bid}, an even hand protected in the other suits; our "
        f"hands should take {mean:.1f} tricks at no-trump, where game is easier.",
    )


# Points a declaration must be expected to gain over passing: a bid gives
# the adversaries room and information (Hopson, "The Third Bidder": "it is not
# always advisable to out-bid him, even though your hand may seem to warrant it").
_MARGIN = 15.0
# Over partner's own declaration none: the bid gives the adversaries nothing
# new, and "this over-bidding one's partner is purely informative, as all the
# bids in Auction should be" ("The Third Bidder"). Was 5 (issue 18: 0 measured
# on the twelve cached bench runs, auction and royals seeds 1-6, par_gap
# ratio 8 better, 2 worse by under 0.005).
_MARGIN_OVER_PARTNER = 0.0
# Tricks beyond the contract the model must see before we declare it.
_SAFETY = 0.0
_COMPETING_SAFETY = 1.0
_CONTESTED_SAFETY = 0.5
_GAME_BID = 15.0
_SLAM_SAFETY = 0.5
# Over the adversaries' forced one spade, the points by which defending it
# may be worth more and the good bid still be declared (Hopson, "The Second
# Bidder": "do not sit still with a good hand"; issue 18).
_SIT_STILL = 15.0
# Tricks beyond the no-trump's game the count must reach for the third
# bidder's no-trump over partner's suit (none: the game itself).
_NO_TRUMP_GAME = 0.0


# Hopson, "The Dealer's Bid": "The bid of one spade ... means simply that in
# the judgment of the dealer his hand does not warrant an initial bid higher
# than one spade" (the dealer must declare: daw 52, Whist Club 44).
@rule(
    "one_spade",
    'Hopson, "The Dealer\'s Bid"',
    "One spade: the dealer must declare, and the hand warrants no higher bid.",
    shows=model.NOTHING,
)
def one_spade(s: Situation) -> Decision | None:
    if not s.opening:
        return None
    key = s.weak_suit or min(s.values, key=s.values.__getitem__)
    b = Bid(1, key)
    return Decision(
        b, f"One {_one(b.denomination)}: the dealer must declare, and the hand warrants no more."
    )


# Hopson, "The Second Bidder": "where you have nothing else in your hand ...
# sit tight and do not bid and do not double"; "Sit tight when your luck is bad."
@rule(
    "sit_tight",
    'Hopson, "The Second Bidder"',
    "Pass: no sound declaration or double.",
    shows=Shows(tricks=1.5, quick=(0.0, 3.5), hcp=(0, 12)),
    by_seat={1: _DEALER, 3: _THIRD, 4: _FOURTH},
)
def sit_tight(s: Situation) -> Decision | None:
    if Other.PASS not in s.view.legal_calls:
        return None
    if s.ours_standing and s.last is not None:
        # under the counts every trick counts toward game, bid or not
        # (daw 9, Whist Club 4): a declaration of ours standing is left
        who = "partner's" if s.last[0] == s.view.partner else "my"
        return Decision(
            Other.PASS, f"Pass: {who} {s.last[1]} stands; no call of mine is worth more."
        )
    return Decision(Other.PASS, "Pass: the hand holds no sound declaration or double.")


COUNTS: tuple[Rule, ...] = (
    redouble_with_tricks_to_spare,
    rescue_from_double,
    double_one_spade,
    honest_double,
    weakness_take_out,
    leave_weakness_take_out,
    leave_one_spade,
    leave_partner,
    declare_over_one_spade,
    no_trump_over_partner,
    best_declaration,
    one_no_trump,
    two_on_long_suit,
    one_of_a_suit,
    show_the_lead,
    support_partner,
    one_spade,
    sit_tight,
)
