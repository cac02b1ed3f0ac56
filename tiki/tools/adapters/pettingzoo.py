"""Tiki for PettingZoo: an AEC environment over the engine (``pip install '.[pettingzoo]'``).

Built like PettingZoo's classic games (``pettingzoo.classic.tictactoe``):
:func:`env` is the environment wrapped as they are (an illegal action ends the game
with −1 for its player, out-of-range actions are refused, the calls must come in
order), :class:`raw_env` the bare one.

- agents ``player_0`` (x) and ``player_1`` (o), the engine's ``X`` and ``O``; the agent
  selected is whoever makes the open decision, which is not always the other player
  (the order of two influenced villages, TIKI-INFL-3; the shaman, TIKI-SHAMAN-2 and 4);
- ``action_space(agent)``: ``Discrete(action_count(rules))``, the package's stable
  action ids (:mod:`tiki.text.ids`);
- ``observation_space(agent)``: a ``Dict`` of ``observation``, the agent's view as the
  planes of :mod:`tiki.text.tensor` in PettingZoo's channels-last layout, ``Box(0, 1,
  (3, 3, planes), float32)``, and ``action_mask``, ``Box(0, 1, (action_count,),
  int8)``, 1 for the agent's legal actions (all 0 when it is not his decision);
- rewards at the end only: +1 for the winner, −1 for the loser, 0 each for a draw;
- chance (the layout, the first player) is resolved inside the environment from its
  own ``random.Random(seed)``, so ``reset(seed=...)`` replays a game exactly;
- ``render()``: the board drawing of :mod:`tiki.tools.cli.board`, returned in ``"ansi"``
  mode and printed in ``"human"`` mode;
- bad input is refused with an error naming it, and changes nothing: an agent other
  than the two (to ``observe``, ``observation_space`` or ``action_space``), an id
  that is not a legal action of the agent selected, and ``step`` or ``last`` once
  both agents have left a finished game raise :class:`~tiki.IllegalActionError`; a
  seed other than ``None`` or a whole number within ±(2**53 − 1) (a record's
  bound, :data:`tiki.NUMBER_LIMIT`) is a ``ValueError``.

Tiki under the default rules has no turn cap and so no truncation; give the
environment ``Rules(max_turns=...)`` to bound a game (TIKI-END-6 then ends it, a
termination: more fruit wins).

>>> e = env(rules=Rules(max_turns=60))
>>> e.reset(seed=2)
>>> e.agent_selection, e.observation_space("player_0")["observation"].shape
('player_0', (3, 3, 31))
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()), reward, terminated
(9, 0.0, False)
>>> e.step(int(obs["action_mask"].argmax()))   # x creates a totem on a1
>>> e.agent_selection, e.unwrapped.position.stacks[0]
('player_1', (0,))
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]

from gamekit.numbers import bounded_seed, whole

from ...engine.contract import apply, new_game, observe, resolve_chance
from ...engine.moves import legal_actions
from ...errors import IllegalActionError, NotationError, shown
from ...model.rules import NUMBER_LIMIT, Rules
from ...model.state import PLAYERS, Phase, State
from ...text.ids import action_count, action_to_id, id_to_action
from ...text.tensor import observation_shape, view_tensor
from ..cli.board import render

__all__ = ["AGENTS", "env", "raw_env"]

AGENTS = ("player_0", "player_1")
"""The agents' names: ``player_0`` plays x (``tiki.X``), ``player_1`` plays o."""

_DEFAULT_RULES = Rules()


