"""The registry of codes: ``find_code("royalton")``."""

from __future__ import annotations

from ..errors import WhistError
from .auction import AUCTION
from .base import (
    Borrowed,
    ClubLaws,
    Code,
    DeclarationError,
    Game,
    HonorTable,
    LawRef,
    MatchLaws,
    RevokeLaw,
    RevokeTransfer,
    Slams,
    Undertricks,
)
from .daw import DAW
from .royals import ROYALS
from .royalton import ROYALTON
from .whist import WHIST

__all__ = [
    "CODES",
    "Borrowed",
    "ClubLaws",
    "Code",
    "DeclarationError",
    "Game",
    "HonorTable",
    "LawRef",
    "MatchLaws",
    "RevokeLaw",
    "RevokeTransfer",
    "Slams",
    "Undertricks",
    "UnknownCodeError",
    "all_codes",
    "find_code",
    "register",
]

CODES: dict[str, Code] = {}


class UnknownCodeError(WhistError):
    pass


def register(code: Code) -> Code:
    """Add a code to the registry; the machinery needs nothing else."""
    CODES[code.key] = code
    return code


def find_code(key: str | Code) -> Code:
    """The code registered under ``key``; errors and score items cite its laws.

    >>> royalton = find_code("Royalton")
    >>> royalton.title, royalton.cite("revoke")
    ('Royalton (Hawley, 1915)', 'Law 77 (royalton)')
    """
    if isinstance(key, Code):
        return key
    try:
        return CODES[key.strip().lower()]
    except KeyError:
        raise UnknownCodeError(f"unknown code {key!r}; the codes are: {', '.join(CODES)}") from None


def all_codes() -> tuple[Code, ...]:
    """Every registered code, in the order registered."""
    return tuple(CODES.values())


for _code in (DAW, AUCTION, ROYALS, ROYALTON, WHIST):
    register(_code)
