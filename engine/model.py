"""What every pairing system takes in and gives back.

The engine is a pure function ``PairingRequest -> Pairing``: no events, no SQL, no files.
Callers (the TRF mapping, the event projections) build the request from whatever they hold;
every system (Dutch, Burstein, Dubov, Lim, Amalfi) reads the same request.

Points are :class:`fractions.Fraction` so that 1/½/0, 3/1/0 and any regulation value are
exact; systems scale them to integers where a matching weight needs it.

The request and the pairing are frozen dataclasses. The two classes a request holds many of,
:class:`PlayerEntry` and :class:`RoundRecord` (one per player and past round), are plain
slots dataclasses: a frozen dataclass sets every field through ``object.__setattr__``, which
made building them a quarter of reading a 50-player file's round. No engine changes its
request (``tests/engine/test_request_untouched.py`` pairs with every system and compares);
they are equal by value as before, and, like any mutable dataclass, not hashable.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NewType

__all__ = [
    "Board",
    "BracketTrace",
    "Colour",
    "ColourDecision",
    "FloatReason",
    "Outcome",
    "Pairing",
    "PairingNumber",
    "PairingRequest",
    "PairingTrace",
    "PlayerEntry",
    "PointSystem",
    "RoundKind",
    "RoundRecord",
    "UnmetCriterion",
]

PairingNumber = NewType("PairingNumber", int)
"""A player's tournament pairing number (TPN), 1-based; 1 is the highest-ranked entry."""


class Colour(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class RoundKind(enum.Enum):
    """What one round was for one player (general.md §1, "round record")."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    PAB = "pab"
    FULL_BYE = "full-bye"
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    NOT_PAIRED = "not-paired"
    """Absent without a requested bye, withdrawn, or not yet entered (late entry)."""

    played: bool
    """Whether a game was played over the board. Set on each member rather than worked out
    by a property: every rule asks it of every round record, and an enum property's look-up
    of ``RoundKind.PLAYED`` costs several times a plain attribute."""

    def __init__(self, value: str) -> None:
        self.played = value == "played"


class Outcome(enum.Enum):
    """What one side of a board got; the points come from the tournament's regulations."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"

    @property
    def score(self) -> Fraction:
        """The outcome in 1-½-0 terms, whatever the point system (rating-based tie-breaks)."""
        return _SCORES[self]


_SCORES = {
    Outcome.WIN: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.LOSS: Fraction(0),
    Outcome.FORFEIT_WIN: Fraction(1),
    Outcome.FORFEIT_LOSS: Fraction(0),
}


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points for each kind of round record; the defaults are FIDE's 1 / ½ / 0."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)


@dataclass(slots=True)
class RoundRecord:
    """One player's record for one past round.

    ``colour`` is set only for games actually played; ``opponent`` for played games and
    forfeits. ``points`` is what the round scored (the caller applies the point system, so
    that unusual results such as 0-0 or ½-0 are carried as they were recorded).
    """

    kind: RoundKind
    points: Fraction
    opponent: PairingNumber | None = None
    colour: Colour | None = None


@dataclass(slots=True)
class PlayerEntry:
    """A registered player as the engine sees them before the round is paired.

    ``history`` holds one record per past round, round 1 first; a late entry's missed
    rounds are ``NOT_PAIRED`` (or a bye with the points the regulations give).
    ``acceleration`` maps a round number to virtual points added to the score for
    pairing that round (Baku acceleration, XXA / TRF-2026 record 250).
    """

    number: PairingNumber
    rating: int = 0
    history: tuple[RoundRecord, ...] = ()
    available: bool = True
    acceleration: dict[int, Fraction] = field(default_factory=dict)
    name: str = ""

    @property
    def score(self) -> Fraction:
        return sum((record.points for record in self.history), Fraction(0))


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """Everything needed to pair round ``round_no``.

    ``initial_colour`` is the colour drawn for the top player in round 1 (Dutch Art. 5.1).
    ``forbidden_pairs`` are arbiter-set pairs that must not meet (XXP / record 260),
    treated like the absolute criterion C1.
    """

    round_no: int
    total_rounds: int
    players: tuple[PlayerEntry, ...]
    points: PointSystem = PointSystem()
    initial_colour: Colour = Colour.WHITE
    forbidden_pairs: frozenset[frozenset[PairingNumber]] = frozenset()
    maxi: bool = False
    cycles: int = 1
    """How many times each player meets each other: 2 in a double round-robin (C.05 Annex 1)."""
    """A maxi-tournament: the Lim system's 100-point rating limits apply (C.04.4.3 3.2, 3.8, 5.7)."""
    rules_edition: str = "fide-2026"
    """The FIDE rules edition the tournament follows: ``fide-2026`` (from 1 Feb 2026),
    ``fide-2017`` (the texts in force until 31 Jan 2026), ``fide-2012`` (the Dutch text
    agreed in Istanbul 2012, in force until 1 July 2017) or ``fide-1997`` (the Dubov text
    approved in 1997); :func:`engine.systems.pair` chooses
    the system's entry point by it, and refuses an edition the system does not have."""
    explain: bool = True
    """Whether the pairing keeps the engine's account of it (:attr:`Pairing.trace`): False
    when nobody will read it (``arbiter pair`` and ``POST /pairings`` without ``--explain``),
    which spares the Dutch engine building it; the boards are the same either way."""

    def player(self, number: PairingNumber) -> PlayerEntry:
        for entry in self.players:
            if entry.number == number:
                return entry
        raise KeyError(number)


@dataclass(frozen=True, slots=True)
class Board:
    white: PairingNumber
    black: PairingNumber


@dataclass(frozen=True, slots=True)
class FloatReason:
    """Why a player moved down out of a bracket (or, from the last bracket, got the PAB)."""

    player: PairingNumber
    reason: str


@dataclass(frozen=True, slots=True)
class UnmetCriterion:
    """A quality criterion the chosen pairing of a bracket could not meet, and for whom."""

    criterion: str
    """The criterion's name in the system's rules, e.g. ``"C12"``."""
    players: tuple[PairingNumber, ...]
    detail: str = ""


@dataclass(frozen=True, slots=True)
class BracketTrace:
    """One bracket as the engine paired it: who was in it, what it paired, who moved on."""

    score: Fraction
    residents: tuple[PairingNumber, ...]
    moved_down: tuple[PairingNumber, ...] = ()
    """Players who entered from higher brackets (MDPs)."""
    pairs: tuple[tuple[PairingNumber, PairingNumber], ...] = ()
    floaters: tuple[FloatReason, ...] = ()
    unmet: tuple[UnmetCriterion, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """The rule that gave a board its colours, e.g. ``"5.2.1"``, with the facts it used."""

    white: PairingNumber
    black: PairingNumber
    rule: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class PairingTrace:
    """The engine's own record of how it reached a pairing (``--explain``)."""

    brackets: tuple[BracketTrace, ...] = ()
    colours: tuple[ColourDecision, ...] = ()
    bye_reason: str = ""


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's pairing: boards in board order, and the player given the PAB, if any.

    ``explanation`` is the engine's own trace of its decisions (``--explain``), as plain
    lines grouped by bracket; ``trace`` holds the same kind of facts as data, for systems
    that record them that way.
    """

    boards: tuple[Board, ...]
    bye: PairingNumber | None = None
    explanation: tuple[str, ...] = ()
    trace: PairingTrace | None = None
