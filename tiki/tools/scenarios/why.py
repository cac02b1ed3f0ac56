"""Why an action is legal or not in a Tiki position, by the clause that decides.

``tiki why POSITION ACTION`` prints it; the explaining is the shared kit's
(:mod:`gamekit.scenarios.why`), given Tiki's descriptor.

>>> import tiki
>>> s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.X)
>>> why(tiki.apply(s, tiki.parse_action(s, "+b2")), "+b2").clause.id
'TIKI-CREATE-3'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.scenarios import why as explaining
from gamekit.scenarios.why import Explanation

from ...game import GAME
from ...model.state import State

__all__ = ["Explanation", "run", "why"]


def why(state: State | str, token: str) -> Explanation:
    """Explain the action ``token`` in ``state`` (a ``State`` or its position string)."""
    return explaining.why(GAME, state, token)


def run(words: Sequence[str], out: Any) -> int:
    """``tiki why POSITION ACTION``: 0 when the action is legal, 1 when refused."""
    return explaining.run(GAME, words, out)
