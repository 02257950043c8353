"""The event-store contract, written once and run against every backend (STYLE rule 7).

A backend's test module subclasses :class:`StoreContract` and provides a ``store`` fixture.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from datetime import UTC, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import EventStore
from events.envelope import ANY, NO_STREAM, STREAM_EXISTS, AppendResult, Snapshot
from events.errors import (
    IdempotencyKeyReused,
    StoreError,
    StoreUnavailable,
    WrongExpectedVersion,
)
from events.types import PlayerId, PlayerRegistered, TournamentCreated


def created(tournament: str = "open") -> TournamentCreated:
    return TournamentCreated(tournament_id=tournament, name=f"{tournament} tournament", rounds=5)


def registered(player_id: int) -> PlayerRegistered:
    return PlayerRegistered(
        player_id=PlayerId(player_id), surname=f"Player {player_id}", rating=2000 + player_id
    )


APPENDS = st.lists(
    st.tuples(
        st.sampled_from(["tournament-a", "tournament-b"]), st.integers(1, 3), st.integers(-1, 1)
    ),
    max_size=12,
)
"""Appends as (stream, batch size, offset of the expected version from the true one)."""


class StoreContract:
    """Behaviour every :class:`events.EventStore` backend must show.

    A backend module provides ``store`` (one fresh store) and ``new_store`` (a factory, for
    property tests that need a fresh store per example).
    """

    # One contract method runs under each backend's class (hypothesis' "differing executors");
    # it keeps no state on the instance, and ``new_store`` gives each example a fresh store.
    @settings(
        max_examples=30,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.differing_executors,
        ],
    )
    @given(appends=APPENDS)
    def test_matches_a_model_of_streams(
        self, new_store: Callable[[], EventStore], appends: list[tuple[str, int, int]]
    ) -> None:
        """Any sequence of appends: exactly those with the true expected version land, each
        stream's versions stay 1..n without gaps, global positions only grow."""
        store = new_store()
        model: dict[str, int] = {}
        landed = 0
        for stream, size, offset in appends:
            current = model.get(stream, 0)
            batch = [registered(n) for n in range(current + 1, current + size + 1)]
            if offset == 0:
                result = store.append(stream, batch, expected_version=current)
                assert (result.first_version, result.last_version) == (current + 1, current + size)
                model[stream] = current + size
                landed += size
            else:
                wrong = current + offset if current + offset >= 0 else current + 1
                with pytest.raises(WrongExpectedVersion):
                    store.append(stream, batch, expected_version=wrong)
        everything = store.read_all(limit=10_000)
        assert len(everything) == landed
        positions = [e.global_position for e in everything]
        assert positions == sorted(set(positions))
        for stream, version in model.items():
            assert store.current_version(stream) == version
            assert [e.stream_version for e in store.read_stream(stream)] == list(
                range(1, version + 1)
            )
        store.close()

    def test_new_stream_starts_at_version_one(self, store: EventStore) -> None:
        batch = [created(), registered(1), registered(2)]
        result = store.append("tournament-open", batch, expected_version=NO_STREAM)
        assert (result.first_version, result.last_version) == (1, 3)
        assert result.last_position - result.first_position == 2
        assert not result.replayed
        stored = store.read_stream("tournament-open")
        assert [e.event for e in stored] == batch
        assert [e.stream_version for e in stored] == [1, 2, 3]
        assert [e.event_type for e in stored] == [
            "tournament-created",
            "player-registered",
            "player-registered",
        ]
        assert store.current_version("tournament-open") == 3

    def test_append_returns_what_it_wrote(self, store: EventStore) -> None:
        """The recorded events, as a read returns them: a writer never reads them back."""
        store.append("tournament-other", [created("other")], expected_version=NO_STREAM)

        def write() -> AppendResult:
            return store.append(
                "tournament-open",
                [created(), registered(1)],
                expected_version=NO_STREAM,
                metadata={"actor": "arbiter"},
                idempotency_key="k",
            )

        result = write()
        assert list(result.recorded) == store.read_stream("tournament-open")
        assert [e.event for e in result.recorded] == [created(), registered(1)]
        assert (result.stream_id, result.first_version, result.last_version) == (
            "tournament-open",
            1,
            2,
        )
        assert (result.first_position, result.last_position) == tuple(
            e.global_position for e in store.read_all()[1:]
        )
        retried = write()  # the same request again: a retry
        assert retried.replayed and retried.recorded == result.recorded
        found = store.idempotent_result("k", stream_id="tournament-open")
        assert found is not None and found[1].recorded == result.recorded

    def test_missing_stream_is_version_zero_and_empty(self, store: EventStore) -> None:
        assert store.current_version("tournament-none") == 0
        assert store.read_stream("tournament-none") == []

    def test_exact_expected_version_appends(self, store: EventStore) -> None:
        store.append("tournament-open", [created()], expected_version=0)
        result = store.append("tournament-open", [registered(1)], expected_version=1)
        assert result.last_version == 2

    def test_stale_expected_version_is_refused_and_writes_nothing(self, store: EventStore) -> None:
        store.append("tournament-open", [created(), registered(1)], expected_version=NO_STREAM)
        with pytest.raises(WrongExpectedVersion) as caught:
            store.append("tournament-open", [registered(2), registered(3)], expected_version=1)
        assert (caught.value.expected, caught.value.actual) == (1, 2)
        assert caught.value.status == 409
        assert store.current_version("tournament-open") == 2
        assert len(store.read_all()) == 2

    def test_stream_state_sentinels(self, store: EventStore) -> None:
        with pytest.raises(WrongExpectedVersion):
            store.append("tournament-open", [created()], expected_version=STREAM_EXISTS)
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        with pytest.raises(WrongExpectedVersion):
            store.append("tournament-open", [registered(1)], expected_version=NO_STREAM)
        store.append("tournament-open", [registered(1)], expected_version=STREAM_EXISTS)
        store.append("tournament-open", [registered(2)], expected_version=ANY)
        assert store.current_version("tournament-open") == 3

    def test_versions_cannot_jump(self, store: EventStore) -> None:
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        with pytest.raises(WrongExpectedVersion):
            store.append("tournament-open", [registered(1)], expected_version=5)
        assert store.current_version("tournament-open") == 1

    def test_idempotent_retry_returns_first_result_and_writes_nothing(
        self, store: EventStore
    ) -> None:
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        first = store.append(
            "tournament-open", [registered(1)], expected_version=1, idempotency_key="req-1"
        )
        # The retry still carries the version the client read, now stale: it is not a conflict.
        again = store.append(
            "tournament-open", [registered(1)], expected_version=1, idempotency_key="req-1"
        )
        assert again.replayed
        assert (
            again.first_version,
            again.last_version,
            again.first_position,
            again.last_position,
        ) == (first.first_version, first.last_version, first.first_position, first.last_position)
        assert store.current_version("tournament-open") == 2
        assert len(store.read_all()) == 2
        assert store.read_stream("tournament-open")[-1].metadata["idempotency_key"] == "req-1"
        request_hash, recorded = store.idempotent_result(  # type: ignore[misc]
            "req-1", stream_id="tournament-open"
        )
        assert recorded.last_version == first.last_version and request_hash

    def test_idempotency_key_reused_for_another_request_is_refused(self, store: EventStore) -> None:
        store.append(
            "tournament-open", [created()], expected_version=NO_STREAM, idempotency_key="k"
        )
        with pytest.raises(IdempotencyKeyReused):
            store.append(
                "tournament-open", [registered(1)], expected_version=1, idempotency_key="k"
            )
        assert store.current_version("tournament-open") == 1
        assert store.idempotent_result("unused", stream_id="tournament-open") is None

    def test_idempotency_keys_expire(self, store: EventStore) -> None:
        """Past the store's time to live a key is forgotten; the events stay."""
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        store.append("tournament-open", [registered(1)], expected_version=1, idempotency_key="k")
        store.idempotency_ttl = timedelta(0)  # type: ignore[attr-defined]
        assert store.idempotent_result("k", stream_id="tournament-open") is None
        again = store.append(
            "tournament-open", [registered(1)], expected_version=2, idempotency_key="k"
        )
        assert not again.replayed and store.current_version("tournament-open") == 3

    def test_idempotency_keys_are_scoped_to_one_stream(self, store: EventStore) -> None:
        """Two tournaments' clients may pick the same key (issue 16): each is its own."""
        store.append(
            "tournament-open", [created()], expected_version=NO_STREAM, idempotency_key="k"
        )
        other = store.append(
            "tournament-other",
            [created("other")],
            expected_version=NO_STREAM,
            idempotency_key="k",
        )
        assert not other.replayed and store.current_version("tournament-other") == 1
        assert store.idempotent_result("k", stream_id="tournament-other") is not None

    def test_caller_request_hash_decides_what_a_retry_is(self, store: EventStore) -> None:
        store.append(
            "tournament-open",
            [created()],
            expected_version=NO_STREAM,
            idempotency_key="k",
            request_hash="command-1",
        )
        with pytest.raises(IdempotencyKeyReused):
            store.append(
                "tournament-open",
                [created()],
                expected_version=ANY,
                idempotency_key="k",
                request_hash="command-2",
            )

    def test_global_order_across_streams(self, store: EventStore) -> None:
        store.append("tournament-a", [created("a")], expected_version=NO_STREAM)
        store.append("tournament-b", [created("b")], expected_version=NO_STREAM)
        store.append("tournament-a", [registered(1), registered(2)], expected_version=1)
        store.append("tournament-b", [registered(1)], expected_version=1)
        everything = store.read_all()
        assert [(e.stream_id, e.stream_version) for e in everything] == [
            ("tournament-a", 1),
            ("tournament-b", 1),
            ("tournament-a", 2),
            ("tournament-a", 3),
            ("tournament-b", 2),
        ]
        positions = [e.global_position for e in everything]
        assert positions == sorted(positions) and len(set(positions)) == 5
        assert store.stream_ids() == ["tournament-a", "tournament-b"]

    def test_read_stream_in_pages_after_a_version(self, store: EventStore) -> None:
        store.append(
            "tournament-open",
            [created(), *(registered(n) for n in range(1, 7))],
            expected_version=NO_STREAM,
        )
        store.append("tournament-other", [created("other")], expected_version=NO_STREAM)
        pages, after = [], 0
        while page := store.read_stream("tournament-open", after_version=after, limit=3):
            pages.append([e.stream_version for e in page])
            after = page[-1].stream_version
        assert pages == [[1, 2, 3], [4, 5, 6], [7]]
        # As of a version: the first ``v`` events.
        assert [e.stream_version for e in store.read_stream("tournament-open", limit=2)] == [1, 2]
        assert [
            e.stream_version for e in store.read_stream("tournament-open", after_version=5)
        ] == [6, 7]
        assert store.read_stream("tournament-open", after_version=7) == []
        assert store.read_stream("tournament-none", after_version=3, limit=2) == []
        for bad in ({"limit": 0}, {"after_version": -1}):
            with pytest.raises(ValueError):
                store.read_stream("tournament-open", **bad)  # type: ignore[arg-type]

    def test_version_at_a_global_position(self, store: EventStore) -> None:
        """Where a reader of one stream resumes after a global position (Last-Event-ID)."""
        store.append("tournament-a", [created("a")], expected_version=NO_STREAM)
        store.append("tournament-b", [created("b")], expected_version=NO_STREAM)
        store.append("tournament-a", [registered(1), registered(2)], expected_version=1)
        positions = {(e.stream_id, e.stream_version): e.global_position for e in store.read_all()}
        a1, b1, a3 = (
            positions["tournament-a", 1],
            positions["tournament-b", 1],
            positions["tournament-a", 3],
        )
        assert store.version_at("tournament-a", 0) == 0
        assert store.version_at("tournament-a", a1) == 1
        assert store.version_at("tournament-a", b1) == 1
        assert store.version_at("tournament-a", a3) == 3
        assert store.version_at("tournament-a", a3 + 1000) == 3
        assert store.version_at("tournament-b", a1) == 0
        assert store.version_at("tournament-none", a3) == 0

    def test_read_all_in_pages_after_a_position(self, store: EventStore) -> None:
        store.append(
            "tournament-open",
            [created(), *(registered(n) for n in range(1, 7))],
            expected_version=NO_STREAM,
        )
        pages, after = [], 0
        while page := store.read_all(after=after, limit=3):
            pages.append([e.stream_version for e in page])
            after = page[-1].global_position
        assert pages == [[1, 2, 3], [4, 5, 6], [7]]
        with pytest.raises(ValueError):
            store.read_all(limit=0)

    def test_envelope_fields(self, store: EventStore) -> None:
        store.append(
            "tournament-open",
            [created(), registered(1)],
            expected_version=NO_STREAM,
            metadata={"actor": "arbiter", "correlation_id": "c-1"},
        )
        first, second = store.read_stream("tournament-open")
        assert first.metadata == {"actor": "arbiter", "correlation_id": "c-1"}
        assert (
            first.recorded_at.tzinfo is not None
            and first.recorded_at.utcoffset() == UTC.utcoffset(None)
        )
        assert uuid.UUID(first.event_id) != uuid.UUID(second.event_id)
        assert second.schema_version == 2  # player-registered is at schema version 2

    def test_empty_batch_is_a_programming_error(self, store: EventStore) -> None:
        with pytest.raises(ValueError):
            store.append("tournament-open", [], expected_version=NO_STREAM)

    def test_crash_mid_append_leaves_no_partial_batch(
        self, store: EventStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        write_row = store._write_row  # type: ignore[attr-defined]
        calls = []

        def crash_on_second_row(*args: object) -> object:
            calls.append(args)
            if len(calls) == 2:
                raise RuntimeError("injected crash")
            return write_row(*args)

        monkeypatch.setattr(store, "_write_row", crash_on_second_row)
        with pytest.raises(RuntimeError, match="injected crash"):
            store.append(
                "tournament-open",
                [registered(1), registered(2), registered(3)],
                expected_version=1,
                idempotency_key="crashed",
            )
        monkeypatch.undo()
        assert len(calls) == 2
        assert store.current_version("tournament-open") == 1
        assert [e.stream_version for e in store.read_all()] == [1]
        assert store.idempotent_result("crashed", stream_id="tournament-open") is None
        # The stream is usable afterwards and the retry writes the whole batch once.
        result = store.append(
            "tournament-open",
            [registered(1), registered(2), registered(3)],
            expected_version=1,
            idempotency_key="crashed",
        )
        assert (result.first_version, result.last_version) == (2, 4)

    def test_racing_writers_one_wins_each_version(self, store: EventStore) -> None:
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        outcomes: list[str] = []
        barrier = threading.Barrier(4)

        def writer(player_id: int) -> None:
            barrier.wait()
            try:
                store.append("tournament-open", [registered(player_id)], expected_version=1)
                outcomes.append("ok")
            except WrongExpectedVersion:
                outcomes.append("conflict")

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(1, 5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["conflict"] * 3 + ["ok"]
        assert [e.stream_version for e in store.read_stream("tournament-open")] == [1, 2]

    def test_snapshots_keep_the_latest_and_give_way_to_other_code(self, store: EventStore) -> None:
        store.append("tournament-open", [created(), registered(1)], expected_version=NO_STREAM)
        assert store.read_snapshot("tournament-open") is None
        store.write_snapshot("tournament-open", Snapshot(2, "code-1", b"two"))
        store.write_snapshot("tournament-open", Snapshot(1, "code-1", b"one"))  # older: ignored
        assert store.read_snapshot("tournament-open") == Snapshot(2, "code-1", b"two")
        store.write_snapshot("tournament-open", Snapshot(1, "code-2", b"new code"))
        assert store.read_snapshot("tournament-open") == Snapshot(1, "code-2", b"new code")
        assert len(store.read_all()) == 2  # snapshots are not events

    def test_derived_values_are_kept_per_name_and_stream(self, store: EventStore) -> None:
        assert store.last_position() == 0
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        store.append("tournament-b", [created("b")], expected_version=NO_STREAM)
        assert store.last_position() == 2
        assert store.read_derived("history") == {}
        store.write_derived("history", "tournament-open", Snapshot(1, "code-1", b"one"))
        store.write_derived("history", "tournament-b", Snapshot(1, "code-1", b"b"))
        store.write_derived("other", "tournament-open", Snapshot(1, "code-1", b"other"))
        store.write_derived("history", "tournament-open", Snapshot(1, "code-2", b"new"))
        assert store.read_derived("history") == {
            "tournament-open": Snapshot(1, "code-2", b"new"),
            "tournament-b": Snapshot(1, "code-1", b"b"),
        }
        assert len(store.read_all()) == 2  # not events

    def test_rows_copy_to_another_store_as_they_are(
        self, store: EventStore, new_store: Callable[[], EventStore]
    ) -> None:
        """``read_rows``/``write_rows`` (``db copy``) keep every field, positions included,
        page by page; appends continue after the copied positions."""
        source = new_store()
        source.append("tournament-a", [created("a")], expected_version=NO_STREAM)
        source.append("tournament-b", [created("b"), registered(1)], expected_version=NO_STREAM)
        source.append("tournament-a", [registered(1)], expected_version=1)
        # A gap in the positions, as PostgreSQL leaves after a rolled-back append.
        rows = [
            row._replace(global_position=row.global_position + 10) for row in source.read_rows()
        ]
        assert source.read_all() == [row.recorded() for row in source.read_rows()]
        source.close()
        store.write_rows(rows[:2])
        store.write_rows(rows[2:])
        assert store.read_rows() == rows
        assert store.read_rows(after=rows[1].global_position, limit=1) == rows[2:3]
        assert store.stream_ids() == ["tournament-a", "tournament-b"]
        assert (store.current_version("tournament-a"), store.current_version("tournament-b")) == (
            2,
            2,
        )
        appended = store.append("tournament-a", [registered(2)], expected_version=2)
        assert appended.first_position > rows[-1].global_position
        with pytest.raises(ValueError):
            store.read_rows(after=-1)

    def test_rows_that_do_not_continue_the_log_are_refused_whole(self, store: EventStore) -> None:
        store.append("tournament-a", [created("a"), registered(1)], expected_version=NO_STREAM)
        first, second = store.read_rows()
        follows = second._replace(
            global_position=second.global_position + 1, stream_version=3, event_id=str(uuid.uuid4())
        )
        for bad in (
            first._replace(global_position=second.global_position + 2),  # version 1 again
            second._replace(global_position=second.global_position + 2, stream_version=5),
            follows._replace(stream_version=4),  # not after the log's last position
        ):
            with pytest.raises(StoreError, match="does not continue"):
                store.write_rows([follows, bad])
            assert store.read_rows() == [first, second]  # not even ``follows``
        store.write_rows([follows])
        assert store.current_version("tournament-a") == 3


class SqlStoreContract(StoreContract):
    """What a store in a SQL database must show besides. A backend module also provides
    ``execute`` (run a statement on a connection of its own to the store's database),
    ``driver_error`` (its driver's root error) and ``outage`` (make the database unable to
    serve the store's appends; it returns what ends the outage)."""

    def test_unique_stream_version_is_the_backstop(
        self, store: EventStore, execute: Callable[[str], None], driver_error: type[Exception]
    ) -> None:
        """A writer that bypassed the streams table still cannot take an existing version:
        the driver's error surfaces as WrongExpectedVersion naming the stream's actual
        version, with the driver's error as cause."""
        store.append("tournament-open", [created(), registered(1)], expected_version=NO_STREAM)
        execute("UPDATE streams SET current_version = 1")
        with pytest.raises(WrongExpectedVersion) as caught:
            store.append("tournament-open", [registered(2)], expected_version=1)
        assert (caught.value.expected, caught.value.actual) == (1, 2)
        assert isinstance(caught.value.__cause__, driver_error)
        assert len(store.read_all()) == 2

    def test_every_driver_error_arrives_as_a_store_error(
        self, store: EventStore, execute: Callable[[str], None], driver_error: type[Exception]
    ) -> None:
        """Every method, reading or writing, with the tables gone from under it."""
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        row = store.read_rows()[0]
        for table in ("events", "streams", "idempotency_keys", "snapshots"):
            execute(f"ALTER TABLE {table} RENAME TO {table}_gone")
        calls: dict[str, Callable[[], object]] = {
            "append": lambda: store.append(
                "tournament-open", [registered(1)], expected_version=1, idempotency_key="k"
            ),
            "read_stream": lambda: store.read_stream("tournament-open"),
            "version_at": lambda: store.version_at("tournament-open", 1),
            "read_all": store.read_all,
            "current_version": lambda: store.current_version("tournament-open"),
            "stream_ids": store.stream_ids,
            "idempotent_result": lambda: store.idempotent_result("k", stream_id="tournament-open"),
            "read_snapshot": lambda: store.read_snapshot("tournament-open"),
            "write_snapshot": lambda: store.write_snapshot(
                "tournament-open", Snapshot(1, "code", b"state")
            ),
            "read_rows": store.read_rows,
            "write_rows": lambda: store.write_rows(
                [row._replace(global_position=row.global_position + 1, stream_version=2)]
            ),
        }
        for method, call in calls.items():
            with pytest.raises(StoreError) as caught:
                call()
            assert isinstance(caught.value.__cause__, driver_error), method
            assert type(caught.value) is StoreError and caught.value.status == 500, method

    def test_an_outage_is_store_unavailable_and_writes_nothing(
        self,
        store: EventStore,
        outage: Callable[[EventStore], Callable[[], None]],
        driver_error: type[Exception],
    ) -> None:
        """And when the database is back, the store goes on by itself."""
        store.append("tournament-open", [created()], expected_version=NO_STREAM)
        end_outage = outage(store)
        batch = [registered(n) for n in range(1, 200)]
        with pytest.raises(StoreUnavailable) as caught:
            store.append("tournament-open", batch, expected_version=1)
        assert caught.value.status == 503
        assert isinstance(caught.value.__cause__, driver_error)
        end_outage()
        assert [e.event for e in store.read_all()] == [created()]
        store.append("tournament-open", batch, expected_version=1)
        assert store.current_version("tournament-open") == 200
