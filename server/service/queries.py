"""The read side of the service: a tournament's stream, its version, its state as of any
version or round. Reads never write; every edge reads through these."""

from __future__ import annotations

from events import EventStore
from events.envelope import RecordedEvent
from events.errors import TournamentNotFound
from events.projections import StateCache, TournamentState, fold, state_after_round

__all__ = ["Queries", "stream_id"]


def stream_id(tournament_id: str) -> str:
    """One stream per tournament.

    >>> stream_id("open")
    'tournament-open'
    """
    return f"tournament-{tournament_id}"


class Queries:
    """Queries over one event store, with each tournament's folded state cached."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.states = StateCache(store)
        """Each tournament's state, caught up from the store on every use."""

    def check(self) -> None:
        """Readiness: :raises StoreUnavailable: when the store cannot serve reads and writes."""
        self.store.check()

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
