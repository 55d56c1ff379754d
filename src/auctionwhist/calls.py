"""Denominations, calls and contracts, and their notation (docs/spec.md §4).

A denomination is what a bid names: a trump suit, no-trump, Royal Spades
(spades trump at Hopson's value 9) or nullo. Which denominations a code has,
and what they are worth, is the code's business (``codes``); this module only
knows their names.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .cards import Suit
from .errors import WhistError

__all__ = [
    "DENOMINATIONS",
    "Bid",
    "Call",
    "CallError",
    "Contract",
    "Denomination",
    "Other",
    "call_str",
    "call_text",
    "parse_call",
    "parse_contract",
]


class CallError(WhistError):
    """A call or contract that cannot be read."""


@dataclass(frozen=True, slots=True)
class Denomination:
    """What a bid names. ``symbol`` is how the table and the page show it
    briefly (``"R♠"``, ``"Nul."``)."""

    key: str
    name: str
    trump: Suit | None
    symbol: str
    nullo: bool = False

    @property
    def strain(self) -> str:
        """The strain the declaration is played in, as the solver names it:
        the trump suit's letter, ``"NT"`` or ``"NL"``.

        >>> DENOMINATIONS["RS"].strain, DENOMINATIONS["NT"].strain
        ('S', 'NT')
        """
        return self.key if self.trump is None else self.trump.char

    @property
    def red(self) -> bool:
        """A red suit's declaration is printed red."""
        return self.trump is not None and self.trump.red

    @property
    def named(self) -> str:
        """What a bid of it names for the declarant rule (the first of a side
        to name it plays it): Royal Spades name spades, as plain spades do."""
        return self.strain

    def __str__(self) -> str:
        return self.key


DENOMINATIONS: dict[str, Denomination] = {
    d.key: d
    for d in (
        Denomination("C", "clubs", Suit.CLUBS, Suit.CLUBS.symbol),
        Denomination("D", "diamonds", Suit.DIAMONDS, Suit.DIAMONDS.symbol),
        Denomination("H", "hearts", Suit.HEARTS, Suit.HEARTS.symbol),
        Denomination("S", "spades", Suit.SPADES, Suit.SPADES.symbol),
        Denomination("RS", "royal spades", Suit.SPADES, "R" + Suit.SPADES.symbol),
        Denomination("NT", "no-trump", None, "NT"),
        Denomination("NL", "nullo", None, "Nul.", nullo=True),
    )
}


@dataclass(frozen=True, slots=True, order=False)
class Bid:
    """A declaration to win ``level`` odd tricks (at nullo: to make the
    adversaries win them) in ``denomination``; ``royal`` is Royalton's royal bid."""

    level: int
    denomination: str
    royal: bool = False

    @property
    def denom(self) -> Denomination:
        return DENOMINATIONS[self.denomination]

    def __str__(self) -> str:
        return f"{self.level}{self.denomination}{'R' if self.royal else ''}"


class Other(enum.Enum):
    """The calls that are not bids."""

    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    NO_BID = "no bid"  # Royalton law 30: the dealer's "no bid"

    def __str__(self) -> str:
        return self.value


Call = Bid | Other

# The notation's words for the calls that are not bids; parse_call reads them back.
_OTHER_NOTATION = {
    Other.PASS: "pass",
    Other.DOUBLE: "X",
    Other.REDOUBLE: "XX",
    Other.NO_BID: "no bid",
}


def call_str(call: Call) -> str:
    """A call in the notation of the logs, which ``parse_call`` reads back.

    >>> [call_str(c) for c in (Bid(3, "S", royal=True), Other.DOUBLE, Other.NO_BID)]
    ['3SR', 'X', 'no bid']
    """
    return str(call) if isinstance(call, Bid) else _OTHER_NOTATION[call]


def call_text(call: Call) -> str:
    """A call as the table says it, for people to read.

    >>> [call_text(c) for c in (Bid(3, "S", royal=True), Bid(2, "NL"), Other.DOUBLE)]
    ['3 ♠ royal', '2 Nul.', 'double']
    """
    if isinstance(call, Other):
        return call.value
    return f"{call.level} {call.denom.symbol}" + (" royal" if call.royal else "")


_BID_RE = re.compile(r"^([1-7])\s*(NT|N|RS|NL|C|D|H|S)\s*(R?)$")
_OTHER = {
    "P": Other.PASS,
    "PASS": Other.PASS,
    "X": Other.DOUBLE,
    "DOUBLE": Other.DOUBLE,
    "D": Other.DOUBLE,
    "XX": Other.REDOUBLE,
    "REDOUBLE": Other.REDOUBLE,
    "RE-DOUBLE": Other.REDOUBLE,
    "NO BID": Other.NO_BID,
    "NOBID": Other.NO_BID,
    "NB": Other.NO_BID,
}


def parse_call(text: str) -> Call:
    """Read ``"1H"``, ``"2NT"``, ``"3SR"``, ``"pass"``, ``"X"``, ``"XX"``, ``"no bid"``.

    >>> parse_call("3SR")
    Bid(level=3, denomination='S', royal=True)
    >>> parse_call("No Bid") is Other.NO_BID
    True
    """
    t = " ".join(text.strip().upper().split())
    if t in _OTHER:
        return _OTHER[t]
    m = _BID_RE.match(t)
    if not m:
        raise CallError(
            f"not a call: {text!r} (a bid such as 1H, 2NT, 3SR, or pass, X, XX, no bid)"
        )
    strain = "NT" if m[2] == "N" else m[2]
    return Bid(int(m[1]), strain, bool(m[3]))


@dataclass(frozen=True, slots=True)
class Contract:
    """The final declaration: a bid and whether it was doubled (1) or redoubled (2)."""

    bid: Bid
    doubled: int = 0

    @property
    def level(self) -> int:
        return self.bid.level

    @property
    def denom(self) -> Denomination:
        return self.bid.denom

    @property
    def royal(self) -> bool:
        return self.bid.royal

    def __str__(self) -> str:
        return str(self.bid) + ("", "X", "XX")[self.doubled]


_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|RS|NL|C|D|H|S)(R?)\s*(XX|X)?$")


def parse_contract(text: str) -> Contract:
    """Read docs/spec.md §4 notation: ``<level><strain>[R][X|XX]``, e.g. ``3H``, ``4RS XX``.

    >>> parse_contract("2ntx")
    Contract(bid=Bid(level=2, denomination='NT', royal=False), doubled=1)
    >>> str(parse_contract("4RS XX"))
    '4RSXX'
    """
    t = " ".join(text.strip().upper().split())
    m = _CONTRACT_RE.match(t)
    if not m:
        raise CallError(
            f"not a contract: {text!r} (level 1-7, strain C D H S NT RS NL, "
            "R for royal, then X or XX; e.g. 3H, 2NTX, 4RS XX, 3SR X)"
        )
    strain = "NT" if m[2] == "N" else m[2]
    doubled = {None: 0, "X": 1, "XX": 2}[m[4]]
    return Contract(Bid(int(m[1]), strain, bool(m[3])), doubled)
