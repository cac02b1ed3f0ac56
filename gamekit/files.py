"""Reading a file from outside: regular files only, and no more than a bound.

A path a person gives a command (a scenario, a record) may name anything: a FIFO that
never ends, ``/dev/zero`` or ``/dev/urandom`` behind a link, a file of gigabytes.
:func:`read_text` reads a regular file of at most ``limit`` bytes as UTF-8 text and
refuses everything else with an ``OSError`` that names the file and says why, which a
command line reports in one line (``cannot read 'x.toml': not a regular file``).

>>> import os, tempfile
>>> where = tempfile.mkdtemp()
>>> path = os.path.join(where, "a.txt")
>>> with open(path, "w") as f:
...     _ = f.write("hello")
>>> read_text(path)
'hello'
>>> read_text(where)
Traceback (most recent call last):
...
IsADirectoryError: [Errno 21] a directory, not a regular file: '...'
>>> read_text(path, limit=3)
Traceback (most recent call last):
...
OSError: [Errno 27] larger than 3 bytes: '...'
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["MAX_FILE", "read_text"]

MAX_FILE = 16 * 2**20
"""The default bound of :func:`read_text`: 16 MiB, far above any record or scenario
(a whole 4-player Tikal game's record takes under 100 kB)."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE) -> str:
    """The text of the regular file at ``path`` (links followed), of at most ``limit``
    bytes, read as UTF-8.

    Raises ``OSError`` naming the file (its ``filename``) when it cannot be opened,
    is not a regular file (a directory, a FIFO, a device: nothing is read from it) or
    holds more than ``limit`` bytes, and ``UnicodeDecodeError`` when it is not UTF-8.
    """
    name = os.fspath(path)
    # O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "a directory, not a regular file", name)
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "not a regular file", name)
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", name)
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8")
