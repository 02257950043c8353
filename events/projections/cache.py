"""Each tournament's folded states, kept between requests and caught up from the store.

The store is the truth and the cache only ever lags it: a lookup reads the events after
the version it holds (one indexed query, usually empty) and folds them on, so a read
costs what changed since the last one, not the stream's length, and writes by another
process on the same database are seen at the next lookup. States are frozen values, so
threads share them without copies; a state is replaced only by a later one.

Beside each tournament's latest state the cache keeps earlier ones: the state before each
round was paired (what "after round n" reads), one every ``keep_every`` events, and the
last few read. A read of an old version or round starts from the nearest kept state and
folds only what lies between. A stream known only from its snapshot keeps the states it
folds below the snapshot on the way, so the first old read folds from the first event to
the version asked for (not to the latest) and later ones from the state kept below them;
"after round n" reads the events before the snapshot once, without folding them, to find
where each round was paired. Values derived from a state (standings, a rendered page)
are kept beside it too (:meth:`StateCache.memo`), so each is computed once per version.

Memory is bounded: tournaments are kept in least-recently-used order and dropped, with
what is kept beside them, while their estimated size passes ``max_bytes``; a dropped one
starts again from its snapshot. A stream the cache has never seen starts from its
snapshot (if one made by this code exists) and writes a new one when it had to fold more
than ``snapshot_every`` events.
"""

from __future__ import annotations

import bisect
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar, cast

import msgspec

from events.envelope import Snapshot
from events.errors import StoreUnavailable
from events.projections.snapshot import (
    PROJECTION_VERSION,
    collector_paused,
    decode_state,
    encode_state,
)
from events.projections.state import EMPTY, TournamentState
from events.projections.tournament import apply, fold
from events.store import EventStore
from events.types import Event, RoundPaired

__all__ = ["BYTES_PER_EVENT", "BYTES_PER_KEPT_PLAYER", "DEFAULT_MAX_BYTES", "StateCache"]

T = TypeVar("T")

_log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES = 256 * 2**20
"""What one process's folded tournaments may take unless told (``serve --cache-mb``)."""

BYTES_PER_EVENT = 500
"""Memory a folded state takes per event folded into it (measured with ``tracemalloc``:
460 bytes at 10,000 players and 55,000 events, ``bench/scale.py``)."""

BYTES_PER_KEPT_PLAYER = 250
"""What a kept earlier state adds per player: it shares the latest state's unchanged
paths, and a round changes every player (measured: 230 bytes at 10,000 players)."""

ENTRY_BYTES = 4096
"""What holding a tournament costs before its events: the entry, its locks and indexes."""

RECENT = 8
"""Latest and old states read lately, kept so a read racing a write (the version it
was asked for is already one behind) folds nothing."""

MEMO_VALUES = 64
"""Derived values kept per tournament, the oldest dropped first."""


