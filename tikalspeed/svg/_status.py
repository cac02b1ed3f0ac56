"""The status panel of a Tikal picture, under the board: the game, the decision, a
table of the players, the tiles left, and the tiles a decision is about: the auction's
display, the tiles secured in a Speed round with its Round Order, the tile in hand;
the result once the game is over. Every word is in the picture's language."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from gamekit.i18n import N_, Say

from ..board.hexgrid import CELL_NAMES
from ..board.tiles import LETTERS
from ..model.actions import TREASURE_NAMES, player_name
from ..model.records import STOP
from ..model.state import GUARDING, REMOVED, SUPPLY, Phase, State, TurnKind
from ..text.words import decision_words
from ._shapes import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    COLOURS,
    MARGIN,
    element,
    num,
    text,
    tile_face,
    tile_shows,
)

__all__ = ["auction_words", "draw_status", "names"]

_LINE = 17.0
"""The height of a line of the panel."""
_WIDE = 86
"""The most characters of a line of the decision before it wraps."""
_SLOT = 125.0
"""The width of a tile's slot in the panel (four in a row)."""
_SLOT_HEIGHT = 40.0
"""The height of a row of tile slots."""
_SMALL = 16.0
"""A small tile's circumradius."""
_MUTED = "#6b6253"

_COLUMNS = (N_("player"), N_("score"), N_("supply"), N_("leader"), N_("guards"), N_("camps"))
"""The table's headings, the treasures' last (Speed puts tokens and the Jump before)."""
_SPEED_COLUMNS = (N_("tokens"), N_("jump"))
"""Speed's two more: tokens in hand and the player's part in the Jump."""
_WHERE = {SUPPLY: N_("supply"), REMOVED: N_("removed"), GUARDING: N_("guard")}
"""Where a leader is when not on a cell."""
_MODES = {"speed": N_("speed"), "classic": N_("classic"), "professional": N_("professional")}
"""The game modes' names."""


def names(players: tuple[int, ...] | list[int]) -> str:
    """Players by name, ``P1, P3`` (``-`` for none)."""
    return ", ".join(player_name(p) for p in players) or "-"


def _leader(state: State, p: int, say: Say) -> str:
    where = state.leaders[p]
    if where in _WHERE:
        return say(_WHERE[where])
    return CELL_NAMES[where] if where >= 0 else "?"


def _jump(state: State, p: int, viewer: int | None, say: Say) -> str:
    """SPEED-JUMP-1: a choice is secret until the reveal, even in a picture of the whole
    position; only the viewer of a view sees his own."""
    if p not in state.jumpers or state.turn_kind is not TurnKind.JUMP:
        return "-"
    chosen = state.chosen[p] if state.chosen else 0
    if state.phase is not Phase.TOKENS:
        return str(chosen)
    if not chosen:
        return say("choosing")
    if p != viewer:
        return say("chose ?")  # a count or a stop (SPEED-JUMP-8), alike
    return say("stops") if chosen == STOP else say("chose {count}", count=chosen)


def _row(state: State, p: int, viewer: int | None, say: Say) -> tuple[str, ...]:
    guards = sum(1 for g in state.guards if g == p)
    camps = sum(1 for c in state.camps if c == p)
    held = " ".join(f"{TREASURE_NAMES[k]}{n}" for k, n in enumerate(state.held[p]) if n)
    speed: tuple[str, ...] = ()
    if state.rules.mode == "speed":
        speed = (str(state.tokens[p]) if state.tokens else "-", _jump(state, p, viewer, say))
    return (
        player_name(p),
        str(state.scores[p]),
        str(state.supply[p]),
        _leader(state, p, say),
        f"{guards}/{state.rules.manifest.components.guards}",
        f"{camps}/{state.rules.manifest.components.camps}",
        *speed,
        held or "-",
    )


