"""The store contract on the in-memory backend."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from events import MemoryEventStore
from tests.contracts.store_contract import StoreContract


class TestMemoryStore(StoreContract):
    @pytest.fixture
    def store(self) -> Iterator[MemoryEventStore]:
        store = MemoryEventStore()
        yield store
        store.close()

    @pytest.fixture
    def new_store(self) -> Callable[[], MemoryEventStore]:
        return MemoryEventStore
