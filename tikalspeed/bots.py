"""Simple bots, and a loop that plays a game between them.

A bot is anything with a ``choose(state) -> Action`` method (the :class:`Bot`
protocol); a plain function ``state -> Action`` works too wherever a bot is asked for.
Bots decide for players only: chance nodes (tiles drawn or laid out, treasures dug up)
are resolved by :func:`play_game` from its own ``rng``. Every bot here is seeded, so
the same seeds give the same game.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` looks one ply ahead: it tries every legal action with
  :func:`tikalspeed.step` and keeps the one whose result :func:`evaluate` likes best
  (points banked and the points its temples and treasures would score, against the
  best opponent's); it bids little, and ends its turn when nothing helps.

>>> import random
>>> from tikalspeed import new_game, legal_actions, Rules
>>> s = new_game(Rules(players=2), seed=3)
>>> RandomBot(seed=1).choose(s) in legal_actions(s)
True
>>> log = play_game(s, {0: GreedyBot(seed=1), 1: RandomBot(seed=2)}, random.Random(0))
>>> log[-1].state.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from .actions import Action, Bid, ChooseTile, EndTurn, PassBid
from .engine import Transition, actors, chance_outcomes, legal_actions, sample_chance, step
from .errors import IllegalActionError
from .hexgrid import CELL_COUNT
from .state import CHANCE, EMPTY, Phase, State, TurnKind
from .terrain import distances, terrain
from .tiles import Kind

__all__ = [
    "Bot",
    "BotLike",
    "GreedyBot",
    "Ply",
    "RandomBot",
    "evaluate",
    "final_state",
    "play_game",
    "scoring_now",
]

_A = TypeVar("_A", bound=Action)

SET_POINTS = (0, 1, 3, 6)
"""TIKAL-SCORE-3: points for 0, 1, 2 or 3 treasures of one kind."""
_SETS = SET_POINTS + (SET_POINTS[-1],) * 24
"""Points for 0 … 27 treasures of one kind (no more than 3 count)."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for the player who decides in ``state``."""

    def choose(self, state: State) -> Action:
        """Return a legal action for the player to act; ``state`` is never a chance node."""
        ...


BotLike: TypeAlias = Bot | Callable[[State], Action]
"""A :class:`Bot`, or a plain function from a state to the action to play."""


def _choices(state: State) -> tuple[Action, ...]:
    if state.phase is Phase.OVER:
        raise IllegalActionError("TIKAL-TURN-4", "the game is over: no decision to make")
    if actors(state) == (CHANCE,):
        raise IllegalActionError("TIKAL-TURN-4", "a chance node is not a bot's decision")
    return legal_actions(state)


class RandomBot:
    """Chooses uniformly among the legal actions, from ``random.Random(seed)``.

    >>> from tikalspeed import new_game
    >>> s = new_game(seed=5)
    >>> RandomBot(seed=0).choose(s) == RandomBot(seed=0).choose(s)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        """The bot's own random number generator."""

    def choose(self, state: State) -> Action:
        """Return one legal action of the player to act, uniformly at random."""
        actions = _choices(state)
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"


# --------------------------------------------------------------------------- evaluation


def scoring_now(state: State) -> tuple[int, ...]:
    """Per player, the points a scoring would give now (TIKAL-SCORE-3): each temple
    guarded by the player or held by strict majority of force, plus treasure sets.

    >>> from tikalspeed import new_game
    >>> scoring_now(new_game(seed=1))
    (0, 0, 0, 0)
    """
    n = state.players
    strength = state.rules.manifest.components.leader_strength
    workers, leaders, guards = state.workers, state.leaders, state.guards
    points = [sum(map(_SETS.__getitem__, state.held[p])) for p in range(n)]
    for cell, value in enumerate(state.temples):
        if not value:
            continue
        guard = guards[cell]
        if guard != EMPTY:
            points[guard] += value
            continue
        best = second = 0
        holder = -1
        for p in range(n):
            force = workers[p][cell] + (strength if leaders[p] == cell else 0)
            if force > best:
                best, second, holder = force, best, p
            elif force > second:
                second = force
        if best > second:
            points[holder] += value
    return tuple(points)


def _weights(state: State) -> list[float]:
    """Per player, how much the points of :func:`scoring_now` are worth: 1 for the
    scoring at the end of this very turn, ``LATER`` for each scoring still to come."""
    n = state.players
    kinds = terrain(state.rules.manifest).tile_kinds
    volcano = Kind.VOLCANO
    later = sum(1 for st in state.stacks for t in st if kinds[t] is volcano)
    later += sum(1 for t in state.display if kinds[t] is volcano)
    final_started = state.turn_kind is TurnKind.FINAL
    weights = [0.0] * n
    for kind, p in state.queue:
        if kind is TurnKind.FINAL:
            final_started = True
        if kind is TurnKind.SCORING or kind is TurnKind.FINAL:
            weights[p] += LATER
    later += 0 if final_started else 1
    for p in range(n):
        weights[p] += LATER * later
    scoring_turn = state.turn_kind is TurnKind.SCORING or state.turn_kind is TurnKind.FINAL
    if scoring_turn and state.phase in (Phase.ACTIONS, Phase.TREASURE):
        weights[state.active] += 1.0
    return weights


