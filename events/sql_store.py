"""The event store in SQL, written once: SQLite and PostgreSQL differ only in a :class:`Dialect`.

The queries use ``?`` placeholders. A dialect supplies the rest: how a connection is had,
how a write transaction takes the store's write lock (SQLite's ``BEGIN IMMEDIATE``,
PostgreSQL's table lock), its placeholder, what an append announces (PostgreSQL's
``NOTIFY``) and what its driver's errors mean. Taking the write lock before the current
version is read means the check and the insert cannot interleave with another writer;
``UNIQUE(stream_id, stream_version)`` is the backstop.

Every driver error leaves the store through :func:`translated`, as a
:class:`~events.errors.StoreError` (:class:`~events.errors.StoreUnavailable` when retrying
later may succeed) with the driver's exception as ``__cause__`` (STYLE rule 3).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Protocol

from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamVersion,
)
from events.errors import StoreBusy, StoreError, StoreUnavailable, WrongExpectedVersion
from events.store import (
    IDEMPOTENCY_TTL,
    PreparedBatch,
    StoredRow,
    check_continues,
    check_expected_version,
    check_page,
)
from events.types import Event

__all__ = ["Cursor", "Dialect", "Session", "SqlEventStore", "translated"]

_COLUMNS = (
    "global_position, event_id, stream_id, stream_version, event_type, schema_version, "
    "payload, metadata, recorded_at"
)
_SELECTED = (
    "global_position, CAST(event_id AS TEXT), stream_id, stream_version, event_type, "
    "schema_version, CAST(payload AS TEXT), CAST(metadata AS TEXT), recorded_at"
)
"""The columns of a :class:`StoredRow`, as text where PostgreSQL has its own types."""

MIN_ROOM = 256 * 1024
"""Bytes a database must be able to grow by to be ready for writes (a few appends)."""

_MESSAGES: dict[type[StoreError], str] = {
    StoreBusy: "the event store is busy (another writer holds it)",
    StoreUnavailable: "the event store is unavailable",
    StoreError: "the event store failed",
}


class Cursor(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Session(Protocol):
    """A connection as the store uses it: ``execute`` with ``?`` placeholders."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...


class Dialect(ABC):
    """What one database does its own way."""

    name: str
    """The database, as messages name it (never with a password)."""
    driver_error: ClassVar[type[Exception]]
    """The root of the driver's errors: every one of them is translated."""
    version_taken: ClassVar[type[Exception]]
    """What the driver raises when an insert takes a stream version already taken."""
    keep_position: ClassVar[str] = ""
    """What an ``INSERT`` into ``events`` needs to write a given global position."""

    @abstractmethod
    def open(self) -> None:
        """Connect, and migrate the schema."""

    @abstractmethod
    def session(self) -> AbstractContextManager[Session]:
        """A connection for reads, each statement on its own."""

    def session_now(self) -> AbstractContextManager[Session | None]:
        """:meth:`session` if one is free at once and a statement on it does not wait on a
        network, else ``None`` (the default: a database server is across one)."""
        return contextlib.nullcontext()

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Session]:
        """One transaction holding the store's write lock (writers take turns), committed
        at the end and rolled back if anything is raised."""

    @classmethod
    @abstractmethod
    def failure(cls, error: Exception) -> type[StoreError]:
        """Which store error a driver error is."""

    def stored(self, row: Sequence[Any]) -> StoredRow:
        """A selected row as stored (``recorded_at`` in ISO form)."""
        return StoredRow(*row)

    def room(self) -> int | None:
        """Bytes the database can still grow by, where the dialect can tell (a file's
        disk, a size limit); ``None`` where it cannot."""
        return None

    @abstractmethod
    def notify(self, session: Session, stream_id: str) -> None:
        """Announce an append to other processes, at commit."""

    @abstractmethod
    def copied(self, session: Session, last_position: int) -> None:
        """After rows were copied with their positions: new appends continue after
        ``last_position``."""

    @abstractmethod
    def close(self) -> None: ...


