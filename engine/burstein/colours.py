"""Colour allocation for a Burstein pair, in both editions (burstein.md §5 and §11.9).

Both editions walk the same ladder - grant both preferences, the stronger one, alternate
from the latest round the two had different colours, then the higher-ranked player's -
and differ in the details: what "stronger" means between two absolute preferences, who is
"higher-ranked", and the rule for two players who have never played.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common import ColourPreference, Strength
from engine.model import Colour

__all__ = ["ColourFacts", "colour_2017", "colour_2026"]


@dataclass(frozen=True, slots=True)
class ColourFacts:
    """What the colour rules read about one player."""

    preference: ColourPreference
    colours: tuple[Colour, ...]
    """Colours of the games actually played, oldest first."""
    rank: int
    """The number whose parity decides a first game (rank number / TPN)."""

    @property
    def wants(self) -> Colour | None:
        return self.preference.colour


def _alternate(x: ColourFacts, y: ColourFacts) -> Colour | None:
    """The colour ``x`` gets by alternating from the latest round, counted back over played
    games, in which the two had different colours; ``None`` if either history runs out."""
    for mine, theirs in zip(reversed(x.colours), reversed(y.colours)):
        if mine != theirs:
            return theirs
    return None


def _first_game(x: ColourFacts, y: ColourFacts, initial: Colour) -> Colour:
    """Neither has played: the one with the smaller number gets the initial colour if that
    number is odd, the other colour if it is even; ``x``'s colour is returned."""
    low = x if x.rank < y.rank else y
    colour = initial if low.rank % 2 == 1 else initial.opposite
    return colour if low is x else colour.opposite


def colour_2017(x: ColourFacts, y: ColourFacts, initial: Colour, *, x_higher: bool) -> Colour:
    """``x``'s colour against ``y`` by the pre-2026 reading (§11.9); ``x`` is the member
    who chose ``y`` and ``x_higher`` says whether he ranks above ``y`` by the in-bracket
    comparator (the tie-break of rule 5).

    >>> from engine.common import ColourPreference, Strength
    >>> white = ColourPreference(Colour.WHITE, Strength.MILD, 0)
    >>> W, B = Colour.WHITE, Colour.BLACK
    >>> a = ColourFacts(white, (W, B, W, B), 1)
    >>> b = ColourFacts(white, (B, W, W, B), 2)
    >>> colour_2017(a, b, W, x_higher=False)  # rule 4: three games back, b had White
    <Colour.WHITE: 'w'>
    """
    mine, theirs = x.preference, y.preference
    if mine.colour is None or theirs.colour is None or mine.colour is not theirs.colour:
        if mine.colour is not None:
            return mine.colour
        if theirs.colour is not None:
            return theirs.colour.opposite
        return _first_game(x, y, initial)
    x_abs = mine.strength is Strength.ABSOLUTE
    y_abs = theirs.strength is Strength.ABSOLUTE
    if x_abs and (abs(mine.difference) > abs(theirs.difference) or not y_abs):
        return mine.colour
    if y_abs and (abs(theirs.difference) > abs(mine.difference) or not x_abs):
        return theirs.colour.opposite
    x_strong = mine.strength is Strength.STRONG
    y_strong = theirs.strength is Strength.STRONG
    if x_strong != y_strong:
        return mine.colour if x_strong else theirs.colour.opposite
    alternated = _alternate(x, y)
    if alternated is not None:
        return alternated
    return mine.colour if x_higher else theirs.colour.opposite


def colour_2026(x: ColourFacts, y: ColourFacts, initial: Colour, *, x_higher: bool) -> Colour:
    """``x``'s colour against ``y`` by Article 5.2 (2026); ``x_higher`` says whether ``x``
    is the higher-ranked player: more points, then the smaller TPN for 5.2.1, the
    Article 1.8 ranking for 5.2.5 (the caller passes the one that applies).

    5.2.1 neither has played: by the higher-ranked player's TPN parity; 5.2.2 grant both
    preferences (a player without one takes what the other needs); 5.2.3 the stronger
    preference; 5.2.4 alternate from the latest round with different colours; 5.2.5 the
    higher-ranked player's preference.
    """
    mine, theirs = x.preference, y.preference
    if not x.colours and not y.colours:
        high_colour = initial if (x if x_higher else y).rank % 2 == 1 else initial.opposite
        return high_colour if x_higher else high_colour.opposite
    if mine.colour is None or theirs.colour is None or mine.colour is not theirs.colour:
        if mine.colour is not None:
            return mine.colour
        assert theirs.colour is not None
        return theirs.colour.opposite
    if mine.strength is not theirs.strength:
        return mine.colour if mine.strength > theirs.strength else theirs.colour.opposite
    alternated = _alternate(x, y)
    if alternated is not None:
        return alternated
    return mine.colour if x_higher else theirs.colour.opposite
