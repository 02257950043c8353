"""Maximum-cardinality matching on dense graphs held as bit masks, and which vertices some
maximum matching leaves out.

The Burstein engine asks two questions many times per round, always about one bracket at a
time: "can these players all be paired?" and "which of them could be the one left over?".
Both are cardinality questions (no weights), so Edmonds' blossom search answers them in
one pass; the second is the Gallai-Edmonds set D(G): the vertices missed by at least one
maximum matching, which are exactly the *even* vertices of the final search tree rooted at
the vertex the maximum matching leaves exposed.

Vertices are ``0 .. n-1``; ``adjacency[v]`` is an ``int`` whose bit ``u`` is set when the
edge ``v-u`` exists (symmetric, no loops). Bit masks keep the dense brackets of early
rounds cheap: a vertex's unlabelled neighbours are one ``&`` away.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

__all__ = ["bits", "maximum_matching", "missable_vertices"]


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


def maximum_matching(adjacency: Sequence[int]) -> list[int]:
    """A maximum matching as ``mate[v]`` (``-1`` for an exposed vertex).

    >>> maximum_matching([0b110, 0b101, 0b011])  # a triangle: one pair, one left over
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
            _Search(adjacency, mate, root).run(augment=True)
    return mate


def missable_vertices(adjacency: Sequence[int], mate: list[int]) -> int | None:
    """D(G) as a bit mask, for a graph whose maximum matching ``mate`` leaves exactly one
    vertex exposed; ``None`` when it leaves none or more than one.

    >>> # triangle 0-1-2 with a tail 2-3-4: every maximum matching pairs 3
    >>> adjacency = [0b00110, 0b00101, 0b01011, 0b10100, 0b01000]
    >>> bits(missable_vertices(adjacency, maximum_matching(adjacency)))
    [0, 1, 2, 4]
    """
    exposed = [v for v, other in enumerate(mate) if other == -1]
    if len(exposed) != 1:
        return None
    return _Search(adjacency, list(mate), exposed[0]).run(augment=False)


class _Search:
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
