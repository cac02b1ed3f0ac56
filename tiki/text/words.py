"""Tiki in words, for a player, in any language of :mod:`gamekit.i18n`.

:func:`action_words` says what an action does, :func:`event_words` what happened,
:func:`decision_words` who decides what, and :func:`outcome_words` how a game ended:
sentences without notation or clause ids, in English (the default) or German. The
events' own ``str`` is the designer's text, with its clause; these are the player's.

>>> from tiki import new_game, parse_action, step
>>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=0)
>>> a = parse_action(s, "+b2")
>>> action_words(s, a), action_words(s, a, "de")
('x creates a totem at b2', 'x errichtet ein Totem auf b2')
>>> [event_words(e, "de") for e in step(s, a).events]
['x errichtet ein Totem auf b2']
>>> decision_words(s), decision_words(s, "de")
('x creates or moves a totem', 'x errichtet oder bewegt ein Totem')
"""

from __future__ import annotations

from gamekit.i18n import DEFAULT, N_, Say, words

from ..board.island import EDGES, VILLAGE_NAMES
from ..engine.moves import WORDS
from ..errors import IllegalActionError, Reason
from ..model.actions import (
    Action,
    Create,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
)
from ..model.events import (
    Event,
    FirstPlayerChosen,
    FruitReturned,
    FruitsGained,
    FruitSpoiled,
    GameOver,
    LayoutSet,
    OrderChosen,
    Passed,
    ShamanMoved,
    ShamanPlaced,
    TikiDropped,
    TikisReturned,
    TotemCreated,
    TotemMoved,
    VillageInfluenced,
)
from ..model.state import CHANCE, PLAYER_SYMBOLS, Outcome, Phase, State
from ..model.view import View

__all__ = [
    "REASONS", "action_words", "decision_words", "event_words", "outcome_words", "refusal_words",
]

REASONS = {
    "four-fruits": N_("with four fruits"),
    "reserve-empty": N_("as the reserve ran out"),
    "tiebreak": N_("in the tie-break"),
    "tie-loop": N_("as the tie-break came round again"),
    "no-move": N_("as a player had no legal action"),
    "turn-cap": N_("at the turn limit"),
}
"""How a game ended, by its ``Outcome.reason``, as words after ``x wins``."""


def _say(lang: str) -> Say:
    return words("tiki", lang)


def _who(player: int, say: Say) -> str:
    return say("chance") if player == CHANCE else PLAYER_SYMBOLS[player]


def _edge(edge: int, say: Say) -> str:
    a, b = EDGES[edge]
    return say("between {a} and {b}", a=VILLAGE_NAMES[a], b=VILLAGE_NAMES[b])


def _path(path: tuple[int, ...]) -> str:
    return " → ".join(VILLAGE_NAMES[v] for v in path)


def action_words(state: State | View, action: Action, lang: str = DEFAULT) -> str:
    """What ``action``, legal in ``state`` (a position or a player's view), does."""
    say = _say(lang)
    who = _who(action.player, say)
    a = action
    village = VILLAGE_NAMES[a.village] if isinstance(a, Create | Order) else ""
    if isinstance(a, Create):
        return say("{player} creates a totem at {village}", player=who, village=village)
    if isinstance(a, Move):
        return say("{player} moves the totem {path}", player=who, path=_path(a.path))
    if isinstance(a, Order):
        return say("{player} resolves {village} first", player=who, village=village)
    if isinstance(a, PlaceShaman):
        return say("{player} places the shaman {edge}", player=who, edge=_edge(a.edge, say))
    if isinstance(a, MoveShaman):
        return say("{player} moves the shaman {edge}", player=who, edge=_edge(a.edge, say))
    if isinstance(a, KeepShaman):
        return say("{player} leaves the shaman where it is", player=who)
    if isinstance(a, Pass):
        return say("{player} has no legal action and passes", player=who)
    if isinstance(a, Layout):
        tiles = ",".join(map(str, a.tiles))
        return say("chance lays out the villages {tiles} (a1..c3)", tiles=tiles)
    return say("chance picks {player} to move first", player=PLAYER_SYMBOLS[a.first])


def outcome_words(outcome: Outcome, lang: str = DEFAULT) -> str:
    """How a finished game ended: ``o wins with four fruits, 1–4``."""
    say = _say(lang)
    score = f"{outcome.scores[0]}–{outcome.scores[1]}"
    if outcome.winner is None:
        return say("a draw, {score}", score=score)
    how = say(REASONS.get(outcome.reason, outcome.reason))
    return say("{player} wins {how}, {score}", player=PLAYER_SYMBOLS[outcome.winner], how=how,
               score=score)  # fmt: skip


