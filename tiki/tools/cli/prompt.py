"""A person at the terminal deciding for one side of ``tiki play --human``.

Before each of his decisions he sees the position (unless it is the one drawn last),
and the prompt says where he is: ``x · turn 5 · create or move>`` (:func:`where`). A
refusal names the rule and, for a near miss, the token meant (``did you mean +b2?``);
it never names a class or a 0-based seat. ``tikalspeed``'s prompt works the same way.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from gamekit.cli import prompt as prompting
from gamekit.cli.prompt import COMMANDS, Quit
from gamekit.words import near_miss as prompting_near_miss

from ...board.island import VILLAGE_NAMES
from ...engine.moves import legal_actions
from ...game import GAME
from ...model.actions import Action
from ...model.state import PLAYER_SYMBOLS, Phase, State
from ...model.view import View
from .board import LEGEND

__all__ = ["COMMANDS", "HUMAN_HELP", "Human", "Quit", "legal_listing", "near_miss", "where"]

HUMAN_HELP = (
    "Type an action token (+b2 creates, a1-b1 moves, !b2 orders, s@a1b1 places the "
    f"shaman, s>a1b1 moves it, s= keeps it, pass), '?' for the legal actions, {COMMANDS}."
)
"""What ``tiki play --human`` prints before the game starts (then the legend)."""


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


def near_miss(text: str, tokens: Sequence[str]) -> str | None:
    """The legal token ``text`` was most likely meant as (``+ b2`` → ``+b2``), or
    ``None``. A hint keeps the numbers the player typed, so that it never turns
    ``bid:-1`` into ``bid:19``.

    >>> near_miss("+ b2", ["+a1", "+b2"]), near_miss("hello", ["+a1"])
    ('+b2', None)
    >>> near_miss("+b4", ["+b1", "+b2"]) is None  # a hint keeps the numbers typed
    True
    """
    return prompting_near_miss(text, tokens)


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


class Human(prompting.Human):
    """A person at the terminal, deciding for one player of Tiki."""

    legend = LEGEND

    def __init__(self, out: Any) -> None:
        super().__init__(GAME, out)

    def where(self, view: View) -> str:
        """``x · turn 5 · create or move``."""
        return where(view.state)

    def listing(self, view: View) -> str:
        """The legal actions, as ``?`` lists them."""
        return legal_listing(view.state)

