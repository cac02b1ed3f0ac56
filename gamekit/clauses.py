"""The clauses of a game's rules, as its package ships them: :class:`ClauseBook`.

Every rule of a game's spec has a stable id, and every event and every refusal names
one. The clause texts ship with the package (``<package>/data/clauses.json``, written
from the spec by ``specs/clauses.py``), so a program can explain what happened
without the repository. A game opens its book once (``text/clauses.py``) and
exports the book's :meth:`~ClauseBook.clause`, :meth:`~ClauseBook.clauses` and
:meth:`~ClauseBook.explain`.

>>> import tiki
>>> print(tiki.clause("TIKI-CREATE-3"))
TIKI-CREATE-3: An empty village
<BLANKLINE>
The chosen village must hold no tiki at all, neither the player's own nor the
opponent's.
"""

from __future__ import annotations

import functools
import json
from importlib import resources

import attrs

from .i18n import DEFAULT, words

__all__ = ["MAX_CLAUSE_ID", "Clause", "ClauseBook"]

MAX_CLAUSE_ID = 40
"""The longest clause id a book reads: the longest real one has 19 characters."""


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


class ClauseBook:
    """The clauses of one package's spec, read from its ``data/clauses.json`` on first
    use (``import`` stays fast); an unknown id is refused with ``error`` (the game's
    ``NotationError``)."""

    def __init__(self, package: str, error: type[ValueError]) -> None:
        self.package = package
        """The package whose ``data/clauses.json`` the book reads."""
        self.error = error
        """The error an unknown or malformed id raises."""

    def __repr__(self) -> str:
        return f"ClauseBook({self.package!r})"

    @functools.cached_property
    def _spec(self) -> _Spec:
        text = resources.files(self.package).joinpath("data/clauses.json").read_text("utf-8")
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

    def clauses(self) -> tuple[Clause, ...]:
        """Every clause of the package's spec, in the spec's order."""
        return self._spec[1]

    def clause(self, clause_id: str, lang: str = DEFAULT) -> Clause:
        """The clause with id ``clause_id`` (``'TIKAL-MOVE-1'``), its title and text in
        the language ``lang`` (:mod:`gamekit.i18n`; its source and notes stay in the
        spec's English).

        Raises the book's error naming the id when it is not a ``str`` of at most
        :data:`MAX_CLAUSE_ID` characters or no clause of the spec has it.
        """
        if not isinstance(clause_id, str):
            raise self.error(f"a clause id is a str, not {type(clause_id).__name__}")
        if len(clause_id) > MAX_CLAUSE_ID:
            raise self.error(
                f"a clause id has at most {MAX_CLAUSE_ID} characters, not {len(clause_id)}"
            )
        name, ordered, by_id = self._spec
        found = by_id.get(clause_id)
        if found is not None:
            if lang == DEFAULT:
                return found
            say = words(f"{self.package}-clauses", lang)
            return attrs.evolve(found, title=say.verbatim(found.title),
                                text=say.verbatim(found.text))  # fmt: skip
        hint = ""
        if clause_id.strip().upper() in by_id:
            hint = f": did you mean {clause_id.strip().upper()!r}?"
        else:
            prefixes = dict.fromkeys(c.id.partition("-")[0] + "-" for c in ordered)
            hint = f": its ids start {' or '.join(prefixes)}"
        raise self.error(f"no clause {clause_id!r} in {name}{hint}")

    def explain(self, thing: object) -> str:
        """``str(thing)`` followed by its clause's heading and text: ``thing`` is an
        event, an ``IllegalActionError`` or anything else with a ``clause`` id. Without
        one (a ``NotationError``, say), the message alone."""
        clause_id = getattr(thing, "clause", None)
        message = str(thing)
        if not isinstance(clause_id, str):
            return message
        return f"{message}\n\n{self.clause(clause_id)}"
