"""The time people took at the server's tables: every decision of a person in a
finished game of a store, as an observation of the table-time model
(:mod:`gamekit.studies.fitting`).

The server stores when each row was committed (:attr:`~gamekit.server.rows.LogRow.at`)
and numbers each seat's decision by the row at which it was asked
(:meth:`~gamekit.server.table.Table.asked`). So a person's decision took the time from
that row's commit to the commit of the row that answers it: the seconds of an
:class:`~gamekit.studies.fitting.Observation`. Its points are what the action spent
(the game's ``effort(before, action, after)``, :attr:`gamekit.studies.study.Study.effort`:
Tikal's action points; 0 where the caller gives none, as for Tiki), its options the
legal actions of that seat then (``legal_actions(state, seat)``, as a study counts
them), its group the game's package and what the caller's ``group(rules)`` adds
(``tikalspeed,mode=speed,players=4``; Tiki: ``tiki``).

:func:`read` takes the games a store marks ended whose seats include a person, newest
first, at most ``limit`` of them, and replays each log through a :class:`Table` as
the server does. Only a person's own actions count (``play`` rows of a ``human``
seat): a bot's, the default a clock played (``timeout``), a resignation and chance
are skipped. A decision asked before any row was stored (none is: both games open
with chance) has no start and is skipped; so is one whose answer is stored before it
was asked (the clocks of two server processes apart), counted in
:attr:`Reading.dropped`. A game whose log does not replay to its end is skipped,
with why.

>>> import tiki
>>> from gamekit.server.store import GameRow, LogRow, SQLiteStore, SeatRow
>>> store = SQLiteStore(":memory:")
>>> store.create(GameRow("g1", "tiki", "{}", 5, None, 0.0, "h"),
...              [SeatRow(0, "human", token_hash="a"), SeatRow(1, "bot", bot="greedy")])
>>> t = Table.start(tiki.GAME, tiki.GAME.Rules(), seed=5, seats=2)
>>> opening = t.pending()
>>> _ = t.advance(opening)
>>> t.actors, t.asked(1)
((1,), 2)
>>> bot = t.plan(1, "bot", t.decision_tokens(1)[0])
>>> _ = t.advance(bot)
>>> mine = t.plan(0, "play", t.decision_tokens(0)[0])
>>> rows = [*(attrs.evolve(r, at=100.0) for r in opening + bot), attrs.evolve(mine[0], at=112.5)]
>>> store.append("g1", rows)
True
>>> [o.seconds for o in decisions(tiki.GAME, store.log("g1"), {0}, rules=tiki.GAME.Rules(),
...                               seed=5, seats=2, finished=False)]
[12.5]
>>> read(store, tiki.GAME).games   # g1 is not marked ended
0
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Sequence
from typing import Any

import attrs

from ..game import Game
from ..studies.fitting import Observation
from .store import LogRow, Store, StoreError, open_store
from .table import Table

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "Reading", "decisions", "group_key", "read", "read_store"]

DEFAULT_LIMIT = 1000
"""The most games :func:`read` replays unless told otherwise (the newest)."""
MAX_LIMIT = 100_000
"""The most games :func:`read` may be told to replay."""

Effort = Callable[[Any, Any, Any], int]
"""``effort(before, action, after)``: what a decision spends
(:attr:`gamekit.studies.study.Study.effort`)."""


@attrs.frozen
class Reading:
    """What :func:`read` found in a store."""

    observations: tuple[Observation, ...]
    """Every person's decision in the games read."""
    games: int
    """The games read: finished, of this game, with a person among the seats."""
    found: int
    """Such games in the store (more than :attr:`games` when ``limit`` cut them)."""
    skipped: tuple[tuple[str, str], ...] = ()
    """The games whose log did not replay to their end: their ids, and why."""
    dropped: int = 0
    """Decisions left out because they were answered before they were asked."""


def group_key(game: Game, rules: Any, group: Callable[[Any], str] | None = None) -> str:
    """The group of a game's decisions: its package, then ``group(rules)`` after a
    comma where the caller gives one and it says something."""
    extra = "" if group is None else group(rules)
    return f"{game.package},{extra}" if extra else game.package


