"""A class's certificate, as the sweep writes, checks and records it (issue 33).

After the independent verifier passed a class's table, ``tiki tables sweep
--certificates DIR`` has it write the certificate of the opening, x first (the winner's
strategy, :mod:`tiki.tools.verifier.certificates`), compresses it with xz into
``DIR/class-NNN.tikicrt.xz`` (:func:`file_name`), has the checker read that file back
(decompressed into a temporary file, deleted after) and records what it proves in the
class's record as ``certificate`` (:class:`Certification`): the file's name, SHA-256
and size, the policy, the claim, the positions, the checker's seconds and version. The
files themselves are too large for the repository (35 to 42 MB a class): they are a
release's assets, the repository keeps their hashes. :func:`certify` does the same for
any table folder (``tiki tables certify``).
"""

from __future__ import annotations

import contextlib
import hashlib
import lzma
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import attrs

from ...errors import TableError
from .. import verifier
from ..verifier import Claim
from .files import write_whole

__all__ = [
    "PRESET", "SUFFIX", "Certification", "agrees", "certify", "file_name", "from_json",
    "receive",
]  # fmt: skip

PRESET = 6
"""The xz preset (that of ``xz -6``, Python's default): on class 49's certificate of
71.7 MB it gave 34.9 MB, where gzip -9 gave 38.4 MB; on the tests' certificate (199 KB)
presets 6 and 9 (a 64 MB dictionary: 674 MB of memory to compress, 65 MB for every
reader to decompress) give the same size, 6 with "extreme" too, and 1 to 3 are 7 to 10%
larger. A reader decompresses preset 6 with 9 MB of memory; compressing 72 MB should
take well under a minute (not measured on a class: none was written by the sweep)."""
SUFFIX = ".tikicrt.xz"
"""The name's end of a compressed certificate."""
_HEX = frozenset("0123456789abcdef")


def file_name(index: int) -> str:
    """The certificate's file name of class ``index``: ``class-049.tikicrt.xz``."""
    return f"class-{index:03d}{SUFFIX}"


@attrs.frozen
class Certification:
    """What a class's record keeps of its certificate (``certificate``): the file a
    release carries and what the checker said of it."""

    file: str
    """The file's name (no folder): ``class-049.tikicrt.xz``."""
    sha256: str
    """The SHA-256 of the file (compressed), hex."""
    bytes: int
    """The file's size (compressed)."""
    raw_bytes: int
    """The certificate's size, decompressed (what the checker reads)."""
    policy: int
    """The policy the strategy was chosen by (:data:`tiki.tools.verifier.POLICIES`)."""
    first: str
    """Who moves first in the claim, ``'x'``."""
    winner: str
    """Who wins, ``'x'`` or ``'o'``."""
    plies: int
    """The claim: every game of the strategy ends won by ``winner`` within these plies."""
    positions: int
    """The positions of the strategy, walked by the checker."""
    seconds: float
    """The checker's wall time, decompression included."""
    verifier: str
    """The checker's name and version: ``'tikiverify 1.2'``."""

    def to_json(self) -> dict[str, Any]:
        """The record's ``certificate`` object."""
        return attrs.asdict(self)

    def claim(self) -> Claim:
        """What it proves."""
        return Claim(first=self.first, winner=self.winner, plies=self.plies)


def from_json(value: Any, where: str) -> Certification:
    """A record's ``certificate``, checked field by field; a
    :class:`~tiki.errors.TableError` naming ``where`` otherwise."""
    fields = {f.name for f in attrs.fields(Certification)}
    if not isinstance(value, dict) or set(value) != fields:
        raise TableError(f"{where}: certificate must be an object of {sorted(fields)}")
    name, sha256, seconds = value["file"], value["sha256"], value["seconds"]
    if not (isinstance(name, str) and 0 < len(name) <= 80 and Path(name).name == name
            and not name.startswith(".") and "\\" not in name):  # fmt: skip
        raise TableError(f"{where}: certificate.file must be a file's name, not {name!r}")
    if not (isinstance(sha256, str) and len(sha256) == 64 and set(sha256) <= _HEX):
        raise TableError(f"{where}: certificate.sha256 must be a SHA-256 in hex")
    if value["first"] not in ("x", "o") or value["winner"] not in ("x", "o"):
        raise TableError(f"{where}: certificate.first and .winner must be 'x' or 'o'")
    if not (isinstance(value["verifier"], str) and 0 < len(value["verifier"]) <= 80):
        raise TableError(f"{where}: certificate.verifier must be a short text")
    if not (type(seconds) in (int, float) and 0 <= seconds < 1e9):
        raise TableError(f"{where}: certificate.seconds must be a number, not {seconds!r}")
    bounds = {"bytes": (1, 1 << 40), "raw_bytes": (40, verifier.MAX_CERTIFICATE),
              "policy": (min(verifier.POLICIES), max(verifier.POLICIES)), "plies": (1, 4096),
              "positions": (1, verifier.MAX_CAP)}  # fmt: skip
    for key, (low, high) in bounds.items():
        if type(value[key]) is not int or not low <= value[key] <= high:
            raise TableError(f"{where}: certificate.{key} must be an integer from {low} to "
                             f"{high}, not {value[key]!r}")  # fmt: skip
    return Certification(**{**value, "seconds": float(seconds)})


