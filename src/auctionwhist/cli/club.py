"""``whist cut`` and ``whist club``: the club director's commands for a club night.

``whist cut`` forms a table (or two tables of duplicate) from the players in
the room by a virtual cut; ``whist club cut-out`` decides who goes out at the
end of a rubber or match; ``whist club new-table`` orders the candidates for a
new table; ``whist club broken`` says who has a prior right when a table
breaks up; ``whist club laws`` lists the laws each decision follows.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table as RichTable

from ..cards import Seat, card_str
from ..club import (
    CutOut,
    broken_table_priority,
    club_laws,
    cut_cards,
    cut_order,
    cutting_out,
    form_table,
    form_two_tables,
    new_table_order,
    partners,
    preference,
    seat_table,
    succession_order,
)
from ._common import code_of, fail, new_console, seat_of

__all__ = [
    "broken_command",
    "cut_command",
    "cut_out_command",
    "laws_command",
    "new_table_command",
]

CodeOpt = Annotated[str, typer.Option("--code", help="Code of laws: daw, auction, royals, ...")]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed for the shuffled pack (drawn if not given).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def _names(option: str, text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        fail(f"{option} {text!r}: give names separated by commas")
    if len(set(names)) != len(names):
        fail(f"{option} {text!r}: a name is given twice")
    return names


def _arrivals(text: str) -> list[list[str]]:
    """``"Ann; Bob, Cy; Dee"``: groups in order of arrival; a group came together."""
    groups = [_names("--players", g) for g in text.split(";") if g.strip()]
    flat = [n for g in groups for n in g]
    if len(set(flat)) != len(flat):
        fail(f"--players {text!r}: a name is given twice")
    return groups


def _rng(seed: int | None) -> tuple[random.Random, int]:
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return random.Random(seed), seed


def _cuts_json(cuts: Mapping[str, int]) -> dict[str, str]:
    return {who: card_str(c) for who, c in cuts.items()}


def _cuts_table(title: str, cuts: Mapping[str, int], order: list[str]) -> RichTable:
    t = RichTable(title=title, box=box.SIMPLE, title_justify="left", min_width=len(title))
    t.add_column("")
    t.add_column("player")
    t.add_column("cut")
    for i, who in enumerate(order, 1):
        t.add_row(str(i), who, card_str(cuts[who]))
    return t


def _emit(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def cut_command(
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="Players in order of arrival; ';' between arrivals, ',' within one "
            "(those who came together), e.g. 'Ann; Bob, Cy; Dee, Eve, Fay'.",
        ),
    ],
    code: CodeOpt = "daw",
    tables: Annotated[
        int, typer.Option("--tables", help="1: a table (rubber, single-table); 2: duplicate.")
    ] = 1,
    choose: Annotated[str, typer.Option("--choose", help="The seat the lowest cut chooses.")] = "S",
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Cut for the table: who plays, who waits, partners, seats and the dealer.

    Ace is the lowest card; between equal ranks heart < diamond < club < spade
    (Goodfellow 20, Whist Club 14, Royalton 12). Those first in the room have
    the preference; those who came together cut when not all can play.

    Examples:
      whist cut --code auction --players 'Ann; Bob, Cy, Dee, Eve, Fay' --seed 3
      whist cut --code daw --tables 2 --players 'A,B,C,D,E,F,G,H' --seed 1
    """
    c = code_of(code)
    seat = seat_of("--choose", choose)
    groups = _arrivals(players)
    rng, seed = _rng(seed)
    out = new_console()
    if tables == 2:
        everyone = [n for g in groups for n in g]
        if len(everyone) < 8:
            fail(f"--players: {c.cite('two_tables')}: two tables need eight players")
        eight = list(preference(c, groups, 8, rng).order[:8])
        cuts = cut_cards(c, rng, eight)
        two = form_two_tables(c, cuts)
        rest = [n for n in everyone if n not in eight]
        if as_json:
            _emit(
                {
                    "code": c.key,
                    "seed": seed,
                    "cuts": _cuts_json(cuts),
                    "tables": [{s.char: t[s] for s in Seat} for t in two.tables],
                    "teams": [list(t) for t in two.teams],
                    "waiting": rest,
                    "law": c.cite("two_tables"),
                }
            )
            return
        out.print(_cuts_table(f"The cut ({c.cite('cut_order')})", cuts, cut_order(c, cuts)))
        for i, t in enumerate(two.tables, 1):
            out.print(
                f"Table {i}: N {t[Seat.NORTH]}, S {t[Seat.SOUTH]} (highest two) — "
                f"E {t[Seat.EAST]}, W {t[Seat.WEST]} (lowest two)"
            )
        for name, team in zip(("A", "B"), two.teams, strict=True):
            out.print(f"Team {name}: {', '.join(team)}")
        if rest:
            out.print(f"Waiting: {', '.join(rest)}")
        out.print(f"[dim]{c.cite('two_tables')}; seed {seed}[/dim]")
        return
    if tables != 1:
        fail(f"--tables {tables}: one table, or two for duplicate")
    f = form_table(c, groups, rng)
    pcuts = cut_cards(c, rng, f.players)
    p = partners(c, pcuts)
    seats = seat_table(c, p, seat)
    entry = succession_order(c, list(f.waiting), {w: f.cuts[w] for w in f.waiting if w in f.cuts})
    dealer = p.dealer or f"the tray names the dealer ({c.cite('dealer')})"
    if as_json:
        _emit(
            {
                "code": c.key,
                "seed": seed,
                "preference_cuts": _cuts_json(f.cuts),
                "players": list(f.players),
                "waiting": entry,
                "others": list(f.others),
                "partner_cuts": _cuts_json(pcuts),
                "partners": [list(p.low), list(p.high)],
                "seats": {s.char: seats[s] for s in Seat},
                "dealer": p.dealer,
                "laws": {
                    t: c.cite(t) for t in ("preference", "complete_table", "partners", "seats")
                },
            }
        )
        return
    if f.cuts:
        out.print(
            _cuts_table(
                f"Cut for the preference ({c.cite('preference')})",
                f.cuts,
                cut_order(c, f.cuts),
            )
        )
    out.print(f"Play: {', '.join(f.players)}")
    if entry:
        out.print(f"Wait, in order of entry ({c.cite('succession')}): {', '.join(entry)}")
    if f.others:
        out.print(
            f"Beyond a complete table of six ({c.cite('complete_table')}), to form "
            f"another: {', '.join(f.others)}"
        )
    out.print(_cuts_table(f"Cut for partners ({c.cite('partners')})", pcuts, cut_order(c, pcuts)))
    out.print(f"Partners: {' & '.join(p.low)} against {' & '.join(p.high)}")
    out.print(
        f"{p.chooser} chooses the seat {seat.char}: "
        + ", ".join(f"{s.char} {seats[s]}" for s in Seat)
    )
    out.print(f"Dealer: {dealer}")
    out.print(f"[dim]seed {seed}[/dim]")


