"""The play of the cards: leads, following suit, tricks, dummy.

The hot path is plain ints: hands are 52-bit masks, the turn is 0..3 and a
trick is a list of card ints. ``Seat`` objects are made only at the edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASKS, Seat, Suit, card_str
from .codes import Code
from .errors import LawError
from .records import CardPlayed

__all__ = ["IllegalPlayError", "Play", "PlayError", "follow_suit", "trick_winner"]

_SEATS = tuple(Seat)


class PlayError(LawError):
    """A card that cannot be played, with the law that forbids it."""


class IllegalPlayError(PlayError):
    pass


def trick_winner(cards: list[int] | tuple[int, ...], trump: int) -> int:
    """Index in ``cards`` (play order) of the winning card: the highest trump if
    any was played, else the highest card of the suit led. ``trump`` is a suit
    number, or -1 at no-trump and nullo."""
    best = cards[0]
    best_suit = best // 13
    win = 0
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best:
                best, win = c, i
        elif s == trump:
            best, best_suit, win = c, s, i
    return win


def follow_suit(hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to ``trick``: those of the suit
    led when it holds any (each player must follow suit if he can), else all."""
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13]
        if follow:
            return follow
    return hand


class Play:
    """Thirteen tricks. ``declarer`` plays his own and dummy's cards; with no
    declarer (Duplicate Whist) all four hands are closed."""

    __slots__ = (
        "_turn",
        "code",
        "declarer",
        "dummy",
        "hands",
        "leader",
        "opening_leader",
        "trick",
        "tricks",
        "trump",
        "winners",
        "won",
    )

    def __init__(
        self,
        code: Code,
        hands: tuple[int, int, int, int],
        leader: Seat,
        trump: Suit | None,
        declarer: Seat | None = None,
    ) -> None:
        self.code = code
        self.hands = list(hands)
        self.trump = -1 if trump is None else int(trump)
        self.declarer = declarer
        self.dummy = None if declarer is None else declarer.partner
        self.opening_leader = leader
        self.leader = int(leader)
        self._turn = int(leader)
        self.trick: list[int] = []
        self.tricks: list[tuple[Seat, tuple[int, ...]]] = []  # (leader, cards in play order)
        self.winners: list[Seat] = []
        self.won = [0, 0]  # tricks won by North-South, East-West

    @property
    def turn(self) -> Seat:
        """The hand to play next (dummy's hand is played by the declarer)."""
        return _SEATS[self._turn]

    @property
    def actor(self) -> Seat:
        """Who chooses the next card: the declarer for dummy (daw 74, Whist Club 61)."""
        seat = _SEATS[self._turn]
        return self.declarer if seat is self.dummy and self.declarer is not None else seat

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def dummy_faced(self) -> bool:
        """Dummy lays his hand down once the opening lead is made (daw 74)."""
        return self.dummy is not None and bool(self.tricks or self.trick)

    @property
    def led_suit(self) -> Suit | None:
        return Suit(self.trick[0] // 13) if self.trick else None

    def legal_mask(self, seat: Seat | None = None) -> int:
        """The cards of ``seat`` (the hand to play, by default) that follow suit."""
        return follow_suit(self.hands[self._turn if seat is None else seat], self.trick)

    def legal_cards(self) -> list[int]:
        # A plain bit loop: robots and the engine bench ask for every card.
        mask = self.legal_mask()
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def is_renounce(self, c: int, seat: Seat | None = None) -> bool:
        """Whether ``c`` from ``seat``'s hand (the hand to play, by default) is of
        another suit than the one led while he holds that suit."""
        trick = self.trick
        if not trick:
            return False
        hand = self.hands[self._turn if seat is None else seat]
        led = SUIT_MASKS[trick[0] // 13]
        return bool(hand >> c & 1 and hand & led and not (1 << c) & led)

    def verify_play(self, c: int, renounce: bool = False) -> None:
        """Raise ``IllegalPlayError`` unless ``c`` may be played now; with
        ``renounce`` a renounce in error is let through (a table under the laws
        records it and the revoke laws take their course)."""
        code = self.code
        if len(self.tricks) == 13:
            raise IllegalPlayError("all thirteen tricks have been played", code.cite("turn"))
        if not 0 <= c < 52:
            raise IllegalPlayError(f"no such card: {c!r}")
        if not self.hands[self._turn] >> c & 1:
            raise IllegalPlayError(
                f"{card_str(c)} is not in {_SEATS[self._turn].name.title()}'s hand",
                code.cite("turn"),
            )
        if not renounce and self.is_renounce(c):
            suit = Suit(self.trick[0] // 13).name.lower()
            raise IllegalPlayError(
                f"{card_str(c)} renounces while holding {suit}; "
                "each player must follow suit if he can",
                code.cite("follow"),
            )

    def can_play(self, c: int, renounce: bool = False) -> bool:
        try:
            self.verify_play(c, renounce)
        except IllegalPlayError:
            return False
        return True

    def play(self, c: int, renounce: bool = False) -> CardPlayed:
        """Play ``c`` from the hand whose turn it is; return its record."""
        self.verify_play(c, renounce)
        return self._apply(c)

    def _apply(self, c: int) -> CardPlayed:
        seat = self._turn
        self.hands[seat] ^= 1 << c
        trick = self.trick
        trick.append(c)
        if len(trick) < 4:
            self._turn = (seat + 1) & 3
        else:
            # The winner of a trick leads to the next (daw "Playing"; declarer
            # leads from the hand, his or dummy's, that won it).
            winner = (self.leader + trick_winner(trick, self.trump)) & 3
            self.tricks.append((_SEATS[self.leader], tuple(trick)))
            self.winners.append(_SEATS[winner])
            self.won[winner & 1] += 1
            self.trick = []
            self.leader = self._turn = winner
        return CardPlayed(_SEATS[seat], c)

    # -- the laws' corrections (laws mode only; never on the hot path) --------

    def undo(self) -> CardPlayed:
        """Take back the last card played, also the fourth card of a trick not
        yet quitted (daw 103, Whist Club 88: a renounce corrected in time)."""
        if not self.trick:
            if not self.tricks:
                raise PlayError("no card has been played")
            leader, cards = self.tricks.pop()
            winner = self.winners.pop()
            self.won[winner & 1] -= 1
            self.trick = list(cards)
            self.leader = int(leader)
        c = self.trick.pop()
        seat = (self.leader + len(self.trick)) & 3
        self.hands[seat] |= 1 << c
        self._turn = seat
        return CardPlayed(_SEATS[seat], c)

    def has_played(self, seat: Seat) -> bool:
        """Whether ``seat`` has played to the trick in progress."""
        return (int(seat) - self.leader) % 4 < len(self.trick)

    def set_leader(self, seat: Seat) -> None:
        """A lead out of turn accepted (daw 91, Whist Club 78, Royalton 61): the
        offender leads this trick and the rotation follows from him."""
        if self.trick:
            raise PlayError("a trick has already been led", self.code.cite("lead"))
        self.leader = self._turn = int(seat)

    @property
    def played(self) -> int:
        """Cards played so far."""
        return 4 * len(self.tricks) + len(self.trick)
