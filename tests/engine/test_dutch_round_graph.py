"""The restricted solves of engine.dutch.round_graph against the solve on every player.

Random nearly complete fields with a weighted scope: whenever the certificate lets the
solve replace the players below the scope by outlets (private ones, or a capped number of
shared ones), its optimum must weigh exactly what the optimum over every unpaired player
weighs, and what it leaves over must really be absorbable by the players below (checked
with networkx's cardinality matching)."""

from __future__ import annotations

import random

import networkx
import pytest

import engine.dutch.round_graph as round_graph
from engine.dutch.round_graph import LOWER, RoundGraph


def _random_graph(
    rng: random.Random, size: int, missing_rate: float, bye_rate: float
) -> RoundGraph:
    """``size`` players, each pair ruled out with ``missing_rate``; with an odd number, a
    PAB dummy that each player may take with ``bye_rate`` (at least the last one)."""
    conflicts: dict[int, set[int]] = {i: set() for i in range(size)}
    for u in range(size):
        for v in range(u + 1, size):
            if rng.random() < missing_rate:
                conflicts[u].add(v)
                conflicts[v].add(u)
    graph = RoundGraph(size, conflicts, size if size % 2 else None)
    if graph.dummy is not None:
        graph.bye_ok = {i for i in range(size) if rng.random() < bye_rate} or {size - 1}
    return graph


