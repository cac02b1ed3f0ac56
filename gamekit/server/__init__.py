"""A reference game server for any game of the kit, and its browser client.

``pip install '.[server]'`` adds what it runs on (Starlette, uvicorn, and psycopg for
PostgreSQL). One command serves one game or several::

    tikalspeed serve                       # Tikal, on http://127.0.0.1:8000/
    tiki serve --port 8001 --store tiki.db
    python -m gamekit.server tiki tikalspeed --store postgresql://localhost/games

Players create games in the lobby page (or ``POST /api/games``), each human seat
gets a secret link, and the game is played over a WebSocket in the envelope of
:mod:`gamekit.server.protocol`. Every action is stored before it is acknowledged
(:mod:`gamekit.server.store`): kill the server, start it again, and every game goes
on from its last acknowledged action. ``docs/server.md`` tells it all.

The parts, from the bottom: :mod:`~gamekit.server.rows` (what is stored),
:mod:`~gamekit.server.store` (SQLite) and :mod:`~gamekit.server.pgstore`
(PostgreSQL), :mod:`~gamekit.server.table` (a game rebuilt from its rows),
:mod:`~gamekit.server.messages` (what each seat is sent),
:mod:`~gamekit.server.protocol` (the envelope), :mod:`~gamekit.server.lobby` (a new
game's request), :mod:`~gamekit.server.workers` (a bot's decision in a worker
process), :mod:`~gamekit.server.live` (a game in play, a connection),
:mod:`~gamekit.server.desk` (the lobby's requests), :mod:`~gamekit.server.hub` (the
games in play and their connections) and :mod:`~gamekit.server.app` (the routes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["serve"]


def serve(
    games: Sequence[Any],
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    store: str = "games.sqlite3",
    bot_workers: int = 2,
    log_level: str = "warning",
    ready: Callable[[], None] | None = None,
    trusted_proxies: str = "",
    connections_per_address: int | None = None,
    max_games: int | None = None,
) -> None:
    """Serve ``games`` (their descriptors) on ``host``:``port`` with uvicorn until
    stopped, over the store at ``store`` (an SQLite file, or a PostgreSQL URL), which
    must answer and be writable (else a ``StoreError`` says why, before anything is
    served); ``ready`` is called once the port is bound and requests are answered.
    Logs are JSON lines at ``log_level``; a client's address is read from proxy
    headers (``X-Forwarded-For``) only when the connection comes from one of
    ``trusted_proxies`` (addresses or networks, comma-separated; ``""``: none). At
    most ``max_games`` games are held in memory at once (default
    :data:`~gamekit.server.leases.MAX_GAMES`)."""
    import uvicorn

    from .app import CONNECTIONS_PER_ADDRESS, create_app
    from .leases import MAX_GAMES
    from .ops import configure_logging
    from .protocol import MAX_FRAME
    from .store import open_store

    configure_logging(log_level)
    opened = open_store(store)
    opened.check()  # a store that cannot be written: refuse to start, saying why
    per_address = CONNECTIONS_PER_ADDRESS if connections_per_address is None else (
        connections_per_address)  # fmt: skip
    app = create_app(games, opened, bot_workers=bot_workers,
                     connections_per_address=per_address,
                     max_games=MAX_GAMES if max_games is None else max_games)  # fmt: skip
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=None,  # the JSON lines of configure_logging
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=trusted_proxies or None,
        ws_max_size=MAX_FRAME,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started and ready is not None:
                ready()

    Server(config).run()
