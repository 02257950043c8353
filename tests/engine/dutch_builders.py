"""Small builders for Dutch test requests: players with given colour histories and scores,
and the outside opponents those histories need.

Worked examples in spec/dutch.md describe one bracket; to pair it as a whole round the
players' earlier games need opponents. :class:`Field` invents an outside opponent per game,
absent from the round being paired, whose score before that game is whatever the example
needs (so that floats come out as the example says).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.model import (
    Colour,
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine import builders
from tests.engine.builders import HALF, ONE, ZERO, B, W, played

__all__ = ["HALF", "ONE", "ZERO", "B", "Field", "W", "boards", "c5_example", "played"]


def boards(pairing: Pairing) -> list[tuple[int, int]]:
    """The boards as ``(white, black)`` number pairs, the PAB as ``(n, 0)`` at the end."""
    result = builders.boards(pairing)
    if pairing.bye is not None:
        result.append((int(pairing.bye), 0))
    return result


@dataclass
class Field:
    """A tournament under construction, ``rounds_played`` rounds in."""

    rounds_played: int
    histories: dict[int, list[RoundRecord]] = field(default_factory=dict)
    absent: set[int] = field(default_factory=set)
    next_outside: int = 100
    pending: list[tuple[int, int, int, Colour, Fraction, Fraction | None]] = field(
        default_factory=list
    )

    def player(self, number: int, *records: RoundRecord) -> None:
        """A player with explicit round records (oldest first)."""
        assert len(records) == self.rounds_played
        self.histories[number] = list(records)

    def game(
        self,
        number: int,
        colour: Colour,
        points: Fraction,
        *,
        opponent_score: Fraction | None = None,
        round_no: int,
    ) -> RoundRecord:
        """A game of ``number`` against an invented opponent who is absent from now on.

        ``opponent_score`` is the opponent's score before the game (default: the same as
        the player's, so that nobody floats); the opponent's history is written when the
        request is built, once the player's own history is known.
        """
        outside = self.next_outside
        self.next_outside += 1
        self.pending.append((outside, number, round_no, colour, points, opponent_score))
        self.absent.add(outside)
        return RoundRecord(RoundKind.PLAYED, points, PairingNumber(outside), colour)

    def _outside_history(
        self,
        number: int,
        round_no: int,
        colour: Colour,
        points: Fraction,
        opponent_score: Fraction | None,
    ) -> list[RoundRecord]:
        mine = sum((r.points for r in self.histories[number][: round_no - 1]), ZERO)
        before = mine if opponent_score is None else opponent_score
        records: list[RoundRecord] = []
        for _ in range(round_no - 1):
            step = min(before, ONE)
            kind = (
                RoundKind.FULL_BYE
                if step == ONE
                else (RoundKind.HALF_BYE if step == HALF else RoundKind.NOT_PAIRED)
            )
            records.append(RoundRecord(kind, step))
            before -= step
        assert before == 0, "opponent score must be reachable with byes"
        records.append(
            RoundRecord(RoundKind.PLAYED, 1 - points, PairingNumber(number), colour.opposite)
        )
        return records + [RoundRecord(RoundKind.NOT_PAIRED, ZERO)] * (self.rounds_played - round_no)

    def history(
        self, number: int, *games: tuple[Colour, Fraction] | tuple[Colour, Fraction, Fraction]
    ) -> None:
        """A player whose games were all against invented opponents: ``(colour, points)`` or
        ``(colour, points, opponent score before the game)`` per round."""
        self.histories[number] = []
        for round_no, spec in enumerate(games, start=1):
            colour, points = spec[0], spec[1]
            opponent_score = spec[2] if len(spec) == 3 else None  # type: ignore[misc]
            record = self.game(
                number, colour, points, opponent_score=opponent_score, round_no=round_no
            )
            self.histories[number].append(record)

    def request(
        self, *, total_rounds: int = 9, initial: Colour = W, **options: object
    ) -> PairingRequest:
        for outside, number, round_no, colour, points, opponent_score in self.pending:
            self.histories[outside] = self._outside_history(
                number, round_no, colour, points, opponent_score
            )
        players = tuple(
            PlayerEntry(
                number=PairingNumber(number),
                history=tuple(records),
                available=number not in self.absent,
            )
            for number, records in sorted(self.histories.items())
        )
        return PairingRequest(
            round_no=self.rounds_played + 1,
            total_rounds=total_rounds,
            players=players,
            initial_colour=initial,
            **options,  # type: ignore[arg-type]
        )


def c5_example() -> Field:
    """spec/dutch.md §10.4 (bbpPairings' dutch_2025_C5), round 3 with player 4 absent:
    6 on 0.0 can take the PAB only if the top bracket makes no pair (1-5, 3-2, PAB to 6)."""
    f = Field(rounds_played=2)
    f.player(1, played(W, ONE, 4), played(B, ONE, 2))
    f.player(2, played(B, ONE, 5), played(W, ZERO, 1))
    f.player(3, played(W, ONE, 6), played(B, ONE, 4))
    f.player(4, played(B, ZERO, 1), played(W, ZERO, 3))
    f.player(5, played(W, ZERO, 2), played(B, ONE, 6))
    f.player(6, played(B, ZERO, 3), played(W, ZERO, 5))
    f.absent.add(4)
    return f
