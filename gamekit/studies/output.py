"""Simulation studies, the game-independent output: rows to CSV and Parquet, plots,
and the ``simulate`` command line (:mod:`.runner` runs the games). Nothing here knows
the game.

>>> merged(["mode=speed", "players=3"], "mode=classic;forfeit=true")
'mode=classic;players=3;forfeit=true'
"""

from __future__ import annotations

import argparse
import csv
import reprlib
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import stats
from .fitfile import read_table_time
from .runner import (
    MAX_GAMES,
    MAX_JOBS,
    PROGRESS_DELAY,
    Estimate,
    Row,
    progress_delay,
)
from .tables import compared_text, summary_text
from .timing import MAX_SECONDS, TableTime
from .words import label

__all__ = [
    "MAX_SEED",
    "add_arguments",
    "bot_names",
    "main",
    "merged",
    "plot",
    "table_time",
    "write_csv",
    "write_parquet",
]


# --------------------------------------------------------------------------- files


def _flat(row: Row) -> dict[str, Any]:
    """A row with each list spread over numbered columns (``scores_1``, …)."""
    flat: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, (list, tuple)):
            for i, v in enumerate(value, 1):
                flat[f"{key}_{i}"] = v
        else:
            flat[key] = value
    return flat


def write_csv(rows: Sequence[Row], path: str | Path) -> None:
    """One line per game; a list column is spread over numbered columns."""
    flat = [_flat(r) for r in rows]
    columns = list(dict.fromkeys(k for r in flat for k in r))
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(flat)


def write_parquet(rows: Sequence[Row], path: str | Path) -> None:
    """One row per game, list columns as Parquet lists (needs ``pyarrow``)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist([dict(r) for r in rows]), str(path))


def plot(
    table: Sequence[dict[str, Any]],
    measures: Sequence[str],
    directory: str | Path,
    words: Mapping[str, str] | None = None,
) -> list[Path]:
    """Draw each measure (and the seat win rates) per ruleset, with its 95% interval,
    as ``<measure>.png`` and ``<measure>.svg`` in ``directory``, its axis named in
    ``words`` (:func:`.words.label`); return the files (needs ``matplotlib``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    where = Path(directory)
    where.mkdir(parents=True, exist_ok=True)
    names = [str(e["ruleset"]) for e in table]
    written = []
    seats = sorted({k for e in table for k in e if k.startswith("win_P")})
    for measure in [*measures, "seats"]:
        fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(names) + 2), 3.6))
        if measure == "seats":
            width = 0.8 / max(1, len(seats))
            for j, seat in enumerate(seats):
                xs = [i + (j - (len(seats) - 1) / 2) * width for i in range(len(names))]
                _bars(ax, xs, [e.get(seat) for e in table], width, seat[4:])
            ax.set_ylabel("win rate")
            ax.legend(fontsize=8, ncols=len(seats))
        else:
            _bars(ax, list(range(len(names))), [e[measure] for e in table], 0.6, None)
            ax.set_ylabel(label(measure, words))
        ax.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize=8)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        for ext in ("png", "svg"):
            target = where / f"{measure}.{ext}"
            fig.savefig(target, dpi=120, metadata={"Date": None} if ext == "svg" else None)
            written.append(target)
        plt.close(fig)
    return written


def _bars(
    ax: Any, xs: list[float], values: list[Estimate | None], width: float, label: str | None
) -> None:
    shown = [(x, v) for x, v in zip(xs, values, strict=True) if v is not None and v.n]
    means = [v.mean for _, v in shown]
    # a Wilson bound of a rate of 0 or 1 may miss it by a rounding: never below 0
    errors = [
        [max(0.0, v.mean - v.low) for _, v in shown],
        [max(0.0, v.high - v.mean) for _, v in shown],
    ]
    ax.bar([x for x, _ in shown], means, width, yerr=errors, capsize=3, label=label)


# --------------------------------------------------------------------------- the CLI


def merged(base: Sequence[str], extra: str) -> str:
    """Rules text from ``base`` items (``key=value``) and ``extra`` (``k=v;k=v``), a
    later key winning: what ``--rules`` and one ``--compare`` give."""
    values: dict[str, str] = {}
    for item in [*base, *extra.split(";")]:
        if item.strip():
            key, _, value = item.strip().partition("=")
            values[key] = value
    return ";".join(f"{k}={v}" for k, v in values.items())


def add_arguments(parser: Any, bots: Sequence[str], default_games: int) -> None:
    """The options of ``simulate`` (both games have the same)."""
    parser.add_argument(
        "--games",
        type=_bounded("--games", MAX_GAMES),
        default=default_games,
        help=f"games per ruleset (default {default_games})",
    )
    parser.add_argument(
        "--rules",
        nargs="+",
        metavar="KEY=VALUE",
        default=[],
        help="the ruleset (any Rules field, as in a position's rules field)",
    )
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="RULESET",
        default=[],
        help="rulesets side by side, each 'KEY=VALUE[;KEY=VALUE]' over --rules",
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="BOT[,BOT...]",
        help=f"a bot per seat, repeated if short ({', '.join(bots)}; default greedy)",
    )
    parser.add_argument(
        "--seed",
        type=_bounded("--seed", MAX_SEED, 0),
        default=0,
        help="seed of the first game (default 0)",
    )
    parser.add_argument(
        "--jobs", type=_bounded("--jobs", MAX_JOBS), default=1, help="worker processes (default 1)"
    )
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes, or a Ray cluster (pip install '.[ray]')",
    )
    parser.add_argument("--address", metavar="ADDR", help="the Ray cluster (default: a local Ray)")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game to FILE")
    parser.add_argument("--parquet", metavar="FILE", help="the same rows as Parquet (pyarrow)")
    parser.add_argument("--plots", metavar="DIR", help="write plots as PNG and SVG (matplotlib)")
    model = TableTime()
    for flag, field, what in _TIME_FLAGS:
        parser.add_argument(
            flag,
            dest=field,
            type=_seconds(flag),
            default=None,  # given or not: --table-time refuses them
            metavar="S",
            help=f"table-time model: seconds {what} (default {getattr(model, field):g}; "
            "see docs/simulate.md)",
        )
    parser.add_argument(
        "--table-time",
        metavar="FILE[:GROUP]",
        help="the table-time model fitted to real play (study-time --out FILE): its group "
        "GROUP, or its only one; not with the --seconds-per-... options",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (tqdm), or never (--no-progress); by default one shows on "
        f"a terminal once the study has run {PROGRESS_DELAY:g} seconds",
    )


