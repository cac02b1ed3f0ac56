"""Files the tables' tools write whole: never seen half-written by a reader."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_whole"]


def write_whole(path: str | os.PathLike[str], data: bytes, suffix: str = ".part") -> Path:
    """Write ``data`` to ``path`` through a temporary file of its own beside it (two
    writers never share one), renamed over ``path`` once written: a reader sees the
    old file or the whole new one. The temporary file is gone on any error."""
    path = Path(path)
    handle, part = tempfile.mkstemp(prefix=path.name + ".", suffix=suffix, dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as f:
            f.write(data)
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise
    return path
