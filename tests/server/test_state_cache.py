"""The service's cached states against fresh folds, after random commands by two services
on one database (two processes' worth of writers): the cache may lag the store, never
disagree with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import MemoryEventStore, SqliteEventStore
from events.decisions import (
    Command,
    CorrectPlayerDetails,
    CorrectResult,
    CreateTournament,
    PairRound,
    RecordResult,
    RegisterPlayer,
    RequestBye,
    UnpairRound,
    WithdrawPlayer,
)
from events.envelope import AppendResult, RecordedEvent, Snapshot
from events.errors import ArbiterError
from events.projections import TournamentState, fold, state_after_round
from events.projections.snapshot import PROJECTION_VERSION, encode_state
from events.results import Result
from server.service import TournamentService, stream_id
from tests.server.test_service import fake_engines

SMALL = st.integers(1, 6)
COMMANDS = st.lists(
    st.tuples(
        st.sampled_from(["a", "b"]),  # which service sends it
        st.one_of(
            st.builds(RegisterPlayer, surname=st.sampled_from("ABCDEF"), rating=st.integers(0, 9)),
            st.just(PairRound()),
            st.builds(RecordResult, round_no=SMALL, board=SMALL, result=st.sampled_from(Result)),
            st.builds(CorrectResult, round_no=SMALL, board=SMALL, result=st.sampled_from(Result)),
            st.builds(CorrectPlayerDetails, player_id=SMALL, rating=st.integers(0, 9)),
            st.builds(WithdrawPlayer, player_id=SMALL),
            st.builds(RequestBye, player_id=SMALL, round_no=SMALL),
            st.builds(UnpairRound, round_no=SMALL),
        ),
    ),
    max_size=40,
)


def _service(path: Path) -> TournamentService:
    service = TournamentService(SqliteEventStore(path), engines=fake_engines)
    service.states.snapshot_every = 4  # snapshot often, so cold starts use them
    return service


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(commands=COMMANDS)
def test_cached_state_equals_a_fresh_fold(
    tmp_path: Path, commands: list[tuple[str, Command]]
) -> None:
    path = tmp_path / f"cache-{len(list(tmp_path.iterdir()))}.db"
    services = {"a": _service(path), "b": _service(path)}
    services["a"].create(CreateTournament(tournament_id="t", name="T", rounds=6))
    for sender, command in commands:
        service = services[sender]
        try:
            if isinstance(command, PairRound):
                service.pair_round("t", command)
            else:
                service.execute("t", command)
        except ArbiterError:
            pass  # refused: nothing written, and the caches must still agree
        truth = fold(r.event for r in services["a"].store.read_stream(stream_id("t")))
        for name in "ab":
            assert services[name].load("t") == truth, name
        for player in truth.players:  # the score the fold keeps is its records' points
            assert player.score == sum(record.points for record in player.rounds), player
    # A cold service starts from the latest snapshot and catches up to the same state.
    truth = fold(r.event for r in services["a"].store.read_stream(stream_id("t")))
    cold = _service(path)
    snapshot = cold.store.read_snapshot(stream_id("t"))
    assert snapshot is None or snapshot.projection_version == PROJECTION_VERSION
    assert cold.load("t") == truth
    for service in (*services.values(), cold):
        service.store.close()


def test_snapshot_of_other_code_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "old-code.db"
    first = _service(path)
    first.create(CreateTournament(tournament_id="t", name="T", rounds=6))
    for name in "ABCDE":
        first.execute("t", RegisterPlayer(surname=name))
    truth = first.load("t")
    first.store.write_snapshot(stream_id("t"), Snapshot(6, "other-code", b"\x00 not a state"))
    assert _service(path).load("t") == truth
    first.store.write_snapshot(stream_id("t"), Snapshot(9, PROJECTION_VERSION, b"\x93garbage"))
    assert _service(path).load("t") == truth  # unreadable: folded from the log


class LateKeyStore(MemoryEventStore):
    """Hides an idempotency key from the service's first look, as if another process
    recorded it between that look and the service's append."""

    hide = False

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        if self.hide:
            self.hide = False
            return None
        return super().idempotent_result(key, stream_id=stream_id)


def test_a_key_recorded_meanwhile_never_reaches_the_cache() -> None:
    store = LateKeyStore()
    service, other = TournamentService(store), TournamentService(store)
    service.create(CreateTournament(tournament_id="t", name="T", rounds=6))
    service.load("t")
    other.execute("t", RegisterPlayer(surname="First"), idempotency_key="k")
    store.hide = True
    again = service.execute("t", RegisterPlayer(surname="First"), idempotency_key="k")
    assert again.append.replayed
    truth = fold(r.event for r in store.read_stream(stream_id("t")))
    assert service.load("t") == again.state == truth
    assert [p.surname for p in truth.players] == ["First"]


