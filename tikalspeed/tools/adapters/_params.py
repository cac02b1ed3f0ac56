"""The game parameters of ``python_tikal`` (:mod:`.openspiel`): the
:class:`~tikalspeed.Rules` fields as OpenSpiel parameters, and the bound on a game's
length. Plain Python: OpenSpiel is needed only where the game is registered.

OpenSpiel's parameters are scalars, and a game's string separates them by commas: the
tile mix (TIKAL-TILE-8) is given as its four counts joined by ``/``,
``"temple/treasure/jungle/volcano"``, and the manifest is none of them.

>>> params_from_rules(Rules(players=2, tile_mix=(12, 8, 10, 3)))["tile_mix"]
'12/8/10/3'
>>> rules_from_params({"tile_mix": "12/8/10/3"}).tile_mix
TileMix(temple=12, treasure=8, jungle=10, volcano=3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ...board.mix import TileMix, mix_text
from ...board.terrain import terrain
from ...bounds import MAX_DIGITS, MAX_SCORE, scoring_points, shown
from ...model.records import AP_PER_TURN, MAX_TOKENS, TOKENS
from ...model.rules import Rules

__all__ = ["PARAMETERS", "SHORT_NAME", "max_game_length", "params_from_rules", "rules_from_params"]

SHORT_NAME = "python_tikal"
"""The name OpenSpiel knows the game by: ``pyspiel.load_game("python_tikal")``."""

_DEFAULT_RULES = Rules()


def _scalar(value: Any) -> Any:
    """A field's value as a parameter: a tile mix as ``"15/8/10/3"``."""
    return mix_text(value).replace(",", "/") if isinstance(value, TileMix) else value


PARAMETERS: dict[str, Any] = {
    f.name: _scalar(getattr(_DEFAULT_RULES, f.name))
    for f in attrs.fields(Rules)
    if f.name != "manifest"
}
"""The parameters and their defaults: every ``Rules`` field but the manifest."""


def rules_from_params(params: Mapping[str, Any]) -> Rules:
    """The :class:`~tikalspeed.Rules` of the game parameters ``params`` (missing ones
    take their defaults). Raises ``ValueError`` for an unknown name or a bad value.

    >>> rules_from_params({"mode": "professional", "players": 3})
    Rules(mode='professional', players=3)
    """
    if not isinstance(params, Mapping):
        raise ValueError(f"{SHORT_NAME}: the parameters are a mapping, not {shown(params)}")
    unknown = sorted(str(k) for k in set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(f"{SHORT_NAME} has no parameter {shown(unknown[0])}")
    fields = {**PARAMETERS, **params}
    if isinstance(fields["tile_mix"], str):
        fields["tile_mix"] = _mix(fields["tile_mix"])
    return Rules(**fields)


def _mix(text: str) -> TileMix:
    """A tile mix from its parameter, ``"12/8/10/3"``; ``Rules`` checks its bounds."""
    counts = text.split("/")
    if len(counts) != 4 or not all(c.isascii() and c.isdigit() for c in counts):
        raise ValueError(
            f"{SHORT_NAME}: tile_mix is 4 whole numbers joined by '/', "
            f"temple/treasure/jungle/volcano (e.g. 12/8/10/3), not {shown(text)}"
        )
    if any(len(c) > MAX_DIGITS for c in counts):
        raise ValueError(f"{SHORT_NAME}: tile_mix {shown(text)} is out of bounds")
    return TileMix(*(int(c) for c in counts))


def params_from_rules(rules: Rules) -> dict[str, Any]:
    """The game parameters of ``rules``: every field but the manifest (which must be
    the packaged one, or the tiles a tile mix takes from it: OpenSpiel's parameters
    cannot carry a manifest).

    >>> params_from_rules(Rules(players=2))["players"]
    2
    """
    if (rules.manifest.taken_from or rules.manifest) != _DEFAULT_RULES.manifest:
        raise ValueError(f"{SHORT_NAME} plays the packaged manifest only")
    return {name: _scalar(getattr(rules, name)) for name in PARAMETERS}


def max_game_length(rules: Rules) -> int:
    """An upper bound on the decisions of one game (chance excluded; a Jump's joint
    choice counts once). A turn of 10 AP is at most 11 decisions (every action costs
    1 AP or more, then the end, TIKAL-TURN-2), a tile is placed once, an auction is
    at most one bid per point of the highest bid anyone can make, a pass per player
    and a tile taken (TIKAL-AUCTION-3). The base game: a turn per tile, and per
    volcano a scoring round and the volcano's turn, and the final round; the
    professional game adds an auction per tile; Speed plays ``ceil(tiles / players)``
    rounds, each an auction per player, a placement per player and at most 10 Jumps
    (each takes a token or more from every jumper, SPEED-JUMP-1), a Jump one joint
    choice and each jumper's one action (six under ``jump_action='one-kind'`` and the
    other readings that let him act more than once), plus a bonus turn per volcano
    and the scoring turns where the rules play them. The tiles and volcanoes are those
    of the tile mix (TIKAL-TILE-8), and so is the highest score: a scoring per volcano
    and one more, each of at most ``bounds.scoring_points`` of its temples. The bids
    dominate the bound; real games are far shorter: 100 random games of each mode took
    at most 188 (base), 356 (professional) and 504 decisions (Speed, 4 players,
    ``'one-kind'``).

    >>> [max_game_length(Rules(mode=m, players=2)) for m in ("classic", "professional", "speed")]
    [556, 32776, 32829]
    """
    n = rules.players
    tiles = len(terrain(rules.manifest).tile_ids)
    mix = rules.tile_mix
    volcanoes = mix.volcano
    turn = AP_PER_TURN + 1
    top_bid = rules.auction_score + (volcanoes + 1) * scoring_points(mix.temple)
    if rules.max_bid == "any":
        top_bid += MAX_SCORE
    auction = top_bid + n + 1
    if rules.mode != "speed":
        per_tile = 1 + turn + (auction if rules.mode == "professional" else 0)
        return tiles * per_tile + volcanoes * (1 + turn + n * turn) + n * turn
    plain = (rules.jump_action, rules.jump_move, rules.jump_blocked) == (
        "one",
        "path",
        "other-action",
    )
    jump = 1 + n * (1 if plain else MAX_TOKENS + 1)
    rounds = -(-tiles // n)
    length = rounds * (n * auction + n + TOKENS * jump) + volcanoes * turn
    if rules.volcano_scoring == "turns":
        length += volcanoes * n * turn
    if rules.final_scoring == "turns":
        length += n * turn
    return length
