"""The game server under chaos, on this machine's loopback only (issue 31; not in CI).

Starts a PostgreSQL cluster of its own (``tests/server/private_postgres.py``: never
the database the tests share), a database in it, and ``--processes`` server processes
over it (``python -m gamekit.server tikalspeed --bot-workers 0``, each on a loopback
port), and plays ``--games`` 4-player Speed games of Tikal at once at a person's pace
(each seat answers its decision with a random legal token ``--pause`` seconds after it
is asked, jittered by ``--jitter``), the four seats of a game spread over the
processes; a game that ends is replaced by a new one, for ``--seconds``. Meanwhile:

- every ``--kill-every`` seconds a random process is killed (SIGKILL) and started
  again on its port ``--restart-after`` seconds later (again and again, should the
  database be down then, as a supervisor would);
- at each ``--outage-at`` second PostgreSQL stops (fast: every connection cut) for
  ``--outage-for`` seconds, then starts again.

A client whose socket closes connects again (the next process, a bounded backoff) and
joins with its token; told ``unavailable`` it tries again after the ``retry`` given.
At the end it says, as one JSON line: the games started, finished and stalled (not
over, and nothing new seen for ``--stall`` seconds), the actions acknowledged and
lost (each ``ack`` checked against the store's log, as ``server_load.py kill`` does;
the exit status is 1 if any is lost), the latency from sending an action to the last
of its game's four seats receiving the ``update`` of its seq (p50, p99, max; only
where all four received that update live), the errors by code, the reconnections,
kills and outages, the servers' CPU seconds (``/proc/PID/stat``, read before each
kill and at the end; not PostgreSQL's, the clients' apart) and the actions per server
CPU-second; and the store's rows by kind, the slowest answer (``ack`` or ``error``) to
an action and the answers slower than 5 s, and some of the processes' metrics (lease
takeovers: with ``--clock`` each game has an owner). With ``--baseline`` the same load
runs first on one process with no chaos, and a last line gives each chaos run's
actions per CPU-second against it (on a noisy machine, the ratio is the figure). The
servers' logs are kept, and their warnings and errors are counted::

    python3 benchmarks/server_chaos.py --processes 2 --games 20 --seconds 60 \\
        --kill-every 30 --outage-at 40 --outage-for 5
    python3 benchmarks/server_chaos.py --processes 2,3 --games 200 --seconds 150 \\
        --kill-every 40 --outage-at 70 --outage-for 5 --baseline
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import server_load
from server_load import MIN_SPACING, NEW_GAME, ROOT, WAIT, Server, Stats, lost_actions

sys.path.insert(0, str(ROOT / "tests" / "server"))
os.environ.setdefault("GAMEKIT_CONNECTIONS_PER_ADDRESS", "100000")  # every client is 127.0.0.1
TICK = os.sysconf("SC_CLK_TCK")


class Process(Server):
    """A server process whose CPU time is kept across its kills."""

    spent = 0.0
    """CPU seconds of its earlier lives."""

    def cpu(self) -> float:
        """CPU seconds (user and system) of this life so far (0 once it is gone)."""
        if self.proc is None or self.proc.poll() is not None:
            return 0.0
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime: fields 14 and 15

    def kill(self) -> None:
        self.spent += self.cpu()
        super().kill()


class Seen(Stats):
    """What the clients saw (:class:`server_load.Stats`), each seat's arrival of a seq
    counted once, and what a chaos run adds."""

    def __init__(self) -> None:
        super().__init__()
        self.got: set[tuple[str, int, int]] = set()
        self.started = 0
        self.finished: set[str] = set()
        self.moved: dict[str, float] = {}  # when each game was last seen to move
        self.top: dict[str, int] = {}
        self.reconnects = 0
        self.drops: Counter[str] = Counter()
        self.traces: list[str] = []
        self.replies: list[tuple[float, float, str]] = []  # (sent, seconds to its reply, kind)
        self.end = 0.0  # when play ended (time.monotonic)

    def arrive(self, game_id: str, seq: int, seat: int, now: float, live: bool) -> None:
        if seq > self.top.get(game_id, -1):
            self.top[game_id] = seq
            self.moved[game_id] = now
        if live and (game_id, seq, seat) not in self.got:
            self.got.add((game_id, seq, seat))
            self.arrived.setdefault((game_id, seq), []).append(now)


# a seat's client ----------------------------------------------------------------------


async def _connection(ws: Any, game_id: str, token: str, seat: int, seen: Seen,
                      pause: float, jitter: float, until: float, rng: random.Random) -> bool:
    """Play one connection until the game ends (``True``), the run ends or the socket
    closes (an exception)."""
    latest: dict[str, Any] = {}
    answered: int | None = None
    pending: asyncio.Task[None] | None = None
    sent: dict[int, tuple[float, str]] = {}
    last = 0.0
    refs = itertools.count()

    async def answer(wait: float) -> None:
        nonlocal answered, pending, last
        await asyncio.sleep(max(wait, last + MIN_SPACING - time.monotonic()))
        pending = None
        m = latest
        if m.get("asked") is None or m.get("over") or m["asked"] == answered:
            return
        token_ = rng.choice([a["token"] for e in m["decision"]["legal"] for a in e["actions"]])
        answered, last = m["asked"], time.monotonic()
        ref = next(refs)
        sent[ref] = (last, token_)
        with contextlib.suppress(Exception):  # the socket closed: the reading loop sees it
            await ws.send(json.dumps({"type": "action", "seq": m["seq"], "token": token_,
                                      "ref": ref}))

    def consider(wait: float | None = None) -> None:
        nonlocal pending
        if (latest.get("asked") is not None and latest["asked"] != answered
                and pending is None and not latest.get("over")):
            pending = asyncio.ensure_future(
                answer(pause * (1 + rng.uniform(-jitter, jitter)) if wait is None else wait))

    await ws.send(json.dumps({"type": "join", "token": token}))
    try:
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return False
            try:
                text = await asyncio.wait_for(ws.recv(), min(left, WAIT))
            except TimeoutError:
                continue  # a game that waits for a seat reconnecting; the keepalive pings
            now = time.monotonic()
            m = json.loads(text)
            kind = m["type"]
            if kind in ("hello", "update"):
                seen.arrive(game_id, m["seq"], seat, now, kind == "update")
                latest = m
                if m.get("over"):
                    seen.finished.add(game_id)
                    return True
                consider()
            elif kind == "ack":
                if m.get("ref") not in sent:
                    seen.errors["ack-unasked"] = seen.errors.get("ack-unasked", 0) + 1
                    continue
                at, token_ = sent.pop(m["ref"])
                seen.replies.append((at, now - at, "ack"))
                seen.sent[game_id, m["seq"]] = at
                seen.acked.append((game_id, m["seq"], seat, token_))
            elif kind == "error":
                code = m["error"]["code"]
                seen.errors[code] = seen.errors.get(code, 0) + 1
                if m.get("ref") in sent:
                    at = sent.pop(m["ref"])[0]
                    seen.replies.append((at, now - at, code))
                    answered = None  # answer the decision open now again
                    consider(m["error"].get("retry") if code == "unavailable" else None)
    finally:
        if pending is not None:
            pending.cancel()


async def _seat(hosts: list[str], first: int, game_id: str, token: str, seat: int, seen: Seen,
                pause: float, jitter: float, until: float, rng: random.Random) -> bool:
    """One seat's client: play, and connect again (to the next process, after a bounded
    backoff) whenever the socket closes, until the game ends (``True``) or ``until``."""
    from websockets.asyncio.client import connect

    tries, at = 0, first
    while time.monotonic() < until:
        host = hosts[at % len(hosts)]
        began = time.monotonic()
        try:
            async with connect(f"ws://{host}/ws/{game_id}", open_timeout=10,
                               max_size=2**24, close_timeout=1) as ws:
                return await _connection(ws, game_id, token, seat, seen, pause, jitter, until,
                                         rng)
        except (OSError, TimeoutError) as e:  # refused (a killed process), or cut
            seen.drops[type(e).__name__] += 1
        except Exception as e:  # ConnectionClosed, a handshake refused
            seen.drops[type(e).__name__] += 1
            if not type(e).__module__.startswith("websockets"):
                seen.traces.append(traceback.format_exc())
        tries, at = 0 if time.monotonic() - began > 5 else tries + 1, at + 1
        seen.reconnects += 1
        await asyncio.sleep(min(2.0, 0.1 * 2**tries) * rng.uniform(0.5, 1.0))
    return False


async def _table(hosts: list[str], index: int, seen: Seen, pause: float, jitter: float,
                 until: float, ramp: float, clock: int | None, rng: random.Random) -> None:
    """A table: a game, its four seats over the processes, and a new one when it ends."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(rng.uniform(0, ramp))
    body = dict(NEW_GAME, clock=clock)
    tries = 0
    while time.monotonic() < until:
        try:
            made = await loop.run_in_executor(None, server_load._post, rng.choice(hosts), body)
        except OSError as e:  # a process killed, or the database down (503)
            seen.drops["create:" + type(e).__name__] += 1
            tries += 1
            await asyncio.sleep(min(2.0, 0.1 * 2**tries))
            continue
        tries = 0
        seen.started += 1
        seen.tokens[made["id"]] = made["seats"][0]["token"]
        seen.moved[made["id"]] = time.monotonic()
        ended = await asyncio.gather(*(
            _seat(hosts, index + s["seat"], made["id"], s["token"], s["seat"], seen, pause,
                  jitter, until, random.Random(rng.random()))
            for s in made["seats"]))
        if not any(ended):
            return


