"""Matching tools of the Dubov engine (now in engine/matching.py) against brute force.

Art. 4.4 orders the transpositions of G2 lexicographically and takes the first legal one;
[C4] asks whether the remaining players can all be paired. Both are checked here against
plain enumeration on small random compatibility graphs.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.matching import Tiers, WeightedGraph, first_transposition, perfect_matching


@st.composite
def bipartite(draw: st.DrawFn) -> tuple[int, set[tuple[int, int]]]:
    size = draw(st.integers(0, 6))
    pairs = [(r, c) for r in range(size) for c in range(size)]
    forbidden = draw(st.sets(st.sampled_from(pairs))) if pairs else set()
    return size, forbidden


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(bipartite())
def test_first_transposition_is_the_first_legal_permutation(
    case: tuple[int, set[tuple[int, int]]],
) -> None:
    size, forbidden = case
    rows, columns = list(range(size)), list(range(10, 10 + size))

    def legal(r: int, c: int) -> bool:
        return (r, c - 10) not in forbidden

    expected = next(
        (list(p) for p in itertools.permutations(columns) if all(map(legal, rows, p))), None
    )
    assert first_transposition(rows, columns, legal) == expected


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, set[tuple[int, int]]]:
    size = draw(st.integers(0, 8))
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    edges = draw(st.sets(st.sampled_from(pairs))) if pairs else set()
    return size, edges


def _brute_force_perfect(vertices: list[int], edges: set[tuple[int, int]]) -> bool:
    if not vertices:
        return True
    first, rest = vertices[0], vertices[1:]
    return any(
        _brute_force_perfect([v for v in rest if v != other], edges)
        for other in rest
        if (first, other) in edges
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(graphs())
def test_perfect_matching_agrees_with_enumeration(
    case: tuple[int, set[tuple[int, int]]],
) -> None:
    size, edges = case
    vertices = list(range(size))

    def compatible(a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in edges

    expected = _brute_force_perfect(vertices, edges)
    assert (perfect_matching(vertices, compatible) is not None) == expected
    assert (
        perfect_matching(sorted(vertices, key=lambda v: -v), compatible) is not None
    ) == expected


def test_tiers_pack_costs_lexicographically() -> None:
    # One unit of a higher tier outweighs the largest total of every tier below it.
    tiers = Tiers([("a", 3), ("b", 2), ("c", 5)])
    radix = tiers.radix
    assert radix["c"] == 1 and radix["b"] == 6 and radix["a"] == 18 and tiers.span == 72
    assert radix["a"] > 2 * radix["b"] + 5 * radix["c"]


def test_weighted_graph_weights_can_change_between_solves() -> None:
    graph = WeightedGraph(4, [(0, 1, 10), (2, 3, 10), (0, 2, 9), (1, 3, 9)])
    assert graph.mate() == [1, 0, 3, 2]
    edge = graph.index[(0, 2)]
    graph.set_weight(edge, graph.weight(edge) + 3)
    assert graph.mate() == [2, 3, 0, 1]
    graph.remove(edge)
    assert graph.mate() == [1, 0, 3, 2]
