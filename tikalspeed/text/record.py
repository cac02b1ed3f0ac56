"""Game records (our PGN): the rules, the setup and every action of one game.

A record's text form is a block of ``[Key "value"]`` header lines, a blank line, then
the action tokens in order, chance outcomes included (``draw=C4``, ``reveal=C4``,
``find=E``), with a turn number like ``3.`` at the start of each turn, and a result
token: the winner (``P2``), ``shared`` for a shared win, or ``*`` (unfinished).

>>> from tikalspeed import Rules, DrawTile, PlaceTile, EndTurn
>>> rec = Record.from_actions(
...     [DrawTile(2), PlaceTile(0, 2, 1), EndTurn(0)],
...     rules=Rules(mode="classic", players=2),
...     headers=(("Event", "Demo"),),
... )
>>> rec.result
'*'
>>> print(write_record(rec), end="")
[Game "Tikal"]
[Format "1"]
[Rules "mode=classic;players=2"]
[Event "Demo"]
[Result "*"]
<BLANKLINE>
1. draw=A3 place:c1:1 end
2. *
>>> read_record(write_record(rec)) == rec
True
>>> len(replay(rec))
4
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import attrs

from ..bounds import MAX_COUNT, MAX_SEED, shown
from ..engine import actors, new_game, step
from ..errors import IllegalActionError, NotationError
from ..model.actions import Action, player_name
from ..model.events import TurnBegan
from ..model.rules import Rules
from ..model.state import Phase, State, TurnKind
from ..model.view import View
from ._recordhead import FORMAT, RESULTS, check_headers, inner, read_headers, setup
from .notation import action_token, from_text, parse_action, to_text
from .rulestext import rules_to_text

__all__ = ["FORMAT", "RESULTS", "Record", "action_token", "read_record", "replay", "write_record"]

_TURN_NUMBER = re.compile(r"([0-9]+)\.")
_PREFIX = re.compile(r"P[0-9]:")
_WIDTH = 80
_DEFAULT_RULES = Rules()
_IN_TURN = (Phase.DRAW, Phase.PLACE, Phase.ACTIONS, Phase.TREASURE, Phase.CHOOSE)
_AUCTION = (Phase.REVEAL, Phase.BID)


def _start_text(value: State | str | None) -> str | None:
    if isinstance(value, View):
        raise NotationError(
            "Record.start: a View (observe()) is not a position: a record starts from a "
            "position (a State or its text)"
        )
    return to_text(value) if isinstance(value, State) else value


def a_record(value: object, reader: str) -> None:
    """Refuse anything but a :class:`Record` given to ``reader``."""
    if type(value) is not Record:
        what = "a View (observe())" if isinstance(value, View) else shown(value)
        raise NotationError(f"{reader} takes a Record, not {what}")


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class Record:
    """One game: its ``rules``, its setup, its ``actions`` and its ``result``.

    The setup is a ``seed`` (the chance nodes before the first decision are resolved
    as :func:`tikalspeed.new_game` does), a ``start`` position string (a game from a
    custom position; kept in canonical form, a :class:`~tikalspeed.State` is accepted
    too) or neither (the game starts at the first chance node, and ``actions`` begin
    with its outcome, TIKAL-DRAW-1). Every later chance outcome is an action of the
    list. ``result`` is the winner ``'P1'`` … ``'P4'``, ``'shared'`` or ``'*'``
    (unfinished); ``headers`` are extra ``(key, value)`` pairs such as
    ``("Event", "...")``.
    """

    rules: Rules = attrs.field(default=_DEFAULT_RULES)
    seed: int | None = None
    start: str | None = attrs.field(default=None, converter=_start_text)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    result: str = "*"
    headers: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=check_headers)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ValueError(f"Record.rules must be a Rules, not {self.rules!r}")
        if self.seed is not None and (type(self.seed) is not int or abs(self.seed) > MAX_SEED):
            raise ValueError(
                f"Record.seed must be None or an int of at most 128 bits (bounds.MAX_SEED), "
                f"not {shown(self.seed)}"
            )
        if self.seed is not None and self.start is not None:
            raise ValueError("a record starts from a seed or from a position, not both")
        if self.result not in RESULTS:
            raise ValueError(f"Record.result must be one of {', '.join(RESULTS)}")
        if self.start is not None:
            if not isinstance(self.start, str):
                raise NotationError(f"Record.start must be a position, not {shown(self.start)}")
            state = from_text(self.start, rules=self.rules)
            object.__setattr__(self, "start", to_text(state))

    @classmethod
    def from_actions(
        cls,
        actions: Iterable[Action],
        *,
        rules: Rules | None = None,
        seed: int | None = None,
        start: State | str | None = None,
        headers: Iterable[tuple[str, str]] = (),
    ) -> Record:
        """Return the record of ``actions`` played from the given setup; the result is
        found by replaying them. ``rules`` default to the start position's rules, else
        ``Rules()``. Raises :class:`NotationError` if the actions do not replay.

        >>> Record.from_actions([], seed=3).result
        '*'
        """
        if rules is None:
            if isinstance(start, State):
                rules = start.rules
            else:
                rules = _DEFAULT_RULES if start is None else from_text(start).rules
        rec = cls(rules=rules, seed=seed, start=start, actions=tuple(actions), headers=headers)
        final = play(rec.initial_state(), rec.actions, lambda i: None)[0][-1]
        return attrs.evolve(rec, result=result_of(final))

    def initial_state(self) -> State:
        """Return the state the record's first action is played in."""
        if self.start is not None:
            return from_text(self.start, rules=self.rules)
        return new_game(self.rules, seed=self.seed)


