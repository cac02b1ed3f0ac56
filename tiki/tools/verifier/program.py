"""The verifier's program: its C source, compiled once, and run (:mod:`tiki.tools.verifier`).

The C file is compiled on first use with the system's C compiler (``$CC``, else ``cc``)
into a cache folder, keyed by the source's SHA-256; :func:`run` runs it, its diagnostics
to a temporary file (never a pipe that could fill), its stdout read line by line as
JSON, each line bounded.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...errors import TableError

__all__ = ["MAX_LINE", "SOURCE", "executable", "run", "source_sha256", "version"]

SOURCE = Path(__file__).resolve().parent / "tikiverify.c"
"""The verifier's C source (package data)."""
MAX_LINE = 1 << 16
"""The longest line of the verifier's output read."""


def source_sha256() -> str:
    """The SHA-256 of the verifier's source, hex: what a record names it by."""
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def version() -> str:
    """The verifier's version, as its source declares it (``TIKIVERIFY_VERSION``)."""
    found = re.search(r'#define TIKIVERIFY_VERSION "([^"]+)"', SOURCE.read_text("utf-8"))
    if found is None:  # pragma: no cover - the source always declares it
        raise TableError(f"{SOURCE}: no TIKIVERIFY_VERSION")
    return found.group(1)


def _cache() -> Path:
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "tiki"


def executable() -> Path:
    """The compiled verifier, built once a source (``$CC -O2``, else ``cc``) into the
    user's cache (``$XDG_CACHE_HOME/tiki``); a :class:`~tiki.errors.TableError` saying
    why when no compiler builds it."""
    target = _cache() / f"tikiverify-{source_sha256()[:16]}"
    if target.is_file() and os.access(target, os.X_OK):
        return target
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise TableError("no C compiler (cc, or $CC) to build the table verifier")
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=target.name + ".", dir=target.parent)
    os.close(handle)
    try:
        done = subprocess.run(
            [compiler, "-O2", "-o", temporary, str(SOURCE), "-lm"],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise TableError(f"the table verifier did not compile: {done.stderr.strip()[:2000]}")
        os.replace(temporary, target)  # another process compiling the same is harmless
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def run(
    command: list[str], key: str, progress: Callable[[dict[str, Any]], None] | None = None
) -> tuple[int, dict[str, Any] | None, str, float]:
    """Run the verifier: its exit status, its last output line holding ``key`` (the
    others go to ``progress``), the end of what it said on stderr, its wall time."""
    start = time.monotonic()
    final: dict[str, Any] | None = None
    # its diagnostics go to a file, not a pipe: a pipe left unread while stdout is read
    # could fill and stop it
    with (
        tempfile.TemporaryFile() as said,
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=said, text=True) as process,
    ):
        assert process.stdout is not None
        try:
            for line in process.stdout:
                found = _line(line)
                if key in found:
                    final = found
                elif progress is not None:
                    progress(found)
        except BaseException:
            process.kill()  # an output it should never write: stopped, not waited for
            raise
        code = process.wait()
        said.seek(max(0, os.fstat(said.fileno()).st_size - MAX_LINE))
        problem = said.read().decode("utf-8", "replace").strip()[-2000:]
    return code, final, problem, time.monotonic() - start


def _line(line: str) -> dict[str, Any]:
    if len(line) > MAX_LINE:
        raise TableError("the verifier wrote an overlong line")
    try:
        found = json.loads(line)
    except ValueError:
        raise TableError(f"the verifier wrote {line[:80]!r}, not JSON") from None
    if not isinstance(found, dict):
        raise TableError(f"the verifier wrote {line[:80]!r}, not an object")
    return found
