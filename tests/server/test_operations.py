"""What a host expects of the server (issue 31, "Operations"): health and readiness
probes, Prometheus metrics, JSON logs at a level set from the environment, every
option from the environment (a database password never on the command line), a
store that cannot be written refused at start, proxies believed only where trusted,
and connections per address bounded. Each against a real server process on loopback.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from running import ROOT, WAIT, Client, Server, free_port, running
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from running(tmp_path)


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=WAIT) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def _start(tmp_path: Path, *args: str, env: dict[str, str] | None = None,
           stderr: Any = subprocess.DEVNULL) -> tuple[subprocess.Popen[str], int]:  # fmt: skip
    """A server process with ``args`` (and ``env`` added), once it says it serves."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gamekit.server", "tiki", "--port", str(port), *args],
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        stdout=subprocess.PIPE, stderr=stderr, text=True, cwd=tmp_path,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("serving"), line
    return process, port


def _stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    process.wait(WAIT)


def test_health_readiness_and_metrics(server: Server) -> None:
    """``/healthz`` says the process is alive, ``/readyz`` that the store answers and
    can be written, and ``/metrics`` counts what a host watches: the actions stored by
    game and kind, the seconds from an action to its last update, the connections and
    the games loaded."""
    assert _get(server.url + "/healthz") == (200, b'{"status":"alive"}')
    assert _get(server.url + "/readyz") == (200, b'{"status":"ready"}')
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a, b = (server.client(made["id"], s["token"]) for s in made["seats"])
    mover = a if a.hello["asked"] is not None else b
    assert mover.play(mover.tokens()[0])["type"] == "ack"
    status, body = _get(server.url + "/metrics")
    text = body.decode()
    assert status == 200
    found = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
             if line and not line.startswith("#")}
    assert found['gamekit_actions_total{game="tiki",kind="chance"}'] == 2  # layout, first
    assert found['gamekit_actions_total{game="tiki",kind="play"}'] == 1
    assert found["gamekit_action_seconds_count"] == 1
    assert found["gamekit_connections"] == 2 and found["gamekit_games_loaded"] == 1


def test_an_unwritable_store_is_refused_at_start(tmp_path: Path) -> None:
    """A read-only store was not noticed at start: every action then closed the
    socket. Now the server refuses to start, saying why, and exits 2."""
    SQLiteish = tmp_path / "games.sqlite3"
    subprocess.run([sys.executable, "-c", f"import sqlite3; sqlite3.connect({str(SQLiteish)!r})"
                    ".execute('create table t (x)')"], check=True)  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "gamekit.server", "tiki", "--port", str(free_port()),
         "--store", f"file:{SQLiteish}?mode=ro"],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=WAIT,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout.startswith("serve: ") and "readonly" in done.stdout, done.stdout


def test_options_come_from_the_environment_and_logs_are_json(tmp_path: Path) -> None:
    """Every option has an environment variable (a service unit configures the server
    without arguments, and a database password stays out of ``ps``); the logs are
    one JSON object a line, at the level ``GAMEKIT_LOG_LEVEL`` sets."""
    store = tmp_path / "from-env.sqlite3"
    process, port = _start(tmp_path, env={"GAMEKIT_STORE": str(store),
                                          "GAMEKIT_LOG_LEVEL": "info"},
                           stderr=subprocess.PIPE)  # fmt: skip
    try:
        assert _get(f"http://127.0.0.1:{port}/readyz")[0] == 200
        assert store.is_file()  # the store the environment named
        command = Path(f"/proc/{process.pid}/cmdline").read_bytes().decode()
        assert str(store) not in command
    finally:
        _stop(process)
    assert process.stderr is not None
    lines = [json.loads(line) for line in process.stderr.read().splitlines() if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= set(e) for e in lines)
    assert any(e["level"] == "INFO" for e in lines), lines[:3]


