"""Who gets White in a Lim pair (C.04.4.3 Art. 5, round one 7.2, last round Art. 6).

The order of the tests:

1. the colour limits of 2.1 / 5.1 / 5.3 (never three more of one colour, never the same
   colour three times running) when only one allocation keeps them; in the last round
   they are wishes, still honoured first when possible (Art. 6);
2. different due colours: both get them (5.1, 5.5, 5.6);
3. the same due colour: the player whose claim is stronger (equalising 5.5/5.6 before
   merely alternating 5.1) gets it [Arbiter's reading];
4. otherwise the latest round in which their colours differed: each gets the opposite of
   that round's colour (5.4, 5.6);
5. identical histories: in the median group or above the higher-ranked player gets the
   due colour, below the median the lower-ranked player does (5.4);
6. neither player has a colour history: as in round one (7.2), the higher-ranked player
   takes the drawn colour when their place in the pairing list is odd, else the other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.common import alternation_colours
from engine.lim.players import LimField, LimPlayer
from engine.messages import Message
from engine.model import Board, Colour

__all__ = ["ColourAllocation", "ColourReason", "allocate_colours", "colours_satisfied"]


class ColourReason(enum.Enum):
    """Which test of Art. 5 decided a pair's colours."""

    LIMITS = Message("5.3: only one allocation respects the colour limits")
    DUE = Message("5.1/5.5/5.6: both receive their due colour")
    CLAIM = Message("5.5/5.6: the equalising claim beats a mere alternation")
    HISTORY = Message("5.4: latest round with different colours decides")
    RANK_UPPER = Message(
        "5.4: identical histories, median group or above: higher-ranked gets the due colour"
    )
    RANK_LOWER = Message(
        "5.4: identical histories, below the median: lower-ranked gets the due colour"
    )
    LOT = Message("7.2: no colour history: colour drawn for #1, alternating down the pairing list")


@dataclass(frozen=True, slots=True)
class ColourAllocation:
    board: Board
    reason: ColourReason


def colours_satisfied(a: LimPlayer, b: LimPlayer) -> bool:
    """Whether both players of a pair can receive their due colour (a player with no
    colour history is due nothing): what the second scrutiny (5.2) and 3.8 look for."""
    return a.due is None or b.due is None or a.due is not b.due


def allocate_colours(
    field: LimField, a: LimPlayer, b: LimPlayer, *, upper: bool, list_position: int
) -> ColourAllocation:
    """Colours for the pair ``a``–``b``.

    ``upper``: the pair was made in the median group or above (5.4). ``list_position``:
    the 1-based place of the higher-ranked player in this round's pairing list (7.2).
    """
    first, second = sorted((a, b), key=lambda p: p.rank)
    legal = [
        colour
        for colour in (Colour.WHITE, Colour.BLACK)
        if colour in first.limited_colours() and colour.opposite in second.limited_colours()
    ]
    if len(legal) == 1:
        return _give(first, legal[0], second, ColourReason.LIMITS)
    if first.due is None and second.due is None:
        drawn = field.request.initial_colour
        return _give(
            first, drawn if list_position % 2 else drawn.opposite, second, ColourReason.LOT
        )
    if first.due is None or second.due is None or first.due is not second.due:
        if first.due is not None:
            return _give(first, first.due, second, ColourReason.DUE)
        assert second.due is not None
        return _give(first, second.due.opposite, second, ColourReason.DUE)
    due = first.due
    if first.claim != second.claim:
        winner = first if first.claim > second.claim else second
        return _give(winner, due, second if winner is first else first, ColourReason.CLAIM)
    alternation = alternation_colours(first.entry, second.entry)
    if alternation is not None:
        return _give(first, alternation[0], second, ColourReason.HISTORY)
    if upper:
        return _give(first, due, second, ColourReason.RANK_UPPER)
    return _give(second, due, first, ColourReason.RANK_LOWER)


def _give(
    player: LimPlayer, colour: Colour, other: LimPlayer, reason: ColourReason
) -> ColourAllocation:
    if colour is Colour.WHITE:
        return ColourAllocation(Board(player.number, other.number), reason)
    return ColourAllocation(Board(other.number, player.number), reason)
