"""The PostgreSQL dialect of the SQL event store, through psycopg 3 and a psycopg_pool
connection pool.

Several server processes may append to one database. Each append takes ``LOCK TABLE events
IN EXCLUSIVE MODE`` for its transaction (readers carry on): appends commit one at a time, so
global positions become visible in order and a reader paging by position never skips an
event that commits late (EVENT-SOURCING.md §2.10), and the current version read from
``streams`` cannot change before the insert. ``UNIQUE(stream_id, stream_version)`` and the
``event_id`` key are the backstops. The append's ``pg_notify`` is delivered at commit to every
process listening on :data:`CHANNEL` (live event streams, see :func:`notifications`).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, timedelta
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from events.errors import StoreBusy, StoreError, StoreUnavailable
from events.sql_store import Dialect, Session, SqlEventStore
from events.store import IDEMPOTENCY_TTL, StoredRow
from migrations import migrate

__all__ = ["CHANNEL", "PostgresDialect", "PostgresEventStore", "notifications", "safe_url"]

CHANNEL = "arbiter_events"
"""Notified with the stream id after every append."""

_BUSY = (
    psycopg.errors.LockNotAvailable,
    psycopg.errors.SerializationFailure,
    psycopg.errors.DeadlockDetected,
)
"""Lost to another transaction: running again shortly succeeds."""


class _Session:
    """A psycopg connection speaking the store's ``?`` placeholders."""

    def __init__(self, conn: psycopg.Connection[tuple[Any, ...]]) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any]:
        return self._conn.execute(_placeholders(sql), parameters)


@functools.cache
def _placeholders(sql: str) -> bytes:
    """``sql`` with psycopg's ``%s`` for ``?`` (the store's SQL has no other ``?`` or ``%``)."""
    return sql.replace("?", "%s").encode()


class PostgresDialect(Dialect):
    """One PostgreSQL database, through a pool of at most ``max_connections``."""

    driver_error = psycopg.Error
    version_taken = psycopg.errors.UniqueViolation
    keep_position = "OVERRIDING SYSTEM VALUE"

    def __init__(self, url: str, *, max_connections: int = 8) -> None:
        self.url = url
        self.name = safe_url(url)
        self.max_connections = max_connections

    def open(self) -> None:
        self.pool = ConnectionPool(
            self.url,
            kwargs={"autocommit": True, "options": "-c TimeZone=UTC"},
            min_size=1,
            max_size=self.max_connections,
            open=True,
        )
        self.pool.wait(timeout=30)
        with self.pool.connection() as conn:
            migrate(conn)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.pool.connection() as conn:
            yield _Session(conn)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with self.pool.connection() as conn, conn.transaction():
            session = _Session(conn)
            session.execute("LOCK TABLE events IN EXCLUSIVE MODE")
            yield session

    @classmethod
    def failure(cls, error: Exception) -> type[StoreError]:
        if isinstance(error, _BUSY):
            return StoreBusy
        # Connection lost or refused, the server shutting down, disk full, the pool empty.
        if isinstance(error, (psycopg.OperationalError, psycopg.InterfaceError)):
            return StoreUnavailable
        return StoreError

    def stored(self, row: Sequence[Any]) -> StoredRow:
        return StoredRow._make((*row[:-1], row[-1].astimezone(UTC).isoformat()))

    def notify(self, session: Session, stream_id: str) -> None:
        session.execute("SELECT pg_notify(?, ?)", (CHANNEL, stream_id))

    def copied(self, session: Session, last_position: int) -> None:
        session.execute(
            "SELECT setval(pg_get_serial_sequence('events', 'global_position'), ?)",
            (last_position,),
        )

    def close(self) -> None:
        self.pool.close()


class PostgresEventStore(SqlEventStore):
    """An event store in one PostgreSQL database (its schema migrated on open)."""

    def __init__(
        self,
        url: str,
        *,
        max_connections: int = 8,
        idempotency_ttl: timedelta = IDEMPOTENCY_TTL,
    ) -> None:
        dialect = PostgresDialect(url, max_connections=max_connections)
        super().__init__(dialect, idempotency_ttl=idempotency_ttl)


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


def safe_url(url: str) -> str:
    """The URL without its password, for messages."""
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    return f"{scheme}://{credentials.partition(':')[0]}{at}{host}" if at else url
