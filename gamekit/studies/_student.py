"""Student's *t* quantile, for the intervals of :mod:`.fitting` (the standard library
has the normal distribution only, and ``numpy``/``scipy`` are no dependency).

>>> round(t_quantile(0.975, 10), 4)
2.2281
"""

from __future__ import annotations

import functools
import math
import statistics

__all__ = ["t_quantile"]


def _continued(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 2000):
        for numerator in (
            m * (b - m) * x / ((a - 1.0 + 2 * m) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1.0 + 2 * m)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            return h
    raise ArithmeticError("the incomplete beta function did not converge")  # pragma: no cover


def _beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)``."""
    if x <= 0.0 or x >= 1.0:
        return max(0.0, min(1.0, x))
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _continued(a, b, x) / a
    return 1.0 - front * _continued(b, a, 1.0 - x) / b


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """Student's *t* quantile: the ``t`` with ``P(T <= t) = p`` for ``df`` degrees of
    freedom (``p`` from 0.5 to 1). Exact (the incomplete beta function, bisected) up to
    1,000 degrees of freedom; past them the Cornish-Fisher expansion, within 1e-9.

    >>> [round(t_quantile(0.975, df), 4) for df in (1, 2, 10, 30, 100, 5000)]
    [12.7062, 4.3027, 2.2281, 2.0423, 1.984, 1.9604]
    """
    if not 0.5 <= p < 1.0 or df < 1:
        raise ValueError(f"a t quantile needs 0.5 <= p < 1 and df >= 1, not p={p}, df={df}")
    if df > 1000:
        z = statistics.NormalDist().inv_cdf(p)
        return (
            z
            + (z**3 + z) / (4 * df)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        )

    def above(t: float) -> float:  # P(T > t), t >= 0
        return 0.5 * _beta(df / 2.0, 0.5, df / (df + t * t))

    low, high = 0.0, 1.0
    while above(high) > 1.0 - p:
        high *= 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        low, high = (middle, high) if above(middle) > 1.0 - p else (low, middle)
        if high - low <= 1e-12 * high:
            break
    return (low + high) / 2.0
