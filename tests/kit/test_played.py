"""Issue 32, "Time from real play": the server stores when each row was committed, and
a study reads a store, takes the finished games played by people and fits the
table-time model to their decisions. "Tested with games whose seats answer after
known delays: the fit recovers them within its interval."

The games here are played to their ends through each game's descriptor by seeded
random choices, and written into an SQLite store as the server writes them
(:meth:`gamekit.server.table.Table.plan`: an action's row, then the chance rows it
leads to, drawn from the server's seed, all with one commit time; a game's rows go
into the file in one transaction, the same rows the server commits one action at a
time). A seat answers its decision (asked at the row :meth:`Table.asked` names) after
a known delay: a person's from the true model (7 s, 2.5 s a point, 0.4 s an option,
plus seeded noise), a bot's or a clock's far from it, so that counting one would
break the fit.
No clock is read and nothing sleeps: every time is written, so the tests are the
same on every run.
"""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import tikalspeed
import tiki
from gamekit import Game
from gamekit.server import played
from gamekit.server.store import GameRow, LogRow, SeatRow, SQLiteStore, StoreError
from gamekit.server.table import Table
from gamekit.studies.fitfile import read_fits
from gamekit.studies.fitting import COEFFICIENTS, fit_groups
from gamekit.studies.timing import TableTime
from tikalspeed.tools.cli import main as tikal_main
from tikalspeed.tools.studies import STUDY as TIKAL_STUDY
from tiki.tools.cli import main as tiki_main

TRUE = TableTime(base=7.0, per_point=2.5, per_option=0.4)
"""How long the people of these games take a decision."""
NOISE = 1.0
"""The standard deviation of a person's seconds around :data:`TRUE` (seeded)."""
SPEED4 = "tikalspeed,mode=speed,players=4"
CLASSIC2 = "tikalspeed,mode=classic,players=2"


def _group(rules: Any) -> str:
    """Tikal's groups, as its ``study-time`` names them."""
    return f"mode={rules.mode},players={rules.players}"


@attrs.define
class Stored:
    """A game written into the store, and what a right reading finds in it."""

    id: str
    group: str
    people: list[tuple[float, int, int]] = attrs.Factory(list)
    """Each person's ``play`` decision: its delay, points and options."""
    others: Counter[str] = attrs.Factory(Counter)
    """The other rows a seat wrote, by kind (``bot``, ``timeout``, ``resign``)."""


def _store_game(
    store: SQLiteStore,
    game: Game,
    rules: Any,
    game_id: str,
    seed: int,
    kinds: list[str],
    *,
    created: float,
    end: bool = True,
    timeouts: float = 0.0,
    resign_after: int | None = None,
) -> Stored:
    """Play a game of ``rules`` to its end (or to a resignation after
    ``resign_after`` rows) with random choices, seat ``p`` a ``kinds[p]`` (``human``
    or ``bot``), and store it; mark it ended if ``end``. The earliest answer among the
    seats to decide is stored first (as the server does: several choose at a Jump)."""
    rng = random.Random(seed)
    effort = TIKAL_STUDY.effort if game is tikalspeed.GAME else None
    store.create(
        GameRow(game_id, game.package, json.dumps(game.json.rules_to_json(rules)), seed,
                None, created, "h"),
        [SeatRow(p, k, bot="random" if k == "bot" else None) for p, k in enumerate(kinds)],
    )  # fmt: skip
    stored = Stored(game_id, played.group_key(game, rules, _group if effort else None))
    table = Table.start(game, rules, seed=seed, seats=len(kinds))
    at: dict[int, float] = {}
    log: list[LogRow] = []  # stored in one commit at the end: the same rows, faster

    def write(rows: list[LogRow], when: float) -> None:
        rows = [attrs.evolve(r, at=when) for r in rows]
        table.advance(rows)
        log.extend(rows)
        at.update((r.seq, r.at) for r in rows)

    write(table.pending(), created)
    answers: dict[tuple[int, int | None], tuple[float, str, str, float, int, int]] = {}
    while not table.over:
        if resign_after is not None and table.seq >= resign_after:
            seat = min(s for s, k in enumerate(kinds) if k == "human")
            write(table.plan(seat, "resign", ""), max(at.values()) + 30.0)
            stored.others["resign"] += 1
            break
        for seat in table.actors:  # each seat's answer, chosen once a decision
            asked = table.asked(seat)
            if (seat, asked) in answers or asked is None:
                continue
            state, token = table.state, rng.choice(table.decision_tokens(seat))
            action = game.parse_action(state, token)
            points = 0 if effort is None else effort(state, action, game.step(state, action).state)
            options = len(game.legal_actions(state, seat))
            if kinds[seat] == "bot":
                kind, delay = "bot", rng.uniform(0.0, 900.0)
            elif rng.random() < timeouts:
                kind, delay = "timeout", 600.0
            else:
                kind, delay = "play", TRUE.seconds(points, options) + rng.gauss(0.0, NOISE)
            answers[seat, asked] = (at[asked] + delay, token, kind, delay, points, options)
        seat = min(table.actors, key=lambda s: answers[s, table.asked(s)][0])
        when, token, kind, delay, points, options = answers.pop((seat, table.asked(seat)))
        write(table.plan(seat, kind, token), when)
        if kind == "play":
            stored.people.append((delay, points, options))
        else:
            stored.others[kind] += 1
    assert store.append(game_id, log)
    if end:
        store.end(game_id)
    return stored


