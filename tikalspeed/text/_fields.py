"""Readers for the fields of the position string other than the board: each takes the
field's text and its offset and raises :class:`NotationError` at the part it cannot read."""

from __future__ import annotations

import re
from typing import Any

from ..board.hexgrid import CELL_COUNT, CELL_NAMES
from ..board.terrain import Terrain
from ..bounds import MAX_BID, MAX_COUNT, MAX_DIGITS, shown
from ..errors import NotationError
from ..model.rules import Rules
from ..model.state import Outcome, State, TurnKind

NAT = re.compile(r"0|[1-9][0-9]*")
"""A whole number, no leading zeros."""
INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
"""A whole number with an optional minus sign."""
KINDS = {k.value: k for k in TurnKind}
"""Turn kinds by name."""
_CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}


def player_from_name(name: str, players: int) -> int | None:
    """Return the player named ``name`` (``'P1'`` … up to ``players``), else ``None``.

    >>> player_from_name("P3", 4), player_from_name("P3", 2), player_from_name("p1", 4)
    (2, None, None)
    """
    if len(name) == 2 and name[0] == "P" and name[1] in "123456789"[:players]:
        return int(name[1]) - 1
    return None


def fail(message: str, at: int) -> NotationError:
    """A :class:`NotationError` at offset ``at``."""
    return NotationError(message, at)


def choose(table: dict[str, Any], field: str, at: int, what: str) -> Any:
    """Return ``table[field]``, or fail naming the ``what`` and the choices."""
    if field not in table:
        raise fail(f"unknown {what} {field!r}; one of {', '.join(table)}", at)
    return table[field]


def number(
    field: str,
    at: int,
    what: str,
    pattern: re.Pattern[str] = NAT,
    low: int = 0,
    high: int = MAX_COUNT,
) -> int:
    """Read a whole number matching ``pattern``, from ``low`` to ``high`` (by default a
    count, at most :data:`~tikalspeed.bounds.MAX_COUNT`); the digits are counted before
    they are converted."""
    if not pattern.fullmatch(field):
        raise fail(f"the {what} must be a whole number, not {shown(field)}", at)
    value = int(field) if len(field) <= MAX_DIGITS else None
    if value is None or not low <= value <= high:
        raise fail(f"the {what} is {low} to {high}, not {shown(field)}", at)
    return value


def read_player(field: str, at: int, n: int, what: str, none_ok: bool = False) -> int:
    """Read ``P1`` … ``Pn`` (or ``-`` as -1 if ``none_ok``)."""
    if none_ok and field == "-":
        return -1
    p = player_from_name(field, n)
    if p is None:
        raise fail(
            f"the {what} is one of P1 to P{n}{' or -' if none_ok else ''}, not {field!r}", at
        )
    return p


def entries(field: str, at: int) -> list[tuple[str, int]]:
    """The ``,``-separated entries of a field with their offsets; ``-`` is none."""
    return [] if field == "-" else split(field, at)


def per_player(field: str, at: int, n: int, what: str) -> list[tuple[str, int]]:
    """The ``n`` ``,``-separated entries of a per-player field, with their offsets."""
    found = split(field, at)
    if len(found) != n:
        raise fail(f"the {what} field has one entry per player ({n}), found {len(found)}", at)
    return found


def split(field: str, at: int) -> list[tuple[str, int]]:
    """The ``,``-separated parts of a field with their offsets."""
    out = []
    for part in field.split(","):
        out.append((part, at))
        at += len(part) + 1
    return out


def read_cells(field: str, at: int, what: str) -> tuple[int, ...]:
    """Read a list of cell names (``-`` for none), keeping order and repeats."""
    out = []
    for name, where in entries(field, at):
        if name not in _CELL_INDEX:
            raise fail(f"unknown cell {name!r} in the {what} field", where)
        out.append(_CELL_INDEX[name])
    return tuple(out)


def read_tiles(field: str, at: int, t: Terrain, what: str, ranges: bool = False) -> list[int]:
    """Read a list of tile ids (``first..last`` runs if ``ranges``), each once."""
    out: list[int] = []
    for part, where in entries(field, at):
        first, dots, last = part.partition("..") if ranges else (part, "", "")
        ids = [first, last] if dots else [first]
        found = [t.index.get(x) for x in ids]
        for x, i in zip(ids, found, strict=True):
            if i is None:
                raise fail(f"unknown tile {x!r} in the {what} field", where)
        lo, hi = found[0], found[-1]
        assert lo is not None and hi is not None
        if hi < lo:
            raise fail(f"{part!r}: a range runs from a tile to a later one", where)
        for i in range(lo, hi + 1):
            if i in out:
                raise fail(f"tile {t.tile_ids[i]} is listed twice in the {what} field", where)
            out.append(i)
    return out


