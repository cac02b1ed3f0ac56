"""The error family: every error for bad input is a ``ValueError``.

>>> issubclass(IllegalActionError, ValueError), issubclass(NotationError, ValueError)
(True, True)
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """A well-formed action that is not legal in this state.

    ``clause`` is the id of the spec clause that forbids it (e.g. ``'TIKI-CREATE-3'``).
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} ({clause})")
        self.clause = clause
        """The id of the clause in ``specs/tiki.md`` that forbids the action."""


class NotationError(ValueError):
    """Text, JSON or a record that cannot be read.

    ``position`` says where: a character offset for text, a line number for records
    (1-based), or a JSON path; ``None`` when the whole input is at fault.
    """

    def __init__(self, message: str, position: int | str | None = None) -> None:
        where = "" if position is None else f" (at {position})"
        super().__init__(f"{message}{where}")
        self.position = position
        """Where in the input the fault is, or ``None``."""


# Shown (in tracebacks, reprs and pickles) under the public name, ``tiki.NotationError``.
IllegalActionError.__module__ = NotationError.__module__ = "tiki"
