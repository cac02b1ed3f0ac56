"""The ``tiki`` command line: play, show a position, solve it, build tables, replay a
record, check scenarios, benchmark, fuzz.

``tiki`` and ``python -m tiki`` run :func:`main`; see ``docs/tiki-cli.md``. Every error
in the user's input (a bad position, an unreadable record, an unknown rule) is reported
in one line on stderr with exit status 2, never as a traceback. The commands every
game has are the shared kit's (:mod:`gamekit.cli.commands`, :mod:`gamekit.cli.play`);
here is what only Tiki has: the shaman switch, its layout line, the solver, its
scenarios, fuzzer and bench.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import textwrap
import time
from collections.abc import Sequence

import attrs

from gamekit.cli import commands as shared
from gamekit.cli import options as shared_options
from gamekit.cli.commands import UsageError
from gamekit.cli.play import kinds, play_and_tell, seats
from gamekit.cli.studytime import add_study_time
from gamekit.studies.runner import beside_bench
from gamekit.words import PersonOut
from gamekit.yardstick import beside_chess, chess_line, simulate_line, table

from ...engine import COMPILED
from ...engine.contract import new_game
from ...errors import TableError
from ...game import GAME
from ...model.rules import Rules
from ...model.state import PLAYER_SYMBOLS
from .. import bench, fuzzing, scenarios, studies, tables
from ..solve import solver as solve
from . import narration
from . import options as _options
from .board import LEGEND
from .narration import Narrator
from .options import parse_rules
from .prompt import HUMAN_HELP, legal_listing
from .tables import add_tables, directory

__all__ = ["main", "parse_rules"]

_BOTS = ("greedy", "mcts", "random")


def _play(args: argparse.Namespace) -> int:
    out = PersonOut(sys.stdout, clauses=not args.no_clauses)
    try:
        rules = parse_rules(args.rules or [])
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.shaman:
        rules = attrs.evolve(rules, shaman=True)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    humans = [args.human] if args.human else []
    try:
        players = seats(GAME, rules, humans, args.bot, args.playouts, seed, out)
    except ValueError as e:  # perfect:DIR without a table
        raise UsageError(str(e)) from None
    names = {p: f"{PLAYER_SYMBOLS[p]} {k}" for p, k in kinds(GAME, players, args.bot).items()}
    print(f"Tiki: {names[0]} vs {names[1]}, seed {seed}", file=out)
    if rules.non_default():
        print(shared.rules_line(GAME, rules), file=out)
    if args.human:
        print(textwrap.fill(f"You play {args.human}. {HUMAN_HELP}", 88), file=out)
    if args.human or args.legend:
        print(LEGEND, file=out)
    start = new_game(rules, seed=seed)  # layout and first player drawn from the seed
    print(
        f"villages laid out {','.join(str(v) for v in start.tiles)} (a1..c3); "
        f"{PLAYER_SYMBOLS[start.active]} moves first",
        file=out,
    )
    narrator = Narrator(out, start, quiet=args.quiet)
    try:
        return play_and_tell(
            GAME, args, out, start, players, narrator, narration, rng=None, seed=seed,
            stopped="plies",
        )  # fmt: skip
    except TableError as e:  # the perfect bot met a layer not built
        raise UsageError(str(e)) from None


def _limit(text: str) -> int:
    """``solve --limit``: 1 to ``solve.MAX_LIMIT`` positions."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or not (
        1 <= int(text) <= solve.MAX_LIMIT
    ):
        raise argparse.ArgumentTypeError(f"1 to {solve.MAX_LIMIT} positions, not {text!r}")
    return int(text)


def _solve(args: argparse.Namespace) -> int:
    try:
        state = GAME.from_text(" ".join(args.position))
    except GAME.NotationError as e:
        raise UsageError(f"not a position: {e}") from None
    started = time.perf_counter()
    try:
        found = tables.solve(state, limit=args.limit, tables=args.tables)
    except ValueError as e:  # a chance node, a layout or a layer not built
        raise UsageError(str(e)) from None
    seconds = time.perf_counter() - started
    print(f"value:  {found.text()}")
    print(f"best:   {'-' if found.best is None else found.best}")
    if found.how == "table":
        print(f"work:   {found.nodes:,} stored values read, by table, {seconds:.2f} s")
    else:
        print(f"work:   {found.nodes:,} positions, {found.depth} plies deep, by {found.how}, "
              f"{seconds:.2f} s")  # fmt: skip
    return 0 if found.exact else 1


