"""Points as the standings print them, whatever ranks them.

The one ranker is :func:`events.tiebreaks.rank` (a stored tournament's standings come from
:func:`events.tiebreaks.tournament_standings`); this module only writes the points.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["points_str", "to_decimal"]


def points_str(points: Fraction) -> str:
    """Points as arbiters write them: ``2``, ``2.5``; other fractions as decimals.

    >>> points_str(Fraction(5, 2))
    '2.5'
    """
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):g}"


def to_decimal(points: Fraction) -> Decimal:
    """Points as an exact decimal, for JSON and TRF: they are sums of the regulations'
    decimal values, so the quotient terminates.

    >>> to_decimal(Fraction(5, 2))
    Decimal('2.5')
    """
    return Decimal(points.numerator) / Decimal(points.denominator)
