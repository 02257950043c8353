"""The Article 4.3 candidate order and "best by the criteria, first in that order", for the
bracket solvers of both editions (burstein.md §4.3, §9, §11.8), and the matching layer
under them.

The spec lists the 15 pairings of six players and the 15 of five players with one floater
in the order Article 4.3 generates them. A bracket whose legal pairs are the union of two
listed pairings admits a few listed pairings (never an unlisted one); with no colour
preferences the solver must return the earliest of them in the listed order. Doing this
for every two listed pairings pins the whole order.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.burstein.bracket import BracketPlayers, pair_bracket_2026
from engine.burstein.rules2017.choice import choose_pairs
from engine.errors import NoValidPairing
from engine.matching import bitmask_matching, bits, missable_vertices

SIX = (
    "1-6 2-5 3-4 · 1-6 2-4 3-5 · 1-6 2-3 4-5 · 1-5 2-6 3-4 · 1-5 2-4 3-6 · 1-5 2-3 4-6 · "
    "1-4 2-6 3-5 · 1-4 2-5 3-6 · 1-4 2-3 5-6 · 1-3 2-6 4-5 · 1-3 2-5 4-6 · 1-3 2-4 5-6 · "
    "1-2 3-6 4-5 · 1-2 3-5 4-6 · 1-2 3-4 5-6"
)
FIVE = (
    "1-5 2-4 3F · 1-5 2-3 4F · 1-5 3-4 2F · 1-4 2-5 3F · 1-4 2-3 5F · 1-4 3-5 2F · "
    "1-3 2-5 4F · 1-3 2-4 5F · 1-3 4-5 2F · 1-2 3-5 4F · 1-2 3-4 5F · 1-2 4-5 3F · "
    "2-5 3-4 1F · 2-4 3-5 1F · 2-3 4-5 1F"
)


def parse(listing: str) -> list[tuple[frozenset[tuple[int, int]], int | None]]:
    """Each candidate as (pairs of 0-based BSN positions, floater position)."""
    found = []
    for candidate in listing.split(" · "):
        pairs, floater = set(), None
        for part in candidate.split():
            if part.endswith("F"):
                floater = int(part[:-1]) - 1
            else:
                a, b = (int(x) - 1 for x in part.split("-"))
                pairs.add((a, b))
        found.append((frozenset(pairs), floater))
    return found


Candidate = tuple[frozenset[tuple[int, int]], int | None]


def union_cases(listing: str) -> Iterator[tuple[frozenset[tuple[int, int]], set[int], Candidate]]:
    candidates = parse(listing)
    for (i, first), (j, second) in itertools.combinations(enumerate(candidates), 2):
        edges = first[0] | second[0]
        floaters = {f for f in (first[1], second[1]) if f is not None}
        admitted = [
            k
            for k, (pairs, f) in enumerate(candidates)
            if pairs <= edges and (f is None or f in floaters)
        ]
        assert i in admitted and j in admitted
        yield edges, floaters, candidates[admitted[0]]


def masks(size: int, edges: frozenset[tuple[int, int]]) -> list[int]:
    adjacency = [0] * size
    for a, b in edges:
        adjacency[a] |= 1 << b
        adjacency[b] |= 1 << a
    return adjacency


def test_the_spec_listings_are_the_generation_order() -> None:
    # §4.3: take BSN 1, 2, ... in turn, opponents from the largest BSN down, floating last.
    def generate(free: list[int]) -> Iterator[Candidate]:
        if not free:
            yield frozenset(), None
            return
        x, rest = free[0], free[1:]
        for y in reversed(rest):
            for pairs, floater in generate([v for v in rest if v != y]):
                yield pairs | {(x, y)}, floater
        if len(free) % 2:
            for pairs, floater in generate(rest):
                if floater is None:
                    yield pairs, x

    assert list(generate(list(range(6)))) == parse(SIX)
    assert list(generate(list(range(5)))) == parse(FIVE)


@pytest.mark.parametrize("listing", [SIX, FIVE], ids=["six", "five-with-floater"])
def test_pre_2026_bracket_takes_the_first_admitted_candidate(listing: str) -> None:
    size = 6 if listing is SIX else 5
    for edges, floaters, expected in union_cases(listing):
        floatable = sum(1 << f for f in floaters) if size % 2 else None
        choice = choose_pairs(masks(size, edges), [0] * size, floatable)
        assert (frozenset(choice.pairs), choice.floater) == expected


@pytest.mark.parametrize("listing", [SIX, FIVE], ids=["six", "five-with-floater"])
def test_2026_bracket_takes_the_first_admitted_candidate(listing: str) -> None:
    # The 2026 solver with one player below to take the floater (equal scores: C6 and C7
    # cannot tell the candidates apart, so the 4.3 order decides).
    size = 6 if listing is SIX else 5
    for edges, floaters, expected in union_cases(listing):
        adjacency = masks(size + (size % 2), edges)
        if size % 2:
            for f in floaters:
                adjacency[f] |= 1 << size
                adjacency[size] |= 1 << f
        outcome = pair_bracket_2026(
            BracketPlayers(
                members=size,
                following=size % 2,
                lower=0,
                adjacency=adjacency,
                scores=[Fraction(2)] * size + [Fraction(1)] * (size % 2),
                wants=[0] * (size + 1),
            )
        )
        floater = outcome.floaters[0] if outcome.floaters else None
        assert (frozenset(outcome.pairs), floater) == expected


def worked_example(e_wants: int) -> tuple[list[int], list[int]]:
    """§9: A..F in BSN order; A and F have met; preferences A W, B B, C W, D B, E (W or B),
    F B (+1 White, -1 Black)."""
    adjacency = [0b111111 & ~(1 << v) for v in range(6)]
    adjacency[0] &= ~(1 << 5)
    adjacency[5] &= ~1
    return adjacency, [1, -1, 1, -1, e_wants, -1]


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_worked_example_skips_four_legal_candidates_for_zero_violations(edition: str) -> None:
    # §9: 1-4 2-5 3-6 has no colour violation; the four legal candidates before it have 2.
    adjacency, wants = worked_example(e_wants=1)
    assert _solve(edition, adjacency, wants) == {(0, 3), (1, 4), (2, 5)}


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_worked_example_variant_takes_the_first_candidate_with_one_violation(edition: str) -> None:
    # §9 variant: E prefers Black; no legal pairing reaches 0, 1-5 2-6 3-4 is the first with 1.
    adjacency, wants = worked_example(e_wants=-1)
    assert _solve(edition, adjacency, wants) == {(0, 4), (1, 5), (2, 3)}


def _solve(edition: str, adjacency: list[int], wants: list[int]) -> set[tuple[int, int]]:
    if edition == "2017":
        return set(choose_pairs(adjacency, wants, None).pairs)
    outcome = pair_bracket_2026(BracketPlayers(6, 0, 0, adjacency, [Fraction(3)] * 6, wants))
    return set(outcome.pairs)


# -- the solvers against literal enumeration ----------------------------------------------


@st.composite
def brackets(draw: st.DrawFn) -> tuple[list[int], list[int], int | None]:
    size = draw(st.integers(1, 9))
    edges = draw(st.lists(st.booleans(), min_size=size * size, max_size=size * size))
    adjacency = [0] * size
    for a in range(size):
        for b in range(a + 1, size):
            if edges[a * size + b]:
                adjacency[a] |= 1 << b
                adjacency[b] |= 1 << a
    wants = draw(st.lists(st.sampled_from([1, -1, 0]), min_size=size, max_size=size))
    floatable = draw(st.integers(0, (1 << size) - 1)) if size % 2 else None
    return adjacency, wants, floatable


Completion = tuple[int, list[tuple[int, int]], int | None]


def first_best(adjacency: list[int], wants: list[int], floatable: int | None) -> Completion | None:
    """Every completion in the 4.3 order; the first with the fewest equal-preference pairs."""
    size = len(adjacency)
    best: Completion | None = None

    def walk(free: int, pairs: list[tuple[int, int]], floater: int | None, clashes: int) -> None:
        nonlocal best
        if not free:
            if best is None or clashes < best[0]:
                best = (clashes, list(pairs), floater)
            return
        x = (free & -free).bit_length() - 1
        for y in reversed(bits(adjacency[x] & free & ~(1 << x))):
            pairs.append((x, y))
            walk(
                free & ~(1 << x) & ~(1 << y),
                pairs,
                floater,
                clashes + (1 if wants[x] and wants[x] == wants[y] else 0),
            )
            pairs.pop()
        if floatable is not None and floater is None and floatable >> x & 1:
            walk(free & ~(1 << x), pairs, x, clashes)

    walk((1 << size) - 1, [], None, 0)
    return best


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(brackets())
def test_pre_2026_bracket_is_the_first_best_completion(
    case: tuple[list[int], list[int], int | None],
) -> None:
    # §11.8: fewest pairs with equal preferences, then the 4.3 order.
    adjacency, wants, floatable = case
    expected = first_best(adjacency, wants, floatable)
    if expected is None:
        return
    choice = choose_pairs(adjacency, wants, floatable)
    assert sorted(choice.pairs) == sorted(expected[1])
    assert choice.floater == expected[2]
    assert choice.same_preference_pairs == expected[0]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    )
)
@pytest.mark.slow
def test_maximum_matching_and_missable_vertices(case: tuple[int, list[bool]]) -> None:
    # The Gallai-Edmonds set D: the vertices some maximum matching leaves exposed.
    size, edges = case
    adjacency = [0] * size
    for a in range(size):
        for b in range(a + 1, size):
            if edges[a * size + b]:
                adjacency[a] |= 1 << b
                adjacency[b] |= 1 << a
    mate = bitmask_matching(adjacency)
    pairs = sum(1 for v in mate if v != -1) // 2
    assert all(
        mate[v] == -1 or (mate[mate[v]] == v and adjacency[v] >> mate[v] & 1) for v in range(size)
    )
    assert pairs == _brute_matching(adjacency, (1 << size) - 1)
    missable = missable_vertices(adjacency, mate)
    if size - 2 * pairs != 1:
        assert missable is None
        return
    expected = sum(
        1 << v
        for v in range(size)
        if _brute_matching(adjacency, ((1 << size) - 1) & ~(1 << v)) == pairs
    )
    assert missable == expected


def _brute_matching(adjacency: list[int], free: int) -> int:
    if not free:
        return 0
    x = (free & -free).bit_length() - 1
    rest = free & ~(1 << x)
    best = _brute_matching(adjacency, rest)
    for y in bits(adjacency[x] & rest):
        best = max(best, 1 + _brute_matching(adjacency, rest & ~(1 << y)))
    return best


@pytest.mark.parametrize(
    "module",
    [
        "engine.burstein.system",
        "engine.burstein",
        "engine.burstein.rules2017.brackets",
        "engine.burstein.rules2017.choice",
        "engine.burstein.colours",
        "engine.burstein.rules2017.players",
        "engine.burstein.rules2017.system",
        "engine.matching",
    ],
)
def test_docstring_examples(module: str) -> None:
    # STYLE.md: the >>> example of each public entry point runs.
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


@st.composite
def sections(draw: st.DrawFn) -> BracketPlayers:
    """A bracket (members of scores 3-5), the next score group (2) and players below (1)."""
    members, following = draw(st.integers(1, 6)), draw(st.integers(0, 3))
    lower = draw(st.integers(0, 2)) if following else 0
    if (members + following + lower) % 2:
        if lower:
            lower -= 1
        elif following:
            following -= 1
        else:
            members += 1
    size = members + following + lower
    edges = draw(st.lists(st.booleans(), min_size=size * size, max_size=size * size))
    adjacency = [0] * size
    for a in range(size):
        for b in range(a + 1, size):
            if edges[a * size + b]:
                adjacency[a] |= 1 << b
                adjacency[b] |= 1 << a
    scores = [Fraction(draw(st.integers(3, 5))) for _ in range(members)]
    scores += [Fraction(2)] * following + [Fraction(1)] * lower
    wants = draw(st.lists(st.sampled_from([1, -1, 0]), min_size=size, max_size=size))
    return BracketPlayers(members, following, lower, adjacency, scores, wants)


def _perfect(adjacency: list[int], vertices: list[int]) -> bool:
    mask = sum(1 << v for v in vertices)
    return 2 * _brute_matching(adjacency, mask) == len(vertices)


def _partials(
    members: list[int], adjacency: list[int]
) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
    """Every way to pair some of ``members`` (the rest float), in the 4.3 order."""
    if not members:
        yield [], []
        return
    x, rest = members[0], members[1:]
    for y in reversed(rest):
        if adjacency[x] >> y & 1:
            for pairs, floaters in _partials([v for v in rest if v != y], adjacency):
                yield [(x, y), *pairs], floaters
    for pairs, floaters in _partials(rest, adjacency):
        yield pairs, [x, *floaters]


def literal_2026(players: BracketPlayers) -> tuple[list[tuple[int, int]], list[int]] | None:
    """C4-C8 read literally over every candidate of the 4.3 order (burstein.md §3)."""
    adjacency, scores, wants = list(players.adjacency), players.scores, players.wants
    m, f = players.members, players.following
    following = list(range(m, m + f))
    lower = list(range(m + f, players.size))
    best: tuple[object, ...] | None = None
    chosen = None
    for pairs, floaters in _partials(list(range(m)), adjacency):
        if not _perfect(adjacency, floaters + following + lower):  # C4
            continue
        c6 = tuple(sorted(-scores[v] for v in floaters))
        c7: tuple[object, ...] = ()
        if f:
            c7 = max(
                (len(p2), tuple(sorted(-scores[v] for v in f2)))
                for p2, f2 in _partials(floaters + following, adjacency)
                if _perfect(adjacency, f2 + lower)
            )
        c8 = -sum(1 for a, b in pairs if wants[a] and wants[a] == wants[b])
        key = (len(pairs), c6, c7, c8)
        if best is None or key > best:
            best, chosen = key, (pairs, floaters)
    return chosen


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(sections())
def test_2026_bracket_is_the_first_best_candidate(players: BracketPlayers) -> None:
    # C4, C5 (pairs), C6 (floaters' scores, highest first, lower is better), C7 (the next
    # bracket's C5 and C6), C8 (colour clashes), then the first in the 4.3 order.
    expected = literal_2026(players)
    if expected is None:
        with pytest.raises(NoValidPairing):
            pair_bracket_2026(players)
        return
    outcome = pair_bracket_2026(players)
    assert sorted(outcome.pairs) == sorted(expected[0])
    assert sorted(outcome.floaters) == sorted(expected[1])
