"""``play``: a whole game between bots, or a person against bots, told as it goes.

The game's own ``play`` command reads its options, builds the start and says what the
game is; :func:`seats` seats the players, and :func:`play_and_tell` plays the game
through the shared loop (:func:`gamekit.bots.play_game`), tells every action through
the game's narrator, and ends with the result, the record (``--record``) and the
pictures (``--svg``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import Ply, play_game
from ..game import Game, load
from .commands import Teller, UsageError, write_game_pictures
from .prompt import Quit

__all__ = ["kinds", "play_and_tell", "seats"]


def seats(
    game: Game,
    rules: Any,
    humans: Sequence[str],
    bot: str,
    playouts: int,
    seed: int,
    out: Any,
) -> dict[int, Any]:
    """A bot or a person for every seat of a game of ``rules``: the seats named in
    ``humans`` (by the players' names, any case) are people at the terminal, the
    others bots of the kind ``bot`` (the search bot with ``playouts``), the bot of
    seat ``p`` seeded with ``seed + 1 + p``."""
    names = game.seat_names(rules)
    known = {n.lower() for n in names}
    wanted = {h.lower() for h in humans}
    case = str.upper if all(n.isupper() for n in names) else str.lower  # P1, or x
    unknown = sorted(case(h) for h in wanted if h not in known)
    if unknown:
        raise UsageError(f"--human {unknown[0]}: this game has players {', '.join(names)}")
    human = load(game.human)
    out_seats: dict[int, Any] = {}
    for p, name in enumerate(names):
        if name.lower() in wanted:
            out_seats[p] = human(out)
        elif bot == "mcts":
            out_seats[p] = game.bot(bot, seed + 1 + p, playouts=playouts)
        else:
            out_seats[p] = game.bot(bot, seed + 1 + p)
    return out_seats


def kinds(game: Game, players: Mapping[int, Any], bot: str) -> dict[int, str]:
    """What sits at each seat, in words: ``human`` or ``greedy bot``."""
    human = load(game.human)
    return {p: "human" if isinstance(b, human) else f"{bot} bot" for p, b in players.items()}


def play_and_tell(
    game: Game,
    args: argparse.Namespace,
    out: Any,
    start: Any,
    players: Mapping[int, Any],
    narrator: Any,
    teller: Teller,
    *,
    rng: random.Random | None,
    seed: int,
    stopped: str = "actions",
) -> int:
    """Play from ``start`` between ``players`` (chance from ``rng``), told by
    ``narrator``; then the result line, ``--record FILE`` and ``--svg DIR``. A person
    who quits stops the game (``game stopped: x quit``); a bot-only game stops after
    ``--max-plies`` actions (counted as ``stopped``)."""
    human = load(game.human)
    people = [seat for seat in players.values() if isinstance(seat, human)]
    narrator.begin()
    for seat in people:
        seat.drawn = None if args.quiet else start
    log: list[Ply] = []

    def narrate(ply: Ply) -> None:
        log.append(ply)
        drawn = narrator.ply(ply)
        for seat in people:
            if hasattr(seat, "jump"):
                seat.jump = getattr(narrator, "jump", 0)
            if drawn:
                seat.drawn = ply.state

    quitter: int | None = None
    try:
        play_game(
            game,
            start,
            players,
            rng,
            max_plies=None if args.human else args.max_plies,
            on_ply=narrate,
        )
    except Quit as q:
        quitter = q.player
    final = log[-1].state if log else start
    if quitter is not None:
        print(f"game stopped: {game.player_name(quitter)} quit", file=out)
    elif game.outcome(final) is None:
        print(f"game stopped after {len(log)} {stopped} without a result", file=out)
    print(teller.result_line(final), file=out)
    if args.record:
        told = kinds(game, players, args.bot)
        headers = tuple((game.player_name(p).upper(), k) for p, k in told.items())
        record = game.Record.from_actions(
            [ply.action for ply in log], rules=start.rules, seed=seed, headers=headers
        )
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.write(game.write_record(record))
        except OSError as e:
            raise UsageError(f"cannot write the record {args.record!r}: {e.strerror}") from None
        print(f"record written to {args.record}", file=out)
    if args.svg:
        title = f"{game.name} game, seed {seed}"
        write_game_pictures(args.svg, title, teller.in_pictures(start, log), out)
    return 0
