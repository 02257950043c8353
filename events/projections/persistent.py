"""A frozen list whose changed copies share almost everything with the original.

The fold keeps every state it made (a cache, a versioned read, the log page telling each
event with the tournament as it stood), so a state is never changed in place; with plain
tuples, registering the 10,000th player copies the 9,999 before it, and the fold of a
large tournament is quadratic. :class:`PersistentList` is a B+-tree of small tuples:
reading, replacing, inserting or deleting one item copies one path of at most
:data:`WIDTH`-item nodes (three levels hold 32,768 items), so each costs ``O(log n)`` and
the fold stays linear. No library we could depend on has a persistent list that inserts
in the middle (the TPN order does), hence this one (README, "Design notes").
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeAlias, TypeVar, overload

__all__ = ["WIDTH", "PersistentList"]

WIDTH = 32
"""Most items of a leaf, and most children of a branch; a node that grows past it splits."""

_T = TypeVar("_T")


class _Branch(Generic[_T]):
    """Children and, for each, how many items it and the ones before it hold."""

    __slots__ = ("children", "ends")

    def __init__(self, children: tuple[_Node[_T], ...], ends: tuple[int, ...] = ()) -> None:
        """``ends`` when the caller knows them (a child replaced keeps its size)."""
        self.children = children
        self.ends = ends or tuple(itertools.accumulate(map(_size, children)))


_Node: TypeAlias = "tuple[_T, ...] | _Branch[_T]"


def _size(node: _Node[Any]) -> int:
    return node.ends[-1] if isinstance(node, _Branch) else len(node)


def _child(node: _Branch[_T], index: int, *, inserting: bool = False) -> tuple[int, int]:
    """Which child holds ``index`` (an insert at a boundary goes to the left child, so an
    append reaches the last one), and where that child starts."""
    at = (bisect.bisect_left if inserting else bisect.bisect_right)(node.ends, index)
    return at, node.ends[at - 1] if at else 0


def _split(nodes: tuple[Any, ...]) -> tuple[Any, ...]:
    """``nodes`` as one node's content, or two halves when it grew past :data:`WIDTH`."""
    if len(nodes) <= WIDTH:
        return (nodes,)
    half = len(nodes) // 2
    return nodes[:half], nodes[half:]


def _set(node: _Node[_T], index: int, item: _T) -> _Node[_T]:
    if not isinstance(node, _Branch):
        return (*node[:index], item, *node[index + 1 :])
    at, start = _child(node, index)
    children = node.children
    changed = _set(children[at], index - start, item)
    return _Branch((*children[:at], changed, *children[at + 1 :]), node.ends)


def _insert(node: _Node[_T], index: int, item: _T) -> tuple[_Node[_T], ...]:
    """The node with ``item`` inserted: one node, or two when it split."""
    if not isinstance(node, _Branch):
        return _split((*node[:index], item, *node[index:]))
    at, start = _child(node, index, inserting=True)
    children = node.children
    parts = _insert(children[at], index - start, item)
    grown = (*children[:at], *parts, *children[at + 1 :])
    if len(parts) == 1 and len(grown) <= WIDTH:  # no split below: the ends shift by one
        return (_Branch(grown, (*node.ends[:at], *(end + 1 for end in node.ends[at:]))),)
    return tuple(_Branch(part) for part in _split(grown))


def _delete(node: _Node[_T], index: int) -> _Node[_T] | None:
    """The node without the item at ``index``; ``None`` when nothing is left in it. Nodes are
    not merged back: deleting is rare (a registration removed) and never deepens the tree."""
    if not isinstance(node, _Branch):
        return (*node[:index], *node[index + 1 :]) or None
    at, start = _child(node, index)
    children = node.children
    kept = _delete(children[at], index - start)
    rest = (*children[:at], *(() if kept is None else (kept,)), *children[at + 1 :])
    return _Branch(rest) if rest else None


def _groups(items: tuple[_T, ...]) -> tuple[tuple[_T, ...], ...]:
    return tuple(items[at : at + WIDTH] for at in range(0, len(items), WIDTH))


def _leaves(node: _Node[_T]) -> Iterator[tuple[_T, ...]]:
    if isinstance(node, _Branch):
        for child in node.children:
            yield from _leaves(child)
    else:
        yield node


