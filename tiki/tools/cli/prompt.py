"""A person at the terminal deciding for one side of ``tiki play --human``.

Before each of his decisions he sees the position (unless it is the one drawn last),
and the prompt says where he is: ``x · turn 5 · create or move>`` (:func:`where`). A
refusal names the rule and, for a near miss, the token meant (``did you mean +b2?``);
it never names a class or a 0-based seat. ``tikalspeed``'s prompt works the same way.
"""

from __future__ import annotations

import difflib
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from ...board.island import VILLAGE_NAMES
from ...engine.moves import legal_actions, why_illegal
from ...errors import IllegalActionError, NotationError
from ...model.actions import Action
from ...model.state import PLAYER_SYMBOLS, Phase, State
from ...text.decision import describe
from ...text.notation import parse_action
from ..bots.simple import not_the_seats
from .board import LEGEND, render

__all__ = ["HUMAN_HELP", "Human", "Quit", "legal_listing", "near_miss", "where"]

_QUIT = ("quit", "exit", "q")
_HELP = ("?", "help")
COMMANDS = "'board' to redraw, 'legend' for the symbols, 'quit' to stop"
"""The prompt's own commands besides ``?``, as the help names them."""
HUMAN_HELP = (
    "Type an action token (+b2 creates, a1-b1 moves, !b2 orders, s@a1b1 places the "
    f"shaman, s>a1b1 moves it, s= keeps it, pass), '?' for the legal actions, {COMMANDS}."
)
"""What ``tiki play --human`` prints before the game starts (then the legend)."""


class Quit(Exception):
    """The human left the game (quit or end of input)."""


def _tokens(actions: Sequence[Action]) -> str:
    text = " ".join(str(a) for a in actions)
    return "\n".join(textwrap.wrap(text, 76, initial_indent="  ", subsequent_indent="  "))


def legal_listing(state: State) -> str:
    """The legal actions, as the ``?`` answer lists them."""
    if state.phase is Phase.OVER:
        return "legal actions: none, the game is over"
    actions = legal_actions(state)
    if state.phase is Phase.LAYOUT:
        return f"legal actions: {len(actions)} possible layouts (a chance node)"
    return f"legal actions ({len(actions)}):\n{_tokens(actions)}"


def _interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


_NUMBERS = re.compile(r"-?\d+")
"""The numbers in a token, with their sign."""


def near_miss(text: str, tokens: Sequence[str]) -> str | None:
    """The legal token ``text`` was most likely meant as (``+ b2`` → ``+b2``), or
    ``None``. A hint keeps the numbers the player typed, so that it never turns
    ``bid:-1`` into ``bid:19``.

    >>> near_miss("+ b2", ["+a1", "+b2"]), near_miss("hello", ["+a1"])
    ('+b2', None)
    >>> near_miss("+b4", ["+b1", "+b2"]) is None  # a hint keeps the numbers typed
    True
    """
    joined = "".join(text.split())
    if joined in tokens:
        return joined
    numbers = _NUMBERS.findall(joined)
    close = difflib.get_close_matches(joined, tokens, n=3, cutoff=0.8)
    kept = [c for c in close if _NUMBERS.findall(c) == numbers]
    return kept[0] if kept else None


def where(state: State) -> str:
    """Where the player to act stands, as his prompt says it: ``x · turn 5 · create or
    move``; the turn is the one being played (the status block counts those completed).

    >>> from tiki import new_game
    >>> where(new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=0))
    'x · turn 1 · create or move'
    """
    name, phase = PLAYER_SYMBOLS[state.actor], state.phase
    head = f"{name} · turn {state.turn + 1}"
    if phase is Phase.ORDER:
        return f"{head} · resolve {' or '.join(VILLAGE_NAMES[v] for v in state.pending)} first"
    if phase is Phase.SHAMAN:
        return f"{head} · move the shaman or keep it"
    if phase is Phase.PLACE_SHAMAN:
        return f"{head} · place the shaman"
    return f"{head} · create or move"


def _refusal(state: State, action: Action, why: tuple[str, str]) -> str:
    """The refusal of ``action`` as the person reads it: a kind of action that does not
    answer the decision is named by its token and the decision, not by its class."""
    clause, reason = why
    if reason.startswith(type(action).__name__ + " "):
        reason = f"{action} does not answer the decision asked: {describe(state)}"
    return str(IllegalActionError(clause, reason))


class Human:
    """A person at the terminal, deciding for one player."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.drawn: State | None = None
        """The last position drawn for him (not drawn again before his decision)."""

    def _say(self, text: str) -> None:
        print(text, file=self.out)

    def choose(self, state: State) -> Action:
        """Ask the person for the action of the player to act in ``state``."""
        me = state.actor
        if state != self.drawn:
            self._say(render(state))
            self._say("")
            self.drawn = state
        prompt = f"{where(state)}> "
        text_of = getattr(self.out, "text", None)
        while True:
            try:
                line = input(text_of(prompt) if text_of else prompt)
            except EOFError:
                self._say("")
                raise Quit from None
            if not _interactive():  # piped input: echo it so the transcript reads well
                self._say(line)
            text = line.strip()
            if not text:
                continue
            if text.lower() in _QUIT:
                raise Quit
            if text.lower() in _HELP:
                self._say(legal_listing(state))
                self._say(f"  (or {COMMANDS})")
                continue
            if text.lower() == "board":
                self._say(render(state))
                continue
            if text.lower() == "legend":
                self._say(LEGEND)
                continue
            more = "('?' lists the legal actions)"
            try:
                action = parse_action(state, text)
            except NotationError as e:
                self._say(f"  not an action: {e} {more}")
                hint = near_miss(text, [str(a) for a in legal_actions(state)])
                if hint:
                    self._say(f"  did you mean {hint}?")
                continue
            refusal = not_the_seats(action, me)
            if refusal:  # a chance outcome typed at the prompt
                self._say(f"  {refusal}")
                continue
            why = why_illegal(state, action)
            if why is not None:
                self._say(f"  illegal: {_refusal(state, action, why)} {more}")
                continue
            return action
