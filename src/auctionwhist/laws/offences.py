"""A code's offences, looked up: ``offence(code, key)``.

The offences and their remedies are declared with each code
(``codes/offences/``, handed to the ``Code`` as ``Code.offences``); this module
reads them. The table and the rulings ask ``offence(code, key)`` and never
test a code's key.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..codes import Code, find_code
from ..codes.offences import CONDITIONS, LawsError, Offence, Option, Phase, UnknownOffenceError, Who

__all__ = [
    "CONDITIONS",
    "LawsError",
    "Offence",
    "Option",
    "Phase",
    "UnknownOffenceError",
    "Who",
    "offence",
    "offences_for",
]


def offences_for(code: Code | str) -> Mapping[str, Offence]:
    """The offences ``code`` declares, by key."""
    return _declared(find_code(code))


def _declared(c: Code) -> Mapping[str, Offence]:
    if not c.offences:
        raise UnknownOffenceError(f"({c.key}): this code declares no offences")
    return c.offences


def offence(code: Code | str, key: str) -> Offence:
    c = find_code(code)
    o = _declared(c).get(key)
    if o is None:
        raise UnknownOffenceError(
            f"{c.key} has no offence {key!r}; its offences are: {', '.join(c.offences)}"
        )
    return o
