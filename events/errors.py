"""Errors raised by the event store and by command decisions.

Two small hierarchies under :class:`ArbiterError`: :class:`StoreError` (the store could not
do what was asked) and :class:`CommandRejected` (a command is invalid for the tournament as
it stands; nothing was written). Each class carries its meaning at both edges, the HTTP
``status`` and the CLI ``exit_code`` (STYLE.md: 1 no valid pairing, 2 unexpected, 3 invalid
input, 5 file access), and its data in ``details``, so the edges (problem+json, the CLI)
read them from the class without a table of their own and without parsing messages.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "AllRoundsPaired",
    "AlreadyWithdrawn",
    "AmbiguousPlayer",
    "ArbiterError",
    "BoardNotPaired",
    "ByeAlreadyRequested",
    "ByeNotAllowed",
    "CommandRejected",
    "DuplicateFideId",
    "EventDecodeError",
    "IdempotencyKeyReused",
    "InvalidCommand",
    "NoResultToCorrect",
    "NoSuchBye",
    "NoValidPairing",
    "NotEnoughPlayers",
    "PairingRejected",
    "PairingSystemUnavailable",
    "PlayerNotFound",
    "ResultAlreadyRecorded",
    "RoundAlreadyPaired",
    "RoundHasResults",
    "RoundIncomplete",
    "StoreBusy",
    "StoreError",
    "StoreUnavailable",
    "TournamentExists",
    "TournamentIsClosed",
    "TournamentNotFound",
    "UnknownPlayer",
    "WrongExpectedVersion",
]


class ArbiterError(Exception):
    """Root of every error Arbiter raises on purpose; ``details`` are JSON-ready."""

    status: ClassVar[int] = 500
    exit_code: ClassVar[int] = 2

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


# -- store ------------------------------------------------------------------------------


class StoreError(ArbiterError):
    """The event store failed; the driver's exception, if any, is ``__cause__``."""

    exit_code = 5


class StoreUnavailable(StoreError):
    """The database cannot serve the request now (connection lost or refused, disk full,
    file unreadable); nothing was written. Retry after ``Retry-After`` seconds: the server
    goes on by itself when the database is back."""

    status = 503
    retry_after: ClassVar[int] = 5
    """Seconds a client should wait before retrying (HTTP ``Retry-After``)."""


class StoreBusy(StoreUnavailable):
    """Another process held the store's write lock past the busy timeout; nothing was
    written. Retry shortly (the HTTP answer says when, in ``Retry-After``)."""

    retry_after = 1


class WrongExpectedVersion(StoreError):
    """An append was based on a stale stream version: reload, decide again."""

    status = 409
    exit_code = 2

    def __init__(self, stream_id: str, expected: object, actual: int) -> None:
        super().__init__(
            f"stream {stream_id} is at version {actual}, not {expected}",
            stream_id=stream_id,
            expected=str(expected) if not isinstance(expected, int) else expected,
            actual=actual,
        )
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class IdempotencyKeyReused(StoreError):
    """The same idempotency key came with a different request."""

    status = 422
    exit_code = 3

    def __init__(self, key: str) -> None:
        super().__init__(f"idempotency key {key!r} was already used for another request", key=key)
        self.key = key


class EventDecodeError(StoreError):
    """A stored event cannot be read back (unknown type, missing upcaster, bad payload)."""


# -- decisions --------------------------------------------------------------------------


class CommandRejected(ArbiterError):
    """A command is invalid for the tournament as it stands; nothing was written."""

    status = 409
    exit_code = 3


class InvalidCommand(CommandRejected):
    """A command's own fields are invalid (``field`` names which one)."""

    status = 422

    def __init__(self, message: str, *, field: str | None = None, **details: Any) -> None:
        super().__init__(message, field=field, **details)
        self.field = field


class ResultUnchanged(InvalidCommand):
    """The correction gives the result the board already has; nothing changes (HTTP's
    ``PUT`` answers it as done: a repeated PUT is idempotent)."""

    def __init__(self, round_no: int, board: int, result: str) -> None:
        super().__init__(
            f"round {round_no} board {board} already has {result}",
            field="result",
            round_no=round_no,
            board=board,
        )


class TournamentNotFound(CommandRejected):
    """No tournament has this id."""

    status = 404

    def __init__(self, tournament_id: str | None = None) -> None:
        named = f" {tournament_id!r}" if tournament_id else ""
        super().__init__(f"no tournament{named}", tournament_id=tournament_id)


class TournamentExists(CommandRejected):
    """A tournament with this id exists already; choose another id (ids are never reused)."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__(
            f"tournament {tournament_id!r} already exists", tournament_id=tournament_id
        )


class TournamentIsClosed(CommandRejected):
    """The tournament was closed and takes no more changes."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__(f"tournament {tournament_id!r} is closed", tournament_id=tournament_id)


class UnknownPlayer(CommandRejected):
    """The tournament has no player with this id."""

    status = 404

    def __init__(self, player_id: int) -> None:
        super().__init__(f"no player {player_id} in this tournament", player_id=player_id)


