"""``whist ruling``: the options the laws give for an irregularity, for a
director at a physical table or for a deal's JSON event log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ..cards import Seat
from ..errors import WhistError
from ..formats import jsonlog
from ..laws.offences import offences_for
from ..rulings import Facts, RulingReport, apply_ruling, ruling, ruling_for
from ..scoring import Revoke
from ..table import Table
from ._common import code_of, contract_of, fail, new_console, seat_of

__all__ = ["HELP", "ruling_command"]

HELP = """The laws' ruling on an irregularity: the options, the law cited, the effect.

At a physical table, name the code, the offence and the offender:

  whist ruling --code daw --offence revoke --by E --contract 4H --declarer S --tricks 9

  whist ruling --code royalton --offence redouble_twice --by E

  whist ruling --code whist --offence revoke --by E --revoke E:6 --tricks 7
 --average 6.5 --before 3,2

  whist ruling --code auction --list          (the code's offences)

From a deal's JSON event log played in laws mode (the pending irregularity):

  whist ruling --log deal.json

  whist ruling --log deal.json --apply call_suit --arg H --out deal.json
"""


def _report(r: RulingReport, as_json: bool) -> None:
    if as_json:
        out: dict[str, Any] = {
            "code": r.code.key,
            "offence": r.offence.key,
            "offender": r.offender.char if r.offender is not None else None,
            "law": r.law,
            "quote": r.quote,
            "who": r.who,
            "lapses": r.lapses,
            "options": [
                {
                    "option": o.key,
                    "text": o.text,
                    "law": o.law,
                    "effect": o.effect,
                    "score": None if o.score is None else o.score.to_json(),
                }
                for o in r.options
            ],
        }
        typer.echo(json.dumps(out, indent=2))
        return
    console = new_console()
    for line in r.lines():
        console.print(line, markup=False)


def ruling_command(
    code: Annotated[str, typer.Option(help="The code of laws.")] = "daw",
    offence: Annotated[str | None, typer.Option(help="The offence's key (see --list).")] = None,
    by: Annotated[str | None, typer.Option(help="The offender's seat.")] = None,
    contract: Annotated[str | None, typer.Option(help="The contract, e.g. 4H, 2NTX.")] = None,
    declarer: Annotated[str | None, typer.Option(help="The declarant's seat.")] = None,
    tricks: Annotated[
        int | None,
        typer.Option(help="Tricks won by the declarant's side (whist: by North-South)."),
    ] = None,
    revoke: Annotated[
        list[str] | None,
        typer.Option(help="An established revoke SEAT[:TRICK], once for each."),
    ] = None,
    average: Annotated[
        float | None, typer.Option(help="whist: North-South's average tricks on the deal.")
    ] = None,
    before: Annotated[
        str | None,
        typer.Option(help="whist: tricks N-S,E-W had won before the first revoke."),
    ] = None,
    log: Annotated[
        Path | None, typer.Option(help="A deal's JSON event log played in laws mode.")
    ] = None,
    apply: Annotated[str | None, typer.Option(help="With --log: apply this option.")] = None,
    arg: Annotated[str, typer.Option(help="The suit or card the option names.")] = "",
    seat: Annotated[
        str | None, typer.Option(help="With --apply: who chooses (default: the law's).")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="With --apply: write the new log here.")] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the code's offences.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    try:
        if log is not None:
            _from_log(log, apply, arg, seat, out, average, as_json)
            return
        c = code_of(code)
        if list_:
            console = new_console()
            for key, o in offences_for(c).items():
                console.print(f"{key:30} {c.cite(o.topic):22} {o.name}", markup=False)
            return
        if offence is None:
            fail("--offence: name the offence (whist ruling --code CODE --list)")
        offender = seat_of("--by", by) if by is not None else None
        revokes: list[Revoke] = []
        for text in revoke or ():
            who, _, trick = text.partition(":")
            if trick and not trick.isdigit():
                fail(f"--revoke {text!r}: SEAT or SEAT:TRICK")
            revokes.append(Revoke(seat_of("--revoke", who), int(trick or 1)))
        pair = None
        if before is not None:
            ns, _, ew = before.partition(",")
            if not (ns.isdigit() and ew.isdigit()):
                fail(f"--before {before!r}: two numbers, N-S,E-W")
            pair = (int(ns), int(ew))
        facts = Facts(
            contract=contract_of(c, contract) if contract else None,
            declarer=seat_of("--declarer", declarer) if declarer else None,
            tricks=tricks,
            revokes=tuple(revokes),
            average=average,
            tricks_before_revoke=pair,
        )
        _report(ruling(c, offence, offender, facts), as_json)
    except WhistError as e:
        fail(str(e))


def _from_log(
    path: Path,
    apply: str | None,
    arg: str,
    seat: str | None,
    out: Path | None,
    average: float | None,
    as_json: bool,
) -> None:
    try:
        events = jsonlog.loads(path.read_text())
    except OSError as e:
        fail(f"--log {path}: {e.strerror}")
    table = Table.from_events(events)
    if apply is None:
        _report(ruling_for(table, average), as_json)
        return
    chooser: Seat | None = seat_of("--seat", seat) if seat is not None else None
    rec = apply_ruling(table, apply, chooser, arg)
    text = jsonlog.dumps(table.events, indent=2)
    if out is not None:
        out.write_text(text + "\n")
        typer.echo(
            f"{rec.seat.name.title()} chose {rec.option} for {rec.offence}; "
            f"the log is written to {out}"
        )
    else:
        typer.echo(text)
