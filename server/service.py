"""The application service: load a tournament's stream, fold it, decide, append.

Every edge (CLI, HTTP, TRF import) goes through :class:`TournamentService`, so each command
is checked by the same decisions and written with the same concurrency guard: the append
carries the stream version the decision was made on, and a concurrent change makes it fail
with :class:`~events.WrongExpectedVersion` instead of overwriting anything.

>>> from events import MemoryEventStore
>>> from events.decisions import CreateTournament, RegisterPlayer
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
from typing import Any, Generic, NamedTuple, TypedDict, TypeVar, Unpack

import msgspec

from events import EventStore
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
from events.directory import LoadedList, PlayerDirectory
from events.envelope import NO_STREAM, AppendResult, RecordedEvent
from events.errors import (
    IdempotencyKeyReused,
    InvalidCommand,
    PairingSystemUnavailable,
    TournamentNotFound,
    WrongExpectedVersion,
)
from events.projections import StateCache, TournamentState, fold, state_after_round
from events.ratings import UpdateRatings, decide_rating_update, rating_kind, registration
from events.tiebreaks import Edition
from events.types import Event, RoundPaired
from trf import import_trf
from trf.model import TrfProblem

__all__ = [
    "CommandResult",
    "Deferred",
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
C = TypeVar("C", bound=Command)


@dataclass(frozen=True, slots=True)
class Deferred(Generic[C]):
    """A command completed on the state it is decided on: e.g. players named by text (over
    HTTP) are found in the very version the command changes, so a registration made in
    between cannot make the name mean someone else.

    ``request`` is what the edge received; it identifies the command for idempotency.
    """

    request: msgspec.Struct
    complete: Callable[[TournamentState], C]


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
        self.states = StateCache(store)
        """Each tournament's state, caught up from the store on every use."""
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
        self, tournament_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        """At most ``limit`` of the tournament's recorded events after ``after_version``
        (``limit=v``: the stream as of version ``v``).

        :raises TournamentNotFound: when there is no such tournament.
        """
        recorded = (
            []  # as of version 0: before the stream's first event
            if limit == 0
            else self.store.read_stream(
                stream_id(tournament_id), after_version=after_version, limit=limit
            )
        )
        if not recorded and self.version(tournament_id) == 0:
            raise TournamentNotFound(tournament_id)
        return recorded

    def version_at(self, tournament_id: str, global_position: int) -> int:
        """The tournament's last stream version at or before ``global_position``: where a
        reader that saw every event up to that position resumes."""
        return self.store.version_at(stream_id(tournament_id), global_position)

    def version(self, tournament_id: str) -> int:
        """The tournament's stream version without reading its events; 0: no such tournament."""
        return self.store.current_version(stream_id(tournament_id))

    def load(
        self, tournament_id: str, *, to_version: int | None = None, after_round: int | None = None
    ) -> TournamentState:
        """The tournament now, as of a stream version, or as of the end of a round.

        :raises TournamentNotFound: when there is no such tournament.
        """
        if to_version is None and after_round is None:
            state = self.states.state(stream_id(tournament_id))
            if state.version == 0:
                raise TournamentNotFound(tournament_id)
            return state
        events = [recorded.event for recorded in self.history(tournament_id, limit=to_version)]
        if after_round is not None:
            return state_after_round(events, after_round)
        return fold(events)

    # -- commands ------------------------------------------------------------------------

    def create(
        self, command: CreateTournament, **options: Unpack[NewStreamOptions]
    ) -> CommandResult:
        """Start a tournament stream (refused if the id is taken, or if its system and
        edition are none the engine has: a tournament that could never be paired is not
        started)."""
        return self.run(
            command.tournament_id, lambda state: decide(state, command), request=command,
            new_stream=True, **options,
        )  # fmt: skip

    def execute(
        self, tournament_id: str, command: Command | Deferred[Any], **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Decide ``command`` on the tournament's current state and append the result."""
        return self.run(
            tournament_id, lambda state: decide(state, _on(command, state)),
            request=_request(command), **options,
        )  # fmt: skip

    def pair_round(
        self, tournament_id: str, command: PairRound = PairRound(), **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Pair the next round with the tournament's system (or ``command.system``).

        :raises PairingSystemUnavailable: when no engine offers the system.
        """

        def decision(state: TournamentState) -> list[Event]:
            system = command.system or state.require_settings().system
            engine = self.engines(system)
            return decide(state, command, engine=engine.pair, engine_version=engine.version)

        return self.run(tournament_id, decision, request=command, retries=0, **options)

    def pair_manually(
        self,
        tournament_id: str,
        command: PairManually | Deferred[PairManually],
        **options: Unpack[WriteOptions],
    ) -> CommandResult:
        """Publish a pairing given board by board, compared with the tournament's engine's
        pairing of the round (see :class:`PairManually`)."""

        def decision(state: TournamentState) -> list[Event]:
            system = state.require_settings().system
            try:
                engine: PairingEngine | None = self.engines(system).pair
            except PairingSystemUnavailable:
                engine = None
            return decide(state, _on(command, state), engine=engine)

        return self.run(tournament_id, decision, request=_request(command), retries=0, **options)

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

    def register_listed(
        self,
        directory: PlayerDirectory,
        tournament_id: str,
        fide_id: int,
        *,
        options: WriteOptions | None = None,
        **given: Any,
    ) -> CommandResult:
        """Register the player ``fide_id`` of the loaded FIDE list with the rating of the
        tournament's time control; ``given`` fields override the list's. The same for
        ``arbiter register --fide-id`` and ``POST .../players`` with ``fide_id`` alone.

        :raises InvalidCommand: when no list is loaded or the id is not in it.
        """
        loaded = _loaded(directory)
        entry = directory.get(fide_id)
        if entry is None:
            raise InvalidCommand(
                f"FIDE id {fide_id} is not in the loaded list ({loaded.month})", field="fide_id"
            )
        kind = rating_kind(self.load(tournament_id))
        command = registration(entry, rating_type=kind, month=loaded.month, **given)
        return self.execute(tournament_id, command, **(options or {}))

    def update_ratings(
        self,
        directory: PlayerDirectory,
        tournament_id: str,
        *,
        options: WriteOptions | None = None,
    ) -> tuple[UpdateRatings, CommandResult | None]:
        """Set every listed player's rating to the loaded list's (before round 1 only); the
        result is ``None`` when no rating changes, and nothing is written then.

        :raises RoundAlreadyPaired: once round 1 is paired, citing FIDE's rule.
        """
        loaded = _loaded(directory)
        state = self.load(tournament_id)
        kind = rating_kind(state)
        ratings = {}
        for player in state.players:
            entry = directory.get(player.fide_id) if player.fide_id is not None else None
            if entry is not None:
                ratings[entry.fide_id] = entry.rating(kind) or 0
        command = UpdateRatings(list_month=loaded.month, ratings=ratings)
        if not decide_rating_update(state, command):
            return command, None

        def decision(current: TournamentState) -> list[Event]:
            events = decide_rating_update(current, command)
            if not events:  # another writer got there first
                raise InvalidCommand(f"every rating is already the list's ({loaded.month})")
            return events

        return command, self.run(tournament_id, decision, request=command, **(options or {}))

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
            state = self.states.state(sid)
            if expected_version is not None and state.version != expected_version:
                raise WrongExpectedVersion(sid, expected_version, state.version)
            if state.version == 0 and not new_stream:
                raise TournamentNotFound(tournament_id)
            events = decision(state)
            after = _folded(state, events)
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
            if append.replayed and idempotency_key is not None:
                # Another process recorded this key first: answer with what it wrote.
                replayed = self._replay(sid, idempotency_key, request_hash)
                assert replayed is not None
                return replayed
            if after.version == append.last_version:  # what the store now holds
                self.states.offer(sid, after)
            return CommandResult(tournament_id, tuple(events), append, after)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _replay(self, sid: str, key: str, request_hash: str) -> CommandResult | None:
        found = self.store.idempotent_result(key, stream_id=sid)
        if found is None:
            return None
        stored_hash, append = found
        if stored_hash != request_hash or append.stream_id != sid:
            raise IdempotencyKeyReused(key)
        written = self.store.read_stream(
            sid,
            after_version=append.first_version - 1,
            limit=append.last_version - append.first_version + 1,
        )
        return CommandResult(
            sid.removeprefix(stream_id("")),
            tuple(r.event for r in written),
            msgspec.structs.replace(append, replayed=True),
            self.states.state(sid),
        )


def _on(command: C | Deferred[C], state: TournamentState) -> C:
    return command.complete(state) if isinstance(command, Deferred) else command


def _request(command: Command | Deferred[Any]) -> msgspec.Struct:
    return command.request if isinstance(command, Deferred) else command


def _folded(state: TournamentState, events: list[Event]) -> TournamentState:
    """The state after ``events``: what a decision returns must fold, or appending it would
    leave a stream no later request could read.

    :raises InvalidCommand: when it does not; nothing is written.
    """
    try:
        return fold(events, state)
    except Exception as error:
        raise InvalidCommand(
            f"the command's events would not apply to the tournament: {error}"
        ) from error


def _loaded(directory: PlayerDirectory) -> LoadedList:
    loaded = directory.loaded_list()
    if loaded is None:
        raise InvalidCommand(
            "no FIDE players list is loaded: load one first (arbiter ratings load LIST)",
            field="fide_id",
        )
    return loaded


def _request_hash(tournament_id: str, request: msgspec.Struct) -> str:
    """Identifies a request for idempotency: the tournament, the command type and fields."""
    digest = hashlib.sha256(tournament_id.encode())
    digest.update(type(request).__name__.encode())
    digest.update(msgspec.json.encode(request))
    return digest.hexdigest()
