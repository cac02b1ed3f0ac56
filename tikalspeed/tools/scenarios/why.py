"""Why an action is legal or not in a Tikal position (any mode), by the deciding clause.

``tikalspeed why POSITION ACTION`` prints it; the shared kit explains
(:mod:`gamekit.scenarios.why`), given Tikal's descriptor.

>>> import tikalspeed
>>> why(tikalspeed.new_game(seed=1), "bid:100").refusal
'bid:100 is more than your score (20) (TIKAL-AUCTION-3)'
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
    """Explain ``token`` (one action token) in ``state`` (a ``State`` or its text)."""
    return explaining.why(GAME, state, token)


def run(words: Sequence[str], out: Any) -> int:
    """``tikalspeed why POSITION ACTION``: exit status 0 if legal, 1 if refused."""
    return explaining.run(GAME, words, out)
