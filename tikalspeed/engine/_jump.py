"""The Jumps of Tikal on Speed (private to :mod:`tikalspeed.engine.speed`): the token
choices a player may make (SPEED-JUMP-1/4/8), and one player's turn in a Jump under the
readings of SPEED-JUMP-3 and SPEED-JUMP-7 that are not the default.

``Rules.jump_action='one-kind'``: the points chosen go on any number of actions of
one kind (bring in several pieces, move several pieces), the kind being that of the
player's first action of the Jump, kept in ``State.jump_kind`` by its token's keyword;
after that first action he may stop (``end``), losing what is left.
``Rules.jump_move='border'``: a move in a Jump crosses one border and pays its stones
(TIKAL-MOVE-1), not a whole path at its cheapest (TIKAL-MOVE-3).
``Rules.jump_blocked='lost'`` (SPEED-JUMP-7): an action that only the players before
him in the Jump made possible cannot be the one a player had in mind; the actions so
opened are kept in ``State.opened`` and refused him.

Under the default rules (``jump_action='one'``, ``jump_move='path'``,
``jump_blocked='other-action'``) nothing here runs: the mode asks :func:`plain` first.
"""

from __future__ import annotations

from typing import Any

from gamekit.i18n import N_

from ..board.terrain import border_cost
from ..bounds import shown, shown_action
from ..errors import Reason
from ..model.actions import (
    WORKER,
    Action,
    APAction,
    BuildCamp,
    CampMove,
    ChooseTokens,
    EndTurn,
    Enter,
    Exchange,
    Guard,
    Move,
    TakeTreasure,
    Uncover,
    player_name,
)
from ..model.events import ActionTaken
from ..model.records import MAX_TOKENS
from ..model.rules import Rules
from ..model.state import State
from .ap import actions_for, ap_actions, cheapest, costs_too_much, why_ap_illegal
from .work import Work, among, given, named

__all__ = [
    "KEYWORDS",
    "ONE_ACTION",
    "cross_border",
    "has_action",
    "jump_actions",
    "more_of_kind",
    "note_opened",
    "plain",
    "still_to_act",
    "token_choices",
    "why_not",
    "why_not_chosen",
]

KEYWORDS: dict[type, str] = {
    Enter: N_("enter"),
    CampMove: N_("hop"),
    Move: N_("move"),
    Uncover: N_("uncover"),
    TakeTreasure: N_("dig"),
    Exchange: N_("swap"),
    BuildCamp: N_("camp"),
    Guard: N_("guard"),
}
"""The kind of each AP action, as the keyword of its token (``State.jump_kind``); each
a word a refusal says in a player's language too (``SPEED-JUMP-3``)."""

_OPENABLE = (Exchange, BuildCamp, Guard)
"""The kinds of action another player's action can make legal (SPEED-JUMP-7): a swap
(treasures change hands), a camp (a ruin emptied), a guard (another force leaves the
temple). Every other action of a player rests on his own pieces and camps, the paths
of the board, and what the others can only take away (treasures, level tiles, free
temples)."""

ONE_ACTION = N_("in a Jump the points go on exactly one action")
"""SPEED-JUMP-3: the refusal of ending a Jump turn before its one action."""


_PLAIN: list[Any] = [None, True]
"""The rules :func:`plain` answered last, and its answer (a game asks for one ruleset)."""


def plain(rules: Rules) -> bool:
    """Whether ``rules`` read SPEED-JUMP-3 and SPEED-JUMP-7 the default way: one action,
    a move a path, any other action when the one in mind became impossible."""
    if rules is _PLAIN[0]:
        found: bool = _PLAIN[1]
        return found
    found = (
        rules.jump_action == "one"
        and rules.jump_move == "path"
        and rules.jump_blocked == "other-action"
    )
    _PLAIN[0], _PLAIN[1] = rules, found
    return found


def _token(player: int, action: Action) -> str:
    """``action``'s token naming its player, as ``State.opened`` holds it."""
    return f"{player_name(player)}:{action}"


def _border(state: State, action: Move) -> int | None:
    """The stones of the one border ``action`` crosses, or ``None`` if it crosses none."""
    manifest, placed = state.rules.manifest, state.jungle.placed
    return border_cost(manifest, placed, action.origin, action.destination)


