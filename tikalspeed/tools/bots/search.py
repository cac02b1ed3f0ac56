"""A search bot for Tikal that respects hidden information: information-set MCTS
(issue 11).

:class:`MCTSBot` decides for one player from what that player may see, never from the
true position: it starts from :func:`tikalspeed.observe` (asked with a position, it
looks at its own view first), so the others' secret token choices at a Speed Jump
(SPEED-JUMP-1) are unknown to it. Each playout

1. *determinises* the view: every hidden choice (``-1``) is taken back to "not yet
   made", and the player who made it chooses again in the playout, at random;
2. walks down one tree of information sets, grown by the decisions of the players in
   turn, each player's node keeping the mean result for him. Chance nodes (tiles
   drawn, treasures dug up) are sampled with their exact probabilities
   (:func:`tikalspeed.sample_chance`) and are not nodes of the tree, so a node stands
   for what its player knew when deciding, and its actions are counted by the
   playouts in which they were there to take (single-observer ISMCTS). At a
   simultaneous node (a Jump's token choices) only the bot's own choice is a node;
   the others choose at random, in secret: nothing below depends on a choice the bot
   could not have seen;
3. picks by UCT among the actions legal there; an action new to a node enters with
   one visit worth its one-ply value (what the greedy bot would see), so the search
   starts from the greedy bot's choice and looks further where it pays;
4. at the new node plays on with ``depth`` random decisions (default none) and scores
   the position for every player: ``sigmoid((value - value at the root) / scale)``,
   the value being the greedy bot's :func:`~tikalspeed.tools.bots.evaluate` with
   the *tempo*: in the classic and professional games the turns each player still
   takes before everyone has had one more are counted in (``TURN_WORTH``), since a
   turn raises its player's value by some 20 points against the other's with 2
   players, and without them a position just after one's own turn looks won (and
   winning an auction, which only buys the first turn of a round, looks worth any
   price); in 2-player Speed, whose rounds give every player the same 10 points
   spent a Jump at a time (SPEED-JUMP-1 … SPEED-JUMP-6), the points each player
   still has to spend in the round's Jumps (tokens in hand, points chosen and not
   yet spent) at ``AP_WORTH`` a point, and the volcano bonus turns to come
   (SPEED-SCORE-2) at ``BONUS_WORTH``, times his weight of points
   (:mod:`~tikalspeed.tools.bots.tempo`, issue 21): a Jump turn raises its
   player's value by some 3.5 points a point it was given, so without them a
   position after one's own action and before the other's looks won, and the points
   a Jump leaves unused (SPEED-JUMP-3) look free (with 3 or 4 players that tempo
   made it weaker: there, ``TOKEN_WORTH`` for each token still in hand). A
   finished game scores 1 for a win, shared by the tied winners, 0 for a loss.

It plays the action of its decision visited most. The budget is a number of
playouts, a time in seconds, or both (whichever runs out first); with a playout
budget and a seed it is deterministic, and its choice depends only on its own view.
How strong it is against the greedy bot, per mode and budget: ``docs/strength.md``.

>>> from tikalspeed import new_game, legal_actions, Rules
>>> s = new_game(Rules(players=2), seed=3)
>>> bot = MCTSBot(seed=1, playouts=30)
>>> bot.choose(s) in legal_actions(s)
True
>>> MCTSBot(seed=1, playouts=30).choose(s) == MCTSBot(seed=1, playouts=30).choose(s)
True
"""

from __future__ import annotations

import math
import random
import time

from ...engine import actors, apply, legal_actions, observe, sample_chance
from ...model.actions import Action
from ...model.state import CHANCE, Phase, State, TurnKind
from ...model.view import View
from .simple import _decision, evaluate
from .tempo import speed_tempo
from .value import _placement_hint, _presence, _weights, scoring_now

__all__ = ["MCTSBot"]

