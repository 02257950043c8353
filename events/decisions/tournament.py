"""Starting and closing a tournament.

>>> from events.projections import EMPTY
>>> [type(e).__name__ for e in create(EMPTY, CreateTournament(tournament_id="open", name="Open", rounds=5))]
['TournamentCreated']
"""

from __future__ import annotations

import re
from datetime import date

import msgspec

from engine.model import Colour
from events.decisions.common import CommandStruct, check_federation, require_text
from events.decisions.settings import check_acceleration
from events.errors import InvalidCommand, TournamentExists
from events.projections.tournament import TournamentState
from events.tiebreaks import TiebreakError, parse_settings
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

RULES_EDITIONS = ("fide-2026", "fide-2017")
MAX_ROUNDS = 99
_TOURNAMENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
MISSED_ROUNDS_IN_TOTAL = frozenset({"amalfi"})
"""Systems whose late entrant scores a draw's points for all missed rounds together,
however many they are (amalfi.md B.2), instead of the regulations' points per round."""


class CreateTournament(CommandStruct, frozen=True):
    """Start a tournament stream; the fields are those of :class:`TournamentCreated`."""

    tournament_id: str
    name: str
    rounds: int
    system: str = "dutch"
    points: PointValues = PointValues()
    initial_colour: Colour = Colour.WHITE
    rules_edition: str = "fide-2026"
    place: str = ""
    federation: str = ""
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    max_half_point_byes: int | None = None
    full_point_byes: bool = False
    tiebreaks: str = ""
    tiebreak_rules: str = ""
    unrated_rating: int | None = None
    avoid_same_club: bool = False
    avoid_same_federation: bool = False
    acceleration: str = ""


class CloseTournament(CommandStruct, frozen=True):
    reason: str = ""


class ReopenTournament(CommandStruct, frozen=True):
    """Accept changes to a closed tournament again (a result changed on appeal)."""

    reason: str


def create(state: TournamentState, command: CreateTournament) -> list[Event]:
    if state.settings is not None:
        raise TournamentExists(state.settings.tournament_id)
    if not _TOURNAMENT_ID.fullmatch(command.tournament_id):
        raise InvalidCommand(
            f"tournament id {command.tournament_id!r} must be 1-64 letters, digits, '.', '_' or '-'",
            field="tournament_id",
        )
    require_text(command.name, "name")
    if not 1 <= command.rounds <= MAX_ROUNDS:
        raise InvalidCommand(f"rounds must be between 1 and {MAX_ROUNDS}", field="rounds")
    if command.rules_edition not in RULES_EDITIONS:
        raise InvalidCommand(
            f"rules edition must be one of {', '.join(RULES_EDITIONS)}", field="rules_edition"
        )
    if command.start_date and command.end_date and command.end_date < command.start_date:
        raise InvalidCommand("the end date is before the start date", field="end_date")
    check_federation(command.federation)
    _check_points(command.points)
    if command.system in MISSED_ROUNDS_IN_TOTAL and command.points.missed_round:
        raise InvalidCommand(
            f"the {command.system} system scores a late entrant a draw's points for all "
            "missed rounds together (B.2); points per missed round cannot be set",
            field="points.missed_round",
        )
    if command.max_half_point_byes is not None and command.max_half_point_byes < 0:
        raise InvalidCommand("max_half_point_byes cannot be negative", field="max_half_point_byes")
    try:
        parse_settings(command.tiebreaks, command.tiebreak_rules)
    except TiebreakError as error:
        raise InvalidCommand(str(error), field="tiebreaks") from None
    check_acceleration(command.acceleration, TournamentState(points=command.points.to_engine()))
    return [TournamentCreated(**msgspec.structs.asdict(command))]


def close(state: TournamentState, command: CloseTournament) -> list[Event]:
    state.require_settings()
    state.require_results()
    return [TournamentClosedEvent(reason=command.reason)]


def reopen(state: TournamentState, command: ReopenTournament) -> list[Event]:
    settings = state.require_settings()
    if not state.closed:
        raise InvalidCommand(f"tournament {settings.tournament_id!r} is not closed", field=None)
    require_text(command.reason, "reason")
    return [TournamentReopened(reason=command.reason)]


def _check_points(points: PointValues) -> None:
    for name in points.__struct_fields__:
        if getattr(points, name) < 0:
            raise InvalidCommand(f"points for {name} cannot be negative", field=f"points.{name}")
    if not points.win > points.draw >= points.loss:
        raise InvalidCommand("points must rank win > draw >= loss", field="points")
