"""Tiki for OpenSpiel: the game ``python_tiki``, a pyspiel Python game over the engine.

Importing this module registers the game (``pip install '.[openspiel]'``), so that
``pyspiel.load_game("python_tiki")`` and every OpenSpiel algorithm reach it:

- sequential, perfect information, two players, terminal rewards, zero-sum (+1 for a
  win, −1 for a loss, 0 for a draw: a turn cap, ``no_move="draw"`` or
  ``tie_loop="draw"`` can end a game drawn); ``apply_action`` takes the id of a legal
  action of the player to act, and anything else (another player's action, an id out
  of range, a joint action by ``apply_actions``) raises
  :class:`~tiki.IllegalActionError` and changes nothing;
- explicit stochastic chance: the layout (TIKI-SETUP-1) and the first player
  (TIKI-SETUP-5) are the first two nodes, with their exact probabilities;
- actions and chance outcomes are the package's stable ids (:mod:`tiki.text.ids`):
  ``num_distinct_actions`` and ``max_chance_outcomes`` are both
  ``action_count(rules)``;
- the game parameters are the :class:`~tiki.Rules` fields (``tiles`` as text,
  ``"2 1 1 1 1 1 0 0 -1"``: a comma would end the parameter in a game string).
  ``max_turns`` defaults to :data:`DEFAULT_MAX_TURNS`, not to the rules' none:
  OpenSpiel needs a bounded game (``max_game_length``, a 32-bit int), and Tiki
  without a cap may go on for ever (TIKI-END-6). At the cap the game ends by that
  rule: more fruit wins, equal fruit is a draw. A cap is 1 to :data:`MAX_TURNS_LIMIT`;
- an observer (``make_py_observer``) gives each player's view as a string (the view's
  text, :func:`tiki.view_to_text`) and as a tensor (:mod:`tiki.text.tensor`, shape
  ``(planes, 3, 3)``); ``str(state)`` is the board drawing of :mod:`tiki.tools.cli.board`.

>>> import pyspiel
>>> game = pyspiel.load_game("python_tiki", {"max_turns": 60})
>>> game.num_distinct_actions(), game.max_game_length(), game.observation_tensor_shape()
(1738, 120, [31, 3, 3])
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1512)
>>> state.apply_action(state.chance_outcomes()[0][0])
>>> state.apply_action(state.chance_outcomes()[0][0])   # x moves first
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()][:3]
(0, ['+a1', '+b1', '+c1'])
>>> state.position.phase
<Phase.TURN: 'turn'>
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from gamekit.forms import seat_view

from ...engine.contract import apply, new_game
from ...engine.moves import chance_outcomes, legal_actions
from ...errors import IllegalActionError, NotationError, shown
from ...game import GAME
from ...model.rules import Rules
from ...model.state import CHANCE, PLAYERS, Phase, State
from ...text.ids import action_count, action_to_id, id_to_action
from ...text.tensor import observation_shape, view_tensor
from ...text.views import view_to_text
from ..cli.board import render
from ..tables import returns as _table_returns

__all__ = [
    "DEFAULT_MAX_TURNS",
    "GAME_TYPE",
    "MAX_TURNS_LIMIT",
    "SHORT_NAME",
    "TikiGame",
    "TikiObserver",
    "TikiState",
    "load",
    "max_game_length",
    "params_from_rules",
    "rules_from_params",
    "table_oracle",
]

SHORT_NAME = "python_tiki"
"""The name OpenSpiel knows the game by: ``pyspiel.load_game("python_tiki")``."""

DEFAULT_MAX_TURNS = 200
"""The game parameter ``max_turns`` when none is given. Random play ends well before
it (half the games by turn 70, none of 300 seeded games past 190); at the cap the
game ends by TIKI-END-6."""

MAX_TURNS_LIMIT = (2**31 - 2) // 4
"""The largest ``max_turns`` of ``python_tiki``: its :func:`max_game_length` (at most
4 decisions a turn and 1) must fit OpenSpiel's 32-bit ``max_game_length``."""

