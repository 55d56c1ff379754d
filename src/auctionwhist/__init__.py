"""auction-whist: Duplicate Auction Whist and the games it came from."""

from .calls import Bid, Call, Contract, Denomination, Other, parse_call, parse_contract
from .cards import Deal, Seat, Suit, card, card_from_str, card_str
from .codes import CODES, Code, find_code

__version__ = "0.1.0"

__all__ = [
    "CODES",
    "Bid",
    "Call",
    "Code",
    "Contract",
    "Deal",
    "Denomination",
    "Other",
    "Seat",
    "Suit",
    "card",
    "card_from_str",
    "card_str",
    "find_code",
    "parse_call",
    "parse_contract",
]
