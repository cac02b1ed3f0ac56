"""Text forms: the one-token action notation and the one-line position string.

A position string (our FEN) has 19 space-separated fields, then a ``speed:...`` field
in the Speed game (the default mode) and a ``rules:...`` field when the rules are not
the defaults; ``docs/tikal-notation.md`` describes each field. A base-game position:

>>> from tikalspeed import new_game, apply, Rules
>>> s = new_game(Rules(mode="classic", players=2))
>>> s = apply(s, parse_action(s, "draw=A3"))
>>> text = to_text(s)
>>> text.split(" ")[:6]
['8/8/8/*,*,6/*,*,6', 'place', 'P1', 'normal', '0', '-']
>>> " ".join(text.split(" ")[6:])
'- - P2 - A3 - A1,A2,A4..G4 3,6,9,11,8,5,3,2,1 18L,18L -,- 0,0 - - rules:mode=classic;players=2'
>>> from_text(text) == s
True
>>> parse_action(s, "place:c1:0")
PlaceTile(player=0, cell=2, rotation=0)
"""

from __future__ import annotations

import re

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import terrain
from ..bounds import MAX_BID, MAX_COUNT, MAX_DIGITS, shown
from ..engine import actors
from ..errors import NotationError
from ..model.actions import (
    LEADER,
    PIECE_NAMES,
    TREASURE_NAMES,
    WORKER,
    Action,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    ChooseTokens,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    TakeTreasure,
    Uncover,
    player_name,
)
from ..model.state import CHANCE, Phase, State
from ..model.view import View, not_a_position
from .position import from_text, player_from_name, to_text
from .rulestext import rules_from_text, rules_to_text

__all__ = [
    "action_token",
    "from_text",
    "parse_action",
    "rules_from_text",
    "rules_to_text",
    "to_text",
]

_CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}
_NAT = re.compile(r"0|[1-9][0-9]*")
_PIECES = {name: piece for piece, name in zip((WORKER, LEADER), PIECE_NAMES, strict=True)}

# token head -> the parts after it (c: cell, p: piece, k: treasure, o: other player,
# r: rotation, n: amount, t: token count)
_FORMS: dict[str, str] = {
    "place": "cr",
    "enter": "pc",
    "hop": "pcc",
    "move": "pcc",
    "uncover": "c",
    "dig": "c",
    "camp": "c",
    "guard": "cp",
    "swap": "kok",
    "bid": "n",
    "tokens": "t",
}
_WHAT = {
    "c": "cell",
    "p": "piece (w or l)",
    "k": "treasure (A to H)",
    "o": "player",
    "r": "rotation",
    "n": "amount",
    "t": "count",
}