READS = st.lists(
    st.tuples(st.sampled_from(["version", "round"]), st.integers(0, 60), st.integers(0, 7)),
    min_size=1,
    max_size=12,
)


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(commands=COMMANDS, reads=READS)
def test_old_versions_and_rounds_equal_fresh_folds(
    tmp_path: Path, commands: list[tuple[str, Command]], reads: list[tuple[str, int, int]]
) -> None:
    """Reads of any version or round, from a warm service (kept states), from another
    process's service (caught up from the store) and from a cold one (a snapshot, then
    relearning the stream before it), equal folds of the stream's prefix."""
    path = tmp_path / f"reads-{len(list(tmp_path.iterdir()))}.db"
    services = {"a": _service(path), "b": _service(path)}
    for service in services.values():
        service.states.keep_every = 3  # keep often, so reads start from kept states
    services["a"].create(CreateTournament(tournament_id="t", name="T", rounds=6))
    for sender, command in commands:
        try:
            if isinstance(command, PairRound):
                services[sender].pair_round("t", command)
            else:
                services[sender].execute("t", command)
        except ArbiterError:
            pass
    events = [r.event for r in services["a"].store.read_stream(stream_id("t"))]
    cold = _service(path)
    for kind, asked, round_no in reads:
        version = min(asked, len(events))
        for service in (*services.values(), cold):
            if kind == "version":
                expected = fold(events[:version])
                found = service.load("t", to_version=version)
            else:
                expected = state_after_round(events[:version], round_no)
                found = service.load("t", to_version=version, after_round=round_no)
            assert found == expected, (kind, version, round_no)
        assert cold.load("t", after_round=round_no) == state_after_round(events, round_no)
    for service in (*services.values(), cold):
        service.store.close()


class CountingStore(MemoryEventStore):
    """Counts the events reads take from the log."""

    read = 0

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        found = super().read_stream(stream_id, after_version=after_version, limit=limit)
        self.read += len(found)
        return found


def _played(store: MemoryEventStore, rounds: int) -> TournamentService:
    service = TournamentService(store)  # the Dutch engine: no rematches
    service.create(CreateTournament(tournament_id="t", name="T", rounds=rounds))
    for n in range(8):
        service.execute("t", RegisterPlayer(surname=f"P{n}", rating=2000 - n))
    for round_no in range(1, rounds + 1):
        service.pair_round("t")
        for board in range(1, 5):
            service.execute("t", RecordResult(round_no=round_no, board=board, result=Result.DRAW))
    return service


def test_an_old_round_or_version_is_read_from_kept_states() -> None:
    store = CountingStore()
    service = _played(store, 4)
    events = [r.event for r in store.read_stream(stream_id("t"))]
    store.read = 0
    for round_no in range(5):
        assert service.load("t", after_round=round_no) == state_after_round(events, round_no)
    assert store.read == 0  # each round's state was kept as it was paired
    before_round_3 = state_after_round(events, 2).version
    assert service.load("t", to_version=before_round_3 + 2) == fold(events[: before_round_3 + 2])
    assert store.read == 2  # the two events after the kept state, not the stream from zero


def test_derived_values_are_computed_once_per_version() -> None:
    service = _played(MemoryEventStore(), 2)
    calls: list[int] = []

    def count(state: TournamentState) -> int:
        calls.append(state.version)
        return len(state.players)

    now = service.load("t")
    before = service.load("t", after_round=1)
    assert [service.derived("t", now, count) for _ in range(3)] == [8, 8, 8]
    assert service.derived("t", before, count) == 8
    assert calls == [now.version, before.version]
    service.execute("t", CorrectPlayerDetails(player_id=1, rating=1500))
    assert service.derived("t", service.load("t"), count) == 8
    assert calls == [now.version, before.version, now.version + 1]  # a new version: computed


def test_the_cache_keeps_at_most_its_bytes_and_reads_everything_back() -> None:
    """More tournaments than fit: the least recently used are dropped and read back from
    their snapshots (or the log), equal to fresh folds."""
    store = MemoryEventStore()
    writer = TournamentService(store, engines=fake_engines)
    tournaments = [f"t{n}" for n in range(12)]
    for tournament_id in tournaments:
        writer.create(CreateTournament(tournament_id=tournament_id, name="T", rounds=3))
        for n in range(6 + len(tournament_id)):
            writer.execute(tournament_id, RegisterPlayer(surname=f"P{n}"))
        writer.pair_round(tournament_id)
        writer.store.write_snapshot(
            stream_id(tournament_id),
            Snapshot(
                writer.version(tournament_id),
                PROJECTION_VERSION,
                encode_state(writer.load(tournament_id)),
            ),
        )
    reader = TournamentService(store, cache_bytes=60_000)
    for _ in range(2):
        for tournament_id in tournaments:
            truth = fold(r.event for r in store.read_stream(stream_id(tournament_id)))
            assert reader.load(tournament_id) == truth
            assert reader.load(tournament_id, after_round=0) == state_after_round(
                [r.event for r in store.read_stream(stream_id(tournament_id))], 0
            )
            held = reader.states._tournaments.values()
            assert sum(t.bytes for t in held) <= 60_000 or len(held) == 1
    assert 1 <= len(reader.states) < len(tournaments)
    assert list(reader.states._tournaments)[-1] == stream_id(tournaments[-1])  # the last used


