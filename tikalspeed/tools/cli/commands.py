"""The ``tikalspeed`` command line: play, show, replay a record, check scenarios, bench, fuzz.

``tikalspeed`` and ``python -m tikalspeed`` run :func:`main`; see ``docs/tikal-cli.md``.
Every error in the user's input (a bad position, an unreadable record, an unknown
rule) is reported in one line on stderr with exit status 2, never as a traceback.
The commands every game has are the shared kit's (:mod:`gamekit.cli.commands`,
:mod:`gamekit.cli.play`); here is what only Tikal has: its modes and player counts,
how it tells a game, its scenarios, fuzzer and bench.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import textwrap
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

from ...engine import COMPILED, new_game
from ...game import GAME
from ...model.actions import player_name
from ...model.rules import MODES, Rules
from .. import bench, fuzzing, scenarios, studies
from . import narration
from . import options as _options
from .board import LEGEND
from .narration import Narrator
from .options import parse_rules
from .prompt import HUMAN_HELP, legal_listing

__all__ = ["main", "parse_rules"]

_BOTS = ("greedy", "mcts", "random")
_CHANCE_OFFSET = 100
"""Chance after the start is drawn from ``random.Random(seed + _CHANCE_OFFSET)``."""
DEFAULT_MODE = "speed"
"""The mode of ``tikalspeed play`` and ``tikalspeed bench`` without ``--mode``."""


def _group(rules: Rules) -> str:
    """What names a group of games for ``study-time`` beside the game: the mode and the
    players (``mode=speed,players=4``)."""
    return f"mode={rules.mode},players={rules.players}"


def _play(args: argparse.Namespace) -> int:
    out = PersonOut(sys.stdout, clauses=not args.no_clauses)
    try:
        rules = parse_rules(args.rules or [])
        mode_given = any(item.partition("=")[0] == "mode" for item in args.rules or [])
        if args.mode is not None or not mode_given:
            rules = attrs.evolve(rules, mode=args.mode or DEFAULT_MODE)
        if args.players is not None:
            rules = attrs.evolve(rules, players=args.players)
    except ValueError as e:
        raise UsageError(str(e)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    players = seats(GAME, rules, args.human or (), args.bot, args.playouts, seed, out)
    told = kinds(GAME, players, args.bot)
    print(
        f"Tikal ({rules.mode}, {rules.players} players): "
        + ", ".join(f"{player_name(p)} {k}" for p, k in told.items())
        + f"; seed {seed}",
        file=out,
    )
    if rules.non_default():
        print(shared.rules_line(GAME, rules), file=out)
    if args.human:
        mine = ", ".join(player_name(p) for p, k in told.items() if k == "human")
        print(textwrap.fill(f"You play {mine}. {HUMAN_HELP}", 88), file=out)
    if args.human or args.legend:
        print(LEGEND, file=out)
    start = new_game(rules, seed=seed)  # the first chance nodes come from the seed
    narrator = Narrator(out, start, hide_tokens=True, quiet=args.quiet)
    rng = random.Random(seed + _CHANCE_OFFSET)
    return play_and_tell(GAME, args, out, start, players, narrator, narration, rng=rng, seed=seed)


def _bench(args: argparse.Namespace) -> int:
    if args.seconds < 0:
        raise UsageError("--seconds must not be negative")
    modes = (args.mode,) if args.mode else MODES
    counts = (args.players,) if args.players else (2, 3, 4)
    build = "compiled (mypyc)" if COMPILED else "pure Python"
    print(
        f"tikalspeed bench: {build} build, seed {args.seed}, about {args.seconds:g} s of "
        f"random games per row, one core, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    configs = tuple((m, n) for m in modes for n in counts)
    rows, chess = beside_chess(
        args.seconds, args.seed, lambda: bench.rows(configs, args.seconds, args.seed)
    )
    print(chess_line(chess))
    print("\n".join(table(["mode", "players"], rows, chess)))
    games = sum(r.games for r in rows)
    print(f"peak memory:   {rows[-1].peak_mb:,.1f} MB after {games:,} games (the process's peak)")
    first = Rules(mode=configs[0][0], players=configs[0][1])
    rng = random.Random(args.seed)
    simulated, benched = beside_bench(
        studies.play_row,
        studies.ruleset_text(first),
        ("random",) * first.players,
        lambda: bench.random_game(first, rng),
        args.seconds,
        args.seed,
    )
    print(simulate_line(simulated, benched, rows[0].label))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tikalspeed",
        description="Tikal (Kramer & Kiesling): play, show positions, replay records, check "
        "scenarios, benchmark, fuzz the readers.",
        epilog="Run 'tikalspeed COMMAND --help' for a command's options.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game: bots against each other, or you against bots",
        description="Play a whole game (Tikal on Speed, 4 players, by default): a Speed game "
        "is narrated round by round (auction, Round Order, placements, each Jump's reveal "
        "and actions, scorings), the board drawn after the placements and each round; a "
        "classic or professional game action by action, the board drawn as each player's "
        "action points begin. Seats not given to --human are played by the --bot kind "
        "(greedy by default).",
    )
    play.add_argument("--mode", choices=MODES, help=f"the game mode (default {DEFAULT_MODE})")
    play.add_argument("--players", type=_options.players, help="2, 3 or 4 players (default 4)")
    play.add_argument(
        "--seed", type=_options.seed, help="seed for the tiles, treasures and bots (default random)"
    )
    play.add_argument("--human", nargs="+", metavar="P", help="you play these seats (P1 ... P4)")
    shared_options.play_options(play, _BOTS, "sold_out=skip guard_on_tie=true", 20_000)
    play.set_defaults(run=_play)

    shared.add_show(sub, GAME, legal_listing)
    shared.add_replay(
        sub,
        GAME,
        narration,
        "Read a game record (written by play --record), check that it replays, and narrate "
        "it as play does, every token choice shown.",
        _options.svg_option,
    )
    shared.add_check(sub, GAME, scenarios.check, "docs/tikal-scenarios.md")

    b = sub.add_parser(
        "bench", help="measure plies/s, games/s, peak memory and the ratio to python-chess"
    )
    b.add_argument("--mode", choices=MODES, help="one game mode (default: every mode)")
    b.add_argument(
        "--players", type=_options.players, help="one player count (default: 2, 3 and 4)"
    )
    b.add_argument(
        "--seconds",
        type=_options.seconds,
        default=2.0,
        help="time of random games per row, and of python-chess's (default 2)",
    )
    b.add_argument(
        "--seed", type=_options.seed, default=0, help="seed of the random games (default 0)"
    )
    b.set_defaults(run=_bench)

    shared.add_fuzz(
        sub,
        GAME,
        fuzzing.run,
        "positions, action tokens, records, rules text, JSON, manifests",
        _options.seed,
    )
    shared.add_why(sub, GAME)
    shared.add_simulate(sub, studies)
    add_study_time(sub, studies.STUDY, _group)
    shared.add_serve(sub, GAME)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tikalspeed`` command with ``argv`` (default ``sys.argv[1:]``); return the
    exit status.

    >>> main(["show", "nonsense"])
    2
    """
    return shared.main(GAME, _parser(), argv)