def decisions(
    game: Game,
    log: Sequence[LogRow],
    people: Collection[int],
    *,
    rules: Any,
    seed: int,
    seats: int,
    effort: Effort | None = None,
    key: str = "",
    game_id: str = "",
    finished: bool = True,
) -> list[Observation]:
    """The decisions of the seats ``people`` in a game's ``log`` (the rows of a game of
    ``rules`` with the server's ``seed`` and ``seats`` seats), replayed through a
    :class:`Table`: each ``play`` row of theirs with the seconds since its decision was
    asked, the points it spent (``effort``; 0 without one), the options it was chosen
    among, in the group ``key``. A ``ValueError`` (the game's own, for a row that does
    not play) where the log does not replay, or, with ``finished``, does not end the
    game. Answers stored before their question come back with negative seconds."""
    table = Table.start(game, rules, seed=seed, seats=seats)
    at: dict[int, float] = {}
    out = []
    for row in log:
        mine = row.kind == "play" and row.seat in people
        before, asked, options = table.state, None, 0
        if mine:
            asked = table.asked(row.seat)
            options = len(game.legal_actions(before, row.seat))
        table.advance([row])
        at[row.seq] = row.at
        if asked is None or asked not in at:
            continue
        points = 0
        if effort is not None:
            points = effort(before, game.parse_action(before, row.token), table.state)
        out.append(Observation(row.at - at[asked], points, options, key, game_id))
    if finished and not table.over:
        raise ValueError(f"its {len(log)} rows do not end the game")
    return out


def read(
    store: Store,
    game: Game,
    *,
    effort: Effort | None = None,
    group: Callable[[Any], str] | None = None,
    limit: int = DEFAULT_LIMIT,
) -> Reading:
    """The decisions of people in ``store``'s finished games of ``game`` (marked ended,
    with a ``human`` seat), the newest ``limit`` of them (1 to :data:`MAX_LIMIT`),
    each game's in the group :func:`group_key` gives; see the module. Every game row
    is read to find them, and only the chosen games' logs."""
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"a limit of 1 to {MAX_LIMIT:,} games, not {limit!r}")
    ids = store.games()
    ended: set[str] = set()
    for i in range(0, len(ids), 500):
        ended |= store.ended(ids[i : i + 500])
    candidates = []
    for game_id in sorted(ended):
        found = store.game(game_id)
        if found is None:
            continue
        row, seats = found
        people = {s.seat for s in seats if s.kind == "human"}
        if row.game == game.package and people:
            candidates.append((row, len(seats), people))
    candidates.sort(key=lambda c: (-c[0].created, c[0].id))
    seen: list[Observation] = []
    skipped: list[tuple[str, str]] = []
    for row, seats_count, people in candidates[:limit]:
        try:
            rules = game.json.rules_from_json(json.loads(row.rules))
            got = decisions(game, store.log(row.id), people, rules=rules, seed=row.seed,
                            seats=seats_count, effort=effort, key=group_key(game, rules, group),
                            game_id=row.id)  # fmt: skip
        except ValueError as e:  # the game's NotationError, IllegalActionError, bad JSON
            skipped.append((row.id, str(e)))
            continue
        seen += got
    kept = tuple(o for o in seen if o.seconds >= 0)
    return Reading(
        observations=kept,
        games=min(len(candidates), limit) - len(skipped),
        found=len(candidates),
        skipped=tuple(skipped),
        dropped=len(seen) - len(kept),
    )


def read_store(
    url: str,
    game: Game,
    *,
    effort: Effort | None = None,
    group: Callable[[Any], str] | None = None,
    limit: int = DEFAULT_LIMIT,
) -> Reading:
    """:func:`read` the store at ``url`` (an SQLite file's path, ``sqlite:///path``, or
    a PostgreSQL URL: :func:`~gamekit.server.store.open_store`), then close it. An
    SQLite file that does not exist is a :class:`~gamekit.server.store.StoreError`,
    never made empty."""
    if not url.startswith(("postgresql://", "postgres://")):
        path = (
            url.removeprefix("sqlite://").removeprefix("/") if url.startswith("sqlite://") else url
        )
        if url.startswith("sqlite:///"):
            path = "/" + url.removeprefix("sqlite:///")
        if not path.startswith("file:") and path != ":memory:" and not os.path.isfile(path):
            raise StoreError(f"no SQLite store at {path!r}")
    store = open_store(url)
    try:
        return read(store, game, effort=effort, group=group, limit=limit)
    finally:
        store.close()
