"""Maximum-weight matching among maximum-cardinality matchings, with no chess knowledge.

The pairing systems rank candidate pairings by many criteria at once by packing them into
one integer edge weight (most important criterion in the highest bits). The fast solver is
rustworkx's blossom algorithm, which works on 128-bit integers: it doubles weights and adds
dual variables, so it is right only while every weight stays below ``2**MAX_WEIGHT_BITS``
(measured with rustworkx 0.18 on random graphs: right with weights below ``2**125``, panics
with weights up to ``2**126``, wrong matchings without an error up to ``2**127``, refused from
``2**128``). A graph with a larger weight goes to networkx's blossom algorithm,
the same method in pure Python on unbounded integers: exact at any size, slower.

Beside the weighted solver: cardinality questions on dense graphs held as bit masks (Edmonds'
search, and the Gallai-Edmonds set of vertices some maximum matching leaves out), "can all
of these be paired?" with a cheap greedy try before the exact answer, packing ranked criteria
into one weight (:class:`Tiers`), and the lexicographically first complete assignment.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import islice
from operator import itemgetter
from typing import TypeVar

import rustworkx

__all__ = [
    "MAX_WEIGHT_BITS",
    "Compatible",
    "MatchingGraph",
    "Order",
    "Tiers",
    "WeightTooLarge",
    "WeightedGraph",
    "bitmask_matching",
    "bits",
    "complete_greedily",
    "covering_exists",
    "first_transposition",
    "maximum_matching",
    "missable_vertices",
    "perfect_matching",
    "solve_edges",
]

T = TypeVar("T")
V = TypeVar("V")
W = TypeVar("W")
Compatible = Callable[[T, T], bool]
Order = Callable[[T, list[T]], Iterable[T]]

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
    free = dict.fromkeys(nodes)
    pairs: list[tuple[T, T]] = []
    for head in nodes:
        if head not in free:
            continue
        del free[head]
        offered = order(head, list(free)) if order is not None else free
        partner = next((other for other in offered if compatible(head, other)), None)
        if partner is None:
            return None
        del free[partner]
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
            _check_weight(weight)
        self._graph = rustworkx.PyGraph(multigraph=False)
        self._graph.add_nodes_from(range(size))
        self.size = size
        self.index = {
            (a, b): e for (a, b, _), e in zip(edges, self._graph.add_edges_from(list(edges)))
        }
        """Edge ``(a, b)`` (as given, a < b) -> its index in the graph."""

    def weight(self, edge: int) -> int:
        return int(self._graph.get_edge_data_by_index(edge))

    def set_weight(self, edge: int, weight: int) -> None:
        _check_weight(weight)
        self._graph.update_edge_by_index(edge, weight)

    def remove(self, edge: int) -> None:
        self._graph.remove_edge_from_index(edge)

    def mate(self) -> list[int]:
        """A maximum-weight matching as a mate list (-1 = unmatched)."""
        mate = [-1] * self.size
        for a, b in rustworkx.max_weight_matching(self._graph, weight_fn=int):
            mate[a], mate[b] = b, a
        return mate


def _check_weight(weight: int) -> None:
    if not 0 < weight < 1 << MAX_WEIGHT_BITS:
        raise WeightTooLarge(f"matching weight {weight} outside (0, 2**{MAX_WEIGHT_BITS})")


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


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def bitmask_matching(adjacency: Sequence[int]) -> list[int]:
    """A maximum matching as ``mate[v]`` (``-1`` for an exposed vertex).

    >>> bitmask_matching([0b110, 0b101, 0b011])  # a triangle: one pair, one left over
    [1, 0, -1]
    """
    n = len(adjacency)
    mate = [-1] * n
    free = (1 << n) - 1
    for v in range(n):  # greedy start: most vertices of a dense graph are paired here
        if mate[v] == -1:
            options = adjacency[v] & free & ~(1 << v)
            if options:
                u = (options & -options).bit_length() - 1
                mate[v], mate[u] = u, v
                free &= ~((1 << v) | (1 << u))
    for root in range(n):
        if mate[root] == -1:
            _BitmaskSearch(adjacency, mate, root).run(augment=True)
    return mate


def missable_vertices(adjacency: Sequence[int], mate: list[int]) -> int | None:
    """D(G) as a bit mask, for a graph whose maximum matching ``mate`` leaves exactly one
    vertex exposed; ``None`` when it leaves none or more than one.

    >>> # triangle 0-1-2 with a tail 2-3-4: every maximum matching pairs 3
    >>> adjacency = [0b00110, 0b00101, 0b01011, 0b10100, 0b01000]
    >>> bits(missable_vertices(adjacency, bitmask_matching(adjacency)))
    [0, 1, 2, 4]
    """
    exposed = [v for v, other in enumerate(mate) if other == -1]
    if len(exposed) != 1:
        return None
    return _BitmaskSearch(adjacency, list(mate), exposed[0]).run(augment=False)


class _BitmaskSearch:
    """One alternating-tree search from ``root`` with blossom shrinking (Edmonds).

    ``even``/``odd`` label the tree's vertices; ``base[v]`` is the base of the blossom that
    holds ``v`` and ``members[b]`` the mask of blossom ``b``'s vertices.
    """

    def __init__(self, adjacency: Sequence[int], mate: list[int], root: int) -> None:
        n = len(adjacency)
        self.adjacency = adjacency
        self.mate = mate
        self.root = root
        self.parent = [-1] * n
        self.base = list(range(n))
        self.members = [1 << v for v in range(n)]
        self.even = 1 << root
        self.odd = 0
        self.queue: deque[int] = deque([root])

    def run(self, *, augment: bool) -> int:
        """Grow the tree; with ``augment``, flip the first augmenting path found (returning
        0). Otherwise, or when none exists, return the mask of even vertices."""
        mate, parent = self.mate, self.parent
        while self.queue:
            v = self.queue.popleft()
            candidates = self.adjacency[v] & ~self.odd & ~self.members[self.base[v]]
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                to = low.bit_length() - 1
                if self.base[v] == self.base[to]:
                    continue
                if self.even & low:
                    self._shrink(v, to)
                    candidates &= ~self.members[self.base[v]]
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        if augment:
                            self._flip(to)
                            return 0
                        continue
                    self.odd |= low
                    partner = mate[to]
                    self.even |= 1 << partner
                    self.queue.append(partner)
        return self.even

    def _flip(self, end: int) -> None:
        mate, parent = self.mate, self.parent
        v = end
        while v != -1:
            before = parent[v]
            following = mate[before]
            mate[v], mate[before] = before, v
            v = following

    def _common_base(self, a: int, b: int) -> int:
        seen = set()
        while True:
            a = self.base[a]
            seen.add(a)
            if self.mate[a] == -1:
                break
            a = self.parent[self.mate[a]]
        while True:
            b = self.base[b]
            if b in seen:
                return b
            b = self.parent[self.mate[b]]

    def _mark(self, v: int, stop: int, child: int, blossom: set[int]) -> None:
        while self.base[v] != stop:
            blossom.add(self.base[v])
            blossom.add(self.base[self.mate[v]])
            self.parent[v] = child
            child = self.mate[v]
            v = self.parent[self.mate[v]]

    def _shrink(self, v: int, to: int) -> None:
        top = self._common_base(v, to)
        blossom: set[int] = set()
        self._mark(v, top, to, blossom)
        self._mark(to, top, v, blossom)
        joined = 0
        for b in blossom:
            joined |= self.members[b]
        joined |= self.members[top]
        for u in bits(joined):
            self.base[u] = top
        self.members[top] = joined
        newly_even = joined & ~self.even
        self.even |= joined
        self.odd &= ~joined
        self.queue.extend(bits(newly_even))


def solve_edges(
    size: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool
) -> dict[int, int]:
    """A maximum-weight matching of the graph on ``0 .. size-1`` with these ``(u, v, weight)``
    edges (no pair twice), as ``vertex -> mate`` both ways; among maximum-cardinality
    matchings only when ``max_cardinality``.

    For callers that build a fresh graph per solve: the graph is made in bulk calls on a
    multigraph, which skips rustworkx's O(degree) duplicate check per edge (the caller
    guarantees there are no duplicates), a slice of ``edges`` at a time, so that a caller
    may pass a generator over millions of edges without listing them all. Weights beyond
    rustworkx's range are narrowed where no edge uses some bits (:func:`_squeeze`), else
    go to networkx.
    """
    graph: rustworkx.PyGraph = rustworkx.PyGraph(multigraph=True)
    graph.add_nodes_from(range(size))
    heaviest = 0
    chunks = iter(edges)
    while chunk := list(islice(chunks, _EDGES_PER_CALL)):
        graph.add_edges_from(chunk)
        top = max(map(itemgetter(2), chunk))
        heaviest = max(heaviest, top)
    weigh: Callable[[int], int] | None = int
    if not _fits_rustworkx(heaviest):
        weigh = _squeeze(graph, heaviest, size // 2)
    pairs: Iterable[tuple[int, int]]
    if weigh is not None:
        pairs = rustworkx.max_weight_matching(
            graph, max_cardinality=max_cardinality, weight_fn=weigh
        )
    else:
        import networkx

        wide: networkx.Graph[int] = networkx.Graph()
        wide.add_nodes_from(range(size))
        wide.add_weighted_edges_from(graph.weighted_edge_list())
        pairs = networkx.max_weight_matching(wide, maxcardinality=max_cardinality)
    mate: dict[int, int] = {}
    for u, v in pairs:
        mate[u] = v
        mate[v] = u
    return mate


_EDGES_PER_CALL = 1 << 16
"""Edges :func:`solve_edges` lists at a time."""


def _squeeze(graph: rustworkx.PyGraph, heaviest: int, pairs: int) -> Callable[[int], int] | None:
    """Weights for rustworkx that order every matching as ``graph``'s own do, or None when
    even they do not fit its range.

    Packed weights often have runs of bits that no edge uses (a bracket's stage bits before
    its stages, the room a solve makes below them). A run from bit ``lo`` up to ``hi``
    only has to keep room for what the bits below it add up to over a matching, less than
    ``pairs * 2**lo``: narrowed to ``pairs.bit_length()`` bits, every matching's weight
    still compares with every other's as before (the parts above the run, then the part
    below it), so the optimal matchings are the same.
    """
    used = 0
    for weight in graph.edges():
        used |= weight
    room = pairs.bit_length()
    runs: list[tuple[int, int]] = []  # (lo, hi): bits lo .. hi-1 unused, wider than room
    start: int | None = None
    for bit in range(heaviest.bit_length()):
        if used >> bit & 1:
            if start is not None and bit - start > room:
                runs.append((start, bit))
            start = None
        elif start is None:
            start = bit
    runs.reverse()  # the highest first: narrowing one leaves the bits below it in place

    def squeeze(weight: int) -> int:
        for lo, hi in runs:
            weight = ((weight >> hi) << (lo + room)) | (weight & ((1 << lo) - 1))
        return weight

    return squeeze if runs and _fits_rustworkx(squeeze(heaviest)) else None
