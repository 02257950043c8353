"""The facts of a tournament stream: one frozen, tagged, versioned struct per event type.

Each tag is the stable ``event_type`` stored in the log (never a class path). Payloads hold
facts only (ids, round numbers, results), never derived standings. Types evolve additively:
a new field gets a default; any other change bumps ``schema_version`` and registers an
upcaster in :mod:`events.upcasting`.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar, NewType

import msgspec

from engine.model import Colour, PointSystem
from events.bounds import Points, to_decimal
from events.results import Result

__all__ = [
    "EVENT_TYPES",
    "BoardsSwapped",
    "ByeCancelled",
    "ByeKind",
    "ByeRequested",
    "Colour",
    "ColoursSwapped",
    "DrawMethod",
    "Event",
    "NotPaired",
    "NotPairedReason",
    "PairForbidden",
    "PairedBoard",
    "PairingNumbersDrawn",
    "PlayerDetailsCorrected",
    "PlayerId",
    "PlayerRegistered",
    "PlayerWithdrawn",
    "PointValues",
    "RegistrationRemoved",
    "ResultCorrected",
    "ResultRecorded",
    "RoundNo",
    "RoundPaired",
    "RoundUnpaired",
    "SettingsChanged",
    "TournamentClosed",
    "TournamentCreated",
    "TournamentReopened",
    "VirtualPointsGiven",
    "WithdrawalCancelled",
    "event_type",
    "schema_version",
]

PlayerId = NewType("PlayerId", int)
"""A player's registration number in one tournament: 1, 2, 3 … in order of registration.

Stable for the whole tournament, unlike the pairing number (TPN), which late entries and
early rating corrections may change (general.md §3.2-3.3)."""

RoundNo = NewType("RoundNo", int)
"""A tournament round, 1-based."""

UNSET = msgspec.UNSET
Unset = msgspec.UnsetType


class ByeKind(enum.Enum):
    """Byes a player may ask for (GHR 3.3); the PAB is the pairing's, not requested."""

    HALF = "half"
    ZERO = "zero"
    FULL = "full"


class DrawMethod(enum.Enum):
    """How a round-robin's pairing numbers were drawn (C.05 Annexes 1 and 2)."""

    LOTS = "lots"
    """By lots, from the seed recorded with them."""
    VARMA = "varma"
    """By lots restricted by the Varma tables, from the seed recorded with them."""
    ARBITER = "arbiter"
    """In the order the arbiter gave (lots drawn by hand in the hall)."""


class NotPairedReason(enum.Enum):
    """Why a registered player is not on a board (and is not the PAB) in a round."""

    HALF_BYE = "half-point-bye"
    ZERO_BYE = "zero-point-bye"
    FULL_BYE = "full-point-bye"
    WITHDRAWN = "withdrawn"
    LATE_ENTRY = "late-entry"


class PointValues(msgspec.Struct, frozen=True, kw_only=True):
    """The regulations' points per kind of round record; defaults are FIDE's 1 / ½ / 0.

    ``pab`` is one value for every PAB (C.04.1 Art. 3); ``missed_round`` is what a late
    entry scores for each round missed (GHR 2.4: nothing, unless the regulations say so);
    an Amalfi tournament leaves it at 0, its late entrants scoring a draw's points in total
    (amalfi.md B.2).
    """

    win: Points = Decimal(1)
    draw: Points = Decimal("0.5")
    loss: Points = Decimal(0)
    forfeit_win: Points = Decimal(1)
    forfeit_loss: Points = Decimal(0)
    pab: Points = Decimal(1)
    full_bye: Points = Decimal(1)
    half_bye: Points = Decimal("0.5")
    zero_bye: Points = Decimal(0)
    missed_round: Points = Decimal(0)

    def to_engine(self) -> PointSystem:
        """The same values as the engine's exact fractions."""
        names = (field.name for field in dataclasses.fields(PointSystem))
        return PointSystem(**{name: Fraction(getattr(self, name)) for name in names})

    @classmethod
    def from_engine(cls, points: PointSystem) -> PointValues:
        """The engine's values as stored (finite decimals, as FIDE's point systems are).

        >>> PointValues.from_engine(PointValues(win=Decimal(3)).to_engine()).win
        Decimal('3')
        """
        names = (field.name for field in dataclasses.fields(PointSystem))
        return cls(**{name: to_decimal(getattr(points, name)) for name in names})


