"""A finished deal's double-dummy review, solved in a process of its own.

The solver holds the GIL: run in a thread it would stop every table of the
server, and a whole-deal nullo may take it minutes (docs/solver.md). So the
server starts ``python -m auctionwhist.web.review``, writes the deal's JSON
log (``formats.jsonlog``) to its stdin, reads the review
(``analysis.review.review_log``) from its stdout, and kills it when the
budget is spent.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import orjson

__all__ = ["REVIEW_BUDGET", "main", "solve_review"]

REVIEW_BUDGET = 20.0  # seconds for one deal's review, then "not available"


async def solve_review(
    log: dict[str, Any], budget: float, slot: asyncio.Semaphore
) -> dict[str, Any]:
    """The review of ``log`` (``{"status": "ready", "strain", "cards"}``), or
    ``{"status": "unavailable", "message"}`` when the child fails or is
    still solving after ``budget`` seconds. ``slot``: how many such
    processes may run beside the server's own (one by default)."""
    async with slot:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", __name__,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        try:
            out, err = await asyncio.wait_for(proc.communicate(orjson.dumps(log)), budget)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            return {"status": "unavailable",
                    "message": f"the double-dummy review was not solved within {budget:g} "
                    "seconds (a nullo may take the solver minutes): not available now"}  # fmt: skip
    try:
        answer = orjson.loads(out)
    except orjson.JSONDecodeError:
        why = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        answer = {"error": "the solver's process ended without a review "
                  f"(exit {proc.returncode}: {why[0]})"}  # fmt: skip
    if "error" in answer:
        return {"status": "unavailable", "message": answer["error"]}
    return {"status": "ready", **answer}


def main() -> None:
    """The child: a deal's JSON log on stdin, its review as JSON on stdout,
    or ``{"error": ...}`` when the log is not a deal the solver can review."""
    # Imported here, in the child only: the server never loads the solver.
    from ..analysis.review import review_log
    from ..errors import WhistError

    try:
        out = review_log(json.load(sys.stdin))
    except WhistError as e:
        out = {"error": str(e)}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
