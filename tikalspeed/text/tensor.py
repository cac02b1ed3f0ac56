"""A player's view as a flat list of numbers, and what a game is worth to each player,
for learning code (OpenSpiel, PettingZoo).

:func:`observation_tensor` reads only :func:`tikalspeed.observe`'s
:class:`~tikalspeed.View`, so what a player may not see never reaches it: two
positions that differ only in another player's secret token choice (SPEED-JUMP-1)
give equal tensors. It is pure Python (a ``list[float]``); the adapters turn it into
a numpy array. Every entry lies in ``[-1, 1]``: a flag is 0 or 1, a count is divided
by the most it can be (so most entries lie in ``[0, 1]``; only a score may be
negative, under ``Rules(max_bid='any')``).

Players are listed *relative to the observer*: player slot ``k`` is seat
``(observer + k) % players``, so slot 0 is always the observer himself (his seat is in
the ``game`` block). The tensor is four blocks, in this order (:func:`tensor_blocks`
gives their names, sizes and shapes):

``cells`` (40 × (14 + 4n)), per cell of the board (``tikalspeed.board.hexgrid``):
    0–5 what lies there, one-hot: unexplored, base camp, temple, treasure, jungle,
    volcano; 6–11 the stones on each of its six edges / the most on any edge; 12 the
    temple's value / 10; 13 treasures still face down there / the most a tile has;
    then per player slot: his workers there / his workers in all, his leader there,
    his camp there, his guard there.
``tiles`` (T × (3 + n), T = 36 tiles of the manifest), per tile: still in the
    stacks, on the auction display, in the hand of the player to act (or the volcano
    set aside); then per player slot: secured by him this round (Speed). A tile on
    the board is all zeros here (the cells show it).
``players`` (n × 27), per player slot: score / ``bounds.MAX_SCORE``; workers in
    supply, removed, standing as guards (each / his workers in all); the leader in
    supply, on the board, guarding, removed (one-hot); treasures held per kind /
    copies of a kind (8); to act now; tokens in hand / 10; tokens chosen for the
    running Jump / 5 (0 while hidden or not chosen, and for the observer's own secret
    stop, SPEED-JUMP-8: in the Jump, not to act, no count); has chosen but what is
    hidden (a count or a stop, alike); in the running Jump; still to act in it; place
    in the Round Order (``(i + 1) / n``, 0 if none); placed a volcano this round; still bidding; the
    high bidder; has had his auction this round.
``game`` (n + 45): the observer's seat, one-hot (n); the mode, one-hot (classic,
    professional, speed); the phase, one-hot (the 9 :class:`~tikalspeed.Phase` in
    order); the kind of turn, one-hot (the 7 :class:`~tikalspeed.TurnKind`); action
    points left / 10; the high bid / ``bounds.MAX_BID``; tiles left per letter A–G /
    that letter's tiles; level tiles left per value 2–10 / that value's tiles;
    treasures still face down per kind / copies of a kind.

>>> from tikalspeed import Rules, new_game
>>> rules = Rules(players=2)
>>> tensor_size(rules), [name for name, _, _ in tensor_blocks(rules)]
(1161, ['cells', 'tiles', 'players', 'game'])
>>> t = observation_tensor(new_game(rules, seed=1), 0)
>>> len(t), min(t) >= -1 and max(t) <= 1
(1161, True)
"""

from __future__ import annotations

import functools
from fractions import Fraction

from gamekit.i18n import N_

from ..board.hexgrid import CELL_COUNT
from ..board.manifest import Manifest
from ..board.terrain import terrain
from ..board.tiles import Kind
from ..bounds import MAX_BID, MAX_SCORE, shown
from ..engine import observe
from ..errors import IllegalActionError, Reason
from ..model.records import (
    AP_PER_TURN,
    GUARDING,
    MAX_TOKENS,
    REMOVED,
    SUPPLY,
    TOKENS,
    Outcome,
    Phase,
    TurnKind,
)
from ..model.rules import MODES, Rules
from ..model.state import State
from ..model.view import View

__all__ = ["observation_tensor", "tensor_blocks", "tensor_size", "utilities"]

_KINDS: tuple[Kind | None, ...] = (
    None,
    Kind.BASE_CAMP,
    Kind.TEMPLE,
    Kind.TREASURE,
    Kind.JUNGLE,
    Kind.VOLCANO,
)
_CELL_FIXED = len(_KINDS) + 6 + 2
_CELL_PER_PLAYER = 4
_TILE_FIXED = 3
_PLAYER_FIXED = 19
"""A player slot's numbers besides his treasures."""
_HIDDEN = -1
"""Another player's choice as a view holds it, once made (SPEED-JUMP-1)."""
_PHASES = tuple(Phase)
_TURN_KINDS = tuple(TurnKind)
_TOP_LEVEL = 10
"""The highest temple value (TIKAL-UNCOVER-2)."""
_LEVEL_VALUES = range(2, _TOP_LEVEL + 1)


