"""Robots thinking in a pool of worker processes.

A robot's action is a function of its seat's view and a seed alone
(``player.answer``): the view is sent to a worker process, the action comes
back (a call with the robot's explanation of it, as it decided it: a slam
judged over simulated deals is not judged again on the server), and
whoever holds the table applies it. So a server's event loop never
solves a double dummy sample, and no table waits on another table's robot
while a core is free.

The view's code travels by its key (``codes.find_code``), not as the whole
code's data. A worker's solver uses one thread: the pool is sized to the
cores, one worker per core by default. When more views wait than there are
workers, each is given less time to think (``Settings.budget`` shared out,
never under ``Settings.min_samples`` samples), and a view that waited for a
worker thinks for what is left of its budget (the heuristic robot answers
one that waited it all out), so that a busy pool stays within about a
second a card.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import pickle
import random
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

from ..codes import Code, find_code
from ..records import Action, CallMade
from .bidding.robot import BiddingRobot, Explanation
from .view import RobotError, SeatView

__all__ = ["Answer", "RobotPool", "dumps_view", "loads_view"]


@dataclass(frozen=True, slots=True)
class Answer:
    """A robot's action from the pool; for a call, its explanation as the
    robot made it (``BiddingRobot.explained``)."""

    action: Action
    explanation: Explanation | None = None


# The robot kinds a pool can hold (``robots.make_robot``).
KINDS = ("montecarlo", "heuristic", "random")


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> str | None:
        # A registered code by its key: 12-18 kB of laws data otherwise.
        if isinstance(obj, Code) and _registered(obj):
            return obj.key
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Code:
        return find_code(str(pid))


def _registered(code: Code) -> bool:
    try:
        return find_code(code.key) is code
    except Exception:
        return False


def dumps_view(view: SeatView) -> bytes:
    """``view`` as bytes for a worker, its code by key."""
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(view)
    return buf.getvalue()


def loads_view(data: bytes) -> SeatView:
    view = _Unpickler(io.BytesIO(data)).load()
    if not isinstance(view, SeatView):
        raise RobotError(f"not a seat's view: {type(view).__name__}")
    return view


# -- in the worker ------------------------------------------------------------

_players: dict[str, Any] = {}
_LEAST = 0.02  # seconds: the robot still solves its minimum of samples


def _start_worker(parent: int) -> None:
    # A server killed outright (SIGKILL) cannot stop its workers: each
    # watches for its parent to go (even before it got here), and goes too.
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    # One solver thread per worker: the pool has a worker per core, and DDS
    # and our core would otherwise start a thread per core in each of them.
    from ..solver import solver_threads

    solver_threads(1)


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _player(kind: str, budget: float | None) -> Any:
    from . import make_robot

    robot = _players.get(kind)
    if robot is None:
        robot = _players[kind] = make_robot(kind)
    if budget is not None and hasattr(robot, "settings"):
        robot.settings = replace(robot.settings, budget=budget)  # one view at a time here
    return robot


def _think(
    kind: str, data: bytes, seed: int, budget: float | None, sent: float
) -> tuple[Answer, bool]:
    """The action of a ``kind`` robot for the view in ``data`` (in a worker),
    thought out within ``budget`` seconds of when it was ``sent``; and whether
    the heuristic robot stood in for it."""
    from .player import answer

    stood_in = False
    if budget is not None:
        # The time it waited for a worker is taken from its budget; a view
        # that waited it all out is answered by the heuristic robot, at once
        # (the pool is overloaded: a late card costs more than a weaker one).
        left = budget - max(0.0, time.time() - sent)
        if left <= 0 and kind != "heuristic":
            kind, stood_in = "heuristic", True
        budget = round(max(_LEAST, left), 3)

    player = _player(kind, budget)
    action = answer(player, loads_view(data), random.Random(seed))
    said = (
        player.explained()
        if isinstance(action, CallMade) and isinstance(player, BiddingRobot)
        else None
    )
    return Answer(action, said), stood_in


def _pid() -> int:
    return os.getpid()


# -- in the caller ------------------------------------------------------------


class RobotPool:
    """``workers`` processes (default: one per core) where ``kind`` robots
    think. ``think`` returns a ``concurrent.futures.Future`` of the action;
    a worker that dies fails the futures in flight with
    ``BrokenProcessPool`` and the next ``think`` starts a new pool. The
    processes start with the first view sent."""

    def __init__(self, kind: str = "montecarlo", workers: int | None = None,
                 budget: float | None = None) -> None:  # fmt: skip
        if kind not in KINDS:
            raise RobotError(f"no robot {kind!r}; the robots are: {', '.join(KINDS)}")
        if workers is not None and workers < 1:
            raise RobotError(f"a robot pool needs at least one worker, not {workers}")
        self.kind = kind
        self.workers = workers or os.cpu_count() or 1
        self.budget = budget if budget is not None else _default_budget(kind)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.waiting = 0  # views sent and not yet answered
        self.answers = 0  # actions answered
        self.stood_in = 0  # of them, answered by the heuristic robot (waited out)
        self.restarts = 0  # new workers after one died

    def _pool(self, broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
        """The executor; a new one in place of ``broken`` (a worker died)."""
        with self._lock:
            ex = self._executor
            if ex is not None and ex is broken:
                ex.shutdown(wait=False, cancel_futures=True)
                self.restarts += 1
                ex = None
            if ex is None:
                # A fresh interpreter per worker: forking the server would copy
                # its sockets, database connections and event loop.
                ctx = multiprocessing.get_context("spawn")
                ex = ProcessPoolExecutor(self.workers, mp_context=ctx,
                                         initializer=_start_worker,
                                         initargs=(os.getpid(),))  # fmt: skip
                self._executor = ex
            return ex

    def _submit(self, fn: Any, *args: Any) -> Future[Any]:
        ex = self._pool()
        try:
            return ex.submit(fn, *args)
        except BrokenProcessPool:  # a worker died since the last view
            return self._pool(broken=ex).submit(fn, *args)

    def share(self) -> float | None:
        """The time each view may think now: the budget, shared out when
        more views wait than there are workers."""
        if self.budget is None:
            return None
        busy = max(1.0, (self.waiting + 1) / self.workers)
        return round(self.budget / busy, 3)

    def think(self, view: SeatView, seed: int) -> Future[Answer]:
        """The action for ``view``, thought out in a worker with ``seed``."""
        data = dumps_view(view)
        budget = self.share()
        inner = self._submit(_think, self.kind, data, seed, budget, time.time())
        with self._lock:
            self.waiting += 1
        fut: Future[Answer] = Future()
        inner.add_done_callback(lambda done: self._answered(done, fut))
        return fut

    def _answered(self, done: Future[tuple[Answer, bool]], fut: Future[Answer]) -> None:
        error = None if done.cancelled() else done.exception()
        with self._lock:
            self.waiting -= 1
            if not done.cancelled() and error is None:
                self.answers += 1
                self.stood_in += done.result()[1]
        if fut.done():  # given up by whoever asked
            return
        if done.cancelled():
            fut.cancel()
        elif error is not None:
            fut.set_exception(error)
        else:
            fut.set_result(done.result()[0])

    def figures(self) -> dict[str, int]:
        """What the pool has done: views answered, of them by the heuristic
        robot standing in (the view waited out its budget for a worker), and
        workers restarted after one died."""
        with self._lock:
            return {"answers": self.answers, "stood_in": self.stood_in,
                    "restarts": self.restarts}  # fmt: skip

    def pids(self) -> list[int]:
        """The worker processes running now (for a test to kill one)."""
        ex = self._executor
        procs = getattr(ex, "_processes", None) or {}
        return [p.pid for p in procs.values() if p.pid is not None]

    def warm(self, wait: bool = True) -> None:
        """Start every worker now, so that the first views need not wait for
        them (a worker takes a second or more to start); ``wait=False``
        returns at once."""
        started = [self._submit(_pid) for _ in range(self.workers)]
        if wait:
            for f in started:
                f.result()

    @property
    def started(self) -> bool:
        return self._executor is not None

    def close(self) -> None:
        """Stop the workers: views not yet taken up are dropped, a view being
        thought out is finished first."""
        with self._lock:
            ex, self._executor = self._executor, None
        if ex is not None:
            ex.shutdown(wait=True, cancel_futures=True)


def _default_budget(kind: str) -> float | None:
    if kind != "montecarlo":
        return None
    from .cardplay import DEFAULT_SETTINGS

    return DEFAULT_SETTINGS.budget
