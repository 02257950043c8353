"""Event types, the event store, projections and the decisions (:mod:`events.decisions`).

The public API is what ``__all__`` lists; import from ``events`` (or ``events.projections``
for read models), never from the private modules. ``SqliteEventStore`` is imported on first
use: sqlite-utils takes a tenth of a second to load, and ``arbiter pair`` never opens a store.
"""

from typing import TYPE_CHECKING

from events.audit import is_manual_intervention
from events.bounds import MAX_ROUNDS, Reason, TiebreakList
from events.decisions import (
    CancelBye,
    CloseTournament,
    Command,
    CorrectPlayerDetails,
    CorrectResult,
    CreateTournament,
    ImportTournament,
    ImportTrf,
    PairingEngine,
    PairManually,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
    decide,
    pairing_request,
)
from events.directory import (
    RATING_KINDS,
    DirectoryPlayer,
    LoadedList,
    PlayerDirectory,
    RatingKind,
)
from events.envelope import (
    ANY,
    NO_STREAM,
    STREAM_EXISTS,
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamVersion,
)
from events.errors import (
    AllRoundsPaired,
    AlreadyWithdrawn,
    ArbiterError,
    BoardNotPaired,
    ByeAlreadyRequested,
    ByeNotAllowed,
    CommandRejected,
    DuplicateFideId,
    EventDecodeError,
    IdempotencyKeyReused,
    InvalidCommand,
    NoResultToCorrect,
    NoSuchBye,
    NotEnoughPlayers,
    NoValidPairing,
    PairingRejected,
    PairingSystemUnavailable,
    ResultAlreadyRecorded,
    ResultUnchanged,
    RoundAlreadyPaired,
    RoundHasResults,
    RoundIncomplete,
    StoreBusy,
    StoreError,
    TournamentExists,
    TournamentIsClosed,
    TournamentNotFound,
    UnknownPlayer,
    WrongExpectedVersion,
)
from events.memory_store import MemoryEventStore
from events.names import name_str, parse_name
from events.ratings import (
    UpdateRatings,
    decide_rating_update,
    list_in_force,
    rating_kind,
    registration,
)
from events.results import Outcome, Result, parse_result, result_str
from events.store import EventStore, is_postgres, open_store
from events.types import (
    EVENT_TYPES,
    ByeCancelled,
    ByeKind,
    ByeRequested,
    Event,
    NotPaired,
    NotPairedReason,
    PairedBoard,
    PlayerDetailsCorrected,
    PlayerId,
    PlayerRegistered,
    PlayerWithdrawn,
    PointValues,
    ResultCorrected,
    ResultRecorded,
    RoundNo,
    RoundPaired,
    RoundUnpaired,
    TournamentClosed,
    TournamentCreated,
    event_type,
)
from events.upcasting import upcast

if TYPE_CHECKING:
    from events.postgres_store import notifications
    from events.sqlite_store import SqliteEventStore


def __getattr__(name: str) -> object:
    if name == "SqliteEventStore":
        from events.sqlite_store import SqliteEventStore

        return SqliteEventStore
    if name == "notifications":  # psycopg is loaded only by a PostgreSQL server
        from events.postgres_store import notifications

        return notifications
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ANY",
    "EVENT_TYPES",
    "MAX_ROUNDS",
    "NO_STREAM",
    "RATING_KINDS",
    "STREAM_EXISTS",
    "AllRoundsPaired",
    "AlreadyWithdrawn",
    "AppendResult",
    "ArbiterError",
    "BoardNotPaired",
    "ByeAlreadyRequested",
    "ByeCancelled",
    "ByeKind",
    "ByeNotAllowed",
    "ByeRequested",
    "CancelBye",
    "CloseTournament",
    "Command",
    "CommandRejected",
    "CorrectPlayerDetails",
    "CorrectResult",
    "CreateTournament",
    "DirectoryPlayer",
    "DuplicateFideId",
    "Event",
    "EventDecodeError",
    "EventStore",
    "ExpectedVersion",
    "GlobalPosition",
    "IdempotencyKeyReused",
    "ImportTournament",
    "ImportTrf",
    "InvalidCommand",
    "LoadedList",
    "MemoryEventStore",
    "NoResultToCorrect",
    "NoSuchBye",
    "NoValidPairing",
    "NotEnoughPlayers",
    "NotPaired",
    "NotPairedReason",
    "Outcome",
    "PairManually",
    "PairRound",
    "PairedBoard",
    "PairingEngine",
    "PairingRejected",
    "PairingSystemUnavailable",
    "PlayerDetailsCorrected",
    "PlayerDirectory",
    "PlayerId",
    "PlayerRegistered",
    "PlayerWithdrawn",
    "PointValues",
    "RatingKind",
    "Reason",
    "RecordResult",
    "RecordedEvent",
    "RegisterPlayer",
    "RequestBye",
    "Result",
    "ResultAlreadyRecorded",
    "ResultCorrected",
    "ResultRecorded",
    "ResultUnchanged",
    "RoundAlreadyPaired",
    "RoundHasResults",
    "RoundIncomplete",
    "RoundNo",
    "RoundPaired",
    "RoundUnpaired",
    "Snapshot",
    "SqliteEventStore",
    "StoreBusy",
    "StoreError",
    "StreamVersion",
    "TiebreakList",
    "TournamentClosed",
    "TournamentCreated",
    "TournamentExists",
    "TournamentIsClosed",
    "TournamentNotFound",
    "UnknownPlayer",
    "UnpairRound",
    "UpdateRatings",
    "WithdrawPlayer",
    "WrongExpectedVersion",
    "decide",
    "decide_rating_update",
    "event_type",
    "is_manual_intervention",
    "is_postgres",
    "list_in_force",
    "name_str",
    "notifications",
    "open_store",
    "pairing_request",
    "parse_name",
    "parse_result",
    "rating_kind",
    "registration",
    "result_str",
    "upcast",
]
