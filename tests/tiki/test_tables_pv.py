"""The winning lines of the claimed openings (issue 22, "Checkable claims").

``docs/tiki-pv/`` holds, for each layout whose opening value the tables claim and each
first player, the principal variation read from the table (:mod:`tiki.tools.tables.lines`:
``tiki tables sweep --lines docs/tiki-pv`` writes them as it builds each class, ``python
docs/tiki_pv.py --tables DIR`` from tables kept). No table is needed here: each record
must replay through the engine to the claimed end at exactly the claimed ply
(TIKI-END-1), ``tiki replay`` must take it, a layout's two records must be each other's
colour mirror, and the search solver (``tiki.solve`` without tables) must agree with
each x-first record on its last 12 positions: the side that wins the game wins from
each of them, in the plies left.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tiki
from tiki.board.layouts import class_index
from tiki.model.state import PLAYER_SYMBOLS, State
from tiki.text.record import Record, read_record, replay
from tiki.tools.cli import main
from tiki.tools.solve import solver

PV = Path(__file__).resolve().parents[2] / "docs" / "tiki-pv"
"""The committed records."""
RECORDS = sorted(PV.glob("*.tiki"))
X_FIRST = [p for p in RECORDS if p.stem.endswith("-x")]
"""The x-first records: an o-first record is the colour mirror of its layout's x-first
one (:func:`test_the_colours_mirror`), so the search solver checks it with it."""
SEED1_X = PV / "layout_0_1_-1_1_2_1_1_0_1-x.tiki"
"""The line of ``tiki play --seed 1``'s layout, x first."""
SEARCHED = X_FIRST if tiki.COMPILED else [SEED1_X]
"""The records the search solver checks here: every x-first one on the compiled build
(its solver compiled, ``setup.py``'s ``COMPILED``: about 1.6 CPU-seconds a record), the
seed-1 layout's alone on the pure build (about 5.3 a record); ``.ci/run`` runs both."""
LAST = 12
"""How many of the last positions of each line the search solver must confirm."""
LIMIT = 5_000_000
"""The solver's budget: the 12th position from the end of the seed-1 line takes about
3.1 million positions (``limit`` keeps an eighth back for the region), 2 to 4 seconds."""
MAX_LIMIT = solver.MAX_LIMIT
"""The solver's largest budget, for the positions ``LIMIT`` does not settle."""
_CLAIM = re.compile(r"the (first|second) player, ([xo]), wins in ([0-9]+) plies")


def _read(path: Path) -> tuple[Record, dict[str, str]]:
    record = read_record(path.read_text(encoding="utf-8"))
    return record, dict(record.headers)


def _claim(headers: dict[str, str]) -> tuple[int, int]:
    """(winner, plies) of a record's ``Claim`` header."""
    found = _CLAIM.fullmatch(headers["Claim"])
    assert found is not None, headers["Claim"]
    return PLAYER_SYMBOLS.index(found[2]), int(found[3])


def _line(path: Path) -> tuple[list[State], int]:
    """Every state of the record's line, and the claimed winner."""
    record, headers = _read(path)
    return list(replay(record)), _claim(headers)[0]


