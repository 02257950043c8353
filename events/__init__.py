"""Event types, the event store, projections and command decisions.

The public API is what ``__all__`` lists; import from ``events`` (or ``events.projections``
for read models), never from the private modules.
"""

from events.envelope import (
    ANY,
    NO_STREAM,
    STREAM_EXISTS,
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    StreamVersion,
)
from events.errors import (
    ArbiterError,
    CommandRejected,
    EventDecodeError,
    IdempotencyKeyReused,
    InvalidCommand,
    StoreError,
    WrongExpectedVersion,
)
from events.memory_store import MemoryEventStore
from events.names import name_str, parse_name
from events.results import Outcome, Result, parse_result, result_str
from events.sqlite_store import SqliteEventStore
from events.store import EventStore
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

__all__ = [
    "ANY",
    "EVENT_TYPES",
    "NO_STREAM",
    "STREAM_EXISTS",
    "AppendResult",
    "ArbiterError",
    "ByeCancelled",
    "ByeKind",
    "ByeRequested",
    "CommandRejected",
    "Event",
    "EventDecodeError",
    "EventStore",
    "ExpectedVersion",
    "GlobalPosition",
    "IdempotencyKeyReused",
    "InvalidCommand",
    "MemoryEventStore",
    "NotPaired",
    "NotPairedReason",
    "Outcome",
    "PairedBoard",
    "PlayerDetailsCorrected",
    "PlayerId",
    "PlayerRegistered",
    "PlayerWithdrawn",
    "PointValues",
    "RecordedEvent",
    "Result",
    "ResultCorrected",
    "ResultRecorded",
    "RoundNo",
    "RoundPaired",
    "RoundUnpaired",
    "SqliteEventStore",
    "StoreError",
    "StreamVersion",
    "TournamentClosed",
    "TournamentCreated",
    "WrongExpectedVersion",
    "event_type",
    "name_str",
    "parse_name",
    "parse_result",
    "result_str",
    "upcast",
]
