"""Builders every engine test shares: colours and point constants, single round records,
player entries, the two records a cross-table game leaves, and a pairing's boards.

System-specific builders (Dutch :class:`~tests.engine.dutch_builders.Field`, the Lim and
Dubov cross-table readers) are written on top of these, so that a round record means the
same thing in every system's tests.
"""

from __future__ import annotations

from fractions import Fraction

from engine.common import colour_difference, played_colours
from engine.model import (
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)

__all__ = [
    "HALF",
    "ONE",
    "RESULTS",
    "ZERO",
    "B",
    "W",
    "boards",
    "check_absolute_rules",
    "entry",
    "game_records",
    "played",
    "unplayed",
]

W, B = Colour.WHITE, Colour.BLACK
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)

RESULTS = {"1-0": (ONE, ZERO), "=": (HALF, HALF), "0-1": (ZERO, ONE)}
"""A played game's result as (White's points, Black's points)."""
_FORFEITS = ("+-", "-+")


def played(colour: Colour, points: Fraction, opponent: int) -> RoundRecord:
    """A game actually played against ``opponent``."""
    return RoundRecord(RoundKind.PLAYED, points, PairingNumber(opponent), colour)


def unplayed(kind: RoundKind, points: Fraction = ZERO, opponent: int | None = None) -> RoundRecord:
    """A round without a game: a bye, or a forfeit (which names its opponent, GHR 3.5)."""
    return RoundRecord(kind, points, PairingNumber(opponent) if opponent else None)


def entry(number: int, rating: int, *history: RoundRecord, available: bool = True) -> PlayerEntry:
    """A player with the given past rounds, oldest first."""
    return PlayerEntry(PairingNumber(number), rating, tuple(history), available)


def game_records(white: int, black: int, result: str) -> tuple[RoundRecord, RoundRecord]:
    """White's and Black's records of one cross-table board: ``1-0``, ``=``, ``0-1``, or a
    forfeit ``+-`` / ``-+`` (won by White / Black), which carries no colour (GHR 3.4)."""
    if result in _FORFEITS:
        white_wins = result == "+-"
        win_kind, loss_kind = RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS
        return (
            unplayed(win_kind if white_wins else loss_kind, ONE if white_wins else ZERO, black),
            unplayed(loss_kind if white_wins else win_kind, ZERO if white_wins else ONE, white),
        )
    white_points, black_points = RESULTS[result]
    return played(Colour.WHITE, white_points, black), played(Colour.BLACK, black_points, white)


def boards(pairing: Pairing) -> list[tuple[int, int]]:
    """``(white, black)`` per board, in board order (the PAB is not a board)."""
    return [(board.white, board.black) for board in pairing.boards]


def check_absolute_rules(request: PairingRequest, pairing: Pairing) -> None:
    """The rules no Dubov edition breaks, on one round: everyone available paired or given
    the PAB, no PAB after a PAB or a win's points without playing, no second game, no colour
    difference beyond +-2, no colour three times running (Basic Rules; 1997 Art. 2)."""
    by_number = {p.number: p for p in request.players}
    seen = [n for b in pairing.boards for n in (b.white, b.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
        bye_history = by_number[pairing.bye].history
        assert all(
            r.kind is not RoundKind.PAB and not (not r.kind.played and r.points >= 1)
            for r in bye_history
        ), f"round {request.round_no}: PAB to {pairing.bye}"
    assert sorted(seen) == sorted(p.number for p in request.players if p.available)
    for board in pairing.boards:
        white, black = by_number[board.white], by_number[board.black]
        met = {r.opponent for r in white.history if r.kind.played}
        assert board.black not in met, f"round {request.round_no}: {board} met before"
        for entry, colour in ((white, W), (black, B)):
            colours = (*played_colours(entry), colour)
            difference = colour_difference(entry) + (1 if colour is W else -1)
            assert abs(difference) <= 2, f"round {request.round_no}: {entry.number} {colours}"
            assert colours[-3:] != (colour,) * 3, f"round {request.round_no}: {entry.number}"
