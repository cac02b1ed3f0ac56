"""The server's CPU for one action, in process (issue 31; not in CI).

For each action of random games, what the server does between a seat's message and
the last seat's update, less the store and the socket: the seat's token checked
against its decision (``messages.offered``), the rows planned and played
(``Table.plan``, ``Table.advance``), and an update built (``messages.message``) and
written as the text sent for every seat and a spectator. The client picks its token
from the update it was sent, as a page does. Each figure is the best of ``--repeat``
runs, in CPU milliseconds an action::

    python3 benchmarks/server_cpu.py                    # this tree
    python3 benchmarks/server_cpu.py --against d681a77  # and a commit, in the same run

With ``--against``, the same measurement runs on a checkout of that commit (a git
worktree, removed after) in the same run, and the ratio is printed: the machine is
shared and noisy, so a ratio is the figure to quote.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "tikalspeed": ({"mode": "speed", "players": 4}, 4),
    "tiki": ({}, 2),
}


def _written() -> Any:
    try:
        from gamekit.server.protocol import written  # since issue 31

        return written
    except ImportError:  # an older tree: what its server did
        return lambda msg: json.dumps(msg, separators=(",", ":"))


def _run(package: str, seed: int, limit: int) -> int:
    """Play one random game of ``package`` through a table; the actions played."""
    import importlib

    from gamekit.server.messages import SeatInfo, message, offered
    from gamekit.server.table import Table

    game = importlib.import_module(package).GAME
    rules_json, seats = GAMES[package]
    rules = game.json.rules_from_json(rules_json)
    info = SeatInfo.of(game, seats)
    written = _written()
    rng = random.Random(seed)
    t = Table.start(game, rules, seed=seed, seats=seats)
    t.advance(t.pending())
    who: list[int | None] = [*range(seats), None]
    msgs = {s: message(t, info, s, "hello", []) for s in who}
    n = 0
    while not t.over and n < limit:
        seat = t.actors[0]
        offer = [a["token"] for e in msgs[seat]["decision"]["legal"] for a in e["actions"]]
        token = offered(t, seat, {"type": "action", "seq": t.seq, "token": rng.choice(offer)})
        events = t.advance(t.plan(seat, "play", token))
        for s in who:
            msgs[s] = message(t, info, s, "update", events)
            written(msgs[s])
        n += 1
    return n


def measure(games: int, repeat: int, limit: int) -> dict[str, float]:
    """CPU milliseconds an action, the best of ``repeat`` runs of ``games`` games."""
    out = {}
    for package in GAMES:
        _run(package, 0, limit)  # warm
        best = float("inf")
        for _ in range(repeat):
            start, n = time.process_time(), 0
            for seed in range(1, games + 1):
                n += _run(package, seed, limit)
            best = min(best, (time.process_time() - start) / n)
        out[package] = round(1000 * best, 3)
    return out


def _elsewhere(rev: str, args: argparse.Namespace) -> dict[str, float]:
    """:func:`measure` on a worktree of ``rev``, with this script."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
                       check=True, capture_output=True)  # fmt: skip
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--json", "--games", str(args.games),
                 "--repeat", str(args.repeat), "--limit", str(args.limit)],
                check=True, capture_output=True, text=True, timeout=3600,
                env={**os.environ, "PYTHONPATH": str(tree), "SERVER_CPU_ROOT": str(tree)},
            )  # fmt: skip
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)  # fmt: skip
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="random games a run")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is kept")
    parser.add_argument("--limit", type=int, default=400, help="actions a game at most")
    parser.add_argument("--against", metavar="REV", help="a commit to measure too")
    parser.add_argument("--json", action="store_true", help="print only the figures")
    args = parser.parse_args()
    here = measure(args.games, args.repeat, args.limit)
    if args.json:
        print(json.dumps(here))
        return
    print(f"CPU ms an action (best of {args.repeat} runs of {args.games} games), this tree:")
    print(json.dumps(here))
    if args.against:
        there = _elsewhere(args.against, args)
        print(f"at {args.against}:")
        print(json.dumps(there))
        print("this tree's cost against it:",
              json.dumps({k: round(here[k] / there[k], 3) for k in here if k in there}))


if __name__ == "__main__":
    sys.path.insert(0, os.environ.get("SERVER_CPU_ROOT", str(ROOT)))
    main()