# a run --------------------------------------------------------------------------------


async def _chaos(procs: list[Process], cluster: Any, args: argparse.Namespace, until: float,
                 done: dict[str, int]) -> None:
    loop = asyncio.get_running_loop()
    own = concurrent.futures.ThreadPoolExecutor(2, "chaos")  # not behind the clients' posts
    rng = random.Random(args.seed + 1)
    start = time.monotonic()

    async def restart(p: Process) -> None:
        await asyncio.sleep(args.restart_after)
        while time.monotonic() < until + WAIT:
            try:
                await loop.run_in_executor(own, p.start)
                return
            except (SystemExit, Exception):  # the database is down: it refuses to start
                done["restarts_refused"] += 1
                p.kill()
                await asyncio.sleep(2.0)

    async def kills() -> None:
        if not args.kill_every:
            return
        while True:
            await asyncio.sleep(start + args.kill_every * (done["kills"] + 1) - time.monotonic())
            if time.monotonic() > until - args.restart_after - 5:
                return
            alive = [p for p in procs if p.proc and p.proc.poll() is None]
            if alive:
                p = rng.choice(alive)
                await loop.run_in_executor(own, p.kill)
                done["kills"] += 1
                await restart(p)

    async def outages() -> None:
        for at in args.outage_at:
            await asyncio.sleep(start + at - time.monotonic())
            await loop.run_in_executor(own, cluster.stop)
            done["outages"] += 1
            await asyncio.sleep(args.outage_for)
            await loop.run_in_executor(own, cluster.start)

    await asyncio.gather(kills(), outages())
    own.shutdown(wait=False)


