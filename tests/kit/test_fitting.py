"""Issue 32, "Time from real play": the table-time model fitted to people's decisions
(:mod:`gamekit.studies.fitting`: "seconds per decision, per action point, per option,
by player count and mode, with intervals, and say how many games and decisions the fit
rests on"), and the file ``simulate`` takes it from "in one option"
(:mod:`gamekit.studies.fitfile`, ``--table-time FILE[:GROUP]``).

The store's side (decisions read from a server's store, games played to their ends) is
``tests/kit/test_played.py``. Every random draw here is seeded: the tests give the same
numbers on every run.
"""

from __future__ import annotations

import json
import math
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest

from gamekit.studies.fitfile import (
    MAX_FIT_BYTES,
    FitFileError,
    fits_to_json,
    read_fits,
    read_table_time,
    write_fits,
)
from gamekit.studies.fitting import (
    Coefficient,
    Fit,
    FitError,
    Observation,
    fit,
    fit_groups,
    t_quantile,
)
from gamekit.studies.timing import TableTime
from tiki.tools.cli import main as tiki_main


def _observations(
    rng: random.Random, n: int, model: TableTime, noise: float, group: str = "g"
) -> list[Observation]:
    """``n`` decisions of a person who takes ``model``'s seconds plus Gaussian noise."""
    out = []
    for i in range(n):
        points, options = rng.randrange(0, 11), rng.randrange(1, 60)
        seconds = model.seconds(points, options) + rng.gauss(0.0, noise)
        out.append(Observation(seconds, points, options, group, f"game{i % 7}"))
    return out


