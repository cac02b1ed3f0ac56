"""How strong the search bots are: ``python docs/strength.py [GAMES2] [GAMES4] [JOBS]``.

``python docs/strength.py --budget PLAYOUTS GAMES MODE[,MODE...] [JOBS]`` then adds
(or rewrites) the page's last section: 2-player Tikal games of those modes with a
larger budget, to show how the strength grows with it.

``python docs/strength.py --only "GAME PLAYERS[,GAME PLAYERS...]" [GAMES] [JOBS]``
plays only those rows (``"speed 2"``: Tikal on Speed, 2 players; ``GAMES`` defaults
to that of the full run) and rewrites them in the page's table, keeping the others
as they were measured; a note under the table says when and how each row so
re-measured was played.

Writes ``docs/strength.md`` (the page, all of it: do not edit it by hand) from games
of each search bot (:class:`tiki.tools.bots.search.MCTSBot`,
:class:`tikalspeed.tools.bots.search.MCTSBot`) against the greedy bots: in Tiki and in each
Tikal mode, ``GAMES2`` 2-player games (default 100) and, in Tikal, ``GAMES4``
4-player games (default 40) with one search bot and three greedy bots. The search
bot sits in each seat in turn (game ``g``: seat ``g % players``); every game has its
own seeds, the same for every run, so the page is reproducible. A win counts 1, a
shared win or a draw its share. ``JOBS`` processes play at once (default 2).

>>> row = strength([("tiki", 2)], games2=2, games4=0, jobs=1, playouts=20)[0]
>>> row.games, 0 <= row.low <= row.share <= row.high <= 1
(2, True)
"""

from __future__ import annotations

import math
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path

import attrs

import tikalspeed
import tiki
from tikalspeed.tools import bots as tikal_bots
from tikalspeed.tools.bots import search as tikal_mcts
from tiki.tools import bots as tiki_bots
from tiki.tools.bots import search as tiki_mcts

PAGE = Path(__file__).resolve().parent / "strength.md"

CONFIGS: tuple[tuple[str, int], ...] = (
    ("tiki", 2),
    ("classic", 2),
    ("professional", 2),
    ("speed", 2),
    ("classic", 4),
    ("professional", 4),
    ("speed", 4),
)
"""The games measured: Tiki, and each Tikal mode with 2 and 4 players."""

PLAYOUTS = 200
"""The search bots' budget: playouts per decision."""

