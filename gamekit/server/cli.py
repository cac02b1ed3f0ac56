"""The ``serve`` command: its options, for one game (``tiki serve``) or several
(``python -m gamekit.server tiki tikalspeed``).

>>> parser = argparse.ArgumentParser(prog="tiki")
>>> add_options(parser)
>>> parser.parse_args(["--port", "8001"]).port
8001
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["ENVIRONMENT", "add_options", "main", "run"]


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"expected a port 1 to 65535, not {text[:20]!r}")
    return int(text)


def _workers(text: str) -> int:
    if not text.isdigit() or int(text) > 64:
        raise argparse.ArgumentTypeError(f"expected 0 to 64 workers, not {text[:20]!r}")
    return int(text)


ENVIRONMENT = {
    "host": "GAMEKIT_HOST",
    "port": "GAMEKIT_PORT",
    "store": "GAMEKIT_STORE",
    "bot_workers": "GAMEKIT_BOT_WORKERS",
    "log_level": "GAMEKIT_LOG_LEVEL",
    "trusted_proxies": "GAMEKIT_TRUSTED_PROXIES",
    "connections_per_address": "GAMEKIT_CONNECTIONS_PER_ADDRESS",
    "max_games": "GAMEKIT_MAX_GAMES",
}
"""Each option's environment variable: its value is the option's default, so that a
service unit (or a container) configures the server without arguments, and a database
password in ``GAMEKIT_STORE`` never shows in ``ps``."""


def _connections(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"expected 1 to 100000 connections, not {text[:20]!r}")
    return int(text)


def _games(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected 1 to 1000000 games, not {text[:20]!r}")
    return int(text)


def _level(text: str) -> str:
    from .ops import LEVELS

    if text.lower() not in LEVELS:
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(LEVELS)}, not {text[:20]!r}")
    return text.lower()


def add_options(parser: argparse.ArgumentParser, env: Mapping[str, str] | None = None) -> None:
    """The ``serve`` options (``--host``, ``--port``, ``--store``, ``--bot-workers``,
    ``--log-level``, ``--trusted-proxies``, ``--connections-per-address``), each with
    its default read from its environment variable (:data:`ENVIRONMENT`) in ``env``
    (the process's environment by default)."""
    given = os.environ if env is None else env

    def default(option: str, fallback: str) -> str:
        return given.get(ENVIRONMENT[option], fallback)

    parser.add_argument("--host", default=default("host", "127.0.0.1"),
                        help="the address to listen on (default 127.0.0.1: this machine "
                        "only; $GAMEKIT_HOST)")  # fmt: skip
    parser.add_argument("--port", type=_port, default=default("port", "8000"),
                        help="the port (default 8000; $GAMEKIT_PORT)")
    parser.add_argument(
        "--store", default=default("store", "games.sqlite3"), metavar="PATH_OR_URL",
        help="where games are kept: an SQLite file (default games.sqlite3) or a "
        "postgresql:// URL, which several server processes may share ($GAMEKIT_STORE: "
        "give a password there, never on the command line, which anyone sees in ps)",
    )
    parser.add_argument(
        "--bot-workers", type=_workers, default=default("bot_workers", "2"), metavar="N",
        help="processes the bots think in (default 2; 0: threads of the server's process; "
        "$GAMEKIT_BOT_WORKERS)",
    )
    parser.add_argument(
        "--log-level", type=_level, default=default("log_level", "warning"),
        help="critical, error, warning (default), info or debug; logs are JSON lines on "
        "standard error ($GAMEKIT_LOG_LEVEL)",
    )
    parser.add_argument(
        "--trusted-proxies", default=default("trusted_proxies", ""), metavar="ADDRESSES",
        help="the proxies whose X-Forwarded-For is believed, as addresses or networks, "
        "comma-separated (default none: a client is the address that connects; "
        "$GAMEKIT_TRUSTED_PROXIES)",
    )
    parser.add_argument(
        "--connections-per-address", type=_connections,
        default=default("connections_per_address", "64"), metavar="N",
        help="the most WebSockets one address may hold open (default 64; "
        "$GAMEKIT_CONNECTIONS_PER_ADDRESS)",
    )
    parser.add_argument(
        "--max-games", type=_games, default=default("max_games", "2000"), metavar="N",
        help="the most games held in memory at once, about 0.6 MB each at most; past it "
        "idle games are dropped, or new ones refused 'full' (default 2000; "
        "$GAMEKIT_MAX_GAMES)",
    )


def run(games: Sequence[Any], args: argparse.Namespace) -> int:
    """Serve ``games`` as ``args`` say; the server's extra must be installed."""
    try:
        from . import serve
        from .store import StoreError

        def ready() -> None:  # once the port is bound: a client may connect at once
            print(f"serving {', '.join(g.name for g in games)} on "
                  f"http://{args.host}:{args.port}/", flush=True)

        serve(games, host=args.host, port=args.port, store=args.store,
              bot_workers=args.bot_workers, ready=ready, log_level=args.log_level,
              trusted_proxies=args.trusted_proxies,
              connections_per_address=args.connections_per_address,
              max_games=args.max_games)
    except ModuleNotFoundError as e:
        print(f"serve needs the server's extra: pip install '.[server]' ({e.name} is missing)")
        return 2
    except StoreError as e:
        print(f"serve: {e}")
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamekit.server GAME...``: serve the games of these packages."""
    from ..game import load

    parser = argparse.ArgumentParser(
        prog="python -m gamekit.server", description="Serve games to play online."
    )
    parser.add_argument("packages", nargs="+", metavar="GAME",
                        help="a game's package, e.g. tiki or tikalspeed")
    add_options(parser)
    args = parser.parse_args(argv)
    games = []
    for package in args.packages:
        try:
            games.append(load(f"{package}:GAME"))
        except (ImportError, AttributeError):
            parser.error(f"no game package {package!r}")
    return run(games, args)
