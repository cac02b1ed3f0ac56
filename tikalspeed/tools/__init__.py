"""The tools layer: what a person or a program runs.

:mod:`.render` (text drawings of a position), :mod:`.narration` (a game told move by
move), :mod:`.bots` (random and greedy players, and a game loop), :mod:`.bench`
(speed and memory) and :mod:`.cli` (the ``tikalspeed`` command). Nothing below
imports from here.
"""
