"""Importing a tournament's history: events converted from a file become a new stream.

Reading and converting the file is :mod:`trf`'s; this is only the decision, so that an
import is refused, like a creation, once the tournament id is taken.
"""

from __future__ import annotations

import msgspec

from events.errors import TournamentExists
from events.projections.state import TournamentState
from events.tiebreaks import Edition
from events.types import Event

__all__ = ["ImportTournament", "ImportTrf", "decide_import"]


class ImportTrf(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The import request, as the service records it for idempotency: which file, where,
    and the C.07 edition its tie-breaks were taken with (omitted when not given, so that an
    import without it is identified as before the option existed)."""

    tournament_id: str
    sha256: str
    tiebreak_rules: Edition | None = None


class ImportTournament(msgspec.Struct, frozen=True):
    """Start tournament ``request.tournament_id`` with ``events``, converted from a file."""

    request: ImportTrf
    events: tuple[Event, ...]


def decide_import(state: TournamentState, command: ImportTournament) -> list[Event]:
    """The events, decided on an empty stream: refused once the id is taken."""
    if state.version:
        raise TournamentExists(command.request.tournament_id)
    return list(command.events)
