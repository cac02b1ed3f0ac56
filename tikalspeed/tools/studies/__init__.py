"""Tikal studies: many games per ruleset, rulesets side by side (``tikalspeed simulate``).

The study itself is the kit's (:mod:`gamekit.studies.study`); :data:`STUDY` fills in
what knows Tikal, and the names of every game's studies are its own: :func:`play_row`
plays a game from its seed exactly as ``tikalspeed play --seed N`` does (the start from
``new_game(rules, seed=N)``, later chance from ``random.Random(N + 100)``, the bot of
seat ``Pk`` seeded with ``N + k``) and measures it; :func:`simulate` runs a whole study
(a bot per seat; a shorter list is repeated). A row holds the kit's columns (the seed,
the bots by seat, the winner, the scores, plies, decisions, hand-offs, waits) and
Tikal's own, counted from the game's events (:mod:`.tally`; exact definitions in
``docs/simulate.md``):

======================  =============================================================
``ruleset``             the rules as text (``mode=speed;players=4``)
``mode``                the rules' mode
``rounds``              classic: turns per player; professional: auction rounds;
                        Speed: rounds (auction, placement, Jumps)
``ap_unused``           action points left unused (turns ended early, Jump points
                        lost, tokens forfeited); ``ap_unused_by`` per player
``scorings``            scorings (each player's scores counted once per scoring)
``ap_unused_ended``     of ``ap_unused``: points left when a turn ended
                        (``TurnEnded.lost``, TIKAL-TURN-3; in Speed the bonus,
                        scoring and final turns)
``ap_unused_jump``      of ``ap_unused``: Speed Jump points lost (``PointsLost``
                        citing SPEED-JUMP-3: not used by the Jump's action, or left
                        at a stop under ``jump_action='one-kind'``; or SPEED-JUMP-7:
                        no action left within them)
``ap_unused_forfeit``   of ``ap_unused``: tokens forfeited by a stop under
                        ``forfeit=true`` (``PointsLost`` citing SPEED-JUMP-8)
``auction_spend``       points paid for tiles at auctions (``AuctionWon.price``,
                        TIKAL-AUCTION-5, SPEED-AUCTION-1); 0 in classic;
                        ``auction_spend_by`` per player
``auction_price_mean``  ``auction_spend`` over the tiles taken at auctions, the free
                        ones (TIKAL-AUCTION-6, -7) included; 0.0 in classic
``volcano_secured``     Speed: volcanoes secured at auction, each promoting its
                        securer to the front of the Round Order (SPEED-AUCTION-3);
                        0 in classic and professional
``volcano_promoted``    of ``volcano_secured``: those whose securer went ahead of a
                        player who had secured a tile before him in the round
``last_swing``          the winner's final lead over the best other score minus his
                        lead just before the last scoring (TIKAL-END-1, SPEED-END-1)
``lead_changed``        1 if no player leading just before the last scoring is among
                        the winners (TIKAL-END-2), else 0
``choices_opened``      decisions at which the rules allowed an action that the same
                        rules with every option of ``fired.CHOICE_OPTIONS`` at its
                        default do not (0 under those defaults; :mod:`.fired`)
``choices_taken``       of ``choices_opened``: the decisions that chose such an action
``choices_closed``      decisions at which those defaults allow an action the rules
                        do not
``ap_lost_blocked``     of ``ap_unused_jump``: Jump points lost because no action was
                        left within them (``PointsLost`` citing SPEED-JUMP-7)
``scoring_turns``       turns of kind scoring or final (TIKAL-SCORE-1, TIKAL-END-1;
                        Speed: under ``volcano_scoring``/``final_scoring='turns'``)
``volcano_pairs``       Speed: rounds in which two or more volcanoes were secured
                        (where ``two_volcanoes`` decides who leads, SPEED-AUCTION-3)
======================  =============================================================

The token choices of one Jump (SPEED-JUMP-1) are chosen at once and in secret: they
are one moment of the waits, in which each of its players decides once and which
counts once in the others' waits.

>>> row = play_row("mode=classic;players=2", 3, ("random", "random"))
>>> row["players"], row["winner"] in (0, 1, -1), sum(row["decisions_by"]) == row["decisions"]
(2, True, True)
>>> row["mode"], row["rounds"] > 0, row["scorings"] >= 1
('classic', True, True)
>>> make_bot("mcts:500", 1)
MCTSBot(playouts=500, seconds=None)
"""

from __future__ import annotations

from gamekit.cli.options import MAX_PLAYOUTS
from gamekit.studies.study import NAMES, TIME_COLUMNS, TIME_MEASURES, Study

from ...engine.ap import action_points
from ...engine.contract import noted_of
from ...game import GAME
from ...model.actions import player_name
from ...model.state import State
from .rulesets import parse_rules as parse_rules
from .rulesets import ruleset_text as ruleset_text
from .tally import COUNTED, FIRED, Tally, numbers
from .tally import WORDS as TALLY_WORDS

__all__ = ["COUNTED", "STUDY", *NAMES]

MAX_PLIES = 20_000
"""A game still running after this many actions stops unfinished (no game does)."""

MEASURES = (
    "plies",
    "decisions",
    "rounds",
    "handoffs",
    "wait_mean",
    "gap_mean",
    "wait_max",
    "ap_unused",
    "scorings",
    "spread",
    "ap_unused_ended",
    "ap_unused_jump",
    "ap_unused_forfeit",
    "auction_spend",
    "auction_price_mean",
    "volcano_secured",
    "volcano_promoted",
    "last_swing",
    "lead_changed",
    *FIRED,
    *TIME_MEASURES,
)
"""The numbers of a row that the summary averages."""


def seat_names(players: int) -> list[str]:
    """``['P1', 'P2', …]``, for the summary's lines."""
    return [player_name(p) for p in range(players)]


def _scores(state: State) -> tuple[int, ...]:
    return state.expeditions.scores


STUDY = Study(
    game=GAME,
    where=f"{__name__}:STUDY",
    columns=(
        "ruleset", "seed", "bots", "players", "mode", "winner", "scores", "spread", "margin",
        "plies", "decisions", "decisions_by", "rounds", "handoffs", "wait_mean", "wait_max",
        "gap_mean", "wait_by", *TIME_COLUMNS, "ap_unused", "ap_unused_by", "scorings",
        "ap_unused_ended", "ap_unused_jump", "ap_unused_forfeit", "auction_spend",
        "auction_spend_by", "auction_price_mean", "volcano_secured", "volcano_promoted",
        "last_swing", "lead_changed", *FIRED,
    ),
    measures=MEASURES,
    max_plies=MAX_PLIES,
    max_playouts=MAX_PLAYOUTS,
    parse_rules=parse_rules,
    ruleset_text=ruleset_text,
    scores=_scores,
    numbers=numbers,
    tally=Tally,
    tally_step=noted_of(COUNTED),
    effort=action_points,
    words={
        **TALLY_WORDS,
        "mode": "mode",
        "rounds": "rounds (each player spends his 10 action points once)",
        "ap_unused_by": "action points left unused, per player",
        "auction_spend_by": "points paid at auctions, per player",
        "scorings": "scorings per game",
    },
)
"""Tikal's study: the kit's, with Tikal's measures, names and numbers."""

BOTS = STUDY.bots
"""The bots a study may seat, by name (``mcts``: 200 playouts a decision; ``mcts:N``
is the search bot with ``N``, see :func:`make_bot`)."""
WORDS = STUDY.labels
"""Every column in words (the summary's and the plots')."""
make_bot = STUDY.make_bot
play_row = STUDY.play_row
simulate = STUDY.simulate
