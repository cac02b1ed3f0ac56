"""Every layout: the sweep over the layout classes, and its data (``tiki tables sweep``).

The 1,512 layouts of the nine village tiles fall into 198 classes under the square's
eight symmetries (:data:`tiki.board.layouts.CLASSES`), and a class's layouts have one
game up to a symmetry (``docs/tiki-layouts.md``). So one table a class is enough: the
sweep builds the table of each class asked for (its representative, or a member
already built or started in the directory), reads from it the opening's value for the
first player, sums its build log, has the independent verifier
(:mod:`tiki.tools.verifier`) check every cell of it, writes one :class:`Opening` a class
into a results file (the format of ``tiki/data/openings.json``, :func:`write`) with the
verifier's verdict, then deletes the table's files unless asked to keep them (5 GB a
layout). A table the verifier refuses is kept, its class not recorded, and the sweep
stops with a :class:`~tiki.errors.TableError` saying which cells. Asked for ``lines`` (a folder,
``docs/tiki-pv``), it also writes, before the table is gone, the records of the
opening's principal variation, x first and o first (:func:`.lines.texts`, what
``python docs/tiki_pv.py`` writes from a table kept; a drawn opening has none), named
by the layout built: the worker returns their texts with the class's record and the
driver writes them, then the record, so a class recorded has its lines. Asked for
``certificates`` (a folder), it also has the verifier write the opening's certificate
there, once the table passed, as ``class-NNN.tikicrt.xz``, checked by reading it back,
and records its hash (:mod:`.certificates`); a certificate refused stops the sweep as
a table refused does.

Each class is independent and restartable: a class already in the results file is
skipped (when verifying, only one recorded with a verdict: the others are built again
after the classes never built, and their value must come out the same), a class's
record is added to the file as it comes (:func:`.openings.add`:
two sweeps may write one file), a layout partly built goes on from its last complete layer
(:func:`~.building.build`). The classes run one at a time in this process, on ``jobs``
local processes, or on Ray (``backend='ray'``: a local Ray, or the cluster at
``address``; each worker builds into its own ``top`` and returns the record, the
lines' texts and the certificate's bytes to the driver, which writes them:
:mod:`.backends`), as ``simulate`` does (:func:`run`).

The results file's format, its reader and writer are :mod:`.openings`'s.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib.metadata
import os
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...board.layouts import CLASSES, class_index
from ...engine.contract import new_game
from ...errors import TableError
from ...model.state import O, X
from .. import verifier
from . import backends, building
from . import certificates as _certificates
from . import lines as _lines
from .openings import (
    DATA,
    FORMAT,
    MAX_BYTES,
    Opening,
    Verification,
    add,
    check,
    openings,
    read,
    write,
)  # fmt: skip
from .probe import Table
from .store import FORMAT as STORE_FORMAT
from .store import LayoutDir
from .tallies import tally_layers

__all__ = [
    "BACKENDS",
    "CERTIFICATE",
    "CLASSES",
    "DATA",
    "FORMAT",
    "LINES",
    "MAX_BYTES",
    "MAX_JOBS",
    "Opening",
    "add",
    "build_class",
    "builder",
    "check",
    "delete",
    "layout_for",
    "openings",
    "parse_classes",
    "read",
    "record_of",
    "run",
    "todo",
    "verified",
    "write",
]

BACKENDS = ("local", "ray")
"""Where the classes are built."""
MAX_JOBS = 64
"""The most classes built at once."""
LINES = "lines"
"""The key of :func:`build_class`'s result that holds the lines' texts, by file name."""
CERTIFICATE = "certificate_file"
"""The key of :func:`build_class`'s result that holds the certificate's bytes when the
worker ships it to the driver (on Ray)."""


def parse_classes(text: str) -> tuple[int, ...]:
    """``--classes``: ``all``, or class indices and ranges ``I,J,K-L`` (0 … 197),
    without repeats, in the order given.

    >>> parse_classes("71,57,3-5")
    (71, 57, 3, 4, 5)
    >>> len(parse_classes("all"))
    198
    >>> parse_classes("198")
    Traceback (most recent call last):
    ...
    ValueError: classes are 'all' or indices and ranges from 0 to 197 (I,J,K-L), not '198'
    """
    top = len(CLASSES) - 1
    if text == "all":
        return tuple(range(len(CLASSES)))
    out: list[int] = []
    for part in text.split(",") if len(text) <= 2000 else ["?"]:
        ends = part.strip().split("-")
        ok = 1 <= len(ends) <= 2 and all(e.isascii() and e.isdigit() and len(e) <= 3 for e in ends)
        low, high = (int(ends[0]), int(ends[-1])) if ok else (1, 0)
        if not (0 <= low <= high <= top):
            raise ValueError(
                f"classes are 'all' or indices and ranges from 0 to {top} (I,J,K-L), "
                f"not {text[:40]!r}"
            )
        out += [i for i in range(low, high + 1) if i not in out]
    return tuple(out)


def _complete(where: LayoutDir, layers: int) -> bool:
    return (where.path / "meta.json").is_file() and len(where.built(layers)) == layers


def layout_for(index: int, top: str | os.PathLike[str]) -> tuple[int, ...]:
    """The layout the sweep builds for class ``index`` under ``top``: a member whose
    table is complete there, else one partly built (it goes on), else the representative."""
    cls = CLASSES[index]
    layers = len(tally_layers(cls.representative).order)
    started = [m for m in cls.members if (LayoutDir(top, m).path / "meta.json").is_file()]
    for m in started:
        if _complete(LayoutDir(top, m), layers):
            return m
    return started[0] if started else cls.representative


def record_of(index: int, top: str | os.PathLike[str], layout: tuple[int, ...]) -> Opening:
    """The :class:`Opening` of class ``index`` read from the complete table of
    ``layout`` (a member) under ``top``: the opening probed for x first and o first,
    the build log summed."""
    cls = CLASSES[index]
    if class_index(layout) != index:
        raise TableError(f"layout {layout} is not of class {index}")
    where = LayoutDir(top, layout)
    t = Table(top, layout)
    try:
        x = t.solution(new_game(layout=layout, first=X))
        o = t.solution(new_game(layout=layout, first=O))
    finally:
        t.close()  # unmapped now: the files may be deleted next
    logged = where.records()
    if len(logged) != len(t.order):
        raise TableError(f"{where.path}: build.log has {len(logged)} of {len(t.order)} layers")
    return Opening(
        index=index,
        representative=cls.representative,
        members=cls.size,
        built=layout,
        value=x.value,
        plies=x.plies,
        best=str(x.best),
        o_first=None if (o.value, o.plies) == (x.value, x.plies) else (o.value, o.plies),
        longest=max(int(r["max_dist"]) for r in logged),
        wins=sum(int(r["wins"]) for r in logged),
        losses=sum(int(r["losses"]) for r in logged),
        draws=sum(int(r["draws"]) for r in logged),
        layers=len(t.order),
        cpu_seconds=round(sum(float(r["t_total"]) for r in logged), 1),
        builder=builder(),
        date=datetime.datetime.now(datetime.UTC).date().isoformat(),
    )


def verified(index: int, top: str | os.PathLike[str], layout: tuple[int, ...],
             found: Opening) -> Verification:  # fmt: skip
    """Have the independent verifier check every layer file of ``layout``'s complete
    table under ``top`` (class ``index``, whose record read from the table is ``found``)
    and return its passed verdict; a :class:`~tiki.errors.TableError` naming the cells
    when it does not pass, or when its own reading of the opening differs from the
    record's (the table is left where it is)."""
    where = LayoutDir(top, layout)
    verdict = verifier.verify(where.path)
    if not verdict.passed:
        raise TableError(
            f"class {index}: the verifier found {verdict.errors:,} cells of {where.path} "
            f"wrong (the table is kept): {'; '.join(verdict.first_errors[:3])}"
        )
    files = [int(p.name[6:8]) for p in verifier.layer_files(where.path)]
    if sorted(verdict.layers) != files:
        raise TableError(f"class {index}: the verifier checked {verdict.layers}, not {files}")
    o_first = found.o_first or (found.value, found.plies)
    for player, value, plies in (("x", found.value, found.plies), ("o", *o_first)):
        raw = verdict.opening.get(player)
        said = None if raw is None else ("draw", None) if raw == 0 else (
            "loss" if raw & 1 else "win", raw >> 1)  # fmt: skip
        if said != (value, plies):
            raise TableError(
                f"class {index}: the verifier reads the opening, {player} first, as {said}, "
                f"the library as {(value, plies)}"
            )
    return Verification(
        verifier=f"tikiverify {verdict.version}", source=verdict.source, table=verdict.table,
        layers=len(verdict.layers), positions=verdict.positions,
        seconds=round(verdict.seconds, 1),
    )  # fmt: skip