def test_connections_per_address_are_bounded_and_proxies_believed_only_if_trusted(
    tmp_path: Path,
) -> None:
    """One address may hold a bounded number of WebSockets (the refused one is told
    ``too-many``); behind a proxy every player shared the proxy's address, so the
    proxy's ``X-Forwarded-For`` is believed where it is trusted, and only there."""
    for trusted in ("", "127.0.0.1"):
        args = ["--store", str(tmp_path / f"g{bool(trusted)}.sqlite3"),
                "--connections-per-address", "2", "--trusted-proxies", trusted]
        process, port = _start(tmp_path, *args)
        try:
            body = json.dumps({"game": "tiki", "seats": [{"kind": "human"},
                                                         {"kind": "human"}]}).encode()
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=body,
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=WAIT) as r:
                made = json.loads(r.read())
            url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
            token = made["seats"][0]["token"]
            held = [Client(url, token) for _ in range(2)]
            forwarded = {"X-Forwarded-For": "203.0.113.9"}
            with contextlib.ExitStack() as stack:
                third = stack.enter_context(
                    connect(url, additional_headers=forwarded, open_timeout=WAIT))
                stack.push(lambda *exc: isinstance(exc[1], ConnectionClosed))  # refused
                with contextlib.suppress(ConnectionClosed):  # refused before it could join
                    third.send(json.dumps({"type": "join", "token": token}))
                first = json.loads(third.recv(timeout=WAIT))
            if trusted:  # another player behind the proxy: another address
                assert first["type"] == "hello", first
            else:  # the forwarded address is not believed: a third from this address
                assert first["type"] == "error" and first["error"]["code"] == "too-many"
            for c in held:
                c.close()
        finally:
            _stop(process)


def test_the_readiness_probe_says_why_the_store_cannot_be_written(tmp_path: Path) -> None:
    """While it runs, a store that stops answering fails ``/readyz`` (503, saying why)
    and ``/healthz`` still answers; the process is alive, the games are not safe."""
    store = tmp_path / "games.sqlite3"
    process, port = _start(tmp_path, "--store", str(store))
    try:
        assert _get(f"http://127.0.0.1:{port}/readyz")[0] == 200
        locker = subprocess.Popen(  # another writer holds the file's write lock
            [sys.executable, "-c", "import sqlite3, sys, time\n"
             f"db = sqlite3.connect({str(store)!r}, isolation_level=None, timeout=0)\n"
             "db.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(60)"],
            stdout=subprocess.PIPE, text=True,
        )
        try:
            assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
            status, body = _get(f"http://127.0.0.1:{port}/readyz")
            assert status == 503 and json.loads(body)["status"] == "unavailable", body
            assert _get(f"http://127.0.0.1:{port}/healthz")[0] == 200
        finally:
            locker.kill()
            locker.wait(WAIT)
        deadline = time.monotonic() + WAIT
        while _get(f"http://127.0.0.1:{port}/readyz")[0] != 200:
            assert time.monotonic() < deadline, "ready again once the store is free"
            time.sleep(0.1)
    finally:
        _stop(process)


def _metric(server: Server, name: str) -> float:
    text = _get(server.url + "/metrics")[1].decode()
    return next(float(line.split(" ")[1]) for line in text.splitlines()
                if line.startswith(name + " "))


def test_a_decision_keeps_its_time_across_a_restart(tmp_path: Path) -> None:
    """Clocks started again in full after a restart (a 10 s decision timed out at
    17.5 s): a decision's deadline is stored, so after a kill -9 and a start the seat
    has what was left, not the whole clock again."""
    server = Server(str(tmp_path / "games.sqlite3")).start()
    try:
        made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}], clock=60)
        seats = [server.client(made["id"], s["token"]) for s in made["seats"]]
        asked = next(c for c in seats if c.hello["asked"] is not None)
        seat = str(asked.hello["for"])
        time.sleep(2.5)  # time passes on the seat's clock (the deadline is what is asserted)
        server.kill()
        server.start()
        again = server.client(made["id"], made["seats"][int(seat)]["token"])
        assert again.hello["asked"] == asked.hello["asked"]
        assert again.hello["clock"][seat] <= 60 - 2.5, again.hello["clock"]
    finally:
        server.stop()


