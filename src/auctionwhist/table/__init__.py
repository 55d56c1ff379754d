"""One deal at a table: the event log, the strictness mode, the state derived.

``table`` holds the ``Table`` and its one action dispatcher; ``penalties`` what
the laws' irregularities leave at the table; ``irregularities`` those apart
from a call or card; ``remedies`` the rulings carried out; ``claims`` claims.
"""

from __future__ import annotations

from .errors import TableError
from .penalties import Pending
from .table import Mode, Phase, Table

__all__ = ["Mode", "Pending", "Phase", "Table", "TableError"]
