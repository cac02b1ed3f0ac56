"""The game server under load, on this machine's loopback only (issue 20; not in CI).

Starts the server (``python -m gamekit.server tikalspeed --bot-workers 0``) over an
SQLite file or a PostgreSQL database, plays 4-player Speed games of Tikal through it
with four WebSocket clients per game (asyncio), each answering its decisions with a
random legal token after a person's pause, and says:

``latency``
    the time from sending an action to every seat of the game receiving the update
    of that seq (p50, p99, max), the actions per second, and the server's memory (its
    RSS, sampled each second), for ``--games`` games (default 100) at ``--pause``
    seconds (default 1.0, jittered by ``--jitter``).
``saturate``
    the clients answer at once (pause 0), with more and more games at a time
    (``--steps``): the actions per second at which p99 passes ``--limit`` ms.
``kill``
    SIGKILL the server in the middle of a run, start it again on the same store, and
    check every acknowledged action (each ``ack`` received) is in the store, as it
    was sent, and that every game's clients find it at least that far on reconnect.
``svg``
    where the time goes in drawing a seat's view (``tikalspeed.svg.board``), with
    cProfile: the top functions by their own time and by cumulative time.

Every run is bounded (``--seconds`` of play, and bounded waits for the server). A
PostgreSQL store is given as a URL of a role that may create databases: each run
makes a database of its own and drops it after::

    python3 benchmarks/server_load.py latency --store sqlite --games 100 --seconds 60
    python3 benchmarks/server_load.py latency --store postgresql://gamekit:gamekit@127.0.0.1/postgres
    python3 benchmarks/server_load.py saturate --store sqlite --steps 1,2,4,8,16
    python3 benchmarks/server_load.py kill --store sqlite --games 20
    python3 benchmarks/server_load.py svg
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's packages, as the server it starts runs them
NEW_GAME = {"game": "tikalspeed", "rules": {"mode": "speed", "players": 4},
            "seats": [{"kind": "human"}] * 4}
MIN_SPACING = 0.1
"""The least time between a client's actions: the server allows a connection 10
messages a second (``gamekit.server.hub.RATE``); a client that sends faster is
refused (``too-fast``) and at last cut off."""
WAIT = 30.0
"""The longest wait for the server to start, answer, or a socket to open."""


# the server ---------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A server process on a loopback port over ``store``."""

    def __init__(self, store: str, port: int, log: Path) -> None:
        self.store, self.port, self.log = store, port, log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gamekit.server", "tikalspeed", "--port", str(self.port),
                 "--store", self.store, "--bot-workers", "0"],
                stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                # every client connects from 127.0.0.1: lift the bound on one address
                env={**os.environ, "GAMEKIT_CONNECTIONS_PER_ADDRESS": "100000"},
            )
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server stopped:\n{self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"http://{self.host}/api/games", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"the server did not start within {WAIT} s")

    def rss(self) -> int:
        """The server process's resident memory, in bytes (0 once it is gone)."""
        if self.proc is None:
            return 0
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            pass
        return 0

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(WAIT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def _store(kind: str) -> Iterator[str]:
    """The store to run on: ``sqlite`` (a new file) or a PostgreSQL URL (a new database
    through it, dropped after)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield str(Path(tmp) / "games.sqlite3")
        return
    import psycopg
    from psycopg import sql

    name = f"gamekit_load_{secrets.token_hex(4)}"
    with psycopg.connect(kind, autocommit=True, connect_timeout=10) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urllib.parse.urlsplit(kind)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(kind, autocommit=True, connect_timeout=10) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(name)))


# the clients --------------------------------------------------------------------------


class Stats:
    """What the clients saw: when each seat received each seq, what was acknowledged."""

    def __init__(self) -> None:
        self.arrived: dict[tuple[str, int], list[float]] = {}
        self.sent: dict[tuple[str, int], float] = {}
        """(game, seq of the ack) -> when the acknowledged action was sent."""
        self.acked: list[tuple[str, int, int, str]] = []
        """(game, seq, seat, token) of every action acknowledged."""
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.tokens: dict[str, str] = {}
        """A seat's token of each game (to join it again after a restart)."""

    def latencies(self) -> list[float]:
        """Seconds from sending each acknowledged action to the last of its game's four
        seats receiving the update of its seq."""
        out = []
        for key, at in self.sent.items():
            times = self.arrived.get(key, [])
            if len(times) == 4:
                out.append(max(times) - at)
        return out


def _post(host: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"http://{host}/api/games", data=json.dumps(body).encode(),
                                 method="POST", headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=WAIT) as answer:
        made: dict[str, Any] = json.loads(answer.read())
        return made


async def _seat(host: str, game_id: str, token: str, seat: int, stats: Stats,
                pause: float, jitter: float, until: float, rng: random.Random) -> bool:
    """One seat's client: answer every decision after a pause until the game ends or
    ``until``; ``True`` if the game ended."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    latest: dict[str, Any] = {}
    answered: int | None = None
    pending: asyncio.Task[None] | None = None
    sending: list[tuple[float, str]] = []
    last = [0.0]

    async with connect(f"ws://{host}/ws/{game_id}", open_timeout=WAIT, max_size=2**24,
                       close_timeout=2) as ws:

        async def answer() -> None:
            nonlocal answered, pending
            wait = pause * (1 + rng.uniform(-jitter, jitter))
            spacing = last[0] + MIN_SPACING - time.monotonic()  # the server's rate limit
            await asyncio.sleep(max(0.0, wait, spacing))
            last[0] = time.monotonic()
            m = latest
            if m.get("asked") is not None and not m.get("over"):
                tokens = [a["token"] for e in m["decision"]["legal"] for a in e["actions"]]
                token = rng.choice(tokens)
                answered = m["asked"]
                sending.append((time.monotonic(), token))
                with contextlib.suppress(ConnectionClosed):  # the run ended, or a kill
                    await ws.send(json.dumps({"type": "action", "seq": m["seq"],
                                              "token": token}))
            pending = None

        def consider() -> None:
            nonlocal pending
            if (latest.get("asked") is not None and latest["asked"] != answered
                    and pending is None and not latest.get("over")):
                pending = asyncio.ensure_future(answer())

        async def _listen(ws: Any) -> bool:
            nonlocal latest, answered
            await ws.send(json.dumps({"type": "join", "token": token}))
            while True:
                left = until - time.monotonic()
                if left <= 0:
                    return False
                try:
                    text = await asyncio.wait_for(ws.recv(), min(left, WAIT))
                except TimeoutError:
                    return False
                now = time.monotonic()
                m = json.loads(text)
                kind = m["type"]
                if kind in ("hello", "update"):
                    stats.arrived.setdefault((game_id, m["seq"]), []).append(now)
                    latest = m
                    if m.get("over"):
                        return True
                    consider()
                elif kind == "ack":
                    at, sent_token = sending.pop(0)
                    stats.sent[game_id, m["seq"]] = at
                    stats.acked.append((game_id, m["seq"], seat, sent_token))
                elif kind == "error":
                    code = m["error"]["code"]
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                    if sending:
                        sending.pop(0)
                    answered = None  # answer again the decision open now
                    consider()

        try:
            return await _listen(ws)
        finally:
            if pending is not None:
                pending.cancel()


async def _game(host: str, stats: Stats, pause: float, jitter: float, until: float,
                rng: random.Random, again: bool) -> None:
    """A game's four clients; with ``again``, a new game each time one ends."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < until:
        made = await loop.run_in_executor(None, _post, host, NEW_GAME)
        stats.tokens[made["id"]] = made["seats"][0]["token"]
        seats = [asyncio.ensure_future(_seat(host, made["id"], s["token"], s["seat"], stats,
                                             pause, jitter, until, random.Random(rng.random())))
                 for s in made["seats"]]
        try:
            ended = await asyncio.gather(*seats)
        except Exception as e:  # a server killed under load: the run goes on to the check
            for task in seats:
                task.cancel()
            stats.errors[type(e).__name__] = stats.errors.get(type(e).__name__, 0) + 1
            return
        if any(ended):
            stats.games_done += 1
        if not again:
            return


async def _run(server: Server, games: int, pause: float, jitter: float, seconds: float,
               seed: int, again: bool, kill_after: float | None = None) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(seed)
    rss: list[int] = []
    start = time.monotonic()
    until = start + seconds

    async def sample() -> None:
        while time.monotonic() < until:
            rss.append(server.rss())
            await asyncio.sleep(1.0)

    async def killer() -> None:
        assert kill_after is not None
        await asyncio.sleep(kill_after)
        server.kill()

    extra = [asyncio.ensure_future(sample())]
    if kill_after is not None:
        extra.append(asyncio.ensure_future(killer()))
    await asyncio.gather(*(_game(server.host, stats, pause, jitter, until,
                                 random.Random(rng.random()), again) for _ in range(games)))
    for task in extra:
        task.cancel()
    elapsed = time.monotonic() - start
    lat = sorted(stats.latencies())
    return {
        "games": games,
        "pause": pause,
        "seconds": round(elapsed, 1),
        "actions": len(stats.acked),
        "actions_per_s": round(len(stats.acked) / elapsed, 1),
        "measured": len(lat),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1) if lat else None,
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "rss_mb_peak": round(max(rss, default=0) / 2**20, 1),
        "rss_mb_end": round((rss[-1] if rss else 0) / 2**20, 1),
        "games_ended": stats.games_done,
        "errors": stats.errors,
        "_stats": stats,
    }