def _columns(state: State, say: Say) -> list[tuple[str, float]]:
    """The headings in ``say``'s language, each with where its column starts: wide
    enough for its heading and the widest value it can hold, so that a column stays put
    through a game."""
    speed = state.rules.mode == "speed"
    headings = [say(h) for h in (*_COLUMNS, *(_SPEED_COLUMNS if speed else ()))]
    headings.append(say("treasures"))
    widest = ["P4  ", "999", "99", max((say(w) for w in _WHERE.values()), key=len), "9/9", "9/9"]
    if speed:
        jump = [say("choosing"), say("chose ?"), say("stops"), say("chose {count}", count=5)]
        widest += ["10", max(jump, key=len)]
    out, x = [], 0.0
    for heading, value in zip(headings, widest, strict=False):
        out.append((heading, x))
        x += max(5.8 * len(heading), 6.4 * len(value)) + 10.0
    out.append((headings[-1], x))
    return out


def _title(state: State, player: int | None, seen: bool, say: Say) -> str:
    title = say.plural("Tikal · {mode} · {count} player", "Tikal · {mode} · {count} players",
                       state.players, mode=say(_MODES[state.rules.mode]))  # fmt: skip
    if player is not None:
        title += " · " + say("as {player} sees it", player=player_name(player))
    elif seen:
        title += " · " + say("as a spectator sees it")
    return title


def _result(state: State, say: Say) -> str:
    o = state.result
    if o is None:
        return ""
    if o.winner is None:
        best = max(o.scores)
        return say("game over: a shared win for {players}",
                   players=names([p for p, s in enumerate(o.scores) if s == best]))  # fmt: skip
    return say("game over: {player} wins", player=player_name(o.winner))


def auction_words(state: State, say: Say) -> str:
    """What the auction's display is for now (TIKAL-AUCTION-2..7): the high bid and
    its bidder and who is still bidding, or who won and chooses."""
    if state.phase is Phase.BID:
        if state.high_bidder < 0:
            return say("up for auction: no bid yet; still bidding: {players}",
                       players=names(state.bidders))  # fmt: skip
        return say("up for auction: high bid {bid} by {player}; still bidding: {players}",
                   bid=state.high_bid, player=player_name(state.high_bidder),
                   players=names(state.bidders))  # fmt: skip
    if state.phase is Phase.CHOOSE:
        return say("up for auction: {player} won and takes one",
                   player=player_name(state.active))  # fmt: skip
    if state.phase is Phase.REVEAL:
        return say("being laid out for this round's auctions")
    return say("up for auction later this round")


_Slot = tuple[int, str, str, dict[str, str]]
"""A tile in the panel: its index, its caption's first line, the group's class and
its more attributes."""


def _sections(state: State, say: Say) -> list[tuple[str, list[_Slot]]]:
    """The panel's sections of tiles under the table, each a heading and its tiles:
    the display, the Round Order and the tiles secured (Speed), the tile in hand."""
    tiles = state.rules.manifest.tiles
    out: list[tuple[str, list[_Slot]]] = []
    if state.result is not None:
        return out
    if state.display:
        slots = [(t, tiles[t].id, "tile", {"data_tile": tiles[t].id}) for t in state.display]
        out.append((auction_words(state, say), slots))
    if state.rules.mode == "speed" and (state.round_order or any(x >= 0 for x in state.secured)):
        placing = state.active if state.phase is Phase.PLACE else -1
        secured = [
            (t, f"{tiles[t].id} · {player_name(p)}", "secured",
             {"data_tile": tiles[t].id, "data_player": player_name(p)})
            for p, t in enumerate(state.secured)
            if t >= 0 and p != placing
        ]  # fmt: skip
        heading = say("Round Order: {players}", players=names(state.round_order))
        if secured:
            heading += " · " + say("secured, still to place:")
        out.append((heading, secured))
    if state.hand >= 0:
        hand = tiles[state.hand].id
        if state.phase is Phase.PLACE:
            heading = say("in hand: {player} places it", player=player_name(state.active))
        else:  # TIKAL-SCORE-2: a volcano set aside for the volcano turn
            heading = say("set aside for the volcano turn")
        out.append((heading, [(state.hand, hand, "hand", {"data_tile": hand})]))
    return out