class PlayerNotFound(CommandRejected):
    """No player answers to what was typed (an id, a FIDE id or a name fragment)."""

    status = 404

    def __init__(self, text: str) -> None:
        super().__init__(
            f"no player {text}: give the player's id (as 'show' lists it), a FIDE id or "
            "part of the name",
            text=text,
        )


class AmbiguousPlayer(CommandRejected):
    """A name fragment fits more than one player; ``candidates`` lists them."""

    status = 409

    def __init__(self, text: str, candidates: list[tuple[int, str]]) -> None:
        listed = "; ".join(f"id {player_id} {name}" for player_id, name in candidates)
        super().__init__(
            f"{text!r} fits {len(candidates)} players: {listed}; give the id",
            text=text,
            candidates=[{"player_id": pid, "name": name} for pid, name in candidates],
        )


class DuplicateFideId(CommandRejected):
    """Another player of the tournament has this FIDE id; `player_id` names that player."""

    def __init__(self, fide_id: int, player_id: int) -> None:
        super().__init__(
            f"FIDE id {fide_id} is already registered as player {player_id}",
            fide_id=fide_id,
            player_id=player_id,
        )


class AlreadyWithdrawn(CommandRejected):
    """The player is withdrawn already, from the round `from_round` gives."""

    def __init__(self, player_id: int, from_round: int) -> None:
        super().__init__(
            f"player {player_id} already withdrew from round {from_round}",
            player_id=player_id,
            from_round=from_round,
        )


class RoundAlreadyPaired(CommandRejected):
    """A change aimed at a round whose pairing is already published (GHR 4.3)."""

    def __init__(self, round_no: int, what: str) -> None:
        super().__init__(f"round {round_no} is already paired: {what}", round_no=round_no)


class ByeAlreadyRequested(CommandRejected):
    """The player already has a bye in that round; cancel it first to change its kind."""

    def __init__(self, player_id: int, round_no: int) -> None:
        super().__init__(
            f"player {player_id} already has a bye for round {round_no}",
            player_id=player_id,
            round_no=round_no,
        )


class ByeNotAllowed(CommandRejected):
    """The tournament regulations do not allow this bye."""


class NoSuchBye(CommandRejected):
    """The player has no requested bye in that round."""

    status = 404

    def __init__(self, player_id: int, round_no: int) -> None:
        super().__init__(
            f"player {player_id} has no bye requested for round {round_no}",
            player_id=player_id,
            round_no=round_no,
        )


class BoardNotPaired(CommandRejected):
    """That round is not paired, or has no board with that number."""

    status = 404

    def __init__(self, round_no: int, board: int) -> None:
        super().__init__(f"round {round_no} has no board {board}", round_no=round_no, board=board)


class ResultAlreadyRecorded(CommandRejected):
    """The board has a result already; a change is a correction (PUT), which keeps the old one in the log."""

    def __init__(self, round_no: int, board: int, result: str) -> None:
        super().__init__(
            f"round {round_no} board {board} already has the result {result}; "
            "use a correction to change it",
            round_no=round_no,
            board=board,
            result=result,
        )


class NoResultToCorrect(CommandRejected):
    """The board has no result yet; record one (POST) instead of correcting it."""

    def __init__(self, round_no: int, board: int) -> None:
        super().__init__(
            f"round {round_no} board {board} has no result yet; record it first",
            round_no=round_no,
            board=board,
        )


class RoundIncomplete(CommandRejected):
    """A board of the latest round still awaits its result; record every result first."""

    def __init__(self, round_no: int, boards: list[int]) -> None:
        listed = ", ".join(str(board) for board in boards)
        super().__init__(
            f"round {round_no} still has no result on board(s) {listed}",
            round_no=round_no,
            boards=boards,
        )


class RoundHasResults(CommandRejected):
    """The round has results, so it can no longer be unpaired; correct the results instead."""

    def __init__(self, round_no: int) -> None:
        super().__init__(
            f"round {round_no} already has results; give a reason to unpair it (the results "
            "leave the standings with the round, the log keeps them)",
            round_no=round_no,
        )


class AllRoundsPaired(CommandRejected):
    """Every round of the tournament is paired already."""

    def __init__(self, rounds: int) -> None:
        super().__init__(f"all {rounds} rounds are already paired", rounds=rounds)


class NotEnoughPlayers(CommandRejected):
    """Fewer than two players are available for the round."""

    def __init__(self, round_no: int, available: int) -> None:
        super().__init__(
            f"round {round_no} cannot be paired: {available} player(s) available",
            round_no=round_no,
            available=available,
        )


class NoValidPairing(CommandRejected):
    """The pairing system found no pairing that satisfies the absolute criteria."""

    exit_code = 1

    def __init__(self, round_no: int, reason: str) -> None:
        super().__init__(f"no valid pairing for round {round_no}: {reason}", round_no=round_no)


class PairingSystemUnavailable(CommandRejected):
    """No pairing engine on this server offers the system; `system` names it."""

    status = 501

    def __init__(self, system: str) -> None:
        super().__init__(f"pairing system {system!r} is not available", system=system)


class PairingRejected(ArbiterError):
    """An engine answered with a pairing that breaks the round's facts (an engine bug)."""

    def __init__(self, round_no: int, reason: str) -> None:
        super().__init__(
            f"engine pairing for round {round_no} rejected: {reason}", round_no=round_no
        )
