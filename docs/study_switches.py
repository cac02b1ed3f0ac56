"""The section of ``docs/study.md`` on every ``Rules`` option of every Tikal mode: the
rulesets played (:func:`rulesets`) and the page's tables (:func:`switches`), each
switch beside the defaults of its mode and player count, game by game (the same
seeds), with how often the rule fired (``tikalspeed.tools.studies.fired`` and the
tally's event counts), so that a switch that changed no game can be told apart from
one that never came up (issue 32).

>>> [r for r in rulesets(2, "two.json") if "sold_out" in r or "two_volcanoes" in r][:3]
['mode=classic;players=2;sold_out=skip', 'mode=professional;players=2;sold_out=skip', \
'mode=speed;players=2;sold_out=skip']
>>> fired_words("forfeit", {"choices_opened": [3, 0], "choices_taken": [1, 0],
...                          "choices_closed": [0, 0]})
'a choice only it gives at 1.5 decisions a game (in 1 of 2 games), taken at 0.5'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from study_words import LABELS, Settings, cell

from gamekit.studies import stats
from tikalspeed.tools.studies.fired import CHOICE_OPTIONS
from tikalspeed.tools.studies.tally import FIRED

MODES = ("classic", "professional", "speed")

BASE: tuple[tuple[str, str], ...] = (
    ("uncover_limit", "turn"),
    ("sold_out", "skip"),
    ("treasure_limit", "turn"),
    ("exchange", "theirs"),
    ("camp_needs_member", "true"),
    ("guard_on_tie", "true"),
    ("start_worker", "true"),
    ("tile_mix", "12,8,13,3"),
)
"""The options of every mode, each with its other reading (a tile mix: 3 temples
fewer, 3 jungle tiles more)."""
AUCTION: tuple[tuple[str, str], ...] = (("auction_score", "10"), ("max_bid", "any"))
"""The options of the games with auctions (professional and Speed)."""
SPEED: tuple[tuple[str, str], ...] = (
    ("volcano_scoring", "turns"),
    ("final_scoring", "turns"),
    ("jump_action", "one-kind"),
    ("jump_move", "border"),
    ("jump_blocked", "lost"),
    ("forfeit", "true"),
    ("jump_limits", "jump"),
)
"""The options of Tikal on Speed (``two_volcanoes`` is compared on its own tiles)."""

SETUP = ("start_worker", "auction_score", "tile_mix")
"""Options that act at the start of every game, not through a choice or an event."""


def options(mode: str) -> tuple[tuple[str, str], ...]:
    """Every switch of ``mode``, with its other reading."""
    return BASE + (AUCTION if mode != "classic" else ()) + (SPEED if mode == "speed" else ())


def rulesets(players: int, two_volcanoes: str) -> list[str]:
    """The study's rulesets (texts) with ``players`` players: each mode's defaults and
    every switch of it, then Speed on tiles with two volcanoes (``two_volcanoes``, a
    manifest file) with and without ``two_volcanoes=last-secured``."""
    out = []
    for mode in MODES:
        base = f"mode={mode};players={players}"
        out += [base, *(f"{base};{key}={value}" for key, value in options(mode))]
    tiles = f"mode=speed;players={players};tiles={two_volcanoes}"
    return [*out, tiles, f"{tiles};two_volcanoes=last-secured"]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _n(x: float) -> str:
    return f"{x:.1f}" if x < 100 else f"{x:.0f}"


def _games_with(values: Sequence[float]) -> str:
    return f"in {sum(1 for v in values if v)} of {len(values)} games"


def fired_words(option: str, columns: dict[str, list[float]]) -> str:
    """How often ``option`` fired in a switch's games, in words, from its rows' columns
    (each a list over the games)."""
    if option in SETUP:
        return "every game (at the start)"
    if option in CHOICE_OPTIONS:
        opened, taken = columns["choices_opened"], columns["choices_taken"]
        closed = columns["choices_closed"]
        parts = []
        if any(opened):
            parts.append(
                f"a choice only it gives at {_n(_mean(opened))} decisions a game "
                f"({_games_with(opened)}), taken at {_n(_mean(taken))}"
            )
        if any(closed):
            parts.append(
                f"a choice taken away at {_n(_mean(closed))} decisions a game "
                f"({_games_with(closed)})"
            )
        if option == "jump_blocked":
            lost = columns["ap_lost_blocked"]
            parts.append(f"points lost with no action left: {_n(_mean(lost))} a game")
        return "; ".join(parts) or "never: no decision it changes came up"
    if option in ("volcano_scoring", "final_scoring"):
        turns = columns["scoring_turns"]
        return f"{_n(_mean(turns))} scoring turns a game ({_games_with(turns)})"
    if option == "two_volcanoes":
        pairs = columns["volcano_pairs"]
        times = _n(_mean(pairs))
        return f"two volcanoes secured in one round {times} times a game ({_games_with(pairs)})"
    return "-"


def _option(ruleset: str) -> tuple[str, str] | None:
    """The switch a ruleset text sets (the first item past mode, players and tiles)."""
    extra = [i for i in ruleset.split(";") if not i.startswith(("mode=", "players=", "tiles="))]
    if not extra:
        return None
    key, _, value = extra[0].partition("=")
    return key, value


def differing(rows: list[dict[str, Any]], base: str, other: str) -> tuple[int, int]:
    """How many games of ``other`` went otherwise than ``base``'s on the same seed, of
    how many: any column differs but the ruleset and how often a rule fired (those
    count what the rules allowed, not what happened: a choice a rule opened and nobody
    took changes no game)."""
    ignored = {"ruleset", *FIRED}

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(v for k, v in r.items() if k not in ignored)

    mine = {r["seed"]: key(r) for r in rows if r["ruleset"] == base}
    theirs = [r for r in rows if r["ruleset"] == other]
    return sum(1 for r in theirs if mine.get(r["seed"]) != key(r)), len(theirs)


def against(rows: list[dict[str, Any]], ruleset: str, base: str, key: str) -> str:
    """``ruleset``'s ``key`` less ``base``'s, game by game, with its interval."""
    diff = stats.paired_difference(*stats.paired(rows, ruleset, base, key))
    return stats.plus_minus(diff, sign=True) + ("" if stats.clear(diff) else " (not clear)")


def _shown(ruleset: str) -> str:
    items = [i for i in ruleset.split(";") if not i.startswith("mode=")]
    return ";".join("tiles=two-volcanoes" if i.startswith("tiles=") else i for i in items)


_KEYS = ("moments", "table_minutes", "ap_unused", "auction_spend", "spread")


def _table(rows: list[dict[str, Any]], texts: list[str], mode: str) -> tuple[list[str], list[str]]:
    """One mode's table, and the lines on its switches that changed no game."""
    keys = [k for k in _KEYS if not (mode == "classic" and k == "auction_spend")]
    mine = [r for r in rows if r["ruleset"] in set(texts)]
    entries = {e["ruleset"]: e for e in stats.summary(mine, keys)}
    lines = [
        "| ruleset | "
        + " | ".join(LABELS[k] for k in keys)
        + " | games changed | how often it fired |",
        "| --- | " + " | ".join("---" for _ in keys) + " | --- | --- |",
    ]
    quiet: list[str] = []
    base = ""
    for text in texts:
        switch = _option(text)
        if switch is None:
            base = text
            cells = [cell(entries[text][k]) for k in keys]
            lines.append("| " + " | ".join([_shown(text), *cells, "-", "-"]) + " |")
            continue
        option = switch[0]
        games = [r for r in rows if r["ruleset"] == text]
        columns = {k: [r[k] for r in games] for k in FIRED}
        k, n = differing(rows, base, text)
        fired = fired_words(option, columns)
        if k == 0:
            cells = ["0 (the same games)"] * len(keys)
        else:
            cells = [against(rows, text, base, key) for key in keys]
        lines.append("| " + " | ".join([_shown(text), *cells, f"{k} of {n}", fired]) + " |")
        if k == 0:
            quiet.append(f"- `{_shown(text)}`: {_why_same(option, columns)}")
    return lines, quiet


