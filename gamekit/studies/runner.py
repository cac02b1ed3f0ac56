"""Simulation studies, the game-independent part: running games, tables, intervals.

A study plays ``games`` games under each of several rulesets (each written as the
game's rules text) with the same seeds, so that rulesets are compared game for game.
The study hands over ``play``, ``play(ruleset, seed, bots) -> row``, that plays one
game from its seed and returns its row (a dict of plain values): a module-level
function, or a :class:`~.study.Study`'s ``play_row``, which a worker finds by the
study's name. Workers get only rulesets, seeds and bot names, never a state. The
rows come back in the order of the tasks (ruleset, then game), whatever the number of
worker processes or the backend, so the same study gives the same rows.

- :func:`run`: the rows of a study, on ``jobs`` local processes or on Ray
  (``backend="ray"``, ``pip install 'tikal-tiki-rules[ray]'``), with a progress bar
  (``tqdm``, when installed and asked for); :func:`progress_delay` decides whether the
  command line shows it.
- :func:`beside_bench`: how fast ``simulate --jobs 1`` plays beside ``bench``'s games.
- :class:`Estimate`: a mean and its 95% interval; :func:`.stats.summary` makes the
  summary (per ruleset, the seat win rates and the means of the other measures, each
  with its interval) and :func:`.tables.summary_text` writes it.

:mod:`.output` writes the rows (CSV, Parquet), the plots and runs the command line.
Nothing here knows the game.

>>> from gamekit.studies.stats import summary
>>> rows = [{"ruleset": "r", "players": 2, "winner": w, "plies": p}
...         for w, p in [(0, 10), (1, 12), (0, 14), (-1, 12)]]
>>> table = summary(rows, ["plies"])
>>> table[0]["win_P1"].mean, table[0]["plies"].mean, table[0]["ties"].mean
(0.5, 12.0, 0.25)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

__all__ = [
    "MAX_GAMES",
    "MAX_JOBS",
    "PROGRESS_DELAY",
    "Estimate",
    "Task",
    "beside_bench",
    "progress_delay",
    "run",
    "tasks",
]

MAX_GAMES = 10_000_000
"""The most games one study plays per ruleset."""
MAX_JOBS = 256
"""The most worker processes a study starts."""

Row = dict[str, Any]
Play = Callable[[str, int, tuple[str, ...]], Row]

@attrs.frozen
class Task:
    """One game of a study: the ruleset (rules text), its seed, the bots by seat."""

    ruleset: str
    seed: int
    bots: tuple[str, ...]


def tasks(rulesets: Sequence[str], games: int, seed: int, bots: tuple[str, ...]) -> list[Task]:
    """The study's games, ruleset by ruleset; game ``i`` of every ruleset has seed
    ``seed + i`` (common random numbers: the rulesets meet the same seeds)."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be 1 to {MAX_GAMES}, got {games}")
    return [Task(r, seed + i, bots) for r in rulesets for i in range(games)]


def _play_task(play: Play, task: Task) -> Row:
    return play(task.ruleset, task.seed, task.bots)


PROGRESS_DELAY = 3.0
"""Seconds a study runs before its bar appears when nobody asked for one: a study
expected to be over sooner shows none."""


def progress_delay(asked: bool | None, terminal: bool) -> float | None:
    """Whether a study shows its progress bar, as the seconds before it appears, or
    ``None`` for no bar. ``asked`` is ``--progress`` (``True``), ``--no-progress``
    (``False``) or neither (``None``); ``terminal`` whether the bar's stream (standard
    error) is a terminal. Asked for, the bar shows at once; by default it shows on a
    terminal only, and only once the study has run :data:`PROGRESS_DELAY` seconds, so
    a quick study, piped output and the tests see no bar.

    >>> progress_delay(None, terminal=True), progress_delay(None, terminal=False)
    (3.0, None)
    >>> progress_delay(True, terminal=False), progress_delay(False, terminal=True)
    (0.0, None)
    """
    if asked is None:
        return PROGRESS_DELAY if terminal else None
    return 0.0 if asked else None