def _bench(args: argparse.Namespace) -> int:
    if args.seconds < 0:
        raise UsageError("--seconds must not be negative")
    build = "compiled (mypyc)" if COMPILED else "pure Python"
    print(
        f"tiki bench: {build} build, default rules, seed {args.seed}, about "
        f"{args.seconds:g} s per loop, one core, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    measured, chess = beside_chess(
        args.seconds, args.seed, lambda: bench.row(args.seconds, args.seed)
    )
    applied = bench.apply_rate(args.seconds, args.seed)
    print(chess_line(chess))
    print("\n".join(table(["game", "players"], [measured], chess)))
    print(f"apply/s:       {applied.per_second:,.0f} (recorded games replayed through apply)")
    peak = bench.peak_memory_mb(args.seed)
    print(f"peak memory:   {peak:,.1f} MB after {measured.games:,} games (the process's peak)")
    rng = random.Random(args.seed)
    simulated, benched = beside_bench(
        studies.play_row,
        "default",
        ("random", "random"),
        lambda: bench.random_game(Rules(), rng),
        args.seconds,
        args.seed,
    )
    print(simulate_line(simulated, benched, measured.label))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiki",
        description="Tiki (Nicolas Sato): play, show and solve positions, replay records, "
        "check scenarios, build perfect-play tables, benchmark, fuzz the readers.",
        epilog="Run 'tiki COMMAND --help' for a command's options.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game: bot against bot, or you against a bot",
        description="Play a whole game, narrated move by move. Without --human both sides "
        "are played by the --bot kind (greedy by default).",
    )
    play.add_argument(
        "--seed",
        type=_options.seed,
        help="seed for the layout, first player and bots (default random)",
    )
    play.add_argument("--shaman", action="store_true", help="play with the shaman rule")
    play.add_argument("--human", choices=("x", "o"), help="you play this side")
    shared_options.play_options(
        play, _BOTS, "max_turns=60 no_move=lose", 2000, tuple(GAME.argued_bots)
    )
    play.set_defaults(run=_play)

    shared.add_show(sub, GAME, legal_listing)

    so = sub.add_parser(
        "solve",
        help="the value of a position under perfect play, and a best move",
        description="Read a position (as for show) and search it: win, loss or draw for the "
        "player to decide, a best action, the plies to the end, the work done "
        "(docs/tiki-solve.md). Exit status 1 when --limit runs out first (unknown).",
    )
    so.add_argument(
        "--limit", type=_limit, default=1_000_000,
        help="positions to generate at most (default 1000000)",
    )  # fmt: skip
    so.add_argument(
        "--tables", type=directory, metavar="DIR",
        help="read the value from the tables built in DIR (tiki tables build), not a search",
    )  # fmt: skip
    so.add_argument("position", nargs="+", metavar="POSITION")
    so.set_defaults(run=_solve)

    shared.add_replay(
        sub,
        GAME,
        narration,
        "Read a game record (written by play --record), check that it replays, and narrate "
        "it as play does.",
        _options.svg_option,
    )
    shared.add_check(sub, GAME, scenarios.check, "docs/tiki-scenarios.md")

    b = sub.add_parser(
        "bench", help="measure plies/s, games/s, apply/s, memory, the ratio to python-chess"
    )
    b.add_argument(
        "--seconds", type=_options.seconds, default=2.0, help="time per measuring loop (default 2)"
    )
    b.add_argument(
        "--seed", type=_options.seed, default=0, help="seed of the random games (default 0)"
    )
    b.set_defaults(run=_bench)

    add_tables(sub)
    shared.add_fuzz(
        sub, GAME, fuzzing.run, "positions, action tokens, records, rules text, JSON", _options.seed
    )
    shared.add_why(sub, GAME)
    shared.add_simulate(sub, studies)
    add_study_time(sub, studies.STUDY)
    shared.add_serve(sub, GAME)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tiki`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status.

    >>> main(["show", "nonsense"])
    2
    """
    return shared.main(GAME, _parser(), argv)
