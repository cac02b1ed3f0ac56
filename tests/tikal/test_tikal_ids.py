"""Action ids (issue 8's client protocol): one stable integer per action. Every id of
a ruleset reads back, every legal action of random games has a distinct id that
reads back, and the layout is the golden file's, across versions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from tikal_strategies import Game, games

from tikalspeed import (
    NotationError,
    PlaceTile,
    Rules,
    action_count,
    action_to_id,
    id_to_action,
    legal_actions,
)
from tikalspeed.model.actions import DrawTile, EndTurn

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "ids" / "tikal.txt"


def layout() -> str:
    """The id layout in words: the counts per player count, and the first and last id
    of each kind of action, in the chance block and in P1's and P2's blocks."""
    lines = [
        "# Tikal action ids (tikalspeed.action_to_id). Ids are stable across versions:",
        "# this file must not change. A new kind of action gets ids after all of these.",
    ]
    lines += [f"players {n}: {action_count(Rules(players=n))} ids" for n in (2, 3, 4)]
    rules = Rules(players=2)
    last_kind = None
    for i in range(action_count(rules)):
        action = id_to_action(rules, i)
        kind = (type(action).__name__, action.player)
        if kind != last_kind:
            if i:
                lines.append(f"  last {i - 1}: {id_to_action(rules, i - 1)!r}")
            lines.append(f"{i}: {action!r}")
            last_kind = kind
    lines.append(
        f"  last {action_count(rules) - 1}: {id_to_action(rules, action_count(rules) - 1)!r}"
    )
    return "\n".join(lines) + "\n"


def test_the_id_layout_is_stable() -> None:
    """The ids are those of tests/golden/ids/tikal.txt, written once."""
    assert layout() == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_id_reads_back(players: int) -> None:
    """Each id of a ruleset is one action whose id it is."""
    rules = Rules(players=players)
    for i in range(action_count(rules)):
        assert action_to_id(rules, id_to_action(rules, i)) == i


@settings(max_examples=10)
@given(games(max_plies=300))
def test_legal_actions_have_distinct_ids_that_read_back(game: Game) -> None:
    """In every state of random games of any mode, the legal actions have distinct ids
    in range, and each id reads back as its action."""
    n = action_count(game.rules)
    for s in game.states:
        ids = [action_to_id(s.rules, a) for a in legal_actions(s)]
        assert len(set(ids)) == len(ids) and all(0 <= i < n for i in ids)
        assert tuple(id_to_action(s.rules, i) for i in ids) == legal_actions(s)


def test_bad_ids_and_actions_are_refused() -> None:
    """An id out of range, and an action no id names, are NotationErrors."""
    rules = Rules(players=2)
    for bad in (-1, action_count(rules), True, 2.0):
        with pytest.raises(NotationError, match="an action id is 0 to 18515"):
            id_to_action(rules, bad)  # type: ignore[arg-type]
    for action in (EndTurn(2), PlaceTile(0, 40, 0), PlaceTile(0, 3, True), DrawTile(36)):
        with pytest.raises(NotationError, match="has no id"):
            action_to_id(rules, action)
