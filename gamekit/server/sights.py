"""What a connection is shown besides the game's messages: the pictures of what its
seat sees, drawn off the event loop, and the game replayed as the seat saw it after
any of its transitions (``replay``).

:class:`Sights` is the part of :class:`~gamekit.server.hub.Hub` that answers them; the
pure functions :func:`pictures` and :func:`replayed` do the drawing and the replaying.
"""

from __future__ import annotations

import abc
import asyncio
import concurrent.futures
from collections.abc import Sequence
from typing import Any

from ..game import Game
from .live import Connection, Live
from .protocol import ProtocolError, envelope
from .store import LogRow
from .table import Table

__all__ = ["Sights", "pictures", "replayed"]


class Sights(abc.ABC):
    """The pictures and replays of the games a hub holds."""

    _live: dict[str, Live]
    _draw_thread: concurrent.futures.Executor

    async def picture(self, conn: Connection) -> dict[str, Any]:
        """The SVG picture of what the connection's seat sees, in its language, drawn
        off the loop."""
        live = self._live[conn.game_id]
        t = live.table
        view, seq = t.view(conn.seat), t.seq
        loop = asyncio.get_running_loop()
        drawn = await loop.run_in_executor(self._draw_thread, pictures, t.game, view, conn.lang)
        return envelope("picture", seq, conn.seat, **drawn)

    async def replay(self, conn: Connection, at: int) -> dict[str, Any]:
        """The game as it stood after its first ``at`` transitions, as the connection's
        seat saw it then (a spectator: no secret), with that transition's events, its
        decision and its pictures: a ``replayed`` message (``docs/server.md``)."""
        live = self._live.get(conn.game_id)
        if live is None:
            raise ProtocolError("unauthorized", "no game with this id and token")
        t = live.table
        if not 0 <= at <= t.seq:
            raise ProtocolError("malformed", f"$.at: the game has {t.seq} transitions, not {at}")
        rows, game, rules, lang = t.log[:at], t.game, t.rules, conn.lang
        loop = asyncio.get_running_loop()
        told = await loop.run_in_executor(
            self._draw_thread, replayed, game, rules, rows, conn.seat, lang
        )
        return envelope("replayed", at, conn.seat, last=t.seq, **told)


def pictures(game: Game, view: Any, lang: str) -> dict[str, Any]:
    """The picture of ``view`` in ``lang`` (``svg``), and its ``decision_svg`` where the
    game draws what the open decision is about."""
    drawn: dict[str, Any] = {"svg": game.picture(view, lang=lang)}
    if game.decision_picture is not None:
        about = game.decision_picture(view, lang=lang)
        if about is not None:
            drawn["decision_svg"] = about
    return drawn


def replayed(
    game: Game, rules: Any, rows: Sequence[LogRow], seat: int | None, lang: str
) -> dict[str, Any]:
    """What ``seat`` saw after ``rows``: its view, decision, pictures, and the events of
    the last row, in ``lang``."""
    table = Table.start(game, rules, seed=0, seats=len(game.seat_names(rules)), log=rows[:-1])
    events = table.advance(rows[-1:]) if rows else []
    view = table.view(seat)
    return {
        "view": game.json.to_json(view),
        "decision": game.decision_to_json(view, lang),
        "events": table.said(events, lang),
        "over": table.over,
        "result": table.result(),
        **pictures(game, view, lang),
    }
