"""Tikal's own numbers of a study game: what :class:`Tally` counts of its events, and
what :func:`numbers` makes of the count (the row's Tikal columns; definitions in
``docs/simulate.md``).

A study plays its games with ``noted_of(COUNTED)`` (``step_only`` of them, each event
noted as its class and fields, not built), which notes only the events of
:data:`COUNTED`; each number below needs only those, a
little state in the tally (each player's latest scoring) and the final scores.

>>> from tikalspeed.tools.studies import play_row
>>> row = play_row("mode=speed;players=2", 0, ("random", "random"))
>>> row["ap_unused"] == row["ap_unused_ended"] + row["ap_unused_jump"] + row["ap_unused_forfeit"]
True
>>> row["auction_spend"] == sum(row["auction_spend_by"]), row["volcano_secured"]
(True, 3)
>>> WORDS["ap_unused_jump"]
'action points lost in Jumps'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from gamekit.studies.study import Played

from ...board.manifest import Manifest
from ...board.terrain import terrain
from ...board.tiles import Kind
from ...engine.work import Note
from ...model.events import (
    AuctionOpened,
    AuctionWon,
    PointsLost,
    Scored,
    TileSecured,
    TokensReturned,
    TurnBegan,
    TurnEnded,
)
from ...model.rules import Rules
from ...model.state import TurnKind
from .fired import Choices

__all__ = [
    "COLUMNS",
    "COUNTED",
    "FIRED",
    "WORDS",
    "Tally",
    "counts_towards",
    "kingmaking",
    "notes",
    "numbers",
    "rounds",
]

COUNTED = frozenset(
    {
        PointsLost,
        TurnEnded,
        TokensReturned,
        AuctionOpened,
        TurnBegan,
        Scored,
        AuctionWon,
        TileSecured,
    }
)
"""The kinds of event a study counts: its games are played with ``step_only`` of
these, which builds no other event."""

_FORFEIT = "SPEED-JUMP-8"
"""The clause a forfeit's ``PointsLost`` cites; every other cites SPEED-JUMP-3 or -7."""
_BLOCKED = "SPEED-JUMP-7"
"""The clause of points lost because no action was left within them."""

FIRED = (
    "choices_opened",
    "choices_taken",
    "choices_closed",
    "ap_lost_blocked",
    "scoring_turns",
    "volcano_pairs",
)
"""The columns that say how often a rule fired (:mod:`.fired`, and the events of the
ruleset's own options)."""

COLUMNS = (
    "mode",
    "rounds",
    "ap_unused",
    "ap_unused_by",
    "scorings",
    "ap_unused_ended",
    "ap_unused_jump",
    "ap_unused_forfeit",
    "auction_spend",
    "auction_spend_by",
    "auction_price_mean",
    "volcano_secured",
    "volcano_promoted",
    "last_swing",
    "lead_changed",
    *FIRED,
)
"""The columns :func:`numbers` gives, in the row's order."""

WORDS = {
    "rounds": "rounds",
    "ap_unused": "action points left unused",
    "ap_unused_ended": "action points left by turns ended early",
    "ap_unused_jump": "action points lost in Jumps",
    "ap_unused_forfeit": "tokens forfeited by stopping",
    "scorings": "scorings",
    "auction_spend": "points paid at auctions",
    "auction_price_mean": "mean price of a tile at auction",
    "volcano_secured": "volcanoes secured at auction",
    "volcano_promoted": "volcanoes that moved their securer ahead",
    "last_swing": "change in the winner's lead at the last scoring",
    "lead_changed": "games whose last scoring took the lead from the leader",
    "choices_opened": "decisions with a choice only these rules give",
    "choices_taken": "decisions that took a choice only these rules give",
    "choices_closed": "decisions with a choice only the default rules give",
    "ap_lost_blocked": "action points lost with no action left",
    "scoring_turns": "scoring turns",
    "volcano_pairs": "rounds with two volcanoes secured",
}
"""Each of Tikal's numbers in words, for the labels of summaries and plots."""


_NORMAL = TurnKind.NORMAL.value
"""A normal turn's kind, as ``TurnBegan.kind`` gives it."""
_SCORING_KINDS = (TurnKind.SCORING.value, TurnKind.FINAL.value)
"""The kinds of a turn that ends in a scoring."""