def _exact(seen: list[Observation]) -> tuple[list[Fraction], list[Fraction]]:
    """The least-squares estimates and their variances over sigma squared, in exact
    fractions, by the normal equations (X'X) b = X'y: another way to the same fit."""
    rows = [[Fraction(1), Fraction(o.points), Fraction(o.options)] for o in seen]
    ys = [Fraction(o.seconds) for o in seen]
    k = 3
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] + [Fraction(int(i == j))
          for j in range(k)] for i in range(k)]  # fmt: skip
    for col in range(k):  # Gauss-Jordan: [X'X | I] -> [I | (X'X)^-1]
        pivot = next(r for r in range(col, k) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [v / a[col][col] for v in a[col]]
        for r in range(k):
            if r != col:
                a[r] = [v - a[r][col] * w for v, w in zip(a[r], a[col], strict=True)]
    inverse = [row[k:] for row in a]
    xty = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    return [sum(inverse[i][j] * xty[j] for j in range(k)) for i in range(k)], [
        inverse[i][i] for i in range(k)
    ]


def test_the_fit_is_ordinary_least_squares_with_t_intervals() -> None:
    """Issue 32: the estimates are the least-squares ones and each interval is its
    standard error (sigma^2 (X'X)^-1, sigma^2 = RSS / (n - 3)) times Student's t
    quantile for n - 3 degrees of freedom: the same as the normal equations solved in
    exact fractions."""
    seen = _observations(random.Random(3), 40, TableTime(7, 2.5, 0.4), 1.5)
    found = fit(seen)
    estimates, variances = _exact(seen)
    names = ("base", "per_point", "per_option")
    residuals = [
        o.seconds - float(estimates[0] + estimates[1] * o.points + estimates[2] * o.options)
        for o in seen
    ]
    sigma = math.sqrt(sum(r * r for r in residuals) / (len(seen) - 3))
    assert found.residual == pytest.approx(sigma, rel=1e-9)
    for name, estimate, variance in zip(names, estimates, variances, strict=True):
        c = found.coefficient(name)
        assert c.estimate == pytest.approx(float(estimate), rel=1e-9, abs=1e-9)
        half = t_quantile(0.975, len(seen) - 3) * sigma * math.sqrt(float(variance))
        assert c.interval == pytest.approx((c.estimate - half, c.estimate + half), rel=1e-9)
    assert (found.games, found.decisions) == (7, 40)


def test_the_intervals_hold_the_truth_95_times_in_100() -> None:
    """Issue 32, "with intervals": over 2,000 seeded groups of 12 decisions (9 degrees
    of freedom, where a normal quantile would hold the truth only about 92 times in
    100), each coefficient's interval holds the true one in 94 to 96% of them."""
    rng = random.Random(32)
    model = TableTime(7, 2.5, 0.4)
    held = dict.fromkeys(("base", "per_point", "per_option"), 0)
    tries = 2000
    for _ in range(tries):
        found = fit(_observations(rng, 12, model, 3.0))
        for name in held:
            c = found.coefficient(name)
            held[name] += c.low < getattr(model, name) < c.high
    for name, count in held.items():
        assert 0.94 <= count / tries <= 0.96, (name, count)


def test_students_t_quantile_matches_the_tables() -> None:
    """The t quantiles of the intervals (the standard library has none): the printed
    tables' 97.5% values, to their 3 decimals, and no jump where the exact computation
    gives way to the expansion (past 1,000 degrees of freedom)."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 20: 2.086,
             60: 2.000, 120: 1.980}  # fmt: skip
    for df, value in table.items():
        assert round(t_quantile(0.975, df), 3) == value
    assert t_quantile(0.975, 1000) == pytest.approx(t_quantile(0.975, 1001), abs=1e-5)
    assert t_quantile(0.995, 10) == pytest.approx(3.169, abs=5e-4)
    with pytest.raises(ValueError, match="a t quantile needs"):
        t_quantile(0.975, 0)


def test_a_quantity_that_never_varies_is_not_fitted_and_the_base_holds_it() -> None:
    """Issue 32 (Tiki: every decision spends 0 points, so per_point cannot be fitted):
    a coefficient whose quantity is the same in every decision is not fitted, kept at
    0 with no interval, and the base absorbs it; the others are fitted."""
    rng = random.Random(5)
    seen = [Observation(7 + 0.4 * o + rng.gauss(0, 0.5), 0, o, "tiki") for o in
            (rng.randrange(1, 30) for _ in range(50))]  # fmt: skip
    found = fit(seen)
    assert not found.per_point.fitted and found.per_point.interval is None
    assert found.per_point.estimate == 0.0 and found.per_option.fitted
    assert found.base.low < 7 < found.base.high
    assert found.per_option.low < 0.4 < found.per_option.high
    spent = [Observation(o.seconds + 2.5 * 4, 4, o.options, "four") for o in seen]
    shifted = fit(spent)  # every decision spends 4 points: 10 s more, in the base
    assert not shifted.per_point.fitted
    assert shifted.base.estimate == pytest.approx(found.base.estimate + 10)
    constant = [Observation(o.seconds, 0, 3, "c") for o in seen]
    alone = fit(constant)
    assert not alone.per_point.fitted and not alone.per_option.fitted
    assert alone.base.estimate == pytest.approx(sum(o.seconds for o in seen) / 50)


def test_too_few_decisions_or_a_degenerate_design_is_refused_clearly() -> None:
    """Issue 32: "a refusal when there are too few decisions or the design is
    degenerate": a FitError (a ValueError) naming the group and saying why."""
    seen = _observations(random.Random(1), 30, TableTime(), 1.0, "tiki")
    with pytest.raises(FitError, match=r"group 'tiki': 9 decisions, too few to fit \(at le"):
        fit(seen[:9])
    with pytest.raises(FitError, match="at least 40"):
        fit(seen, min_decisions=40)
    with pytest.raises(FitError, match="0 decisions"):
        fit([])
    on_a_line = [Observation(o.seconds, o.points, 2 * o.points + 1, "line") for o in seen]
    with pytest.raises(FitError, match="group 'line': the points and the options of its dec"):
        fit(on_a_line)
    assert issubclass(FitError, ValueError)
    with pytest.raises(ValueError, match="a decision's seconds must be a finite number"):
        Observation(float("nan"), 0, 1, "g")


def test_groups_are_fitted_apart_and_the_refused_say_why() -> None:
    """Issue 32, "by player count and mode": each group (a string the caller gives) is
    fitted on its own decisions; a group too small is refused with why, the others
    fitted."""
    rng = random.Random(9)
    quick, slow = TableTime(3, 1, 0.1), TableTime(20, 5, 1)
    seen = [*_observations(rng, 200, quick, 0.5, "b,players=2"),
            *_observations(rng, 200, slow, 0.5, "a,players=4"),
            *_observations(rng, 5, slow, 0.5, "c")]  # fmt: skip
    rng.shuffle(seen)
    found = fit_groups(seen)
    assert list(found.groups) == ["a,players=4", "b,players=2"]
    assert list(found.refused) == ["c"] and "5 decisions, too few" in found.refused["c"]
    for key, model in (("a,players=4", slow), ("b,players=2", quick)):
        f = found.groups[key]
        assert f.decisions == 200 and f.games == 7
        for name in ("base", "per_point", "per_option"):
            assert f.coefficient(name).low < getattr(model, name) < f.coefficient(name).high


def test_the_model_clips_a_negative_estimate_to_zero() -> None:
    """Issue 32: a fitted group gives a TableTime, each coefficient clipped to 0 to
    3600 seconds: a negative estimate (faster among more options) counts as 0."""
    rng = random.Random(4)
    seen = [Observation(30 - 0.2 * o + rng.gauss(0, 0.1), p, o, "g")
            for p, o in ((rng.randrange(3), rng.randrange(1, 50)) for _ in range(60))]  # fmt: skip
    found = fit(seen)
    assert found.per_option.high < 0
    model = found.table_time()
    assert model.per_option == 0.0 and model.base == pytest.approx(found.base.estimate)
    huge = Fit(Coefficient(5000.0, (4000.0, 6000.0)), Coefficient(0.0, None),
               Coefficient(1.0, (0.5, 1.5)), 1, 20, 3.0)  # fmt: skip
    assert huge.table_time() == TableTime(3600, 0, 1)


def _fits() -> dict[str, Fit]:
    rng = random.Random(11)
    return fit_groups(
        [*_observations(rng, 50, TableTime(7, 2.5, 0.4), 1.0, "tikalspeed,mode=speed,players=4"),
         *[Observation(6 + 0.3 * o, 0, o, "tiki", "x") for o in range(1, 30)]]
    ).groups  # fmt: skip


def test_the_fits_round_trip_through_their_json_file(tmp_path: Path) -> None:
    """Issue 32: "Results round-trip to/from a small JSON file": each group's
    estimates, intervals (``null``: not fitted), games, decisions and residual."""
    fits = _fits()
    path = tmp_path / "fit.json"
    write_fits(fits, path)
    assert read_fits(path) == fits
    data = json.loads(path.read_text(encoding="utf-8"))
    tiki_fit = data["groups"]["tiki"]
    assert set(tiki_fit) == {"base", "per_point", "per_option", "intervals", "games",
                             "decisions", "residual"}  # fmt: skip
    assert tiki_fit["intervals"]["per_point"] is None and tiki_fit["games"] == 1
    assert data == fits_to_json(fits)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.pop("groups"), "$: the field 'groups' is missing"),
        (lambda d: d.update(extra=1), "$: no field 'extra'"),
        (lambda d: d.update(groups={}), "$.groups: an object of at least one group"),
        (lambda d: d["groups"]["tiki"].update(base="7"), "$.groups['tiki'].base: a number"),
        (lambda d: d["groups"]["tiki"].update(games=True), "$.groups['tiki'].games: a whole"),
        (lambda d: d["groups"]["tiki"].update(decisions=0), "['tiki'].decisions: a whole num"),
        (lambda d: d["groups"]["tiki"].update(residual=-1), "['tiki'].residual: a number from 0"),
        (lambda d: d["groups"]["tiki"].update(per_point=1.0), "['tiki'].per_point: not fitted"),
        (lambda d: d["groups"]["tiki"]["intervals"].update(base=[0, 1]), "does not hold the es"),
        (lambda d: d["groups"]["tiki"]["intervals"].update(base=[0]), "[low, high] or null"),
        (lambda d: d["groups"]["tiki"]["intervals"].pop("base"), "'base' is missing"),
        (lambda d: d["groups"]["tiki"].update(games=10**6), "1000000 games"),
    ],
)
def test_a_bad_fit_file_is_refused_naming_where_it_broke(
    tmp_path: Path, change: object, said: str
) -> None:
    """Issue 32: "bounded reading ... clear errors naming where it broke": the file
    and the place in it (``$.groups['tiki'].base``), and what is wrong."""
    data = fits_to_json(_fits())
    change(data)  # type: ignore[operator]
    path = tmp_path / "fit.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FitFileError) as refused:
        read_fits(path)
    assert str(refused.value).startswith(f"fit file {str(path)!r}: ")
    assert said in str(refused.value)


