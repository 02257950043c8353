"""Colour allocation for a pair (Dutch Art. 5.2, dutch.md §7.2)."""

from __future__ import annotations

import enum

from engine.common import Strength
from engine.dutch.players import DutchPlayer
from engine.model import Colour

__all__ = ["ColourRule", "allocate_colours"]


class ColourRule(enum.Enum):
    """The article of Art. 5.2 that decided a board's colours."""

    BOTH_PREFERENCES = "5.2.1"
    STRONGER_PREFERENCE = "5.2.2"
    ALTERNATION = "5.2.3"
    HIGHER_RANKED_PREFERENCE = "5.2.4"
    PAIRING_NUMBER_PARITY = "5.2.5"


def allocate_colours(
    high: DutchPlayer, low: DutchPlayer, initial: Colour
) -> tuple[Colour, ColourRule]:
    """The colour of ``high`` (the higher-ranked player, Art. 1.2) and the rule deciding it."""
    want_high, want_low = high.wants, low.wants
    if want_high is None and want_low is None:
        parity_colour = initial if high.colour_rank % 2 == 0 else initial.opposite
        return parity_colour, ColourRule.PAIRING_NUMBER_PARITY
    if want_high != want_low:
        colour = want_high if want_high is not None else want_low.opposite  # type: ignore[union-attr]
        return colour, ColourRule.BOTH_PREFERENCES
    assert want_high is not None
    stronger = _stronger(high, low)
    if stronger is high:
        return want_high, ColourRule.STRONGER_PREFERENCE
    if stronger is low:
        return want_high.opposite, ColourRule.STRONGER_PREFERENCE
    for mine, theirs in zip(reversed(high.colours), reversed(low.colours)):
        if mine != theirs:
            return mine.opposite, ColourRule.ALTERNATION
    return want_high, ColourRule.HIGHER_RANKED_PREFERENCE


def _stronger(a: DutchPlayer, b: DutchPlayer) -> DutchPlayer | None:
    """Art. 5.2.2: absolute beats strong beats mild; two absolute preferences are decided by
    the wider colour difference; equal strengths decide nothing."""
    if a.absolute and (not b.absolute or a.imbalance > b.imbalance):
        return a
    if b.absolute and (not a.absolute or b.imbalance > a.imbalance):
        return b
    if a.absolute or b.absolute:
        return None
    if a.preference.strength is Strength.STRONG and b.preference.strength is not Strength.STRONG:
        return a
    if b.preference.strength is Strength.STRONG and a.preference.strength is not Strength.STRONG:
        return b
    return None
