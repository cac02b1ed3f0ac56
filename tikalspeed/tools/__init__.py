"""The tools layer: what a person or a program runs, in folders by concern.

:mod:`.cli` (the ``tikalspeed`` command: its commands and options, the human prompt, the
narration, the ASCII board), :mod:`.bots` (simple bots and the search bot),
:mod:`.scenarios` (rule examples as data, and ``why``), :mod:`.studies` (simulation
studies), :mod:`.fuzzing` (the fuzzer's corpus and readers), :mod:`.adapters`
(OpenSpiel and PettingZoo) and :mod:`.bench` (speed and memory).
What knows neither game is in :mod:`gamekit`; nothing below imports from here.
"""
