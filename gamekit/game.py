"""The descriptor through which a game plugs into the kit: :class:`Game`.

A game declares itself once, the way an OpenSpiel game declares its ``GameType`` and
a Gymnasium environment registers an entry point: its name, its ``Rules``, the
contract functions (``docs/contract.md``), its text and JSON forms, its clauses, who
its players are, what its views hide, and where its bots and its terminal drawings
live. Every tool of the kit takes a :class:`Game` and works for any game that fills
one in; ``tiki.GAME`` and ``tikalspeed.GAME`` are the two there are.

The bots and the terminal drawings sit in the games' ``tools`` layer, above the
descriptor, so the descriptor names them by ``"module:attribute"`` and the kit
imports them on first use (:func:`load`), as Gymnasium does with its entry points:
importing a game stays cheap, and no layer imports one above it.

>>> import tiki
>>> tiki.GAME.name, tiki.GAME.package, tiki.GAME.seat_names(tiki.Rules())
('Tiki', 'tiki', ('x', 'o'))
>>> tiki.GAME.bot("greedy", seed=1)
GreedyBot()
"""

from __future__ import annotations

import functools
import importlib
import reprlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import attrs

__all__ = ["Game", "load"]

Function = Callable[..., Any]
"""A function of a game (its types are the game's own)."""


@functools.cache
def load(reference: str) -> Any:
    """The object that ``reference`` (``"package.module:name"``) names, imported on
    first use and kept.

    >>> load("json:dumps")([1])
    '[1]'
    """
    module, _, name = reference.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