def parse_action(state: State | View, text: str, *, player: int | None = None) -> Action:
    """Read the one-token notation ``text`` as an action of whoever acts in ``state``
    (a position, or a player's :class:`~tikalspeed.View`).

    Chance outcomes (``draw=``, ``reveal=``, ``find=``) belong to chance; every other
    token to ``player``, by default the first of :func:`tikalspeed.actors` (the active
    player; at a Speed Jump's TOKENS node, where several players choose at once, the
    first jumper still to choose). A token may name its player itself with a prefix,
    ``P2:tokens:3`` (records write it at TOKENS nodes); a prefix and a different
    ``player`` conflict. Tile ids are those of ``state.rules.manifest``. Only the form
    is checked here; legality is :func:`tikalspeed.step`'s job. Raises
    :class:`NotationError` for text that is not an action token, whose ``position`` is
    the offset in ``text`` of the part that cannot be read; for a ``player`` that is not
    ``None``, ``CHANCE`` or one of the game's players; and for a token other than a
    chance outcome given ``player=CHANCE`` (chance only draws, reveals and finds).
    In a view a token is read as in its position, and belongs by default to the view's
    player: a client reads his own actions in what he sees.

    >>> from tikalspeed import new_game
    >>> s = new_game()
    >>> parse_action(s, "draw=A4")
    DrawTile(tile=3)
    >>> parse_action(s, "move:l:b2:d3")
    Move(player=0, piece=1, origin=9, destination=19)
    >>> parse_action(s, "swap:A:P3:E")
    Exchange(player=0, give=0, other=2, take=4)
    >>> parse_action(s, "move:l:b2:d9")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: unknown cell 'd9' in 'move:l:b2:d9' (at 10)
    >>> parse_action(s, "draw=Z9")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: unknown tile 'Z9' in 'draw=Z9' (at 5)
    >>> parse_action(s, "tokens:3", player=2), parse_action(s, "P2:tokens:4")
    (ChooseTokens(player=2, count=3), ChooseTokens(player=1, count=4))
    """
    mine: int | None = None
    if isinstance(state, View):
        mine = state.player
        state = state.state
    refused = not_a_position(state, "")
    if refused is not None:
        raise NotationError(refused)
    if not isinstance(text, str):
        raise NotationError(f"an action token is a str, not {type(text).__name__}")
    n = state.rules.players
    if player is not None and (type(player) is not int or not CHANCE <= player < n):
        raise NotationError(f"player must be None, CHANCE or 0 to {n - 1}, not {shown(player)}")
    lead = len(text) - len(text.lstrip())
    t = text.strip()
    if not t:
        raise NotationError("empty action token", 0)
    name, colon, rest = t.partition(":")
    named = player_from_name(name, n) if colon else None
    if named is not None:
        if player is not None and player != named:
            raise NotationError(f"{shown(t)} names {name}, not the player given", lead)
        player, lead, t = named, lead + len(name) + 1, rest
    elif colon and len(name) == 2 and name[0] == "P" and name[1].isdigit():
        raise NotationError(f"no player {name} in a {n}-player game", lead)
    chance_ok = player in (None, CHANCE)
    head = t.partition("=")[0] if "=" in t else None
    if player == CHANCE and head not in ("draw", "reveal", "find"):
        raise NotationError(
            f"{shown(t)} is not a chance outcome (draw=, reveal=, find=): chance makes no "
            "other action",
            lead,
        )
    if player is None and mine is not None:
        player = mine
    if player is None:
        who = actors(state)
        player = who[0] if who and who[0] != CHANCE else state.active
    if t == "end":
        return EndTurn(player)
    if t == "pass":
        return PassBid(player)
    head, eq, value = t.partition("=")
    if eq and head in ("draw", "reveal", "find"):
        if not chance_ok:
            raise NotationError(f"{shown(t)} is a chance outcome: no player makes it", lead)
        at = lead + len(head) + 1
        if head == "find":
            kinds = TREASURE_NAMES[: state.rules.manifest.components.treasure_kinds]
            if len(value) != 1 or value not in kinds:
                raise NotationError(f"unknown treasure {shown(value)} in {shown(t)}", at)
            return FindTreasure(kinds.index(value))
        tile = _tile(state, value, at, t)
        return DrawTile(tile, value) if head == "draw" else RevealTile(tile, value)
    parts = t.split(":")
    if parts[0] == "take" and len(parts) == 2:
        return ChooseTile(player, _tile(state, parts[1], lead + 5, t), parts[1])
    form = _FORMS.get(parts[0])
    if form is None:
        raise NotationError(f"cannot read action {shown(t)}", lead)
    if len(parts) != len(form) + 1:
        raise NotationError(
            f"{shown(parts[0])} takes {len(form)} part(s) after it: "
            + ":".join([parts[0], *(_WHAT[f].split()[0] for f in form)]),
            lead,
        )
    values: list[int] = []
    at = lead + len(parts[0]) + 1
    for kind, part in zip(form, parts[1:], strict=True):
        values.append(_part(state, kind, part, at, t))
        at += len(part) + 1
    return _build(parts[0], player, values)


