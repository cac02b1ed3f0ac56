"""The decision open in a position, in one object for either game: :class:`Decision`.

Each game's ``text.decision.decision(state)`` fills one in: who must act, the kind
of decision (the phase that asks it), each actor's legal actions as action objects
and as tokens, and the one-line description the command line prints, with its
clause ids, and in :attr:`Decision.words` without them, for a player.

>>> d = Decision("turn", (0,), ((0, ("a", "b")),), ((0, ("+a", "+b")),),
...              "x moves (TIKI-TURN-1)")
>>> d.words, d.clauses, d.tokens(0), d.actions(1)
('x moves', ('TIKI-TURN-1',), ('+a', '+b'), ())
"""

from __future__ import annotations

from typing import Generic, TypeVar

import attrs

from .words import clauses_in, strip_clauses

__all__ = ["Decision"]

A = TypeVar("A")


@attrs.frozen
class Decision(Generic[A]):
    """The decision open in a position (or in what one player sees of it); ``A`` is
    the game's action type."""

    kind: str
    """The phase that asks it (Tiki: ``'turn'``, ``'order'``, ...; Tikal: ``'place'``,
    ``'actions'``, ``'bid'``, ``'tokens'``, ...; a chance phase; or ``'over'``)."""
    actors: tuple[int, ...]
    """Who may act (the game's ``CHANCE`` at a chance node, ``()`` once over)."""
    legal: tuple[tuple[int, tuple[A, ...]], ...]
    """Per actor, his legal actions (of a view: only its player's, if he acts)."""
    tokens_by_actor: tuple[tuple[int, tuple[str, ...]], ...]
    """Per actor, the tokens of his legal actions, in the same order."""
    text: str
    """The one-line description (the command line's ``decision:`` line)."""

    @property
    def words(self) -> str:
        """:attr:`text` without clause ids, for a player to read."""
        return strip_clauses(self.text)

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause ids :attr:`text` names (often none)."""
        return clauses_in(self.text)

    def actions(self, player: int) -> tuple[A, ...]:
        """The legal actions of ``player`` (``()`` if he does not act)."""
        return dict(self.legal).get(player, ())

    def tokens(self, player: int) -> tuple[str, ...]:
        """The tokens of ``player``'s legal actions, unique, read back by the game's
        ``parse_action``."""
        return dict(self.tokens_by_actor).get(player, ())