def _progress(items: Iterator[Row], total: int, show: bool, delay: float) -> Iterator[Row]:
    if not show:
        return items
    try:
        from tqdm import tqdm
    except ImportError:  # the bar is a nicety: the study runs without it
        return items
    return iter(tqdm(items, total=total, unit="game", smoothing=0.05, delay=delay))


def _local(play: Play, work: list[Task], jobs: int) -> Iterator[Row]:
    if jobs == 1:
        return (_play_task(play, t) for t in work)
    pool = ProcessPoolExecutor(max_workers=jobs)
    chunk = max(1, min(64, len(work) // (jobs * 8)))
    rows = pool.map(_play_task, [play] * len(work), work, chunksize=chunk)

    def drain() -> Iterator[Row]:
        with pool:
            yield from rows

    return drain()


def _ray(play: Play, work: list[Task], jobs: int, address: str | None) -> Iterator[Row]:
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else jobs, log_to_driver=False)
    remote = ray.remote(_play_batch)
    size = max(1, min(64, len(work) // (jobs * 8)))
    batches = [work[i : i + size] for i in range(0, len(work), size)]
    refs = [remote.remote(play, batch) for batch in batches]
    for ref in refs:  # in order: the same rows as a local run
        yield from ray.get(ref)


def _play_batch(play: Play, batch: list[Task]) -> list[Row]:
    return [_play_task(play, t) for t in batch]


def run(
    play: Play,
    work: list[Task],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    progress_delay: float = 0.0,
) -> list[Row]:
    """Play every task and return the rows, in the order of ``work``: on ``jobs``
    local processes, or on Ray (``backend='ray'``: a local Ray of ``jobs`` CPUs, or
    the cluster at ``address``). ``progress`` shows a bar when ``tqdm`` is installed,
    once the study has run ``progress_delay`` seconds."""
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"jobs must be 1 to {MAX_JOBS}, got {jobs}")
    if backend == "local":
        rows = _local(play, work, jobs)
    elif backend == "ray":
        rows = _ray(play, work, jobs, address)
    else:
        raise ValueError(f"backend must be 'local' or 'ray', got {backend!r}")
    return list(_progress(rows, len(work), progress, progress_delay))


def beside_bench(
    play: Play,
    ruleset: str,
    bots: tuple[str, ...],
    bench_game: Callable[[], object],
    seconds: float,
    seed: int = 0,
) -> tuple[float, float]:
    """How fast a study plays on one process (``simulate --jobs 1``) beside ``bench``'s
    own random games, for ``bench``'s last line: games of ``ruleset`` between ``bots``
    from seeds ``seed``, ``seed + 1``, … and ``bench_game()`` (one of bench's random
    games) taken in turn, game by game (the first of each pair alternating), each
    timed in the process's CPU time, for about ``seconds`` in all (at least one game
    of each); return ``(study games/s, bench games/s)``.

    Taken in turn in one process and timed in CPU time, the two see the same machine:
    another process's load, or a change of clock speed, weighs on both, so their ratio
    holds where two runs one after the other moved by 10% and more. Nothing asserts a
    speed.

    >>> study, bench = beside_bench(lambda r, s, b: {}, "r", ("random",), lambda: 0, 0.0)
    >>> study > 0 and bench > 0
    True
    """
    clock = time.process_time
    spent = [0.0, 0.0]
    games = 0

    def study_game() -> object:
        return play(ruleset, seed + games, bots)

    while True:
        pair = (study_game, bench_game) if games % 2 == 0 else (bench_game, study_game)
        for f in pair:
            start = clock()
            f()
            spent[f is bench_game] += clock() - start
        games += 1
        if spent[0] + spent[1] >= seconds:
            return games / max(spent[0], 1e-9), games / max(spent[1], 1e-9)


# --------------------------------------------------------------------------- summary


@attrs.frozen
class Estimate:
    """A mean over ``n`` games with its 95% confidence interval ``[low, high]``."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        digits = 3 if abs(self.mean) < 10 else 1
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"