def test_a_snapshot_that_cannot_be_written_does_not_fail_the_read(tmp_path: Path) -> None:
    """On a full disk a snapshot is only left unwritten: the read that folded answers."""
    from events.projections import StateCache
    from tests.contracts.store_contract import created, registered

    store = SqliteEventStore(tmp_path / "full.db")
    events = [created("t"), *(registered(n) for n in range(1, 300))]
    store.append("tournament-t", events, expected_version=0)
    (pages,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    cache = StateCache(store, snapshot_every=1)
    assert len(cache.state("tournament-t").players) == 299
    assert store.read_snapshot("tournament-t") is None
    store.close()


class _RecordingStore(MemoryEventStore):
    """Remembers each stream read as (after_version, limit)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[tuple[int, int | None]] = []

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        self.reads.append((after_version, limit))
        return super().read_stream(stream_id, after_version=after_version, limit=limit)


def test_an_old_read_after_a_snapshot_start_folds_only_up_to_it() -> None:
    """Started from a snapshot of the latest version, the cache folds an old version from
    the first event to that version, not on to the latest, and keeps states on the way, so
    a later read below it starts from one of them (#27)."""
    from events.projections import StateCache
    from tests.contracts.store_contract import created, registered

    store = _RecordingStore()
    events = [created("t"), *(registered(n) for n in range(1, 60))]
    store.append("tournament-t", events, expected_version=0)
    snapshot = Snapshot(60, PROJECTION_VERSION, encode_state(fold(events)))
    store.write_snapshot("tournament-t", snapshot)
    cache = StateCache(store, keep_every=10)
    assert cache.state("tournament-t") == fold(events)
    store.reads.clear()
    assert cache.state_at("tournament-t", 25) == fold(events[:25])
    assert store.reads == [(0, 25)]
    store.reads.clear()
    assert cache.state_at("tournament-t", 23) == fold(events[:23])
    assert store.reads == [(20, 3)]


class _Prebuilt(MemoryEventStore):
    """Answers reads from a list built beforehand: a read allocates next to nothing."""

    def __init__(self, recorded: list[RecordedEvent]) -> None:
        super().__init__()
        self.recorded = recorded

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        end = None if limit is None else after_version + limit
        return self.recorded[after_version:end]


def test_states_are_built_without_garbage_collections() -> None:
    """Folding a long tail and decoding a snapshot start no cyclic garbage collection while
    they build (at 10,000 players each walks every object held), and leave the collector
    running (#27)."""
    import gc

    from events.projections import StateCache
    from events.projections.snapshot import decode_state
    from tests.contracts.store_contract import created, registered

    written = MemoryEventStore()
    events = [created("t"), *(registered(n) for n in range(1, 3000))]
    written.append("tournament-t", events, expected_version=0)
    cache = StateCache(_Prebuilt(written.read_stream("tournament-t")), snapshot_every=10**9)
    data = encode_state(fold(events))
    started: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(count)
    try:
        state = cache.state("tournament-t")
        folding = len(started)
        decoded = decode_state(data)
        decoding = len(started) - folding
    finally:
        gc.callbacks.remove(count)
    # At most the one the allocations left pending, when the collector resumes (13 while
    # folding when it runs throughout).
    assert folding <= 1
    assert decoding <= 1
    assert gc.isenabled()
    assert state == decoded == fold(events)


def test_a_value_computed_on_the_first_read_of_a_stream_is_kept() -> None:
    """The first read of a cold stream holds it while computing: what it computed is kept
    (at 10,000 players the first warm read of a player rebuilt it, 1.5 s, #27)."""
    from events.projections import StateCache

    store = _played(MemoryEventStore(), 1).store
    cache = StateCache(store)
    calls: list[int] = []

    def players() -> int:
        state = cache.state("tournament-t")
        calls.append(state.version)
        return len(state.players)

    version = store.current_version("tournament-t")
    assert [cache.memo("tournament-t", version, "players", players) for _ in range(2)] == [8, 8]
    assert calls == [version]


def test_what_is_kept_is_had_without_waiting_or_not_at_all() -> None:
    """``kept`` (read on the event loop) gives what ``memo`` keeps; nothing for a value not
    computed, another version or a stream not held; and nothing, rather than a wait, while
    a fold holds the stream."""
    import threading

    from events.projections import StateCache

    store = _played(MemoryEventStore(), 1).store
    cache = StateCache(store)
    version = store.current_version("tournament-t")
    assert cache.kept("tournament-t", version, "players") is None  # not held yet
    cache.state("tournament-t")
    assert cache.kept("tournament-t", version, "players") is None  # held, not computed
    cache.memo("tournament-t", version, "players", lambda: 8)
    assert cache.kept("tournament-t", version, "players") == (8,)
    assert cache.kept("tournament-t", version - 1, "players") is None
    assert cache.kept("tournament-t", version, "boards") is None
    assert cache.kept("tournament-other", version, "players") is None
    held = cache._holding("tournament-t")
    assert held is not None
    found: list[tuple[object] | None] = []
    reader = threading.Thread(
        target=lambda: found.append(cache.kept("tournament-t", version, "players"))
    )
    with held.lock:  # a fold in another thread holds the stream
        reader.start()
        reader.join(10)
    assert found == [None]
