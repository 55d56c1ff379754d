"""The Starlette app: the JSON API, the seat WebSocket, the pages and static files.

Routes and messages: docs/web-protocol.md. The pages (``web.pages``) and
their templates and scripts are mounted as they are.
"""

from __future__ import annotations

import gc
import json
import os
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..records import Event
from . import pages
from .db import database_url
from .live import WebError
from .service import Service
from .uvicorn_ws import SEAT_EXTENSION
from .ws import asgi_seat_socket, cross_origin, refuse_handshake, seat_socket

__all__ = ["MAX_BODY", "SECURITY_HEADERS", "GameLimit", "create_app"]

HERE = Path(__file__).parent
MAX_BODY = 64 * 1024

Handler = Callable[[Request], Awaitable[Response]]

# What the pages load: their own scripts, styles and fetches (WebSocket
# included: CSP's 'self' covers ws: and wss: on the same host), data: images.
# Inline styles stay (templates use style attributes and <style> blocks);
# the one inline script is the printable cards' onclick="window.print()",
# allowed by its hash alone. Nothing may frame the pages.
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-hashes' 'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU='",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
# Added to every HTTP answer. A seat's or director's link is a secret in
# the URL: no Referer may carry it to another site. "same-origin", not
# "no-referrer": under no-referrer Chromium sends a form's POST with
# "Origin: null", which the Origin check must refuse.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))
# The requests that create a game: the API's and the home page's form.
CREATING = frozenset((("POST", "/api/games"), ("POST", "/start")))
GAMES_PER_MINUTE = 20


