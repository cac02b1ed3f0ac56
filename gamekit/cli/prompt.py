"""A person at the terminal deciding for one seat: the prompt's loop, for any game.

Before each of his decisions he sees the position (unless it is the one drawn last),
and the prompt says where he is (the game's :meth:`Human.where`: ``x · turn 5 · create
or move>``). He types an action token, ``?`` for the legal actions, ``board`` to
redraw, ``legend`` for the symbols, or ``quit``. A refusal names the rule and, for a
near miss, the token meant (``did you mean +b2?``); it never names a class or a
0-based seat. Where his choice is secret he is shown only his own view.
"""

from __future__ import annotations

import sys
from typing import Any

from ..bots import not_the_seats
from ..game import Game
from ..words import near_miss

__all__ = ["COMMANDS", "Human", "Quit"]

_QUIT = ("quit", "exit", "q")
_HELP = ("?", "help")
COMMANDS = "'board' to redraw, 'legend' for the symbols, 'quit' to stop"
"""The prompt's own commands besides ``?``, as the help names them."""
MORE = "('?' lists the legal actions)"
"""What a refusal adds."""


class Quit(Exception):
    """The human at seat ``player`` left the game (quit, or end of input)."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


def _interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class Human:
    """A person at the terminal, deciding for one player of ``game``; his words go to
    ``out``. A game's prompt says where he is (:meth:`where`), lists his actions
    (:meth:`listing`) and may say more before he decides (:meth:`before`)."""

    legend = ""
    """What the board's symbols mean (``legend`` at the prompt)."""

    def __init__(self, game: Game, out: Any) -> None:
        self.game = game
        self.out = out
        self.drawn: Any = None
        """The last position drawn for him (not drawn again before his decision)."""

    def _say(self, text: str) -> None:
        print(text, file=self.out)

    def where(self, view: Any) -> str:
        """Where the player stands, as his prompt says it."""
        name: str = self.game.player_name(view.player)
        return name

    def listing(self, view: Any) -> str:
        """His legal actions, as the ``?`` answer lists them."""
        actions = self.game.view_actions(view)
        return f"legal actions ({len(actions)}): " + " ".join(str(a) for a in actions)

    def before(self, view: Any) -> None:
        """Anything to say before he decides (nothing by default)."""

    def refusal(self, view: Any, action: Any, why: tuple[str, str]) -> str:
        """The refusal of ``action`` as he reads it."""
        return str(self.game.IllegalActionError(*why))

    def choose(self, state: Any, player: int | None = None) -> Any:
        """Ask the person for the action of ``player`` (default: the one to act) in
        ``state``, a position or his own view."""
        game = self.game
        if isinstance(state, game.View):
            view = state
        else:
            view = game.observe(state, min(game.actors(state)) if player is None else player)
        me, position = view.player, view.state
        if position is not self.drawn and position != self.drawn:
            self._say(game.draw(view))
            self._say("")
            self.drawn = position
        self.before(view)
        prompt = f"{self.where(view)}> "
        text_of = getattr(self.out, "text", None)
        while True:
            try:
                line = input(text_of(prompt) if text_of else prompt)
            except EOFError:
                self._say("")
                raise Quit(me) from None
            if not _interactive():  # piped input: echo it so the transcript reads well
                self._say(line)
            text = line.strip()
            if not text:
                continue
            if text.lower() in _QUIT:
                raise Quit(me)
            if text.lower() in _HELP:
                self._say(self.listing(view))
                self._say(f"  (or {COMMANDS})")
                continue
            if text.lower() == "board":
                self._say(game.draw(view))
                continue
            if text.lower() == "legend":
                self._say(self.legend)
                continue
            action = self.read(view, text)
            if action is not None:
                return action

    def read(self, view: Any, text: str) -> Any:
        """The action ``text`` names, or ``None`` after saying why it is refused: not
        an action (with the token most likely meant), another seat's, or illegal."""
        game, me = self.game, view.player
        try:
            action = game.parse_action(view.state, text)
        except game.NotationError as e:
            self._say(f"  not an action: {e} {MORE}")
            hint = near_miss(text, [str(a) for a in game.view_actions(view)], game.token_joiner)
            if hint:
                self._say(f"  did you mean {hint}?")
            return None
        refusal = not_the_seats(game, action, me)  # another seat's action, or chance's
        if refusal:
            self._say(f"  {refusal}")
            return None
        why = game.why_illegal_in_view(view, action)
        if why is not None:
            self._say(f"  illegal: {self.refusal(view, action, why)} {MORE}")
            return None
        return action
