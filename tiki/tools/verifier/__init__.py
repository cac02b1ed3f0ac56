"""The independent verifier of Tiki's tables (``tiki tables verify``).

``tikiverify.c``, beside this file, is a second implementation of Tiki's rules, written
from ``specs/tiki.md`` and the file format of ``docs/tiki-table-format.md`` alone: it
imports nothing of this library and shares no code with the builder (an import-linter
contract keeps this package away from the builder, the solver and the engine). It
checks every cell of a built table against the cells its moves lead to: a win has a
child lost for the other player one ply shorter and none shorter still, a loss only
children won for the other player, the longest one ply shorter, a draw neither, and a
finished game is scored by its own reading of the rules. A table that passes is the
unique table the rules give, whoever built it.

This package compiles the C file on first use with the system's C compiler (``$CC``,
else ``cc``) into a cache folder, keyed by the source's SHA-256, runs it, and reads its
verdict (:mod:`.program`). Anyone can do the same by hand::

    cc -O2 -o tikiverify tiki/tools/verifier/tikiverify.c
    ./tikiverify tables/0_1_-1_1_2_1_1_0_1

:func:`table_sha256` names the files checked: the SHA-256 of ``sha256sum``'s listing
of ``meta.json`` and the ``layer_NN.u16`` files, the same as
``sha256sum meta.json layer_*.u16 | sha256sum`` run in the layout's folder.

The same program writes and checks **certificates** (:mod:`.certificates`:
:func:`write_certificate`, :func:`check_certificate`): the winner's strategy from the
opening, which the checker replays with its own move generator and no table.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...errors import TableError
from .certificates import (
    DEFAULT_POLICY,
    MAX_CAP,
    MAX_CERTIFICATE,
    POLICIES,
    Checked,
    Claim,
    Written,
    check_certificate,
    write_certificate,
)  # fmt: skip
from .program import MAX_LINE, SOURCE, executable, run, source_sha256, version

__all__ = [
    "DEFAULT_POLICY", "MAX_CAP", "MAX_CERTIFICATE", "MAX_LINE", "POLICIES", "SOURCE", "Checked",
    "Claim", "Verdict", "Written", "check_certificate", "executable", "layer_files",
    "source_sha256", "table_sha256", "verify", "version", "write_certificate",
]  # fmt: skip

_LAYER = re.compile(r"layer_(\d\d)\.u16")


def layer_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The ``layer_NN.u16`` files of a layout's folder, by layer."""
    return sorted(p for p in Path(folder).iterdir() if _LAYER.fullmatch(p.name))


def table_sha256(folder: str | os.PathLike[str]) -> str:
    """The SHA-256 naming a layout's table files: that of the listing ``sha256sum``
    prints for ``meta.json`` and the ``.u16`` layer files, in that order.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "meta.json").write_text("{}"); _ = (d / "layer_00.u16").write_bytes(b"\\0\\0")
    >>> table_sha256(d)  # sha256sum meta.json layer_*.u16 | sha256sum, in d
    '8c3332c9073e6969f00afa3deb0e682e5c81a935e13a69a1744d05afb4f3c6ea'
    """
    listing = []
    for path in [Path(folder) / "meta.json", *layer_files(folder)]:
        with path.open("rb") as f:
            listing.append(f"{hashlib.file_digest(f, 'sha256').hexdigest()}  {path.name}\n")
    return hashlib.sha256("".join(listing).encode()).hexdigest()


@attrs.frozen
class Verdict:
    """What the verifier said of one layout's table."""

    passed: bool
    """Every cell checked is what its children imply."""
    version: str
    """The verifier's version (``TIKIVERIFY_VERSION``)."""
    source: str
    """The SHA-256 of the verifier's source."""
    table: str
    """The SHA-256 of the files checked (:func:`table_sha256`)."""
    layers: tuple[int, ...]
    """The layers checked."""
    positions: int
    """The positions checked."""
    errors: int
    """The positions whose stored value their children contradict."""
    first_errors: tuple[str, ...]
    """The first of them, in words."""
    opening: dict[str, int | None]
    """The stored values of the opening, x or o first (``None`` if its layer was not read)."""
    seconds: float
    """The verifier's wall time."""

    def record(self) -> dict[str, Any]:
        """What a sweep's record keeps of a passed verdict."""
        return {
            "verifier": f"tikiverify {self.version}", "source": self.source,
            "table": self.table, "layers": len(self.layers), "positions": self.positions,
            "seconds": round(self.seconds, 1),
        }  # fmt: skip


def verify(
    folder: str | os.PathLike[str],
    *,
    layers: Sequence[int] | None = None,
    mirrors: bool = False,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> Verdict:
    """Run the independent verifier on the layout folder ``folder`` (every layer with a
    file, or only ``layers``; with ``mirrors`` the layers read through their mirror too)
    and return its :class:`Verdict`; ``progress`` hears each layer's line as it is done.
    A table the verifier cannot read (a file missing or of the wrong size, a layer a
    move needs and not built) is a :class:`~tiki.errors.TableError` naming it."""
    folder = Path(folder)
    if not (folder / "meta.json").is_file():
        raise TableError(f"{folder}: no meta.json (not a layout's table folder)")
    command = [str(executable())]
    if mirrors:
        command.append("--mirrors")
    if layers is not None:
        command += ["--layers", ",".join(str(int(n)) for n in layers)]
    command.append(str(folder))
    code, final, problem, seconds = run(command, "verdict", progress)
    if code == 2 or final is None or code not in (0, 1):
        raise TableError(f"{folder}: the verifier stopped ({code}): {problem}")
    return Verdict(
        passed=code == 0 and final["verdict"] == "pass" and final["errors"] == 0,
        version=str(final["version"]),
        source=source_sha256(),
        table=table_sha256(folder),
        layers=tuple(int(n) for n in final["layers"]),
        positions=int(final["positions"]),
        errors=int(final["errors"]),
        first_errors=tuple(str(e) for e in final["first_errors"]),
        opening={k: (None if v is None else int(v)) for k, v in final["opening"].items()},
        seconds=seconds,
    )
