"""Game records (our PGN): the rules, the setup and every action of one game.

A record's text form is a block of ``[Key "value"]`` header lines, a blank line, then
the action tokens in order (move numbers like ``3.`` before the first player's turns)
and a result token: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` (unfinished).

>>> from tiki import Create, X, O, A1, B2
>>> rec = Record.from_actions(
...     [Create(O, B2), Create(X, A1)], seed=7, headers=(("Event", "Demo"),)
... )
>>> rec.result
'*'
>>> print(write_record(rec), end="")
[Game "Tiki"]
[Format "1"]
[Seed "7"]
[Event "Demo"]
[Result "*"]
<BLANKLINE>
1. +b2 +a1 *
>>> read_record(write_record(rec)) == rec
True
>>> len(replay(rec))
3
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import attrs

from ..engine.contract import apply, new_game
from ..errors import IllegalActionError, NotationError, shown
from ..model.actions import Action
from ..model.rules import NUMBER_LIMIT, Rules
from ..model.state import Phase, State
from ..model.view import View
from ._numbers import read_number
from .notation import from_text, parse_action, rules_from_text, rules_to_text, to_text

__all__ = ["FORMAT", "RESULTS", "Record", "read_record", "replay", "write_record"]

FORMAT = "1"
"""The record format version written in the ``Format`` header."""

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""The result tokens: x won, o won, draw, unfinished."""

_RESERVED = ("Game", "Format", "Rules", "Seed", "Position", "Result")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_MOVE_NUMBER = re.compile(r"([0-9]+)\.(?:\.\.)?")
_SEED = re.compile(r"-?[0-9]+")
_WIDTH = 80
_DEFAULT_RULES = Rules()


def _canonical_start(value: State | str | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, View):
        raise NotationError(
            "Record.start: a View (observe()) is not a position: a record starts from a "
            "position (a State or its text)"
        )
    if isinstance(value, State):
        return to_text(value)
    return to_text(from_text(value))


def a_record(value: object, reader: str) -> None:
    """Refuse anything but a :class:`Record` given to ``reader``."""
    if type(value) is not Record:
        what = "a View (observe())" if isinstance(value, View) else shown(value)
        raise NotationError(f"{reader} takes a Record, not {what}")


def bad_header_char(text: str) -> str | None:
    """The first character a header value may not hold, or ``None``.

    A value is one line of printable text: no control character (C0, DEL, C1), no
    line or paragraph separator (``str.splitlines`` would break the line there) and no
    lone surrogate (it cannot be written to a UTF-8 file).
    """
    for c in text:
        o = ord(c)
        if o < 32 or 127 <= o < 160 or o in (0x2028, 0x2029) or 0xD800 <= o < 0xE000:
            return c
    return None


def _check_headers(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    pairs = tuple((k, v) for k, v in value)
    seen: set[str] = set()
    for key, text in pairs:
        if type(key) is not str or not _KEY.fullmatch(key):
            raise ValueError(f"a header key is a letter then letters, digits or _: {shown(key)}")
        if key in _RESERVED:
            raise ValueError(f"header {key!r} is written from the record's own fields")
        if key in seen:
            raise ValueError(f"header {key!r} is given twice")
        if type(text) is not str:
            raise ValueError(f"header {key!r} needs a one-line str value, not {shown(text)}")
        bad = bad_header_char(text)
        if bad is not None:
            raise ValueError(f"header {key!r} needs a one-line value, without {bad!r}")
        seen.add(key)
    return pairs


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class Record:
    """One game: its ``rules``, its setup, its ``actions`` and its ``result``.

    The setup is one of: a ``seed`` (the layout and first player are drawn as
    :func:`tiki.new_game` does), a ``start`` position string (a game from a custom
    position; kept in canonical form, a :class:`~tiki.State` is accepted too) or
    neither (the game starts at the layout chance node and ``actions`` begin with the
    chance outcomes, TIKI-SETUP-1 and TIKI-SETUP-5). ``result`` is ``'1-0'``,
    ``'0-1'``, ``'1/2-1/2'`` or ``'*'`` (unfinished); ``headers`` are extra
    ``(key, value)`` pairs such as ``("Event", "...")``, ``("X", "name")``.
    """

    rules: Rules = attrs.field(default=_DEFAULT_RULES)
    seed: int | None = None
    start: str | None = attrs.field(default=None, converter=_canonical_start)
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    result: str = "*"
    headers: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_check_headers)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ValueError(f"Record.rules must be a Rules, not {self.rules!r}")
        if self.seed is not None and (
            type(self.seed) is not int or not -NUMBER_LIMIT <= self.seed <= NUMBER_LIMIT
        ):
            raise ValueError(
                f"Record.seed must be None or an int from -(2**53 - 1) to 2**53 - 1, "
                f"not {shown(self.seed)}"
            )
        if self.seed is not None and self.start is not None:
            raise ValueError("a record starts from a seed or from a position, not both")
        if self.result not in RESULTS:
            raise ValueError(f"Record.result must be one of {', '.join(RESULTS)}")
        if self.start is not None and from_text(self.start).rules != self.rules:
            raise ValueError("Record.rules must be the rules of the start position")

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
        start = _canonical_start(start)
        if rules is None:
            rules = _DEFAULT_RULES if start is None else from_text(start).rules
        rec = cls(rules=rules, seed=seed, start=start, actions=tuple(actions), headers=headers)
        final = _play(rec.initial_state(), rec.actions, lambda i: None)[-1]
        return attrs.evolve(rec, result=_result_of(final))

    def initial_state(self) -> State:
        """Return the state the record's first action is played in."""
        if self.start is not None:
            return from_text(self.start)
        return new_game(self.rules, seed=self.seed)