_TIME_FLAGS = (
    ("--seconds-per-decision", "base", "every decision takes"),
    ("--seconds-per-point", "per_point", "a decision takes for each point it spends"),
    ("--seconds-per-option", "per_option", "a decision takes for each legal action"),
)
"""The flags of the table-time model: each sets a field of :class:`.timing.TableTime`."""


def _seconds(option: str) -> Callable[[str], float]:
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= MAX_SECONDS:  # NaN fails too
            raise argparse.ArgumentTypeError(
                f"{option} takes 0 to {MAX_SECONDS:g} seconds, not {text!r}"
            )
        return value

    return read


def table_time(args: Any) -> TableTime:
    """The table-time model of the parsed ``args``: the fit of ``--table-time
    FILE[:GROUP]`` (:func:`.fitfile.read_table_time`), else the ``--seconds-per-...``
    options over :class:`.timing.TableTime`'s defaults. A ``ValueError`` for both at
    once, or a fit file that cannot be used.

    >>> table_time(argparse.Namespace(base=None, per_point=1.0, per_option=None))
    TableTime(base=10.0, per_point=1.0, per_option=0.0)
    >>> table_time(argparse.Namespace(base=5.0, per_point=None, per_option=None,
    ...                               table_time="fit.json"))
    Traceback (most recent call last):
    ...
    ValueError: --table-time fit.json gives the whole model: leave out --seconds-per-decision
    """
    given = [flag for flag, field, _ in _TIME_FLAGS if getattr(args, field, None) is not None]
    fitted = getattr(args, "table_time", None)
    if fitted:
        if given:
            raise ValueError(
                f"--table-time {fitted} gives the whole model: leave out {', '.join(given)}"
            )
        return read_table_time(fitted)
    model = TableTime()
    return TableTime(
        *(
            getattr(model, field) if getattr(args, field, None) is None else getattr(args, field)
            for _, field, _ in _TIME_FLAGS
        )
    )


MAX_SEED = 2**53 - 1
"""The largest first seed (a seed read back from a row stays exact in JSON)."""


def _bounded(option: str, top: int, low: int = 1) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit() and len(text) <= 16) or not (
            low <= int(text) <= top
        ):
            raise argparse.ArgumentTypeError(f"{option} takes {low} to {top:,}, not {text!r}")
        return int(text)

    return read


def _isatty(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a stream without ``isatty`` is not)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def bot_names(text: str) -> list[str]:
    """The bots of ``--bots`` (``greedy,random``), one per seat; a ``ValueError`` names
    a list with an empty name (``''``, ``greedy,``, ``,,,``): each seat needs a bot.

    >>> bot_names(" greedy, random")
    ['greedy', 'random']
    >>> bot_names(",,,")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --bots ',,,' has an empty bot name: give one bot per seat, ...
    """
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise ValueError(
            f"--bots {reprlib.repr(text)} has an empty bot name: give one bot per seat, "
            "separated by commas (greedy,random)"
        )
    return names


def main(args: Any, game: Any, out: Any) -> int:
    """Run ``simulate`` from the parsed ``args`` for ``game`` (the game's
    ``tools.studies`` package: ``parse_rules``, ``simulate``, ``MEASURES``, ``WORDS``,
    ``seat_names``, see :data:`.study.NAMES`); print the summary to ``out``; write the
    files asked for. The progress bar (on standard error) is :func:`.runner.progress_delay`'s
    choice."""
    model = table_time(args)  # a fit file read before any game is played
    texts = [merged(args.rules, extra) for extra in (args.compare or [""])]
    rulesets = [game.parse_rules(t) for t in texts]
    bots = bot_names(args.bots)
    delay = progress_delay(args.progress, _isatty(sys.stderr))
    rows = game.simulate(
        rulesets,
        args.games,
        seed=args.seed,
        bots=bots,
        jobs=args.jobs,
        backend=args.backend,
        address=args.address,
        progress=delay is not None,
        progress_delay=delay or 0.0,
        table_time=model,
    )
    table = stats.summary(rows, game.MEASURES)
    players = max(r["players"] for r in rows)
    print(summary_text(table, game.seat_names(players), game.WORDS), file=out)
    if len(texts) > 1:  # the same seeds: each ruleset against the first, game by game
        shown = [str(e["ruleset"]) for e in table]
        print(compared_text(rows, shown, game.MEASURES, game.WORDS), file=out)
    if args.csv:
        write_csv(rows, args.csv)
        print(f"rows written to {args.csv}", file=out)
    if args.parquet:
        write_parquet(rows, args.parquet)
        print(f"rows written to {args.parquet}", file=out)
    if args.plots:
        written = plot(table, game.MEASURES, args.plots, game.WORDS)
        print(f"{len(written)} plots written into {args.plots}", file=out)
    return 0
