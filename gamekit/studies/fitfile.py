"""The fit file: fits of the table-time model (:mod:`.fitting`) as a small JSON file,
written by ``study-time --out FILE`` and read by ``simulate --table-time FILE[:GROUP]``.

The file holds each group's estimates (unclipped: a negative one stays negative), its
95% intervals (``null`` for a coefficient not fitted), the games and decisions it rests
on and the residuals' standard deviation::

    {"groups": {"tiki": {"base": 7.1, "per_point": 0.0, "per_option": 0.41,
                         "intervals": {"base": [6.6, 7.6], "per_point": null,
                                       "per_option": [0.37, 0.45]},
                         "games": 30, "decisions": 812, "residual": 1.5}}}

It is read within bounds, like every file from outside: a regular file of at most
:data:`MAX_FIT_BYTES` bytes, at most :data:`MAX_GROUPS` groups, every field checked;
a :class:`FitFileError` names the file, the place in it and what is wrong.

>>> import os, tempfile
>>> from gamekit.studies.fitting import Coefficient, Fit
>>> found = Fit(Coefficient(7.0, (6.5, 7.5)), Coefficient(0.0, None),
...             Coefficient(0.4, (0.3, 0.5)), games=3, decisions=60, residual=1.5)
>>> path = os.path.join(tempfile.mkdtemp(), "fit.json")
>>> write_fits({"tiki": found}, path)
>>> read_fits(path) == {"tiki": found}, read_table_time(path)
(True, TableTime(base=7.0, per_point=0.0, per_option=0.4))
>>> read_table_time(path + ":tikalspeed")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gamekit.studies.fitfile.FitFileError: fit file '...' has no group 'tikalspeed' (the groups: tiki)
>>> fits_from_json({"groups": {"tiki": {**fits_to_json({"tiki": found})["groups"]["tiki"],
...                                     "games": 0}}}, "fit.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gamekit.studies.fitfile.FitFileError: fit.json: $.groups['tiki'].games: a whole number ..., not 0
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..files import read_text
from .fitting import COEFFICIENTS, Coefficient, Fit
from .timing import TableTime

__all__ = [
    "MAX_FIT_BYTES",
    "MAX_GROUPS",
    "FitFileError",
    "chosen",
    "fits_from_json",
    "fits_to_json",
    "read_fits",
    "read_table_time",
    "write_fits",
]


MAX_FIT_BYTES = 2**20
"""The largest fit file :func:`read_fits` reads: 1 MiB (a group takes about 300 bytes)."""
MAX_GROUPS = 1000
"""The most groups a fit file holds."""
_MAX_VALUE = 1e9
"""The largest magnitude of a number a fit file holds."""


class FitFileError(ValueError):
    """A fit file that cannot be read or holds no fit: the message names the file, the
    place in it (``$.groups['tiki'].base``) and what is wrong."""


def fits_to_json(groups: Mapping[str, Fit]) -> dict[str, Any]:
    """``groups`` as the fit file's JSON: ``{"groups": {GROUP: {"base": …, "per_point":
    …, "per_option": …, "intervals": {"base": [low, high], "per_point": null, …},
    "games": …, "decisions": …, "residual": …}}}``, the estimates unclipped (``null``:
    not fitted)."""
    return {
        "groups": {
            key: {
                **{n: f.coefficient(n).estimate for n in COEFFICIENTS},
                "intervals": {
                    n: None if (c := f.coefficient(n)).interval is None else list(c.interval)
                    for n in COEFFICIENTS
                },
                "games": f.games,
                "decisions": f.decisions,
                "residual": f.residual,
            }
            for key, f in groups.items()
        }
    }


def _number(value: object, where: str, low: float = -_MAX_VALUE) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FitFileError(f"{where}: a number, not {json.dumps(value)[:40]}")
    if not (math.isfinite(value) and low <= value <= _MAX_VALUE):
        raise FitFileError(f"{where}: a number from {low:g} to {_MAX_VALUE:g}, not {value!r}")
    return float(value)


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= _MAX_VALUE:
        raise FitFileError(f"{where}: a whole number from 1 to {_MAX_VALUE:,.0f}, "
                           f"not {json.dumps(value)[:40]}")  # fmt: skip
    return value


def _object(value: object, where: str, keys: Iterable[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FitFileError(f"{where}: an object, not {json.dumps(value)[:40]}")
    wanted = list(keys)
    for key in value:
        if key not in wanted:
            raise FitFileError(f"{where}: no field {key!r} (the fields: {', '.join(wanted)})")
    for key in wanted:
        if key not in value:
            raise FitFileError(f"{where}: the field {key!r} is missing")
    return value


def _fit(value: object, where: str) -> Fit:
    fields = _object(value, where, (*COEFFICIENTS, "intervals", "games", "decisions",
                                    "residual"))  # fmt: skip
    spans = _object(fields["intervals"], f"{where}.intervals", COEFFICIENTS)
    coefficients = []
    for name in COEFFICIENTS:
        estimate = _number(fields[name], f"{where}.{name}")
        span, at = spans[name], f"{where}.intervals.{name}"
        if span is None:
            if estimate != 0:
                raise FitFileError(f"{where}.{name}: not fitted (no interval), so 0, "
                                   f"not {estimate!r}")  # fmt: skip
            coefficients.append(Coefficient(0.0, None))
            continue
        if not isinstance(span, list) or len(span) != 2:
            raise FitFileError(f"{at}: [low, high] or null, not {json.dumps(span)[:40]}")
        low, high = _number(span[0], f"{at}[0]"), _number(span[1], f"{at}[1]")
        if not low <= estimate <= high:
            raise FitFileError(f"{at}: [{low!r}, {high!r}] does not hold the estimate "
                               f"{estimate!r}")  # fmt: skip
        coefficients.append(Coefficient(estimate, (low, high)))
    games = _count(fields["games"], f"{where}.games")
    decisions = _count(fields["decisions"], f"{where}.decisions")
    if decisions < games:
        raise FitFileError(f"{where}: {decisions} decisions cannot come from {games} games")
    residual = _number(fields["residual"], f"{where}.residual", 0.0)
    base, per_point, per_option = coefficients
    return Fit(base, per_point, per_option, games, decisions, residual)


def fits_from_json(data: object, name: str = "the fit") -> dict[str, Fit]:
    """The fits of the fit file's JSON (:func:`fits_to_json`); a :class:`FitFileError`
    names ``name`` (the file), the place and what is wrong."""
    try:
        groups = _object(data, "$", ("groups",))["groups"]
        if not isinstance(groups, dict) or not groups:
            raise FitFileError(f"$.groups: an object of at least one group, not "
                               f"{json.dumps(groups)[:40]}")  # fmt: skip
        if len(groups) > MAX_GROUPS:
            raise FitFileError(f"$.groups: {len(groups):,} groups, more than {MAX_GROUPS:,}")
        return {key: _fit(value, f"$.groups[{key!r}]") for key, value in groups.items()}
    except FitFileError as e:
        raise FitFileError(f"{name}: {e}") from None


def write_fits(groups: Mapping[str, Fit], path: str | Path) -> None:
    """Write ``groups`` to the fit file at ``path`` (JSON, :func:`fits_to_json`)."""
    text = json.dumps(fits_to_json(groups), indent=2, allow_nan=False)
    Path(path).write_text(text + "\n", encoding="utf-8")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON holds")


def read_fits(path: str | Path) -> dict[str, Fit]:
    """The fits in the fit file at ``path``: a regular file of at most
    :data:`MAX_FIT_BYTES` bytes of JSON (:func:`fits_to_json`). A :class:`FitFileError`
    names the file and says what is wrong (no such file, not a regular file, too large,
    not UTF-8, not JSON, and where a field breaks)."""
    name = f"fit file {str(path)!r}"
    try:
        text = read_text(path, MAX_FIT_BYTES)
    except OSError as e:
        raise FitFileError(f"{name}: cannot read it: {e.strerror}") from None
    except UnicodeDecodeError:
        raise FitFileError(f"{name}: not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as e:  # JSONDecodeError, NaN or Infinity
        raise FitFileError(f"{name}: not JSON: {e}") from None
    return fits_from_json(data, name)


def chosen(groups: Mapping[str, Fit], group: str | None, name: str = "the fit") -> Fit:
    """The fit of ``group`` in ``groups``, or, for ``None``, the only one; a
    :class:`FitFileError` names the groups there are."""
    if group is None and len(groups) == 1:
        return next(iter(groups.values()))
    if group is not None and group in groups:
        return groups[group]
    every = ", ".join(sorted(groups))
    if group is None:
        raise FitFileError(f"{name} holds {len(groups)} groups: name one, FILE:GROUP "
                           f"(the groups: {every})")  # fmt: skip
    raise FitFileError(f"{name} has no group {group!r} (the groups: {every})")


def read_table_time(spec: str) -> TableTime:
    """The model ``simulate --table-time FILE[:GROUP]`` gives: the group ``GROUP`` of
    the fit file ``FILE``, or its only group, clipped (:meth:`Fit.table_time`). The
    group follows the last colon, unless the whole of ``spec`` names a file."""
    path, colon, group = spec, "", ""
    if not Path(spec).exists():
        path, colon, group = spec.rpartition(":")
        if not colon:
            path, group = spec, ""
    groups = read_fits(path)
    return chosen(groups, group or None, f"fit file {path!r}").table_time()
