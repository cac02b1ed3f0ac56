"""The text layer: every form a state, an action or a game takes outside Python.

:mod:`.notation` (the one-token action notation and the one-line position string,
checked for consistency by :mod:`._check`), :mod:`.record` (game records and
replay), :mod:`.jsonio` (JSON for states, actions and records) and
:mod:`.tensor` (a player's view as numbers, for learning code). It leans on the
engine (a record replays its actions), never on the tools.
"""