def result_of(state: State) -> str:
    """The result token of ``state``: the winner, ``'shared'``, or ``'*'`` if running."""
    if state.result is None:
        return "*"
    winner = state.result.winner
    return "shared" if winner is None else player_name(winner)


def play(
    state: State, actions: Iterable[Action], where: Callable[[int], int | str | None]
) -> tuple[tuple[State, ...], tuple[int, ...]]:
    """Apply ``actions`` from ``state``; return every state and, per action, how many
    turns began with it. An illegal action raises :class:`NotationError` at
    ``where(index)``, naming the clause that forbids it."""
    states = [state]
    began = []
    for i, action in enumerate(actions):
        try:
            transition = step(state, action)
        except IllegalActionError as e:
            token = action_token(state, action)
            raise NotationError(f"action {i + 1} {token!r} does not replay: {e}", where(i)) from e
        state = transition.state
        states.append(state)
        began.append(sum(1 for e in transition.events if isinstance(e, TurnBegan)))
    return tuple(states), tuple(began)


def replay(record: Record) -> tuple[State, ...]:
    """Return every state of the game, from the initial state to the last one.

    ``len(replay(record)) == len(record.actions) + 1``. Raises :class:`NotationError`
    if an action is illegal (the message names the action and the clause; the
    :class:`~tikalspeed.IllegalActionError` is its ``__cause__``) or if
    ``record.result`` is not the result the actions reach.
    """
    a_record(record, "replay")
    states = play(record.initial_state(), record.actions, lambda i: None)[0]
    reached = result_of(states[-1])
    if reached != record.result:
        raise NotationError(f"the record says {record.result} but the actions give {reached}")
    return states


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def first_turn(state: State) -> int:
    """The number of the turn in progress in the first state of a record: 1 when a
    player's turn has begun (TIKAL-TURN-1), else 0 (before an auction's winner). In the
    Speed game only placement and bonus turns are numbered (SPEED-PLACE-1,
    SPEED-SCORE-2): the auctions and the Jumps belong to no turn."""
    if state.rules.mode == "speed":
        kinds = (TurnKind.PLACEMENT, TurnKind.BONUS)
        return 1 if state.turn_kind in kinds and state.phase in _IN_TURN else 0
    return 1 if state.phase in _IN_TURN else 0


def _new_run(states: tuple[State, ...], i: int) -> bool:
    """Whether action ``i`` opens a run of auction actions or a Speed Jump: it starts a
    line of its own."""
    phase = states[i].phase
    for group in (_AUCTION, (Phase.TOKENS,)):
        if phase in group and (i == 0 or states[i - 1].phase not in group):
            return True
    return False


