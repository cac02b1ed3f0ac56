"""Consistency of a state read from text or JSON: can a game reach it? (The checks of
the flow of play, the shaman's and the pending villages', are in :mod:`._checkflow`.)

:func:`check_state` is shared by :func:`tiki.from_text` and
:func:`tiki.jsonio.state_from_json`; it raises :class:`StateFault` naming the
:class:`~tiki.State` field at fault (and the village or list index, if any), and each
reader turns that into a :class:`~tiki.NotationError` at its own kind of position.
Every check holds for each state the engine can produce.
"""

from __future__ import annotations

from ..board.island import EDGES, VILLAGE_NAMES
from ..model.state import CHANCE, FRUITS, PLAYER_SYMBOLS, TARGET, TIKIS, Phase, State
from ._checkflow import BETWEEN_TURNS, StateFault, check_flow, check_shaman
from ._fruits import Tally, tallies

__all__ = ["REASONS", "StateFault", "check_state"]

REASONS = ("four-fruits", "reserve-empty", "tiebreak", "tie-loop", "no-move", "turn-cap")
"""Every :attr:`tiki.Outcome.reason`."""

_CHANCE_PHASES = (Phase.LAYOUT, Phase.FIRST_PLAYER)
_RUNNING = (Phase.TURN, Phase.ORDER, Phase.PLACE_SHAMAN)


def check_state(s: State) -> None:
    """Raise :class:`StateFault` if ``s`` is not a state a game could be in."""
    _check_board(s)
    _check_fruits(s)
    _check_turn(s)
    _check_result(s)
    if s.phase not in _CHANCE_PHASES:
        check_shaman(s)
        check_flow(s)
        _check_count(s, _check_tally(s))


def _check_board(s: State) -> None:
    rules, phase = s.rules, s.phase
    if phase is Phase.LAYOUT:
        if s.tiles:
            raise StateFault("tiles", "the villages are unknown until the layout (TIKI-SETUP-1)")
    elif len(s.tiles) != 9:
        raise StateFault("tiles", "the villages must be laid out after the layout (TIKI-SETUP-1)")
    elif sorted(s.tiles) != sorted(rules.tiles):
        raise StateFault(
            "tiles",
            f"the village values must be the rules' tiles {list(rules.tiles)} (TIKI-SETUP-2)",
        )
    if len(s.stacks) != 9:
        raise StateFault("stacks", "the board has 9 villages")
    chance = phase in _CHANCE_PHASES
    threes = 0
    for v, stack in enumerate(s.stacks):
        h = len(stack)
        name = VILLAGE_NAMES[v]
        if chance and h:
            raise StateFault("stacks", f"no tiki stands on {name} before play begins", v)
        if v in s.pending:
            if h != 3:
                i = s.pending.index(v)
                raise StateFault("pending", f"pending village {name} holds {h} tikis, not 3", i)
        elif h > 3 or (h == 3 and (phase is not Phase.OVER or rules.end_check != "village")):
            raise StateFault(
                "stacks",
                f"{name} holds {h} tikis, but only an influenced village waiting to resolve "
                "holds 3 (TIKI-INFL-1, TIKI-INFL-2)",
                v,
            )
        elif h == 3:
            threes += 1
            if threes > 1:  # a game can end after the first of two influenced villages
                raise StateFault("stacks", f"{name} is a second unresolved village", v)
    out = tuple(sum(o == p for st in s.stacks for o in st) for p in (0, 1))
    for p in (0, 1):
        if out[p] > TIKIS:
            raise StateFault(
                "stacks",
                f"{PLAYER_SYMBOLS[p]} has {out[p]} tikis on the board, more than {TIKIS} "
                "(TIKI-SETUP-3)",
            )
    if s.supply != (TIKIS - out[0], TIKIS - out[1]):
        raise StateFault("supply", f"each supply holds the {TIKIS} tikis not on the board")
    if s.shaman is not None:
        if not rules.shaman:
            raise StateFault("shaman", "the shaman is on the board only with Rules.shaman")
        if not 0 <= s.shaman < len(EDGES):
            raise StateFault("shaman", f"no edge {s.shaman!r} (TIKI-SHAMAN-1)")


