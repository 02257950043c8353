"""Standings: players ranked by score, then by whatever tie-breaks the regulations list.

The tie-break seam: a tie-break is any function of the state giving each player a value
(higher is better), so FIDE's C.07 tie-breaks plug in without changing this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from events.projections.state import TournamentState
from events.types import PlayerId

__all__ = [
    "COUNTING_RULE",
    "StandingRow",
    "TieBreak",
    "completed_rounds",
    "counting_note",
    "points_str",
    "standings",
    "to_decimal",
]

COUNTING_RULE = (
    "a round counts once every one of its results is in; until then, byes and finished "
    "games of that round count nothing"
)
"""What the standings count, with or without tie-breaks (one rule, stated in every output)."""

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


def completed_rounds(state: TournamentState) -> int:
    """How many rounds, from round 1 on, have every result in: what standings count."""
    complete = 0
    for round_ in state.rounds:
        if round_.missing_results:
            break
        complete += 1
    return complete


def counting_note(state: TournamentState) -> str:
    """The line standings print about what they count, naming a round still being played.

    >>> from events.projections.state import EMPTY
    >>> counting_note(EMPTY)
    'Counted: no round yet. A round counts once every one of its results is in; ...'
    """
    counted = completed_rounds(state)
    basis = f"rounds 1-{counted}" if counted > 1 else "round 1" if counted else "no round yet"
    pending = (
        f"; round {counted + 1} is in progress and not counted"
        if state.rounds_paired > counted
        else ""
    )
    return f"Counted: {basis}{pending}. {COUNTING_RULE[0].upper()}{COUNTING_RULE[1:]}."


def standings(
    state: TournamentState, *, tiebreaks: Sequence[TieBreak] = ()
) -> tuple[StandingRow, ...]:
    """Rank every registered player: score over the completed rounds (:data:`COUNTING_RULE`),
    then ``tiebreaks`` in order, then TPN.

    Players still level after the last tie-break share the rank; the TPN only orders
    the lines.
    """
    values = [tiebreak(state) for tiebreak in tiebreaks]
    counted = completed_rounds(state)
    rows = []
    for player_id in state.order:
        player = state.player(player_id)
        score = sum((record.points for record in player.rounds[:counted]), Fraction(0))
        rows.append(
            StandingRow(
                rank=0,
                player_id=player_id,
                pairing_number=state.pairing_number(player_id),
                name=player.name,
                rating=player.rating,
                score=score,
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