def write_record(record: Record) -> str:
    """Return the text form of ``record``: headers, a blank line, the actions and the
    result. Each turn starts a line with its number (``3.``), and so does each run of
    auction actions (reveals and bids) and each Speed Jump (its token choices, then its
    actions); lines wrap at 80 characters where tokens allow.
    """
    a_record(record, "write_record")
    headers = [("Game", "Tikal"), ("Format", FORMAT)]
    rules = rules_to_text(record.rules)
    if rules:
        headers.append(("Rules", rules))
    if record.seed is not None:
        headers.append(("Seed", str(record.seed)))
    if record.start is not None:
        headers.append(("Position", record.start))
    headers.extend(record.headers)
    headers.append(("Result", record.result))
    lines = [f'[{k} "{_escape(v)}"]' for k, v in headers]
    lines.append("")
    states, began = play(record.initial_state(), record.actions, lambda i: None)
    turn = first_turn(states[0])
    groups: list[list[str]] = [[f"{turn}."]] if turn else [[]]
    for i, action in enumerate(record.actions):
        state = states[i]
        if i and began[i - 1]:
            turn += began[i - 1]
            groups.append([f"{turn}."])
        elif _new_run(states, i):
            groups.append([])
        groups[-1].append(action_token(state, action))
    if record.actions and began[-1] and states[-1].result is None:
        groups.append([f"{turn + began[-1]}."])
    groups[-1].append(record.result)
    for group in groups:
        if not group:
            continue
        line = ""
        for unit in group:
            if line and len(line) + 1 + len(unit) > _WIDTH:
                lines.append(line)
                line = unit
            else:
                line = f"{line} {unit}" if line else unit
        lines.append(line)
    return "\n".join(lines) + "\n"


def read_record(text: str, *, rules: Rules | None = None) -> Record:
    """Read a record written by :func:`write_record`, replaying it.

    ``rules`` are needed only for a custom manifest (the ``Rules`` header names it
    ``manifest=<name>@<version>``); when given, the record's rules must be exactly
    these. Turn numbers are optional (when given they must be right). Raises
    :class:`NotationError` whose ``position`` is the 1-based line at fault and whose
    message names the token: a bad header, an unreadable token, an action the rules
    forbid (the message names the clause), a missing result or one the actions do not
    reach.
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is a str, not {type(text).__name__}")
    lines = text.splitlines()
    found, extra, n = read_headers(lines)
    game_rules, state, seed, start = setup(found, rules)
    turn = first_turn(state)
    actions: list[Action] = []
    result: tuple[str, int] | None = None
    for number, line in enumerate(lines[n:], start=n + 1):
        for token in line.split():
            if result is not None:
                raise NotationError(f"line {number}: {token!r} after the result", number)
            if token in RESULTS:
                result = (token, number)
                continue
            m = _TURN_NUMBER.fullmatch(token)
            if m is not None:
                if len(m.group(1)) > len(str(MAX_COUNT)) or int(m.group(1)) != turn:
                    raise NotationError(
                        f"line {number}: turn number {token} but this is turn {turn}", number
                    )
                continue
            if token.startswith("["):
                raise NotationError(f"line {number}: a header after the actions", number)
            if state.phase is Phase.TOKENS and not _PREFIX.match(token) and len(actors(state)) > 1:
                raise NotationError(
                    f"line {number}: {token!r}: several players choose tokens at once here; "
                    f"name the player, e.g. 'P{actors(state)[0] + 1}:{token}' (SPEED-JUMP-1)",
                    number,
                )
            try:
                action = parse_action(state, token)
                transition = step(state, action)
            except NotationError as e:
                raise NotationError(f"line {number}: {inner(e)}", number) from e
            except IllegalActionError as e:
                raise NotationError(f"line {number}: {token!r} does not replay: {e}", number) from e
            state = transition.state
            turn += sum(1 for e in transition.events if isinstance(e, TurnBegan))
            actions.append(action)
    last = max(len(lines), 1)
    if result is None:
        raise NotationError(f"line {last}: the actions must end with a result token", last)
    reached = result_of(state)
    if result[0] != reached:
        raise NotationError(
            f"line {result[1]}: the record says {result[0]} but the actions give {reached}",
            result[1],
        )
    if "Result" in found and found["Result"][0] != result[0]:
        line_no = found["Result"][1]
        raise NotationError(
            f"line {line_no}: the Result header {found['Result'][0]!r} differs from the "
            f"result token {result[0]!r}",
            line_no,
        )
    return Record(
        rules=game_rules,
        seed=seed,
        start=start,
        actions=tuple(actions),
        result=result[0],
        headers=tuple(extra),
    )
