"""A person at the terminal deciding for one seat of ``tikalspeed play --human``."""

from __future__ import annotations

import difflib
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from ..engine import legal_actions, observe, view_actions, why_illegal_in_view
from ..errors import IllegalActionError, NotationError
from ..model.actions import Action, ChooseTokens, player_name
from ..model.state import CHANCE, Phase, State
from ..model.view import View
from ..text.notation import parse_action
from .bots import not_the_seats
from .render import render

__all__ = ["HUMAN_HELP", "Human", "Quit", "legal_listing", "near_miss"]

_QUIT = ("quit", "exit", "q")
_HELP = ("?", "help")
_TOKEN_CHOICE = re.compile(r"tokens:([0-9]{1,3})")  # longer numbers go to parse_action
HUMAN_HELP = (
    "Type an action token (place:d3:2, enter:w:a1, move:l:b2:d3, uncover:b1, dig:c2, "
    "camp:d4, guard:b1:w, end, bid:3, pass, take:C4, tokens:3, ...), '?' for the legal "
    "actions, "
    "'board' to redraw, 'quit' to stop.\n"
    "Board: T5 temple worth 5 (G2: guarded by P2), R3 ruin with 3 treasures, J jungle, "
    "C1 camp of P1, '.' unexplored; 2:3L = P2's 3 workers and leader; a digit on a border "
    "is its crossing cost in AP."
)

"""What ``tikalspeed play --human`` prints before the game starts."""


class Quit(Exception):
    """The human left the game (quit or end of input)."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


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


def near_miss(text: str, tokens: Sequence[str]) -> str | None:
    """The legal token ``text`` was most likely meant as (``bid 2`` → ``bid:2``), or
    ``None``.

    >>> near_miss("bid 2", ["pass", "bid:1", "bid:2"]), near_miss("hello", ["pass"])
    ('bid:2', None)
    """
    joined = ":".join(text.split())
    if joined in tokens:
        return joined
    close = difflib.get_close_matches(joined, tokens, n=1, cutoff=0.8)
    return close[0] if close else None


def _interactive() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


class Human:
    """A person at the terminal, deciding for one player."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.drawn: State | None = None
        """The last state whose board was printed (not drawn again before a placement)."""

    def choose(self, state: State | View, player: int | None = None) -> Action:
        """Ask for an action; at a Speed TOKENS node ``state`` is the player's own
        :class:`~tikalspeed.View` (the others' choices hidden)."""
        if isinstance(state, View):
            view = state
        else:
            view = observe(state, state.active if player is None else player)
        me, state = view.player, view.state
        name = player_name(me)
        if state.phase is Phase.PLACE and state is not self.drawn:
            print(render(state), file=self.out)
            self.drawn = state
        if state.phase is Phase.TOKENS:
            chosen = [player_name(p) for p in state.jumpers if state.chosen[p]]
            top = min(5, state.tokens[me])
            print(
                f"{name}: take 1 to {top} of your {state.tokens[me]} tokens in secret "
                f"(tokens:N); already chosen: {', '.join(chosen) or 'nobody'}",
                file=self.out,
            )
        while True:
            try:
                line = input(f"{name}> ")
            except EOFError:
                print(file=self.out)
                raise Quit(me) from None
            if not _interactive():  # piped input: echo it so the transcript reads well
                print(line, file=self.out)
            text = line.strip()
            if not text:
                continue
            if text.lower() in _QUIT:
                raise Quit(me)
            if text in _HELP:
                print(legal_listing(view), file=self.out)
                print("  (or 'board' to draw the position, 'quit' to stop)", file=self.out)
                continue
            if text == "board":
                print(render(state), file=self.out)
                continue
            action = self._read(view, text)
            if action is not None:
                if isinstance(action, ChooseTokens):  # only the chooser sees his count
                    print(f"  {name} takes {action.count} token(s) in secret", file=self.out)
                return action

    def _read(self, view: View, text: str) -> Action | None:
        """The action ``text`` names, or ``None`` after saying why it is refused."""
        state, me = view.state, view.player
        if state.phase is Phase.TOKENS:
            for action in view_actions(view):
                if str(action) == text:
                    return action
            match = _TOKEN_CHOICE.fullmatch(text)
            if match:
                why = why_illegal_in_view(view, ChooseTokens(me, int(match.group(1))))
                reason = f"{why[1]} ({why[0]})" if why else text
                print(f"  illegal: {reason} ('?' lists the legal actions)", file=self.out)
                return None
        try:
            action = parse_action(state, text)
        except NotationError as e:
            print(f"  not an action: {e} ('?' lists the legal actions)", file=self.out)
            hint = near_miss(text, [str(a) for a in view_actions(view)])
            if hint:
                print(f"  did you mean {hint}?", file=self.out)
            return None
        refusal = not_the_seats(action, me)  # P2:tokens:1 typed by P1 at a Jump
        if refusal:
            print(f"  {refusal}", file=self.out)
            return None
        why = why_illegal_in_view(view, action)
        if why is not None:
            reason = str(IllegalActionError(*why))
            print(f"  illegal: {reason} ('?' lists the legal actions)", file=self.out)
            return None
        return action