def _result_of(state: State) -> str:
    return "*" if state.result is None else state.result.result()


def _action_index(i: int) -> str:
    return f"action {i + 1}"


def _token(action: object) -> str:
    try:
        return str(action)
    except Exception:  # a malformed action object: show its repr
        return repr(action)


def _play(
    state: State, actions: Iterable[Action], where: Callable[[int], int | str | None]
) -> tuple[State, ...]:
    """Apply ``actions`` from ``state``; an illegal one raises :class:`NotationError` at
    ``where(index)``, naming the clause that forbids it."""
    states = [state]
    for i, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalActionError as e:
            raise NotationError(
                f"{_action_index(i)} {_token(action)!r} does not replay: {e}", where(i)
            ) from e
        states.append(state)
    return tuple(states)


def replay(record: Record) -> tuple[State, ...]:
    """Return every state of the game, from the initial state to the last one.

    ``len(replay(record)) == len(record.actions) + 1``. Raises :class:`NotationError`
    if an action is illegal (the message names the action and the clause; the
    :class:`~tiki.IllegalActionError` is its ``__cause__``) or if ``record.result``
    is not the result the actions reach.
    """
    a_record(record, "replay")
    states = _play(record.initial_state(), record.actions, lambda i: None)
    reached = _result_of(states[-1])
    if reached != record.result:
        raise NotationError(f"the record says {record.result} but the actions give {reached}")
    return states


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_record(record: Record) -> str:
    """Return the text form of ``record``: headers, a blank line, the moves and the
    result, lines at most 80 characters where tokens allow."""
    a_record(record, "write_record")
    headers = [("Game", "Tiki"), ("Format", FORMAT)]
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
    units = []
    states = _play(record.initial_state(), record.actions, lambda i: None)
    for state, action in zip(states, record.actions, strict=False):
        token = _token(action)
        if state.phase is Phase.TURN and state.turn % 2 == 0:
            token = f"{state.turn // 2 + 1}. {token}"
        units.append(token)
    units.append(record.result)
    line = ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > _WIDTH:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    lines.append(line)
    return "\n".join(lines) + "\n"


