"""The standard readers of any game, as the fuzzer drives them: :class:`Readers`.

Every game has the same readers behind its descriptor (:class:`gamekit.Game`): the
position string (``from_text``), action tokens (``parse_action``, in a state),
records (``read_record``), rules (``rules_from_text``), JSON text
(``jsonio.loads``), the JSON readers of states, actions and records, a player's view
as text and JSON (``view_from_text``, ``jsonio.view_from_json``) and events
(``jsonio.event_from_json``). :meth:`Readers.table` builds them from the descriptor:
how each draws a real input from the :class:`~gamekit.fuzzing.corpus.Corpus`,
mutates it (:class:`~gamekit.fuzzing.mutations.Mutator`, and now and then the game's
``mutate_state`` on a state or a view read back), reads it and checks what it read
(:class:`~gamekit.fuzzing.checks.Checks`). A game gives its own readers beside them,
or in place of one whose reader takes other arguments (Tikal's ``parse_action`` is
told the player).

>>> import tiki
>>> from gamekit.fuzzing.mutations import Mutator
>>> readers = Readers(tiki.GAME, Mutator((99,), repr), lambda rng, state, corpus: state)
>>> [r.name for r in readers.table()][-3:]
['view_from_text', 'view_from_json', 'event_from_json']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ..game import Game
from .arguments import Arguments
from .checks import Checks
from .corpus import Corpus
from .harness import Fuzzer, Reader, show_input
from .mutations import MAX_TEXT, Mutator

__all__ = ["STANDARD", "Readers"]

STANDARD = (
    "from_text",
    "parse_action",
    "read_record",
    "rules_from_text",
    "jsonio.loads",
    "state_from_json",
    "action_from_json",
    "record_from_json",
    "view_from_text",
    "view_from_json",
    "event_from_json",
)
"""The standard readers, in the order of the report."""

K = TypeVar("K", bound=Corpus)
"""The game's kind of corpus."""

MutateState = Callable[[random.Random, Any, Any], Any]
"""A game's ``mutate_state(rng, state, corpus)``: a state with a field changed."""


