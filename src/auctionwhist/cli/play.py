"""``whist play``: one deal in the terminal from the South seat, robots in the
other seats."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO, TypeVar

import typer
from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from ..calls import Bid, Call, call_str, parse_call
from ..cards import RANK_CHARS, Seat, Suit, card_from_str, card_rank
from ..codes import Code
from ..dealing import deal as deal_cards
from ..errors import WhistError
from ..records import Action, Bridged, CallMade, CardPlayed, LeadCalled
from ..robots.view import ScoreContext, SeatView
from ..scoring import DealScore, Rubber
from ..table import Table
from ._common import (
    CODE_LIST,
    SIDES,
    card_text,
    code_of,
    fail,
    hand_line,
    hand_text,
    new_console,
    one_line,
    outcome,
    score_context_of,
    score_table,
)

if TYPE_CHECKING:
    from ..robots.player import Player

__all__ = ["play_command"]

_A = TypeVar("_A", bound=Action)


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


def _calls_prompt(calls: Sequence[Call]) -> str:
    others = [call_str(c) for c in calls if not isinstance(c, Bid)]
    bids = [str(c) for c in calls if isinstance(c, Bid)]
    if len(bids) > 14:
        bids = [*bids[:10], "…", *bids[-2:]]
    return ", ".join([*others, " ".join(bids)] if bids else others)


def _cards_prompt(cards: Sequence[int]) -> Text:
    return Text(" ").join(card_text(c) for c in cards)


def _read_card(text: str, legal: Sequence[int]) -> int:
    """A card, as SA, AS, 10h; or a rank alone when only one legal card has it."""
    t = text.strip().upper().replace("10", "T")
    if len(t) == 1 and t in RANK_CHARS:
        matches = [c for c in legal if RANK_CHARS[card_rank(c) - 2] == t]
        if len(matches) == 1:
            return matches[0]
        raise WhistError(f"{text!r}: say which suit (e.g. S{t})")
    for suit in Suit:
        t = t.replace(suit.symbol, suit.char)
    return card_from_str(t)


def _call_made(seat: Seat, text: str) -> CallMade:
    return CallMade(seat, parse_call(text))


def _card_played(seat: Seat, legal: Sequence[int], text: str) -> CardPlayed:
    return CardPlayed(seat, _read_card(text, legal))


def _trick_text(leader: Seat, cards: Sequence[int]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append("  ")
        out.append(f"{leader.after(i).char} ")
        out.append(card_text(c))
    return out


def _show_auction(table: Table, out: Console) -> None:
    if table.auction is None or not table.auction.calls:
        return
    grid = RichTable(box=box.SIMPLE_HEAD, show_edge=False)
    for seat in Seat:
        grid.add_column(seat.name.title())
    cells = [""] * int(table.auction.dealer) + [call_str(c) for _, c in table.auction.calls]
    for i in range(0, len(cells), 4):
        row = cells[i : i + 4]
        grid.add_row(*row, *[""] * (4 - len(row)))
    out.print(grid)


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
    score: Annotated[
        str | None,
        typer.Option(
            help="Rubber codes: the deal is played at this score, the trick points below "
            "the line toward the game in progress, North-South's then East-West's, e.g. 20-0 "
            "(default: love)."
        ),
    ] = None,
    games: Annotated[
        str | None,
        typer.Option(help="Rubber codes: games won this rubber, N-S then E-W, e.g. 1-0."),
    ] = None,
    rubber: Annotated[
        bool,
        typer.Option(
            "--rubber",
            help="Rubber codes: play deals until a side has won two games, the score "
            "carried from deal to deal.",
        ),
    ] = False,
    log: Annotated[
        Path | None,
        typer.Option(
            help="Write the deal's event log (JSON) here at the end, or when you leave: "
            "`whist review` reads it. In a rubber, deal k's log goes to NAME-k.json."
        ),
    ] = None,
) -> None:
    """Play one deal, or a rubber, in the terminal from the South seat.

    You bid and play South (and North's cards when North is your dummy); the
    robots play the other seats, reproducibly from --seed. Type a
    call (1H, 2NT, pass, X, XX, no bid) or a card (SA, H10, or just the rank
    when the suit is clear); '?' repeats the choices, 'quit' leaves.
    At the end of input (piped or closed stdin) the robot plays South too.
    Under a rubber code the robots bid for the score: --score and --games set
    it for one deal, --rubber carries it from deal to deal.

    [bold]Examples[/bold]

      whist play --code daw --seed 1

      whist play --code royalton --seed 5 --robot heuristic < /dev/null

      printf '1S\\npass\\n' | whist play --code auction --seed 3

      whist play --code auction --seed 4 --score 20-0 --games 1-0

      whist play --code royals --rubber --robot heuristic --auto

      whist play --code daw --seed 1 --log deal.json   (then: whist review deal.json)
    """
    c = code_of(code)
    if number < 1:
        fail(f"--number {number}: deals are numbered from 1")
    context = score_context_of(c, score, games)
    if rubber:
        if not c.rubbers:
            fail(
                f"--rubber: {c.cite('game')}: under {c.key} game is won in a single deal "
                "and each deal is scored alone; there are no rubbers"
            )
        if context is not None:
            fail("--rubber starts the rubber at love; --score and --games are for one deal")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    from ..robots import ROBOTS, make_robot

    if robot not in ROBOTS:
        fail(f"--robot {robot!r}: the robots are {', '.join(ROBOTS)}")
    player = make_robot(robot)
    if log is not None:
        first = _deal_log(log, 1) if rubber else log
        try:
            first.touch()  # an unwritable path is refused before the deal, not after it
        except OSError as e:
            fail(f"--log {first}: {e.strerror or e}")

    out = new_console()
    io = _Stdin(sys.stdin, out)
    if auto:
        io.closed = True
    if not rubber:
        _one_deal(c, seed, number, player, io, out, context, log)
        return
    _rubber(c, seed, number, player, io, out, log)


def _one_deal(
    c: Code,
    seed: int,
    number: int,
    player: Player,
    io: _Stdin,
    out: Console,
    score: ScoreContext | None,
    log: Path | None,
) -> DealScore:
    """One deal at the terminal, played at ``score``; its score, shown."""
    d = deal_cards(c, None, number, seed=seed)
    rng = random.Random(seed)
    table = Table(c, d)
    you = Seat.SOUTH
    out.print(Text(c.title, style="bold"))
    out.print(f"Deal {d.number} · dealer {d.dealer.name.title()} · seed {seed}")
    if score is not None and not score.duplicate:
        out.print(f"Score: {_score_line(score.below, score.games)}")
    if d.turned is not None:
        out.print(Text.assemble("Turned trump: ", card_text(d.turned), f" ({c.cite('trump')})"))
    out.print(hand_text(d.hands[you], "Your hand (South)"))

    try:
        _play_at_terminal(table, you, io, out, player, rng, score)
    finally:
        if log is not None:
            from ..formats.jsonlog import dumps

            log.write_text(dumps(table.events, indent=2) + "\n", encoding="utf-8")
    out.print()
    result = table.result()
    if table.play is not None:
        summary = f"Result: {outcome(result)}"
        if table.contract is not None:
            ns, ew = table.tricks_won()
            summary += f"  (N-S {ns} tricks, E-W {ew})"
        out.print(Text(summary, style="bold"))
    deal_score = table.score()
    score_table(c, deal_score, out)
    if log is not None:
        out.print(f"Event log: {log} (whist review {log})")
    return deal_score


def _score_line(below: tuple[int, int], games: tuple[int, int]) -> str:
    """``N-S 20, E-W 0 below the line; games N-S 1, E-W 0``."""
    text = f"N-S {below[0]}, E-W {below[1]} below the line"
    if any(games):
        text += f"; games N-S {games[0]}, E-W {games[1]}"
    return text


def _deal_log(log: Path, k: int) -> Path:
    """Deal ``k``'s log in a rubber: rubber.json gives rubber-1.json, ..."""
    return log.with_name(f"{log.stem}-{k}{log.suffix or '.json'}")


def _rubber(
    c: Code, seed: int, number: int, player: Player, io: _Stdin, out: Console, log: Path | None
) -> None:
    """Deals until a side has won two games (Whist Club 1, Royalton 93), the
    robots knowing the score at each; then the rubber made up. Deal k is
    numbered ``number + k - 1`` (the deal passes to the left) and seeded from
    ``seed`` (the first deal is ``whist play --seed SEED`` itself); each
    deal's seed is printed, so that any one can be played again with
    ``--seed``, ``--number``, ``--score`` and ``--games``."""
    r = Rubber(c)
    seeds = random.Random(seed)
    k = 0
    while not r.finished:
        k += 1
        if k > 1:
            seed = seeds.randrange(1_000_000)
            out.print()
        path = None if log is None else _deal_log(log, k)
        s = _one_deal(c, seed, number + k - 1, player, io, out, ScoreContext.of_rubber(r), path)
        r.add(s)
    bonus = r.finish()
    winner = r.winner
    assert winner is not None
    out.print()
    out.print(
        Text(
            f"{SIDES[winner]} win the rubber, {r.games[winner]} games to "
            f"{r.games[1 - winner]}, in {k} deal{'s' if k != 1 else ''}.",
            style="bold",
        )
    )
    for item in bonus:
        out.print(f"{SIDES[item.side]}: {item.points} for the {item.reason} ({item.law})")
    ns, ew = r.totals
    ahead, by = r.result
    margin = "level" if ahead is None else f"{SIDES[ahead]} by {by}"
    out.print(f"Rubber totals: N-S {ns}, E-W {ew}; {margin} ({c.cite('rubber_bonus')})")


def _ask_action(
    table: Table, io: _Stdin, out: Console, prompt: Text, read: Callable[[str], _A]
) -> _A | None:
    """Ask until the answer, as ``read`` takes it, is an action the table
    allows; None at the end of input. '?' asks again; 'quit' leaves."""
    while True:
        text = io.ask(prompt)
        if text is None:
            return None
        if text.lower() in ("quit", "q", "exit"):
            out.print("South leaves the table.")
            raise typer.Exit(1)
        if text in ("?", "help", ""):
            continue
        try:
            action = read(text)
            table.verify(action)
        except WhistError as e:
            out.print(f"[red]{one_line(str(e))}[/red]")
        else:
            return action


def _play_at_terminal(
    table: Table,
    you: Seat,
    io: _Stdin,
    out: Console,
    player: Player,
    rng: random.Random,
    score: ScoreContext | None = None,
) -> None:
    """The deal at the terminal to its end: you at ``you``, robots elsewhere,
    each robot seeing ``score`` (the rubber score; None: the code's default)."""
    from ..robots.player import play_deal

    c = table.code
    dummy_shown = False
    tricks_shown = 0
    while table.phase != "done":
        actor = table.to_act
        human = actor is you and not io.closed
        if table.phase == "auction":
            seat = table.auction.turn if table.auction else you
            legal = table.legal_calls()
            made: CallMade | None = None
            if human:
                prompt = Text(f"Your call ({_calls_prompt(legal)}): ")
                made = _ask_action(table, io, out, prompt, partial(_call_made, seat))
            if made is None:
                made = CallMade(seat, player.call(SeatView.of(table, seat, score), rng))
            table.act(made)
            out.print(f"{seat.name.title():>5}: {call_str(made.call)}")
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
            declarant = table.to_act
            assert declarant is not None
            if choice is None:
                choice = "b" if player.bridge(SeatView.of(table, declarant, score), rng) else "l"
            if choice == "b":
                table.act(Bridged(declarant))
                out.print(f"The nullo is bridged {c.cite('bridging')}.")
            else:
                table.act(LeadCalled(declarant))
                out.print("The declarant keeps the nullo and calls the lead.")
        elif table.phase == "play":
            play = table.play
            assert play is not None
            hand_seat = play.turn
            legal_cards = table.legal_cards()
            chosen: int | None = None
            if human:
                title = "Your hand" if hand_seat is you else f"{hand_seat.name.title()} (dummy)"
                out.print(Text.assemble(f"{title}: ", hand_line(play.hands[hand_seat])))
                prompt = Text(f"Trick {len(play.tricks) + 1}")
                if play.trick:
                    prompt.append(" (")
                    prompt.append(_trick_text(Seat(play.leader), play.trick))
                    prompt.append(")")
                prompt.append(f", play from {title} (")
                prompt.append(_cards_prompt(legal_cards))
                prompt.append("): ")
                read = partial(_card_played, hand_seat, legal_cards)
                played = _ask_action(table, io, out, prompt, read)
                chosen = None if played is None else played.card
            if chosen is None:
                actor = table.to_act  # the declarer when dummy's card is to play
                assert actor is not None
                chosen = player.card(SeatView.of(table, actor, score), rng)
            table.act(CardPlayed(hand_seat, chosen))  # dummy's card is dummy's
            if not dummy_shown and play.dummy is not None:
                dummy_shown = True
                out.print(
                    Text.assemble(
                        f"{play.opening_leader.name.title()} leads ",
                        card_text(chosen),
                        f"; dummy ({play.dummy.name.title()}) is faced: ",
                        hand_line(play.hands[play.dummy]),
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
            play_deal(table, {s: player for s in Seat}, rng, score)
