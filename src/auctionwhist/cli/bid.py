"""``whist bid``: the bidding robot's call for one seat, with its reasons."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from typing import Annotated

import typer

from ..calls import DENOMINATIONS, Call, call_str, parse_call
from ..cards import DealError, hand_from_pbn
from ..codes import Code
from ..errors import WhistError
from ..robots.bidding import advise, style_from, view_of_auction
from ._common import CODE_LIST, code_of, fail, new_console, score_context_of, seat_of

__all__ = ["bid_command"]

_HAND_FORM = "PBN, spades.hearts.diamonds.clubs, e.g. AKQ2.KJ3.T98.432 (a void: AKQJ2.KJ3..T9432)"


def _hand_of(code: Code, text: str) -> int:
    try:
        hand = hand_from_pbn(text)
    except DealError as e:
        fail(f"--hand {text!r}: {e}; give the hand in {_HAND_FORM}")
    if hand.bit_count() != 13:
        fail(
            f"--hand {text!r}: {code.cite('deal')}: a hand is dealt 13 cards, not "
            f"{hand.bit_count()}; {_HAND_FORM}"
        )
    return hand


def _calls_of(text: str) -> list[Call]:
    # "no bid" is two words; everything else is one.
    words = re.sub(r"\bno\s+bid\b", "nobid", text, flags=re.IGNORECASE).replace(",", " ").split()
    calls = []
    for i, word in enumerate(words, 1):
        try:
            calls.append(parse_call(word))
        except WhistError as e:
            fail(f"--auction: call {i}, {word!r}: {e}")
    return calls


def bid_command(
    hand: Annotated[str, typer.Option(help=f"The hand of the seat to call: {_HAND_FORM}.")],
    code: Annotated[str, typer.Option(help=f"The code of laws: {CODE_LIST}.")] = "daw",
    auction: Annotated[
        str,
        typer.Option(
            help='The calls so far, from the dealer round: "1S pass 1NT X" (1H 2NT 3SR, '
            'pass, X, XX, "no bid"). Empty: the dealer to call.'
        ),
    ] = "",
    dealer: Annotated[str, typer.Option(help="The dealer: N, E, S or W.")] = "N",
    score: Annotated[
        str | None,
        typer.Option(
            help="Rubber codes: the trick points below the line toward the game in "
            "progress, North-South's then East-West's, e.g. 18-6 (default: love)."
        ),
    ] = None,
    games: Annotated[
        str | None,
        typer.Option(help="Rubber codes: games won this rubber, N-S then E-W, e.g. 1-0."),
    ] = None,
    style: Annotated[
        str, typer.Option(help="conservative, sound or sanguine, or -1..1 (Hopson).")
    ] = "sound",
    simulate: Annotated[
        bool,
        typer.Option(
            "--simulate/--count",
            help="Royalton: judge a slam in view over deals partner's calls allow, solved "
            "double dummy, as the strong robot does (about half a second); --count: by the "
            "count of the two hands alone, as the fast robot does.",
        ),
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the advice as JSON.")] = False,
) -> None:
    """The bidding robot's call for the seat to act, with its reason, the rule
    it follows and the passage that rule cites, and what it credits each
    player's hand with (in tricks toward the denomination in question).

    The seat to call is found from the dealer and the calls made; --hand is
    its hand. Each call must be lawful under the code: an illegal one is
    refused with the law that forbids it.

    [bold]Examples[/bold]

      whist bid --code auction --hand AKQ2.KJ3.T98.432

      whist bid --code royals --hand K8.AQJ952.K4.Q73 --auction "1S pass"

      whist bid --code royalton --hand AJ5.KQ4.QT3.AK92 --dealer E --auction "no bid"

      whist bid --code royalton --hand AK2.AQJ954.K2.K5 --auction "1H pass 2H pass" --count

      whist bid --code auction --hand QJ3.AKJ983.A2.K5 --auction "1S 1H pass" --score 18-6 --json
    """
    c = code_of(code)
    if not c.auction:
        fail(
            f"--code {code}: {c.cite('trump')}: {c.title} has no auction, the turned card "
            "names the trump; there is nothing to bid"
        )
    mine = _hand_of(c, hand)
    first = seat_of("--dealer", dealer)
    calls = _calls_of(auction)
    context = score_context_of(c, score, games)
    try:
        robot_style = style_from(style)
    except WhistError as e:
        fail(f"--style: {e}")
    # Each call in turn, so that an illegal one is named with its law.
    for i in range(len(calls)):
        try:
            view = view_of_auction(c, mine, calls[: i + 1], first, context)
        except WhistError as e:
            fail(f"--auction: call {i + 1}, {call_str(calls[i])}: {e}")
    view = view_of_auction(c, mine, calls, first, context)
    if not view.legal_calls:
        fail(
            f"--auction {auction!r}: the auction is over ({c.cite('three_passes')}); "
            "there is no call to make"
        )
    advice = advise(view, robot_style, simulate)
    if as_json:
        sys.stdout.write(json.dumps({"code": c.key, **advice.to_json()}, indent=2) + "\n")
        return
    out = new_console()
    said = " ".join(call_str(x) for x in calls) or "(none)"

    # wrapped lines keep their indent, so each credit reads as one block
    def line(text: str, indent: int = 2, hang: int = 0) -> None:
        margin = " " * indent
        out.print(
            textwrap.fill(
                text, out.width, initial_indent=margin, subsequent_indent=margin + hang * " "
            ),
            markup=False,
            soft_wrap=True,
        )

    line(f"{c.title} · dealer {first.name.title()} · calls: {said}", 0, 2)
    out.print(f"{advice.seat.name.title()} to call: [bold]{call_str(advice.call)}[/bold]")
    line(advice.reason)
    if advice.rule is None:
        line("rule: none spoke; the only call open")
    else:
        line(f"rule: {advice.rule} ({advice.source})")
    line(f"quick tricks in the hand: {advice.quick_tricks:g}")
    if advice.denomination is not None and advice.estimate is not None:
        line(
            f"toward {DENOMINATIONS[advice.denomination].name}: the partnership should take "
            f"{advice.estimate:g} tricks"
        )
    for credit in advice.credits:
        n = credit.tricks
        tricks = "—" if n is None else f"{n:g} trick" + ("" if n == 1 else "s")
        line(f"{credit.seat.name.title():<6} {tricks} ({credit.shown_by})", 4, 7)
