"""The ``serve`` command: its options, for one game (``tiki serve``) or several
(``python -m gamekit.server tiki tikalspeed``).

>>> parser = argparse.ArgumentParser(prog="tiki")
>>> add_options(parser)
>>> parser.parse_args(["--port", "8001"]).port
8001
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

__all__ = ["add_options", "main", "run"]


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"expected a port 1 to 65535, not {text[:20]!r}")
    return int(text)


def _workers(text: str) -> int:
    if not text.isdigit() or int(text) > 64:
        raise argparse.ArgumentTypeError(f"expected 0 to 64 workers, not {text[:20]!r}")
    return int(text)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The ``serve`` options: ``--host``, ``--port``, ``--store``, ``--bot-workers``."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--store", default="games.sqlite3", metavar="PATH_OR_URL",
        help="where games are kept: an SQLite file (default games.sqlite3) or a "
        "postgresql:// URL, which several server processes may share",
    )
    parser.add_argument(
        "--bot-workers", type=_workers, default=2, metavar="N",
        help="processes the bots think in (default 2; 0: threads of the server's process)",
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
              bot_workers=args.bot_workers, ready=ready)
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
