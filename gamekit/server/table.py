"""A game being played on the server: its position, rebuilt from the stored log.

A :class:`Table` is pure bookkeeping, with no I/O: it starts from the game's ``Rules``
and secret seed, replays the log rows, and says what rows an action would write
(:meth:`Table.plan`: the action, then every chance outcome it leads to, drawn from
the seed and the sequence number, so a replayed game draws what it drew before).
The server stores those rows and only then calls :meth:`Table.advance`.

Each seat's decision is numbered by the sequence number at which it was asked
(:meth:`Table.asked`): an answer that names an older number answers a decision that
has moved on, and is refused as stale. Where several players choose at once and in
secret (a Speed Jump), one player's choice leaves the others' decisions open.

>>> import tiki
>>> t = Table.start(tiki.GAME, tiki.GAME.Rules(), seed=5, seats=2)
>>> t.seq, t.actors   # a chance node: the layout is still to be drawn
(0, ())
>>> [r.kind for r in t.pending()]   # the server draws it, stores it, then plays it
['chance', 'chance']
>>> events = t.advance(t.pending())
>>> t.seq, t.actors, t.asked(1)
(2, (1,), 2)
>>> rows = t.plan(1, "play", t.decision_tokens(1)[0])
>>> [r.kind for r in rows]
['play']
>>> events = t.advance(rows)
>>> t.seq, t.actors
(3, (0,))
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from ..game import Game
from ..i18n import DEFAULT, words
from .store import LogRow

__all__ = ["CHANCE_SEAT", "Table", "chance_rng", "resigns"]

CHANCE_SEAT = -1
"""The seat a chance outcome is logged under."""


def resigns(name: str, lang: str = DEFAULT) -> str:
    """A resignation in words: ``x resigns``."""
    say = words("gamekit", lang)
    return say("{player} resigns", player=name)


def chance_rng(seed: int, seq: int) -> random.Random:
    """The random source of the transition numbered ``seq``: the same on every run and
    after every restart, and unknowable without the server's ``seed``."""
    return random.Random(f"{seed}:{seq}")


