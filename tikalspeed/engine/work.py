"""What a transition works on, and how the engine talks to a game mode.

A transition builds the next state on a :class:`Work` copy: the changed fields over
the old state, frozen once at the end into a new :class:`~tikalspeed.State` in which
only the records that changed are rebuilt.

:class:`Mode` is the one interface between the contract functions
(:mod:`tikalspeed.engine.contract`) and a game mode: the base game
(:class:`~tikalspeed.engine.turns.Classic`), the professional auction game
(:class:`~tikalspeed.engine.auction.Professional`) and Tikal on Speed
(:class:`~tikalspeed.engine.speed.Speed`) each implement it, each over the one below.
"""

from __future__ import annotations

import operator
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Final

import attrs

from gamekit.i18n import N_
from gamekit.records import Setter, built, setters

from ..board.terrain import terrain
from ..bounds import shown, shown_action
from ..errors import Reason
from ..model.actions import (
    Action,
    APAction,
    ChooseTile,
    DrawTile,
    RevealTile,
    player_name,
)
from ..model.events import Event
from ..model.records import RECORD_OF, RECORDS, Phase, TurnKind
from ..model.state import State

__all__ = ["ACTION_TYPES", "Handler", "Mode", "Work", "among", "given", "named", "not_asked"]

# The phases and kinds of turn, read once (``Final``: constants in the compiled build).
# On CPython 3.11 each ``Phase.X`` goes through the enum class's ``__getattr__`` (about
# 0.1 µs, compiled or not), and the engine reads a few a ply.
PHASE_DRAW: Final = Phase.DRAW
PHASE_PLACE: Final = Phase.PLACE
PHASE_ACTIONS: Final = Phase.ACTIONS
PHASE_TREASURE: Final = Phase.TREASURE
PHASE_REVEAL: Final = Phase.REVEAL
PHASE_BID: Final = Phase.BID
PHASE_CHOOSE: Final = Phase.CHOOSE
PHASE_TOKENS: Final = Phase.TOKENS
PHASE_OVER: Final = Phase.OVER
TURN_NORMAL: Final = TurnKind.NORMAL
TURN_SCORING: Final = TurnKind.SCORING
TURN_VOLCANO: Final = TurnKind.VOLCANO
TURN_FINAL: Final = TurnKind.FINAL
TURN_PLACEMENT: Final = TurnKind.PLACEMENT
TURN_JUMP: Final = TurnKind.JUMP
TURN_BONUS: Final = TurnKind.BONUS

_STATE_FIELDS = tuple(a.name for a in attrs.fields(State))
_TOP = -1
"""The "record" of the State's own fields (``rules``, ``result``) in :data:`_AT`."""
_AT: dict[str, tuple[int, int]] = {
    f.name: (_STATE_FIELDS.index(name), i)
    for name, kind in RECORDS.items()
    for i, f in enumerate(attrs.fields(kind))
}
_AT.update({name: (_TOP, _STATE_FIELDS.index(name)) for name in ("rules", "result")})
"""For every field :class:`Work` changes: the index of its record among the State's
fields (or :data:`_TOP`), and its own index in that record (or in the State)."""

_RECORDS_AT: dict[int, tuple[Callable[[Any], Any], type, tuple[Setter, ...]]] = {
    _STATE_FIELDS.index(name): (
        operator.attrgetter(*(f.name for f in attrs.fields(kind))),
        kind,
        setters(kind),
    )
    for name, kind in RECORDS.items()
}
"""Per index of a record among the State's fields: a getter of its values in order,
its class and its slot setters."""
_STATE_SETTERS = setters(State)
_ALL_STATE = operator.attrgetter(*_STATE_FIELDS)
_READ: dict[str, Callable[[State], Any]] = {
    name: operator.attrgetter(f"{record}.{name}") for name, record in RECORD_OF.items()
}
_READ.update({name: operator.attrgetter(name) for name in _STATE_FIELDS})
"""How :class:`Work` reads a field of the state it started from, by its own name."""


def given(action: object, name: str) -> object:
    """The field ``name`` of ``action`` as given, before any type is assumed: the
    compiled core converts ``True`` to ``1`` on reading a field declared ``int``, and
    refuses a ``str`` there with ``TypeError``, so a field is checked in this form.

    >>> class Odd:
    ...     count = True
    >>> given(Odd(), "count") is True
    True
    """
    return getattr(action, name)


