"""A search bot for Tiki: Monte Carlo tree search with UCT (issue 11).

:class:`MCTSBot` grows a search tree from the position it is asked about: each
playout walks down the tree by UCT (the child with the best mean result for the player
who moves into it, plus ``exploration * sqrt(ln N / n)``), adds one untried action,
plays the game out (by default with greedy moves, :class:`~tiki.tools.bots.GreedyBot`'s,
or with uniformly random ones), and scores it 1 for a win, ½ for a draw, 0 for a
loss. The most visited action is played; an action that wins at once is played
without a search. Tiki has perfect information and no chance after the setup, so the
tree is the game's own.

The budget is a number of playouts, a time in seconds, or both (whichever runs out
first). With a playout budget and a seed, the bot is deterministic: the same position
gives the same action.

>>> from tiki import new_game, legal_actions
>>> s = new_game(seed=3)
>>> bot = MCTSBot(seed=1, playouts=50)
>>> bot.choose(s) in legal_actions(s)
True
>>> MCTSBot(seed=1, playouts=50).choose(s) == MCTSBot(seed=1, playouts=50).choose(s)
True
"""

from __future__ import annotations

import math
import random
import time

from ...engine.contract import apply, sample_chance
from ...engine.moves import legal_actions
from ...model.actions import Action
from ...model.state import CHANCE, State
from .simple import GreedyBot, _choices

__all__ = ["ROLLOUTS", "ROLLOUT_PLIES", "MCTSBot"]

ROLLOUTS = ("random", "greedy")
"""How a playout plays the game out from the new node."""

ROLLOUT_PLIES = {"greedy": 300, "random": 2000}
"""A playout still running after this many actions is scored a draw. The rules end a
game only after 2**53 - 1 turns without ``max_turns`` (TIKI-END-6), and greedy moves
can go round in circles for ever (two players moving the same tikis back and forth at
3–1 in fruits): without a bound, one such playout would never end. Whole games between
greedy bots take at most some 50 actions, between random bots some 200."""

_MAX_PLAYOUTS = 10_000_000
"""The most playouts one decision may be given (a bound on a number read from outside)."""


class _Node:
    """A position in the tree, reached by ``action`` of ``mover`` from ``parent``."""

    __slots__ = ("action", "children", "mover", "parent", "state", "untried", "value", "visits")

    def __init__(
        self, state: State, parent: _Node | None, action: Action | None, mover: int
    ) -> None:
        self.state = state
        self.parent = parent
        self.action = action
        self.mover = mover
        self.children: list[_Node] = []
        self.untried: list[Action] = [] if state.result is not None else list(legal_actions(state))
        self.visits = 0
        self.value = 0.0
        """The results of the playouts through here, for ``mover``."""


class MCTSBot:
    """UCT search for the player to decide, within ``playouts`` playouts and/or
    ``seconds`` of time, seeded by ``seed``; playouts play out with ``rollout``
    (``'greedy'``, the default, or ``'random'``: much weaker against the greedy bot
    at the same budget, ``docs/strength.md``).

    >>> MCTSBot(playouts=0)
    Traceback (most recent call last):
    ...
    ValueError: MCTSBot: playouts must be an int from 1 to 10000000, not 0
    """

    def __init__(
        self,
        seed: int | None = None,
        playouts: int | None = 200,
        seconds: float | None = None,
        rollout: str = "greedy",
        exploration: float = math.sqrt(2),
    ) -> None:
        if playouts is None and seconds is None:
            raise ValueError("MCTSBot: give a budget: playouts, seconds or both")
        if playouts is not None and (
            type(playouts) is not int or not 1 <= playouts <= _MAX_PLAYOUTS
        ):
            raise ValueError(
                f"MCTSBot: playouts must be an int from 1 to {_MAX_PLAYOUTS}, not {playouts!r}"
            )
        if seconds is not None and not (isinstance(seconds, int | float) and 0 < seconds <= 86400):
            raise ValueError(f"MCTSBot: seconds must be above 0 and at most 86400, not {seconds!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"MCTSBot: rollout must be 'random' or 'greedy', not {rollout!r}")
        if not (isinstance(exploration, int | float) and 0 <= exploration <= 100):
            raise ValueError(f"MCTSBot: exploration must be from 0 to 100, not {exploration!r}")
        self.rng = random.Random(seed)
        """The bot's own random number generator (expansion order, playouts)."""
        self.playouts = playouts
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = float(exploration)
        self._greedy = GreedyBot(self.rng.randrange(1 << 30)) if rollout == "greedy" else None

    def choose(self, state: State) -> Action:
        """Return the most visited legal action of ``state.actor`` after the search."""
        actions = _choices(state)
        if len(actions) == 1:
            return actions[0]
        me = state.actor
        for action in actions:  # a win at once needs no search (TIKI-END-1 … TIKI-END-4)
            result = apply(state, action).result
            if result is not None and result.winner == me:
                return action
        root = _Node(state, None, None, CHANCE)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.playouts is None or done < self.playouts) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self._playout(root)
            done += 1
        best = max(root.children, key=lambda n: n.visits)  # the first of the most visited
        assert best.action is not None
        return best.action

    def _playout(self, root: _Node) -> None:
        node = root
        while not node.untried and node.children:  # selection
            node = self._select(node)
        if node.untried:  # expansion
            action = node.untried.pop(self.rng.randrange(len(node.untried)))
            child = _Node(apply(node.state, action), node, action, node.state.actor)
            node.children.append(child)
            node = child
        result = self._play_out(node.state)
        while node is not None:  # backpropagation
            node.visits += 1
            node.value += result.get(node.mover, 0.0)
            node = node.parent  # type: ignore[assignment]

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        c = self.exploration
        best, best_score = node.children[0], -1.0
        for child in node.children:
            score = child.value / child.visits + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _play_out(self, state: State) -> dict[int, float]:
        """Play ``state`` to its end; each player's result (1 win, ½ draw, 0 loss)."""
        rng = self.rng
        left = ROLLOUT_PLIES[self.rollout]
        while state.result is None:
            if not left:
                return {0: 0.5, 1: 0.5}  # going round in circles: scored a draw
            left -= 1
            if state.actor == CHANCE:
                state = apply(state, sample_chance(state, rng))
            elif self._greedy is not None:
                state = apply(state, self._greedy.choose(state))
            else:
                actions = legal_actions(state)
                state = apply(state, actions[rng.randrange(len(actions))])
        winner = state.result.winner
        if winner is None:
            return {0: 0.5, 1: 0.5}
        return {winner: 1.0, 1 - winner: 0.0}

    def __repr__(self) -> str:
        return f"MCTSBot(playouts={self.playouts!r}, seconds={self.seconds!r})"
