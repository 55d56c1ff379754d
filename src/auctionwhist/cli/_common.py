"""The ``whist`` command: deal, score, play, rubber, bench.

Bad input ends with one line on stderr naming the option, the value and the
law where a law is the reason, and exit status 2; never a traceback.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TextIO

import typer
from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text
from typer.core import TyperGroup

from .calls import Bid, Call, Contract, Other, parse_call, parse_contract
from .cards import (
    RANK_CHARS,
    SUIT_CHARS,
    Deal,
    Seat,
    Suit,
    card_from_str,
    card_rank,
    card_suit,
)
from .codes import CODES, Code, find_code
from .dealing import deal as deal_cards
from .dealing import dealer_for
from .scoring import DealResult, DealScore, Holdings, Revoke, Rubber, score_deal
from .table import Table

if TYPE_CHECKING:
    from .robots.player import Player

__all__ = ["BadInput", "app", "main"]

SIDES = ("N-S", "E-W")
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
PBN_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
CODE_LIST = ", ".join(CODES)


class BadInput(Exception):
    """Bad input on the command line: reported in one line, exit status 2."""


def _fail(message: str) -> NoReturn:
    raise BadInput(message)


# The framework's own usage errors (missing option, not an integer, ...).
# Typer vendors click; find its ClickException without importing a private path.
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _WhistGroup(TyperGroup):
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
        except ValueError as e:  # the library's errors name the law; a safety net
            _error(str(e))
            code = 2
        except Exception as e:
            if os.environ.get("WHIST_DEBUG"):
                raise
            _error(f"internal error: {type(e).__name__}: {e} (set WHIST_DEBUG=1 for details)")
            code = 1
        sys.exit(code)


def _error(message: str) -> None:
    sys.stderr.write(f"error: {_one_line(message)}\n")
    sys.stderr.flush()


app = typer.Typer(
    cls=_WhistGroup,
    name="whist",
    help=(
        "Duplicate Auction Whist (Goodfellow, 1912) and the games it came from: "
        "deal, play and score under five codes of laws.\n\n"
        f"Codes: {CODE_LIST}.  Try: whist deal --seed 7 ; whist play --code daw ; "
        "whist score --help"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
bench_app = typer.Typer(
    help="Benchmarks: how fast the engine runs, side by side with endplay.",
    no_args_is_help=True,
)
app.add_typer(bench_app, name="bench")


def main() -> None:
    """The console script's entry point."""
    app()


# -- reading options -------------------------------------------------------------


def _console() -> Console:
    # Made per command so that output goes to the sys.stdout of the moment.
    return Console(highlight=False, soft_wrap=False)


def _code(text: str) -> Code:
    try:
        return find_code(text)
    except ValueError:
        _fail(f"--code {text!r}: unknown code; the codes are {CODE_LIST}")


_SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W"}
_SEAT_WORDS.update({"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"})


def _seat(option: str, text: str) -> Seat:
    key = _SEAT_WORDS.get(text.strip().upper())
    if key is None:
        _fail(f"{option} {text!r}: not a seat (one of N, E, S, W)")
    return Seat.from_char(key)


def _contract(code: Code, text: str) -> Contract:
    try:
        contract = parse_contract(text)
    except ValueError as e:
        _fail(f"--contract: {e}")
    bid = contract.bid
    if bid.denomination not in code.trick_values:
        _fail(
            f"--contract {text!r}: {bid.denom.name} is not a declaration of {code.key} "
            f"(its declarations are {', '.join(code.trick_values)}) {code.cite('trick_score')}"
        )
    if bid.royal and not code.royal_bids:
        _fail(f"--contract {text!r}: {code.key} has no royal bids (R); only royalton has")
    return contract


_SUIT_WORDS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUIT_WORDS.update({s.name: s for s in Suit})
_SUIT_WORDS.update({s.name[:-1]: s for s in Suit})


def _trump_suit(text: str) -> Suit:
    suit = _SUIT_WORDS.get(text.strip().upper())
    if suit is None:
        _fail(
            f"--contract {text!r}: in Duplicate Whist the contract is the trump suit, "
            "one of S H D C (there is no auction; the turned card names the trump)"
        )
    return suit


def _honors(text: str) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    seen: set[Seat] = set()
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        name, eq, value = part.partition("=")
        if not eq:
            _fail(f"--honors {text!r}: write each seat as SEAT=COUNT, e.g. N=2,E=1,S=1,W=0")
        seat = _seat("--honors", name)
        if seat in seen:
            _fail(f"--honors {text!r}: {seat.name.title()} is given twice")
        seen.add(seat)
        try:
            n = int(value)
        except ValueError:
            _fail(f"--honors {text!r}: {value!r} is not a number of honors")
        if not 0 <= n <= 5:
            _fail(f"--honors {text!r}: a hand holds 0 to 5 honors, not {n}")
        counts[seat] = n
    return counts[0], counts[1], counts[2], counts[3]


