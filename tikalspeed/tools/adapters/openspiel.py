"""Tikal for OpenSpiel: the game ``python_tikal``, a pyspiel Python game over the engine.

Importing this module registers the game (``pip install '.[openspiel]'``), so that
``pyspiel.load_game("python_tikal(mode=classic,players=2)")`` and every OpenSpiel
algorithm reach it:

- the game parameters are the :class:`~tikalspeed.Rules` fields but the manifest
  (``mode``, ``players``, ``auction_score``, ``max_bid``, ``jump_action``, …, and
  ``tile_mix`` as its text ``"12,8,10,3"``, TIKAL-TILE-8), each checked by ``Rules``
  (a ``ValueError`` for a bad value), in :mod:`._params` with the length bound;
- Tikal on Speed (``mode="speed"``) is a SIMULTANEOUS game: a Jump's secret token
  choices (SPEED-JUMP-1) are one simultaneous node, whose joint action the engine
  plays in seat order, so no state of this game ever holds a choice not yet
  revealed. Everywhere else one player acts, and ``current_player()`` is that player
  (a sequential node inside a simultaneous game, as OpenSpiel allows). Entry ``p``
  of a joint action (``apply_actions``) is one of ``legal_actions(p)``, or, for a
  player who sits out the Jump (the empty list, which ``random_sim_test`` and
  ``pyspiel.convert_to_turn_based`` skip), :data:`SITS_OUT`, which they send. It is
  IMPERFECT_INFORMATION: the simultaneous choices are hidden from one another. The
  base game and the professional game are SEQUENTIAL and PERFECT_INFORMATION (every
  tile and treasure is face up once drawn): each game object carries the type of
  its mode; the type registered is the most general one, Speed's;
- chance is EXPLICIT_STOCHASTIC: a tile drawn or laid out and a treasure turned up
  are chance nodes with the engine's exact probabilities;
- actions and chance outcomes are the package's stable ids
  (:mod:`tikalspeed.text.ids`): ``num_distinct_actions`` is ``action_count(rules)``,
  the chance outcomes are the first ids and ``max_chance_outcomes`` their number (80);
- terminal rewards, zero-sum (:func:`tikalspeed.text.tensor.utilities`): with ``k``
  players sharing the top score of ``n``, each of them gets ``(n / k - 1) / (n - 1)``
  and every other player ``-1 / (n - 1)``: +1 for a sole winner, −1 for the loser of
  a 2-player game, 0 each when all tie;
- an observer (``make_py_observer``) gives each player's view as a string (the
  view's text, :func:`tikalspeed.view_to_text`) and as a tensor
  (:mod:`tikalspeed.text.tensor`, flat, with the blocks ``cells``, ``tiles``,
  ``players``, ``game`` in ``observer.dict``); the information state string is the
  history of action tokens (all public: a Jump's choices are revealed at once);
  ``str(state)`` is the position string (:func:`tikalspeed.to_text`).

>>> import pyspiel
>>> game = pyspiel.load_game("python_tikal", {"mode": "classic", "players": 2})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(18516, 80, 556)
>>> game.get_type().dynamics, game.observation_tensor_size()
(<Dynamics.SEQUENTIAL: 1>, 1161)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[0]
(True, (0, 0.16666666666666666))
>>> state.apply_action(2)
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'P1:place:c1:1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

from gamekit.forms import seat_view

from ...bounds import shown
from ...engine import actors, apply, chance_outcomes, legal_actions, new_game
from ...errors import IllegalActionError, NotationError
from ...game import GAME
from ...model.actions import Action, PlaceTile, player_name
from ...model.records import CHANCE, Phase
from ...model.rules import Rules
from ...model.state import State
from ...text.ids import action_count, action_to_id, id_to_action
from ...text.position import to_text
from ...text.tensor import observation_tensor, tensor_blocks, tensor_size, utilities
from ...text.views import view_to_text
from ._params import PARAMETERS, SHORT_NAME, max_game_length, params_from_rules, rules_from_params

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "SITS_OUT",
    "TikalGame",
    "TikalObserver",
    "TikalState",
    "game_type",
    "load",
    "max_game_length",
    "params_from_rules",
    "rules_from_params",
]

SITS_OUT = 0
"""A joint action's entry for a player without legal actions, who sits the Jump out:
0, as OpenSpiel's ``random_sim_test`` and turn-based transform send it."""

_DEFAULT = Rules()


