"""The clauses of ``specs/tiki.md``, as the package ships them.

Every rule of Tiki has a stable id (``TIKI-<AREA>-<n>``), and every event and every
refusal names one; :func:`explain` adds the clause's title and text to an event or an
error. The texts ship in ``tiki/data/clauses.json`` (written from the spec by
``specs/clauses.py``) and are read by :class:`gamekit.clauses.ClauseBook`.

>>> clause("TIKI-CREATE-3").source
'seed sentence 7 ("auf ein leeres Dorfplättchen") [C: S1, S2, S3, S4].'
"""

from __future__ import annotations

from gamekit.clauses import MAX_CLAUSE_ID, Clause, ClauseBook

from ..errors import NotationError

__all__ = ["BOOK", "MAX_CLAUSE_ID", "Clause", "clause", "clauses", "explain"]

BOOK = ClauseBook("tiki", NotationError)
"""The clauses of ``specs/tiki.md``."""
clauses = BOOK.clauses
clause = BOOK.clause
explain = BOOK.explain