def _shown(result: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in result.items() if not k.startswith("_")})


# the commands ---------------------------------------------------------------------------


def latency(args: argparse.Namespace) -> None:
    with _store(args.store) as store:
        server = Server(store, _free_port(), Path(tempfile.mkstemp(suffix=".log")[1]))
        server.start()
        try:
            idle = server.rss()
            result = asyncio.run(_run(server, args.games, args.pause, args.jitter,
                                      args.seconds, args.seed, again=True))
            result["rss_mb_idle"] = round(idle / 2**20, 1)
            result["store"] = "sqlite" if args.store == "sqlite" else "postgresql"
            print(_shown(result), flush=True)
        finally:
            server.stop()


def saturate(args: argparse.Namespace) -> None:
    for games in [int(n) for n in args.steps.split(",")]:
        with _store(args.store) as store:
            server = Server(store, _free_port(), Path(tempfile.mkstemp(suffix=".log")[1]))
            server.start()
            try:
                result = asyncio.run(_run(server, games, 0.0, 0.0, args.seconds, args.seed,
                                          again=True))
                result["store"] = "sqlite" if args.store == "sqlite" else "postgresql"
                print(_shown(result), flush=True)
            finally:
                server.stop()
            if result["p99_ms"] is not None and result["p99_ms"] > args.limit:
                print(f"p99 passed {args.limit} ms at {games} games at once, "
                      f"{result['actions_per_s']} actions/s", flush=True)
                return
    print(f"p99 stayed under {args.limit} ms up to the last step", flush=True)


