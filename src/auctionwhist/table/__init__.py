"""One deal at a table: the event log, the strictness mode, the state derived.

``table`` holds the ``Table`` and its one action dispatcher; ``penalties`` what
the laws' irregularities leave at the table; ``remedies`` the rulings carried
out.
"""

from __future__ import annotations

from .errors import TableError
from .penalties import Pending
from .table import Mode, Phase, Table

__all__ = ["Mode", "Pending", "Phase", "Table", "TableError"]
