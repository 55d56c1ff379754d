"""A finished deal's double-dummy review, solved in a process of its own.

The solver holds the GIL: run in a thread it would stop every table of the
server, and a whole-deal nullo may take it minutes (docs/solver.md). So the
server starts ``python -m auctionwhist.web.review``, writes the deal's JSON
log (``formats.jsonlog``) to its stdin, and reads two JSON lines from its
stdout: first the deal's double-dummy table and par under its code
(``analysis.analyse``, its nullo row as bounds within ``ANALYSIS_BUDGET``
seconds: issue 20), then the review of the play
(``analysis.review.review_json``), its nullo cards scored last first within
what is left of the budget, the first ones left unscored when it runs out.
It kills the child when the budget is spent; the table and par already read
are kept.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import orjson

__all__ = ["ANALYSIS_BUDGET", "REVIEW_BUDGET", "main", "solve_review"]

REVIEW_BUDGET = 20.0  # seconds for one deal's review, then "not available"
ANALYSIS_BUDGET = 4.0  # of them, seconds for the nullo row before it is shown as bounds
# of them, kept back from the nullo cards' scoring for the child's start (its
# imports) and its answer, so that it answers before the server kills it
_MARGIN = 3.0


async def solve_review(
    log: dict[str, Any], budget: float, slot: asyncio.Semaphore
) -> dict[str, Any]:
    """The review of ``log`` (``{"status": "ready", "strain", "cards",
    "analysis"}``), or ``{"status": "unavailable", "message"}`` when the
    child fails or is still solving after ``budget`` seconds (with
    ``"analysis"`` when the table and par came before that). ``slot``: how
    many such processes may run beside the server's own (one by default)."""
    analysis_budget = min(ANALYSIS_BUDGET, budget / 4)
    lines: list[bytes] = []
    async with slot:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", __name__, f"{analysis_budget:.3f}", f"{budget:.3f}",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + budget
        try:
            proc.stdin.write(orjson.dumps(log))
            await proc.stdin.drain()
            proc.stdin.close()
            while len(lines) < 2:
                line = await asyncio.wait_for(proc.stdout.readline(), deadline - loop.time())
                if not line:
                    break
                lines.append(line)
            err = await asyncio.wait_for(proc.stderr.read(), max(0.1, deadline - loop.time()))
            await proc.wait()
        except (TimeoutError, BrokenPipeError, ConnectionResetError):
            proc.kill()
            await proc.wait()
            late = {"status": "unavailable",
                    "message": f"the double-dummy review was not solved within {budget:g} "
                    "seconds (a nullo may take the solver minutes): not available now"}  # fmt: skip
            return {**late, **_analysis_of(lines)}
    answers: list[dict[str, Any]] = []
    for line in lines:
        try:
            answers.append(orjson.loads(line))
        except orjson.JSONDecodeError:
            break
    found = next((a for a in answers if "error" in a or "cards" in a), None)
    if found is None:
        why = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        found = {"error": "the solver's process ended without a review "
                 f"(exit {proc.returncode}: {why[0]})"}  # fmt: skip
    if "error" in found:
        return {"status": "unavailable", "message": found["error"], **_analysis_of(lines)}
    return {"status": "ready", **found, **_analysis_of(lines)}


def _analysis_of(lines: list[bytes]) -> dict[str, Any]:
    """``{"analysis": ...}`` from the child's first line, if it sent one."""
    try:
        first = orjson.loads(lines[0]) if lines else {}
    except orjson.JSONDecodeError:
        return {}
    return {"analysis": first["analysis"]} if "analysis" in first else {}


def main() -> None:
    """The child: a deal's JSON log on stdin; on stdout its table and par as
    one JSON line (``{"analysis": ...}``, null when the code has no par to
    give), then its review (or ``{"error": ...}`` when the log is not a deal
    the solver can review). The first argument: seconds for the nullo row;
    the second, seconds for the whole answer (the nullo cards get what the
    table left, less a margin)."""
    started = time.monotonic()
    # Imported here, in the child only: the server never loads the solver.
    from ..analysis.analyse import analyse
    from ..analysis.review import review_json
    from ..errors import WhistError
    from ..formats.jsonlog import events_from_json
    from ..table import Table

    budget = float(sys.argv[1]) if len(sys.argv) > 1 else ANALYSIS_BUDGET
    whole = float(sys.argv[2]) if len(sys.argv) > 2 else REVIEW_BUDGET
    try:
        log = json.load(sys.stdin)
        table = Table.from_events(events_from_json(log))
        try:
            analysis: dict[str, Any] | None = analyse(
                table.code, table.deal, budget=budget
            ).to_json()
        except WhistError:  # Duplicate Whist with no turned card: no figure to give
            analysis = None
        sys.stdout.write(json.dumps({"analysis": analysis}) + "\n")
        sys.stdout.flush()
        out = review_json(table, limit=max(0.0, whole - _MARGIN - (time.monotonic() - started)))
    except WhistError as e:
        out = {"error": str(e)}
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
