"""Words for a person: clause ids left out, the prompt's signs in ASCII, near misses.

:class:`PersonOut` is the stream a person reads through (clause ids left out with
``--no-clauses``, the prompt's signs in ASCII where the terminal cannot show them),
:func:`strip_clauses` takes clause ids out of a text, and :func:`near_miss` finds the
legal token a person most likely meant.

>>> strip_clauses("x creates a totem at b2 (TIKI-CREATE-1)")
'x creates a totem at b2'
>>> strip_clauses("P1 moves a1 → b2 (2 AP, TIKAL-MOVE-1; SPEED-JUMP-3)")
'P1 moves a1 → b2 (2 AP)'
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

__all__ = ["PersonOut", "clauses_in", "legend_from", "near_miss", "restating", "strip_clauses"]

E = TypeVar("E")
"""The type of a game's events."""

_ID = r"\b[A-Z]+-[A-Z]+-\d+\b"
"""A clause id: ``TIKI-CREATE-1``, ``SPEED-JUMP-3``."""
_IN_PARENS = re.compile(rf" ?\({_ID}(?:[,/;] ?{_ID})*\)")
_IN_LIST = re.compile(rf"[,;] {_ID}(?:[,;] {_ID})*(?=\))")
_BARE = re.compile(rf" ?{_ID}")
_IDS = re.compile(_ID)
_ASCII = {"→": "->", "·": "|"}
"""The signs :class:`PersonOut` writes in ASCII to a stream that cannot encode them."""
_NUMBERS = re.compile(r"-?\d+")
"""The numbers in a token, with their sign."""


def restating(
    same: Mapping[type, type | tuple[type, ...]], action: object, events: Sequence[E]
) -> E | None:
    """The first of ``events`` if it only says what ``action`` did (its type is the
    one, or one of those, ``same`` gives for the action's type: ``x creates a totem on
    b2``), else ``None``: a narration puts its clause on the action's line instead."""
    kinds = same.get(type(action))
    if not events or kinds is None:
        return None
    told = type(events[0])
    return events[0] if told is kinds or (isinstance(kinds, tuple) and told in kinds) else None


def legend_from(doc: str | None, title: str) -> str:
    """The first table of a module docstring (reST, two columns between two ``=``
    rules, no header) as lines for a terminal, under ``title``: how a game's board
    legend is made, so that the legend and the documentation never differ.

    >>> print(legend_from('''A board.
    ...
    ... ====  ==========
    ... ``x``   a tiki of x
    ... ====  ==========
    ... ''', "Symbols:"))
    Symbols:
      x  a tiki of x
    """
    lines = (doc or "").splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("===") and "  =" in line]
    if len(rules) < 2:  # docstrings stripped (python -OO)
        return f"{title} (not available: the documentation is stripped)"
    split = lines[rules[0]].index("  =") + 2
    rows = [(ln[:split].strip(), ln[split:].strip()) for ln in lines[rules[0] + 1 : rules[1]]]
    width = max(len(key.replace("``", "")) for key, _ in rows)
    body = [f"  {key.replace('``', ''):<{width}}  {text.replace('``', '')}" for key, text in rows]
    return "\n".join([title, *body])


def strip_clauses(text: str) -> str:
    """``text`` without its clause ids: ``(TIKI-CREATE-1)``, ``, SPEED-JUMP-3)``."""
    return _BARE.sub("", _IN_PARENS.sub("", _IN_LIST.sub("", text)))


def clauses_in(text: str) -> tuple[str, ...]:
    """The clause ids ``text`` names, in order, each once: what :func:`strip_clauses`
    takes out, for a client that shows the words and links the clauses.

    >>> clauses_in("P1 moves a1 → b2 (2 AP, TIKAL-MOVE-1; SPEED-JUMP-3)")
    ('TIKAL-MOVE-1', 'SPEED-JUMP-3')
    >>> clauses_in("P1 spends action points: 10 of 10 left")
    ()
    """
    return tuple(dict.fromkeys(_IDS.findall(text)))


def near_miss(text: str, tokens: Sequence[str], joiner: str = "") -> str | None:
    """The legal token ``text`` was most likely meant as, or ``None``: ``text`` with
    its words joined by ``joiner`` if that is legal (``+ b2`` → ``+b2``; Tikal joins
    with ``:``, ``bid 2`` → ``bid:2``), else the closest legal token that keeps the
    numbers the person typed (a hint never turns ``bid:-1`` into ``bid:19``).

    >>> near_miss("+ b2", ["+a1", "+b2"]), near_miss("hello", ["+a1"])
    ('+b2', None)
    >>> near_miss("bid 2", ["pass", "bid:2"], ":"), near_miss("bid:-1", ["bid:19"], ":")
    ('bid:2', None)
    """
    joined = joiner.join(text.split())
    if joined in tokens:
        return joined
    numbers = _NUMBERS.findall(joined)
    close = difflib.get_close_matches(joined, tokens, n=3, cutoff=0.8)
    kept = [c for c in close if _NUMBERS.findall(c) == numbers]
    return kept[0] if kept else None


class PersonOut:
    """A text stream for a person, over ``stream``: clause ids left out unless
    ``clauses``, and the arrow and the dot of the prompt written ``->`` and ``|`` where
    ``stream`` cannot encode them."""

    def __init__(self, stream: Any, *, clauses: bool = True) -> None:
        self.stream = stream
        self.clauses = clauses
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "".join(_ASCII).encode(encoding)
            self.ascii = False
        except (UnicodeEncodeError, LookupError):
            self.ascii = True

    def text(self, text: str) -> str:
        """``text`` as this stream writes it."""
        if not self.clauses:
            text = strip_clauses(text)
        if self.ascii:
            for sign, plain in _ASCII.items():
                text = text.replace(sign, plain)
        return text

    def write(self, text: str) -> int:
        """Write ``text`` as this stream shows it."""
        self.stream.write(self.text(text))
        return len(text)

    def flush(self) -> None:
        """Flush the stream below."""
        self.stream.flush()