class Tally:
    """Tikal's counts of one game's events: the points each player left unused, by
    cause; what each paid at auctions; the volcanoes secured; each player's latest
    scoring; and the events that count towards the rounds and the scorings."""

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.players = n
        self.ended = [0] * n
        """Points left when a turn ended (``TurnEnded.lost``), per player."""
        self.jump = [0] * n
        """Jump points lost (``PointsLost`` citing SPEED-JUMP-3 or -7), per player."""
        self.forfeit = [0] * n
        """Tokens forfeited (``PointsLost`` citing SPEED-JUMP-8), per player."""
        self.spend = [0] * n
        """Points paid at auctions (``AuctionWon.price``), per player."""
        self.won = 0
        """Tiles taken at auctions (``AuctionWon``, free ones included)."""
        self.volcanoes = 0
        """Volcanoes secured (Speed: ``TileSecured`` of a volcano)."""
        self.promoted = 0
        """Of these, the ones whose securer went ahead of an earlier securer."""
        self.last = [0] * n
        """Each player's points at his latest scoring (``Scored``)."""
        self.counts = {TokensReturned: 0, AuctionOpened: 0, TurnBegan: 0, Scored: 0}
        self.blocked = 0
        """Jump points lost to a block (``PointsLost`` citing SPEED-JUMP-7)."""
        self.scoring_turns = 0
        """Turns of kind scoring or final (``TurnBegan``)."""
        self.pairs = 0
        """Speed rounds in which two or more volcanoes were secured."""
        self._round_volcanoes = 0
        self._volcano_ids = _volcanoes(rules.manifest)
        self.choices = Choices(rules)
        """The choices the rules opened, took and closed (:mod:`.fired`)."""
        self.watch = None if self.choices.base is None else self.choices.watch
        """Shown every decision (:func:`gamekit.studies.loop.play`) where the rules set
        an option of :data:`~.fired.CHOICE_OPTIONS` otherwise than the default."""

    def seen(self, notes: Sequence[Note]) -> None:
        """Count the events of one ply, as noted (each its class and its fields: the
        study's step, ``noted_of(COUNTED)``, builds none; :func:`notes` gives the notes
        of built events). Kinds not in :data:`COUNTED` are skipped."""
        for kind, f in notes:
            if kind is PointsLost:
                clause = f[_LOST_CLAUSE] if len(f) > _LOST_CLAUSE else _LOST_DEFAULT
                lost = self.forfeit if clause == _FORFEIT else self.jump
                p = f[_LOST_BY]
                lost[p] = lost[p] + f[_LOST_POINTS]
                if clause == _BLOCKED:
                    self.blocked += f[_LOST_POINTS]
            elif kind is TurnEnded:
                p = f[_ENDED_BY]
                self.ended[p] = self.ended[p] + f[_ENDED_LOST]
            elif kind is Scored:
                self.last[f[_SCORED_BY]] = f[_SCORED_TEMPLES] + f[_SCORED_TREASURES]
                self.counts[Scored] += 1
            elif kind is AuctionWon:
                p = f[_WON_BY]
                self.spend[p] = self.spend[p] + f[_WON_PRICE]
                self.won += 1
            elif kind is TileSecured:
                if f[_SECURED_TILE] in self._volcano_ids:
                    self.volcanoes += 1
                    self._round_volcanoes += 1
                    self.pairs += self._round_volcanoes == 2
                    self.promoted += f[_SECURED_ORDER][-1] != f[_SECURED_BY]
            elif kind in self.counts:
                self.counts[kind] += counts_towards(kind, f, self.players)
                if kind is TokensReturned:  # a Speed round's end
                    self._round_volcanoes = 0
                elif kind is TurnBegan and f[_BEGAN_KIND] in _SCORING_KINDS:
                    self.scoring_turns += 1


@functools.lru_cache(maxsize=16)
def _volcanoes(manifest: Manifest) -> frozenset[str]:
    """The ids of the volcano tiles of ``manifest``, found once (a study makes a tally
    a game)."""
    t = terrain(manifest)
    return frozenset(i for i, k in zip(t.tile_ids, t.tile_kinds, strict=True) if k is Kind.VOLCANO)


def notes(events: Iterable[Any]) -> list[Note]:
    """The notes of built events, as :meth:`Tally.seen` reads them: each event's class
    and every one of its fields, in order.

    >>> notes([TurnEnded(1, 3)])
    [(<class 'tikalspeed.model.events.TurnEnded'>, (1, 3, 'TIKAL-TURN-3'))]
    """
    return [(type(e), attrs.astuple(e, recurse=False)) for e in events]


def _place(kind: type, name: str) -> int:
    """Where field ``name`` of the event class ``kind`` is among its noted fields."""
    return [f.name for f in attrs.fields(kind)].index(name)


