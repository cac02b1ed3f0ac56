"""Answer the seed's own questions with numbers: ``python docs/study.py [GAMES] [JOBS]``.

Writes ``docs/study.md`` (the page, all of it: do not edit it by hand) and its plots
in ``docs/study/`` from simulation studies (``tikalspeed.tools.studies``,
``tiki.tools.studies``): every game between greedy bots, the same seeds for every
ruleset (0 … GAMES-1). With the defaults (100 games a ruleset, 500 for Tiki, 2
processes) it takes about a quarter of an hour on two cores. The page says which
bots played and how many games.

The questions: does Tikal on Speed make the game shorter than the base game and the
professional game (decisions, rounds), and does it cut the waiting between a player's
decisions ("players will 'feel' more involved")? Which seat wins more often, in each
mode? What does each switch of the Speed rules change? In Tiki, how much is moving
first worth, with and without the shaman?

>>> table = study([tikalspeed.Rules(mode="classic", players=2)], 2, jobs=1)
>>> shares = [table[0][k].mean for k in ("win_P1", "win_P2", "ties")]
>>> table[0]["games"], round(sum(shares), 6)
(2, 1.0)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import tikalspeed
import tiki
from tikalspeed.tools import studies as tikal_sim
from gamekit.studies import runner as tiki_study
from tiki.tools import studies as tiki_sim

HERE = Path(__file__).resolve().parent
PLOTS = HERE / "study"

MODES = ("classic", "professional", "speed")
PLAYERS = (2, 3, 4)
SPEED_SWITCHES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("volcano_scoring", ("turns",)),
    ("final_scoring", ("turns",)),
    ("jump_action", ("one-kind",)),
    ("jump_move", ("border",)),
    ("jump_blocked", ("lost",)),
    ("forfeit", ("true",)),
    ("jump_limits", ("jump",)),
)
"""The Speed options a study compares with the defaults, with their other values."""


def study(rulesets: list[tikalspeed.Rules], games: int, jobs: int = 2) -> list[dict[str, Any]]:
    """The summary of ``games`` greedy games of each Tikal ruleset."""
    rows = tikal_sim.simulate(rulesets, games, seed=0, bots=["greedy"], jobs=jobs)
    return tiki_study.summary(rows, tikal_sim.MEASURES)


def _cell(entry: dict[str, Any], key: str) -> str:
    e = entry[key]
    return (
        f"{e.mean:.2f} ± {(e.high - e.low) / 2:.2f}"
        if e.mean < 10
        else f"{e.mean:.0f} ± {(e.high - e.low) / 2:.0f}"
    )


def _table(entries: list[dict[str, Any]], keys: list[tuple[str, str]], first: str) -> list[str]:
    lines = ["| " + " | ".join([first] + [label for _, label in keys]) + " |"]
    lines.append("| " + " | ".join(["---"] * (len(keys) + 1)) + " |")
    for e in entries:
        lines.append("| " + " | ".join([e["ruleset"]] + [_cell(e, k) for k, _ in keys]) + " |")
    return lines


def _plot(entries: list[dict[str, Any]], name: str, measure: str, label: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    width = 0.26
    for i, mode in enumerate(MODES):
        mine = [e for e in entries if f"mode={mode};" in e["ruleset"] + ";"]
        xs = [
            PLAYERS.index(int(e["ruleset"].split("players=")[1].split(";")[0])) + (i - 1) * width
            for e in mine
        ]
        means = [e[measure].mean for e in mine]
        errs = [
            [e[measure].mean - e[measure].low for e in mine],
            [e[measure].high - e[measure].mean for e in mine],
        ]
        ax.bar(xs, means, width, yerr=errs, capsize=3, label=mode)
    ax.set_xticks(range(len(PLAYERS)), [f"{n} players" for n in PLAYERS])
    ax.set_ylabel(label)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    PLOTS.mkdir(exist_ok=True)
    for ext in ("png", "svg"):
        fig.savefig(
            PLOTS / f"{name}.{ext}", dpi=110, metadata={"Date": None} if ext == "svg" else None
        )
    plt.close(fig)


def page(games: int, jobs: int) -> str:
    """Run every study and return the page's text (writing the plots)."""
    modes = [tikalspeed.Rules(mode=m, players=n) for n in PLAYERS for m in MODES]
    main = study(modes, games, jobs)
    _plot(main, "length", "decisions", "decisions per game")
    _plot(main, "rounds", "rounds", "rounds per game")
    _plot(main, "waiting", "wait_mean", "others' decisions between two of mine")
    _plot(main, "gaps", "gap_mean", "others' decisions in a wait")
    switches = []
    for n in PLAYERS:
        base = tikalspeed.Rules(mode="speed", players=n)
        variants = [base] + [
            tikalspeed.rules_from_text(f"mode=speed;players={n};{key}={value}")
            for key, values in SPEED_SWITCHES
            for value in values
        ]
        switches += study(variants, games, jobs)
    tiki_rows = tiki_sim.simulate([tiki.Rules(), tiki.Rules(shaman=True)], games * 5, jobs=jobs)
    tiki_table = tiki_study.summary(tiki_rows, tiki_sim.MEASURES)
    out = [
        "# What the Speed rules do to the game: the seed's questions, answered",
        "",
        f"*Generated by `python docs/study.py {games} {jobs}`; do not edit by hand.*",
        f"Every figure is the mean over {games} games per ruleset (Tiki: {games * 5}) between",
        "greedy bots (`tools.bots.GreedyBot`: one ply ahead), with seeds 0, 1, … for every",
        "ruleset, and its 95% confidence interval (± half its width). Greedy bots are not",
        "people: stronger bots may change the answers, seat advantage most of all.",
        "",
        "## Is Tikal on Speed shorter, and is there less waiting?",
        "",
        "*Decisions* count every choice a player makes (an action, a bid, a token choice);",
        "*rounds* are, in the base game, turns per player, in the professional game the",
        "auction rounds, in Speed the rounds of auction, placement and Jumps. *Waiting* is",
        "the number of other players' decisions between two of one player's decisions;",
        "the token choices of a Jump are made at once and are no wait for each other.",
        "In a game where one player decides at a time, the mean wait per decision is",
        "close to the number of other players whatever the turns look like (each decision",
        "is waited once by each other player), so it is the simultaneous token choices that",
        "lower it. *A wait* is the mean over the decisions that had a wait at all (a",
        "player's first decision after others acted): how long a player sits out when he",
        "does, the down time the seed speaks of.",
        "A Speed game has more decisions than the others by its nature: every Jump is a",
        "token choice and then one action, where a turn of the base game spends its 10",
        "points in a few actions. Fewer decisions is not the question; less waiting is.",
        "",
        *_answers(main),
        "",
        *_table(
            main,
            [
                ("decisions", "decisions"),
                ("rounds", "rounds"),
                ("plies", "plies"),
                ("wait_mean", "waiting"),
                ("gap_mean", "a wait"),
                ("wait_max", "longest wait"),
            ],
            "ruleset",
        ),
        "",
        "![Decisions per game by mode and players](study/length.png)",
        "",
        "![Waiting between a player's decisions by mode and players](study/waiting.png)",
        "",
        "![How long a wait is, by mode and players](study/gaps.png)",
        "",
        "## Which seat wins",
        "",
        *_seats(main),
        "",
        *_seat_words(main),
        "",
        "## What each Speed switch changes",
        "",
        *_table(
            switches,
            [
                ("decisions", "decisions"),
                ("wait_mean", "waiting"),
                ("ap_unused", "AP unused"),
                ("spread", "score spread"),
            ],
            "ruleset",
        ),
        "",
        "## Tiki: the first player's advantage",
        "",
        *_tiki_words(tiki_table),
        "",
        *_table(
            tiki_table,
            [("first_won", "first player wins"), ("plies", "plies"), ("spread", "fruit spread")],
            "ruleset",
        ),
        "",
    ]
    return "\n".join(out)