def jump_actions(state: State) -> tuple[APAction, ...]:
    """SPEED-JUMP-3/7: the active player's legal actions in his Jump turn (not
    :func:`plain` rules): after a first action of ``'one-kind'``, more of that kind or
    stopping; with ``'border'``, moves across one border within the points; with
    ``'lost'``, none that the players before him opened (``State.opened``)."""
    kind, opened = state.speed.jump_kind, state.speed.opened
    found = ap_actions(state, bool(kind))
    border = state.rules.jump_move == "border"
    if not kind and not border and not opened:
        return found
    ap, player = state.turn.ap, state.turn.active
    out: list[APAction] = []
    for a in found:
        if type(a) is not EndTurn:
            if kind and KEYWORDS[type(a)] != kind:
                continue
            if border and type(a) is Move:
                cost = _border(state, a)
                if cost is None or cost > ap:
                    continue
            if opened and type(a) in _OPENABLE and _token(player, a) in opened:
                continue
        out.append(a)
    return tuple(out)


def has_action(state: State) -> bool:
    """Whether the active player has an action in his Jump turn (not just stopping)."""
    return any(type(a) is not EndTurn for a in jump_actions(state))


def more_of_kind(state: State) -> bool:
    """SPEED-JUMP-3, ``'one-kind'``: whether the active player can take another action of
    his Jump's kind with the points left."""
    return has_action(state)


def why_not(state: State, action: APAction) -> tuple[str, str] | None:
    """``(clause, reason)`` if ``action`` is not legal in the active player's Jump turn
    (not :func:`plain` rules), else ``None``."""
    kind = state.speed.jump_kind
    if isinstance(action, EndTurn):
        return None if kind else ("SPEED-JUMP-3", Reason(ONE_ACTION))
    if kind and KEYWORDS.get(type(action)) != kind:
        return "SPEED-JUMP-3", Reason(
            N_("{action}: every action of this Jump is a {kind} action "
               "(Rules.jump_action='one-kind')"),
            action=str(action), kind=kind,
        )  # fmt: skip
    why = why_ap_illegal(state, action, False)
    opened = state.speed.opened
    if why is None and opened and _token(state.turn.active, action) in opened:
        return "SPEED-JUMP-7", Reason(
            N_("{action}: only the players before you in this Jump made it possible, so it "
               "was not the action you had in mind (Rules.jump_blocked='lost')"),
            action=str(action),
        )  # fmt: skip
    if why is None and state.rules.jump_move == "border" and type(action) is Move:
        cost = _border(state, action)
        if cost is None:
            return "SPEED-JUMP-3", Reason(
                N_("{action}: a move in a Jump crosses one border with stones "
                   "(Rules.jump_move='border')"),
                action=str(action),
            )  # fmt: skip
        if cost > state.turn.ap:
            return costs_too_much(action, cost, state.turn.ap)
    return why


def cross_border(w: Work, action: Move) -> None:
    """SPEED-JUMP-3, ``'border'``: the piece crosses the one border to its destination
    and pays the stones on it (TIKAL-MOVE-1)."""
    state = w.state
    p, a, b = action.player, action.origin, action.destination
    cost = _border(state, action)
    assert cost is not None
    w.set(ap=state.turn.ap - cost)
    if w.wants(ActionTaken):  # the action's text only where the events are wanted
        w.tell(ActionTaken, p, str(action), cost, "TIKAL-MOVE-1")
    if action.piece == WORKER:
        w.set_cell("workers", p, a, state.expeditions.workers[p][a] - 1)
        w.set_cell("workers", p, b, w.workers[p][b] + 1)
    else:
        w.set_item("leaders", p, b)


def _openable(state: State, player: int, points: int) -> set[str]:
    """The swaps, camps and guards ``player`` could take with ``points`` in ``state``."""
    found = actions_for(state, player, points, False)
    return {_token(player, a) for a in found if type(a) in _OPENABLE}


def still_to_act(opened: tuple[str, ...], players: tuple[int, ...]) -> tuple[str, ...]:
    """The tokens of ``opened`` that belong to ``players``.

    >>> still_to_act(("P1:camp:c1", "P3:camp:c1"), (2, 1))
    ('P3:camp:c1',)
    """
    names = tuple(f"{player_name(p)}:" for p in players)
    return tuple(t for t in opened if t.startswith(names))