@attrs.define
class Table:
    """A game in play: the position after the stored log, and what each seat was asked."""

    game: Game
    """The game's descriptor."""
    rules: Any
    """The game's ``Rules``."""
    seed: int
    """The server's secret seed (:func:`chance_rng`)."""
    seats: int
    """How many seats."""
    state: Any
    """The position after the last stored row."""
    seq: int = 0
    """How many rows are stored (the sequence number of the last)."""
    resigned: int | None = None
    """The seat that resigned, if one did: the game is then over."""
    events: list[dict[str, Any]] = attrs.Factory(list)
    """Every event so far as JSON, each with the ``seq`` of its transition."""
    log: list[LogRow] = attrs.Factory(list)
    """The stored rows played so far."""
    _said: dict[str, list[dict[str, Any]]] = attrs.Factory(dict)
    """:attr:`events` with their ``words`` in another language, by language, as far
    as they have been asked for (:meth:`said`)."""
    _asked: dict[int, int] = attrs.Factory(dict)
    _planned: dict[LogRow, Any] = attrs.Factory(dict)
    """The transitions :meth:`plan` computed, by row: :meth:`advance` plays a stored
    row that was planned here without stepping it again."""
    _last: list[Any] = attrs.Factory(list)
    _memo: tuple[Any, int | None, tuple[bool, tuple[int, ...]]] | None = None
    _tokens: tuple[Any, dict[int, tuple[str, ...]]] | None = None

    @classmethod
    def start(
        cls, game: Game, rules: Any, *, seed: int, seats: int, log: Sequence[LogRow] = ()
    ) -> Table:
        """The table of a game of ``rules`` from ``seed``, after ``log`` is replayed;
        with no log, the opening chance nodes are drawn (and stored by the caller:
        see :meth:`pending`)."""
        table = cls(game, rules, seed, seats, game.new_game(rules))
        table._reask(None, table.state)
        table.advance(log)
        return table

    # what the game is doing ----------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        """The seats to decide now (``()`` once over, or at a chance node)."""
        return self._now()[1]

    @property
    def over(self) -> bool:
        """Whether the game has ended (played out, or a seat resigned)."""
        return self._now()[0]

    def _now(self) -> tuple[bool, tuple[int, ...]]:
        """:attr:`over` and :attr:`actors`, worked out once a position (a server asks
        them a few dozen times an action)."""
        memo = self._memo
        if memo is not None and memo[0] is self.state and memo[1] == self.resigned:
            return memo[2]
        over = self.resigned is not None or self.game.outcome(self.state) is not None
        who = () if over else tuple(self.game.actors(self.state))
        now = (over, () if who == (self.game.CHANCE,) else who)
        self._memo = (self.state, self.resigned, now)
        return now

    def asked(self, seat: int) -> int | None:
        """The sequence number at which ``seat``'s open decision was asked, or
        ``None`` if it has none."""
        return self._asked.get(seat) if seat in self.actors else None

    def view(self, seat: int | None) -> Any:
        """What ``seat`` sees (``None``: a spectator, who sees no secret)."""
        return self.game.observe(self.state, seat)

    def decision_tokens(self, seat: int) -> tuple[str, ...]:
        """The tokens of ``seat``'s legal actions now (worked out once a position)."""
        memo = self._tokens
        if memo is None or memo[0] is not self.state:
            memo = self._tokens = (self.state, {})
        found = memo[1].get(seat)
        if found is None:
            found = memo[1][seat] = tuple(self.game.decision(self.view(seat)).tokens(seat))
        return found

    def result(self) -> dict[str, Any] | None:
        """How the game ended, as JSON: ``{"resigned": seat, "winners": [...]}`` after a
        resignation, else the game's own outcome JSON; ``None`` while it runs."""
        if self.resigned is not None:
            others = [p for p in range(self.seats) if p != self.resigned]
            return {"resigned": self.resigned, "winners": others}
        done = self.game.outcome(self.state)
        if done is None:
            return None
        shown: dict[str, Any] = self.game.json.to_json(self.state)["result"]
        return shown

    # what an action would write -------------------------------------------------------

    def plan(self, seat: int, kind: str, token: str) -> list[LogRow]:
        """The rows that ``seat`` playing ``token`` writes: the action's row, then one
        per chance outcome until a player is to act. ``token`` must be legal for the
        seat (the server checks it first); a ``'resign'`` takes no token."""
        now = time.time()
        seq = self.seq + 1
        self._planned.clear()
        if kind == "resign":
            return [LogRow(seq, seat, kind, "", now)]
        row = LogRow(seq, seat, kind, token, now)
        t = self.game.step(self.state, self.game.parse_action(self.state, token))
        self._planned[row] = t
        return [row, *self._chance_after(t.state, seq, now)]

    def pending(self) -> list[LogRow]:
        """The chance rows a stored log stops short of (a new game's opening draws, or
        a crash between a write and its chance outcomes): ``[]`` if a player is to act."""
        self._planned.clear()
        return self._chance_after(self.state, self.seq, time.time())

    def _chance_after(self, state: Any, seq: int, now: float) -> list[LogRow]:
        rows = []
        game = self.game
        while game.outcome(state) is None and tuple(game.actors(state)) == (game.CHANCE,):
            seq += 1
            outcome = game.sample_chance(state, chance_rng(self.seed, seq))
            row = LogRow(seq, CHANCE_SEAT, "chance", game.action_token(state, outcome), now)
            t = game.step(state, outcome)
            self._planned[row] = t
            rows.append(row)
            state = t.state
        return rows

    # the stored rows, played --------------------------------------------------------

    def advance(self, rows: Sequence[LogRow]) -> list[dict[str, Any]]:
        """Play stored ``rows`` (the next ones in order) and return their events as
        JSON, each with its ``seq``."""
        out: list[dict[str, Any]] = []
        game = self.game
        for row in rows:
            if row.seq != self.seq + 1:
                raise ValueError(f"row {row.seq} does not follow row {self.seq}")
            before = self.state
            if row.kind == "resign":
                self.resigned = row.seat
                name = game.player_name(row.seat)
                said = [{"type": "event", "event": "Resigned", "player": row.seat,
                         "text": f"{name} resigns", "words": resigns(name)}]
            else:
                t = self._planned.pop(row, None)  # planned here: stepped already
                if t is None:
                    t = game.step(self.state, game.parse_action(self.state, row.token))
                self.state = t.state
                said = [game.json.event_to_json(e) for e in t.events]
            self.seq = row.seq
            self.log.append(row)
            for e in said:
                e["seq"] = row.seq
            out += said
            self._reask(row, before)
        self.events += out
        return out

    def said(self, events: Sequence[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
        """``events`` (some of :attr:`events`, as :meth:`advance` returned them) with
        their ``words`` in ``lang``: each told again by the game in that language, and
        kept, so that every connection in that language shares the work."""
        if lang == DEFAULT or not events:
            return list(events)
        start = len(self.events) - len(events)
        if start < 0 or any(a is not b for a, b in zip(events, self.events[start:], strict=True)):
            return [self._in(e, lang) for e in events]  # not the latest events: told anew
        done = self._said.setdefault(lang, [])
        for e in self.events[len(done) :]:
            done.append(self._in(e, lang))
        return done[start:]

    def _in(self, event: dict[str, Any], lang: str) -> dict[str, Any]:
        if event.get("event") == "Resigned":
            return {**event, "words": resigns(self.game.player_name(event["player"]), lang)}
        read = self.game.json.event_from_json({k: v for k, v in event.items() if k != "seq"})
        told = self.game.json.event_to_json(read, lang)
        return {**event, "words": told["words"]}

    def _reask(self, row: LogRow | None, before: Any) -> None:
        """Number the decisions opened by ``row``: a seat's decision is asked anew when
        it becomes an actor, when it has just acted, and after a chance outcome or a
        resignation; another player's secret choice leaves it open."""
        game = self.game
        had = set(game.actors(before)) if row is not None else set()
        for seat in self.actors:
            if (
                row is None
                or seat not in had
                or row.seat in (seat, CHANCE_SEAT)
                or row.kind == "resign"
                or not game.secret(self.state)
            ):
                self._asked[seat] = self.seq

