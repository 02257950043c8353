"""The input of tie-break computation: who met whom, how each round ended, as of one round.

This model is deliberately small and independent of the event store and of TRF: both the
standings projection and the TRF converter translate their own data into a :class:`Crosstable`
and hand it to :func:`events.tiebreaks.rank`. Points are exact fractions. Rounds, colours,
outcomes and pairing numbers are the engine's words (:mod:`engine.model`), the one vocabulary.

Round kinds follow C.07 Art. 15-16 (spec/tiebreaks.md §5): every kind other than
:attr:`RoundKind.PLAYED` is an *unplayed round*; the voluntary ones (VUR, 16.1.2) are the
requested byes (half- and zero-point byes, every round not paired: absences, rounds before
a late entry and after a withdrawal) and the forfeit losses.

>>> r1 = RoundEntry.game(opponent=2, colour=Colour.WHITE, outcome=Outcome.WIN, points=Fraction(1))
>>> r1.voluntary, r1.played
(False, True)
>>> RoundEntry.bye(RoundKind.HALF_BYE, points=Fraction(1, 2)).voluntary
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from engine.model import Colour, Outcome, PairingNumber, RoundKind
from events.tiebreaks.errors import TiebreakInputError
from events.types import NotPairedReason, PlayerId

__all__ = ["Crosstable", "Edition", "PlayerRecord", "RoundEntry"]


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


_PAIRED_KINDS = frozenset({RoundKind.PLAYED, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})

_VOLUNTARY_KINDS = frozenset(
    {RoundKind.FORFEIT_LOSS, RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.NOT_PAIRED}
)

_REQUESTED_BYE_KINDS = _VOLUNTARY_KINDS - {RoundKind.FORFEIT_LOSS}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One participant's round: its kind, the points awarded and, if paired, the opponent.

    ``points`` are in the tournament's point system (3-1-0 events award 3 for a win);
    ``outcome`` is the player's side of a :attr:`RoundKind.PLAYED` game (the rating-based
    tie-breaks read its 1-½-0 score). ``voluntary`` is the VUR flag of 16.1.2; the
    constructors derive it from the kind. ``reason`` says why a ``NOT_PAIRED`` round was not
    paired (a withdrawal, a late entry), when the source knows; None: absent.
    """

    kind: RoundKind
    points: Fraction
    opponent: PairingNumber | None = None
    colour: Colour | None = None
    outcome: Outcome | None = None
    voluntary: bool = False
    reason: NotPairedReason | None = None

    @classmethod
    def game(
        cls, *, opponent: PairingNumber, colour: Colour, outcome: Outcome, points: Fraction
    ) -> RoundEntry:
        """A game played over the board."""
        return cls(RoundKind.PLAYED, points, opponent, colour, outcome)

    @classmethod
    def forfeit(
        cls, *, opponent: PairingNumber, won: bool, points: Fraction, colour: Colour | None = None
    ) -> RoundEntry:
        """A forfeit against the scheduled ``opponent``; a forfeit loss is voluntary (16.1.2)."""
        kind = RoundKind.FORFEIT_WIN if won else RoundKind.FORFEIT_LOSS
        return cls(kind, points, opponent, colour, voluntary=not won)

    @classmethod
    def bye(
        cls, kind: RoundKind, *, points: Fraction, reason: NotPairedReason | None = None
    ) -> RoundEntry:
        """A round without an opponent: PAB, a bye, an absence or a round outside the entry."""
        if kind in _PAIRED_KINDS:
            raise ValueError(f"{kind.value} needs an opponent")
        return cls(kind, points, voluntary=kind in _VOLUNTARY_KINDS, reason=reason)

    @property
    def played(self) -> bool:
        """True for a game played over the board (15.1: every other round is unplayed)."""
        return self.kind is RoundKind.PLAYED

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
    title: str = ""
    player_id: PlayerId | None = None
    """The registration number of a stored tournament's player (the id commands take); None
    for a TRF file's."""
    withdrawn: bool = False

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
        if entry.played and entry.outcome is None:
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