class _Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    # Subclasses repeat ``frozen=True``: msgspec inherits it, but a type checker reads only
    # each class's own keywords and would otherwise see a mutable subclass.
    schema_version: ClassVar[int] = 1


class TournamentCreated(_Event, frozen=True, tag="tournament-created"):
    """A tournament and its regulations: the first event of every stream."""

    tournament_id: str
    name: str
    rounds: int
    system: str = "dutch"
    points: PointValues = PointValues()
    initial_colour: Colour = Colour.WHITE
    """The colour drawn for the top player in round 1 (a fact of the drawing of lots)."""
    rules_edition: str = "fide-2026"
    place: str = ""
    federation: str = ""
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    max_half_point_byes: int | None = None
    """How many half-point byes one player may request; ``None``: no limit set."""
    full_point_byes: bool = False
    """Whether the regulations let the arbiter grant full-point byes."""
    tiebreaks: str = ""
    """The C.07 tie-break list in TEC syntax (``"BH/C1 BH SB DE"``); empty: points only."""
    tiebreak_rules: str = ""
    """The C.07 edition of ``tiebreaks``: ``"2024"`` or ``"2026"``, never guessed from dates."""
    unrated_rating: int | None = None
    """The rating unrated players count with in rating-based tie-breaks (C.07 Art. 10)."""
    rating_type: str = "standard"
    """Which FIDE rating the event uses, by its time control: standard, rapid or blitz."""
    rating_system: str = ""
    """The rating system whose changes the event shows (:mod:`events.rating_changes`):
    ``fide`` (the B.02 edition in force on ``end_date``) when empty, or a national one."""
    round_dates: tuple[date, ...] = ()
    """The schedule: the date of round 1, 2, … (TRF ``132``, mandatory in a TRF-2026 rating
    report); may list fewer dates than rounds."""
    avoid_same_club: bool = False
    """Pair players of one club against each other only when nothing else is possible:
    a wish, never above an absolute criterion (see :mod:`events.decisions.settings`)."""
    avoid_same_federation: bool = False
    """The same wish for players of one federation."""
    acceleration: str = ""
    """``"baku"``: the FIDE accelerated pairings (C.04.7, C.04.5 before 2026) from round 1;
    empty: none, or only the virtual points given player by player."""
    public_actors: bool = False
    """Whether the public log names who made each change (the desk's log always does)."""
    norm_event: str = ""
    """What the event is for the title norms' exemptions from the foreigner requirement
    (B.01 1.4.3a-c): ``national-championship`` (its final stage), ``national-team-championship``
    or ``zonal`` (zonal and sub-zonal); empty: none of these."""


class SettingsChanged(_Event, frozen=True, tag="settings-changed"):
    """Regulations changed after creation (absent fields unchanged), until the round where
    each matters: the initial colour, the acceleration and the rounds before round 1 is paired, the
    tie-breaks before the tournament closes, the club and federation wishes any time for
    the rounds still to be paired."""

    initial_colour: Colour | Unset = UNSET
    tiebreaks: str | Unset = UNSET
    tiebreak_rules: str | Unset = UNSET
    avoid_same_club: bool | Unset = UNSET
    avoid_same_federation: bool | Unset = UNSET
    acceleration: str | Unset = UNSET
    public_actors: bool | Unset = UNSET
    rating_system: str | Unset = UNSET
    reason: str = ""
    federation: str | Unset = UNSET
    """The host federation (TRF ``032``), any time: the title norms read it (B.01 1.4.3)."""
    norm_event: str | Unset = UNSET
    """What the event is for the title norms' exemptions (B.01 1.4.3a-c), any time."""
    rounds: int | Unset = UNSET
    """The number of rounds, before round 1 is paired (a round-robin's follows its field)."""