_MAX_PLAYOUTS = 10_000_000
"""The most playouts one decision may be given (a bound on a number read from outside)."""
_MAX_DEPTH = 1_000
"""The most random decisions a playout may play before it scores the position."""


class _Node:
    """An information set of the tree, reached by ``action`` of ``mover``."""

    __slots__ = ("action", "available", "children", "mover", "parent", "value", "visits")

    def __init__(self, parent: _Node | None, action: Action | None, mover: int) -> None:
        self.parent = parent
        self.action = action
        self.mover = mover
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        """The playouts that passed the parent while this action was legal there."""
        self.value = 0.0
        """The results of the playouts through here, for ``mover``."""


class MCTSBot:
    """Information-set MCTS for one player, within ``playouts`` playouts and/or
    ``seconds`` of time, seeded by ``seed``: ``depth`` random decisions after the
    tree, then the position scored by ``sigmoid(gain / scale)``; UCT with
    ``exploration``.

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
        depth: int = 0,
        scale: float = 4.0,
        exploration: float = 0.7,
    ) -> None:
        if playouts is None and seconds is None:
            raise ValueError("MCTSBot: give a budget: playouts, seconds or both")
        if playouts is not None and (
            type(playouts) is not int or not 1 <= playouts <= _MAX_PLAYOUTS
        ):
            raise ValueError(
                f"MCTSBot: playouts must be an int from 1 to {_MAX_PLAYOUTS}, not {playouts!r}"
            )
        if seconds is not None and not (
            isinstance(seconds, int | float) and not isinstance(seconds, bool)
            and 0 < seconds <= 86400
        ):
            raise ValueError(f"MCTSBot: seconds must be above 0 and at most 86400, not {seconds!r}")
        if type(depth) is not int or not 0 <= depth <= _MAX_DEPTH:
            raise ValueError(f"MCTSBot: depth must be an int from 0 to {_MAX_DEPTH}, not {depth!r}")
        if not (isinstance(scale, int | float) and 0 < scale <= 1000):
            raise ValueError(f"MCTSBot: scale must be above 0 and at most 1000, not {scale!r}")
        if not (isinstance(exploration, int | float) and 0 <= exploration <= 100):
            raise ValueError(f"MCTSBot: exploration must be from 0 to 100, not {exploration!r}")
        self.rng = random.Random(seed)
        """The bot's own random number generator (determinisations, expansions, playouts)."""
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.scale = float(scale)
        self.exploration = float(exploration)
        self._baseline: list[float] = []
        """Each player's :func:`evaluate` of the position decided on."""

    def choose(self, state: State | View, player: int | None = None) -> Action:
        """Return the legal action of ``player`` (default: the one player to act)
        visited most by the search from his own view of ``state``."""
        position, me, actions = _decision(state, player)
        if len(actions) == 1:
            return actions[0]
        if not isinstance(state, View):  # what he may see, and nothing more
            position = observe(position, me).state
        root = _Node(None, None, CHANCE)
        start = _determinised(position)
        self._baseline = _values(start)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.playouts is None or done < self.playouts) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self._playout(root, start, me)
            done += 1
        best = max(
            (root.children[a] for a in actions if a in root.children),
            key=lambda n: (n.visits, n.value),
        )
        assert best.action is not None
        return best.action

    def _playout(self, root: _Node, state: State, me: int) -> None:
        rng = self.rng
        node = root
        path = [root]
        while state.result is None and (node is root or node.visits > 1):
            who = actors(state)
            if who == (CHANCE,):
                state = apply(state, sample_chance(state, rng))
                continue
            if state.phase is Phase.TOKENS:  # SPEED-JUMP-1: the others choose in secret
                for p in who:
                    if p != me:
                        state = apply(state, _any(legal_actions(state, p), rng))
                if me not in who:
                    continue
                mover, legal = me, legal_actions(state, me)
            else:
                mover, legal = who[0], legal_actions(state)
            node = self._select(node, state, mover, legal)
            state = apply(state, node.action)  # type: ignore[arg-type]
            path.append(node)
        results = self._score(self._play_on(state))
        for step_node in path:  # backpropagation
            step_node.visits += 1
            if step_node.mover != CHANCE:
                step_node.value += results[step_node.mover]

    def _select(
        self, node: _Node, state: State, mover: int, legal: tuple[Action, ...]
    ) -> _Node:
        """The child of ``node`` UCT picks among the ``legal`` actions; an action new
        to ``node`` enters with one visit worth its one-ply value for ``mover``."""
        c = self.exploration
        best: _Node | None = None
        best_score = -1.0
        children = node.children
        scale, base = self.scale, self._baseline[mover]
        placing = state.phase is Phase.PLACE
        for action in legal:
            child = children.get(action)
            if child is None:
                child = children[action] = _Node(node, action, mover)
                child.visits = child.available = 1
                after = apply(state, action)
                worth = _value(after, mover) - base
                if placing:  # where a temple or a ruin comes to lie (the greedy bot's hint)
                    worth += _placement_hint(state, after, mover)
                child.value = _sigmoid(worth / scale)
                score = child.value
            else:
                child.available += 1
                score = child.value / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _play_on(self, state: State) -> State:
        """``depth`` random decisions (chance sampled on the way)."""
        rng = self.rng
        left = self.depth
        while left and state.result is None:
            who = actors(state)
            if who == (CHANCE,):
                state = apply(state, sample_chance(state, rng))
                continue
            if state.phase is Phase.TOKENS:
                state = apply(state, _any(legal_actions(state, who[0]), rng))
            else:
                state = apply(state, _any(legal_actions(state), rng))
            left -= 1
        return state

    def _score(self, state: State) -> list[float]:
        """Each player's result: a finished game's share of the win, else the
        sigmoid of :func:`evaluate` over ``scale``."""
        n = state.players
        result = state.result
        if result is not None:
            if result.winner is None:
                top = max(result.scores)
                tied = [p for p in range(n) if result.scores[p] == top]
                return [1.0 / len(tied) if p in tied else 0.0 for p in range(n)]
            return [1.0 if p == result.winner else 0.0 for p in range(n)]
        scale, base = self.scale, self._baseline
        values = _values(state)
        return [_sigmoid((values[p] - base[p]) / scale) for p in range(n)]

    def __repr__(self) -> str:
        return f"MCTSBot(playouts={self.playouts!r}, seconds={self.seconds!r})"