def _revokes(texts: Sequence[str]) -> tuple[Revoke, ...]:
    """``E`` or ``E:5`` (the revoke in trick 5); a seat's revokes without a trick
    number are put in tricks 1, 2, ... in turn."""
    out: list[Revoke] = []
    for text in texts:
        name, _, trick = text.partition(":")
        seat = _seat("--revoke", name)
        if trick:
            try:
                n = int(trick)
            except ValueError:
                _fail(f"--revoke {text!r}: the trick after the colon is a number 1-13")
        else:
            used = {r.trick for r in out if r.seat == seat}
            n = next(i for i in range(1, 15) if i not in used)
        if not 1 <= n <= 13:
            _fail(f"--revoke {text!r}: tricks are numbered 1 to 13")
        out.append(Revoke(seat, n))
    return tuple(out)


def _deal_from_pbn(text: str) -> Deal:
    try:
        return Deal.from_pbn(text)
    except ValueError as e:
        _fail(f"--deal: {e}")


# -- drawing ---------------------------------------------------------------------


def _symbol(suit: Suit) -> Text:
    return Text(SUIT_SYMBOLS[suit], style="red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "")


def _suit_holding(hand: int, suit: Suit) -> str:
    bits = (hand >> (13 * suit)) & 0x1FFF
    ranks = [RANK_CHARS[r] for r in range(12, -1, -1) if bits >> r & 1]
    return " ".join("10" if r == "T" else r for r in ranks) or "—"


def _hand_text(hand: int, title: str = "") -> Text:
    out = Text()
    if title:
        out.append(title + "\n", style="bold")
    for i, suit in enumerate(PBN_ORDER):
        out.append(_symbol(suit))
        out.append(" " + _suit_holding(hand, suit))
        if i < 3:
            out.append("\n")
    return out


def _card_text(c: int) -> Text:
    rank = RANK_CHARS[card_rank(c) - 2]
    out = _symbol(card_suit(c))
    out.append("10" if rank == "T" else rank)
    return out


def _hand_line(hand: int) -> Text:
    out = Text()
    for suit in PBN_ORDER:
        out.append(_symbol(suit))
        out.append(_suit_holding(hand, suit).replace(" ", "") + "  ")
    return out


def _compass(d: Deal, hidden: frozenset[Seat] = frozenset()) -> RichTable:
    def hand(seat: Seat) -> Text:
        title = seat.name.title() + (" (dealer)" if seat == d.dealer else "")
        if seat in hidden:
            return Text(title + "\n", style="bold")
        return _hand_text(d.hands[seat], title)

    centre = Text("North\n\nWest      East\n\nSouth", justify="center", style="dim")
    grid = RichTable.grid(padding=(1, 3))
    for _ in range(3):
        grid.add_column(vertical="middle")
    grid.add_row(Text(""), hand(Seat.NORTH), Text(""))
    grid.add_row(hand(Seat.WEST), centre, hand(Seat.EAST))
    grid.add_row(Text(""), hand(Seat.SOUTH), Text(""))
    return grid


# -- whist deal ------------------------------------------------------------------


@app.command("deal")
def deal_command(
    code: Annotated[str, typer.Option(help=f"The code of laws: {CODE_LIST}.")] = "daw",
    seed: Annotated[
        int | None, typer.Option(help="Seed for the shuffle and cut; the same seed, the same deal.")
    ] = None,
    dealer: Annotated[
        str | None,
        typer.Option(help="The dealer, N E S or W (default: by the deal number, as on a tray)."),
    ] = None,
    number: Annotated[int, typer.Option(help="The deal (tray) number, from 1.")] = 1,
    pbn: Annotated[bool, typer.Option("--pbn", help="Print only the PBN deal string.")] = False,
) -> None:
    """Shuffle, cut and deal one deal as the laws prescribe, and show it.

    The deal is reproducible from --seed; without one a seed is drawn and
    printed. In Duplicate Whist (--code whist) the dealer's last card is
    turned for trump.

    [bold]Examples[/bold]

      whist deal --seed 7
      whist deal --code whist --seed 7 --number 3
      whist deal --seed 7 --pbn
    """
    c = _code(code)
    if number < 1:
        _fail(f"--number {number}: deals are numbered from 1")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    seat = _seat("--dealer", dealer) if dealer is not None else dealer_for(c, number)
    d = deal_cards(c, seat, number, seed=seed)
    out = _console()
    if pbn:
        out.print(d.to_pbn())
        return
    out.print(Text(c.title, style="bold"))
    out.print(f"Deal {d.number} · dealer {d.dealer.name.title()} · seed {seed}")
    if d.turned is not None:
        out.print(
            Text.assemble(
                "Turned trump: ", _card_text(d.turned), f" ({c.cite('trump')}: the last card dealt)"
            )
        )
    out.print(_compass(d))
    out.print(f"PBN: {d.to_pbn()}")


# -- whist score -----------------------------------------------------------------


def _score_table(code: Code, s: DealScore, console: Console) -> None:
    columns = {"trick": code.columns[0], "honor": code.columns[1]}
    if s.void:
        console.print(s.note or "no score")
        return
    items = RichTable(box=box.SIMPLE_HEAD, title=None, show_edge=False)
    for name, justify in (
        ("side", "left"),
        ("column", "left"),
        ("points", "right"),
        ("reason", "left"),
        ("law", "left"),
    ):
        items.add_column(name, justify=justify)  # type: ignore[arg-type]
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


def _outcome(result: DealResult) -> str:
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


def _short_outcome(result: DealResult) -> str:
    """``"made +1"``, ``"down 2"``."""
    c = result.contract
    if c is None:
        return "no bid"
    taken = 13 - result.tricks if c.denom.nullo else result.tricks
    need = 6 + c.level
    if taken >= need:
        return "made" + (f" +{taken - need}" if taken > need else "")
    return f"down {need - taken}"


def _score_or_fail(result: DealResult) -> DealScore:
    try:
        return score_deal(result)
    except ValueError as e:
        _fail(str(e))


@app.command("score")
def score_command(
    code: Annotated[str, typer.Option(help=f"The code of laws: {CODE_LIST}.")],
    tricks: Annotated[
        int,
        typer.Option(
            help="Tricks won by the declarer's side (whist: by North-South), 0-13.",
            show_default=False,
        ),
    ],
    contract: Annotated[
        str | None,
        typer.Option(
            help="The final declaration, e.g. 3H, 2NTX, 4RS XX, 3SR X, 2NL; whist: the trump "
            "suit, e.g. H."
        ),
    ] = None,
    declarer: Annotated[
        str | None, typer.Option(help="The declarant: N, E, S or W (not for whist).")
    ] = None,
    deal: Annotated[
        str | None,
        typer.Option(help='The deal, to read the honors from: PBN, e.g. "N:AKQ2.J95.T84.763 ..."'),
    ] = None,
    honors: Annotated[
        str | None,
        typer.Option(
            help="Honors of the trump suit (aces at no-trump) held by each seat, "
            "e.g. N=2,E=1,S=1,W=0 (seats left out hold none)."
        ),
    ] = None,
    void: Annotated[
        list[str] | None,
        typer.Option(help="A seat holding no trump, for chicane; repeat for each."),
    ] = None,
    revoke: Annotated[
        list[str] | None,
        typer.Option(
            help="A seat whose revoke was established (E, or E:5 for trick 5); repeat for each."
        ),
    ] = None,
    revoke_penalty: Annotated[
        str,
        typer.Option(help="The declarant's choice for the adversaries' revoke: points or tricks."),
    ] = "tricks",
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Score the deal alone for duplicate play: a game in one deal scores 100 "
            "(SPEC §2.2.8; daw always does).",
        ),
    ] = False,
    average: Annotated[
        float | None,
        typer.Option(
            help="whist: North-South's average tricks on this deal elsewhere, which a "
            "revoking side cannot exceed (AWL law X §4)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the score as JSON.")] = False,
) -> None:
    """Score one finished deal under a code, itemised with the laws.

    --tricks is the number of tricks won by the declarer's side. Honors come
    from --deal, or per seat from --honors and --void (for chicane).

    [bold]Examples[/bold] (Goodfellow's sample score card, deals 4 and 2)

      whist score --code daw --contract 3HX --declarer E --tricks 12 --honors E=2,W=2,N=1

      whist score --code daw --contract 2NTX --declarer N --tricks 8 --honors N=2,S=1

      whist score --code auction --contract 1S --declarer S --tricks 5 --revoke W --json

      whist score --code whist --contract H --tricks 8
    """
    c = _code(code)
    if revoke_penalty not in ("points", "tricks"):
        _fail(f"--revoke-penalty {revoke_penalty!r}: choose points or tricks")
    if not 0 <= tricks <= 13:
        _fail(f"--tricks {tricks}: a side wins 0 to 13 tricks")
    if deal is not None and (honors is not None or void):
        _fail("--deal and --honors/--void: give the deal or the honors, not both")
    revokes = _revokes(revoke or [])
    penalty: Any = revoke_penalty
    if not c.auction:
        if contract is None:
            _fail("--contract: give the trump suit of the deal, e.g. --contract H")
        trump = _trump_suit(contract)
        if declarer is not None:
            _fail("--declarer: Duplicate Whist has no declarant; --tricks are North-South's")
        if honors is not None or void:
            _fail("--honors/--void: Duplicate Whist scores no honors")
        if deal is not None:
            _deal_from_pbn(deal)
        result = DealResult(c, None, None, tricks, revokes=revokes, trump=trump, average=average)
    else:
        if contract is None:
            _fail("--contract: missing; give the final declaration, e.g. --contract 3H")
        if declarer is None:
            _fail(f"--declarer: missing; give the declarant, N E S or W {c.cite('declarant')}")
        if average is not None:
            _fail("--average: only for Duplicate Whist (--code whist)")
        con = _contract(c, contract)
        seat = _seat("--declarer", declarer)
        holdings: Holdings | None = None
        if deal is not None:
            holdings = Holdings.from_deal(_deal_from_pbn(deal), con.denom)
        elif honors is not None or void:
            counts = _honors(honors or "")
            most = 4 if con.denom.trump is None else 5
            if sum(counts) > most:
                what = "four aces at no-trump" if most == 4 else "five honors (A K Q J 10)"
                _fail(
                    f"--honors {honors!r}: there are only {what}, not {sum(counts)} "
                    f"{c.cite('honors')}"
                )
            voids = frozenset(_seat("--void", v) for v in void or [])
            holdings = Holdings(counts, voids)
        if not c.has_honors:
            if honors is not None or void:
                _fail(f"--honors/--void: {c.key} counts no honors {c.cite('honors')}")
            holdings = None
        result = DealResult(
            c,
            con,
            seat,
            tricks,
            holdings=holdings,
            revokes=revokes,
            revoke_penalty=penalty,
            duplicate=duplicate,
        )
    s = _score_or_fail(result)
    out = _console()
    if as_json:
        sys.stdout.write(json.dumps(s.to_json(), indent=2) + "\n")
        return
    out.print(Text(f"{c.key}: {_outcome(result)}", style="bold"))
    _score_table(c, s, out)


