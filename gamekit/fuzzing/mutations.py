"""Mutations of texts and JSON values: the fuzzer's game-independent inputs.

A :class:`Mutator` knows of the game only the bounds of the numbers it reads (it puts
them, and one more, into its inputs) and how it shows a value in a message.
:meth:`Mutator.text` and :meth:`Mutator.json` make one mutation (character edits,
token and field swaps between inputs, huge numbers, wrong JSON kinds, deep nesting,
truncation, duplication, control and non-ASCII characters);
:meth:`Mutator.text_mutation`, :meth:`Mutator.json_mutation` and
:meth:`Mutator.json_text_mutation` make a reader's mutation of them.

>>> import random
>>> m = Mutator(limits=(999,), shown=repr)
>>> m.text(random.Random(1), "a1-b1") != "a1-b1"
True
"""

from __future__ import annotations

import json as json_module
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["MAX_TEXT", "Mutator", "copy_json"]

MAX_TEXT = 100_000
"""Mutated texts are cut to this many characters, so that duplication stays cheap."""

C = TypeVar("C")
"""The type of a game's corpus."""


_CHARS = (
    "abcxyzo0123456789+-,/;:=!@>.*? [](){}\"'\\_"
    "\x00\t\n\r\x0b\x0c\x1b\x1c\x7f\x85\xa0\u2028\u3000\ud800\ufeffé日🙂"
)
_SEPARATORS = ' ,/;:=-\n\t[]"{}'


def _numbers(limits: Sequence[int]) -> tuple[str, ...]:
    return (
        *("0", "-1", "-0", "007", "+2", "3", "8", "9", "99"),
        *(str(n) for limit in limits for n in (limit, limit + 1)),
        *("1" + "0" * 20, "9" * 5000, "-" + "9" * 5000, "0" * 5000 + "1"),
        *("1e400", "1.0", "NaN", "Infinity"),
    )


