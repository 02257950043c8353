"""Commands and the pure decisions that turn them into events.

``decide(state, command) -> list[Event]`` does no I/O: it reads the folded
:class:`TournamentState`, refuses an invalid command with a typed
:class:`~events.errors.CommandRejected`, or returns the events to append. Pairing a round
is a decision too, but needs an engine: see :mod:`events.pairing`.

>>> from events.projections import EMPTY
>>> [type(e).__name__ for e in decide(EMPTY, CreateTournament(tournament_id="open", name="Open", rounds=5))]
['TournamentCreated']
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from functools import singledispatch

import msgspec

from engine.model import Colour
from events.errors import (
    AlreadyWithdrawn,
    BoardNotPaired,
    ByeAlreadyRequested,
    ByeNotAllowed,
    DuplicateFideId,
    InvalidCommand,
    NoResultToCorrect,
    NoSuchBye,
    ResultAlreadyRecorded,
    RoundAlreadyPaired,
    RoundHasResults,
    TournamentExists,
    TournamentIsClosed,
)
from events.projections.tournament import TITLE_ORDER, BoardState, TournamentState
from events.results import Result
from events.tiebreaks import TiebreakError, parse_settings
from events.types import (
    ByeCancelled,
    ByeKind,
    ByeRequested,
    Event,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    PointValues,
    ResultCorrected,
    ResultRecorded,
    RoundNo,
    RoundUnpaired,
    TournamentCreated,
)
from events.types import (
    TournamentClosed as TournamentClosedEvent,
)

__all__ = [
    "CancelBye",
    "CloseTournament",
    "Command",
    "CorrectPlayerDetails",
    "CorrectResult",
    "CreateTournament",
    "RecordResult",
    "RegisterPlayer",
    "RequestBye",
    "UnpairRound",
    "WithdrawPlayer",
    "decide",
]

RULES_EDITIONS = ("fide-2026", "fide-2017")
RATING_TYPES = ("standard", "rapid", "blitz")
SEXES = ("", "m", "f")
MAX_ROUNDS = 99
_TOURNAMENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_FEDERATION = re.compile(r"[A-Z]{3}")
_UNSET = msgspec.UNSET
MISSED_ROUNDS_IN_TOTAL = frozenset({"amalfi"})
"""Systems whose late entrant scores a draw's points for all missed rounds together,
however many they are (amalfi.md B.2), instead of the regulations' points per round."""


