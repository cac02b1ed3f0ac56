"""A real game server in a subprocess, for the browser tests: on a free loopback port,
over a temporary SQLite file, started and stopped (or killed) by the test.

Every wait here is bounded: a server that does not answer within :data:`START_WAIT`
seconds fails the test with its own output, never hangs it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

__all__ = ["CHROMEDRIVER", "CHROMIUM", "DESKTOP", "MISSING", "PHONE", "START_WAIT", "Server",
           "free_port"]

START_WAIT = 30.0
"""The most seconds a server may take to answer its first request."""
ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""The browser the tests drive (Debian's ``chromium``; ``$CHROMIUM`` to choose another)."""
CHROMEDRIVER = (
    os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
)
"""Its driver (Debian's ``chromium-driver``; ``$CHROMEDRIVER``)."""
MISSING = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
"""Which of the two are missing here: the browser tests skip, naming them."""
DESKTOP = (1280, 900)
PHONE = (390, 844)
"""Window sizes: a desk's, and a phone's (emulated: a window is at least 500 px wide)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``python -m gamekit.server tiki tikalspeed`` on ``port`` over ``store``; bots
    think in the server's threads (``--bot-workers 0``) to spare the machine."""

    def __init__(self, store: Path, log: Path, port: int | None = None) -> None:
        self.store = store
        self.log = log
        self.port = free_port() if port is None else port
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers (at most :data:`START_WAIT` s)."""
        command = [
            sys.executable, "-m", "gamekit.server", "tiki", "tikalspeed",
            "--port", str(self.port), "--store", str(self.store), "--bot-workers", "0",
        ]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
        ))
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited {self.process.returncode}:\n{self.output()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as r:
                    if r.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)  # polling for the server to come up, not an assertion
        self.stop()
        raise RuntimeError(f"the server did not answer in {START_WAIT} s:\n{self.output()}")

    def output(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def kill(self) -> None:
        """SIGKILL: the process dies at once, with no chance to tidy up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """Stop the server politely (SIGTERM), or kill it after 10 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def post(self, path: str, body: Any = None) -> Any:
        """POST ``body`` as JSON to ``path`` and return the JSON answer."""
        data = json.dumps(body).encode() if body is not None else b""
        request = urllib.request.Request(
            self.url + path, data=data, method="POST",
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.loads(r.read())

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a game as the lobby does (``POST /api/games``)."""
        made: dict[str, Any] = self.post("/api/games", body)
        return made