_LOST_BY, _LOST_POINTS, _LOST_CLAUSE = (
    _place(PointsLost, n) for n in ("player", "points", "clause")
)
_LOST_DEFAULT = PointsLost(0, 0).clause
"""The clause of a ``PointsLost`` noted without one (SPEED-JUMP-3)."""
_ENDED_BY, _ENDED_LOST = (_place(TurnEnded, n) for n in ("player", "lost"))
_SCORED_BY, _SCORED_TEMPLES, _SCORED_TREASURES = (
    _place(Scored, n) for n in ("player", "temples", "treasures")
)
_WON_BY, _WON_PRICE = (_place(AuctionWon, n) for n in ("player", "price"))
_SECURED_BY, _SECURED_TILE, _SECURED_ORDER = (
    _place(TileSecured, n) for n in ("player", "tile_id", "round_order")
)
_OPENED_BIDDERS = _place(AuctionOpened, "bidders")
_BEGAN_KIND = _place(TurnBegan, "kind")


def counts_towards(kind: type, fields: Sequence[Any], players: int) -> int:
    """Whether the event ``kind(*fields)`` counts towards the rounds or the scorings:
    a round's first auction has every player among its bidders (TIKAL-AUCTION-4); a
    turn counts if it is a normal one.

    >>> counts_towards(TurnBegan, (0, "bonus"), 2), counts_towards(AuctionOpened, ((1, 0),), 2)
    (0, 1)
    """
    if kind is AuctionOpened:
        return int(len(fields[_OPENED_BIDDERS]) == players)
    if kind is TurnBegan:
        return int(fields[_BEGAN_KIND] == _NORMAL)
    return 1


def rounds(rules: Rules, counts: dict[type, int]) -> int:
    """Speed: rounds (each ends with the tokens returned); professional: auction
    rounds; classic: normal turns per player, rounded up."""
    if rules.mode == "speed":
        return counts[TokensReturned]
    if rules.mode == "professional":
        return counts[AuctionOpened]
    return -(-counts[TurnBegan] // rules.players)


def _top(scores: Sequence[int]) -> set[int]:
    best = max(scores)
    return {p for p, s in enumerate(scores) if s == best}


def _lead(scores: Sequence[int], player: int) -> int:
    return scores[player] - max(s for q, s in enumerate(scores) if q != player)


def kingmaking(final: Sequence[int], last: Sequence[int]) -> tuple[int, int]:
    """``(last_swing, lead_changed)`` from the final scores and each player's points
    at the last scoring (so the scores before it are ``final - last``).

    A player's lead is his score minus the best score of the others (negative when
    behind). The winners are those with the best final score (TIKAL-END-2; a shared
    win, several); the winner ``w`` is the one of them, or among shared winners the
    one with the best lead before the last scoring (the first seat if still tied).
    ``last_swing`` is ``w``'s final lead minus his lead before the last scoring;
    ``lead_changed`` is 1 when no player who led before it (alone or shared) is
    among the winners.

    >>> kingmaking([30, 25], [10, 20])  # before: 20 v 5; after: 30 v 25
    (-10, 0)
    >>> kingmaking([25, 30], [5, 20])   # before: 20 v 10; P2 overtakes
    (15, 1)
    >>> kingmaking([30, 30], [10, 5])   # before: 20 v 25; P2, who led, shares the win
    (-5, 0)
    """
    before = [f - x for f, x in zip(final, last, strict=True)]
    winners = _top(final)
    w = max(sorted(winners), key=lambda p: _lead(before, p))
    return _lead(final, w) - _lead(before, w), int(not winners & _top(before))


def numbers(played: Played) -> dict[str, Any]:
    """The row's Tikal columns (:data:`COLUMNS`) of a played game."""
    tally: Tally = played.tally
    rules = played.rules
    ended, jump, forfeit = sum(tally.ended), sum(tally.jump), sum(tally.forfeit)
    spend = sum(tally.spend)
    by = [a + b + c for a, b, c in zip(tally.ended, tally.jump, tally.forfeit, strict=True)]
    swing, changed = kingmaking(played.final.expeditions.scores, tally.last)
    return {
        "mode": rules.mode,
        "rounds": rounds(rules, tally.counts),
        "ap_unused": ended + jump + forfeit,
        "ap_unused_by": by,
        "scorings": tally.counts[Scored] // tally.players,
        "ap_unused_ended": ended,
        "ap_unused_jump": jump,
        "ap_unused_forfeit": forfeit,
        "auction_spend": spend,
        "auction_spend_by": tally.spend,
        "auction_price_mean": spend / tally.won if tally.won else 0.0,
        "volcano_secured": tally.volcanoes,
        "volcano_promoted": tally.promoted,
        "last_swing": swing,
        "lead_changed": changed,
        "choices_opened": tally.choices.opened,
        "choices_taken": tally.choices.taken,
        "choices_closed": tally.choices.closed,
        "ap_lost_blocked": tally.blocked,
        "scoring_turns": tally.scoring_turns,
        "volcano_pairs": tally.pairs,
    }