class _Command(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # Subclasses repeat ``frozen=True`` for the type checker, as events.types._Event does.
    pass


class CreateTournament(_Command, frozen=True):
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
    rating_type: str = "standard"
    round_dates: tuple[date, ...] = ()


class RegisterPlayer(_Command, frozen=True):
    """Enter a player; ``joins_round`` (default: the next round to pair) > 1 is a late entry."""

    surname: str = ""
    """Required, except over HTTP with a ``fide_id`` of the loaded FIDE list."""
    given_name: str = ""
    fide_id: int | None = None
    rating: int = 0
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_date: date | None = None
    club: str = ""
    joins_round: int | None = None
    birth_year: int | None = None
    rating_list: str = ""
    """``YYYY-MM`` of the FIDE list the rating and details were taken from, if any."""


class CorrectPlayerDetails(_Command, frozen=True):
    """Correct ranking or identity data; only the fields given change."""

    player_id: int
    surname: str | msgspec.UnsetType = _UNSET
    given_name: str | msgspec.UnsetType = _UNSET
    fide_id: int | msgspec.UnsetType | None = _UNSET
    rating: int | msgspec.UnsetType = _UNSET
    title: str | msgspec.UnsetType = _UNSET
    federation: str | msgspec.UnsetType = _UNSET
    sex: str | msgspec.UnsetType = _UNSET
    birth_date: date | msgspec.UnsetType | None = _UNSET
    club: str | msgspec.UnsetType = _UNSET
    reason: str = ""


class WithdrawPlayer(_Command, frozen=True):
    """Withdraw a player from ``from_round`` on (default: the next round to pair)."""

    player_id: int
    from_round: int | None = None
    reason: str = ""


class RequestBye(_Command, frozen=True):
    player_id: int
    round_no: int
    kind: ByeKind = ByeKind.HALF


class CancelBye(_Command, frozen=True):
    player_id: int
    round_no: int


class RecordResult(_Command, frozen=True):
    round_no: int
    board: int
    result: Result


class CorrectResult(_Command, frozen=True):
    round_no: int
    board: int
    result: Result
    reason: str = ""


class UnpairRound(_Command, frozen=True):
    round_no: int
    reason: str = ""


class CloseTournament(_Command, frozen=True):
    reason: str = ""


Command = (
    CreateTournament
    | RegisterPlayer
    | CorrectPlayerDetails
    | WithdrawPlayer
    | RequestBye
    | CancelBye
    | RecordResult
    | CorrectResult
    | UnpairRound
    | CloseTournament
)


def decide(state: TournamentState, command: Command) -> list[Event]:
    """The events ``command`` produces from ``state``.

    :raises CommandRejected: (a subclass naming the problem) when the command is invalid;
        nothing is to be written then.
    """
    if not isinstance(command, CreateTournament):
        _require_open(state)
    return _decide(command, state)


@singledispatch
def _decide(command: Command, state: TournamentState) -> list[Event]:
    raise TypeError(f"no decision for {type(command).__name__}")


@_decide.register
def _(command: CreateTournament, state: TournamentState) -> list[Event]:
    if state.settings is not None:
        raise TournamentExists(state.settings.tournament_id)
    if not _TOURNAMENT_ID.fullmatch(command.tournament_id):
        raise InvalidCommand(
            f"tournament id {command.tournament_id!r} must be 1-64 letters, digits, '.', '_' or '-'",
            field="tournament_id",
        )
    _require_text(command.name, "name")
    if not 1 <= command.rounds <= MAX_ROUNDS:
        raise InvalidCommand(f"rounds must be between 1 and {MAX_ROUNDS}", field="rounds")
    if command.rules_edition not in RULES_EDITIONS:
        raise InvalidCommand(
            f"rules edition must be one of {', '.join(RULES_EDITIONS)}", field="rules_edition"
        )
    if command.start_date and command.end_date and command.end_date < command.start_date:
        raise InvalidCommand("the end date is before the start date", field="end_date")
    _check_federation(command.federation)
    _check_points(command.points)
    if command.system in MISSED_ROUNDS_IN_TOTAL and command.points.missed_round:
        raise InvalidCommand(
            f"the {command.system} system scores a late entrant a draw's points for all "
            "missed rounds together (B.2); points per missed round cannot be set",
            field="points.missed_round",
        )
    if len(command.round_dates) > command.rounds:
        raise InvalidCommand(
            f"{len(command.round_dates)} round dates for {command.rounds} rounds",
            field="round_dates",
        )
    if list(command.round_dates) != sorted(command.round_dates):
        raise InvalidCommand("the round dates are not in order", field="round_dates")
    if command.rating_type not in RATING_TYPES:
        raise InvalidCommand(
            f"rating type must be one of {', '.join(RATING_TYPES)}", field="rating_type"
        )
    if command.max_half_point_byes is not None and command.max_half_point_byes < 0:
        raise InvalidCommand("max_half_point_byes cannot be negative", field="max_half_point_byes")
    try:
        parse_settings(command.tiebreaks, command.tiebreak_rules)
    except TiebreakError as error:
        raise InvalidCommand(str(error), field="tiebreaks") from None
    return [TournamentCreated(**msgspec.structs.asdict(command))]


@_decide.register
def _(command: RegisterPlayer, state: TournamentState) -> list[Event]:
    settings = state.require_settings()
    _check_identity(state, None, command)
    joins = command.joins_round if command.joins_round is not None else state.next_round
    if state.next_round > settings.rounds:
        raise RoundAlreadyPaired(settings.rounds, "every round is paired; no more entries")
    if joins < state.next_round:
        raise RoundAlreadyPaired(joins, "a late entry joins from the next round to be paired")
    if joins > settings.rounds:
        raise InvalidCommand(f"the tournament has {settings.rounds} rounds", field="joins_round")
    each, total = _missed_points(settings, joins)
    return [
        PlayerRegistered(
            player_id=PlayerId(len(state.players) + 1),
            surname=command.surname.strip(),
            given_name=command.given_name.strip(),
            fide_id=command.fide_id,
            rating=command.rating,
            title=command.title,
            federation=command.federation,
            sex=command.sex,
            birth_date=command.birth_date,
            club=command.club,
            joins_round=RoundNo(joins),
            missed_round_points=each,
            missed_points_total=total,
            birth_year=command.birth_year,
            rating_list=command.rating_list,
        )
    ]


@_decide.register
def _(command: CorrectPlayerDetails, state: TournamentState) -> list[Event]:
    player = state.player(command.player_id)
    changes = {
        name: getattr(command, name)
        for name in command.__struct_fields__
        if name not in ("player_id", "reason")
        and getattr(command, name) is not _UNSET
        and getattr(command, name) != getattr(player, name)
    }
    if not changes:
        raise InvalidCommand(f"nothing to correct for player {player.player_id}", field=None)
    _check_identity(state, player.player_id, command)
    if "rating" in changes and player.rating_list:
        changes["rating_list"] = ""  # the rating no longer comes from that list
    return [PlayerDetailsCorrected(player_id=player.player_id, reason=command.reason, **changes)]


@_decide.register
def _(command: WithdrawPlayer, state: TournamentState) -> list[Event]:
    player = state.player(command.player_id)
    if player.withdrawn_from is not None:
        raise AlreadyWithdrawn(player.player_id, player.withdrawn_from)
    from_round = command.from_round if command.from_round is not None else state.next_round
    _require_unpaired_round(state, from_round, "withdraw from a later round, or record a forfeit")
    return [
        PlayerWithdrawn(
            player_id=player.player_id, from_round=RoundNo(from_round), reason=command.reason
        )
    ]


@_decide.register
def _(command: RequestBye, state: TournamentState) -> list[Event]:
    settings = state.require_settings()
    player = state.player(command.player_id)
    _require_unpaired_round(state, command.round_no, "a bye must be requested before pairing")
    if player.withdrawn_from is not None and player.withdrawn_from <= command.round_no:
        raise AlreadyWithdrawn(player.player_id, player.withdrawn_from)
    if command.round_no < player.joins_round:
        raise ByeNotAllowed(
            f"player {player.player_id} joins in round {player.joins_round}; "
            f"round {command.round_no} is already a missed round",
            player_id=player.player_id,
        )
    if state.bye_for(player.player_id, command.round_no) is not None:
        raise ByeAlreadyRequested(player.player_id, command.round_no)
    if command.kind is ByeKind.FULL and not settings.full_point_byes:
        raise ByeNotAllowed(
            "the regulations of this tournament allow no full-point byes", kind=command.kind.value
        )
    if command.kind is ByeKind.HALF and settings.max_half_point_byes is not None:
        taken = sum(
            1
            for bye in state.byes
            if bye.player_id == player.player_id and bye.kind is ByeKind.HALF
        )
        if taken >= settings.max_half_point_byes:
            raise ByeNotAllowed(
                f"player {player.player_id} already has {taken} half-point bye(s), "
                f"the most the regulations allow",
                player_id=player.player_id,
                kind=command.kind.value,
            )
    return [
        ByeRequested(
            player_id=player.player_id, round_no=RoundNo(command.round_no), kind=command.kind
        )
    ]


@_decide.register
def _(command: CancelBye, state: TournamentState) -> list[Event]:
    player = state.player(command.player_id)
    if state.bye_for(player.player_id, command.round_no) is None:
        raise NoSuchBye(player.player_id, command.round_no)
    _require_unpaired_round(state, command.round_no, "its bye is part of the pairing")
    return [ByeCancelled(player_id=player.player_id, round_no=RoundNo(command.round_no))]


@_decide.register
def _(command: RecordResult, state: TournamentState) -> list[Event]:
    board = _board(state, command.round_no, command.board)
    if board.result is not None:
        raise ResultAlreadyRecorded(command.round_no, command.board, board.result.value)
    return [
        ResultRecorded(
            round_no=RoundNo(command.round_no), board=command.board, result=command.result
        )
    ]


@_decide.register
def _(command: CorrectResult, state: TournamentState) -> list[Event]:
    board = _board(state, command.round_no, command.board)
    if board.result is None:
        raise NoResultToCorrect(command.round_no, command.board)
    if board.result is command.result:
        raise InvalidCommand(
            f"round {command.round_no} board {command.board} already has {command.result.value}",
            field="result",
        )
    return [
        ResultCorrected(
            round_no=RoundNo(command.round_no),
            board=command.board,
            result=command.result,
            previous=board.result,
            reason=command.reason,
        )
    ]


@_decide.register
def _(command: UnpairRound, state: TournamentState) -> list[Event]:
    if command.round_no != state.rounds_paired or command.round_no < 1:
        raise InvalidCommand(
            f"only the latest paired round ({state.rounds_paired}) can be unpaired",
            field="round_no",
        )
    round_ = state.round(command.round_no)
    if any(board.result is not None for board in round_.boards):
        raise RoundHasResults(command.round_no)
    return [RoundUnpaired(round_no=RoundNo(command.round_no), reason=command.reason)]


@_decide.register
def _(command: CloseTournament, state: TournamentState) -> list[Event]:
    state.require_settings()
    state.require_results()
    return [TournamentClosedEvent(reason=command.reason)]


# -- shared checks -------------------------------------------------------------------------


def _missed_points(settings: TournamentCreated, joins: int) -> tuple[Decimal, Decimal | None]:
    """A late entry's points for the rounds before ``joins``: per round and in total.

    The regulations' value per missed round (GHR 2.4), or, in a system that awards them
    together, a draw's points for all of them (Amalfi B.2). Decided here once, so that the
    registration event states it and nothing downstream reads the system to score it.
    """
    if joins == 1:
        return Decimal(0), None
    if settings.system in MISSED_ROUNDS_IN_TOTAL:
        return Decimal(0), settings.points.draw
    return settings.points.missed_round, None


def _require_open(state: TournamentState) -> None:
    settings = state.require_settings()
    if state.closed:
        raise TournamentIsClosed(settings.tournament_id)


def _require_text(value: str, field: str) -> None:
    if not value.strip():
        raise InvalidCommand(f"{field} must not be empty", field=field)


def _board(state: TournamentState, round_no: int, board_no: int) -> BoardState:
    if not 1 <= round_no <= state.rounds_paired:
        raise BoardNotPaired(round_no, board_no)
    boards = state.round(round_no).boards
    if not 1 <= board_no <= len(boards):
        raise BoardNotPaired(round_no, board_no)
    return boards[board_no - 1]


def _require_unpaired_round(state: TournamentState, round_no: int, hint: str) -> None:
    settings = state.require_settings()
    if round_no < state.next_round:
        raise RoundAlreadyPaired(round_no, hint)
    if round_no > settings.rounds:
        raise InvalidCommand(f"the tournament has {settings.rounds} rounds", field="round_no")


def _check_identity(
    state: TournamentState, player_id: int | None, data: RegisterPlayer | CorrectPlayerDetails
) -> None:
    """Field checks shared by registration and correction (unset fields are skipped)."""
    if data.surname is not _UNSET:
        _require_text(data.surname, "surname")
    if data.rating is not _UNSET and not 0 <= data.rating <= 4000:
        raise InvalidCommand(f"rating {data.rating} is out of range 0-4000", field="rating")
    if data.title is not _UNSET and data.title not in ("", *TITLE_ORDER):
        raise InvalidCommand(
            f"title {data.title!r} is not one of {', '.join(TITLE_ORDER)}", field="title"
        )
    if data.sex is not _UNSET and data.sex not in SEXES:
        raise InvalidCommand("sex must be 'm', 'f' or empty", field="sex")
    if data.federation is not _UNSET:
        _check_federation(data.federation)
    if data.fide_id is not _UNSET and data.fide_id is not None:
        if data.fide_id <= 0:
            raise InvalidCommand("a FIDE id is a positive number", field="fide_id")
        for other in state.players:
            if other.fide_id == data.fide_id and other.player_id != player_id:
                raise DuplicateFideId(data.fide_id, other.player_id)


def _check_federation(federation: str) -> None:
    if federation and not _FEDERATION.fullmatch(federation):
        raise InvalidCommand(
            f"federation {federation!r} must be a three-letter FIDE code such as 'NOR'",
            field="federation",
        )


def _check_points(points: PointValues) -> None:
    for name in points.__struct_fields__:
        if getattr(points, name) < 0:
            raise InvalidCommand(f"points for {name} cannot be negative", field=f"points.{name}")
    if not points.win > points.draw >= points.loss:
        raise InvalidCommand("points must rank win > draw >= loss", field="points")
