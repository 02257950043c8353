"""Matching questions the Lim exchanges ask of a group (C.04.4.3 Art. 4).

The Lim text pairs by trying exchanges in a fixed order; a hand-worked search can run for a
long time before it learns that a choice cannot be completed. These helpers answer "can the
rest still be paired?" exactly, with a maximum matching (rustworkx's blossom algorithm), so
the exchange order stays the text's while every dead end is seen at once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar

import rustworkx as rx

__all__ = ["Order", "complete_greedily", "covering_exists", "maximum_matching", "perfect_matching"]

T = TypeVar("T")
Compatible = Callable[[T, T], bool]
Order = Callable[[T, list[T]], Iterable[T]]


def maximum_matching(nodes: Sequence[T], compatible: Compatible[T]) -> list[tuple[T, T]]:
    """A maximum-cardinality set of compatible pairs among ``nodes``."""
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            if compatible(a, nodes[j]):
                graph.add_edge(i, j, 1)
    pairs = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    return [(nodes[i], nodes[j]) for i, j in sorted(pairs)]


def perfect_matching(
    nodes: Sequence[T], compatible: Compatible[T], order: Order[T] | None = None
) -> dict[T, T] | None:
    """Partner of every node in some perfect matching, or ``None`` when none exists.

    Tries a cheap greedy completion first (in ``order``, see :func:`complete_greedily`);
    falls back to the exact matching.
    """
    if len(nodes) % 2:
        return None
    greedy = complete_greedily(nodes, compatible, order)
    if greedy is not None:
        return greedy
    pairs = maximum_matching(nodes, compatible)
    if 2 * len(pairs) != len(nodes):
        return None
    return _partners(pairs)


def complete_greedily(
    nodes: Sequence[T], compatible: Compatible[T], order: Order[T] | None = None
) -> dict[T, T] | None:
    """Each unpaired node in turn takes the first compatible node that ``order(node, free)``
    offers (default: the later nodes as listed); ``None`` if that leaves anyone unpaired
    (which proves nothing: the caller then asks the exact question)."""
    free = list(nodes)
    pairs: list[tuple[T, T]] = []
    while free:
        head = free.pop(0)
        offered = order(head, free) if order is not None else free
        partner = next((other for other in offered if compatible(head, other)), None)
        if partner is None:
            return None
        free.remove(partner)
        pairs.append((head, partner))
    return _partners(pairs)


def covering_exists(nodes: Sequence[T], compatible: Compatible[T], required: Collection[T]) -> bool:
    """Whether some set of compatible pairs among ``nodes`` includes every ``required`` node."""
    wanted = set(required)
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            b = nodes[j]
            weight = (a in wanted) + (b in wanted)
            if weight and compatible(a, b):
                graph.add_edge(i, j, weight)
    pairs = rx.max_weight_matching(graph, weight_fn=lambda w: w)
    covered = sum((nodes[i] in wanted) + (nodes[j] in wanted) for i, j in pairs)
    return covered == len(wanted)


def _partners(pairs: list[tuple[T, T]]) -> dict[T, T]:
    partners: dict[T, T] = {}
    for a, b in pairs:
        partners[a] = b
        partners[b] = a
    return partners
