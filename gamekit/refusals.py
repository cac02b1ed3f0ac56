"""A refused action's reason, sayable in any language: :class:`Reason` and
:class:`Refusal`, the base of each game's ``IllegalActionError``.

A reason is the English sentence itself (a ``str``: what ``why_illegal`` returns and
every message has always said), made from a ``template`` with ``{fields}`` in
:meth:`str.format`'s braces, marked for translation where it is written (``N_``), and
the fields' values (never prose: cell or village names, numbers, players, tokens, or a
word a game's table of refusal words translates). Each game's ``text.words`` says it
in a player's language (``refusal_words``).

>>> r = Reason("{village} is not empty", village="b2")
>>> r, r.template, r.fields
('b2 is not empty', '{village} is not empty', {'village': 'b2'})
>>> e = Refusal("TIKI-CREATE-3", r)
>>> str(e), e.clause, e.template
('b2 is not empty (TIKI-CREATE-3)', 'TIKI-CREATE-3', '{village} is not empty')
>>> Refusal("TIKI-TURN-3", "odd {x}").template
'odd {{x}}'
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["Reason", "Refusal"]


class Reason(str):
    """Why an action is refused: its English sentence, with the ``template`` and the
    ``fields`` it was made from."""

    __slots__ = ("fields", "template")
    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, /, **fields: object) -> Reason:
        """The reason ``template.format(**fields)``."""
        self = super().__new__(cls, template.format(**fields))
        self.template = template
        """The English template, as marked for translation."""
        self.fields = fields
        """The values of the template's fields."""
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return _reason, (self.template, self.fields)


def _reason(template: str, fields: dict[str, object]) -> Reason:
    """A :class:`Reason` rebuilt (pickle)."""
    return Reason(template, **fields)


class Refusal(ValueError):
    """A well-formed action that is not legal: the ``clause`` that forbids it, and a
    message that any language can say: ``str(error)`` is ``f"{template.format(**fields)}
    ({clause})"``. The template comes from a :class:`Reason` given as the ``message``,
    or by name; a plain ``message`` alone is its own template (its braces doubled)."""

    def __init__(
        self,
        clause: str,
        message: str,
        *,
        template: str | None = None,
        fields: Mapping[str, object] | None = None,
    ) -> None:
        if template is None:
            if isinstance(message, Reason):
                template, given = message.template, message.fields
            else:
                template, given = message.replace("{", "{{").replace("}", "}}"), {}
        else:
            given = dict(fields or {})
            if template.format(**given) != message:
                raise ValueError(f"{message!r} is not the template {template!r} filled in")
        super().__init__(f"{message} ({clause})")
        self.clause = clause
        """The id of the clause of the game's spec that forbids the action."""
        self.template = template
        """The English template of the message, without the clause (``N_``-marked)."""
        self.fields = dict(given)
        """The values of the template's fields."""

    def __reduce__(self) -> tuple[object, ...]:
        message = Reason(self.template, **self.fields)
        return type(self), (self.clause, message), self.__dict__
