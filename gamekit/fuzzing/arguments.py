"""What a game's readers are told beside their input: :class:`Arguments`.

A text form may only *name* something the reader must be given: Tikal's positions,
records and views name a custom tile manifest by ``<name>@<version>``, and its readers
are given it as ``rules=`` or ``manifest=``. The fuzzer then feeds such a reader pairs
``(input, argument)``, and reads back what it accepted with the argument the object
needs. A game whose readers take nothing beside their input (Tiki) has
``Arguments()``: its inputs are the texts and JSON values themselves.

>>> plain = Arguments()
>>> plain.pack("from_text", "text", None), plain.call("from_text", len, "text")
('text', 4)
>>> told = Arguments(frozenset({"rules"}), given=lambda keyword, rules: rules)
>>> told.pack("from_text", "text", "R"), told.under("rules", "R"), told.under("player", 1)
(('text', 'R'), {'rules': 'R'}, {})
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .harness import short

__all__ = ["KEYWORDS", "Arguments"]

KEYWORDS: Mapping[str, str] = {
    "from_text": "rules",
    "read_record": "rules",
    "view_from_text": "rules",
    "action_from_json": "rules",
    "rules_from_text": "manifest",
    "state_from_json": "manifest",
    "record_from_json": "manifest",
    "view_from_json": "manifest",
}
"""The keyword argument each standard reader takes in a game whose readers take one."""


def _no_argument(keyword: str, rules: Any) -> Any:
    return None


def _shown(argument: Any) -> str:
    return short(repr(argument), 80)


@attrs.frozen
class Arguments:
    """The keyword arguments a game's readers take beside their input: ``'rules'`` and
    ``'manifest'`` (the readers of :data:`KEYWORDS`), ``'player'`` (``parse_action``'s
    ``player=``); none in a game whose text forms say everything."""

    keywords: frozenset[str] = frozenset()
    """The keywords the game's readers take."""
    given: Callable[[str, Any], Any] = _no_argument
    """``given(keyword, rules)``: the ``rules=`` or ``manifest=`` argument a reader of an
    object under ``rules`` must be given (``None``: the reader needs none)."""
    others: Mapping[str, tuple[Any, ...]] = attrs.field(factory=dict)
    """Per keyword, the arguments a mutation may give a reader instead, now and then."""
    show: Callable[[Any], str] = _shown
    """How an argument is shown in a finding."""

    def takes(self, reader: str) -> str | None:
        """The keyword the standard reader ``reader`` is given in this game, if any."""
        keyword = KEYWORDS.get(reader)
        return keyword if keyword in self.keywords else None

    def pack(self, reader: str, value: Any, rules: Any) -> Any:
        """The input of ``reader`` that ``value``, written from an object under
        ``rules``, makes: ``value`` itself, or ``(value, argument)``."""
        keyword = self.takes(reader)
        return value if keyword is None else (value, self.given(keyword, rules))

    def unpack(self, reader: str, value: Any) -> tuple[Any, Any]:
        """``(input, argument)`` of an input of ``reader`` (the argument ``None`` where
        the reader takes none)."""
        if self.takes(reader) is None:
            return value, None
        inner, argument = value
        return inner, argument

    def call(self, reader: str, read: Callable[..., Any], value: Any) -> Any:
        """``read`` (the game's function behind ``reader``) called on an input."""
        keyword = self.takes(reader)
        if keyword is None:
            return read(value)
        inner, argument = value
        return read(inner, **{keyword: argument})

    def vary(self, rng: random.Random, reader: str, value: Any, argument: Any) -> Any:
        """The input of ``reader`` made of a mutated ``value`` and its ``argument``; in
        one input of twenty, another argument of :attr:`others`."""
        keyword = self.takes(reader)
        if keyword is None:
            return value
        return value, rng.choice(self.others[keyword]) if rng.random() < 0.05 else argument

    def under(self, keyword: str, value: Any) -> dict[str, Any]:
        """``{keyword: value}`` if the game's readers take ``keyword``, else ``{}``."""
        return {keyword: value} if keyword in self.keywords else {}

    def needed(self, keyword: str, rules: Any) -> dict[str, Any]:
        """The keyword argument a reader of an object under ``rules`` must be given, as
        :meth:`under` passes it (``{}`` in a game whose readers take none)."""
        return self.under(keyword, self.given(keyword, rules))

    def plain(self, rules: Any) -> bool:
        """Whether an object under ``rules`` reads without any argument (through
        ``jsonio.loads`` too)."""
        return "manifest" not in self.keywords or self.given("manifest", rules) is None
