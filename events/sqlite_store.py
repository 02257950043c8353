"""The SQLite event store, through sqlite-utils, with the schema from :mod:`migrations`.

One connection per store, used under a lock, so a process has one writer; WAL lets readers
in other processes carry on while it writes, and ``busy_timeout`` makes a second writing
process wait instead of failing. Each append runs in ``BEGIN IMMEDIATE``: the write lock is
taken before the current version is read, so the check and the insert cannot interleave
with another writer. ``UNIQUE(stream_id, stream_version)`` is the backstop.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlite_utils

from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamVersion,
)
from events.errors import StoreBusy, StoreError, WrongExpectedVersion
from events.store import (
    IDEMPOTENCY_TTL,
    PreparedBatch,
    StoredRow,
    check_continues,
    check_expected_version,
    check_page,
)
from events.types import Event
from migrations import migrate

__all__ = ["SqliteEventStore"]

_COLUMNS = (
    "global_position, event_id, stream_id, stream_version, event_type, schema_version, "
    "payload, metadata, recorded_at"
)
_MARKS = ", ".join("?" * 9)


class SqliteEventStore:
    """An event store in one SQLite file (``":memory:"`` for a private in-memory one).

    >>> store = SqliteEventStore(":memory:")
    >>> store.current_version("tournament-open")
    0
    """

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout_ms: int = 5000,
        idempotency_ttl: timedelta = IDEMPOTENCY_TTL,
    ) -> None:
        self.idempotency_ttl = idempotency_ttl
        try:
            connection = sqlite3.connect(
                str(path),
                isolation_level=None,
                check_same_thread=False,
                timeout=busy_timeout_ms / 1000,
            )
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            connection.execute("PRAGMA foreign_keys=ON")
            # FULL: in WAL mode NORMAL may lose the last commits on power loss, and an
            # acknowledged write must survive it.
            connection.execute("PRAGMA synchronous=FULL")
            self.db = sqlite_utils.Database(connection, execute_plugins=False)
            migrate(self.db)
        except sqlite3.Error as error:
            raise StoreError(
                f"cannot open the event store {path}: {error}", path=str(path)
            ) from error
        self._conn = connection
        self._lock = threading.RLock()

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
        with self._lock, self._immediate():
            if idempotency_key is not None:
                self._conn.execute(
                    "DELETE FROM idempotency_keys WHERE created_at < ?", (self._key_cutoff(),)
                )
                found = self.idempotent_result(idempotency_key, stream_id=stream_id)
                replayed = batch.replay(idempotency_key, found)
                if replayed is not None:
                    return replayed
            current = self.current_version(stream_id)
            check_expected_version(stream_id, expected_version, current)
            now = datetime.now(UTC).isoformat()
            if current == 0:
                self._conn.execute(
                    "INSERT INTO streams (stream_id, stream_type, current_version, created_at) "
                    "VALUES (?, ?, 0, ?)",
                    (stream_id, stream_id.partition("-")[0], now),
                )
            try:
                positions = [
                    self._write_row(row) for row in batch.rows(stream_id, current, first_position=0)
                ]
            except sqlite3.IntegrityError as error:
                # Only another writer bypassing this store can get here (see module doc).
                actual = self._conn.execute(
                    "SELECT MAX(stream_version) FROM events WHERE stream_id = ?", (stream_id,)
                ).fetchone()[0]
                raise WrongExpectedVersion(stream_id, expected_version, actual or 0) from error
            result = AppendResult(
                stream_id=stream_id,
                first_version=StreamVersion(current + 1),
                last_version=StreamVersion(current + len(positions)),
                first_position=GlobalPosition(positions[0]),
                last_position=GlobalPosition(positions[-1]),
            )
            self._conn.execute(
                "UPDATE streams SET current_version = ? WHERE stream_id = ?",
                (result.last_version, stream_id),
            )
            if idempotency_key is not None:
                self._conn.execute(
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
            return result

    def _write_row(self, row: StoredRow) -> int:
        """Insert one event row; returns its global position (assigned by SQLite)."""
        cursor = self._conn.execute(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, "
            "payload, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            row[1:],
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    @contextmanager
    def _immediate(self) -> Iterator[None]:
        """One ``BEGIN IMMEDIATE`` transaction; anything raised inside rolls it all back."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise StoreBusy(
                f"the event store is busy (another writer holds it): {error}"
            ) from error
        try:
            yield
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        try:
            self._conn.execute("COMMIT")
        except sqlite3.Error as error:
            self._conn.execute("ROLLBACK")
            raise StoreError(f"cannot commit: {error}") from error

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        check_page(after_version, limit)
        return self._select(
            f"SELECT {_COLUMNS} FROM events WHERE stream_id = ? AND stream_version > ? "
            "ORDER BY stream_version LIMIT ?",
            (stream_id, after_version, -1 if limit is None else limit),
        )

    def version_at(self, stream_id: str, global_position: int) -> StreamVersion:
        with self._lock:
            row = self._conn.execute(
                "SELECT MAX(stream_version) FROM events "
                "WHERE stream_id = ? AND global_position <= ?",
                (stream_id, global_position),
            ).fetchone()
        return StreamVersion(row[0] or 0)

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_page(after, limit)
        return self._select(
            f"SELECT {_COLUMNS} FROM events WHERE global_position > ? "
            "ORDER BY global_position LIMIT ?",
            (after, limit),
        )

    def _select(self, sql: str, parameters: tuple[Any, ...]) -> list[RecordedEvent]:
        with self._lock:
            rows = [StoredRow(*row) for row in self._conn.execute(sql, parameters)]
        return [row.recorded() for row in rows]

    def read_rows(self, *, after: int = 0, limit: int = 1000) -> list[StoredRow]:
        check_page(after, limit)
        with self._lock:
            return [
                StoredRow(*row)
                for row in self._conn.execute(
                    f"SELECT {_COLUMNS} FROM events WHERE global_position > ? "
                    "ORDER BY global_position LIMIT ?",
                    (after, limit),
                )
            ]

    def write_rows(self, rows: Sequence[StoredRow]) -> None:
        with self._lock, self._immediate():
            last = self._conn.execute("SELECT MAX(global_position) FROM events").fetchone()[0]
            for row in rows:
                current = self.current_version(row.stream_id)
                check_continues(row, last or 0, current)
                if current == 0:
                    self._conn.execute(
                        "INSERT INTO streams (stream_id, stream_type, current_version, "
                        "created_at) VALUES (?, ?, 0, ?)",
                        (row.stream_id, row.stream_id.partition("-")[0], row.recorded_at),
                    )
                self._conn.execute(f"INSERT INTO events ({_COLUMNS}) VALUES ({_MARKS})", row)
                self._conn.execute(
                    "UPDATE streams SET current_version = ? WHERE stream_id = ?",
                    (row.stream_version, row.stream_id),
                )
                last = row.global_position

    def current_version(self, stream_id: str) -> StreamVersion:
        with self._lock:
            row = self._conn.execute(
                "SELECT current_version FROM streams WHERE stream_id = ?", (stream_id,)
            ).fetchone()
        return StreamVersion(row[0] if row else 0)

    def stream_ids(self) -> list[str]:
        with self._lock:
            return [
                row[0] for row in self._conn.execute("SELECT stream_id FROM streams ORDER BY rowid")
            ]

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT request_hash, stream_id, first_version, last_version, first_position, "
                "last_position FROM idempotency_keys "
                "WHERE stream_id = ? AND key = ? AND created_at >= ?",
                (stream_id, key, self._key_cutoff()),
            ).fetchone()
        if row is None:
            return None
        request_hash, stream_id, first_version, last_version, first_position, last_position = row
        return request_hash, AppendResult(
            stream_id=stream_id,
            first_version=first_version,
            last_version=last_version,
            first_position=first_position,
            last_position=last_position,
        )

    def read_snapshot(self, stream_id: str) -> Snapshot | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT stream_version, projection_version, state FROM snapshots "
                "WHERE stream_id = ?",
                (stream_id,),
            ).fetchone()
        return None if row is None else Snapshot(row[0], row[1], bytes(row[2]))

    def write_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        with self._lock:
            self._conn.execute(
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

    def _key_cutoff(self) -> str:
        return (datetime.now(UTC) - self.idempotency_ttl).isoformat()

    def close(self) -> None:
        with self._lock:
            self._conn.close()
