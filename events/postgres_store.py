"""The PostgreSQL event store, through psycopg 3 and a psycopg_pool connection pool.

Several server processes may append to one database. Each append takes ``LOCK TABLE events
IN EXCLUSIVE MODE`` for its transaction (readers carry on): appends commit one at a time, so
global positions become visible in order and a reader paging by position never skips an
event that commits late (EVENT-SOURCING.md §2.10), and the current version read from
``streams`` cannot change before the insert. ``UNIQUE(stream_id, stream_version)`` and the
``event_id`` key are the backstops. The append's ``pg_notify`` is delivered at commit to every
process listening on :data:`CHANNEL` (live event streams, see :func:`notifications`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamVersion,
)
from events.errors import StoreError, WrongExpectedVersion
from events.store import (
    IDEMPOTENCY_TTL,
    PreparedBatch,
    StoredRow,
    check_continues,
    check_expected_version,
    check_page,
)
from events.types import Event
from migrations.postgres import migrate

__all__ = ["CHANNEL", "PostgresEventStore", "notifications", "safe_url"]

CHANNEL = "arbiter_events"
"""Notified with the stream id after every append."""

_COLUMNS = (
    "global_position, event_id::text, stream_id, stream_version, event_type, schema_version, "
    "payload::text, metadata::text, recorded_at"
)

Row = tuple[Any, ...]


def _connect_options(url: str) -> dict[str, Any]:
    return {"conninfo": url, "kwargs": {"autocommit": True, "options": "-c TimeZone=UTC"}}


class PostgresEventStore:
    """An event store in one PostgreSQL database (its schema migrated on open)."""

    def __init__(
        self,
        url: str,
        *,
        max_connections: int = 8,
        idempotency_ttl: timedelta = IDEMPOTENCY_TTL,
    ) -> None:
        self.idempotency_ttl = idempotency_ttl
        try:
            self.pool = ConnectionPool(
                **_connect_options(url), min_size=1, max_size=max_connections, open=True
            )
            self.pool.wait(timeout=30)
            with self.pool.connection() as conn:
                migrate(conn)
        except (psycopg.Error, TimeoutError) as error:
            raise StoreError(f"cannot open the event store {safe_url(url)}: {error}") from error

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
        with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cursor:
            cursor.execute("LOCK TABLE events IN EXCLUSIVE MODE")
            if idempotency_key is not None:
                cursor.execute(
                    "DELETE FROM idempotency_keys WHERE created_at < %s", (self._key_cutoff(),)
                )
                found = self._idempotent(cursor, stream_id, idempotency_key, self._key_cutoff())
                replayed = batch.replay(idempotency_key, found)
                if replayed is not None:
                    return replayed
            current = self._version(cursor, stream_id)
            check_expected_version(stream_id, expected_version, current)
            now = datetime.now(UTC)
            if current == 0:
                cursor.execute(
                    "INSERT INTO streams (stream_id, stream_type, current_version, created_at) "
                    "VALUES (%s, %s, 0, %s)",
                    (stream_id, stream_id.partition("-")[0], now),
                )
            try:
                positions = [
                    self._write_row(cursor, row)
                    for row in batch.rows(stream_id, current, first_position=0)
                ]
            except psycopg.errors.UniqueViolation as error:
                raise WrongExpectedVersion(stream_id, expected_version, current + 1) from error
            result = AppendResult(
                stream_id=stream_id,
                first_version=StreamVersion(current + 1),
                last_version=StreamVersion(current + len(positions)),
                first_position=GlobalPosition(positions[0]),
                last_position=GlobalPosition(positions[-1]),
            )
            cursor.execute(
                "UPDATE streams SET current_version = %s WHERE stream_id = %s",
                (result.last_version, stream_id),
            )
            if idempotency_key is not None:
                cursor.execute(
                    "INSERT INTO idempotency_keys (key, request_hash, stream_id, first_version, "
                    "last_version, first_position, last_position, created_at) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
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
            cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, stream_id))
            return result

    def _write_row(self, cursor: psycopg.Cursor[Row], row: StoredRow) -> int:
        """Insert one event row; returns its global position (assigned by PostgreSQL)."""
        cursor.execute(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, "
            "payload, metadata, recorded_at) "
            "VALUES (%s::uuid, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s::timestamptz) "
            "RETURNING global_position",
            row[1:],
        )
        found = cursor.fetchone()
        assert found is not None
        position: int = found[0]
        return position

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        check_page(after_version, limit)
        return self._select(
            f"SELECT {_COLUMNS} FROM events WHERE stream_id = %s AND stream_version > %s "
            "ORDER BY stream_version LIMIT %s",
            (stream_id, after_version, limit),
        )

    def version_at(self, stream_id: str, global_position: int) -> StreamVersion:
        found = self._one(
            "SELECT MAX(stream_version) FROM events WHERE stream_id = %s AND global_position <= %s",
            (stream_id, global_position),
        )
        return StreamVersion(found[0] or 0 if found else 0)

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_page(after, limit)
        return self._select(
            f"SELECT {_COLUMNS} FROM events WHERE global_position > %s "
            "ORDER BY global_position LIMIT %s",
            (after, limit),
        )

    def _select(self, sql: str, parameters: tuple[Any, ...]) -> list[RecordedEvent]:
        with self.pool.connection() as conn:
            rows = conn.execute(sql.encode(), parameters).fetchall()
        return [_stored(row).recorded() for row in rows]

    def _one(self, sql: str, parameters: tuple[Any, ...]) -> Row | None:
        with self.pool.connection() as conn:
            found: Row | None = conn.execute(sql.encode(), parameters).fetchone()
            return found

    def read_rows(self, *, after: int = 0, limit: int = 1000) -> list[StoredRow]:
        check_page(after, limit)
        with self.pool.connection() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM events WHERE global_position > %s "
                "ORDER BY global_position LIMIT %s".encode(),
                (after, limit),
            ).fetchall()
        return [_stored(row) for row in rows]

    def write_rows(self, rows: Sequence[StoredRow]) -> None:
        with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cursor:
            cursor.execute("LOCK TABLE events IN EXCLUSIVE MODE")
            cursor.execute("SELECT COALESCE(MAX(global_position), 0) FROM events")
            found = cursor.fetchone()
            last = int(found[0]) if found else 0
            for row in rows:
                current = self._version(cursor, row.stream_id)
                check_continues(row, last, current)
                if current == 0:
                    cursor.execute(
                        "INSERT INTO streams (stream_id, stream_type, current_version, "
                        "created_at) VALUES (%s, %s, 0, %s::timestamptz)",
                        (row.stream_id, row.stream_id.partition("-")[0], row.recorded_at),
                    )
                cursor.execute(
                    "INSERT INTO events (global_position, event_id, stream_id, stream_version, "
                    "event_type, schema_version, payload, metadata, recorded_at) "
                    "OVERRIDING SYSTEM VALUE VALUES (%s, %s::uuid, %s, %s, %s, %s, %s::jsonb, "
                    "%s::jsonb, %s::timestamptz)",
                    row,
                )
                cursor.execute(
                    "UPDATE streams SET current_version = %s WHERE stream_id = %s",
                    (row.stream_version, row.stream_id),
                )
                last = row.global_position
            # New appends continue after the copied positions.
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence('events', 'global_position'), %s)",
                (max(last, 1),),
            )

    def current_version(self, stream_id: str) -> StreamVersion:
        found = self._one("SELECT current_version FROM streams WHERE stream_id = %s", (stream_id,))
        return StreamVersion(found[0] if found else 0)

    @staticmethod
    def _version(cursor: psycopg.Cursor[Row], stream_id: str) -> int:
        cursor.execute("SELECT current_version FROM streams WHERE stream_id = %s", (stream_id,))
        found = cursor.fetchone()
        return int(found[0]) if found else 0

    def stream_ids(self) -> list[str]:
        with self.pool.connection() as conn:
            rows = conn.execute("SELECT stream_id FROM streams ORDER BY created_at, stream_id")
            return [row[0] for row in rows]

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        with self.pool.connection() as conn, conn.cursor() as cursor:
            return self._idempotent(cursor, stream_id, key, self._key_cutoff())

    def _key_cutoff(self) -> datetime:
        return datetime.now(UTC) - self.idempotency_ttl

    @staticmethod
    def _idempotent(
        cursor: psycopg.Cursor[Row], stream_id: str, key: str, cutoff: datetime
    ) -> tuple[str, AppendResult] | None:
        cursor.execute(
            "SELECT request_hash, stream_id, first_version, last_version, first_position, "
            "last_position FROM idempotency_keys "
            "WHERE stream_id = %s AND key = %s AND created_at >= %s",
            (stream_id, key, cutoff),
        )
        row = cursor.fetchone()
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
        found = self._one(
            "SELECT stream_version, projection_version, state FROM snapshots WHERE stream_id = %s",
            (stream_id,),
        )
        return None if found is None else Snapshot(found[0], found[1], bytes(found[2]))

    def write_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        with self.pool.connection() as conn:
            conn.execute(
                "INSERT INTO snapshots (stream_id, stream_version, projection_version, state, "
                "created_at) VALUES (%s, %s, %s, %s, now()) ON CONFLICT (stream_id) DO UPDATE SET "
                "stream_version = excluded.stream_version, "
                "projection_version = excluded.projection_version, state = excluded.state, "
                "created_at = excluded.created_at "
                "WHERE excluded.projection_version != snapshots.projection_version "
                "OR excluded.stream_version > snapshots.stream_version",
                (stream_id, snapshot.stream_version, snapshot.projection_version, snapshot.state),
            )

    def close(self) -> None:
        self.pool.close()


async def notifications(url: str) -> AsyncIterator[str]:
    """The stream id of every append to the database at ``url``, as PostgreSQL delivers
    them (at commit), from one listening connection. The first item is ``""``, once the
    connection listens; the iterator raises :class:`psycopg.Error` if the connection drops."""
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    async with conn:
        await conn.execute(f"LISTEN {CHANNEL}")
        yield ""
        async for notify in conn.notifies():
            yield notify.payload


def _stored(row: Row) -> StoredRow:
    """A selected row as stored, with ``recorded_at`` in the ISO form both backends share."""
    position, event_id, stream_id, version, event_type, schema, payload, metadata, at = row
    return StoredRow(
        position, event_id, stream_id, version, event_type, schema, payload, metadata,
        at.astimezone(UTC).isoformat(),
    )  # fmt: skip


def safe_url(url: str) -> str:
    """The URL without its password, for messages."""
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    return f"{scheme}://{credentials.partition(':')[0]}{at}{host}" if at else url