def env(**kwargs: Any) -> Any:
    """A :class:`raw_env` (``rules``, ``render_mode``) wrapped as PettingZoo's classic
    games are: an illegal action ends the game with −1 for its player, an action out
    of range is refused, and the calls must come in order (``reset`` first)."""
    e: Any = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv, EzPickle):
    """Tiki as a PettingZoo AEC environment, played by ``rules``.

    ``render_mode`` is ``None``, ``"ansi"`` or ``"human"``. An action that is not a
    legal id of the selected agent raises :class:`~tiki.IllegalActionError` (the
    wrapped :func:`env` ends the game instead).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "tiki_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: Rules = _DEFAULT_RULES, render_mode: str | None = None) -> None:
        EzPickle.__init__(self, rules=rules, render_mode=render_mode)
        super().__init__()
        if type(rules) is not Rules:
            raise ValueError(f"raw_env: rules are a tiki.Rules, not {shown(rules)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = "None, 'ansi' or 'human'"
            raise ValueError(f"raw_env: render_mode is {modes}, not {shown(render_mode)}")
        self.rules = rules
        """The rules every game of this environment is played by."""
        self.render_mode = render_mode
        """``None``, ``"ansi"`` or ``"human"``."""
        self.possible_agents = list(AGENTS)
        count = action_count(rules)
        planes, rows, files = observation_shape(rules)
        self._shape = (planes, rows, files)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (rows, files, planes), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(count)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._rng = random.Random()
        self._state = resolve_chance(new_game(rules), self._rng)
        self._start()

    @property
    def position(self) -> State:
        """The engine's :class:`~tiki.State` of the game in progress."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` of ``observation`` and ``action_mask`` (the same object for both
        agents, every time); an agent other than the two is refused (:meth:`observe`)."""
        _player(agent)
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(action_count(rules))`` (the same object every time); an agent
        other than the two is refused (:meth:`observe`)."""
        _player(agent)
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, its chance nodes drawn from ``random.Random(seed)``
        (``options`` are not used). ``seed`` is ``None`` or a whole number from
        -:data:`~tiki.NUMBER_LIMIT` to :data:`~tiki.NUMBER_LIMIT` (2**53 - 1, as a
        record's seed): anything else is a ``ValueError`` naming it, and the game in
        progress goes on."""
        self._rng = random.Random(_seed(seed))
        self._state = resolve_chance(new_game(self.rules), self._rng)
        self._start()

    def _start(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self._state.actor]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent`` sees: ``observation`` (channels last) and ``action_mask``
        (also once he is done, as the AEC API asks). An agent other than
        ``player_0`` and ``player_1`` raises :class:`~tiki.IllegalActionError` naming
        him."""
        player = _player(agent)
        planes = np.asarray(view_tensor(observe(self._state, player)), np.float32)
        mask = np.zeros(self._action_space.n, np.int8)
        for a in legal_actions(self._state, player):
            mask[action_to_id(self.rules, a)] = 1
        tensor = np.ascontiguousarray(planes.reshape(self._shape).transpose(1, 2, 0))
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the selected agent's action (an id); ``None`` for an agent whose game is
        over. Raises :class:`~tiki.IllegalActionError` for anything else that is not a
        legal id of his, and for any step once both agents have left a finished game
        (``reset()`` starts a new one)."""
        agent = self.agent_selection
        self._refuse_when_all_done(f"step({shown(action)})")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = _action(self.rules, action)
        self._state = resolve_chance(apply(self._state, move), self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state = self._state
        if state.phase is Phase.OVER:
            winner = state.result.winner if state.result is not None else None
            for p in PLAYERS:
                self.rewards[AGENTS[p]] = 0.0 if winner is None else (1.0 if p == winner else -1.0)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = AGENTS[1 - _player(agent)]
        else:
            self.agent_selection = AGENTS[state.actor]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (``None`` without ``observe``), reward,
        termination, truncation and info, as PettingZoo's ``AECEnv.last``; once both
        agents have left a finished game, refused: ``reset()`` starts a new one."""
        self._refuse_when_all_done("last()")
        last: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return last

    def _refuse_when_all_done(self, call: str) -> None:
        """Refuse ``call`` once both agents have left the finished game (TIKI-TURN-3:
        once the game is over nobody may act)."""
        if self.agent_selection not in self.agents:
            raise IllegalActionError(
                "TIKI-TURN-3",
                f"{call}: the game is over and both agents are done; reset() starts a new one",
            )

    def render(self) -> str | None:
        """The board drawing: returned in ``"ansi"`` mode, printed in ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (None)")
            return None
        text = render(self._state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def _player(agent: object) -> int:
    if not isinstance(agent, str) or agent not in AGENTS:
        message = f"no agent {shown(agent)} in Tiki: its agents are player_0 and player_1"
        raise IllegalActionError("TIKI-TURN-3", message)
    return AGENTS.index(agent)


def _action(rules: Rules, action: object) -> Any:
    index = whole(action)
    if index is not None:
        try:
            return id_to_action(rules, index)
        except NotationError:
            pass
    raise IllegalActionError("TIKI-TURN-3", f"{shown(action)} is no action id of Tiki")


def _seed(seed: object) -> int | None:
    """``seed`` as ``reset`` takes it: ``None``, or a whole number from
    -:data:`~tiki.NUMBER_LIMIT` to :data:`~tiki.NUMBER_LIMIT`."""
    what = "a whole number from -(2**53 - 1) to 2**53 - 1 (tiki.NUMBER_LIMIT)"
    return bounded_seed(seed, NUMBER_LIMIT, what, shown)
