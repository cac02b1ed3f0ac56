"""The terminal drawing (tiki.tools.cli.board): it shows exactly what the state holds.

Each test checks the drawing against the state it was drawn from, read back by hand-written
expectations about the layout (rank 3 on top, files a–c left to right, value then stack
bottom→top in each cell, the shaman on its edge).
"""

from __future__ import annotations

import random

import attrs
import pytest

import tiki
from tiki import EDGES, VILLAGE_NAMES, O, Phase, Rules, State, X
from tiki.tools.bots import RandomBot, play_game
from tiki.tools.cli.board import render, render_board, render_status

LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)  # a1 b1 c1 / a2 b2 c2 / a3 b3 c3


def _cell_spans() -> dict[int, tuple[int, int, int]]:
    """For each village: (line index, first column, last column) of its cell, by hand.

    Line 0 is the file letters, line 1 the top border, ranks 3, 2, 1 are lines 2, 4, 6.
    Each line starts with the rank digit, a space and '|' (columns 0-2); a cell is 9
    characters wide and cells are separated by one '|'.
    """
    spans = {}
    for v in range(9):
        file, rank = v % 3, v // 3
        line = 2 + 2 * (2 - rank)
        first = 3 + 10 * file
        spans[v] = (line, first, first + 8)
    return spans


def _cells(drawing: str) -> dict[int, str]:
    lines = drawing.splitlines()
    return {v: lines[ln][a : b + 1].strip() for v, (ln, a, b) in _cell_spans().items()}


def _states(seed_count: int, rules: Rules) -> list[State]:
    """Every state of a few seeded random games (chance nodes included)."""
    out = []
    for seed in range(seed_count):
        start = tiki.new_game(rules)
        log = play_game(start, {X: RandomBot(seed), O: RandomBot(seed + 100)}, random.Random(seed))
        out.append(start)
        out.extend(p.state for p in log)
    return out


def _value_text(v: int) -> str:
    return {2: "+2", 1: "+1", 0: "0", -1: "-1"}[v]


def test_render_fixed_layout_by_hand() -> None:
    """TIKI-SETUP-1: a laid-out board, drawn with rank 3 on top and a1 bottom left."""
    s = tiki.new_game(layout=LAYOUT, first=O)
    expected = "\n".join(
        [
            "       a         b         c",
            "  +---------+---------+---------+",
            "3 | +1      |  0      | +1      | 3",
            "  +---------+---------+---------+",
            "2 | +1      | +1      | -1      | 2",
            "  +---------+---------+---------+",
            "1 | +1      | +2      |  0      | 1",
            "  +---------+---------+---------+",
            "       a         b         c",
            "turn:      1, o on turn",
            "decision:  o creates or moves a totem",
            "supply:    x 8, o 8",
            "fruits:    x 0, o 0",
            "reserve:   7, spoiled 0",
            "tie-break: off",
            "result:    -",
        ]
    )
    assert render(s) == expected


def test_render_before_layout_shows_unknown_values() -> None:
    """TIKI-SETUP-1: before the layout chance node no village has a value yet."""
    cells = _cells(render_board(tiki.new_game()))
    assert set(cells.values()) == {"?"}
    assert "chance lays out the villages" in render_status(tiki.new_game())


@pytest.mark.parametrize("rules", [Rules(), Rules(shaman=True, movable="any")])
def test_every_cell_shows_value_and_stack_bottom_to_top(rules: Rules) -> None:
    """TIKI-MOVE-6: each village cell shows its value and its totem's owners bottom→top,
    for every state of several random games (including 3-high totems waiting to resolve)."""
    seen_three = False
    for s in _states(20, rules):
        cells = _cells(render(s))
        for v in range(9):
            value = "?" if not s.tiles else _value_text(s.tiles[v])
            stack = "".join("xo"[p] for p in s.stacks[v])
            seen_three = seen_three or len(stack) == 3
            assert cells[v] == f"{value} {stack}".strip(), (VILLAGE_NAMES[v], render(s))
    assert seen_three


