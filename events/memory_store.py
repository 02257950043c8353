"""An in-memory event store: the fast backend for unit tests, same contract as SQLite.

Rows keep their encoded JSON, so reads go through the same codec and upcasters as the
SQLite store. A batch is staged in full before anything becomes visible.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from events.envelope import (
    AppendResult,
    ExpectedVersion,
    GlobalPosition,
    RecordedEvent,
    StreamVersion,
)
from events.store import IDEMPOTENCY_TTL, PreparedBatch, StoredRow, check_expected_version
from events.types import Event

__all__ = ["MemoryEventStore"]


class MemoryEventStore:
    """Events in a list; a lock makes each append atomic with respect to other threads."""

    def __init__(self, *, idempotency_ttl: timedelta = IDEMPOTENCY_TTL) -> None:
        self.idempotency_ttl = idempotency_ttl
        self._rows: list[StoredRow] = []
        self._versions: dict[str, int] = {}
        self._keys: dict[tuple[str, str], tuple[str, AppendResult, datetime]] = {}
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
            current = self._versions.get(stream_id, 0)
            check_expected_version(stream_id, expected_version, current)
            staged: list[StoredRow] = []
            for row in batch.rows(stream_id, current, len(self._rows) + 1):
                self._write_row(staged, row)
            result = AppendResult(
                stream_id=stream_id,
                first_version=StreamVersion(staged[0].stream_version),
                last_version=StreamVersion(staged[-1].stream_version),
                first_position=GlobalPosition(staged[0].global_position),
                last_position=GlobalPosition(staged[-1].global_position),
            )
            # Commit: nothing above this line is visible to readers.
            self._rows.extend(staged)
            self._versions[stream_id] = result.last_version
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
        self, stream_id: str, *, from_version: int = 1, to_version: int | None = None
    ) -> list[RecordedEvent]:
        with self._lock:
            rows = [
                row
                for row in self._rows
                if row.stream_id == stream_id
                and row.stream_version >= from_version
                and (to_version is None or row.stream_version <= to_version)
            ]
        return [row.recorded() for row in rows]

    def read_all(self, *, after: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        with self._lock:
            # Positions are 1..n without gaps here, so the page starts at index ``after``.
            rows = self._rows[max(after, 0) : max(after, 0) + limit]
        return [row.recorded() for row in rows]

    def current_version(self, stream_id: str) -> StreamVersion:
        with self._lock:
            return StreamVersion(self._versions.get(stream_id, 0))

    def stream_ids(self) -> list[str]:
        with self._lock:
            return list(self._versions)

    def idempotent_result(self, key: str, *, stream_id: str) -> tuple[str, AppendResult] | None:
        with self._lock:
            return self._key(stream_id, key)

    def _key(self, stream_id: str, key: str) -> tuple[str, AppendResult] | None:
        found = self._keys.get((stream_id, key))
        if found is None or found[2] < datetime.now(UTC) - self.idempotency_ttl:
            return None
        return found[0], found[1]

    def close(self) -> None:
        """Nothing to release; present for the protocol."""
