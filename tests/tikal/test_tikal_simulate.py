"""Simulation studies (``tikalspeed.tools.studies``): a row is the measure of the very
game ``tikalspeed play --seed N`` plays, the waits follow their definition (a
simultaneous choice is no wait, SPEED-JUMP-1), and a study gives the same rows
whatever the number of processes. The study is the kit's (``gamekit.studies.study``),
with the rows Tikal's own study gave; ``simulate --bots`` refuses an empty name and
more bots than the most seats."""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any

import pytest
from replays import replay

import tikalspeed
from gamekit.studies import moments as _moments
from gamekit.studies import output as _studyout
from gamekit.studies import stats as _stats
from gamekit.studies import study as _kit
from tikalspeed import CHANCE, Rules, actors, new_game, sample_chance, step
from tikalspeed.model.actions import ChooseTokens
from tikalspeed.model.state import Phase, TurnKind
from tikalspeed.text.record import read_record
from tikalspeed.tools import studies as simulate
from tikalspeed.tools.cli import main


def _log(ruleset: str, seed: int, bots: tuple[str, ...]) -> list[tuple[int, object, Phase]]:
    """The game of ``play_row`` replayed by hand: (who decided, action, phase) per
    ply, ``CHANCE`` for chance."""
    return [(ply.who, ply.action, ply.state.phase) for ply in replay(ruleset, seed, bots)]


def _waits_by_definition(log: list[tuple[int, object, Phase]], players: int) -> list[list[int]]:
    """The wait before each decision, counted straight from the definition: the
    decisions of other players since the player's previous one, where the token
    choices of one Jump (a run of ChooseTokens) count once and not for each other."""
    decisions = [(p, a) for p, a, _ in log if p != CHANCE]
    moments: list[set[int]] = []
    for i, (p, a) in enumerate(decisions):
        joins = (
            isinstance(a, ChooseTokens) and i > 0 and isinstance(decisions[i - 1][1], ChooseTokens)
        )
        if joins:
            moments[-1].add(p)
        else:
            moments.append({p})
    waits: list[list[int]] = [[] for _ in range(players)]
    for p in range(players):
        mine = [i for i, m in enumerate(moments) if p in m]
        previous = -1
        for i in mine:
            waits[p].append(sum(1 for m in moments[previous + 1 : i] if p not in m))
            previous = i
    return waits


@pytest.mark.parametrize(
    ("ruleset", "bots"),
    [
        ("mode=speed;players=4", ("random",) * 4),
        ("mode=speed;players=3", ("greedy", "random", "greedy")),
        ("mode=classic;players=2", ("greedy", "greedy")),
        ("mode=professional;players=3", ("random",) * 3),
    ],
)
def test_a_row_measures_the_game(ruleset: str, bots: tuple[str, ...]) -> None:
    """SPEED-JUMP-1, TIKAL-TURN-4: the row's counts are those of the game replayed by
    hand: plies, decisions per player, the waits (a Jump's token choices are one
    moment), the winner and the scores."""
    row = simulate.play_row(ruleset, 7, bots)
    log = _log(ruleset, 7, bots)
    n = len(bots)
    assert row["plies"] == len(log)
    assert row["decisions_by"] == [sum(1 for p, _, _ in log if p == q) for q in range(n)]
    waits = _waits_by_definition(log, n)
    flat = [w for ws in waits for w in ws]
    assert row["wait_mean"] == pytest.approx(sum(flat) / len(flat))
    assert row["wait_max"] == max(flat)
    assert row["wait_by"] == pytest.approx([sum(w) / len(w) for w in waits])
    assert row["winner"] in range(-1, n) and len(row["scores"]) == n


