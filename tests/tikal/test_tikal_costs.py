"""What an action costs and which way a move goes, in the decision (issue 20).

TIKAL-TURN-2: each AP action has its cost; TIKAL-MOVE-1: crossing a border costs its
stones, and a stoneless border cannot be crossed (TIKAL-MOVE-2); TIKAL-MOVE-3: a move
costs its cheapest path. The properties, over random playouts of every mode: the
decision's ``cost`` of every legal action of an action-point phase is what the engine
charges when it is taken (its ``ActionTaken`` event, or 0 to end the turn); a move's
``path`` goes from its start to its destination through adjacent cells, each border
crossable, and the stones of its borders (read from the board, not from the search
that found the path) add up to its cost. Nothing else has a cost or a path.
"""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from tikal_strategies import Game, games

import tikalspeed
from tikalspeed import CHANCE, EndTurn, Move, Phase, actors, legal_actions, observe, step
from tikalspeed.board.hexgrid import CELL_NAMES, NEIGHBOURS
from tikalspeed.board.terrain import border_cost
from tikalspeed.model.events import ActionTaken
from tikalspeed.text.decision import action_cost, action_path, decision_to_json

_CELL = {name: c for c, name in enumerate(CELL_NAMES)}


def _charged(state: tikalspeed.State, action: tikalspeed.Action) -> int:
    """The AP the engine charges for ``action``: its ActionTaken event's cost."""
    taken = [e for e in step(state, action).events if isinstance(e, ActionTaken)]
    if isinstance(action, EndTurn):
        assert not taken
        return 0
    assert len(taken) == 1
    return taken[0].cost


def _check_path(state: tikalspeed.State, move: Move, cost: int, path: list[str]) -> None:
    """TIKAL-MOVE-1..3: ``path`` runs from the move's start to its destination, one
    crossable border at a time, and its borders' stones add up to ``cost``."""
    cells = [_CELL[name] for name in path]
    assert cells[0] == move.origin and cells[-1] == move.destination
    assert len(set(cells)) == len(cells)
    steps = 0
    for a, b in pairwise(cells):
        assert b in NEIGHBOURS[a]  # consecutive cells are connected
        stones = border_cost(state.rules.manifest, state.placed, a, b)
        assert stones is not None and stones > 0  # TIKAL-MOVE-2: a crossable border
        steps += stones
    assert steps == cost


@settings(max_examples=10)
@given(games(max_plies=300))
def test_tikal_turn_2_move_1_3_costs_and_paths_are_the_engines(game: Game) -> None:
    """TIKAL-TURN-2, TIKAL-MOVE-1, TIKAL-MOVE-3: in every action-point phase of random
    games (every third one), every legal action's ``cost`` in the decision JSON is
    what the engine charges, and every move's ``path`` is a path of that cost; in
    every other phase no action has a cost or a path."""
    moves = 0
    for i, s in enumerate(game.states):
        who = actors(s)
        if who == (CHANCE,) or not who:
            continue
        msg = decision_to_json(s)
        entries = [e for group in msg["legal"] for e in group["actions"]]
        if s.phase is not Phase.ACTIONS:
            assert all("cost" not in e and "path" not in e for e in entries)
            continue
        if i % 3:
            continue
        acts = legal_actions(s)
        assert len(entries) == len(acts)
        for action, entry in zip(acts, entries, strict=True):
            cost = _charged(s, action)
            assert entry["cost"] == cost == action_cost(s, action)
            if isinstance(action, Move):
                moves += 1
                assert list(action_path(s, action)) == entry["path"]
                _check_path(s, action, cost, entry["path"])
            else:
                assert "path" not in entry and action_path(s, action) == ()
        seen = decision_to_json(observe(s, who[0]))  # a player's view: the same costs
        assert [e for group in seen["legal"] for e in group["actions"]] == entries
    assert moves or all(s.phase is not Phase.ACTIONS for s in game.states[::3])
