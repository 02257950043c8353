"""Dubov colours (Art. 5.2): one pair at a time, the first rule that decides."""

from __future__ import annotations

from engine.common import alternation_colours
from engine.dubov.players import DubovPlayer
from engine.model import Board, Colour

__all__ = ["allocate_colours"]


def allocate_colours(a: DubovPlayer, b: DubovPlayer, initial_colour: Colour) -> Board:
    """Colours of one pair by Art. 5.2, the first rule that decides:

    5.2.1 neither has played: the higher-ranked player (HRP) gets the initial colour if their
    TPN is odd, the other colour if even; 5.2.2 both preferences; 5.2.3 the stronger one;
    5.2.4 alternate from the latest round in which they had different colours; 5.2.5 the
    HRP's preference.
    """
    hrp, other = (a, b) if (a.score, -a.number) > (b.score, -b.number) else (b, a)
    mine, theirs = hrp.preference, other.preference
    if not hrp.has_played and not other.has_played:
        colour = initial_colour if hrp.number % 2 else initial_colour.opposite
    elif hrp.colour is not other.colour:
        colour = hrp.colour
    elif mine.strength is not theirs.strength:
        colour = hrp.colour if mine.strength > theirs.strength else hrp.colour.opposite
    else:
        alternated = alternation_colours(hrp.entry, other.entry)
        colour = alternated[0] if alternated else hrp.colour
    if colour is Colour.WHITE:
        return Board(white=hrp.number, black=other.number)
    return Board(white=other.number, black=hrp.number)
