"""Simulation studies of any game: many games per ruleset, summed up with intervals.

- :mod:`.study`: the study, written once: the bots it seats, one game played and
  measured (the waits among the measures), the whole study; a game fills in a
  :class:`~.study.Study` with what knows it (``tiki.tools.studies.STUDY``);
- :mod:`.runner`: the games on local processes or Ray, and the summary's intervals;
- :mod:`.output`: rows to CSV and Parquet, plots, and the ``simulate`` command line.
"""
