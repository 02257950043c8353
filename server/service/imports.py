"""Importing a tournament from a TRF file: read and convert (pure, slow, anywhere), then
start the tournament's stream with the file's history (on the writer)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Unpack

from events.decisions import ImportTournament, ImportTrf, decide
from events.tiebreaks import Edition
from server.service.runner import CommandResult, CommandRunner, NewStreamOptions
from trf import import_trf
from trf.model import TrfProblem

__all__ = ["ImportUseCases", "TrfImport", "read_import"]


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
    a reader thread) before :meth:`ImportUseCases.import_trf` writes it.

    :raises TrfError: listing every problem when any is an error; nothing is to be written.
    """
    events, warnings = import_trf(data, tournament_id=tournament_id, tiebreak_rules=tiebreak_rules)
    request = ImportTrf(
        tournament_id=tournament_id,
        sha256=hashlib.sha256(data).hexdigest(),
        tiebreak_rules=tiebreak_rules,
    )
    return TrfImport(ImportTournament(request, tuple(events)), warnings)


class ImportUseCases(CommandRunner):
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
