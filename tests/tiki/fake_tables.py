"""Fake tables for the tests of the sweep and of the winning lines (issue 22).

A real layout's table is 12 CPU-minutes and 4.5 GB: :class:`FakeBuild` writes its
layers as empty files (the driver's bookkeeping: restart, records, deletion),
:func:`fake_record` sums its log into a made-up :class:`~tiki.tools.tables.sweep.Opening`,
and :class:`CommittedLines` answers what :mod:`tiki.tools.tables.lines` asks a table
(the opening's value, its line) from the committed records of seed 1's layout.
"""

from __future__ import annotations

import os
import pickle
import types
from pathlib import Path
from typing import Any

from tiki.board.layouts import CLASSES, class_index, symmetry_between
from tiki.model.actions import Action
from tiki.model.state import State
from tiki.model.symmetry import transform_action
from tiki.text.record import Record, read_record
from tiki.tools.solve import Solution
from tiki.tools.tables import sweep
from tiki.tools.tables.lines import file_name
from tiki.tools.tables.store import LayoutDir
from tiki.tools.tables.tallies import tally_layers

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)``, of class 57."""
PV = Path(__file__).resolve().parents[2] / "docs" / "tiki-pv"
"""The committed records."""


class FakeBuild:
    """A build whose layers are empty files: the driver's bookkeeping without 25
    CPU-minutes (the records come from :func:`fake_record`)."""

    def __init__(self) -> None:
        self.layers: list[tuple[tuple[int, ...], int]] = []

    def __call__(self, layout: tuple[int, ...], top: str, *, layers: int | None = None,
                 progress: Any = None) -> list[dict[str, Any]]:  # fmt: skip
        where = LayoutDir(top, layout)
        order = tally_layers(layout).order
        where.write_meta(order)
        made: list[dict[str, Any]] = []
        for layer in range(len(order)):
            if where.is_built(layer) or (layers is not None and len(made) >= layers):
                continue
            where.layer_path(layer).write_bytes(b"")
            record = {"layer": layer, "wins": 1, "losses": 2, "draws": 0, "max_dist": layer,
                      "t_total": 1.5}  # fmt: skip
            where.log(record)
            where.mark_built(layer)
            self.layers.append((layout, layer))
            made.append(record)
        return made


def fake_record(index: int, top: str, layout: tuple[int, ...]) -> sweep.Opening:
    """A record summed from the fake build's log (the opening made up: a win in 9)."""
    logged = LayoutDir(top, layout).records()
    cls = CLASSES[index]
    return sweep.Opening(
        index, cls.representative, cls.size, layout, "win", 9, "+a1", None,
        max(r["max_dist"] for r in logged), sum(r["wins"] for r in logged),
        sum(r["losses"] for r in logged), 0, len(logged),
        sum(r["t_total"] for r in logged), "fake", "2026-01-01",
    )  # fmt: skip


def fake_verified(
    index: int, top: str, layout: tuple[int, ...], found: sweep.Opening
) -> sweep.Verification:
    """A passed verdict for the fake build's empty files (the verifier's own tests run
    it on real layers: ``tests/tiki/test_tables_verifier.py``)."""
    return sweep.Verification("tikiverify fake", "0" * 64, "f" * 64, found.layers, 1, 0.0)


def committed(first: int) -> Record:
    """The committed record of seed 1's layout with ``first`` to move."""
    return read_record((PV / file_name(SEED1, first)).read_text(encoding="utf-8"))


class CommittedLines:
    """``solve`` and ``line`` as :mod:`tiki.tools.tables.lines` calls them, answered
    from the committed records: an opening of class 57 (seed 1's) is the records' win
    for its first player, by their line mapped onto its layout; any other a draw.
    ``asked`` lists the layouts asked for a line."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, ...]] = []

    def solve(self, state: State, *, tables: str | os.PathLike[str]) -> Solution:
        """The opening's value as the table would give it."""
        if class_index(state.tiles) != class_index(SEED1):
            return Solution("draw", state.actor, None, None, 0, 0, "table")
        plies = len(committed(state.actor).actions)
        return Solution("win", state.actor, None, plies, 0, 0, "table")

    def line(self, state: State, tables: str | os.PathLike[str]) -> list[Action]:
        """The committed line, mapped onto ``state``'s layout."""
        self.asked.append(state.tiles)
        symmetry = symmetry_between(SEED1, state.tiles)
        return [transform_action(a, symmetry) for a in committed(state.actor).actions]


def fake_ray(calls: list[Any]) -> Any:
    """A stand-in for the ``ray`` module that runs each remote task in this process
    when it is sent, noting ``ray.init``'s and ``ray.remote``'s arguments in ``calls``;
    the task's result goes through a pickle, as a Ray object does."""

    class Ref:
        def __init__(self, value: Any) -> None:
            self.value = pickle.dumps(value)

    def remote(**options: Any) -> Any:
        def wrap(f: Any) -> Any:
            calls.append((f, options))
            return types.SimpleNamespace(remote=lambda *a, **kw: Ref(f(*a, **kw)))

        return wrap

    return types.SimpleNamespace(
        is_initialized=lambda: False,
        init=lambda **kw: calls.append(kw),
        remote=remote,
        wait=lambda refs, num_returns: (refs[:1], refs[1:]),
        get=lambda ref: pickle.loads(ref.value),
    )