def _played(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.split(","):
        name, sep, n = part.partition("=")
        if not sep or not name.strip() or not n.strip().isdigit():
            fail(f"--played {text!r}: give NAME=COUNT for each player, e.g. A=3,B=2,C=2,D=1")
        out[name.strip()] = int(n)
    return out


def cut_out_command(
    played: Annotated[
        str,
        typer.Option(
            "--played", help="Consecutive rubbers (matches) each player has played: A=3,B=2,..."
        ),
    ],
    candidates: Annotated[int, typer.Option("--candidates", help="Candidates claiming entry.")],
    code: CodeOpt = "daw",
    helper: Annotated[
        list[str] | None,
        typer.Option("--helper", help="A player of another table who helped form this one."),
    ] = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Who goes out at the end of a rubber (match) when candidates claim entry.

    The greatest number of consecutive rubbers go out (Whist Club 21, Royalton
    5; daw 28: the least remain in); ties are cut, the highest out; helpers
    from another table are the last to go (daw 32).

    Example:
      whist club cut-out --code auction --played A=3,B=3,C=1,D=1 --candidates 1 --seed 2
    """
    c = code_of(code)
    counts = _played(played)
    if len(counts) != 4:
        fail(f"--played: {c.cite('complete_table')}: a table is four players")
    rng, seed = _rng(seed)
    r: CutOut = cutting_out(c, counts, candidates, rng, helper or ())
    if as_json:
        _emit(
            {
                "code": c.key,
                "seed": seed,
                "out": list(r.out),
                "remain": list(r.remain),
                "cuts": _cuts_json(r.cuts),
                "law": c.cite("cutting_out"),
            }
        )
        return
    out = new_console()
    if r.cuts:
        out.print(_cuts_table("Cut (the highest are out)", r.cuts, cut_order(c, r.cuts)))
    out.print(f"Out: {', '.join(r.out)}")
    out.print(f"Remain: {', '.join(r.remain)}")
    out.print(f"[dim]{c.cite('cutting_out')}; seed {seed}[/dim]")


def new_table_command(
    candidates: Annotated[
        str, typer.Option("--candidates", help="Candidates for the new table: A,B,C,...")
    ],
    played: Annotated[
        str, typer.Option("--played-elsewhere", help="Those who already played at another table.")
    ] = "",
    code: CodeOpt = "daw",
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The order of entry to a new table (daw 31, Whist Club 23, Royalton 7).

    Example:
      whist club new-table --candidates A,B,C,D,E --played-elsewhere B,D --seed 1
    """
    c = code_of(code)
    names = _names("--candidates", candidates)
    elsewhere = set(_names("--played-elsewhere", played)) if played.strip() else set()
    unknown = elsewhere - set(names)
    if unknown:
        fail(f"--played-elsewhere: {', '.join(sorted(unknown))} not among the candidates")
    rng, seed = _rng(seed)
    pref = new_table_order(c, names, elsewhere, rng)
    if as_json:
        _emit(
            {
                "code": c.key,
                "seed": seed,
                "order": list(pref.order),
                "cuts": _cuts_json(pref.cuts),
                "law": c.cite("new_tables"),
            }
        )
        return
    out = new_console()
    out.print(f"Order of entry: {', '.join(pref.order)}")
    if pref.cuts:
        out.print(", ".join(f"{w} cut {card_str(k)}" for w, k in pref.cuts.items()))
    out.print(f"[dim]{c.cite('new_tables')}; seed {seed}[/dim]")


def broken_command(
    players: Annotated[str, typer.Option("--players", help="The four of the broken table.")],
    breaker: Annotated[
        str | None, typer.Option("--breaker", help="The player who broke up the table.")
    ] = None,
    waiting: Annotated[
        str, typer.Option("--waiting", help="Candidates waiting for this table.")
    ] = "",
    code: CodeOpt = "daw",
) -> None:
    """Who has a prior right at other tables when a table breaks up.

    Example:
      whist club broken --code auction --players A,B,C,D --breaker A
    """
    c = code_of(code)
    four = _names("--players", players)
    cands = _names("--waiting", waiting) if waiting.strip() else []
    prior = broken_table_priority(c, four, breaker, cands)
    out = new_console()
    if prior:
        out.print(f"Prior right at other tables: {', '.join(prior)}")
    else:
        out.print("The table re-forms with its candidates: no prior right elsewhere")
    out.print(f"[dim]{c.cite('broken_up')}[/dim]")


_TOPICS = (
    ("cut_order", "cutting: ace lowest, heart < diamond < club < spade"),
    ("same_pack", "every player cuts from the same pack"),
    ("several_exposed", "more than one card exposed in cutting"),
    ("preference", "first in the room have the preference"),
    ("complete_table", "a complete table"),
    ("partners", "partners: the two lowest against the two highest"),
    ("dealer", "the first dealer"),
    ("two_tables", "two tables of duplicate"),
    ("cutting_out", "cutting out"),
    ("succession", "the right to succeed a player who retires"),
    ("announce", "candidates announce before the cut"),
    ("new_tables", "entry to new tables"),
    ("helpers", "players helping to form a new table"),
    ("return", "the right at one's own table"),
    ("substitute", "substitutes"),
    ("broken_up", "a broken-up table"),
)


def laws_command(code: CodeOpt = "daw") -> None:
    """The laws of the club room of a code, one per decision.

    Example:
      whist club laws --code royalton
    """
    c = code_of(code)
    unit = club_laws(c).unit
    t = RichTable(title=f"Club room laws ({c.key}, played by the {unit})", box=box.SIMPLE)
    t.add_column("what")
    t.add_column("law")
    for topic, what in _TOPICS:
        t.add_row(what, c.cite(topic))
    new_console().print(t)
