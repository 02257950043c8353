"""Tie-breaks computed from the participant's own rounds (C.07 Art. 7, type B) and Koya (9.2)."""

from __future__ import annotations

from fractions import Fraction

from engine.model import Colour, Outcome
from events.tiebreaks.model import Crosstable, PlayerRecord

__all__ = [
    "games_played_with_black",
    "games_won",
    "games_won_with_black",
    "koya",
    "progressive_score",
    "rounds_elected_to_play",
    "standard_points",
    "wins",
]


def wins(crosstable: Crosstable, player: PlayerRecord) -> int:
    """WIN (7.1): rounds that gave the points of a win, played or not (forfeits, PAB, byes)."""
    return sum(1 for entry in player.rounds if entry.points == crosstable.win_points)


def games_won(player: PlayerRecord) -> int:
    """WON (7.2): games won over the board."""
    return sum(1 for entry in player.rounds if entry.played and entry.outcome is Outcome.WIN)


def games_played_with_black(player: PlayerRecord) -> int:
    """BPG (7.3): games played over the board with Black."""
    return sum(1 for entry in player.rounds if entry.played and entry.colour is Colour.BLACK)


def games_won_with_black(player: PlayerRecord) -> int:
    """BWG (7.4): games won over the board with Black."""
    return sum(
        1
        for entry in player.rounds
        if entry.played and entry.colour is Colour.BLACK and entry.outcome is Outcome.WIN
    )


def rounds_elected_to_play(player: PlayerRecord) -> int:
    """REP, formerly GE (7.6): the rounds minus half- and zero-point byes and forfeit losses.

    That is the rounds that are not VURs: PAB, full-point byes and forfeit wins count as
    elected to play; every round after a withdrawal is a zero-point bye (16.1.1).
    """
    return sum(1 for entry in player.rounds if not entry.voluntary)


def progressive_score(player: PlayerRecord, *, cut: int = 0) -> Fraction:
    """PS (7.5): the sum of the running scores; Cut-n drops those after rounds 1 … n."""
    running = Fraction(0)
    total = Fraction(0)
    for round_no, entry in enumerate(player.rounds, start=1):
        running += entry.points
        if round_no > cut:
            total += running
    return total


def standard_points(crosstable: Crosstable, player: PlayerRecord) -> Fraction:
    """STD [2026] (7.7): the score re-counted as 1-½-0 from each round's points.

    A round worth more than a draw counts 1, exactly a draw ½, anything less 0.
    """
    total = Fraction(0)
    for entry in player.rounds:
        if entry.points > crosstable.draw_points:
            total += 1
        elif entry.points == crosstable.draw_points:
            total += Fraction(1, 2)
    return total


def koya(
    crosstable: Crosstable, player: PlayerRecord, *, shift: Fraction = Fraction(0)
) -> Fraction:
    """KS (9.2): points scored against opponents who reached 50 % of the maximum score.

    The maximum is a win in every round of the standings; ``shift`` moves the threshold (14.5,
    /L modifier). As in the reference implementation, every paired round counts, forfeits
    included (in round robins, for which KS is meant, forfeits count as games: 15.2).
    """
    threshold = crosstable.win_points * crosstable.rounds / 2 + shift
    return sum(
        (
            entry.points
            for entry in player.rounds
            if entry.opponent is not None
            and crosstable.by_number[entry.opponent].points >= threshold
        ),
        Fraction(0),
    )