def note_opened(w: Work) -> None:
    """SPEED-JUMP-7, ``'lost'``: note the actions that the action just taken (from
    ``w.state`` to now) made legal for the players still to act in the Jump."""
    before, after = w.state, w.now
    chosen, noted = after.speed.chosen, after.speed.opened
    new = [
        token
        for q in after.speed.jump_order
        for token in sorted(_openable(after, q, chosen[q]) - _openable(before, q, chosen[q]))
        if token not in noted
    ]
    if new:
        w.set(opened=(*noted, *new))


_CHOICES = tuple(tuple(ChooseTokens(p, n) for n in range(MAX_TOKENS + 1)) for p in range(4))
"""Shared ChooseTokens instances (actions are values): ``_CHOICES[player][count]``."""
_STOPS = tuple(EndTurn(p) for p in range(4))
_LAST_CHOICES: dict[int, tuple[tuple[object, ...], int, tuple[Action, ...]]] = {}
"""Per player, what :func:`token_choices` answered last, with what it depends on."""


def token_choices(state: State, player: int) -> tuple[Action, ...]:
    """SPEED-JUMP-1/4: 1 to 5 tokens, no more than are left, and only as many as some
    action the player could take then can use; with ``Rules.forfeit``, stopping.

    The answer depends on the pieces, the board, the limits used so far and the tokens
    left, none of which a token choice changes: it is computed once per Jump and player,
    not again at each node of the Jump's secret choices."""
    turn = state.turn
    top = min(MAX_TOKENS, state.speed.tokens[player])
    basis = (state.rules, state.expeditions, state.jungle, turn.raised, turn.dug)
    last = _LAST_CHOICES.get(player)
    if last is not None and last[1] == top:
        was = last[0]
        if (
            was[0] is basis[0]
            and was[1] is basis[1]
            and was[2] is basis[2]
            and was[3] is basis[3]
            and was[4] is basis[4]
        ):
            return last[2]
    low = cheapest(state, player, top)
    mine = _CHOICES[player]
    out: list[Action] = [] if low is None else list(mine[low : top + 1])
    if state.rules.forfeit:  # SPEED-JUMP-8
        out.append(_STOPS[player])
    found = tuple(out)
    _LAST_CHOICES[player] = (basis, top, found)
    return found


def why_not_chosen(state: State, player: int, action: object) -> tuple[str, str] | None:
    """``(clause, reason)`` if ``action`` is not one of ``player``'s token choices (he
    is to choose in this Jump), else ``None`` (SPEED-JUMP-1/4/8)."""
    if type(action) is ChooseTokens and type(given(action, "count")) is not int:
        count = f"count={shown(given(action, 'count'))}"
        return "TIKAL-TURN-4", Reason(N_("{action} is malformed: {fault}"),
                                      action=shown_action(action), fault=count)  # fmt: skip
    if among(action, token_choices(state, player)):
        return None
    who = player_name(player)
    if isinstance(action, ChooseTokens):
        if not 1 <= action.count <= min(MAX_TOKENS, state.speed.tokens[player]):
            token = f"tokens:{shown(action.count)}"
            return "SPEED-JUMP-1", Reason(N_("{action}: 1 to 5 tokens, no more than are left"),
                                          action=token)  # fmt: skip
        return "SPEED-JUMP-4", Reason(N_("{action}: no action {player} could take fits"),
                                      action=str(action), player=who)  # fmt: skip
    if type(action) is EndTurn and not state.rules.forfeit:  # SPEED-JUMP-8, the default
        return "SPEED-JUMP-8", Reason(
            N_("{player} may not stop: whoever can take part chooses tokens in every Jump "
               "(Rules(forfeit=True) lets him forfeit)"),
            player=who,
        )  # fmt: skip
    if state.rules.forfeit:  # SPEED-JUMP-8
        return "SPEED-JUMP-1", Reason(
            N_("{action} does not answer the decision asked: {player} chooses 1 to 5 tokens "
               "in secret, or stops (end)"),
            action=named(state, action), player=who,
        )  # fmt: skip
    return "SPEED-JUMP-1", Reason(
        N_("{action} does not answer the decision asked: {player} chooses 1 to 5 tokens in "
           "secret"),
        action=named(state, action), player=who,
    )  # fmt: skip