def builder() -> str:
    """What builds a table here: the package's version (its metadata, as installed)
    and the table format."""
    try:
        version = importlib.metadata.version("tikal-tiki-rules")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - not installed
        version = "unknown"
    return f"tikal-tiki-rules {version} {STORE_FORMAT}"


def delete(top: str | os.PathLike[str], layout: tuple[int, ...]) -> None:
    """Delete the table files of ``layout`` under ``top`` (its layers, compact or not,
    their checksums and markers, ``meta.json``, ``build.log``) and its folder if that
    leaves it empty."""
    where = LayoutDir(top, layout)
    for pattern in ("layer_*.u16", "layer_*.u16.sum", "layer_*.u16.done", "layer_*.tkc",
                    "meta.json", "build.log"):  # fmt: skip
        for f in where.path.glob(pattern):
            f.unlink()
    with contextlib.suppress(OSError):  # something else is there: left as it is
        where.path.rmdir()


Build = Callable[..., Any]
""":func:`~.building.build`'s signature: ``(layout, top, *, layers, progress)``."""


def build_class(
    index: int,
    top: str,
    *,
    layers: int | None = None,
    keep: bool = False,
    progress: Callable[[dict[str, Any]], None] | None = None,
    build: Build | None = None,
    lines: bool = False,
    verify: bool = True,
    certificates: str | None = None,
    ship: bool = False,
) -> dict[str, Any] | None:
    """Build class ``index``'s table under ``top`` (at most ``layers`` more layers) and
    return its record as JSON, or ``None`` if the table is not complete yet; with
    ``verify`` the independent verifier checks the table first (:func:`verified`) and
    the record says so; with ``certificates``, a folder, the opening's certificate is
    written there from the table, checked and recorded (:func:`.certificates.certify`;
    none for a drawn opening); the table files are deleted once read unless ``keep``. With
    ``lines`` the record also holds, under :data:`LINES`, the texts of the opening's
    principal variations read from the table first (:func:`.lines.texts`, by file
    name); with ``ship``, under :data:`CERTIFICATE`, the certificate's bytes, its file
    deleted here. The task of every backend (:mod:`.backends`: it runs where it is
    sent, and its result is plain JSON, but for the certificate's bytes)."""
    if not 0 <= index < len(CLASSES):
        raise ValueError(f"a class index from 0 to {len(CLASSES) - 1}, not {index}")
    layout = layout_for(index, top)
    where = LayoutDir(top, layout)
    n = len(tally_layers(layout).order)
    if not _complete(where, n):
        (build or building.build)(layout, top, layers=layers, progress=progress)
        if not _complete(where, n):
            return None
    record = record_of(index, top, layout)
    if verify:
        record = attrs.evolve(record, verified=verified(index, top, layout, record))
    if certificates is not None and record.value != "draw" and record.plies is not None:
        expect = ("x" if record.value == "win" else "o", record.plies)
        out = Path(certificates) / _certificates.file_name(index)
        out.parent.mkdir(parents=True, exist_ok=True)
        certified = _certificates.certify(where.path, out, expect=expect)
        record = attrs.evolve(record, certificate=certified)
    found = record.to_json()
    if ship and record.certificate is not None:
        found[CERTIFICATE] = out.read_bytes()
        out.unlink()
    if lines:
        found[LINES] = _lines.texts(layout, top)
    if not keep:
        delete(top, layout)
    return found


