"""The words of ``docs/study.md``: the page's answers, written from the studies' rows
(:mod:`study` runs them). Every verdict is computed (issue 32, "honest numbers"): a
difference between two rulesets is the mean of their differences seed by seed (the
same seeds for every ruleset) with its 95% *t* interval, a percentage has Fieller's
interval (:mod:`gamekit.studies.stats`), and a difference is called one only when its
interval leaves out 0 and each ruleset played at least ``MIN_GAMES`` games.

>>> rows = [{"ruleset": f"mode={m};players=2", "seed": s, "players": 2, "winner": 0,
...          "moments": 100 + s % 3 + (50 if m == "speed" else 0)}
...         for m in ("classic", "speed") for s in range(30)]
>>> b = Bots("greedy bots", rows, ["moments"])
>>> compared(b, "moments", 2), compared(Bots("few", rows[:2] + rows[30:32], ["moments"]),
...                                      "moments", 2)
('+49.5% [+49.4%, +49.7%]', '+49.8% [+46.8%, +53.1%] (not clear)')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs
import study_time as timed

from gamekit.studies import stats
from tikalspeed.tools.studies import WORDS as TIKAL_WORDS
from tiki.tools.studies import WORDS as TIKI_WORDS

LABELS = {
    **TIKAL_WORDS,
    **TIKI_WORDS,
    "moments": "sequential moments",
    "points": "action points spent",
    "table_minutes": "table time (minutes, model)",
    "idle_mean": "idle moments per player",
    "idle_minutes": "idle minutes per player (model)",
    "gap_mean": "a wait (moments)",
    "short_waits": "short waits (1-2 moments) per player",
    "long_waits": "long waits (10+ moments) per player",
    "idle_longest": "longest idle stretch (moments)",
    "first_won": "first player wins",
}
"""Every number the page shows, by column, in words: the studies' own words, shorter
where a table needs it, and the page's own (the short and long waits, the points)."""


@attrs.frozen
class Settings:
    """How the page's studies were run."""

    games: int
    search_games: int
    search_bot: str
    jobs: int
    command: str
    clock: list[tuple[str, float]]
    two_volcanoes: str
    build: str
    """``compiled (mypyc)`` or ``pure Python``: the build that played the games."""


@attrs.frozen
class Bots:
    """One kind of bot's games: the rows, and per ruleset the mean of each of
    ``keys`` (:func:`gamekit.studies.stats.summary`)."""

    name: str
    rows: list[dict[str, Any]]
    keys: list[str]
    entries: list[dict[str, Any]] = attrs.field(init=False)

    @entries.default
    def _summed(self) -> list[dict[str, Any]]:
        return stats.summary(self.rows, [k for k in self.keys if k in self.rows[0]])

    def diff(self, key: str, n: int, base: str = "classic") -> Any:
        """Speed's ``key`` less ``base``'s with ``n`` players, game by game."""
        return stats.paired_difference(*self.pair(key, n, base))

    def change(self, key: str, n: int, base: str = "classic") -> Any:
        """Speed's ``key`` against ``base``'s with ``n`` players: a change, paired."""
        return stats.change(*self.pair(key, n, base))

    def pair(self, key: str, n: int, base: str) -> tuple[list[float], list[float]]:
        return stats.paired(self.rows, f"mode=speed;players={n}", f"mode={base};players={n}", key)


def cell(e: Any) -> str:
    """A mean and its interval: ``mean ± half`` for a symmetric one (*t*), ``mean [low,
    high]`` for Wilson's."""
    if e.n > 1 and not math.isclose(e.mean - e.low, e.high - e.mean, abs_tol=1e-9):
        return stats.bracketed(e)
    return stats.plus_minus(e)


def find(entries: Sequence[dict[str, Any]], mode: str, n: int) -> dict[str, Any]:
    """The summary of ``mode`` with ``n`` players."""
    return next(e for e in entries if e["ruleset"] == f"mode={mode};players={n}")


def table(
    entries: Sequence[dict[str, Any]], keys: Sequence[str], first: str = "ruleset"
) -> list[str]:
    """A Markdown table of ``keys`` (their labels as headers), one ruleset a line."""
    shown = [k for k in keys if k in entries[0]]
    lines = ["| " + " | ".join([first] + [LABELS[k] for k in shown]) + " |"]
    lines.append("| " + " | ".join(["---"] * (len(shown) + 1)) + " |")
    for e in entries:
        lines.append("| " + " | ".join([e["ruleset"]] + [cell(e[k]) for k in shown]) + " |")
    return lines


