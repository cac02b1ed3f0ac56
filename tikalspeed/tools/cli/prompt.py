"""A person at the terminal deciding for one seat of ``tikalspeed play --human``.

Before each of his decisions he sees the position (unless it is the one drawn last),
and the prompt says where he is: ``P1 · Jump 2 · 3 AP, one action>``, ``P1 · bonus
turn · 4 AP left>``, ``P2 · auction · bid or pass>`` (:func:`where`). A refusal names
the rule and, for a near miss, the token meant (``did you mean bid:2?``); it never
names a class or a 0-based seat.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any

from gamekit.cli import prompt as prompting
from gamekit.cli.prompt import COMMANDS, Quit
from gamekit.words import near_miss as prompting_near_miss

from ...engine import legal_actions, view_actions, why_illegal_in_view
from ...game import GAME
from ...model.actions import Action, ChooseTokens, player_name
from ...model.state import CHANCE, Phase, State, TurnKind
from ...model.view import View
from ...text.decision import tile_name
from .board import LEGEND
from .words import count

__all__ = ["COMMANDS", "HUMAN_HELP", "Human", "Quit", "legal_listing", "near_miss", "where"]

_TOKEN_CHOICE = re.compile(r"tokens:([0-9]{1,3})")  # longer numbers go to parse_action
HUMAN_HELP = (
    "Type an action token (place:d3:2, enter:w:a1, move:l:b2:d3, uncover:b1, dig:c2, "
    f"camp:d4, guard:b1:w, end, bid:3, pass, take:C4, tokens:3, ...), '?' for the legal "
    f"actions, {COMMANDS}."
)
"""What ``tikalspeed play --human`` prints before the game starts (then the legend)."""


def _tokens(actions: Sequence[Action]) -> str:
    text = " ".join(str(a) for a in actions)
    return "\n".join(textwrap.wrap(text, 76, initial_indent="  ", subsequent_indent="  "))


def legal_listing(state: State | View, player: int | None = None) -> str:
    """The legal actions (of ``player`` at a TOKENS node, of a view's own player), as
    the ``?`` answer lists them."""
    if isinstance(state, View):
        actions = view_actions(state)
    elif state.phase is Phase.OVER:
        return "legal actions: none, the game is over"
    else:
        tokens = state.phase is Phase.TOKENS
        actions = legal_actions(state, player) if tokens else legal_actions(state)
    kind = " (chance outcomes)" if actions and actions[0].player == CHANCE else ""
    return f"legal actions{kind} ({len(actions)}):\n{_tokens(actions)}"


_NUMBERS = re.compile(r"-?\d+")
"""The numbers in a token, with their sign."""


def near_miss(text: str, tokens: Sequence[str]) -> str | None:
    """The legal token ``text`` was most likely meant as (``bid 2`` → ``bid:2``), or
    ``None``. A hint keeps the numbers the player typed, so that it never turns
    ``bid:-1`` into ``bid:19``.

    >>> near_miss("bid 2", ["pass", "bid:1", "bid:2"]), near_miss("hello", ["pass"])
    ('bid:2', None)
    >>> near_miss("bid:-1", ["pass", "bid:19"]) is None  # a hint keeps the numbers typed
    True
    """
    return prompting_near_miss(text, tokens, ":")


def where(state: State, player: int, jump: int = 0) -> str:
    """Where ``player`` stands at his decision in ``state``, as his prompt says it:
    ``P1 · Jump 2 · 3 AP, one action``, ``P1 · bonus turn · 4 AP left``, ``P2 ·
    auction · bid or pass``; ``jump`` is the number of the running Jump (0: unknown).

    >>> from tikalspeed import Rules, new_game
    >>> where(new_game(Rules(mode="professional", players=3), seed=2), 0)
    'P1 · auction · bid or pass'
    """
    name, phase, kind = player_name(player), state.phase, state.turn_kind
    jumping = f"Jump {jump}" if jump else "Jump"
    if phase is Phase.TOKENS:
        return f"{name} · {jumping} · choose tokens"
    if phase is Phase.BID:
        return f"{name} · auction · bid or pass"
    if phase is Phase.CHOOSE:
        return f"{name} · auction won · take a tile"
    turn = "placement" if kind is TurnKind.PLACEMENT else f"{kind.value} turn"
    if phase is Phase.PLACE:
        return f"{name} · {turn} · place {tile_name(state, state.hand)}"
    if phase is Phase.ACTIONS and kind is TurnKind.JUMP:
        if state.rules.jump_action == "one-kind":  # SPEED-JUMP-3, the option
            return f"{name} · {jumping} · {state.ap} AP, one kind of action"
        return f"{name} · {jumping} · {state.ap} AP, one action"
    if phase is Phase.ACTIONS:
        return f"{name} · {turn} · {state.ap} AP left"
    return name


class Human(prompting.Human):
    """A person at the terminal, deciding for one player of Tikal."""

    legend = LEGEND

    def __init__(self, out: Any) -> None:
        super().__init__(GAME, out)
        self.jump = 0
        """The number of the running Speed Jump, for the prompt (the narrator's count)."""

    def where(self, view: View) -> str:
        """``P1 · Jump 2 · 3 AP, one action``."""
        return where(view.state, view.seat, self.jump)

    def listing(self, view: View) -> str:
        """His legal actions, as ``?`` lists them."""
        return legal_listing(view)

    def before(self, view: View) -> None:
        """At a Jump's token choice: his tokens, and who has chosen already."""
        state, me = view.state, view.seat
        if state.phase is Phase.TOKENS:
            chosen = [player_name(p) for p in state.jumpers if state.chosen[p]]
            top = min(5, state.tokens[me])
            self._say(
                f"{player_name(me)}: take 1 to {top} of your "
                f"{count(state.tokens[me], 'token')} in secret (tokens:N); already chosen: "
                f"{', '.join(chosen) or 'nobody'}"
            )

    def read(self, view: View, text: str) -> Action | None:
        """The action ``text`` names, or ``None`` after saying why it is refused; at a
        token choice ``tokens:N`` is his own, and only he sees his count."""
        state, me = view.state, view.seat
        if state.phase is Phase.TOKENS:
            for action in view_actions(view):
                if str(action) == text:
                    return self._chosen(me, action)
            match = _TOKEN_CHOICE.fullmatch(text)
            if match:
                why = why_illegal_in_view(view, ChooseTokens(me, int(match.group(1))))
                reason = f"{why[1]} ({why[0]})" if why else text
                self._say(f"  illegal: {reason} {prompting.MORE}")
                return None
        action = super().read(view, text)
        return None if action is None else self._chosen(me, action)

    def _chosen(self, me: int, action: Action) -> Action:
        if isinstance(action, ChooseTokens):  # only the chooser sees his count
            self._say(f"  {player_name(me)} takes {count(action.count, 'token')} in secret")
        return action
