"""The matching layer (engine.matching): rustworkx while the weights fit its 128-bit
arithmetic, networkx's exact integer blossom beyond, and the Dutch engine still exact on the
reference corpus when its weights are wider than rustworkx can take."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx
import pytest
import rustworkx

import engine.dutch.bracket
import engine.matching
from engine import pair
from engine.matching import MAX_WEIGHT_BITS, MatchingGraph, solve_edges
from server.service.trf_pairing import render_pairing
from tests.corpus import shared_path
from tests.engine.corpus_problems import (
    corpus,
    problem_request,
    problems,
    reference_path,
)

CORPUS = corpus("dutch")
SMALL = 30
SMALL_PROBLEMS = problems("dutch", max_players=SMALL)

Edges = dict[tuple[int, int], int]


def _graph(size: int, edges: Edges) -> MatchingGraph:
    graph = MatchingGraph(size)
    for (u, v), weight in edges.items():
        graph.set_weight(u, v, weight)
    return graph


def _pairs(mate: dict[int, int]) -> set[tuple[int, int]]:
    return {(u, v) for u, v in mate.items() if u < v}


def _value(pairs: set[tuple[int, int]], edges: Edges) -> tuple[int, int]:
    """(cardinality, total weight): what a maximum-cardinality maximum-weight matching maximises."""
    return len(pairs), sum(edges[pair] for pair in pairs)


def _brute_force(size: int, edges: Edges) -> tuple[int, int]:
    """The best (cardinality, weight) over every matching, by enumeration (small graphs)."""
    items = list(edges.items())
    best = (0, 0)

    def extend(start: int, used: frozenset[int], count: int, weight: int) -> None:
        nonlocal best
        best = max(best, (count, weight))
        for index in range(start, len(items)):
            (u, v), edge_weight = items[index]
            if u not in used and v not in used:
                extend(index + 1, used | {u, v}, count + 1, weight + edge_weight)

    extend(0, frozenset(), 0, 0)
    return best


def _random_edges(rng: random.Random, size: int, bits: int) -> Edges:
    """A random simple graph whose weights mix 0, small, anywhere below ``2**bits`` and just
    below ``2**bits`` (the spread a packed criteria weight has)."""
    edges: Edges = {}
    for u, v in itertools.combinations(range(size), 2):
        if rng.random() < 0.6:
            edges[(u, v)] = rng.choice(
                [
                    0,
                    rng.randrange(1 << 10),
                    rng.randrange(1 << bits),
                    (1 << bits) - 1 - rng.randrange(1 << 20),
                ]
            )
    return edges


@pytest.fixture
def networkx_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts networkx solves and records the largest weight each one saw."""
    calls: list[int] = []
    solve = networkx.max_weight_matching

    def spy(graph: Any, maxcardinality: bool = False) -> Any:
        calls.append(max((w for _, _, w in graph.edges(data="weight")), default=0))
        return solve(graph, maxcardinality=maxcardinality)

    monkeypatch.setattr(networkx, "max_weight_matching", spy)
    yield calls


# -- above rustworkx's range: the exact fallback ------------------------------------------


def test_weights_above_2_130_keep_their_lowest_bits(networkx_calls: list[int]) -> None:
    """Lexicographic packing: the three perfect matchings of K4 tie in the high field (two
    pairs worth ``H = 2**131`` each), and the low bits decide. By construction:
    {0-1, 2-3} = 2H+1+1 = 2H+2, {0-2, 1-3} = 2H+3+0 = 2H+3, {0-3, 1-2} = 2H+2+0 = 2H+2,
    so 0-2, 1-3 is the only optimum. A float solver would see three ties (2**131 + 3 is not
    a double)."""
    high = 1 << 131
    edges = {
        (0, 1): high + 1,
        (2, 3): high + 1,
        (0, 2): high + 3,
        (1, 3): high,
        (0, 3): high + 2,
        (1, 2): high,
    }
    assert _pairs(_graph(4, edges).solve()) == {(0, 2), (1, 3)}
    assert networkx_calls and networkx_calls[0] > 1 << 130


def test_cardinality_comes_before_weight_above_2_130() -> None:
    """A heavy triangle 0-1-2 (2**140 per edge), each corner with a light pendant (3, 4, 5:
    weight 1). The heaviest matching is one triangle edge plus the opposite pendant
    (2**140 + 1), but every pendant can only be matched to its corner, so the only perfect
    matching is 0-3, 1-4, 2-5 (weight 3), and maximum cardinality comes first (as C4,
    completion, comes before every quality criterion)."""
    heavy = 1 << 140
    edges = {(0, 1): heavy, (1, 2): heavy, (0, 2): heavy, (0, 3): 1, (1, 4): 1, (2, 5): 1}
    assert _pairs(_graph(6, edges).solve()) == {(0, 3), (1, 4), (2, 5)}