class PairForbidden(_Event, frozen=True, tag="pair-forbidden"):
    """The arbiter forbids two players to meet from ``from_round`` on (an absolute
    criterion for the engines, like a game already played; TRF-2026 record 260)."""

    player_id: PlayerId
    other: PlayerId
    from_round: RoundNo
    reason: str = ""


class PairingNumbersDrawn(_Event, frozen=True, tag="pairing-numbers-drawn"):
    """A round-robin's pairing numbers, drawn before round 1: ``order`` holds the players by
    number (number 1 first). The numbers are what was drawn; ``seed`` only lets anyone
    repeat a draw made by lots."""

    order: tuple[PlayerId, ...]
    method: DrawMethod
    seed: int | None = None


class VirtualPointsGiven(_Event, frozen=True, tag="virtual-points-given"):
    """Acceleration points for one player over a range of rounds (TRF-2026 record 250);
    they count for pairing only, never in the standings."""

    player_id: PlayerId
    first_round: RoundNo
    last_round: RoundNo
    points: Decimal
    reason: str = ""


class PlayerRegistered(_Event, frozen=True, tag="player-registered"):
    """A player entered the tournament; ``joins_round`` > 1 makes it a late entry."""

    schema_version: ClassVar[int] = 2

    player_id: PlayerId
    surname: str
    given_name: str = ""
    fide_id: int | None = None
    rating: int = 0
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_date: date | None = None
    club: str = ""
    joins_round: RoundNo = RoundNo(1)
    missed_round_points: Decimal = Decimal(0)
    """Points scored for each round before ``joins_round`` (GHR 2.4)."""
    birth_year: int | None = None
    """The year of birth when the full date is unknown (rating lists and TRF files often
    give only the year); ``birth_date``, when known, says the same year."""
    missed_points_total: Decimal | None = None
    """Points for all the rounds before ``joins_round`` together, however many they are, when
    the pairing system awards them as a whole (Amalfi B.2: a draw's points); the first missed
    round carries them and ``missed_round_points`` is 0. ``None``: ``missed_round_points``
    for each missed round."""
    rating_list: str = ""
    """``YYYY-MM``: the FIDE list ``rating`` was taken from; empty when entered by hand."""
    list_k_factor: int | None = None
    """The K that FIDE list gave the player for the tournament's time control (B.02 7.1.2);
    None: none taken from a list."""


class PlayerDetailsCorrected(_Event, frozen=True, tag="player-details-corrected"):
    """Corrected ranking or identity data; absent fields are unchanged."""

    player_id: PlayerId
    surname: str | Unset = UNSET
    given_name: str | Unset = UNSET
    fide_id: int | Unset | None = UNSET
    rating: int | Unset = UNSET
    title: str | Unset = UNSET
    federation: str | Unset = UNSET
    sex: str | Unset = UNSET
    birth_date: date | Unset | None = UNSET
    club: str | Unset = UNSET
    reason: str = ""
    rating_list: str | Unset = UNSET
    """``YYYY-MM``: the FIDE list the corrected rating comes from (a rating update before
    round 1); empty when a rating from a list was corrected by hand."""
    k_factor: int | Unset | None = UNSET
    """The player's development coefficient K as the arbiter sets it (B.02 8.3.3: a player
    new to the list, or once rated 2400); ``None``: read from the rating and age again."""
    list_k_factor: int | Unset | None = UNSET
    """The K of the FIDE list of ``rating_list`` (a rating update before round 1)."""


class PlayerWithdrawn(_Event, frozen=True, tag="player-withdrawn"):
    """The player is not paired from ``from_round`` on (GHR 3.2)."""

    player_id: PlayerId
    from_round: RoundNo
    reason: str = ""


class ByeRequested(_Event, frozen=True, tag="bye-requested"):
    player_id: PlayerId
    round_no: RoundNo
    kind: ByeKind


class ByeCancelled(_Event, frozen=True, tag="bye-cancelled"):
    player_id: PlayerId
    round_no: RoundNo


class PairedBoard(msgspec.Struct, frozen=True, kw_only=True):
    white: PlayerId
    black: PlayerId


