"""Golden playthroughs (OpenSpiel style): whole seeded Tikal games dumped step by step.

Each game in ``GOLDENS`` is played from ``new_game(rules)`` with
``tikal_strategies.playout(..., canonical=True)``: chance nodes by ``sample_chance``
and every decision uniformly among ``legal_actions`` sorted by token, all from
``random.Random(seed)``. The dump (:func:`dump`) gives, for every step, the position
string (``to_text``), the actor, the chance outcomes or the number of legal actions
with the first few tokens (in token order), the action applied and its events; then
the final position and the outcome. Sorting by token keeps the goldens unchanged when
the engine merely lists the same legal actions in another order.
``tests/golden/tikal/<name>.txt`` holds the expected dump; any change in behaviour
shows up as a line diff.

After an intended change, rewrite the files with ``python tests/golden/regenerate.py``
and review the diff before committing.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import golden_files
import pytest
from tikal_strategies import Game, playout

import tikalspeed
from tikalspeed import CHANCE, Phase, Rules, State, player_name, to_text

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden" / "tikal"

GOLDENS: dict[str, tuple[Rules, int, str]] = {
    "classic-2": (
        Rules(mode="classic", players=2),
        237,
        "classic, 2 players: camps, digs, exchanges, a guard removing pieces",
    ),
    "classic-4": (
        Rules(mode="classic"),
        146,
        "classic, 4 players: guards, exchanges, and a drawn tile discarded for want of a place",
    ),
    "professional-3": (
        Rules(mode="professional", players=3),
        155,
        "professional, 3 players: auctions won, all passed, the last tile free, a discard",
    ),
    "speed-4": (
        Rules(),
        401,
        "Tikal on Speed, 4 players: secured tiles, Round Orders, hidden token choices, "
        "Jumps, points lost, volcano scorings with bonus turns, the final scoring",
    ),
    "speed-2": (
        Rules(players=2),
        402,
        "Tikal on Speed, 2 players: the same with two, where one Jump player often sits out",
    ),
}
"""name -> (rules, seed, what the game shows). One file per entry."""

SHOWN = 8
"""How many legal action tokens (the first in token order) each step lists."""


def actor_name(state: State) -> str:
    who = tikalspeed.actors(state)
    if not who:
        return "-"
    return "chance" if who == (CHANCE,) else player_name(who[0])


def chance_line(state: State) -> str:
    """The chance outcomes: listed when few, else counted by probability."""
    outs = tikalspeed.chance_outcomes(state)
    assert sum((p for _, p in outs), Fraction(0)) == 1
    if len(outs) <= 4:
        return " ".join(f"{a}:{p}" for a, p in outs)
    probs = Counter(p for _, p in outs)
    return ", ".join(f"{n} outcomes of {p}" for p, n in sorted(probs.items()))


def legal_line(state: State) -> str:
    """The number of legal actions and the first few tokens (``action_token``: at a
    Speed Jump each names its player)."""
    tokens = sorted(tikalspeed.action_token(state, a) for a in tikalspeed.legal_actions(state))
    more = " …" if len(tokens) > SHOWN else ""
    return f"legal ({len(tokens)}): " + " ".join(tokens[:SHOWN]) + more


def dump_game(name: str, game: Game) -> str:
    """The golden text of a played game."""
    rules, seed, about = GOLDENS[name]
    lines = [
        f"# Tikal golden playthrough {name!r}: {about}.",
        "# Written by tests/golden/regenerate.py; checked by tests/tikal/test_tikal_golden.py.",
        f"rules: {rules!r}",
        f"seed: {seed}",
        "play: random.Random(seed); chance by tikalspeed.sample_chance, decisions uniform"
        " over tikalspeed.legal_actions sorted by token",
    ]
    for ply, (state, action, t) in enumerate(game.steps()):
        lines += ["", f"ply {ply}", f"position: {to_text(state)}"]
        lines.append(f"actor: {actor_name(state)}")
        if tikalspeed.actors(state) == (CHANCE,):
            lines.append(f"chance: {chance_line(state)}")
        else:
            lines.append(legal_line(state))
        lines.append(f"action: {tikalspeed.action_token(state, action)}")
        lines += [f"  {event}" for event in t.events]
    final = game.final
    lines += ["", "final", f"position: {to_text(final)}", f"actor: {actor_name(final)}"]
    result = tikalspeed.outcome(final)
    if result is None:
        lines.append(f"outcome: none (stopped after {len(game.actions)} plies)")
    else:
        who = "shared" if result.winner is None else f"{player_name(result.winner)} wins"
        scores = ", ".join(str(s) for s in result.scores)
        lines.append(f"outcome: {who} by {result.reason}, scores {scores}")
    return "\n".join(lines) + "\n"


def dump(name: str) -> str:
    """The golden text of the game ``GOLDENS[name]``."""
    rules, seed, _ = GOLDENS[name]
    return dump_game(name, playout(rules, seed, canonical=True))


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
    """The registry's games end by final scoring and cover what the goldens are for:
    TIKAL-CAMP-1, TIKAL-TREASURE-3, TIKAL-EXCHANGE-1, TIKAL-GUARD-3 (classic-2),
    TIKAL-GUARD-1, TIKAL-EXCHANGE-1, TIKAL-PLACE-5 (classic-4), TIKAL-AUCTION-5..7,
    TIKAL-SCORE-1 and TIKAL-PLACE-5 (professional-3)."""
    clauses = {}
    for name, (rules, seed, _) in GOLDENS.items():
        game = playout(rules, seed, canonical=True)
        assert game.final.phase is Phase.OVER
        clauses[name] = {e.clause for t in game.transitions for e in t.events}
        clauses[name] |= {getattr(e, "token", "").split(":")[0] for t in game.transitions
                          for e in t.events}  # fmt: skip
    assert {"camp", "dig", "swap", "guard", "TIKAL-GUARD-3"} <= clauses["classic-2"]
    assert {"guard", "swap", "TIKAL-PLACE-5"} <= clauses["classic-4"]
    auction = {"TIKAL-AUCTION-5", "TIKAL-AUCTION-6", "TIKAL-AUCTION-7", "TIKAL-SCORE-1"}
    assert auction | {"TIKAL-PLACE-5"} <= clauses["professional-3"]
