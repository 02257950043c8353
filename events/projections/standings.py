"""Points as the standings print them, whatever ranks them.

The one ranker is :func:`events.tiebreaks.rank` (a stored tournament's standings come from
:func:`events.tiebreaks.tournament_standings`); this module only writes the points.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["points_str"]


def points_str(points: Fraction) -> str:
    """Points as arbiters write them: ``2``, ``2.5``; other fractions as decimals.

    >>> points_str(Fraction(5, 2))
    '2.5'
    """
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):g}"
