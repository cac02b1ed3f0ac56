"""The error family: every error for bad input is a ``ValueError``.

``ManifestError`` is the ``NotationError`` of tile and board data: a manifest (a JSON
file, JSON text or a ``dict``) that cannot be read, or that breaks a clause of
``specs/tikal.md``. Its message names the tile or board part and the fault.

>>> issubclass(IllegalActionError, ValueError), issubclass(NotationError, ValueError)
(True, True)
>>> issubclass(ManifestError, NotationError)
True
>>> str(ManifestError("tile C4: stones must be 6 non-negative ints, got [0, 0, 3]"))
'tile C4: stones must be 6 non-negative ints, got [0, 0, 3]'
"""

from __future__ import annotations

from gamekit.refusals import Reason, Refusal

__all__ = ["IllegalActionError", "ManifestError", "NotationError", "Reason"]


class IllegalActionError(Refusal):
    """A well-formed action that is not legal in this state.

    ``clause`` is the id of the spec clause that forbids it (``'TIKAL-<AREA>-<n>'``);
    ``template`` and ``fields`` say it in any language: ``str(error)`` is
    ``f"{template.format(**fields)} ({clause})"``. The template is taken from a
    :class:`Reason` given as the ``message``, or given by name; a plain ``message``
    alone is its own template (its braces doubled).

    >>> e = IllegalActionError("TIKAL-TURN-4", Reason("{who} may not act now", who="P2"))
    >>> str(e), e.clause, e.template, e.fields
    ('P2 may not act now (TIKAL-TURN-4)', 'TIKAL-TURN-4', '{who} may not act now', {'who': 'P2'})
    >>> e = IllegalActionError("TIKAL-TURN-4", "odd {x}")
    >>> e.template, e.template.format(**e.fields)
    ('odd {{x}}', 'odd {x}')
    """


class NotationError(ValueError):
    """Text, JSON or a record that cannot be read.

    ``position`` says where: a character offset for text, a line number for records
    (1-based), ``'line L column C'`` for JSON syntax; ``None`` when the whole input, or
    a part the message names, is at fault.
    """

    def __init__(self, message: str, position: int | str | None = None) -> None:
        where = "" if position is None else f" (at {position})"
        super().__init__(f"{message}{where}")
        self.position = position
        """Where in the input the fault is, or ``None``."""


class ManifestError(NotationError):
    """A tile manifest that is malformed or breaks a clause of ``specs/tikal.md``.

    The message starts with the part at fault (``tile C4``, ``board``, ``printed hex
    base_camp``, ``components``, ``manifest``) and says what is wrong.
    """
