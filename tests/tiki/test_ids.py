"""Action ids (issue 8's client protocol, as tikalspeed's): every id of a ruleset
reads back, every legal action of random games has a distinct id that reads back, and
the layout is the golden file's, across versions."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from strategies import Game, games

from tiki import (
    Create,
    NotationError,
    O,
    Rules,
    X,
    action_count,
    action_to_id,
    id_to_action,
    legal_actions,
)
from tiki.model.actions import Move

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "ids" / "tiki.txt"


def layout() -> str:
    """The id layout in words: the count, and the first and last id of each kind of
    action in x's and o's blocks and among the chance outcomes."""
    rules = Rules()
    lines = [
        "# Tiki action ids (tiki.action_to_id). Ids are stable across versions: this",
        "# file must not change. A new kind of action gets ids after all of these.",
        f"default rules: {action_count(rules)} ids",
    ]
    last = None
    for i in range(action_count(rules)):
        action = id_to_action(rules, i)
        kind = (type(action).__name__, action.player)
        if kind != last:
            if i:
                lines.append(f"  last {i - 1}: {id_to_action(rules, i - 1)!r}")
            lines.append(f"{i}: {action!r}")
            last = kind
    end = action_count(rules) - 1
    lines.append(f"  last {end}: {id_to_action(rules, end)!r}")
    return "\n".join(lines) + "\n"


def test_the_id_layout_is_stable() -> None:
    """The ids are those of tests/golden/ids/tiki.txt, written once."""
    assert layout() == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("rules", [Rules(), Rules(tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1))])
def test_every_id_reads_back(rules: Rules) -> None:
    """Each id of a ruleset is one action whose id it is."""
    for i in range(action_count(rules)):
        assert action_to_id(rules, id_to_action(rules, i)) == i


@given(games())
def test_legal_actions_have_distinct_ids_that_read_back(game: Game) -> None:
    """In every state of random games (any rules), the legal actions have distinct ids
    in range, and each reads back as its action."""
    n = action_count(game.rules)
    for s in game.states:
        ids = [action_to_id(s.rules, a) for a in legal_actions(s)]
        assert len(set(ids)) == len(ids) and all(0 <= i < n for i in ids)
        assert tuple(id_to_action(s.rules, i) for i in ids) == legal_actions(s)


def test_bad_ids_and_actions_are_refused() -> None:
    """An id out of range, and an action no id names, are NotationErrors."""
    rules = Rules()
    for bad in (-1, action_count(rules), True):
        with pytest.raises(NotationError, match="an action id is 0 to"):
            id_to_action(rules, bad)  # type: ignore[arg-type]
    for action in (Create(2, 0), Create(X, 9), Move(O, (0, 8))):
        with pytest.raises(NotationError, match="has no id"):
            action_to_id(rules, action)
