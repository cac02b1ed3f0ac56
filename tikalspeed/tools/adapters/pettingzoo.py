"""Tikal for PettingZoo: :class:`TikalEnv`, an AEC environment over the engine
(``pip install '.[pettingzoo]'``).

- the agents are ``player_0`` … ``player_{n-1}``, the engine's players 0 … n−1
  (``P1`` … ``Pn``, :func:`tikalspeed.player_name`), as in PettingZoo's own games
  and Tiki's environment; one of them acts at each step;
- an action is a stable id (:mod:`tikalspeed.text.ids`): the action space is
  ``Discrete(action_count(rules))``, the same for every agent;
- an observation is ``{"observation": …, "action_mask": …}``: the agent's view as
  the tensor of :mod:`tikalspeed.text.tensor` (``Box(-1, 1)``, float32) and a 0/1
  int8 mask of his legal ids (all 0 when he has no decision);
- a Jump's secret token choices (SPEED-JUMP-1) are stepped through in seat order,
  one chooser at a time; each sees only his own view (:func:`tikalspeed.observe`),
  where a choice already made by another shows as made but not its count;
- chance (tiles, treasures) is resolved inside the environment, from a
  ``random.Random`` seeded by ``reset(seed=…)``;
- the rewards come at the end: each player's utility
  (:func:`tikalspeed.text.tensor.utilities`, zero-sum: +1 for a sole winner), then
  every agent is terminated; there is no truncation;
- ``render()`` is the text drawing (:func:`tikalspeed.tools.cli.board.render`) of the
  acting agent's view: ``render_mode="ansi"`` returns it, ``"human"`` prints it.

In :class:`TikalEnv` (``raw_env()``) an illegal id raises
:class:`~tikalspeed.IllegalActionError` and leaves the environment as it was;
``env()`` wraps it as PettingZoo's classic games are, where an illegal id ends the
game with -1 for its agent. An agent not in ``possible_agents`` (given to
``observe``, ``observation_space`` or ``action_space``), and ``step`` or ``last`` once
every agent has left a finished game, raise ``IllegalActionError`` too; a seed that
is not ``None`` or a whole number of at most 128 bits either way (as a record's,
:data:`tikalspeed.bounds.MAX_SEED`), and a keyword that is no ``Rules`` field, are a
``ValueError`` naming them.

>>> env = TikalEnv(mode="classic", players=2)
>>> env.reset(seed=1)
>>> env.agents, env.agent_selection, int(env.action_space("player_0").n)
(['player_0', 'player_1'], 'player_0', 18516)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()), reward
((1161,), 12, 0.0)
>>> env.step(int(obs["action_mask"].argmax()))
>>> env.unwrapped.position.phase
<Phase.ACTIONS: 'actions'>
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gamekit.numbers import bounded_seed, whole

from ...bounds import MAX_SEED, shown
from ...engine import actors, apply, legal_actions, new_game, observe, resolve_chance
from ...errors import IllegalActionError, NotationError
from ...model.actions import Action
from ...model.records import Phase
from ...model.rules import Rules
from ...model.state import State
from ...text.ids import action_count, action_to_id, id_to_action
from ...text.tensor import observation_tensor, tensor_size, utilities
from ..bots.simple import not_the_seats
from ..cli.board import render

__all__ = ["TikalEnv", "agent_name", "env", "raw_env"]

_RENDER_MODES = ("ansi", "human")
_RULES_FIELDS = frozenset(f.name for f in attrs.fields(Rules))


def agent_name(player: int) -> str:
    """The agent of ``player`` (0 … 3): ``player_0`` … ``player_3``.

    >>> from tikalspeed import player_name
    >>> agent_name(0), player_name(0)
    ('player_0', 'P1')
    """
    return f"player_{player}"


def raw_env(
    mode: str = "speed",
    players: int = 4,
    *,
    rules: Rules | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> TikalEnv:
    """A :class:`TikalEnv`, unwrapped (PettingZoo's games call it ``raw_env``): an
    illegal id raises :class:`~tikalspeed.IllegalActionError`."""
    return TikalEnv(mode, players, rules=rules, render_mode=render_mode, **options)


def env(
    mode: str = "speed",
    players: int = 4,
    *,
    rules: Rules | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """A :class:`TikalEnv` wrapped as PettingZoo's classic games are: an illegal id
    ends the game with -1 for the agent who chose it (0 for the others), an id out of
    the action space is refused, and the order of calls is enforced."""
    from pettingzoo.utils import wrappers

    bare = TikalEnv(mode, players, rules=rules, render_mode=render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(bare, illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrapped))


class TikalEnv(AECEnv):
    """A game of Tikal as a PettingZoo AEC environment. ``mode`` and ``players``
    (and any other :class:`~tikalspeed.Rules` field as a keyword) choose the rules,
    or ``rules`` gives them whole; a bad one, a keyword that is no ``Rules`` field
    and a field given with ``rules`` are a ``ValueError``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(_RENDER_MODES),
        "name": "tikal_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        mode: str = "speed",
        players: int = 4,
        *,
        rules: Rules | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if rules is not None and not isinstance(rules, Rules):
            raise ValueError(f"rules must be a tikalspeed.Rules, not {shown(rules)}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(
                f"render_mode is one of 'ansi', 'human' or None, not {shown(render_mode)}"
            )
        unknown = sorted(set(options) - _RULES_FIELDS)
        if unknown:
            raise ValueError(f"TikalEnv: Rules has no field {shown(unknown[0])}")
        if rules is not None and options:
            raise ValueError(
                f"TikalEnv: give rules= whole or its fields as keywords, not both "
                f"({shown(sorted(options)[0])} with rules=)"
            )
        self.rules = Rules(mode=mode, players=players, **options) if rules is None else rules
        """The rules every game of this environment is played by."""
        self.render_mode = render_mode
        """``'ansi'``, ``'human'`` or ``None``."""
        n = self.rules.players
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        count = action_count(self.rules)
        size = tensor_size(self.rules)
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-1.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self._state = resolve_chance(new_game(self.rules), self._rng)
        self._set_up()

    @property
    def position(self) -> State:
        """The engine's state of the game (every secret in it: not for the agents)."""
        return self._state

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object every time); an agent
        not in :attr:`possible_agents` is refused (:meth:`observe`)."""
        self._seat_of(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: ``Discrete(action_count(rules))``; an agent
        not in :attr:`possible_agents` is refused (:meth:`observe`)."""
        self._seat_of(agent)
        return self.action_spaces[agent]

    def _seat_of(self, agent: object) -> int:
        """The seat of ``agent``; refused unless he is one of :attr:`possible_agents`."""
        if not isinstance(agent, str) or agent not in self._seat:
            last = self.possible_agents[-1]
            raise IllegalActionError(
                "TIKAL-TURN-4",
                f"no agent {shown(agent)} in this game: its agents are player_0 … {last}",
            )
        return self._seat[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; chance is drawn from ``random.Random(seed)`` (``options`` are
        not used). ``seed`` is ``None`` or a whole number of at most 128 bits either
        way (:data:`tikalspeed.bounds.MAX_SEED`, as a record's seed): anything else
        is a ``ValueError`` naming it, and the game in progress goes on."""
        self._rng = random.Random(_seed(seed))
        self._state = resolve_chance(new_game(self.rules), self._rng)
        self._set_up()

    def _set_up(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._acting()]

    def _acting(self) -> int:
        """The seat to step now: the one actor, or the first chooser of a Jump."""
        who = actors(self._state)
        return min(who) if who else 0

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: his view's tensor and the mask of his legal ids (also
        once he is done, as the AEC API asks). An agent not in
        :attr:`possible_agents` is refused: :class:`~tikalspeed.IllegalActionError`
        naming him."""
        seat = self._seat_of(agent)
        s = self._state
        mask = np.zeros(action_count(self.rules), np.int8)
        if s.result is None and seat in actors(s):
            acts = legal_actions(s, seat) if s.turn.phase is Phase.TOKENS else legal_actions(s)
            mask[[action_to_id(self.rules, a) for a in acts]] = 1
        tensor = np.asarray(observation_tensor(s, seat), np.float32)
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an id) for the agent selected, resolve chance, and select
        the next agent to act; at the end every agent gets his reward and is
        terminated. A terminated agent steps with ``None``. Raises
        :class:`~tikalspeed.IllegalActionError` for an id that is not a legal action
        of the agent selected (another seat's among them) and, once every agent has
        stepped out of a finished game, for any step: ``reset()`` starts a new one."""
        agent = self.agent_selection
        self._refuse_when_all_done(f"step({shown(action)})")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        chosen = _action(self.rules, action)
        refusal = not_the_seats(chosen, seat)
        if refusal:
            raise IllegalActionError("TIKAL-TURN-4", refusal)
        state = resolve_chance(apply(self._state, chosen), self._rng)
        self._state = state
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.result is not None:
            values = utilities(state.result, self.rules.players)
            for p, a in enumerate(self.possible_agents):
                self.rewards[a] = values[p]
                self.terminations[a] = True
            nxt = (seat + 1) % self.rules.players
        else:
            nxt = self._acting()
        self.agent_selection = self.possible_agents[nxt]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (``None`` without ``observe``), reward,
        termination, truncation and info, as PettingZoo's ``AECEnv.last``; once every
        agent has stepped out of a finished game, refused: ``reset()`` starts anew."""
        self._refuse_when_all_done("last()")
        last: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return last

    def _refuse_when_all_done(self, call: str) -> None:
        """Refuse ``call`` once every agent has left the finished game (TIKAL-TURN-4:
        once the game is over nobody may act)."""
        if self.agent_selection not in self.agents:
            raise IllegalActionError(
                "TIKAL-TURN-4",
                f"{call}: the game is over and every agent is done; reset() starts a new one",
            )

    def render(self) -> str | None:
        """The drawing of the selected agent's view: returned for ``'ansi'``, printed
        for ``'human'``; ``None`` (and nothing drawn) without a render mode."""
        if self.render_mode is None:
            return None
        text = render(observe(self._state, self._seat[self.agent_selection]))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _action(rules: Rules, action: object) -> Action:
    index = whole(action)
    if index is not None:
        try:
            return id_to_action(rules, index)
        except NotationError:
            pass
    raise IllegalActionError("TIKAL-TURN-4", f"{shown(action)} is no action id of Tikal")


def _seed(seed: object) -> int | None:
    """``seed`` as ``reset`` takes it: ``None``, or a whole number of at most
    :data:`~tikalspeed.bounds.MAX_SEED` either way."""
    what = "a whole number of at most 128 bits either way (bounds.MAX_SEED)"
    return bounded_seed(seed, MAX_SEED, what, shown)