def _why_same(option: str, columns: dict[str, list[float]]) -> str:
    """Why a switch changed no game: it never came up, or the bots never took it.

    >>> _why_same("sold_out", {"choices_opened": [0, 0], "choices_taken": [0, 0],
    ...                        "choices_closed": [0, 0]})
    'never came up: no decision of these games had a choice it changes.'
    >>> _why_same("forfeit", {"choices_opened": [140, 152], "choices_taken": [0, 0],
    ...                       "choices_closed": [0, 0]})[:40]
    'came up (see how often it fired) but the'
    """
    if option in CHOICE_OPTIONS:
        if not any(columns["choices_opened"]) and not any(columns["choices_closed"]):
            return "never came up: no decision of these games had a choice it changes."
        if not any(columns["choices_taken"]) and not any(columns["choices_closed"]):
            return (
                "came up (see how often it fired) but the bots never took the choice it "
                "gives: by their evaluation it never paid."
            )
        return "came up, and still no game went otherwise."
    if option == "two_volcanoes" and not any(columns["volcano_pairs"]):
        return "never came up: no round had two volcanoes secured."
    return "fired, and still no game went otherwise."


def switches(rows: list[dict[str, Any]], s: Settings, players: Sequence[int]) -> list[str]:
    """Every option of every mode against the defaults, with the games it changed and
    how often it fired; a switch that changed no game says whether it came up."""
    lines = [
        "## What each rule changes",
        "",
        "Greedy bots, which take a choice a rule gives wherever their evaluation says it "
        "pays (they stop at a Jump, bid over their score, block a later player, take a "
        "second volcano that leads the Round Order). In each mode and player count the "
        "defaults come first (each figure a mean with its 95% interval), then one switch "
        "at a time: each figure of a switch is its difference from the defaults, game by "
        "game (the same seed), with its 95% interval, *(not clear)* where that holds 0. "
        "*Games changed* counts the games (same seed) that went otherwise than with the "
        "defaults; *how often it fired* counts, in the switch's own games, the decisions "
        "at which its reading gave a choice the default does not (and how often it was "
        "taken) or took one away, or the events it acts on (scoring turns, rounds with two "
        "volcanoes): a switch that changed no game either never came up or was never "
        "taken. Exact definitions: [`simulate.md`](simulate.md) (`choices_opened`, …). "
        f"`two_volcanoes` can only matter with two volcanoes among the tiles, so it is "
        f"compared on [`{s.two_volcanoes}`](study/two-volcanoes.json), the packaged tiles "
        'with a second volcano (`simulate --rules "mode=speed;tiles=FILE"`).',
        "",
    ]
    quiet: list[str] = []
    for mode in MODES:
        lines += [f"### {mode.capitalize()}", ""]
        for n in players:
            texts = [r for r in _order(rows) if r.startswith(f"mode={mode};players={n}")]
            table, same = _table(rows, texts, mode)
            lines += [f"{n} players:", "", *table, ""]
            quiet += [line.replace("- `", f"- {mode}, `", 1) for line in same]
    if quiet:
        lines += ["Switches that changed no game here, and why:", "", *quiet, ""]
    return lines


def _order(rows: list[dict[str, Any]]) -> list[str]:
    """The rulesets in the order first played."""
    return list(dict.fromkeys(r["ruleset"] for r in rows))
