"""The command line's harness, and the subcommands every game has alike.

:func:`main` runs a game's parser: every error in the user's input is a
:class:`UsageError`, reported in one line on stderr (``tiki: error: …``) with exit
status 2, never a traceback; an interrupt exits 130; a reader that goes away (``tiki
play | head``) stops the command quietly. :func:`add_show`, :func:`add_replay`,
:func:`add_check`, :func:`add_fuzz`, :func:`add_why` and :func:`add_simulate` add the
subcommands every game has, given what only the game knows (how it lists a
position's actions, tells a game, runs its scenarios and fuzzer); the game's own
``play`` runs through :mod:`.play`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..bots import Ply
from ..files import read_text
from ..game import Game
from ..pictures import write_pictures
from ..scenarios import why
from ..studies import output
from ..words import PersonOut, strip_clauses

__all__ = [
    "MAX_RECORD",
    "Teller",
    "UsageError",
    "add_check",
    "add_fuzz",
    "add_replay",
    "add_serve",
    "add_show",
    "add_simulate",
    "add_why",
    "main",
    "rules_line",
    "write_game_pictures",
]

MAX_RECORD = 16 * 2**20
"""The largest record ``replay`` reads: 16 MiB (a whole 4-player Tikal game's record
takes under 100 kB)."""

_EXTRAS = {"tqdm": "study", "pyarrow": "study", "matplotlib": "study", "ray": "ray"}


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


def main(game: Game, parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``) with ``parser`` and run the command it
    names (its ``run`` default, given the parsed arguments); return the exit status."""
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error argparse already reported
        return e.code if isinstance(e.code, int) else 2
    try:
        code: int = args.run(args)
    except UsageError as e:
        message = str(e) if not getattr(args, "no_clauses", False) else strip_clauses(str(e))
        print(f"{game.package}: error: {message}", file=sys.stderr)
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


def add_why(sub: argparse._SubParsersAction, game: Game) -> None:  # type: ignore[type-arg]
    """Add ``why POSITION ACTION``."""

    def run(args: argparse.Namespace) -> int:
        words = args.words[1:] if args.words[:1] == ["--"] else args.words
        try:
            return why.run(game, words, PersonOut(sys.stdout))
        except game.NotationError as e:
            raise UsageError(str(e)) from None

    w = sub.add_parser(
        "why",
        help="say whether an action is legal in a position, and the clause that decides",
        description="Read a position (quote it, or give its fields as separate words; put -- "
        "before it if it starts with '-') and then one action token. Say whether the action "
        "is legal and the clause that decides it, with its text from specs/; if legal, the "
        "events it causes with their clauses and the new position, drawn. Exit status 0 when "
        "legal, 1 when refused, 2 for an unreadable position or token.",
    )
    w.add_argument("words", nargs=argparse.REMAINDER, metavar="POSITION ACTION")
    w.set_defaults(run=run)


def add_serve(sub: argparse._SubParsersAction, game: Game) -> None:  # type: ignore[type-arg]
    """Add ``serve``: the game online (``gamekit.server``, the server's extra)."""
    from ..server import cli as server_cli

    s = sub.add_parser(
        "serve",
        help="serve the game to play online: a lobby, secret seat links, the browser client",
        description=f"Serve {game.name} over HTTP and WebSockets: open the address it prints "
        "in a browser to create a game, or see docs/server.md for the protocol. Needs "
        "pip install '.[server]'.",
    )
    server_cli.add_options(s)
    s.set_defaults(run=lambda args: server_cli.run([game], args))


