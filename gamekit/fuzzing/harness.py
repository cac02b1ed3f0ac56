"""The fuzzer's game-independent running: readers, the oracle, the report.

Nothing here knows the game: a :class:`Fuzzer` is given the game's two refusals, its
readers and its corpus; :mod:`.mutations` makes the inputs, the game's ``fuzzing``
folder the corpus, the readers and their checks.

- :class:`Reader`: one reader as the fuzzer drives it: how it draws a real input from
  the corpus, mutates it, reads it and checks what it read; a check raises
  :class:`Problem` for a broken promise (:func:`same` for a failed round trip).
- :class:`Fuzzer`: the readers of a game and its corpus; ``make_input`` draws the
  ``index``-th input of a reader (reproducible from ``(seed, reader, index)`` alone),
  ``judge`` classifies it (refused, accepted, or a finding of some kind), ``run`` feeds
  every reader and returns a :class:`Report` of :class:`ReaderCounts` and
  :class:`Finding` records, which prints as a table (:meth:`Report.summary`).
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

__all__ = [
    "FINDINGS_KEPT",
    "Finding",
    "Fuzzer",
    "Problem",
    "Reader",
    "ReaderCounts",
    "Report",
    "same",
    "short",
    "show_input",
]

FINDINGS_KEPT = 3
"""How many findings of each reader a :class:`Report` keeps (it counts them all)."""

C = TypeVar("C")
"""The type of a game's corpus."""


# --------------------------------------------------------------------------- checks


class Problem(Exception):
    """A broken promise found while checking an accepted input: ``kind`` is
    ``'round-trip'`` or ``'plays-on'``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def same(a: object, b: object, what: str) -> None:
    """Equal, and equal in every type too (``1`` and ``True`` are ``==``)."""
    if a != b or repr(a) != repr(b):
        raise Problem("round-trip", f"{what}: {short(repr(a))} read back as {short(repr(b))}")


def short(text: str, limit: int = 300) -> str:
    """``text``, cut to ``limit`` characters (saying how long it was)."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def show_input(value: Any) -> str:
    """A text or a JSON value, shown in a line (cut if long)."""
    if isinstance(value, str):
        return short(repr(value))
    try:
        return short(json.dumps(value, ensure_ascii=True))
    except (ValueError, TypeError, RecursionError):
        return f"<a {type(value).__name__} too deep or too big to show>"


def _error(e: BaseException) -> str:
    frame = traceback.extract_tb(e.__traceback__)[-1:] if e.__traceback__ else []
    where = f" at {frame[0].filename.rsplit('/', 2)[-1]}:{frame[0].lineno}" if frame else ""
    try:
        message = str(e)
    except Exception:  # pragma: no cover - an exception that cannot print itself
        message = "?"
    return short(f"{type(e).__name__}: {message}{where}")


# --------------------------------------------------------------------------- running


@attrs.frozen
class Reader(Generic[C]):
    """One reader of the library, as the fuzzer drives it.

    ``draw(corpus, rng)`` returns a real input (unmutated), ``mutate(rng, input,
    corpus)`` a mutation of it, ``read(input)`` calls the reader, and ``check(input,
    result, rng)`` raises if what was read breaks a promise.
    """

    name: str
    draw: Callable[[C, random.Random], Any]
    mutate: Callable[[random.Random, Any, C], Any]
    read: Callable[[Any], Any]
    check: Callable[[Any, Any, random.Random], None]


@attrs.frozen
class Finding:
    """One input that broke the contract: ``kind`` is ``'escape'``, ``'round-trip'``
    or ``'plays-on'``; ``input`` shows the input (cut if long); ``make_input(corpus,
    reader, seed, index)`` rebuilds it exactly."""

    reader: str
    index: int
    kind: str
    error: str
    input: str


@attrs.frozen
class ReaderCounts:
    """How one reader fared: every input is accepted, refused or a finding."""

    reader: str
    inputs: int
    accepted: int
    refused: int
    findings: int


