"""Pearson's chi-square statistic and its upper tail, for the runner's tests of randomness.

The tail is the regularized upper incomplete gamma function Q(k/2, x/2), computed by its power
series below a+1 and by Lentz's continued fraction above (the classical pair of expansions; see
Abramowitz and Stegun 6.5.29 and 6.5.31), accurate far beyond the significance levels used.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

_EPS = 1e-15
_TINY = 1e-300
_MAX_TERMS = 10_000


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series; for x < a + 1."""
    term = total = 1.0 / a
    n = a
    for _ in range(_MAX_TERMS):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz); for x >= a + 1."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi_square_tail(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square distributed with ``df`` degrees of freedom.

    >>> round(chi_square_tail(3.841458820694124, 1), 6)  # the 5% point of one degree
    0.05
    >>> round(chi_square_tail(124.342, 100), 4)  # the 5% point of 100 degrees
    0.05
    >>> chi_square_tail(0.0, 4)
    1.0
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if statistic <= 0:
        return 1.0
    a, x = df / 2.0, statistic / 2.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi_square(observed: Sequence[Sequence[int]], probabilities: Sequence[float]) -> float:
    """Pearson's statistic of rows of counts against one expected distribution per row.

    Each row (say, one card) is a count per category (say, per seat), and every row has the
    same total; ``probabilities`` are the categories' expected shares.

    >>> chi_square([[5, 5], [10, 0]], [0.5, 0.5])
    10.0
    """
    total = 0.0
    for row in observed:
        n = sum(row)
        for count, p in zip(row, probabilities, strict=True):
            expected = n * p
            total += (count - expected) ** 2 / expected
    return total