def test_rustworkx_cannot_take_what_the_fallback_solves() -> None:
    """Weights of 2**128 and more do not even reach rustworkx's solver (its weights are
    128-bit integers); the same graph through MatchingGraph is solved exactly."""
    heavy = 1 << 135
    edges = {(0, 1): heavy + 2, (1, 2): heavy + 5, (2, 3): heavy + 2}
    raw = rustworkx.PyGraph()
    raw.add_nodes_from(range(4))
    for (u, v), weight in edges.items():
        raw.add_edge(u, v, weight)
    with pytest.raises(OverflowError):
        rustworkx.max_weight_matching(raw, max_cardinality=True, weight_fn=int)
    # The path 0-1-2-3 has one perfect matching, 0-1 and 2-3, though 1-2 is the heaviest edge.
    assert _pairs(_graph(4, edges).solve()) == {(0, 1), (2, 3)}


@pytest.mark.parametrize("seed", range(12))
def test_fallback_matches_brute_force_on_random_wide_graphs(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(4, 8)
    edges = _random_edges(rng, size, 200)
    best = _brute_force(size, edges)
    assert _value(_pairs(_graph(size, edges).solve()), edges) == best


# -- just under the cap: rustworkx, and still right ---------------------------------------


def _heaviest(size: int, edges: Edges) -> int:
    """The greatest total weight of any matching, cardinality aside (enumeration)."""
    best = 0
    for count in range(1, size // 2 + 1):
        for chosen in itertools.combinations(edges, count):
            ends = [end for pair in chosen for end in pair]
            if len(set(ends)) == len(ends):
                best = max(best, sum(edges[pair] for pair in chosen))
    return best


@pytest.mark.usefixtures("no_networkx")
@pytest.mark.parametrize("seed", range(40))
def test_unused_bits_are_squeezed_into_rustworkx(seed: int) -> None:
    """Packed weights wider than rustworkx takes, with a run of bits no edge uses (a high
    field at bit 126, a low one below 2**10, nothing between, as a bracket's weights
    before its stages): solve_edges narrows the run and solves them with rustworkx
    (networkx is refused), exactly: the brute-force optimum, with or without maximum
    cardinality first."""
    rng = random.Random(seed)
    size = rng.randint(3, 8)
    edges: Edges = {
        pair: (rng.randrange(4) << 126) + rng.randrange(1 << 10)
        for pair in itertools.combinations(range(size), 2)
        if rng.random() < 0.6
    }
    listed = [(u, v, weight) for (u, v), weight in edges.items()]
    best = _brute_force(size, edges)
    assert _value(_pairs(solve_edges(size, listed, max_cardinality=True)), edges) == best
    heaviest = _heaviest(size, edges)
    assert _value(_pairs(solve_edges(size, listed, max_cardinality=False)), edges)[1] == heaviest


@pytest.fixture
def no_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("networkx used for weights rustworkx can take")

    monkeypatch.setattr(networkx, "max_weight_matching", refuse)


@pytest.mark.usefixtures("no_networkx")
@pytest.mark.parametrize("seed", range(12))
def test_rustworkx_is_exact_just_under_the_cap_small(seed: int) -> None:
    """Against enumeration: weights up to ``2**MAX_WEIGHT_BITS - 1`` go to rustworkx and come
    back optimal (measured with rustworkx 0.18 and this weight mix: right below 2**125, a
    panic or a wrong matching with weights up to 2**126 or 2**127)."""
    rng = random.Random(1000 + seed)
    size = rng.randint(4, 8)
    edges = _random_edges(rng, size, MAX_WEIGHT_BITS)
    assert _value(_pairs(_graph(size, edges).solve()), edges) == _brute_force(size, edges)


@pytest.mark.usefixtures("no_networkx")
def test_rustworkx_is_exact_just_under_the_cap_larger() -> None:
    """Against networkx's exact integer solver on graphs of 10-40 vertices (too many to
    enumerate): the same optimum value under the cap."""
    # The fixture replaced the package's name only; the submodule's is the real solver.
    solve_exactly = networkx.algorithms.matching.max_weight_matching
    for seed in range(20):
        rng = random.Random(2000 + seed)
        size = rng.randint(10, 40)
        edges = _random_edges(rng, size, MAX_WEIGHT_BITS)
        reference = networkx.Graph()
        reference.add_nodes_from(range(size))
        reference.add_weighted_edges_from((u, v, w) for (u, v), w in edges.items())
        exact = {(min(u, v), max(u, v)) for u, v in solve_exactly(reference, maxcardinality=True)}
        got = _pairs(_graph(size, edges).solve())
        assert _value(got, edges) == _value(exact, edges), f"seed {seed}"


def test_packing_just_under_the_cap_keeps_its_lowest_bits(no_networkx: None) -> None:
    """The K4 construction of the 2**131 test, with the high field at 2**122 so that every
    weight stays below 2**124: rustworkx must still see the +3 against +2."""
    high = 1 << (MAX_WEIGHT_BITS - 2)
    edges = {
        (0, 1): 2 * high + 1,
        (2, 3): 2 * high + 1,
        (0, 2): 2 * high + 3,
        (1, 3): 2 * high,
        (0, 3): 2 * high + 2,
        (1, 2): 2 * high,
    }
    assert max(edges.values()) < 1 << MAX_WEIGHT_BITS <= 2 * max(edges.values())
    assert _pairs(_graph(4, edges).solve()) == {(0, 2), (1, 3)}


# -- which solver: the graph follows its current weights ----------------------------------


def test_a_graph_returns_to_rustworkx_once_its_wide_edges_are_gone(
    networkx_calls: list[int],
) -> None:
    wide = 1 << 150
    graph = _graph(4, {(0, 1): wide, (2, 3): 1, (1, 2): 5})
    assert _pairs(graph.solve()) == {(0, 1), (2, 3)}
    assert len(networkx_calls) == 1
    graph.set_weight(0, 1, 7)  # re-weighted below the cap
    assert _pairs(graph.solve()) == {(0, 1), (2, 3)}
    graph.set_weight(1, 3, wide)
    graph.remove_edge(1, 3)  # removed
    graph.set_weight(0, 2, wide)
    graph.remove_vertex(0)  # gone with its vertex
    assert _pairs(graph.solve()) == {(1, 2)}
    assert len(networkx_calls) == 1


def test_negative_weights_are_refused() -> None:
    with pytest.raises(ValueError, match="negative edge weight -1 for 0-1"):
        MatchingGraph(2).set_weight(0, 1, -1)


# -- the Dutch engine through the fallback -----------------------------------------------


def _reference_pairing(problem: Path) -> tuple[str, str]:
    shared_path(*CORPUS)
    got = render_pairing(pair(problem_request(problem), "dutch"))
    return got, reference_path(problem).read_text()


def test_corpus_selection_is_present() -> None:
    shared_path(*CORPUS)
    assert len(SMALL_PROBLEMS) > 150


@pytest.mark.parametrize("problem", SMALL_PROBLEMS, ids=lambda p: p.stem)
def test_dutch_corpus_with_weights_beyond_rustworkx(
    problem: Path, monkeypatch: pytest.MonkeyPatch, networkx_calls: list[int]
) -> None:
    """The Dutch brackets laid out on 200 bits instead of 123: every bracket's solves go to
    networkx (unused bits not narrowed), with weights far above 2**130, and the pairing is
    still the reference's."""
    monkeypatch.setattr(engine.dutch.bracket, "MAX_WEIGHT_BITS", 201)
    monkeypatch.setattr(engine.matching, "_squeeze", lambda *_: None)
    got, expected = _reference_pairing(problem)
    assert got == expected
    assert networkx_calls and max(networkx_calls) > 1 << 150


@pytest.mark.parametrize("problem", SMALL_PROBLEMS, ids=lambda p: p.stem)
def test_dutch_corpus_with_unused_bits_squeezed(
    problem: Path, monkeypatch: pytest.MonkeyPatch, networkx_calls: list[int]
) -> None:
    """The same 200-bit layout, its unused runs of bits narrowed for rustworkx
    (engine.matching._squeeze): the reference's pairing, and networkx never needed."""
    monkeypatch.setattr(engine.dutch.bracket, "MAX_WEIGHT_BITS", 201)
    got, expected = _reference_pairing(problem)
    assert got == expected
    assert not networkx_calls


@pytest.mark.parametrize("problem", SMALL_PROBLEMS, ids=lambda p: p.stem)
def test_dutch_corpus_with_only_the_stage_bits_it_needs(
    problem: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A budget too small for the criteria (16 bits): each bracket's weights grow to its
    criteria plus the fewest tie-breaking stage bits it needs, as a bracket whose criteria
    overflow rustworkx's range does, and the pairing is still the reference's."""
    monkeypatch.setattr(engine.dutch.bracket, "MAX_WEIGHT_BITS", 16)
    got, expected = _reference_pairing(problem)
    assert got == expected
