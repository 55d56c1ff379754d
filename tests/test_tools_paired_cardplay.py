"""tools/paired_cardplay.py: the auctions bid once and fixed, the cards
played from them, and two runs compared contract by contract."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tools_helpers import load_tool


def _tool() -> ModuleType:
    return load_tool("paired_cardplay")


@pytest.mark.slow  # robot benches: whole deals by the Monte Carlo robot
def test_fixed_auctions_played_and_compared(tmp_path: Path) -> None:
    """The calls are played as bid; the same code twice gives the same rows
    (the sample count the limit, not the clock), so every difference is 0."""
    tool = _tool()
    auc = tmp_path / "auc.json"
    tool.main(["auctions", "--code", "daw", "--deals", "2", "-o", str(auc)])
    data = json.loads(auc.read_text())
    assert data["code"] == "daw" and len(data["auctions"]) == 2
    assert all(a["calls"] and a["contract"] for a in data["auctions"])
    runs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        tool.main(["play", str(auc), "--tables", "all,declarer", "--samples", "2", "-o", str(out)])
        runs.append(json.loads(out.read_text()))
    assert runs[0]["rows"] == runs[1]["rows"]
    cmp = tool.compare(runs[0], runs[1])
    assert cmp["all"]["contracts"] == 2 and cmp["all"]["diff"] == 0.0
    assert cmp["declarer"]["differ"] == 0
