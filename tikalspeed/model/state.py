"""The immutable state of a game of Tikal.

A :class:`State` is its :class:`~tikalspeed.model.rules.Rules`, five frozen records
(:mod:`tikalspeed.model.records`) and the result. Every field of a record can also be
read from the state itself under its own name (``state.scores`` is
``state.expeditions.scores``), as in version 0.1, when the state was flat;
:meth:`State.replace` changes fields by those names.

>>> from tikalspeed import new_game, Rules
>>> s = new_game(Rules(mode="classic", players=2))
>>> s.scores, s.expeditions.scores, s.phase
((0, 0), (0, 0), <Phase.DRAW: 'draw'>)
>>> s.replace(scores=(3, 1)).scores, s.scores
((3, 1), (0, 0))
"""

from __future__ import annotations

from typing import Any

import attrs

from .picture import draw
from .records import (
    AP_PER_TURN,
    CHANCE,
    EMPTY,
    GUARDING,
    PRINTED,
    RECORD_OF,
    RECORDS,
    REMOVED,
    SUPPLY,
    Auction,
    Expeditions,
    Jungle,
    Outcome,
    Phase,
    SpeedRound,
    Turn,
    TurnKind,
)
from .rules import Rules

__all__ = [
    "AP_PER_TURN",
    "CHANCE",
    "EMPTY",
    "GUARDING",
    "PRINTED",
    "REMOVED",
    "SUPPLY",
    "Auction",
    "Expeditions",
    "Jungle",
    "Outcome",
    "Phase",
    "SpeedRound",
    "State",
    "Turn",
    "TurnKind",
]

_NO_AUCTION = Auction()
_NO_SPEED = SpeedRound()