ACTION_TYPES: frozenset[type] = frozenset(typing.get_args(Action))
"""The classes of the Tikal actions."""
_TILE_HEADS: dict[type, str] = {DrawTile: "draw=", RevealTile: "reveal=", ChooseTile: "take:"}


def named(state: State, action: object) -> str:
    """``action`` as a refusal names it (TIKAL-TURN-4): its token, as
    :func:`tikalspeed.action_token` writes it in ``state`` (a tile by the id of
    ``state``'s manifest; at a Speed Jump's TOKENS node with its player, ``P2:end``),
    never its class; an object that is no Tikal action, or an action whose fields
    cannot be written, as a bounded repr.

    >>> from tikalspeed import new_game, PlaceTile
    >>> named(new_game(), PlaceTile(0, 2, 0)), named(new_game(), "bid:3")
    ('place:c1:0', "'bid:3'")
    """
    kind = type(action)
    if kind not in ACTION_TYPES:
        return shown(action)
    try:
        head, tile = _TILE_HEADS.get(kind), getattr(action, "tile", None)
        ids = terrain(state.rules.manifest).tile_ids
        if head is not None and type(tile) is int and 0 <= tile < len(ids):
            token = head + ids[tile]
        else:
            token = str(action)
    except Exception:  # a field that cannot be written (a cell 99): show the fields
        return shown_action(action)
    player = getattr(action, "player", None)
    if state.turn.phase is PHASE_TOKENS and type(player) is int and 0 <= player < 4:
        return f"{player_name(player)}:{token}"  # SPEED-JUMP-1: the token names its player
    return token


_ASKED = {
    PHASE_DRAW: N_("{action} does not answer the decision asked: chance draws {who}'s tile "
                   "(draw=)"),
    PHASE_REVEAL: N_("{action} does not answer the decision asked: chance lays out a tile "
                     "for auction (reveal=)"),
    PHASE_TREASURE: N_("{action} does not answer the decision asked: chance turns up the "
                       "treasure {who} digs (find=)"),
    PHASE_PLACE: N_("{action} does not answer the decision asked: {who} places the tile in "
                    "hand (place:)"),
    PHASE_BID: N_("{action} does not answer the decision asked: {who} bids or passes "
                  "(bid:, pass)"),
    PHASE_CHOOSE: N_("{action} does not answer the decision asked: {who} takes a tile from "
                     "the display (take:)"),
    PHASE_ACTIONS: N_("{action} does not answer the decision asked: {who} spends action "
                      "points (enter, hop, move, uncover, dig, swap, camp, guard or end)"),
}  # fmt: skip
"""The refusal of an action that does not answer the decision, by what each decision
every mode shares asks."""


def not_asked(state: State, action: object) -> Reason:
    """TIKAL-TURN-4: the refusal of a kind of action that does not answer the decision:
    the action by its token, and what the decision asks (never a class name)."""
    template = _ASKED[state.turn.phase]
    return Reason(template, action=named(state, action), who=player_name(state.turn.active))


