"""An in-memory event store: the fast backend for unit tests, same contract as SQLite.

Rows keep their encoded JSON, so reads go through the same codec and upcasters as the
SQLite store. A batch is staged in full before anything becomes visible.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    Snapshot,
    StreamVersion,
)
from events.store import (
    IDEMPOTENCY_TTL,
    PreparedBatch,
    StoredRow,
    check_continues,
    check_expected_version,
    check_page,
)
from events.store import replaces as _replaces
from events.types import Event

__all__ = ["MemoryEventStore"]


class MemoryEventStore:
    """Events in a list; a lock makes each append atomic with respect to other threads."""

    def __init__(self, *, idempotency_ttl: timedelta = IDEMPOTENCY_TTL) -> None:
        self.idempotency_ttl = idempotency_ttl
        self._rows: list[StoredRow] = []
        self._streams: dict[str, list[StoredRow]] = {}
        """Each stream's rows; row ``v - 1`` is version ``v``."""
        self._keys: dict[tuple[str, str], tuple[str, AppendResult, datetime]] = {}
        self._snapshots: dict[str, Snapshot] = {}
        self._derived: dict[str, dict[str, Snapshot]] = {}
        self._lock = threading.Lock()

    def append(
        self,
        stream_id: str,
        events: Sequence[Event],
        *,
        expected_version: ExpectedVersion,
        metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
        request_hash: str | None = None,
    ) -> AppendResult:
        batch = PreparedBatch.prepare(stream_id, events, metadata, idempotency_key, request_hash)
        with self._lock:
            if idempotency_key is not None:
                replayed = batch.replay(idempotency_key, self._key(stream_id, idempotency_key))
                if replayed is not None:
                    return replayed
            current = len(self._streams.get(stream_id, ()))
            check_expected_version(stream_id, expected_version, current)
            staged: list[StoredRow] = []
            last = self._rows[-1].global_position if self._rows else 0
            for row in batch.rows(stream_id, current, last + 1):
                self._write_row(staged, row)
            result = AppendResult(recorded=tuple(row.recorded() for row in staged))
            # Commit: nothing above this line is visible to readers.
            self._rows.extend(staged)
            self._streams.setdefault(stream_id, []).extend(staged)
            if idempotency_key is not None:
                self._keys[stream_id, idempotency_key] = (
                    batch.request_hash,
                    result,
                    datetime.now(UTC),
                )
            return result

    def _write_row(self, staged: list[StoredRow], row: StoredRow) -> None:
        """Stage one row (a separate step so tests can crash a batch half-way)."""
        staged.append(row)

    def read_stream(
        self, stream_id: str, *, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        check_page(after_version, limit)
        end = None if limit is None else after_version + limit
        with self._lock:
            rows = self._streams.get(stream_id, [])[after_version:end]
        return [row.recorded() for row in rows]

    def version_at(self, stream_id: str, global_position: int) -> StreamVersion:
        with self._lock:
            rows = self._streams.get(stream_id, [])
            return StreamVersion(
                bisect.bisect_right(rows, global_position, key=lambda row: row.global_position)
            )

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        check_page(after, limit)
        with self._lock:
            rows = self._page(after, limit)
        return [row.recorded() for row in rows]

    def read_rows(self, *, after: int = 0, limit: int = 1000) -> list[StoredRow]:
        check_page(after, limit)
        with self._lock:
            return self._page(after, limit)

    def _page(self, after: int, limit: int) -> list[StoredRow]:
        start = bisect.bisect_right(self._rows, after, key=lambda row: row.global_position)
        return self._rows[start : start + limit]

    def write_rows(self, rows: Sequence[StoredRow]) -> None:
        with self._lock:
            last = self._rows[-1].global_position if self._rows else 0
            versions = {sid: len(stream) for sid, stream in self._streams.items()}
            for row in rows:
                check_continues(row, last, versions.get(row.stream_id, 0))
                versions[row.stream_id] = row.stream_version
                last = row.global_position
            for row in rows:
                self._rows.append(row)
                self._streams.setdefault(row.stream_id, []).append(row)

    def current_version(self, stream_id: str) -> StreamVersion:
        with self._lock:
            return StreamVersion(len(self._streams.get(stream_id, ())))

    def current_version_now(self, stream_id: str) -> StreamVersion | None:
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return StreamVersion(len(self._streams.get(stream_id, ())))
        finally:
            self._lock.release()

    def stream_ids(self) -> list[str]:
        with self._lock:
            return list(self._streams)

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        with self._lock:
            return self._key(stream_id, key)

    def _key(self, stream_id: str, key: str) -> tuple[str, AppendResult] | None:
        found = self._keys.get((stream_id, key))
        if found is None or found[2] < datetime.now(UTC) - self.idempotency_ttl:
            return None
        return found[0], found[1]

    def read_snapshot(self, stream_id: str) -> Snapshot | None:
        with self._lock:
            return self._snapshots.get(stream_id)

    def write_snapshot(self, stream_id: str, snapshot: Snapshot) -> None:
        with self._lock:
            kept = self._snapshots.get(stream_id)
            if kept is None or _replaces(snapshot, kept):
                self._snapshots[stream_id] = snapshot

    def last_position(self) -> GlobalPosition:
        with self._lock:
            return GlobalPosition(self._rows[-1].global_position if self._rows else 0)

    def read_derived(self, name: str) -> dict[str, Snapshot]:
        with self._lock:
            return dict(self._derived.get(name, {}))

    def write_derived(self, name: str, stream_id: str, value: Snapshot) -> None:
        with self._lock:
            self._derived.setdefault(name, {})[stream_id] = value

    def check(self) -> None:
        """Memory is always there; present for the protocol."""

    def close(self) -> None:
        """Nothing to release; present for the protocol."""
