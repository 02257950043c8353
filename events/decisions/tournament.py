"""Starting and closing a tournament.

>>> from events.projections import EMPTY
>>> [type(e).__name__ for e in create(EMPTY, CreateTournament(tournament_id="open", name="Open", rounds=5))]
['TournamentCreated']
"""

from __future__ import annotations

from datetime import date

import msgspec

from engine import InvalidRequest, systems
from engine.messages import Message
from engine.model import Colour
from events.bounds import (
    Federation,
    HalfByeLimit,
    Name,
    NamedText,
    Rating,
    RatingSystemName,
    Reason,
    RequiredReason,
    RoundsCount,
    RulesEdition,
    ShortText,
    SystemName,
    TiebreakList,
    TiebreakRules,
    TournamentId,
    check_points_value,
)
from events.decisions.common import CommandStruct, require_text
from events.decisions.settings import check_acceleration, check_rating_system
from events.directory import RATING_KINDS
from events.errors import InvalidCommand, TournamentExists
from events.projections.state import TournamentState
from events.tiebreaks import (
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Edition,
    TiebreakError,
    parse_settings,
)
from events.types import Event, PointValues, TournamentCreated, TournamentReopened
from events.types import TournamentClosed as TournamentClosedEvent

__all__ = [
    "MISSED_ROUNDS_IN_TOTAL",
    "CloseTournament",
    "CreateTournament",
    "ReopenTournament",
    "close",
    "create",
    "reopen",
]

MISSED_ROUNDS_IN_TOTAL = frozenset({"amalfi"})
"""Systems whose late entrant scores a draw's points for all missed rounds together,
however many they are (amalfi.md B.2), instead of the regulations' points per round."""


class CreateTournament(CommandStruct, frozen=True):
    """Start a tournament stream; the fields are those of :class:`TournamentCreated`.

    A command that names no tie-breaks gets its system's list under the current C.07
    edition: a Swiss system BH/C1 BH DE SB WIN BWG (events.tiebreaks.SWISS_TIEBREAKS), a
    round-robin DE WIN SB KS (events.tiebreaks.ROUND_ROBIN_TIEBREAKS); the event states
    both. An empty list ranks by points alone (a TRF file without a list imports so).
    """

    tournament_id: TournamentId
    name: NamedText
    rounds: RoundsCount
    system: SystemName = systems.DEFAULT_SYSTEM
    points: PointValues = PointValues()
    initial_colour: Colour = Colour.WHITE
    rules_edition: RulesEdition = systems.DEFAULT_EDITION
    place: ShortText = ""
    federation: Federation = ""
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: Name = ""
    time_control: ShortText = ""
    max_half_point_byes: HalfByeLimit | None = None
    full_point_byes: bool = False
    tiebreaks: TiebreakList | None = None
    tiebreak_rules: TiebreakRules = ""
    unrated_rating: Rating | None = None
    rating_type: ShortText = "standard"
    rating_system: RatingSystemName = ""
    round_dates: tuple[date, ...] = ()
    avoid_same_club: bool = False
    avoid_same_federation: bool = False
    acceleration: ShortText = ""


class CloseTournament(CommandStruct, frozen=True):
    reason: Reason = ""


class ReopenTournament(CommandStruct, frozen=True):
    """Accept changes to a closed tournament again (a result changed on appeal)."""

    reason: RequiredReason


def create(state: TournamentState, command: CreateTournament) -> list[Event]:
    if state.settings is not None:
        raise TournamentExists(state.settings.tournament_id)
    require_text(command.name, "name")
    _check_system(command.system, command.rules_edition)
    if command.start_date and command.end_date and command.end_date < command.start_date:
        raise InvalidCommand(Message("the end date is before the start date"), field="end_date")
    _check_points(command.points)
    if command.system in MISSED_ROUNDS_IN_TOTAL and command.points.missed_round:
        raise InvalidCommand(
            Message("the %(system)s system scores a late entrant a draw's points for all "
                    "missed rounds together (B.2); points per missed round cannot be set",
                    system=command.system),
            field="points.missed_round",
        )  # fmt: skip
    if len(command.round_dates) > command.rounds:
        raise InvalidCommand(
            Message("%(dates)s round dates for %(rounds)s rounds",
                    dates=len(command.round_dates), rounds=command.rounds),
            field="round_dates",
        )  # fmt: skip
    if list(command.round_dates) != sorted(command.round_dates):
        raise InvalidCommand(Message("the round dates are not in order"), field="round_dates")
    if command.rating_type not in RATING_KINDS:
        raise InvalidCommand(
            Message("rating type must be one of %(kinds)s", kinds=", ".join(RATING_KINDS)),
            field="rating_type",
        )
    check_rating_system(command.rating_system)
    tiebreaks = (
        default_tiebreaks(command.system) if command.tiebreaks is None else command.tiebreaks
    )
    rules = command.tiebreak_rules or (Edition.current().value if tiebreaks else "")
    try:
        parse_settings(tiebreaks, rules)
    except TiebreakError as error:
        raise InvalidCommand(error.args[0], field="tiebreaks") from None
    check_acceleration(command.acceleration, TournamentState(points=command.points.to_engine()))
    fields = {**msgspec.structs.asdict(command), "tiebreaks": tiebreaks, "tiebreak_rules": rules}
    return [TournamentCreated(**fields)]


def default_tiebreaks(system: str) -> str:
    """The tie-break list a tournament of ``system`` gets when its command names none.

    >>> default_tiebreaks("double-round-robin")
    'DE WIN SB KS'
    """
    return ROUND_ROBIN_TIEBREAKS if systems.is_round_robin(system) else SWISS_TIEBREAKS


def _check_system(system: str, edition: str) -> None:
    """A tournament is started only under a system and edition the engine has (the
    systems table), so that every round of it can be paired."""
    if system not in systems.system_names():
        raise InvalidCommand(
            Message("pairing system %(system)s is not available; use one of %(systems)s",
                    system=repr(system), systems=", ".join(systems.system_names())),
            field="system",
        )  # fmt: skip
    try:
        systems.entry_point(system, edition)
    except InvalidRequest as error:
        raise InvalidCommand(error.args[0], field="rules_edition") from None


def close(state: TournamentState, command: CloseTournament) -> list[Event]:
    state.require_settings()
    state.require_results()
    return [TournamentClosedEvent(reason=command.reason)]


def reopen(state: TournamentState, command: ReopenTournament) -> list[Event]:
    settings = state.require_settings()
    if not state.closed:
        raise InvalidCommand(
            Message(
                "tournament %(tournament)s is not closed", tournament=repr(settings.tournament_id)
            )
        )
    require_text(command.reason, "reason")
    return [TournamentReopened(reason=command.reason)]


def _check_points(points: PointValues) -> None:
    for name in points.__struct_fields__:
        check_points_value(getattr(points, name), f"points.{name}")
    if not points.win > points.draw >= points.loss:
        raise InvalidCommand(Message("points must rank win > draw >= loss"), field="points")