@attrs.define
class Store:
    """The store of these tests, its file, and the games in it."""

    path: Path
    games: dict[str, Stored]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """One SQLite file: Tikal on Speed (4 players, a bot in seat 3, a few of the
    people's decisions run out by the clock), Tikal classic (2 players), Tiki (some
    games against a bot, one resigned); a game of each not ended; a game of bots only;
    a game whose log does not replay."""
    path = tmp_path_factory.mktemp("played") / "games.sqlite3"
    store = SQLiteStore(str(path))
    games: dict[str, Stored] = {}
    speed4 = tikalspeed.Rules(mode="speed", players=4)
    people = ["human", "human", "human", "bot"]
    for i in range(3):
        games[f"s{i}"] = _store_game(store, tikalspeed.GAME, speed4, f"s{i}", 40 + i, people,
                                     created=1000.0 + i, timeouts=0.05)  # fmt: skip
    classic = tikalspeed.Rules(mode="classic", players=2)
    games["c0"] = _store_game(store, tikalspeed.GAME, classic, "c0", 7, ["human"] * 2,
                              created=2000.0)  # fmt: skip
    for i in range(24):
        kinds = ["human", "bot"] if i % 3 == 0 else ["human", "human"]
        games[f"t{i:02}"] = _store_game(store, tiki.GAME, tiki.Rules(), f"t{i:02}", 70 + i,
                                        kinds, created=3000.0 + i)  # fmt: skip
    games["t-resigned"] = _store_game(store, tiki.GAME, tiki.Rules(), "t-resigned", 99,
                                      ["human"] * 2, created=3100.0, resign_after=9)  # fmt: skip
    # not counted: not ended, people absent, a log that does not replay
    games["s-open"] = _store_game(store, tikalspeed.GAME, speed4, "s-open", 50, people,
                                  created=4000.0, end=False)  # fmt: skip
    games["t-open"] = _store_game(store, tiki.GAME, tiki.Rules(), "t-open", 51, ["human"] * 2,
                                  created=4001.0, end=False)  # fmt: skip
    games["t-bots"] = _store_game(store, tiki.GAME, tiki.Rules(), "t-bots", 52, ["bot"] * 2,
                                  created=4002.0)  # fmt: skip
    store.create(GameRow("t-broken", "tiki", "{}", 1, None, 4003.0, "h"),
                 [SeatRow(0, "human"), SeatRow(1, "human")])  # fmt: skip
    store.append("t-broken", [LogRow(1, -1, "chance", "no-such-layout", 4003.0)])
    store.end("t-broken")
    store.close()
    yield Store(path, games)