def _build(head: str, p: int, v: list[int]) -> Action:
    if head == "place":
        return PlaceTile(p, v[0], v[1])
    if head == "enter":
        return Enter(p, v[0], v[1])
    if head == "hop":
        return CampMove(p, v[0], v[1], v[2])
    if head == "move":
        return Move(p, v[0], v[1], v[2])
    if head == "uncover":
        return Uncover(p, v[0])
    if head == "dig":
        return TakeTreasure(p, v[0])
    if head == "camp":
        return BuildCamp(p, v[0])
    if head == "guard":
        return Guard(p, v[0], v[1])
    if head == "swap":
        return Exchange(p, v[0], v[1], v[2])
    if head == "tokens":
        return ChooseTokens(p, v[0])
    return Bid(p, v[0])


def _part(state: State, kind: str, part: str, at: int, whole: str) -> int:
    """Read one ``:``-separated part of a token, or raise at offset ``at``."""
    value: int | None = None
    if kind == "c":
        value = _CELL_INDEX.get(part)
    elif kind == "p":
        value = _PIECES.get(part)
    elif kind == "k":
        kinds = TREASURE_NAMES[: state.rules.manifest.components.treasure_kinds]
        value = kinds.index(part) if len(part) == 1 and part in kinds else None
    elif kind == "o":
        value = player_from_name(part, state.rules.players)
    elif kind == "r":
        value = int(part) if len(part) == 1 and part in "012345" else None
    elif _NAT.fullmatch(part):
        value = int(part) if len(part) <= MAX_DIGITS else None
        if value is None or value > MAX_BID:  # no bid, and no token count, is larger
            raise NotationError(
                f"{shown(part)} in {shown(whole)}: a number in an action is at most {MAX_BID} "
                "(bounds.MAX_BID)",
                at,
            )
        if kind == "t" and value > MAX_COUNT:  # as in JSON: a count, like every other
            raise NotationError(
                f"{shown(part)} in {shown(whole)}: a token count is at most {MAX_COUNT} "
                "(bounds.MAX_COUNT)",
                at,
            )
    if value is None:
        raise NotationError(f"unknown {_WHAT[kind]} {shown(part)} in {shown(whole)}", at)
    return value


def _tile(state: State, tile_id: str, at: int, whole: str) -> int:
    index = terrain(state.rules.manifest).index.get(tile_id)
    if index is None:
        raise NotationError(f"unknown tile {shown(tile_id)} in {shown(whole)}", at)
    return index


def action_token(state: State | View, action: Action) -> str:
    """The token of ``action`` in ``state``, unique among its legal actions: what
    :func:`parse_action` reads back as ``action`` (``parse_action(state,
    action_token(state, a)) == a`` for every legal action). It is ``str(action)``
    except for two cases. Tiles are named by the ids of ``state``'s manifest. At a
    Speed Jump's TOKENS node, where several players choose at once, the token names
    its player: ``P2:tokens:3``, ``P2:end`` (SPEED-JUMP-1); a chance outcome names none.

    >>> from tikalspeed import new_game, DrawTile
    >>> action_token(new_game(), DrawTile(3))
    'draw=A4'

    In a player's :class:`~tikalspeed.View` the token is the one of its position.
    """
    if isinstance(state, View):
        state = state.state
    refused = not_a_position(state, "")
    if refused is not None:
        raise NotationError(refused)
    player = getattr(action, "player", None)
    token: str | None = None
    if isinstance(action, DrawTile | RevealTile | ChooseTile):
        ids = terrain(state.rules.manifest).tile_ids
        if type(action.tile) is int and 0 <= action.tile < len(ids):
            tile_id = ids[action.tile]
            head = {DrawTile: "draw=", RevealTile: "reveal=", ChooseTile: "take:"}[type(action)]
            token = head + tile_id
    try:
        if token is None:
            token = str(action)
        if state.phase is Phase.TOKENS and type(player) is int and player >= 0:
            return f"{player_name(player)}:{token}"
    except Exception:  # a malformed action object: show its repr
        return repr(action)
    return token