_DEFAULT_RULES = Rules()
_CAPPED_RULES = Rules(max_turns=DEFAULT_MAX_TURNS)
_PARAMETERS: dict[str, Any] = {
    "tiles": " ".join(str(v) for v in _DEFAULT_RULES.tiles),
    "shaman": _DEFAULT_RULES.shaman,
    "shaman_entry": _DEFAULT_RULES.shaman_entry,
    "movable": _DEFAULT_RULES.movable,
    "allow_turns": _DEFAULT_RULES.allow_turns,
    "short_payout": _DEFAULT_RULES.short_payout,
    "minus_one_empty": _DEFAULT_RULES.minus_one_empty,
    "end_check": _DEFAULT_RULES.end_check,
    "no_move": _DEFAULT_RULES.no_move,
    "tie_loop": _DEFAULT_RULES.tie_loop,
    "max_turns": DEFAULT_MAX_TURNS,
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Tiki",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=len(PLAYERS),
    min_num_players=len(PLAYERS),
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
"""What kind of game ``python_tiki`` is, and its parameters with their defaults."""


def rules_from_params(params: Mapping[str, Any]) -> Rules:
    """The :class:`~tiki.Rules` of the game parameters ``params`` (missing ones take
    their defaults). Raises ``ValueError`` for a bad value, for a ``max_turns``
    outside 1 … :data:`MAX_TURNS_LIMIT`, and for ``params`` that are no mapping.

    >>> rules_from_params({"shaman": True, "max_turns": 40})
    Rules(shaman=True, max_turns=40)
    """
    _check_mapping(params)
    unknown = sorted(str(k) for k in set(params) - set(_PARAMETERS))
    if unknown:
        raise ValueError(f"{SHORT_NAME} has no parameter {shown(unknown[0])}")
    p = {**_PARAMETERS, **params}
    text = p["tiles"]
    try:
        tiles = tuple(int(v) for v in text.replace(",", " ").split())
    except (AttributeError, ValueError):
        raise ValueError(
            f"{SHORT_NAME}: tiles are 9 values from -1 to 2 separated by spaces, "
            f"not {shown(text)}"
        ) from None
    fields = {k: v for k, v in p.items() if k != "tiles"}
    rules = Rules(tiles=tiles, **fields)
    _check_cap(rules)
    return rules


def _check_cap(rules: Rules) -> None:
    turns = rules.max_turns
    if turns is None or turns > MAX_TURNS_LIMIT:
        raise ValueError(
            f"{SHORT_NAME} needs a turn cap: OpenSpiel bounds every game, so max_turns "
            f"is 1 to {MAX_TURNS_LIMIT}, not {shown(turns)}"
        )


def _check_mapping(params: object) -> None:
    if not isinstance(params, Mapping):
        raise ValueError(
            f"{SHORT_NAME}: the parameters are a mapping of names to values, not {shown(params)}"
        )


def params_from_rules(rules: Rules) -> dict[str, Any]:
    """The game parameters of ``rules``, every field. Raises ``ValueError`` for rules
    without a turn cap (or with one over :data:`MAX_TURNS_LIMIT`).

    >>> params_from_rules(Rules(shaman=True, max_turns=50))["tiles"]
    '2 1 1 1 1 1 0 0 -1'
    """
    _check_cap(rules)
    params = attrs.asdict(rules)
    params["tiles"] = " ".join(str(v) for v in rules.tiles)
    return params


def load(rules: Rules = _CAPPED_RULES) -> Any:
    """The ``python_tiki`` game played by ``rules``: ``pyspiel.load_game`` with
    :func:`params_from_rules` (a :class:`TikiGame`).

    >>> load(Rules(shaman=True, max_turns=50)).observation_tensor_shape()
    [33, 3, 3]
    """
    return pyspiel.load_game(SHORT_NAME, params_from_rules(rules))


def max_game_length(rules: Rules) -> int:
    """An upper bound on the decisions of one game (chance excluded): each of the
    ``rules.turn_cap`` turns is one action, an order of two villages (TIKI-INFL-3) and,
    with the shaman, two shaman decisions (TIKI-SHAMAN-4); plus its first placement.

    >>> max_game_length(Rules(max_turns=60)), max_game_length(Rules(shaman=True, max_turns=60))
    (120, 241)
    """
    per_turn = 4 if rules.shaman else 2
    placing = rules.shaman and rules.shaman_entry == "start"
    return per_turn * rules.turn_cap + int(placing)


class TikiGame(pyspiel.Game):
    """The game ``python_tiki``: its :class:`~tiki.Rules` come from the parameters."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = {} if params is None else params
        self.rules = rules_from_params(params)
        """The rules every state of this game is played by."""
        count = action_count(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=count,
            max_chance_outcomes=count,
            num_players=len(PLAYERS),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, {**_PARAMETERS, **params})

    def new_initial_state(self) -> TikiState:
        """A new game at its first chance node (the layout)."""
        return TikiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """The observer OpenSpiel asks for: a :class:`TikiObserver` for what a player
        sees now, and for perfect recall the public history (as OpenSpiel's
        tic-tac-toe does: Tiki's information state is its history)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TikiObserver(self.rules, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


@attrs.frozen
class _Position:
    """The engine's state inside a pyspiel state. OpenSpiel clones a Python state by
    ``copy.deepcopy``; the engine's state is immutable, so the copy shares it."""

    state: State

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self


class TikiState(pyspiel.State):
    """A position of ``python_tiki`` for OpenSpiel; :attr:`position` is the engine's."""

    def __init__(self, game: TikiGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._at = _Position(new_game(game.rules))

    @property
    def position(self) -> State:
        """The engine's :class:`~tiki.State` of this position."""
        return self._at.state

    def current_player(self) -> int:
        """The player to act, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        s = self._at.state
        if s.phase is Phase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if s.actor == CHANCE else s.actor

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of ``player``'s legal actions, ascending."""
        rules = self._rules
        return sorted(action_to_id(rules, a) for a in legal_actions(self._at.state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as ``(id, probability)``, ascending ids."""
        rules = self._rules
        outs = chance_outcomes(self._at.state)
        return sorted((action_to_id(rules, a), float(p)) for a, p in outs)

    def _apply_action(self, action: int) -> None:
        """Play the action (or chance outcome) with id ``action``. Raises
        :class:`~tiki.IllegalActionError` for an illegal one or an unknown id."""
        self._at = _Position(apply(self._at.state, _action(self._rules, action)))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """Refused: Tiki is sequential, one decision at a time (TIKI-TURN-3), so a
        joint action (``apply_actions``) has no node to answer; ``apply_action``."""
        raise IllegalActionError(
            "TIKI-TURN-3",
            f"{SHORT_NAME} is sequential: one player or chance acts at a time, by "
            f"apply_action, not by the joint action {shown(actions)}",
        )

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's token (``+b2``, ``a1-b1-c1``, ``layout=…``), which
        :func:`tiki.parse_action` reads back."""
        return str(_action(self._rules, action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._at.state.phase is Phase.OVER

    def returns(self) -> list[float]:
        """+1 for the winner and −1 for the loser once over; 0 each for a draw or
        while the game runs."""
        result = self._at.state.result
        if result is None or result.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == result.winner else -1.0 for p in PLAYERS]

    def __str__(self) -> str:
        """The board drawing and the status block (:func:`tiki.tools.cli.board.render`)."""
        return render(self._at.state)


def _action(rules: Rules, action: object) -> Any:
    try:
        if isinstance(action, bool):  # an int to Python, no action id here
            raise TypeError
        return id_to_action(rules, operator.index(action))  # type: ignore[arg-type]
    except (NotationError, TypeError):
        raise IllegalActionError(
            "TIKI-TURN-3", f"{shown(action)} is no action id of {SHORT_NAME}"
        ) from None


class TikiObserver:
    """What a player sees, as a string and a tensor (OpenSpiel's PyObserver).

    ``tensor`` is the flat float32 array of :func:`tiki.text.tensor.view_tensor` and
    ``dict["observation"]`` the same memory shaped ``(planes, 3, 3)``.
    """

    def __init__(self, rules: Rules, params: Mapping[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"{SHORT_NAME}'s observer takes no parameters, not {params!r}")
        shape = observation_shape(rules)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        """The last observation, flat."""
        self.dict = {"observation": self.tensor.reshape(shape)}
        """The last observation by name, shaped: one entry, ``"observation"``."""

    def set_from(self, state: TikiState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees in ``state``."""
        self.tensor[:] = view_tensor(seat_view(GAME, state.position, player))

    def string_from(self, state: TikiState, player: int) -> str:
        """What ``player`` sees in ``state``, as the view's text (``view:x …``)."""
        return view_to_text(seat_view(GAME, state.position, player))



if SHORT_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, TikiGame)


def table_oracle(tables: str | os.PathLike[str]) -> Callable[[TikiState], list[float]]:
    """An oracle for OpenSpiel's algorithms from Tiki's retrograde tables built in
    ``tables`` (``tiki tables build``): a state's returns under perfect play, +1 for
    the winner, −1 for the loser, 0 each for a draw (:func:`tiki.tools.tables.returns`;
    ``python_tiki``'s turn cap is not the table's game and is ignored, the other rules
    must be the defaults). A layout or a layer not built is a
    :class:`~tiki.errors.TableError`.

    >>> game = load()
    >>> state = game.new_initial_state()
    >>> for _ in range(2):
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> table_oracle("/nonexistent")(state)
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: tables: /nonexistent is not a directory
    """

    def value(state: TikiState) -> list[float]:
        return list(_table_returns(state.position, tables))

    return value