def agrees(claim: Claim, policy: int, winner: str, plies: int) -> bool:
    """Whether a certificate's ``claim`` (x first) agrees with a record's opening: the
    same winner, and ``plies`` exactly for a policy that takes a shortest win at every
    choice (0 and 1), at least ``plies`` for the others.

    >>> from tiki.tools.verifier import Claim
    >>> agrees(Claim("x", "x", 65), 0, "x", 65), agrees(Claim("x", "x", 243), 2, "x", 65)
    (True, True)
    >>> agrees(Claim("x", "x", 66), 0, "x", 65), agrees(Claim("x", "o", 65), 0, "x", 65)
    (False, False)
    """
    exact = policy in (0, 1)
    return claim.first == "x" and claim.winner == winner and (
        claim.plies == plies if exact else claim.plies >= plies
    )


def certify(
    folder: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    policy: int = verifier.DEFAULT_POLICY,
    cap: int | None = None,
    expect: tuple[str, int] | None = None,
) -> Certification:
    """Have the verifier write the certificate of the complete table in ``folder`` (x
    first), compress it with xz when ``out``'s name ends in ``.xz``, check the file as a
    reader would (decompressed into a temporary file beside it) and move it to ``out``
    once checked; return what the record keeps. With ``expect``, the opening's winner
    and plies as the table's record reads them, the claim must agree (the same plies
    for a policy of shortest wins, at least as many otherwise). A certificate refused
    is a :class:`~tiki.errors.TableError`, and nothing is left at ``out``."""
    out = Path(out)
    handle, written_to = tempfile.mkstemp(prefix=out.name + ".", suffix=".raw", dir=out.parent)
    os.close(handle)
    handle, packed = tempfile.mkstemp(prefix=out.name + ".", suffix=".tmp.xz", dir=out.parent)
    os.close(handle)
    try:
        written = verifier.write_certificate(folder, written_to, policy=policy, cap=cap)
        checked_file = written_to
        if out.name.endswith(".xz"):
            with open(written_to, "rb") as raw, lzma.open(packed, "wb", preset=PRESET) as xz:
                shutil.copyfileobj(raw, xz, 1 << 20)
            os.unlink(written_to)
            checked_file = packed
        checked = verifier.check_certificate(checked_file, scratch=out.parent)
        said = (checked.claim, checked.positions, checked.decisions, checked.raw_bytes)
        wrote = (written.claim, written.positions, written.decisions, written.bytes)
        if said != wrote:
            raise TableError(f"{out}: the checker read {said}, the writer wrote {wrote}")
        if expect is not None and not agrees(checked.claim, policy, *expect):
            raise TableError(f"{out}: the certificate proves '{checked.claim}', the table "
                             f"says {expect[0]} wins in {expect[1]}")  # fmt: skip
        os.replace(checked_file, out)
    finally:
        for left in (written_to, packed):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(left)
    return Certification(
        file=out.name, sha256=checked.sha256, bytes=checked.bytes, raw_bytes=checked.raw_bytes,
        policy=written.policy, first=checked.claim.first, winner=checked.claim.winner,
        plies=checked.claim.plies, positions=checked.positions,
        seconds=round(checked.seconds, 1), verifier=f"tikiverify {checked.version}",
    )  # fmt: skip


def receive(folder: Path, recorded: Certification | None, data: bytes) -> Path:
    """Write the bytes of a certificate a worker shipped (on Ray, :mod:`.backends`)
    into ``folder`` under the name its record gives, once their size and SHA-256 are
    the record's (written beside, then renamed: a file there is whole); a
    :class:`~tiki.errors.TableError` otherwise, and nothing written."""
    if recorded is None:
        raise TableError("a certificate was shipped for a record without one")
    if len(data) != recorded.bytes or hashlib.sha256(data).hexdigest() != recorded.sha256:
        raise TableError(f"{recorded.file}: the bytes shipped are not the file recorded "
                         f"({len(data):,} bytes, recorded {recorded.bytes:,})")  # fmt: skip
    return write_whole(folder / Path(recorded.file).name, data)