def game_type(mode: str = "speed") -> Any:
    """The ``pyspiel.GameType`` of a game of ``mode``: simultaneous and imperfect
    information for Speed, sequential and perfect information for the others."""
    speed = mode == "speed"
    kinds = pyspiel.GameType
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Tikal",
        dynamics=kinds.Dynamics.SIMULTANEOUS if speed else kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            kinds.Information.IMPERFECT_INFORMATION
            if speed
            else kinds.Information.PERFECT_INFORMATION
        ),
        utility=kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


GAME_TYPE = game_type("speed")
"""The type ``python_tikal`` is registered with (Speed's, the most general), and its
parameters with their defaults; each game object has its mode's (:func:`game_type`)."""


def load(rules: Rules = _DEFAULT) -> Any:
    """The ``python_tikal`` game played by ``rules`` (a :class:`TikalGame`).

    >>> load(Rules(mode="professional", players=3)).num_players()
    3
    """
    return pyspiel.load_game(SHORT_NAME, params_from_rules(rules))


class TikalGame(pyspiel.Game):
    """The game ``python_tikal``: its :class:`~tikalspeed.Rules` come from the
    parameters, its type from the mode (:func:`game_type`)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = PARAMETERS if params is None else params
        self.rules = rules_from_params(params)
        """The rules every state of this game is played by."""
        n = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(self.rules),
            max_chance_outcomes=_chance_ids(self.rules),
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(game_type(self.rules.mode), info, dict(params))

    def new_initial_state(self) -> TikalState:
        """A new game at its first chance node (the first draw or the display)."""
        return TikalState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> TikalObserver:
        """A :class:`TikalObserver`: what a player sees now, or with perfect recall
        (the information state) the history of action tokens."""
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return TikalObserver(self.rules, params, recall=recall)


def _chance_ids(rules: Rules) -> int:
    """How many chance ids there are: they come first, so P1's first id."""
    return action_to_id(rules, PlaceTile(player=0, cell=0, rotation=0))


