"""Speed and memory measurements of the core, on one core, for ``tikalspeed bench``.

- **transitions/s** and **games/s** (:func:`playouts`): random playouts for about
  ``seconds`` of wall time. One transition is one ``tikalspeed.apply`` (which checks the
  action's legality in full): at a chance node the outcome comes from
  ``tikalspeed.sample_chance``, elsewhere ``legal_actions(state)`` is listed and one
  action picked uniformly by a seeded ``random.Random``. Each game starts from
  ``new_game(rules)`` (counted in the time, not as a transition) and is played to
  its end, so games/s counts whole random games.
- **peak memory** (:func:`peak_memory_mb`): the peak resident set size of the
  process so far (``resource.getrusage``), which includes the interpreter and every
  cache the playouts filled; where the ``resource`` module is missing (Windows), the
  peak of Python allocations (``tracemalloc``) over one random game instead.

The loop checks the clock between games, so it always finishes at least one game and
every figure is positive, however small ``seconds`` is. Nothing here asserts a speed.

>>> m = playouts(0.0, seed=1)
>>> m.games >= 1 and m.transitions > m.games and m.transitions_per_second > 0
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

from ..engine import actors, apply, legal_actions, new_game, sample_chance
from ..model.rules import MODES, Rules
from ..model.state import CHANCE, Phase

__all__ = [
    "CONFIGS",
    "BenchResult",
    "Playouts",
    "peak_memory_mb",
    "playouts",
    "random_game",
    "rows",
    "run",
]

_DEFAULT_RULES = Rules()

CONFIGS: tuple[tuple[str, int], ...] = tuple((m, n) for m in MODES for n in (2, 3, 4))
"""Every mode with 2, 3 and 4 players: the rows of ``tikalspeed bench``."""


@attrs.frozen
class Playouts:
    """What a random-playout run did: ``transitions`` in ``games`` games in ``seconds``."""

    transitions: int
    games: int
    seconds: float

    @property
    def transitions_per_second(self) -> float:
        """Transitions (chance or decision, each applied with full checks) per second."""
        return self.transitions / self.seconds

    @property
    def games_per_second(self) -> float:
        """Whole random games per second."""
        return self.games / self.seconds


@attrs.frozen
class BenchResult:
    """The three figures of ``tikalspeed bench``."""

    transitions_per_second: float
    games_per_second: float
    peak_memory_mb: float

    def __str__(self) -> str:
        return (
            f"transitions/s: {self.transitions_per_second:,.0f}\n"
            f"games/s:       {self.games_per_second:,.1f}\n"
            f"peak memory:   {self.peak_memory_mb:,.1f} MB"
        )


def random_game(rules: Rules = _DEFAULT_RULES, rng: random.Random | None = None) -> int:
    """Play one whole random game from ``new_game(rules)``; return its transitions."""
    rng = rng or random.Random()
    randrange = rng.randrange
    state = new_game(rules)
    count = 0
    while state.turn.phase is not Phase.OVER:
        if actors(state) == (CHANCE,):
            action = sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            action = actions[randrange(len(actions))]
        state = apply(state, action)
        count += 1
    return count


def playouts(seconds: float = 1.0, seed: int = 0, rules: Rules = _DEFAULT_RULES) -> Playouts:
    """Play random games for about ``seconds``; count the transitions and games."""
    rng = random.Random(seed)
    transitions = games = 0
    clock = time.perf_counter
    start = clock()
    while True:
        transitions += random_game(rules, rng)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return Playouts(transitions, games, max(elapsed, 1e-9))


def peak_memory_mb(seed: int = 0, rules: Rules = _DEFAULT_RULES) -> float:
    """The process's peak resident set size so far, in MB (10**6 bytes).

    Without the ``resource`` module, the ``tracemalloc`` peak of one random game from
    ``seed`` under ``rules`` instead.
    """
    peak = peak_rss_mb()
    if peak is not None:
        return peak
    tracemalloc.start()  # pragma: no cover - Windows
    try:
        random_game(rules, random.Random(seed))
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def run(seconds: float = 2.0, seed: int = 0, rules: Rules = _DEFAULT_RULES) -> BenchResult:
    """Measure the three figures: random playouts for about ``seconds``, then the peak."""
    p = playouts(seconds, seed, rules)
    return BenchResult(p.transitions_per_second, p.games_per_second, peak_memory_mb(seed, rules))


def rows(
    configs: tuple[tuple[str, int], ...] = CONFIGS, seconds: float = 2.0, seed: int = 0
) -> list[Row]:
    """``tikalspeed bench``'s table: random playouts for about ``seconds`` per mode and
    player count, each row with the process's peak memory once it was measured.

    >>> [r.label for r in rows((("classic", 2),), 0.0)]
    [('classic', '2')]
    """
    out = []
    for mode, players in configs:
        p = playouts(seconds, seed, Rules(mode=mode, players=players))
        label = (mode, str(players))
        peak = peak_memory_mb(seed)
        out.append(Row(label, p.transitions_per_second, p.games_per_second, peak, p.games))
    return out
