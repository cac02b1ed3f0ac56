"""Speed measurements of the core, on one core, for ``tiki bench``.

Three figures, each from its own loop that runs for about ``seconds`` of wall time:

- **plies/s** (:func:`playouts`): random playouts. One ply is ``legal_actions(state)``,
  one action picked uniformly by a seeded ``random.Random``, then ``tiki.apply`` (which
  checks legality in full). Games start from ``new_game(rules, seed=...)``, which is
  counted in the time but not as plies.
- **games/s** (:func:`playouts` too): whole random games from the same loop.
- **apply/s** (:func:`apply_rate`): random games are recorded first (not timed), then
  their actions are replayed through ``tiki.apply`` over and over.
- **peak memory** (:func:`peak_memory_mb`): the process's peak resident set size so
  far, interpreter and caches included (without the ``resource`` module, on Windows,
  the ``tracemalloc`` peak of a short run of playouts instead).

The loops check the clock between games, so each always finishes at least one game and
every figure is positive, however small ``seconds`` is. Nothing here asserts a speed.

>>> m = playouts(0.0, seed=1)
>>> m.games >= 1 and m.plies >= m.games and m.plies_per_second > 0
True
>>> apply_rate(0.0, seed=1).per_second > 0
True
>>> peak_memory_mb() > 0
True
"""

from __future__ import annotations

import random
import time
import tracemalloc

import attrs

from gamekit.yardstick import Row, peak_rss_mb

from ..engine.contract import apply, new_game
from ..engine.moves import legal_actions
from ..model.actions import Action
from ..model.rules import Rules
from ..model.state import Phase, State

__all__ = [
    "ApplyRate",
    "BenchResult",
    "Playouts",
    "apply_rate",
    "peak_memory_mb",
    "playouts",
    "random_game",
    "record_random_games",
    "row",
    "run",
]

_DEFAULT_RULES = Rules()


@attrs.frozen
class Playouts:
    """What a random-playout run did: ``plies`` in ``games`` games in ``seconds``."""

    plies: int
    games: int
    seconds: float

    @property
    def plies_per_second(self) -> float:
        """Plies (legal_actions + pick + apply) per second."""
        return self.plies / self.seconds

    @property
    def games_per_second(self) -> float:
        """Whole random games per second."""
        return self.games / self.seconds


@attrs.frozen
class ApplyRate:
    """What an apply run did: ``calls`` to ``tiki.apply`` in ``seconds``."""

    calls: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Calls to ``tiki.apply`` per second."""
        return self.calls / self.seconds


@attrs.frozen
class BenchResult:
    """The three figures of ``tiki bench``."""

    plies_per_second: float
    apply_per_second: float
    games_per_second: float

    def __str__(self) -> str:
        return (
            f"plies/s: {self.plies_per_second:,.0f}   "
            f"apply/s: {self.apply_per_second:,.0f}   "
            f"games/s: {self.games_per_second:,.0f}"
        )


def _elapsed_floor(seconds: float) -> float:
    return max(seconds, 1e-9)  # a clock too coarse to see one game must not divide by 0


def random_game(rules: Rules, rng: random.Random) -> int:
    """Play one whole random game, its layout and first player drawn from ``rng``, a
    uniformly random legal action each ply; return its plies."""
    randrange = rng.randrange
    state = new_game(rules, seed=randrange(1 << 30))
    plies = 0
    while state.result is None:
        actions = legal_actions(state)
        state = apply(state, actions[randrange(len(actions))])
        plies += 1
    return plies


def playouts(seconds: float = 1.0, seed: int = 0, rules: Rules = _DEFAULT_RULES) -> Playouts:
    """Play random games for about ``seconds`` and count the plies and games."""
    rng = random.Random(seed)
    plies = games = 0
    clock = time.perf_counter
    start = clock()
    while True:
        plies += random_game(rules, rng)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return Playouts(plies, games, _elapsed_floor(elapsed))


def record_random_games(
    count: int, seed: int = 0, rules: Rules = _DEFAULT_RULES
) -> list[tuple[State, tuple[Action, ...]]]:
    """Play ``count`` random games; return each start state with the actions played."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        start = state = new_game(rules, seed=rng.randrange(1 << 30))
        actions: list[Action] = []
        while state.phase is not Phase.OVER:
            legal = legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            actions.append(action)
            state = apply(state, action)
        games.append((start, tuple(actions)))
    return games


def apply_rate(
    seconds: float = 1.0, seed: int = 0, rules: Rules = _DEFAULT_RULES, games: int = 50
) -> ApplyRate:
    """Replay ``games`` recorded random games through ``tiki.apply`` for about ``seconds``."""
    recorded = record_random_games(games, seed, rules)
    calls = 0
    clock = time.perf_counter
    start = clock()
    while True:
        for first, actions in recorded:
            state = first
            for action in actions:
                state = apply(state, action)
            calls += len(actions)
            elapsed = clock() - start
            if elapsed >= seconds:
                return ApplyRate(calls, _elapsed_floor(elapsed))


def peak_memory_mb(seed: int = 0) -> float:
    """The process's peak resident set size so far, in MB (10**6 bytes); without the
    ``resource`` module, the ``tracemalloc`` peak of random playouts from ``seed``."""
    peak = peak_rss_mb()
    if peak is not None:
        return peak
    tracemalloc.start()  # pragma: no cover - Windows
    try:
        playouts(0.0, seed)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def run(seconds: float = 2.0, seed: int = 0, rules: Rules = _DEFAULT_RULES) -> BenchResult:
    """Measure all three figures, about ``seconds`` for each loop (two loops)."""
    p = playouts(seconds, seed, rules)
    a = apply_rate(seconds, seed, rules)
    return BenchResult(p.plies_per_second, a.per_second, p.games_per_second)


def row(seconds: float = 2.0, seed: int = 0, rules: Rules = _DEFAULT_RULES) -> Row:
    """``tiki bench``'s line of the table: random playouts for about ``seconds``, with
    the process's peak memory after them.

    >>> row(0.0).label
    ('tiki', '2')
    """
    p = playouts(seconds, seed, rules)
    return Row(("tiki", "2"), p.plies_per_second, p.games_per_second, peak_memory_mb(seed), p.games)
