"""Golden playthroughs (OpenSpiel style): whole seeded games dumped state by state.

Each game in ``GOLDENS`` is played from ``new_game(rules)`` with
``strategies.playout``: chance nodes by ``tiki.sample_chance`` and every decision
uniformly among ``tiki.legal_actions``, all from ``random.Random(seed)``. The dump
(:func:`dump`) gives, for every state, its position string, the actor, the legal
action tokens (or the chance outcomes), the action applied and its events, and the
outcome at the end. ``tests/golden/tiki/<name>.txt`` holds the expected dump; any
change in behaviour shows up as a line diff.

After an intended change, rewrite the files with ``python tests/golden/regenerate.py``
and review the diff before committing.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import golden_files
import pytest
from strategies import playout

import tiki
from tiki import CHANCE, Rules, State

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden" / "tiki"

GOLDENS: dict[str, tuple[Rules, int, str]] = {
    "default": (Rules(), 375, "default rules; o orders two influenced villages"),
    "shaman": (Rules(shaman=True), 191, "shaman rule: placement and two relocations"),
    "straight-any": (
        Rules(movable="any", allow_turns=False),
        145,
        "straight moves only; any totem holding one of your tikis may move",
    ),
    "tiebreak": (Rules(), 164, "a 3-3 tie on the emptied reserve, decided by the tie-break"),
    "variants": (
        Rules(
            shaman=True,
            shaman_entry="marsh",
            short_payout="nothing",
            end_check="action",
            tie_loop="draw",
            max_turns=40,
        ),
        5,
        "shaman entering on a marsh, end checked per action, 40-turn cap",
    ),
}
"""name -> (rules, seed, what the game shows). One file per entry."""


def actor_name(state: State) -> str:
    if state.phase is tiki.Phase.OVER:
        return "-"
    return "chance" if state.actor == CHANCE else "xo"[state.actor]


def chance_line(state: State) -> str:
    """The chance outcomes: listed when few, else counted (all equally likely)."""
    outs = tiki.chance_outcomes(state)
    probs = Counter(p for _, p in outs)
    assert sum((p for _, p in outs), Fraction(0)) == 1
    if len(outs) <= 4:
        return " ".join(f"{a}:{p}" for a, p in outs)
    return ", ".join(f"{n} outcomes of {p}" for p, n in sorted(probs.items()))


def dump(name: str) -> str:
    """The golden text of the game ``GOLDENS[name]``."""
    rules, seed, about = GOLDENS[name]
    game = playout(rules, seed)
    lines = [
        f"# Tiki golden playthrough {name!r}: {about}.",
        "# Written by tests/golden/regenerate.py; checked by tests/tiki/test_golden.py.",
        f"rules: {rules!r}",
        f"seed: {seed}",
        "play: random.Random(seed); chance by tiki.sample_chance, decisions uniform over"
        " tiki.legal_actions",
    ]
    for ply, (state, action, t) in enumerate(
        zip(game.states, game.actions, game.transitions, strict=False)
    ):
        lines += ["", f"ply {ply}", f"position: {tiki.to_text(state)}"]
        lines.append(f"actor: {actor_name(state)}")
        if state.actor == CHANCE:
            lines.append(f"chance: {chance_line(state)}")
        else:
            lines.append("legal: " + " ".join(str(a) for a in tiki.legal_actions(state)))
        lines.append(f"action: {action}")
        lines += [f"  {event}" for event in t.events]
    final = game.final
    lines += ["", "final", f"position: {tiki.to_text(final)}", f"actor: {actor_name(final)}"]
    result = tiki.outcome(final)
    if result is None:
        lines.append(f"outcome: none (stopped after {len(game.actions)} plies)")
    else:
        who = "draw" if result.winner is None else f"{'xo'[result.winner]} wins"
        scores = f"{result.scores[0]}-{result.scores[1]}"
        lines.append(f"outcome: {who} by {result.reason}, {scores} ({result.result()})")
    return "\n".join(lines) + "\n"


def write_all() -> list[str]:
    """Rewrite every golden file (and delete stale ones); return what was done."""
    return golden_files.write_all(GOLDEN_DIR, GOLDENS, dump)


def test_every_golden_file_has_a_registry_entry() -> None:
    """Meta: the golden files are exactly the games registered in GOLDENS."""
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.txt")) == sorted(GOLDENS)


@pytest.mark.parametrize("name", sorted(GOLDENS))
def test_golden_playthrough(name: str) -> None:
    """Replaying the seeded game gives exactly the stored dump, line by line
    (positions, actors, legal actions, actions, events, outcome)."""
    golden_files.check(GOLDEN_DIR, name, dump)


def test_golden_games_show_what_they_claim() -> None:
    """The registry's games cover the phases and endings the goldens are for:
    ORDER, PLACE_SHAMAN and SHAMAN decisions, the tie-break, and a turn-cap end."""
    seen = {name: playout(rules, seed) for name, (rules, seed, _) in GOLDENS.items()}
    phases = {name: {s.phase for s in g.states} for name, g in seen.items()}
    assert tiki.Phase.ORDER in phases["default"]
    assert {tiki.Phase.PLACE_SHAMAN, tiki.Phase.SHAMAN} <= phases["shaman"]
    assert tiki.Phase.ORDER in phases["straight-any"]
    result = seen["tiebreak"].final.result
    assert result is not None and result.reason == "tiebreak"
    assert tiki.Phase.SHAMAN in phases["variants"]
    result = seen["variants"].final.result
    assert result is not None and result.reason == "turn-cap"