def counts(numbers: Sequence[int]) -> str:
    """``2``, ``3 and 4``, ``2, 3 and 4``."""
    shown = [str(n) for n in numbers]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def compared(b: Bots, key: str, n: int, base: str = "classic", mark: bool = True) -> str:
    """Speed's ``key`` against ``base``'s: a percentage, or a difference where
    ``base``'s mean is below 1, with its paired interval; *(not clear)* unless
    :func:`gamekit.studies.stats.clear`."""
    diff = b.diff(key, n, base)
    other = find(b.entries, base, n)[key] if key in b.entries[0] else None
    near_zero = other is not None and abs(other.mean) < 1
    shown = (
        stats.plus_minus(diff, sign=True) if near_zero else stats.percent(b.change(key, n, base))
    )
    return shown + ("" if stats.clear(diff) or not mark else " (not clear)")


def _word(b: Bots, key: str, n: int, base: str, words: tuple[str, str, str]) -> str:
    diff = b.diff(key, n, base)
    return words[2] if not stats.clear(diff) else (words[0] if diff.mean > 0 else words[1])


def by_count(
    b: Bots,
    key: str,
    players: Sequence[int],
    words: tuple[str, str, str],
    noun: str = "",
    base: str = "classic",
) -> str:
    """How Speed's ``key`` compares with ``base``'s, player count by player count, in
    ``words`` (more, less, not clearly different) before ``noun``, with each paired
    change: ``longer with 2, shorter with 3 and 4 players (+18% [...], ...)``."""
    groups: dict[str, list[int]] = {}
    for n in players:
        groups.setdefault(_word(b, key, n, base, words), []).append(n)
    said = [f"{word} with {counts(ns)}" for word, ns in groups.items()]
    if noun:
        said[0] = said[0].replace(" with ", f" {noun} with ", 1)
    if len(groups) == 1:
        text = said[0].replace(f"with {counts(players)}", "with every player count")
    else:
        text = ", ".join(said) + " players"
    figures = [compared(b, key, n, base, mark=False) for n in players]
    return f"{text} ({counts(figures)} with {counts(players)} players)"


def _crossing(b: Bots, m: timed.Measure, base: str, n: int) -> str:
    """Where Speed's ``m`` is below ``base``'s with ``n`` players, as ``r`` (a point's
    seconds per second of a decision) goes: ``where r is above 0.86 [0.80, 0.93]``."""
    other, against = f"mode=speed;players={n}", f"mode={base};players={n}"
    even = timed.crossing(b.rows, other, against, m)
    fixed = stats.paired_difference(*stats.paired(b.rows, other, against, m.fixed))
    variable = stats.paired_difference(*stats.paired(b.rows, other, against, m.variable))
    if not math.isinf(even.low) and not math.isinf(even.high) and even.low > 0:
        side = "above" if variable.mean < 0 else "below"
        return f"where r is {side} {stats.bracketed(even)}"
    if fixed.mean < 0 and variable.mean <= 0:
        return "at every r"
    if fixed.mean > 0 and variable.mean >= 0:
        return "at no r"
    return "at no r the games can place"


def _crossings(b: Bots, m: timed.Measure, base: str, players: Sequence[int]) -> str:
    """:func:`_crossing` for every player count, the same words said once."""
    groups: dict[str, list[int]] = {}
    for n in players:
        groups.setdefault(_crossing(b, m, base, n), []).append(n)
    return "; ".join(f"{said} with {counts(ns)} players" for said, ns in groups.items())


def _plausible(
    b: Bots, m: timed.Measure, base: str, players: Sequence[int], words: tuple[str, str]
) -> str:
    """How Speed's ``m`` stands against ``base``'s over the plausible range of ``r``,
    player count by player count: ``words`` are more and less (``longer``)."""
    groups: dict[str, list[int]] = {}
    said = {
        "more": f"{words[0]} throughout it",
        "less": f"{words[1]} throughout it",
        "more-less": f"{words[0]} at its low end and {words[1]} at its high end",
        "less-more": f"{words[1]} at its low end and {words[0]} at its high end",
        "unclear": f"not clearly {words[0]} or {words[1]} at one of its ends",
    }
    for n in players:
        word, _ = timed.verdict(b.rows, f"mode=speed;players={n}", f"mode={base};players={n}", m)
        groups.setdefault(said[word], []).append(n)
    if len(groups) == 1:
        return f"{next(iter(groups))} with every player count"
    return "; ".join(f"{w} with {counts(ns)} players" for w, ns in groups.items())


