"""The sections of ``docs/study.md`` after its answers (:mod:`study_words` has those):
every mode's figures, the seats, the points, Tiki, and how the page was made
(:mod:`study_switches` has the rules' switches)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from study_switches import differing
from study_words import LABELS, Settings, cell, table

from gamekit.studies import stats


def figures(greedy: list[dict[str, Any]], searched: list[dict[str, Any]]) -> list[str]:
    """Every mode's figures, greedy and search bots."""
    keys = ["decisions", "moments", "table_minutes", "idle_mean", "gap_mean", "idle_longest"]
    return ["## Every mode's figures", "", *_both(greedy, searched, lambda e: table(e, keys))]


def _across(searched: Any, greedy: Any, ruleset: str, key: str) -> Any:
    """The search bots' ``key`` against the greedy bots' in ``ruleset``, over the seeds
    both played: a change with Fieller's interval."""
    mine = {r["seed"]: float(r[key]) for r in greedy.rows if r["ruleset"] == ruleset}
    theirs = {r["seed"]: float(r[key]) for r in searched.rows if r["ruleset"] == ruleset}
    seeds = sorted(mine.keys() & theirs.keys())
    return stats.change([theirs[s] for s in seeds], [mine[s] for s in seeds])


def stronger(greedy: Any, searched: Any, modes: Sequence[str], players: Sequence[int]) -> list[str]:
    """What changes with the search bots: each mode's length against the greedy
    bots' on the same seeds, and Speed's lead over the base game in both."""
    lines = [
        "## What changes with stronger players",
        "",
        "The search bots' games against the greedy bots' games of the same seeds, mode by "
        "mode, with 2, 3 and 4 players (each a change with its 95% paired interval):",
        "",
    ]
    for mode in modes:
        said = []
        for key, what in (
            ("moments", "moments"),
            ("points", "action points spent"),
            ("table_minutes", "table time (default model)"),
        ):
            shown = [
                stats.percent(_across(searched, greedy, f"mode={mode};players={n}", key))
                for n in players
            ]
            said.append(f"{what} {', '.join(shown)}")
        lines.append(f"- {mode}: " + "; ".join(said) + ".")
    lines += [
        "",
        "Stronger players lengthen the base and professional games more than Speed: they "
        "take more, smaller actions in a turn (the same turns, more decisions in each), "
        "where a Speed Jump is one action whatever its points. Speed's lead in length "
        "over the base game shrinks with them, which is why the answers above are given "
        "for both kinds of bot."
        if _span_max(greedy, searched, players)
        else "Stronger players do not lengthen the base game more than Speed here.",
        "",
    ]
    return lines


def _span_max(greedy: Any, searched: Any, players: Sequence[int]) -> bool:
    """Whether the search bots lengthen the base game more than Speed with every
    player count (in sequential moments, each change clear)."""
    for n in players:
        base = _across(searched, greedy, f"mode=classic;players={n}", "moments")
        speed = _across(searched, greedy, f"mode=speed;players={n}", "moments")
        if not (base.low > speed.high and stats.clear(base)):
            return False
    return True


def _both(
    greedy: list[dict[str, Any]],
    searched: list[dict[str, Any]],
    shown: Callable[[list[dict[str, Any]]], list[str]],
) -> list[str]:
    """``shown`` of the greedy bots' figures, then of the search bots'."""
    return ["Greedy bots:", "", *shown(greedy), "", "Search bots:", "", *shown(searched), ""]


def _seat_table(entries: list[dict[str, Any]]) -> list[str]:
    lines = ["| ruleset | P1 | P2 | P3 | P4 | shared |", "| --- | --- | --- | --- | --- | --- |"]
    for e in entries:
        cells = [cell(e[f"win_P{p}"]) if f"win_P{p}" in e else "-" for p in range(1, 5)]
        lines.append("| " + " | ".join([e["ruleset"], *cells, cell(e["ties"])]) + " |")
    off = []
    for e in entries:
        n = int(e["ruleset"].split("players=")[1].split(";")[0])
        fair = 1 / n
        seats = [
            f"P{p} {e[f'win_P{p}'].mean:.0%}"
            for p in range(1, n + 1)
            if (e[f"win_P{p}"].low > fair or e[f"win_P{p}"].high < fair)
            and e["games"] >= stats.MIN_GAMES
        ]
        if seats:
            off.append(f"- {e['ruleset']}: away from a fair {fair:.0%}: {', '.join(seats)}.")
    return lines + [""] + (off or ["- No seat wins clearly more or less often than a fair share."])


def seats(greedy: list[dict[str, Any]], searched: list[dict[str, Any]]) -> list[str]:
    """Which seat wins, greedy and search bots."""
    return ["## Which seat wins", "", *_both(greedy, searched, _seat_table)]