def _find(entries: list[dict[str, Any]], mode: str, n: int) -> dict[str, Any]:
    return next(e for e in entries if e["ruleset"] == f"mode={mode};players={n}")


def _answers(main: list[dict[str, Any]]) -> list[str]:
    """The questions answered in words, from the numbers (each compared with its
    interval: a difference is called one only when the intervals do not overlap)."""
    lines = []
    for n in PLAYERS:
        c, p, s = (_find(main, m, n) for m in MODES)
        d = s["decisions"].mean / c["decisions"].mean - 1
        w = s["wait_mean"].mean / c["wait_mean"].mean - 1
        sure = s["wait_mean"].high < min(c["wait_mean"].low, p["wait_mean"].low)
        lines.append(
            f"- **{n} players.** A Speed game takes {s['decisions'].mean:.0f} decisions, "
            f"{d:+.0%} against the base game ({c['decisions'].mean:.0f}) and "
            f"{s['decisions'].mean / p['decisions'].mean - 1:+.0%} against the professional "
            f"game ({p['decisions'].mean:.0f}), in {s['rounds'].mean:.1f} rounds. The wait "
            f"between two of a player's decisions is {s['wait_mean'].mean:.2f} other "
            f"decisions, {w:+.0%} against the base game ({c['wait_mean'].mean:.2f})"
            + (", clearly less than in either other mode" if sure else "")
            + f"; a wait, when there is one, is {s['gap_mean'].mean:.1f} decisions "
            f"(base {c['gap_mean'].mean:.1f}, professional {p['gap_mean'].mean:.1f}), and "
            f"the longest {s['wait_max'].mean:.0f} (base {c['wait_max'].mean:.0f}, "
            f"professional {p['wait_max'].mean:.0f})."
        )
    return lines