@pytest.mark.parametrize("edge", range(12))
def test_shaman_drawn_on_its_edge(edge: int) -> None:
    """TIKI-SHAMAN-1: the shaman appears once, exactly between the two villages of its edge."""
    s = tiki.new_game(Rules(shaman=True), layout=LAYOUT, first=X)
    s = attrs.evolve(s, shaman=edge)
    lines = render_board(s).splitlines()
    hits = [(i, j) for i, line in enumerate(lines) for j, ch in enumerate(line) if ch == "S"]
    assert len(hits) == 1
    spans = _cell_spans()
    lo, hi = EDGES[edge]
    (l1, a1, b1), (l2, _, _) = spans[lo], spans[hi]
    if l1 == l2:  # side by side: the S replaces the bar right after the left cell
        assert hits[0] == (l1, b1 + 1)
    else:  # one above the other: the S sits in the border line between, mid-cell
        assert hits[0] == ((l1 + l2) // 2, (a1 + b1) // 2)
    assert f"shaman:    {tiki.EDGE_NAMES[edge]}" in render_status(s)


def test_no_shaman_no_s() -> None:
    """TIKI-SHAMAN-1: with the shaman off the board nothing marks an edge."""
    s = tiki.new_game(Rules(shaman=True), layout=LAYOUT, first=X)
    assert "S" not in render_board(s)
    assert "shaman:    off the board" in render_status(s)
    assert "shaman" not in render(tiki.new_game(layout=LAYOUT, first=X))


def test_status_block_matches_state() -> None:
    """TIKI-SETUP-3/4, TIKI-END-1..3: supply, fruits, reserve, spoiled, tie-break and the
    result line say what the state holds, for every state of random games."""
    for s in _states(4, Rules()):
        status = render_status(s).splitlines()
        assert f"supply:    x {s.supply[0]}, o {s.supply[1]}" in status
        assert f"fruits:    x {s.fruits[0]}, o {s.fruits[1]}" in status
        assert f"reserve:   {s.reserve}, spoiled {s.spoiled}" in status
        assert f"tie-break: {'on' if s.tiebreak else 'off'}" in status
        result = [line for line in status if line.startswith("result:")]
        assert len(result) == 1
        if s.result is None:
            assert result[0] == "result:    -"
        else:
            o = s.result
            assert result[0].startswith(f"result:    {o.result()}, ")
            assert o.reason in result[0]
            assert f"({o.scores[0]}-{o.scores[1]})" in result[0]


def test_order_decision_names_chooser_and_villages() -> None:
    """TIKI-INFL-3: in the ORDER phase the status names the player not on turn and the
    two villages waiting; both are drawn 3 high."""
    for s in _states(30, Rules()):
        if s.phase is Phase.ORDER:
            break
    else:
        pytest.fail("no ORDER state in 30 random games")
    names = ", ".join(VILLAGE_NAMES[v] for v in s.pending)
    status = render_status(s)
    assert f"decision:  {'xo'[1 - s.active]} picks which of {names} resolves first" in status
    assert f"pending:   {names}" in status
    cells = _cells(render_board(s))
    for v in s.pending:
        assert len(cells[v].split()[1]) == 3


def test_game_over_status() -> None:
    """TIKI-TURN-3: after the end nobody decides and the status says so."""
    for s in _states(1, Rules()):
        if s.phase is Phase.OVER:
            assert "decision:  none, the game is over" in render_status(s)
            assert "game over" in render_status(s).splitlines()[0]
            return
    pytest.fail("the random game did not end")


def test_non_default_rules_listed() -> None:
    """Rules.non_default: a position under other rules says which, in the status block."""
    s = tiki.new_game(Rules(shaman=True, max_turns=30), layout=LAYOUT, first=X)
    assert render_status(s).splitlines()[-1] == "rules:     shaman=true, max_turns=30"


def test_plain_ascii_and_stable_shape() -> None:
    """The drawing is plain ASCII without trailing spaces, and the board is always 9 lines
    (golden files rely on a stable layout)."""
    for s in _states(2, Rules(shaman=True)):
        text = render(s)
        assert text.isascii()
        assert all(line == line.rstrip() for line in text.splitlines())
        assert len(render_board(s).splitlines()) == 9
        assert text.startswith(render_board(s) + "\n")
