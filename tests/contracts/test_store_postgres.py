"""The store contract on PostgreSQL (a throwaway cluster, tests/postgres.py), plus what only
a server database can show."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import psycopg
import pytest

from events import EventStore
from events.envelope import NO_STREAM
from events.errors import StoreUnavailable, WrongExpectedVersion
from events.postgres_store import DEFAULT_TIMEOUT, PostgresEventStore
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
    def outage(
        self, postgres_url: str, postgres_cluster: Cluster
    ) -> Callable[[EventStore], Callable[[], None]]:
        """The database takes no connections and drops the store's (until it takes them
        again): to the store, the server is away."""

        def refuse(store: EventStore) -> Callable[[], None]:
            name = postgres_url.partition("?")[0].rpartition("/")[2]
            with psycopg.connect(postgres_cluster.url(), autocommit=True) as conn:
                conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false".encode())
            _drop_connections(postgres_url, via=postgres_cluster.url())

            def admit() -> None:
                with psycopg.connect(postgres_cluster.url(), autocommit=True) as conn:
                    conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true".encode())
                time.sleep(DEFAULT_TIMEOUT)  # the store's gate lets the next caller try

            return admit

        return refuse

    @pytest.fixture
    def new_store(self, postgres_cluster: Cluster) -> Callable[[], PostgresEventStore]:
        return lambda: PostgresEventStore(postgres_cluster.database(), max_connections=4)


def _drop_connections(url: str, *, via: str | None = None) -> None:
    """End every session on ``url``'s database (from a connection to ``via``, by default
    to that database itself)."""
    name = url.partition("?")[0].rpartition("/")[2]
    with psycopg.connect(via or url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )


def test_a_dropped_connection_is_replaced_before_a_read(postgres_url: str) -> None:
    """A restart or failover ends the pool's connections: the next read gets a new one
    rather than an error (issue 26 saw that error reach the CLI as an unexpected one)."""
    store = PostgresEventStore(postgres_url, max_connections=1)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    _drop_connections(postgres_url)
    assert [e.event for e in store.read_stream("tournament-open")] == [created()]
    store.close()


def test_while_connections_fail_callers_are_refused_at_once(
    postgres_url: str, postgres_cluster: Cluster
) -> None:
    """Only one caller per timeout waits for a connection; the others hear at once."""
    store = PostgresEventStore(postgres_url, timeout=1.0)
    name = postgres_url.partition("?")[0].rpartition("/")[2]
    with psycopg.connect(postgres_cluster.url(), autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false".encode())
    _drop_connections(postgres_url, via=postgres_cluster.url())
    start = time.monotonic()
    with pytest.raises(StoreUnavailable, match="couldn't get a connection"):
        store.current_version("tournament-open")
    assert 0.9 < time.monotonic() - start < 2.5
    start = time.monotonic()
    with pytest.raises(StoreUnavailable, match="the database is away") as caught:
        store.current_version("tournament-open")
    assert time.monotonic() - start < 0.5  # did not wait the 1 s timeout
    assert isinstance(caught.value.__cause__, psycopg.OperationalError)
    with psycopg.connect(postgres_cluster.url(), autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true".encode())
    time.sleep(1.0)  # the gate lets the next caller try
    assert store.current_version("tournament-open") == 0
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
        "0007_sign_in_links",
        "0008_directory_games_and_k",
        "0009_derived_values",
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


def test_the_version_is_never_read_on_the_event_loop(postgres_url: str) -> None:
    """A database server is across a network: ``current_version_now`` leaves the read to
    a thread (``None``) rather than block a caller's event loop on it."""
    store = PostgresEventStore(postgres_url)
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    assert store.current_version_now("tournament-open") is None
    assert store.current_version("tournament-open") == 1
    store.close()
