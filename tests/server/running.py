"""A real game server for the tests: ``python -m gamekit.server`` in a subprocess on a
free loopback port, over a store the test names, and a WebSocket client that reads
the envelope with bounded waits."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the server's extra: pip install '.[server]'")
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0
"""The longest a test waits for a server to start or a message to come."""


def free_port() -> int:
    """A port nobody listens on, on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A server process: started, killed (SIGKILL) and started again on the same port
    and store."""

    def __init__(self, store: str, port: int | None = None, workers: int = 0) -> None:
        self.store, self.port, self.workers = store, port or free_port(), workers
        self.process: subprocess.Popen[bytes] | None = None
        self.log = f"{store}.log"
        """The server's standard error (its log), kept beside the store."""
        self.extra: list[str] = []
        """More options of ``serve`` (``--trusted-proxies …``)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gamekit.server", "tiki", "tikalspeed", "--port",
             str(self.port), "--store", self.store, "--bot-workers", str(self.workers),
             *self.extra],
            env=env, stdout=subprocess.DEVNULL, stderr=open(self.log, "ab"),  # noqa: SIM115
        )
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = Path(self.log).read_text(errors="replace")
                raise RuntimeError(f"the server exited: {err[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def output(self) -> str:
        """What the server wrote to its standard error so far."""
        return Path(self.log).read_text(errors="replace") if Path(self.log).exists() else ""

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        """POST JSON; the status and the JSON answer (errors included)."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.url}{path}", data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=WAIT) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=WAIT) as r:
            return json.loads(r.read())

    def create(
        self, game: str | dict[str, Any], seats: list[dict[str, Any]] | None = None, **more: Any
    ) -> Any:
        """A new game (``create("tiki", seats)``, or the whole request as a dict)."""
        body = game if isinstance(game, dict) else {"game": game, "seats": seats, **more}
        status, made = self.post("/api/games", body)
        assert status == 201, made
        return made

    def client(self, game_id: str, token: str) -> Client:
        return Client(f"ws://127.0.0.1:{self.port}/ws/{game_id}", token)


class Client:
    """A WebSocket client of one game: every message it got is kept in ``seen``."""

    def __init__(self, url: str, token: str | None) -> None:
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, open_timeout=WAIT, close_timeout=2)
        )
        self.seen: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}
        if token is not None:
            self.send({"type": "join", "token": token})
            self.hello = self.until(lambda m: m["type"] in ("hello", "error"))

    def send(self, msg: Any) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
        self.seen.append(msg)
        if msg["type"] in ("hello", "update"):
            self.last = msg
        return msg

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Read messages until one satisfies ``done``; return it."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            msg = self.recv()
            if done(msg):
                return msg
        raise TimeoutError("no such message came")

    def drain(self) -> None:
        """Read what has already come."""
        while True:
            try:
                msg = json.loads(self.ws.recv(timeout=0.2))
            except TimeoutError:
                return
            self.seen.append(msg)
            if msg["type"] in ("hello", "update"):
                self.last = msg

    def my_turn(self) -> dict[str, Any]:
        """The latest hello or update once it asks this seat to decide (reading on
        until one does): never the one an acknowledged action has answered."""
        acked = max((m["seq"] for m in self.seen if m["type"] == "ack"), default=0)

        def asks(m: dict[str, Any]) -> bool:
            return m["type"] in ("hello", "update") and m["asked"] is not None and (
                m["seq"] >= acked)

        if self.last and asks(self.last) and self.last is self.seen[-1]:
            return self.last
        return self.until(asks)

    def play(self, token: str) -> dict[str, Any]:
        """Answer the open decision with ``token``; the ack (or the error)."""
        self.send({"type": "action", "seq": self.last["seq"], "token": token})
        return self.until(lambda m: m["type"] in ("ack", "error"))

    def tokens(self) -> list[str]:
        """The tokens of the seat's open decision, as last told."""
        legal = self.last["decision"]["legal"]
        return [a["token"] for entry in legal for a in entry["actions"]]

    def close(self) -> None:
        self._stack.close()


def running(tmp_path: Path) -> Iterator[Server]:
    """A started server over an SQLite file in ``tmp_path``, stopped after the test."""
    server = Server(str(tmp_path / "games.sqlite3")).start()
    try:
        yield server
    finally:
        server.stop()
