"""The PostgreSQL dialect of the SQL event store, through psycopg 3 and a psycopg_pool
connection pool.

Several server processes may append to one database. Each append takes ``LOCK TABLE events
IN EXCLUSIVE MODE`` for its transaction (readers carry on): appends commit one at a time, so
global positions become visible in order and a reader paging by position never skips an
event that commits late (EVENT-SOURCING.md §2.10), and the current version read from
``streams`` cannot change before the insert. ``UNIQUE(stream_id, stream_version)`` and the
``event_id`` key are the backstops. The append's ``pg_notify`` is delivered at commit to every
process listening on :data:`CHANNEL` (live event streams, see :func:`notifications`).

Every wait is bounded, so a request answers within seconds while the database is away:
``timeout`` bounds the wait for a connection (and the pool's reconnection attempts, so a
returning database is found by the next request rather than by a back-off grown long), and
``busy_timeout_ms`` the wait for the write lock (``lock_timeout``). While connections fail,
a :class:`_Gate` lets one caller at a time try again and refuses the others at once, so a
queue of requests cannot add up their waits.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, timedelta
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

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

DEFAULT_TIMEOUT = 1.5
"""Seconds a caller waits for a connection before the store is unavailable."""


class _Gate:
    """Lets callers through to the pool; after it failed to give a connection in time, only
    one caller per ``pause`` seconds tries again and the others are refused at once (each
    would wait the whole timeout in vain)."""

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self._lock = threading.Lock()
        self._failure: str | None = None
        self._next_try = 0.0

    def enter(self) -> None:
        """:raises psycopg.OperationalError: while the database is known to be away."""
        with self._lock:
            if self._failure is None:
                return
            now = time.monotonic()
            if now < self._next_try:
                raise psycopg.OperationalError(f"the database is away ({self._failure})")
            self._next_try = now + self.pause  # this caller tries; the others are refused

    def failed(self, error: Exception) -> None:
        with self._lock:
            self._failure = str(error)
            self._next_try = time.monotonic() + self.pause

    def passed(self) -> None:
        with self._lock:
            self._failure = None


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
    """One PostgreSQL database, through a pool of at most ``max_connections``; a caller
    waits at most ``timeout`` seconds for a connection and a writer ``busy_timeout_ms`` for
    the write lock."""

    driver_error = psycopg.Error
    version_taken = psycopg.errors.UniqueViolation
    keep_position = "OVERRIDING SYSTEM VALUE"

    def __init__(
        self,
        url: str,
        *,
        max_connections: int = 8,
        timeout: float = DEFAULT_TIMEOUT,
        busy_timeout_ms: int = 5000,
    ) -> None:
        self.url = url
        self.name = safe_url(url)
        self.max_connections = max_connections
        self.timeout = timeout
        self.busy_timeout_ms = busy_timeout_ms
        self._gate = _Gate(pause=timeout)

    def open(self) -> None:
        options = f"-c TimeZone=UTC -c lock_timeout={int(self.busy_timeout_ms)}"
        self.pool = ConnectionPool(
            self.url,
            # libpq's connect_timeout is whole seconds, at least 2.
            kwargs={
                "autocommit": True,
                "options": options,
                "connect_timeout": max(2, math.ceil(self.timeout)),
            },
            min_size=1,
            max_size=self.max_connections,
            timeout=self.timeout,
            reconnect_timeout=self.timeout,
            check=ConnectionPool.check_connection,  # no request meets a connection lost idle
            open=True,
        )
        self.pool.wait(timeout=self.timeout)
        with self.pool.connection() as conn:
            migrate(conn)

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        self._gate.enter()
        try:
            conn = self.pool.getconn()
        except PoolTimeout as error:
            self._gate.failed(error)
            raise
        self._gate.passed()
        try:
            with conn:  # commits, or rolls back what an error interrupted
                yield conn
        finally:
            self.pool.putconn(conn)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._connection() as conn:
            yield _Session(conn)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with self._connection() as conn, conn.transaction():
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
        timeout: float = DEFAULT_TIMEOUT,
        busy_timeout_ms: int = 5000,
        idempotency_ttl: timedelta = IDEMPOTENCY_TTL,
    ) -> None:
        dialect = PostgresDialect(
            url, max_connections=max_connections, timeout=timeout, busy_timeout_ms=busy_timeout_ms
        )
        super().__init__(dialect, idempotency_ttl=idempotency_ttl)


async def notifications(url: str, *, timeout: float = DEFAULT_TIMEOUT) -> AsyncIterator[str]:
    """The stream id of every append to the database at ``url``, as PostgreSQL delivers
    them (at commit), from one listening connection (connecting waits about ``timeout``
    seconds). The first item is ``""``, once the connection listens; the iterator raises
    :class:`psycopg.Error` if the connection drops."""
    conn = await psycopg.AsyncConnection.connect(
        url, autocommit=True, connect_timeout=max(2, math.ceil(timeout))
    )
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
