"""Matching questions the Lim exchanges ask of a group (C.04.4.3 Art. 4).

The Lim text pairs by trying exchanges in a fixed order; a hand-worked search can run for a
long time before it learns that a choice cannot be completed. These helpers answer "can the
rest still be paired?" exactly, with a maximum matching (:mod:`engine.matching`), so the
exchange order stays the text's while every dead end is seen at once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TypeVar

from engine.matching import MatchingGraph

__all__ = ["Order", "complete_greedily", "covering_exists", "maximum_matching", "perfect_matching"]

T = TypeVar("T")
Compatible = Callable[[T, T], bool]
Order = Callable[[T, list[T]], Iterable[T]]


def maximum_matching(nodes: Sequence[T], compatible: Compatible[T]) -> list[tuple[T, T]]:
    """A maximum-cardinality set of compatible pairs among ``nodes``."""
    mate = _graph(nodes, compatible, lambda a, b: 1).solve()
    return [(nodes[i], nodes[j]) for i, j in sorted(mate.items()) if i < j]


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
    """Whether some set of compatible pairs among ``nodes`` includes every ``required`` node.

    Weighting each pair by how many required players it holds, a maximum-cardinality
    matching of greatest weight covers them all when any matching does (augmenting a
    matching never unmatches a player).
    """
    wanted = set(required)
    mate = _graph(nodes, compatible, lambda a, b: (a in wanted) + (b in wanted)).solve()
    return all(i in mate for i, node in enumerate(nodes) if node in wanted) and wanted <= set(nodes)


def _graph(
    nodes: Sequence[T], compatible: Compatible[T], weight: Callable[[T, T], int]
) -> MatchingGraph:
    graph = MatchingGraph(len(nodes))
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            if compatible(a, nodes[j]):
                graph.set_weight(i, j, weight(a, nodes[j]))
    return graph


def _partners(pairs: list[tuple[T, T]]) -> dict[T, T]:
    partners: dict[T, T] = {}
    for a, b in pairs:
        partners[a] = b
        partners[b] = a
    return partners
