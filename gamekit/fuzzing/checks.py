"""The checks of what a reader accepted, for any game: :class:`Checks`.

What a reader accepted must write and read back as an equal object (as text, as JSON
and as JSON text), an accepted state must play on (its legal actions apply and every
state reached reads back), an accepted view must offer its player exactly his
decision (``view_actions``), an accepted event must write and read back. Each check
raises :class:`~gamekit.fuzzing.harness.Problem` for a broken promise:
``'round-trip'`` or ``'plays-on'``. The checks use the descriptor's functions alone,
and the game's :class:`~gamekit.fuzzing.arguments.Arguments` to read back what a
reader must be told (a custom manifest, in Tikal).

>>> import random, tiki
>>> checks = Checks(tiki.GAME)
>>> checks.check_state(tiki.new_game(seed=1), random.Random(0))
>>> checks.check_state("a1", random.Random(0))
Traceback (most recent call last):
...
gamekit.fuzzing.harness.Problem: read a str, not a State
"""

from __future__ import annotations

import random
from typing import Any

from ..game import Game
from .arguments import Arguments
from .harness import Problem, same

__all__ = ["Checks"]


class Checks:
    """The checks of what the readers of ``game`` accepted, each of one kind of
    object; ``arguments`` are what its readers are told beside their input."""

    def __init__(self, game: Game, arguments: Arguments | None = None) -> None:
        self.game = game
        """The game whose objects are checked."""
        self.arguments = arguments or Arguments()
        """What the game's readers take beside their input."""

    def _refused(self) -> tuple[type[Exception], ...]:
        return self.game.refusals()

    def reads_back(self, state: Any) -> None:
        """A state writes and reads back, as text and as JSON (and as JSON text)."""
        g, told = self.game, self.arguments
        rules = state.rules
        back = g.from_text(g.to_text(state), **told.needed("rules", rules))
        same(state, back, "to_text/from_text")
        value = g.json.state_to_json(state)
        same(state, g.json.state_from_json(value, **told.needed("manifest", rules)), "state JSON")
        if told.plain(rules):
            same(state, g.json.loads(g.json.dumps(state)), "state JSON text")

    def _draw(self, state: Any, rng: random.Random) -> Any:
        """A random legal action of a running game (a chance outcome by its
        probability); a game that offers none breaks the contract."""
        g = self.game
        actions = g.legal_actions(state)
        if not actions:
            raise Problem("plays-on", f"no legal action in a running game: {g.to_text(state)}")
        chance = g.actors(state) == (g.CHANCE,)
        return g.sample_chance(state, rng) if chance else rng.choice(actions)

    def plays_on(self, state: Any, rng: random.Random, plies: int = 3) -> None:
        """An accepted state plays on: its legal actions (or chance outcomes) apply, and
        every state reached reads back; a finished game has an outcome and no action."""
        g = self.game
        for _ in range(plies):
            if g.outcome(state) is not None:
                if g.legal_actions(state) or g.actors(state):
                    raise Problem("plays-on", "a finished game still offers actions")
                return
            action = self._draw(state, rng)
            try:
                state = g.step(state, action).state
                self.reads_back(state)
            except self._refused() as e:
                raise Problem("plays-on", f"after {action}: {g.to_text(state)!r}: {e}") from None
            except Problem as e:
                raise Problem("plays-on", f"after {action}: {e}") from None

    def plays_out(self, state: Any, rng: random.Random, max_plies: int = 5000) -> None:
        """A random game from ``state`` reaches its end within ``max_plies`` plies, every
        legal action it draws is taken, and its last state reads back."""
        g = self.game
        for _ in range(max_plies):
            if g.outcome(state) is not None:
                break
            action = self._draw(state, rng)
            try:
                state = g.step(state, action).state
            except g.IllegalActionError as e:
                raise Problem("plays-on", f"{action} is legal but step refuses it: {e}") from None
        else:
            raise Problem("plays-on", f"no end after {max_plies} plies: {g.to_text(state)}")
        self.reads_back(state)

    def check_state(self, state: object, rng: random.Random) -> None:
        """An accepted state reads back and plays on."""
        if not isinstance(state, self.game.State):
            raise Problem("round-trip", f"read a {type(state).__name__}, not a State")
        self.reads_back(state)
        self.plays_on(state, rng)

    def check_action(
        self, state: Any, action: object, rng: random.Random, rules: Any = None
    ) -> None:
        """An action read in ``state`` (or under ``rules``, without a state) writes and
        reads back as JSON and as its token, and is legal exactly when ``step`` takes
        it. Without a state, its token is read back only in a game whose
        ``parse_action`` is told the player (in a new game under ``rules``)."""
        g, told = self.game, self.arguments
        if not isinstance(action, g.Action):
            raise Problem("round-trip", f"read a {type(action).__name__}, not an action")
        act: Any = action
        rules = state.rules if state is not None else rules or g.Rules()
        value = g.json.action_to_json(act, **told.needed("manifest", rules))
        same(act, g.json.action_from_json(value, **told.under("rules", rules)), "action JSON")
        if state is None and "player" not in told.keywords:
            return
        at = state if state is not None else g.new_game(rules)
        token = g.action_token(at, act)
        back = g.parse_action(at, token, **told.under("player", act.player))
        same(act, back, f"{token!r}/parse_action")
        if state is None:
            return
        legal = act in g.legal_actions(state)
        try:
            after = g.step(state, act).state
        except g.IllegalActionError:
            if legal:
                raise Problem("plays-on", f"{act} is legal but step refuses it") from None
            return
        if not legal:
            raise Problem("plays-on", f"step takes {act}, which is not among the legal actions")
        try:
            self.reads_back(after)
        except self._refused() as e:
            raise Problem("plays-on", f"after {act}: {g.to_text(after)!r}: {e}") from None
        self.plays_on(after, rng, 2)

    def check_record(self, record: object, rng: random.Random) -> None:
        """An accepted record reads back as text, JSON and JSON text, and its last
        position plays on."""
        g, told = self.game, self.arguments
        if not isinstance(record, g.Record):
            raise Problem("round-trip", f"read a {type(record).__name__}, not a Record")
        rules: Any = record.rules
        text = g.write_record(record)
        same(record, g.read_record(text, **told.needed("rules", rules)), "write_record/read_record")
        value = g.json.record_to_json(record)
        back = g.json.record_from_json(value, **told.needed("manifest", rules))
        same(record, back, "record JSON")
        if told.plain(rules):
            same(record, g.json.loads(g.json.dumps(record)), "record JSON text")
        self.plays_on(g.replay(record)[-1], rng, 2)

    def check_rules(self, rules: object, rng: random.Random) -> None:
        """Accepted rules read back as text and JSON, and a new game under them plays
        on."""
        g, told = self.game, self.arguments
        if not isinstance(rules, g.Rules):
            raise Problem("round-trip", f"read a {type(rules).__name__}, not Rules")
        manifest = told.needed("manifest", rules)
        back = g.rules_from_text(g.rules_to_text(rules), **manifest)
        same(rules, back, "rules_to_text/rules_from_text")
        same(rules, g.json.rules_from_json(g.json.rules_to_json(rules), **manifest), "rules JSON")
        self.plays_on(g.new_game(rules, seed=rng.randrange(1000)), rng, 4)

    def check_view(self, view: object, rng: random.Random) -> None:
        """An accepted view reads back as text, JSON and JSON text; each of the actions
        it offers (``view_actions``) is one ``why_illegal_in_view`` allows; and a view
        that hides nothing offers exactly its player's legal actions in its position,
        refuses anyone else's, and its position plays on; a spectator's view (player
        ``None``) offers and allows nothing."""
        g, told = self.game, self.arguments
        if not isinstance(view, g.View):
            raise Problem("round-trip", f"read a {type(view).__name__}, not a View")
        seen: Any = view
        rules = seen.state.rules
        back = g.view_from_text(g.view_to_text(seen), **told.needed("rules", rules))
        same(seen, back, "view_to_text/view_from_text")
        value = g.json.view_to_json(seen)
        same(seen, g.json.view_from_json(value, **told.needed("manifest", rules)), "view JSON")
        if told.plain(rules):
            same(seen, g.json.loads(g.json.dumps(seen)), "view JSON text")
        offered = g.view_actions(seen)
        for action in offered:
            why = g.why_illegal_in_view(seen, action)
            if why is not None:
                raise Problem("plays-on", f"the view offers {action}, but {why[0]}: {why[1]}")
        if seen.player is None:  # a spectator's view decides nothing, refuses everything
            if offered:
                raise Problem("plays-on", f"a spectator's view offers {offered}")
            hides = seen.hidden or not g.actors(seen.state)
            everyone = () if hides else g.legal_actions(seen.state)
            if everyone and g.why_illegal_in_view(seen, everyone[0]) is None:
                raise Problem("plays-on", f"a spectator's view allows {everyone[0]}")
            return
        if seen.hidden:
            return
        legal = g.legal_actions(seen.state, seen.player)
        if offered != legal:
            raise Problem("plays-on", f"the view offers {offered}, its player may {legal}")
        everyone = g.legal_actions(seen.state)
        if everyone:
            action = rng.choice(everyone)
            if (g.why_illegal_in_view(seen, action) is None) != (action in offered):
                raise Problem("plays-on", f"why_illegal_in_view misjudges {action}")
        self.plays_on(seen.state, rng, 2)

    def check_event(self, event: object, rng: random.Random) -> None:
        """An accepted event reads back as JSON and as JSON text, with its text."""
        g = self.game
        if not g.json.is_event(event):
            raise Problem("round-trip", f"read a {type(event).__name__}, not an event")
        value = g.json.event_to_json(event)
        same(event, g.json.event_from_json(value), "event JSON")
        same(event, g.json.loads(g.json.dumps(event)), "event JSON text")
        same(str(event), value["text"], "the event's text")

    def check_loaded(self, obj: object, rng: random.Random) -> None:
        """Whatever ``jsonio.loads`` accepted, by its kind."""
        g = self.game
        if isinstance(obj, g.State):
            self.check_state(obj, rng)
        elif isinstance(obj, g.Record):
            self.check_record(obj, rng)
        elif isinstance(obj, g.View):
            self.check_view(obj, rng)
        elif g.json.is_event(obj):
            self.check_event(obj, rng)
        else:
            self.check_action(None, obj, rng)
            same(obj, g.json.loads(g.json.dumps(obj)), "action JSON text")