RUIN_HINT = 0.6
"""The hint for each own piece on a ruin with treasures left (up to 2 per ruin)."""
LATER = 0.5
"""The weight of a scoring still to come (the position will change before it)."""
WIN = 1000.0
"""The bonus of a won game in :func:`evaluate` (a lost one costs as much)."""


def _presence(state: State, player: int) -> float:
    """Small hints: pieces in play, force on temples not yet held, pieces on ruins with
    treasures left, guards (a guarded temple is safe) and camps."""
    strength = state.rules.manifest.components.leader_strength
    workers = state.workers[player]
    leader = state.leaders[player]
    hint = 0.2 * sum(workers) + (0.4 if leader >= 0 else 0.0)
    for cell in range(CELL_COUNT):
        value = state.temples[cell]
        if value:
            guard = state.guards[cell]
            if guard == player:
                hint += 0.25 * value
            elif guard == EMPTY:
                mine = workers[cell] + (strength if leader == cell else 0)
                if mine:
                    hint += 0.05 * value * min(mine, 4)
        elif state.ruins[cell]:
            here = workers[cell] + (leader == cell)
            hint += RUIN_HINT * min(here, state.ruins[cell], 2)
    hint += 0.3 * sum(1 for c in state.camps if c == player)
    return hint


def evaluate(state: State, player: int) -> float:
    """Score ``state`` from ``player``'s side: higher is better for ``player``.

    A finished game scores ``WIN`` plus the lead for the winner, ``-WIN`` plus the gap for
    the others (a shared win scores the lead, 0). Otherwise: the player's points banked
    plus the points a scoring would give now (:func:`scoring_now`) times the scorings
    left (weight 1 for the one at the end of this very turn, ``LATER`` for each one to
    come), plus small hints (pieces in play, force on temples, pieces on ruins, guards,
    camps), minus the best opponent's points counted the same way (without the hints).

    >>> from tikalspeed import new_game
    >>> s = new_game(seed=1)
    >>> evaluate(s, 0) == evaluate(s, 1) == 0
    True
    """
    n = state.players
    result = state.result
    if result is not None:
        best_other = max(result.scores[p] for p in range(n) if p != player)
        lead = float(result.scores[player] - best_other)
        if result.winner == player:
            return WIN + lead
        return lead if result.winner is None and lead == 0 else -WIN + lead
    points = scoring_now(state)
    weights = _weights(state)
    values = [state.scores[p] + points[p] * weights[p] for p in range(n)]
    others = max(values[p] for p in range(n) if p != player)
    return values[player] + _presence(state, player) - others


def _expected(state: State, player: int) -> float:
    """:func:`evaluate`, averaged over a treasure chance node."""
    if state.phase is not Phase.TREASURE:
        return evaluate(state, player)
    return sum(float(p) * evaluate(step(state, a).state, player) for a, p in chance_outcomes(state))


# --------------------------------------------------------------------------- greedy


def _tile_worth(state: State, tile: int, player: int) -> float:
    """How much ``player`` wants ``tile`` from the auction display."""
    t = terrain(state.rules.manifest)
    kind = t.tile_kinds[tile]
    if kind is Kind.TEMPLE:
        return float(t.tile_values[tile])
    if kind is Kind.TREASURE:
        return float(t.tile_masks[tile])
    if kind is Kind.VOLCANO:  # a scoring round now: good when ahead
        points = scoring_now(state)
        lead = points[player] + state.scores[player]
        lead -= max(points[p] + state.scores[p] for p in range(state.players) if p != player)
        return float(lead)
    return 1.0


def _placement_hint(state: State, after: State, player: int) -> float:
    """After a placement: a temple or ruin near the player's pieces and far from the
    others' is worth more (measured in AP along the stones)."""
    t = terrain(state.rules.manifest)
    kind = t.tile_kinds[state.hand]
    if kind not in (Kind.TEMPLE, Kind.TREASURE):
        return 0.0
    cell = next(c for c in range(CELL_COUNT) if after.placed[c] != state.placed[c])
    base = t.base_camp

    def reach(p: int) -> int:
        cells = [c for c in range(CELL_COUNT) if after.workers[p][c] or after.leaders[p] == c]
        cells += [base, *(c for c in range(CELL_COUNT) if after.camps[c] == p)]
        best = 99
        for origin in cells:
            best = min(best, distances(after.rules.manifest, after.placed, origin).get(cell, 99))
        return best

    others = min(reach(p) for p in range(state.players) if p != player)
    return 0.1 * (min(others, 20) - min(reach(player), 20))


