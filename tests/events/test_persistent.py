"""PersistentList against a plain list: the same items after any mix of changes, and every
earlier version left as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.projections import PersistentList
from events.projections.persistent import WIDTH

CHANGES = st.lists(
    st.tuples(st.sampled_from(["insert", "append", "set", "delete"]), st.integers(), st.integers()),
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(start=st.lists(st.integers(), max_size=3 * WIDTH * WIDTH // 8), changes=CHANGES)
def test_changes_match_a_list_and_leave_older_versions_alone(
    start: list[int], changes: list[tuple[str, int, int]]
) -> None:
    model, current = list(start), PersistentList(start)
    versions = [(current, list(model))]
    for change, where, item in changes:
        if change == "append":
            model.append(item)
            current = current.append(item)
        elif change == "insert":
            at = where % (len(model) + 1)
            model.insert(at, item)
            current = current.insert(at, item)
        elif model:
            at = where % len(model) - (len(model) if where % 2 else 0)  # negative ones too
            if change == "set":
                model[at] = item
                current = current.set(at, item)
            else:
                del model[at]
                current = current.delete(at)
        versions.append((current, list(model)))
    for version, items in versions:
        assert list(version) == items and len(version) == len(items)
        assert [version[i] for i in range(len(items))] == items
        assert version == tuple(items) and hash(version) == hash(tuple(items))
        for value in {*items[-3:], *items[:3]}:  # the first place of each, read from its map
            assert version.index(value) == items.index(value)
        with pytest.raises(ValueError):
            version.index(max(items, default=0) + 1)


def test_a_large_list_grows_deeper_and_reads_back() -> None:
    items = list(range(WIDTH**3 + 5))
    grown = PersistentList[int]()
    for item in items[:2000]:
        grown = grown.append(item)
    assert grown == tuple(items[:2000])
    built = PersistentList(items)
    assert built[WIDTH**3] == WIDTH**3 and built[-1] == items[-1]
    assert built.insert(WIDTH**2, -1)[WIDTH**2 - 1 : WIDTH**2 + 2] == (WIDTH**2 - 1, -1, WIDTH**2)
    assert built.index(WIDTH**3 + 4) == WIDTH**3 + 4


def test_bad_positions_are_refused() -> None:
    items = PersistentList([1, 2, 3])
    with pytest.raises(IndexError):
        items[3]
    with pytest.raises(IndexError):
        items.insert(5, 0)
    with pytest.raises(IndexError):
        PersistentList[int]().delete(0)
    with pytest.raises(ValueError, match="4 is not in the list"):
        items.index(4)
    assert items.delete(0).delete(0).delete(0) == () and 2 in items


def test_index_finds_the_first_place_whatever_the_items() -> None:
    repeated = PersistentList([5, 7, 5, 7])
    assert repeated.index(7) == 1 and repeated.index(7, 2) == 3 and repeated.index(5, 1, 3) == 2
    unhashable = PersistentList([[1], [2], [1]])
    assert unhashable.index([1]) == 0 and unhashable.index([1], 1) == 2
    with pytest.raises(ValueError):
        repeated.index(5, 3)