async def _play(procs: list[Process], cluster: Any, args: argparse.Namespace,
                chaos: bool) -> tuple[Seen, dict[str, int], float]:
    seen = Seen()
    done = {"kills": 0, "outages": 0, "restarts_refused": 0}
    rng = random.Random(args.seed)
    hosts = [p.host for p in procs]
    start = time.monotonic()
    until = start + args.seconds
    extra = asyncio.ensure_future(_chaos(procs, cluster, args, until, done)
                                  if chaos else asyncio.sleep(0))
    await asyncio.gather(*(
        _table(hosts, i, seen, args.pause, args.jitter, until, args.ramp, args.clock,
               random.Random(rng.random())) for i in range(args.games)))
    seen.end = time.monotonic()
    elapsed = seen.end - start
    await asyncio.wait_for(extra, args.restart_after + 2 * WAIT)  # every process back
    return seen, done, elapsed


def _stored(store: str, games: list[str], stalled: list[str]) -> tuple[Any, Any]:
    """The rows of ``games`` by kind, and the last seq of each of ``stalled``."""
    from gamekit.server.store import open_store

    opened = open_store(store)
    try:
        kinds = Counter(r.kind for g in games for r in opened.log(g))
        return dict(kinds), opened.heads(stalled) if stalled else {}
    finally:
        opened.close()


