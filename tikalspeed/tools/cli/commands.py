"""The ``tikalspeed`` command line: play, show, replay a record, check scenarios, bench, fuzz.

``tikalspeed`` and ``python -m tikalspeed`` run :func:`main`; see ``docs/tikal-cli.md``.
Every error in the user's input (a bad position, an unreadable record, an unknown
rule) is reported in one line on stderr with exit status 2, never as a traceback.
``tiki``'s command line has the same commands, options and messages where the two
games share the concern.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import textwrap
import time
from collections.abc import Sequence
from typing import Any

import attrs

from gamekit.cli import commands as _commands
from gamekit.cli.commands import UsageError
from gamekit.pictures import write_pictures
from gamekit.yardstick import beside_chess, chess_line, table

from ... import svg
from ...engine import COMPILED, new_game, step
from ...errors import NotationError
from ...game import GAME
from ...model.actions import Action, player_name
from ...model.rules import MODES, Rules
from ...model.state import State
from ...text.notation import from_text, rules_to_text
from ...text.record import Record, read_record, replay, write_record
from .. import bench, studies
from ..bots.search import MCTSBot
from ..bots.simple import Bot, GreedyBot, Ply, RandomBot, play_game
from ..fuzzing import readers as fuzz
from ..scenarios import runner as scenario
from . import options as _options
from .board import LEGEND, render
from .narration import Narrator, in_pictures
from .options import parse_rules
from .prompt import HUMAN_HELP, Human, Quit, legal_listing
from .words import PersonOut, strip_clauses

__all__ = ["main", "parse_rules"]

_BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[MCTSBot]] = {
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "random": RandomBot,
}
_CHANCE_OFFSET = 100
"""Chance after the start is drawn from ``random.Random(seed + _CHANCE_OFFSET)``."""
DEFAULT_MODE = "speed"
"""The mode of ``tikalspeed play`` and ``tikalspeed bench`` without ``--mode``."""


_UsageError = UsageError


def _rules_line(rules: Rules) -> str:
    return "rules: " + rules_to_text(rules).replace(";", " ")


def _result_line(state: State) -> str:
    o = state.result
    if o is None:
        return "result: * (unfinished)"
    scores = ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(o.scores))
    if o.winner is None:
        best = max(o.scores)
        top = " and ".join(player_name(p) for p, s in enumerate(o.scores) if s == best)
        return f"result: {top} share the win by {o.reason} ({scores})"
    return f"result: {player_name(o.winner)} wins by {o.reason} ({scores})"


def _seats(args: argparse.Namespace, rules: Rules, seed: int, out: Any) -> dict[int, Bot]:
    humans = {h.upper() for h in args.human or ()}
    names = [player_name(p) for p in range(rules.players)]
    unknown = sorted(humans - set(names))
    if unknown:
        raise _UsageError(f"--human {unknown[0]}: this game has players {', '.join(names)}")
    seats: dict[int, Bot] = {}
    for p, name in enumerate(names):
        if name in humans:
            seats[p] = Human(out)
        elif args.bot == "mcts":
            seats[p] = MCTSBot(seed + 1 + p, playouts=args.playouts)
        else:
            seats[p] = _BOTS[args.bot](seed + 1 + p)
    return seats


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
        raise _UsageError(str(e)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    seats = _seats(args, rules, seed, out)
    kinds = {p: "human" if isinstance(b, Human) else f"{args.bot} bot" for p, b in seats.items()}
    print(
        f"Tikal ({rules.mode}, {rules.players} players): "
        + ", ".join(f"{player_name(p)} {k}" for p, k in kinds.items())
        + f"; seed {seed}",
        file=out,
    )
    if rules.non_default():
        print(_rules_line(rules), file=out)
    if args.human:
        mine = ", ".join(player_name(p) for p, k in kinds.items() if k == "human")
        print(textwrap.fill(f"You play {mine}. {HUMAN_HELP}", 88), file=out)
    if args.human or args.legend:
        print(LEGEND, file=out)
    start = new_game(rules, seed=seed)  # the first chance nodes come from the seed
    humans = [seat for seat in seats.values() if isinstance(seat, Human)]
    narrator = Narrator(out, start, hide_tokens=True, quiet=args.quiet)
    narrator.begin()
    for seat in humans:
        seat.drawn = None if args.quiet else start
    log: list[Ply] = []

    def narrate(ply: Ply) -> None:
        log.append(ply)
        drawn = narrator.ply(ply)
        for seat in humans:
            seat.jump = narrator.jump
            if drawn:
                seat.drawn = ply.state

    quitter: int | None = None
    try:
        play_game(
            start,
            seats,
            random.Random(seed + _CHANCE_OFFSET),
            max_plies=None if args.human else args.max_plies,
            on_ply=narrate,
        )
    except Quit as q:
        quitter = q.player
    final = log[-1].state if log else start
    if quitter is not None:
        print(f"game stopped: {player_name(quitter)} quit", file=out)
    elif final.result is None:
        print(f"game stopped after {len(log)} actions without a result", file=out)
    print(_result_line(final), file=out)
    if args.record:
        _write_record(args.record, [ply.action for ply in log], rules, seed, kinds)
        print(f"record written to {args.record}", file=out)
    if args.svg:
        _pictures(args.svg, f"{GAME.name} game, seed {seed}", start, log, out)
    return 0


def _write_record(
    path: str, actions: list[Action], rules: Rules, seed: int, kinds: dict[int, str]
) -> None:
    headers = tuple((player_name(p), k) for p, k in kinds.items())
    record = Record.from_actions(actions, rules=rules, seed=seed, headers=headers)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(write_record(record))
    except OSError as e:
        raise _UsageError(f"cannot write the record {path!r}: {e.strerror}") from None


def _pictures(directory: str, title: str, start: State, plies: Sequence[Ply], out: Any) -> None:
    """``--svg DIR``: a picture of every position, each marking the action that led there."""
    try:
        written = write_pictures(directory, title, *in_pictures(start, plies))
    except OSError as e:
        raise _UsageError(f"cannot write the pictures into {directory!r}: {e.strerror}") from None
    print(f"{written} files written into {directory} (open index.html)", file=out)


def _show(args: argparse.Namespace) -> int:
    words = args.position[1:] if args.position[:1] == ["--"] else args.position
    if not words:
        raise _UsageError("show needs a POSITION")
    text = " ".join(words)
    try:
        state = from_text(text)
    except NotationError as e:
        raise _UsageError(f"not a position: {e}") from None
    print(render(state))
    print(legal_listing(state))
    if args.svg:
        try:
            with open(args.svg, "w", encoding="utf-8") as f:
                f.write(svg.board(state) + "\n")
        except OSError as e:
            raise _UsageError(f"cannot write the picture {args.svg!r}: {e.strerror}") from None
        print(f"picture written to {args.svg}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise _UsageError(f"cannot read {args.file!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise _UsageError(f"cannot read {args.file!r}: not a text file") from None
    try:
        record = read_record(text)
        states = replay(record)
    except ValueError as e:  # NotationError, or a record field Record refuses
        raise _UsageError(f"bad record {args.file!r}: {e}") from None
    out = PersonOut(sys.stdout, clauses=not args.no_clauses)
    setup = f"seed {record.seed}" if record.seed is not None else "custom start"
    if record.seed is None and record.start is None:
        setup = "chance outcomes in the record"
    print(f"Tikal record {args.file}: {setup}, {len(record.actions)} actions", file=out)
    if record.rules.non_default():
        print(_rules_line(record.rules), file=out)
    for key, value in record.headers:
        print(f"{key}: {value}", file=out)
    narrator = Narrator(out, states[0])
    narrator.begin()
    plies = [Ply(a, step(before, a)) for before, a in zip(states, record.actions, strict=False)]
    for ply in plies:
        narrator.ply(ply)
    print(_result_line(states[-1]), file=out)
    if args.svg:
        _pictures(args.svg, f"{GAME.name} record {args.file}", states[0], plies, out)
    return 0


def _check(args: argparse.Namespace) -> int:
    try:
        report = scenario.check(args.paths)
    except OSError as e:
        raise _UsageError(f"cannot read {e.filename!r}: {e.strerror}") from None
    except NotationError as e:
        raise _UsageError(f"bad scenario {e}") from None
    print(report)
    return 0 if report.ok else 1


def _bench(args: argparse.Namespace) -> int:
    if args.seconds < 0:
        raise _UsageError("--seconds must not be negative")
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
    return 0


def _fuzz(args: argparse.Namespace) -> int:
    if args.inputs < 0:
        raise _UsageError("--inputs must not be negative")
    print(f"tikalspeed fuzz: {args.inputs} inputs per reader, seed {args.seed}")
    started = time.perf_counter()
    report = fuzz.run(args.inputs, args.seed)
    print(report.summary(time.perf_counter() - started))
    return 0 if report.ok else 1




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
    play.add_argument(
        "--bot", choices=sorted(_BOTS), default="greedy", help="the bot kind (default greedy)"
    )
    play.add_argument(
        "--playouts",
        type=_options.playouts,
        default=200,
        help="the search bot's playouts per decision (--bot mcts; default 200)",
    )
    play.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        metavar="KEY=VALUE",
        help="non-default rules, e.g. sold_out=skip guard_on_tie=true",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    _options.person_options(play)
    _options.svg_option(play)
    play.add_argument(
        "--max-plies",
        type=_options.plies,
        default=20_000,
        help="stop a bot-only game after this many actions (default 20000)",
    )
    play.set_defaults(run=_play)

    show = sub.add_parser(
        "show",
        help="draw a position string and list its legal actions",
        description="Draw a position (quote it, or give its fields as separate words; "
        "put -- before it if it starts with '-').",
    )
    show.add_argument("position", nargs=argparse.REMAINDER, metavar="POSITION")
    show.add_argument("--svg", metavar="FILE", help="write a picture of the position to FILE")
    show.set_defaults(run=_show)

    rep = sub.add_parser(
        "replay",
        help="replay a game record, narrating every action",
        description="Read a game record (written by play --record), check that it replays, "
        "and narrate it as play does, every token choice shown.",
    )
    rep.add_argument("file", metavar="FILE", help="the record")
    rep.add_argument(
        "--no-clauses", action="store_true", help="leave the rule clause ids out of the narration"
    )
    _options.svg_option(rep)
    rep.set_defaults(run=_replay)

    c = sub.add_parser(
        "check",
        help="run scenario files and report each as passed or failed",
        description="Run Tikal scenario files (a folder: every *.toml in it) and report each "
        "as passed or failed, a failed one with every expectation not met and the text of "
        "its clauses (docs/tikal-scenarios.md). Exit status 1 if any failed.",
    )
    c.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="scenario files or folders")
    c.set_defaults(run=_check)

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

    f = sub.add_parser(
        "fuzz",
        help="feed mutated inputs to every reader and check the contract",
        description="Feed every reader (positions, action tokens, records, rules text, "
        "JSON, manifests) real inputs from random games and mutations of them; print a "
        "table per reader. Exit status 1 if any input escaped with another error than "
        "NotationError/IllegalActionError, failed to read back, or did not play on.",
    )
    f.add_argument("--inputs", type=int, default=1000, help="inputs per reader (default 1000)")
    f.add_argument(
        "--seed", type=_options.seed, default=0, help="seed of games and mutations (default 0)"
    )
    f.set_defaults(run=_fuzz)
    _commands.add_why(sub, GAME)
    _commands.add_simulate(sub, studies)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tikalspeed`` command with ``argv`` (default ``sys.argv[1:]``); return the
    exit status.

    >>> main(["show", "nonsense"])
    2
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error argparse already reported
        return e.code if isinstance(e.code, int) else 2
    try:
        code: int = args.run(args)
    except _UsageError as e:
        message = str(e) if not getattr(args, "no_clauses", False) else strip_clauses(str(e))
        print(f"tikalspeed: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``tikalspeed play | head``): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    return code
