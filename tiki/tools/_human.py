"""A person at the terminal deciding for one side of ``tiki play --human``."""

from __future__ import annotations

import difflib
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from ..engine.contract import step
from ..engine.moves import legal_actions
from ..errors import IllegalActionError, NotationError
from ..model.actions import Action
from ..model.state import PLAYER_SYMBOLS, Phase, State
from ..text.notation import parse_action
from .bots import not_the_seats
from .render import render

__all__ = ["Human", "Quit", "legal_listing", "near_miss"]

_QUIT = ("quit", "exit", "q")
_HELP = ("?", "help")


class Quit(Exception):
    """The human left the game (quit or end of input)."""


def _tokens(actions: Sequence[Action]) -> str:
    text = " ".join(str(a) for a in actions)
    return "\n".join(textwrap.wrap(text, 76, initial_indent="  ", subsequent_indent="  "))


def legal_listing(state: State) -> str:
    """The legal actions, as the ``?`` answer and a refusal list them."""
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


def near_miss(text: str, tokens: Sequence[str]) -> str | None:
    """The legal token ``text`` was most likely meant as (``+ b2`` → ``+b2``), or
    ``None``.

    >>> near_miss("+ b2", ["+a1", "+b2"]), near_miss("hello", ["+a1"])
    ('+b2', None)
    """
    joined = "".join(text.split())
    if joined in tokens:
        return joined
    close = difflib.get_close_matches(joined, tokens, n=1, cutoff=0.8)
    return close[0] if close else None


class Human:
    """A person at the terminal, deciding for one player."""

    def __init__(self, out: Any) -> None:
        self.out = out

    def choose(self, state: State) -> Action:
        who = PLAYER_SYMBOLS[state.actor]
        while True:
            try:
                line = input(f"{who}> ")
            except EOFError:
                print(file=self.out)
                raise Quit from None
            if not _interactive():  # piped input: echo it so the transcript reads well
                print(line, file=self.out)
            text = line.strip()
            if not text:
                continue
            if text.lower() in _QUIT:
                raise Quit
            if text in _HELP:
                print(legal_listing(state), file=self.out)
                print("  (or 'quit' to stop)", file=self.out)
                continue
            if text == "board":
                print(render(state), file=self.out)
                continue
            try:
                action = parse_action(state, text)
                refusal = not_the_seats(action, state.actor)
                if refusal:  # a chance outcome typed at the prompt
                    print(f"  {refusal}", file=self.out)
                    print(legal_listing(state), file=self.out)
                    continue
                step(state, action)
            except NotationError as e:
                print(f"  not an action: {e}", file=self.out)
                hint = near_miss(text, [str(a) for a in legal_actions(state)])
                if hint:
                    print(f"  did you mean {hint}?", file=self.out)
                print(legal_listing(state), file=self.out)
                continue
            except IllegalActionError as e:
                print(f"  illegal: {e}", file=self.out)
                print(legal_listing(state), file=self.out)
                continue
            return action


