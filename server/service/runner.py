"""The command runner: load a tournament's state, decide, append with the version decided
on. Every write of every edge ends here, so each is checked by the same decisions and
written with the same concurrency guard: a concurrent change makes the append fail with
:class:`~events.errors.WrongExpectedVersion` instead of overwriting anything."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Self, TypedDict, TypeVar, Unpack

import msgspec

from engine.messages import Message
from events import EventStore
from events.decisions import Command, decide
from events.envelope import NO_STREAM, AppendResult
from events.errors import (
    IdempotencyKeyReused,
    InvalidCommand,
    TournamentNotFound,
    WrongExpectedVersion,
)
from events.projections import DEFAULT_MAX_BYTES, TournamentState, fold
from events.types import Event
from server.service.access import Actor, Role
from server.service.naming import Deferred
from server.service.queries import Queries, stream_id

__all__ = [
    "CommandResult",
    "CommandRunner",
    "Decision",
    "NewStreamOptions",
    "WriteOptions",
    "completed",
    "request_of",
]

Decision = Callable[[TournamentState], list[Event]]
C = TypeVar("C", bound=Command)


class NewStreamOptions(TypedDict, total=False):
    """How a command that starts a stream is written: its idempotency key and the metadata
    stamped on its events (see :meth:`CommandRunner.run`)."""

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


class CommandRunner(Queries):
    """Runs commands over one event store.

    ``metadata`` is stamped on every appended event, under the per-call metadata; the
    actor's name and account id over both. ``actor`` is who acts (an edge serving many
    people gives each request its own, :meth:`acting`): every command is checked against
    the actor's role in the tournament (:mod:`server.service.access`) before it is
    decided, and the events decided on before they are appended.
    ``retries`` bounds how often a command is decided again after losing a race to another
    writer; it applies only when the caller did not pin ``expected_version`` (then the
    caller must reload and decide) and never to pairing, which is not retried blindly.
    """

    def __init__(
        self,
        store: EventStore,
        *,
        retries: int = 3,
        metadata: Mapping[str, Any] | None = None,
        actor: Actor | None = None,
        cache_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        super().__init__(store, cache_bytes=cache_bytes)
        self.retries = retries
        self.metadata = dict(metadata or {})
        """Stamped on every event this service appends (e.g. the edge)."""
        self.actor = actor or Actor.local()

    def acting(self, actor: Actor) -> Self:
        """This service, as ``actor``: the same store, state cache and pairing guard."""
        view = copy.copy(self)
        view.actor = actor
        return view

    def execute(
        self, tournament_id: str, command: Command | Deferred[Any], **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Decide ``command`` on the tournament's current state and append the result."""
        return self.run(
            tournament_id, lambda state: decide(state, completed(command, state)),
            request=request_of(command), **options,
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
        self.actor.require(tournament_id, Role.ADMINISTRATOR if new_stream else Role.DEPUTY)
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
            self.actor.authorize(tournament_id, events)
            after = _folded(state, events)
            try:
                append = self.store.append(
                    sid,
                    events,
                    expected_version=state.version or NO_STREAM,
                    idempotency_key=idempotency_key,
                    request_hash=request_hash,
                    metadata={**self.metadata, **(metadata or {}), **self.actor.metadata},
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
                self.states.offer(sid, after, events)
            return CommandResult(tournament_id, tuple(events), append, after)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _replay(self, sid: str, key: str, request_hash: str) -> CommandResult | None:
        found = self.store.idempotent_result(key, stream_id=sid)
        if found is None:
            return None
        stored_hash, append = found
        if stored_hash != request_hash or append.stream_id != sid:
            raise IdempotencyKeyReused(key)
        return CommandResult(
            sid.removeprefix(stream_id("")),
            tuple(r.event for r in append.recorded),
            msgspec.structs.replace(append, replayed=True),
            self.states.state(sid),
        )


def completed(command: C | Deferred[C], state: TournamentState) -> C:
    """The command as decided on ``state`` (a :class:`Deferred` one is completed on it)."""
    return command.complete(state) if isinstance(command, Deferred) else command


def request_of(command: Command | Deferred[Any]) -> msgspec.Struct:
    """What identifies ``command`` for idempotency: the request as the edge received it."""
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
            Message("the command's events would not apply to the tournament: %(error)s",
                    error=str(error))
        ) from error  # fmt: skip


def _request_hash(tournament_id: str, request: msgspec.Struct) -> str:
    """Identifies a request for idempotency: the tournament, the command type and fields."""
    digest = hashlib.sha256(tournament_id.encode())
    digest.update(type(request).__name__.encode())
    digest.update(msgspec.json.encode(request))
    return digest.hexdigest()