def _check_fruits(s: State) -> None:
    f0, f1 = s.fruits
    if min(f0, f1) < 0:
        raise StateFault("fruits", "fruit counts cannot be negative")
    if s.reserve < 0 or s.spoiled < 0:
        raise StateFault("reserve", "fruit counts cannot be negative")
    if f0 + f1 + s.reserve + s.spoiled != FRUITS:
        raise StateFault(
            "reserve",
            f"fruits held ({f0}+{f1}), in the reserve ({s.reserve}) and spoiled ({s.spoiled}) "
            f"must add up to {FRUITS} (TIKI-SETUP-4)",
        )
    if s.phase in _CHANCE_PHASES:
        if (f0, f1) != (0, 0):
            raise StateFault("fruits", "nobody holds a fruit before play begins (TIKI-SETUP-4)")
        if s.spoiled:
            raise StateFault("spoiled", "no fruit is spoiled before play begins (TIKI-SETUP-4)")
        if s.shaman is not None:
            raise StateFault("shaman", "the shaman is placed after play begins (TIKI-SHAMAN-2)")
        if s.tiebreak:
            raise StateFault("tiebreak", "no tie-break before play begins")
    elif _settled(s):
        before = " before the shaman decision" if s.phase is Phase.SHAMAN else ""
        clause = ", TIKI-SHAMAN-4" if s.phase is Phase.SHAMAN else ""
        if max(f0, f1) >= TARGET:
            raise StateFault(
                "fruits", f"a player with {TARGET} fruits has won{before} (TIKI-END-1{clause})"
            )
        if s.reserve == 0:
            raise StateFault(
                "reserve",
                f"an empty reserve ends the game{before} (TIKI-END-2, TIKI-END-3{clause})",
            )
        if s.tiebreak and f0 != f1:
            raise StateFault(
                "tiebreak", f"in the tie-break, differing counts end the game{before} (TIKI-END-3)"
            )
        if s.tiebreak and s.reserve != 1:
            raise StateFault(
                "reserve",
                "in the tie-break the reserve holds exactly the 1 fruit that came back "
                "(TIKI-END-3, TIKI-END-4)",
            )


def _settled(s: State) -> bool:
    """Whether the end checks have run since the last fruit changed hands: between two
    actions, and at a shaman decision unless ``end_check='action'`` holds the checks
    back until the action's last village (TIKI-END-1, TIKI-SHAMAN-4)."""
    if s.phase in _RUNNING:
        return True
    if s.phase is Phase.SHAMAN:
        return s.rules.end_check == "village" or bool(s.pending)
    return s.phase is Phase.OVER and s.result is not None and s.result.reason in BETWEEN_TURNS


def _check_turn(s: State) -> None:
    phase, rules = s.phase, s.rules
    if phase in (Phase.PLACE_SHAMAN, Phase.SHAMAN) and not rules.shaman:
        raise StateFault("phase", f"phase {phase.value!r} needs the shaman rule (TIKI-SHAMAN-1)")
    if phase is Phase.PLACE_SHAMAN and (rules.shaman_entry != "start" or s.shaman is not None):
        raise StateFault(
            "phase", "the shaman is placed only once, with shaman_entry='start' (TIKI-SHAMAN-2)"
        )
    if phase in _CHANCE_PHASES:
        if s.active != -1:
            raise StateFault("active", "nobody is active before the first player is chosen")
        if s.actor != CHANCE:
            raise StateFault("actor", f"chance acts in phase {phase.value!r}")
    else:
        if s.active not in (0, 1):
            raise StateFault("active", f"a player is active in phase {phase.value!r}")
        if phase is Phase.ORDER:
            if s.actor != 1 - s.active:
                raise StateFault("actor", "the player not on turn orders villages (TIKI-INFL-3)")
        elif phase is Phase.SHAMAN:
            if s.actor not in (0, 1):
                raise StateFault("actor", "a player decides on the shaman (TIKI-SHAMAN-4)")
        elif s.actor != s.active:
            raise StateFault("actor", f"the active player acts in phase {phase.value!r}")
    n = len(s.pending)
    if phase is Phase.ORDER and n != 2:
        raise StateFault("pending", "two influenced villages wait to be ordered (TIKI-INFL-3)")
    if phase is Phase.SHAMAN and n > 1:
        raise StateFault("pending", "at most one village waits behind a shaman decision")
    if phase not in (Phase.ORDER, Phase.SHAMAN) and n:
        raise StateFault("pending", f"no village waits in phase {phase.value!r}")
    if phase in _CHANCE_PHASES and s.turn:
        raise StateFault("turn", "no turn is played before the first player is chosen")
    if s.turn < 0:
        raise StateFault("turn", "the turn number cannot be negative")
    cap = rules.turn_cap  # max_turns, or 2**53 - 1 without a cap
    if s.turn > cap:
        raise StateFault("turn", f"the game ends after turn {cap} (TIKI-END-6)")
    if s.turn == cap and (s.result is None or s.result.reason != "turn-cap"):
        raise StateFault("turn", f"the game ends by the turn cap after turn {cap} (TIKI-END-6)")