class GameLimit:
    """At most ``count`` new games in any ``window`` seconds from one client
    address (docs/web.md, Limits): a game is tables, links and robots kept
    in memory, so creating them without end would exhaust the server."""

    def __init__(
        self, count: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.count = count
        self.window = window
        self.clock = clock
        self.hits: dict[str, deque[float]] = {}

    def take(self, client: str) -> float:
        """0 if ``client`` may create a game now (and count it), else the
        seconds until it may."""
        now = self.clock()
        hits = self.hits.setdefault(client, deque())
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.count:
            return hits[0] + self.window - now
        hits.append(now)
        if len(self.hits) > 10_000:  # forget the addresses whose window is empty
            self.hits = {k: v for k, v in self.hits.items() if v and v[-1] > now - self.window}
        return 0.0


def _refusal(scope: Scope, status: int, code: str, message: str,
             headers: dict[str, str] | None = None) -> Response:  # fmt: skip
    """A refusal as the asker reads it: JSON for the API, a page for a form."""
    if scope["path"].startswith("/api/"):
        return JSONResponse({"error": code, "message": message}, status, headers)
    page = pages.error_page(status, message)
    page.headers.update(headers or {})
    return page


class Guard:
    """Every HTTP request: a state-changing one from another site's page is
    refused (CSRF: a forged form or a ``text/plain`` fetch would otherwise
    act with the visitor's links), game creation is limited per client
    address, and every answer carries ``SECURITY_HEADERS``. Plain ASGI:
    Starlette's BaseHTTPMiddleware would cost a task per request."""

    def __init__(self, app: ASGIApp, limit: GameLimit) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
            await send(message)

        method = scope["method"]
        refusal: Response | None = None
        if method not in SAFE_METHODS and (why := cross_origin(scope)) is not None:
            refusal = _refusal(scope, 403, "cross_origin",
                               f"refused: a request that changes anything must come from this "
                               f"server's own pages, and {why}")  # fmt: skip
        elif (method, scope["path"]) in CREATING:
            client = scope.get("client")
            wait = self.limit.take(client[0] if client else "")
            if wait > 0:
                refusal = _refusal(scope, 429, "too_many_games",
                                   f"at most {self.limit.count} new games a minute from one "
                                   f"address: try again in {int(wait) + 1} s",
                                   {"retry-after": str(int(wait) + 1)})  # fmt: skip
        if refusal is not None:
            await refusal(scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)


def _api(fn: Callable[[Request], Awaitable[object]], status: int = 200) -> Handler:
    """A JSON endpoint: WebError becomes {"error", "message"} with its status."""

    async def handler(request: Request) -> Response:
        try:
            out = await fn(request)
        except WebError as e:
            return JSONResponse(e.to_json(), status_code=e.status)
        if isinstance(out, Response):
            return out
        return JSONResponse(out, status_code=status)

    return handler


async def _body(request: Request) -> dict[str, Any]:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise WebError(413, "too_large", f"a request body is at most {MAX_BODY} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError(413, "too_large", f"a request body is at most {MAX_BODY} bytes")
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise WebError(400, "malformed", "the body is a JSON object") from None
    if not isinstance(body, dict):
        raise WebError(400, "malformed", "the body is a JSON object")
    return body


def _svc(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


def _int(request: Request, name: str) -> int:
    text = request.path_params[name]
    if not isinstance(text, str) or not text.isdigit() or len(text) > 9:
        raise WebError(400, "malformed", f"{name}: a whole number")
    return int(text)


async def create_game(request: Request) -> object:
    return _svc(request).create_game(await _body(request))


async def seat_info(request: Request) -> object:
    return _svc(request).seat_info(request.path_params["token"])


async def seat_scorecard(request: Request) -> object:
    return {"scorecard": _svc(request).scorecard(request.path_params["token"])}


async def seat_next_set(request: Request) -> object:
    return _svc(request).next_set(request.path_params["token"])


async def seat_name(request: Request) -> object:
    body = await _body(request)
    return _svc(request).rename(request.path_params["token"], body.get("name", ""))


async def seat_calls(request: Request) -> object:
    svc = _svc(request)
    return svc.explanations(request.path_params["token"], _int(request, "table"),
                            _int(request, "deal"))  # fmt: skip


async def seat_review(request: Request) -> object:
    return await _svc(request).review(_int(request, "table"), _int(request, "deal"),
                                      token=request.path_params["token"])  # fmt: skip


async def director_review(request: Request) -> object:
    return await _svc(request).review(_int(request, "table"), _int(request, "deal"),
                                      director=request.path_params["token"])  # fmt: skip


async def seat_traveller(request: Request) -> object:
    return _svc(request).traveller(request.path_params["token"], _int(request, "tray"))


def _download(request: Request, events: tuple[Event, ...], table: int, deal: int) -> Response:
    if request.path_params["fmt"] == "pbn":
        return PlainTextResponse(_svc(request).deal_pbn(events, table, deal),
                                 media_type="application/x-pbn")  # fmt: skip
    return JSONResponse(_svc(request).deal_json(events, table, deal))


def _fmt(request: Request) -> None:
    if request.path_params["fmt"] not in ("pbn", "json"):
        raise WebError(404, "no_such_format", "downloads are .pbn or .json")


def _deal(request: Request, **who: str) -> Response:
    """A deal's download, for a seat (``token``) or the director (``director``)."""
    _fmt(request)
    table, deal = _int(request, "table"), _int(request, "deal")
    events = _svc(request).deal_log(table, deal, **who)
    return _download(request, events, table, deal)


async def seat_deal(request: Request) -> object:
    return _deal(request, token=request.path_params["token"])


async def director_view(request: Request) -> object:
    return _svc(request).director_view(request.path_params["token"])


async def director_deal(request: Request) -> object:
    return _deal(request, director=request.path_params["token"])


async def director_results(request: Request) -> object:
    svc = _svc(request)
    n = await svc.enter_result(request.path_params["token"], await _body(request))
    return {"n": n}


async def director_rule(request: Request) -> object:
    svc = _svc(request)
    n = await svc.director_rule(request.path_params["token"], await _body(request))
    return {"n": n}


async def director_publish(request: Request) -> object:
    return _svc(request).publish(request.path_params["token"])


async def director_cancel(request: Request) -> object:
    return await _svc(request).cancel(request.path_params["token"])


async def director_download(request: Request) -> object:
    _fmt(request)
    svc = _svc(request)
    game = svc.game_of_director(request.path_params["token"])
    return _all(request, svc, game.row.id)


def _all(request: Request, svc: Service, game_id: str) -> Response:
    game = svc.games[game_id]
    if request.path_params["fmt"] == "pbn":
        return PlainTextResponse(svc.game_pbn(game), media_type="application/x-pbn")
    return JSONResponse(svc.game_json(game))


async def results(request: Request) -> object:
    return _svc(request).results(request.path_params["game"])


async def results_download(request: Request) -> object:
    _fmt(request)
    svc = _svc(request)
    svc.results(request.path_params["game"])  # 403 until published
    return _all(request, svc, request.path_params["game"])


def api_routes() -> list[BaseRoute]:
    return [
        Route("/api/games", _api(create_game, 201), methods=["POST"]),
        Route("/api/seat/{token}", _api(seat_info)),
        Route("/api/seat/{token}/name", _api(seat_name), methods=["PUT"]),
        Route("/api/seat/{token}/scorecard", _api(seat_scorecard)),
        Route("/api/seat/{token}/calls/{table}/{deal}", _api(seat_calls)),
        Route("/api/seat/{token}/review/{table}/{deal}", _api(seat_review)),
        Route("/api/seat/{token}/traveller/{tray}", _api(seat_traveller)),
        Route("/api/seat/{token}/next", _api(seat_next_set), methods=["POST"]),
        Route("/api/seat/{token}/deal/{table}/{deal}.{fmt}", _api(seat_deal)),
        Route("/api/director/{token}", _api(director_view)),
        Route("/api/director/{token}", _api(director_cancel), methods=["DELETE"]),
        Route("/api/director/{token}/results", _api(director_results), methods=["POST"]),
        Route("/api/director/{token}/rule", _api(director_rule), methods=["POST"]),
        Route("/api/director/{token}/publish", _api(director_publish), methods=["POST"]),
        Route("/api/director/{token}/download.{fmt}", _api(director_download)),
        Route("/api/director/{token}/table/{table}/{deal}.{fmt}", _api(director_deal)),
        Route("/api/director/{token}/review/{table}/{deal}", _api(director_review)),
        Route("/api/results/{game}.{fmt}", _api(results_download)),
        Route("/api/results/{game}", _api(results)),
        WebSocketRoute("/ws/{token}", seat_socket),
    ]


class _App(Starlette):
    """Starlette, except that a seat's WebSocket (``/ws/{token}``) goes straight
    to ``web.ws``: its messages are the load of issue 7's benchmark, and
    Starlette's middleware and router cost a tenth of the server's time per
    action (docs/web.md, Benchmark). The route stays declared for the rest."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path: str = scope["path"]
            token = path[4:]
            if path.startswith("/ws/") and token and "/" not in token:
                if cross_origin(scope) is not None:  # a hijack from another site's page
                    await refuse_handshake(receive, send)
                    return
                scope["app"] = self
                hooks = (scope.get("extensions") or {}).get(SEAT_EXTENSION)
                await asgi_seat_socket(token, self.state.service, receive, send, hooks)
                return
        await super().__call__(scope, receive, send)


def create_app(
    database: str | None = None,
    *,
    robot_delay: float = 0.0,
    tune_gc: bool = False,
    games_per_minute: int | None = None,
    stale_after: float | None = None,
    robots: str = "heuristic",
    robot_workers: int | None = None,
) -> Starlette:
    """The app over the database at ``database`` (default: ``database_url()``):
    created and migrated on start, every table resumed where it was.

    ``games_per_minute`` (default ``$AUCTIONWHIST_GAMES_PER_MINUTE``, else
    20) limits game creation per client address; ``stale_after`` (seconds,
    default ``$AUCTIONWHIST_STALE_DAYS`` days, else 7 days) ends, at start,
    every unfinished game untouched that long (docs/web.md, Limits).

    ``robots``: ``"strong"`` (the Monte Carlo robot, thinking in
    ``robot_workers`` processes, default one per core: ``whist serve``'s
    default) or ``"heuristic"`` (fast, in the event loop: the tests').

    ``tune_gc`` (for a server process of its own: ``whist serve``, the bench)
    freezes what is loaded at start out of the cyclic collector's reach and
    collects less often: the tables, games and modules live as long as the
    process, and full collections over them were pauses in the tail latency."""
    url = database_url(database)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.resume()
        if tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(20_000, 20, 100)
        yield
        for task in list(service.tasks):
            task.cancel()
        service.close()

    if games_per_minute is None:
        games_per_minute = int(os.environ.get("AUCTIONWHIST_GAMES_PER_MINUTE") or GAMES_PER_MINUTE)
    if stale_after is None:
        stale_after = float(os.environ.get("AUCTIONWHIST_STALE_DAYS") or 7) * 86400
    service = Service(url, robot_delay=robot_delay, stale_after=stale_after, robots=robots,
                      robot_workers=robot_workers)  # fmt: skip
    routes: list[BaseRoute] = [*api_routes(), *pages.routes]
    static = HERE / "static"
    static.mkdir(exist_ok=True)
    routes.append(Mount("/static", StaticFiles(directory=static), name="static"))
    limit = GameLimit(games_per_minute)
    app = _App(routes=routes, lifespan=lifespan, middleware=[Middleware(Guard, limit=limit)])
    app.state.service = service
    return app
