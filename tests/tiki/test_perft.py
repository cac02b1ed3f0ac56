"""Perft: the number of legal action sequences of a given length from fixed positions.

Every decision node is a ply, including ORDER (TIKI-INFL-3), SHAMAN (TIKI-SHAMAN-4)
and PLACE_SHAMAN (TIKI-SHAMAN-2) decisions and forced passes; positions start after
the chance nodes, and a finished game ends a sequence early (it is no leaf at a
greater depth), as in chess perft.

The positions and counts live in ``tests/tiki/perft/*.txt``:

``rules: k=v;...``    non-default rules (as in the position string's rules field)
``layout: ...``       the village values a1 … c3, with ``first: x|o`` and
``actions: ...``      action tokens played from there; or, instead of these three,
``position: ...``     a position string (``tiki.from_text``); with the three, the
                      string the built position must print as (``tiki.to_text``)
``perft D N``         N leaf sequences of D plies

Depth-1 counts are worked out by hand in the comments next to them (and some deeper
ones). Every count is also checked against ``reference.perft``, an independent model
of the rules written in the tests; :func:`divide` helps find a disagreement.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import reference

import tiki
from tiki import Rules, State

PERFT_DIR = Path(__file__).parent / "perft"
FILES = sorted(PERFT_DIR.glob("*.txt"))


def parse_rules(text: str) -> Rules:
    """``'shaman=true;max_turns=50'`` -> Rules(shaman=True, max_turns=50)."""
    fields: dict[str, object] = {}
    for item in filter(None, text.split(";")):
        key, value = item.split("=")
        if value in ("true", "false"):
            fields[key] = value == "true"
        elif value.lstrip("-").isdigit():
            fields[key] = int(value)
        elif key == "tiles":
            fields[key] = tuple(int(v) for v in value.split(","))
        else:
            fields[key] = value
    return Rules(**fields)  # type: ignore[arg-type]


def read(path: Path) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """The ``key: value`` fields and the ``(depth, count)`` pairs of a perft file."""
    fields: dict[str, str] = {}
    counts: list[tuple[int, int]] = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("perft "):
            _, depth, count = line.split()
            counts.append((int(depth), int(count)))
        else:
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
    return fields, counts


def build(fields: dict[str, str]) -> tuple[State, State | None]:
    """The position of a perft file, by the library and (if built from tokens) by the
    reference model."""
    if "layout" not in fields:
        return tiki.from_text(fields["position"]), None
    rules = parse_rules(fields.get("rules", ""))
    layout = tuple(int(v) for v in fields["layout"].split(","))
    first = "xo".index(fields["first"])
    state = tiki.new_game(rules, layout=layout, first=first)
    ref = reference.apply(reference.apply(tiki.new_game(rules), tiki.Layout(layout)),
                          tiki.FirstPlayer(first))  # fmt: skip
    for token in fields.get("actions", "").split():
        action = tiki.parse_action(state, token)
        state = tiki.apply(state, action)
        ref = reference.apply(ref, action)
    return state, ref


def perft(state: State, depth: int) -> int:
    """Leaf count of the library's decision tree to ``depth`` plies."""
    if depth == 0:
        return 1
    actions = tiki.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(tiki.apply(state, a), depth - 1) for a in actions)


def divide(state: State, depth: int, model: str = "tiki") -> dict[str, int]:
    """Perft of each first action (``model='reference'`` for the reference model)."""
    if model == "reference":
        acts = sorted(reference.actions(state), key=str)
        return {str(a): reference.perft(reference.apply(state, a), depth - 1) for a in acts}
    return {str(a): perft(tiki.apply(state, a), depth - 1) for a in tiki.legal_actions(state)}


def divide_diff(state: State, depth: int) -> str:
    """The first actions whose subtree counts differ between library and reference."""
    ours, theirs = divide(state, depth), divide(state, depth, "reference")
    rows = [
        f"  {a}: tiki {ours.get(a)} reference {theirs.get(a)}"
        for a in sorted(set(ours) | set(theirs))
        if ours.get(a) != theirs.get(a)
    ]
    return "\n".join(rows)


CASES = [
    pytest.param(path, depth, count, id=f"{path.stem}-{depth}")
    for path in FILES
    for depth, count in read(path)[1]
]


def test_every_position_has_hand_checked_depth_one() -> None:
    """Each perft file gives a depth-1 count with its hand count explained just above."""
    assert len(FILES) >= 6
    for path in FILES:
        lines = path.read_text().splitlines()
        ones = [i for i, line in enumerate(lines) if line.startswith("perft 1 ")]
        assert len(ones) == 1, path.name
        assert lines[ones[0] - 1].startswith("# "), f"{path.name}: explain the depth-1 count"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_positions_are_what_the_files_say(path: Path) -> None:
    """The action tokens build the position string the file gives, and the reference
    model builds the same state from the same tokens (TIKI-CREATE-1, TIKI-MOVE-6)."""
    fields, _ = read(path)
    state, ref = build(fields)
    assert tiki.to_text(state) == fields["position"]
    if ref is not None:
        assert ref == state
    assert tiki.outcome(state) is None


@pytest.mark.parametrize(("path", "depth", "count"), CASES)
def test_perft(path: Path, depth: int, count: int) -> None:
    """TIKI-TURN-2, TIKI-CREATE-1..3, TIKI-MOVE-1..6, TIKI-INFL-3, TIKI-SHAMAN-2..5,
    TIKI-END-5: the library's count of legal sequences equals the file's, and the
    independent reference model's."""
    state, _ = build(read(path)[0])
    ours = perft(state, depth)
    theirs = reference.perft(state, depth)
    detail = "" if ours == theirs else "\n" + divide_diff(state, depth)
    assert ours == theirs, f"tiki {ours} != reference {theirs}{detail}"
    assert ours == count