# -- whist play ------------------------------------------------------------------


class _Stdin:
    """Lines from stdin; after end of input, South's actions go to the robot."""

    def __init__(self, stream: TextIO, out: Console) -> None:
        self.stream = stream
        self.out = out
        self.closed = False

    def ask(self, prompt: Text) -> str | None:
        if self.closed:
            return None
        self.out.print(prompt, end="")
        self.out.file.flush()
        try:
            line = self.stream.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            self.closed = True
            self.out.print()
            self.out.print(
                "[dim](end of input: South's actions are chosen at random from here on)[/dim]"
            )
            return None
        text = line.strip()
        if not self.stream.isatty():
            self.out.print(text)  # echo piped input, so the transcript reads well
        return text


def _call_str(call: Call) -> str:
    if call is Other.DOUBLE:
        return "X"
    if call is Other.REDOUBLE:
        return "XX"
    return str(call)


def _calls_prompt(calls: Sequence[Call]) -> str:
    others = [_call_str(c) for c in calls if not isinstance(c, Bid)]
    bids = [str(c) for c in calls if isinstance(c, Bid)]
    if len(bids) > 14:
        bids = [*bids[:10], "…", *bids[-2:]]
    return ", ".join([*others, " ".join(bids)] if bids else others)


def _cards_prompt(cards: Sequence[int]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append(_card_text(c))
    return out


def _read_card(text: str, legal: Sequence[int]) -> int:
    """A card, as SA, AS, 10h; or a rank alone when only one legal card has it."""
    t = text.strip().upper().replace("10", "T")
    if len(t) == 1 and t in RANK_CHARS:
        matches = [c for c in legal if RANK_CHARS[card_rank(c) - 2] == t]
        if len(matches) == 1:
            return matches[0]
        raise ValueError(f"{text!r}: say which suit (e.g. S{t})")
    for suit, sym in SUIT_SYMBOLS.items():
        t = t.replace(sym, SUIT_CHARS[suit])
    return card_from_str(t)


def _trick_text(leader: Seat, cards: Sequence[int]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append("  ")
        out.append(f"{leader.after(i).char} ")
        out.append(_card_text(c))
    return out


def _show_auction(table: Table, out: Console) -> None:
    if table.auction is None or not table.auction.calls:
        return
    grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False)
    for seat in Seat:
        grid.add_column(seat.name.title())
    cells = [""] * int(table.auction.dealer) + [_call_str(c) for _, c in table.auction.calls]
    for i in range(0, len(cells), 4):
        row = cells[i : i + 4]
        grid.add_row(*row, *[""] * (4 - len(row)))
    out.print(grid)


@app.command("play")
def play_command(
    code: Annotated[str, typer.Option(help=f"The code of laws: {CODE_LIST}.")] = "daw",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the deal and the other seats' choices (default: drawn)."),
    ] = None,
    number: Annotated[int, typer.Option(help="The deal (tray) number; it sets the dealer.")] = 1,
    auto: Annotated[
        bool, typer.Option("--auto", help="Let the robot take South's actions too.")
    ] = False,
    robot: Annotated[
        str,
        typer.Option(
            help="The robots in the other seats: montecarlo (strong), heuristic (fast), random."
        ),
    ] = "montecarlo",
    log: Annotated[
        Path | None,
        typer.Option(
            help="Write the deal's event log (JSON) here at the end, or when you leave: "
            "`whist review` reads it."
        ),
    ] = None,
) -> None:
    """Play one deal in the terminal from the South seat.

    You bid and play South (and North's cards when North is your dummy); the
    robots play the other seats, reproducibly from --seed. Type a
    call (1H, 2NT, pass, X, XX, no bid) or a card (SA, H10, or just the rank
    when the suit is clear); '?' repeats the choices, 'quit' leaves.
    At the end of input (piped or closed stdin) the robot plays South too.

    [bold]Examples[/bold]

      whist play --code daw --seed 1

      whist play --code royalton --seed 5 --robot heuristic < /dev/null

      printf '1S\\npass\\n' | whist play --code auction --seed 3

      whist play --code daw --seed 1 --log deal.json   (then: whist review deal.json)
    """
    c = _code(code)
    if number < 1:
        _fail(f"--number {number}: deals are numbered from 1")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    from .robots import ROBOTS, make_robot

    if robot not in ROBOTS:
        _fail(f"--robot {robot!r}: the robots are {', '.join(ROBOTS)}")
    player = make_robot(robot)
    if log is not None:
        try:
            log.touch()  # an unwritable path is refused before the deal, not after it
        except OSError as e:
            _fail(f"--log {log}: {e.strerror or e}")

    d = deal_cards(c, None, number, seed=seed)
    rng = random.Random(seed)
    table = Table(c, d)
    out = _console()
    io = _Stdin(sys.stdin, out)
    you = Seat.SOUTH
    out.print(Text(c.title, style="bold"))
    out.print(f"Deal {d.number} · dealer {d.dealer.name.title()} · seed {seed}")
    if d.turned is not None:
        out.print(Text.assemble("Turned trump: ", _card_text(d.turned), f" ({c.cite('trump')})"))
    out.print(_hand_text(d.hands[you], "Your hand (South)"))
    if auto:
        io.closed = True

    try:
        _play_at_terminal(table, you, io, out, player, rng)
    finally:
        if log is not None:
            from .formats.jsonlog import dumps

            log.write_text(dumps(table.events, indent=2) + "\n", encoding="utf-8")
    out.print()
    result = table.result()
    if table.play is not None:
        summary = f"Result: {_outcome(result)}"
        if table.contract is not None:
            ns, ew = table.tricks_won()
            summary += f"  (N-S {ns} tricks, E-W {ew})"
        out.print(Text(summary, style="bold"))
    _score_table(c, table.score(), out)
    if log is not None:
        out.print(f"Event log: {log} (whist review {log})")