def _metrics(procs: list[Process]) -> dict[str, float]:
    """Some of the processes' ``/metrics``, summed (each counted since its last start)."""
    out = dict.fromkeys(("gamekit_lease_takeovers_total", "gamekit_games_owned",
                         "gamekit_bot_decisions_total", "gamekit_store_errors_total"), 0.0)
    for p in procs:
        with contextlib.suppress(OSError), urllib.request.urlopen(
                f"http://{p.host}/metrics", timeout=WAIT) as answer:
            for line in answer.read().decode().splitlines():
                if line.split("{")[0].split(" ")[0] in out:
                    out[line.split("{")[0].split(" ")[0]] += float(line.rsplit(" ", 1)[1])
    return {name.removeprefix("gamekit_"): n for name, n in out.items()}


def _log_problems(logs: list[Path]) -> dict[str, int]:
    """The servers' log lines at warning or above (tracebacks marked), by message."""
    found: Counter[str] = Counter()
    for log in logs:
        for line in log.read_text(errors="replace").splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                if line.strip() and not line.startswith("serving"):
                    found["(not JSON) " + line[:100]] += 1
                continue
            if entry.get("level") in ("WARNING", "ERROR", "CRITICAL"):
                mark = " [traceback]" if "exc_info" in entry else ""
                said = re.sub(r"0x[0-9a-f]+|gamekit_load_\w+", "…", entry.get("message", ""))
                found[f"{entry['level']}: {said[:100]}{mark}"] += 1
    return dict(found)


