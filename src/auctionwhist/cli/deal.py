"""``whist deal``: shuffle, cut and deal one deal, and show it."""

from __future__ import annotations

import random
from typing import Annotated

import typer
from rich.text import Text

from ..dealing import deal as deal_cards
from ..dealing import dealer_for
from ._common import CODE_LIST, card_text, code_of, compass, fail, new_console, seat_of

__all__ = ["deal_command"]


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
    c = code_of(code)
    if number < 1:
        fail(f"--number {number}: deals are numbered from 1")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    seat = seat_of("--dealer", dealer) if dealer is not None else dealer_for(c, number)
    d = deal_cards(c, seat, number, seed=seed)
    out = new_console()
    if pbn:
        out.print(d.to_pbn())
        return
    out.print(Text(c.title, style="bold"))
    out.print(f"Deal {d.number} · dealer {d.dealer.name.title()} · seed {seed}")
    if d.turned is not None:
        out.print(
            Text.assemble(
                "Turned trump: ", card_text(d.turned), f" ({c.cite('trump')}: the last card dealt)"
            )
        )
    out.print(compass(d))
    out.print(f"PBN: {d.to_pbn()}")