class NotPaired(msgspec.Struct, frozen=True, kw_only=True):
    player_id: PlayerId
    reason: NotPairedReason


class RoundPaired(_Event, frozen=True, tag="round-paired"):
    """A published pairing: boards in board order (board 1 first), the PAB, the rest.

    ``pairing_numbers`` lists player ids in TPN order (TPN 1 first): the numbering the
    engine saw, kept so that a checker can replay the round (general.md §3.3).
    """

    round_no: RoundNo
    boards: tuple[PairedBoard, ...]
    pab: PlayerId | None = None
    not_paired: tuple[NotPaired, ...] = ()
    system: str = "dutch"
    engine_version: str = ""
    pairing_numbers: tuple[PlayerId, ...] = ()
    reason: str = ""
    """Why the arbiter paired by hand (``system`` "manual"); empty for an engine's pairing."""
    engine_boards: tuple[PairedBoard, ...] = ()
    """For a manual pairing: the engine's proposal it was compared with (what changed)."""
    engine_pab: PlayerId | None = None
    departures: tuple[str, ...] = ()
    """The FIDE criteria the manual pairing breaks, as listed when it was published (an
    absolute one only when forced)."""


class RoundUnpaired(_Event, frozen=True, tag="round-unpaired"):
    """The pairing of the latest round was withdrawn before any result (GHR 4.4)."""

    round_no: RoundNo
    reason: str = ""


class ResultRecorded(_Event, frozen=True, tag="result-recorded"):
    round_no: RoundNo
    board: int
    result: Result


class ResultCorrected(_Event, frozen=True, tag="result-corrected"):
    """A recorded result replaced by another; ``previous`` keeps the audit readable."""

    round_no: RoundNo
    board: int
    result: Result
    previous: Result
    reason: str = ""


class TournamentClosed(_Event, frozen=True, tag="tournament-closed"):
    reason: str = ""


class TournamentReopened(_Event, frozen=True, tag="tournament-reopened"):
    """A closed tournament accepts changes again (a result changed on appeal)."""

    reason: str


class WithdrawalCancelled(_Event, frozen=True, tag="withdrawal-cancelled"):
    """The player is paired again from the next round; rounds already missed stay missed."""

    player_id: PlayerId
    reason: str


class RegistrationRemoved(_Event, frozen=True, tag="registration-removed"):
    """A registration entered in error, before the player was ever paired: the player
    leaves every list; the id is not given to anyone else."""

    player_id: PlayerId
    reason: str


class ColoursSwapped(_Event, frozen=True, tag="colours-swapped"):
    """White and Black exchanged on one board of a published round, before its result."""

    round_no: RoundNo
    board: int
    reason: str


class BoardsSwapped(_Event, frozen=True, tag="boards-swapped"):
    """Two boards of a published round exchange places (numbers), before their results."""

    round_no: RoundNo
    board: int
    other: int
    reason: str


Event = (
    TournamentCreated
    | PlayerRegistered
    | PlayerDetailsCorrected
    | PlayerWithdrawn
    | ByeRequested
    | ByeCancelled
    | RoundPaired
    | RoundUnpaired
    | ResultRecorded
    | ResultCorrected
    | TournamentClosed
    | TournamentReopened
    | SettingsChanged
    | PairForbidden
    | VirtualPointsGiven
    | WithdrawalCancelled
    | RegistrationRemoved
    | ColoursSwapped
    | BoardsSwapped
    | PairingNumbersDrawn
)

EVENT_TYPES: dict[str, type[_Event]] = {
    cls.__struct_config__.tag: cls for cls in typing.get_args(Event)
}
"""Every stored ``event_type`` and the struct it decodes to."""


def event_type(event: _Event) -> str:
    """The stable kebab-case name stored in the log."""
    tag = type(event).__struct_config__.tag
    if not isinstance(tag, str):  # msgspec also allows int tags; every event above uses a name
        raise TypeError(f"{type(event).__name__} has no event type name")
    return tag


def schema_version(event_type_name: str) -> int:
    """The schema version new events of this type are written with."""
    return EVENT_TYPES[event_type_name].schema_version
