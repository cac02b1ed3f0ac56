"""Simulation studies of any game: many games per ruleset, summed up with intervals.

- :mod:`.study`: the study, written once: the bots it seats, one game played and
  measured (the waits among the measures), the whole study; a game fills in a
  :class:`~.study.Study` with what knows it (``tiki.tools.studies.STUDY``);
- :mod:`.runner`: the games on local processes or Ray;
- :mod:`.stats`: the intervals (Student's t, Wilson's, paired by seed, Fieller's for a
  ratio and a break-even), the summary, and figures written with their uncertainty;
  :mod:`.tables`: each ruleset against the first, game by game;
- :mod:`.timing`: the table-time model; :mod:`.fitting` and :mod:`.fitfile`: the model
  fitted to games people played (``study-time``), and its file;
- :mod:`.output`: rows to CSV and Parquet, plots, and the ``simulate`` command line.
"""