def test_the_seed_1_openings_are_recorded() -> None:
    """issue 22: the layout of ``new_game(seed=1)``, whose opening docs/tiki-solve.md
    claims a first-player win in 61 plies, has its line recorded for both first
    players (so the tests below do not pass on an empty folder)."""
    names = {p.name for p in RECORDS}
    assert {"layout_0_1_-1_1_2_1_1_0_1-x.tiki", "layout_0_1_-1_1_2_1_1_0_1-o.tiki"} <= names
    for first in (tiki.X, tiki.O):
        _, headers = _read(PV / f"layout_0_1_-1_1_2_1_1_0_1-{PLAYER_SYMBOLS[first]}.tiki")
        assert _claim(headers) == (first, 61)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_tiki_end_1_a_record_replays_to_its_claim(path: Path) -> None:
    """issue 22, TIKI-END-1..3: the record starts at the opening of the layout its name
    and headers give (first player as named, default rules), and its actions replay
    through the engine to the claimed winner's win at exactly the claimed ply, the game
    open until then: four fruits or more (TIKI-END-1), or more fruits than the other
    when the reserve runs out (TIKI-END-2) or at the tie-break (TIKI-END-3), as the
    perfect line of a layout may end."""
    record, headers = _read(path)
    layout = tuple(int(v) for v in headers["Layout"].split(","))
    first = PLAYER_SYMBOLS.index(path.stem[-1])
    assert path.name == "layout_" + "_".join(map(str, layout)) + f"-{PLAYER_SYMBOLS[first]}.tiki"
    assert record.initial_state() == tiki.new_game(layout=layout, first=first)
    assert record.rules == tiki.Rules()
    assert int(headers["Class"]) == class_index(layout)
    winner, plies = _claim(headers)
    assert headers["Claim"].startswith("the first" if winner == first else "the second")
    states = replay(record)
    assert len(record.actions) == plies
    assert all(s.result is None for s in states[:-1])
    end = states[-1].result
    assert end is not None and end.winner == winner
    assert end.reason in ("four-fruits", "reserve-empty", "tiebreak")
    if end.reason == "four-fruits":
        assert end.scores[winner] >= 4
    assert end.scores[winner] > end.scores[1 - winner]
    assert record.result == ("1-0" if winner == tiki.X else "0-1")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_tiki_replay_plays_a_record(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 22: ``tiki replay FILE`` takes the record, shows its claim, narrates each
    action and ends with the claimed winner's result; named as it is listed in its
    folder (no name starts with ``-``, which the command line would take for an
    option, as ``-1_0_…`` was)."""
    record, headers = _read(path)
    winner, plies = _claim(headers)
    monkeypatch.chdir(PV)
    assert main(["replay", path.name]) == 0
    out = capsys.readouterr().out
    assert f"custom start, {plies} actions" in out
    assert f"Claim: {headers['Claim']}" in out
    assert len(re.findall(r"^[0-9]+\. ", out, re.M)) == plies
    who = PLAYER_SYMBOLS[winner]
    assert out.rstrip().splitlines()[-1].startswith(f"result: {record.result} ({who} wins by")


def test_the_colours_mirror() -> None:
    """issue 22: the rules treat x and o alike, so x first and o first are the same game
    with the colours swapped: a layout's two records claim a win for their first player
    in as many plies, by the same actions (the same tokens, each by the other colour)."""
    layouts: dict[str, dict[str, Path]] = {}
    for path in RECORDS:
        layouts.setdefault(path.stem[:-2], {})[path.stem[-1]] = path
    assert layouts and len(X_FIRST) == len(layouts)
    for pair in layouts.values():
        assert set(pair) == {"x", "o"}
        (rx, hx), (ro, ho) = _read(pair["x"]), _read(pair["o"])
        assert _claim(hx) == (tiki.X, len(rx.actions))
        assert _claim(ho) == (tiki.O, len(ro.actions))
        assert list(map(str, rx.actions)) == list(map(str, ro.actions))
        assert [a.player for a in rx.actions] == [1 - a.player for a in ro.actions]


@pytest.mark.parametrize(
    ("path", "left"),
    [(p, left) for p in SEARCHED for left in range(1, LAST + 1)],
    ids=lambda v: v.name if isinstance(v, Path) else f"{v}-left",
)
def test_the_last_positions_agree_with_the_search_solver(path: Path, left: int) -> None:
    """issue 22: ``left`` plies before the end of an x-first line (one of its last 12
    positions), the search solver, without tables, proves what the record implies:
    the one who decides there wins if he is the game's winner and loses otherwise, in
    exactly the plies left (the winner's shortest win, the loser's longest resistance;
    each action a ply, an order decision of TIKI-INFL-3 too). Only the x-first record
    of each layout is searched: its o-first record is the same actions by the other
    colour (:func:`test_the_colours_mirror`), the rules treating x and o alike, so the
    solver's word on one is its word on both; and every layout's on the compiled build
    only (:data:`SEARCHED`).

    A position the solver does not settle in ``LIMIT`` positions is searched again
    with its largest budget (``MAX_LIMIT``, 20 million, up to about 15 s); one that
    still needs more (some 11 or 12 plies from the end of a long endgame) is checked
    against what the search does prove there: that nobody can force a win in fewer
    plies than the record's (``depth`` < ``left``)."""
    states, winner = _line(path)
    state = states[-1 - left]
    found = tiki.solve(state, limit=LIMIT)
    if not found.exact:
        found = tiki.solve(state, limit=MAX_LIMIT)
    if not found.exact:
        assert found.value == "unknown" and found.depth < left, found.text()
        return
    assert (found.value, found.plies, found.how) == (
        "win" if state.actor == winner else "loss",
        left,
        "search",
    ), found.text()
    assert found.winner == winner
