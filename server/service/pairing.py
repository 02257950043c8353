"""The use cases that run a pairing engine: pair the next round, publish a manual pairing
compared with the engine's, the engine's proposal, and its explanation of a paired round.

A tournament pairs one round at a time: while one of its pairings runs, another is
refused with :class:`PairingInProgress` (at every edge, so one tournament never holds more
than one of the server's pairing workers).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Unpack

from events import EventStore
from events.decisions import PairingEngine, PairManually, PairRound, decide, pairing_request
from events.errors import CommandRejected, PairingSystemUnavailable
from events.projections import DEFAULT_MAX_BYTES, TournamentState
from events.types import Event, RoundPaired
from server.service.access import Actor
from server.service.engines import EngineResolver, installed_engine
from server.service.explanation import explanation_lines
from server.service.naming import Deferred
from server.service.runner import CommandResult, CommandRunner, WriteOptions, completed, request_of

__all__ = ["PairingInProgress", "PairingUseCases"]


class PairingInProgress(CommandRejected):
    """A round of this tournament is being paired; wait for that request's answer."""

    def __init__(self, tournament_id: str) -> None:
        super().__init__(
            f"a round of {tournament_id} is being paired; wait for its answer",
            tournament_id=tournament_id,
        )


class _OnePairingEach:
    """The tournaments being paired now, by this service (any thread)."""

    def __init__(self) -> None:
        self._pairing: set[str] = set()
        self._lock = threading.Lock()

    @contextmanager
    def held(self, tournament_id: str) -> Iterator[None]:
        """:raises PairingInProgress: when the tournament is being paired already."""
        with self._lock:
            if tournament_id in self._pairing:
                raise PairingInProgress(tournament_id)
            self._pairing.add(tournament_id)
        try:
            yield
        finally:
            with self._lock:
                self._pairing.discard(tournament_id)


class PairingUseCases(CommandRunner):
    """Commands and queries that call the engine ``engines`` finds for a system."""

    def __init__(
        self,
        store: EventStore,
        *,
        engines: EngineResolver = installed_engine,
        retries: int = 3,
        metadata: Mapping[str, Any] | None = None,
        actor: Actor | None = None,
        cache_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        super().__init__(
            store, retries=retries, metadata=metadata, actor=actor, cache_bytes=cache_bytes
        )
        self.engines = engines
        self._pairing = _OnePairingEach()

    def pair_round(
        self, tournament_id: str, command: PairRound = PairRound(), **options: Unpack[WriteOptions]
    ) -> CommandResult:
        """Pair the next round with the tournament's system (or ``command.system``).

        :raises PairingInProgress: while another pairing of the tournament runs.
        :raises PairingSystemUnavailable: when no engine offers the system.
        """

        def decision(state: TournamentState) -> list[Event]:
            system = command.system or state.require_settings().system
            engine = self.engines(system)
            return decide(state, command, engine=engine.pair, engine_version=engine.version)

        with self._pairing.held(tournament_id):
            return self.run(tournament_id, decision, request=command, retries=0, **options)

    def pair_manually(
        self,
        tournament_id: str,
        command: PairManually | Deferred[PairManually],
        **options: Unpack[WriteOptions],
    ) -> CommandResult:
        """Publish a pairing given board by board, compared with the tournament's engine's
        pairing of the round (see :class:`PairManually`).

        :raises PairingInProgress: while another pairing of the tournament runs.
        """

        def decision(state: TournamentState) -> list[Event]:
            system = state.require_settings().system
            try:
                engine: PairingEngine | None = self.engines(system).pair
            except PairingSystemUnavailable:
                engine = None
            return decide(state, completed(command, state), engine=engine)

        with self._pairing.held(tournament_id):
            return self.run(
                tournament_id, decision, request=request_of(command), retries=0, **options
            )

    def proposal(self, state: TournamentState) -> RoundPaired:
        """The engine's pairing of the round after ``state``, not published (to change by
        hand, see :meth:`pair_manually`).

        :raises CommandRejected: when the round cannot be paired now.
        """
        engine = self.engines(state.require_settings().system)
        proposed = decide(state, PairRound(), engine=engine.pair, engine_version=engine.version)
        event = proposed[0]
        assert isinstance(event, RoundPaired)
        return event

    def explain_round(self, tournament_id: str, round_no: int) -> list[str]:
        """Why round ``round_no`` was paired as it was: the round paired again by the system
        that paired it, from the state it was paired from (engines are pure and
        deterministic), and the engine's account of it (:func:`explanation_lines`: messages
        a page puts in its reader's language).

        :raises KeyError: when the round is not paired.
        :raises PairingSystemUnavailable: when no engine offers the round's system (a
            manual pairing has none).
        :raises engine.PairingError: when the engine cannot pair it again.
        """
        system = self.load(tournament_id).round(round_no).system
        state = self.load(tournament_id, after_round=round_no - 1)
        return self.explain_next(state, system)

    def explain_next(self, state: TournamentState, system: str | None = None) -> list[str]:
        """The engine's account of its pairing of the round after ``state`` (by ``system``,
        else the tournament's): what a draft of that round shows beside it.

        :raises PairingSystemUnavailable: when no engine offers the system.
        :raises engine.PairingError: when the engine cannot pair it.
        """
        engine = self.engines(system or state.require_settings().system)
        return explanation_lines(engine.pair(pairing_request(state)))