def test_a_fit_file_is_read_within_bounds(tmp_path: Path) -> None:
    """Issue 32 (as ``tiles=PATH``'s MAX_TILES_BYTES): a regular file of at most
    MAX_FIT_BYTES of UTF-8 JSON; a missing file, a directory, a FIFO, a file too
    large, bytes that are not UTF-8, text that is not JSON or holds NaN are each
    refused in one line naming the file."""
    big, fifo = tmp_path / "big.json", tmp_path / "fifo.json"
    big.write_text(" " * (MAX_FIT_BYTES + 1), encoding="utf-8")
    os.mkfifo(fifo)
    (tmp_path / "latin.json").write_bytes(b"{\xe9}")
    (tmp_path / "text.json").write_text("groups: 1", encoding="utf-8")
    (tmp_path / "nan.json").write_text('{"groups": {"g": {"base": NaN}}}', encoding="utf-8")
    for name, said in [("missing.json", "cannot read it: No such file"),
                       (".", "cannot read it: a directory"), ("fifo.json", "not a regular"),
                       ("big.json", "larger than 1,048,576 bytes"),
                       ("latin.json", "not UTF-8"), ("text.json", "not JSON: Expecting value"),
                       ("nan.json", "NaN is not a number JSON holds")]:  # fmt: skip
        with pytest.raises(FitFileError, match=said):
            read_fits(tmp_path / name)


