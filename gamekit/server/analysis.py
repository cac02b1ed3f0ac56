"""The analysis board's answers: any position of a game, its actions, why an action is
legal or not and the clause that decides, a variation played from it, a scenario run,
and (Tiki) the value under perfect play. Nothing is stored: every request carries its
position and variation, and every answer is a pure function of it.

A request (``POST /api/analysis``) is JSON:

``game``
    ``"tiki"`` or ``"tikalspeed"``.
``start``
    where the board starts: ``{"text": POSITION}`` (the game's position string),
    ``{"json": {...}}`` (its state JSON), ``{"record": TEXT}`` (a game record: its start,
    and its actions as ``record``, to step through), or ``{"rules": {...}, "seed": N}``
    (a new game; both optional).
``moves``
    the variation: action tokens played from the start, in order (chance outcomes
    too: a designer chooses them).
``try``
    an action token asked about in the position the moves reach, legal or not.
``solve``
    ``true``: the value of that position under perfect play, where the game has a
    solver (Tiki) and it settles within a bounded search.
``lang``
    the language of every word in the answer.

Every input is bounded (:data:`MAX_MOVES`, :data:`MAX_TEXT`, :data:`MAX_TOKEN`, the
solver's :data:`SOLVE_LIMIT`) and a refused one is an :class:`AnalysisError` naming
where it broke (``$.moves[3]: …``).

>>> import tiki
>>> games = {"tiki": tiki.GAME}
>>> answer = analyse(games, {"game": "tiki", "start": {"rules": {}, "seed": 1},
...                          "moves": ["+b2"], "try": "+b2"})
>>> answer["moves"][0]["words"], answer["why"]["legal"], answer["why"]["clause"]["id"]
('o creates a totem at b2', False, 'TIKI-CREATE-3')
>>> analyse(games, {"game": "tiki", "start": {"seed": 1}, "moves": ["+b2", "b9-b2"]})
Traceback (most recent call last):
...
gamekit.server.analysis.AnalysisError: $.moves[1]: unknown village 'b9' in 'b9-b2' (at 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Game, load
from ..i18n import DEFAULT, language
from ..scenarios import runner
from ..scenarios.why import why
from ..words import strip_clauses
from .messages import said

__all__ = [
    "MAX_MOVES",
    "MAX_TEXT",
    "MAX_TOKEN",
    "SOLVE_LIMIT",
    "AnalysisError",
    "analyse",
    "refused",
    "scenario",
]

MAX_MOVES = 1000
"""The longest variation a request may play."""
MAX_TEXT = 60_000
"""The most characters of a position, a record or a scenario."""
MAX_TOKEN = 200
"""The most characters of one action token."""
SOLVE_LIMIT = 300_000
"""The most positions the solver may search for one answer."""


class AnalysisError(ValueError):
    """A request the analysis board cannot answer: where it broke, and why."""


def _game(games: Mapping[str, Game], request: Any) -> Game:
    if not isinstance(request, dict):
        raise AnalysisError("$: expected an object")
    name = request.get("game")
    if not isinstance(name, str) or name not in games:
        raise AnalysisError(f"$.game: one of {', '.join(sorted(games))}, not {str(name)[:40]!r}")
    return games[name]


def _text(value: Any, where: str, most: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise AnalysisError(f"{where}: expected a string")
    if len(value) > most:
        raise AnalysisError(f"{where}: longer than {most} characters")
    return value


def _start(game: Game, given: Any) -> tuple[Any, list[str]]:
    """The start position and the record's tokens (``[]`` unless a record)."""
    if given is None:
        given = {}
    if not isinstance(given, dict) or len(given) > 2:
        raise AnalysisError("$.start: expected {text}, {json}, {record} or {rules, seed}")
    try:
        if "text" in given:
            return game.from_text(_text(given["text"], "$.start.text")), []
        if "json" in given:
            state = game.json.from_json(given["json"])
            if not isinstance(state, game.State):
                raise AnalysisError("$.start.json: expected a state's JSON (a position)")
            return state, []
        if "record" in given:
            record = game.read_record(_text(given["record"], "$.start.record"))
            states = game.replay(record)
            tokens = [game.action_token(s, a) for s, a in zip(states, record.actions, strict=False)]
            return states[0], tokens
        rules = game.json.rules_from_json(given.get("rules", {}))
        seed = given.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**53):
            raise AnalysisError("$.start.seed: a whole number from 0 to 2**53 - 1")
        return game.new_game(rules, seed=seed), []
    except game.refusals() as e:
        raise AnalysisError(f"$.start: {e}") from None


