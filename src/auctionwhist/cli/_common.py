"""What every ``whist`` command shares: reading options, drawing hands and
scores, and reporting bad input.

Bad input ends with one line on stderr naming the option, the value and the
law where a law is the reason, and exit status 2; never a traceback.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, NoReturn

import typer
from rich import box
from rich.console import Console, JustifyMethod
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TimeElapsedColumn
from rich.table import Table as RichTable
from rich.text import Text
from typer.core import TyperGroup

from ..calls import Contract, parse_contract
from ..cards import (
    PBN_ORDER,
    RANK_CHARS,
    Deal,
    Seat,
    Side,
    Suit,
    card_rank,
    card_suit,
    suit_bits,
)
from ..codes import CODES, Code, find_code
from ..errors import WhistError
from ..robots.view import ScoreContext
from ..scoring import DealResult, DealScore, Revoke

__all__ = [
    "CODE_LIST",
    "SEAT_WORDS",
    "SIDES",
    "BadInput",
    "WhistGroup",
    "card_text",
    "code_of",
    "columns_table",
    "compass",
    "contract_of",
    "deal_of",
    "fail",
    "hand_line",
    "hand_text",
    "honors_of",
    "new_console",
    "on_terminal",
    "one_line",
    "outcome",
    "revokes_of",
    "score_context_of",
    "score_table",
    "seat_of",
    "trump_of",
]

SIDES = tuple(side.short for side in Side)  # "N-S", "E-W", indexed by side
CODE_LIST = ", ".join(CODES)


class BadInput(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


def fail(message: str) -> NoReturn:
    """Stop the command: ``message`` names the option, the value and the law."""
    raise BadInput(message)


# The framework's own usage errors (missing option, not an integer, ...).
# Typer vendors click; find its ClickException without importing a private path.
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def one_line(text: str) -> str:
    """An error message on one line, however the library wrapped it."""
    return " ".join(text.split())


class WhistGroup(TyperGroup):
    """Report every error in one line instead of a box or a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if prog_name in (None, "root"):
            prog_name = "whist"
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        code = 0
        try:
            rv = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except BadInput as e:
            _error(str(e))
            code = 2
        except _CLICK_ERROR as e:
            fmt = getattr(e, "format_message", None)
            message = str(fmt()) if callable(fmt) else str(e)
            code = int(getattr(e, "exit_code", 2))
            if type(e).__name__ == "NoArgsIsHelpError":
                sys.stderr.write(message + "\n")
            else:
                ctx = getattr(e, "ctx", None)
                where = ctx.command_path if ctx is not None else prog_name
                hint = f" (see {where} --help)" if ctx is not None else ""
                _error(f"{where}: {message}{hint}")
        except typer.Abort:
            _error("aborted")
            code = 1
        except WhistError as e:  # the library's errors name the law; a safety net
            _error(str(e))
            code = 2
        except Exception as e:
            if os.environ.get("WHIST_DEBUG"):
                raise
            _error(f"internal error: {type(e).__name__}: {e} (set WHIST_DEBUG=1 for details)")
            code = 1
        sys.exit(code)


def _error(message: str) -> None:
    sys.stderr.write(f"error: {one_line(message)}\n")
    sys.stderr.flush()


def new_console() -> Console:
    # Made per command so that output goes to the sys.stdout of the moment.
    return Console(highlight=False, soft_wrap=False)


def code_of(text: str) -> Code:
    """The code named by ``--code``."""
    try:
        return find_code(text)
    except WhistError:
        fail(f"--code {text!r}: unknown code; the codes are {CODE_LIST}")


SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W"}
_PAIR = re.compile(r"^\s*(\d+)\s*[-:/]\s*(\d+)\s*$")


def _pair(option: str, text: str) -> tuple[int, int]:
    m = _PAIR.match(text)
    if m is None:
        fail(f"{option} {text!r}: give North-South's then East-West's, e.g. 18-6")
    return int(m[1]), int(m[2])


def score_context_of(code: Code, score: str | None, games: str | None) -> ScoreContext | None:
    """``--score`` (trick points toward the game in progress, N-S then E-W) and
    ``--games`` (games won this rubber) as the score the robots bid and play
    for; None when neither is given (each deal from love)."""
    if score is None and games is None:
        return None
    if code.game is None or code.game.per_deal or not code.rubbers:
        option = "--score" if score is not None else "--games"
        fail(
            f"{option}: {code.cite('game')}: under {code.key} game is won in a single deal, "
            "so each deal is bid as from love; there is no rubber score to give"
        )
    below = _pair("--score", score) if score is not None else (0, 0)
    won = _pair("--games", games) if games is not None else (0, 0)
    if max(below) >= code.game.points:
        fail(
            f"--score {score!r}: {code.game.points} below the line is game "
            f"({code.cite('game')}); give the points toward the game in progress"
        )
    if max(won) > 1:
        fail(f"--games {games!r}: a side with two games has won the rubber ({code.cite('rubber')})")
    return ScoreContext(duplicate=False, below=below, games=won)


