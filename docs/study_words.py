"""The words of ``docs/study.md``: the page's sections, written from the studies'
summaries (:mod:`study` runs them). Every verdict is computed: a difference is called
one only when the two 95% intervals do not overlap.

>>> from gamekit.studies.runner import Estimate
>>> vs(Estimate(12.0, 11.0, 13.0, 50), Estimate(10.0, 9.5, 10.5, 50))
'+20%'
>>> clear(Estimate(12.0, 11.0, 13.0, 50), Estimate(10.0, 9.5, 11.5, 50))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tikalspeed.tools.studies import WORDS as TIKAL_WORDS
from tiki.tools.studies import WORDS as TIKI_WORDS

LABELS = {
    **TIKAL_WORDS,
    **TIKI_WORDS,
    "moments": "sequential moments",
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
where a table needs it, and the page's own (the short and long waits)."""


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


def vs(a: Any, b: Any) -> str:
    """``a`` against ``b`` as a signed percentage."""
    return f"{a.mean / b.mean - 1:+.0%}" if b.mean else "-"


def clear(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` differ beyond their 95% intervals."""
    return bool(a.low > b.high or a.high < b.low)


def cell(e: Any) -> str:
    """A mean and half its interval's width."""
    half = (e.high - e.low) / 2
    if abs(e.mean) < 10:
        return f"{e.mean:.2f} ± {half:.2f}"
    return f"{e.mean:.0f} ± {half:.0f}"


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


def span(values: Sequence[float]) -> str:
    """The range of ``values`` as signed percentages (``+3% to +15%``, or one)."""
    lo, hi = min(values), max(values)
    return f"{lo:+.0%}" if round(lo, 2) == round(hi, 2) else f"{lo:+.0%} to {hi:+.0%}"


def _ratios(
    entries: Sequence[dict[str, Any]], key: str, players: Sequence[int], base: str = "classic"
) -> list[float]:
    return [
        find(entries, "speed", n)[key].mean / find(entries, base, n)[key].mean - 1 for n in players
    ]


def _verdict(
    entries: Sequence[dict[str, Any]], key: str, players: Sequence[int], base: str = "classic"
) -> str:
    """``more``/``less``/``mixed``: Speed against ``base`` in every player count."""
    signs = set()
    for n in players:
        s, c = find(entries, "speed", n)[key], find(entries, base, n)[key]
        signs.add(0 if not clear(s, c) else (1 if s.mean > c.mean else -1))
    return {frozenset({1}): "more", frozenset({-1}): "less"}.get(frozenset(signs), "mixed")


def _against(mean: Any, base: Any) -> str:
    """Speed's figure against another mode's: a percentage, or a difference where the
    other's is near 0."""
    if abs(base.mean) < 1:
        return f"{mean.mean - base.mean:+.1f}"
    return vs(mean, base)


_KEYS = (
    "moments",
    "table_minutes",
    "idle_mean",
    "idle_minutes",
    "gap_mean",
    "idle_longest",
    "short_waits",
    "long_waits",
)
"""The figures of the opening's tables."""


def _counts(numbers: Sequence[int]) -> str:
    """``2``, ``3 and 4``, ``2, 3 and 4`` players."""
    shown = [str(n) for n in numbers]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _by_count(
    entries: Sequence[dict[str, Any]],
    key: str,
    players: Sequence[int],
    words: tuple[str, str, str],
    noun: str = "",
    base: str = "classic",
) -> str:
    """How Speed's ``key`` compares with ``base``'s, player count by player count, in
    ``words`` (more, less, not clearly different) before ``noun``, with the range of
    the differences: ``longer with 2 players, shorter with 3 and 4 (-33% to +18%)``."""
    groups: dict[str, list[int]] = {}
    for n in players:
        s, c = find(entries, "speed", n)[key], find(entries, base, n)[key]
        word = words[2] if not clear(s, c) else (words[0] if s.mean > c.mean else words[1])
        groups.setdefault(word, []).append(n)
    said = [f"{word} with {_counts(ns)}" for word, ns in groups.items()]
    if noun:
        said[0] = said[0].replace(" with ", f" {noun} with ", 1)
    if len(groups) == 1:
        text = said[0].replace(f"with {_counts(players)}", "with every player count")
    else:
        text = ", ".join(said) + " players"
    pairs = [(find(entries, "speed", n)[key], find(entries, base, n)[key]) for n in players]
    if min(abs(b.mean) for _, b in pairs) < 1:  # near 0: the figures, not a ratio
        shown = ", ".join(f"{s.mean:.1f} against {b.mean:.1f}" for s, b in pairs)
        return f"{text} ({shown} with {_counts(players)} players)"
    return f"{text} ({span(_ratios(entries, key, players, base))})"


def _shorter(entries: list[dict[str, Any]], players: Sequence[int]) -> str:
    """The answer to "is it shorter?" from ``entries``."""
    length = _verdict(entries, "table_minutes", players)
    answer = {"more": "no, it is longer", "less": "yes", "mixed": "not in every case"}[length]
    longer = ("longer", "shorter", "not clearly longer or shorter")
    return (
        f"{answer}. Against the base game, a Speed game has "
        + _by_count(
            entries, "moments", players, ("more", "fewer", "not clearly more"),
            "sequential moments",
        )
        + ", and in the table-time model it is "
        + _by_count(entries, "table_minutes", players, longer)
        + "; against the professional game it is "
        + _by_count(entries, "table_minutes", players, longer, base="professional")
        + "."
    )  # fmt: skip


def _down_time(entries: list[dict[str, Any]], players: Sequence[int]) -> str:
    """The answer to "is there less down time?" from ``entries``."""
    length = ("longer", "shorter", "not clearly longer or shorter")
    often = ("more", "fewer", "not clearly more or fewer")
    return (
        "each wait is "
        + _by_count(entries, "gap_mean", players, length)
        + ", and the longest idle stretch is "
        + _by_count(entries, "idle_longest", players, length)
        + ". A player has "
        + _by_count(entries, "long_waits", players, often, "long waits (10 moments or more)")
        + " in a game, and "
        + _by_count(entries, "short_waits", players, often, "short ones (1 or 2)")
        + ". In all, each player sits idle "
        + _by_count(entries, "idle_mean", players, often, "moments")
        + ", and in the model "
        + _by_count(entries, "idle_minutes", players, often, "minutes")
        + "."
    )


def _cut(greedy: list[dict[str, Any]], players: Sequence[int]) -> str:
    """What Speed cuts, said only when the greedy bots' numbers say it."""
    if _verdict(greedy, "gap_mean", players) == "less" and (
        _verdict(greedy, "idle_mean", players) == "more"
    ):
        return "What Speed cuts is the length of each wait, not the time spent waiting."
    return ""


def opening(
    s: Settings,
    greedy: list[dict[str, Any]],
    searched: list[dict[str, Any]],
    modes: Sequence[str],
    players: Sequence[int],
) -> list[str]:
    """The title, the two answers in plain words, and the numbers that carry them."""
    out = [
        "# Is Tikal on Speed shorter, with less down time? The seed's questions, answered",
        "",
        f"*Generated by `{s.command}`; do not edit by hand.* "
        f"Greedy bots: {s.games} games a ruleset; search bots (`{s.search_bot}` on every "
        f"seat): {s.search_games}; the same seeds 0, 1, … for every ruleset, 2, 3 and 4 "
        "players. Each figure is a mean with its 95% interval; a difference is called one "
        "only when the intervals do not overlap, with every player count. Bots are not "
        "people: read the figures as what the rules do to the same players.",
        "",
        "The seed's author wrote: \"I doubt that this will make the game much shorter, but "
        "players will 'feel' more involved\", against \"too much down time between "
        'turns".',
        "",
        f"**Is it shorter?** Between greedy bots, {_shorter(greedy, players)} "
        f"Between search bots, {_shorter(searched, players)}",
        "",
        f"**Is there less down time?** Between greedy bots, {_down_time(greedy, players)} "
        f"Between search bots, {_down_time(searched, players)} {_cut(greedy, players)}",
        "",
    ]
    for name, entries in (("greedy bots", greedy), (f"search bots (`{s.search_bot}`)", searched)):
        out += [
            f"Between {name}, Speed against the base game (classic) and the professional "
            "game (a percentage, or a difference where the other mode's figure is below 1; "
            "*not clear* where the intervals overlap):",
            "",
            "| players | measure | classic | professional | speed | speed vs classic "
            "| speed vs professional |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for n in players:
            c, p, sp = (find(entries, m, n) for m in modes)
            for key in _KEYS:
                if key not in sp:
                    continue
                marks = ["" if clear(sp[key], o[key]) else " (not clear)" for o in (c, p)]
                out.append(
                    f"| {n} | {LABELS[key]} | {cell(c[key])} | {cell(p[key])} | {cell(sp[key])} "
                    f"| {_against(sp[key], c[key])}{marks[0]} "
                    f"| {_against(sp[key], p[key])}{marks[1]} |"
                )
        out.append("")
    out += [
        "![Table time in the model, by mode and players](study/table-time.png)",
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
        "- *Table time* is a model, not a measurement: a decision takes 10 seconds plus 3 "
        "seconds for each action point it spends, and a simultaneous choice as long as its "
        "slowest chooser. `simulate --seconds-per-decision`, `--seconds-per-point` and "
        "`--seconds-per-option` change it (see [`simulate.md`](simulate.md)).",
        "- *Rounds* are not on this page: a base-game turn, an auction round and a Speed "
        "round are not the same unit.",
        "",
    ]