def lost_actions(store: str, acked: list[tuple[str, int, int, str]]
                 ) -> list[tuple[str, int, int, str]]:
    """The acknowledged actions, each (game, seq of its ack, seat, token), that are not
    in ``store`` as they were sent."""
    from gamekit.server.store import open_store

    opened = open_store(store)
    lost = []
    try:
        logs = {game_id: opened.log(game_id) for game_id in {a[0] for a in acked}}
        for game_id, seq, seat, token in acked:
            # an ack names the last row the action wrote: its own, then the chance
            # outcomes it led to
            rows = [r for r in logs[game_id] if r.seq <= seq]
            while rows and rows[-1].kind == "chance":
                rows.pop()
            if (not rows or len(logs[game_id]) < seq or logs[game_id][seq - 1].seq != seq
                    or (rows[-1].seat, rows[-1].token) != (seat, token)):
                lost.append((game_id, seq, seat, token))
    finally:
        opened.close()
    return lost


def kill(args: argparse.Namespace) -> None:
    with _store(args.store) as store:
        port = _free_port()
        server = Server(store, port, Path(tempfile.mkstemp(suffix=".log")[1]))
        server.start()
        result = asyncio.run(_run(server, args.games, args.pause, args.jitter, args.seconds,
                                  args.seed, again=False, kill_after=args.kill_after))
        stats: Stats = result["_stats"]
        server.kill()
        restarted = Server(store, port, server.log)
        restarted.start()
        try:
            lost = lost_actions(store, stats.acked)
            result["acked"] = len(stats.acked)
            result["acked_lost"] = len(lost)
            result["games_resumed_at_or_past_acks"] = asyncio.run(
                _reconnect(restarted.host, stats))
            print(_shown(result), flush=True)
            if lost:
                raise SystemExit(f"acknowledged actions lost: {lost[:5]}")
        finally:
            restarted.stop()


