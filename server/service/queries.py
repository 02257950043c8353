"""The read side of the service: a tournament's stream, its version, its state as of any
version or round. Reads never write; every edge reads through these."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from events import EventStore
from events.envelope import RecordedEvent
from events.errors import TournamentNotFound
from events.projections import DEFAULT_MAX_BYTES, StateCache, TournamentState

__all__ = ["Queries", "stream_id"]

T = TypeVar("T")


def stream_id(tournament_id: str) -> str:
    """One stream per tournament.

    >>> stream_id("open")
    'tournament-open'
    """
    return f"tournament-{tournament_id}"


class Queries:
    """Queries over one event store, with each tournament's folded state cached."""

    def __init__(self, store: EventStore, *, cache_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.store = store
        self.states = StateCache(store, max_bytes=cache_bytes)
        """Each tournament's states, caught up from the store on every use."""
        from server.service.history import PlayerHistory  # it reads through these queries

        self.player_events = PlayerHistory(self)
        """A player's events across the server's tournaments."""

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

    def version_now(self, tournament_id: str) -> int | None:
        """:meth:`version` if the store answers without waiting, else ``None``."""
        return self.store.current_version_now(stream_id(tournament_id))

    def load(
        self, tournament_id: str, *, to_version: int | None = None, after_round: int | None = None
    ) -> TournamentState:
        """The tournament now, as of a stream version, or as of the end of a round, from the
        cached states (an old one folded on from the nearest state kept beside them).

        :raises TournamentNotFound: when there is no such tournament.
        """
        sid = stream_id(tournament_id)
        if after_round is not None:
            state = self.states.state_after_round(sid, after_round, to_version=to_version)
        elif to_version is not None:
            state = self.states.state_at(sid, to_version)
        else:
            state = self.states.state(sid)
        if state.version == 0 and (to_version != 0 or self.version(tournament_id) == 0):
            raise TournamentNotFound(tournament_id)
        return state

    def memo(self, tournament_id: str, version: int, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, a view of the tournament as of ``version`` that ``key`` names,
        computed once and shared by every later call for it (while the tournament is
        cached)."""
        return self.states.memo(stream_id(tournament_id), version, key, compute)

    def kept(self, tournament_id: str, version: int, key: Hashable) -> tuple[object] | None:
        """What :meth:`memo` keeps for ``key`` at ``version`` (a 1-tuple), if it can be had
        without waiting, else ``None``."""
        return self.states.kept(stream_id(tournament_id), version, key)

    def derived(
        self, tournament_id: str, state: TournamentState, compute: Callable[..., T], *args: Hashable
    ) -> T:
        """``compute(state, *args)`` for a state :meth:`load` returned, once per version
        (the scores every player card shows, the standings)."""
        return self.memo(
            tournament_id, state.version, (compute, args), lambda: compute(state, *args)
        )
