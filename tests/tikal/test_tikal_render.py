"""The terminal drawing (tikalspeed.tools.cli.board): it shows exactly what the state holds.

Each test reads the drawing back by a hand-written description of the layout (below)
and compares it with the state it was drawn from, over every state of a few seeded
random games in both modes, so every kind of hex, piece and status line is met.

Layout, counted by hand: line 0 holds the column letters; then each box is 4 lines
(its top border and 3 lines inside), boxes of column ``a`` (index 0) start on line 1
for row 5, ``b`` two lines lower; the box of column ``k`` has its left side at
character ``2 + 10 k`` and 9 characters inside.
"""

from __future__ import annotations

import random

import pytest

from tikalspeed import (
    TREASURE_NAMES,
    Phase,
    Rules,
    State,
    TurnKind,
    actors,
    cell_name,
    new_game,
    observe,
)
from tikalspeed.board.hexgrid import NE, SE, STEP, N, S
from tikalspeed.board.terrain import border_cost, terrain
from tikalspeed.board.tiles import Kind
from tikalspeed.model.state import EMPTY
from tikalspeed.tools.bots import RandomBot, play_game
from tikalspeed.tools.cli.board import render, render_board, render_status

BOARD_LINES = 25  # letters, 23 lines of boxes, letters


def _box(cell: int) -> tuple[int, int]:
    """(line of the box's top border, character of its left side) for ``cell``."""
    column, row = cell % 8, cell // 8
    return 1 + 2 * (column % 2) + 4 * (4 - row), 2 + 10 * column


def _inside(lines: list[str], cell: int) -> list[str]:
    top, left = _box(cell)
    return [lines[top + i][left + 1 : left + 10].ljust(9) for i in (1, 2, 3)]


def _states(seeds: range, rules: Rules) -> list[State]:
    """Every state of a few seeded random games (chance nodes included)."""
    out = []
    for seed in seeds:
        start = new_game(rules, seed=seed)
        bots = {p: RandomBot(seed * 10 + p) for p in range(rules.players)}
        log = play_game(start, bots, random.Random(seed))
        out.append(start)
        out.extend(p.state for p in log)
    return out


STATES = {
    "classic": _states(range(2), Rules(mode="classic", players=4)),
    "professional": _states(range(2), Rules(mode="professional", players=3)),
    "speed": _states(range(1), Rules(mode="speed", players=4)),
}


def _expected_terrain(s: State, cell: int) -> str:
    kind = terrain(s.rules.manifest).kind(s.placed, cell)
    text = (
        {
            Kind.BASE_CAMP: "base",
            Kind.TEMPLE: f"T{s.temples[cell]}",
            Kind.TREASURE: f"R{s.ruins[cell]}",
            Kind.JUNGLE: "J",
            Kind.VOLCANO: "volcano",
        }[kind]
        if kind is not None
        else ""
    )
    if s.guards[cell] != EMPTY:
        text += f" G{s.guards[cell] + 1}"
    if s.camps[cell] != EMPTY:
        text += f" C{s.camps[cell] + 1}"
    return text


def _expected_pieces(s: State, cell: int) -> list[str]:
    out = []
    for p in range(s.players):
        w, leader = s.workers[p][cell], s.leaders[p] == cell
        if w or leader:
            out.append(f"{p + 1}:{w or ''}{'L' if leader else ''}")
    return out


@pytest.mark.parametrize("mode", sorted(STATES))
def test_every_box_shows_its_hex_and_pieces(mode: str) -> None:
    """TIKAL-BOARD-1/2, TIKAL-PLACE-4, TIKAL-CAMP-1, TIKAL-GUARD-4: each explored box shows
    its kind, temple value, treasures left, camp and guard, then every player's workers
    and leader; each unexplored box shows only a dot."""
    kinds_seen: set[str] = set()
    for s in STATES[mode]:
        lines = render_board(s).splitlines()
        for cell in range(40):
            first, second, third = _inside(lines, cell)
            if s.placed[cell] == EMPTY:
                assert (first + second + third).strip() == ".", cell_name(cell)
                continue
            assert first.strip() == _expected_terrain(s, cell), (cell_name(cell), first)
            kinds_seen.add(first.strip()[:1])
            assert (second + " " + third).split() == _expected_pieces(s, cell)
    assert {"b", "T", "R", "J", "v"} <= kinds_seen