def _tokens(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of the runs of non-separator characters."""
    spans = []
    start = None
    for i, c in enumerate(text):
        if c in _SEPARATORS:
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(text)))
    return spans


def _odd_values(limits: Sequence[int]) -> tuple[Any, ...]:
    """Values of every JSON kind (and Python's float extremes) to put in place of a node."""
    return (
        *(True, False, None, 0, -1, 1.0, 0.5, math.nan, math.inf),
        *("", "1", "x", "b2", "a1b1", "chance", [], {}, [None], {"type": "pass"}),
        *(2**53, *limits, 10**100, -(10**100)),
    )


def _nodes(value: Any, limit: int = 20) -> list[tuple[Any, Any]]:
    """``(container, key)`` of every node below ``value``, to a depth of ``limit``."""
    out: list[tuple[Any, Any]] = []
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= limit:
            continue
        if isinstance(node, dict):
            for key in list(node):
                out.append((node, key))
                stack.append((node[key], depth + 1))
        elif isinstance(node, list):
            for i in range(len(node)):
                out.append((node, i))
                stack.append((node[i], depth + 1))
    return out


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (copying only dicts and lists, without recursing)."""
    if not isinstance(value, (dict, list)):
        return value
    root: Any = {} if isinstance(value, dict) else []
    stack = [(value, root)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for key, child in items:
            if isinstance(child, (dict, list)):
                new: Any = {} if isinstance(child, dict) else []
                stack.append((child, new))
            else:
                new = child
            if isinstance(dst, dict):
                dst[key] = new
            else:
                dst.append(new)
    return root


def _deep(depth: int) -> Any:
    out: Any = []
    for _ in range(depth):
        out = [out] if depth % 2 else {"a": out}
    return out


class Mutator:
    """The mutations of one game's inputs: ``limits`` are the bounds of the numbers the
    game reads (each goes in, and one more), ``shown`` how it shows a value."""

    def __init__(self, limits: Sequence[int], shown: Callable[[Any], str]) -> None:
        self.limits = tuple(limits)
        """The bounds of the numbers the game reads."""
        self.shown = shown
        """How the game shows a value in a message (a number written as a string)."""
        self._numbers = _numbers(self.limits)
        self._odd = _odd_values(self.limits)

    def text(self, rng: random.Random, text: str, others: Sequence[str] = ()) -> str:
        """Return ``text`` with one random mutation; ``others`` lend tokens and fields."""
        n = len(text)
        spans = _tokens(text)
        kind = rng.randrange(12)
        i = rng.randrange(n + 1)
        if kind == 0:  # insert a character
            return text[:i] + rng.choice(_CHARS) + text[i:]
        if kind == 1 and n:  # delete a few characters
            return text[:i] + text[i + rng.randint(1, 3) :]
        if kind == 2 and n:  # replace a character
            return text[:i] + rng.choice(_CHARS) + text[i + 1 :]
        if kind == 3 and len(spans) >= 2:  # swap two tokens
            (a, b), (c, d) = sorted(rng.sample(spans, 2))
            return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        if kind == 4 and spans and others:  # a token from another input
            a, b = rng.choice(spans)
            other = rng.choice(others)
            found = _tokens(other)
            if found:
                c, d = rng.choice(found)
                return text[:a] + other[c:d] + text[b:]
        if kind == 5 and spans:  # a number in place of a token
            a, b = rng.choice(spans)
            return text[:a] + rng.choice(self._numbers) + text[b:]
        if kind == 6:  # truncate
            return text[:i]
        if kind == 7 and n:  # duplicate a slice
            j = rng.randint(i, n)
            return text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]
        if kind == 8 and spans:  # drop a token
            a, b = rng.choice(spans)
            return text[:a] + text[b:]
        if kind == 9 and others:  # a line or field of another input, in place of ours
            other = rng.choice(others)
            sep = rng.choice(("\n", " ", ";", ","))
            ours, theirs = text.split(sep), other.split(sep)
            ours[rng.randrange(len(ours))] = rng.choice(theirs)
            return sep.join(ours)
        if kind == 10:  # change case, or whitespace
            if rng.random() < 0.5:
                return text.upper() if rng.random() < 0.5 else text.swapcase()
            return text.replace(" ", rng.choice(("  ", "\t", "\u3000", "", "\n")))
        # deep nesting, or a long run of one character
        run_of = rng.choice('[{("-,0 ')
        return text[:i] + run_of * rng.choice((10, 1000, 200_000)) + text[i:]

    def json(self, rng: random.Random, value: Any, others: Sequence[Any] = ()) -> Any:
        """Return a mutated copy of the JSON value ``value``; ``others`` lend subtrees."""
        value = copy_json(value)
        nodes = _nodes(value)
        if not nodes:
            return rng.choice(self._odd) if rng.random() < 0.5 else [value]
        container, key = rng.choice(nodes)
        kind = rng.randrange(9)
        if kind == 0:  # a value of another kind
            container[key] = copy_json(rng.choice(self._odd))
        elif kind == 1 and others:  # the same place in, or anywhere in, another input
            donors = _nodes(rng.choice(others))
            if donors:
                same = [(c, k) for c, k in donors if k == key] or donors
                c, k = rng.choice(same)
                container[key] = copy_json(c[k])
        elif kind == 2:  # delete
            del container[key]
        elif kind == 3 and isinstance(container, dict):  # an unknown or renamed key
            new = rng.choice(("extra", "Type", "", "x", key + "_" if isinstance(key, str) else "k"))
            container[new] = container.pop(key) if rng.random() < 0.5 else 1
        elif kind == 4 and isinstance(container, list):  # duplicate, reorder
            if rng.random() < 0.5:
                container.insert(key, copy_json(container[key]))
            else:
                rng.shuffle(container)
        elif kind == 5:  # a number nearby, or a huge one
            old = container[key]
            if type(old) is int:
                container[key] = old + rng.choice((-1, 1, 7, *self.limits, 10**5000))
            else:
                container[key] = rng.choice((-1, 9, 2**53, 10**5000))
        elif kind == 6:  # deep nesting: deeper than Python's recursion limit
            container[key] = _deep(rng.choice((50, 3000)))
        elif kind == 7:  # wrap in a list or an object
            container[key] = [container[key]] if rng.random() < 0.5 else {"v": container[key]}
        else:  # a string edit, through the text mutations
            old = container[key]
            if isinstance(old, str):
                container[key] = self.text(rng, old)
            else:  # a number or a boolean as a string: "3", "True"
                container[key] = self.shown(old)
        return value

    def text_mutation(
        self, others: Callable[[C], Sequence[str]]
    ) -> Callable[[random.Random, str, C], str]:
        """A reader's mutation of a text: :meth:`text`, lent ``others(corpus)``."""

        def mutate(rng: random.Random, text: str, corpus: C) -> str:
            return self.text(rng, text, others(corpus))[:MAX_TEXT]

        return mutate

    def json_mutation(
        self,
        others: Callable[[C, random.Random], Sequence[Any]],
    ) -> Callable[[random.Random, Any, C], Any]:
        """A reader's mutation of a JSON value: :meth:`json`, lent ``others``."""

        def mutate(rng: random.Random, value: Any, corpus: C) -> Any:
            return self.json(rng, value, others(corpus, rng))

        return mutate

    def json_text_mutation(
        self,
        any_json: Callable[[C, random.Random], Any],
    ) -> Callable[[random.Random, str, C], str]:
        """A reader's mutation of JSON text: half the time the value is mutated (lent one
        ``any_json(corpus, rng)``) and written again, else the text."""

        def mutate(rng: random.Random, text: str, corpus: C) -> str:
            if rng.random() < 0.5:
                try:
                    value = self.json(rng, json_module.loads(text), [any_json(corpus, rng)])
                    return json_module.dumps(value, ensure_ascii=rng.random() < 0.5)[:MAX_TEXT]
                except (ValueError, RecursionError):  # a huge int or a deep value: the text
                    pass
            return self.text(rng, text, [json_module.dumps(any_json(corpus, rng))])[:MAX_TEXT]

        return mutate
