"""Certificates: the winner's strategy from the opening, written and checked by the
verifier (issue 33; ``tikiverify --write-certificate`` and ``--check-certificate``).

A certificate (format ``TIKICRT1``, described at the top of ``tikiverify.c``) holds, for
each position where the winner decides and has a choice, the index of the action the
strategy takes there, in the order a depth-first walk from the opening reaches them;
the loser's every action is followed. :func:`write_certificate` has the verifier walk
it from a complete table; :func:`check_certificate` has it replay the walk with its own
move generator and fruit rules, reading no table: every stored action legal, every game
ended won by the claimed winner within the claimed plies, no cycle, no byte left over.
What each says is a small value (:class:`Written`, :class:`Checked`, their
:class:`Claim`); anything else is a :class:`~tiki.errors.TableError` saying why. By
hand::

    ./tikiverify --write-certificate class-049.tikicrt TABLE_DIR --policy 0
    ./tikiverify --check-certificate class-049.tikicrt
"""

from __future__ import annotations

import contextlib
import hashlib
import lzma
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from ...errors import TableError
from .program import executable, run

__all__ = [
    "DEFAULT_POLICY", "MAX_CAP", "MAX_CERTIFICATE", "POLICIES", "Checked", "Claim", "Written",
    "check_certificate", "write_certificate",
]  # fmt: skip

DEFAULT_POLICY = 0
"""The policy a certificate is written with unless told: 0, the shortest wins, so that
what it proves is the opening's exact value as the record states it (a win in 65 plies
on class 49), not a bound (``--policy 2``, reuse: a win within 243 plies there). It
costs 1.6 times the bytes (34.9 MB against 21.5 MB with ``xz -6``, about 6.9 GB against
4.3 GB for the 198 classes) and 1.7 times the checking (134 s against 77 s); both are
sizes a release carries, so the exact claim is taken: the checker alone then confirms
that the winner wins within the recorded plies (that he cannot win sooner rests on the
table's check)."""
POLICIES = (0, 1, 2, 3)
"""The writer's policies (the top of ``tikiverify.c``): 0 the first shortest win, 1 a
shortest win to a position the strategy holds already, 2 a win at once, else a position
held already, else 1; 3 as 2, new positions with the fewest actions first."""
MAX_CERTIFICATE = 1 << 32
"""The largest certificate the checker reads (4 GiB), decompressed."""
MAX_CAP = 600_000_000
"""The largest ``cap``: the most positions a certificate may hold (the checker's bound)."""
_CLAIM = re.compile(r"win in (\d{1,5})")


@attrs.frozen
class Claim:
    """What a certificate proves: with ``first`` moving first, ``winner`` wins within
    ``plies`` plies whatever the other player does."""

    first: str
    """Who moves first, ``'x'`` or ``'o'``."""
    winner: str
    """Who wins."""
    plies: int
    """Every game of the winner's strategy ends within this many plies."""

    def __str__(self) -> str:
        loser = "o" if self.winner == "x" else "x"
        return (f"{self.first} moving first, {self.winner} wins within {self.plies} plies "
                f"whatever {loser} does")  # fmt: skip


@attrs.frozen
class Written:
    """What the verifier said of a certificate it wrote (``--write-certificate``)."""

    file: str
    """The certificate written."""
    version: str
    """The verifier's version."""
    policy: int
    """The policy its strategy was chosen by (:data:`POLICIES`)."""
    layout: tuple[int, ...]
    """The village values a1 … c3."""
    claim: Claim
    """What it proves."""
    table: str
    """The opening's value in the table for the first player: ``'win in 65'``."""
    positions: int
    """The positions of the winner's strategy."""
    decisions: int
    """The winner's decisions stored (one byte each)."""
    bytes: int
    """The file's size."""
    seconds: float
    """The writer's wall time."""


@attrs.frozen
class Checked:
    """What the checker said of a certificate that passed (``--check-certificate``)."""

    file: str
    """The file given (a certificate, or one compressed with xz)."""
    sha256: str
    """The SHA-256 of the file given, hex."""
    bytes: int
    """The size of the file given."""
    raw_bytes: int
    """The certificate's size (decompressed)."""
    version: str
    """The checker's version."""
    layout: tuple[int, ...]
    """The village values a1 … c3."""
    claim: Claim
    """What it proves."""
    longest: int
    """The longest game of the strategy, in plies (at most the claim)."""
    positions: int
    """The positions walked."""
    decisions: int
    """The winner's decisions read."""
    seconds: float
    """The checker's wall time (with the decompression)."""


def _claim(found: dict[str, Any], where: Path) -> Claim:
    first, winner = found.get("first"), found.get("winner")
    plies = _CLAIM.fullmatch(str(found.get("claim")))
    if first not in ("x", "o") or winner not in ("x", "o") or plies is None:
        raise TableError(f"{where}: the verifier's summary has no claim: {str(found)[:200]}")
    return Claim(first=str(first), winner=str(winner), plies=int(plies.group(1)))


@contextlib.contextmanager
def _summary(found: dict[str, Any], where: Path) -> Iterator[None]:
    """Read the verifier's summary line ``found``: a field missing or of another type
    is a :class:`~tiki.errors.TableError`, never a ``KeyError``."""
    try:
        yield
    except (KeyError, TypeError, ValueError) as error:
        raise TableError(f"{where}: the verifier's summary is not as expected ({error!r}): "
                         f"{str(found)[:200]}") from None  # fmt: skip


