"""Why: is an action legal in a position, which clause decides, and what it does.

:func:`why` reads an action token in a position of a game (a ``State`` or its position
string) and returns an :class:`Explanation`. An illegal action is told with its
refusal and the clause that forbids it, with the clause's title and text as the spec
writes them; a legal one with the clause of what it does, the events it causes (each
naming its clause), those clauses by title, and the position it leads to, as a
position string and as the game's ASCII drawing. ``tikalspeed why POSITION ACTION``
and ``tiki why POSITION ACTION`` print it (:func:`run`).

>>> import tiki
>>> s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.X)
>>> s = tiki.apply(s, tiki.parse_action(s, "+b2"))
>>> no = why(tiki.GAME, s, "+b2")
>>> no.legal, no.clause.id, no.refusal
(False, 'TIKI-CREATE-3', 'b2 is not empty (TIKI-CREATE-3)')
>>> print(no.text().split("\\n\\n")[1])
TIKI-CREATE-3: An empty village
>>> yes = why(tiki.GAME, s, "+a1")
>>> yes.legal, yes.clause.id, [str(e) for e in yes.events]
(True, 'TIKI-CREATE-1', ['o creates a totem on a1 (TIKI-CREATE-1)'])
>>> import tikalspeed
>>> why(tikalspeed.GAME, tikalspeed.new_game(seed=1), "bid:100").refusal
'bid:100 is more than your score (20) (TIKAL-AUCTION-3)'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import attrs

from ..clauses import Clause
from ..game import Game
from ..words import near_miss

__all__ = ["Explanation", "run", "why"]

_WIDTH = 88
"""The width the specs wrap their text at, and the source line here."""


@attrs.frozen
class Explanation:
    """Whether ``action`` is legal in ``state``, the clause that decides it, and, if it
    is, what it does."""

    game: Game
    """The game the position is of."""
    state: Any
    """The position asked about."""
    token: str
    """The action's token in ``state`` (``action_token``: ``P2:tokens:3`` at a Speed
    token choice)."""
    action: Any
    """The action the token reads as."""
    decision: str
    """Who decides what in ``state``, in words (``text.decision``)."""
    refusal: str
    """Why the action is refused (the ``IllegalActionError`` message, its clause at
    the end), or ``""`` when it is legal."""
    clause: Clause | None
    """The clause that decides: the one that forbids the action, or, for a legal one,
    the clause of its first event (what it does); ``None`` for a legal action that
    raises no event."""
    events: tuple[Any, ...] = ()
    """What the legal action causes, in order; each names its clause."""
    after: Any = None
    """The position the legal action leads to; ``None`` when it is refused."""

    @property
    def legal(self) -> bool:
        """Whether the action is legal in ``state``."""
        return not self.refusal

    def event_clauses(self) -> tuple[Clause, ...]:
        """The clauses the events name, each once, in the order they first appear."""
        ids = dict.fromkeys(getattr(e, "clause", "") for e in self.events)
        return tuple(self.game.clause(i) for i in ids if i)

    def text(self) -> str:
        """The explanation for a person: the decision, the action, the verdict, the
        deciding clause with its text and source; for a legal action its events,
        their clauses by title, and the new position with its drawing."""
        lines = [f"decision: {self.decision}"]
        if self.after is None:
            lines += [f"action:   {self.token}", f"legal:    no: {self.refusal}"]
        else:
            lines += [
                f"action:   {self.token}: {self.game.in_words(self.state, self.action)}",
                "legal:    yes",
            ]
        out = ["\n".join(lines)]
        if self.clause is not None:
            out.append(str(self.clause))
            if self.clause.source:
                out.append(_wrapped(f"Source: {self.clause.source}"))
        if self.after is not None:
            told = [f"  {e}" for e in self.events] or ["  none"]
            named = [f"  {c.id}: {c.title}" for c in self.event_clauses()]
            out.append("\n".join(["events:", *told, "clauses of these events:", *named]))
            drawn = self.game.draw(self.after)
            out.append(f"new position: {self.game.to_text(self.after)}\n{drawn}")
        return "\n\n".join(out)

    def __str__(self) -> str:
        return self.text()


def _wrapped(text: str) -> str:
    """``text`` wrapped as the specs wrap theirs."""
    return textwrap.fill(text, _WIDTH, break_long_words=False, break_on_hyphens=False)


def _reason(e: Any) -> str:
    """The message of ``e`` without its ``(at N)``, which the new error adds again."""
    where = "" if e.position is None else f" (at {e.position})"
    return str(e).removesuffix(where)


def _position(game: Game, position: Any) -> Any:
    if isinstance(position, game.State):
        return position
    if not isinstance(position, str):
        raise game.NotationError(
            f"the position is a State or its text, not {type(position).__name__}"
        )
    try:
        return game.from_text(position)
    except game.NotationError as e:
        raise game.NotationError(f"the position: {_reason(e)}", e.position) from None


def _action(game: Game, state: Any, token: str) -> Any:
    try:
        return game.parse_action(state, token)
    except game.NotationError as e:
        hint = ""
        if isinstance(token, str):
            legal = [t for _, tokens in game.decision(state).tokens_by_actor for t in tokens]
            meant = near_miss(token, legal, game.token_joiner)
            hint = f"; did you mean {meant}?" if meant else ""
        raise game.NotationError(
            f"the action token: {_reason(e)}{hint}", e.position
        ) from None


def why(game: Game, state: Any, token: str) -> Explanation:
    """Explain the action ``token`` (one action token, as the game's ``parse_action``
    reads it) in ``state`` (a ``State`` of ``game``, or its position string).

    Raises the game's ``NotationError`` naming the argument at fault when the position or
    the token cannot be read (``position`` is then the offset in that argument, if
    known); a well-formed but illegal action is not an error but an explanation.
    """
    s = _position(game, state)
    action = _action(game, s, token)
    told = game.decision(s).text
    try:
        done = game.step(s, action)
    except game.IllegalActionError as e:
        refused = game.clause(e.clause)
        return Explanation(game, s, token.strip(), action, told, str(e), refused)
    first = next((c for c in (getattr(e, "clause", None) for e in done.events) if c), None)
    return Explanation(
        game,
        s,
        game.action_token(s, action),
        action,
        told,
        "",
        None if first is None else game.clause(first),
        tuple(done.events),
        done.state,
    )


def run(game: Game, words: Sequence[str], out: Any) -> int:
    """The command ``why POSITION ACTION``: ``words`` are the position (one quoted word,
    or its fields as separate words) and then the action token. Writes the explanation
    to ``out``; returns 0 when the action is legal and 1 when it is refused. Raises
    the game's ``NotationError`` for missing words, an unreadable position or an unreadable
    token, naming which."""
    if len(words) < 2:
        raise game.NotationError("why needs a POSITION and then an ACTION token")
    explanation = why(game, " ".join(words[:-1]), words[-1])
    print(explanation.text(), file=out)
    return 0 if explanation.legal else 1
