"""One random playout of either game, as the property tests of both hold it."""

from __future__ import annotations

from typing import Any


class Game:
    """One random playout: ``states[i]`` --``actions[i]``--> ``states[i + 1]``.

    A plain class with a short repr, so that a falsifying example names only the
    ruleset and the seed (``playout(rules, seed)`` rebuilds the whole game).
    """

    def __init__(
        self,
        rules: Any,
        seed: int,
        states: tuple[Any, ...],
        actions: tuple[Any, ...],
        transitions: tuple[Any, ...],
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.states = states
        self.actions = actions
        self.transitions = transitions

    def __repr__(self) -> str:
        return f"playout({self.rules!r}, seed={self.seed}) [{len(self.actions)} plies]"

    @property
    def final(self) -> Any:
        """The last state reached (over, or cut off after the playout's cap)."""
        return self.states[-1]

    def steps(self) -> zip[tuple[Any, Any, Any]]:
        """``(state, action, transition)`` for every ply."""
        return zip(self.states, self.actions, self.transitions, strict=False)
