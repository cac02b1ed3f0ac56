"""The clauses of the rules, as the package ships them: :func:`clause` by id.

Every rule of the spec (``specs/tikal.md`` for ``tikalspeed``, ``specs/tiki.md`` for
``tiki``) has a stable id, and every event and every refusal names one. The clause
texts ship with the package (``data/clauses.json``, written from the spec by
``specs/clauses.py``), so a program can explain what happened without the repository:
:func:`explain` adds the clause's title and text to an event or an error.

>>> import tikalspeed, tiki
>>> tikalspeed.clause("SPEED-JUMP-2").title
'The reveal and the order of play'
>>> print(tiki.clause("TIKI-CREATE-3"))
TIKI-CREATE-3: An empty village
<BLANKLINE>
The chosen village must hold no tiki at all, neither the player's own nor the
opponent's.
>>> tiki.clause("TIKI-CREATE-3").source
'seed sentence 7 ("auf ein leeres Dorfplättchen") [C: S1, S2, S3, S4].'
>>> try:
...     tikalspeed.clause("TIKI-CREATE-3")
... except tikalspeed.NotationError as e:
...     print(e)
no clause 'TIKI-CREATE-3' in specs/tikal.md: its ids start TIKAL- or SPEED-

The file is the same in both packages (``tests/test_clauses.py`` checks it): it knows
neither game, only its package's data.
"""

from __future__ import annotations

import functools
import json
from importlib import resources

import attrs

from ..errors import NotationError

__all__ = ["MAX_CLAUSE_ID", "Clause", "clause", "clauses", "explain"]

MAX_CLAUSE_ID = 40
"""The longest clause id :func:`clause` reads: the longest real one has 19 characters."""

_PACKAGE = __name__.partition(".")[0]


@attrs.frozen
class Clause:
    """One clause of the spec: its id, title, text, source and notes."""

    id: str
    """The stable id, ``'SPEED-JUMP-2'``."""
    title: str
    """The title of its heading, ``'The reveal and the order of play'``."""
    text: str
    """The rule in the spec's words (Markdown, wrapped as in the spec), without its
    notes."""
    source: str = ""
    """Where the rule comes from (the spec's *Source* note, on one line), or ``""``."""
    notes: tuple[tuple[str, str], ...] = ()
    """Its other notes in spec order, each ``(label, text)``: ``('Option', ...)`` names
    the ``Rules`` field that selects a reading and its default; ``'Reconstructed'``,
    ``'Reading'``, ``'Open question A1'``, ``'Why this default'`` and the like say how a
    gap in the sources was filled."""

    def __str__(self) -> str:
        return f"{self.id}: {self.title}\n\n{self.text}"


_Spec = tuple[str, tuple[Clause, ...], dict[str, Clause]]
"""The spec's name, its clauses in order, and the clauses by id."""


@functools.cache
def _spec() -> _Spec:
    """The package's clauses, read once on first use (``import`` stays fast)."""
    text = resources.files(_PACKAGE).joinpath("data/clauses.json").read_text("utf-8")
    data = json.loads(text)
    found = tuple(
        Clause(
            id=c["id"],
            title=c["title"],
            text=c["text"],
            source=c["source"],
            notes=tuple((label, note) for label, note in c["notes"]),
        )
        for c in data["clauses"]
    )
    return data["spec"], found, {c.id: c for c in found}


def clauses() -> tuple[Clause, ...]:
    """Every clause of the package's spec, in the spec's order."""
    return _spec()[1]


def clause(clause_id: str) -> Clause:
    """The clause with id ``clause_id`` (``'TIKAL-MOVE-1'``).

    Raises :class:`NotationError` naming the id when it is not a ``str`` of at most
    :data:`MAX_CLAUSE_ID` characters or no clause of the spec has it.
    """
    if not isinstance(clause_id, str):
        raise NotationError(f"a clause id is a str, not {type(clause_id).__name__}")
    if len(clause_id) > MAX_CLAUSE_ID:
        raise NotationError(
            f"a clause id has at most {MAX_CLAUSE_ID} characters, not {len(clause_id)}"
        )
    name, ordered, by_id = _spec()
    found = by_id.get(clause_id)
    if found is not None:
        return found
    hint = ""
    if clause_id.strip().upper() in by_id:
        hint = f": did you mean {clause_id.strip().upper()!r}?"
    else:
        prefixes = dict.fromkeys(c.id.partition("-")[0] + "-" for c in ordered)
        hint = f": its ids start {' or '.join(prefixes)}"
    raise NotationError(f"no clause {clause_id!r} in {name}{hint}")


def explain(thing: object) -> str:
    """``str(thing)`` followed by its clause's heading and text: ``thing`` is an event,
    an ``IllegalActionError`` or anything else with a ``clause`` id. Without one (a
    ``NotationError``, say), the message alone."""
    clause_id = getattr(thing, "clause", None)
    message = str(thing)
    if not isinstance(clause_id, str):
        return message
    return f"{message}\n\n{clause(clause_id)}"
