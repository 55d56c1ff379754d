"""The documents the code cites are in the repository, and every citation
finds its section; the README's library examples are doctests that run."""

from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "docs" / "spec.md"
DECISIONS = ROOT / "docs" / "decisions.md"


def _sources() -> list[Path]:
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "src").rglob("*.c")]
    files += [*(ROOT / "tests").glob("*.py"), *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    return sorted(files)


def _spec_sections() -> set[str]:
    """ "2.2.8", "2.1", "3" ...: the numbers of docs/spec.md's headings."""
    heads = re.findall(r"^#+ (\d+(?:\.\d+)*)\.? ", SPEC.read_text(encoding="utf-8"), re.M)
    return set(heads)


def _decision_headings() -> set[str]:
    return set(re.findall(r"^#+ (.+?)\s*$", DECISIONS.read_text(encoding="utf-8"), re.M))


def _citations(pattern: str) -> list[tuple[str, str]]:
    out = []
    for path in _sources():
        if path.name == "test_docs.py":
            continue
        for m in re.finditer(pattern, path.read_text(encoding="utf-8")):
            out.append((str(path.relative_to(ROOT)), next(g for g in m.groups() if g)))
    return out


def test_every_spec_citation_finds_its_section() -> None:
    """The code cites docs/spec.md by section ("docs/spec.md §2.2.8"); the
    program's own output cites the same sections as "SPEC §2.2.8"."""
    sections = _spec_sections()
    assert {"1", "2", "2.1", "3", "4", "5"} <= sections
    assert {f"2.2.{n}" for n in range(1, 13)} <= sections
    cited = _citations(r"(?:docs/spec\.md|SPEC) §(\d+(?:\.\d+)*)")
    assert len(cited) > 40
    missing = [(where, n) for where, n in cited if n not in sections]
    assert missing == []


def test_every_decisions_citation_finds_its_entry() -> None:
    """Code cites decisions.md by section, as docs/decisions.md, "Club night"
    (a heading, or the start of one) or by a phrase of the entry."""
    text = DECISIONS.read_text(encoding="utf-8")
    headings = _decision_headings()
    cited = _citations(r'docs/decisions\.md, (?:"([^"]+)"|([A-Z][^)\n.;:"]*[A-Za-z0-9]))')
    missing = [
        (where, h)
        for where, h in cited
        if not any(x.startswith(h) for x in headings) and h.lower() not in text.lower()
    ]
    assert missing == []


def _prose(path: Path) -> list[tuple[int, str]]:
    """The comments and docstrings of a Python file, by line; the whole of
    any other file. Other strings are data: the program's output may cite
    "SPEC §2.2.8", which docs/spec.md explains."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return list(enumerate(text.splitlines(), 1))
    out = [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                doc = body[0].value
                if isinstance(doc.value, str):
                    out += [(doc.lineno + i, line) for i, line in enumerate(doc.value.splitlines())]
    return out


def test_no_citation_of_documents_outside_the_repository() -> None:
    """The code reads without anything outside it: comments and docstrings
    cite docs/spec.md and docs/decisions.md, never "STYLE" or "SPEC §"."""
    bad = []
    for path in _sources():
        if path.name == "test_docs.py":
            continue
        if not re.search(r"SPEC|STYLE", path.read_text(encoding="utf-8")):
            continue
        for n, line in _prose(path):
            # A quoted "SPEC §" in a document is the program's output, explained.
            if re.search(r"\bSTYLE\b|SPEC\.md|(?<!\")SPEC\b", line):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert bad == []


@pytest.mark.parametrize("path", ["README.md"])
def test_python_examples_are_doctests(path: str) -> None:
    """Every ```python block of the README is written as a doctest, so that
    pytest runs it; and pytest's configuration collects the README and the
    package's docstrings."""
    text = (ROOT / path).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        assert block.startswith(">>> "), block[:60]
        assert block.endswith("\n\n"), "a doctest's output ends at a blank line, not at ```"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_config = config["tool"]["pytest"]["ini_options"]
    assert {"tests", "src/auctionwhist", "README.md"} <= set(pytest_config["testpaths"])
    assert "--doctest-modules" in pytest_config["addopts"]
    assert "--doctest-glob=README.md" in pytest_config["addopts"]
