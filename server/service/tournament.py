"""The one service every edge holds: the queries, the command runner and each use case,
over one event store."""

from __future__ import annotations

from typing import Unpack

from events.decisions import CreateTournament, decide
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
        """Start a tournament stream (refused if the id is taken, or if its system and
        edition are none the engine has: a tournament that could never be paired is not
        started)."""
        return self.run(
            command.tournament_id, lambda state: decide(state, command), request=command,
            new_stream=True, **options,
        )  # fmt: skip