def test_a_row_is_the_game_play_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-TURN-4: ``play_row(rules, N, bots)`` measures the game of ``tikalspeed play
    --seed N`` with those bots: the same number of actions, the same final scores."""
    record = tmp_path / "g.rec"
    argv = ["play", "--mode", "classic", "--players", "3", "--seed", "11", "--bot", "random"]
    assert main([*argv, "--quiet", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    row = simulate.play_row("mode=classic;players=3", 11, ("random",) * 3)
    assert row["plies"] == len(read_record(record.read_text(encoding="utf-8")).actions)
    scores = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(row["scores"]))
    assert f"({scores})" in out


def test_rounds_ap_and_scorings_of_a_speed_game() -> None:
    """SPEED-ROUND-1, SPEED-JUMP-3, SPEED-SCORE-1, SPEED-END-1: a Speed game's rounds
    are its Jump phases (each ends with the tokens returned), its unused points those
    its players left, its scorings one per volcano round plus the final one."""
    rules = Rules(mode="speed", players=3)
    row = simulate.play_row(simulate.ruleset_text(rules), 2, ("greedy",) * 3)
    rounds, unused, scorings, _ = _measured_from_every_event(
        simulate.ruleset_text(rules), 2, ("greedy",) * 3
    )
    assert (row["rounds"], row["ap_unused"], row["scorings"]) == (rounds, sum(unused), scorings)
    assert row["rounds"] > 1 and row["scorings"] >= 1


def _measured_from_every_event(
    ruleset: str, seed: int, bots: tuple[str, ...]
) -> tuple[int, list[int], int, dict[str, Any]]:
    """The rounds, the unused points by player and the scorings of a study's game, the
    way the study counted them before issue 21: from every event of ``step``; and the
    columns issue 21 added that events alone give (the points lost by cause, the
    auction spend, the volcanoes secured)."""
    rules = simulate.parse_rules(ruleset)
    n = rules.players
    unused, turns, auctions, returned, scored = [0] * n, 0, 0, 0, 0
    lost = {"TurnEnded": 0, "SPEED-JUMP-3": 0, "SPEED-JUMP-7": 0, "SPEED-JUMP-8": 0}
    spend, volcanoes = [0] * n, 0
    for ply in replay(ruleset, seed, bots):
        t = ply.transition
        for e in t.events:
            name = type(e).__name__
            if name == "PointsLost":
                unused[e.player] += e.points
                lost[e.clause] += e.points
            elif name == "TurnEnded":
                unused[e.player] += e.lost
                lost[name] += e.lost
            elif name == "AuctionWon":
                spend[e.player] += e.price
            elif name == "TileSecured":
                volcanoes += e.tile_id in ("B1", "D3", "F2")  # the packaged volcanoes
            turns += name == "TurnBegan" and e.kind == TurnKind.NORMAL.value
            auctions += name == "AuctionOpened" and len(e.bidders) == n
            returned += name == "TokensReturned"
            scored += name == "Scored"
    rounds = {"speed": returned, "professional": auctions, "classic": -(-turns // n)}
    added = {
        "ap_unused_ended": lost["TurnEnded"],
        "ap_unused_jump": lost["SPEED-JUMP-3"] + lost["SPEED-JUMP-7"],
        "ap_unused_forfeit": lost["SPEED-JUMP-8"],
        "auction_spend_by": spend,
        "volcano_secured": volcanoes,
    }
    return rounds[rules.mode], unused, scored // n, added


@pytest.mark.parametrize(
    ("ruleset", "bots"),
    [
        ("mode=classic;players=2", ("random", "random")),
        ("mode=classic;players=4", ("greedy", "random", "random", "greedy")),
        ("mode=professional;players=2", ("greedy", "greedy")),
        ("mode=professional;players=3", ("random",) * 3),
        ("mode=speed;players=2", ("random", "greedy")),
        ("mode=speed;players=4", ("random",) * 4),
    ],
)
@pytest.mark.parametrize("seed", [0, 9])
def test_the_measures_from_the_counted_events_are_those_from_every_event(
    ruleset: str, bots: tuple[str, ...], seed: int
) -> None:
    """Issue 21: a study's games are played with ``step_only`` of the kinds it counts
    (``COUNTED``), which builds no other event; its rounds, unused points and
    scorings are those counted from every event of ``step``, as before, and so are
    the points lost by cause, the auction spend and the volcanoes secured."""
    row = simulate.play_row(ruleset, seed, bots)
    rounds, unused, scorings, added = _measured_from_every_event(ruleset, seed, bots)
    assert (row["rounds"], row["ap_unused_by"], row["scorings"]) == (rounds, unused, scorings)
    assert row["ap_unused"] == sum(unused) and row["rounds"] > 0
    assert {k: row[k] for k in added} == added


@pytest.mark.parametrize("mode", ["classic", "professional", "speed"])
def test_step_only_is_step_with_fewer_events(mode: str) -> None:
    """``step_only(state, action, kinds)``: the new state of ``step`` and exactly its
    events of ``kinds``, in order (here every ply of three random games, with the
    kinds a study counts and with one kind that carries an action's text); and the
    study's own step, ``noted_of(kinds)``, the same state with each of those events
    noted as its class and fields, which build exactly the event."""
    from tikalspeed.engine.contract import noted_of, step_only
    from tikalspeed.model.events import ActionTaken

    rules = Rules(mode=mode, players=3)
    rng = random.Random(5)
    for kinds in (simulate.COUNTED, frozenset({ActionTaken})):
        for seed in range(3):
            state = new_game(rules, seed=seed)
            while state.phase is not Phase.OVER:
                if actors(state) == (CHANCE,):
                    action = sample_chance(state, rng)
                else:
                    actions = tikalspeed.legal_actions(state)
                    action = actions[rng.randrange(len(actions))]
                full = step(state, action)
                wanted = tuple(e for e in full.events if type(e) in kinds)
                assert step_only(state, action, kinds) == (full.state, wanted)
                after, notes = noted_of(kinds)(state, action)
                assert (after, tuple(k(*f) for k, f in notes)) == (full.state, wanted)
                state = full.state


def test_a_study_is_the_same_whatever_the_jobs() -> None:
    """Reproducible studies: the same seeds give the same rows, in the same order,
    on one process or two; the rulesets meet the same seeds."""
    rulesets = [Rules(mode="classic", players=2), Rules(mode="speed", players=2)]
    one = simulate.simulate(rulesets, 4, seed=5, bots=["random"], jobs=1)
    two = simulate.simulate(rulesets, 4, seed=5, bots=["random"], jobs=2)
    assert one == two
    assert [r["seed"] for r in one] == [5, 6, 7, 8] * 2
    assert [r["ruleset"] for r in one] == ["mode=classic;players=2"] * 4 + [
        "mode=speed;players=2"
    ] * 4


def test_the_summary_intervals() -> None:
    """The summary's 95% intervals: Wilson's for a win rate (5 of 10: 0.237 to 0.763,
    the textbook value), Student's t for a mean (3 degrees of freedom: 3.182446)."""
    w = _stats.wilson(5, 10)
    assert (round(w.low, 3), round(w.high, 3)) == (0.237, 0.763)
    m = _stats.t_interval([1.0, 2.0, 3.0, 4.0])
    assert m.mean == 2.5 and m.low == pytest.approx(2.5 - 3.182446 * 1.290994 / 2, abs=1e-5)


def test_the_command_line_compares_rulesets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tikalspeed simulate``: rulesets side by side, one summary block each, and the
    rows in CSV; a bad option is a usage error (exit 2)."""
    target = tmp_path / "rows.csv"
    argv = ["simulate", "--games", "3", "--rules", "players=2", "--bots", "random"]
    assert main([*argv, "--compare", "mode=classic", "mode=speed", "--csv", str(target)]) == 0
    out = capsys.readouterr().out
    assert "mode=classic;players=2: 3 games" in out and "mode=speed;players=2: 3 games" in out
    assert "P1 wins" in out and "wait_mean" in out
    with open(target, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 6 and {"scores_1", "scores_2", "wait_mean"} <= set(rows[0])
    assert main(["simulate", "--games", "0"]) == 2
    assert main(["simulate", "--games", "1", "--rules", "colour=red"]) == 2
    assert main(["simulate", "--games", "1", "--bots", "clever"]) == 2
    assert _studyout.merged(["players=2"], "mode=classic;players=3") == "players=3;mode=classic"


PINNED = {
    "ruleset": "mode=speed;players=3",
    "seed": 100,
    "bots": "random,greedy,random",
    "players": 3,
    "mode": "speed",
    "winner": 1,
    "scores": [0, 140, 3],
    "spread": 140,
    "plies": 485,
    "decisions": 449,
    "decisions_by": [146, 162, 141],
    "rounds": 12,
    "handoffs": 302,
    "wait_mean": 1.3808463251670378,
    "wait_max": 14,
    "gap_mean": 1.949685534591195,
    "wait_by": [1.4315068493150684, 1.1975308641975309, 1.5390070921985815],
    "ap_unused": 73,
    "ap_unused_by": [31, 5, 37],
    "scorings": 4,
}
"""A row of Tikal's own study before the kit's took its place (issue 19), to the bit."""


def test_tikal_study_is_the_kits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The study ``tikalspeed simulate`` runs is the kit's: Tikal's names are the
    methods of its ``STUDY``, a :class:`gamekit.studies.study.Study` of
    ``tikalspeed.GAME``, and the rows are measured by the kit's
    :func:`~gamekit.studies.moments.count` (``waits`` before issue 21), a Jump's token
    choices marked secret in its trail (SPEED-JUMP-1)."""
    assert isinstance(simulate.STUDY, _kit.Study) and simulate.STUDY.game is tikalspeed.GAME
    for name in ("make_bot", "play_row", "simulate"):
        assert getattr(simulate, name).__func__ is getattr(_kit.Study, name)
    assert set(_kit.NAMES) <= set(simulate.__all__)
    trails: list[list[int]] = []
    count = _moments.count

    def spy(trail: list[int], players: int, cost: Any) -> Any:
        trails.append(list(trail))
        return count(trail, players, cost)

    monkeypatch.setattr(_moments, "count", spy)
    rows = simulate.simulate([Rules(mode="speed", players=3)], 1, seed=100, bots=["random"])
    assert [len(t) for t in trails] == [r["decisions"] for r in rows]
    assert any(entry < 0 for entry in trails[0])  # the secret token choices


def test_tikal_rows_are_those_of_its_own_study_before() -> None:
    """SPEED-JUMP-1, TIKAL-TURN-4: a row of the kit's study is the row Tikal's own
    study gave for the same ruleset, seed and bots, its columns in the same order
    (the waits with a Jump's token choices as one moment, the rounds, the points left
    unused and the scorings from the events); the columns added since keep them."""
    row = simulate.play_row("mode=speed;players=3", 100, ("random", "greedy", "random"))
    assert {k: row[k] for k in PINNED} == PINNED
    assert [k for k in row if k in PINNED] == list(PINNED)  # the columns added stand beside


@pytest.mark.parametrize("bots", [",,,", "", "greedy,", " , random", "greedy,,random"])
def test_simulate_refuses_an_empty_bot_name(bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots ,,,`` no longer seats greedy everywhere: a list with an empty name is a
    usage error (exit status 2) in one line that names the list."""
    assert main(["simulate", "--games", "1", "--rules", "players=2", "--bots", bots]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"tikalspeed: error: --bots {bots!r} has an empty bot name: " + (
        "give one bot per seat, separated by commas (greedy,random)\n"
    )


def test_simulate_refuses_more_bots_than_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-TURN-4: more bots than the most players of the rulesets compared was a
    list cut short without a word, and is now a usage error (a ``ValueError`` from
    Python) naming the bots. A list as long as the largest game is taken, the first
    names seating the smaller games."""
    argv = ["simulate", "--games", "1", "--rules", "mode=classic", "--compare"]
    assert main([*argv, "players=2", "players=3", "--bots", "random,greedy,random"]) == 0
    capsys.readouterr()
    assert main([*argv, "players=2", "players=3", "--bots", "random,greedy,random,greedy"]) == 2
    assert capsys.readouterr().err == (
        "tikalspeed: error: 4 bots (random,greedy,random,greedy) for games of at most 3 "
        "players: give one bot per seat, or fewer to repeat them\n"
    )
    rows = simulate.simulate(
        [Rules(mode="classic", players=2), Rules(mode="classic", players=3)],
        1,
        bots=["random", "greedy", "random"],
    )
    assert [r["bots"] for r in rows] == ["random,greedy", "random,greedy,random"]
    with pytest.raises(ValueError, match=r"^5 bots \(random,random,random,random,random\) for"):
        simulate.simulate([Rules(mode="classic", players=4)], 1, bots=["random"] * 5)


@pytest.mark.parametrize(
    ("ruleset", "bots"),
    [
        ("mode=speed;players=4", ("random",) * 4),
        ("mode=speed;players=3;forfeit=true", ("random", "greedy", "random")),
        ("mode=classic;players=2", ("random", "random")),
    ],
)
def test_a_random_bot_picking_from_the_legal_actions_plays_the_same_games(
    ruleset: str, bots: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SPEED-JUMP-1, issue 21: a study lets the random bot pick from the legal actions
    the loop lists (``gamekit.bots.picker``), without building the view of a secret
    token choice: the player's own legal actions are his view's, so every row is the
    one the bot gives choosing from its view, as ``play`` seats it."""
    picked = [simulate.play_row(ruleset, seed, bots) for seed in range(6)]
    monkeypatch.setattr(_kit, "picker", lambda bot: None)  # every bot chooses from its view
    assert [simulate.play_row(ruleset, seed, bots) for seed in range(6)] == picked