@attrs.frozen(eq=False)
class Game:
    """One game, as every tool of the kit sees it.

    The fields fall in groups: who the game is (``name``, ``package``, ``spec``), its
    nouns (``Rules``, ``State``, ``View``, ``Action``, ``Record`` and its two errors),
    the contract functions, the text forms, the JSON forms (``json``: the game's
    ``text.jsonio`` module), the clauses, the players, what a view hides, and the
    references of its bots and drawings.
    """

    name: str
    """The game's name in titles: ``'Tiki'``, ``'Tikal'``."""
    package: str
    """The package and its command: ``'tiki'``, ``'tikalspeed'``."""
    spec: str
    """The spec its clauses come from: ``'specs/tiki.md'``."""

    # the nouns (classes; ``Action`` is the union of the game's action classes)
    Rules: Any
    State: Any
    View: Any
    Action: Any
    Record: Any
    NotationError: type[Any]
    """The error of input that cannot be read (text, JSON, records, files): a
    ``ValueError`` whose ``position`` says where."""
    IllegalActionError: type[Any]
    """The error of a well-formed action that is not legal: a ``ValueError`` whose
    ``clause`` names the rule."""
    CHANCE: int
    """The player number of chance (``actors(state) == (CHANCE,)`` at a chance node)."""

    # the contract (docs/contract.md)
    new_game: Function
    actors: Function
    legal_actions: Function
    is_legal: Function
    chance_outcomes: Function
    sample_chance: Function
    step: Function
    apply: Function
    observe: Function
    outcome: Function
    view_actions: Function
    why_illegal_in_view: Function

    # the text forms
    to_text: Function
    from_text: Function
    parse_action: Function
    action_token: Function
    rules_to_text: Function
    rules_from_text: Function
    view_to_text: Function
    view_from_text: Function
    read_record: Function
    write_record: Function
    replay: Function
    token_joiner: str
    """What joins the words of an action token: ``''`` in Tiki (``+b2``), ``':'`` in
    Tikal (``bid:2``); a person's ``bid 2`` is then read as ``bid:2``."""
    decision: Function
    """Who decides what, in words and tokens (``text.decision``)."""
    decision_to_json: Function
    """The decision of a position or view as JSON, for a client to draw its buttons."""
    json: ModuleType
    """The JSON forms: the game's ``text.jsonio`` module (``state_to_json``, …)."""
    picture: Function
    """A position or view as SVG text (``svg.board``)."""


    # the clauses
    clause: Function
    """The :class:`~gamekit.clauses.Clause` of an id; refuses an unknown one."""

    # the players
    player_name: Function
    """A player's name: ``'x'``, ``'P1'``."""
    players: Function
    """How many players a game of these ``Rules`` has."""
    max_players: int
    """The most players any game of it has."""
    named_token: Function
    """An action's token that says whose it is where its own token does not (Tikal's
    ``P2:tokens:3``; in Tiki every token does)."""
    seat_clause: Function
    """The clause that says who decides in a state (``TIKI-TURN-3``; at a secret
    choice ``SPEED-JUMP-1``): a seat that acts for another is refused by it."""

    # what a view hides
    secret: Function
    """Whether the players to decide in a state choose at once and in secret (a Speed
    Jump's tokens): each is then given only his own view, never the position, and
    what one has chosen is hidden from the others until the reveal."""
    simultaneous: bool = True
    """Whether the game has any secret choice at all (Tikal's Speed Jump); ``False``
    (Tiki, where one player decides at a time) lets a tool that plays many games
    leave :attr:`secret` unasked (a study's loop, :func:`gamekit.studies.loop.play`)."""

    # the tools layer, imported on first use (:func:`load`)
    bots: Mapping[str, str] = attrs.field(factory=dict)
    """The bots by name: ``{'greedy': 'tiki.tools.bots:GreedyBot', …}``; each is built
    with ``seed`` and, for the search bot, ``playouts``."""
    argued_bots: Mapping[str, str] = attrs.field(factory=dict)
    """The bots that take one argument, seated as ``NAME:ARG`` on the command line and in
    studies (never offered by the server): Tiki's ``perfect:DIR``, the directory of its
    tables."""
    drawing: str = ""
    """The ASCII drawing of a position or view: ``'tiki.tools.cli.board:render'``."""
    words: str = ""
    """An action in words, ``in_words(state, action)``: ``'tiki.tools.cli.words:in_words'``."""
    human: str = ""
    """The person at the terminal, a bot: ``'tiki.tools.cli.prompt:Human'``."""
    decision_picture: Function | None = None
    """A picture of what a view's open decision is about, as SVG text, or ``None``:
    ``decision_picture(view, lang=...)`` (Tikal: the turns the tile in hand may take
    while it is placed, the auction's tiles while they are bid for)."""
    refusal_words: Function | None = None
    """Why an ``IllegalActionError`` refused an action, in words for a player, in a
    language: ``refusal_words(error, lang)`` (each game's ``text.words``)."""
    scenarios: str = ""
    """The game's scenario files' format (:class:`gamekit.scenarios.runner.Format`), by
    reference: ``'tiki.tools.scenarios.runner:FORMAT'``; ``""``: none."""
    solver: str = ""
    """The value of a position under perfect play, by reference: ``solve(state,
    limit=N)`` returning a solution with ``value``, ``plies``, ``best`` and ``text()``
    (``'tiki.tools.solve:solve'``); ``""`` for a game without one."""

    @classmethod
    def gather(cls, modules: Sequence[ModuleType], **given: Any) -> Game:
        """A descriptor of the fields ``given``, every other field taken by its name
        from the first of ``modules`` that has it (a game's contract, its text forms,
        its nouns: each under its own name there).

        >>> import tiki.engine.contract as contract
        >>> Game.gather([contract], name="Tiki")
        Traceback (most recent call last):
        ...
        TypeError: a game's descriptor needs package, spec, Record, NotationError, ...
        """
        found: dict[str, Any] = {}
        for f in attrs.fields(cls):
            if f.name in given:
                continue
            where = next((m for m in modules if hasattr(m, f.name)), None)
            if where is not None:
                found[f.name] = getattr(where, f.name)
        missing = [
            f.name
            for f in attrs.fields(cls)
            if f.default is attrs.NOTHING and f.name not in given and f.name not in found
        ]
        if missing:
            shown = ", ".join(missing[:4]) + (", ..." if len(missing) > 4 else "")
            raise TypeError(f"a game's descriptor needs {shown}")
        return cls(**found, **given)

    def seat_names(self, rules: Any) -> tuple[str, ...]:
        """The players' names in seat order under ``rules``."""
        return tuple(self.player_name(p) for p in range(self.players(rules)))

    def refusals(self) -> tuple[type[Any], type[Any]]:
        """The two errors the game's readers and engine may raise for bad input."""
        return (self.NotationError, self.IllegalActionError)

    def bot(self, name: str, seed: int | None = None, **options: Any) -> Any:
        """A new bot ``name`` (one of :attr:`bots`) seeded with ``seed``, or ``NAME:ARG``
        for a bot of :attr:`argued_bots`, given ``ARG`` after the seed."""
        base, colon, argument = name.partition(":")
        if colon and argument and base in self.argued_bots:
            return load(self.argued_bots[base])(seed, argument, **options)
        try:
            reference = self.bots[name]
        except KeyError:
            every = [*sorted(self.bots), *(f"{b}:ARG" for b in sorted(self.argued_bots))]
            raise ValueError(
                f"no bot {reprlib.repr(name)}: the bots are {', '.join(every)}"
            ) from None
        return load(reference)(seed, **options)

    def draw(self, state: Any) -> str:
        """The ASCII drawing of ``state`` (a position or a view)."""
        drawn: str = load(self.drawing)(state)
        return drawn

    def in_words(self, state: Any, action: Any) -> str:
        """What ``action`` does in ``state``, in words."""
        told: str = load(self.words)(state, action)
        return told
