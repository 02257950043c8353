"""Matching tools for the Dubov bracket steps.

The Dubov articles ask for "the first set, in a given order, that complies best with criteria
ranked by priority". Each such question becomes a maximum-weight matching (rustworkx) whose
integer edge weights pack the ranked criteria into one number (:class:`Tiers`), followed by a
walk through the candidates in the article's order that tests, one matching each, whether a
candidate can be added without losing anything on the criteria.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import rustworkx as rx

from engine.matching import MAX_WEIGHT_BITS, WeightTooLarge

V = TypeVar("V")
W = TypeVar("W")

__all__ = [
    "Tiers",
    "WeightedGraph",
    "first_transposition",
    "perfectly_matchable",
]


class Tiers:
    """Lexicographic costs packed into one integer (a mixed-radix number).

    ``bounds`` lists, most important first, the largest total each cost can reach in the
    matchings that matter (the optimal ones); a cost of one unit in a tier outweighs any
    combination of the tiers below it.
    """

    def __init__(self, bounds: Sequence[tuple[str, int]]) -> None:
        self.radix: dict[str, int] = {}
        unit = 1
        for name, bound in reversed(bounds):
            self.radix[name] = unit
            unit *= bound + 1
        self.span = unit
        """One more than the largest packed total: the unit of the next tier up."""


class WeightedGraph:
    """A graph on vertices ``0..size-1`` whose edge weights can be changed between solves.

    The Dubov steps test candidates one at a time by changing the weights of a few edges
    and solving again; keeping the graph avoids rebuilding hundreds of thousands of edges.
    Every weight must be positive (a zero-weight edge could be left out of the matching).
    """

    def __init__(self, size: int, edges: Sequence[tuple[int, int, int]]) -> None:
        for _, _, weight in edges:
            _check(weight)
        self._graph = rx.PyGraph(multigraph=False)
        self._graph.add_nodes_from(range(size))
        self.size = size
        self.index = {
            (a, b): e for (a, b, _), e in zip(edges, self._graph.add_edges_from(list(edges)))
        }
        """Edge ``(a, b)`` (as given, a < b) -> its index in the graph."""

    def weight(self, edge: int) -> int:
        return int(self._graph.get_edge_data_by_index(edge))

    def set_weight(self, edge: int, weight: int) -> None:
        _check(weight)
        self._graph.update_edge_by_index(edge, weight)

    def remove(self, edge: int) -> None:
        self._graph.remove_edge_from_index(edge)

    def mate(self) -> list[int]:
        """A maximum-weight matching as a mate list (-1 = unmatched)."""
        mate = [-1] * self.size
        for a, b in rx.max_weight_matching(self._graph, weight_fn=int):
            mate[a], mate[b] = b, a
        return mate


def _check(weight: int) -> None:
    if not 0 < weight < 1 << MAX_WEIGHT_BITS:
        raise WeightTooLarge(f"matching weight {weight} outside (0, 2**{MAX_WEIGHT_BITS})")


def perfectly_matchable(
    vertices: Sequence[V],
    compatible: Callable[[V, V], bool],
    hardest_first: Callable[[V], Any] | None = None,
) -> bool:
    """Whether ``vertices`` can all be paired with each other (used for [C4] completion).

    A greedy pass, taking the vertices in ``hardest_first`` order and pairing each with the
    first free compatible vertex, settles almost every real case; only when it fails is an
    exact maximum-cardinality matching computed.
    """
    count = len(vertices)
    if count % 2:
        return False
    order = sorted(vertices, key=hardest_first) if hardest_first else list(vertices)
    free = dict.fromkeys(order)
    for v in order:
        if v not in free:
            continue
        del free[v]
        partner = next((w for w in free if compatible(v, w)), None)
        if partner is None:
            break
        del free[partner]
    else:
        return True
    edges = [
        (i, j, 1)
        for i in range(count)
        for j in range(i + 1, count)
        if compatible(vertices[i], vertices[j])
    ]
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(count))
    graph.add_edges_from(edges)
    return 2 * len(rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)) == count


def first_transposition(
    rows: Sequence[V], columns: Sequence[W], compatible: Callable[[V, W], bool]
) -> list[W] | None:
    """The lexicographically first assignment of ``columns`` to ``rows`` (Dubov Art. 4.4).

    Row ``i`` gets the earliest column that still leaves a complete assignment of the later
    rows; this is the first transposition, in lexicographic order of the column sequence, that
    pairs every row with a compatible column. ``None`` when no complete assignment exists.
    """
    size = len(rows)
    if len(columns) != size:
        return None
    allowed = [[c for c in range(size) if compatible(rows[r], columns[c])] for r in range(size)]
    row_of = [-1] * size  # column -> row
    col_of = [-1] * size  # row -> column

    def augment(start: int, seen: list[bool], fixed: int) -> bool:
        """Kuhn's augmenting path from row ``start`` (iterative: brackets can be long);
        rows below ``fixed`` keep their columns."""
        stack = [(start, iter(allowed[start]))]
        path: list[int] = []  # path[k]: the column stack[k] moves to
        while stack:
            _, columns_left = stack[-1]
            for c in columns_left:
                if seen[c]:
                    continue
                seen[c] = True
                owner = row_of[c]
                if owner == -1:
                    path.append(c)
                    for (r, _), column in zip(stack, path):
                        row_of[column], col_of[r] = r, column
                    return True
                if owner >= fixed:
                    path.append(c)
                    stack.append((owner, iter(allowed[owner])))
                    break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    for row in range(size):
        if not augment(row, [False] * size, 0):
            return None
    for row in range(size):
        # Column c < current is possible when its owner, a later row, can move along an
        # augmenting path among the later rows to the column that ``row`` gives up.
        current = col_of[row]
        for c in allowed[row]:
            if c >= current:
                break
            owner = row_of[c]
            if owner < row:
                continue  # held by an earlier, already settled row
            seen = [False] * size
            seen[c] = True
            row_of[current], row_of[c], col_of[row] = -1, row, c
            if augment(owner, seen, row + 1):
                break
            row_of[current], row_of[c], col_of[row] = row, owner, current
    return [columns[col_of[r]] for r in range(size)]
