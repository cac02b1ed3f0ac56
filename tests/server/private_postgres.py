"""A PostgreSQL cluster of a test's own, to stop and start at will: the tests that
restart the database under play cannot restart the one every other test shares.

``Cluster`` runs Debian's (or any) PostgreSQL server binaries (``initdb``, ``pg_ctl``:
the newest under ``/usr/lib/postgresql/*/bin``, or on the ``PATH``) in a fresh folder,
on a free loopback port, trusting local connections; as root, as the ``postgres``
user (a server refuses to run as root). Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from running import WAIT, free_port

__all__ = ["BIN", "Cluster"]


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1])
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


BIN = _bin()
"""Where PostgreSQL's server binaries are (``None``: not installed)."""


class Cluster:
    """A PostgreSQL cluster in a temporary folder: :meth:`start`, :meth:`stop` (fast:
    every connection cut, as a restart cuts them), :meth:`close` (stopped, removed)."""

    def __init__(self) -> None:
        assert BIN is not None, "PostgreSQL's server binaries are not installed"
        self.folder = Path(tempfile.mkdtemp(prefix="gamekit-pg-"))
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        if os.geteuid() == 0:
            shutil.chown(self.folder, self.user, self.user)
        self._run("initdb", "-D", str(self.folder / "data"), "--auth=trust", "-U", self.user,
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        (self.folder / "data" / "postgresql.conf").open("a").write(
            f"port = {self.port}\nlisten_addresses = '127.0.0.1'\n"
            f"unix_socket_directories = '{self.folder}'\nfsync = off\n"
        )

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        args = [str(BIN / command[0]), *command[1:]]
        if os.geteuid() == 0:
            args = ["runuser", "-u", self.user, "--", *args]
        subprocess.run(args, check=True, capture_output=True, timeout=WAIT)

    def start(self) -> Cluster:
        """Start the server; return once it takes connections."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "log"),
                  "-w", "-t", str(int(WAIT)), "start")  # fmt: skip
        deadline = time.monotonic() + WAIT
        while subprocess.run([str(BIN / "pg_isready"), "-h", "127.0.0.1", "-p",
                              str(self.port)], capture_output=True).returncode != 0:  # fmt: skip
            assert time.monotonic() < deadline, "the private PostgreSQL did not start"
            time.sleep(0.1)
        return self

    def stop(self) -> None:
        """Stop the server at once: every connection is cut."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")

    def close(self) -> None:
        """Stop it if it runs, and remove its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):  # not running
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