def test_a_server_starts_with_only_the_games_that_run(tmp_path: Path) -> None:
    """Every process loaded every game ever stored, and kept the finished ones (500
    finished games: 8 s of start-up, 284 MB). Now a finished game is not loaded at
    start, a game that waits for people with nothing running is not held, and both come
    back when someone asks for them; the lobby still knows which ended."""
    server = Server(str(tmp_path / "games.sqlite3")).start()
    try:
        finished = [server.create("tiki", [{"kind": "bot", "bot": "greedy"},
                                           {"kind": "bot", "bot": "greedy"}], listed=True)
                    for _ in range(3)]  # fmt: skip
        for made in finished:
            watcher = server.client(made["id"], made["spectator"]["token"])
            if not watcher.hello["over"]:
                watcher.until(lambda m: m["type"] == "update" and m["over"])
            watcher.close()
        waiting = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
        server.stop()
        server.start()
        assert _metric(server, "gamekit_games_loaded") == 0
        listed = {g["id"]: g["over"] for g in server.get("/api/games")["games"]}
        assert all(listed[m["id"]] for m in finished), listed
        back = server.client(waiting["id"], waiting["seats"][0]["token"])  # on demand
        assert back.hello["type"] == "hello"
        assert _metric(server, "gamekit_games_loaded") == 1
        old = server.client(finished[0]["id"], finished[0]["spectator"]["token"])
        assert old.hello["over"] and old.hello["record"]
    finally:
        server.stop()


def test_memory_has_a_ceiling_of_games(tmp_path: Path) -> None:
    """Memory grew with no ceiling. Now a process holds at most ``--max-games`` games:
    at the ceiling a game nobody watches and nothing runs for is dropped to make room
    (it comes back from the store when asked for); with none to drop, a new game is
    refused 503 ``full`` with ``Retry-After``, a join is told ``full`` with when to try
    again, nothing is stored, and the count shows in the metrics."""
    server = Server(str(tmp_path / "games.sqlite3"))
    server.extra = ["--max-games", "2"]
    server.start()
    try:
        people = [{"kind": "human"}, {"kind": "human"}]
        idle = server.create("tiki", people)  # held, nobody connected
        b = server.create("tiki", people)
        at_b = server.client(b["id"], b["seats"][0]["token"])
        c = server.create("tiki", people)  # the idle game made room
        at_c = server.client(c["id"], c["seats"][0]["token"])
        assert _metric(server, "gamekit_games_loaded") == 2
        status, answer = server.post("/api/games", {"game": "tiki", "seats": people})
        assert (status, answer["error"]["code"]) == (503, "full"), answer
        assert "as many games as it may (2)" in answer["error"]["message"]
        back = Client(f"ws://127.0.0.1:{server.port}/ws/{idle['id']}", None)
        back.send({"type": "join", "token": idle["seats"][0]["token"]})
        refused = back.until(lambda m: m["type"] == "error")
        assert refused["error"]["code"] == "full" and refused["error"]["retry"] > 0
        with pytest.raises(ConnectionClosed) as closed:
            back.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert _metric(server, "gamekit_games_refused_total") == 2
        at_b.close()  # b now waits for people who left: dropped
        again = server.client(idle["id"], idle["seats"][0]["token"])  # room again
        assert again.hello["type"] == "hello" and again.hello["seq"] >= 1
        import sqlite3

        with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db:
            stored = db.execute("SELECT count(*) FROM games").fetchone()[0]
        assert stored == 3  # nothing stored of the game refused
        at_c.close()
    finally:
        server.stop()