@contextmanager
def translated(dialect: Dialect | type[Dialect], doing: str | None = None) -> Iterator[None]:
    """The one place a driver error becomes the store's own: ``doing`` says what failed
    (by default, the kind of failure)."""
    try:
        yield
    except dialect.driver_error as error:
        kind = dialect.failure(error)
        raise kind(f"{doing or _MESSAGES[kind]}: {error}") from error


class _VersionTaken(Exception):
    """An insert met the ``UNIQUE(stream_id, stream_version)`` backstop (the driver's
    error is ``__cause__``); raised inside the transaction so that it rolls back first."""


class SqlEventStore:
    """An event store in a SQL database that ``dialect`` speaks (its schema migrated on open).

    >>> from events.sqlite_store import SqliteDialect
    >>> store = SqlEventStore(SqliteDialect(":memory:"))
    >>> store.current_version("tournament-open")
    0
    """

    def __init__(self, dialect: Dialect, *, idempotency_ttl: timedelta = IDEMPOTENCY_TTL) -> None:
        self.idempotency_ttl = idempotency_ttl
        self._dialect = dialect
        self._failed_write: tuple[StoreUnavailable, int] | None = None
        """The last write that found no room, and the room there was then."""
        with translated(self._dialect, f"cannot open the event store {dialect.name}"):
            dialect.open()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with translated(self._dialect), self._dialect.session() as session:
            yield session

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        try:
            with translated(self._dialect), self._dialect.transaction() as session:
                yield session
        except StoreUnavailable as error:
            room = None if isinstance(error, StoreBusy) else self._room()
            if room is not None:
                self._failed_write = (error, room)
            raise
        self._failed_write = None

    def _room(self) -> int | None:
        with contextlib.suppress(self._dialect.driver_error, OSError):
            return self._dialect.room()
        return None

    def check(self) -> None:
        """Raise :class:`StoreUnavailable` when the database does not answer, has less than
        :data:`MIN_ROOM` bytes to grow by, or a write found no room and none has been freed
        since (what a write needs is more than any fixed margin can promise)."""
        with self._session() as session:
            session.execute("SELECT 1").fetchall()
        room = self._room()
        if room is None:
            return
        if room < MIN_ROOM:
            raise StoreUnavailable(
                f"the event store has no room to write ({room} bytes left): the disk is full"
            )
        if self._failed_write is not None and room <= self._failed_write[1]:
            error = self._failed_write[0]
            raise StoreUnavailable(f"writes fail and no room was freed since: {error}")

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
        batch = PreparedBatch.prepare(stream_id, events, metadata, idempotency_key, request_hash)
        try:
            with self._transaction() as session:
                return self._append(session, stream_id, batch, expected_version, idempotency_key)
        except _VersionTaken as taken:
            # Only a writer bypassing this store can get here (see the module doc).
            with self._session() as session:
                actual = self._last_version(session, stream_id)
            raise WrongExpectedVersion(stream_id, expected_version, actual) from taken.__cause__

    def _append(
        self,
        session: Session,
        stream_id: str,
        batch: PreparedBatch,
        expected_version: ExpectedVersion,
        idempotency_key: str | None,
    ) -> AppendResult:
        if idempotency_key is not None:
            session.execute(
                "DELETE FROM idempotency_keys WHERE created_at < ?", (self._key_cutoff(),)
            )
            found = self._idempotent(session, stream_id, idempotency_key)
            replayed = batch.replay(idempotency_key, found)
            if replayed is not None:
                return replayed
        current = self._version(session, stream_id)
        check_expected_version(stream_id, expected_version, current)
        rows = batch.rows(stream_id, current, first_position=0)
        now = rows[0].recorded_at
        if current == 0:
            self._add_stream(session, stream_id, now)
        try:
            written = [row._replace(global_position=self._write_row(session, row)) for row in rows]
        except self._dialect.version_taken as error:
            raise _VersionTaken from error
        result = AppendResult(recorded=tuple(row.recorded() for row in written))
        session.execute(
            "UPDATE streams SET current_version = ? WHERE stream_id = ?",
            (result.last_version, stream_id),
        )
        if idempotency_key is not None:
            session.execute(
                "INSERT INTO idempotency_keys (key, request_hash, stream_id, first_version, "
                "last_version, first_position, last_position, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    idempotency_key,
                    batch.request_hash,
                    stream_id,
                    result.first_version,
                    result.last_version,
                    result.first_position,
                    result.last_position,
                    now,
                ),
            )
        self._dialect.notify(session, stream_id)
        return result

    def _write_row(self, session: Session, row: StoredRow) -> int:
        """Insert one event row; returns its global position (assigned by the database)."""
        found = session.execute(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, "
            "payload, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING global_position",
            row[1:],
        ).fetchall()
        position: int = found[0][0]
        return position

    @staticmethod
    def _add_stream(session: Session, stream_id: str, created_at: str) -> None:
        session.execute(
            "INSERT INTO streams (stream_id, stream_type, current_version, created_at) "
            "VALUES (?, ?, 0, ?)",
            (stream_id, stream_id.partition("-")[0], created_at),
        )

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        check_page(after_version, limit)
        with self._session() as session:
            rows = self._stream_rows(session, stream_id, after_version, limit)
        return [row.recorded() for row in rows]

    def _stream_rows(
        self, session: Session, stream_id: str, after_version: int, limit: int | None
    ) -> list[StoredRow]:
        sql = (
            f"SELECT {_SELECTED} FROM events WHERE stream_id = ? AND stream_version > ? "
            "ORDER BY stream_version"
        )
        if limit is None:
            found = session.execute(sql, (stream_id, after_version))
        else:
            found = session.execute(f"{sql} LIMIT ?", (stream_id, after_version, limit))
        return [self._dialect.stored(row) for row in found.fetchall()]

    def version_at(self, stream_id: str, global_position: int) -> StreamVersion:
        with self._session() as session:
            (version,) = session.execute(
                "SELECT MAX(stream_version) FROM events "
                "WHERE stream_id = ? AND global_position <= ?",
                (stream_id, global_position),
            ).fetchone()
        return StreamVersion(version or 0)

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        return [row.recorded() for row in self.read_rows(after=after, limit=limit)]

    def read_rows(self, *, after: int = 0, limit: int = 1000) -> list[StoredRow]:
        check_page(after, limit)
        with self._session() as session:
            found = session.execute(
                f"SELECT {_SELECTED} FROM events WHERE global_position > ? "
                "ORDER BY global_position LIMIT ?",
                (after, limit),
            ).fetchall()
        return [self._dialect.stored(row) for row in found]

    def write_rows(self, rows: Sequence[StoredRow]) -> None:
        with self._transaction() as session:
            (last,) = session.execute(
                "SELECT COALESCE(MAX(global_position), 0) FROM events"
            ).fetchone()
            for row in rows:
                current = self._version(session, row.stream_id)
                check_continues(row, last, current)
                if current == 0:
                    self._add_stream(session, row.stream_id, row.recorded_at)
                session.execute(
                    f"INSERT INTO events ({_COLUMNS}) {self._dialect.keep_position} "
                    f"VALUES ({', '.join('?' * len(row))})",
                    row,
                )
                session.execute(
                    "UPDATE streams SET current_version = ? WHERE stream_id = ?",
                    (row.stream_version, row.stream_id),
                )
                last = row.global_position
            if rows:
                self._dialect.copied(session, last)

    def current_version(self, stream_id: str) -> StreamVersion:
        with self._session() as session:
            return StreamVersion(self._version(session, stream_id))

    def current_version_now(self, stream_id: str) -> StreamVersion | None:
        with translated(self._dialect), self._dialect.session_now() as session:
            return None if session is None else StreamVersion(self._version(session, stream_id))

    @staticmethod
    def _version(session: Session, stream_id: str) -> int:
        found = session.execute(
            "SELECT current_version FROM streams WHERE stream_id = ?", (stream_id,)
        ).fetchone()
        return int(found[0]) if found else 0

    @staticmethod
    def _last_version(session: Session, stream_id: str) -> int:
        """The stream's last version as its events have it (``streams`` aside)."""
        (version,) = session.execute(
            "SELECT MAX(stream_version) FROM events WHERE stream_id = ?", (stream_id,)
        ).fetchone()
        return int(version or 0)

    def stream_ids(self) -> list[str]:
        with self._session() as session:
            found = session.execute(
                "SELECT stream_id FROM streams ORDER BY created_at, stream_id"
            ).fetchall()
        return [row[0] for row in found]

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        with self._session() as session:
            return self._idempotent(session, stream_id, key)

    def _idempotent(
        self, session: Session, stream_id: str, key: str
    ) -> tuple[str, AppendResult] | None:
        found = session.execute(
            "SELECT request_hash, first_version, last_version FROM idempotency_keys "
            "WHERE stream_id = ? AND key = ? AND created_at >= ?",
            (stream_id, key, self._key_cutoff()),
        ).fetchone()
        if found is None:
            return None
        request_hash, first_version, last_version = found
        rows = self._stream_rows(
            session, stream_id, first_version - 1, last_version - first_version + 1
        )
        return request_hash, AppendResult(recorded=tuple(row.recorded() for row in rows))

    def _key_cutoff(self) -> str:
        return (datetime.now(UTC) - self.idempotency_ttl).isoformat()

    def read_snapshot(self, stream_id: str) -> Snapshot | None:
        with self._session() as session:
            found = session.execute(
                "SELECT stream_version, projection_version, state FROM snapshots "
                "WHERE stream_id = ?",
                (stream_id,),
            ).fetchone()
        return None if found is None else Snapshot(found[0], found[1], bytes(found[2]))

    def write_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        with self._session() as session:
            session.execute(
                "INSERT INTO snapshots (stream_id, stream_version, projection_version, state, "
                "created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (stream_id) DO UPDATE SET "
                "stream_version = excluded.stream_version, "
                "projection_version = excluded.projection_version, state = excluded.state, "
                "created_at = excluded.created_at "
                "WHERE excluded.projection_version != snapshots.projection_version "
                "OR excluded.stream_version > snapshots.stream_version",
                (
                    stream_id,
                    snapshot.stream_version,
                    snapshot.projection_version,
                    snapshot.state,
                    datetime.now(UTC).isoformat(),
                ),
            )

    def last_position(self) -> GlobalPosition:
        with self._session() as session:
            (last,) = session.execute(
                "SELECT COALESCE(MAX(global_position), 0) FROM events"
            ).fetchone()
        return GlobalPosition(int(last))

    def read_derived(self, name: str) -> dict[str, Snapshot]:
        with self._session() as session:
            found = session.execute(
                "SELECT stream_id, stream_version, projection_version, value FROM derived_values "
                "WHERE name = ?",
                (name,),
            ).fetchall()
        return {row[0]: Snapshot(row[1], row[2], bytes(row[3])) for row in found}

    def write_derived(self, name: str, stream_id: str, value: Snapshot) -> None:
        with self._session() as session:
            session.execute(
                "INSERT INTO derived_values (name, stream_id, stream_version, "
                "projection_version, value, created_at) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (name, stream_id) DO UPDATE SET "
                "stream_version = excluded.stream_version, "
                "projection_version = excluded.projection_version, value = excluded.value, "
                "created_at = excluded.created_at",
                (
                    name,
                    stream_id,
                    value.stream_version,
                    value.projection_version,
                    value.state,
                    datetime.now(UTC).isoformat(),
                ),
            )

    def close(self) -> None:
        with translated(self._dialect):
            self._dialect.close()
