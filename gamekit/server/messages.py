"""What the server tells each seat: the ``hello`` and ``update`` envelopes, built
from a :class:`~gamekit.server.table.Table` alone, so what a seat or a spectator is
sent can be checked without a server.

A message for ``seat`` carries only what that seat may see: its own view
(``observe(state, seat)``; a spectator's, ``seat=None``, hides every secret), the
decision of that view (the seat's own actions only), the events (which name who
has chosen a secret, never what), and who the game waits for. Once the game is over
it carries the whole record, every secret being revealed by then.

>>> import tiki
>>> from gamekit.server.table import Table
>>> t = Table.start(tiki.GAME, tiki.GAME.Rules(), seed=5, seats=2)
>>> _ = t.advance(t.pending())
>>> m = message(t, SeatInfo.of(tiki.GAME, 2), 1, "update", [])
>>> m["type"], m["seq"], m["for"], m["asked"], m["waiting"]
('update', 2, 1, 2, [{'seat': 1, 'name': 'o', 'secret': False}])
>>> message(t, SeatInfo.of(tiki.GAME, 2), None, "update", [])["decision"]["legal"]
[]
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import attrs

from ..game import Game
from ..i18n import DEFAULT, words
from ..words import strip_clauses
from .protocol import ProtocolError, envelope
from .table import Table

__all__ = ["HISTORY", "SeatInfo", "message", "offered", "said"]

log = logging.getLogger("gamekit.server")

HISTORY = 200
"""How many of the latest events a client is sent when it (re)connects."""


@attrs.frozen
class SeatInfo:
    """What everyone may know of a game's setting: its id, rules, clock and seats."""

    id: str
    """The game's id."""
    rules: Any
    """The rules as JSON."""
    clock: float | None
    """Seconds per decision, or ``None``."""
    seats: tuple[dict[str, Any], ...]
    """Per seat: ``{"seat", "name", "kind", "bot", "open"}``."""

    @classmethod
    def of(cls, game: Game, seats: int, game_id: str = "-") -> SeatInfo:
        """A setting of ``seats`` human seats under the default rules (for examples)."""
        return cls(
            game_id, {}, None,
            tuple({"seat": s, "name": game.player_name(s), "kind": "human", "bot": None,
                   "open": False} for s in range(seats)),
        )


def waiting(t: Table) -> list[dict[str, Any]]:
    """Who the game waits for, and whether in secret: ``[{"seat": 1, "name": "P2",
    "secret": true}]`` (a client shows "P2 is choosing in secret")."""
    secret = bool(t.actors) and bool(t.game.secret(t.state))
    return [{"seat": p, "name": t.game.player_name(p), "secret": secret} for p in t.actors]


def record_text(t: Table) -> str:
    """The game's record as the game's text form (every action, secrets included):
    sent only once the game is over."""
    game = t.game
    actions = []
    state = game.new_game(t.rules)
    for row in t.log:
        if row.kind == "resign":
            continue
        action = game.parse_action(state, row.token)
        actions.append(action)
        state = game.step(state, action).state
    text: str = game.write_record(game.Record.from_actions(actions, rules=t.rules))
    return text


def message(
    t: Table,
    info: SeatInfo,
    seat: int | None,
    kind: str,
    events: Sequence[dict[str, Any]],
    *,
    clock: dict[str, float] | None = None,
    lang: str = DEFAULT,
) -> dict[str, Any]:
    """A ``hello`` (the game's setting and the latest :data:`HISTORY` events) or an
    ``update`` (the new ``events``) for ``seat`` (``None``: a spectator), its words
    (the decision's, each action's, each event's) in ``lang``."""
    game = t.game
    view = t.view(seat)
    decision: dict[str, Any] = game.decision_to_json(view, lang)
    fields: dict[str, Any] = {
        "view": game.json.to_json(view),
        "decision": decision,
        "asked": None if seat is None else t.asked(seat),
        "waiting": waiting(t),
        "over": t.over,
        "result": t.result(),
        "clock": clock,
    }
    if kind == "hello":
        fields["game"] = {
            "id": info.id,
            "game": game.package,
            "name": game.name,
            "rules": info.rules,
            "clock": info.clock,
            "seats": list(info.seats),
        }
        fields["events"] = t.said(t.events[-HISTORY:], lang)
    else:
        fields["events"] = t.said(events, lang)
    if t.over:
        fields["record"] = record_text(t)
    return envelope(kind, t.seq, seat, **fields)


def setting(game: Game, game_id: str, rules_json: str, clock: float | None,
            seats: Sequence[dict[str, Any]]) -> SeatInfo:
    """The :class:`SeatInfo` of a stored game."""
    return SeatInfo(game_id, json.loads(rules_json), clock, tuple(seats))


def said(game: Game, refusal: Any, lang: str = DEFAULT) -> str:
    """A refusal (an ``IllegalActionError``, or the reason of ``why_illegal``) in
    ``lang``, without its clause: the game's ``refusal_words``, where it has them.

    >>> import tiki
    >>> s = tiki.new_game(seed=1)
    >>> try:
    ...     tiki.step(s, tiki.parse_action(s, "b2-b3"))
    ... except tiki.IllegalActionError as e:
    ...     said(tiki.GAME, e, "de"), said(tiki.GAME, e)
    ('auf b2 steht kein Totem', 'there is no totem on b2')
    """
    if game.refusal_words is not None:
        told: str = game.refusal_words(refusal, lang)
        return told
    return strip_clauses(str(refusal))


def offered(t: Table, seat: int, msg: dict[str, Any], lang: str = DEFAULT) -> str:
    """The offered action ``msg`` names, as its token; anything not offered to the
    seat is ``illegal``, with the engine's reason where it has one."""
    if "token" in msg:  # the seat's tokens (worked out once a position): no JSON to build
        if msg["token"] in t.decision_tokens(seat):
            return str(msg["token"])
        shown = msg["token"] if len(msg["token"]) <= 60 else msg["token"][:59] + "…"
    else:
        decision = t.game.decision_to_json(t.view(seat))
        for entry in decision["legal"]:
            for a in entry["actions"]:
                if a["action"] == msg["action"]:
                    return str(a["token"])
        shown = json.dumps(msg["action"], sort_keys=True)[:60]
    why = _why(t, t.view(seat), msg, lang)
    say = words("gamekit", lang)
    name = t.game.player_name(seat)
    if why:
        told = say("{action} is not one of {player}'s actions now: {why}",
                   action=shown, player=name, why=why)  # fmt: skip
    else:
        told = say("{action} is not one of {player}'s actions now", action=shown, player=name)
    told = told if len(told) <= 1000 else told[:999] + "…"  # the envelope's bound
    raise ProtocolError("illegal", told)


def _why(t: Table, view: Any, msg: dict[str, Any], lang: str = DEFAULT) -> str:
    game = t.game
    try:
        if "token" in msg:
            action = game.parse_action(view.state, msg["token"])
        else:
            action = game.json.action_from_json(msg["action"], "$.action")
        why = game.why_illegal_in_view(view, action)
    except game.IllegalActionError as e:
        return said(game, e, lang)
    except game.refusals() as e:
        return strip_clauses(str(e))
    except Exception:  # a reader's bug must not reach the client
        log.exception("reading an action")
        return ""
    return "" if why is None else said(game, why[1], lang)