def tensor_blocks(rules: Rules) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """The tensor's blocks for ``rules``, in order: ``(name, size, shape)`` each."""
    n = rules.players
    tiles = len(terrain(rules.manifest).tile_ids)
    cell_width = _CELL_FIXED + _CELL_PER_PLAYER * n
    game = n + len(MODES) + len(_PHASES) + len(_TURN_KINDS) + 2
    comps = rules.manifest.components
    game += len(comps.tiles_per_letter) + len(_LEVEL_VALUES) + comps.treasure_kinds
    kinds = comps.treasure_kinds
    return (
        ("cells", CELL_COUNT * cell_width, (CELL_COUNT, cell_width)),
        ("tiles", tiles * (_TILE_FIXED + n), (tiles, _TILE_FIXED + n)),
        ("players", n * (_PLAYER_FIXED + kinds), (n, _PLAYER_FIXED + kinds)),
        ("game", game, (game,)),
    )


def tensor_size(rules: Rules) -> int:
    """How many numbers :func:`observation_tensor` gives under ``rules``."""
    return sum(size for _, size, _ in tensor_blocks(rules))


def observation_tensor(source: State | View, player: int | None = None) -> list[float]:
    """What ``player`` sees of ``source`` (a position, or his :class:`~tikalspeed.View`)
    as :func:`tensor_size` numbers, laid out as the module says. For a view,
    ``player`` may be left out. Raises :class:`~tikalspeed.IllegalActionError` for a
    player not in the game, or not the view's, and for a spectator's view, which sees
    from no seat."""
    if isinstance(source, View):
        if player is not None and player != source.player:
            not_his = Reason(N_("a view of player {seat} is not {player}'s"),
                             seat=source.player, player=shown(player))  # fmt: skip
            raise IllegalActionError("TIKAL-TURN-4", not_his)
        view = source
    else:
        view = observe(source, player)
    return _tensor(view.state, view.seat)


def _slots(n: int, me: int) -> list[int]:
    """The seats in slot order: the observer first."""
    return [(me + k) % n for k in range(n)]


def _tensor(state: State, me: int) -> list[float]:
    rules = state.rules
    n = rules.players
    seats = _slots(n, me)
    out: list[float] = []
    _cells(out, state, seats)
    _tiles(out, state, seats)
    _players(out, state, seats)
    _game(out, state, me)
    return out


def _cells(out: list[float], state: State, seats: list[int]) -> None:
    rules = state.rules
    t = terrain(rules.manifest)
    comps = rules.manifest.components
    stones_top, ruin_top = _scales(rules.manifest)
    jungle, ex = state.jungle, state.expeditions
    for cell in range(CELL_COUNT):
        kind = t.kind(jungle.placed, cell)
        out.extend(1.0 if kind is k else 0.0 for k in _KINDS)
        out.extend(s / stones_top for s in t.stones(jungle.placed, cell))
        out.append(jungle.temples[cell] / _TOP_LEVEL)
        out.append(jungle.ruins[cell] / ruin_top)
        out.extend(ex.workers[p][cell] / comps.workers for p in seats)
        out.extend(1.0 if ex.leaders[p] == cell else 0.0 for p in seats)
        out.extend(1.0 if jungle.camps[cell] == p else 0.0 for p in seats)
        out.extend(1.0 if jungle.guards[cell] == p else 0.0 for p in seats)


@functools.cache
def _scales(manifest: Manifest) -> tuple[int, int]:
    """The most stones on any edge, and the most treasures on any tile (at least 1)."""
    t = terrain(manifest)
    stones = max(max(o) for orientations in t.oriented for o in orientations)
    printed = max(max(s) for s in t.printed_stones)
    ruins = [m for k, m in zip(t.tile_kinds, t.tile_masks, strict=True) if k is Kind.TREASURE]
    return max(1, stones, printed), max([1, *ruins])


def _tiles(out: list[float], state: State, seats: list[int]) -> None:
    tiles = len(terrain(state.rules.manifest).tile_ids)
    stacked = {tile for stack in state.jungle.stacks for tile in stack}
    display = set(state.auction.display)
    secured = state.speed.secured
    hand = state.turn.hand
    for tile in range(tiles):
        out.append(1.0 if tile in stacked else 0.0)
        out.append(1.0 if tile in display else 0.0)
        out.append(1.0 if tile == hand else 0.0)
        out.extend(1.0 if secured and secured[p] == tile else 0.0 for p in seats)