def add_simulate(sub: argparse._SubParsersAction, study: Any) -> None:  # type: ignore[type-arg]
    """Add ``simulate``: ``study`` is the game's study (``parse_rules``,
    ``simulate``, ``MEASURES``, ``seat_names``, ``BOTS``)."""

    def run(args: argparse.Namespace) -> int:
        try:
            code: int = output.main(args, study, sys.stdout)
        except ImportError as e:
            extra = _EXTRAS.get((e.name or "").split(".")[0], "study")
            raise UsageError(
                f"{e.name} is needed for this: pip install 'tikal-tiki-rules[{extra}]'"
            ) from None
        except BrokenPipeError:
            raise  # the reader went away: the command line stops quietly
        except (ValueError, OSError) as e:  # NotationError (a bad ruleset), a bad bot, a file
            raise UsageError(str(e)) from None
        return code

    s = sub.add_parser(
        "simulate",
        help="play many games per ruleset, side by side, and sum them up",
        description="Play --games games of each ruleset (--rules, and each --compare over it) "
        "between bots, with the same seeds for every ruleset; print each measure with its "
        "95% confidence interval; write the rows (--csv, --parquet) and plots (--plots). "
        "See docs/simulate.md.",
    )
    output.add_arguments(s, (*study.BOTS, "mcts:N"), default_games=100)
    s.set_defaults(run=run)


class Teller(Protocol):
    """How a game tells itself to a person (its ``cli.narration`` and friends)."""

    Narrator: Any
    """``Narrator(out, start)``: ``begin()``, then ``ply(ply)`` for each action."""

    def in_pictures(self, start: Any, plies: Sequence[Any]) -> tuple[list[str], list[str]]:
        """The pictures of a game and their captions."""
        ...

    def result_line(self, state: Any) -> str:
        """``result: …``, the last line of a game told."""
        ...


def rules_line(game: Game, rules: Any) -> str:
    """``rules: shaman=true max_turns=40``: the rules that are not the defaults."""
    text: str = game.rules_to_text(rules)
    return "rules: " + text.replace(";", " ")


def _position(game: Game, words: Sequence[str], command: str) -> Any:
    words = words[1:] if words[:1] == ["--"] else words
    if not words:
        raise UsageError(f"{command} needs a POSITION")
    try:
        return game.from_text(" ".join(words))
    except game.NotationError as e:
        raise UsageError(f"not a position: {e}") from None


def write_game_pictures(
    directory: str, title: str, pictures: tuple[list[str], list[str]], out: Any
) -> None:
    """``--svg DIR``: a picture of every position (:mod:`gamekit.pictures`) and a line
    saying so; a directory that cannot be written is a usage error."""
    try:
        written = write_pictures(directory, title, *pictures)
    except OSError as e:
        raise UsageError(f"cannot write the pictures into {directory!r}: {e.strerror}") from None
    print(f"{written} files written into {directory} (open index.html)", file=out)


def add_show(sub: argparse._SubParsersAction, game: Game, listing: Callable[[Any], str]) -> None:  # type: ignore[type-arg]
    """Add ``show POSITION [--svg FILE]``: the drawing and ``listing`` of the legal
    actions."""

    def run(args: argparse.Namespace) -> int:
        state = _position(game, args.position, "show")
        print(game.draw(state))
        print(listing(state))
        if args.svg:
            try:
                with open(args.svg, "w", encoding="utf-8") as f:
                    f.write(game.picture(state) + "\n")
            except OSError as e:
                raise UsageError(f"cannot write the picture {args.svg!r}: {e.strerror}") from None
            print(f"picture written to {args.svg}")
        return 0

    show = sub.add_parser(
        "show",
        help="draw a position string and list its legal actions",
        description="Draw a position (quote it, or give its fields as separate words; "
        "put -- before it if it starts with '-').",
    )
    show.add_argument("position", nargs=argparse.REMAINDER, metavar="POSITION")
    show.add_argument("--svg", metavar="FILE", help="write a picture of the position to FILE")
    show.set_defaults(run=run)