def _play_at_terminal(
    table: Table, you: Seat, io: _Stdin, out: Console, player: Player, rng: random.Random
) -> None:
    """The deal at the terminal to its end: you at ``you``, robots elsewhere."""
    from .robots.player import play_deal
    from .robots.view import SeatView

    c = table.code
    dummy_shown = False
    tricks_shown = 0
    while table.phase != "done":
        actor = table.to_act
        human = actor is you and not io.closed
        if table.phase == "auction":
            seat = table.auction.turn if table.auction else you
            legal = table.legal_calls()
            call: Call | None = None
            while human and call is None:
                text = io.ask(Text(f"Your call ({_calls_prompt(legal)}): "))
                if text is None:
                    human = False
                    break
                if text.lower() in ("quit", "q", "exit"):
                    out.print("South leaves the table.")
                    raise typer.Exit(1)
                if text in ("?", "help", ""):
                    continue
                try:
                    call = parse_call(text)
                    table.call(call)
                except ValueError as e:
                    out.print(f"[red]{_one_line(str(e))}[/red]")
                    call = None
            if call is None:
                call = player.call(SeatView.of(table, seat), rng)
                table.call(call)
            out.print(f"{seat.name.title():>5}: {_call_str(call)}")
            if table.phase != "auction":
                out.print()
                _show_auction(table, out)
                if table.contract is None:
                    out.print(f"No bid was made {c.cite('all_pass')}: the deal passes.")
                elif table.auction is not None and table.auction.declarer is not None:
                    out.print(
                        f"Contract {table.contract} by {table.auction.declarer.name.title()}."
                    )
        elif table.phase == "bridging":
            choice: str | None = None
            while human and choice is None:
                text = io.ask(Text("Bridge the nullo to North (b) or call the lead (l)? "))
                if text is None:
                    break
                if text.lower() in ("b", "bridge"):
                    choice = "b"
                elif text.lower() in ("l", "lead", "call"):
                    choice = "l"
            if choice is None:
                declarant = table.to_act
                assert declarant is not None
                choice = "b" if player.bridge(SeatView.of(table, declarant), rng) else "l"
            if choice == "b":
                table.bridge()
                out.print(f"The nullo is bridged {c.cite('bridging')}.")
            else:
                table.call_lead()
                out.print("The declarant keeps the nullo and calls the lead.")
        elif table.phase == "play":
            play = table.play
            assert play is not None
            hand_seat = play.turn
            legal_cards = table.legal_cards()
            chosen: int | None = None
            if human:
                title = "Your hand" if hand_seat is you else f"{hand_seat.name.title()} (dummy)"
                out.print(Text.assemble(f"{title}: ", _hand_line(play.hands[hand_seat])))
            while human and chosen is None:
                prompt = Text(f"Trick {len(play.tricks) + 1}")
                if play.trick:
                    prompt.append(" (")
                    prompt.append(_trick_text(Seat(play.leader), play.trick))
                    prompt.append(")")
                prompt.append(f", play from {title} (")
                prompt.append(_cards_prompt(legal_cards))
                prompt.append("): ")
                text = io.ask(prompt)
                if text is None:
                    break
                if text.lower() in ("quit", "q", "exit"):
                    out.print("South leaves the table.")
                    raise typer.Exit(1)
                if text in ("?", "help", ""):
                    continue
                try:
                    chosen = _read_card(text, legal_cards)
                    table.play_card(chosen)
                except ValueError as e:
                    out.print(f"[red]{_one_line(str(e))}[/red]")
                    chosen = None
            if chosen is None:
                actor = table.to_act  # the declarer when dummy's card is to play
                assert actor is not None
                chosen = player.card(SeatView.of(table, actor), rng)
                table.play_card(chosen)
            if not dummy_shown and play.dummy is not None:
                dummy_shown = True
                out.print(
                    Text.assemble(
                        f"{play.opening_leader.name.title()} leads ",
                        _card_text(chosen),
                        f"; dummy ({play.dummy.name.title()}) is faced: ",
                        _hand_line(play.hands[play.dummy]),
                    )
                )
            if len(play.tricks) > tricks_shown:
                tricks_shown = len(play.tricks)
                leader, cards = play.tricks[-1]
                line = Text(f"Trick {tricks_shown:>2}: ")
                line.append(_trick_text(leader, cards))
                line.append(f"   won by {play.winners[-1].name.title()}")
                out.print(line)
        else:  # a claim awaits its answer: the robots answer it
            play_deal(table, {s: player for s in Seat}, rng)


