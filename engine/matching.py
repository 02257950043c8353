"""Maximum-weight matching among maximum-cardinality matchings, with no chess knowledge.

The pairing systems rank candidate pairings by many criteria at once by packing them into
one integer edge weight (most important criterion in the highest bits). The fast solver is
rustworkx's blossom algorithm, which works on 128-bit integers: it doubles weights and adds
dual variables, so it is right only while every weight stays below ``2**MAX_WEIGHT_BITS``
(measured with rustworkx 0.18 on random graphs: right with weights below ``2**125``, panics
with weights up to ``2**126``, wrong matchings without an error up to ``2**127``, refused from
``2**128``). A graph with a larger weight goes to networkx's blossom algorithm,
the same method in pure Python on unbounded integers: exact at any size, slower.
"""

from __future__ import annotations

import rustworkx

__all__ = ["MAX_WEIGHT_BITS", "MatchingGraph", "WeightTooLarge", "solve_edges"]

MAX_WEIGHT_BITS = 124
"""rustworkx takes weights below ``2**124`` (one bit of margin under the measured limit)."""


class WeightTooLarge(ValueError):
    """An edge weight does not fit a solver's integer range."""


class MatchingGraph:
    """A simple undirected graph on vertices ``0 .. size-1`` with integer edge weights.

    Vertices can be removed (a pair that has been settled), edges added, re-weighted or
    removed; :meth:`solve` returns a maximum-cardinality matching of greatest total weight.
    Weights are any integers from 0 up; :meth:`solve` picks the solver that is exact for them.
    """

    def __init__(self, size: int) -> None:
        self._graph: rustworkx.PyGraph = rustworkx.PyGraph(multigraph=False)
        self._graph.add_nodes_from(range(size))
        self._edges: dict[tuple[int, int], int] = {}
        self._oversized = 0
        """How many edges weigh ``2**MAX_WEIGHT_BITS`` or more (rustworkx cannot take them)."""

    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Add the edge ``u``-``v`` or change its weight."""
        if weight < 0:
            raise ValueError(f"negative edge weight {weight} for {u}-{v}")
        key = (u, v) if u < v else (v, u)
        edge = self._edges.get(key)
        if edge is None:
            self._edges[key] = self._graph.add_edge(key[0], key[1], weight)
        else:
            self._forget(edge)
            self._graph.update_edge_by_index(edge, weight)
        if not _fits_rustworkx(weight):
            self._oversized += 1

    def remove_edge(self, u: int, v: int) -> None:
        """Remove the edge ``u``-``v`` if it exists."""
        edge = self._edges.pop((u, v) if u < v else (v, u), None)
        if edge is not None:
            self._forget(edge)
            self._graph.remove_edge_from_index(edge)

    def has_edge(self, u: int, v: int) -> bool:
        return ((u, v) if u < v else (v, u)) in self._edges

    def remove_vertex(self, v: int) -> None:
        """Remove ``v`` and its edges."""
        for other in list(self._graph.neighbors(v)):
            self._forget(self._edges.pop((v, other) if v < other else (other, v)))
        self._graph.remove_node(v)

    def solve(self) -> dict[int, int]:
        """A maximum-cardinality matching of greatest weight, as ``vertex -> mate`` both ways."""
        if self._oversized:
            pairs = self._solve_unbounded()
        else:
            pairs = rustworkx.max_weight_matching(self._graph, max_cardinality=True, weight_fn=int)
        mate: dict[int, int] = {}
        for u, v in pairs:
            mate[u] = v
            mate[v] = u
        return mate

    def _forget(self, edge: int) -> None:
        """Account for an edge's weight leaving the graph."""
        if not _fits_rustworkx(self._graph.get_edge_data_by_index(edge)):
            self._oversized -= 1

    def _solve_unbounded(self) -> set[tuple[int, int]]:
        """networkx's exact integer blossom, for weights beyond rustworkx's range (imported
        here: most rounds never need it, and it costs a tenth of a second to load)."""
        import networkx

        graph: networkx.Graph[int] = networkx.Graph()
        graph.add_nodes_from(self._graph.node_indices())
        graph.add_weighted_edges_from(self._graph.weighted_edge_list())
        pairs: set[tuple[int, int]] = networkx.max_weight_matching(graph, maxcardinality=True)
        return pairs


def _fits_rustworkx(weight: int) -> bool:
    return weight < 1 << MAX_WEIGHT_BITS


def solve_edges(
    size: int, edges: list[tuple[int, int, int]], *, max_cardinality: bool
) -> dict[int, int]:
    """A maximum-weight matching of the graph on ``0 .. size-1`` with these ``(u, v, weight)``
    edges (no pair twice), as ``vertex -> mate`` both ways; among maximum-cardinality
    matchings only when ``max_cardinality``.

    For callers that build a fresh graph per solve: the graph is made in one bulk call on a
    multigraph, which skips rustworkx's O(degree) duplicate check per edge (the caller
    guarantees there are no duplicates). Weights beyond rustworkx's range go to networkx.
    """
    if any(not _fits_rustworkx(weight) for _u, _v, weight in edges):
        import networkx

        wide: networkx.Graph[int] = networkx.Graph()
        wide.add_nodes_from(range(size))
        wide.add_weighted_edges_from(edges)
        pairs: set[tuple[int, int]] = networkx.max_weight_matching(
            wide, maxcardinality=max_cardinality
        )
    else:
        graph: rustworkx.PyGraph = rustworkx.PyGraph(multigraph=True)
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        pairs = rustworkx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    mate: dict[int, int] = {}
    for u, v in pairs:
        mate[u] = v
        mate[v] = u
    return mate
