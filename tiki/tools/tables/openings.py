"""The opening values of the layout classes, as data: the format of a sweep's results file
(``tiki tables sweep``, :mod:`.sweep`) and of ``tiki/data/openings.json``.

The results file (``tiki/data/openings.json`` is one), format ``tiki-openings-v2``: a
JSON object ``{"format": "tiki-openings-v2", "classes": [...]}``, one record a class in
increasing class order, each an object of exactly these fields (:class:`Opening`):

- ``class``: the class's index in :data:`~tiki.board.layouts.CLASSES`, 0 … 197;
- ``representative``: its representative layout, nine village values a1 … c3;
- ``members``: the layouts of the class, 8 or 4;
- ``built``: the layout whose table was read (a member: values carry over by symmetry);
- ``value``, ``plies``: the opening's value for the first player (x moving first) under
  the default rules, ``"win"``, ``"loss"`` or ``"draw"``, and the plies to the end under
  perfect play (``null`` for a draw); ``best``: a best first action on ``built``;
- ``o_first``: ``null`` when o moving first gives the same, else ``[value, plies]``;
- ``longest``: the largest distance stored in the table, in plies;
- ``wins``, ``losses``, ``draws``: the stored positions (every layer, either player on
  turn) won, lost, drawn for the player on turn, summed from the build log;
- ``layers``: the table's tally layers; ``cpu_seconds``: the build's, summed;
- ``builder``: the package and table format that built it; ``date``: the record's, UTC;
- ``verified``: ``null`` for a table no independent verifier checked, else what the
  verifier (:mod:`tiki.tools.verifier`) said of it before it was deleted
  (:class:`Verification`): its name and version, the SHA-256 of its source and of the
  table files it checked, the layers and positions it checked, its seconds;
- ``certificate``, optional (absent from the records written without one): the
  certificate of the opening, x first, that ``tiki tables sweep --certificates DIR``
  wrote and checked (:class:`~.certificates.Certification`): the file's name
  (``class-NNN.tikicrt.xz``), the SHA-256 and bytes of that xz file, the certificate's
  size decompressed, the writer's policy, the claim (``first``, ``winner``, ``plies``),
  the positions, the checker's seconds and version. Its claim must agree with
  ``value`` and ``plies``.

A new required field or meaning is a new format name; :func:`check` refuses any other,
and reads the older ``tiki-openings-v1`` (the same records without ``verified``) as
unverified.
:func:`write` replaces a file atomically; :func:`add` adds records to one under a lock
on its folder, with whatever another sweep added meanwhile, so that two sweeps writing
one file lose nothing. :func:`openings` reads the committed data, checked:

>>> o = {o.index: o for o in openings()}[57]  # seed 1's layout's class
>>> o.value, o.plies, o.members, o.built
('win', 61, 8, (0, 1, -1, 1, 2, 1, 1, 0, 1))
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...board.layouts import CLASSES
from ...errors import TableError
from .certificates import Certification, agrees
from .certificates import from_json as _certification
from .files import write_whole

__all__ = [
    "DATA", "FORMAT", "MAX_BYTES", "VALUES", "Opening", "Verification", "add", "check",
    "openings", "read", "write",
]  # fmt: skip

FORMAT = "tiki-openings-v2"
"""The ``format`` of a results file (and of ``tiki/data/openings.json``)."""
OLD_FORMAT = "tiki-openings-v1"
"""The format before ``verified``: read, its records unverified, never written."""
DATA = Path(__file__).resolve().parents[2] / "data" / "openings.json"
"""The committed opening values (package data)."""
MAX_BYTES = 4 << 20
"""The largest results file read."""
VALUES = ("win", "loss", "draw")
"""An opening's values, for the first player."""