def run(cluster: Any, args: argparse.Namespace, processes: int, chaos: bool) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="gamekit-chaos-"))
    with server_load._store(cluster.url) as store:
        procs = [Process(store, server_load._free_port(), folder / f"server{i}.log")
                 for i in range(processes)]
        for p in procs:
            p.start()
        clients = os.times()
        load = os.getloadavg()[0]
        try:
            seen, done, elapsed = asyncio.run(_play(procs, cluster, args, chaos))
            cpu = sum(p.spent + p.cpu() for p in procs)
            metrics = _metrics(procs)
            client_cpu = sum(os.times()[:2]) - sum(clients[:2])
            lost = lost_actions(store, seen.acked)
            stalled = [g for g in seen.tokens if g not in seen.finished
                       and seen.moved[g] < seen.end - args.stall]
            kinds, heads = _stored(store, list(seen.tokens), stalled[:5])
            resumed = asyncio.run(server_load._reconnect(procs[0].host, seen))
        finally:
            for p in procs:
                p.stop()
    lat = sorted(seen.latencies())
    acked = len(seen.acked)
    result = {
        "run": "chaos" if chaos else "baseline", "processes": processes, "games": args.games,
        "pause": args.pause, "seconds": round(elapsed, 1), "games_started": seen.started,
        "games_finished": len(seen.finished), "games_stalled": len(stalled),
        "actions_acked": acked, "actions_lost": len(lost),
        "actions_per_s": round(acked / elapsed, 1), "measured": len(lat),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1) if lat else None,
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "errors": seen.errors, "rows_by_kind": kinds,
        "reply_max_ms": round(1000 * max((r for _, r, _ in seen.replies), default=0)),
        "replies_over_5s": Counter(what for _, r, what in seen.replies if r > 5),
        "reconnects": seen.reconnects, "drops": dict(seen.drops),
        **done, "server_cpu_s": round(cpu, 1),
        "actions_per_cpu_s": round(acked / cpu, 1) if cpu else None,
        "client_cpu_s": round(client_cpu, 1), "load_before": round(load, 2),
        "load_after": round(os.getloadavg()[0], 2), "resumed_at_or_past_acks": resumed,
        "metrics": metrics, "logs": str(folder),
        "log_problems": _log_problems([p.log for p in procs]),
    }
    if seen.traces:
        result["client_traces"] = seen.traces[:3]
    if lost:
        result["lost_examples"] = lost[:5]
    if stalled:  # (game, the last seq a client saw, the store's last seq)
        result["stalled_examples"] = [(g, seen.top.get(g), heads.get(g)) for g in stalled[:5]]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--processes", default="2", help="processes on one database; a list (2,3) runs each")
    add("--games", type=int, default=200, help="games at once")
    add("--pause", type=float, default=1.0, help="seconds before answering")
    add("--jitter", type=float, default=0.3, help="the pause varies by this fraction either way")
    add("--seconds", type=float, default=150.0, help="how long to play")
    add("--ramp", type=float, default=5.0, help="the games start over this many seconds")
    add("--kill-every", type=float, default=40.0, help="seconds between two kills (0: none)")
    add("--restart-after", type=float, default=2.0, help="seconds from a kill to a start")
    add("--outage-at", default="70", type=lambda s: [float(x) for x in s.split(",") if x],
        help="seconds into the run to stop PostgreSQL (a list; '': none)")
    add("--outage-for", type=float, default=5.0, help="seconds PostgreSQL stays down")
    add("--clock", type=int, default=None, help="seconds per decision (default none; with a "
        "clock each game needs an owner, so the leases and takeovers are exercised)")
    add("--stall", type=float, default=30.0,
        help="a game not over that showed nothing new for this long is stalled")
    add("--baseline", action="store_true", help="first the same load on one process, no chaos")
    add("--seed", type=int, default=1)
    args = parser.parse_args()
    head = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                          capture_output=True, text=True).stdout.strip()
    print(f"# {platform.node()} {platform.machine()} {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {head}, {' '.join(sys.argv[1:])}", flush=True)
    from private_postgres import Cluster  # type: ignore[import-not-found]  # tests/server

    cluster = Cluster().start()
    lost = 0
    try:
        base = None
        if args.baseline:
            base = run(cluster, args, 1, chaos=False)
            lost += base["actions_lost"]
            print(json.dumps(base), flush=True)
        for n in [int(x) for x in args.processes.split(",")]:
            result = run(cluster, args, n, chaos=True)
            lost += result["actions_lost"]
            print(json.dumps(result), flush=True)
            if base is not None and base["actions_per_cpu_s"] and result["actions_per_cpu_s"]:
                print(json.dumps({
                    "compare": f"{n} processes, {result['kills']} kills, {result['outages']} "
                    "outages, against 1 process alone",
                    "actions_per_cpu_s": [result["actions_per_cpu_s"], base["actions_per_cpu_s"]],
                    "ratio": round(result["actions_per_cpu_s"] / base["actions_per_cpu_s"], 2),
                    "actions_per_s": [result["actions_per_s"], base["actions_per_s"]],
                }), flush=True)
    finally:
        with contextlib.suppress(Exception):
            cluster.close()
    if lost:
        raise SystemExit(f"{lost} acknowledged actions lost")


if __name__ == "__main__":
    main()
