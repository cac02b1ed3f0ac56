"""Answer the seed's own questions with numbers: ``python docs/study.py``.

Writes ``docs/study.md`` (the page, all of it: do not edit it by hand) and its plots
in ``docs/study/`` from simulation studies (``tikalspeed.tools.studies``,
``tiki.tools.studies``), the same seeds (0, 1, …) for every ruleset:

- every Tikal mode with 2, 3 and 4 players between greedy bots (``--games``, 100 a
  ruleset), and again between search bots (``--search-games`` games with
  ``--search-bot``, on every seat);
- every option of every mode against the mode's defaults (``--switch-games`` a
  ruleset), between greedy bots, with how often each rule fired
  (:mod:`study_switches`), the volcano switch on a set of tiles with two volcanoes
  (``docs/study/two-volcanoes.json``);
- Tiki: the first player's edge with and without the shaman, and the seed's reading
  of the −1 village (``minus_one_empty``), between greedy, random and search bots;
  perfect play beside them on the layout classes solved so far (:mod:`study_perfect`);
- how strong the study's bots are: the search bot against greedy, greedy against
  random, in every seat in turn (:mod:`study_strength`).

The page says which bots played, how many games, the table-time model's figures,
and how long each part took (``--jobs`` processes).

The questions: is Tikal on Speed shorter than the base game and the professional
game, and is there less down time ("players will 'feel' more involved")? Which seat
wins more often? What does each option of the rules change, and how often does it
come up? In Tiki, how much is
moving first worth, and what does the seed's reading of the −1 village change?

Every figure has its 95% interval, and two rulesets are compared game by game (the
same seed), with the kit's statistics (:mod:`gamekit.studies.stats`); the minutes are
drawn as a function of the seconds a point takes against a decision's
(:mod:`study_time`).

>>> rows = tikal_rows([tikalspeed.Rules(mode="classic", players=2)], 2, "greedy", jobs=1)
>>> table = summed(rows)
>>> shares = [table[0][k].mean for k in ("win_P1", "win_P2", "ties")]
>>> table[0]["games"], round(sum(shares), 6), table[0]["moments"].mean > 0
(2, 1.0, True)
>>> table[0]["points"].mean > table[0]["moments"].mean  # classic: points spent
True
"""

from __future__ import annotations

import argparse
import pickle
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import study_perfect as perfect
import study_sections as sections
import study_strength as strength
import study_switches as switching
import study_time as timed
import study_words as words

import tikalspeed
import tiki
from gamekit.studies import stats
from tikalspeed.tools import studies as tikal_sim
from tiki.tools import studies as tiki_sim

HERE = Path(__file__).resolve().parent
PLOTS = HERE / "study"
TWO_VOLCANOES = PLOTS / "two-volcanoes.json"
"""Tiles with a second volcano: the packaged set with one more volcano tile."""

MODES = ("classic", "professional", "speed")
PLAYERS = (2, 3, 4)


def tikal_rows(rulesets: list[Any], games: int, bot: str, jobs: int = 2) -> list[dict[str, Any]]:
    """The rows of ``games`` games of each Tikal ruleset (rules or rules text), ``bot``
    on every seat."""
    rows = tikal_sim.simulate(rulesets, games, seed=0, bots=[bot], jobs=jobs)
    sections.per_player(rows)
    return rows


def numbers(rows: list[dict[str, Any]]) -> list[str]:
    """The numbers of :mod:`study_words` the rows have (the points spent added)."""
    timed.with_points(rows)
    return [k for k in words.LABELS if k in rows[0] and isinstance(rows[0][k], int | float)]


def summed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per ruleset, the seat shares and the mean of every number of :mod:`study_words`
    the rows have, each with its 95% interval (:func:`gamekit.studies.stats.summary`)."""
    return stats.summary(rows, numbers(rows))


def main_rulesets() -> list[tikalspeed.Rules]:
    """Every mode with 2, 3 and 4 players."""
    return [tikalspeed.Rules(mode=m, players=n) for n in PLAYERS for m in MODES]


def switch_rulesets() -> list[Any]:
    """Every mode's defaults and each switch of it, per player count, then the volcano
    switch on tiles with two volcanoes (:func:`study_switches.rulesets`)."""
    return [
        tikal_sim.parse_rules(text)
        for n in PLAYERS
        for text in switching.rulesets(n, TWO_VOLCANOES.as_posix())
    ]


def tiki_rows(rulesets: list[Any], games: int, bot: str, jobs: int) -> list[dict[str, Any]]:
    """The rows of ``games`` Tiki games of each ruleset, ``bot`` on both sides."""
    return tiki_sim.simulate(rulesets, games, seed=0, bots=[bot], jobs=jobs)


class Kept:
    """The rows of each study, kept in ``DIR/NAME.pickle`` when ``--keep DIR`` is given
    and read back from there on the next run, so that the page can be written again
    without playing the games again (delete the directory to play them again)."""

    def __init__(self, where: str | None) -> None:
        self.where = None if where is None else Path(where)

    def get(self, name: str, play: Callable[[], Any]) -> tuple[Any, float]:
        """The rows of study ``name`` and the seconds they took to play: kept ones, or
        ``play()``'s (then kept)."""
        path = None if self.where is None else self.where / f"{name}.pickle"
        if path is not None and path.is_file():
            kept: tuple[Any, float] = pickle.loads(path.read_bytes())
            return kept
        start = time.monotonic()
        rows = play()
        played = (rows, time.monotonic() - start)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pickle.dumps(played))
        return played

    def build(self, now: str) -> str:
        """The build that played the kept games (``now``'s, the first time)."""
        if self.where is None:
            return now
        path = self.where / "build.txt"
        if not path.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(now, encoding="utf-8")
        return path.read_text(encoding="utf-8")


