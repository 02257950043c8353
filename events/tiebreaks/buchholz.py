"""Buchholz, Fore Buchholz, Sonneborn-Berger and AOB (C.07 Art. 8-9) with Cut/Median (14).

Each round gives one term (4.4: repeated opponents count separately): against an opponent met
over the board, that opponent's adjusted score (16.3); for an unplayed round, the dummy's score
(16.4). The SB term multiplies it by the points the participant scored in that round.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from engine.model import PairingNumber
from events.tiebreaks.model import Crosstable, Edition
from events.tiebreaks.rounding import round_half_up
from events.tiebreaks.unplayed import adjusted_scores, dummy_score

__all__ = ["Term", "average_of_buchholz", "buchholz_terms", "cut_sum"]


@dataclass(frozen=True, slots=True)
class Term:
    """One round's contribution: the (opponent or dummy) ``score`` and the tie-break ``value``.

    ``voluntary`` marks a VUR's term, which the cut exception (16.5) removes first.
    """

    score: Fraction
    value: Fraction
    voluntary: bool


def buchholz_terms(
    crosstable: Crosstable, edition: Edition, *, sonneborn_berger: bool
) -> dict[PairingNumber, list[Term]]:
    """Per participant, the BH terms (or SB terms) of every round, in round order."""
    adjusted = adjusted_scores(crosstable)
    terms: dict[PairingNumber, list[Term]] = {}
    for player in crosstable.players:
        own_terms = []
        for entry in player.rounds:
            if entry.played:
                assert entry.opponent is not None
                score = adjusted[entry.opponent]
            else:
                score = dummy_score(crosstable, player, entry, adjusted, edition)
            value = score * entry.points if sonneborn_berger else score
            own_terms.append(Term(score, value, entry.voluntary and not entry.played))
        terms[player.pairing_number] = own_terms
    return terms


def cut_sum(terms: list[Term], *, low: int, high: int) -> Fraction:
    """Sum the terms after removing ``low`` least and ``high`` most significant ones.

    The least significant term is the one with the lowest score, and among equal scores the
    lowest value (14.1; for SB the 2024-08 wording). When the participant has VURs, the lowest
    VUR term is removed instead, unless its value is lower than the least significant term's
    (16.5, repeated for each further cut). Median's upper cut has no such exception.
    """
    remaining = list(terms)
    low = min(low, len(remaining))
    high = min(high, len(remaining) - low)
    for _ in range(low):
        least = min(remaining, key=lambda t: (t.score, t.value))
        vurs = [t for t in remaining if t.voluntary]
        if vurs:
            lowest_vur = min(vurs, key=lambda t: (t.value, t.score))
            if lowest_vur.value >= least.value:
                least = lowest_vur
        remaining.remove(least)
    for _ in range(high):
        remaining.remove(max(remaining, key=lambda t: (t.score, t.value)))
    return sum((t.value for t in remaining), Fraction(0))


def average_of_buchholz(
    crosstable: Crosstable, opponents_buchholz: dict[PairingNumber, Fraction]
) -> dict[PairingNumber, Decimal | None]:
    """AOB (8.2): the mean of the given Buchholz values of the opponents met over the board.

    Rounded half-up to two decimals as the reference implementation does; no value without an
    over-the-board game.
    """
    result: dict[PairingNumber, Decimal | None] = {}
    for player in crosstable.players:
        values = [
            opponents_buchholz[entry.opponent]
            for entry in player.rounds
            if entry.played and entry.opponent is not None
        ]
        result[player.pairing_number] = (
            round_half_up(sum(values, Fraction(0)) / len(values), "0.01") if values else None
        )
    return result
