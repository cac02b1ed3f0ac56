"""The perfect bot: plays from a built retrograde table (:mod:`tiki.tools.tables`).

:class:`PerfectBot` answers every decision of a layout whose table is built with a
best action read from it: the winner's shortest win, the loser's longest resistance,
in a draw a move that keeps it. ``play --bot perfect:DIR`` and ``simulate --bots
perfect:DIR`` seat it with the table directory ``DIR``. A layout or a layer that is not
built is a :class:`~tiki.errors.TableError` at its first decision there.
"""

from __future__ import annotations

import os

from ...errors import TableError
from ...model.actions import Action
from ...model.state import State
from ..tables import solve
from .simple import _choices

__all__ = ["PerfectBot"]


class PerfectBot:
    """Plays the table's best action; ``tables`` is the table directory."""

    def __init__(
        self, seed: int | None = None, tables: str | os.PathLike[str] | None = None
    ) -> None:
        """The bot of the tables under ``tables`` (``seed`` is not used: it is exact)."""
        if tables is None or not os.path.isdir(tables):
            raise TableError(
                f"the perfect bot needs a table directory (perfect:DIR), not {tables!r}"
            )
        self.tables = tables
        """The table directory."""

    def choose(self, state: State) -> Action:
        """A best action for ``state.actor`` from the table of ``state``'s layout."""
        actions = _choices(state)
        found = solve(state, tables=self.tables)
        return found.best if found.best is not None else actions[0]

    def __repr__(self) -> str:
        return f"PerfectBot(tables={os.fspath(self.tables)!r})"
