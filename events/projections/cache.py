"""Each tournament's folded state, kept between requests and caught up from the store.

The store is the truth and the cache only ever lags it: a lookup reads the events after
the version it holds (one indexed query, usually empty) and folds them on, so a read
costs what changed since the last one, not the stream's length, and writes by another
process on the same database are seen at the next lookup. States are frozen values, so
threads share them without copies; a state is replaced only by a later one.

A stream the cache has never seen starts from its snapshot (if one made by this code
exists) and writes a new one when it had to fold more than ``snapshot_every`` events.
"""

from __future__ import annotations

import logging
import threading

import msgspec

from events.envelope import Snapshot
from events.errors import StoreUnavailable
from events.projections.snapshot import PROJECTION_VERSION, decode_state, encode_state
from events.projections.state import EMPTY, TournamentState
from events.projections.tournament import fold
from events.store import EventStore

__all__ = ["StateCache"]

_log = logging.getLogger(__name__)


class StateCache:
    """Folded tournaments over one store.

    >>> from events import MemoryEventStore
    >>> from events.envelope import NO_STREAM
    >>> from events.types import TournamentCreated
    >>> store = MemoryEventStore()
    >>> _ = store.append("tournament-t", [TournamentCreated(tournament_id="t", name="T",
    ...     rounds=5)], expected_version=NO_STREAM)
    >>> StateCache(store).state("tournament-t").settings.name
    'T'
    """

    def __init__(self, store: EventStore, *, snapshot_every: int = 500) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self._states: dict[str, TournamentState] = {}
        self._snapshot_versions: dict[str, int] = {}
        self._lock = threading.Lock()

    def state(self, stream_id: str) -> TournamentState:
        """The stream's state as of the store's latest version (``EMPTY``: no stream)."""
        with self._lock:
            held = self._states.get(stream_id)
        if held is None:
            held = self._cold(stream_id)
        tail = self.store.read_stream(stream_id, after_version=held.version)
        if not tail:
            return held
        return self.offer(stream_id, fold((recorded.event for recorded in tail), held))

    def offer(self, stream_id: str, state: TournamentState) -> TournamentState:
        """Keep ``state`` (the full fold of the stream up to ``state.version``) unless a
        later one is held; returns the one kept. Snapshots it when due."""
        with self._lock:
            held = self._states.get(stream_id)
            if held is not None and held.version >= state.version:
                return held
            if state.version:
                self._states[stream_id] = state
            due = state.version - self._snapshot_versions.get(stream_id, 0) >= self.snapshot_every
            if due:
                self._snapshot_versions[stream_id] = state.version
        if due:
            snapshot = Snapshot(state.version, PROJECTION_VERSION, encode_state(state))
            try:
                self.store.write_snapshot(stream_id, snapshot)
            except StoreUnavailable as error:
                # A snapshot only saves folding: the read that made it still answers.
                _log.warning("snapshot of %s not written: %s", stream_id, error)
        return state

    def _cold(self, stream_id: str) -> TournamentState:
        snapshot = self.store.read_snapshot(stream_id)
        if snapshot is None or snapshot.projection_version != PROJECTION_VERSION:
            return EMPTY
        try:
            state = decode_state(snapshot.state)
        except (msgspec.DecodeError, NotImplementedError):
            return EMPTY  # unreadable: fold from the log, which is the truth
        if state.version != snapshot.stream_version:
            return EMPTY
        with self._lock:
            self._snapshot_versions[stream_id] = max(
                self._snapshot_versions.get(stream_id, 0), state.version
            )
        return state