class Readers(Generic[K]):
    """The standard readers of ``game``: its inputs mutated by ``mutator`` and, for
    states and views read back, by ``mutate_state``; ``arguments`` are what its readers
    are told beside their input."""

    def __init__(
        self,
        game: Game,
        mutator: Mutator,
        mutate_state: MutateState,
        arguments: Arguments | None = None,
    ) -> None:
        self.game = game
        """The game whose readers these are."""
        self.mutator = mutator
        """The mutations of its texts and JSON values."""
        self.mutate_state = mutate_state
        """Its state mutation."""
        self.arguments = arguments or Arguments()
        """What its readers take beside their input."""
        self.checks = Checks(game, self.arguments)
        """The checks of what they accepted."""

    # ----------------------------------------------------------------------- the table

    def table(self, own: Sequence[Reader[K]] = ()) -> tuple[Reader[K], ...]:
        """The standard readers, in the order of :data:`STANDARD` (a reader of ``own``
        of the same name in the place of the standard one), then the rest of ``own``."""
        g, checks, told = self.game, self.checks, self.arguments
        js = g.json
        standard: list[Reader[K]] = [
            self._remade_reader("from_text", g.from_text, g.to_text, "positions", "state"),
            Reader(
                "parse_action",
                self._draw_token,
                self._mutate_token,
                lambda value: g.parse_action(*value),
                lambda value, action, rng: checks.check_action(value[0], action, rng),
            ),
            self._texts("read_record", g.read_record, "record_texts", checks.check_record),
            self._texts("rules_from_text", g.rules_from_text, "rules_texts", checks.check_rules),
            Reader(
                "jsonio.loads",
                lambda c, rng: json.dumps(self._any_json(c, rng)),
                self.mutator.json_text_mutation(self._any_json),
                js.loads,
                lambda text, obj, rng: checks.check_loaded(obj, rng),
            ),
            self._remade_reader(
                "state_from_json", js.state_from_json, js.state_to_json, "state_json", "state"
            ),
            Reader(
                "action_from_json",
                _field("action_json"),
                self._json_mutation("action_from_json", "action_json", 3),
                lambda value: told.call("action_from_json", js.action_from_json, value),
                lambda value, action, rng: checks.check_action(
                    None, action, rng, told.unpack("action_from_json", value)[1]
                ),
            ),
            self._jsons(
                "record_from_json", js.record_from_json, "record_json", checks.check_record
            ),
            self._remade_reader(
                "view_from_text", g.view_from_text, g.view_to_text, "view_texts", "view"
            ),
            self._remade_reader(
                "view_from_json", js.view_from_json, js.view_to_json, "view_json", "view"
            ),
            self._jsons("event_from_json", js.event_from_json, "event_json", checks.check_event),
        ]
        mine = {r.name: r for r in own}
        return (
            *(mine.pop(r.name, r) for r in standard),
            *(r for r in own if r.name in mine),
        )

    def fuzzer(
        self, readers: Mapping[str, Reader[K]], build_corpus: Callable[[int], K]
    ) -> Fuzzer[K]:
        """The game's :class:`~gamekit.fuzzing.harness.Fuzzer` of ``readers`` (by name)."""
        return Fuzzer(self.game.package, readers, build_corpus, self.game.refusals(), self.show)

    def show(self, value: Any) -> str:
        """An input shown in a line: a token in its state (with its ``player=``), an
        input with its argument, or a text or JSON value."""
        told = self.arguments
        if isinstance(value, tuple) and isinstance(value[0], self.game.State):
            player = f" (player={told.show(value[2])})" if len(value) == 3 else ""
            position = show_input(self.game.to_text(value[0]))
            return f"{show_input(value[1])}{player} in {position}"
        if isinstance(value, tuple):  # an input and the argument its reader is given
            return f"{show_input(value[0])} with {told.show(value[1])}"
        return show_input(value)

    # ----------------------------------------------------------------------- kinds of reader

    def _read(self, name: str, read: Callable[..., Any]) -> Callable[[Any], Any]:
        return lambda value: self.arguments.call(name, read, value)

    def _texts(
        self, name: str, read: Callable[..., Any], field: str, check: Callable[..., None]
    ) -> Reader[K]:
        """A text reader: its inputs' texts mutated, lent the other texts of ``field``."""
        return Reader(
            name,
            _field(field),
            self._text_mutation(name, field),
            self._read(name, read),
            lambda value, obj, rng: check(obj, rng),
        )

    def _jsons(
        self, name: str, read: Callable[..., Any], field: str, check: Callable[..., None]
    ) -> Reader[K]:
        """A JSON reader: its inputs' values mutated, lent two others of ``field``."""
        return Reader(
            name,
            _field(field),
            self._json_mutation(name, field, 2),
            self._read(name, read),
            lambda value, obj, rng: check(obj, rng),
        )

    def _remade_reader(
        self,
        name: str,
        read: Callable[..., Any],
        write: Callable[[Any], Any],
        field: str,
        kind: str,
    ) -> Reader[K]:
        """A reader of states or views (``kind``), as text (``field`` of texts) or
        JSON: mutated now and then by way of the object read back and remade."""
        text = field in ("positions", "view_texts")
        remake = self.mutate_state if kind == "state" else self._mutate_view

        def check(value: Any, obj: Any, rng: random.Random) -> None:
            checks = self.checks
            (checks.check_state if kind == "state" else checks.check_view)(obj, rng)

        return Reader(
            name,
            _field(field),
            self._remade(name, read, write, field, text, remake),
            self._read(name, read),
            check,
        )

    # ----------------------------------------------------------------------- mutations

    def _text_mutation(self, name: str, field: str) -> Callable[[random.Random, Any, K], Any]:
        told = self.arguments

        def mutate(rng: random.Random, value: Any, corpus: K) -> Any:
            text, argument = told.unpack(name, value)
            others = [told.unpack(name, o)[0] for o in getattr(corpus, field)]
            return told.vary(rng, name, self.mutator.text(rng, text, others)[:MAX_TEXT], argument)

        return mutate

    def _json_mutation(
        self, name: str, field: str, lent: int
    ) -> Callable[[random.Random, Any, K], Any]:
        told = self.arguments

        def mutate(rng: random.Random, value: Any, corpus: K) -> Any:
            obj, argument = told.unpack(name, value)
            pool = getattr(corpus, field)
            others = [told.unpack(name, rng.choice(pool))[0] for _ in range(lent)]
            return told.vary(rng, name, self.mutator.json(rng, obj, others), argument)

        return mutate

    def _remade(
        self,
        name: str,
        read: Callable[..., Any],
        write: Callable[[Any], Any],
        field: str,
        text: bool,
        remake: MutateState,
    ) -> Callable[[random.Random, Any, K], Any]:
        """A mutation of a state's or view's text or JSON: in three inputs of ten, the
        object read back, ``remake`` d (a field of its state changed) and written again;
        else the text, lent every seventh of ``field``, or the JSON, lent two others."""
        told = self.arguments

        def mutate(rng: random.Random, value: Any, corpus: K) -> Any:
            inner, argument = told.unpack(name, value)
            if rng.random() < 0.3:
                try:
                    obj = told.call(name, read, value)
                except Exception:  # an earlier mutation made it unreadable: edit it
                    pass  # (an escape is the judge's to find, on its own input)
                else:
                    written = _written(rng, obj, corpus, remake, write)
                    if written is not None:
                        return written if told.takes(name) is None else (written, argument)
            pool = getattr(corpus, field)
            if text:
                others = [told.unpack(name, o)[0] for o in pool[::7]]
                mutated = self.mutator.text(rng, inner, others)[:MAX_TEXT]
            else:
                others = [told.unpack(name, rng.choice(pool))[0] for _ in range(2)]
                mutated = self.mutator.json(rng, inner, others)
            return told.vary(rng, name, mutated, argument)

        return mutate

    def _mutate_view(self, rng: random.Random, view: Any, corpus: K) -> Any:
        """A view with a field of its position changed, now and then seen by another
        seat."""
        player = view.player if rng.random() < 0.8 else rng.randrange(self.game.max_players)
        return type(view)(player, self.mutate_state(rng, view.state, corpus))

    # ----------------------------------------------------------------------- tokens, JSON text

    def _draw_token(self, corpus: K, rng: random.Random) -> tuple[Any, str]:
        """A state and a token: mostly a legal action's."""
        state = rng.choice(corpus.states)
        actions = self.game.legal_actions(state)
        if actions and rng.random() < 0.7:
            return state, self.game.action_token(state, rng.choice(actions))
        return state, rng.choice(corpus.tokens)

    def _mutate_token(
        self, rng: random.Random, value: tuple[Any, str], corpus: K
    ) -> tuple[Any, str]:
        state, token = value
        if rng.random() < 0.2:
            state = rng.choice(corpus.states)
        return state, self.mutator.text(rng, token, corpus.tokens)[:MAX_TEXT]

    def _any_json(self, corpus: K, rng: random.Random) -> Any:
        """A state, record or action object that reads without an argument (the only
        kind ``jsonio.loads`` reads)."""
        kind = rng.randrange(3)
        name = ("state_from_json", "record_from_json", "action_from_json")[kind]
        pool = (corpus.state_json, corpus.record_json, corpus.action_json)[kind]
        for _ in range(10):
            value, argument = self.arguments.unpack(name, rng.choice(pool))
            if argument is None:
                break
        return value


def _field(field: str) -> Callable[[Any, random.Random], Any]:
    """A draw of one input of the corpus's ``field``."""
    return lambda corpus, rng: rng.choice(getattr(corpus, field))


def _written(
    rng: random.Random,
    obj: Any,
    corpus: Any,
    remake: MutateState,
    write: Callable[[Any], Any],
) -> Any:
    """``obj`` remade and written; ``None`` if the writer cannot write it (an object no
    reader gave, which the contract does not cover)."""
    try:
        return write(remake(rng, obj, corpus))
    except Exception:  # the writers promise nothing for objects that were never read
        return None