TOKEN_WORTH = 0.4
"""With 3 or 4 players in Speed, what a token still in hand in a Jump phase is worth
to :func:`_value`, against the best opponent's (a token chosen and not spent is lost,
SPEED-JUMP-3): the tempo of :mod:`~tikalspeed.tools.bots.tempo` made the search bot
weaker there (issue 21: 51% of 40 4-player games instead of 89%), so it counts for 2
players only."""
TURN_WORTH = 34.0
"""What a turn still to come is worth to :func:`_values` in the classic and
professional games, divided by the number of players and times the player's weight of
points (``_weights``): in the greedy bot's games a player's own turn raises his value
against the best other's by about 17 times that weight with 2 players, about 8 with 4."""
_TURN_PHASES = (Phase.PLACE, Phase.CHOOSE, Phase.ACTIONS, Phase.TREASURE)
FINAL_SHARE = 0.3
"""What a final turn (TIKAL-END-2) is worth against another turn: in the greedy bot's
games it gains a third to a half as much, at most."""


def _tempo(state: State, weights: list[float]) -> list[float]:
    """Per player, the worth of the turns he still takes before every player has had
    one more (classic: up to the last seat's normal turn; professional: to the end of
    the auction round), a running turn counted by its action points left, and of his
    queued scoring and final turns; ``TURN_WORTH / players`` a turn, times his weight
    of points (without the scoring at the end of a running scoring turn, for the turns
    after it). So a position in the middle of a round is not worth more to whoever
    has just played, and the search compares like with like."""
    n = state.players
    owed = [0.0] * n
    phase, active, turn = state.phase, state.active, state.turn
    kind = turn.turn_kind
    running = phase in _TURN_PHASES
    now = 0.0
    if running:
        now = 1.0 if phase is Phase.PLACE or phase is Phase.CHOOSE else turn.ap / 10
        if kind is TurnKind.FINAL:
            now *= FINAL_SHARE
    elif phase is Phase.DRAW and kind is TurnKind.NORMAL:
        now = 1.0  # the turn begins with the draw
    for queued, p in turn.queue:
        owed[p] += FINAL_SHARE if queued is TurnKind.FINAL else 1.0
    if state.rules.mode == "professional":
        if state.display or phase is Phase.REVEAL:
            played = state.played
            for p in range(n):
                if p not in played and not (running and p == active):
                    owed[p] += 1.0
    else:
        if kind is TurnKind.NORMAL and (running or phase is Phase.DRAW):
            first = active + 1
        elif kind is TurnKind.FINAL:
            first = n
        else:
            first = turn.next_player
        for p in range(first, n):
            owed[p] += 1.0
    worth = TURN_WORTH / n
    tempo = [worth * owed[p] * weights[p] for p in range(n)]
    if now:
        scoring = running and (kind is TurnKind.SCORING or kind is TurnKind.FINAL)
        later = weights[active] - (1.0 if scoring else 0.0)
        tempo[active] = worth * (now * weights[active] + owed[active] * later)
    return tempo


