"""The text layer: every form a state, an action or a game takes outside Python.

:mod:`.notation` (the one-token action notation and the one-line position string,
checked for consistency by :mod:`._check`), :mod:`.record` (game records and
replay) and :mod:`.jsonio` (JSON for states, actions and records). It leans on the
engine (a record replays its actions), never on the tools.
"""
