"""Entering players, correcting them, withdrawing them, and their byes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated

import msgspec

from engine import systems
from engine.messages import Message
from events.bounds import (
    Federation,
    FideId,
    KFactor,
    Name,
    PlayerNumber,
    Rating,
    Reason,
    RequiredReason,
    RoundNumber,
    Sex,
    ShortText,
    Surname,
    Title,
)
from events.decisions.common import (
    CommandStruct,
    require_text,
    require_unpaired_round,
    rounds_in,
)
from events.decisions.tournament import MISSED_ROUNDS_IN_TOTAL
from events.errors import (
    AlreadyWithdrawn,
    AmbiguousPlayer,
    ByeAlreadyRequested,
    ByeNotAllowed,
    CommandRejected,
    DuplicateFideId,
    InvalidCommand,
    NoSuchBye,
    PlayerNotFound,
    RoundAlreadyPaired,
)
from events.projections.state import PlayerState, TournamentState
from events.projections.tournament import apply
from events.types import (
    ByeCancelled,
    ByeKind,
    ByeRequested,
    Event,
    NotPairedReason,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    RegistrationRemoved,
    RoundNo,
    TournamentCreated,
    WithdrawalCancelled,
)

__all__ = [
    "CancelBye",
    "CancelWithdrawal",
    "CorrectPlayerDetails",
    "RegisterMany",
    "RegisterPlayer",
    "RemoveRegistration",
    "RequestBye",
    "WithdrawPlayer",
    "cancel_bye",
    "cancel_withdrawal",
    "correct_details",
    "find_player",
    "register",
    "register_many",
    "remove_registration",
    "request_bye",
    "withdraw",
]

SEXES = ("", "m", "f")
_UNSET = msgspec.UNSET


class RegisterPlayer(CommandStruct, frozen=True):
    """Enter a player; ``joins_round`` (default: the next round to pair) > 1 is a late entry."""

    surname: Surname = ""
    """Required, except over HTTP with a ``fide_id`` of the loaded FIDE list."""
    given_name: Name = ""
    fide_id: FideId | None = None
    rating: Rating = 0
    title: Title = ""
    federation: Federation = ""
    sex: Sex = ""
    birth_date: date | None = None
    club: Name = ""
    joins_round: RoundNumber | None = None
    birth_year: Annotated[int, msgspec.Meta(ge=1850, le=2100)] | None = None
    rating_list: ShortText = ""
    """``YYYY-MM`` of the FIDE list the rating and details were taken from, if any."""
    list_k_factor: KFactor | None = None
    """That list's K for the player in the tournament's time control, if it gives one."""


class RegisterMany(CommandStruct, frozen=True):
    """Enter several players at once, all or none; ``lines`` (one per entry, e.g. the CSV
    line each came from) name the entries in errors."""

    entries: tuple[RegisterPlayer, ...]
    lines: tuple[int, ...] = ()


class CorrectPlayerDetails(CommandStruct, frozen=True):
    """Correct ranking or identity data; only the fields given change."""

    player_id: PlayerNumber
    surname: Surname | msgspec.UnsetType = _UNSET
    given_name: Name | msgspec.UnsetType = _UNSET
    fide_id: FideId | msgspec.UnsetType | None = _UNSET
    rating: Rating | msgspec.UnsetType = _UNSET
    title: Title | msgspec.UnsetType = _UNSET
    federation: Federation | msgspec.UnsetType = _UNSET
    sex: Sex | msgspec.UnsetType = _UNSET
    birth_date: date | msgspec.UnsetType | None = _UNSET
    club: Name | msgspec.UnsetType = _UNSET
    k_factor: KFactor | msgspec.UnsetType | None = _UNSET
    """The K of the player's rating change; ``null``: as the regulations read it again."""
    reason: Reason = ""


class WithdrawPlayer(CommandStruct, frozen=True):
    """Withdraw a player from ``from_round`` on (default: the next round to pair)."""

    player_id: PlayerNumber
    from_round: RoundNumber | None = None
    reason: Reason = ""


class CancelWithdrawal(CommandStruct, frozen=True):
    """The player plays on from the next round to be paired."""

    player_id: PlayerNumber
    reason: RequiredReason


class RemoveRegistration(CommandStruct, frozen=True):
    """Take back a registration entered in error, before the player was ever paired."""

    player_id: PlayerNumber
    reason: RequiredReason