class PersistentList(Sequence[_T]):
    """An immutable sequence; :meth:`set`, :meth:`insert`, :meth:`append` and :meth:`delete`
    return a new list sharing all but one path with this one.

    >>> names = PersistentList(["Carlsen", "Nakamura"])
    >>> longer = names.insert(1, "Caruana")
    >>> longer == ("Carlsen", "Caruana", "Nakamura"), names == ("Carlsen", "Nakamura")
    (True, True)
    """

    __slots__ = ("_len", "_positions", "_root")

    def __init__(self, items: Iterable[_T] = ()) -> None:
        """Built bottom-up from full nodes: ``O(n)``."""
        nodes: tuple[_Node[_T], ...] = _groups(tuple(items))
        while len(nodes) > 1:
            nodes = tuple(_Branch(group) for group in _groups(nodes))
        self._root: _Node[_T] = nodes[0] if nodes else ()
        self._len = _size(self._root)
        self._positions: dict[Any, int] | None = None

    @classmethod
    def _of(cls, root: _Node[_T] | None) -> PersistentList[_T]:
        # A root branch left with one child gives way to it, so depth follows size down too.
        while isinstance(root, _Branch) and len(root.children) == 1:
            root = root.children[0]
        made: PersistentList[_T] = cls.__new__(cls)
        made._root = () if root is None else root
        made._len = _size(made._root)
        made._positions = None
        return made

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T, ...]: ...

    def __getitem__(self, index: int | slice) -> _T | tuple[_T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        index = self._position(index)
        node = self._root
        while type(node) is _Branch:  # the hottest loop of every read: kept flat
            ends = node.ends
            at = bisect.bisect_right(ends, index)
            if at:
                index -= ends[at - 1]
            node = node.children[at]
        return node[index]  # type: ignore[index]

    def __iter__(self) -> Iterator[_T]:
        for leaf in _leaves(self._root):
            yield from leaf

    def __reversed__(self) -> Iterator[_T]:
        return reversed(tuple(self))

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        """Where ``value`` first is. The list never changes, so the first search of the whole
        list maps every item to its position once and later ones read the map: a crosstable
        asks a state's TPN order for the number of every opponent of every player, which
        would otherwise be quadratic in the field. A slice, or unhashable items, are searched
        in one pass over the leaves."""
        if start == 0 and stop is None:
            with contextlib.suppress(TypeError):
                if self._positions is None:
                    positions: dict[Any, int] = {}
                    for at, item in enumerate(self):
                        positions.setdefault(item, at)
                    self._positions = positions
                if value in self._positions:
                    return self._positions[value]
                raise ValueError(f"{value!r} is not in the list")
        for at, item in enumerate(itertools.islice(self, start, stop), start):
            if item is value or item == value:
                return at
        raise ValueError(f"{value!r} is not in the list")

    def set(self, index: int, item: _T) -> PersistentList[_T]:
        """This list with ``item`` at ``index`` instead of what is there."""
        return self._of(_set(self._root, self._position(index), item))

    def insert(self, index: int, item: _T) -> PersistentList[_T]:
        """This list with ``item`` before position ``index`` (``len(self)``: at the end)."""
        if not 0 <= index <= self._len:
            raise IndexError(f"cannot insert at {index} into a list of {self._len}")
        parts = _insert(self._root, index, item)
        return self._of(parts[0] if len(parts) == 1 else _Branch(parts))

    def append(self, item: _T) -> PersistentList[_T]:
        return self.insert(self._len, item)

    def delete(self, index: int) -> PersistentList[_T]:
        """This list without the item at ``index``."""
        return self._of(_delete(self._root, self._position(index)))

    def _position(self, index: int) -> int:
        position = index + self._len if index < 0 else index
        if not 0 <= position < self._len:
            raise IndexError(f"index {index} out of range for a list of {self._len}")
        return position

    def __eq__(self, other: object) -> bool:
        """Equal to another one or a tuple of the same items: it stands for the tuple the state
        held before (so ``state.order == (1, 5, 2)`` reads as it did), and hashes as one."""
        if not isinstance(other, PersistentList | tuple):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PersistentList({list(self)!r})"