def write_certificate(
    folder: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    policy: int = DEFAULT_POLICY,
    first: str = "x",
    cap: int | None = None,
) -> Written:
    """Have the verifier write the certificate of the opening of the complete table in
    ``folder`` (``first`` moving first) to ``out``: the winner's strategy chosen by
    ``policy`` (:data:`DEFAULT_POLICY`, the shortest wins, says why), walked from the
    table's files (all mapped: as much memory as the table, and the walk's visited set).
    ``cap`` bounds the positions walked (the program's default: 200 million). It writes
    a temporary file beside ``out``, renamed once whole. A table it cannot read (a layer
    missing), a drawn opening or a strategy above ``cap`` is a
    :class:`~tiki.errors.TableError` saying so, and no file is left."""
    folder, out = Path(folder), Path(out)
    if policy not in POLICIES or first not in ("x", "o"):
        raise TableError(f"a policy of {POLICIES} and a first player x or o, not {policy}, {first}")
    if cap is not None and not 1 <= cap <= MAX_CAP:
        raise TableError(f"cap: from 1 to {MAX_CAP:,} positions, not {cap}")
    if not (folder / "meta.json").is_file():
        raise TableError(f"{folder}: no meta.json (not a layout's table folder)")
    handle, temporary = tempfile.mkstemp(prefix=out.name + ".", suffix=".tmp", dir=out.parent)
    os.close(handle)
    try:
        command = [str(executable()), "--write-certificate", temporary, str(folder),
                   "--policy", str(policy), "--first", first]  # fmt: skip
        if cap is not None:
            command += ["--cap", str(cap)]
        code, found, problem, seconds = run(command, "certificate")
        if code == 3:
            raise TableError(f"{folder}: the strategy holds more than {cap or 200_000_000:,} "
                             "positions (the cap): no certificate written")  # fmt: skip
        if code != 0 or found is None or found["certificate"] != "written":
            raise TableError(f"{folder}: the verifier wrote no certificate ({code}): {problem}")
        size = os.path.getsize(temporary)
        if size != found.get("bytes"):
            raise TableError(f"{folder}: the certificate has {size} bytes, the verifier said "
                             f"{found.get('bytes')}")  # fmt: skip
        with _summary(found, folder):
            written = Written(
                file=str(out), version=str(found["version"]), policy=int(found["policy"]),
                layout=tuple(int(v) for v in found["layout"]), claim=_claim(found, folder),
                table=str(found["table"]), positions=int(found["positions"]),
                decisions=int(found["stored_decisions"]), bytes=size, seconds=seconds,
            )  # fmt: skip
        os.replace(temporary, out)
        return written
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def check_certificate(
    file: str | os.PathLike[str], *, scratch: str | os.PathLike[str] | None = None
) -> Checked:
    """Have the verifier check the certificate ``file`` (a ``.xz`` file is decompressed
    first into a temporary file in ``scratch``, the system's temporary folder if
    ``None``, and deleted after) with its own move generator, reading no table, and
    return what it proves. A certificate that does not prove its claim (an illegal or
    missing action, a game that does not end won by the claimed winner within the
    claimed plies, a byte left over) is a :class:`~tiki.errors.TableError` naming the
    reason, and so is a file that is not a certificate."""
    file = Path(file)
    if not file.is_file():
        raise TableError(f"{file}: no such file")
    start = time.monotonic()
    with file.open("rb") as f:
        sha256 = hashlib.file_digest(f, "sha256").hexdigest()
    with contextlib.ExitStack() as stack:
        raw = file
        if file.name.endswith(".xz"):
            folder = stack.enter_context(tempfile.TemporaryDirectory(dir=scratch))
            raw = Path(folder) / file.name.removesuffix(".xz")
            _unxz(file, raw)
        code, found, problem, _ = run([str(executable()), "--check-certificate", str(raw)],
                                       "certificate")  # fmt: skip
        raw_bytes = raw.stat().st_size
    if code == 1 and found is not None and found["certificate"] == "fail":
        raise TableError(f"{file}: the certificate does not prove its claim: "
                         f"{str(found.get('reason'))[:200]}")  # fmt: skip
    if code != 0 or found is None or found["certificate"] != "pass":
        raise TableError(f"{file}: not checked ({code}): {problem.replace(str(raw), str(file))}")
    with _summary(found, file):
        return Checked(
            file=str(file), sha256=sha256, bytes=file.stat().st_size, raw_bytes=raw_bytes,
            version=str(found["version"]), layout=tuple(int(v) for v in found["layout"]),
            claim=_claim(found, file), longest=int(found["longest"]),
            positions=int(found["positions"]), decisions=int(found["decisions"]),
            seconds=time.monotonic() - start,
        )  # fmt: skip


def _unxz(source: Path, target: Path) -> None:
    """Decompress the xz file ``source`` into ``target``, at most
    :data:`MAX_CERTIFICATE` bytes; a :class:`~tiki.errors.TableError` if it is not xz."""
    total = 0
    try:
        with lzma.open(source, "rb") as f, target.open("wb") as out:
            while chunk := f.read(1 << 20):
                total += len(chunk)
                if total > MAX_CERTIFICATE:
                    raise TableError(f"{source}: more than {MAX_CERTIFICATE:,} bytes decompressed")
                out.write(chunk)
    except (lzma.LZMAError, EOFError) as error:
        raise TableError(f"{source}: not a whole xz file ({error})") from None