def among(action: object, actions: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``actions``: by identity first (the engine lists
    shared action objects, so an action taken from a list is found without calling
    any ``__eq__``), then by equality."""
    for a in actions:
        if a is action:
            return True
    return action in actions


Note = tuple[type, tuple[Any, ...]]
"""An event noted and not built: its class and the fields given to it, in order (the
event is ``kind(*fields)``, a field left out taking its default)."""


class Work:
    """A scratch copy of a state, used inside one transition only.

    Reading ``w.<field>`` gives the field as changed so far (any record field by its
    own name, or ``rules``); :meth:`set` and friends change fields by those names.
    """

    __slots__ = ("changes", "events", "keep", "kinds", "notes", "state")

    def __init__(
        self,
        state: State,
        keep: bool = True,
        kinds: frozenset[type] | None = None,
        notes: list[Note] | None = None,
    ) -> None:
        self.state = state
        self.changes: dict[str, Any] = {}
        self.events: list[Event] = []
        self.notes = notes
        """Where the wanted events are noted instead of built, if given: each as its
        :data:`Note` (a study's count reads their fields; building costs more)."""
        self.keep = keep
        """Whether the events are wanted (``step``) or only the next state (``apply``,
        which then builds no event and no action text)."""
        self.kinds = kinds
        """The kinds of event wanted, if the events are: all (``None``), or only these
        (``step_only``, for a study that counts a few kinds and builds no other)."""

    def wants(self, kind: type) -> bool:
        """Whether an event of ``kind`` is wanted."""
        kinds = self.kinds
        return self.keep and (kinds is None or kind in kinds)

    def tell(self, kind: type, *fields: Any) -> None:
        """Note the event ``kind(*fields)``, if events of its kind are wanted: built,
        or as its :data:`Note` where :attr:`notes` is given."""
        if self.keep:
            kinds = self.kinds
            if kinds is None or kind in kinds:
                notes = self.notes
                if notes is None:
                    self.events.append(kind(*fields))
                else:
                    notes.append((kind, fields))

    def __getattr__(self, name: str) -> Any:
        changes = self.changes  # a slot: found without coming back here
        if name in changes:
            return changes[name]
        return _READ[name](self.state)

    def set(self, **fields: Any) -> None:
        """Change fields, by their own names."""
        self.changes.update(fields)

    def set_item(self, name: str, index: int, value: Any) -> None:
        """Change entry ``index`` of the tuple field ``name``."""
        row = list(getattr(self, name))
        row[index] = value
        self.changes[name] = tuple(row)

    def set_cell(self, name: str, player: int, cell: int, value: int) -> None:
        """Change entry ``cell`` of row ``player`` of the per-player field ``name``."""
        rows = list(getattr(self, name))
        row = list(rows[player])
        row[cell] = value
        rows[player] = tuple(row)
        self.changes[name] = tuple(rows)

    def freeze(self) -> State:
        """The new state: the changed records rebuilt, the others shared."""
        changes = self.changes
        if not changes:
            return self.state
        values = list(_ALL_STATE(self.state))
        rows: dict[int, list[Any]] = {}
        for name, value in changes.items():
            slot, index = _AT[name]
            if slot == _TOP:  # rules or result
                values[index] = value
                continue
            fields = rows.get(slot)
            if fields is None:
                fields = rows[slot] = list(_RECORDS_AT[slot][0](values[slot]))
            fields[index] = value
        for slot, fields in rows.items():
            _, kind, slots = _RECORDS_AT[slot]
            values[slot] = built(kind, slots, fields)
        state: State = built(State, _STATE_SETTERS, values)
        return state

    @property
    def now(self) -> State:
        """The state as changed so far (for read-only helpers that take a State)."""
        return self.freeze()


Handler = Callable[[Work, Any], None]
"""Applies one kind of legal action on a Work copy."""


class Mode:
    """How one game mode runs: the hooks the contract functions call.

    A mode is a stateless object whose methods are pure functions of their arguments;
    the transitions work on a :class:`Work` copy. The contract functions handle the
    phases every mode shares (chance draws and reveals, placement, bids, choices,
    action points) and ask the mode for the rest.
    """

    name: ClassVar[str]
    """The ``Rules.mode`` this mode plays."""
    phases: ClassVar[tuple[Phase, ...]] = ()
    """The phases only this mode has, whose decisions the mode itself lists, checks
    and applies (:meth:`actors`, :meth:`legal_actions`, :meth:`why_illegal`). A tuple:
    ``in`` finds an enum member by identity, without the enum's Python ``__hash__``."""

    def __init__(self) -> None:
        self._handlers = self.handlers()

    def start(self, w: Work) -> None:
        """Set up a new game on ``w`` (scores, the first turn or round)."""
        raise NotImplementedError

    def handlers(self) -> dict[type, Handler]:
        """What applies each kind of action: a mode over another adds to its table."""
        raise NotImplementedError

    def apply(self, w: Work, action: Action) -> None:
        """Apply a legal ``action`` on ``w``, with its events."""
        self._handlers[type(action)](w, action)

    def ap_actions(self, state: State) -> tuple[APAction, ...]:
        """Every legal action of the active player in the ACTIONS phase, in order."""
        raise NotImplementedError

    def why_ap_illegal(self, state: State, action: APAction) -> tuple[str, str] | None:
        """``(clause, reason)`` if the AP action is not legal in ``state``, else ``None``."""
        raise NotImplementedError

    def actors(self, state: State) -> tuple[int, ...]:
        """Who acts at a node of one of :attr:`phases`."""
        raise NotImplementedError

    def legal_actions(self, state: State, player: int | None) -> tuple[Action, ...]:
        """The legal actions (of ``player``, or every actor's) at one of :attr:`phases`."""
        raise NotImplementedError

    def why_illegal(self, state: State, action: object) -> tuple[str, str] | None:
        """``(clause, reason)`` if ``action`` is not legal at one of :attr:`phases`."""
        raise NotImplementedError

    def observe(self, state: State, player: int | None) -> State:
        """What ``player`` (``None``: a spectator) may see of ``state`` (all of it,
        unless the mode hides some)."""
        return state