def _events(game: Game, events: Any, lang: str) -> list[str]:
    return [game.json.event_to_json(e, lang)["words"] for e in events]


def _play(game: Game, state: Any, moves: Any, lang: str) -> tuple[Any, list[dict[str, Any]]]:
    if moves is None:
        moves = []
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise AnalysisError(f"$.moves: a list of at most {MAX_MOVES} action tokens")
    played = []
    for i, token in enumerate(moves):
        where = f"$.moves[{i}]"
        _text(token, where, MAX_TOKEN)
        try:
            action = game.parse_action(state, token)
            said = game.in_words(state, action) if lang == DEFAULT else None
            t = game.step(state, action)
        except game.refusals() as e:
            raise AnalysisError(f"{where}: {e}") from None
        told = _action_words(game, state, action, lang) if said is None else said
        played.append({"token": game.action_token(state, action), "words": told,
                       "events": _events(game, t.events, lang)})  # fmt: skip
        state = t.state
    return state, played


def _action_words(game: Game, state: Any, action: Any, lang: str) -> str:
    """An action's words in ``lang``: the decision's entry that is this action."""
    for entry in game.decision_to_json(state, lang)["legal"]:
        for a in entry["actions"]:
            if a["action"] == game.json.action_to_json(action):
                told: str = a["words"]
                return told
    return str(action)  # pragma: no cover - a legal action is one of the decision's


def _why(game: Game, state: Any, token: Any, lang: str) -> dict[str, Any]:
    token = _text(token, "$.try", MAX_TOKEN)
    try:
        told = why(game, state, token)
    except game.refusals() as e:
        raise AnalysisError(f"$.try: {e}") from None
    out: dict[str, Any] = {"token": told.token, "legal": told.legal}
    if told.clause is not None:
        c = game.clause(told.clause.id, lang)
        out["clause"] = {"id": c.id, "title": c.title, "text": c.text}
    if told.legal:
        out["events"] = _events(game, told.events, lang)
        out["after"] = game.to_text(told.after)
    else:
        out["refusal"] = refused(game, state, told.action, lang)
    return out


def refused(game: Game, state: Any, action: Any, lang: str) -> str:
    """Why ``action`` is refused in ``state``, in ``lang``, without the clause: the
    game's ``refusal_words`` where it says them, else its message; ``""`` if legal."""
    try:
        game.step(state, action)
    except game.IllegalActionError as e:
        return said(game, e, lang)
    return ""


def _solve(game: Game, state: Any, lang: str) -> dict[str, Any] | None:
    """The value of ``state`` under perfect play, where the game has a solver and it
    settles within :data:`SOLVE_LIMIT` positions: who decides, who wins in how many
    plies, a best action (its token and words), and how far the search went."""
    if not game.solver:
        return None
    solve = load(game.solver)
    try:
        found = solve(state, limit=SOLVE_LIMIT)
    except game.refusals() as e:
        return {"value": "unknown", "why": strip_clauses(str(e)), "plies": None, "best": None}
    out: dict[str, Any] = {
        "value": found.value,
        "player": game.player_name(found.player),
        "winner": None if found.winner is None else game.player_name(found.winner),
        "plies": found.plies,
        "depth": found.depth,
        "nodes": found.nodes,
        "best": None,
    }
    if found.best is not None:
        out["best"] = game.action_token(state, found.best)
        out["best_words"] = _action_words(game, state, found.best, lang)
    return out


