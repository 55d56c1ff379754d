"""The HTML pages: home, the live table, the director's room, results, the movie.

Server-rendered with Jinja2 from ``web/templates``; the live table and the
director's progress are small ES modules under ``web/static`` speaking the
protocol of ``docs/web-protocol.md``. A page asks the ``Service`` (at
``request.app.state.service``) in Python, never a card the viewer may not see:
the seat's own view comes from the server, and the movie of a deal is built
only from a log the service gives that viewer (a finished deal).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar
from urllib.parse import parse_qs

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from .. import calls
from ..calls import Bid, call_str, parse_call
from ..cards import Seat, Suit, card_face, card_from_str, card_str, cards_of
from ..codes import Code, all_codes, find_code
from ..duplicate.match import Match
from ..duplicate.movements import MOVEMENTS, movement, table_counts
from ..duplicate.scorecard import SIDE_NAMES, card_pages
from ..errors import WhistError
from ..laws import offences_for
from ..records import (
    Bridged,
    CallMade,
    CardPlayed,
    ClaimAnswered,
    Claimed,
    Event,
    LeadCalled,
    Ruling,
)
from ..scoring import DealScore
from ..table import Table
from .games import check_name
from .live import WebError
from .results import Outcome, contestant_names, traveller_names
from .service import Service
from .views import reportable

__all__ = ["bid_grid", "environment", "routes", "spec_from_form"]

# The codes in the order a player meets them on the home page.
# A whole duplicate match for one person: a small room of robots (two tables,
# Goodfellow's two teams of four) — short enough for an evening.
SOLO_MOVEMENT = "two-teams-of-four"
SOLO_DEALS = 2
MAX_TABLES = 34  # the director's form: tables 1-34
# Friends under daw or Duplicate Whist: single-table duplicate, each tray
# played and overplayed; at most 24 trays, a sitting of 48 deals.
OVERPLAY_MOVEMENT = "two-pairs"
FRIENDS_TRAYS = 4
MAX_TRAYS = 24
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_SYMBOLS = {s.char: s.symbol for s in Suit}


class FormError(WhistError):
    """A start form that cannot make a game."""


@cache
def environment() -> jinja2.Environment:
    """Our templates, with the duplicate module's card templates beside them
    (``dup/goodfellow_card.html.j2``): one look for every card in the app."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.PackageLoader("auctionwhist.web", "templates"),
                jinja2.PrefixLoader(
                    {"dup": jinja2.PackageLoader("auctionwhist.duplicate", "templates")}
                ),
            ]
        ),
        autoescape=jinja2.select_autoescape(("html", "j2")),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.globals.update(
        seat_names=SEAT_NAMES,
        side_names=SIDE_NAMES,
        suit_symbols=SUIT_SYMBOLS,
        card_text=card_text,
        call_text=call_text,
    )
    return env


