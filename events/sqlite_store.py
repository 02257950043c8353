"""The SQLite dialect of the SQL event store, through sqlite-utils, with the schema from
:mod:`migrations`.

One connection per store, used under a lock, so a process has one writer; WAL lets readers
in other processes carry on while it writes, and ``busy_timeout`` makes a second writing
process wait instead of failing. Each write runs in ``BEGIN IMMEDIATE``: the write lock is
taken before anything is read.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import sqlite_utils

from events.errors import StoreBusy, StoreError, StoreUnavailable
from events.sql_store import Dialect, Session, SqlEventStore
from events.store import IDEMPOTENCY_TTL
from migrations import migrate

__all__ = ["SqliteDialect", "SqliteEventStore"]

_log = logging.getLogger(__name__)

_BUSY = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_UNAVAILABLE = frozenset(
    {
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_READONLY,
    }
)
"""Primary result codes of a database that cannot serve now (disk full, file unreadable or
read-only), as opposed to a broken schema or query."""


class SqliteDialect(Dialect):
    """One SQLite file (``":memory:"`` for a private in-memory database)."""

    driver_error = sqlite3.Error
    version_taken = sqlite3.IntegrityError

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 5000) -> None:
        self.name = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._lock = threading.RLock()

    def open(self) -> None:
        connection = sqlite3.connect(
            self.name,
            isolation_level=None,
            check_same_thread=False,
            timeout=self.busy_timeout_ms / 1000,
        )
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
        connection.execute("PRAGMA foreign_keys=ON")
        # FULL: in WAL mode NORMAL may lose the last commits on power loss, and an
        # acknowledged write must survive it.
        connection.execute("PRAGMA synchronous=FULL")
        self.db = sqlite_utils.Database(connection, execute_plugins=False)
        migrate(self.db)
        self._conn = connection

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._lock:
            yield self._conn

    @contextmanager
    def session_now(self) -> Iterator[Session | None]:
        """The connection when no writer holds it: a read of a local file in WAL mode does
        not wait on other processes' writers."""
        if not self._lock.acquire(blocking=False):
            yield None
            return
        try:
            yield self._conn
        finally:
            self._lock.release()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with self._lock:
            self._roll_back()  # what a failed rollback may have left open
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException:
                # After an error, and after a COMMIT that failed (SQLite keeps the
                # transaction open then).
                self._roll_back()
                raise

    def _roll_back(self) -> None:
        """Roll back an open transaction (some errors have rolled it back already). A
        rollback that fails too (the disk away) is logged, never raised: the error that
        caused it is the one the caller must see, and the next transaction tries again."""
        if not self._conn.in_transaction:
            return
        try:
            self._conn.execute("ROLLBACK")
        except sqlite3.Error as error:
            _log.warning("rollback failed in %s: %s", self.name, error)

    def room(self) -> int | None:
        """The room under ``max_page_count`` and, for a file, on its disk."""
        with self._lock:
            page_size, pages, most = (
                self._conn.execute(f"PRAGMA {name}").fetchone()[0]
                for name in ("page_size", "page_count", "max_page_count")
            )
        room: int = (most - pages) * page_size
        if self.name not in ("", ":memory:"):
            disk = os.statvfs(Path(self.name).resolve().parent)
            room = min(room, disk.f_bavail * disk.f_frsize)
        return room

    @classmethod
    def failure(cls, error: Exception) -> type[StoreError]:
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF  # the primary code
        if code in _BUSY:
            return StoreBusy
        return StoreUnavailable if code in _UNAVAILABLE else StoreError

    def notify(self, session: Session, stream_id: str) -> None:
        """SQLite has no channel between processes: a server wakes its own live streams."""

    def copied(self, session: Session, last_position: int) -> None:
        """``AUTOINCREMENT`` continues after the largest position written."""

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class SqliteEventStore(SqlEventStore):
    """An event store in one SQLite file (``":memory:"`` for a private in-memory one); a
    writer waits ``busy_timeout_ms`` for another process's lock.

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
        dialect = SqliteDialect(path, busy_timeout_ms=busy_timeout_ms)
        super().__init__(dialect, idempotency_ttl=idempotency_ttl)
        self.db = dialect.db
        """The sqlite-utils database, for tools and tests that look at the file."""