@attrs.frozen
class Verification:
    """What the independent verifier said of a class's table: it passed (a table that
    failed is kept for a look and its class not recorded)."""

    verifier: str
    """Its name and version: ``'tikiverify 1.0'``."""
    source: str
    """The SHA-256 of its source (``tiki/tools/verifier/tikiverify.c``), hex."""
    table: str
    """The SHA-256 of the files it checked (:func:`tiki.tools.verifier.table_sha256`)."""
    layers: int
    """The layers it checked (every one with a file)."""
    positions: int
    """The positions it checked."""
    seconds: float
    """Its wall time."""

    def to_json(self) -> dict[str, Any]:
        """The record's ``verified`` object."""
        return attrs.asdict(self)


@attrs.frozen
class Opening:
    """The opening of one layout class, read from its table: one record of the data.

    The value and plies are the first player's, x moving first (o first must give the
    same by colour symmetry: :attr:`o_first` is ``None`` when it did, else what o's
    opening gave). W / L / D count the stored positions (both players on turn, every
    tally layer) won, lost and drawn for the player on turn; ``longest`` is the largest
    distance stored, the longest game from any position under perfect play."""

    index: int
    """The class's place in :data:`~tiki.board.layouts.CLASSES`, 0 … 197."""
    representative: tuple[int, ...]
    """The class's representative layout (a1 … c3)."""
    members: int
    """How many layouts the class holds (8, or 4)."""
    built: tuple[int, ...]
    """The layout whose table was built (a member: the values carry over by symmetry)."""
    value: str
    """``'win'``, ``'loss'`` or ``'draw'`` for the first player under perfect play."""
    plies: int | None
    """The actions to the end under perfect play (``None`` for a draw)."""
    best: str
    """A best first action on the built layout, in the notation."""
    o_first: tuple[str, int | None] | None
    """O's opening's value and plies when it differs from x's (never, by symmetry)."""
    longest: int
    """The largest distance to the end stored in the table, in plies."""
    wins: int
    """Stored positions won by the player on turn."""
    losses: int
    """Stored positions lost by the player on turn."""
    draws: int
    """Stored positions drawn."""
    layers: int
    """The table's tally layers."""
    cpu_seconds: float
    """The build's CPU-seconds, summed over its layers."""
    builder: str
    """What built it: the package version and the table format."""
    date: str
    """When the record was made (UTC, ISO date)."""
    verified: Verification | None = None
    """What the independent verifier said of the table, ``None`` if none checked it."""
    certificate: Certification | None = None
    """The certificate of the opening written from the table, ``None`` if none was."""

    def to_json(self) -> dict[str, Any]:
        """The record as the results file holds it."""
        out = attrs.asdict(self, recurse=False)
        out["class"] = out.pop("index")
        for name in ("representative", "built"):
            out[name] = list(out[name])
        out["o_first"] = None if self.o_first is None else list(self.o_first)
        out["verified"] = None if self.verified is None else self.verified.to_json()
        if self.certificate is None:  # optional: absent, as in the records before it
            del out["certificate"]
        else:
            out["certificate"] = self.certificate.to_json()
        return {"class": out.pop("class"), **out}


def _fail(where: str, what: str) -> TableError:
    return TableError(f"{where}: {what}")


def _int(record: dict[str, Any], name: str, where: str, low: int, high: int) -> int:
    value = record.get(name)
    if type(value) is not int or not low <= value <= high:
        raise _fail(where, f"{name} must be an integer from {low} to {high}, not {value!r}")
    return value


def _layout(value: Any, where: str, name: str) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) == 9 and all(type(v) is int for v in value)):
        raise _fail(where, f"{name} must be nine integers, not {value!r}")
    return tuple(value)


_HEX = frozenset("0123456789abcdef")


