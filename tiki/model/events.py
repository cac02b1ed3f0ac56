"""Events: what a transition did, each naming the clause that caused it.

``str(event)`` is a short English sentence for narration.

>>> str(FruitsGained(player=0, count=2))
'x gains 2 fruits (TIKI-INFL-4)'
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from .state import PLAYER_SYMBOLS, Outcome


def _p(player: int) -> str:
    return PLAYER_SYMBOLS[player]


@attrs.frozen
class LayoutSet:
    """The villages were laid out; ``tiles`` are the values a1 … c3."""

    tiles: tuple[int, ...]
    clause: str = "TIKI-SETUP-1"

    def __str__(self) -> str:
        return f"villages laid out {','.join(map(str, self.tiles))} ({self.clause})"


@attrs.frozen
class FirstPlayerChosen:
    """``player`` moves first."""

    player: int
    clause: str = "TIKI-SETUP-5"

    def __str__(self) -> str:
        return f"{_p(self.player)} moves first ({self.clause})"


@attrs.frozen
class TotemCreated:
    """``player`` put a tiki from the supply on ``village``."""

    player: int
    village: int
    clause: str = "TIKI-CREATE-1"

    def __str__(self) -> str:
        return f"{_p(self.player)} creates a totem on {VILLAGE_NAMES[self.village]} ({self.clause})"


@attrs.frozen
class TotemMoved:
    """``player`` moved the totem on ``path[0]`` along ``path``."""

    player: int
    path: tuple[int, ...]
    clause: str = "TIKI-MOVE-2"

    def __str__(self) -> str:
        route = "-".join(VILLAGE_NAMES[v] for v in self.path)
        return f"{_p(self.player)} moves the totem {route} ({self.clause})"


@attrs.frozen
class TikiDropped:
    """The moving totem's bottom tiki, ``owner``'s, was left on top at ``village``."""

    owner: int
    village: int
    height: int
    clause: str = "TIKI-MOVE-6"

    def __str__(self) -> str:
        return (
            f"{_p(self.owner)} tiki dropped on {VILLAGE_NAMES[self.village]}, "
            f"now {self.height} high ({self.clause})"
        )


@attrs.frozen
class OrderChosen:
    """``player`` (not on turn) chose ``village`` to resolve first."""

    player: int
    village: int
    clause: str = "TIKI-INFL-3"

    def __str__(self) -> str:
        return f"{_p(self.player)} resolves {VILLAGE_NAMES[self.village]} first ({self.clause})"


@attrs.frozen
class VillageInfluenced:
    """``village`` (worth ``value``) held 3 tikis; ``beneficiary`` owns the top one."""

    village: int
    beneficiary: int
    value: int
    clause: str = "TIKI-INFL-1"

    def __str__(self) -> str:
        return (
            f"{VILLAGE_NAMES[self.village]} ({self.value:+d}) influenced for "
            f"{_p(self.beneficiary)} ({self.clause})"
        )


@attrs.frozen
class FruitsGained:
    """``player`` took ``count`` fruits from the reserve."""

    player: int
    count: int
    clause: str = "TIKI-INFL-4"

    def __str__(self) -> str:
        s = "" if self.count == 1 else "s"
        return f"{_p(self.player)} gains {self.count} fruit{s} ({self.clause})"


@attrs.frozen
class FruitSpoiled:
    """A fruit went to the spoiled pile: ``player``'s own, or the reserve's if
    ``from_reserve``."""

    player: int
    from_reserve: bool
    clause: str = "TIKI-INFL-7"

    def __str__(self) -> str:
        whose = "a reserve fruit" if self.from_reserve else f"a fruit of {_p(self.player)}"
        return f"{whose} spoils ({self.clause})"


@attrs.frozen
class TikisReturned:
    """The tikis on ``village`` (owners bottom to top) went back to their owners."""

    village: int
    owners: tuple[int, ...]
    clause: str = "TIKI-INFL-8"

    def __str__(self) -> str:
        who = "".join(_p(o) for o in self.owners)
        return f"tikis {who} from {VILLAGE_NAMES[self.village]} return home ({self.clause})"


@attrs.frozen
class ShamanPlaced:
    """``player`` put the shaman on ``edge``."""

    player: int
    edge: int
    clause: str = "TIKI-SHAMAN-2"

    def __str__(self) -> str:
        return f"{_p(self.player)} places the shaman on {EDGE_NAMES[self.edge]} ({self.clause})"


@attrs.frozen
class ShamanMoved:
    """``player`` moved the shaman to ``edge`` (``None``: left it where it was)."""

    player: int
    edge: int | None
    clause: str = "TIKI-SHAMAN-4"

    def __str__(self) -> str:
        if self.edge is None:
            return f"{_p(self.player)} does not move the shaman ({self.clause})"
        return f"{_p(self.player)} moves the shaman to {EDGE_NAMES[self.edge]} ({self.clause})"


@attrs.frozen
class FruitReturned:
    """A tie on an empty reserve put one spoiled fruit back; the tie-break is on."""

    clause: str = "TIKI-END-3"

    def __str__(self) -> str:
        return f"tie: a spoiled fruit returns to the reserve ({self.clause})"


@attrs.frozen
class Passed:
    """``player`` had no legal action and passed."""

    player: int
    clause: str = "TIKI-END-5"

    def __str__(self) -> str:
        return f"{_p(self.player)} has no legal action and passes ({self.clause})"


@attrs.frozen
class GameOver:
    """The game ended with ``outcome``."""

    outcome: Outcome
    clause: str

    def __str__(self) -> str:
        o = self.outcome
        who = "draw" if o.winner is None else f"{_p(o.winner)} wins"
        return f"game over: {who} by {o.reason}, {o.scores[0]}-{o.scores[1]} ({self.clause})"


Event: TypeAlias = (
    LayoutSet
    | FirstPlayerChosen
    | TotemCreated
    | TotemMoved
    | TikiDropped
    | OrderChosen
    | VillageInfluenced
    | FruitsGained
    | FruitSpoiled
    | TikisReturned
    | ShamanPlaced
    | ShamanMoved
    | FruitReturned
    | Passed
    | GameOver
)
"""Any Tiki event."""
