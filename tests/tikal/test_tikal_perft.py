"""Perft: the number of legal action sequences of a given length from fixed positions.

Every node is a ply: decisions, and chance nodes too (each outcome of a tile draw,
a display reveal or a treasure find is a branch), as ``legal_actions`` lists them; a
finished game ends a sequence early (it is no leaf at a greater depth).

The positions and counts live in ``tests/tikal/perft/*.txt``:

``rules: k=v;...``      non-default rules (``mode=classic;players=2``; the mode is
                        always written, the default being Speed)
``actions: ...``        action tokens (``str(action)``) played from ``new_game(rules)``,
                        chance outcomes included; an indented line continues a field
``at: PHASE PLAYER [AP]``  what the built position must be waiting for
``perft D N``           N leaf sequences of D plies

Depth-1 counts (and some deeper ones) are worked out by hand in the comments next to
them. Every count is also checked against ``tikal_reference.perft``, which lists the
actions at every node with the independent model of the rules (its own paths,
placements and action conditions) while following the engine's transitions;
:func:`divide_diff` helps find a disagreement.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import tikal_reference as ref

import tikalspeed
from tikalspeed import Rules, State, player_name

PERFT_DIR = Path(__file__).parent / "perft"
FILES = sorted(PERFT_DIR.glob("*.txt"))


def parse_rules(text: str) -> Rules:
    """``'mode=professional;players=3'`` -> Rules(mode='professional', players=3)."""
    fields: dict[str, object] = {}
    for item in filter(None, text.split(";")):
        key, value = item.split("=")
        if value in ("true", "false"):
            fields[key] = value == "true"
        elif value.isdigit():
            fields[key] = int(value)
        else:
            fields[key] = value
    return Rules(**fields)  # type: ignore[arg-type]


def read(path: Path) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """The ``key: value`` fields and the ``(depth, count)`` pairs of a perft file."""
    fields: dict[str, str] = {}
    counts: list[tuple[int, int]] = []
    key = ""
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line[0].isspace():
            fields[key] += " " + line.strip()
        elif line.startswith("perft "):
            _, depth, count = line.split()
            counts.append((int(depth), int(count)))
        else:
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
    return fields, counts


def play(state: State, token: str) -> State:
    """Apply the one legal action written ``token``."""
    matches = [a for a in tikalspeed.legal_actions(state) if str(a) == token]
    assert len(matches) == 1, f"{token!r} is not one legal action here"
    return tikalspeed.apply(state, matches[0])


def build(fields: dict[str, str]) -> State:
    """The position of a perft file."""
    state = tikalspeed.new_game(parse_rules(fields.get("rules", "")))
    for token in fields.get("actions", "").split():
        state = play(state, token)
    return state


def perft(state: State, depth: int) -> int:
    """Leaf count of the engine's tree to ``depth`` plies."""
    if depth == 0:
        return 1
    actions = tikalspeed.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(tikalspeed.apply(state, a), depth - 1) for a in actions)


def divide_diff(state: State, depth: int) -> str:
    """The first actions whose subtree counts differ between the engine and the model."""
    ours = {str(a): perft(tikalspeed.apply(state, a), depth - 1)
            for a in tikalspeed.legal_actions(state)}  # fmt: skip
    theirs = {str(a): ref.perft(tikalspeed.apply(state, a), depth - 1) for a in ref.actions(state)}
    rows = [
        f"  {a}: engine {ours.get(a)} reference {theirs.get(a)}"
        for a in sorted(set(ours) | set(theirs))
        if ours.get(a) != theirs.get(a)
    ]
    return "\n".join(rows)


CASES = [
    pytest.param(path, depth, count, id=f"{path.stem}-{depth}")
    for path in FILES
    for depth, count in read(path)[1]
]


def test_every_position_has_a_hand_checked_depth_one() -> None:
    """Each perft file gives a depth-1 count with its hand count explained just above."""
    assert len(FILES) >= 5
    for path in FILES:
        lines = path.read_text().splitlines()
        ones = [i for i, line in enumerate(lines) if line.startswith("perft 1 ")]
        assert len(ones) == 1, path.name
        assert lines[ones[0] - 1].startswith("# "), f"{path.name}: explain the depth-1 count"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_positions_are_what_the_files_say(path: Path) -> None:
    """TIKAL-TURN-2, TIKAL-AUCTION-3: the tokens are legal one after the other and lead to
    the decision the file names (phase, player to act and AP left)."""
    fields, _ = read(path)
    state = build(fields)
    phase, player, *ap = fields["at"].split()
    assert (state.phase.value, player_name(state.active)) == (phase, player)
    assert [str(state.ap)] == ap or not ap
    assert tikalspeed.outcome(state) is None


@pytest.mark.parametrize(("path", "depth", "count"), CASES)
def test_perft(path: Path, depth: int, count: int) -> None:
    """TIKAL-PLACE-1..2, TIKAL-ENTER-1, TIKAL-MOVE-1..3, TIKAL-UNCOVER-1, TIKAL-TREASURE-1,
    TIKAL-TREASURE-3, TIKAL-CAMP-1..3, TIKAL-GUARD-1, TIKAL-AUCTION-3, TIKAL-DRAW-1: the
    engine's count of legal sequences equals the file's, and the reference model's."""
    state = build(read(path)[0])
    ours = perft(state, depth)
    theirs = ref.perft(state, depth)
    detail = "" if ours == theirs else "\n" + divide_diff(state, depth)
    assert ours == theirs, f"engine {ours} != reference {theirs}{detail}"
    assert ours == count