SEAT_WORDS.update({"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"})


def seat_of(option: str, text: str) -> Seat:
    """The seat named by ``option``: N, E, S, W or the word."""
    key = SEAT_WORDS.get(text.strip().upper())
    if key is None:
        fail(f"{option} {text!r}: not a seat (one of N, E, S, W)")
    return Seat.from_char(key)


def contract_of(code: Code, text: str, where: str = "") -> Contract:
    """The final declaration ``text``, one the code allows; ``where`` names the
    input at fault (by default ``--contract``)."""
    where = where or f"--contract {text!r}"
    try:
        contract = parse_contract(text)
        code.verify_declaration(contract.bid)
    except WhistError as e:
        fail(f"{where}: {e}")
    return contract


_SUIT_WORDS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUIT_WORDS.update({s.name: s for s in Suit})
_SUIT_WORDS.update({s.name[:-1]: s for s in Suit})


def trump_of(text: str) -> Suit:
    """Duplicate Whist's ``--contract``: the trump suit."""
    suit = _SUIT_WORDS.get(text.strip().upper())
    if suit is None:
        fail(
            f"--contract {text!r}: in Duplicate Whist the contract is the trump suit, "
            "one of S H D C (there is no auction; the turned card names the trump)"
        )
    return suit


def honors_of(text: str) -> tuple[int, int, int, int]:
    """``N=2,E=1,S=1,W=0``: the honors each seat holds, by seat."""
    counts = [0, 0, 0, 0]
    seen: set[Seat] = set()
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        name, eq, value = part.partition("=")
        if not eq:
            fail(f"--honors {text!r}: write each seat as SEAT=COUNT, e.g. N=2,E=1,S=1,W=0")
        seat = seat_of("--honors", name)
        if seat in seen:
            fail(f"--honors {text!r}: {seat.name.title()} is given twice")
        seen.add(seat)
        try:
            n = int(value)
        except ValueError:
            fail(f"--honors {text!r}: {value!r} is not a number of honors")
        if not 0 <= n <= 5:
            fail(f"--honors {text!r}: a hand holds 0 to 5 honors, not {n}")
        counts[seat] = n
    return counts[0], counts[1], counts[2], counts[3]


def revokes_of(texts: Sequence[str]) -> tuple[Revoke, ...]:
    """``E`` or ``E:5`` (the revoke in trick 5); a seat's revokes without a trick
    number are put in tricks 1, 2, ... in turn."""
    out: list[Revoke] = []
    for text in texts:
        name, _, trick = text.partition(":")
        seat = seat_of("--revoke", name)
        if trick:
            try:
                n = int(trick)
            except ValueError:
                fail(f"--revoke {text!r}: the trick after the colon is a number 1-13")
        else:
            used = {r.trick for r in out if r.seat == seat}
            n = next(i for i in range(1, 15) if i not in used)
        if not 1 <= n <= 13:
            fail(f"--revoke {text!r}: tricks are numbered 1 to 13")
        out.append(Revoke(seat, n))
    return tuple(out)


def deal_of(text: str) -> Deal:
    """The PBN deal of ``--deal``."""
    try:
        return Deal.from_pbn(text)
    except WhistError as e:
        fail(f"--deal: {e}")


def _symbol(suit: Suit) -> Text:
    return Text(suit.symbol, style="red" if suit.red else "")


def _suit_holding(hand: int, suit: Suit) -> str:
    bits = suit_bits(hand, suit)
    ranks = [RANK_CHARS[r] for r in range(12, -1, -1) if bits >> r & 1]
    return " ".join("10" if r == "T" else r for r in ranks) or "—"


def hand_text(hand: int, title: str = "") -> Text:
    """A hand as four lines, one a suit, under ``title``."""
    out = Text()
    if title:
        out.append(title + "\n", style="bold")
    for i, suit in enumerate(PBN_ORDER):
        out.append(_symbol(suit))
        out.append(" " + _suit_holding(hand, suit))
        if i < 3:
            out.append("\n")
    return out


def card_text(c: int) -> Text:
    """A card as suit symbol and rank, e.g. ♥10."""
    rank = RANK_CHARS[card_rank(c) - 2]
    out = _symbol(card_suit(c))
    out.append("10" if rank == "T" else rank)
    return out