@attrs.frozen
class Report:
    """What a run found: counts per reader and the first findings of each."""

    seed: int
    inputs_per_reader: int
    readers: tuple[ReaderCounts, ...]
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Whether no input broke the contract."""
        return all(r.findings == 0 for r in self.readers)

    def table(self) -> str:
        """The counts as a text table, one line per reader."""
        head = f"{'reader':<18}{'inputs':>9}{'accepted':>10}{'refused':>10}{'findings':>10}"
        lines = [head]
        for r in self.readers:
            lines.append(
                f"{r.reader:<18}{r.inputs:>9}{r.accepted:>10}{r.refused:>10}{r.findings:>10}"
            )
        return "\n".join(lines)

    def summary(self, seconds: float) -> str:
        """The table, each finding kept with its input, and how many findings the run
        of ``seconds`` made, as the command line prints them."""
        lines = [self.table()]
        for f in self.findings:
            lines.append(f"finding: {f.reader} #{f.index} ({f.kind}): {f.error}")
            lines.append(f"  input: {f.input}")
        found = sum(r.findings for r in self.readers)
        verdict = "no findings" if not found else f"{found} finding{'s' * (found != 1)}"
        lines.append(f"{verdict} in {seconds:.1f} s")
        return "\n".join(lines)


@attrs.frozen
class Fuzzer(Generic[C]):
    """The fuzzer of one game: its ``readers`` by name (in the order of the report), how
    to build its corpus from a seed, how to show an input in a line, and the errors
    its readers may raise for bad input (``refusals``: the game's ``NotationError``
    and ``IllegalActionError``)."""

    game: str
    """The game's package name, in the seeds of the random generators."""
    readers: Mapping[str, Reader[C]]
    build_corpus: Callable[[int], C]
    refusals: tuple[type[Exception], ...]
    """The errors that refuse an input; anything else escaping is a finding."""
    show: Callable[[Any], str] = show_input

    def chosen(self, readers: Sequence[str] | None) -> list[str]:
        """The names of ``readers`` in the order of the table (all of them for
        ``None``); an unknown name is a ``ValueError`` that lists the readers."""
        if readers is None:
            return list(self.readers)
        if isinstance(readers, str):
            raise ValueError(f"readers is a sequence of names, not the str {readers!r}")
        unknown = [name for name in readers if name not in self.readers]
        if unknown:
            raise ValueError(
                f"no reader {unknown[0]!r}: the readers are {', '.join(self.readers)}"
            )
        return [name for name in self.readers if name in readers]

    def _rng(self, seed: int, reader: str, index: int) -> random.Random:
        return random.Random(f"{self.game} fuzz {seed} {reader} {index}")

    def make_input(self, corpus: C, reader: str, seed: int, index: int) -> Any:
        """The ``index``-th input :meth:`run` feeds ``reader`` with ``seed``: a real input
        from the corpus, mutated 0 to 4 times (more mutations are rarer)."""
        r = self.readers[reader]
        rng = self._rng(seed, reader, index)
        value = r.draw(corpus, rng)
        for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3, 4))):
            value = r.mutate(rng, value, corpus)
        return value

    def judge(self, reader: str, value: Any, rng: random.Random) -> tuple[str, str, str]:
        """Feed ``value`` to ``reader``; return ``(verdict, kind, error)``: ``('refused',
        '', '')``, ``('accepted', '', '')`` or ``('finding', kind, error)``."""
        r = self.readers[reader]
        try:
            result = r.read(value)
        except self.refusals:
            return "refused", "", ""
        except Exception as e:  # the contract says nothing else escapes
            return "finding", "escape", _error(e)
        try:
            r.check(value, result, rng)
        except Problem as e:
            return "finding", e.kind, short(str(e))
        except Exception as e:  # a writer or a reader failing on what was accepted
            return "finding", "round-trip", _error(e)
        return "accepted", "", ""

    def run(
        self, inputs_per_reader: int, seed: int = 0, readers: Sequence[str] | None = None
    ) -> Report:
        """Feed ``inputs_per_reader`` inputs to each reader (only to those named in
        ``readers``, in the order of the table, if given); the same seed gives the same
        inputs and the same report."""
        if type(inputs_per_reader) is not int or inputs_per_reader < 0:
            raise ValueError(f"inputs_per_reader must be an int >= 0, not {inputs_per_reader!r}")
        names = self.chosen(readers)
        corpus = self.build_corpus(seed)
        counts = []
        findings: list[Finding] = []
        for name in names:
            seen = {"accepted": 0, "refused": 0, "finding": 0}
            kept = 0
            for index in range(inputs_per_reader):
                value = self.make_input(corpus, name, seed, index)
                verdict, kind, error = self.judge(
                    name, value, self._rng(seed, "check " + name, index)
                )
                seen[verdict] += 1
                if verdict == "finding" and kept < FINDINGS_KEPT:
                    findings.append(Finding(name, index, kind, error, self.show(value)))
                    kept += 1
            counts.append(
                ReaderCounts(
                    name, inputs_per_reader, seen["accepted"], seen["refused"], seen["finding"]
                )
            )
        return Report(seed, inputs_per_reader, tuple(counts), tuple(findings))
