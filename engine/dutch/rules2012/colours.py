"""Colour allocation of the 2012 text (E.1-E.5).

E.1-E.4 decide as Art. 5.2.1-5.2.4 of the current edition do (both preferences, the stronger
one, alternation over the played games, the higher-ranked player's preference), so they come
from :func:`engine.dutch.colours.allocate_colours`. E.5 is the 2012 rule for round 1 only; for
two players of a later round who have both played no game the text is silent, and the rule
below is the one the edition's endorsed engine applies (docs/rulings.md).
"""

from __future__ import annotations

from engine.dutch.colours import ColourRule, allocate_colours
from engine.dutch.players import DutchPlayer
from engine.model import Colour

__all__ = ["ARTICLES", "allocate_colours_2012"]

ARTICLES = {
    ColourRule.BOTH_PREFERENCES: "E.1",
    ColourRule.STRONGER_PREFERENCE: "E.2",
    ColourRule.ALTERNATION: "E.3",
    ColourRule.HIGHER_RANKED_PREFERENCE: "E.4",
    ColourRule.PAIRING_NUMBER_PARITY: "E.5",
}
"""The 2012 article for each rule the shared allocation reports."""


def allocate_colours_2012(
    high: DutchPlayer, low: DutchPlayer, initial: Colour, round_no: int
) -> tuple[Colour, ColourRule]:
    """The colour of ``high`` (the higher-ranked player, A.2) and the rule deciding it.

    Round 1, E.5: the odd-numbered players of S1 get the colour drawn by lot, the even-numbered
    the other. A later round between two players without a played game: the higher-ranked
    player gets the drawn colour when their pairing number is even, the other one when odd
    (the endorsed engine's choice; the text has no rule).
    """
    if high.wants is None and low.wants is None and round_no > 1:
        return (initial if high.number % 2 == 0 else initial.opposite), (
            ColourRule.PAIRING_NUMBER_PARITY
        )
    return allocate_colours(high, low, initial)
