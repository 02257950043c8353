"""Standings: players ranked by score, then by whatever tie-breaks the regulations list.

The tie-break seam: a tie-break is any function of the state giving each player a value
(higher is better), so FIDE's C.07 tie-breaks plug in without changing this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from events.projections.tournament import TournamentState
from events.types import PlayerId

__all__ = ["StandingRow", "TieBreak", "points_str", "standings", "to_decimal"]

TieBreak = Callable[[TournamentState], Mapping[PlayerId, Fraction]]
"""A tie-break: a value per player for the whole field (Buchholz needs everyone's scores)."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings; ``rank`` is shared when score and every tie-break tie."""

    rank: int
    player_id: PlayerId
    pairing_number: int
    name: str
    rating: int
    score: Fraction
    tiebreaks: tuple[Fraction, ...]
    withdrawn: bool


def standings(
    state: TournamentState, *, tiebreaks: Sequence[TieBreak] = ()
) -> tuple[StandingRow, ...]:
    """Rank every registered player: score, then ``tiebreaks`` in order, then TPN.

    Players still level after the last tie-break share the rank; the TPN only orders
    the lines.
    """
    values = [tiebreak(state) for tiebreak in tiebreaks]
    rows = []
    for player_id in state.order:
        player = state.player(player_id)
        rows.append(
            StandingRow(
                rank=0,
                player_id=player_id,
                pairing_number=state.pairing_number(player_id),
                name=player.name,
                rating=player.rating,
                score=player.score,
                tiebreaks=tuple(Fraction(value[player_id]) for value in values),
                withdrawn=player.withdrawn_from is not None,
            )
        )
    rows.sort(
        key=lambda row: ([-row.score, *(-value for value in row.tiebreaks)], row.pairing_number)
    )
    ranked: list[StandingRow] = []
    for index, row in enumerate(rows):
        if ranked and (ranked[-1].score, ranked[-1].tiebreaks) == (row.score, row.tiebreaks):
            ranked.append(replace(row, rank=ranked[-1].rank))
        else:
            ranked.append(replace(row, rank=index + 1))
    return tuple(ranked)


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