def _to_act(state: State) -> tuple[int, ...]:
    """Who decides now, read off the records (a view's position included)."""
    phase = state.turn.phase
    if phase is Phase.TOKENS:
        chosen = state.speed.chosen
        return tuple(p for p in state.speed.jumpers if not chosen[p])
    if phase in (Phase.DRAW, Phase.TREASURE, Phase.REVEAL, Phase.OVER):
        return ()
    return (state.turn.active,)


def _players(out: list[float], state: State, seats: list[int]) -> None:
    rules = state.rules
    n = rules.players
    comps = rules.manifest.components
    ex, auction, speed = state.expeditions, state.auction, state.speed
    acting = _to_act(state)
    tokens = speed.tokens
    chosen = speed.chosen
    order = speed.round_order
    for p in seats:
        out.append(ex.scores[p] / MAX_SCORE)
        out.append(ex.supply[p] / comps.workers)
        out.append(ex.removed[p] / comps.workers)
        out.append(ex.guard_pieces[p] / comps.workers)
        leader = ex.leaders[p]
        out.append(1.0 if leader == SUPPLY else 0.0)
        out.append(1.0 if leader >= 0 else 0.0)
        out.append(1.0 if leader == GUARDING else 0.0)
        out.append(1.0 if leader == REMOVED else 0.0)
        out.extend(h / comps.treasure_copies for h in ex.held[p])
        out.append(1.0 if p in acting else 0.0)
        out.append(tokens[p] / TOKENS if tokens else 0.0)
        choice = chosen[p] if chosen else 0
        out.append(choice / MAX_TOKENS if choice > 0 else 0.0)
        out.append(1.0 if choice == _HIDDEN else 0.0)
        out.append(1.0 if p in speed.jumpers else 0.0)
        out.append(1.0 if p in speed.jump_order else 0.0)
        out.append((order.index(p) + 1) / n if p in order else 0.0)
        out.append(1.0 if p in speed.volcano_placers else 0.0)
        out.append(1.0 if p in auction.bidders else 0.0)
        out.append(1.0 if auction.high_bidder == p else 0.0)
        out.append(1.0 if p in auction.played else 0.0)


def _game(out: list[float], state: State, me: int) -> None:
    rules = state.rules
    comps = rules.manifest.components
    turn, jungle = state.turn, state.jungle
    out.extend(1.0 if p == me else 0.0 for p in range(rules.players))
    out.extend(1.0 if m == rules.mode else 0.0 for m in MODES)
    out.extend(1.0 if turn.phase is ph else 0.0 for ph in _PHASES)
    out.extend(1.0 if turn.turn_kind is k else 0.0 for k in _TURN_KINDS)
    out.append(min(turn.ap, AP_PER_TURN) / AP_PER_TURN)
    out.append(state.auction.high_bid / MAX_BID)
    for (_, count), stack in zip(comps.tiles_per_letter, jungle.stacks, strict=True):
        out.append(len(stack) / count if count else 0.0)
    start = dict(comps.level_tiles)
    out.extend(jungle.levels[v] / start[v] if start.get(v) else 0.0 for v in _LEVEL_VALUES)
    out.extend(h / comps.treasure_copies for h in jungle.hidden)


def utilities(result: Outcome | None, players: int) -> list[float]:
    """What a finished game is worth to each player, for learning code (the
    adapters' returns and rewards): zero-sum shares of the win. Each of the ``k``
    players with the top score (the winner alone, if the outcome names one) gets
    ``(n / k - 1) / (n - 1)``, every other player ``-1 / (n - 1)``: +1 for a sole
    winner, -1 for the loser of a 2-player game, 0 each when all tie. All 0 while
    the game runs (``result`` is ``None``).

    >>> utilities(Outcome(winner=None, scores=(50, 50, 30, 10), reason="final-scoring"), 4)
    [0.3333333333333333, 0.3333333333333333, -0.3333333333333333, -0.3333333333333333]
    >>> utilities(Outcome(winner=1, scores=(40, 52), reason="final-scoring"), 2)
    [-1.0, 1.0]
    """
    if result is None:
        return [0.0] * players
    if result.winner is not None:
        top = {result.winner}
    else:
        best = max(result.scores)
        top = {p for p, s in enumerate(result.scores) if s == best}
    n, k = players, len(top)
    win = Fraction(n, k) - 1
    return [float((win if p in top else Fraction(-1)) / (n - 1)) for p in range(n)]
