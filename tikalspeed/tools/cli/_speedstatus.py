"""The Speed lines of the status block (:mod:`tikalspeed.tools.cli.board`): the phase of the
round, the Round Order, the tiles secured, the tokens in hand, the running Jump and
the volcano placers.

Before a Jump's reveal only *who* has chosen is shown, never how many tokens
(SPEED-JUMP-1), whatever state is drawn; the counts appear once revealed.
"""

from __future__ import annotations

from collections import Counter

from ...board.hexgrid import CELL_COUNT, CELL_NAMES
from ...board.terrain import terrain
from ...board.tiles import Kind
from ...model.actions import player_name
from ...model.state import Phase, State, TurnKind

__all__ = ["phase_name", "speed_lines", "speed_turn"]

_PHASES = {
    "auction": "auction (1/3: bid to secure a tile; the order of securing is the Round Order)",
    "placement": "placement (2/3: the secured tiles are placed in Round Order)",
    "jumps": "jumps (3/3: secret tokens, revealed together, one action each)",
    "bonus": "bonus turn (the volcano placer's 10 AP after the scoring)",
}


def _names(players: tuple[int, ...] | list[int]) -> str:
    return ", ".join(player_name(p) for p in players) or "-"


def phase_name(state: State) -> str:
    """The Speed phase of the round: ``auction``, ``placement``, ``jumps``, ``bonus``
    or ``over``."""
    phase = state.phase
    if phase is Phase.OVER:
        return "over"
    if phase in (Phase.REVEAL, Phase.BID, Phase.CHOOSE):
        return "auction"
    if phase is Phase.PLACE:
        return "placement"
    if phase is Phase.TOKENS or state.turn_kind is TurnKind.JUMP:
        return "jumps"
    return "bonus"


def _tile(state: State, tile: int) -> str:
    t = terrain(state.rules.manifest)
    kind = t.tile_kinds[tile]
    what = {
        Kind.TEMPLE: f"temple {t.tile_values[tile]}",
        Kind.TREASURE: f"ruin {t.tile_masks[tile]}",
        Kind.JUNGLE: "jungle",
        Kind.VOLCANO: "volcano",
    }[kind]
    return f"{t.tile_ids[tile]} ({what})"


def jump_order(state: State) -> tuple[int, ...]:
    """SPEED-JUMP-2: the revealed Jump's whole order, fewest tokens first, ties by the
    Round Order."""
    rank = {p: i for i, p in enumerate(state.round_order)}
    return tuple(sorted(state.jumpers, key=lambda p: (state.chosen[p], rank.get(p, len(rank)))))


def speed_turn(state: State) -> str:
    """The ``turn:`` line's text outside the auction."""
    if state.phase is Phase.TOKENS:
        return f"Jump: {_names(state.jumpers)} take tokens"
    if state.phase is Phase.CHOOSE:
        return f"{player_name(state.active)}, auction winner"
    kind = "Jump" if state.turn_kind is TurnKind.JUMP else state.turn_kind.value
    return f"{player_name(state.active)}, {kind} turn"


def _marks(state: State) -> str:
    """Speed raised/dug marks are ``player * 40 + cell``, one per level or treasure."""
    done = []
    for word, marks in (("raised", state.raised), ("dug", state.dug)):
        for mark, times in Counter(marks).items():
            cell, player = CELL_NAMES[mark % CELL_COUNT], player_name(mark // CELL_COUNT)
            done.append(f"{word} {cell} by {player}" + (f" x{times}" if times > 1 else ""))
    return ", ".join(done)


def speed_lines(state: State) -> list[str]:
    """The Speed lines of the status block (none once the game is over)."""
    s = state
    if s.phase is Phase.OVER:
        return []
    lines = [f"phase:     {_PHASES[phase_name(s)]}"]
    order = _names(s.round_order) if s.round_order else "nobody has secured a tile yet"
    lines.append(f"order:     {order} (Round Order)")
    secured = [p for p in (*s.round_order, *range(s.players)) if s.secured and s.secured[p] >= 0]
    if secured:
        unique = dict.fromkeys(secured)
        lines.append(
            "secured:   " + ", ".join(f"{player_name(p)} {_tile(s, s.secured[p])}" for p in unique)
        )
    if s.tokens:
        lines.append(
            "tokens:    "
            + ", ".join(f"{player_name(p)} {n}" for p, n in enumerate(s.tokens))
            + " (in hand)"
        )
    if s.phase is Phase.TOKENS:
        chosen = [p for p in s.jumpers if s.chosen[p]]
        waiting = [p for p in s.jumpers if not s.chosen[p]]
        out = [p for p in range(s.players) if p not in s.jumpers]
        lines.append(
            f"jump:      chosen: {_names(chosen)}; choosing: {_names(waiting)}; "
            f"sitting out: {_names(out)} (counts hidden until the reveal)"
        )
    elif s.turn_kind is TurnKind.JUMP and s.jumpers and s.chosen:
        shown = ", ".join(f"{player_name(p)} {s.chosen[p]}" for p in jump_order(s))
        lines.append(f"jump:      revealed {shown}")
        then = _names(s.jump_order) if s.jump_order else "nobody"
        lines.append(f"to act:    {player_name(s.active)} now, then {then}")
    if s.volcano_placers:
        lines.append(
            f"volcano:   placed by {_names(s.volcano_placers)}: everyone scores after the "
            "Jumps, then the placer's bonus turn"
        )
    if (s.raised or s.dug) and phase_name(s) in ("jumps", "bonus"):
        lines.append(f"limits:    {_marks(s)} (SPEED-JUMP-9)")
    return lines