class RequestBye(CommandStruct, frozen=True):
    player_id: PlayerNumber
    round_no: RoundNumber
    kind: ByeKind = ByeKind.HALF


class CancelBye(CommandStruct, frozen=True):
    player_id: PlayerNumber
    round_no: RoundNumber


def find_player(state: TournamentState, text: str) -> PlayerId:
    """The player ``text`` names: the player id (registration number, what every listing
    shows as ``id``; ``#7`` also reads as id 7), else a FIDE id, else a fragment of the
    name ("carlsen", "Magnus C"). Pairing numbers are never read here: they change.

    :raises PlayerNotFound: when nobody answers.
    :raises AmbiguousPlayer: when a fragment fits several players, listing them.

    >>> from events.projections import fold
    >>> state = fold([TournamentCreated(tournament_id="t", name="T", rounds=5),
    ...     PlayerRegistered(player_id=PlayerId(1), surname="Carlsen", given_name="Magnus",
    ...                      fide_id=1503014),
    ...     PlayerRegistered(player_id=PlayerId(2), surname="Carlsen", given_name="Henrik")])
    >>> find_player(state, "2"), find_player(state, "1503014"), find_player(state, "magnus")
    (2, 1, 1)
    """
    wanted = text.strip().removeprefix("#").strip()
    live = [player for player in state.players if player.player_id in state.order]
    if wanted.isascii() and wanted.isdigit():  # '³' is a digit, but no number int() reads
        number = int(wanted)
        if state.has_player(number) and PlayerId(number) in state.order:
            return PlayerId(number)
        for player in live:
            if player.fide_id == number:
                return player.player_id
        raise PlayerNotFound(text)
    key = " ".join(wanted.casefold().replace(",", " ").split())
    if not key:
        raise PlayerNotFound(text)

    def spellings(player: PlayerState) -> tuple[str, str]:
        surname, given = player.surname.casefold(), player.given_name.casefold()
        return " ".join(f"{surname} {given}".split()), " ".join(f"{given} {surname}".split())

    exact = [p for p in live if key in spellings(p)]
    fits = exact or [p for p in live if any(key in spelling for spelling in spellings(p))]
    if not fits:
        raise PlayerNotFound(text)
    if len(fits) > 1:
        raise AmbiguousPlayer(text, [(p.player_id, p.name) for p in fits])
    return fits[0].player_id


def register(state: TournamentState, command: RegisterPlayer) -> list[Event]:
    settings = state.require_settings()
    _check_identity(state, None, command)
    joins = command.joins_round if command.joins_round is not None else state.next_round
    if state.next_round > settings.rounds:
        raise RoundAlreadyPaired(settings.rounds, "every round is paired; no more entries")
    if state.rounds_paired and systems.is_round_robin(settings.system):
        raise RoundAlreadyPaired(
            1, "a round-robin takes no entry once round 1 is paired: its table is fixed (C.05)"
        )
    if joins < state.next_round:
        raise RoundAlreadyPaired(joins, "a late entry joins from the next round to be paired")
    if joins > settings.rounds:
        raise InvalidCommand(rounds_in(settings.rounds), field="joins_round")
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
            list_k_factor=command.list_k_factor,
        )
    ]


def register_many(state: TournamentState, command: RegisterMany) -> list[Event]:
    """Every entry registered on the state the previous ones made (so a FIDE id given twice
    in one file is caught); any refusal refuses all, listing every refused entry.

    :raises InvalidCommand: with ``problems``: ``{"line": n, "message": ...}`` per entry.
    """
    if not command.entries:
        raise InvalidCommand(Message("no players to register"), field="entries")
    lines = command.lines or tuple(range(1, len(command.entries) + 1))
    if len(lines) != len(command.entries):
        raise InvalidCommand(Message("one line number per entry"), field="lines")
    events: list[Event] = []
    problems: list[dict[str, object]] = []
    for line, entry in zip(lines, command.entries):
        try:
            registered = register(state, entry)
        except CommandRejected as error:
            problems.append({"line": line, "message": error.message})
            continue
        events += registered
        state = apply(state, registered[0])
    if problems:
        listed = tuple(Message("line %(line)s: %(message)s", **p) for p in problems)
        raise InvalidCommand(
            Message("1 entry refused, nobody registered: %(listed)s", listed=listed)
            if len(problems) == 1
            else Message("%(count)s entries refused, nobody registered: %(listed)s",
                         count=len(problems), listed=listed),
            field="entries",
            problems=problems,
        )  # fmt: skip
    return events