Z = 1.959964
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen
class Row:
    """The search bot's results in ``games`` games of one game and player count."""

    game: str
    players: int
    games: int
    share: float
    """Its mean share of the win (1 a win, a shared win or draw its share)."""
    low: float
    high: float
    """The 95% Wilson score interval of ``share``."""
    seat_shares: tuple[float, ...]
    """Its mean share in each seat it sat in."""
    seconds: float
    """The search bot's thinking time, per decision (mean, in seconds)."""
    plies: float
    """Actions per game (mean, chance included)."""


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` of ``n`` trials.

    >>> [round(x, 3) for x in wilson(0.8, 100)]
    [0.711, 0.867]
    """
    if n == 0:
        return 0.0, 1.0
    centre = share + Z * Z / (2 * n)
    spread = Z * math.sqrt(share * (1 - share) / n + Z * Z / (4 * n * n))
    scale = 1 + Z * Z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


class _Timed:
    """A bot that counts its decisions and the time it takes over them."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, *args: object) -> object:
        start = time.perf_counter()
        try:
            return self.bot.choose(*args)  # type: ignore[attr-defined]
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


def play(
    game: str, players: int, g: int, playouts: int = PLAYOUTS
) -> tuple[float, int, float, int]:
    """Game ``g``: the search bot's share, its decisions and thinking time, plies."""
    me = g % players
    rng = random.Random(g)
    if game == "tiki":
        search = _Timed(tiki_mcts.MCTSBot(seed=g, playouts=playouts, rollout="greedy"))
        seats: dict[int, object] = {1 - me: tiki_bots.GreedyBot(seed=1000 + g), me: search}
        log = tiki_bots.play_game(tiki.new_game(seed=1000 + g), seats, rng)  # type: ignore[arg-type]
        result = log[-1].state.result
        assert result is not None
        share = 0.5 if result.winner is None else float(result.winner == me)
        return share, search.decisions, search.seconds, len(log)
    search = _Timed(tikal_mcts.MCTSBot(seed=g, playouts=playouts))
    seats = {p: tikal_bots.GreedyBot(seed=1000 + 10 * g + p) for p in range(players)}
    seats[me] = search
    rules = tikalspeed.Rules(mode=game, players=players)
    log = tikal_bots.play_game(tikalspeed.new_game(rules, seed=1000 + g), seats, rng)  # type: ignore[arg-type]
    outcome = log[-1].state.result
    assert outcome is not None
    if outcome.winner is not None:
        share = float(outcome.winner == me)
    else:
        top = max(outcome.scores)
        tied = [p for p in range(players) if outcome.scores[p] == top]
        share = 1 / len(tied) if me in tied else 0.0
    return share, search.decisions, search.seconds, len(log)


def _task(task: tuple[str, int, int, int]) -> tuple[str, int, int, tuple[float, int, float, int]]:
    game, players, g, playouts = task
    return game, players, g, play(game, players, g, playouts)


def strength(
    configs: Sequence[tuple[str, int]] = CONFIGS,
    *,
    games2: int = 100,
    games4: int = 40,
    jobs: int = 2,
    playouts: int = PLAYOUTS,
) -> list[Row]:
    """Play the games of ``configs`` and return a :class:`Row` for each."""
    tasks = [
        (game, players, g, playouts)
        for game, players in configs
        for g in range(games2 if players == 2 else games4)
    ]
    if jobs == 1:
        done = [_task(t) for t in tasks]
    else:
        with Pool(jobs) as pool:
            done = []
            for item in pool.imap_unordered(_task, tasks):
                done.append(item)
                print(f"{len(done)}/{len(tasks)} games", end="\r", file=sys.stderr, flush=True)
    rows = []
    for game, players in configs:
        mine = sorted((g, r) for gm, p, g, r in done if (gm, p) == (game, players))
        n = len(mine)
        if n == 0:
            continue
        share = sum(r[0] for _, r in mine) / n
        low, high = wilson(share, n)
        seats = tuple(
            sum(r[0] for g, r in mine if g % players == s)
            / max(1, sum(1 for g, _ in mine if g % players == s))
            for s in range(players)
        )
        decisions = sum(r[1] for _, r in mine)
        rows.append(
            Row(
                game, players, n, share, low, high, seats,
                sum(r[2] for _, r in mine) / max(1, decisions),
                sum(r[3] for _, r in mine) / n,
            )
        )
    return rows


def _build() -> str:
    return "compiled (mypyc)" if tikalspeed.COMPILED else "pure Python"


def _name(game: str) -> str:
    return "Tiki" if game == "tiki" else f"Tikal, {game}"


def row_line(r: Row) -> str:
    """The table's line for ``r``.

    >>> row_line(Row("speed", 2, 100, 0.795, 0.706, 0.862, (0.8, 0.79), 0.05, 428.2))
    '| Tikal, speed | 2 | 100 | **79.5%** | 70.6% – 86.2% | 50% | 0.80 / 0.79 | 0.050 | 428 |'
    """
    seats = " / ".join(f"{s:.2f}" for s in r.seat_shares)
    return (
        f"| {_name(r.game)} | {r.players} | {r.games} | **{r.share:.1%}** | "
        f"{r.low:.1%} – {r.high:.1%} | {1 / r.players:.0%} | {seats} | "
        f"{r.seconds:.3f} | {r.plies:.0f} |"
    )


def read_row(line: str) -> Row | None:
    """The :class:`Row` a table line shows (as rounded there), or ``None``.

    >>> r = read_row(row_line(Row("speed", 2, 100, 0.795, 0.706, 0.862, (0.8, 0.79), 0.05, 428)))
    >>> r.game, r.players, r.share, r.seat_shares, row_line(r) == row_line(r)
    ('speed', 2, 0.795, (0.8, 0.79), True)
    """
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) != 9 or not cells[1].isdigit():
        return None
    name, players, games, share, interval, _, seats, seconds, plies = cells
    game = "tiki" if name == "Tiki" else name.removeprefix("Tikal, ")
    low, high = (float(x.strip().rstrip("%")) / 100 for x in interval.split("–"))
    return Row(
        game, int(players), int(games), float(share.strip("*%")) / 100, low, high,
        tuple(float(x) for x in seats.split("/")), float(seconds), float(plies),
    )


def measured(rows: Sequence[Row], seconds: float, jobs: int) -> str:
    """The line that says when and how ``rows`` were measured, all in one run."""
    return (
        f"Measured on {time.strftime('%Y-%m-%d')}: {len(rows)} rows, "
        f"{sum(r.games for r in rows)} games in {seconds / 60:.0f} minutes with {jobs} "
        f"processes, on the {_build()} build, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores (a shared machine: the seconds move by 20% or more)."
    )


NOTE = "- Re-measured alone: "
"""How each note on a row played by ``--only`` begins."""


KEPT = (
    "The rows not re-measured are as the run above measured them, with the bots of "
    "its day."
)
"""Said under the notes, when there are any."""


def note(r: Row, seconds: float, jobs: int, command: str) -> str:
    """The note on a row re-measured alone (``--only``)."""
    return (
        f"{NOTE}{_name(r.game)}, {r.players} players, on {time.strftime('%Y-%m-%d')}: "
        f"{r.games} games in {seconds / 60:.0f} minutes with {jobs} processes, on the "
        f"{_build()} build, Python {platform.python_version()} (`{command}`)."
    )


def page(
    rows: Sequence[Row],
    seconds: float,
    jobs: int,
    playouts: int,
    *,
    when: str | None = None,
    notes: Sequence[str] = (),
) -> str:
    """The Markdown page for ``rows``, measured in one run of ``seconds`` with ``jobs``
    processes (or as ``when`` says), with ``notes`` on rows re-measured alone."""
    lines = [
        "# How strong the search bots are",
        "",
        "Written by `python docs/strength.py` (do not edit by hand): games of each search",
        "bot against the greedy bots, the search bot in each seat in turn, on fixed seeds.",
        "A win counts 1, a shared win or a draw its share; the interval is the 95% Wilson",
        "score interval of that share over the games played (shares of shared wins are",
        "counted as fractions of a win, which the interval treats as a proportion).",
        "",
        "The budget, per decision: "
        f"**{playouts} playouts**. Tiki's bot (`tiki.tools.bots.search.MCTSBot(seed, "
        f"playouts={playouts}, rollout='greedy')`) plays each playout out with greedy "
        "moves to the end of the game; Tikal's (`tikalspeed.tools.bots.search.MCTSBot(seed, "
        f"playouts={playouts})`, the defaults) is the information-set search, deciding "
        "from its own view and scoring each new node with the greedy bot's evaluation "
        "and the tempo: in the classic and professional games the turns each player "
        "still takes before everyone has had one more, in Speed the action points each "
        "still has to spend in the round's Jumps and the volcano bonus turns to come. "
        "The greedy bots are `GreedyBot(seed)` of each package.",
        "",
        "| game | players | games | search bot's share | 95% interval | an equal seat "
        "| by seat | seconds a decision | actions a game |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    lines += [row_line(r) for r in rows]
    lines += [
        "",
        when or measured(rows, seconds, jobs),
        *(["", *notes, "", KEPT, ""] if notes else []),
        "The issue's targets: at least 70% of the 2-player games against the greedy bot",
        "in each game, and a 4-player share well above the 25% of an equal seat.",
        "",
        "How the bots work: [`docs/tiki-cli.md`](tiki-cli.md) (Tiki) and",
        "[`docs/tikal-cli.md`](tikal-cli.md) (Tikal), and the modules' docstrings,",
        "`tiki/tools/bots/search.py` and `tikalspeed/tools/bots/search.py`.",
        "",
    ]
    return "\n".join(lines)


BUDGET_HEADING = "## With a larger budget"


def budget_section(rows: Sequence[Row], seconds: float, jobs: int, playouts: int) -> str:
    """The page's last section: ``rows`` played with ``playouts`` playouts a decision."""
    lines = [
        BUDGET_HEADING,
        "",
        f"The same games (the same seeds, the first {rows[0].games} of each) with "
        f"**{playouts} playouts** a decision for the search bot:",
        "",
        "| game | players | games | search bot's share | 95% interval | by seat "
        "| seconds a decision |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        seats = " / ".join(f"{s:.2f}" for s in r.seat_shares)
        lines.append(
            f"| {_name(r.game)} | {r.players} | {r.games} | **{r.share:.1%}** | "
            f"{r.low:.1%} – {r.high:.1%} | {seats} | {r.seconds:.3f} |"
        )
    lines += [
        "",
        f"Measured on {time.strftime('%Y-%m-%d')}: {sum(r.games for r in rows)} games in "
        f"{seconds / 60:.0f} minutes with {jobs} processes, on the {_build()} build.",
        "",
    ]
    return "\n".join(lines)


def rewrite_rows(text: str, rows: Sequence[Row], notes: Sequence[str], playouts: int) -> str:
    """The page ``text`` with ``rows`` put in place of its rows of the same game and
    players (the others kept as they are), and a note for each re-measured row (in
    place of an older note on it); its larger-budget section kept.

    >>> old = [Row(g, 2, 100, 0.8, 0.7, 0.9, (0.8, 0.8), 0.1, 300) for g in ("classic", "speed")]
    >>> text = page(old, 60.0, 2, 200)
    >>> new = Row("speed", 2, 100, 0.85, 0.77, 0.91, (0.84, 0.86), 0.1, 310)
    >>> again = rewrite_rows(text, [new], [note(new, 60.0, 2, "strength.py --only 'speed 2'")], 200)
    >>> [read_row(line) for line in again.splitlines() if read_row(line)] == [old[0], new]
    True
    >>> sum(line.startswith(NOTE) for line in again.splitlines()), KEPT in again
    (1, True)
    """
    head, budget = text, ""
    if BUDGET_HEADING in text:
        at = text.index(BUDGET_HEADING)
        head, budget = text[:at], text[at:]
    new = {(r.game, r.players): r for r in rows}
    kept: list[Row] = []
    when = ""
    old_notes: list[str] = []
    for line in head.splitlines():
        row = read_row(line) if line.startswith("| ") else None
        if row is not None:
            kept.append(new.pop((row.game, row.players), row))
        elif line.startswith("Measured on "):
            when = line
        elif line.startswith(NOTE):
            old_notes.append(line)
    kept += new.values()
    named = {n[: n.index(" players")] for n in notes}
    mine = [n for n in old_notes if n[: n.index(" players")] not in named] + list(notes)
    return page(kept, 0.0, 0, playouts, when=when or None, notes=mine) + budget


def main(argv: Sequence[str]) -> int:
    """``strength.py [GAMES2] [GAMES4] [JOBS]``: play and write the page;
    ``strength.py --budget PLAYOUTS GAMES MODES [JOBS]``: its last section;
    ``strength.py --only "GAME PLAYERS[,...]" [GAMES] [JOBS]``: those rows of its table."""
    if argv and argv[0] == "--only":
        configs = [(c.split()[0], int(c.split()[1])) for c in argv[1].split(",")]
        games = int(argv[2]) if len(argv) > 2 else None
        jobs = int(argv[3]) if len(argv) > 3 else 2
        rows, notes = [], []
        for game, players in configs:
            start = time.perf_counter()
            played = strength(
                [(game, players)],
                games2=games or 100,
                games4=games or 40,
                jobs=jobs,
            )
            command = f'python docs/strength.py --only "{game} {players}"' + (
                f" {games} {jobs}" if games else ""
            )
            rows += played
            notes += [note(r, time.perf_counter() - start, jobs, command) for r in played]
        PAGE.write_text(rewrite_rows(PAGE.read_text(), rows, notes, PLAYOUTS))
        print(PAGE.read_text())
        return 0
    if argv and argv[0] == "--budget":
        playouts, games = int(argv[1]), int(argv[2])
        configs = [(mode, 2) for mode in argv[3].split(",")]
        jobs = int(argv[4]) if len(argv) > 4 else 2
        start = time.perf_counter()
        rows = strength(configs, games2=games, games4=0, jobs=jobs, playouts=playouts)
        text = PAGE.read_text()
        if BUDGET_HEADING in text:
            text = text[: text.index(BUDGET_HEADING)]
        section = budget_section(rows, time.perf_counter() - start, jobs, playouts)
        PAGE.write_text(text + section)
        print(section)
        return 0
    games2 = int(argv[0]) if argv else 100
    games4 = int(argv[1]) if len(argv) > 1 else 40
    jobs = int(argv[2]) if len(argv) > 2 else 2
    start = time.perf_counter()
    rows = strength(games2=games2, games4=games4, jobs=jobs)
    PAGE.write_text(page(rows, time.perf_counter() - start, jobs, PLAYOUTS))
    print(PAGE.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
