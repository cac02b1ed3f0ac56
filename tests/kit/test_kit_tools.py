"""The shared kit's tools, written once, run for both games through their descriptors.

Each test runs one tool of :mod:`gamekit` with ``tiki.GAME`` and with
``tikalspeed.GAME`` (docs/architecture.md: "a tool that works for one game works for
the other by taking that descriptor"), and names the clause or the hole it proves.
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tikalspeed
import tiki
from gamekit import Game, bots, files
from gamekit.cli import commands
from gamekit.scenarios import why

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"tiki": tiki, "tikalspeed": tikalspeed}
"""Each game's package by its name."""


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    """Each game's descriptor in turn."""
    descriptor: Game = GAMES[request.param].GAME
    return descriptor


def test_the_descriptor_is_the_packages_contract(game: Game) -> None:
    """docs/contract.md: the descriptor's contract functions, text forms and nouns are
    the very ones the package exports."""
    package = GAMES[game.package]
    names = ["new_game", "actors", "legal_actions", "is_legal", "chance_outcomes"]
    names += ["sample_chance", "step", "apply", "observe", "outcome", "view_actions"]
    names += ["to_text", "from_text", "parse_action", "action_token", "read_record"]
    names += ["write_record", "replay", "clause", "Rules", "State", "View", "Record"]
    names += ["NotationError", "IllegalActionError", "CHANCE", "decision"]
    for name in names:
        assert getattr(game, name) is getattr(package, name), name
    assert package.GAME is game and game.json is package.jsonio


def test_the_kit_imports_no_game() -> None:
    """The kit knows neither game: importing every module of it imports neither
    package (import-linter holds the same for the code)."""
    code = (
        "import importlib, pkgutil, sys, gamekit\n"
        "for m in pkgutil.walk_packages(gamekit.__path__, 'gamekit.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in ('tiki', 'tikalspeed')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("package", "token", "clause"),
    [("tiki", "+b2", "TIKI-CREATE-3"), ("tikalspeed", "bid:100", "TIKAL-AUCTION-3")],
)
def test_why_is_one_tool_for_both_games(package: str, token: str, clause: str) -> None:
    """TIKI-CREATE-3, TIKAL-AUCTION-3: ``gamekit.scenarios.why`` explains a refusal by
    its clause in either game, and a legal action by the clause of its first event."""
    g = GAMES[package]
    start = g.new_game(seed=1)
    if package == "tiki":
        start = g.apply(start, g.parse_action(start, "+b2"))
    told = why.why(g.GAME, start, token)
    assert not told.legal and told.clause is not None and told.clause.id == clause
    legal = g.legal_actions(start)[0]
    ok = why.why(g.GAME, g.to_text(start), g.action_token(start, legal))
    assert ok.legal and ok.after == g.apply(start, legal)
    assert g.GAME.to_text(ok.after) in ok.text()


def test_the_play_loop_plays_whole_games_of_both(game: Game) -> None:
    """TIKI-TURN-3, TIKAL-TURN-4: the shared loop plays a whole game between the
    game's own bots, every action legal where it was played, chance from its rng."""
    package = GAMES[game.package]
    rules = game.Rules() if game.package == "tiki" else game.Rules(players=3)
    start = game.new_game(rules, seed=5)
    seats = {p: game.bot("greedy", seed=p) for p in range(game.players(rules))}
    log = bots.play_game(game, start, seats, random.Random(1), max_plies=30_000)
    assert game.outcome(log[-1].state) is not None
    state = start
    for ply in log:
        assert package.is_legal(state, ply.action)
        state = ply.state


def test_a_secret_choice_is_asked_with_the_players_view_only() -> None:
    """SPEED-JUMP-1: at a Jump's token choice the shared loop gives each bot only its
    own view, never the position; elsewhere the position."""
    game = tikalspeed.GAME
    seen: list[Any] = []
    greedy = {p: game.bot("greedy", seed=p) for p in range(2)}

    def spy(p: int) -> Any:
        def choose(state: Any, player: int) -> Any:
            seen.append((state.state.phase if isinstance(state, game.View) else None, player))
            return greedy[p].choose(state, player)

        return choose

    start = game.new_game(game.Rules(players=2), seed=3)
    bots.play_game(game, start, {0: spy(0), 1: spy(1)}, random.Random(0), max_plies=400)
    views = [s for s in seen if s[0] is not None]
    assert views and all(phase is tikalspeed.Phase.TOKENS for phase, _ in views)
    assert {player for _, player in views} == {0, 1}