def _lines(state: State, player: int | None, seen: bool, say: Say) -> list[str]:
    """The title and the decision (or the result), wrapped."""
    decision = _result(state, say) or decision_words(state, say.lang)
    return [_title(state, player, seen, say), *textwrap.wrap(decision, _WIDE)]


def _slot(parent: ET.Element, state: State, slot: _Slot, x: float, y: float, say: Say) -> None:
    index, caption, kind, more = slot
    tile = state.rules.manifest.tiles[index]
    group = element(parent, "g", class_=kind, **more)
    element(group, "title").text = f"{tile.id}: {tile_shows(tile, say)}"
    tile_face(group, tile, 0, x + _SMALL + 2, y, _SMALL)
    left = x + 2 * _SMALL + 8
    text(group, left, y - 7, caption, 10.0, text_anchor="start", font_weight="bold")
    text(group, left, y + 7, tile_shows(tile, say), 9.0, text_anchor="start", fill=_MUTED)


def draw_status(root: ET.Element, state: State, player: int | None, seen: bool, say: Say) -> float:
    """Draw the panel of ``state`` (seen by ``player``, if any; ``seen``: a view, a
    spectator's if ``player`` is ``None``) under the board, in ``say``'s language;
    return its height."""
    top = BOARD_HEIGHT
    panel = element(root, "rect", x=0, y=top, width=BOARD_WIDTH, height=0, fill="#ffffff",
                    class_="status")  # fmt: skip
    title, *decision = _lines(state, player, seen, say)
    y = top + _LINE / 2 + 4
    text(root, MARGIN, y, title, 12.0, text_anchor="start", font_weight="bold")
    for line in decision:
        y += _LINE
        text(root, MARGIN, y, line, 11.0, text_anchor="start", class_="decision")
    y += _LINE
    columns = _columns(state, say)
    for heading, x in columns:
        text(root, MARGIN + x, y, heading, 10.0, text_anchor="start", fill=_MUTED)
    deciding = _deciding(state)
    for p in range(state.players):
        y += _LINE
        element(root, "circle", cx=MARGIN + 6.0, cy=y, r=6.0, fill=COLOURS[p],
                stroke="#ffffff" if p not in deciding else "#000000",
                stroke_width=2.0)  # fmt: skip
        bold = {"font_weight": "bold"} if p in deciding else {}
        for (_, x), value in zip(columns, _row(state, p, player, say), strict=True):
            text(root, MARGIN + x + (14 if x == 0 else 0), y, value, 11.0, text_anchor="start",
                 **bold)  # fmt: skip
    y += _LINE
    stacks = ", ".join(f"{x} {len(st)}" for x, st in zip(LETTERS, state.stacks, strict=False))
    left = sum(len(st) for st in state.stacks)
    text(root, MARGIN, y, say("tiles to draw: {count} ({stacks})", count=left, stacks=stacks),
         10.0, text_anchor="start", fill=_MUTED)  # fmt: skip
    for heading, slots in _sections(state, say):
        y += _LINE
        text(root, MARGIN, y, heading, 10.0, text_anchor="start", fill=_MUTED)
        for i, slot in enumerate(slots):
            if i % 4 == 0:
                y += _SLOT_HEIGHT
            _slot(root, state, slot, MARGIN + (i % 4) * _SLOT, y - _SLOT_HEIGHT / 2 + 4, say)
    height = y - top + _LINE / 2 + 4
    panel.set("height", num(height))
    return height


_CHANCE_PHASES = (Phase.DRAW, Phase.TREASURE, Phase.REVEAL)
"""Phases where chance decides (TIKAL-DRAW-1, TIKAL-TREASURE-3, TIKAL-AUCTION-2)."""


def _deciding(state: State) -> tuple[int, ...]:
    if state.phase in _CHANCE_PHASES or state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.TOKENS:  # SPEED-JUMP-1: all who still choose
        return tuple(p for p in state.jumpers if not state.chosen[p])
    return (state.active,)
