"""The root of every error the package raises on purpose.

A surface (the ``whist`` command, the web app) catches :class:`WhistError`
and shows its message; anything else is a bug. :class:`LawError` is the base
of the errors a law forbids: it carries the law, cited in the message
("Law 73 (daw): a player cannot double his partner's declaration").

>>> e = LawError("a player cannot double his partner's declaration", "Law 73 (daw)")
>>> str(e)
"Law 73 (daw): a player cannot double his partner's declaration"
>>> e.law, isinstance(e, WhistError), isinstance(e, ValueError)
('Law 73 (daw)', True, True)
"""

from __future__ import annotations

__all__ = ["LawError", "WhistError"]


class WhistError(ValueError):
    """Bad input or an action the rules refuse: the message says which and why.

    A ``ValueError`` still, so code that catches ``ValueError`` keeps working.
    """


class LawError(WhistError):
    """An action a law forbids; ``law`` is the citation, also the message's head."""

    def __init__(self, message: str, law: str = "") -> None:
        super().__init__(f"{law}: {message}" if law else message)
        self.message = message
        self.law = law