def _check_result(s: State) -> None:
    r = s.result
    if (r is None) != (s.phase is not Phase.OVER):
        raise StateFault("result", "a result is given exactly when the phase is 'over'")
    if r is None:
        return
    f0, f1 = s.fruits
    leader = None if f0 == f1 else (0 if f0 > f1 else 1)
    if r.reason not in REASONS:
        raise StateFault("result", f"unknown reason {r.reason!r}; one of {', '.join(REASONS)}")
    if r.scores != s.fruits:
        raise StateFault("result", "the scores are the fruits held")
    if r.winner not in (0, 1, None):
        raise StateFault("result", f"no player {r.winner!r}")
    why = None
    if r.reason == "no-move":
        if s.rules.no_move == "pass":
            why = "with Rules.no_move='pass' nobody loses for lack of a move (TIKI-END-5)"
        elif r.winner != (1 - s.active if s.rules.no_move == "lose" else None):
            why = "the player without a legal action loses, or it is a draw (TIKI-END-5)"
    elif r.reason == "tie-loop":
        if r.winner is not None or f0 != f1 or s.reserve:
            why = "a tie loop is a draw on an empty reserve with equal fruits (TIKI-END-4)"
        elif not s.tiebreak or s.rules.tie_loop != "draw":
            why = "a tie loop ends a tie-break, with Rules.tie_loop='draw' (TIKI-END-4)"
    elif r.winner != leader:
        why = f"a game ended by {r.reason} is won by the player with more fruits"
    elif r.reason == "four-fruits" and max(f0, f1) < TARGET:
        why = f"nobody holds {TARGET} fruits (TIKI-END-1)"
    elif r.reason == "reserve-empty" and (s.reserve or leader is None):
        why = "the reserve is not empty or the fruits are tied (TIKI-END-2)"
    elif r.reason in ("reserve-empty", "tiebreak") and max(f0, f1) >= TARGET:
        why = f"{TARGET} fruits win first, whatever the reserve (TIKI-END-1)"
    elif r.reason == "tiebreak" and (not s.tiebreak or leader is None):
        why = "no tie-break was decided (TIKI-END-3)"
    elif r.reason == "turn-cap" and s.turn != s.rules.turn_cap:
        why = "the turn cap was not reached (TIKI-END-6)"
    if why:
        raise StateFault("result", why)


def _tally_name(t: Tally) -> str:
    tie = ", in the tie-break" if t[4] else ""
    return f"fruits {t[0]}-{t[1]}, reserve {t[2]}, spoiled {t[3]}{tie}"


def _check_tally(s: State) -> int:
    """Return the fewest influenced villages (0 villages aside) that reach the fruits
    of ``s``; raise if no game with its rules and layout reaches them."""
    found = tallies(s.rules, s.tiles)
    tally: Tally = (s.fruits[0], s.fruits[1], s.reserve, s.spoiled, s.tiebreak)
    if s.phase is Phase.OVER and s.result is not None and s.result.reason not in BETWEEN_TURNS:
        n = found.over.get((s.result.reason, tally))
        where = f"at the end of a game won by {s.result.reason}"
    elif _settled(s):
        n = found.settled.get(tally)
        where = "between two actions" if s.phase is not Phase.SHAMAN else "at a shaman decision"
    else:  # a shaman decision before the end check of the action (end_check='action')
        n = min(found.settled.get(tally, 99), found.between.get(tally, 99))
        n = None if n == 99 else n
        where = "at a shaman decision"
    if n is None:
        raise StateFault(
            "fruits",
            f"no game with these rules and village values reaches {_tally_name(tally)} "
            f"{where} (TIKI-INFL-4, TIKI-INFL-5, TIKI-INFL-7, TIKI-END-1 … TIKI-END-4)",
        )
    return n


def _check_count(s: State, influenced: int) -> None:
    """TIKI-TURN-1: the turns played so far are enough for the position.

    Each turn creates one tiki (TIKI-CREATE-1), moves one totem or passes. A player
    has created at most as many tikis as they have had turns. And counting the whole
    board: every tiki on it, or sent home by an influenced village (3 a village), was
    created; a totem of height h took h - 1 moves onto occupied villages, and a village
    that reached 3 took 2 such moves (TIKI-MOVE-6). So ``turn`` (plus the current,
    unfinished turn inside an action) is at least the tikis on the board, plus the
    totems' heights above 1, plus 5 a village influenced.
    """
    rules, stacks, t = s.rules, s.stacks, s.turn
    zeros = int(s.phase is Phase.SHAMAN) + int(
        rules.shaman and rules.shaman_entry == "marsh" and s.shaman is not None
    )
    need = influenced + zeros
    tikis = sum(len(stack) for stack in stacks)
    above = tikis - sum(1 for stack in stacks if stack)
    if tikis == 0 and t >= 1:  # the first turn created a tiki: gone home since
        need = max(need, 1)
    inside = s.phase in (Phase.ORDER, Phase.SHAMAN) or (
        s.phase is Phase.OVER and s.result is not None and s.result.reason not in BETWEEN_TURNS
    )
    if tikis + above + 5 * need > t + inside:
        raise StateFault(
            "turn",
            f"{t} turns are too few for this position: it takes at least "
            f"{tikis + above + 5 * need - inside} (a turn per tiki created, per tiki moved "
            "onto another, 5 per village influenced) (TIKI-TURN-1)",
        )
    for p, had in ((s.active, t // 2), (1 - s.active, (t + 1) // 2)):
        out = sum(o == p for stack in stacks for o in stack)
        if out > had:
            raise StateFault(
                "turn",
                f"after {t} turns {PLAYER_SYMBOLS[p]} has had {had} "
                f"turn{'' if had == 1 else 's'}, too few to create the {out} tikis of theirs "
                "on the board (TIKI-TURN-1, TIKI-CREATE-1)",
            )
