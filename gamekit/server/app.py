"""The web application: the lobby's HTTP routes, the game's WebSocket, the pages.

``create_app(games, store)`` is an ASGI application (Starlette) that any ASGI
server runs; :func:`gamekit.server.serve` runs it with uvicorn.

========================================  ============================================
``GET /``                                  the lobby page
``GET /play/{id}``                         the game page (the token follows ``#``)
``GET /analysis``                          the analysis board (docs/analysis.md)
``POST /api/analysis``                     a position, its actions, why, a variation
``POST /api/analysis/scenario``            a scenario file run on the board
``GET /static/...``                        the page's script and style (no CDN)
``GET /healthz``, ``GET /readyz``           alive; ready (the store answers and can be written)
``GET /metrics``                           Prometheus' metrics (:mod:`gamekit.server.ops`)
``GET /api/hosted``                        the games served: names, players, bots, rules
``GET /api/games``                         the listed games, newest first
``GET /api/clauses/{game}/{id}?lang=de``   a clause of a game's spec, in a language
``POST /api/games``                        create a game (``gamekit.server.lobby``)
``POST /api/games/{id}/seats/{seat}``      take an open seat: its token and link
``WS /ws/{id}``                            play or watch: the envelope (``protocol``)
========================================  ============================================

A request body is at most :data:`MAX_BODY` bytes and nested at most
:data:`~gamekit.server.protocol.MAX_DEPTH` deep; what the server refuses gets a JSON
``{"error": {"code", "message"}}`` and never a stack trace.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..game import Game
from ..i18n import language
from .analysis import AnalysisError, analyse, scenario
from .guard import Guard
from .hub import MAX_STRIKES, Bucket, Hub
from .leases import MAX_GAMES
from .lobby import LobbyError
from .protocol import (
    MAX_MESSAGE,
    ProtocolError,
    Unavailable,
    check_depth,
    envelope,
    read_message,
    written,
)
from .store import Store

__all__ = ["MAX_BODY", "create_app"]

log = logging.getLogger("gamekit.server")

MAX_BODY = 64 * 1024
"""The most bytes of a lobby request."""
GAMES_PER_SECOND, GAMES_AT_ONCE = 5.0, 200.0
"""How fast one address may create games (or take seats): on average, and at once."""
CONNECTIONS_PER_ADDRESS = 64
"""The most WebSockets one address may hold open at once, by default (a proxy's
address stands for its clients only where it is trusted: ``--trusted-proxies``)."""
JOIN_WAIT = 10.0
"""Seconds a new WebSocket has to say who it is (its ``join``)."""
STATIC = __file__.rsplit("/", 1)[0] + "/static"


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def _body(request: Request) -> Any:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise LobbyError(f"the request is over {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise LobbyError(f"the request is over {MAX_BODY} bytes")
    try:
        return _json(body)
    except ProtocolError as e:
        raise LobbyError(e.message) from None


def _json(body: bytes) -> Any:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise LobbyError(f"not UTF-8 at byte {e.start}") from None
    check_depth(text)  # the same nesting bound as the envelope's
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise LobbyError(f"not JSON: {e}") from None


async def _receive(ws: WebSocket) -> str:
    """The next message of ``ws`` as text; a binary frame is ``malformed`` (the envelope
    is JSON text), a closed socket :class:`WebSocketDisconnect`."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is None:
        return _BINARY
    text: str = message["text"]
    return text


_BINARY = "\x00binary"
"""What :func:`_receive` gives for a binary frame."""


def _read(text: str) -> dict[str, Any]:
    """A client's message read (:func:`read_message`); a binary frame is malformed."""
    if text is _BINARY:
        raise ProtocolError("malformed", "a message is JSON in a text frame, not a binary one")
    return read_message(text)