def _minutes(b: Bots, players: Sequence[int]) -> str:
    """What the minutes are, and where they turn, for one kind of bot."""
    low, high = timed.PLAUSIBLE
    r = timed.DEFAULT_RATIO
    longer = ("longer", "shorter")
    return (
        "Its length in minutes hangs on how long an action point takes to think through "
        "against a decision's fixed cost, r seconds a point per second of a decision. "
        "Speed is shorter than the base game "
        + _crossings(b, timed.TABLE, "classic", players)
        + " (the break-even, with its 95% interval); shorter than the professional game "
        + _crossings(b, timed.TABLE, "professional", players)
        + f". Over a plausible range of r, {low:g} to {high:g}, Speed is, against the base "
        "game, "
        + _plausible(b, timed.TABLE, "classic", players, longer)
        + "; against the professional game, "
        + _plausible(b, timed.TABLE, "professional", players, longer)
        + ". In the default model (10 s a decision, 3 s a "
        f"point: r = {r:g}) it is "
        + by_count(b, "table_minutes", players, (*longer, "not clearly longer or shorter"))
        + " than the base game."
    )


def _shorter(b: Bots, players: Sequence[int]) -> str:
    """The answer to "is it shorter?" for one kind of bot."""
    return (
        "whatever a decision and a point take, a Speed game has "
        + by_count(b, "moments", players, ("more", "fewer", "not clearly more"), "moments")
        + " than the base game, and spends "
        + by_count(b, "points", players, ("more", "fewer", "not clearly fewer"), "action points")
        + ". "
        + _minutes(b, players)
    )


def _down_time(b: Bots, players: Sequence[int]) -> str:
    """The answer to "is there less down time?" for one kind of bot."""
    length = ("longer", "shorter", "not clearly longer or shorter")
    often = ("more", "fewer", "not clearly more or fewer")
    return (
        "whatever the model, each wait is "
        + by_count(b, "gap_mean", players, length)
        + ", and the longest idle stretch is "
        + by_count(b, "idle_longest", players, length)
        + ". A player has "
        + by_count(b, "long_waits", players, often, "long waits (10 moments or more)")
        + " in a game, and "
        + by_count(b, "short_waits", players, often, "short ones (1 or 2)")
        + ". In all, each player sits idle "
        + by_count(b, "idle_mean", players, often, "moments")
        + ". In minutes it depends on r again: a player sits idle less than in the base "
        "game "
        + _crossings(b, timed.IDLE, "classic", players)
        + "; over the plausible range, a player of Speed sits idle, against one of the "
        "base game, "
        + _plausible(b, timed.IDLE, "classic", players, ("more", "less"))
        + ". "
        + _cut(b, players)
    ).rstrip()


def _cut(b: Bots, players: Sequence[int]) -> str:
    """What Speed cuts, said only when the numbers say it."""
    shorter = all(_word(b, "gap_mean", n, "classic", ("+", "-", "0")) == "-" for n in players)
    more = all(_word(b, "idle_mean", n, "classic", ("+", "-", "0")) == "+" for n in players)
    if shorter and more:
        return "What Speed cuts is the length of each wait, not the moments spent waiting."
    return ""


def _paragraphs(title: str, answers: Sequence[str], kinds: Sequence[Bots]) -> list[str]:
    """``title`` and each kind of bot's answer, a paragraph each."""
    out = []
    for i, (b, answer) in enumerate(zip(kinds, answers, strict=True)):
        out += [f"{title + ' ' if i == 0 else ''}Between {b.name}, {answer}", ""]
    return out


KEYS = (
    "moments",
    "points",
    "table_minutes",
    "idle_mean",
    "idle_minutes",
    "gap_mean",
    "idle_longest",
    "short_waits",
    "long_waits",
)
"""The figures of the opening's tables."""


