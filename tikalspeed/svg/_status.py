"""The status panel of a Tikal picture, under the board: the game, the decision, a
table of the players and the tiles left, the result once the game is over."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..board.hexgrid import CELL_NAMES
from ..board.tiles import LETTERS
from ..model.actions import TREASURE_NAMES, player_name
from ..model.records import STOP
from ..model.state import GUARDING, REMOVED, SUPPLY, Phase, State, TurnKind
from ..text.decision import describe
from ._shapes import BOARD_HEIGHT, BOARD_WIDTH, COLOURS, MARGIN, element, text

__all__ = ["draw_status", "status_height"]

_LINE = 17.0
"""The height of a line of the panel."""

_COLUMNS = (
    ("player", 34.0),
    ("score", 92.0),
    ("supply", 142.0),
    ("leader", 196.0),
    ("guards", 252.0),
    ("camps", 306.0),
    ("treasures", 356.0),
)
"""The table's headings and where each column starts."""


def _leader(state: State, p: int) -> str:
    where = state.leaders[p]
    named = {SUPPLY: "supply", REMOVED: "removed", GUARDING: "guard"}
    return named.get(where, CELL_NAMES[where] if where >= 0 else "?")


_SPEED_COLUMNS = (*_COLUMNS[:6], ("tokens", 352.0), ("jump", 400.0), ("treasures", 470.0))
"""Speed's columns: two more, tokens in hand and the player's part in the Jump."""


def _jump(state: State, p: int, viewer: int | None) -> str:
    """SPEED-JUMP-1: a choice is secret until the reveal, even in a picture of the whole
    position; only the viewer of a view sees his own."""
    if p not in state.jumpers or state.turn_kind is not TurnKind.JUMP:
        return "-"
    chosen = state.chosen[p] if state.chosen else 0
    if state.phase is not Phase.TOKENS:
        return str(chosen)
    if not chosen:
        return "choosing"
    if p != viewer:
        return "chose ?"  # a count or a stop (SPEED-JUMP-8), alike
    return "stops" if chosen == STOP else f"chose {chosen}"


def _row(state: State, p: int, viewer: int | None) -> tuple[str, ...]:
    guards = sum(1 for g in state.guards if g == p)
    camps = sum(1 for c in state.camps if c == p)
    held = " ".join(f"{TREASURE_NAMES[k]}{n}" for k, n in enumerate(state.held[p]) if n)
    speed: tuple[str, ...] = ()
    if state.rules.mode == "speed":
        speed = (str(state.tokens[p]) if state.tokens else "-", _jump(state, p, viewer))
    return (
        player_name(p),
        str(state.scores[p]),
        str(state.supply[p]),
        _leader(state, p),
        f"{guards}/{state.rules.manifest.components.guards}",
        f"{camps}/{state.rules.manifest.components.camps}",
        *speed,
        held or "-",
    )


def _result(state: State) -> str:
    o = state.result
    if o is None:
        return ""
    if o.winner is None:
        best = max(o.scores)
        return "game over: a shared win for " + ", ".join(
            player_name(p) for p, s in enumerate(o.scores) if s == best
        )
    return f"game over: {player_name(o.winner)} wins"


def _lines(state: State, player: int | None) -> list[str]:
    title = f"Tikal · {state.rules.mode} · {state.players} players"
    if player is not None:
        title += f" · as {player_name(player)} sees it"
    stacks = ", ".join(f"{x} {len(st)}" for x, st in zip(LETTERS, state.stacks, strict=False))
    if state.rules.mode == "speed" and state.round_order and state.result is None:
        title += " · Round Order " + ", ".join(player_name(p) for p in state.round_order)
    lines = [title, _result(state) or describe(state)]
    lines.append(f"tiles to draw: {sum(len(st) for st in state.stacks)} ({stacks})")
    return lines


def status_height(state: State) -> float:
    """The height of the panel for ``state``."""
    return _LINE * (4 + state.players) + 8


def draw_status(root: ET.Element, state: State, player: int | None) -> None:
    """Draw the panel of ``state`` (seen by ``player``, if any) under the board."""
    top = BOARD_HEIGHT
    element(
        root,
        "rect",
        x=0,
        y=top,
        width=BOARD_WIDTH,
        height=status_height(state),
        fill="#ffffff",
        class_="status",
    )
    title, decision, tiles = _lines(state, player)
    y = top + _LINE / 2 + 4
    text(root, MARGIN, y, title, 12.0, text_anchor="start", font_weight="bold")
    y += _LINE
    text(root, MARGIN, y, decision, 11.0, text_anchor="start", class_="decision")
    y += _LINE
    columns = _SPEED_COLUMNS if state.rules.mode == "speed" else _COLUMNS
    for heading, x in columns:
        text(root, MARGIN + x - 34, y, heading, 10.0, text_anchor="start", fill="#6b6253")
    deciding = _deciding(state)
    for p in range(state.players):
        y += _LINE
        element(
            root,
            "circle",
            cx=MARGIN + 6.0,
            cy=y,
            r=6.0,
            fill=COLOURS[p],
            stroke="#ffffff" if p not in deciding else "#000000",
            stroke_width=2.0,
        )
        for (_, x), value in zip(columns, _row(state, p, player), strict=True):
            bold = {"font_weight": "bold"} if p in deciding else {}
            text(
                root,
                MARGIN + x - 34 + (14 if x == 34.0 else 0),
                y,
                value,
                11.0,
                text_anchor="start",
                **bold,
            )
    y += _LINE
    text(root, MARGIN, y, tiles, 10.0, text_anchor="start", fill="#6b6253")


_CHANCE_PHASES = (Phase.DRAW, Phase.TREASURE, Phase.REVEAL)
"""Phases where chance decides (TIKAL-DRAW-1, TIKAL-TREASURE-3, TIKAL-AUCTION-2)."""


def _deciding(state: State) -> tuple[int, ...]:
    if state.phase in _CHANCE_PHASES or state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.TOKENS:  # SPEED-JUMP-1: all who still choose
        return tuple(p for p in state.jumpers if not state.chosen[p])
    return (state.active,)
