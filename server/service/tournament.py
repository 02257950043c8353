"""The one service every edge holds: the queries, the command runner and each use case,
over one event store."""

from __future__ import annotations

from typing import Unpack

from events.decisions import CreateTournament, decide
from events.errors import InvalidCommand
from server.service.engines import system_names
from server.service.imports import ImportUseCases
from server.service.pairing import PairingUseCases
from server.service.ratings import RatingUseCases
from server.service.runner import CommandResult, NewStreamOptions

__all__ = ["TournamentService"]


class TournamentService(PairingUseCases, RatingUseCases, ImportUseCases):
    """Commands and queries over one event store (see :class:`CommandRunner` for
    ``retries`` and ``metadata``, :class:`PairingUseCases` for ``engines``).

    >>> from events import MemoryEventStore
    >>> from events.decisions import CreateTournament, RegisterPlayer
    >>> service = TournamentService(MemoryEventStore())
    >>> _ = service.create(CreateTournament(tournament_id="open", name="Open", rounds=5))
    >>> service.execute("open", RegisterPlayer(surname="Polgar", rating=2700)).state.players[0].name
    'Polgar'
    """

    def create(
        self, command: CreateTournament, **options: Unpack[NewStreamOptions]
    ) -> CommandResult:
        """Start a tournament stream (refused if the id is taken, or if its system is none
        the engine knows: a tournament that could never be paired is not started)."""
        if command.system not in system_names():
            raise InvalidCommand(
                f"pairing system {command.system!r} is not available; "
                f"use one of {', '.join(system_names())}",
                field="system",
            )
        return self.run(
            command.tournament_id, lambda state: decide(state, command), request=command,
            new_stream=True, **options,
        )  # fmt: skip
