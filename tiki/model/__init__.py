"""The model layer: the nouns of the game.

:mod:`.rules` (the ruleset and its open readings), :mod:`.state` (the immutable
state, its phases and the outcome), :mod:`.actions` (one frozen class per kind of
decision), :mod:`.events` (what a transition did, with its clause) and
:mod:`.symmetry` (all of them seen through a symmetry of the square). It leans only on
:mod:`tiki.board` and the ground floor, :mod:`tiki.errors` (the ``ValueError`` family).
"""