# -- whist rubber ----------------------------------------------------------------


def _parse_rubber_deal(code: Code, text: str, where: str) -> DealResult:
    """``"1H S 8"``, ``"2NT X N 9 N=2,S=1 void=E revoke=W points"``, ``"pass"``."""
    tokens = text.replace("\t", " ").split()
    if not tokens:
        _fail(f"{where}: empty deal")
    if " ".join(tokens).upper() in ("PASS", "NO BID", "ALL PASS"):
        return DealResult(code, None, None, 0)
    if len(tokens) < 3:
        _fail(f'{where} {text!r}: write CONTRACT DECLARER TRICKS, e.g. "1H S 8"')
    con_text = tokens.pop(0)
    if tokens and tokens[0].upper() in ("X", "XX"):
        con_text += tokens.pop(0)
    try:
        con = parse_contract(con_text)
    except ValueError as e:
        _fail(f"{where} {text!r}: {e}")
    if con.bid.denomination not in code.trick_values or (con.royal and not code.royal_bids):
        _fail(
            f"{where} {text!r}: {con} is not a declaration of {code.key} "
            f"(its declarations are {', '.join(code.trick_values)})"
        )
    seat = _seat(f"{where} {text!r}: declarer", tokens.pop(0))
    try:
        tricks = int(tokens.pop(0))
    except ValueError:
        _fail(f"{where} {text!r}: the third item is the declarer's side's tricks, 0-13")
    if not 0 <= tricks <= 13:
        _fail(f"{where} {text!r}: a side wins 0 to 13 tricks, not {tricks}")
    counts: tuple[int, int, int, int] | None = None
    voids: set[Seat] = set()
    revokes: list[str] = []
    penalty: Any = "tricks"
    for tok in tokens:
        key, eq, value = tok.partition("=")
        k = key.lower()
        if tok.lower() in ("points", "tricks"):
            penalty = tok.lower()
        elif eq and k in ("void", "chicane"):
            voids.update(_seat("void", v) for v in value.split(",") if v)
        elif eq and k == "revoke":
            revokes.extend(v for v in value.split(",") if v)
        elif eq and k == "honors":
            counts = _honors(value)
        elif eq and key.upper() in _SEAT_WORDS:
            counts = _honors(tok)
        else:
            _fail(
                f"{where} {text!r}: {tok!r} is not understood (honors as N=2,S=1; "
                "void=E; revoke=W; points or tricks)"
            )
    holdings = None
    if not code.has_honors and (counts is not None or voids):
        _fail(f"{where} {text!r}: {code.key} counts no honors {code.cite('honors')}")
    if counts is not None or voids:
        holdings = Holdings(counts or (0, 0, 0, 0), frozenset(voids))
    return DealResult(
        code,
        con,
        seat,
        tricks,
        holdings=holdings,
        revokes=_revokes(revokes),
        revoke_penalty=penalty,
    )