def _standing(state: State) -> list[float]:
    """Each player's points banked, plus a scoring now weighted by the scorings left,
    plus the tempo (:func:`_tempo`; in Speed, :func:`~.tempo.speed_tempo`): what
    :func:`_value` compares."""
    n = state.players
    points = scoring_now(state)
    weights = _weights(state)
    speed = state.rules.mode == "speed"
    tempo = speed_tempo(state, weights) if speed else _tempo(state, weights)
    return [state.scores[p] + points[p] * weights[p] + tempo[p] for p in range(n)]


def _values(state: State) -> list[float]:
    """Each player's :func:`_value`, all at once."""
    n = state.players
    if state.result is not None or (n > 2 and state.rules.mode == "speed"):
        return [_value(state, p) for p in range(n)]
    standing = _standing(state)
    return [
        standing[p] + _presence(state, p) - max(standing[q] for q in range(n) if q != p)
        for p in range(n)
    ]


def _value(state: State, player: int) -> float:
    """How good ``state`` is for ``player``: :func:`~tikalspeed.tools.bots.evaluate`
    with the tempo counted in the standings (:func:`_standing`): the turns still to
    come in the classic and professional games (:func:`_tempo`, ``TURN_WORTH``), the
    points still to spend this round and the bonus turns to come in 2-player Speed
    (:func:`~.tempo.speed_tempo`); with more players in Speed, ``TOKEN_WORTH`` for
    each token in hand more than the best opponent holds."""
    if state.result is not None:
        return evaluate(state, player)
    if state.players > 2 and state.rules.mode == "speed":
        tokens = state.tokens
        most = max(tokens[p] for p in range(state.players) if p != player)
        return evaluate(state, player) + TOKEN_WORTH * (tokens[player] - most)
    standing = _standing(state)
    others = max(standing[q] for q in range(state.players) if q != player)
    return standing[player] + _presence(state, player) - others


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _any(actions: tuple[Action, ...], rng: random.Random) -> Action:
    return actions[rng.randrange(len(actions))]


def _determinised(view: State) -> State:
    """The view's position with every hidden token choice (``-1``) not yet made
    (SPEED-JUMP-1): the playout lets its player choose again."""
    if view.phase is not Phase.TOKENS or -1 not in view.chosen:
        return view
    return view.replace(chosen=tuple(0 if c == -1 else c for c in view.chosen))