def add_replay(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    game: Game,
    teller: Teller,
    description: str,
    svg_option: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Add ``replay FILE``: read a record (a regular file of at most
    :data:`MAX_RECORD` bytes), check that it replays, and tell it."""

    def run(args: argparse.Namespace) -> int:
        try:
            text = read_text(args.file, MAX_RECORD)
        except OSError as e:
            raise UsageError(f"cannot read {args.file!r}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise UsageError(f"cannot read {args.file!r}: not a text file") from None
        try:
            record = game.read_record(text)
            states = game.replay(record)
        except ValueError as e:  # NotationError, or a record field Record refuses
            raise UsageError(f"bad record {args.file!r}: {e}") from None
        out = PersonOut(sys.stdout, clauses=not args.no_clauses)
        setup = f"seed {record.seed}" if record.seed is not None else "custom start"
        if record.seed is None and record.start is None:
            setup = "chance outcomes in the record"
        actions = len(record.actions)
        print(f"{game.name} record {args.file}: {setup}, {actions} actions", file=out)
        if record.rules.non_default():
            print(rules_line(game, record.rules), file=out)
        for key, value in record.headers:
            print(f"{key}: {value}", file=out)
        narrator = teller.Narrator(out, states[0])
        narrator.begin()
        plies = [
            Ply(a, game.step(before, a)) for before, a in zip(states, record.actions, strict=False)
        ]
        for ply in plies:
            narrator.ply(ply)
        print(teller.result_line(states[-1]), file=out)
        if args.svg:
            title = f"{game.name} record {args.file}"
            write_game_pictures(args.svg, title, teller.in_pictures(states[0], plies), out)
        return 0

    rep = sub.add_parser(
        "replay", help="replay a game record, narrating every action", description=description
    )
    rep.add_argument("file", metavar="FILE", help="the record")
    rep.add_argument(
        "--no-clauses", action="store_true", help="leave the rule clause ids out of the narration"
    )
    svg_option(rep)
    rep.set_defaults(run=run)


def add_check(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    game: Game,
    check: Callable[[Sequence[str]], Any],
    page: str,
) -> None:
    """Add ``check FILE_OR_DIR ...``: run the game's scenario files (``check(paths)``
    returns a report with ``ok``), documented in ``page``."""

    def run(args: argparse.Namespace) -> int:
        try:
            report = check(args.paths)
        except game.NotationError as e:
            raise UsageError(f"bad scenario {e}") from None
        except OSError as e:
            raise UsageError(f"cannot read {e.filename!r}: {e.strerror}") from None
        print(report)
        return 0 if report.ok else 1

    c = sub.add_parser(
        "check",
        help="run scenario files and report each as passed or failed",
        description=f"Run {game.name} scenario files (a folder: every *.toml in it) and "
        "report each as passed or failed, a failed one with every expectation not met and "
        f"the text of its clauses ({page}). Exit status 1 if any failed.",
    )
    c.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="scenario files or folders")
    c.set_defaults(run=run)


def add_fuzz(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    game: Game,
    run_fuzz: Callable[..., Any],
    readers: str,
    seed: Callable[[str], int],
) -> None:
    """Add ``fuzz``: feed ``run_fuzz(inputs, seed, readers=...)`` (the game's fuzzer)
    and print its report; ``readers`` names what it reads, for the help."""

    def run(args: argparse.Namespace) -> int:
        if args.inputs < 0:
            raise UsageError("--inputs must not be negative")
        chosen = None
        if args.readers is not None:
            chosen = [r.strip() for r in args.readers.split(",")]
        print(f"{game.package} fuzz: {args.inputs} inputs per reader, seed {args.seed}")
        started = time.perf_counter()
        try:
            report = run_fuzz(args.inputs, args.seed, readers=chosen)
        except ValueError as e:  # an unknown reader
            raise UsageError(str(e)) from None
        print(report.summary(time.perf_counter() - started))
        return 0 if report.ok else 1

    f = sub.add_parser(
        "fuzz",
        help="feed mutated inputs to every reader and check the contract",
        description=f"Feed every reader ({readers}) real inputs from random games and "
        "mutations of them; print a table per reader. Exit status 1 if any input escaped "
        "with another error than NotationError/IllegalActionError, failed to read back, or "
        "did not play on.",
    )
    f.add_argument("--inputs", type=int, default=1000, help="inputs per reader (default 1000)")
    f.add_argument("--seed", type=seed, default=0, help="seed of games and mutations (default 0)")
    f.add_argument(
        "--readers",
        metavar="NAME[,NAME...]",
        help="only these readers (default: every reader; the report's first column names them)",
    )
    f.set_defaults(run=run)