def read_queue(field: str, at: int, n: int) -> tuple[tuple[TurnKind, int], ...]:
    """Read the queued turns ``P2:scoring,...``."""
    out = []
    for part, where in entries(field, at):
        name, colon, kind = part.partition(":")
        p = player_from_name(name, n)
        if p is None or not colon or kind not in KINDS:
            raise fail(f"a queued turn is '<player>:<kind>', e.g. P2:scoring, not {part!r}", where)
        out.append((KINDS[kind], p))
    return tuple(out)


def read_auction(field: str, at: int, rules: Rules) -> dict[str, Any]:
    """Read the auction field into the State fields it holds (none in classic)."""
    n = rules.players
    if rules.mode == "classic":
        if field != "-":
            raise fail("the classic game has no auction: the field is '-' (TIKAL-MODE-1)", at)
        return {}
    parts = field.split("/")
    if len(parts) != 5:
        raise fail("the auction field is opener/played/bidders/bid/passer, e.g. 'P1/-/-/-/-'", at)
    spots = [at]
    for part in parts[:-1]:
        spots.append(spots[-1] + len(part) + 1)
    bid, colon, bidder = parts[3].partition(":")
    out: dict[str, Any] = {
        "round_opener": read_player(parts[0], spots[0], n, "round opener"),
        "played": tuple(read_player(p, w, n, "player") for p, w in entries(parts[1], spots[1])),
        "bidders": tuple(read_player(p, w, n, "bidder") for p, w in entries(parts[2], spots[2])),
        "high_bid": 0,
        "high_bidder": -1,
        "first_passer": read_player(parts[4], spots[4], n, "first passer", none_ok=True),
    }
    if parts[3] != "-":
        if not colon:
            raise fail(f"the high bid is '<amount>:<player>' or '-', not {parts[3]!r}", spots[3])
        out["high_bid"] = number(bid, spots[3], "high bid", high=MAX_BID)
        out["high_bidder"] = read_player(bidder, spots[3] + len(bid) + 1, n, "high bidder")
    return out


def read_result(field: str, at: int, n: int, scores: tuple[int, ...]) -> Outcome | None:
    """Read ``-`` or ``<P1..Pn|shared>:<reason>``; the scores are the players'."""
    if field == "-":
        return None
    winner, colon, reason = field.partition(":")
    p = None if winner == "shared" else player_from_name(winner, n)
    if not colon or (p is None and winner != "shared"):
        raise fail(f"a result is '<P1..P{n}|shared>:<reason>' or '-', not {field!r}", at)
    return Outcome(p, scores, reason)


def marks_text(state: State, marks: tuple[int, ...]) -> str:
    """The raised or dug field: cells, or where players interleave (the Speed game)
    ``P2:d3`` marks."""
    if not state.rules.interleaved:
        return ",".join(CELL_NAMES[c] for c in marks) or "-"
    return (
        ",".join(f"P{m // CELL_COUNT + 1}:{CELL_NAMES[m % CELL_COUNT]}" for m in marks) or "-"
    )


def read_marks(field: str, at: int, rules: Rules, what: str) -> tuple[int, ...]:
    """Read the raised or dug field: cell names, or where players interleave (the Speed
    game) ``<player>:<cell>`` marks (``player * 40 + cell``), keeping order and repeats."""
    speed = rules.interleaved
    out = []
    for entry, where in entries(field, at):
        name, colon, cell = entry.partition(":") if speed else ("", "", entry)
        p = player_from_name(name, rules.players) if speed else 0
        if not speed and cell not in _CELL_INDEX:
            raise fail(f"unknown cell {shown(cell)} in the {what} field", where)
        if p is None or (speed and not colon) or cell not in _CELL_INDEX:
            raise fail(
                f"each entry of the {what} field is '<player>:<cell>', e.g. P2:d3, "
                f"not {shown(entry)}",
                where,
            )
        out.append(p * CELL_COUNT + _CELL_INDEX[cell])
    return tuple(out)
