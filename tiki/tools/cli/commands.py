"""The ``tiki`` command line: play, show a position, solve it, replay a record, check
scenarios, benchmark, fuzz.

``tiki`` and ``python -m tiki`` run :func:`main`; see ``docs/tiki-cli.md``. Every error
in the user's input (a bad position, an unreadable record, an unknown rule) is reported
in one line on stderr with exit status 2, never as a traceback. ``tikalspeed``'s
command line has the same commands, options and messages where the two games share
the concern.
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
from ...engine import COMPILED
from ...engine.contract import new_game, step
from ...errors import NotationError
from ...game import GAME
from ...model.state import PLAYER_SYMBOLS, State
from ...text.notation import from_text, rules_to_text
from ...text.record import Record, read_record, replay, write_record
from .. import bench, studies
from ..bots.search import MCTSBot
from ..bots.simple import Bot, GreedyBot, Ply, RandomBot, play_game
from ..fuzzing import readers as fuzz
from ..scenarios import runner as scenario
from ..solve import solver as solve
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


_UsageError = UsageError


def _result_line(state: State) -> str:
    o = state.result
    if o is None:
        return "result: * (unfinished)"
    who = "draw" if o.winner is None else f"{PLAYER_SYMBOLS[o.winner]} wins"
    return f"result: {o.result()} ({who} by {o.reason}, fruits {o.scores[0]}-{o.scores[1]})"


def _play(args: argparse.Namespace) -> int:
    out = PersonOut(sys.stdout, clauses=not args.no_clauses)
    try:
        rules = parse_rules(args.rules or [])
    except ValueError as e:
        raise _UsageError(str(e)) from None
    if args.shaman:
        rules = attrs.evolve(rules, shaman=True)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    players: dict[int, Bot] = {}
    names = {}
    for p in (0, 1):
        sym = PLAYER_SYMBOLS[p]
        if args.human == sym:
            players[p] = Human(out)
            names[p] = f"{sym} human"
        else:
            bot = _BOTS[args.bot]
            players[p] = (
                MCTSBot(seed + 1 + p, playouts=args.playouts)
                if bot is MCTSBot
                else bot(seed + 1 + p)
            )
            names[p] = f"{sym} {args.bot} bot"
    print(f"Tiki: {names[0]} vs {names[1]}, seed {seed}", file=out)
    if rules.non_default():
        print(f"rules: {rules_to_text(rules).replace(';', ' ')}", file=out)
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
    humans = [seat for seat in players.values() if isinstance(seat, Human)]
    narrator = Narrator(out, start, quiet=args.quiet)
    narrator.begin()
    log: list[Ply] = []

    def narrate(ply: Ply) -> None:
        log.append(ply)
        if narrator.ply(ply):
            for seat in humans:
                seat.drawn = ply.state

    for seat in humans:
        seat.drawn = None if args.quiet else start

    quit_ = False
    try:
        play_game(
            start,
            players,
            max_plies=None if args.human else args.max_plies,
            on_ply=narrate,
        )
    except Quit:
        quit_ = True
    final = log[-1].state if log else start
    if quit_:
        print(f"game stopped: {PLAYER_SYMBOLS[final.actor]} quit", file=out)
    elif final.result is None:
        print(f"game stopped after {len(log)} plies without a result", file=out)
    print(_result_line(final), file=out)
    if args.record:
        headers = (("X", names[0][2:]), ("O", names[1][2:]))
        record = Record.from_actions(
            [ply.action for ply in log], rules=rules, seed=seed, headers=headers
        )
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.write(write_record(record))
        except OSError as e:
            raise _UsageError(f"cannot write the record {args.record!r}: {e.strerror}") from None
        print(f"record written to {args.record}", file=out)
    if args.svg:
        _pictures(args.svg, f"{GAME.name} game, seed {seed}", start, log, out)
    return 0


def _pictures(directory: str, title: str, start: State, plies: Sequence[Ply], out: Any) -> None:
    """``--svg DIR``: a picture of every position, each marking the action that led there."""
    try:
        written = write_pictures(directory, title, *in_pictures(start, plies))
    except OSError as e:
        raise _UsageError(f"cannot write the pictures into {directory!r}: {e.strerror}") from None
    print(f"{written} files written into {directory} (open index.html)", file=out)


def _show(args: argparse.Namespace) -> int:
    text = " ".join(args.position)
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


def _limit(text: str) -> int:
    """``solve --limit``: 1 to ``solve.MAX_LIMIT`` positions."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or not (
        1 <= int(text) <= solve.MAX_LIMIT
    ):
        raise argparse.ArgumentTypeError(f"1 to {solve.MAX_LIMIT} positions, not {text!r}")
    return int(text)


