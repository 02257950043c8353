"""Half-up rounding of exact fractions, as C.07 prescribes for averages (0.5 rounds up)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["round_half_up"]


def round_half_up(value: Fraction, quantum: str) -> Decimal:
    """Round a non-negative or negative fraction to ``quantum`` (``"1"``, ``"0.01"``), ties up.

    >>> round_half_up(Fraction(5, 8), "0.01"), round_half_up(Fraction(-1, 2), "1")
    (Decimal('0.63'), Decimal('0'))
    """
    step = Fraction(Decimal(quantum))
    units = value / step
    whole = units.numerator // units.denominator
    if units - whole >= Fraction(1, 2):
        whole += 1
    return Decimal(whole) * Decimal(quantum)
