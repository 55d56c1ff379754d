"""The layers contract (pyproject.toml, ``[tool.importlinter]``): the imports
point down, and a wrong import breaks the contract (issue 16)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "auctionwhist"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the tree at ``root`` (its pyproject.toml and src/)."""
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint), "--no-cache"], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package and its pyproject.toml, to break on purpose."""
    root = tmp_path_factory.mktemp("tree")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    shutil.copytree(PACKAGE, root / "src" / "auctionwhist", ignore=shutil.ignore_patterns("*.pyc"))
    return root


def test_the_layers_contract_is_kept_by_the_package() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Layers point down KEPT" in run.stdout
    assert "The web service's parts point down KEPT" in run.stdout


@pytest.mark.slow  # lint-imports on a copy of the package
def test_the_copy_keeps_the_contract_before_it_is_broken(tree: Path) -> None:
    # The control for the cases below: the copy alone breaks nothing.
    run = lint_imports(tree)
    assert run.returncode == 0, run.stdout + run.stderr


# A wrong import, placed inside a function (a lazy import counts too).
WRONG = [
    (
        "laws/offences.py",
        "from ..cli import main",
        "auctionwhist.laws.offences -> auctionwhist.cli",
    ),
    ("scoring.py", "from .table import Table", "auctionwhist.scoring -> auctionwhist.table"),
    ("web/app.py", "from ..cli import main", "auctionwhist.web.app -> auctionwhist.cli"),
    ("cli/deal.py", "from ..web import app", "auctionwhist.cli.deal -> auctionwhist.web"),
    (
        "duplicate/trays.py",
        "from ..formats import pbn",
        "auctionwhist.duplicate.trays -> auctionwhist.formats",
    ),
]


# The web service's parts (docs/web.md): a part importing one above it.
WRONG_IN_WEB = [
    ("web/store.py", "from . import seats", "auctionwhist.web.store -> auctionwhist.web.seats"),
    (
        "web/games.py",
        "from .service import Service",
        "auctionwhist.web.games -> auctionwhist.web.service",
    ),
    (
        "web/results.py",
        "from .director import entered_score",
        "auctionwhist.web.results -> auctionwhist.web.director",
    ),
]


@pytest.mark.slow  # lint-imports on a copy of the package, once a case
@pytest.mark.parametrize(
    ("module", "line", "reported", "contract"),
    [(*w, "Layers point down") for w in WRONG]
    + [(*w, "The web service's parts point down") for w in WRONG_IN_WEB],
    ids=[w[0] for w in WRONG + WRONG_IN_WEB],
)
def test_a_wrong_import_breaks_the_contract(
    tree: Path, module: str, line: str, reported: str, contract: str
) -> None:
    path = tree / "src" / "auctionwhist" / module
    text = path.read_text(encoding="utf-8")
    try:
        path.write_text(text + f"\n\ndef _wrong() -> None:\n    {line}  # noqa\n", "utf-8")
        run = lint_imports(tree)
    finally:
        path.write_text(text, encoding="utf-8")
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"{contract} BROKEN" in run.stdout
    assert reported in run.stdout
