"""Fixtures shared by the test modules.

Plain helpers that tests call as functions stay importable from the
``*_helpers.py`` modules beside this file: ``laws_helpers`` (a laws-mode table
and its play), ``deals_helpers`` (deals used by several modules),
``log_helpers`` (random legal logs), ``web_helpers`` (a seat's socket, a
server process).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from auctionwhist.codes import CODES

if TYPE_CHECKING:
    from starlette.testclient import TestClient


@pytest.fixture(params=list(CODES))
def code_key(request: pytest.FixtureRequest) -> str:
    """Each of the five codes' keys in turn: a test taking it runs once per code."""
    key: str = request.param
    return key


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database for the web app, in the test's own folder."""
    return f"sqlite:///{tmp_path / 'whist.sqlite3'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """The web app over a fresh database, through Starlette's TestClient
    (imported here, so that the core tests never load the web app)."""
    from web_helpers import app_client

    with app_client(sqlite_url) as c:
        yield c
