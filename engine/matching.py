"""Maximum-weight matching among maximum-cardinality matchings, with no chess knowledge.

The pairing systems rank candidate pairings by many criteria at once by packing them into
one integer edge weight (most important criterion in the highest bits). The solver is
rustworkx's blossom algorithm, which works on 128-bit integers: it doubles weights
internally, so every weight must stay below ``2**MAX_WEIGHT_BITS``. Callers lay out their
weights to fit; :class:`WeightTooLarge` says when they did not.
"""

from __future__ import annotations

import rustworkx

__all__ = ["MAX_WEIGHT_BITS", "MatchingGraph", "WeightTooLarge"]

MAX_WEIGHT_BITS = 124
"""Weights must be below ``2**124``; measured: rustworkx 0.15-0.18 fails from ``2**125``."""


class WeightTooLarge(ValueError):
    """An edge weight does not fit the solver's integer range."""


class MatchingGraph:
    """A simple undirected graph on vertices ``0 .. size-1`` with integer edge weights.

    Vertices can be removed (a pair that has been settled), edges added, re-weighted or
    removed; :meth:`solve` returns a maximum-cardinality matching of greatest total weight.
    """

    def __init__(self, size: int) -> None:
        self._graph: rustworkx.PyGraph = rustworkx.PyGraph(multigraph=False)
        self._graph.add_nodes_from(range(size))
        self._edges: dict[tuple[int, int], int] = {}

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Add the edge ``u``-``v`` or change its weight."""
        if not 0 <= weight < 1 << MAX_WEIGHT_BITS:
            raise WeightTooLarge(f"edge weight of {weight.bit_length()} bits")
        key = (u, v) if u < v else (v, u)
        edge = self._edges.get(key)
        if edge is None:
            self._edges[key] = self._graph.add_edge(key[0], key[1], weight)
        else:
            self._graph.update_edge_by_index(edge, weight)

    def remove_edge(self, u: int, v: int) -> None:
        """Remove the edge ``u``-``v`` if it exists."""
        edge = self._edges.pop((u, v) if u < v else (v, u), None)
        if edge is not None:
            self._graph.remove_edge_from_index(edge)

    def has_edge(self, u: int, v: int) -> bool:
        return ((u, v) if u < v else (v, u)) in self._edges

    def remove_vertex(self, v: int) -> None:
        """Remove ``v`` and its edges."""
        for other in list(self._graph.neighbors(v)):
            self._edges.pop((v, other) if v < other else (other, v), None)
        self._graph.remove_node(v)

    def solve(self) -> dict[int, int]:
        """A maximum-cardinality matching of greatest weight, as ``vertex -> mate`` both ways."""
        pairs = rustworkx.max_weight_matching(self._graph, max_cardinality=True, weight_fn=int)
        mate: dict[int, int] = {}
        for u, v in pairs:
            mate[u] = v
            mate[v] = u
        return mate
