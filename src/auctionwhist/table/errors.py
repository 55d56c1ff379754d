"""The table's own error."""

from __future__ import annotations

from ..errors import LawError

__all__ = ["TableError"]


class TableError(LawError):
    """An action the table does not allow now, with the law where there is one."""