async def _reconnect(host: str, stats: Stats) -> str:
    """Join one seat of each game on the restarted server: in how many games it is at
    least as far as the last acknowledged action."""
    from websockets.asyncio.client import connect

    last: dict[str, int] = {}
    for game_id, seq, _seat, _token in stats.acked:
        last[game_id] = max(last.get(game_id, 0), seq)
    ok = 0
    for game_id, seq in last.items():
        async with connect(f"ws://{host}/ws/{game_id}", open_timeout=WAIT,
                           max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "join", "token": stats.tokens[game_id]}))
            hello = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            ok += hello["type"] == "hello" and hello["seq"] >= seq
    return f"{ok} of {len(last)}"


def svg(args: argparse.Namespace) -> None:
    import cProfile
    import io
    import pstats

    import tikalspeed as t

    game = t.GAME
    rules = game.json.rules_from_json({"mode": "speed", "players": 4})
    rng = random.Random(args.seed)
    state = game.new_game(rules, seed=args.seed)
    marks: dict[str, Any] = {}
    n = 0
    while game.outcome(state) is None:  # a random game, to its end
        who = tuple(game.actors(state))
        if who == (game.CHANCE,):
            action = game.sample_chance(state, rng)
        else:
            view = game.observe(state, who[0])
            action = game.parse_action(state, rng.choice(list(game.decision(view).tokens(who[0]))))
        state = game.step(state, action).state
        n += 1
        if n in (50, 150, 300):
            marks[f"after {n} transitions"] = state
    marks[f"at the end ({n} transitions)"] = state
    print(f"compiled: {t.COMPILED}; each figure the mean of {args.draws} draws of seat 0's view")
    for label, position in marks.items():
        view = game.observe(position, 0)
        t.svg.board(view)  # warm
        start = time.perf_counter()
        for _ in range(args.draws):
            text = t.svg.board(view)
        each = (time.perf_counter() - start) / args.draws
        print(f"  {label}: {1000 * each:.1f} ms, {len(text)} characters")
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(args.draws):
        t.svg.board(view)
    profile.disable()
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(15)
    stats.sort_stats("cumulative").print_stats(25)
    print("cProfile of the last:")
    print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("latency", "saturate", "kill"):
        p = sub.add_parser(name)
        p.add_argument("--store", default="sqlite",
                       help="sqlite, or a postgresql:// URL of a role that may create databases")
        p.add_argument("--seconds", type=float, default=60.0, help="how long to play")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--pause", type=float, default=1.0, help="seconds before answering")
        p.add_argument("--jitter", type=float, default=0.3,
                       help="the pause varies by this fraction either way")
        p.add_argument("--games", type=int, default=100, help="games at once")
    sub.choices["saturate"].add_argument("--steps", default="1,2,4,8,16,32",
                                         help="games at once, step by step")
    sub.choices["saturate"].add_argument("--limit", type=float, default=100.0,
                                         help="the p99 in ms that marks saturation")
    sub.choices["kill"].add_argument("--kill-after", type=float, default=10.0,
                                     help="seconds into the run to SIGKILL the server")
    p = sub.add_parser("svg")
    p.add_argument("--draws", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"# {platform.node()} {platform.machine()} {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {' '.join(sys.argv[1:])}", flush=True)
    {"latency": latency, "saturate": saturate, "kill": kill, "svg": svg}[args.command](args)


if __name__ == "__main__":
    main()