class GreedyBot:
    """Plays the action whose result :func:`evaluate` likes best (one ply ahead).

    In a turn it keeps spending action points while some action improves on the
    position as it stands, and ends the turn otherwise. Auctions: it bids one more
    than the high bid while that stays within a small part of what the best tile on
    display is worth to it (at most ``max_bid``), and passes otherwise; it takes the
    display tile it values most. Ties are broken by ``random.Random(seed)``.

    >>> from tikalspeed import new_game
    >>> GreedyBot(seed=0).choose(new_game(seed=1)) in legal_actions(new_game(seed=1))
    True
    """

    def __init__(self, seed: int | None = None, max_bid: int = 3) -> None:
        self.rng = random.Random(seed)
        """The bot's own random number generator, for ties."""
        self.max_bid = max_bid
        """The most it ever bids in one auction."""

    def choose(self, state: State) -> Action:
        """Return the best legal action of the player to act, one ply ahead."""
        actions = _choices(state)
        if len(actions) == 1:
            return actions[0]
        me = state.active
        if state.phase is Phase.BID:
            return self._bid(state, actions, me)
        if state.phase is Phase.CHOOSE:
            tiles = [a for a in actions if isinstance(a, ChooseTile)]
            return self._best(tiles, lambda a: _tile_worth(state, a.tile, me))
        if state.phase is Phase.PLACE:
            return self._best(actions, lambda a: self._placed(state, a, me))
        baseline = evaluate(state, me)
        scores: dict[Action, float] = {}
        for action in actions:
            if not isinstance(action, EndTurn):
                scores[action] = _expected(step(state, action).state, me)
        best = max(scores.values(), default=baseline)
        end = next((a for a in actions if isinstance(a, EndTurn)), None)
        if end is not None and best <= baseline + 1e-9:
            return end
        return self._pick([a for a, v in scores.items() if v == best])

    @staticmethod
    def _placed(state: State, action: Action, me: int) -> float:
        after = step(state, action).state
        return evaluate(after, me) + _placement_hint(state, after, me)

    def _bid(self, state: State, actions: tuple[Action, ...], me: int) -> Action:
        worth = max((_tile_worth(state, t, me) for t in state.display), default=0.0)
        limit = min(self.max_bid, int(worth) // 2, state.scores[me])
        want = state.high_bid + 1
        bid = next((a for a in actions if isinstance(a, Bid) and a.amount == want), None)
        if bid is not None and want <= limit:
            return bid
        return next(a for a in actions if isinstance(a, PassBid))

    def _best(self, actions: Sequence[_A], score: Callable[[_A], float]) -> _A:
        values = [score(a) for a in actions]
        best = max(values)
        return self._pick([a for a, v in zip(actions, values, strict=True) if v == best])

    def _pick(self, actions: Sequence[_A]) -> _A:
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "GreedyBot()"


# --------------------------------------------------------------------------- games


@attrs.frozen
class Ply:
    """One action of a played game and the :class:`~tikalspeed.Transition` it caused."""

    action: Action
    """The action played (a chance outcome when ``action.player == CHANCE``)."""
    transition: Transition
    """The new state and the events."""

    @property
    def state(self) -> State:
        """The state after the action."""
        return self.transition.state


def _chooser(bot: BotLike) -> Callable[[State], Action]:
    if isinstance(bot, Bot):
        return bot.choose
    return bot


def play_game(
    state: State,
    bots: Mapping[int, BotLike],
    rng: random.Random | None = None,
    *,
    max_plies: int | None = 20_000,
    on_ply: Callable[[Ply], None] | None = None,
) -> list[Ply]:
    """Play from ``state`` until the game ends and return every :class:`Ply`, in order.

    ``bots`` maps each player (0 … players-1) to the bot that decides for them. Chance
    nodes are resolved from ``rng`` with :func:`tikalspeed.sample_chance` (and appear in
    the list, so the actions replay the game exactly); ``rng`` is needed only if a
    chance node is met. Each action is checked by :func:`tikalspeed.step`, so a bot
    that returns an illegal action raises :class:`IllegalActionError`. Play stops early,
    with the game unfinished, after ``max_plies`` actions (``None``: no limit).
    ``on_ply``, if given, is called with each :class:`Ply` as soon as it is played.
    """
    choosers = {p: _chooser(b) for p, b in bots.items()}
    log: list[Ply] = []
    while state.phase is not Phase.OVER and (max_plies is None or len(log) < max_plies):
        if actors(state) == (CHANCE,):
            if rng is None:
                raise ValueError("play_game needs an rng to resolve a chance node")
            action = sample_chance(state, rng)
        else:
            try:
                choose = choosers[state.active]
            except KeyError:
                raise ValueError(f"no bot for player {state.active!r}") from None
            action = choose(state)
        transition = step(state, action)
        ply = Ply(action, transition)
        log.append(ply)
        if on_ply is not None:
            on_ply(ply)
        state = transition.state
    return log


def final_state(start: State, plies: Sequence[Ply]) -> State:
    """Return the state after ``plies`` played from ``start`` (``start`` if none)."""
    return plies[-1].state if plies else start
