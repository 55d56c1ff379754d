"""The laws engine: irregularities, penalties and rulings for every code.

``offence(code, key)`` is the law for one offence: who may exact the penalty,
when the right lapses, the options and the law's words. A ``Table`` made with
``mode="laws"`` lets irregularities happen and rules on them; ``ruling`` lists
the options for a director at a physical table.
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
