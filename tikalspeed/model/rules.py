"""The ruleset of one game of Tikal: the mode, the players and every open reading.

``Rules()`` is the default ruleset of ``specs/tikal.md``: each field names the clause
whose reading it selects. Bad values fail at construction with a ``ValueError`` that
names the field.

>>> Rules()
Rules()
>>> Rules().mode
'speed'
>>> Rules(mode="classic")
Rules(mode='classic')
>>> Rules(mode="professional", players=3)
Rules(mode='professional', players=3)
>>> Rules(jump_action="one-kind", jump_move="border")
Rules(jump_action='one-kind', jump_move='border')
>>> Rules(players=5)
Traceback (most recent call last):
...
ValueError: Rules.players must be 2, 3 or 4, not 5

``tile_mix`` plays another mix of terrain tiles (TIKAL-TILE-8): ``manifest`` is then
the tiles the mix takes from the box given (or the manifest given, if it holds that
mix itself).

>>> rules = Rules(mode="classic", tile_mix=(12, 8, 10, 3))
>>> rules
Rules(mode='classic', tile_mix=TileMix(temple=12, treasure=8, jungle=10, volcano=3))
>>> len(rules.manifest.tiles), rules.manifest.name
(33, 'default.mix-12-8-10-3')
>>> Rules(tile_mix=(-1, 8, 10, 3))
Traceback (most recent call last):
...
ValueError: Rules.tile_mix.temple must be an int from 0 to 36, not -1 (TIKAL-TILE-8)
"""

from __future__ import annotations

from typing import Any

import attrs

from ..board.manifest import Manifest
from ..board.manifestjson import check_not_posing, load_manifest
from ..board.mix import PUBLISHED_MIX, TileMix, as_mix, mix_fault, mix_text
from ..bounds import MAX_AUCTION_SCORE, shown

