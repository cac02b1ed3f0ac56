"""Golden files for either game: a registry of named games, each dumped as text.

Both games' golden playthrough tests keep their registry and their dump; writing the
files and comparing a game with its file is the same for both, and lives here.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest


def write_all(directory: Path, names: Iterable[str], dump: Callable[[str], str]) -> list[str]:
    """Rewrite the golden file of every game of ``names`` in ``directory`` (and delete
    stale ones); return what was done."""
    directory.mkdir(parents=True, exist_ok=True)
    wanted = list(names)
    done = []
    for name in wanted:
        path = directory / f"{name}.txt"
        text = dump(name)
        old = path.read_text() if path.exists() else None
        if old != text:
            path.write_text(text)
            done.append(f"{'wrote' if old is None else 'updated'} {path}")
    for path in sorted(directory.glob("*.txt")):
        if path.stem not in wanted:
            path.unlink()
            done.append(f"removed {path}")
    return done


def check(directory: Path, name: str, dump: Callable[[str], str]) -> None:
    """Fail, with a diff, unless replaying game ``name`` gives exactly its stored dump."""
    expected = (directory / f"{name}.txt").read_text().splitlines()
    actual = dump(name).splitlines()
    if actual != expected:
        diff = difflib.unified_diff(expected, actual, "stored", "now", lineterm="", n=2)
        pytest.fail(
            f"golden {name!r} differs (after an intended change run "
            "`python tests/golden/regenerate.py`):\n" + "\n".join(list(diff)[:80])
        )
