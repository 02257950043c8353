"""The store contract on SQLite, plus what only a file database can show."""

from __future__ import annotations

import itertools
import json
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from events import EventStore, SqliteEventStore
from events.envelope import NO_STREAM
from events.errors import StoreBusy, StoreUnavailable, WrongExpectedVersion
from events.types import PlayerRegistered
from tests.contracts.store_contract import SqlStoreContract, created, registered

FIXTURES = Path(__file__).resolve().parents[1] / "events" / "fixtures"


class TestSqliteStore(SqlStoreContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[SqliteEventStore]:
        store = SqliteEventStore(tmp_path / "events.db")
        yield store
        store.close()

    @pytest.fixture
    def execute(self, tmp_path: Path) -> Iterator[Callable[[str], None]]:
        conn = sqlite3.connect(tmp_path / "events.db", isolation_level=None)

        def execute(sql: str) -> None:
            conn.execute(sql)

        yield execute
        conn.close()

    @pytest.fixture
    def driver_error(self) -> type[Exception]:
        return sqlite3.Error

    @pytest.fixture
    def outage(self) -> Callable[[EventStore], Callable[[], None]]:
        """The disk is full: the file may not grow by a page (until room is made)."""

        def fill(store: EventStore) -> Callable[[], None]:
            assert isinstance(store, SqliteEventStore)
            _fill(store)
            return lambda: _fill(store, pages=100_000)

        return fill

    @pytest.fixture
    def new_store(self, tmp_path: Path) -> Callable[[], SqliteEventStore]:
        files = itertools.count()
        return lambda: SqliteEventStore(tmp_path / f"example-{next(files)}.db")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "arbiter.db"


def test_connection_settings(path: Path) -> None:
    store = SqliteEventStore(path)
    conn = store.db.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    # FULL (2): an acknowledged append survives power loss, not only a process crash.
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    store.close()


def test_schema_comes_from_recorded_migrations(path: Path) -> None:
    SqliteEventStore(path).close()
    store = SqliteEventStore(path)  # reopening applies nothing twice
    applied = list(store.db.query("SELECT migration_set, name FROM _sqlite_migrations"))
    assert [row["name"] for row in applied] == [
        "0001_events",
        "0002_stream_positions",
        "0003_snapshots",
        "0004_idempotency_scope",
        "0005_player_directory",
        "0006_accounts",
        "0007_sign_in_links",
        "0008_directory_games_and_k",
        "0009_derived_values",
    ]
    assert {"events", "streams", "idempotency_keys"} <= set(store.db.table_names())
    store.close()


def test_events_are_append_only(path: Path) -> None:
    store = SqliteEventStore(path)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("UPDATE events SET payload = '{}'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.db.execute("DELETE FROM events")
    store.close()


def test_stale_writer_on_another_connection_is_refused(path: Path) -> None:
    first, second = SqliteEventStore(path), SqliteEventStore(path)
    first.append("tournament-open", [created()], expected_version=NO_STREAM)
    seen = second.current_version("tournament-open")
    first.append("tournament-open", [registered(1)], expected_version=seen)
    with pytest.raises(WrongExpectedVersion) as caught:
        second.append("tournament-open", [registered(2)], expected_version=seen)
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    assert [e.event for e in second.read_stream("tournament-open")][1] == registered(1)
    first.close()
    second.close()


def test_a_writer_kept_waiting_past_the_busy_timeout_is_store_busy(path: Path) -> None:
    store = SqliteEventStore(path, busy_timeout_ms=50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process writing
    with pytest.raises(StoreBusy, match="busy") as caught:
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
    assert caught.value.status == 503
    assert isinstance(caught.value.__cause__, sqlite3.OperationalError)
    holder.execute("ROLLBACK")
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    holder.close()
    store.close()


def _fill(store: SqliteEventStore, pages: int = 0) -> None:
    """Let the file grow by ``pages`` pages at most: a full disk, as SQLite meets it."""
    (count,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {count + pages}")


def test_a_full_disk_is_store_unavailable_naming_it_and_check_says_so_until_room_returns(
    path: Path,
) -> None:
    store = SqliteEventStore(path)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    store.check()
    _fill(store)
    with pytest.raises(StoreUnavailable, match="full"):
        store.check()  # before any write: no room at all
    with pytest.raises(StoreUnavailable, match="disk is full") as caught:
        store.append("tournament-open", [registered(n) for n in range(1, 50)], expected_version=1)
    assert caught.value.__cause__ is not None
    assert [e.event for e in store.read_all()] == [created()]  # nothing half-written
    _fill(store, pages=10_000)
    store.check()
    store.append("tournament-open", [registered(1)], expected_version=1)
    assert store.current_version("tournament-open") == 2
    store.close()


def test_check_stays_unavailable_after_a_write_found_no_room_until_some_is_freed(
    path: Path,
) -> None:
    """A margin cannot promise room for every write: a write that fails with room above
    the margin keeps the store unready until more room appears."""
    store = SqliteEventStore(path)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    _fill(store, pages=100)  # 400 KiB: above the margin, too little for this batch
    store.check()
    big = [registered(n) for n in range(1, 3000)]
    with pytest.raises(StoreUnavailable, match="full"):
        store.append("tournament-open", big, expected_version=1)
    with pytest.raises(StoreUnavailable, match="no room was freed"):
        store.check()
    _fill(store, pages=100_000)
    store.check()
    store.append("tournament-open", big, expected_version=1)
    store.check()
    store.close()


class _RollbackFails:
    """The store's connection, except that ROLLBACK fails once (the disk gone for good)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self.failed = False

    def execute(self, sql: str, *parameters: object) -> sqlite3.Cursor:
        if sql == "ROLLBACK" and not self.failed:
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self._conn.execute(sql, *parameters)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self._conn, name)


def test_a_failing_rollback_never_hides_the_error_that_caused_it(path: Path) -> None:
    store = SqliteEventStore(path)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    dialect = store._dialect  # the test reaches under the store
    wrapped = _RollbackFails(dialect._conn)  # type: ignore[attr-defined]
    dialect._conn = wrapped  # type: ignore[attr-defined]
    _fill(store)
    batch = [registered(n) for n in range(1, 50)]
    with pytest.raises(StoreUnavailable, match="full"):
        store.append("tournament-open", batch, expected_version=1)
    assert wrapped.failed
    _fill(store, pages=10_000)
    # The transaction the failed rollback left open is closed before the next one.
    store.append("tournament-open", batch, expected_version=1)
    assert [e.event for e in store.read_all()] == [created(), *batch]
    store.close()


def test_a_file_that_cannot_be_opened_is_store_unavailable(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "arbiter.db"
    with pytest.raises(StoreUnavailable, match=r"cannot open the event store .*no such folder"):
        SqliteEventStore(missing)


@pytest.mark.slow
def test_process_killed_mid_append_leaves_no_partial_batch(path: Path) -> None:
    """A real crash: the writing process dies (os._exit) after one row of a three-event batch."""
    script = textwrap.dedent(
        f"""
        import os
        from events import SqliteEventStore
        from events.envelope import NO_STREAM
        from tests.contracts.store_contract import created, registered

        store = SqliteEventStore({str(path)!r})
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        write_row = store._write_row
        def die_after_first(*args):
            write_row(*args)
            os._exit(17)
        store._write_row = die_after_first
        store.append("tournament-open", [registered(1), registered(2), registered(3)], expected_version=1)
        """
    )
    root = Path(__file__).resolve().parents[2]
    finished = subprocess.run([sys.executable, "-c", script], cwd=root, timeout=60, check=False)
    assert finished.returncode == 17
    store = SqliteEventStore(path)
    assert store.current_version("tournament-open") == 1
    assert [e.event for e in store.read_all()] == [created()]
    store.close()


def test_old_schema_rows_are_upcast_on_read(path: Path) -> None:
    """A player-registered row stored at schema version 1 (frozen fixture) reads as v2."""
    fixture = json.loads((FIXTURES / "player-registered.v1.json").read_text(encoding="utf-8"))
    store = SqliteEventStore(path)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    store.db.execute(
        "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, "
        "payload, metadata, recorded_at) VALUES ('e-old', 'tournament-open', 2, ?, ?, ?, '{}', "
        "'2024-03-01T10:00:00+00:00')",
        [fixture["event_type"], fixture["schema_version"], json.dumps(fixture["payload"])],
    )
    old = store.read_stream("tournament-open")[1]
    assert old.schema_version == 1
    assert isinstance(old.event, PlayerRegistered)
    assert (old.event.surname, old.event.given_name) == ("Lindqvist", "Astrid")
    store.close()


def test_writers_on_separate_connections_serialise_without_losing_events(path: Path) -> None:
    """Four connections append concurrently, each reading the version and retrying on a
    conflict: BEGIN IMMEDIATE + busy_timeout make every write wait its turn (never "database
    is locked"), and the optimistic check makes no write land on a stale version."""
    SqliteEventStore(path).close()
    stores = [SqliteEventStore(path) for _ in range(4)]

    def writer(store: SqliteEventStore, offset: int) -> None:
        for n in range(25):
            while True:
                seen = store.current_version("tournament-open")
                try:
                    store.append("tournament-open", [registered(offset + n)], expected_version=seen)
                    break
                except WrongExpectedVersion:
                    continue  # another connection wrote first: read the version again

    threads = [
        threading.Thread(target=writer, args=(store, 100 * i)) for i, store in enumerate(stores)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    events = stores[0].read_stream("tournament-open")
    assert [e.stream_version for e in events] == list(range(1, 101))
    assert sorted(e.event.player_id for e in events) == sorted(
        100 * i + n for i in range(4) for n in range(25)
    )
    for store in stores:
        store.close()


def test_the_version_is_read_at_once_unless_a_writer_holds_the_connection(path: Path) -> None:
    """A read on the event loop (``current_version_now``) never waits: while a writer
    holds the connection it says so (``None``) and the caller asks a thread instead."""
    store = SqliteEventStore(path)
    store.append("tournament-open", [created(), registered(1)], expected_version=NO_STREAM)
    assert store.current_version_now("tournament-open") == 2
    assert store.current_version_now("tournament-none") == 0
    writing, done = threading.Event(), threading.Event()

    def hold() -> None:
        with store._dialect.transaction():  # a writer mid-transaction
            writing.set()
            done.wait(10)

    writer = threading.Thread(target=hold)
    writer.start()
    assert writing.wait(10)
    assert store.current_version_now("tournament-open") is None
    done.set()
    writer.join(10)
    assert store.current_version_now("tournament-open") == 2
    store.close()
