from collections.abc import Sequence

def solve(
    hands: Sequence[int],
    trump: int,
    nullo: bool,
    leader: int,
    trick: Sequence[int],
    limit: float = ...,
) -> tuple[int, int]: ...
def score(
    hands: Sequence[int],
    trump: int,
    nullo: bool,
    leader: int,
    trick: Sequence[int],
    limit: float = ...,
) -> dict[int, int]: ...
def bound(
    hands: Sequence[int],
    trump: int,
    nullo: bool,
    leader: int,
    target: int,
    keep: bool = ...,
    limit: float = ...,
) -> tuple[int, int]: ...
def table(
    hands: Sequence[int], trump: int, nullo: bool
) -> tuple[tuple[int, int, int, int], int]: ...
def set_threads(n: int) -> int: ...
def threads() -> int: ...
def _par_options(spread: int, min_left: int, pool: int = ...) -> tuple[int, int]: ...
def _options(use_tt: int, partition: int = 1, nullo_cuts: int = 1) -> None: ...
def _stats() -> dict[str, int]: ...