@attrs.frozen
class _Position:
    """The engine's state inside a pyspiel state, with the tokens played so far and
    the legal ids found. OpenSpiel clones a Python state by ``copy.deepcopy``; all of
    this is immutable (the ids are found once per position), so the copy shares it."""

    state: State
    tokens: tuple[str, ...] = ()
    ids: dict[int, list[int]] = attrs.field(factory=dict, eq=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self


class TikalState(pyspiel.State):
    """A position of ``python_tikal`` for OpenSpiel; :attr:`position` is the engine's."""

    def __init__(self, game: TikalGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._at = _Position(new_game(game.rules))

    @property
    def position(self) -> State:
        """The engine's :class:`~tikalspeed.State` of this position."""
        return self._at.state

    @property
    def tokens(self) -> tuple[str, ...]:
        """The tokens of the actions played so far (``P1:bid:2``, ``draw=A3``)."""
        return self._at.tokens

    def current_player(self) -> int:
        """The player to act; ``pyspiel.PlayerId.SIMULTANEOUS`` where several choose
        tokens at once; ``CHANCE`` or ``TERMINAL``."""
        s = self._at.state
        if s.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        who = actors(s)
        if who == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        if len(who) > 1:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return who[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of ``player``'s legal actions, ascending (none if he does not act);
        a player not in the game is refused."""
        if player != CHANCE and player not in range(n := self._rules.players):
            message = f"{SHORT_NAME}: no player {shown(player)} in this game of {n}"
            raise IllegalActionError("TIKAL-TURN-4", message)
        at = self._at
        found = at.ids.get(player)
        if found is None:
            s = at.state
            who = actors(s) if s.result is None else ()
            if player == CHANCE and who == (CHANCE,):
                found = [a for a, _ in self.chance_outcomes()]
            elif player not in who or player == CHANCE:
                found = []
            else:
                acts = (
                    legal_actions(s, player) if s.turn.phase is Phase.TOKENS else legal_actions(s)
                )
                found = sorted(action_to_id(self._rules, a) for a in acts)
            at.ids[player] = found
        return list(found)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as ``(id, probability)``, ascending ids."""
        outs = chance_outcomes(self._at.state)
        return sorted((action_to_id(self._rules, a), float(p)) for a, p in outs)

    def _apply_action(self, action: int) -> None:
        """Play the action (or chance outcome) with id ``action``. Raises
        :class:`~tikalspeed.IllegalActionError` for an illegal one or an unknown id,
        and at a simultaneous node, whose choices are one joint action
        (``apply_actions``)."""
        if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            raise IllegalActionError(
                "SPEED-JUMP-1",
                "the players of a Jump choose at once: apply_actions, one id per player",
            )
        self._play([_action(self._rules, action)])

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """Play a Jump's joint choice (SPEED-JUMP-1) in seat order: entry ``p`` is one
        of ``legal_actions(p)``, or :data:`SITS_OUT` if that is empty. Raises
        :class:`~tikalspeed.IllegalActionError` naming the entry for any other (another
        player's choice among them), and where no Jump is open; nothing is played."""
        if self.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
            message = f"one player or chance acts here, not a Jump's joint action {shown(actions)}"
            raise IllegalActionError("SPEED-JUMP-1", message)
        if len(actions) != (n := self._rules.players):
            message = f"a joint action has one entry per player ({n}), not {shown(actions)}"
            raise IllegalActionError("SPEED-JUMP-1", message)
        acts = []
        for p, entry in enumerate(actions):
            where = f"entry {p} of the joint action is {player_name(p)}'s"
            if not (legal := self._legal_actions(p)):
                if type(entry) is not int or entry != SITS_OUT:
                    message = f"{where}, who sits this Jump out: {SITS_OUT}, not {shown(entry)}"
                    raise IllegalActionError("SPEED-JUMP-1", message)
                continue
            acts.append(_action(self._rules, entry, f"{where}: "))
            if entry not in legal:
                message = f"{where}: {_token(acts[-1])} is not one of his choices"
                raise IllegalActionError("SPEED-JUMP-1", message)
        self._play(acts)

    def _play(self, acts: list[Action]) -> None:
        s, tokens = self._at.state, list(self._at.tokens)
        for a in acts:
            s = apply(s, a)
            tokens.append(_token(a))
        self._at = _Position(s, tuple(tokens))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's token, with its player's name (``P2:tokens:3``,
        ``P1:place:b2:0``; a chance outcome as ``draw=A3``)."""
        return _token(_action(self._rules, action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._at.state.result is not None

    def returns(self) -> list[float]:
        """The players' utilities (:func:`tikalspeed.text.tensor.utilities`): 0 each
        while the game runs."""
        return utilities(self._at.state.result, self._rules.players)

    def __str__(self) -> str:
        """The position string (:func:`tikalspeed.to_text`), exact and one line."""
        return to_text(self._at.state)


def _action(rules: Rules, action: object, where: str = "") -> Action:
    try:
        return id_to_action(rules, action)  # type: ignore[arg-type]
    except NotationError:
        message = f"{where}{shown(action)} is no action id of {SHORT_NAME}"
        raise IllegalActionError("TIKAL-TURN-4", message) from None


def _token(action: Action) -> str:
    player = getattr(action, "player", CHANCE)
    return str(action) if player == CHANCE else f"{player_name(player)}:{action}"


class TikalObserver:
    """What a player sees, as a string and a tensor (OpenSpiel's PyObserver).

    ``tensor`` is the flat float32 array of
    :func:`tikalspeed.text.tensor.observation_tensor` and ``dict`` the same memory by
    block, shaped (``cells`` (40, …), ``tiles``, ``players``, ``game``). With
    ``recall`` (OpenSpiel's information state) there is no tensor and the string is
    the player's name and the history of action tokens.
    """

    def __init__(
        self, rules: Rules, params: Mapping[str, Any] | None = None, *, recall: bool = False
    ) -> None:
        if params:
            raise ValueError(f"{SHORT_NAME}'s observer takes no parameters, not {shown(params)}")
        self.rules = rules
        """The rules of the game observed."""
        self.recall = recall
        """Whether this observer gives the information state (the history)."""
        flat = np.zeros(tensor_size(rules), np.float32)
        self.tensor: Any = None if recall else flat
        """The last observation, flat (``None`` with ``recall``)."""
        self.dict: dict[str, Any] = {}
        """The last observation by block, shaped."""
        at = 0
        for name, size, shape in () if recall else tensor_blocks(rules):
            self.dict[name] = flat[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: TikalState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees in ``state`` (nothing to fill
        with ``recall``). A player not in the game is refused either way."""
        seat_view(GAME, state.position, player)  # refuses a player not in the game
        if self.tensor is not None:
            self.tensor[:] = observation_tensor(state.position, player)

    def string_from(self, state: TikalState, player: int) -> str:
        """What ``player`` sees in ``state``, as the view's text (``view:P1 …``); with
        ``recall``, his name and the tokens played so far."""
        view = seat_view(GAME, state.position, player)  # refuses a player not in the game
        return " ".join((player_name(player), *state.tokens)) if self.recall else view_to_text(view)


if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, TikalGame)