def read_record(text: str) -> Record:
    """Read a record written by :func:`write_record`, replaying it.

    Move numbers are optional (when given they must match the turn). Raises
    :class:`NotationError` whose ``position`` is the 1-based line at fault: a bad
    header, an unreadable token, an action the rules forbid (the message names the
    clause), a missing result or one the actions do not reach.
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is a str, not {type(text).__name__}")
    lines = text.splitlines()
    n = 0
    found: dict[str, tuple[str, int]] = {}
    extra: list[tuple[str, str]] = []
    while n < len(lines) and (not lines[n].strip() or lines[n].strip().startswith("[")):
        line = lines[n].strip()
        n += 1
        if not line:
            continue
        m = _HEADER.fullmatch(line)
        if m is None:
            raise NotationError(f'line {n}: a header is [Key "value"]: {line!r}', n)
        key, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
        bad = bad_header_char(value)
        if bad is not None:
            raise NotationError(f"line {n}: header {key!r} holds the character {bad!r}", n)
        if key in found or key in (k for k, _ in extra):
            raise NotationError(f"line {n}: header {key!r} is given twice", n)
        if key in _RESERVED:
            found[key] = (value, n)
        else:
            extra.append((key, value))
    rules, initial, seed, start = _setup(found)
    state = initial
    actions: list[Action] = []
    result: tuple[str, int] | None = None
    for number, line in enumerate(lines[n:], start=n + 1):
        for token in line.split():
            if result is not None:
                raise NotationError(f"line {number}: {token!r} after the result", number)
            if token in RESULTS:
                result = (token, number)
                continue
            m = _MOVE_NUMBER.fullmatch(token)
            if m is not None:
                digits = m.group(1).lstrip("0")
                if len(digits) > 16 or int(digits or "0") != state.turn // 2 + 1:
                    raise NotationError(
                        f"line {number}: move number {shown(token)} but this is move "
                        f"{state.turn // 2 + 1}",
                        number,
                    )
                continue
            if token.startswith("["):
                raise NotationError(f"line {number}: a header after the moves", number)
            try:
                action = parse_action(state, token)
                state = apply(state, action)
            except NotationError as e:
                raise NotationError(f"line {number}: {_inner(e)}", number) from e
            except IllegalActionError as e:
                raise NotationError(f"line {number}: {token!r} does not replay: {e}", number) from e
            actions.append(action)
    last = max(len(lines), 1)
    if result is None:
        raise NotationError(f"line {last}: the moves must end with a result token", last)
    reached = _result_of(state)
    if result[0] != reached:
        raise NotationError(
            f"line {result[1]}: the record says {result[0]} but the actions give {reached}",
            result[1],
        )
    if "Result" in found and found["Result"][0] != result[0]:
        line_no = found["Result"][1]
        raise NotationError(f"line {line_no}: the Result header differs from the moves", line_no)
    try:
        return Record(
            rules=rules,
            seed=seed,
            start=start,
            actions=tuple(actions),
            result=result[0],
            headers=tuple(extra),
        )
    except ValueError as e:  # every field was checked above: a safety net
        raise NotationError(f"line {last}: {e}", last) from None


def _inner(e: NotationError) -> str:
    """The message of a nested error, its position given as an offset in the value."""
    text = str(e)
    suffix = f" (at {e.position})"
    if e.position is not None and text.endswith(suffix):
        text = f"{text[: -len(suffix)]} (offset {e.position})"
    return text


def _setup(found: dict[str, tuple[str, int]]) -> tuple[Rules, State, int | None, str | None]:
    """Check the reserved headers; return the rules, the initial state, seed and start."""
    if "Game" not in found:
        raise NotationError('line 1: a record begins with [Game "Tiki"]', 1)
    for key, expected in (("Game", "Tiki"), ("Format", FORMAT)):
        if key in found and found[key][0] != expected:
            value, n = found[key]
            raise NotationError(f'line {n}: expected [{key} "{expected}"], not {value!r}', n)
    rules = _DEFAULT_RULES
    if "Rules" in found:
        value, n = found["Rules"]
        try:
            rules = rules_from_text(value)
        except NotationError as e:
            raise NotationError(f"line {n}: Rules header: {_inner(e)}", n) from e
    if "Result" in found and found["Result"][0] not in RESULTS:
        value, n = found["Result"]
        raise NotationError(f"line {n}: unknown result {value!r}", n)
    if "Seed" in found and "Position" in found:
        n = max(found["Seed"][1], found["Position"][1])
        raise NotationError(f"line {n}: a record has a Seed or a Position, not both", n)
    if "Seed" in found:
        value, n = found["Seed"]
        if not _SEED.fullmatch(value):
            raise NotationError(f"line {n}: the seed is a whole number, not {shown(value)}", n)
        try:
            seed = read_number(value, None, "seed", -NUMBER_LIMIT, NUMBER_LIMIT, _SEED)
        except NotationError as e:
            raise NotationError(f"line {n}: {e}", n) from None
        return rules, new_game(rules, seed=seed), seed, None
    if "Position" in found:
        value, n = found["Position"]
        try:
            state = from_text(value)
        except NotationError as e:
            raise NotationError(f"line {n}: Position header: {_inner(e)}", n) from e
        if "Rules" in found and state.rules != rules:
            raise NotationError(f"line {n}: the Position's rules differ from the Rules header", n)
        return state.rules, state, None, to_text(state)
    return rules, new_game(rules), None, None
