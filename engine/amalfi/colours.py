"""B.3.4 colours of an Amalfi pair, within the B.3.1 limits outside the last round."""

from __future__ import annotations

from engine.amalfi.players import AmalfiPlayer
from engine.common import alternation_colours
from engine.messages import Message
from engine.model import Colour

__all__ = ["colour_rule"]


def colour_rule(
    upper: AmalfiPlayer, lower: AmalfiPlayer, *, last_round: bool
) -> tuple[Colour, Message] | None:
    """B.3.4: the colour of ``upper`` and the rule that gave it, or ``None`` when neither
    has played a game. Outside the last round, only colours within the B.3.1 limits."""
    allowed = [
        c
        for c in (Colour.WHITE, Colour.BLACK)
        if last_round or (upper.may_take(c) and lower.may_take(c.opposite))
    ]
    if len(allowed) == 1:
        return allowed[0], Message("the only colours within the limits (B.3.1, B.3.4)")
    whites = (upper.colours.count(Colour.WHITE), lower.colours.count(Colour.WHITE))
    blacks = (upper.colours.count(Colour.BLACK), lower.colours.count(Colour.BLACK))
    if whites[0] != whites[1]:
        return (
            Colour.WHITE if whites[0] < whites[1] else Colour.BLACK,
            Message("fewer Whites gets White (B.3.4 rule 1)"),
        )
    if blacks[0] != blacks[1]:
        return (
            Colour.BLACK if blacks[0] < blacks[1] else Colour.WHITE,
            Message("fewer Blacks gets Black (B.3.4 rule 1)"),
        )
    alternation = alternation_colours(upper.entry, lower.entry)
    if alternation is not None:
        return alternation[0], Message(
            "opposite of the latest round their colours differed (B.3.4 rule 2)"
        )
    if not upper.colours:
        return None
    higher = upper if upper.rank < lower.rank else lower
    colour = higher.colours[-1].opposite
    return (
        colour if higher is upper else colour.opposite,
        Message(
            "same history: #%(player)s, higher placed, alternates (B.3.4 rule 3)",
            player=higher.number,
        ),
    )
