"""How ``tiki play`` and ``tiki replay`` tell a game (:mod:`tiki.tools.cli`).

The start is drawn, then every action is told in words, with the clause of the rule
it follows and its token (``3. x creates a totem at b2 (TIKI-CREATE-1)  [+b2]``, see
:func:`~tiki.tools.cli.words.in_words`), then the events it caused, but for the one that
only repeats the action, and the board after it: the shared kit's
:class:`gamekit.cli.narration.Narrator`, with Tiki's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.bots import Ply
from gamekit.cli import narration

from ...game import GAME
from ...model.state import PLAYER_SYMBOLS, State
from .words import in_words, restated

__all__ = ["Narrator", "in_pictures", "result_line"]


class Narrator(narration.Narrator):
    """Prints a Tiki game's actions to ``out`` as they are played, the board after each."""

    def __init__(self, out: Any, start: State, *, quiet: bool = False) -> None:
        super().__init__(GAME, out, start, quiet=quiet)

    def restated(self, action: Any, events: Sequence[Any]) -> Any:
        """The event that only repeats ``action`` (``x creates a totem on b2``)."""
        return restated(action, events)


def in_pictures(start: State, plies: Sequence[Ply]) -> tuple[list[str], list[str]]:
    """The game told in pictures: an SVG picture of ``start`` and of the position after
    each ply, marking the action that led there, and a caption for each (the action in
    words)."""
    return narration.in_pictures(GAME, start, plies, lambda s, ply: in_words(s, ply.action))


def result_line(state: State) -> str:
    """The last line of a game told: ``result: 1-0 (x wins by four-fruits, fruits 4-1)``."""
    o = state.result
    if o is None:
        return "result: * (unfinished)"
    who = "draw" if o.winner is None else f"{PLAYER_SYMBOLS[o.winner]} wins"
    return f"result: {o.result()} ({who} by {o.reason}, fruits {o.scores[0]}-{o.scores[1]})"