def _seat_words(main: list[dict[str, Any]]) -> list[str]:
    lines = []
    for e in main:
        n = int(e["ruleset"].split("players=")[1])
        fair = 1 / n
        off = [
            f"P{p} {e[f'win_P{p}'].mean:.0%}"
            for p in range(1, n + 1)
            if e[f"win_P{p}"].low > fair or e[f"win_P{p}"].high < fair
        ]
        if off:
            lines.append(f"- {e['ruleset']}: away from a fair {fair:.0%}: {', '.join(off)}.")
    return lines or ["- No seat wins clearly more or less often than a fair share."]


def _tiki_words(table: list[dict[str, Any]]) -> list[str]:
    lines = []
    for e in table:
        f = e["first_won"]
        verdict = "an edge" if f.low > 0.5 else ("a handicap" if f.high < 0.5 else "no clear edge")
        lines.append(
            f"- {e['ruleset']}: the first player wins {f.mean:.1%} [{f.low:.1%}, {f.high:.1%}] "
            f"of {e['games']} games (a draw counting half): {verdict}."
        )
    return lines


def _seats(entries: list[dict[str, Any]]) -> list[str]:
    lines = ["| ruleset | P1 | P2 | P3 | P4 | shared |", "| --- | --- | --- | --- | --- | --- |"]
    for e in entries:
        cells = [_cell(e, f"win_P{p}") if f"win_P{p}" in e else "-" for p in range(1, 5)]
        lines.append("| " + " | ".join([e["ruleset"], *cells, _cell(e, "ties")]) + " |")
    return lines


def main() -> int:
    """Write docs/study.md and docs/study/*.png, *.svg."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    (HERE / "study.md").write_text(page(games, jobs), encoding="utf-8")
    print(f"wrote docs/study.md and docs/study/ ({games} games a ruleset)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
