"""The laws' remedies as data: for every code, each irregularity, who may
exact the penalty, when the right lapses, and the options.

``offence(code, key)`` is the law for one offence: the options and the law's
words. A ``Table`` made with ``mode="laws"`` reads these tables to let
irregularities happen and rule on them; ``auctionwhist.rulings`` lists the
options for a director at a physical table. This package sits under the
table, so it imports nothing that needs one.
"""

from .offences import (
    LawsError,
    Offence,
    Option,
    UnknownOffenceError,
    offence,
    offences_for,
)

__all__ = [
    "LawsError",
    "Offence",
    "Option",
    "UnknownOffenceError",
    "offence",
    "offences_for",
]
