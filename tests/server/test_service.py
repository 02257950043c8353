"""The application service: load -> fold -> decide -> append, with its concurrency guard."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import msgspec
import pytest

from engine.model import Board, Pairing, PairingNumber, PairingRequest
from events import MemoryEventStore
from events.decisions import (
    CreateTournament,
    ImportTrf,
    PairManually,
    PairRound,
    RecordResult,
    RegisterPlayer,
)
from events.envelope import AppendResult
from events.errors import (
    IdempotencyKeyReused,
    PairingSystemUnavailable,
    ResultAlreadyRecorded,
    RoundIncomplete,
    TournamentExists,
    TournamentNotFound,
    WrongExpectedVersion,
)
from events.results import Result
from events.types import Event, PlayerId, PlayerRegistered
from server.service import PairingInProgress, PairingSystem, TournamentService
from server.service.access import Actor, Role

CREATE = CreateTournament(tournament_id="open", name="Open", rounds=3)


def fake_engines(system: str) -> PairingSystem:
    if system != "dutch":
        raise PairingSystemUnavailable(system)

    def pair(request: PairingRequest) -> Pairing:
        numbers = [p.number for p in request.players if p.available]
        return Pairing(
            boards=tuple(Board(numbers[i], numbers[i + 1]) for i in range(0, len(numbers) - 1, 2)),
            bye=numbers[-1] if len(numbers) % 2 else None,
        )

    return PairingSystem(pair, "fake 1")


@pytest.fixture
def service() -> TournamentService:
    service = TournamentService(MemoryEventStore(), engines=fake_engines)
    service.create(CREATE)
    for name, rating in [("A", 2400), ("B", 2300), ("C", 2200)]:
        service.execute("open", RegisterPlayer(surname=name, rating=rating))
    return service


class RacingStore(MemoryEventStore):
    """Another writer slips in a registration just before each of our next ``races`` appends."""

    def __init__(self, races: int) -> None:
        super().__init__()
        self.races = races
        self.attempts = 0

    def append(self, stream_id: str, events: Sequence[Event], **kwargs: Any) -> AppendResult:
        self.attempts += 1
        if self.races and self.current_version(stream_id):
            self.races -= 1
            version = self.current_version(stream_id)
            rival = PlayerRegistered(player_id=PlayerId(version), surname=f"Rival{version}")
            super().append(stream_id, [rival], expected_version=version)
        return super().append(stream_id, events, **kwargs)


def test_commands_append_to_the_tournament_stream(service: TournamentService) -> None:
    state = service.load("open")
    assert [p.name for p in state.players] == ["A", "B", "C"]
    assert state.version == 4
    assert service.store.current_version("tournament-open") == 4
    assert service.tournament_ids() == ["open"]


def test_unknown_tournament(service: TournamentService) -> None:
    with pytest.raises(TournamentNotFound, match="'nope'"):
        service.execute("nope", RegisterPlayer(surname="X"))
    with pytest.raises(TournamentNotFound):
        service.load("nope")
    assert service.store.stream_ids() == ["tournament-open"]


def test_create_twice(service: TournamentService) -> None:
    with pytest.raises(TournamentExists):
        service.create(CREATE)


def test_pinned_expected_version_is_checked_before_deciding(service: TournamentService) -> None:
    with pytest.raises(WrongExpectedVersion) as caught:
        service.execute("open", RegisterPlayer(surname="D"), expected_version=3)
    assert (caught.value.expected, caught.value.actual) == (3, 4)
    result = service.execute("open", RegisterPlayer(surname="D"), expected_version=4)
    assert result.append.last_version == 5


def test_lost_race_is_decided_again_on_fresh_state() -> None:
    store = RacingStore(races=1)
    service = TournamentService(store)
    service.create(CREATE)
    result = service.execute("open", RegisterPlayer(surname="Mine"))
    # The rival took player id 1 and version 2; the retry numbered our player 2.
    assert result.events[0].player_id == 2  # type: ignore[union-attr]
    assert result.append.last_version == 3
    assert [p.surname for p in result.state.players] == ["Rival1", "Mine"]


def test_retries_are_bounded() -> None:
    service = TournamentService(RacingStore(races=5), retries=2)
    service.create(CREATE)
    with pytest.raises(WrongExpectedVersion):
        service.execute("open", RegisterPlayer(surname="Mine"))
    assert service.store.attempts == 4  # type: ignore[attr-defined]  # create + 3 attempts


def test_pinned_version_is_never_retried() -> None:
    service = TournamentService(RacingStore(races=1))
    service.create(CREATE)
    with pytest.raises(WrongExpectedVersion):
        service.execute("open", RegisterPlayer(surname="Mine"), expected_version=1)


def test_pairing_is_never_retried() -> None:
    store = RacingStore(races=0)
    service = TournamentService(store, engines=fake_engines)
    service.create(CREATE)
    service.execute("open", RegisterPlayer(surname="A"))
    service.execute("open", RegisterPlayer(surname="B"))
    store.races = 1
    with pytest.raises(WrongExpectedVersion):
        service.pair_round("open")
    assert service.load("open").rounds_paired == 0


def test_idempotent_retry_returns_the_first_result(service: TournamentService) -> None:
    service.pair_round("open")
    command = RecordResult(round_no=1, board=1, result=Result.DRAW)
    first = service.execute("open", command, idempotency_key="req-7")
    # Deciding again would now be refused (a second result); the retry is answered instead.
    again = service.execute("open", command, idempotency_key="req-7")
    assert again.append.replayed and not first.append.replayed
    assert again.events == first.events
    assert again.append.last_version == first.append.last_version
    assert service.store.current_version("tournament-open") == first.append.last_version
    with pytest.raises(ResultAlreadyRecorded):
        service.execute("open", command)


def test_idempotency_key_with_another_command(service: TournamentService) -> None:
    service.execute("open", RegisterPlayer(surname="D"), idempotency_key="k")
    with pytest.raises(IdempotencyKeyReused):
        service.execute("open", RegisterPlayer(surname="E"), idempotency_key="k")
    assert service.load("open").players[-1].surname == "D"


def test_metadata_is_stored_with_the_events(service: TournamentService) -> None:
    service.execute("open", RegisterPlayer(surname="D"), metadata={"request_id": "r1"})
    assert service.history("open")[-1].metadata == {
        "request_id": "r1", "actor": Actor.local().name,
    }  # fmt: skip
    stamped = TournamentService(service.store, metadata={"source": "http", "request_id": "r0"})
    chief = Actor("ana", account_id=7, roles={"open": Role.CHIEF})
    # The actor is the service's to stamp: a caller's metadata cannot name another one.
    stamped.acting(chief).execute("open", RegisterPlayer(surname="E"), metadata={"actor": "x"})
    assert service.history("open")[-1].metadata == {
        "source": "http", "request_id": "r0", "actor": "ana", "actor_id": 7,
    }  # fmt: skip


def test_pairing_through_the_resolved_engine(service: TournamentService) -> None:
    result = service.pair_round("open")
    (event,) = result.events
    assert event.engine_version == "fake 1"  # type: ignore[union-attr]
    assert result.state.rounds[0].pab == 3
    with pytest.raises(PairingSystemUnavailable):
        service.pair_round("open", PairRound(system="lim"))


def test_replay_by_version_and_round(service: TournamentService) -> None:
    service.pair_round("open")
    service.execute("open", RecordResult(round_no=1, board=1, result=Result.WHITE_WINS))
    service.execute("open", RegisterPlayer(surname="Late", rating=2350))
    service.pair_round("open")
    assert service.load("open", to_version=2).players[0].surname == "A"
    assert len(service.load("open", to_version=2).players) == 1
    after_one = service.load("open", after_round=1)
    assert after_one.rounds_paired == 1 and len(after_one.players) == 4
    assert service.load("open").rounds_paired == 2
    assert [r.stream_version for r in service.history("open", limit=3)] == [1, 2, 3]


def test_engine_sees_pairing_numbers_not_registration_ids(service: TournamentService) -> None:
    service.execute("open", RegisterPlayer(surname="Top", rating=2800))
    seen: list[tuple[PairingNumber, ...]] = []

    def recording(system: str) -> PairingSystem:
        engine = fake_engines(system)

        def pair(request: PairingRequest) -> Pairing:
            seen.append(tuple(p.number for p in request.players))
            return engine.pair(request)

        return PairingSystem(pair, engine.version)

    TournamentService(service.store, engines=recording).pair_round("open")
    assert seen == [(1, 2, 3, 4)]
    round_one = service.load("open").rounds[0]
    assert (round_one.boards[0].white, round_one.boards[0].black) == (4, 1)  # TPN 1 = player 4


def test_an_import_without_tiebreak_rules_keeps_its_request_identity() -> None:
    """Imports stored before ``--tiebreak-rules`` existed were keyed on exactly these two
    fields; an import without the option must hash the same, so its key still replays."""
    assert msgspec.json.encode(ImportTrf(tournament_id="open", sha256="ab")) == (
        b'{"tournament_id":"open","sha256":"ab"}'
    )


def test_a_tournament_pairs_one_round_at_a_time(service: TournamentService) -> None:
    """The guard is the service's, so the API, the desk and the CLI all meet it; another
    tournament pairs meanwhile, and the tournament pairs again once the first is done."""
    started, release = threading.Event(), threading.Event()

    def held(system: str) -> PairingSystem:
        found = fake_engines(system)

        def pair(request: PairingRequest) -> Pairing:
            started.set()
            release.wait(timeout=10)
            return found.pair(request)

        return PairingSystem(pair, found.version)

    waiting = TournamentService(service.store, engines=held)
    other = CreateTournament(tournament_id="other", name="Other", rounds=3)
    waiting.create(other)
    for name in ("X", "Y"):
        waiting.execute("other", RegisterPlayer(surname=name))
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(waiting.pair_round, "open")
        assert started.wait(timeout=10)
        with pytest.raises(PairingInProgress, match="being paired") as caught:
            waiting.pair_round("open")
        assert (caught.value.status, caught.value.exit_code) == (409, 3)
        with pytest.raises(PairingInProgress):
            waiting.pair_manually("open", PairManually(boards=()))
        release.set()
        assert waiting.pair_round("other").state.rounds_paired == 1
        assert first.result(timeout=10).state.rounds_paired == 1
    with pytest.raises(RoundIncomplete):  # refused by the decision now, not by the guard
        waiting.pair_round("open")


def test_the_explanation_pairs_the_round_again_from_its_state() -> None:
    service = TournamentService(MemoryEventStore())
    service.create(CREATE)
    for name, rating in [("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)]:
        service.execute("open", RegisterPlayer(surname=name, rating=rating))
    service.pair_round("open")
    service.execute("open", RegisterPlayer(surname="Late", rating=2500))  # after round 1
    lines = service.explain_round("open", 1)
    assert lines[0].startswith("Bracket 0: residents 1, 2, 3, 4;")  # four players, not five
    with pytest.raises(KeyError):
        service.explain_round("open", 2)
