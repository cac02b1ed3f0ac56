"""The error family: every error for bad input is a ``ValueError``.

>>> issubclass(IllegalActionError, ValueError), issubclass(NotationError, ValueError)
(True, True)
"""

from __future__ import annotations

from gamekit.refusals import Reason, Refusal

__all__ = ["IllegalActionError", "NotationError", "Reason", "TableError", "shown"]

_SHOWN = 40
"""How many characters of a value :func:`shown` keeps."""


class IllegalActionError(Refusal):
    """A well-formed action that is not legal in this state.

    ``clause`` is the id of the spec clause that forbids it (e.g. ``'TIKI-CREATE-3'``);
    ``template`` and ``fields`` say it in any language: ``str(error)`` is
    ``f"{template.format(**fields)} ({clause})"``. The template is taken from a
    :class:`Reason` given as the ``message``, or given by name; a plain ``message``
    alone is its own template (its braces doubled).

    >>> e = IllegalActionError("TIKI-CREATE-3", Reason("{village} is not empty", village="b2"))
    >>> str(e), e.clause
    ('b2 is not empty (TIKI-CREATE-3)', 'TIKI-CREATE-3')
    >>> e.template, e.fields
    ('{village} is not empty', {'village': 'b2'})
    >>> IllegalActionError("TIKI-TURN-3", "odd {x}").template
    'odd {{x}}'
    """


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


class TableError(ValueError):
    """A retrograde table that cannot be built or read (``tiki.tools.tables``): the
    builder not compiled, a layout or a layer not built, a position outside the table.
    """


def shown(value: object, limit: int = _SHOWN) -> str:
    """A short ``repr`` of any value for an error message or a malformed action; never raises.

    Huge numbers, long or deeply nested containers and objects whose ``repr`` fails are
    shown in a few characters, so that a message about bad input cannot itself fail.

    >>> shown(10**5000), shown("x" * 100, 12), shown([[[[1]]]]), shown((1,))
    ('<int of 16610 bits>', "'xxxxxxxx...", '[[[[...]]]]', '(1,)')
    """
    text = _shown(value, 3)
    return text if len(text) <= limit else text[: max(limit - 3, 1)] + "..."


def _shown(value: object, depth: int) -> str:
    if type(value) is int:
        if value.bit_length() > 128:
            return f"<{'-' if value < 0 else ''}int of {value.bit_length()} bits>"
        return repr(value)
    if type(value) is str:
        return repr(value[: _SHOWN + 1])
    if type(value) is tuple or type(value) is list:
        opening, closing = ("(", ")") if type(value) is tuple else ("[", "]")
        if depth <= 0:
            return f"{opening}...{closing}"
        inner = [_shown(v, depth - 1) for v in value[:6]]
        if len(value) > 6:
            inner.append("...")
        comma = "," if len(value) == 1 and type(value) is tuple else ""
        return opening + ", ".join(inner) + comma + closing
    if value is None or type(value) is bool or type(value) is float:
        return repr(value)
    try:
        text = repr(value)
    except Exception:  # a repr that fails, or recurses without end
        return f"<{type(value).__name__}>"
    return text if type(text) is str else f"<{type(value).__name__}>"
