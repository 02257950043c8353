"""The store contract on the in-memory backend."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from events import MemoryEventStore
from events.envelope import NO_STREAM
from tests.contracts.store_contract import StoreContract, created


class TestMemoryStore(StoreContract):
    @pytest.fixture
    def store(self) -> Iterator[MemoryEventStore]:
        store = MemoryEventStore()
        yield store
        store.close()

    @pytest.fixture
    def new_store(self) -> Callable[[], MemoryEventStore]:
        return MemoryEventStore


def test_the_version_is_read_at_once_unless_a_writer_holds_the_store() -> None:
    store = MemoryEventStore()
    store.append("tournament-open", [created()], expected_version=NO_STREAM)
    assert store.current_version_now("tournament-open") == 1
    found: list[int | None] = []
    reader = threading.Thread(
        target=lambda: found.append(store.current_version_now("tournament-open"))
    )
    with store._lock:  # a writer holds the store: the reader in another thread must not wait
        reader.start()
        reader.join(10)
    assert found == [None]