def _pictures(game: Game, state: Any, lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {"svg": game.picture(state, lang=lang)}
    who = [p for p in game.actors(state) if p != game.CHANCE]
    if game.decision_picture is not None and len(who) == 1:
        about = game.decision_picture(game.observe(state, who[0]), lang=lang)
        if about is not None:
            out["decision_svg"] = about
    return out


def analyse(games: Mapping[str, Game], request: Any) -> dict[str, Any]:
    """The analysis board's answer to ``request`` (the module's docstring says its
    fields); :class:`AnalysisError` names where a refused request broke."""
    game = _game(games, request)
    unknown = set(request) - {"game", "start", "moves", "try", "solve", "lang"}
    if unknown:
        raise AnalysisError(f"$.{sorted(unknown)[0][:40]}: no such field")
    lang = language(request.get("lang") if isinstance(request.get("lang"), str) else None)
    start, record = _start(game, request.get("start"))
    state, played = _play(game, start, request.get("moves"), lang)
    out: dict[str, Any] = {
        "game": game.package,
        "start": game.to_text(start),
        "record": record,
        "moves": played,
        "position": game.to_text(state),
        "state": game.json.to_json(state),
        "names": list(game.seat_names(state.rules)),
        "rules": game.json.rules_to_json(state.rules),
        "decision": game.decision_to_json(state, lang),
        "over": game.outcome(state) is not None,
        **_pictures(game, state, lang),
    }
    if "try" in request:
        out["why"] = _why(game, state, request["try"], lang)
    if request.get("solve") is True:
        out["value"] = _solve(game, state, lang)
    return out


def scenario(games: Mapping[str, Game], request: Any) -> dict[str, Any]:
    """A scenario file run on the board: ``{"game", "text", "lang"}`` answered with its
    title, clauses, each step (the token, its words and events, the position after)
    and each expectation passed or failed with what was found, and the final board."""
    game = _game(games, request)
    if not game.scenarios:
        raise AnalysisError(f"$.game: {game.name} has no scenario files")
    kind = load(game.scenarios)
    text = _text(request.get("text"), "$.text")
    lang = language(request.get("lang") if isinstance(request.get("lang"), str) else None)
    try:
        read = runner.load(kind, text, name="scenario.toml")
    except game.refusals() as e:
        raise AnalysisError(f"$.text: {e}") from None
    state = read.start
    steps: list[dict[str, Any]] = []
    stopped = ""
    events: tuple[Any, ...] = ()
    for token in read.actions:
        try:
            action = kind.parse_token(state, token)
            words_of = _action_words(game, state, action, lang)
            t = game.step(state, action)
        except game.refusals() as e:
            stopped = f"{token}: {e}"
            break
        events = tuple(t.events)
        steps.append({"token": token, "words": words_of, "events": _events(game, events, lang),
                      "position": game.to_text(t.state)})  # fmt: skip
        state = t.state
    expectations = []
    for expected in read.expect:
        try:
            missed = list(kind.mismatches((expected,), state, events))
        except Exception as x:  # an expectation the position cannot answer
            missed = [runner.Mismatch(getattr(expected, "key", "?"), "", str(x))]
        expectations.append(
            {
                "key": getattr(expected, "key", str(expected)),
                "passed": not missed and not stopped,
                "found": [
                    {"key": m.key, "expected": m.expected, "actual": m.actual} for m in missed
                ],
            }
        )
    return {
        "game": game.package,
        "title": read.title,
        "clauses": list(read.clauses),
        "start": game.to_text(read.start),
        "steps": steps,
        "stopped": stopped,
        "expectations": expectations,
        "passed": not stopped and all(x["passed"] for x in expectations),
        **_pictures(game, state, lang),
    }