def opening(
    s: Settings, kinds: Sequence[Bots], modes: Sequence[str], players: Sequence[int]
) -> list[str]:
    """The title, the answers in plain words, and the numbers that carry them."""
    low, high = timed.PLAUSIBLE
    out = [
        "# Is Tikal on Speed shorter, with less down time? The seed's questions, answered",
        "",
        f"*Generated by `{s.command}`; do not edit by hand.* "
        f"Greedy bots: {s.games} games a ruleset; search bots (`{s.search_bot}` on every "
        f"seat): {s.search_games}; the same seeds 0, 1, … for every ruleset, 2, 3 and 4 "
        "players. Each figure is a mean with its 95% interval (Student's *t*; Wilson's "
        "for a share). Two rulesets are compared game by game: the difference is the "
        "mean of the differences between the two games of each seed, with its *t* "
        "interval, and a percentage has Fieller's interval for the ratio of the two "
        "means. A difference is called one only when its interval leaves out 0 and each "
        f"ruleset played at least {stats.MIN_GAMES} games. Bots are not people: read the "
        "figures as what the rules do to the same players.",
        "",
        "The seed's author wrote: \"I doubt that this will make the game much shorter, but "
        "players will 'feel' more involved\", against \"too much down time between "
        'turns".',
        "",
        *_paragraphs("**Is it shorter?**", [_shorter(b, players) for b in kinds], kinds),
        *_paragraphs(
            "**Is there less down time?**", [_down_time(b, players) for b in kinds], kinds
        ),
        "**What would settle it.** The moments are counts; the minutes rest on one number "
        "nobody has measured yet, the seconds an action point takes to think through "
        f"against a decision's fixed cost (plausible: {low:g} to {high:g}, a guess). "
        "`tikalspeed study-time --store URL --out FILE` fits the model to games people "
        "played on the server, and `simulate --table-time FILE[:GROUP]` plays with the "
        "fit (see [`simulate.md`](simulate.md#time-from-real-play)); its per-point "
        "seconds over its per-decision seconds is the x of the plot below.",
        "",
        "![Speed's table time and idle time against the base and professional games, as "
        "a point's seconds grow against a decision's](study/time-model.png)",
        "",
        "Above: Speed's change in percent (its 95% paired interval as a band) as the "
        "seconds an action point takes per second of a decision grow from 0 to 3, one "
        "line per player count; a dot where it crosses 0 (the break-even, its interval "
        "across), the dotted "
        f"line the default model (0.3), the grey band the plausible range ({low:g} to "
        f"{high:g}).",
        "",
    ]
    for b in kinds:
        out += [
            f"Between {b.name}, Speed against the base game (classic) and the professional "
            "game, game by game (a percentage, or a difference where the other mode's "
            "figure is below 1, with its 95% interval; *not clear* where it holds 0):",
            "",
            "| players | measure | classic | professional | speed | speed vs classic "
            "| speed vs professional |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for n in players:
            c, p, sp = (find(b.entries, m, n) for m in modes)
            for key in KEYS:
                if key not in sp:
                    continue
                out.append(
                    f"| {n} | {LABELS[key]} | {cell(c[key])} | {cell(p[key])} | "
                    f"{cell(sp[key])} | {compared(b, key, n)} "
                    f"| {compared(b, key, n, 'professional')} |"
                )
        out.append("")
    out += [
        "![Table time in the default model, by mode and players](study/table-time.png)",
        "",
        "![Sequential moments, by mode and players](study/moments.png)",
        "",
        "![Idle moments per player in a game, by mode and players](study/idle.png)",
        "",
        "![How long the waits are: waits per player and game by length, 4 players]"
        "(study/waits.png)",
        "",
    ]
    return out


def measures(s: Settings) -> list[str]:
    """What the measures are, in a designer's words."""
    return [
        "## The measures",
        "",
        "- A *decision* is any choice of a player: an action, a bid, a token choice.",
        "- A *sequential moment* is a decision, except that the secret token choices of a "
        "Jump (SPEED-JUMP-1), made at once, are one moment together: the game's length "
        "as a sequence of things happening at the table.",
        "- A player is *idle* in every moment in which he does not decide; *a wait* is a "
        "stretch of moments between two of his decisions (or before his first), and the "
        "*longest idle stretch* is the longest run of moments without a decision of his, "
        "the end of the game included.",
        "- *Action points spent* are the points a game's decisions spent (TIKAL-TURN-2; "
        "a bid, a tile, a token choice spend none).",
        "- *Table time* is a model, not a measurement: a decision takes `base` seconds "
        "plus `per_point` for each action point it spends, and a simultaneous choice as "
        "long as its slowest chooser; the tables use the default, 10 s and 3 s. Since "
        "a Jump's token choices spend no point, a game takes `base × (moments + r × "
        "points)` and a player sits idle `base × (idle moments + r × points × (players "
        "- 1) / players)`, `r = per_point / base`: the change in minutes between two "
        "rulesets is a function of `r` alone, which the plot above draws from each "
        "game's moments and points (recovered exactly from its minutes in the default "
        "model). `simulate --seconds-per-decision`, `--seconds-per-point`, "
        "`--seconds-per-option` and `--table-time` change the model (see "
        "[`simulate.md`](simulate.md)).",
        "- *Rounds* are not on this page: a base-game turn, an auction round and a Speed "
        "round are not the same unit.",
        "",
    ]
