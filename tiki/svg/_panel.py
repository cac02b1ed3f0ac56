"""The status half of a Tiki picture, beside the island: what ``tiki.tools.cli.board``'s
status block says, drawn, in the language of the picture.

From the top: the turn and who is on turn, the decision open
(:func:`tiki.text.words.decision_words`), each player's supply and fruits, the reserve
and the spoiled pile (with a fruit drawn for each), the shaman's edge (with the shaman
rule), the villages still pending, the tie-break, the result, the rules that are not
the defaults, and whose view it is when a :class:`~tiki.View` is drawn. Every label is
a text of the ``tiki-pictures`` catalog, said by the :class:`~gamekit.i18n.Say` the
drawing is given; names (``b2``, ``a1b1``, ``x``), numbers and the rules' options
(``shaman=true``, as the position text writes them) stay as they are.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from gamekit.i18n import N_, Say

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..model.state import PLAYER_SYMBOLS, PLAYERS, Phase, State
from ..text.words import decision_words
from ._shapes import MUTED, add, fruit, text, tiki

__all__ = ["PANEL_W", "REASONS", "draw_panel", "on_turn", "result_text", "turn_title"]

PANEL_W = 300
"""The width of the status panel, its outer gap included."""

REASONS = {
    "four-fruits": N_("with four fruits"),
    "reserve-empty": N_("as the reserve ran out"),
    "tiebreak": N_("in the tie-break"),
    "tie-loop": N_("as the tie-break came round again"),
    "no-move": N_("as a player had no legal action"),
    "turn-cap": N_("at the turn limit"),
}
"""How a game ended, by its ``Outcome.reason``: the words after ``x wins`` (templates
of the ``tiki-pictures`` catalog, said in the picture's language)."""

_INSET = 18
_VALUES = 104
"""Where the values start, from the panel's left side."""
_LINE = 24
_WRAP = 30
"""Characters of 13 px text that fit on one line of the panel."""


def turn_title(state: State, say: Say) -> str:
    """The panel's title: the turn being played, as the prompt and the status block say
    it (``Turn 33 · o on turn``), or the turns played once over (``32 turns · game over``)."""
    if state.phase is Phase.OVER:
        return say.plural("{count} turn · game over", "{count} turns · game over", state.turn)
    return say("Turn {number} · {who}", number=state.turn + 1, who=on_turn(state, say))


def on_turn(state: State, say: Say) -> str:
    """Who is on turn, as the title says it: ``x on turn``, ``game over``, ``setting up``."""
    if state.phase is Phase.OVER:
        return say("game over")
    if state.active < 0:
        return say("setting up")
    return say("{player} on turn", player=PLAYER_SYMBOLS[state.active])


def result_text(state: State, say: Say) -> str:
    """The result once over: ``1-0: x wins with four fruits, 4-1``; else ``-``."""
    o = state.result
    if o is None:
        return "-"
    how = say(REASONS[o.reason]) if o.reason in REASONS else o.reason
    scores = f"{o.scores[0]}-{o.scores[1]}"
    if o.winner is None:
        return say("{result}: a draw {how}, {scores}", result=o.result(), how=how, scores=scores)
    return say(
        "{result}: {player} wins {how}, {scores}",
        result=o.result(),
        player=PLAYER_SYMBOLS[o.winner],
        how=how,
        scores=scores,
    )


def _rule_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def draw_panel(
    root: ET.Element, state: State, left: float, top: float, seen_by: int | None, say: Say
) -> float:
    """Draw the status panel of ``state`` with its top-left corner at ``(left, top)``,
    its words said by ``say``; return the panel's height. ``seen_by`` is the player of a
    drawn view, else ``None``."""
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
    text(g, x, y, turn_title(state, say), size=18, weight="bold", cls="turn")
    y += 8
    for line in textwrap.wrap(decision_words(state, say.lang), _WRAP, break_on_hyphens=False):
        y += 19
        text(g, x, y, line, size=13, fill="#5b4632", cls="decision").set("font-style", "italic")
    y += 14
    y = _rule(g, left, y)

    y += 20  # the headers stand right-aligned over their columns of numbers
    text(g, vx + 14, y, say("supply"), size=12, fill=MUTED, anchor="end", cls="header")
    text(g, vx + 72, y, say("fruits"), size=12, fill=MUTED, anchor="end", cls="header")
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
    _label(g, x, y, say("reserve"))
    text(g, vx + 14, y, str(state.reserve), size=15, anchor="end", cls="reserve")
    _fruits(g, vx + 28, y - 6, state.reserve, spoiled=False)
    y += _LINE
    _label(g, x, y, say("spoiled"))
    text(g, vx + 14, y, str(state.spoiled), size=15, anchor="end", cls="spoiled")
    _fruits(g, vx + 28, y - 6, state.spoiled, spoiled=True)
    rows: list[tuple[str, str, str]] = []  # (the value's class, the label, the value)
    if state.rules.shaman:
        edge = say("off the board") if state.shaman is None else EDGE_NAMES[state.shaman]
        rows.append(("shaman-edge", say("shaman"), edge))
    if state.pending:
        rows.append(("pending", say("pending"), ", ".join(VILLAGE_NAMES[v] for v in state.pending)))
    tiebreak = say("on") if state.tiebreak else say("off")
    rows += [
        ("tie-break", say("tie-break"), tiebreak),
        ("result", say("result"), result_text(state, say)),
    ]
    extra = state.rules.non_default()
    if extra:
        options = ", ".join(f"{k}={_rule_text(v)}" for k, v in extra.items())
        rows.append(("rules", say("rules"), options))
    if seen_by is not None:
        rows.append(("view", say("view"), say("as {player} sees it", player=_sym(seen_by))))
    for cls, label, value in rows:
        y += _LINE
        _label(g, x, y, label)
        lines = textwrap.wrap(value, 21, break_on_hyphens=False) or ["-"]
        for i, line in enumerate(lines):
            if i:
                y += 18
            text(g, vx, y, line, size=14, cls=cls)
    height = y + 24 - top
    frame.set("height", str(round(height)))
    return height


def _sym(player: int) -> str:
    return PLAYER_SYMBOLS[player]


def _label(g: ET.Element, x: float, y: float, label: str) -> None:
    text(g, x, y, label, size=13, fill=MUTED, cls="label")


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
