"""What knows neither game: the kit that ``tiki`` and ``tikalspeed`` stand on.

A game plugs in through one small descriptor, :class:`Game` (``tiki.GAME``,
``tikalspeed.GAME``), and every tool here works for it by taking that descriptor:

- :mod:`gamekit.game`: the descriptor; :mod:`gamekit.clauses`: a spec's clauses as a
  package ships them; :mod:`gamekit.moved`: old module paths that still import;
- :mod:`gamekit.bots`: the bots' protocol and the loop that plays a game between them;
- :mod:`gamekit.scenarios`: ``why`` an action is legal, and scenario files (``check``);
- :mod:`gamekit.studies`: simulation studies (the study, runner, tables, files, plots);
- :mod:`gamekit.fuzzing`: the fuzzer of every reader;
- :mod:`gamekit.cli`: the command line's harness, options, subcommands and prompt;
- :mod:`gamekit.pictures`: a page of a game's pictures; :mod:`gamekit.yardstick`:
  python-chess, the yardstick of ``bench``.

It imports neither game; the games import it (``docs/architecture.md``).
"""

from .game import Game, load

__all__ = ["Game", "load"]
