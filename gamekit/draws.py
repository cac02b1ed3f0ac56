"""A uniform draw among a player's legal actions, as ``random.Random.choice`` draws it,
in the compiled build (``setup.py``'s ``COMPILED``): a random bot's ``pick``.

``choice`` is two interpreted calls a draw (``choice``, then ``_randbelow``); a study
of random bots makes one a ply. :func:`uniform` makes the same draw from the
generator's ``getrandbits`` (CPython's ``_randbelow_with_getrandbits``: ``k`` bits,
drawn again while the number is too large), so a bot that picks with it plays the very
games it played with ``choice``:

>>> import functools, random
>>> actions = tuple("abcdefghij")
>>> same = random.Random(7)
>>> pick = functools.partial(uniform, random.Random(7).getrandbits)
>>> [pick(actions) for _ in range(20)] == [same.choice(actions) for _ in range(20)]
True
>>> uniform(random.Random(1).getrandbits, ())
Traceback (most recent call last):
...
IndexError: cannot choose from an empty sequence
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["uniform"]

T = TypeVar("T")


def uniform(getrandbits: Callable[[int], int], actions: Sequence[T]) -> T:
    """One of ``actions``, uniformly at random from ``getrandbits`` (a generator's): the
    one ``choice(actions)`` of the same generator returns. An empty sequence is an
    ``IndexError``, as it is to ``choice``."""
    n = len(actions)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    k = n.bit_length()  # not (n - 1): n may be 1, whose draw is then 0 or 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return actions[r]
