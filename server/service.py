"""The application service: load a tournament's stream, fold it, decide, append.

Every edge (CLI, HTTP, TRF import) goes through :class:`TournamentService`, so each command
is checked by the same decisions and written with the same concurrency guard: the append
carries the stream version the decision was made on, and a concurrent change makes it fail
with :class:`~events.WrongExpectedVersion` instead of overwriting anything.

>>> from events import MemoryEventStore
>>> from events import CreateTournament, RegisterPlayer
>>> service = TournamentService(MemoryEventStore())
>>> _ = service.create(CreateTournament(tournament_id="open", name="Open", rounds=5))
>>> service.execute("open", RegisterPlayer(surname="Polgar", rating=2700)).state.players[0].name
'Polgar'
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any, NamedTuple, TypedDict, Unpack

import msgspec

from events import (
    NO_STREAM,
    AppendResult,
    Event,
    EventStore,
    IdempotencyKeyReused,
    RecordedEvent,
    WrongExpectedVersion,
)
from events.decisions import (
    Command,
    CreateTournament,
    ImportTournament,
    ImportTrf,
    PairingEngine,
    PairManually,
    PairRound,
    decide,
)
from events.errors import PairingSystemUnavailable, TournamentNotFound
from events.projections import TournamentState, fold, state_after_round
from events.tiebreaks import Edition
from events.types import RoundPaired
from trf import TrfProblem, import_trf

__all__ = [
    "CommandResult",
    "EngineResolver",
    "NewStreamOptions",
    "PairingSystem",
    "TournamentService",
    "TrfImport",
    "WriteOptions",
    "installed_engine",
    "read_import",
    "stream_id",
]

Decision = Callable[[TournamentState], list[Event]]


class PairingSystem(NamedTuple):
    """An engine ready to pair: the pure function and the version recorded with its pairings."""

    pair: PairingEngine
    version: str


EngineResolver = Callable[[str], PairingSystem]
"""Finds the engine for a system name, or raises :class:`PairingSystemUnavailable`."""


def installed_engine(system: str) -> PairingSystem:
    """The pairing system ``system`` from the ``engine`` package, imported only when needed
    (commands that never pair never load the engines).

    :raises PairingSystemUnavailable: when the engine does not offer ``system``.
    """
    engine = importlib.import_module("engine")
    if system not in engine.system_names():
        raise PairingSystemUnavailable(system)
    return PairingSystem(
        functools.partial(engine.pair, system=system), f"arbiter {_package_version()}"
    )


def _package_version() -> str:
    try:
        return version("arbiter")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown"


def stream_id(tournament_id: str) -> str:
    """One stream per tournament."""
    return f"tournament-{tournament_id}"


@dataclass(frozen=True, slots=True)
class TrfImport:
    """A TRF file converted into the import of a new tournament, not yet written."""

    command: ImportTournament
    warnings: list[TrfProblem]
    """What the file holds that the events cannot (every warning of reading, checking and
    converting it)."""


def read_import(
    data: bytes, *, tournament_id: str, tiebreak_rules: Edition | None = None
) -> TrfImport:
    """Read, check and convert a TRF file into the import of tournament ``tournament_id``;
    its tie-break list is taken only with the C.07 edition ``tiebreak_rules`` (see
    :func:`trf.import_events`).

    Pure and the slow half of an import, so an edge runs it where it likes (the HTTP edge on
    a reader thread) before :meth:`TournamentService.import_trf` writes it.

    :raises TrfError: listing every problem when any is an error; nothing is to be written.
    """
    events, warnings = import_trf(data, tournament_id=tournament_id, tiebreak_rules=tiebreak_rules)
    request = ImportTrf(
        tournament_id=tournament_id,
        sha256=hashlib.sha256(data).hexdigest(),
        tiebreak_rules=tiebreak_rules,
    )
    return TrfImport(ImportTournament(request, tuple(events)), warnings)


class NewStreamOptions(TypedDict, total=False):
    """How a command that starts a stream is written: its idempotency key and the metadata
    stamped on its events (see :meth:`TournamentService.run`)."""

    idempotency_key: str | None
    metadata: Mapping[str, Any] | None


class WriteOptions(NewStreamOptions, total=False):
    """How a command on an existing stream is written: also the version it was decided on."""

    expected_version: int | None


@dataclass(frozen=True, slots=True)
class CommandResult:
    """What a command wrote, and the tournament after it.

    ``append.replayed`` is true when an idempotent retry returned the first result.
    """

    tournament_id: str
    events: tuple[Event, ...]
    append: AppendResult
    state: TournamentState


class TournamentService:
    """Commands and queries over one event store.

    ``metadata`` is stamped on every appended event, under the per-call metadata.
    ``retries`` bounds how often a command is decided again after losing a race to another
    writer; it applies only when the caller did not pin ``expected_version`` (then the
    caller must reload and decide) and never to pairing, which is not retried blindly.
    """

    def __init__(
        self,
        store: EventStore,
        *,
        engines: EngineResolver = installed_engine,
        retries: int = 3,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        self.store = store
        self.engines = engines
        self.retries = retries
        self.metadata = dict(metadata or {})
        """Stamped on every event this service appends (e.g. the edge and the actor)."""

    # -- queries -------------------------------------------------------------------------

    def tournament_ids(self) -> list[str]:
        prefix = stream_id("")
        return [
            sid.removeprefix(prefix) for sid in self.store.stream_ids() if sid.startswith(prefix)
        ]

    def history(
        self, tournament_id: str, *, from_version: int = 1, to_version: int | None = None
    ) -> list[RecordedEvent]:
        """The tournament's recorded events, from ``from_version`` up to ``to_version``.

        :raises TournamentNotFound: when there is no such tournament.
        """
        recorded = self.store.read_stream(
            stream_id(tournament_id), from_version=from_version, to_version=to_version
        )
        if not recorded and self.version(tournament_id) == 0:
            raise TournamentNotFound(tournament_id)
        return recorded

    def version(self, tournament_id: str) -> int:
        """The tournament's stream version without reading its events; 0: no such tournament."""
        return self.store.current_version(stream_id(tournament_id))

    def load(
        self, tournament_id: str, *, to_version: int | None = None, after_round: int | None = None
    ) -> TournamentState:
        """The tournament now, as of a stream version, or as of the end of a round.

        :raises TournamentNotFound: when there is no such tournament.
        """
        events = [recorded.event for recorded in self.history(tournament_id, to_version=to_version)]
        if after_round is not None:
            return state_after_round(events, after_round)
        return fold(events)

    # -- commands ------------------------------------------------------------------------

    def create(
        self, command: CreateTournament, **options: Unpack[NewStreamOptions]
    ) -> CommandResult:
        """Start a tournament stream (refused if the id is taken)."""
        return self.run(
            command.tournament_id, lambda state: decide(state, command), request=command,
            new_stream=True, **options,
        )  # fmt: skip

    def execute(
        self, tournament_id: str, command: Command, **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Decide ``command`` on the tournament's current state and append the result."""
        return self.run(
            tournament_id, lambda state: decide(state, command), request=command, **options
        )

    def pair_round(
        self, tournament_id: str, command: PairRound = PairRound(), **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Pair the next round with the tournament's system (or ``command.system``).

        :raises PairingSystemUnavailable: when no engine offers the system.
        """

        def decision(state: TournamentState) -> list[Event]:
            system = command.system or (state.settings.system if state.settings else "dutch")
            engine = self.engines(system)
            return decide(state, command, engine=engine.pair, engine_version=engine.version)

        return self.run(tournament_id, decision, request=command, retries=0, **options)

    def pair_manually(
        self, tournament_id: str, command: PairManually, **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Publish a pairing given board by board, compared with the tournament's engine's
        pairing of the round (see :class:`PairManually`)."""

        def decision(state: TournamentState) -> list[Event]:
            system = state.settings.system if state.settings else "dutch"
            try:
                engine: PairingEngine | None = self.engines(system).pair
            except PairingSystemUnavailable:
                engine = None
            return decide(state, command, engine=engine)

        return self.run(tournament_id, decision, request=command, retries=0, **options)

    def engine_proposal(self, tournament_id: str) -> RoundPaired:
        """The engine's pairing of the next round, not published (to change by hand).

        :raises CommandRejected: when the round cannot be paired now.
        """
        state = self.load(tournament_id)
        system = state.require_settings().system
        engine = self.engines(system)
        proposed = decide(state, PairRound(), engine=engine.pair, engine_version=engine.version)
        event = proposed[0]
        assert isinstance(event, RoundPaired)
        return event

    def import_trf(self, prepared: TrfImport, **options: Unpack[NewStreamOptions]) -> CommandResult:
        """Start a tournament with a TRF file's history (read by :func:`read_import`); the
        file's SHA-256 is stamped on every event.

        :raises TournamentExists: when the id is taken.
        """
        command = prepared.command
        options["metadata"] = {**(options.get("metadata") or {}), "sha256": command.request.sha256}
        return self.run(
            command.request.tournament_id, lambda state: decide(state, command),
            request=command.request, new_stream=True, **options,
        )  # fmt: skip

    def run(
        self,
        tournament_id: str,
        decision: Decision,
        *,
        request: msgspec.Struct,
        new_stream: bool = False,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        retries: int | None = None,
    ) -> CommandResult:
        """Load, decide with ``decision``, append with the version decided on.

        The building block of every command, public for edges with their own pure
        decisions. ``request`` identifies the command for idempotency: the same key with
        another request is refused.

        :raises WrongExpectedVersion: the stream moved since ``expected_version``, or kept
            moving through every retry.
        :raises IdempotencyKeyReused: the key was used for a different request.
        """
        sid = stream_id(tournament_id)
        request_hash = _request_hash(tournament_id, request)
        if idempotency_key is not None:
            replayed = self._replay(sid, idempotency_key, request_hash)
            if replayed is not None:
                return replayed
        attempts = 1 + (self.retries if retries is None else retries)
        for attempt in range(attempts):
            recorded = self.store.read_stream(sid)
            state = fold(recorded_event.event for recorded_event in recorded)
            if expected_version is not None and state.version != expected_version:
                raise WrongExpectedVersion(sid, expected_version, state.version)
            if state.version == 0 and not new_stream:
                raise TournamentNotFound(tournament_id)
            events = decision(state)
            try:
                append = self.store.append(
                    sid,
                    events,
                    expected_version=state.version or NO_STREAM,
                    idempotency_key=idempotency_key,
                    request_hash=request_hash,
                    metadata={**self.metadata, **(metadata or {})},
                )
            except WrongExpectedVersion:
                if expected_version is not None or attempt == attempts - 1:
                    raise
                continue
            return CommandResult(tournament_id, tuple(events), append, fold(events, state))
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _replay(self, sid: str, key: str, request_hash: str) -> CommandResult | None:
        found = self.store.idempotent_result(key)
        if found is None:
            return None
        stored_hash, append = found
        if stored_hash != request_hash or append.stream_id != sid:
            raise IdempotencyKeyReused(key)
        recorded = self.store.read_stream(sid)
        written = tuple(
            r.event
            for r in recorded
            if append.first_version <= r.stream_version <= append.last_version
        )
        return CommandResult(
            sid.removeprefix(stream_id("")),
            written,
            msgspec.structs.replace(append, replayed=True),
            fold(r.event for r in recorded),
        )


def _request_hash(tournament_id: str, request: msgspec.Struct) -> str:
    """Identifies a request for idempotency: the tournament, the command type and fields."""
    digest = hashlib.sha256(tournament_id.encode())
    digest.update(type(request).__name__.encode())
    digest.update(msgspec.json.encode(request))
    return digest.hexdigest()
