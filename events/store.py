"""The event store protocol, and the rules every backend shares.

One stream per tournament (``tournament-<id>``). ``append`` writes a whole batch or nothing,
checks the expected version first, and treats a repeated idempotency key (per stream, for
``IDEMPOTENCY_TTL``) as a retry of the first append: it returns the first result and writes
nothing.
"""

from __future__ import annotations

import importlib.util
import os
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, Protocol

import msgspec

from events.codec import (
    EncodedEvent,
    batch_hash,
    decode_event,
    decode_metadata,
    encode_event,
    encode_metadata,
)
from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamState,
    StreamVersion,
)
from events.errors import IdempotencyKeyReused, StoreError, WrongExpectedVersion
from events.types import Event

__all__ = [
    "IDEMPOTENCY_TTL",
    "EventStore",
    "PreparedBatch",
    "StoredRow",
    "check_continues",
    "check_expected_version",
    "check_page",
    "is_postgres",
    "open_store",
    "replaces",
    "require_postgres_driver",
]

IDEMPOTENCY_TTL = timedelta(days=7)
"""How long a retry with the same Idempotency-Key is recognised (clients retry within
minutes; a week covers a tournament weekend and an arbiter's Monday)."""


class EventStore(Protocol):
    """What the service needs from a store; every backend passes tests/contracts."""

    def append(
        self,
        stream_id: str,
        events: Sequence[Event],
        *,
        expected_version: ExpectedVersion,
        metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
        request_hash: str | None = None,
    ) -> AppendResult:
        """Append ``events`` at the end of the stream, all or nothing.

        :raises WrongExpectedVersion: the stream is not at ``expected_version``.
        :raises IdempotencyKeyReused: the key was used for a different request
            (``request_hash`` defaults to a digest of the batch).
        """
        ...

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        """At most ``limit`` of the stream's events after ``after_version``, in order.

        Versions are 1..n without gaps, so ``limit=v`` reads the stream as of version ``v``
        and a page costs what it returns, not the stream's length.
        """
        ...

    def version_at(self, stream_id: str, global_position: int) -> StreamVersion:
        """The version of the stream's last event at or before ``global_position`` (0: none):
        where a reader that has seen everything up to that position resumes."""
        ...

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """At most ``limit`` events with a global position greater than ``after``, in order."""
        ...

    def current_version(self, stream_id: str) -> StreamVersion:
        """The stream's last version; 0 when the stream does not exist."""
        ...

    def current_version_now(self, stream_id: str) -> StreamVersion | None:
        """:meth:`current_version` if it can be read without waiting, else ``None``: a
        writer holds an embedded store, or the database is across a network. A caller on
        an event loop reads it there when it can and asks a thread only when it cannot."""
        ...

    def stream_ids(self) -> list[str]:
        """Every stream, in order of creation."""
        ...

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        """The request hash and result first recorded under ``key`` in the stream, unless
        that was longer than the store's ``idempotency_ttl`` ago."""
        ...

    def read_snapshot(self, stream_id: str) -> Snapshot | None:
        """The stream's latest snapshot, whatever code made it (the caller checks)."""
        ...

    def write_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` as the stream's one snapshot, unless a later one is kept."""
        ...

    def last_position(self) -> GlobalPosition:
        """The global position of the log's last event; 0 when it is empty."""
        ...

    def read_derived(self, name: str) -> dict[str, Snapshot]:
        """Every stream's kept value of the read model ``name`` (a cache beside the log, as
        snapshots are: whatever code made it, the caller checks)."""
        ...

    def write_derived(self, name: str, stream_id: str, value: Snapshot) -> None:
        """Keep ``value`` as the stream's value of the read model ``name``, in place of any."""
        ...

    def read_rows(self, *, after: int = 0, limit: int = 1000) -> list[StoredRow]:
        """Like :meth:`read_all`, the rows exactly as stored (no decoding, no upcasting):
        what moving a log to another store copies."""
        ...

    def write_rows(self, rows: Sequence[StoredRow]) -> None:
        """Add rows read from another store, keeping every field (event ids, positions,
        versions, times), in one transaction; the rows must come after every row here.

        :raises StoreError: when a row does not continue its stream or the global order.
        """
        ...

    def check(self) -> None:
        """Whether the store can serve reads and writes now (a readiness probe).

        :raises StoreUnavailable: when it cannot: the database is away, or a file database
            has no room left to write in.
        """
        ...

    def close(self) -> None: ...


def open_store(
    db: str | os.PathLike[str], *, busy_timeout_ms: int = 5000, timeout: float | None = None
) -> EventStore:
    """The store ``db`` names: a ``postgresql://`` URL, or else a SQLite file (created if
    missing; a writer waits ``busy_timeout_ms`` for another's lock). A PostgreSQL store waits
    at most ``timeout`` seconds for a connection (by default its own bound). Each backend's
    libraries load only when it is opened."""
    text = os.fspath(db)
    if is_postgres(text):
        require_postgres_driver()
        from events.postgres_store import DEFAULT_TIMEOUT, PostgresEventStore

        return PostgresEventStore(
            text, timeout=timeout or DEFAULT_TIMEOUT, busy_timeout_ms=busy_timeout_ms
        )
    from events.sqlite_store import SqliteEventStore

    return SqliteEventStore(text, busy_timeout_ms=busy_timeout_ms)


def is_postgres(db: str | os.PathLike[str]) -> bool:
    """Whether ``db`` names a PostgreSQL database rather than a SQLite file."""
    return os.fspath(db).startswith(("postgresql://", "postgres://"))


def require_postgres_driver() -> None:
    """:raises StoreError: naming the extra to install, when PostgreSQL's driver is not
    (``pip install -e .`` serves SQLite files only)."""
    if any(importlib.util.find_spec(name) is None for name in ("psycopg", "psycopg_pool")):
        raise StoreError(
            "a postgresql:// database needs PostgreSQL's driver: pip install 'arbiter[postgres]'"
        )


def check_expected_version(stream_id: str, expected: ExpectedVersion, actual: int) -> None:
    """Raise unless a stream at version ``actual`` (0 = no stream) satisfies ``expected``."""
    if expected is StreamState.ANY:
        ok = True
    elif expected is StreamState.NO_STREAM:
        ok = actual == 0
    elif expected is StreamState.STREAM_EXISTS:
        ok = actual > 0
    else:
        ok = actual == expected
    if not ok:
        raise WrongExpectedVersion(stream_id, expected, actual)


def replaces(new: Snapshot, kept: Snapshot) -> bool:
    """Whether ``new`` is kept over ``kept``: a later state, or one made by other code (a
    snapshot of older code is never worth keeping)."""
    return (
        new.projection_version != kept.projection_version
        or new.stream_version > kept.stream_version
    )


def check_continues(row: StoredRow, last_position: int, current_version: int) -> None:
    """:raises StoreError: unless ``row`` comes after global position ``last_position`` and
    right after version ``current_version`` of its stream (see ``EventStore.write_rows``)."""
    if row.global_position <= last_position or row.stream_version != current_version + 1:
        raise StoreError(
            f"event {row.global_position} ({row.stream_id} version {row.stream_version}) does "
            f"not continue this store's log (at position {last_position}, stream version "
            f"{current_version}); copy into an empty store"
        )


def check_page(after: int, limit: int | None) -> None:
    """:raises ValueError: for a negative start or a limit below 1."""
    if after < 0:
        raise ValueError("a page starts after version or position 0 or more")
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")


class StoredRow(NamedTuple):
    """One event row exactly as stored (both backends keep the encoded JSON)."""

    global_position: int
    event_id: str
    stream_id: str
    stream_version: int
    event_type: str
    schema_version: int
    payload: str
    metadata: str
    recorded_at: str

    def recorded(self) -> RecordedEvent:
        """Decode the row, upcasting an old payload."""
        return RecordedEvent(
            global_position=GlobalPosition(self.global_position),
            event_id=self.event_id,
            stream_id=self.stream_id,
            stream_version=StreamVersion(self.stream_version),
            event_type=self.event_type,
            schema_version=self.schema_version,
            event=decode_event(self.event_type, self.schema_version, self.payload),
            metadata=decode_metadata(self.metadata),
            recorded_at=datetime.fromisoformat(self.recorded_at),
        )


class PreparedBatch(NamedTuple):
    """An append's batch, encoded before any lock is taken."""

    encoded: tuple[EncodedEvent, ...]
    metadata: str
    request_hash: str

    @classmethod
    def prepare(
        cls,
        stream_id: str,
        events: Sequence[Event],
        metadata: Mapping[str, Any] | None,
        idempotency_key: str | None,
        request_hash: str | None,
    ) -> PreparedBatch:
        if not stream_id:
            raise ValueError("stream_id must not be empty")
        if not events:
            raise ValueError("nothing to append")
        encoded = tuple(encode_event(event) for event in events)
        stamped = dict(metadata or {})
        if idempotency_key is not None:
            stamped["idempotency_key"] = idempotency_key
        return cls(
            encoded, encode_metadata(stamped), request_hash or batch_hash(stream_id, encoded)
        )

    def rows(self, stream_id: str, current: int, first_position: int) -> list[StoredRow]:
        """The rows to insert after version ``current``; positions are a backend's guess."""
        now = datetime.now(UTC).isoformat()
        return [
            StoredRow(
                first_position + offset,
                str(uuid.uuid4()),
                stream_id,
                current + 1 + offset,
                encoded.event_type,
                encoded.schema_version,
                encoded.payload,
                self.metadata,
                now,
            )
            for offset, encoded in enumerate(self.encoded)
        ]

    def replay(self, key: str, found: tuple[str, AppendResult] | None) -> AppendResult | None:
        """The first result when ``key`` was already used for this same request."""
        if found is None:
            return None
        stored_hash, result = found
        if stored_hash != self.request_hash:
            raise IdempotencyKeyReused(key)
        return msgspec.structs.replace(result, replayed=True)