def points(greedy: list[dict[str, Any]], searched: list[dict[str, Any]]) -> list[str]:
    """Where the action points go, the auctions, the volcano, and the end's margins."""
    keys = [
        "ap_unused",
        "ap_unused_ended",
        "ap_unused_jump",
        "ap_unused_forfeit",
        "auction_spend",
        "volcano_promoted",
        "margin",
        "last_swing",
        "lead_changed",
    ]
    return [
        "## Points lost, auctions, volcanoes, and the end",
        "",
        "Action points lost (per game, all players: left when a turn or a Jump ended "
        "early, lost at a Jump, forfeited), points paid at auctions, the volcanoes that "
        "moved their securer ahead in Speed's Round Order (SPEED-AUCTION-3), and the "
        "signs of kingmaking: the winner's margin over the runner-up, the "
        "last scoring's swing of that margin, and the share of games whose leader before "
        "the last scoring did not win.",
        "",
        *_both(greedy, searched, lambda e: table(e, keys)),
    ]


def _tiki_line(e: dict[str, Any], bots: str) -> str:
    f = e["first_won"]  # a mean of 0, 1/2 and 1: its t interval, cut to [0, 1]
    low, high = max(0.0, f.low), min(1.0, f.high)
    clear = stats.clear(stats.Estimate(f.mean - 0.5, f.low - 0.5, f.high - 0.5, f.n))
    verdict = "no clear edge" if not clear else ("an edge" if f.mean > 0.5 else "a handicap")
    shown = stats.bracketed(stats.Estimate(f.mean, low, high, f.n), scale=100.0, unit="%")
    return (
        f"- {bots}, {e['ruleset']}: the first player wins {shown} of {e['games']} games "
        f"(a draw counting half): {verdict}."
    )


def _endings(rows: list[dict[str, Any]], ruleset: str) -> str:
    mine = [r for r in rows if r["ruleset"] == ruleset]
    counts: dict[str, int] = {}
    for r in mine:
        counts[r["reason"]] = counts.get(r["reason"], 0) + 1
    return ", ".join(f"{reason} {n}" for reason, n in sorted(counts.items()))


def tiki(by_bots: dict[str, list[dict[str, Any]]], s: Settings) -> list[str]:
    """Tiki: the first player's edge, and the seed's reading of the -1 village."""
    keys = ["first_won", "turns", "margin"]  # with two players the spread is the margin
    lines = ["## Tiki: the first player's edge", ""]
    tables: dict[str, list[dict[str, Any]]] = {}
    for bots, rows in by_bots.items():
        tables[bots] = stats.summary(rows, keys)
        lines += [
            _tiki_line(e, bots) for e in tables[bots] if "minus_one_empty" not in e["ruleset"]
        ]
    lines += [
        "",
        "## Tiki: the seed's reading of the −1 village",
        "",
        "`Rules.minus_one_empty` (TIKI-INFL-7) decides what a −1 village does to a "
        "beneficiary with no fruit: a reserve fruit spoils (`'reserve'`, the default, from "
        "two sources) or nothing happens (`'nothing'`, the seed read literally).",
        "",
        "| bots | ruleset | games changed | "
        + " | ".join(LABELS[k] for k in keys)
        + " | endings |",
        "| --- | --- | --- | " + " | ".join("---" for _ in keys) + " | --- |",
    ]
    for bots, rows in by_bots.items():
        for e in tables[bots]:
            if e["ruleset"] not in ("default", "minus_one_empty=nothing"):
                continue
            changed = "-"
            if e["ruleset"] != "default":
                k, n = differing(rows, "default", e["ruleset"])
                changed = f"{k} of {n}"
            lines.append(
                f"| {bots} | {e['ruleset']} | {changed} | "
                + " | ".join(cell(e[k]) for k in keys)
                + f" | {_endings(rows, e['ruleset'])} |"
            )
    lines += [
        "",
        "The option can only matter when a player completes a −1 village with his own "
        "tiki on top and no fruit in hand. It changed "
        + ", ".join(
            "{} of {} games between {} bots".format(
                *differing(rows, "default", "minus_one_empty=nothing"), bots
            )
            for bots, rows in by_bots.items()
        )
        + ". Under `'nothing'` the reserve empties only through fruits won, so the endings "
        "move from the empty reserve to four fruits where it matters.",
        "",
    ]
    return lines


def how_long(s: Settings) -> list[str]:
    """How the page was made and how long it took."""
    total = sum(t for _, t in s.clock)
    return [
        "## How this page was made",
        "",
        f"`{s.command}` ({s.jobs} processes, the {s.build} build) ran these studies, in "
        f"{total / 60:.0f} minutes in all:",
        "",
        *[f"- {what}: {t / 60:.1f} minutes" for what, t in s.clock],
        "",
        "Each study is one `simulate` command away, e.g. "
        "`tikalspeed simulate --games 100 --rules players=4 --compare mode=classic "
        "mode=professional mode=speed --csv rows.csv` (see [`simulate.md`](simulate.md)).",
        "",
    ]


def per_player(rows: list[dict[str, Any]]) -> None:
    """Add each row's short and long waits per player (from ``wait_hist``)."""
    for r in rows:
        hist = r.get("wait_hist")
        if hist is not None:
            n = r["players"]
            r["short_waits"] = sum(hist[:2]) / n
            r["long_waits"] = sum(hist[9:]) / n
