"""The input of tie-break computation: who met whom, how each round ended, as of one round.

This model is deliberately small and independent of the event store and of TRF: both the
standings projection and the TRF converter translate their own data into a :class:`Crosstable`
and hand it to :func:`events.tiebreaks.rank`. Points are exact fractions.

Round kinds follow C.07 Art. 15-16 (spec/tiebreaks.md §5): every kind other than
:attr:`RoundKind.GAME` is an *unplayed round*; the voluntary ones (VUR, 16.1.2) are the
requested byes (half- and zero-point byes, every absence, rounds after a withdrawal) and the
forfeit losses.

>>> r1 = RoundEntry.game(opponent=2, colour="w", result=Result.WIN, points=Fraction(1))
>>> r1.voluntary, r1.played
(False, True)
>>> RoundEntry.bye(RoundKind.HALF_POINT_BYE, points=Fraction(1, 2)).voluntary
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, TypeAlias

from events.tiebreaks.errors import TiebreakInputError

__all__ = [
    "Colour",
    "Crosstable",
    "Edition",
    "PairingNumber",
    "PlayerRecord",
    "Result",
    "RoundEntry",
    "RoundKind",
]

PairingNumber: TypeAlias = int
"""A participant's tournament pairing number (TRF starting rank)."""

Colour: TypeAlias = Literal["w", "b"]


class Edition(enum.Enum):
    """The C.07 text in force: always an explicit tournament setting, never guessed from a date.

    ``C07_2024`` is the text applied from 1 April 2024 with its August 2024 revision;
    ``C07_2026`` the edition applied from 1 March 2026 (capped dummy scores, STD, TPN, RTNG).
    """

    C07_2024 = "2024"
    C07_2026 = "2026"

    @classmethod
    def current(cls) -> Edition:
        """The edition in force now: what a list given without an edition is read under
        when the tournament has declared none (the event then states it)."""
        return cls.C07_2026


class Result(enum.Enum):
    """One side's result of a game in 1-½-0 terms, whatever the tournament's point system."""

    WIN = Fraction(1)
    DRAW = Fraction(1, 2)
    LOSS = Fraction(0)


class RoundKind(enum.Enum):
    """What happened to one participant in one round (C.07 Art. 15-16)."""

    GAME = "game"
    """A game played over the board (also one that lasted less than one move)."""
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    """Also each side of a double forfeit."""
    PAB = "pab"
    FULL_POINT_BYE = "full-point-bye"
    HALF_POINT_BYE = "half-point-bye"
    ZERO_POINT_BYE = "zero-point-bye"
    ABSENT = "absent"
    NOT_ENTERED = "not-entered"
    """A late entry's rounds before joining."""
    WITHDRAWN = "withdrawn"
    """A round after the participant withdrew (a zero-point bye by 16.1.1)."""


_PAIRED_KINDS = frozenset({RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})

_VOLUNTARY_KINDS = frozenset(
    {
        RoundKind.FORFEIT_LOSS,
        RoundKind.HALF_POINT_BYE,
        RoundKind.ZERO_POINT_BYE,
        RoundKind.ABSENT,
        RoundKind.NOT_ENTERED,
        RoundKind.WITHDRAWN,
    }
)