def _verification(value: Any, where: str) -> Verification | None:
    """A record's ``verified``: ``null``, or the verifier's verdict, checked."""
    if value is None:
        return None
    fields = {f.name for f in attrs.fields(Verification)}
    if not isinstance(value, dict) or set(value) != fields:
        raise _fail(where, f"verified must be null or an object of {sorted(fields)}")
    for name in ("source", "table"):
        text = value[name]
        if not (isinstance(text, str) and len(text) == 64 and set(text) <= _HEX):
            raise _fail(where, f"verified.{name} must be a SHA-256 in hex")
    if not (isinstance(value["verifier"], str) and 0 < len(value["verifier"]) <= 80):
        raise _fail(where, "verified.verifier must be a short text")
    seconds = value["seconds"]
    if not (type(seconds) in (int, float) and 0 <= seconds < 1e9):
        raise _fail(where, f"verified.seconds must be a number of seconds, not {seconds!r}")
    return Verification(
        verifier=value["verifier"], source=value["source"], table=value["table"],
        layers=_int(value, "layers", f"{where}: verified", 1, 999),
        positions=_int(value, "positions", f"{where}: verified", 1, 1 << 40),
        seconds=float(seconds),
    )  # fmt: skip


def _opening(record: Any, where: str, old: bool = False) -> Opening:
    """One record of a results file, checked against :data:`CLASSES` (``old``: of the
    format without ``verified``)."""
    if not isinstance(record, dict):
        raise _fail(where, "a record must be an object")
    fields = {f.name for f in attrs.fields(Opening)} - {"index", "certificate"} | {"class"}
    if old:
        fields.discard("verified")
    if set(record) - {"certificate"} != fields or (old and "certificate" in record):
        raise _fail(where, f"fields {sorted(set(record) ^ fields)} missing or unknown")
    index = _int(record, "class", where, 0, len(CLASSES) - 1)
    where = f"{where} (class {index})"
    cls = CLASSES[index]
    representative = _layout(record["representative"], where, "representative")
    if representative != cls.representative:
        raise _fail(where, f"representative {representative} is not {cls.representative}")
    if _int(record, "members", where, 1, 8) != cls.size:
        raise _fail(where, f"members must be {cls.size}")
    built = _layout(record["built"], where, "built")
    if built not in cls.members:
        raise _fail(where, f"built layout {built} is not of the class")
    value, plies = record["value"], record["plies"]
    if value not in VALUES:
        raise _fail(where, f"value must be one of {VALUES}, not {value!r}")
    if (value == "draw") != (plies is None) or not (
        plies is None or (type(plies) is int and 0 < plies < 1 << 15)
    ):
        raise _fail(
            where, f"plies: a positive integer for a win or loss, null for a draw, not {plies!r}"
        )
    o_first = record["o_first"]
    if o_first is not None and not (
        isinstance(o_first, list) and len(o_first) == 2 and o_first[0] in VALUES
        and (o_first[1] is None or type(o_first[1]) is int)
    ):  # fmt: skip
        raise _fail(where, f"o_first must be null or [value, plies], not {o_first!r}")
    cpu = record["cpu_seconds"]
    if not (type(cpu) in (int, float) and 0 <= cpu < 1e9):
        raise _fail(where, f"cpu_seconds must be a number of seconds, not {cpu!r}")
    for name in ("best", "builder", "date"):
        if not (isinstance(record[name], str) and 0 < len(record[name]) <= 200):
            raise _fail(where, f"{name} must be a short text")
    try:
        datetime.date.fromisoformat(record["date"])
    except ValueError:
        raise _fail(where, f"date must be an ISO date, not {record['date']!r}") from None
    return Opening(
        index=index,
        representative=representative,
        members=cls.size,
        built=built,
        value=value,
        plies=plies,
        best=record["best"],
        o_first=None if o_first is None else (o_first[0], o_first[1]),
        longest=_int(record, "longest", where, 0, 1 << 15),
        wins=_int(record, "wins", where, 0, 1 << 40),
        losses=_int(record, "losses", where, 0, 1 << 40),
        draws=_int(record, "draws", where, 0, 1 << 40),
        layers=_int(record, "layers", where, 1, 999),
        cpu_seconds=float(cpu),
        builder=record["builder"],
        date=record["date"],
        verified=None if old else _verification(record["verified"], where),
        certificate=_certified(record, where),
    )


