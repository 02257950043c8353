"""A TRF file as a new tournament, the same way from every edge (CLI ``arbiter import``,
HTTP ``POST /tournaments/{id}/trf``).

Importing is two steps so that an edge can do the slow one where it likes: :func:`read_import`
reads, checks and converts the file (pure; the HTTP edge runs it on a reader thread), then
:meth:`TrfImport.decide` is the decision :meth:`~server.service.TournamentService.import_trf`
appends, refused if the tournament id is taken.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgspec

from events import Event, TournamentExists
from events.projections import TournamentState
from events.tiebreaks import Edition
from trf import TrfProblem, import_trf

__all__ = ["ImportTrf", "TrfImport", "read_import"]


class ImportTrf(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The import request, as the service records it for idempotency: which file, where,
    and the C.07 edition its tie-breaks were taken with (omitted when not given, so that an
    import without it is identified as before the option existed)."""

    tournament_id: str
    sha256: str
    tiebreak_rules: Edition | None = None


@dataclass(frozen=True, slots=True)
class TrfImport:
    """A file converted into the events of a new tournament, not yet written."""

    request: ImportTrf
    events: list[Event]
    warnings: list[TrfProblem]
    """What the file holds that the events cannot (every warning of reading, checking and
    converting it)."""

    def decide(self, state: TournamentState) -> list[Event]:
        """The events, decided on an empty stream: refused once the id is taken."""
        if state.version:
            raise TournamentExists(self.request.tournament_id)
        return self.events


def read_import(
    data: bytes, *, tournament_id: str, tiebreak_rules: Edition | None = None
) -> TrfImport:
    """Read, check and convert a TRF file into the events of tournament ``tournament_id``;
    its tie-break list is taken only with the C.07 edition ``tiebreak_rules`` (see
    :func:`trf.import_events`).

    :raises TrfError: listing every problem when any is an error; nothing is to be written.
    """
    events, warnings = import_trf(data, tournament_id=tournament_id, tiebreak_rules=tiebreak_rules)
    request = ImportTrf(
        tournament_id=tournament_id,
        sha256=hashlib.sha256(data).hexdigest(),
        tiebreak_rules=tiebreak_rules,
    )
    return TrfImport(request, events, warnings)
