"""Append-only JSON-lines logs for long runs (the solver's proof against DDS,
the studies): a row is written and flushed as soon as its work is done, so a
crash loses at most the row being written, and a rerun reads back what was
done instead of doing it again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

__all__ = ["append_row", "open_log", "read_rows"]


def read_rows(path: Path) -> Iterator[dict[str, Any]]:
    """The rows of ``path`` (nothing if it does not exist). A line that is not
    a JSON object, such as one cut short by a crash, is skipped."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict):
                yield row


def open_log(path: Path) -> IO[str]:
    """``path`` opened for appending rows. If a crash cut its last line short,
    the line is ended first, so the next row starts a line of its own."""
    f = path.open("a+b")
    try:
        if f.tell():
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
    finally:
        f.close()
    return path.open("a", encoding="utf-8")


def append_row(f: IO[str], row: Mapping[str, Any]) -> None:
    """Write ``row`` as one line and push it to the disk."""
    f.write(json.dumps(row) + "\n")
    f.flush()
    os.fsync(f.fileno())
