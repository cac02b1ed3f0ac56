"""How a game is told to a person as it is played or replayed.

:class:`Narrator` is what both games' narrators are made of: it draws the start, tells
each action on one line with its number, its words (with the clause of the rule it
follows) and its token (``3. x creates a totem at b2 (TIKI-CREATE-1)  [+b2]``), then
the events it caused, but for the one that only repeats the action. A game's narrator
says how its actions read (:meth:`Narrator.words`) and when its board is drawn
(:meth:`Narrator.after`). :func:`in_pictures` tells a game in SVG pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Ply
from ..game import Game

__all__ = ["Narrator", "in_pictures"]


class Narrator:
    """Prints a game's actions to ``out`` as they are played, from ``start``; a quiet
    narrator prints nothing but counts on."""

    def __init__(self, game: Game, out: Any, start: Any, *, quiet: bool = False) -> None:
        self.game = game
        """The game told."""
        self.out = out
        """Where the narration goes."""
        self.before = start
        """The state before the next action."""
        self.number = 0
        """Actions told so far."""
        self.quiet = quiet
        """Print nothing (the counts go on)."""

    def _print(self, text: str = "") -> None:
        if not self.quiet:
            print(text, file=self.out)

    def _board(self, state: Any) -> None:
        self._print()
        self._print(self.game.draw(state))
        self._print()

    def begin(self) -> None:
        """Tell the start: the board."""
        self._print(self.game.draw(self.before))
        self._print()

    def words(self, before: Any, ply: Ply) -> tuple[str, str]:
        """The action of ``ply`` in words and its token (the game says how)."""
        return self.game.in_words(before, ply.action), self.game.action_token(before, ply.action)

    def restated(self, action: Any, events: Sequence[Any]) -> Any:
        """The first of ``events`` if it only says what ``action`` did, else ``None``."""
        return None

    def with_clause(self, words: str, clause: str) -> str:
        """``words`` followed by ``clause``."""
        return f"{words} ({clause})"

    def events(self, after: Any, events: Sequence[Any]) -> None:
        """Tell the events of an action, one a line, the state ``after`` it."""
        for event in events:
            self._print(f"   {event}")

    def after(self, before: Any, after: Any) -> bool:
        """What follows an action's lines (the board, headings); return whether the
        board was drawn for a person to see."""
        self._print(self.game.draw(after))
        self._print()
        return not self.quiet

    def ply(self, ply: Ply) -> bool:
        """Tell one action and its events; return whether the board was drawn."""
        self.number += 1
        before, self.before = self.before, ply.state
        words, token = self.words(before, ply)
        events = list(ply.transition.events)
        same = self.restated(ply.action, events)
        if same is not None:
            words = self.with_clause(words, same.clause)
            events.pop(0)
        self._print(f"{self.number}. {words}  [{token}]")
        self.events(ply.state, events)
        return self.after(before, ply.state)


def in_pictures(
    game: Game, start: Any, plies: Sequence[Ply], caption: Callable[[Any, Ply], str]
) -> tuple[list[str], list[str]]:
    """The game told in pictures: an SVG picture of ``start`` and of the position after
    each ply, marking the action that led there, and a caption for each (``caption``
    of the position before and the ply: the action in words)."""
    pictures = [game.picture(start)] + [
        game.picture(ply.state, lastaction=ply.action) for ply in plies
    ]
    befores = [start] + [ply.state for ply in plies[:-1]]
    captions = ["the start"] + [
        f"{i}. {caption(before, ply)}"
        for i, (before, ply) in enumerate(zip(befores, plies, strict=True), 1)
    ]
    return pictures, captions
