"""The store contract on PostgreSQL (a throwaway cluster, tests/postgres.py), plus what only
a server database can show."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import psycopg
import pytest

from events import EventStore
from events.envelope import NO_STREAM
from events.errors import StoreUnavailable, WrongExpectedVersion
from events.postgres_store import PostgresEventStore
from tests.contracts.store_contract import SqlStoreContract, created, registered
from tests.postgres import Cluster

pytestmark = pytest.mark.slow  # a throwaway cluster takes ~10 s to start


class TestPostgresStore(SqlStoreContract):
    @pytest.fixture
    def store(self, postgres_url: str) -> Iterator[PostgresEventStore]:
        store = PostgresEventStore(postgres_url)
        yield store
        store.close()

    @pytest.fixture
    def execute(self, postgres_url: str) -> Iterator[Callable[[str], None]]:
        conn = psycopg.connect(postgres_url, autocommit=True)

        def execute(sql: str) -> None:
            conn.execute(sql.encode())

        yield execute
        conn.close()

    @pytest.fixture
    def driver_error(self) -> type[Exception]:
        return psycopg.Error

    @pytest.fixture
    def outage(self, postgres_url: str) -> Callable[[EventStore], None]:
        """The server drops the store's connections (a restart, a failover)."""
        return lambda store: _drop_connections(postgres_url)

    @pytest.fixture
    def new_store(self, postgres_cluster: Cluster) -> Callable[[], PostgresEventStore]:
        return lambda: PostgresEventStore(postgres_cluster.database(), max_connections=4)


def _drop_connections(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def test_a_read_on_a_dropped_connection_is_store_unavailable_then_recovers(
    postgres_url: str,
) -> None:
    """The read error issue 26 names: it reached the CLI as an unexpected error."""
    store = PostgresEventStore(postgres_url, max_connections=1)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    _drop_connections(postgres_url)
    with pytest.raises(StoreUnavailable) as caught:
        store.read_stream("tournament-open")
    assert isinstance(caught.value.__cause__, psycopg.OperationalError)
    assert caught.value.status == 503
    assert [e.event for e in store.read_stream("tournament-open")] == [created()]
    store.close()


def test_schema_comes_from_recorded_migrations(postgres_url: str) -> None:
    PostgresEventStore(postgres_url).close()
    store = PostgresEventStore(postgres_url)  # reopening applies nothing twice
    with psycopg.connect(postgres_url) as conn:
        names = [row[0] for row in conn.execute("SELECT name FROM arbiter_migrations ORDER BY 1")]
    assert names == [
        "0001_events",
        "0002_stream_positions",
        "0003_snapshots",
        "0004_idempotency_scope",
        "0005_player_directory",
        "0006_accounts",
    ]
    store.close()


def test_events_are_append_only(postgres_url: str) -> None:
    store = PostgresEventStore(postgres_url)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    with psycopg.connect(postgres_url) as conn:
        for statement in ("UPDATE events SET payload = '{}'", "DELETE FROM events"):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(statement.encode())
            conn.rollback()
    store.close()


def test_stale_writer_in_another_pool_is_refused(postgres_url: str) -> None:
    first, second = PostgresEventStore(postgres_url), PostgresEventStore(postgres_url)
    first.append("tournament-open", [created()], expected_version=NO_STREAM)
    seen = second.current_version("tournament-open")
    first.append("tournament-open", [registered(1)], expected_version=seen)
    with pytest.raises(WrongExpectedVersion) as caught:
        second.append("tournament-open", [registered(2)], expected_version=seen)
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    first.close()
    second.close()