_REQUESTED_BYE_KINDS = _VOLUNTARY_KINDS - {RoundKind.FORFEIT_LOSS}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One participant's round: its kind, the points awarded and, if paired, the opponent.

    ``points`` are in the tournament's point system (3-1-0 events award 3 for a win); ``result``
    is the 1-½-0 result of a :attr:`RoundKind.GAME` (the rating-based tie-breaks need it).
    ``voluntary`` is the VUR flag of 16.1.2; the constructors derive it from the kind.
    """

    kind: RoundKind
    points: Fraction
    opponent: PairingNumber | None = None
    colour: Colour | None = None
    result: Result | None = None
    voluntary: bool = False

    @classmethod
    def game(
        cls, *, opponent: PairingNumber, colour: Colour, result: Result, points: Fraction
    ) -> RoundEntry:
        """A game played over the board."""
        return cls(RoundKind.GAME, points, opponent, colour, result)

    @classmethod
    def forfeit(
        cls, *, opponent: PairingNumber, won: bool, points: Fraction, colour: Colour | None = None
    ) -> RoundEntry:
        """A forfeit against the scheduled ``opponent``; a forfeit loss is voluntary (16.1.2)."""
        kind = RoundKind.FORFEIT_WIN if won else RoundKind.FORFEIT_LOSS
        return cls(kind, points, opponent, colour, voluntary=not won)

    @classmethod
    def bye(cls, kind: RoundKind, *, points: Fraction) -> RoundEntry:
        """A round without an opponent: PAB, a bye, an absence or a round outside the entry."""
        if kind in _PAIRED_KINDS:
            raise ValueError(f"{kind.value} needs an opponent")
        return cls(kind, points, voluntary=kind in _VOLUNTARY_KINDS)

    @property
    def played(self) -> bool:
        """True for a game played over the board (15.1: every other round is unplayed)."""
        return self.kind is RoundKind.GAME

    @property
    def requested_bye(self) -> bool:
        """A half- or zero-point bye in the sense of 16.1.1 (absences and withdrawals included)."""
        return self.kind in _REQUESTED_BYE_KINDS


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A participant with a round entry for each round of the standings (round r = rounds[r-1])."""

    pairing_number: PairingNumber
    rounds: tuple[RoundEntry, ...]
    rating: int | None = None
    """FIDE rating used by the rating-based tie-breaks (the first rating, 2026 Art. 10); None = unrated."""
    name: str = ""

    @property
    def points(self) -> Fraction:
        """The participant's score after the last round of the standings."""
        return sum((entry.points for entry in self.rounds), Fraction(0))


@dataclass(frozen=True, slots=True)
class Crosstable:
    """All participants after ``rounds`` rounds, with the point values of a win and a draw.

    :raises TiebreakInputError: when a player has the wrong number of rounds, a pairing number
        repeats, or a paired round names an unknown opponent or one whose round does not match.
    """

    players: tuple[PlayerRecord, ...]
    rounds: int
    win_points: Fraction = Fraction(1)
    draw_points: Fraction = Fraction(1, 2)
    by_number: dict[PairingNumber, PlayerRecord] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number: dict[PairingNumber, PlayerRecord] = {}
        for player in self.players:
            if player.pairing_number in by_number:
                raise TiebreakInputError(f"pairing number {player.pairing_number} appears twice")
            if len(player.rounds) != self.rounds:
                raise TiebreakInputError(
                    f"player {player.pairing_number} has {len(player.rounds)} rounds, "
                    f"expected {self.rounds}"
                )
            by_number[player.pairing_number] = player
        object.__setattr__(self, "by_number", by_number)
        for player in self.players:
            for round_no, entry in enumerate(player.rounds, start=1):
                self._check_entry(player.pairing_number, round_no, entry)

    def _check_entry(self, number: PairingNumber, round_no: int, entry: RoundEntry) -> None:
        where = f"player {number}, round {round_no}"
        if (entry.kind in _PAIRED_KINDS) != (entry.opponent is not None):
            raise TiebreakInputError(f"{where}: {entry.kind.value} with opponent {entry.opponent}")
        if entry.played and entry.result is None:
            raise TiebreakInputError(f"{where}: a played game needs a result")
        if entry.opponent is None:
            return
        opponent = self.by_number.get(entry.opponent)
        if opponent is None or entry.opponent == number:
            raise TiebreakInputError(f"{where}: unknown opponent {entry.opponent}")
        other = opponent.rounds[round_no - 1]
        if other.opponent != number or other.played != entry.played:
            raise TiebreakInputError(
                f"{where}: opponent {entry.opponent} does not show the same pairing"
            )

    def entry(self, number: PairingNumber, round_no: int) -> RoundEntry:
        """The round entry of player ``number`` in ``round_no`` (1-based)."""
        return self.by_number[number].rounds[round_no - 1]