def _rubber_json(r: Rubber) -> dict[str, Any]:
    side = r.winner
    return {
        "deals": [s.to_json() for s in r.scores],
        "games": {"ns": r.games[0], "ew": r.games[1]},
        "finished": r.finished,
        "winner": None if side is None else ("ns", "ew")[side],
        "bonuses": [b.to_json() for b in r.bonuses],
        "totals": {"ns": r.totals[0], "ew": r.totals[1]},
    }


@app.command("rubber")
def rubber_command(
    code: Annotated[
        str, typer.Option(help="A rubber code: auction, royals or royalton.")
    ] = "auction",
    deal: Annotated[
        list[str] | None,
        typer.Option(
            help='One deal: "CONTRACT DECLARER TRICKS [honors] [void=SEAT] [revoke=SEAT]", '
            'e.g. "1H S 8", "2NTX N 9 N=2,S=1", "pass"; repeat in order.'
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(help="A file of deals, one per line as for --deal; # starts a comment."),
    ] = None,
    unfinished: Annotated[
        bool,
        typer.Option(
            "--unfinished",
            help="Make up a rubber left unfinished at the end (Royalton law 90: 125 a game).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rubbers as JSON.")] = False,
) -> None:
    """Score a sequence of deals into rubbers: games, rubber bonus, result.

    Trick points accumulate toward game (30; Royalton 40); two games win the
    rubber and its bonus. Deals after a finished rubber start the next one.

    [bold]Examples[/bold]

      whist rubber --code auction --deal "1H S 8" --deal "2NT N 9 N=2,S=1" --deal "3C E 9"

      whist rubber --code royalton --deal "2H S 9" --deal "1NT W 8" --unfinished

      whist rubber --code royals --file deals.txt --json
    """
    c = _code(code)
    entries: list[tuple[str, str]] = [(d, "--deal") for d in deal or []]
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as e:
            _fail(f"--file {str(file)!r}: cannot read it ({e.strerror})")
        for i, line in enumerate(lines, 1):
            body = line.split("#", 1)[0].strip()
            if body:
                entries.append((body, f"--file line {i}"))
    if not entries:
        _fail('no deals: give --deal "1H S 8" (repeat) or --file FILE')
    try:
        rubbers = [Rubber(c)]
    except ValueError as e:
        _fail(f"--code {code}: {e}")
    rows: list[tuple[int, str, DealScore]] = []
    for text, where in entries:
        result = _parse_rubber_deal(c, text, where)
        s = _score_or_fail(result)
        if rubbers[-1].finished:
            rubbers[-1].finish()
            rubbers.append(Rubber(c))
        rubbers[-1].add(s)
        rows.append((len(rubbers), text, s))
    last = rubbers[-1]
    if last.finished:
        last.finish()
    elif unfinished:
        last.finish(unfinished=True)
    out = _console()
    if as_json:
        doc = {"code": c.key, "rubbers": [_rubber_json(r) for r in rubbers]}
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
        return
    out.print(Text(f"{c.title}: rubber scoring", style="bold"))
    many = len(rubbers) > 1
    above = c.columns[1].split()[0]
    tbl = RichTable(box=box.SIMPLE_HEAD, show_edge=False)
    if many:
        tbl.add_column("rubber")
    tbl.add_column("deal")
    tbl.add_column("result")
    for name in SIDES:
        tbl.add_column(f"{name}\n{c.columns[0]}", justify="right")
        tbl.add_column(f"{name}\n{above}", justify="right")
    tbl.add_column("games\nN-S E-W", justify="center")
    games = [0, 0]
    below = [0, 0]
    current = 1
    for number, text, s in rows:
        if number != current:
            current, games, below = number, [0, 0], [0, 0]
        for side in (0, 1):
            below[side] += s.game_points[side]
            if below[side] >= (c.game.points if c.game else 0):
                games[side] += 1
                below = [0, 0]
                break
        cells = [
            text,
            "void" if s.void else _short_outcome(s.result),
            str(s.trick(0)),
            str(s.honor(0)),
            str(s.trick(1)),
            str(s.honor(1)),
            f"{games[0]}  {games[1]}",
        ]
        tbl.add_row(*([str(number)] if many else []), *cells)
    out.print(tbl)
    for i, r in enumerate(rubbers, 1):
        ns, ew = r.totals
        bonus = "; ".join(f"{SIDES[b.side]} +{b.points} {b.reason} ({b.law})" for b in r.bonuses)
        if r.finished:
            status = f"won by {SIDES[r.winner or 0]}, {max(r.games)} games to {min(r.games)}"
        else:
            status = f"unfinished, games {r.games[0]}-{r.games[1]}"
        ahead, by = r.result
        verdict = "even" if ahead is None else f"{SIDES[ahead]} by {by}"
        out.print(
            f"Rubber {i}: {status}"
            + (f"; {bonus}" if bonus else "")
            + f". Totals N-S {ns}, E-W {ew}: {verdict}."
        )


# -- whist bench engine ----------------------------------------------------------


@bench_app.command("engine")
def bench_engine_command(
    seconds: Annotated[
        float, typer.Option(help="Time budget in seconds (the whole run stays close to it).")
    ] = 15.0,
    repeats: Annotated[int, typer.Option(help="Repeats; the figures are medians.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed for the deals and the random actions.")] = 1,
    code: Annotated[
        list[str] | None, typer.Option(help="Only this code (repeatable); default all five.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Complete deals (deal, auction, play, score) with random legal actions,
    per code; and endplay's legal_moves() + play() on the same deals.

    Reports deals/s and actions/s (an action is a call or a card) and the
    ratio of our actions/s to endplay's. Each figure is a median over repeats.

    [bold]Examples[/bold]

      whist bench engine

      whist bench engine --seconds 5 --json
    """
    from .bench import bench_engine

    if not 0 < seconds <= 600:
        _fail(f"--seconds {seconds}: give a budget between 0 and 600 seconds")
    if not 1 <= repeats <= 100:
        _fail(f"--repeats {repeats}: give 1 to 100 repeats")
    keys = [_code(k).key for k in code or []]
    figures = bench_engine(seconds=seconds, repeats=repeats, seed=seed, codes=keys or None)
    out = _console()
    if as_json:
        sys.stdout.write(json.dumps(figures, indent=2) + "\n")
        return
    tbl = RichTable(box=box.SIMPLE_HEAD, show_edge=False, title="whist bench engine")
    for name, justify in (
        ("engine", "left"),
        ("deals/s", "right"),
        ("actions/s", "right"),
        ("deals", "right"),
        ("actions/deal", "right"),
    ):
        tbl.add_column(name, justify=justify)  # type: ignore[arg-type]
    for key, f in figures["ours"]["per_code"].items():
        tbl.add_row(
            f"ours: {key}",
            f"{f['deals_per_s']:,.0f}",
            f"{f['actions_per_s']:,.0f}",
            str(f["deals"]),
            f"{f['actions_per_deal']:.1f}",
        )
    o = figures["ours"]
    tbl.add_row(
        "ours: all codes",
        f"{o['deals_per_s']:,.0f}",
        f"{o['actions_per_s']:,.0f}",
        str(figures["deals"]),
        "",
        style="bold",
    )
    ep = figures["endplay"]
    if ep is not None:
        tbl.add_row(
            "endplay (cards only)", "", f"{ep['actions_per_s']:,.0f}", str(ep["deals"]), "52.0"
        )
    out.print(tbl)
    if figures["ratio"] is not None:
        out.print(f"ratio ours/endplay actions/s: {figures['ratio']:.1f}×")
    else:
        out.print("endplay is not installed: pip install endplay for the ratio")
    out.print(
        f"[dim]{figures['repeats']} repeats, {figures['seconds']:.1f} s, "
        f"Python {figures['python']}, seed {figures['seed']}[/dim]"
    )


# -- commands of the other packages ----------------------------------------------
# Each module named here has ``register(app, bench_app)``, which adds its
# commands; it may use this module's helpers (``_fail``, ``_code``, ``_seat``,
# ``_console``). One line per package.
_COMMAND_MODULES: tuple[str, ...] = (
    "auctionwhist.laws.commands",
    # "auctionwhist.duplicate.commands",
    "auctionwhist.club_commands",
    "auctionwhist.duplicate.match_commands",
    "auctionwhist.duplicate.movement_commands",
    "auctionwhist.analysis.commands",
    "auctionwhist.solver.commands",
    "auctionwhist.web.commands",
    "auctionwhist.robots.bench_commands",
)
for _name in _COMMAND_MODULES:
    importlib.import_module(_name).register(app, bench_app)
