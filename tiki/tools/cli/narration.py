"""How ``tiki play`` and ``tiki replay`` tell a game (:mod:`tiki.tools.cli`).

The start is drawn, then every action is told in words, with the clause of the rule
it follows and its token (``3. x creates a totem at b2 (TIKI-CREATE-1)  [+b2]``, see
:func:`~tiki.tools.cli.words.in_words`), then the events it caused, but for the one that
only repeats the action, and the board after it. ``tikalspeed`` narrates the same way
(its board is drawn less often: it is bigger).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import svg
from ...model.state import State
from ...text.notation import action_token
from ..bots.simple import Ply
from .board import render
from .words import in_words, restated, with_clause

__all__ = ["Narrator", "in_pictures"]


class Narrator:
    """Prints a game's actions to ``out`` as they are played; see the module docstring."""

    def __init__(self, out: Any, start: State, *, quiet: bool = False) -> None:
        self.out = out
        """Where the narration goes."""
        self.before = start
        """The state before the next action."""
        self.number = 0
        """Actions told so far."""
        self.quiet = quiet
        """Print nothing (the count goes on)."""

    def _print(self, text: str = "") -> None:
        if not self.quiet:
            print(text, file=self.out)

    def begin(self) -> None:
        """Tell the start: the board."""
        self._print(render(self.before))
        self._print()

    def ply(self, ply: Ply) -> bool:
        """Tell one action, its events and the board after it; return whether the board
        was drawn."""
        self.number += 1
        before, self.before = self.before, ply.state
        action = ply.action
        words = in_words(before, action)
        events = list(ply.transition.events)
        same = restated(action, events)
        if same is not None:
            words = with_clause(words, same.clause)
            events.pop(0)
        self._print(f"{self.number}. {words}  [{action_token(before, action)}]")
        for event in events:
            self._print(f"   {event}")
        self._print(render(ply.state))
        self._print()
        return not self.quiet


def in_pictures(start: State, plies: Sequence[Ply]) -> tuple[list[str], list[str]]:
    """The game told in pictures: an SVG picture of ``start`` and of the position after
    each ply, marking the action that led there, and a caption for each (the action in
    words)."""
    pictures = [svg.board(start)] + [svg.board(ply.state, lastaction=ply.action) for ply in plies]
    befores = [start] + [ply.state for ply in plies[:-1]]
    captions = ["the start"] + [
        f"{i}. {in_words(before, ply.action)}"
        for i, (before, ply) in enumerate(zip(befores, plies, strict=True), 1)
    ]
    return pictures, captions
