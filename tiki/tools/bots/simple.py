"""Simple bots, and a loop that plays a game between them.

A bot is anything with a ``choose(state) -> Action`` method (the :class:`Bot`
protocol); a plain function ``state -> Action`` works too wherever a bot is asked for.
Bots decide for players only: chance nodes are resolved by :func:`play_game` from its
own ``rng``. Every bot here is seeded, so the same seed gives the same game.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` looks one ply ahead: it tries every legal action with
  :func:`tiki.step` and keeps the best by :func:`evaluate` (a win, then the fruit
  difference, then small positional hints); ties go to its seeded rng.

>>> import random
>>> from tiki import new_game, legal_actions
>>> s = new_game(seed=3)
>>> RandomBot(seed=1).choose(s) in legal_actions(s)
True
>>> log = play_game(s, {0: GreedyBot(seed=1), 1: RandomBot(seed=2)}, random.Random(0))
>>> log[-1].state.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, TypeAlias, runtime_checkable

from gamekit import bots as playing
from gamekit.bots import Ply, RandomPicker, final_state

from ...engine.contract import step
from ...engine.moves import legal_actions, turn_actions
from ...errors import IllegalActionError
from ...game import GAME
from ...model.actions import Action
from ...model.state import CHANCE, Phase, State

__all__ = [
    "Bot",
    "BotLike",
    "GreedyBot",
    "Ply",
    "RandomBot",
    "evaluate",
    "final_state",
    "not_the_seats",
    "play_game",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the player who decides in ``state``."""

    def choose(self, state: State) -> Action:
        """Return a legal action for ``state.actor``; ``state`` is never a chance node."""
        ...


BotLike: TypeAlias = Bot | Callable[[State], Action]
"""A :class:`Bot`, or a plain function from a state to the action to play."""


def _choices(state: State) -> tuple[Action, ...]:
    if state.phase is Phase.OVER:
        raise IllegalActionError("TIKI-TURN-3", "the game is over: no decision to make")
    if state.actor == CHANCE:
        raise IllegalActionError("TIKI-TURN-3", "a chance node is not a bot's decision")
    return legal_actions(state)


class RandomBot(RandomPicker[Action]):
    """Chooses uniformly among the legal actions, from ``random.Random(seed)`` (its
    ``rng``; ``pick`` chooses among given actions: :class:`gamekit.bots.RandomPicker`).

    >>> from tiki import new_game
    >>> s = new_game(seed=5)
    >>> RandomBot(seed=0).choose(s) == RandomBot(seed=0).choose(s)
    True
    """

    def choose(self, state: State) -> Action:
        """Return one legal action of ``state.actor``, uniformly at random."""
        return self.pick(_choices(state))


WIN = 1_000_000
"""The score of a won game in :func:`evaluate` (a loss scores ``-WIN``, a draw 0)."""
FRUIT = 1_000
"""The score of one fruit of lead in :func:`evaluate`."""


def evaluate(state: State, player: int) -> int:
    """Score ``state`` from ``player``'s side: higher is better for ``player``.

    A finished game scores ``WIN`` (won), ``-WIN`` (lost) or 0 (drawn). Otherwise
    each fruit of lead is worth ``FRUIT``, and a few small hints break the ties: every
    totem counts its village's value times its height for the owner of its top tiki
    (a 2-high totem on a +2 village is one drop from paying), and being able to move
    counts a little (a player with few moves can be forced into a bad one).

    >>> from tiki import new_game, X, O
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> evaluate(s, X), evaluate(s, O)
    (0, 0)
    """
    result = state.result
    if result is not None:
        if result.winner is None:
            return 0
        return WIN if result.winner == player else -WIN
    other = 1 - player
    score = FRUIT * (state.fruits[player] - state.fruits[other])
    tiles = state.tiles
    settled = True
    for v, stack in enumerate(state.stacks):
        if stack:
            height = len(stack)
            settled = settled and height < 3
            weight = 10 * tiles[v] * height
            score += weight if stack[-1] == player else -weight
    if settled:  # no influenced village waiting to resolve: mobility means something
        score += len(turn_actions(state, player)) - len(turn_actions(state, other))
    return score


class GreedyBot:
    """Plays the action whose result :func:`evaluate` likes best (one ply ahead).

    Ties between equally good actions are broken by ``random.Random(seed)``.

    >>> from tiki import new_game, apply, Create, Move, X, O, A1, B1, C1, C2
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> GreedyBot(seed=0).choose(s)   # the +2 village is worth the most
    Create(player=X, village=B1)
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        """The bot's own random number generator, for ties."""

    def choose(self, state: State) -> Action:
        """Return the best legal action of ``state.actor`` one ply ahead."""
        actions = _choices(state)
        if len(actions) == 1:
            return actions[0]
        me = state.actor
        best: list[Action] = []
        best_score = -2 * WIN
        for action in actions:
            score = evaluate(step(state, action).state, me)
            if score > best_score:
                best_score, best = score, [action]
            elif score == best_score:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "GreedyBot()"


def not_the_seats(action: object, player: int) -> str | None:
    """Why the seat of ``player`` may not take ``action``, or ``None`` if it may: an
    action of the other player, or a chance outcome, is refused by whatever acts for a
    seat (``play_game``, the command line's prompt) before :func:`tiki.step` sees it.

    >>> from tiki import Create, X, O
    >>> not_the_seats(Create(X, 0), X) is None
    True
    >>> not_the_seats(Create(O, 0), X)
    "you are x: +a1 is o's decision"
    """
    return playing.not_the_seats(GAME, action, player)


def play_game(
    state: State,
    bots: Mapping[int, BotLike],
    rng: random.Random | None = None,
    *,
    max_plies: int | None = 10_000,
    on_ply: Callable[[Ply], None] | None = None,
) -> list[Ply]:
    """Play from ``state`` until the game ends and return every :class:`Ply`, in order
    (the shared kit's loop, :func:`gamekit.bots.play_game`).

    ``bots`` maps each player (``X``, ``O``) to the bot that decides for them. Chance
    nodes are resolved from ``rng`` with :func:`tiki.sample_chance` (and appear in the
    list, so the actions replay the game exactly); ``rng`` is needed only if a chance
    node is met. Each action is checked by :func:`tiki.step`, so a bot that returns an
    illegal action raises :class:`IllegalActionError`. Play stops early, with the game
    unfinished, after ``max_plies`` actions (``None``: no limit; Tiki games need not
    end when both sides shuffle totems forever). ``on_ply``, if given, is called with
    each :class:`Ply` as soon as it is played (to narrate a game as it goes).
    """
    return playing.play_game(GAME, state, bots, rng, max_plies=max_plies, on_ply=on_ply)
