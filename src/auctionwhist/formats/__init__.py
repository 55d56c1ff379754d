"""A deal's event log in files: JSON (``jsonlog``) and PBN (``pbn``).

Both read back to the same events they were written from (docs/spec.md §3).
"""

from __future__ import annotations

from .jsonlog import JsonLogError, dumps, events_from_json, events_to_json, loads

__all__ = ["JsonLogError", "dumps", "events_from_json", "events_to_json", "loads"]