def _reading(stored: Store, game: Game, **options: Any) -> played.Reading:
    effort = TIKAL_STUDY.effort if game is tikalspeed.GAME else None
    group = _group if game is tikalspeed.GAME else None
    return played.read_store(str(stored.path), game, effort=effort, group=group, **options)


def test_each_persons_decision_is_found_with_its_seconds_points_and_options(
    stored: Store,
) -> None:
    """Issue 32: a person's decision takes from the commit of the row at which it was
    asked (``Table.asked``) to the commit of its answer; its points are the game's
    effort (Tikal's action points), its options the seat's legal actions then. Every
    ``play`` row of a person in a finished game is found, with the delay it was
    given, and nothing else: no bot's, clock's (``timeout``) or resignation's row, no
    chance, nothing of a game not ended or of bots only."""
    for game, prefix in ((tikalspeed.GAME, ("s", "c")), (tiki.GAME, ("t",))):
        reading = _reading(stored, game)
        counted = {k: g for k, g in stored.games.items() if k.startswith(prefix)}
        counted = {k: g for k, g in counted.items() if k not in ("s-open", "t-open", "t-bots")}
        counted.pop("t-broken", None)
        expected = Counter(
            (g.group, round(d, 6), p, o) for g in counted.values() for d, p, o in g.people
        )
        found = Counter((o.group, round(o.seconds, 6), o.points, o.options)
                        for o in reading.observations)  # fmt: skip
        assert found == expected
        assert {o.game for o in reading.observations} == set(counted)
        assert reading.games == len(counted) and reading.dropped == 0
    others = Counter[str]()
    for g in stored.games.values():
        others += g.others
    assert others["bot"] > 100 and others["timeout"] > 10 and others["resign"] == 1
    points = {o.points for o in _reading(stored, tikalspeed.GAME).observations}
    assert 0 in points and max(points) >= 3  # a bid spends none, a move its path


def test_the_fit_recovers_the_known_delays_within_its_intervals(stored: Store) -> None:
    """Issue 32: "the fit recovers them within its interval": per group (the game, its
    mode and players), each coefficient's 95% interval holds the true one, and the fit
    says how many games and decisions it rests on. Tiki's decisions spend no points:
    its ``per_point`` is not fitted, and says so."""
    found = fit_groups(
        [*_reading(stored, tikalspeed.GAME).observations, *_reading(stored, tiki.GAME).observations]
    )
    assert sorted(found.groups) == [CLASSIC2, SPEED4, "tiki"] and not found.refused
    for key, fitted in found.groups.items():
        games = [g for g in stored.games.values() if g.group == key and g.people]
        games = [g for g in games if g.id not in ("s-open", "t-open")]
        assert fitted.games == len(games)
        assert fitted.decisions == sum(len(g.people) for g in games)
    for key in (SPEED4, "tiki"):
        fitted = found.groups[key]
        for name in COEFFICIENTS:
            c = fitted.coefficient(name)
            if key == "tiki" and name == "per_point":
                assert not c.fitted and c.estimate == 0.0
                continue
            assert c.low < getattr(TRUE, name) < c.high, (key, name, c)
            assert c.high - c.low < {"base": 1.0, "per_point": 0.3, "per_option": 0.05}[name]
        assert 0.8 < fitted.residual < 1.2  # the noise's standard deviation, 1
    assert found.groups[SPEED4].decisions > 500 and found.groups["tiki"].decisions > 200


def test_a_game_that_does_not_replay_is_skipped_with_why_and_the_newest_are_read(
    stored: Store,
) -> None:
    """Issue 32: a finished game whose log the game refuses is skipped, its id and the
    game's refusal said; ``limit`` reads the newest finished games with people."""
    reading = _reading(stored, tiki.GAME)
    assert [game_id for game_id, _ in reading.skipped] == ["t-broken"]
    assert "no-such-layout" in reading.skipped[0][1]
    newest = _reading(stored, tiki.GAME, limit=3)
    assert {o.game for o in newest.observations} == {"t-resigned", "t23"}  # and t-broken
    assert newest.found == reading.found == 26 and newest.games == 2
    with pytest.raises(ValueError, match="a limit of 1 to 100,000 games"):
        _reading(stored, tiki.GAME, limit=0)