def _strength_games(search_games: int, game: str, players: int) -> int:
    """Games a seating of the strength study: ``--search-games`` with 2 players (twice
    that in Tiki, whose games are short), a third of it with 4."""
    if game == "tiki":
        return 2 * search_games
    return search_games if players == 2 else max(1, search_games // 3)


def page(options: argparse.Namespace) -> str:
    """Run every study and return the page's text (writing the plots)."""
    import study_plots as plots

    games, jobs, search = options.games, options.jobs, options.search_bot
    clock: list[tuple[str, float]] = []
    kept = Kept(options.keep)

    def run(name: str, what: str, play: Callable[[], Any]) -> Any:
        rows, seconds = kept.get(name, play)
        played = sum(map(len, rows.values())) if isinstance(rows, dict) else len(rows)
        clock.append((what.format(played), seconds))
        return rows

    greedy_rows = run(
        "greedy",
        "Tikal, every mode, greedy bots: {} games",
        lambda: tikal_rows(main_rulesets(), games, "greedy", jobs),
    )
    search_rows = run(
        "search",
        f"Tikal, every mode, search bots ({search}): {{}} games",
        lambda: tikal_rows(main_rulesets(), options.search_games, search, jobs),
    )
    switch_rows = run(
        "switches",
        "Tikal, every option of every mode, greedy bots: {} games",
        lambda: tikal_rows(switch_rulesets(), options.switch_games, "greedy", jobs),
    )
    tiki_rules = [tiki.Rules(), tiki.Rules(shaman=True), tiki.Rules(minus_one_empty="nothing")]
    tiki_all = run(
        "tiki",
        "Tiki, greedy, random and search bots: {} games",
        lambda: {
            "greedy": tiki_rows(tiki_rules, games * 5, "greedy", jobs),
            "random": tiki_rows(tiki_rules, games * 10, "random", jobs),
            search: tiki_rows(tiki_rules, options.search_games * 5, search, jobs),
        },
    )
    strength_rows = run(
        "strength",
        f"The bots' strength ({search} against greedy, greedy against random): {{}} games",
        lambda: strength.play(
            [(search, "greedy"), ("greedy", "random")],
            lambda game, n: _strength_games(options.search_games, game, n),
            jobs,
        ),
    )
    greedy = words.Bots("greedy bots", greedy_rows, numbers(greedy_rows))
    searched = words.Bots(f"search bots (`{search}`)", search_rows, numbers(search_rows))
    plots.draw(PLOTS, greedy, searched, MODES, PLAYERS)
    settings = words.Settings(
        games=games,
        search_games=options.search_games,
        search_bot=search,
        jobs=jobs,
        command=options.command,
        clock=clock,
        two_volcanoes=TWO_VOLCANOES.relative_to(HERE.parent).as_posix(),
        build=kept.build("compiled (mypyc)" if tikalspeed.COMPILED else "pure Python"),
    )
    return "\n".join(
        [
            *words.opening(settings, [greedy, searched], MODES, PLAYERS),
            *words.measures(settings),
            *sections.stronger(greedy, searched, MODES, PLAYERS),
            *sections.figures(greedy.entries, searched.entries),
            *sections.seats(greedy.entries, searched.entries),
            *switching.switches(switch_rows, settings, PLAYERS),
            *sections.points(greedy.entries, searched.entries),
            *sections.tiki(tiki_all, settings),
            *perfect.perfect(tiki_all),
            *strength.section(strength_rows),
            *sections.how_long(settings),
        ]
    )


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: the games a ruleset, the search bots' budget, the processes."""
    parser = argparse.ArgumentParser(
        prog="python docs/study.py", description="Write docs/study.md and its plots."
    )
    parser.add_argument("--games", type=int, default=100, help="greedy games a Tikal ruleset")
    parser.add_argument(
        "--switch-games", type=int, default=100, help="greedy games a ruleset of the switches"
    )
    parser.add_argument(
        "--search-games", type=int, default=30, help="search games a Tikal ruleset (default 30)"
    )
    parser.add_argument("--search-bot", default="mcts:50", help="the search bot (default mcts:50)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--keep", metavar="DIR", help="keep each study's rows in DIR and reuse them (a cache)"
    )
    options = parser.parse_args(argv)
    given = ["python docs/study.py"]
    for flag, value, default in (
        ("--games", options.games, 100),
        ("--switch-games", options.switch_games, 100),
        ("--search-games", options.search_games, 30),
        ("--search-bot", options.search_bot, "mcts:50"),
        ("--jobs", options.jobs, 2),
    ):
        if value != default:
            given.append(f"{flag} {value}")
    options.command = " ".join(given)
    return options


def main(argv: list[str] | None = None) -> int:
    """Write docs/study.md and docs/study/*.png, *.svg."""
    options = arguments(argv)
    (HERE / "study.md").write_text(page(options), encoding="utf-8")
    print(f"wrote docs/study.md and docs/study/ ({options.command})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
