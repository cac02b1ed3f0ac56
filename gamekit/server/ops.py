"""What a host watches a server by: its metrics (Prometheus, ``GET /metrics``) and its
logs (the standard :mod:`logging`, one JSON object a line).

:class:`Metrics` holds the server's own registry, so that two servers in one process
(the tests) count apart: actions stored, by game and kind; the seconds from an action
received to its update sent to the game's last connection; connections open; games
loaded and owned; lease takeovers; bot decisions; store errors; WebSocket
connections refused for being too many from one address. :func:`configure_logging`
sends every logger's records, uvicorn's included, to standard error as JSON
(``python-json-logger``), at the level asked for.

>>> m = Metrics()
>>> m.actions.labels(game="tiki", kind="play").inc()
>>> b"gamekit_actions_total" in m.exposition()
True
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from pythonjsonlogger.json import JsonFormatter

__all__ = ["LEVELS", "Metrics", "configure_logging"]

LEVELS = ("critical", "error", "warning", "info", "debug")
"""The log levels a server may be run at."""


class Metrics:
    """The server's metrics, in a registry of their own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter(
            "gamekit_actions", "Transitions stored, by game and kind (play, bot, timeout, "
            "resign, chance).", ["game", "kind"], registry=self.registry,
        )  # fmt: skip
        self.latency = Histogram(
            "gamekit_action_seconds", "Seconds from an action received to its update sent "
            "to the game's last connection.", registry=self.registry,
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
        )  # fmt: skip
        self.connections = Gauge(
            "gamekit_connections", "WebSocket connections joined to a game.",
            registry=self.registry,
        )  # fmt: skip
        self.games = Gauge(
            "gamekit_games_loaded", "Games held in this process's memory.",
            registry=self.registry,
        )  # fmt: skip
        self.store_errors = Counter(
            "gamekit_store_errors", "Calls to the store that failed.", registry=self.registry,
        )  # fmt: skip
        self.takeovers = Counter(
            "gamekit_lease_takeovers", "Games this process took over from an owner whose "
            "lease ran out.", registry=self.registry,
        )  # fmt: skip
        self.owned = Gauge(
            "gamekit_games_owned", "Games whose bots and clocks this process runs.",
            registry=self.registry,
        )  # fmt: skip
        self.bot_decisions = Counter(
            "gamekit_bot_decisions", "Decisions bots and clocks made in this process.",
            registry=self.registry,
        )  # fmt: skip
        self.full = Counter(
            "gamekit_games_refused", "Games not loaded or made: the process held as many as "
            "it may (--max-games).", registry=self.registry,
        )  # fmt: skip
        self.refused = Counter(
            "gamekit_connections_refused", "WebSocket connections refused: too many from "
            "one address.", registry=self.registry,
        )  # fmt: skip

    def count_games(self, loaded: Callable[[], int]) -> None:
        """Read the games loaded from ``loaded`` each time the metrics are read."""
        self.games.set_function(loaded)

    def exposition(self) -> bytes:
        """The metrics in Prometheus' text format."""
        text: bytes = generate_latest(self.registry)
        return text


def configure_logging(level: str = "warning") -> None:
    """Send every log record (the server's, uvicorn's) to standard error as one JSON
    object a line, at ``level`` (one of :data:`LEVELS`)."""
    if level not in LEVELS:
        raise ValueError(f"a log level is one of {', '.join(LEVELS)}, not {level[:20]!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(
        "{asctime}{levelname}{name}{message}", style="{",
        rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
    ))  # fmt: skip
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    # the pool warns at every attempt to connect again while the database is down; the
    # store says an outage once (pgstore), so only the pool's errors are kept
    logging.getLogger("psycopg.pool").setLevel(max(logging.ERROR, root.level))
