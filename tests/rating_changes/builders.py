"""Small crosstables written by hand: each game given once, both sides derived."""

from __future__ import annotations

from fractions import Fraction

from engine.model import Colour, Outcome, PairingNumber, RoundKind
from events.tiebreaks import Crosstable, PlayerRecord, RoundEntry

Game = tuple[int, int, str]
"""(white, black, result) with result ``1-0``, ``1/2``, ``0-1``, ``+/-`` or ``-/+``."""

_SCORES = {"1-0": (Outcome.WIN, Outcome.LOSS), "0-1": (Outcome.LOSS, Outcome.WIN)}
_SCORES["1/2"] = (Outcome.DRAW, Outcome.DRAW)


def crosstable(ratings: dict[int, int | None], rounds: list[list[Game]]) -> Crosstable:
    """Players numbered as ``ratings``' keys; a player missing from a round had a bye."""
    entries: dict[int, list[RoundEntry]] = {number: [] for number in ratings}
    for games in rounds:
        seen = set()
        for white, black, result in games:
            seen |= {white, black}
            if result in ("+/-", "-/+"):
                white_won = result == "+/-"
                entries[white].append(_forfeit(black, white_won))
                entries[black].append(_forfeit(white, not white_won))
                continue
            white_outcome, black_outcome = _SCORES[result]
            entries[white].append(_game(black, Colour.WHITE, white_outcome))
            entries[black].append(_game(white, Colour.BLACK, black_outcome))
        for number in ratings.keys() - seen:
            entries[number].append(RoundEntry.bye(RoundKind.PAB, points=Fraction(1)))
    players = tuple(
        PlayerRecord(PairingNumber(number), tuple(entries[number]), rating=rating)
        for number, rating in ratings.items()
    )
    return Crosstable(players, len(rounds))


def _game(opponent: int, colour: Colour, outcome: Outcome) -> RoundEntry:
    return RoundEntry.game(
        opponent=PairingNumber(opponent), colour=colour, outcome=outcome, points=outcome.score
    )


def _forfeit(opponent: int, won: bool) -> RoundEntry:
    return RoundEntry.forfeit(
        opponent=PairingNumber(opponent), won=won, points=Fraction(1 if won else 0)
    )