def create_app(
    games: Sequence[Game],
    store: Store,
    *,
    bot_workers: int = 2,
    connections_per_address: int = CONNECTIONS_PER_ADDRESS,
    max_games: int = MAX_GAMES,
) -> Starlette:
    """The server of ``games`` over ``store``, as an ASGI application; at most
    ``connections_per_address`` WebSockets at once from one address, and
    ``max_games`` games in memory."""
    hub = Hub(games, store, bot_workers=bot_workers, max_games=max_games)
    open_from: dict[str, int] = {}

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "alive"})

    async def readyz(request: Request) -> Response:
        why = await hub.ready()
        if why:
            return JSONResponse({"status": "unavailable", "why": why}, status_code=503)
        return JSONResponse({"status": "ready"})

    async def metrics(request: Request) -> Response:
        return Response(hub.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    async def lobby_page(request: Request) -> Response:
        return FileResponse(f"{STATIC}/index.html")

    async def game_page(request: Request) -> Response:
        return FileResponse(f"{STATIC}/play.html")

    async def hosted(request: Request) -> Response:
        return JSONResponse({"games": hub.hosted()})

    async def list_games(request: Request) -> Response:
        return JSONResponse({"games": await hub.listed()})

    async def clause(request: Request) -> Response:
        game = hub.games.get(request.path_params["game"][:32])
        if game is None:
            return _error("not-found", "no such game here", 404)
        lang = language(request.query_params.get("lang"))
        try:
            found = game.clause(request.path_params["id"][:64], lang)
        except ValueError as e:
            return _error("not-found", str(e), 404)
        return JSONResponse({"id": found.id, "title": found.title, "text": found.text})

    buckets: dict[str, Bucket] = {}

    def allowed(request: Request) -> bool:
        """Each address may make :data:`GAMES_PER_SECOND` games a second on average,
        :data:`GAMES_AT_ONCE` at once (the lobby cannot be flooded)."""
        host = request.client.host if request.client is not None else "-"
        if len(buckets) > 10_000:  # forget the quiet addresses
            for key in [k for k, b in buckets.items() if b.full()]:
                del buckets[key]
        bucket = buckets.setdefault(host, Bucket(GAMES_PER_SECOND, GAMES_AT_ONCE))
        return bucket.take()

    async def create_game(request: Request) -> Response:
        if not allowed(request):
            return _error("too-fast", "too many new games from this address: wait a little", 429)
        try:
            body = await _body(request)
            made = await hub.create(body)
        except Unavailable:
            raise  # 503, below
        except ProtocolError as e:
            return _error(e.code, e.message, 400)
        except LobbyError as e:
            return _error("malformed", str(e), 400)
        return JSONResponse(made, status_code=201)

    async def analysis_page(request: Request) -> Response:
        return FileResponse(f"{STATIC}/analysis.html")

    def answering(work: Callable[[Mapping[str, Game], Any], dict[str, Any]]) -> Callable[..., Any]:
        """A route of the analysis board: bounded like every request, answered off the
        event loop (it plays, draws and may search), nothing stored."""

        async def route(request: Request) -> Response:
            if not allowed(request):
                return _error("too-fast", "too many requests from this address: wait a little", 429)
            try:
                body = await _body(request)
                loop = asyncio.get_running_loop()
                answer = await loop.run_in_executor(None, work, hub.games, body)
            except ProtocolError as e:
                return _error(e.code, e.message, 400)
            except (LobbyError, AnalysisError) as e:
                return _error("malformed", str(e), 400)
            return JSONResponse(answer)

        return route

    async def take_seat(request: Request) -> Response:
        if not allowed(request):
            return _error("too-fast", "too many requests from this address: wait a little", 429)
        seat_text = request.path_params["seat"]
        if not (seat_text.isascii() and seat_text.isdigit()) or len(seat_text) > 2:
            return _error("malformed", f"no seat {seat_text[:10]!r}", 400)
        taken = await hub.take_seat(request.path_params["id"][:64], int(seat_text))
        if taken is None:
            return _error("unauthorized", "no such game with this seat open", 409)
        return JSONResponse(taken, status_code=201)

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        game_id = ws.path_params["id"][:64]
        address = ws.client.host if ws.client is not None else "-"
        if open_from.get(address, 0) >= connections_per_address:
            hub.metrics.refused.inc()
            too_many = ProtocolError("too-many", "too many connections from this address")
            await ws.send_text(written(envelope("error", 0, None, error={
                "code": too_many.code, "message": too_many.message})))
            await ws.close(1008)
            return
        open_from[address] = open_from.get(address, 0) + 1
        try:
            await _play(ws, game_id)
        finally:
            open_from[address] -= 1
            if not open_from[address]:
                del open_from[address]

    async def _play(ws: WebSocket, game_id: str) -> None:
        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(written(msg))

        async def refuse(e: ProtocolError, seq: int, seat: int | None, ref: Any = None) -> None:
            said: dict[str, Any] = {"code": e.code, "message": e.message}
            if isinstance(e, Unavailable):
                said["retry"] = e.retry
            err = envelope("error", seq, seat, error=said)
            if ref is not None:
                err["ref"] = ref
            await send(err)

        conn = None
        try:
            try:
                first = await asyncio.wait_for(_receive(ws), JOIN_WAIT)
                msg = _read(first)
                if msg["type"] != "join":
                    raise ProtocolError("unauthorized", "say who you are first: a 'join'")
                conn = await hub.join(game_id, msg.get("token"), send, language(msg.get("lang")))
            except ProtocolError as e:
                await refuse(e, 0, None)
                await ws.close(1013 if isinstance(e, Unavailable) else 1008)  # 1013: try later
                return
            except TimeoutError:
                await ws.close(1008)
                return
            while True:
                text = await _receive(ws)
                ref = None
                try:
                    if not conn.allow():
                        if conn.strikes > MAX_STRIKES:
                            await ws.close(1008)
                            return
                        raise ProtocolError("too-fast", "slow down: too many messages")
                    msg = _read(text)
                    ref = msg.get("ref")
                    if msg["type"] in ("action", "resign"):
                        await hub.act(conn, msg)
                    elif msg["type"] == "picture":
                        picture = await hub.picture(conn)
                        if ref is not None:
                            picture["ref"] = ref
                        await send(picture)
                    elif msg["type"] == "replay":
                        replayed = await hub.replay(conn, msg["at"])
                        if ref is not None:
                            replayed["ref"] = ref
                        await send(replayed)
                    elif msg["type"] == "ping":
                        seq = hub.seq(game_id)
                        pong = envelope("pong", seq, conn.seat)
                        if ref is not None:
                            pong["ref"] = ref
                        await send(pong)
                    else:
                        raise ProtocolError("malformed", "already joined")
                except ProtocolError as e:
                    await refuse(e, hub.seq(game_id), conn.seat, ref)
        except WebSocketDisconnect:
            pass
        except Exception:  # never a stack trace to the client
            log.exception("websocket of game %s", game_id)
            with contextlib.suppress(Exception):
                await ws.close(1011)
        finally:
            if conn is not None:
                await hub.leave(conn)

    async def not_found(request: Request, exc: Exception) -> Response:
        if isinstance(exc, HTTPException):
            return _error("not-found" if exc.status_code == 404 else "malformed",
                          str(exc.detail), exc.status_code)
        return _error("internal", "the server failed; the game is safe", 500)

    async def unavailable(request: Request, exc: Exception) -> Response:
        retry = exc.retry if isinstance(exc, Unavailable) else 2.0
        code = exc.code if isinstance(exc, Unavailable) else "unavailable"  # or 'full'
        answer = _error(code, str(getattr(exc, "message", exc)), 503)
        answer.headers["Retry-After"] = str(max(1, round(retry)))
        return answer

    async def internal(request: Request, exc: Exception) -> Response:
        log.exception("request %s", request.url.path)
        return _error("internal", "the server failed; the game is safe", 500)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/play/{id}", game_page),
            Route("/analysis", analysis_page),
            Route("/api/analysis", answering(analyse), methods=["POST"]),
            Route("/api/analysis/scenario", answering(scenario), methods=["POST"]),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/readyz", readyz, methods=["GET"]),
            Route("/metrics", metrics, methods=["GET"]),
            Route("/api/hosted", hosted, methods=["GET"]),
            Route("/api/games", list_games, methods=["GET"]),
            Route("/api/clauses/{game}/{id}", clause, methods=["GET"]),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{id}/seats/{seat}", take_seat, methods=["POST"]),
            WebSocketRoute("/ws/{id}", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: not_found, Unavailable: unavailable,
                            Exception: internal},
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.max_message = MAX_MESSAGE
    app.add_middleware(Guard)  # the security headers; no changes asked by other sites
    return app
