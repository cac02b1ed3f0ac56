"""The clauses of ``specs/tikal.md``, as the package ships them: :func:`clause` by id.

Every rule of Tikal, its professional game and Tikal on Speed has a stable id
(``TIKAL-…``, ``SPEED-…``), and every event and every refusal names one. The texts
ship in ``tikalspeed/data/clauses.json`` (written from the spec by
``specs/clauses.py``) and are read by the shared kit's :class:`gamekit.clauses.ClauseBook`.

>>> clause("SPEED-JUMP-2").title
'The reveal and the order of play'
>>> try:
...     clause("TIKI-CREATE-3")
... except NotationError as e:
...     print(e)
no clause 'TIKI-CREATE-3' in specs/tikal.md: its ids start TIKAL- or SPEED-
"""

from __future__ import annotations

from gamekit.clauses import MAX_CLAUSE_ID, Clause, ClauseBook

from ..errors import NotationError

__all__ = ["BOOK", "MAX_CLAUSE_ID", "Clause", "clause", "clauses", "explain"]

BOOK = ClauseBook("tikalspeed", NotationError)
"""The clauses of ``specs/tikal.md``."""
clauses = BOOK.clauses
clause = BOOK.clause
explain = BOOK.explain