def test_table_time_takes_a_group_after_the_last_colon(tmp_path: Path) -> None:
    """Issue 32: ``--table-time FILE[:GROUP]``: the group after the last colon, unless
    the whole names a file; without a group, the file's only one; a missing or an
    unnamed group among several is refused, naming the groups there are."""
    fits = _fits()
    one, both = tmp_path / "a:b.json", tmp_path / "both.json"
    write_fits({"tiki": fits["tiki"]}, one)
    write_fits(fits, both)
    assert read_table_time(str(one)) == fits["tiki"].table_time()
    assert read_table_time(f"{one}:tiki") == fits["tiki"].table_time()
    speed = "tikalspeed,mode=speed,players=4"
    assert read_table_time(f"{both}:{speed}") == fits[speed].table_time()
    with pytest.raises(FitFileError, match=f"holds 2 groups: name one.*: {speed}, tiki"):
        read_table_time(str(both))
    with pytest.raises(FitFileError, match="has no group 'classic'"):
        read_table_time(f"{both}:classic")


def test_simulate_takes_the_fit_in_one_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 32: "simulate/the study take the fitted model as their parameters in one
    option": ``--table-time FILE`` gives the rows of the fitted model; beside a
    ``--seconds-per-...`` option, or with a bad file, it is a usage error (exit 2) in
    one line."""
    fits = _fits()
    path = tmp_path / "fit.json"
    write_fits({"tiki": fits["tiki"]}, path)
    model = fits["tiki"].table_time()
    argv = ["simulate", "--games", "2", "--bots", "random", "--csv"]
    assert tiki_main([*argv, str(tmp_path / "a.csv"), "--table-time", str(path)]) == 0
    by_hand = ["--seconds-per-decision", str(model.base), "--seconds-per-point", "0",
               "--seconds-per-option", str(model.per_option)]  # fmt: skip
    assert tiki_main([*argv, str(tmp_path / "b.csv"), *by_hand]) == 0
    assert (tmp_path / "a.csv").read_text() == (tmp_path / "b.csv").read_text()
    capsys.readouterr()
    clash = [*argv, str(tmp_path / "c.csv"), "--table-time", str(path), *by_hand[:2]]
    assert tiki_main(clash) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"tiki: error: --table-time {path} gives the whole model: leave out "
                   "--seconds-per-decision"]  # fmt: skip
    assert tiki_main([*argv, str(tmp_path / "d.csv"), "--table-time", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "cannot read it: a directory" in err[0]
    assert not (tmp_path / "c.csv").exists() and not (tmp_path / "d.csv").exists()