def hand_line(hand: int) -> Text:
    """A hand on one line."""
    out = Text()
    for suit in PBN_ORDER:
        out.append(_symbol(suit))
        out.append(_suit_holding(hand, suit).replace(" ", "") + "  ")
    return out


def compass(d: Deal, hidden: frozenset[Seat] = frozenset()) -> RichTable:
    """The four hands round a compass, ``hidden`` ones by name only."""

    def hand(seat: Seat) -> Text:
        title = seat.name.title() + (" (dealer)" if seat == d.dealer else "")
        if seat in hidden:
            return Text(title + "\n", style="bold")
        return hand_text(d.hands[seat], title)

    centre = Text("North\n\nWest      East\n\nSouth", justify="center", style="dim")
    grid = RichTable.grid(padding=(1, 3))
    for _ in range(3):
        grid.add_column(vertical="middle")
    grid.add_row(Text(""), hand(Seat.NORTH), Text(""))
    grid.add_row(hand(Seat.WEST), centre, hand(Seat.EAST))
    grid.add_row(Text(""), hand(Seat.SOUTH), Text(""))
    return grid


def columns_table(*columns: tuple[str, JustifyMethod], **options: Any) -> RichTable:
    """A table with these columns (name, justify), a rule under the heads and no edge."""
    table = RichTable(box=box.SIMPLE_HEAD, show_edge=False, **options)
    for name, justify in columns:
        table.add_column(name, justify=justify)
    return table


def score_table(code: Code, s: DealScore, console: Console) -> None:
    """A deal's score itemised with the laws, then the totals of each side."""
    columns = {"trick": code.columns[0], "honor": code.columns[1]}
    if s.void:
        console.print(s.note or "no score")
        return
    items = columns_table(
        ("side", "left"),
        ("column", "left"),
        ("points", "right"),
        ("reason", "left"),
        ("law", "left"),
    )
    for it in s.items:
        items.add_row(SIDES[it.side], columns[it.column], str(it.points), it.reason, it.law)
    if s.items:
        console.print(items)
        console.print()
    totals = RichTable(box=box.SIMPLE_HEAD, show_edge=False)
    totals.add_column("side")
    if code.counts == "all":
        totals.add_column("tricks", justify="right")
        for side in (0, 1):
            totals.add_row(SIDES[side], str(s.trick(side)))
    else:
        totals.add_column(code.columns[0], justify="right")
        totals.add_column(code.columns[1], justify="right")
        totals.add_column("total", justify="right", style="bold")
        for side in (0, 1):
            totals.add_row(SIDES[side], str(s.trick(side)), str(s.honor(side)), str(s.total(side)))
    console.print(totals)
    if code.counts != "all":
        ahead, by = s.gain
        console.print("even" if ahead is None else f"gain: {SIDES[ahead]} by {by}")


def outcome(result: DealResult) -> str:
    """``"3HX by East, 12 tricks: made, 3 over"``."""
    c, seat = result.contract, result.declarer
    if c is None or seat is None:
        if result.trump is not None:
            trump = result.trump.name.lower()
            return f"{trump} trump: N-S {result.tricks}, E-W {13 - result.tricks}"
        return "no contract"
    taken = 13 - result.tricks if c.denom.nullo else result.tricks
    need = 6 + c.level
    if taken >= need:
        how = "made" + (f", {taken - need} over" if taken > need else "")
    else:
        how = f"down {need - taken}"
    whose = "adversaries' tricks" if c.denom.nullo else "tricks"
    return f"{c} by {seat.name.title()}, {taken} {whose}: {how}"


def on_terminal(what: str, total: int | None = None) -> AbstractContextManager[Callable[[], None]]:
    """While long work runs: on standard error, and only on a terminal (rich's
    live display writes a line break elsewhere, and piped output stays
    clean), ``what`` with the time taken and a spinner, or with ``total`` a
    bar that the callable given to the ``with`` block advances by one."""
    err = Console(stderr=True)
    if not err.is_terminal:
        return nullcontext(lambda: None)
    text = "[progress.description]{task.description}"
    if total is None:
        bar = Progress(SpinnerColumn(), text, TimeElapsedColumn(), console=err, transient=True)
    else:
        columns = (text, BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        bar = Progress(*columns, console=err, transient=True)
    task = bar.add_task(what, total=total)

    @contextmanager
    def running() -> Iterator[Callable[[], None]]:
        with bar:
            yield lambda: bar.advance(task)

    return running()