def event_words(event: Event, lang: str = DEFAULT) -> str:
    """What ``event`` says happened."""
    say = _say(lang)
    e = event
    if isinstance(e, LayoutSet):
        return say("the villages are laid out: {tiles} (a1..c3)", tiles=",".join(map(str, e.tiles)))
    if isinstance(e, FirstPlayerChosen):
        return say("{player} moves first", player=PLAYER_SYMBOLS[e.player])
    if isinstance(e, TotemCreated):
        return say("{player} creates a totem at {village}", player=PLAYER_SYMBOLS[e.player],
                   village=VILLAGE_NAMES[e.village])  # fmt: skip
    if isinstance(e, TotemMoved):
        return say("{player} moves the totem {path}", player=PLAYER_SYMBOLS[e.player],
                   path=_path(e.path))  # fmt: skip
    if isinstance(e, TikiDropped):
        return say("a tiki of {owner} is left on {village}, now {height} high",
                   owner=PLAYER_SYMBOLS[e.owner], village=VILLAGE_NAMES[e.village],
                   height=e.height)  # fmt: skip
    if isinstance(e, OrderChosen):
        return say("{player} resolves {village} first", player=PLAYER_SYMBOLS[e.player],
                   village=VILLAGE_NAMES[e.village])  # fmt: skip
    if isinstance(e, VillageInfluenced):
        return say("{village} ({value:+d}) is influenced for {player}",
                   village=VILLAGE_NAMES[e.village], value=e.value,
                   player=PLAYER_SYMBOLS[e.beneficiary])  # fmt: skip
    if isinstance(e, FruitsGained):
        return say.plural("{player} gains {count} fruit", "{player} gains {count} fruits",
                          e.count, player=PLAYER_SYMBOLS[e.player])  # fmt: skip
    if isinstance(e, FruitSpoiled):
        if e.from_reserve:
            return say("a fruit of the reserve spoils")
        return say("a fruit of {player} spoils", player=PLAYER_SYMBOLS[e.player])
    if isinstance(e, TikisReturned):
        owners = "".join(PLAYER_SYMBOLS[o] for o in e.owners)
        return say("the tikis {owners} on {village} go home", owners=owners,
                   village=VILLAGE_NAMES[e.village])  # fmt: skip
    if isinstance(e, ShamanPlaced):
        return say("{player} places the shaman {edge}", player=PLAYER_SYMBOLS[e.player],
                   edge=_edge(e.edge, say))  # fmt: skip
    if isinstance(e, ShamanMoved):
        if e.edge is None:
            return say("{player} leaves the shaman where it is", player=PLAYER_SYMBOLS[e.player])
        return say("{player} moves the shaman {edge}", player=PLAYER_SYMBOLS[e.player],
                   edge=_edge(e.edge, say))  # fmt: skip
    if isinstance(e, FruitReturned):
        return say("a tie: a spoiled fruit goes back to the reserve for the tie-break")
    if isinstance(e, Passed):
        return say("{player} has no legal action and passes", player=PLAYER_SYMBOLS[e.player])
    assert isinstance(e, GameOver)
    return say("game over: {how}", how=outcome_words(e.outcome, lang))


def decision_words(state: State | View, lang: str = DEFAULT) -> str:
    """Who decides what in ``state``: ``o creates or moves a totem``."""
    say = _say(lang)
    position = state.state if isinstance(state, View) else state
    phase = position.phase
    who = _who(position.actor, say)
    pending = ", ".join(VILLAGE_NAMES[v] for v in position.pending)
    if phase is Phase.LAYOUT:
        return say("chance lays out the villages")
    if phase is Phase.FIRST_PLAYER:
        return say("chance picks the first player")
    if phase is Phase.PLACE_SHAMAN:
        return say("{player} places the shaman", player=who)
    if phase is Phase.TURN:
        return say("{player} creates or moves a totem", player=who)
    if phase is Phase.ORDER:
        return say("{player} picks which of {villages} resolves first", player=who,
                   villages=pending)  # fmt: skip
    if phase is Phase.SHAMAN:
        if pending:
            return say("{player} may move the shaman (then {villages} resolves)", player=who,
                       villages=pending)  # fmt: skip
        return say("{player} may move the shaman", player=who)
    return say("none, the game is over")


def refusal_words(error: IllegalActionError | Reason, lang: str = DEFAULT) -> str:
    """Why an action is refused, in the player's language and without the clause id:
    the template of an :class:`~tiki.IllegalActionError` (or of the
    :class:`~tiki.errors.Reason` of ``why_illegal``'s ``(clause, reason)``) said with
    its fields, a field that is a word (``tiki.engine.moves.WORDS``: ``chance``, what
    a decision asks) said in the language too. In English it is the message itself.

    >>> from tiki import IllegalActionError, new_game, parse_action, step
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=0)
    >>> s = step(s, parse_action(s, "+b2")).state
    >>> try:
    ...     step(s, parse_action(s, "+b2"))
    ... except IllegalActionError as e:
    ...     error = e
    >>> str(error), refusal_words(error), refusal_words(error, "de")
    ('b2 is not empty (TIKI-CREATE-3)', 'b2 is not empty', 'b2 ist nicht leer')
    """
    say = _say(lang)
    fields = {
        name: say.verbatim(value) if type(value) is str and value in WORDS else value
        for name, value in error.fields.items()
    }
    return say(error.template, **fields)
