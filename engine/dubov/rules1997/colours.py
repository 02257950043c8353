"""Colours of one pair by Art. 3 of the 1997 Dubov text, within the limits of Art. 2."""

from __future__ import annotations

from engine.common import alternation_colours
from engine.dubov.players import DubovPlayer
from engine.dubov.rules1997.players import due_colour
from engine.messages import Message
from engine.model import Board, Colour

__all__ = ["allocate_colours", "colour_reason"]


def allocate_colours(
    a: DubovPlayer, b: DubovPlayer, initial_colour: Colour
) -> tuple[Board, Message]:
    """The board of ``a`` and ``b`` with the colours of :func:`colour_reason`, and the line
    that says which article gave them."""
    colour, why = colour_reason(a, b, initial_colour)
    if colour is Colour.WHITE:
        board = Board(white=a.number, black=b.number)
    else:
        board = Board(white=b.number, black=a.number)
    return board, Message("colours %(white)s-%(black)s: %(why)s", white=board.white,
                          black=board.black, why=why)  # fmt: skip


def colour_reason(a: DubovPlayer, b: DubovPlayer, initial_colour: Colour) -> tuple[Colour, str]:
    """``a``'s colour and the article that decided it, the first that decides of:

    - Art. 2.3-2.4 (limits, absolute): a player whom the other colour would take beyond a
      difference of 2 or to a third same colour running gets his colour;
    - neither has played a game: Art. 5's alternation (the higher-ranked player gets the
      initial colour when his number is odd), as in the first round;
    - Art. 3 (a): the due colours of both, when they differ (a player without games has
      none, so the other's decides);
    - Art. 3 (b): both due the same colour: it goes to the one whose numbers of white and
      black games differ more (equalising);
    - Art. 3 (c): alternate from the latest round in which they had different colours;
    - Art. 3 (d): White to the higher ARO; Art. 3 (e): White to the lower R, and with equal
      ratings to the player lower in the initial order.
    """
    for player, colour in ((a, a.absolute_colour), (b, b.absolute_colour)):
        if colour is not None:
            mine = colour if player is a else colour.opposite
            return mine, "Art. 2.3-2.4"
    due_a, due_b = due_colour(a), due_colour(b)
    if due_a is None and due_b is None:
        hrp = a if (a.score, -a.number) > (b.score, -b.number) else b
        colour = initial_colour if hrp.number % 2 else initial_colour.opposite
        return (colour if hrp is a else colour.opposite), "Art. 5"
    if due_a is None:
        assert due_b is not None
        return due_b.opposite, "Art. 3 (a)"
    if due_b is None or due_a is not due_b:
        return due_a, "Art. 3 (a)"
    if abs(a.preference.difference) != abs(b.preference.difference):
        keeps = abs(a.preference.difference) > abs(b.preference.difference)
        return (due_a if keeps else due_a.opposite), "Art. 3 (b)"
    alternated = alternation_colours(a.entry, b.entry)
    if alternated is not None:
        return alternated[0], "Art. 3 (c)"
    if a.aro != b.aro:
        return (Colour.WHITE if a.aro > b.aro else Colour.BLACK), "Art. 3 (d)"
    lower_first = (a.entry.rating, -a.number) < (b.entry.rating, -b.number)
    return (Colour.WHITE if lower_first else Colour.BLACK), "Art. 3 (e)"
