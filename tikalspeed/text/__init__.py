"""The text layer: every form a state, an action or a game takes outside Python.

:mod:`.notation` (the one-token action notation), :mod:`.position` (the one-line
position string, with :mod:`.check`, the consistency check a state read from outside
must pass), :mod:`.rulestext` (a ruleset in one line), :mod:`.record` (game records
and replay), :mod:`.jsonio` (JSON for rules, states, actions and records), :mod:`.views`
(a player's view, in text and JSON) and :mod:`.tensor` (a player's view as numbers,
for learning code). Each
form is one public module; its private helpers are the ``_`` modules beside it. It
leans on the engine (a record replays its actions), never on the tools.
"""
