"""``whist score`` and ``whist rubber``: a finished deal's score under a code,
itemised with the laws, and deals scored into rubbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table as RichTable
from rich.text import Text

from ..cards import Seat
from ..codes import Code
from ..errors import WhistError
from ..scoring import DealResult, DealScore, Holdings, Rubber, score_deal
from ._common import (
    CODE_LIST,
    SEAT_WORDS,
    SIDES,
    code_of,
    contract_of,
    deal_of,
    fail,
    honors_of,
    new_console,
    outcome,
    revokes_of,
    score_table,
    seat_of,
    trump_of,
)

__all__ = ["rubber_command", "score_command"]


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
    except WhistError as e:
        fail(str(e))


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
    c = code_of(code)
    if revoke_penalty not in ("points", "tricks"):
        fail(f"--revoke-penalty {revoke_penalty!r}: choose points or tricks")
    if not 0 <= tricks <= 13:
        fail(f"--tricks {tricks}: a side wins 0 to 13 tricks")
    if deal is not None and (honors is not None or void):
        fail("--deal and --honors/--void: give the deal or the honors, not both")
    revokes = revokes_of(revoke or [])
    penalty: Any = revoke_penalty
    if c.counts == "all":  # every trick scored, no contract (AWL): the trump suit is given
        if contract is None:
            fail("--contract: give the trump suit of the deal, e.g. --contract H")
        trump = trump_of(contract)
        if declarer is not None:
            fail("--declarer: Duplicate Whist has no declarant; --tricks are North-South's")
        if honors is not None or void:
            fail("--honors/--void: Duplicate Whist scores no honors")
        if deal is not None:
            deal_of(deal)
        result = DealResult(c, None, None, tricks, revokes=revokes, trump=trump, average=average)
    else:
        if contract is None:
            fail("--contract: missing; give the final declaration, e.g. --contract 3H")
        if declarer is None:
            fail(f"--declarer: missing; give the declarant, N E S or W {c.cite('declarant')}")
        if average is not None:
            fail("--average: only for Duplicate Whist (--code whist)")
        con = contract_of(c, contract)
        seat = seat_of("--declarer", declarer)
        holdings: Holdings | None = None
        if deal is not None:
            holdings = Holdings.from_deal(deal_of(deal), con.denom)
        elif honors is not None or void:
            counts = honors_of(honors or "")
            most = 4 if con.denom.trump is None else 5
            if sum(counts) > most:
                what = "four aces at no-trump" if most == 4 else "five honors (A K Q J 10)"
                fail(
                    f"--honors {honors!r}: there are only {what}, not {sum(counts)} "
                    f"{c.cite('honors')}"
                )
            voids = frozenset(seat_of("--void", v) for v in void or [])
            holdings = Holdings(counts, voids)
        if not c.has_honors:
            if honors is not None or void:
                fail(f"--honors/--void: {c.key} counts no honors {c.cite('honors')}")
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
    out = new_console()
    if as_json:
        sys.stdout.write(json.dumps(s.to_json(), indent=2) + "\n")
        return
    out.print(Text(f"{c.key}: {outcome(result)}", style="bold"))
    score_table(c, s, out)


def _parse_rubber_deal(code: Code, text: str, where: str) -> DealResult:
    """``"1H S 8"``, ``"2NT X N 9 N=2,S=1 void=E revoke=W points"``, ``"pass"``."""
    tokens = text.replace("\t", " ").split()
    if not tokens:
        fail(f"{where}: empty deal")
    if " ".join(tokens).upper() in ("PASS", "NO BID", "ALL PASS"):
        return DealResult(code, None, None, 0)
    if len(tokens) < 3:
        fail(f'{where} {text!r}: write CONTRACT DECLARER TRICKS, e.g. "1H S 8"')
    con_text = tokens.pop(0)
    if tokens and tokens[0].upper() in ("X", "XX"):
        con_text += tokens.pop(0)
    con = contract_of(code, con_text, f"{where} {text!r}")
    seat = seat_of(f"{where} {text!r}: declarer", tokens.pop(0))
    try:
        tricks = int(tokens.pop(0))
    except ValueError:
        fail(f"{where} {text!r}: the third item is the declarer's side's tricks, 0-13")
    if not 0 <= tricks <= 13:
        fail(f"{where} {text!r}: a side wins 0 to 13 tricks, not {tricks}")
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
            voids.update(seat_of("void", v) for v in value.split(",") if v)
        elif eq and k == "revoke":
            revokes.extend(v for v in value.split(",") if v)
        elif eq and k == "honors":
            counts = honors_of(value)
        elif eq and key.upper() in SEAT_WORDS:
            counts = honors_of(tok)
        else:
            fail(
                f"{where} {text!r}: {tok!r} is not understood (honors as N=2,S=1; "
                "void=E; revoke=W; points or tricks)"
            )
    holdings = None
    if not code.has_honors and (counts is not None or voids):
        fail(f"{where} {text!r}: {code.key} counts no honors {code.cite('honors')}")
    if counts is not None or voids:
        holdings = Holdings(counts or (0, 0, 0, 0), frozenset(voids))
    return DealResult(
        code,
        con,
        seat,
        tricks,
        holdings=holdings,
        revokes=revokes_of(revokes),
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
    c = code_of(code)
    entries: list[tuple[str, str]] = [(d, "--deal") for d in deal or []]
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as e:
            fail(f"--file {str(file)!r}: cannot read it ({e.strerror})")
        for i, line in enumerate(lines, 1):
            body = line.split("#", 1)[0].strip()
            if body:
                entries.append((body, f"--file line {i}"))
    if not entries:
        fail('no deals: give --deal "1H S 8" (repeat) or --file FILE')
    try:
        rubbers = [Rubber(c)]
    except WhistError as e:
        fail(f"--code {code}: {e}")
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
    out = new_console()
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
