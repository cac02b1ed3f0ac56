"""Reading the values of a Tiki scenario file, each checked for its kind and bound.

A :class:`FileReader` carries the file's name and text; every value is read with its
dotted key (``expect.fruits``, ``given.stacks.b2``; list items ``actions #3``, counted
from 1 as a person counts), so a bad value is a :class:`~tiki.errors.NotationError`
that names the file, the key and its line: ``end.toml: [expect] fruits, line 9: ...``.
The reading of strings, lists, whole numbers and tables, the lines and the messages
are the shared kit's (:mod:`gamekit.scenarios.read`, as ``tikalspeed``'s scenarios
read theirs); here are Tiki's nouns: players, villages, edges, totems, the board, its
action tokens (with a player forced, ``"o:+b2"``) and its clause ids. Numbers are
whole numbers (TOML's ``true`` is not 1) within the bounds the caller gives, at most
:data:`~tiki.model.rules.NUMBER_LIMIT`. :func:`written` writes a value as a scenario
file writes it, for the reports.

>>> r = FileReader("a.toml", 'title = "x"\\n[given]\\nturn = true\\n')
>>> r.integer(3, "given.turn", 0, 10), r.owners("ox", "given.stacks.b2")
(3, (1, 0))
>>> r.integer(True, "given.turn", 0, 10)
Traceback (most recent call last):
...
tiki.errors.NotationError: a.toml: [given] turn, line 3: a whole number from 0 to 10, not True
>>> written({"b2": "ox"}), written([4, 0]), written(True), written("1-0")
('{ b2 = "ox" }', '[4, 0]', 'true', '"1-0"')
"""

from __future__ import annotations

import re

import attrs

from gamekit.scenarios import read as shared
from gamekit.scenarios.read import TABLES, written

from ...board.island import EDGE_NAMES, VILLAGE_NAMES
from ...errors import NotationError, shown
from ...model.actions import Action
from ...model.state import PLAYER_SYMBOLS, State
from ...text.notation import parse_action

__all__ = ["CLAUSE_ID", "TABLES", "FileReader", "forced_player", "parse_token", "written"]

CLAUSE_ID = re.compile(r"TIKI-[A-Z]+-[0-9]+")
"""The form of a clause id of ``specs/tiki.md``."""

_VILLAGE = {name: v for v, name in enumerate(VILLAGE_NAMES)}
_EDGE = {name: e for e, name in enumerate(EDGE_NAMES)}


def forced_player(token: str) -> tuple[int | None, str]:
    """Split ``"o:+b2"`` into the player it forces and the action token.

    >>> forced_player("o:+b2"), forced_player("+b2")
    ((1, '+b2'), (None, '+b2'))
    """
    if len(token) > 2 and token[1] == ":" and token[0] in PLAYER_SYMBOLS:
        return PLAYER_SYMBOLS.index(token[0]), token[2:]
    return None, token


def parse_token(state: State, token: str) -> Action:
    """Read ``token`` in ``state``, honouring a ``"x:"`` / ``"o:"`` prefix that forces
    the player; raises :class:`NotationError` as :func:`~tiki.parse_action` does."""
    player, text = forced_player(token)
    action = parse_action(state, text)
    if player is not None and hasattr(action, "player"):
        action = attrs.evolve(action, player=player)
    return action


@attrs.frozen
class FileReader(shared.FileReader):
    """Reads the values of the Tiki scenario file ``name``, naming it in every error:
    the shared kit's reader (:class:`gamekit.scenarios.read.FileReader`: strings,
    lists, whole numbers, tables) with Tiki's nouns, and Tiki's
    :class:`~tiki.errors.NotationError`."""

    error: type[ValueError] = attrs.field(default=NotationError, kw_only=True, repr=False)
    """Tiki's :class:`~tiki.errors.NotationError`."""

    def shown(self, value: object) -> str:
        """A value as Tiki's messages show it, bounded (:func:`tiki.errors.shown`)."""
        return shown(value)

    def player(self, value: object, key: str, more: tuple[str, ...] = ()) -> str:
        """``"x"`` or ``"o"`` (or one of ``more``, such as ``"chance"``)."""
        return self.text(value, key, ("x", "o", *more))

    def village(self, value: object, key: str) -> int:
        """A village name, ``a1`` to ``c3``."""
        name = self.text(value, key)
        if name not in _VILLAGE:
            raise self.fail(key, f"a village a1 ... c3, not {shown(name)}")
        return _VILLAGE[name]

    def edge(self, value: object, key: str) -> int:
        """An edge name such as ``a1b1`` (two adjacent villages, lower first)."""
        name = self.text(value, key)
        if name not in _EDGE:
            raise self.fail(
                key, f"an edge such as 'a1b1' ({', '.join(EDGE_NAMES)}), not {shown(name)}"
            )
        return _EDGE[name]

    def owners(self, value: object, key: str) -> tuple[int, ...]:
        """A totem written bottom to top with ``x`` and ``o``: ``"ox"``; ``""`` is empty."""
        text = self.text(value, key)
        if any(c not in PLAYER_SYMBOLS for c in text):
            raise self.fail(key, f"a totem is written with 'x' and 'o' only, not {shown(text)}")
        return tuple(PLAYER_SYMBOLS.index(c) for c in text)

    def board(self, value: object, key: str) -> tuple[tuple[int, ...], ...]:
        """A table ``{b2 = "ox", ...}``: every village's totem, unlisted ones empty."""
        table = self.table(value, key, frozenset(VILLAGE_NAMES))
        stacks: list[tuple[int, ...]] = [()] * len(VILLAGE_NAMES)
        for name, owners in table.items():
            stacks[_VILLAGE[name]] = self.owners(owners, f"{key}.{name}")
        return tuple(stacks)

    def token(self, state: State, value: object, key: str) -> str:
        """An action token that reads (its form only; legality is the engine's job)."""
        token = self.text(value, key)
        try:
            parse_token(state, token)
        except NotationError as e:
            raise self.fail(key, f"not an action token: {e}") from None
        return token

    def tokens(self, state: State, value: object, key: str) -> tuple[str, ...]:
        """A list of action tokens that read."""
        items = self.items(value, key)
        return tuple(self.token(state, v, f"{key} #{i}") for i, v in enumerate(items, 1))

    def clause(self, value: object, key: str) -> str:
        """A clause id of ``specs/tiki.md``, such as ``TIKI-MOVE-4``."""
        text = self.text(value, key)
        if not CLAUSE_ID.fullmatch(text):
            raise self.fail(
                key, f"a clause id of specs/tiki.md like 'TIKI-MOVE-4', not {shown(text)}"
            )
        return text