def _field(rng: random.Random) -> tuple[RoundGraph, list[int]]:
    size = rng.randint(10, 40)
    missing_rate = rng.choice([0.02, 0.08, 0.15])
    graph = _random_graph(rng, size, missing_rate, bye_rate=0.5)
    start = rng.randint(0, size // 3)
    scope = list(range(start, min(size, start + rng.randint(2, max(2, size // 2)))))
    for u in range(start):
        graph.remove([u])  # paired in earlier brackets (their partners are ignored here)
    graph.set_scope(scope)
    graph.weight_bits = 24
    for a, u in enumerate(scope):
        for v in scope[a + 1 :]:
            if graph.compatible(u, v):
                graph.set_weight(u, v, rng.randrange(1 << 20))
    return graph, scope


def _value(graph: RoundGraph, mate: dict[int, int]) -> int:
    return sum(graph.weights.get((u, v), 0) for u, v in mate.items() if v != LOWER and u < v)


def _absorbable(graph: RoundGraph, mate: dict[int, int]) -> bool:
    """Whether the players below the scope pair with everyone the solve left over to them."""
    lower = graph.unpaired - graph.scope
    left = {u for u, v in mate.items() if u not in lower and (v == LOWER or v in lower)}
    vertices = sorted(left | lower)
    field: networkx.Graph[int] = networkx.Graph()
    field.add_nodes_from(vertices)
    for a, u in enumerate(vertices):
        for v in vertices[a + 1 :]:
            if u in left and v in left:
                continue
            if u == graph.dummy or v == graph.dummy:
                other = v if u == graph.dummy else u
                if other in graph.bye_ok and other in lower:
                    field.add_edge(u, v)
            elif graph.compatible(u, v):
                field.add_edge(u, v)
    return 2 * len(networkx.max_weight_matching(field, maxcardinality=True)) == len(vertices)


@pytest.mark.parametrize("first_cap", [2, round_graph.FIRST_CAP])
def test_restricted_solves_equal_the_whole_field(
    first_cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(round_graph, "FIRST_CAP", first_cap)
    rng = random.Random(first_cap)
    kinds = {"private": 0, "shared": 0}
    solved = 0
    while solved < 150:
        graph, _scope = _field(rng)
        whole = graph.solve(whole=True)
        if len(whole) != len(graph.unpaired) + (graph.dummy is not None):
            continue  # this field cannot be completed; nothing to compare
        solved += 1
        capacity = graph.capacity()
        if capacity < 2:
            continue
        restricted = graph.solve()
        if all(u in graph.scope or u == graph.dummy for u in restricted):  # not the fallback
            kinds["private" if capacity >= graph.reaching() else "shared"] += 1
        assert _value(graph, restricted) == _value(graph, whole)
        assert _absorbable(graph, restricted)
    assert kinds["private"] > 10 and kinds["shared"] > 10, kinds


def _bracket_and_next(rng: random.Random) -> tuple[RoundGraph, list[int], list[int]]:
    """A field whose scope is a bracket (with a few MDPs) and the next score group, weighed
    as the Dutch criteria weigh them: a bracket pair (C6) outweighs every next-group pair,
    whose weight depends on the bracket player alone (C8)."""
    bracket_size = rng.randint(3, 14)
    following_size = rng.randint(bracket_size, 30)
    below = rng.randint(0, 16)
    size = bracket_size + following_size + below
    missing_rate = rng.choice([0.0, 0.03, 0.08])
    graph = _random_graph(rng, size, missing_rate, bye_rate=0.6)
    bracket = list(range(bracket_size))
    following = list(range(bracket_size, bracket_size + following_size))
    moved = frozenset(bracket[: rng.randint(0, 3)])
    unit = 1 << 16
    ahead = {u: rng.randrange(unit) for u in bracket}
    ahead.update(dict.fromkeys(following[:-1], 1 << 10))
    group = round_graph.NextGroup(frozenset(following), ahead, {}, moved)
    summarised = graph.set_scope(bracket + following, group)
    graph.weight_bits = 24
    for a, u in enumerate(bracket):
        for v in bracket[a + 1 :]:
            if graph.compatible(u, v):
                weight = 0 if {u, v} <= moved else unit + rng.randrange(unit)
                graph.set_weight(u, v, weight)
    if not summarised:
        for u in bracket + following:
            for v in following:
                if v > u and graph.compatible(u, v):
                    graph.set_weight(u, v, ahead.get(u, 0))
    return graph, bracket, following


def _stand_in_value(graph: RoundGraph, mate: dict[int, int], following: list[int]) -> int:
    """What a solution with stand-ins weighs in the round: the bracket's pairs, each bracket
    player sent into the next group, and a pair for every two of its players left."""
    group = graph._next  # the group the solve stood in for
    assert group is not None
    inside = sum(graph.weight(u, v) for u, v in mate.items() if 0 <= u < v < graph.size)
    sent = [u for u, v in mate.items() if v == round_graph.FOLLOWING]
    ahead = sum(group.ahead[u] for u in sent if u != graph.dummy)
    return inside + ahead + group.ahead[following[0]] * ((len(following) - len(sent)) // 2)


def _realisable(graph: RoundGraph, mate: dict[int, int], following: list[int]) -> bool:
    """Whether the players of the round complete the solution: each bracket player as sent
    (into the next group, below, or to its partner) and the rest paired among themselves."""
    rest = sorted(graph.unpaired - {u for u, v in mate.items() if v >= 0} | {graph.dummy} - {None})
    sent = {u: v for u, v in mate.items() if v < 0}
    allowed = {round_graph.FOLLOWING: set(following), LOWER: graph.unpaired - graph.scope}
    field: networkx.Graph[int] = networkx.Graph()
    field.add_nodes_from(rest)
    for a, u in enumerate(rest):
        for v in rest[a + 1 :]:
            if u in sent and v in sent:
                continue
            if (u in sent and v not in allowed[sent[u]]) or (
                v in sent and u not in allowed[sent[v]]
            ):
                continue
            if graph.dummy in (u, v):
                if (v if u == graph.dummy else u) in graph.bye_ok:
                    field.add_edge(u, v)
            elif graph.compatible(u, v):
                field.add_edge(u, v)
    return 2 * len(networkx.max_weight_matching(field, maxcardinality=True)) == len(rest)


def test_stand_ins_for_the_next_group_equal_the_whole_field() -> None:
    """The next score group replaced by stand-ins (round_graph module notes, conditions
    (d)-(f)): the optimum weighs what the optimum over every unpaired player weighs, and the
    round's players really complete it."""
    rng = random.Random(2026)
    summarised = 0
    tried = 0
    while summarised < 120:
        tried += 1
        graph, _bracket, following = _bracket_and_next(rng)
        whole = graph.solve(whole=True)
        if len(whole) != len(graph.unpaired) + (graph.dummy is not None):
            continue
        expected = sum(graph.weight(u, v) for u, v in whole.items() if u < v)
        restricted = graph.solve()
        if round_graph.FOLLOWING not in restricted.values() or not graph.stands_in:
            continue
        summarised += 1
        assert _stand_in_value(graph, restricted, following) == expected
        assert _realisable(graph, restricted, following)
    assert tried < 20 * summarised
