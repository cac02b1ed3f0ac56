"""Reading the values of a Tikal scenario file (:mod:`tikalspeed.tools.scenarios`):
players, cells, tiles, bounded numbers and action tokens, each refused with a
:class:`~gamekit.scenarios.read.Fault` that names the key at fault in its table (the
shared runner, :mod:`gamekit.scenarios.runner`, makes it a
:class:`~tikalspeed.NotationError` naming the file and the line); and :func:`shown`, a
value written as TOML writes it (:func:`gamekit.scenarios.read.written`).

>>> r = Reader("given", 2)
>>> r.player("turn", "P2"), r.cell("tiles.c1", "c1"), r.number("ap", 7, 0, 10)
(1, 2, 7)
>>> r.player("turn", "P3")
Traceback (most recent call last):
...
gamekit.scenarios.read.Fault: turn: a player of this 2-player game (P1 to P2), not "P3"
>>> shown({"a2": 3, "P1": ["b1", "c2"]}), shown("actions"), shown([1, 2])
('{ a2 = 3, P1 = ["b1", "c2"] }', '"actions"', '[1, 2]')
"""

from __future__ import annotations

from typing import Any

from gamekit.scenarios.read import Fault, at
from gamekit.scenarios.read import written as shown

from ...board.hexgrid import CELL_NAMES
from ...bounds import MAX_COUNT
from ...errors import NotationError
from ...model.actions import Action, player_name
from ...model.state import State
from ...text.notation import parse_action

__all__ = ["Fault", "Reader", "at", "shown"]

_CELLS = {name: c for c, name in enumerate(CELL_NAMES)}


class Reader:
    """Reads the values of one table of a scenario for a game of ``players`` players;
    every method takes the dotted key of the value, for the :class:`Fault`."""

    def __init__(self, table: str, players: int) -> None:
        self.table = table
        self.players = players

    def fault(self, key: str, message: str) -> Fault:
        """A :class:`Fault` at ``key`` of this table."""
        return Fault(key, message, self.table)

    def number(self, key: str, value: Any, low: int, high: int = MAX_COUNT) -> int:
        """A whole number from ``low`` to ``high``."""
        if type(value) is not int:
            raise self.fault(key, f"a whole number, not {shown(value)}")
        if not low <= value <= high:
            raise self.fault(key, f"{low} to {high}, not {value}")
        return value

    def text(self, key: str, value: Any, choices: tuple[str, ...] = ()) -> str:
        """A string; one of ``choices`` if they are given."""
        if not isinstance(value, str):
            raise self.fault(key, f"a string, not {shown(value)}")
        if choices and value not in choices:
            raise self.fault(key, f"one of {', '.join(map(shown, choices))}, not {shown(value)}")
        return value

    def table_of(self, key: str, value: Any) -> dict[str, Any]:
        """A table (``{ a2 = 3 }``)."""
        if not isinstance(value, dict):
            raise self.fault(key, f"a table such as {{ P1 = ... }}, not {shown(value)}")
        return value

    def list_of(self, key: str, value: Any) -> list[Any]:
        """A list (``["P1", "P2"]``)."""
        if not isinstance(value, list):
            raise self.fault(key, f"a list such as [...], not {shown(value)}")
        return value

    def player(self, key: str, value: Any) -> int:
        """``'P1'`` → 0 … up to the game's players."""
        n = self.players
        names = [player_name(p) for p in range(n)]
        if value in names:
            return names.index(value)
        game = f"a player of this {n}-player game (P1 to {names[-1]})"
        raise self.fault(key, f"{game}, not {shown(value)}")

    def players_once(self, key: str, value: Any) -> tuple[int, ...]:
        """A list of players, each at most once (``["P2", "P1"]``)."""
        out = tuple(self.player(at(key, i), v) for i, v in enumerate(self.list_of(key, value)))
        if len(set(out)) != len(out):
            raise self.fault(key, f"lists each player once, not {shown(value)}")
        return out

    def by_player(self, key: str, value: Any) -> dict[int, Any]:
        """A table by player name (``{ P1 = ..., P3 = ... }``), by player index."""
        table = self.table_of(key, value)
        return {self.player(f"{key}.{name}", name): v for name, v in table.items()}

    def per_player(self, key: str, value: Any, low: int, high: int) -> dict[int, int]:
        """Numbers per player: a list with one per player (``[20, 18]``), or a table of
        some players (``{ P2 = 18 }``)."""
        if isinstance(value, list):
            if len(value) != self.players:
                raise self.fault(
                    key, f"one number per player ({self.players}), not {len(value)}: {shown(value)}"
                )
            return {
                p: self.number(f"{key}.{player_name(p)}", v, low, high)
                for p, v in enumerate(value)
            }
        rows = self.by_player(key, value)
        return {p: self.number(f"{key}.{player_name(p)}", v, low, high) for p, v in rows.items()}

    def cell(self, key: str, value: Any) -> int:
        """A cell name, ``'a1'`` … ``'h5'``."""
        if isinstance(value, str) and value in _CELLS:
            return _CELLS[value]
        raise self.fault(key, f"a cell a1 to h5, not {shown(value)}")

    def tile(self, key: str, value: Any, state: State) -> int:
        """A tile id of the game's manifest (``'C2'``), as its index."""
        if isinstance(value, str):
            for i, tile in enumerate(state.rules.manifest.tiles):
                if tile.id == value:
                    return i
        raise self.fault(key, f"a tile id of the manifest (A1 ... G4), not {shown(value)}")

    def token(self, key: str, value: Any, state: State) -> Action:
        """An action token read in ``state`` (``tikalspeed.parse_action``)."""
        if not isinstance(value, str):
            raise self.fault(key, f"an action token (a string), not {shown(value)}")
        try:
            return parse_action(state, value)
        except NotationError as e:
            raise self.fault(key, f"bad action token: {e}") from None