def _solve(args: argparse.Namespace) -> int:
    try:
        state = from_text(" ".join(args.position))
    except NotationError as e:
        raise _UsageError(f"not a position: {e}") from None
    started = time.perf_counter()
    try:
        found = solve.solve(state, limit=args.limit)
    except ValueError as e:  # a chance node
        raise _UsageError(str(e)) from None
    seconds = time.perf_counter() - started
    print(f"value:  {found.text()}")
    print(f"best:   {'-' if found.best is None else found.best}")
    print(f"work:   {found.nodes:,} positions, {found.depth} plies deep, by {found.how}, "
          f"{seconds:.2f} s")  # fmt: skip
    return 0 if found.exact else 1


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
    print(f"Tiki record {args.file}: {setup}, {len(record.actions)} actions", file=out)
    if record.rules.non_default():
        print(f"rules: {rules_to_text(record.rules).replace(';', ' ')}", file=out)
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
    except NotationError as e:
        raise _UsageError(f"bad scenario {e}") from None
    except OSError as e:
        raise _UsageError(f"cannot read {e.filename!r}: {e.strerror}") from None
    print(report)
    return 0 if report.ok else 1


def _bench(args: argparse.Namespace) -> int:
    if args.seconds < 0:
        raise _UsageError("--seconds must not be negative")
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
    return 0


def _fuzz(args: argparse.Namespace) -> int:
    if args.inputs < 0:
        raise _UsageError("--inputs must not be negative")
    out = sys.stdout
    print(f"tiki fuzz: {args.inputs} inputs per reader, seed {args.seed}", file=out)
    started = time.perf_counter()
    report = fuzz.run(args.inputs, args.seed)
    print(report.summary(time.perf_counter() - started), file=out)
    return 0 if report.ok else 1




def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiki",
        description="Tiki (Nicolas Sato): play, show and solve positions, replay records, "
        "check scenarios, benchmark, fuzz the readers.",
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
        help="non-default rules, e.g. max_turns=60 no_move=lose",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    _options.person_options(play)
    _options.svg_option(play)
    play.add_argument(
        "--max-plies",
        type=_options.plies,
        default=2000,
        help="stop a bot-only game after this many actions (default 2000)",
    )
    play.set_defaults(run=_play)

    show = sub.add_parser(
        "show",
        help="draw a position string and list its legal actions",
        description="Draw a position (quote it, or give its fields as separate words; "
        "put -- before it if it starts with '-').",
    )
    show.add_argument("position", nargs="+", metavar="POSITION")
    show.add_argument("--svg", metavar="FILE", help="write a picture of the position to FILE")
    show.set_defaults(run=_show)

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
    so.add_argument("position", nargs="+", metavar="POSITION")
    so.set_defaults(run=_solve)

    rep = sub.add_parser(
        "replay",
        help="replay a game record, narrating every action",
        description="Read a game record (written by play --record), check that it replays, "
        "and narrate it as play does.",
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
        description="Run Tiki scenario files (a folder: every *.toml in it) and report each "
        "as passed or failed, a failed one with every expectation not met and the text of "
        "its clauses (docs/tiki-scenarios.md). Exit status 1 if any failed.",
    )
    c.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="scenario files or folders")
    c.set_defaults(run=_check)

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

    f = sub.add_parser(
        "fuzz",
        help="feed mutated inputs to every reader and check the contract",
        description="Feed every reader (positions, action tokens, records, rules text, "
        "JSON) real inputs from random games and mutations of them; print a table per "
        "reader. Exit status 1 if any input escaped with another error than "
        "NotationError/IllegalActionError, failed to read back, or did not play on.",
    )
    f.add_argument(
        "--inputs", type=int, default=1000, help="inputs per reader (default 1000)"
    )
    f.add_argument(
        "--seed", type=_options.seed, default=0, help="seed of games and mutations (default 0)"
    )
    f.set_defaults(run=_fuzz)
    _commands.add_why(sub, GAME)
    _commands.add_simulate(sub, studies)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tiki`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status.

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
        print(f"tiki: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``tiki play | head``): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    return code