@dataclass(eq=False)
class _Tournament:
    """What the cache holds for one stream; changed only under its ``lock``."""

    latest: TournamentState
    known_from: int
    """The version it was started from (a snapshot's): states below it are kept only once
    a read folds up to them."""
    kept: list[TournamentState] = field(default_factory=list)
    """Earlier states in version order: the one at ``known_from``, the one before each
    pairing, and one every ``keep_every`` events (below ``known_from``: those folded)."""
    recent: OrderedDict[int, TournamentState] = field(default_factory=OrderedDict)
    memo: OrderedDict[tuple[int, Hashable], tuple[object, int]] = field(default_factory=OrderedDict)
    """Derived values by (state version, key), each with its estimated size."""
    bytes: int = 0
    """Estimated size, as of the last change (:meth:`resize`)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def starting(cls, state: TournamentState) -> _Tournament:
        """Held from ``state`` on, knowing nothing of the stream before it."""
        held = cls(state, known_from=state.version)
        held.restart(state)
        return held

    def restart(self, state: TournamentState) -> None:
        self.latest, self.known_from = state, state.version
        self.kept = [state] if state.version else []
        self.resize()

    def keep(self, state: TournamentState) -> None:
        """Keep ``state`` in version order, unless one of its version is kept."""
        at = bisect.bisect_left(self.kept, state.version, key=lambda kept: kept.version)
        if state.version and (at == len(self.kept) or self.kept[at].version != state.version):
            self.kept.insert(at, state)

    def resize(self) -> None:
        """Estimate the size (``sys.getsizeof`` sees one object, not a shared tree)."""
        players = len(self.latest.players)
        kept = len(self.kept) + len(self.recent)
        derived = sum(size for _, size in self.memo.values())
        self.bytes = (
            ENTRY_BYTES
            + BYTES_PER_EVENT * self.latest.version
            + BYTES_PER_KEPT_PLAYER * players * kept
            + derived
        )

    def nearest(self, version: int) -> TournamentState:
        """The kept state closest to ``version`` from below (``EMPTY``: none)."""
        best = EMPTY
        at = bisect.bisect_right([state.version for state in self.kept], version)
        if at:
            best = self.kept[at - 1]
        for state in (*self.recent.values(), self.latest):
            if best.version < state.version <= version:
                best = state
        return best

    def remember(self, state: TournamentState) -> None:
        self.recent[state.version] = state
        self.recent.move_to_end(state.version)
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)
        self.resize()


_log = logging.getLogger(__name__)


class StateCache:
    """Folded tournaments over one store, at most about ``max_bytes`` of them.

    >>> from events import MemoryEventStore
    >>> from events.envelope import NO_STREAM
    >>> from events.types import TournamentCreated
    >>> store = MemoryEventStore()
    >>> _ = store.append("tournament-t", [TournamentCreated(tournament_id="t", name="T",
    ...     rounds=5)], expected_version=NO_STREAM)
    >>> StateCache(store).state("tournament-t").settings.name
    'T'
    """

    def __init__(
        self,
        store: EventStore,
        *,
        snapshot_every: int = 500,
        keep_every: int = 2000,
        max_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        self.store = store
        self.snapshot_every = snapshot_every
        self.keep_every = keep_every
        self.max_bytes = max_bytes
        self._tournaments: OrderedDict[str, _Tournament] = OrderedDict()
        self._snapshot_versions: dict[str, int] = {}
        self._lock = threading.Lock()

    def state(self, stream_id: str) -> TournamentState:
        """The stream's state as of the store's latest version (``EMPTY``: no stream)."""
        held = self._held(stream_id)
        tail = self.store.read_stream(stream_id, after_version=held.latest.version)
        if not tail:
            return held.latest
        with held.lock:
            events = [r.event for r in tail if r.stream_version > held.latest.version]
            self._advance(held, events)
            latest = held.latest
        self._settle(stream_id, held)
        self._snapshot_if_due(stream_id, latest)
        return latest

    def state_at(self, stream_id: str, version: int) -> TournamentState:
        """The stream's state as of ``version`` (its latest state if the stream is
        shorter), folded on from the nearest kept state.

        >>> from events import MemoryEventStore
        >>> StateCache(MemoryEventStore()).state_at("tournament-none", 3).version
        0
        """
        if version < 0:
            raise ValueError("a stream version is 0 or more")
        held = self._held(stream_id)
        if held.latest.version < version:
            latest = self.state(stream_id)
            if latest.version <= version:
                return latest
            held = self._held(stream_id)  # the one caught up (a cold one is held then)
        with held.lock:
            if version == held.latest.version:
                return held.latest
            found = held.recent.get(version)
            if found is None:
                found = self._fold_to(stream_id, held, version)
            held.remember(found)
        self._settle(stream_id, held)
        return found

    def state_after_round(
        self, stream_id: str, round_no: int, *, to_version: int | None = None
    ) -> TournamentState:
        """The state at the end of round ``round_no`` as the stream stood at ``to_version``
        (default: now): :func:`events.projections.state_after_round`, from kept states."""
        if round_no < 0:
            raise ValueError("a round number is 0 or more")
        as_of = (
            self.state(stream_id) if to_version is None else self.state_at(stream_id, to_version)
        )
        if round_no >= as_of.rounds_paired:  # round ``round_no + 1`` not paired (yet)
            return as_of
        return self.state_at(stream_id, as_of.rounds[round_no].paired_at - 1)

    def memo(self, stream_id: str, version: int, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, a value derived from the stream's state at ``version``, once:
        kept beside the state for every later call with the same key (``key`` says what
        is computed; the version what it is computed from)."""
        found = self._kept(stream_id, version, key, wait=True)
        if found is not None:
            return cast(T, found[0])
        value = compute()
        held = self._holding(stream_id)  # a first read holds the stream in ``compute``
        if held is None:
            return value
        size = (
            len(value)
            if isinstance(value, bytes)
            else BYTES_PER_KEPT_PLAYER * len(held.latest.players)
        )
        with held.lock:
            held.memo[(version, key)] = (value, size)
            while len(held.memo) > MEMO_VALUES:
                held.memo.popitem(last=False)
            held.resize()
        self._settle(stream_id, held)
        return value

    def offer(
        self, stream_id: str, state: TournamentState, events: Iterable[Event]
    ) -> TournamentState:
        """Keep ``state``, the full fold of the stream up to ``state.version``, reached by
        folding ``events`` onto a state of it, unless a later one is held; returns the one
        kept. Snapshots it when due."""
        events = list(events)
        with self._lock:
            held = self._tournaments.get(stream_id)
        if held is None:  # a new stream (its events are all there is), or one dropped
            held = _Tournament.starting(EMPTY if state.version == len(events) else state)
        with held.lock:
            if held.latest.version >= state.version:
                return held.latest
            start = held.latest.version
            later_pairing = any(isinstance(event, RoundPaired) for event in events[1:])
            if start == state.version - len(events) and not later_pairing:
                if events and isinstance(events[0], RoundPaired):
                    held.keep(held.latest)
                held.latest = state
            else:  # a gap, or states to keep inside: learn them when a read needs them
                held.restart(state)
            held.resize()
        self._settle(stream_id, held)
        self._snapshot_if_due(stream_id, state)
        return state

    def __len__(self) -> int:
        """How many tournaments are held."""
        with self._lock:
            return len(self._tournaments)

    def kept(self, stream_id: str, version: int, key: Hashable) -> tuple[object] | None:
        """What :meth:`memo` keeps for ``key`` at ``version``, as a 1-tuple, if it can be
        had without waiting (no fold holds the stream), else ``None``: a caller on an event
        loop takes it there and asks a thread only to compute it."""
        return self._kept(stream_id, version, key, wait=False)

    def _kept(
        self, stream_id: str, version: int, key: Hashable, *, wait: bool
    ) -> tuple[object] | None:
        """The value kept for ``key`` at ``version`` (a 1-tuple), ``None`` when there is
        none or, unless ``wait``, when a lock is held."""
        if not self._lock.acquire(blocking=wait):
            return None
        try:
            held = self._tournaments.get(stream_id)
        finally:
            self._lock.release()
        if held is None or not held.lock.acquire(blocking=wait):
            return None
        try:
            found = held.memo.get((version, key))
        finally:
            held.lock.release()
        return None if found is None else (found[0],)

    def _holding(self, stream_id: str) -> _Tournament | None:
        with self._lock:
            return self._tournaments.get(stream_id)

    def _held(self, stream_id: str) -> _Tournament:
        with self._lock:
            held = self._tournaments.get(stream_id)
            if held is not None:
                self._tournaments.move_to_end(stream_id)
                return held
        start = _Tournament.starting(self._cold(stream_id))
        return self._hold(stream_id, start) if start.latest.version else start

    def _hold(self, stream_id: str, tournament: _Tournament) -> _Tournament:
        with self._lock:
            held = self._tournaments.setdefault(stream_id, tournament)
            self._tournaments.move_to_end(stream_id)
            return held

    def _settle(self, stream_id: str, used: _Tournament) -> None:
        """Hold ``used`` if it is a stream (no entry is kept for a stream that does not
        exist), then drop the least recently used tournaments (never ``used``) while the
        estimated total passes ``max_bytes``."""
        with self._lock:
            if used.latest.version and stream_id not in self._tournaments:
                self._tournaments[stream_id] = used
            sizes = {sid: held.bytes for sid, held in self._tournaments.items()}
            total = sum(sizes.values())
            for sid in list(self._tournaments):
                if total <= self.max_bytes:
                    break
                if self._tournaments[sid] is not used:
                    total -= sizes[sid]
                    del self._tournaments[sid]

    def _advance(self, held: _Tournament, events: list[Event]) -> None:
        """Fold ``events`` onto the latest state (under ``held.lock``), keeping the state
        before each pairing and every ``keep_every`` events."""
        held.latest = self._fold_keeping(held, held.latest, events)
        held.resize()

    def _fold_keeping(
        self, held: _Tournament, state: TournamentState, events: list[Event]
    ) -> TournamentState:
        """Fold ``events`` onto ``state`` (under ``held.lock``), keeping the state before
        each pairing and every ``keep_every`` events past the last kept below it."""
        at = bisect.bisect_right(held.kept, state.version, key=lambda kept: kept.version)
        last_kept = held.kept[at - 1].version if at else 0
        with collector_paused():
            for event in events:
                if isinstance(event, RoundPaired) or state.version - last_kept >= self.keep_every:
                    held.keep(state)
                    last_kept = state.version
                state = apply(state, event)
        return state

    def _fold_to(self, stream_id: str, held: _Tournament, version: int) -> TournamentState:
        """The state at ``version`` (under ``held.lock``, below the latest), folded on
        from the nearest kept state; below the snapshot the cache started from, keeping
        the states it passes, so the next read there starts near."""
        start = held.nearest(version)
        if start.version == version:
            return start
        tail = self.store.read_stream(
            stream_id, after_version=start.version, limit=version - start.version
        )
        events = [r.event for r in tail]
        if version < held.known_from:
            state = self._fold_keeping(held, start, events)
            held.resize()
            return state
        return fold(events, start)

    def _snapshot_if_due(self, stream_id: str, state: TournamentState) -> None:
        with self._lock:
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