def _certified(record: dict[str, Any], where: str) -> Certification | None:
    """A record's optional ``certificate``, checked, its claim against the opening's."""
    if "certificate" not in record:
        return None
    found = _certification(record["certificate"], where)
    value, plies = record["value"], record["plies"]
    winner = "x" if value == "win" else "o"
    if value == "draw" or not agrees(found.claim(), found.policy, winner, plies):
        raise _fail(where, f"certificate proves '{found.claim()}', not the opening's value")
    return found


def check(data: Any, where: str = "openings") -> list[Opening]:
    """The records of a results file's parsed JSON, checked: its format, each record's
    fields and types, its class's representative and size, one record a class; a
    :class:`~tiki.errors.TableError` naming the place otherwise. Sorted by class.

    >>> check({"format": "tiki-openings-v2", "classes": []})
    []
    >>> check({"format": "v0", "classes": []})
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: openings: not a results file of format tiki-openings-v2
    """
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, OLD_FORMAT):
        raise _fail(where, f"not a results file of format {FORMAT}")
    old = data["format"] == OLD_FORMAT
    if set(data) != {"format", "classes"} or not isinstance(data["classes"], list):
        raise _fail(where, "an object of 'format' and a list of 'classes'")
    if len(data["classes"]) > len(CLASSES):
        raise _fail(where, f"more than {len(CLASSES)} records")
    out = [_opening(r, f"{where}: record {i}", old) for i, r in enumerate(data["classes"])]
    seen = [o.index for o in out]
    if len(set(seen)) != len(seen):
        raise _fail(where, "a class recorded twice")
    return sorted(out, key=lambda o: o.index)


def read(path: str | os.PathLike[str]) -> list[Opening]:
    """The checked records of the results file at ``path`` (a regular file of at most
    :data:`MAX_BYTES`); an empty list if there is none yet."""
    path = Path(path)
    if not path.exists():
        return []
    if not path.is_file():
        raise _fail(str(path), "not a regular file")
    if path.stat().st_size > MAX_BYTES:
        raise _fail(str(path), f"larger than {MAX_BYTES:,} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise _fail(str(path), f"not JSON ({error})") from None
    return check(data, str(path))


def openings() -> list[Opening]:
    """The committed opening values (``tiki/data/openings.json``), checked, by class."""
    return read(DATA)


def write(path: str | os.PathLike[str], records: Sequence[Opening]) -> None:
    """Write ``records`` (one a class, sorted) to ``path`` as a results file, atomically."""
    path = Path(path)
    data = {
        "format": FORMAT,
        "classes": [r.to_json() for r in sorted(records, key=lambda o: o.index)],
    }
    check(json.loads(json.dumps(data)), str(path))
    text = "{\n" + f'  "format": "{FORMAT}",\n  "classes": [\n'
    text += ",\n".join("    " + json.dumps(r) for r in data["classes"])
    text += "\n  ]\n}\n" if data["classes"] else "  ]\n}\n"
    write_whole(path, text.encode("utf-8"), suffix=".tmp")


def add(path: str | os.PathLike[str], records: Sequence[Opening]) -> list[Opening]:
    """Add ``records`` to the results file at ``path`` (a class already there is
    replaced by its new record) and return every record now in it, by class: read,
    merged and written under an exclusive lock on the file's folder, so that what
    another sweep added to the same file meanwhile is kept."""
    path = Path(path)
    with _locked(path.parent):
        merged = {o.index: o for o in read(path)}
        merged.update((o.index, o) for o in records)
        every = [merged[i] for i in sorted(merged)]
        write(path, every)
    return every


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``folder`` (no lock file left behind; the system
    releases it if the process dies). Without ``fcntl`` (Windows) nothing is locked:
    one sweep a results file there."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    held = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield
    finally:
        os.close(held)  # closing it releases the lock