def run(
    classes: Sequence[int],
    top: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
    layers: int | None = None,
    keep: bool = False,
    progress: Callable[[dict[str, Any]], None] | None = None,
    done: Callable[[int, Opening | None], None] | None = None,
    build: Build | None = None,
    lines: str | os.PathLike[str] | None = None,
    verify: bool = True,
    shuffle: int | None = None,
    certificates: str | os.PathLike[str] | None = None,
) -> list[Opening]:
    """Build the ``classes`` not yet recorded in the results file ``out`` under the
    table directory ``top``, adding each record to ``out`` as it comes (restartable);
    return the new records. ``progress`` hears each layer built (one local job only),
    ``done`` each class finished (its record, or ``None`` if its table is not complete
    yet: ``layers`` stopped it); ``build`` replaces :func:`~.building.build` (tests).
    With ``lines``, a folder, each class's records of its opening's principal variation
    (:func:`.lines.texts`) are written there, here (the worker's disk need not be this
    one), before its record is added to ``out``: a class recorded has its lines. With
    ``verify`` (the default) every table is checked by the independent verifier before
    it is read, and the classes recorded without a verdict are built again (last, see
    :func:`todo`, which ``shuffle`` seeds); a class built again must keep its value. With
    ``certificates``, a folder here, each table that passed leaves its opening's
    certificate there, checked, its hash in the record (:mod:`.certificates`; on Ray
    the worker writes it on its own disk and ships its bytes, which are written here
    once their hash is the record's); the classes recorded without one are built
    again, last."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be 'local' or 'ray', not {backend!r}")
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be 1 to {MAX_JOBS}, not {jobs}")
    for i in classes:
        if not 0 <= i < len(CLASSES):
            raise ValueError(f"a class index from 0 to {len(CLASSES) - 1}, not {i}")
    before = {o.index: o for o in read(out)}
    asked_for = todo(classes, before.values(), verify, shuffle, certificates is not None)
    top = str(top)
    Path(top).mkdir(parents=True, exist_ok=True)
    for folder in (lines, certificates):
        if folder is not None:
            Path(folder).mkdir(parents=True, exist_ok=True)
    options: dict[str, Any] = {"layers": layers, "keep": keep, "build": build,
                               "lines": lines is not None, "verify": verify}  # fmt: skip
    if certificates is not None and backend == "local":
        options["certificates"] = str(certificates)
    elif certificates is not None:  # written on the worker's disk, shipped here
        options.update(certificates=str(Path(top) / "certificates"), ship=True)
    results = (
        backends.local(build_class, asked_for, top, options, jobs, progress)
        if backend == "local"
        else backends.on_ray(
            build_class, asked_for, top, options, jobs, address, certificates is not None
        )
    )
    new: list[Opening] = []
    for i, found in results:
        texts = {} if found is None else found.pop(LINES, {})
        shipped = None if found is None else found.pop(CERTIFICATE, None)
        opening = None if found is None else check({"format": FORMAT, "classes": [found]})[0]
        old = before.get(i)
        if opening is not None and old is not None and (old.value, old.plies, old.o_first) != (
            opening.value, opening.plies, opening.o_first
        ):  # fmt: skip
            raise TableError(
                f"class {i}: built again, its opening is {opening.value} in {opening.plies}, "
                f"recorded {old.value} in {old.plies}"
            )
        if opening is not None and lines is not None:
            _write_lines(Path(lines), texts)
        if opening is not None and shipped is not None and certificates is not None:
            _certificates.receive(Path(certificates), opening.certificate, shipped)
        if opening is not None:  # added to what is there now: another sweep may write it too
            add(out, [opening])
            new.append(opening)
        if done is not None:
            done(i, opening)
    return new


def todo(
    classes: Sequence[int],
    recorded: Iterable[Opening],
    verify: bool = True,
    shuffle: int | None = None,
    certificates: bool = False,
) -> list[int]:
    """The ``classes`` a sweep builds, given the records there: those not recorded, in
    the order given (or shuffled with ``random.Random(shuffle)``, so that the classes
    done so far are a random sample of those asked for); when verifying, then those
    recorded without a verdict; with ``certificates``, also those of a won or lost
    opening recorded without a certificate.

    >>> todo([3, 1, 2], []), todo(range(6), [], shuffle=33)
    ([3, 1, 2], [0, 2, 3, 5, 1, 4])
    """
    by_class = {o.index: o for o in recorded}
    new = [i for i in classes if i not in by_class]
    if shuffle is not None:
        random.Random(shuffle).shuffle(new)
    again = [
        i for i in classes if i in by_class and (
            (verify and by_class[i].verified is None)
            or (certificates and by_class[i].certificate is None and by_class[i].value != "draw")
        )
    ]  # fmt: skip
    return new + again


def _write_lines(folder: Path, texts: dict[str, str]) -> None:
    """Write the lines' ``texts`` a worker returned into ``folder``, by their names
    (:func:`.lines.file_name`'s, nothing else: a name is no path)."""
    for name, text in texts.items():
        if Path(name).name != name or not name.endswith(".tiki"):
            raise TableError(f"a line's file name, not {name[:80]!r}")
        (folder / name).write_text(text, encoding="utf-8")
