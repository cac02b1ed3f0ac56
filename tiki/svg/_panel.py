"""The status half of a Tiki picture, beside the island: what ``tiki.tools.cli.board``'s
status block says, drawn.

From the top: the turn and who is on turn, the decision open
(:func:`tiki.text.decision.describe`), each player's supply and fruits, the reserve and
the spoiled pile (with a fruit drawn for each), the shaman's edge (with the shaman
rule), the villages still pending, the tie-break, the result, the rules that are not
the defaults, and whose view it is when a :class:`~tiki.View` is drawn.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..model.state import PLAYER_SYMBOLS, PLAYERS, Phase, State
from ..text.decision import describe
from ._shapes import MUTED, add, fruit, text, tiki

__all__ = ["PANEL_W", "draw_panel", "on_turn", "result_text", "turn_title"]

PANEL_W = 300
"""The width of the status panel, its outer gap included."""

_INSET = 18
_VALUES = 104
"""Where the values start, from the panel's left side."""
_LINE = 24
_ROW_CLASS = {"shaman": "shaman-edge"}
"""The class of a row's value where its label would name a shape (the shaman figure
is the one shape classed ``shaman``)."""
_WRAP = 30
"""Characters of 13 px text that fit on one line of the panel."""


def turn_title(state: State) -> str:
    """The panel's title: the turn being played, as the prompt and the status block say
    it (``Turn 33 · o on turn``), or the turns played once over (``32 turns · game over``)."""
    if state.phase is Phase.OVER:
        return f"{state.turn} turns · game over"
    return f"Turn {state.turn + 1} · {on_turn(state)}"


def on_turn(state: State) -> str:
    """Who is on turn, as the title says it: ``x on turn``, ``game over``, ``setting up``."""
    if state.phase is Phase.OVER:
        return "game over"
    if state.active < 0:
        return "setting up"
    return f"{PLAYER_SYMBOLS[state.active]} on turn"


def result_text(state: State) -> str:
    """The result once over: ``1-0: x wins by four-fruits, 4-1``; else ``-``."""
    o = state.result
    if o is None:
        return "-"
    who = "draw" if o.winner is None else f"{PLAYER_SYMBOLS[o.winner]} wins"
    return f"{o.result()}: {who} by {o.reason}, {o.scores[0]}-{o.scores[1]}"


def _rule_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def draw_panel(
    root: ET.Element, state: State, left: float, top: float, seen_by: int | None
) -> float:
    """Draw the status panel of ``state`` with its top-left corner at ``(left, top)``;
    return the panel's height. ``seen_by`` is the player of a drawn view, else ``None``."""
    frame = add(
        root,
        "rect",
        {
            "x": left,
            "y": top,
            "width": PANEL_W - 20,
            "height": 0,
            "rx": 12,
            "fill": "#fffdf6",
            "stroke": "#cdb27a",
            "stroke-width": 2,
        },
    )
    g = add(root, "g", {"class": "status"})
    x, vx = left + _INSET, left + _VALUES
    y = top + 32
    text(g, x, y, turn_title(state), size=18, weight="bold", cls="turn")
    y += 8
    for line in textwrap.wrap(describe(state), _WRAP, break_on_hyphens=False):
        y += 19
        text(g, x, y, line, size=13, fill="#5b4632", cls="decision").set("font-style", "italic")
    y += 14
    y = _rule(g, left, y)

    y += 20
    text(g, vx, y, "supply", size=12, fill=MUTED)
    text(g, vx + 58, y, "fruits", size=12, fill=MUTED)
    for p in PLAYERS:
        y += _LINE + 4
        tiki(g, p, x, y - 17, 30, 20, "key")
        text(g, x + 40, y - 1, PLAYER_SYMBOLS[p], size=15, weight="bold")
        text(g, vx + 14, y, str(state.supply[p]), size=15, anchor="end", cls=f"supply {_sym(p)}")
        text(g, vx + 72, y, str(state.fruits[p]), size=15, anchor="end", cls=f"fruits {_sym(p)}")
        _fruits(g, vx + 86, y - 6, state.fruits[p], spoiled=False)
    y += 14
    y = _rule(g, left, y)

    y += 22
    _label(g, x, y, "reserve")
    text(g, vx + 14, y, str(state.reserve), size=15, anchor="end", cls="reserve")
    _fruits(g, vx + 28, y - 6, state.reserve, spoiled=False)
    y += _LINE
    _label(g, x, y, "spoiled")
    text(g, vx + 14, y, str(state.spoiled), size=15, anchor="end", cls="spoiled")
    _fruits(g, vx + 28, y - 6, state.spoiled, spoiled=True)
    rows: list[tuple[str, str]] = []
    if state.rules.shaman:
        rows.append(
            ("shaman", "off the board" if state.shaman is None else EDGE_NAMES[state.shaman])
        )
    if state.pending:
        rows.append(("pending", ", ".join(VILLAGE_NAMES[v] for v in state.pending)))
    rows += [("tie-break", "on" if state.tiebreak else "off"), ("result", result_text(state))]
    extra = state.rules.non_default()
    if extra:
        rows.append(("rules", ", ".join(f"{k}={_rule_text(v)}" for k, v in extra.items())))
    if seen_by is not None:
        rows.append(("view", f"as {PLAYER_SYMBOLS[seen_by]} sees it"))
    for label, value in rows:
        y += _LINE
        _label(g, x, y, label)
        lines = textwrap.wrap(value, 21, break_on_hyphens=False) or ["-"]
        for i, line in enumerate(lines):
            if i:
                y += 18
            text(g, vx, y, line, size=14, cls=_ROW_CLASS.get(label, label))
    height = y + 24 - top
    frame.set("height", str(round(height)))
    return height


def _sym(player: int) -> str:
    return PLAYER_SYMBOLS[player]


def _label(g: ET.Element, x: float, y: float, label: str) -> None:
    text(g, x, y, label, size=13, fill=MUTED)


def _rule(g: ET.Element, left: float, y: float) -> float:
    add(
        g,
        "line",
        {
            "x1": left + _INSET,
            "y1": y,
            "x2": left + PANEL_W - 20 - _INSET,
            "y2": y,
            "stroke": "#e3d3ad",
            "stroke-width": 1.5,
        },
    )
    return y


def _fruits(g: ET.Element, x: float, y: float, count: int, *, spoiled: bool) -> None:
    """A row of ``count`` fruits (at most 9 drawn, the number says the rest)."""
    cls = "spoiled-fruit" if spoiled else "fruit"
    for i in range(min(count, 9)):
        fruit(g, x + 6 + i * 14, y + 1, spoiled=spoiled, cls=cls)
    if count > 9:
        text(g, x + 6 + 9 * 14, y + 5, "…", size=13, fill=MUTED)