@pytest.mark.parametrize("mode", sorted(STATES))
def test_border_digits_are_crossing_costs(mode: str) -> None:
    """TIKAL-BOARD-2, TIKAL-MOVE-1/2: boxes touch exactly where the hexes are adjacent, and
    the mark on each border is the digit of what crossing it costs, or no digit when it
    cannot be crossed (unexplored, volcano, no stones)."""
    where = {N: (0, 5), S: (4, 5), NE: (1, 10), SE: (3, 10)}  # (line, char) from the box
    for s in STATES[mode][::25]:
        lines = render_board(s).splitlines()
        for a in range(40):
            top, left = _box(a)
            for d, (dy, dx) in where.items():
                b = STEP[a][d]
                if b is None:
                    continue
                top_b, left_b = _box(b)
                if d in (NE, SE):  # b's box lies against a's right side, on that line
                    assert left_b == left + 10 and top_b < top + dy < top_b + 4
                else:
                    assert left_b == left and top_b == top + (-4 if d == N else 4)
                mark = lines[top + dy][left + dx]
                cost = border_cost(s.rules.manifest, s.placed, a, b)
                if cost:
                    assert mark == str(cost), (cell_name(a), cell_name(b))
                else:
                    assert not mark.isdigit(), (cell_name(a), cell_name(b))


def test_margins_name_rows_and_columns() -> None:
    """TIKAL-BOARD-1: column letters a-h above and below each column, row numbers 1-5 on
    the left beside column a and on the right beside column h."""
    lines = render_board(new_game(Rules(mode="classic"), seed=1)).splitlines()
    assert len(lines) == BOARD_LINES
    for k, letter in enumerate("abcdefgh"):
        assert lines[0][2 + 10 * k + 5] == letter == lines[-1][2 + 10 * k + 5]
    for row in range(5):
        top_a, _ = _box(8 * row)
        top_h, left_h = _box(8 * row + 7)
        assert lines[top_a + 2][0] == str(row + 1)
        assert lines[top_h + 2][left_h + 10 :] == f"| {row + 1}"


def test_crowded_box_is_listed_under_the_board() -> None:
    """A box too small for its pieces shows '*' and the pieces are listed in full."""
    s = new_game(Rules(mode="classic"), seed=1)
    workers = [list(w) for w in s.workers]
    for p in range(4):
        workers[p][0] = 10 + p
    s = s.replace(
        workers=tuple(tuple(w) for w in workers),
        supply=tuple(18 - 10 - p for p in range(4)),
        leaders=(0, 0, -1, -1),
    )
    board = render_board(s)
    assert _inside(board.splitlines(), 0)[1].strip() == "*"
    assert board.splitlines()[-1] == "crowded: a1: 1:10L 2:11L 3:12 4:13"


@pytest.mark.parametrize("mode", sorted(STATES))
def test_status_block_matches_state(mode: str) -> None:
    """TIKAL-SETUP-1/4, TIKAL-AUCTION-1/2, TIKAL-END-2: the player table (score, supply,
    leader, removed workers, treasures), the tiles per letter, the display and the result
    line say what the state holds."""
    for s in STATES[mode][::7]:
        status = render_status(s).splitlines()
        table = {line.split()[0].rstrip("*"): line.split() for line in status[1:]}
        for p in range(s.players):
            row = table[f"P{p + 1}"]
            assert int(row[1]) == s.scores[p]
            assert int(row[2]) == s.supply[p]
            assert int(row[6]) == s.removed[p]
            held = " ".join(f"{TREASURE_NAMES[k]}{n}" for k, n in enumerate(s.held[p]) if n)
            assert " ".join(row[7:]) == (held or "-")
        stacks = ", ".join(f"{x} {len(st)}" for x, st in zip("ABCDEFG", s.stacks, strict=True))
        assert any(line.startswith(f"tiles:     {stacks} (") for line in status)
        if s.display:
            ids = [terrain(s.rules.manifest).tile_ids[t] for t in s.display]
            display = next(line for line in status if line.startswith("display:"))
            assert [w for w in display.split() if w[0].isupper() and w[1].isdigit()] == ids
        result = next(line for line in status if line.startswith("result:"))
        if s.result is None:
            assert result == "result:    -"
        else:
            assert result.endswith(f"({', '.join(str(x) for x in s.result.scores)})")
            if s.result.winner is not None:
                assert f"P{s.result.winner + 1} wins" in result


def test_decision_line_per_phase() -> None:
    """TIKAL-TURN-4: the decision line names who acts and the kind of decision, in every
    phase met in random games of both modes; after the end nobody decides."""
    seen = set()
    for mode in STATES:
        for s in STATES[mode]:
            decision = next(ln for ln in render_status(s).splitlines() if ln.startswith("decis"))
            seen.add(s.phase.value)
            if s.phase.value in ("draw", "reveal", "treasure"):
                assert decision.startswith("decision:  chance ")
            elif s.phase.value == "over":
                assert decision == "decision:  none, the game is over"
            elif s.phase.value == "tokens":  # SPEED-JUMP-1: all who still choose
                waiting = ", ".join(f"P{p + 1}" for p in actors(s))
                assert decision.startswith(f"decision:  {waiting} choose 1 to 5 tokens")
            else:
                assert decision.startswith(f"decision:  P{s.active + 1} ")
            if s.phase.value == "actions" and s.turn_kind.value == "jump":  # SPEED-JUMP-3
                points = "1 action point" if s.ap == 1 else f"{s.ap} action points"
                assert f"takes one action with {points}; any left unused" in decision
            elif s.phase.value == "actions":
                assert f": {s.ap} of 10 left" in decision
    assert seen == {
        *("draw", "reveal", "treasure", "place", "actions", "bid", "choose", "over", "tokens")
    }


