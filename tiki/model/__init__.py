"""The model layer: the nouns of the game.

:mod:`.rules` (the ruleset and its open readings), :mod:`.state` (the immutable
state, its phases and the outcome), :mod:`.actions` (one frozen class per kind of
decision) and :mod:`.events` (what a transition did, with its clause). It leans only on
:mod:`tiki.board` and the ground floor, :mod:`tiki.errors` (the ``ValueError`` family).
"""
