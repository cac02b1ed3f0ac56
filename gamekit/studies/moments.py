"""The moments of a game, counted from its trail of decisions: who decided when, how
long each player waited and sat idle, and how long the game took at the table under
a model of the time a decision takes (:class:`~.timing.TableTime`).

The *trail* lists the game's decisions in order, each the player who decided, or
``~player`` (a negative number) for a simultaneous secret choice. A *moment* is a
decision, except that a run of secret choices is one moment (a Speed Jump's token
choices: every player of the Jump chooses in it, at once). A player *decides* in a
moment if one of its decisions is his; else he is *idle* in it.

- The *wait* before a decision is the number of moments since its player's previous
  decision (since the start, for his first) in which he did not decide: the waits of
  :func:`waits` and of the study's ``wait_*`` and ``gap_mean`` columns.
- An *idle stretch* of a player is a longest run of consecutive moments in which he
  does not decide: before his first decision, between two, after his last.
- A decision takes ``cost`` seconds (the same for all, or one a decision); a moment
  takes its decision's, and a run of secret choices as long as its slowest chooser
  (a player with two choices in it takes their sum). The game takes the sum of its
  moments; a player is idle in the moments he does not decide in.

:func:`count` gives every figure in one pass over the trail, as the study's columns.

>>> m = count([0, 1, 1, 0, ~0, ~1, 1], 2, 10.0)
>>> m["moments"], m["idle_by"], m["idle_longest"], m["wait_hist"][:3]
(6, [3, 2], 2, [2, 1, 0])
>>> m["table_seconds"], m["idle_seconds_by"], m["idle_longest_seconds"]
(60.0, [30.0, 20.0], 20.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

__all__ = ["WAIT_BINS", "columns", "costs", "count", "margin", "waits"]

WAIT_BINS: Final = 16
"""``wait_hist`` counts the waits of length 1, 2, … 15 and, last, those of 16 or more."""


def costs(
    base: float, per_point: float, per_option: float, points: list[int], options: list[int]
) -> float | list[float]:
    """The seconds of each decision of a game, ``base + per_point × points + per_option
    × options`` (one number, ``base``, where both lists are empty, as where the model
    weighs neither; an empty list counts as zeros), for :func:`count`.

    >>> costs(10.0, 3.0, 0.0, [0, 2], []), costs(10.0, 0.0, 1.0, [], [4, 1])
    ([10.0, 16.0], [14.0, 11.0])
    >>> costs(5.0, 0.0, 0.0, [], [])
    5.0
    """
    if not options:
        return [base + per_point * k for k in points] if points else base
    if not points:
        return [base + per_option * o for o in options]
    return [base + per_point * k + per_option * o for k, o in zip(points, options, strict=True)]


def count(
    trail: Sequence[int], players: int, cost: float | Sequence[float] = 0.0
) -> dict[str, Any]:
    """Every figure of the moments of ``trail`` between ``players`` players, each
    decision taking ``cost`` seconds (one number for all, or one a decision), by name:

    - ``decisions_by``, ``wait_sum_by`` (each player's waits, summed), ``wait_max``,
      ``gaps`` (the decisions with a wait), ``handoffs`` (how often the decision passes
      to another player, or group of secret choosers);
    - ``moments``; ``idle_by``, the moments each player is idle in; ``idle_longest``,
      the longest idle stretch of any player; ``wait_hist``, the waits by length
      (:data:`WAIT_BINS` counts);
    - ``table_seconds``, the game's length; ``idle_seconds_by``, each player's idle
      time; ``idle_longest_seconds``, the longest idle stretch in seconds.

    >>> m = count([0, 1, 0, 0, 1], 2, [5.0, 20.0, 5.0, 5.0, 20.0])
    >>> m["decisions_by"], m["wait_sum_by"], m["wait_max"], m["gaps"], m["handoffs"]
    ([3, 2], [1, 3], 2, 3, 3)
    >>> m["moments"], m["idle_by"], m["idle_longest"], m["wait_hist"][:3]
    (5, [2, 3], 2, [2, 1, 0])
    >>> m["table_seconds"], m["idle_seconds_by"], m["idle_longest_seconds"]
    (55.0, [40.0, 15.0], 20.0)
    >>> count([~0, ~1], 2, [4.0, 9.0])["table_seconds"]  # the slowest chooser's 9 s
    9.0
    """
    entries = list(trail)  # a list of int: the compiled build reads it unboxed
    in_turn = _in_turn_only(entries)
    if isinstance(cost, (int, float)):
        if in_turn:
            return _in_turn_alike(entries, players, float(cost))
        cost = [float(cost)] * len(entries)
    if len(cost) != len(entries):
        raise ValueError(f"{len(entries)} decisions, {len(cost)} costs")
    seconds = list(cost)
    if in_turn:
        return _in_turn(entries, players, seconds)
    return _in_moments(entries, players, seconds)


def _in_turn_only(trail: list[int]) -> bool:
    """Whether ``trail`` has no secret choice, so that each decision is a moment (the
    compiled build makes ``all`` a loop over unboxed ints, where ``min`` is a generic
    call)."""
    return all(entry >= 0 for entry in trail)


def _in_turn_alike(trail: list[int], players: int, cost: float) -> dict[str, Any]:
    """:func:`count` of a trail without a secret choice whose decisions all take
    ``cost`` seconds (Tiki's): the moments counted, their seconds a multiple.

    Here and below a list's entry is changed as ``x[i] = x[i] + v``, never ``x[i] +=
    v``, which the compiled build does with Python's generic ``+=`` on objects."""
    decisions = [0] * players
    wait_sum = [0] * players
    last = [-1] * players
    hist = [0] * WAIT_BINS
    wait_max = gaps = handoffs = 0
    before = -1
    for moment, p in enumerate(trail):
        decisions[p] = decisions[p] + 1
        if before != p and before >= 0:
            handoffs += 1
        before = p
        wait = moment - last[p] - 1
        if wait:
            wait_sum[p] = wait_sum[p] + wait
            gaps += 1
            b = wait - 1 if wait < WAIT_BINS else WAIT_BINS - 1
            hist[b] = hist[b] + 1
            if wait > wait_max:
                wait_max = wait
        last[p] = moment
    moments = len(trail)
    idle = [moments - d for d in decisions]
    longest = max([wait_max, *(moments - 1 - last[p] for p in range(players))])
    return _figures(
        decisions, wait_sum, wait_max, gaps, handoffs, moments, idle, longest, hist,
        cost * moments, [cost * d for d in decisions], cost * longest,
    )  # fmt: skip


def _in_turn(trail: list[int], players: int, costs: list[float]) -> dict[str, Any]:
    """:func:`count` of a trail without a secret choice, where each decision is a
    moment of its own: the same figures as :func:`_in_moments`, with less work."""
    decisions = [0] * players
    wait_sum = [0] * players
    last = [-1] * players  # the moment of each player's last decision
    own = [0.0] * players  # the seconds each player decides in
    done = [0.0] * players  # the clock at the end of each player's last decision
    hist = [0] * WAIT_BINS
    wait_max = gaps = handoffs = 0
    longest = 0.0
    clock = 0.0
    before = -1
    for moment, p in enumerate(trail):
        decisions[p] = decisions[p] + 1
        if before != p and before >= 0:
            handoffs += 1
        before = p
        wait = moment - last[p] - 1
        if wait:
            wait_sum[p] = wait_sum[p] + wait
            gaps += 1
            b = wait - 1 if wait < WAIT_BINS else WAIT_BINS - 1
            hist[b] = hist[b] + 1
            if wait > wait_max:
                wait_max = wait
            stretch = clock - done[p]
            if stretch > longest:
                longest = stretch
        last[p] = moment
        took = costs[moment]
        own[p] = own[p] + took
        clock += took
        done[p] = clock
    moments = len(trail)
    tail = max((moments - 1 - last[p] for p in range(players)), default=0)
    tail_seconds = max((clock - done[p] for p in range(players)), default=0.0)
    return _figures(
        decisions, wait_sum, wait_max, gaps, handoffs, moments,
        [moments - d for d in decisions], max(wait_max, tail), hist,
        clock, own, max(longest, tail_seconds),
    )  # fmt: skip


def _in_moments(trail: list[int], players: int, costs: list[float]) -> dict[str, Any]:
    """:func:`count` of any trail, its runs of secret choices grouped into moments."""
    decisions = [0] * players
    wait_sum = [0] * players
    last = [-1] * players  # the moment of each player's last decision
    part = [0] * players  # the moments each player decides in
    own = [0.0] * players
    done = [0.0] * players
    hist = [0] * WAIT_BINS
    wait_max = gaps = handoffs = 0
    longest = 0.0
    clock = 0.0  # the clock when the running moment began
    now = 0.0  # the running moment's seconds so far: its slowest chooser's
    moment = -1
    group: list[int] = []  # who decides in the running moment
    spent: dict[int, float] = {}  # a secret run's seconds by chooser
    secret_before = False
    for i in range(len(trail)):  # as many costs (count checks): indexed, unboxed
        entry = trail[i]
        took = costs[i]
        secret = entry < 0
        p = ~entry if secret else entry
        decisions[p] = decisions[p] + 1
        if not (secret and secret_before):  # a new moment: the running one ends
            clock += now
            for q in group:
                own[q] = own[q] + now
                done[q] = clock
            if moment >= 0 and (len(group) != 1 or group[0] != p):  # another chooser
                handoffs += 1
            moment += 1
            group = [p]
            part[p] = part[p] + 1
            now = took
            if secret:
                spent = {p: took}
        else:
            if p not in group:
                group.append(p)
                part[p] = part[p] + 1
            mine = spent[p] = spent.get(p, 0.0) + took
            if mine > now:
                now = mine
        secret_before = secret
        wait = moment - last[p] - 1
        wait_sum[p] = wait_sum[p] + wait
        if wait:
            gaps += 1
            if wait > wait_max:
                wait_max = wait
            if wait > 0:
                b = wait - 1 if wait < WAIT_BINS else WAIT_BINS - 1
                hist[b] = hist[b] + 1
                stretch = clock - done[p]
                if stretch > longest:
                    longest = stretch
        last[p] = moment
    clock += now
    for q in group:
        own[q] = own[q] + now
        done[q] = clock
    moments = moment + 1
    tail = max((moments - 1 - last[p] for p in range(players)), default=0)
    tail_seconds = max((clock - done[p] for p in range(players)), default=0.0)
    return _figures(
        decisions, wait_sum, wait_max, gaps, handoffs, moments,
        [moments - n for n in part], max(wait_max, tail), hist,
        clock, own, max(longest, tail_seconds),
    )  # fmt: skip


def _figures(
    decisions: list[int],
    wait_sum: list[int],
    wait_max: int,
    gaps: int,
    handoffs: int,
    moments: int,
    idle: list[int],
    longest: int,
    hist: list[int],
    clock: float,
    own: list[float],
    longest_seconds: float,
) -> dict[str, Any]:
    return {
        "decisions_by": decisions,
        "wait_sum_by": wait_sum,
        "wait_max": wait_max,
        "gaps": gaps,
        "handoffs": handoffs,
        "moments": moments,
        "idle_by": idle,
        "idle_longest": longest,
        "wait_hist": hist,
        "table_seconds": clock,
        "idle_seconds_by": [clock - s for s in own],
        "idle_longest_seconds": longest_seconds,
    }


def columns(counted: dict[str, Any], players: int) -> dict[str, Any]:
    """A study row's columns of the moments, from :func:`count`'s figures of a game
    between ``players`` players (``docs/simulate.md`` says what each is): the
    decisions, hand-offs and waits, the moments and idle stretches, the table time
    and idle time in minutes.

    >>> row = columns(count([0, 1, 1, 0], 2, 30.0), 2)
    >>> row["decisions"], row["wait_by"], row["table_minutes"], row["idle_minutes_by"]
    (4, [1.0, 0.5], 2.0, [1.0, 1.0])
    """
    decisions: list[int] = counted["decisions_by"]
    wait_sum: list[int] = counted["wait_sum_by"]
    made = sum(decisions)
    idle_minutes = [s / 60 for s in counted["idle_seconds_by"]]
    idle_by: list[int] = counted["idle_by"]
    return {
        "decisions": made,
        "decisions_by": decisions,
        "handoffs": counted["handoffs"],
        "wait_mean": sum(wait_sum) / max(1, made),
        "wait_max": counted["wait_max"],
        "gap_mean": sum(wait_sum) / max(1, counted["gaps"]),
        "wait_by": [w / d if d else 0.0 for w, d in zip(wait_sum, decisions, strict=True)],
        "wait_hist": counted["wait_hist"],
        "moments": counted["moments"],
        "idle_mean": sum(idle_by) / players,
        "idle_by": idle_by,
        "idle_longest": counted["idle_longest"],
        "table_minutes": counted["table_seconds"] / 60,
        "idle_minutes": sum(idle_minutes) / players,
        "idle_minutes_by": idle_minutes,
        "idle_longest_minutes": counted["idle_longest_seconds"] / 60,
    }


def waits(trail: Sequence[int], players: int) -> tuple[list[int], list[int], int, int, int]:
    """From the trail of decisions: each player's decisions, his summed waits, the
    longest wait, the decisions that had a wait, and the hand-offs (see :func:`count`).

    A run of secret choices is one moment: each of its players decides once in it,
    and it counts once in the others' waits. Without one, each decision is a moment.

    >>> waits([0, 1, 1, 0], 2)  # o waits 1, then x waits 2
    ([2, 2], [2, 1], 2, 2, 2)
    >>> waits([0, ~0, ~1, 1], 2)  # one Jump: x and o choose in the same moment
    ([2, 2], [0, 1], 1, 1, 1)
    """
    m = count(trail, players)
    return m["decisions_by"], m["wait_sum_by"], m["wait_max"], m["gaps"], m["handoffs"]


def margin(scores: Sequence[int], winner: int) -> int:
    """The winner's score minus the best score of the others; ``0`` for a draw or a
    shared win (``winner`` ``-1``); for an unfinished game (``-2``), the highest score
    minus the second highest.

    >>> margin([12, 30, 25], 1), margin([20, 20], -1), margin([3, 9, 7], -2)
    (5, 0, 2)
    """
    if winner == -1:
        return 0
    if winner < 0:
        top = sorted(scores, reverse=True)
        return top[0] - top[1] if len(top) > 1 else 0
    return scores[winner] - max((s for q, s in enumerate(scores) if q != winner), default=0)