def test_plain_ascii_and_stable_shape() -> None:
    """The drawing is plain ASCII without trailing spaces; the board is always 25 lines
    (golden files rely on a stable layout) and at most 85 characters wide."""
    for mode in STATES:
        for s in STATES[mode][::5]:
            text = render(s)
            assert text.isascii()
            assert all(line == line.rstrip() for line in text.splitlines())
            board = render_board(s).splitlines()
            assert len(board) == BOARD_LINES
            assert max(len(line) for line in board) <= 85
            assert text.startswith(render_board(s) + "\n")


def test_non_default_rules_listed() -> None:
    """Rules.non_default: a position under other rules says which, in the status block."""
    s = new_game(Rules(mode="classic", players=3, sold_out="skip", guard_on_tie=True), seed=1)
    last = render_status(s).splitlines()[-1]
    assert last == "rules:     mode=classic, players=3, sold_out=skip, guard_on_tie=true"
    assert "rules:" not in render_status(new_game(seed=1))  # Rules(): nothing to list


def _line(s: State, label: str) -> str:
    """The status line starting with ``label`` (``''`` if none)."""
    return next((ln for ln in render_status(s).splitlines() if ln.startswith(label)), "")


def test_speed_status_round_order_secured_tokens_and_phases() -> None:
    """SPEED-AUCTION-2/3, SPEED-PLACE-1, SPEED-TOKENS-1, SPEED-SCORE-1: a Speed status
    names the phase of the round, the Round Order, the tiles secured and not yet placed,
    every player's tokens in hand and the volcano placers, as the state holds them."""
    names = {"auction": set(), "placement": set(), "jumps": set(), "bonus": set()}
    ids = terrain(Rules(mode="speed").manifest).tile_ids
    volcano_seen = False
    for s in STATES["speed"]:
        if s.phase is Phase.OVER:
            assert not _line(s, "phase:") and not _line(s, "tokens:")
            continue
        phase = _line(s, "phase:").split()[1]
        names[phase].add(s.phase.value)
        order = ", ".join(f"P{p + 1}" for p in s.round_order)
        assert _line(s, "order:").startswith(f"order:     {order or 'nobody'}")
        tokens = ", ".join(f"P{p + 1} {n}" for p, n in enumerate(s.tokens))
        assert _line(s, "tokens:") == f"tokens:    {tokens} (in hand)"
        secured = [f"P{p + 1} {ids[t]}" for p, t in enumerate(s.secured) if t >= 0]
        line = _line(s, "secured:")
        assert all(item in line for item in secured) and bool(line) == bool(secured)
        if s.volcano_placers:
            volcano_seen = True
            placers = ", ".join(f"P{p + 1}" for p in s.volcano_placers)
            assert _line(s, "volcano:").startswith(f"volcano:   placed by {placers}:")
    assert names["auction"] == {"reveal", "bid", "choose"}
    assert names["placement"] == {"place"}
    assert {"tokens", "actions"} <= names["jumps"] and names["bonus"] <= {"actions", "treasure"}
    assert volcano_seen


def test_speed_jump_counts_hidden_until_the_reveal() -> None:
    """SPEED-JUMP-1/2: before the reveal the status says who has chosen and who still
    chooses, never how many tokens (the observed view or the whole state alike); after
    the reveal it shows every count in the order of play and who acts next."""
    before = after = 0
    for s in STATES["speed"]:
        if s.phase is Phase.TOKENS and any(s.chosen):
            before += 1
            for view in (s, observe(s, 0)):
                jump = _line(view, "jump:")
                chosen = ", ".join(f"P{p + 1}" for p in s.jumpers if s.chosen[p])
                assert jump.startswith(f"jump:      chosen: {chosen}; choosing: ")
                for p in s.jumpers:  # no 'P2 3' pairs before the reveal
                    assert f"P{p + 1} {s.chosen[p]}" not in jump
        elif s.turn_kind is TurnKind.JUMP and s.phase is Phase.ACTIONS:
            after += 1
            rank = {p: i for i, p in enumerate(s.round_order)}
            order = sorted(s.jumpers, key=lambda p: (s.chosen[p], rank[p]))
            shown = ", ".join(f"P{p + 1} {s.chosen[p]}" for p in order)
            assert _line(s, "jump:") == f"jump:      revealed {shown}"
            assert _line(s, "to act:").startswith(f"to act:    P{s.active + 1} now, then ")
    assert before and after
