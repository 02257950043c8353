"""Unplayed rounds in Swiss events (C.07 Art. 16): the score opponents see and the dummy.

Everything here is a pure function of the crosstable as of the standings round, because the
category of a requested bye (16.2.3 vs 16.2.5) depends on the rounds after it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from engine.model import Outcome, PairingNumber, RoundKind
from events.tiebreaks.model import Crosstable, Edition, PlayerRecord, RoundEntry

__all__ = ["adjusted_scores", "dummy_score", "fore_crosstable"]


def _last_non_voluntary_round(player: PlayerRecord) -> int:
    """The last round that is not a VUR (0 when every round so far is one)."""
    rounds = [r for r, entry in enumerate(player.rounds, start=1) if not entry.voluntary]
    return max(rounds, default=0)


def adjusted_scores(crosstable: Crosstable) -> dict[PairingNumber, Fraction]:
    """Each participant's score as seen by opponents (16.3).

    Rounds of category 16.2.5 (requested byes followed only by VURs: trailing absences, rounds
    after a withdrawal, a bye in the last round) count as draws (16.3.2); every other round
    counts with the points actually awarded (16.3.1). A forfeit loss stays 16.2.4 wherever it is.
    """
    scores: dict[PairingNumber, Fraction] = {}
    for player in crosstable.players:
        last = _last_non_voluntary_round(player)
        scores[player.pairing_number] = sum(
            (
                crosstable.draw_points if round_no > last and entry.requested_bye else entry.points
                for round_no, entry in enumerate(player.rounds, start=1)
            ),
            Fraction(0),
        )
    return scores


def dummy_score(
    crosstable: Crosstable,
    player: PlayerRecord,
    entry: RoundEntry,
    adjusted: dict[PairingNumber, Fraction],
    edition: Edition,
) -> Fraction:
    """The score of the dummy opponent of one of ``player``'s unplayed rounds (16.4).

    2024: the participant's own score. [2026] capped at the scheduled opponent's adjusted score
    for a forfeit (16.4.1) and at a draw's points times the number of rounds otherwise (16.4.2);
    for standings after round r of a longer event the rounds are the r played so far (the
    reading pinned by the reference fixtures, spec/tiebreaks.md §5.4).
    """
    own = player.points
    if edition is Edition.C07_2024:
        return own
    if entry.opponent is not None:
        return min(own, adjusted[entry.opponent])
    return min(own, crosstable.draw_points * crosstable.rounds)


def fore_crosstable(crosstable: Crosstable) -> Crosstable:
    """The crosstable Fore Buchholz is computed on (8.3): every paired final-round game drawn.

    Forfeits of the final round become drawn games too, since FB assumes the pairing is played;
    byes of the final round stay as they are.
    """
    final = crosstable.rounds
    if final == 0:
        return crosstable

    def drawn(entry: RoundEntry) -> RoundEntry:
        if entry.opponent is None:
            return entry
        return replace(
            entry,
            kind=RoundKind.PLAYED,
            points=crosstable.draw_points,
            outcome=Outcome.DRAW,
            voluntary=False,
        )

    players = tuple(
        replace(player, rounds=(*player.rounds[: final - 1], drawn(player.rounds[-1])))
        for player in crosstable.players
    )
    return replace(crosstable, players=players)