def correct_details(state: TournamentState, command: CorrectPlayerDetails) -> list[Event]:
    player = state.player(command.player_id)
    changes = {
        name: getattr(command, name)
        for name in command.__struct_fields__
        if name not in ("player_id", "reason")
        and getattr(command, name) is not _UNSET
        and getattr(command, name) != getattr(player, name)
    }
    if not changes:
        raise InvalidCommand(
            Message("nothing to correct for player %(player)s", player=player.player_id)
        )
    _check_identity(state, player.player_id, command)
    if "rating" in changes and player.rating_list:
        changes["rating_list"] = ""  # the rating no longer comes from that list
    return [PlayerDetailsCorrected(player_id=player.player_id, reason=command.reason, **changes)]


def withdraw(state: TournamentState, command: WithdrawPlayer) -> list[Event]:
    player = _registered(state, command.player_id)
    if player.withdrawn_from is not None:
        raise AlreadyWithdrawn(player.player_id, player.withdrawn_from)
    from_round = command.from_round if command.from_round is not None else state.next_round
    require_unpaired_round(state, from_round, "withdraw from a later round, or record a forfeit")
    return [
        PlayerWithdrawn(
            player_id=player.player_id, from_round=RoundNo(from_round), reason=command.reason
        )
    ]


def cancel_withdrawal(state: TournamentState, command: CancelWithdrawal) -> list[Event]:
    """Refused when the player is not withdrawn; rounds already paired without the player
    stay as they were (the player is paired again from the next round)."""
    player = _registered(state, command.player_id)
    if player.withdrawn_from is None:
        raise InvalidCommand(
            Message("player %(player)s is not withdrawn", player=player.player_id),
            field="player_id",
        )
    require_text(command.reason, "reason")
    return [WithdrawalCancelled(player_id=player.player_id, reason=command.reason)]


def remove_registration(state: TournamentState, command: RemoveRegistration) -> list[Event]:
    """Refused once the player has been in a published round (paired, the PAB, or a bye):
    then the player is part of the tournament's history, and leaving it is a withdrawal."""
    player = _registered(state, command.player_id)
    require_text(command.reason, "reason")
    took_part = [
        record.round_no
        for record in player.rounds
        if record.reason is not NotPairedReason.LATE_ENTRY
    ]
    if took_part:
        raise InvalidCommand(
            Message("player %(player)s is in the pairing of round %(round)s; withdraw the "
                    "player instead", player=player.player_id, round=took_part[0]),
            field="player_id",
        )  # fmt: skip
    return [RegistrationRemoved(player_id=player.player_id, reason=command.reason)]


def _registered(state: TournamentState, player_id: int) -> PlayerState:
    """A player still on the tournament's lists (not removed as registered in error)."""
    player = state.player(player_id)
    if player.player_id not in state.order:
        raise InvalidCommand(
            Message("player %(player)s's registration was removed", player=player_id),
            field="player_id",
        )
    return player


def request_bye(state: TournamentState, command: RequestBye) -> list[Event]:
    settings = state.require_settings()
    player = _registered(state, command.player_id)
    require_unpaired_round(state, command.round_no, "a bye must be requested before pairing")
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


def cancel_bye(state: TournamentState, command: CancelBye) -> list[Event]:
    player = state.player(command.player_id)
    if state.bye_for(player.player_id, command.round_no) is None:
        raise NoSuchBye(player.player_id, command.round_no)
    require_unpaired_round(state, command.round_no, "its bye is part of the pairing")
    return [ByeCancelled(player_id=player.player_id, round_no=RoundNo(command.round_no))]


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


def _check_identity(
    state: TournamentState, player_id: int | None, data: RegisterPlayer | CorrectPlayerDetails
) -> None:
    """Field checks shared by registration and correction (unset fields are skipped)."""
    if data.surname is not _UNSET:
        require_text(data.surname, "surname")
    if data.fide_id is not _UNSET and data.fide_id is not None:
        for other in state.players:
            if (
                other.fide_id == data.fide_id
                and other.player_id != player_id
                and other.player_id in state.order
            ):
                raise DuplicateFideId(data.fide_id, other.player_id)