def render(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(environment().get_template(name).render(**context), status_code=status)


# -- period notation --------------------------------------------------------------


def card_text(card: str) -> str:
    """``"HT"`` → ``"10♥"``."""
    return card_face(card_from_str(card))


def call_text(call: str) -> str:
    """``calls.call_text`` of a call in the logs' notation, for the templates:
    ``"3SR"`` → ``"3 ♠ royal"``, ``"X"`` → ``"double"``."""
    return calls.call_text(parse_call(call))


def bid_grid(code: Code) -> list[dict[str, Any]]:
    """The bidding box for ``code``: one row per level, the code's declarations
    in its own order (daw 54: by value; Royalton 32: the series, royals after)."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for bid in code.all_bids:
        rows.setdefault(bid.level, []).append(_bid_cell(bid))
    for cells in rows.values():
        # A level's plain bids, then its royals (Royalton law 32).
        cells.sort(key=lambda c: (c["royal"], code.bid_order[c["bid"]]))
        for c in cells:
            del c["bid"]
    return [{"level": lv, "bids": rows[lv]} for lv in sorted(rows)]


def _bid_cell(bid: Bid) -> dict[str, Any]:
    d = bid.denomination
    return {
        "bid": bid,
        "call": str(bid),
        "royal": bid.royal,
        "denom": d,
        "short": bid.denom.symbol,
        "label": f"{bid.level} {bid.denom.name.title()}" + (" royal" if bid.royal else ""),
        "red": bid.denom.red,
    }


def other_calls(code: Code) -> list[dict[str, str]]:
    """The calls that are not bids, as the code has them."""
    out = [{"call": "pass", "label": "Pass", "key": "p"}]
    if code.dealer_may_pass:
        out.insert(0, {"call": "no bid", "label": "No bid", "key": "b"})
    out += [
        {"call": "X", "label": "Double", "key": "x"},
        {"call": "XX", "label": "Redouble", "key": "xx"},
    ]
    return out


# -- the service ---------------------------------------------------------------------

T = TypeVar("T")


def _service(request: Request, ask: Callable[[Service], T]) -> T:
    """Ask the ``Service``; its refusals become the page's error page."""
    try:
        return ask(request.app.state.service)
    except WebError as e:
        raise _PageError(e.status, str(e)) from None


def error_page(status: int, message: str) -> HTMLResponse:
    titles = {403: "Not yet", 404: "No such link", 409: "Not now", 400: "That will not do"}
    return render(
        "error.html.j2", status=status, title=titles.get(status, "Error"), message=message
    )


class _PageError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _page(handler: Any) -> Any:
    async def wrapped(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except _PageError as e:
            return error_page(e.status, e.message)
        except FormError as e:
            return error_page(400, str(e))
        return response

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


# -- home --------------------------------------------------------------------------


def code_facts(code: Code) -> dict[str, Any]:
    """What the home page says of a code."""
    return {
        "key": code.key,
        "title": code.title,
        "rubber": code.rubbers,
        "auction": code.auction,
    }


@_page
async def home(request: Request) -> Response:
    return render(
        "home.html.j2",
        codes=[code_facts(c) for c in all_codes()],
        movements=list(MOVEMENTS.values()),
        solo_movement=SOLO_MOVEMENT,
        table_counts={m: table_counts(m, MAX_TABLES) for m in MOVEMENTS},
        friends_trays=FRIENDS_TRAYS,
        max_trays=MAX_TRAYS,
    )


def _int_field(form: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    raw = str(form.get(key) or "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise FormError(f"{key} must be a whole number, not {raw!r}") from None
    if not low <= value <= high:
        raise FormError(f"{key} must be from {low} to {high}, not {value}")
    return value


def _name_field(form: Mapping[str, Any], key: str, what: str) -> str:
    """A name from the form, stripped; "" if none (``games.check_name``)."""
    try:
        return check_name(str(form.get(key) or ""), what)
    except WebError as e:
        raise FormError(str(e)) from None


def spec_from_form(form: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The ``POST /api/games`` spec for the home page's form, and where to go
    after: ``"seat"`` (the first seat link) or ``"director"``."""
    start = str(form.get("start") or "deal")
    try:
        code = find_code(str(form.get("code") or "daw"))
    except ValueError as e:
        raise FormError(str(e)) from None
    mode = str(form.get("mode") or "enforce")
    if mode not in ("enforce", "laws"):
        raise FormError(f"mode must be enforce or laws, not {mode!r}")
    spec: dict[str, Any] = {"code": code.key, "mode": mode}
    seed = _int_field(form, "seed", 0, 2**31)
    if seed is not None:
        spec["seed"] = seed
    name = _name_field(form, "name", "your name")
    if start in ("deal", "rubber"):
        if start == "rubber" and not code_facts(code)["rubber"]:
            raise FormError(
                f"{code.title} has no rubbers: each deal is scored alone "
                f"({code.cite('game')}); play a deal or a duplicate match"
            )
        spec |= {"kind": start, "humans": ["S"]}
        if start == "deal":
            spec["series"] = True  # "Next deal" deals another, the total kept
        if name:
            spec["names"] = {"S": name}
        return spec, "seat"
    if start == "friends":
        # Each seat's name, if the form gives one; else the seat's own name.
        names = {s: n for s in SEAT_NAMES if (n := _name_field(form, f"name_{s}", SEAT_NAMES[s]))}
        if names:
            spec["names"] = names
        if not code.rubbers:
            return _overplay(spec, form), "director"
        if form.get("rubber"):
            return spec | {"kind": "rubber", "humans": ["N", "E", "S", "W"]}, "director"
        return spec | {"kind": "deal", "series": True, "humans": ["N", "E", "S", "W"]}, "director"
    if start == "match":
        # The player never sees a director's link: the match is published
        # when its last play ends (docs/decisions.md).
        spec |= {"kind": "match", "movement": SOLO_MOVEMENT, "deals": SOLO_DEALS,
                 "self_directed": True}  # fmt: skip
        return spec, "seat"
    if start == "direct":
        movement_name = str(form.get("movement") or SOLO_MOVEMENT)
        if movement_name not in MOVEMENTS:
            raise FormError(f"no movement {movement_name!r} (one of {', '.join(MOVEMENTS)})")
        spec |= {"kind": "match", "movement": movement_name}
        for key, high in (("tables", MAX_TABLES), ("deals", 52)):
            value = _int_field(form, key, 1, high)
            if value is not None:
                spec[key] = value
        if form.get("players") == "all":
            # A room of people: every player of the schedule has a link.
            try:
                schedule = movement(movement_name, spec.get("tables"), deals=spec.get("deals"))
            except ValueError as e:
                raise FormError(f"movement: {e}") from None
            spec["players"] = list(schedule.players)
        else:
            spec["players"] = []
        return spec, "director"
    raise FormError(f"no way to start {start!r}: deal, rubber, match, friends or direct")


def _overplay(spec: dict[str, Any], form: Mapping[str, Any]) -> dict[str, Any]:
    """Four friends under a code that scores each deal alone (daw, Duplicate
    Whist): single-table duplicate (daw 114-117), the Two Pairs movement.
    Each tray is played, then, the agreed number played, the trays are mixed
    and overplayed turned, North to the East, so that each player holds a
    hand an adversary held (daw, "Single-table overplay"; docs/decisions.md)."""
    trays = _int_field(form, "trays", 1, MAX_TRAYS) or FRIENDS_TRAYS
    schedule = movement(OVERPLAY_MOVEMENT, 1, deals=trays)
    first = next(iter(schedule.sittings()))
    names = spec.pop("names", {})
    # A name given for a seat goes to the player who sits there.
    by_player = {p: names[s.char] for s in Seat if (p := first.player_at(s)) and s.char in names}
    out = spec | {"kind": "match", "movement": OVERPLAY_MOVEMENT, "tables": 1, "deals": trays,
                  "players": list(schedule.players), "self_directed": True}  # fmt: skip
    if by_player:
        out["names"] = by_player
    return out


# The home page's forms are small and url-encoded: read them without a
# multipart library.
MAX_FORM = 16 * 1024


async def _form(request: Request) -> dict[str, str]:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_FORM:
            raise FormError(f"a form is at most {MAX_FORM} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FormError("a form is UTF-8 text") from None
    try:
        fields = parse_qs(text, max_num_fields=40)
    except ValueError:
        raise FormError("a form has at most 40 fields") from None
    return {k: v[-1] for k, v in fields.items()}


@_page
async def start(request: Request) -> Response:
    spec, go = spec_from_form(await _form(request))
    made = _service(request, lambda svc: svc.create_game(spec))
    if go == "seat":
        links = made.get("seats") or made.get("players") or {}
        if links:
            return RedirectResponse(next(iter(links.values())), status_code=303)
    return RedirectResponse(made["director"], status_code=303)


# -- the live table ------------------------------------------------------------------


@_page
async def seat_page(request: Request) -> Response:
    token = request.path_params["token"]
    info = _service(request, lambda svc: svc.seat_info(token))
    code = find_code(info["code"])
    boot = {
        "token": token,
        "ws": info["ws"],
        "seat": info["seat"],
        "code": code.key,
        "kind": info["kind"],
        "mode": info.get("mode", "enforce"),
        "columns": list(code.columns),
        "counts": code.counts,
        "offences": reportable(code) if info.get("mode") == "laws" else [],
        "next_set": info["next_set"],
    }
    return render(
        "table.html.j2",
        info=info,
        code=code,
        grid=bid_grid(code) if code.auction else [],
        others=other_calls(code) if code.auction else [],
        boot=json.dumps(boot),
        token=token,
    )


def _offences(code: Code) -> list[dict[str, str]]:
    try:
        table = offences_for(code)
    except ValueError:
        return []
    return [
        {"key": o.key, "name": o.name, "law": code.cite(o.topic)}
        for o in table.values()
        if o.who != "none"
    ]


@_page
async def seat_card(request: Request) -> Response:
    """The player's own card: a rubber's pad in a rubber, else the
    duplicate card of each table he sat at (``web.results.seat_cards``)."""
    token = request.path_params["token"]
    info = _service(request, lambda svc: svc.seat_info(token))
    name = info.get("name") or SEAT_NAMES.get(info["seat"], "")
    rubber = _service(request, lambda svc: svc.seat_rubber(token))
    cards = [] if rubber else _service(request, lambda svc: svc.seat_cards(token, name))
    return render(
        "cards.html.j2",
        title=f"{'Rubber' if rubber else 'Score card'} · {name}",
        pages=card_pages(cards),
        rubber=rubber,
        code=find_code(info["code"]),
        back=f"/t/{token}",
    )


def _match(svc: Service, game: Any) -> Match | None:
    """The duplicate match of a game (None for a deal or a rubber)."""
    if game.row.kind != "match":
        return None
    return svc.match_of(game)


# -- the movie -------------------------------------------------------------------------


@_page
async def seat_movie(request: Request) -> Response:
    token = request.path_params["token"]
    table_id, deal = _table_deal(request)
    log = _service(request, lambda svc: _scored_log(svc, table_id, deal, token=token))
    meta = _service(request, lambda svc: _movie_meta(svc, table_id, deal, log[0]))
    meta["review"] = f"/api/seat/{token}/review/{table_id}/{deal}" if meta["over"] else None
    return _movie(*log, back=f"/t/{token}", table_id=table_id, deal=deal, meta=meta)


@_page
async def director_movie(request: Request) -> Response:
    token = request.path_params["token"]
    table_id, deal = _table_deal(request)
    log = _service(request, lambda svc: _scored_log(svc, table_id, deal, director=token))
    meta = _service(request, lambda svc: _movie_meta(svc, table_id, deal, log[0]))
    meta["review"] = f"/api/director/{token}/review/{table_id}/{deal}" if meta["over"] else None
    return _movie(*log, back=f"/d/{token}", table_id=table_id, deal=deal, meta=meta)


def _movie_meta(
    svc: Service, table_id: int, deal: int, events: tuple[Event, ...]
) -> dict[str, Any]:
    """Who sat where, and the robots' calls explained: in full once the deal
    is over (the movie of a deal in play is the director's alone)."""
    over = svc.outcome(table_id, deal) is not None
    return {
        "over": over,
        "names": svc.names_at(table_id),
        "calls": svc.explained(table_id, events, full=over),
    }


def _scored_log(
    svc: Service, table_id: int, deal: int, **who: str
) -> tuple[tuple[Event, ...], DealScore | None, Outcome | None]:
    """A finished deal's log, if ``who`` may read it, the score its game
    keeps of the play, and the deal's outcome (a director's entry, if any)."""
    events = svc.deal_log(table_id, deal, **who)
    return events, svc.played_score(table_id, deal), svc.outcome(table_id, deal)


def _table_deal(request: Request) -> tuple[int, int]:
    try:
        return int(request.path_params["table_id"]), int(request.path_params["deal"])
    except ValueError:
        raise _PageError(404, "no such deal") from None


def _movie(
    events: tuple[Event, ...],
    score: DealScore | None,
    outcome: Outcome | None,
    back: str,
    table_id: int,
    deal: int,
    meta: dict[str, Any],
) -> Response:
    frames = movie_frames(events, score, outcome)
    first = frames[0]
    return render(
        "movie.html.j2",
        frames=frames,
        first=first,
        count=len(frames),
        back=back,
        table_id=table_id,
        deal=deal,
        code=find_code(first["code"]),
        meta=meta,
    )


def _hands_json(hands: list[int]) -> dict[str, list[str]]:
    return {s.char: [card_str(c) for c in cards_of(hands[s])] for s in Seat}


def _caption(ev: Event) -> str:
    """What happened, in the table's words."""
    who = SEAT_NAMES[ev.seat.char] if hasattr(ev, "seat") else ""
    if isinstance(ev, CallMade):
        return f"{who}: {calls.call_text(ev.call)}"
    if isinstance(ev, CardPlayed):
        return f"{who} plays {card_text(card_str(ev.card))}"
    if isinstance(ev, Bridged):
        return f"{who} bridges the nullo to his partner"
    if isinstance(ev, LeadCalled):
        return f"{who} keeps the nullo and calls the lead"
    if isinstance(ev, Claimed):
        return f"{who} claims {ev.tricks} of the tricks still to play"
    if isinstance(ev, ClaimAnswered):
        return f"{who} {'accepts' if ev.accepted else 'disputes'} the claim"
    if isinstance(ev, Ruling):
        return f"{who} rules: {ev.option.replace('_', ' ')} {ev.arg}".rstrip()
    name = type(ev).__name__
    words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in name).strip()
    return f"{who}: {words}" if who else words


def movie_frames(
    events: tuple[Event, ...], score: DealScore | None = None, outcome: Outcome | None = None
) -> list[dict[str, Any]]:
    """The "movie" of a deal: one frame per record, each the table as it then
    stood (hands still held, the auction, the trick on the table, tricks won),
    replayed from the log as ``Table.from_events`` replays it. The last frame
    of the play shows ``score``, the score its game keeps (a match's), or the
    table's own; a director's entry (``outcome``) is one frame more, with the
    entry's contract, declarer, tricks and score, which stand."""
    # The records a table starts with (the deal, a declared trump, the mode).
    head = 1
    while head < len(events) and type(events[head]).__name__ in ("TrumpDeclared", "TableMode"):
        head += 1
    table = Table.from_events(events[:head])
    deal = table.deal
    frames = [_frame(table, "The cards are dealt")]
    for ev in events[head:]:
        table.apply(ev)
        frames.append(_frame(table, _caption(ev)))
    if table.is_over:
        if score is None:
            score = table.score()
        frames[-1]["score"] = _score_frame(score)
    if outcome is not None and outcome.entered and outcome.score is not None:
        frames.append(_entry_frame(frames[-1], outcome, outcome.score))
    frames[0]["dealt"] = _hands_json(list(deal.hands))
    return frames


def _entry_frame(last: dict[str, Any], o: Outcome, score: DealScore) -> dict[str, Any]:
    """The director's entry, as the movie's last frame."""
    if o.contract is None or o.declarer is None:
        what = "" if o.tricks is None else f"North-South {o.tricks[0]} tricks"
    else:
        side = o.declarer.side
        tricks = "" if o.tricks is None else f", {o.tricks[side]} tricks"
        what = (
            f"{calls.call_text(o.contract.bid)}{('', ' doubled', ' redoubled')[o.contract.doubled]}"
        )
        what += f" by {SEAT_NAMES[o.declarer.char]}{tricks}"
    # The entry stands in place of the play: the auction panel shows it, not
    # the calls made at the table (as every other page shows the entry).
    frame = {**last, "caption": f"The director enters the result: {what}",
             "contract": None if o.contract is None else str(o.contract),
             "declarer": None if o.declarer is None else o.declarer.char,
             "calls": [], "entry": what}  # fmt: skip
    if o.tricks is not None:
        frame["tricks"] = list(o.tricks)
    frame["score"] = _score_frame(score)
    return frame


def _score_frame(score: DealScore) -> dict[str, Any]:
    return {
        "items": [
            {"side": i.side, "column": i.column, "points": i.points, "text": i.reason,
             "law": i.law}
            for i in score.items
        ],
        "total": [score.total(0), score.total(1)],
        "void": score.void,
        "note": score.note,
    }  # fmt: skip


def _frame(table: Table, caption: str) -> dict[str, Any]:
    deal = table.deal
    play = table.play
    hands = list(play.hands) if play is not None else list(deal.hands)
    trick: list[list[str]] = []
    if play is not None:
        if play.trick:
            trick = [
                [Seat(play.leader).after(i).char, card_str(c)] for i, c in enumerate(play.trick)
            ]
        elif play.tricks:
            leader, cards = play.tricks[-1]
            trick = [[leader.after(i).char, card_str(c)] for i, c in enumerate(cards)]
    auction = table.auction
    contract = table.contract
    declarer = table.declarer
    return {
        "code": table.code.key,
        "number": deal.number,
        "dealer": deal.dealer.char,
        "turned": None if deal.turned is None else card_str(deal.turned),
        "caption": caption,
        "phase": table.phase,
        "hands": _hands_json(hands),
        "calls": [[s.char, call_str(c)] for s, c in auction.calls] if auction else [],
        "trick": trick,
        "tricks": list(play.won) if play is not None else [0, 0],
        "contract": None if contract is None else str(contract),
        "declarer": None if declarer is None else declarer.char,
    }


# -- the director ---------------------------------------------------------------------


@_page
async def director_page(request: Request) -> Response:
    token = request.path_params["token"]
    view = _service(request, lambda svc: svc.director_view(token))
    code = find_code(view["code"])
    context = {
        "view": view,
        "token": token,
        "code": code,
        "offences": _offences(code) if view.get("mode") == "laws" else [],
        "base": str(request.base_url).rstrip("/"),
    }
    if request.query_params.get("part") == "progress":
        return render("director_progress.html.j2", **context)
    return render("director.html.j2", **context)


@_page
async def director_cards(request: Request) -> Response:
    token = request.path_params["token"]
    match = _service(request, lambda svc: _match(svc, svc.game_of_director(token)))
    if match is None:
        raise _PageError(404, "a deal or rubber has no duplicate score-cards")
    return render(
        "cards.html.j2",
        title="Score cards",
        pages=card_pages(match.cards()),
        rubber=None,
        back=f"/d/{token}",
    )


# -- results ------------------------------------------------------------------------


@_page
async def results_page(request: Request) -> Response:
    game = request.path_params["game"]
    data = _service(request, lambda svc: svc.results(game))  # 403 until published
    match = _service(request, lambda svc: _match(svc, svc.games[game]))
    names = _service(request, lambda svc: traveller_names(svc.games[game]))
    people = _service(request, lambda svc: contestant_names(svc.games[game]))
    if match is None:
        return render("results_deals.html.j2", data=data, game=game, code=find_code(data["code"]))
    return render(
        "results.html.j2",
        game=game,
        match=match,
        result=match.result(),
        travellers=match.travellers(),
        names=names,
        people=people,
        pages=card_pages(match.cards()),
        signed=_signed,
        number=_number,
        code=match.code,
    )


def _signed(x: Any) -> str:
    if x == 0:
        return "="
    text = str(int(x)) if getattr(x, "denominator", 1) == 1 else f"{float(x):.1f}"
    return ("+" if x > 0 else "") + text


def _number(x: Any) -> str:
    if getattr(x, "denominator", 1) == 1:
        return str(int(x))
    return f"{float(x):.1f}"


routes: list[BaseRoute] = [
    Route("/", home),
    Route("/start", start, methods=["POST"]),
    Route("/t/{token}", seat_page),
    Route("/t/{token}/card", seat_card),
    Route("/t/{token}/movie/{table_id}/{deal}", seat_movie),
    Route("/d/{token}", director_page),
    Route("/d/{token}/cards", director_cards),
    Route("/d/{token}/movie/{table_id}/{deal}", director_movie),
    Route("/r/{game}", results_page),
]