MODES = ("classic", "professional", "speed")
"""The game modes: base Tikal, the professional auction game, Tikal on Speed."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "mode": MODES,
    "uncover_limit": ("temple", "turn"),
    "sold_out": ("blocked", "skip"),
    "treasure_limit": ("ruin", "turn"),
    "exchange": ("singles", "theirs"),
    "max_bid": ("score", "any"),
    "jump_limits": ("phase", "jump"),
    "two_volcanoes": ("first-secured", "last-secured"),
    "volcano_scoring": ("at-once", "turns"),
    "final_scoring": ("at-once", "turns"),
    "jump_action": ("one", "one-kind"),
    "jump_move": ("path", "border"),
    "jump_blocked": ("other-action", "lost"),
}

_BOOLS = ("camp_needs_member", "guard_on_tie", "start_worker", "forfeit")


def _check(inst: Rules, attribute: attrs.Attribute[Any], value: Any) -> None:
    name = attribute.name
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            allowed = ", ".join(repr(c) for c in _CHOICES[name])
            raise ValueError(f"Rules.{name} must be one of {allowed}, not {shown(value)}")
    elif name == "players":
        if type(value) is not int or not 2 <= value <= 4:
            raise ValueError(f"Rules.players must be 2, 3 or 4, not {shown(value)}")
    elif name == "auction_score":
        if type(value) is not int or not 0 <= value <= MAX_AUCTION_SCORE:
            raise ValueError(
                f"Rules.auction_score must be an int from 0 to {MAX_AUCTION_SCORE} "
                f"(bounds.MAX_AUCTION_SCORE), not {shown(value)}"
            )
    elif name == "manifest":
        if not isinstance(value, Manifest):
            raise ValueError(f"Rules.manifest must be a Manifest, not {shown(value)}")
        check_not_posing(value, load_manifest(), lambda m: ValueError(f"Rules.{m}"))
    elif name == "tile_mix":
        fault = mix_fault(value, "Rules.tile_mix")
        if fault is not None:
            raise ValueError(fault)
    elif name in _BOOLS and type(value) is not bool:
        raise ValueError(f"Rules.{name} must be a bool, not {shown(value)}")


_DEFAULT_MANIFEST = load_manifest()


@attrs.frozen(repr=False, cache_hash=True)
class Rules:
    """The rules of one game of Tikal; the defaults are the readings of ``specs/tikal.md``."""

    mode: str = attrs.field(default="speed", validator=_check)
    """TIKAL-MODE-1: ``'classic'`` (draw a tile each turn), ``'professional'`` (auction)
    or ``'speed'`` (Tikal on Speed: rounds of auction, placement and Jumps)."""
    players: int = attrs.field(default=4, validator=_check)
    """TIKAL-SETUP-1: 2, 3 or 4 players."""
    manifest: Manifest = attrs.field(default=_DEFAULT_MANIFEST, validator=_check)
    """TIKAL-TILE-7: the tiles and board the game is played with (the packaged default,
    or a corrected one); under another ``tile_mix``, the tiles it takes from the box
    given (:meth:`~tikalspeed.board.Manifest.take`, TIKAL-TILE-8)."""
    tile_mix: TileMix = attrs.field(default=PUBLISHED_MIX, converter=as_mix, validator=_check)
    """TIKAL-TILE-8: how many terrain tiles of each kind (temple, treasure, jungle,
    volcano), by default the published 15, 8, 10, 3; a tuple of four ints is taken as a
    :class:`~tikalspeed.board.mix.TileMix`. A manifest that holds another mix of its own
    is played as it is, and ``tile_mix`` must be its mix."""
    uncover_limit: str = attrs.field(default="temple", validator=_check)
    """TIKAL-UNCOVER-3: at most 2 levels per ``'temple'`` per turn, or 2 per ``'turn'``."""
    sold_out: str = attrs.field(default="blocked", validator=_check)
    """TIKAL-UNCOVER-4: a temple whose next level is sold out is ``'blocked'``, or may
    ``'skip'`` to the next value still in supply."""
    treasure_limit: str = attrs.field(default="ruin", validator=_check)
    """TIKAL-TREASURE-2: at most 2 treasures per ``'ruin'`` per turn, or per ``'turn'``."""
    exchange: str = attrs.field(default="singles", validator=_check)
    """TIKAL-EXCHANGE-2: both treasures must be ``'singles'``, or only ``'theirs'``."""
    camp_needs_member: bool = attrs.field(default=False, validator=_check)
    """TIKAL-CAMP-3: building a camp needs one of your pieces on the hex."""
    guard_on_tie: bool = attrs.field(default=False, validator=_check)
    """TIKAL-GUARD-2: a tied greatest force may guard (default: strictly greatest only)."""
    start_worker: bool = attrs.field(default=False, validator=_check)
    """TIKAL-SETUP-3: each player starts with one worker on the base camp."""
    auction_score: int = attrs.field(default=20, validator=_check)
    """TIKAL-AUCTION-1: the score every player starts with in the professional game
    (and the Speed game), 0 to 99 (:data:`~tikalspeed.bounds.MAX_AUCTION_SCORE`)."""
    max_bid: str = attrs.field(default="score", validator=_check)
    """TIKAL-AUCTION-3: a bid may not exceed the bidder's ``'score'``; or ``'any'``: it may,
    as long as the bidder's score stays at or above ``-bounds.MAX_SCORE``."""
    jump_limits: str = attrs.field(default="phase", validator=_check)
    """SPEED-JUMP-9: the per-turn limits (2 levels a temple, 2 treasures a ruin) count
    per Jump ``'phase'`` of a round, or per single ``'jump'``."""
    forfeit: bool = attrs.field(default=False, validator=_check)
    """SPEED-JUMP-8: a player may stop early, forfeiting the tokens left this phase."""
    two_volcanoes: str = attrs.field(default="first-secured", validator=_check)
    """SPEED-AUCTION-3: with two volcanoes secured in one round, the ``'first-secured'``
    leads the Round Order, or the ``'last-secured'``."""
    volcano_scoring: str = attrs.field(default="at-once", validator=_check)
    """SPEED-SCORE-1: after the Jumps of a volcano round every player scores
    ``'at-once'``, or each in Round Order first takes a scoring turn of 10 AP and scores
    at its end (``'turns'``, as in the base game, TIKAL-SCORE-1)."""
    final_scoring: str = attrs.field(default="at-once", validator=_check)
    """SPEED-END-1: after the last round every player scores once more ``'at-once'``, or
    each in Round Order takes a final turn of 10 AP and scores at its end (``'turns'``,
    as in the base game, TIKAL-END-1)."""
    jump_action: str = attrs.field(default="one", validator=_check)
    """SPEED-JUMP-3: the points of a Jump go on ``'one'`` action, or on any number of
    actions of ``'one-kind'`` (several pieces brought in, several pieces moved)."""
    jump_move: str = attrs.field(default="path", validator=_check)
    """SPEED-JUMP-3, TIKAL-MOVE-3: a move in a Jump takes one piece along a ``'path'``
    across any number of borders, or across one ``'border'`` (paying its stones)."""
    jump_blocked: str = attrs.field(default="other-action", validator=_check)
    """SPEED-JUMP-7: a player whose action in mind the players before him in the Jump
    made impossible takes any ``'other-action'`` within his points, or (``'lost'``)
    only one he could have had in mind, open to him before they acted: an action only
    they opened is not one, and with none left his points are lost."""

    def __attrs_post_init__(self) -> None:
        """TIKAL-TILE-8: ``manifest`` becomes the tiles ``tile_mix`` takes from the box."""
        given = self.manifest.taken_from or self.manifest
        if given.mix == self.tile_mix:
            played = given
        elif given.mix == PUBLISHED_MIX:
            played = given.take(self.tile_mix)
        else:
            raise ValueError(
                f"Rules.tile_mix is {mix_text(self.tile_mix)}, but the manifest "
                f"{given.name!r} version {given.version} holds {mix_text(given.mix)}: a "
                "manifest with a mix of its own is played as it is, and tile_mix must be "
                "its mix (TIKAL-TILE-8)"
            )
        if played is not self.manifest:
            object.__setattr__(self, "manifest", played)

    @property
    def interleaved(self) -> bool:
        """Whether the players' actions interleave within a phase (Tikal on Speed's
        Jumps): then the per-turn limits are counted per player, and ``State.raised`` /
        ``State.dug`` note ``player * 40 + cell`` rather than the cell (SPEED-JUMP-9)."""
        return self.mode == "speed"

    def non_default(self) -> dict[str, Any]:
        """Return the fields that differ from the defaults, in field order.

        >>> Rules(players=2, sold_out="skip").non_default()
        {'players': 2, 'sold_out': 'skip'}
        >>> Rules(mode="classic", players=2).non_default()
        {'mode': 'classic', 'players': 2}
        >>> Rules(tile_mix=(15, 8, 10, 2)).non_default()
        {'tile_mix': TileMix(temple=15, treasure=8, jungle=10, volcano=2)}

        The manifest is the one given (the box a tile mix took its tiles from,
        TIKAL-TILE-8), as the text forms name it.
        """
        out: dict[str, Any] = {}
        for a in attrs.fields(Rules):
            value = getattr(self, a.name)
            if a.name == "manifest":  # the box given, not the tiles a mix took from it
                value = value.taken_from or value
            if value != a.default:
                out[a.name] = value
        return out

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickle only the fields that differ from the defaults: a state pickled under
        the packaged tiles carries no copy of their manifest, and a ruleset read back
        is checked like any other.

        >>> import pickle
        >>> rules = Rules(mode="classic", players=2)
        >>> pickle.loads(pickle.dumps(rules)) == rules
        True
        >>> len(pickle.dumps(Rules())) < 200
        True
        """
        return (_from_fields, (self.non_default(),))

    def __repr__(self) -> str:
        parts = []
        for k, v in self.non_default().items():
            shown = f"<manifest {v.name!r} v{v.version}>" if k == "manifest" else repr(v)
            parts.append(f"{k}={shown}")
        return f"Rules({', '.join(parts)})"


def _from_fields(fields: dict[str, Any]) -> Rules:
    """The ruleset of a pickle: :meth:`Rules.__reduce__`'s fields over the defaults."""
    return Rules(**fields)
