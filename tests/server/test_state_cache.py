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
from events.envelope import AppendResult, Snapshot
from events.errors import ArbiterError
from events.projections import fold
from events.projections.snapshot import PROJECTION_VERSION
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