def test_a_seat_never_acts_for_another_in_either_game(game: Game) -> None:
    """TIKI-TURN-3, TIKAL-TURN-4: a bot that answers with another seat's action is
    refused by the loop with the game's IllegalActionError, naming both seats."""
    start = game.new_game(game.Rules(), seed=2)
    while game.actors(start) == (game.CHANCE,):
        start = game.apply(start, game.sample_chance(start, random.Random(0)))
    me = min(game.actors(start))
    other = next(
        a
        for p in range(game.players(start.rules))
        if p != me
        for a in _actions_of(game, start, p)
    )
    with pytest.raises(game.IllegalActionError, match="decision, returned by its bot"):
        bots.play_game(game, start, {me: lambda s: other}, max_plies=1)


def _actions_of(game: Game, state: Any, player: int) -> list[Any]:
    """Some well-formed actions of ``player`` (legal or not) in ``state``."""
    mine = [a for a in game.legal_actions(state) if getattr(a, "player", None) == player]
    if mine:
        return mine
    tokens = {"tiki": ["+a1"], "tikalspeed": ["pass", "end"]}[game.package]
    out = []
    for token in tokens:
        try:
            action = game.parse_action(state, token)
        except game.NotationError:
            continue
        out.append(type(action)(**{**_fields(action), "player": player}))
    return out


def _fields(action: Any) -> dict[str, Any]:
    import attrs

    return {f.name: getattr(action, f.name) for f in attrs.fields(type(action)) if f.init}


# --------------------------------------------------------------------------- hole 5


def _main(game: Game) -> Any:
    return importlib.import_module(f"{game.package}.tools.cli").main


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "too-big", "directory"])
def test_replay_reads_regular_files_of_bounded_size_only(
    game: Game, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19, hole 5: ``replay`` of a link to /dev/zero, a FIFO, a file over
    :data:`gamekit.cli.commands.MAX_RECORD` or a directory answers in one line naming
    the file, exit status 2, without reading it (a FIFO with no writer never blocks)."""
    path = tmp_path / "game.rec"
    if kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "too-big":
        with open(path, "wb") as f:
            f.truncate(commands.MAX_RECORD + 1)
    else:
        path.mkdir()
    assert _main(game)(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{game.package}: error: cannot read ")
    assert str(path) in err[0]
    why_not = {"too-big": "larger than", "directory": "a directory"}.get(kind, "not a regular")
    assert why_not in err[0]


def test_read_text_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """Hole 5: the kit's bounded reader takes a regular file up to its limit, and
    refuses a device behind a link, a FIFO and a file one byte too long."""
    good = tmp_path / "a.txt"
    good.write_text("x" * 10, encoding="utf-8")
    assert files.read_text(good, limit=10) == "x" * 10
    with pytest.raises(OSError, match="larger than 9 bytes"):
        files.read_text(good, limit=9)
    (tmp_path / "zero").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo")
    for name in ("zero", "fifo"):
        with pytest.raises(OSError, match="not a regular file") as refused:
            files.read_text(tmp_path / name)
        assert refused.value.filename == str(tmp_path / name)


def test_a_random_bots_pick_draws_as_its_generators_choice(game: Game) -> None:
    """TIKI-TURN-3, TIKAL-TURN-4 (issue 21, the study's speed): a random bot's ``pick``
    (``gamekit.draws.uniform`` on its generator's ``getrandbits``, compiled) draws
    exactly what its generator's ``choice`` draws, for every number of legal actions
    from 1 to 300 and past a power of two, so a seeded game is the game it was."""
    for seed in range(4):
        pick = game.bot("random", seed).pick
        same = random.Random(seed)
        for n in [*range(1, 301), 511, 512, 513, 4097]:
            actions = tuple(range(n))
            assert [pick(actions) for _ in range(3)] == [same.choice(actions) for _ in range(3)]
