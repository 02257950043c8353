"""The player facts the 1997 Dubov text reads differently from the 2026 one."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from engine.dubov.brackets import BracketRules
from engine.dubov.players import DubovPlayer
from engine.model import Colour, PairingNumber, PlayerEntry

__all__ = ["due_colour", "exact_aro", "float_limit", "may_be_transferred"]


def exact_aro(entry: PlayerEntry, ratings: Mapping[PairingNumber, int]) -> Fraction:
    """ARO (Art. 1.2): the mean rating of the opponents met over the board, not rounded (the
    1997 text names no rounding); 0 for a player with no game played.

    >>> from engine.model import RoundKind, RoundRecord
    >>> games = (RoundRecord(RoundKind.PLAYED, Fraction(1), PairingNumber(2), Colour.WHITE),
    ...          RoundRecord(RoundKind.PLAYED, Fraction(0), PairingNumber(3), Colour.BLACK))
    >>> exact_aro(PlayerEntry(PairingNumber(1), 2000, games), {2: 2001, 3: 2000})
    Fraction(4001, 2)
    """
    met = [r.opponent for r in entry.history if r.kind.played and r.opponent is not None]
    if not met:
        return Fraction(0)
    return Fraction(sum(ratings[number] for number in met), len(met))


def float_limit(total_rounds: int) -> int:
    """Art. 2.5: at most three transfers to a higher score group in a tournament of fewer
    than 10 rounds, four in one of more than 9.

    >>> float_limit(9), float_limit(10), float_limit(15)
    (3, 4, 4)
    """
    return 3 if total_rounds < 10 else 4


def may_be_transferred(player: DubovPlayer, rules: BracketRules) -> bool:
    """Art. 2.5: apart from the last round, not transferred up two rounds running, nor beyond
    the limit of :func:`float_limit`."""
    if rules.last_round:
        return True
    return not player.upfloated_last_round and not player.maximum_upfloater


def due_colour(player: DubovPlayer) -> Colour | None:
    """The due colour of Art. 1.3-1.4 (the colour difference, then the last game played);
    ``None`` for a player who has played no game, whom the text gives none."""
    return player.colour if player.has_played else None