@attrs.frozen(cache_hash=True)
class State:
    """Everything needed to continue a game of Tikal; never mutated."""

    rules: Rules
    """The rules this game is played by."""
    jungle: Jungle
    """The board and the supplies on the table."""
    expeditions: Expeditions
    """Each player's pieces, treasures and score."""
    turn: Turn
    """Who acts, in which phase, with what left to spend."""
    auction: Auction = _NO_AUCTION
    """The running auction round (professional and Speed games)."""
    speed: SpeedRound = _NO_SPEED
    """The running Speed round (Speed game)."""
    result: Outcome | None = None
    """The outcome once the game is over."""

    @classmethod
    def build(cls, rules: Rules, result: Outcome | None = None, **fields: Any) -> State:
        """A state from every record field by its own name (``placed=…, scores=…``);
        the fields of :class:`Auction` and :class:`SpeedRound` may be left out (then
        empty). ``TypeError`` for a name that is no field."""
        groups: dict[str, dict[str, Any]] = {name: {} for name in RECORDS}
        for name, value in fields.items():
            groups[_record_of(name)][name] = value
        records = {name: RECORDS[name](**values) for name, values in groups.items()}
        return cls(rules, result=result, **records)

    def _repr_svg_(self) -> str:
        """This position as an SVG picture (``tikalspeed.svg.board``), for notebooks."""
        return draw(self)

    def replace(self, **fields: Any) -> State:
        """A copy with ``fields`` changed, each named by its own name (``ap=3``) or a
        whole record or top field (``turn=…``, ``result=…``). ``TypeError`` for a name
        that is no field."""
        top: dict[str, Any] = {}
        groups: dict[str, dict[str, Any]] = {}
        for name, value in fields.items():
            if name in _TOP:
                top[name] = value
            else:
                groups.setdefault(_record_of(name), {})[name] = value
        for name, changes in groups.items():
            top[name] = attrs.evolve(top.get(name, getattr(self, name)), **changes)
        return attrs.evolve(self, **top)

    @property
    def players(self) -> int:
        """The number of players."""
        return self.rules.players

    @property
    def placed(self) -> tuple[int, ...]:
        """``jungle.placed``."""
        return self.jungle.placed

    @property
    def temples(self) -> tuple[int, ...]:
        """``jungle.temples``."""
        return self.jungle.temples

    @property
    def ruins(self) -> tuple[int, ...]:
        """``jungle.ruins``."""
        return self.jungle.ruins

    @property
    def camps(self) -> tuple[int, ...]:
        """``jungle.camps``."""
        return self.jungle.camps

    @property
    def guards(self) -> tuple[int, ...]:
        """``jungle.guards``."""
        return self.jungle.guards

    @property
    def stacks(self) -> tuple[tuple[int, ...], ...]:
        """``jungle.stacks``."""
        return self.jungle.stacks

    @property
    def levels(self) -> tuple[int, ...]:
        """``jungle.levels``."""
        return self.jungle.levels

    @property
    def hidden(self) -> tuple[int, ...]:
        """``jungle.hidden``."""
        return self.jungle.hidden

    @property
    def workers(self) -> tuple[tuple[int, ...], ...]:
        """``expeditions.workers``."""
        return self.expeditions.workers

    @property
    def leaders(self) -> tuple[int, ...]:
        """``expeditions.leaders``."""
        return self.expeditions.leaders

    @property
    def supply(self) -> tuple[int, ...]:
        """``expeditions.supply``."""
        return self.expeditions.supply

    @property
    def removed(self) -> tuple[int, ...]:
        """``expeditions.removed``."""
        return self.expeditions.removed

    @property
    def guard_pieces(self) -> tuple[int, ...]:
        """``expeditions.guard_pieces``."""
        return self.expeditions.guard_pieces

    @property
    def held(self) -> tuple[tuple[int, ...], ...]:
        """``expeditions.held``."""
        return self.expeditions.held

    @property
    def scores(self) -> tuple[int, ...]:
        """``expeditions.scores``."""
        return self.expeditions.scores

    @property
    def active(self) -> int:
        """``turn.active``."""
        return self.turn.active

    @property
    def phase(self) -> Phase:
        """``turn.phase``."""
        return self.turn.phase

    @property
    def turn_kind(self) -> TurnKind:
        """``turn.turn_kind``."""
        return self.turn.turn_kind

    @property
    def ap(self) -> int:
        """``turn.ap``."""
        return self.turn.ap

    @property
    def raised(self) -> tuple[int, ...]:
        """``turn.raised``."""
        return self.turn.raised

    @property
    def dug(self) -> tuple[int, ...]:
        """``turn.dug``."""
        return self.turn.dug

    @property
    def queue(self) -> tuple[tuple[TurnKind, int], ...]:
        """``turn.queue``."""
        return self.turn.queue

    @property
    def next_player(self) -> int:
        """``turn.next_player``."""
        return self.turn.next_player

    @property
    def last_tile_player(self) -> int:
        """``turn.last_tile_player``."""
        return self.turn.last_tile_player

    @property
    def hand(self) -> int:
        """``turn.hand``."""
        return self.turn.hand

    @property
    def display(self) -> tuple[int, ...]:
        """``auction.display``."""
        return self.auction.display

    @property
    def played(self) -> tuple[int, ...]:
        """``auction.played``."""
        return self.auction.played

    @property
    def bidders(self) -> tuple[int, ...]:
        """``auction.bidders``."""
        return self.auction.bidders

    @property
    def high_bid(self) -> int:
        """``auction.high_bid``."""
        return self.auction.high_bid

    @property
    def high_bidder(self) -> int:
        """``auction.high_bidder``."""
        return self.auction.high_bidder

    @property
    def first_passer(self) -> int:
        """``auction.first_passer``."""
        return self.auction.first_passer

    @property
    def round_opener(self) -> int:
        """``auction.round_opener``."""
        return self.auction.round_opener

    @property
    def tokens(self) -> tuple[int, ...]:
        """``speed.tokens``."""
        return self.speed.tokens

    @property
    def chosen(self) -> tuple[int, ...]:
        """``speed.chosen``."""
        return self.speed.chosen

    @property
    def jumpers(self) -> tuple[int, ...]:
        """``speed.jumpers``."""
        return self.speed.jumpers

    @property
    def jump_order(self) -> tuple[int, ...]:
        """``speed.jump_order``."""
        return self.speed.jump_order

    @property
    def round_order(self) -> tuple[int, ...]:
        """``speed.round_order``."""
        return self.speed.round_order

    @property
    def secured(self) -> tuple[int, ...]:
        """``speed.secured``."""
        return self.speed.secured

    @property
    def volcano_placers(self) -> tuple[int, ...]:
        """``speed.volcano_placers``."""
        return self.speed.volcano_placers

    @property
    def jump_kind(self) -> str:
        """``speed.jump_kind``."""
        return self.speed.jump_kind

    @property
    def opened(self) -> tuple[str, ...]:
        """``speed.opened``."""
        return self.speed.opened


_TOP = frozenset(a.name for a in attrs.fields(State))


def _record_of(name: str) -> str:
    try:
        return RECORD_OF[name]
    except KeyError:
        raise TypeError(f"State has no field {name!r}") from None