def test_an_answer_stored_before_its_question_is_left_out(tmp_path: Path) -> None:
    """Issue 32: seconds from the clocks of two processes that disagree can come out
    negative: such a decision is left out of the fit, and counted."""
    store = SQLiteStore(str(tmp_path / "g.sqlite3"))
    _store_game(store, tiki.GAME, tiki.Rules(), "g", 3, ["human"] * 2, created=100.0)
    rows, found = store.log("g"), store.game("g")
    assert found is not None
    early = SQLiteStore(str(tmp_path / "early.sqlite3"))
    early.create(*found)
    first = next(r for r in rows if r.kind == "play")
    early.append("g", [attrs.evolve(r, at=50.0) if r is first else r for r in rows])
    early.end("g")
    reading = played.read(early, tiki.GAME)
    assert reading.dropped == 1
    assert len(reading.observations) == sum(r.kind == "play" for r in rows) - 1


def test_no_store_no_file_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: a store path that names no file is refused, and no empty store is
    made there (opening an SQLite path would make one); the command says so in one
    line, exit status 2."""
    where = tmp_path / "nothing.sqlite3"
    with pytest.raises(StoreError, match="no SQLite store at"):
        played.read_store(str(where), tiki.GAME)
    assert tiki_main(["study-time", "--store", f"sqlite:///{where}"]) == 2
    assert "tiki: error: no SQLite store at" in capsys.readouterr().err
    assert not where.exists()


def test_study_time_prints_each_fit_and_writes_the_file_simulate_takes(
    stored: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: ``tikalspeed study-time --store URL --out FILE`` prints each group's
    fit in words, with intervals and counts, and writes the fits; ``simulate
    --table-time FILE:GROUP`` plays with that group's model (the same rows as the
    model given by hand), and refuses it beside a ``--seconds-per-...`` option."""
    out = tmp_path / "fit.json"
    assert tikal_main(["study-time", "--store", str(stored.path), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Tikal: 4 finished games with people read, ")
    assert f"{SPEED4}: " in said and f"{CLASSIC2}: " in said and "tiki" not in said
    assert "seconds a point spent" in said and "(95%: " in said
    fits = read_fits(out)
    assert sorted(fits) == [CLASSIC2, SPEED4]
    model = fits[SPEED4].table_time()
    rows = tmp_path / "rows.csv"
    argv = ["simulate", "--games", "1", "--rules", "mode=speed", "players=4", "--bots", "random"]
    assert tikal_main([*argv, "--table-time", f"{out}:{SPEED4}", "--csv", str(rows)]) == 0
    with open(rows, encoding="utf-8") as f:
        minutes = float(next(csv.DictReader(f))["table_minutes"])
    by_hand = TIKAL_STUDY.play_row("mode=speed;players=4", 0, ("random",) * 4, model)
    assert minutes == pytest.approx(by_hand["table_minutes"])
    capsys.readouterr()
    assert tikal_main([*argv, "--table-time", str(out), "--seconds-per-point", "1"]) == 2
    assert "--table-time" in capsys.readouterr().err
    assert tikal_main([*argv, "--table-time", str(out)]) == 2  # two groups: name one
    assert "holds 2 groups: name one" in capsys.readouterr().err


def test_study_time_says_when_nothing_can_be_fitted(
    stored: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: too few decisions are refused clearly: a group under
    ``--min-decisions`` is not fitted, says why, and with no group fitted the command
    exits 1 and writes nothing."""
    assert tiki_main(["study-time", "--store", str(stored.path), "--min-decisions", "100000"]) == 1
    said = capsys.readouterr().out
    assert "tiki: not fitted: " in said and "too few to fit (at least 100000)" in said
    assert "no group could be fitted" in said and "game t-broken skipped: " in said


def test_the_limit_the_command_shows_is_the_readers() -> None:
    """The command line names ``--limit``'s default without importing the server's
    modules: it is the reader's."""
    from gamekit.cli import studytime

    assert studytime.DEFAULT_LIMIT == played.DEFAULT_LIMIT
