"""What the store adds around an event: its place in the log and who caused it."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any, NamedTuple, NewType

import msgspec

from events.types import Event

__all__ = [
    "ANY",
    "NO_STREAM",
    "STREAM_EXISTS",
    "AppendResult",
    "ExpectedVersion",
    "GlobalPosition",
    "RecordedEvent",
    "Snapshot",
    "StreamState",
    "StreamVersion",
]

StreamVersion = NewType("StreamVersion", int)
"""Position of an event within its stream, 1-based; 0 means "no events yet"."""

GlobalPosition = NewType("GlobalPosition", int)
"""Position of an event across all streams; increasing, but not necessarily contiguous."""


class StreamState(enum.Enum):
    """Expected-version sentinels, named as in EventStoreDB."""

    ANY = "any"
    NO_STREAM = "no-stream"
    STREAM_EXISTS = "stream-exists"

    def __str__(self) -> str:
        return self.value


ANY = StreamState.ANY
NO_STREAM = StreamState.NO_STREAM
STREAM_EXISTS = StreamState.STREAM_EXISTS

ExpectedVersion = int | StreamState
"""An exact stream version (0 for a new stream) or a :class:`StreamState` sentinel."""


class RecordedEvent(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the log: the event, upcast to its current schema, and its envelope.

    ``schema_version`` is the version the payload was *stored* with.
    """

    global_position: GlobalPosition
    event_id: str
    stream_id: str
    stream_version: StreamVersion
    event_type: str
    schema_version: int
    event: Event
    metadata: dict[str, Any]
    recorded_at: datetime


class AppendResult(msgspec.Struct, frozen=True, kw_only=True):
    """What an append wrote: its events as a read returns them (versions, positions,
    ``recorded_at``), so a writer never reads back what it has just written. ``replayed``
    when an idempotent retry wrote nothing: the events are then the first append's."""

    recorded: tuple[RecordedEvent, ...]
    """Never empty: a store refuses an empty batch."""
    replayed: bool = False

    @property
    def stream_id(self) -> str:
        return self.recorded[0].stream_id

    @property
    def first_version(self) -> StreamVersion:
        return self.recorded[0].stream_version

    @property
    def last_version(self) -> StreamVersion:
        return self.recorded[-1].stream_version

    @property
    def first_position(self) -> GlobalPosition:
        return self.recorded[0].global_position

    @property
    def last_position(self) -> GlobalPosition:
        return self.recorded[-1].global_position


class Snapshot(NamedTuple):
    """A stream's folded state as of ``stream_version``, encoded by the projection tagged
    ``projection_version``; stored beside the log, never in it."""

    stream_version: int
    projection_version: str
    state: bytes
