"""The compatibility graph of one Dutch round, and its solves restricted to the bracket being
decided whenever the players below it are certified to absorb whoever it leaves over.

Every solve of :mod:`engine.dutch.bracket` asks for a complete round pairing (a perfect
matching of the unpaired players, plus the PAB dummy when their number is odd) of greatest
weight. Only pairs inside the *scope* (the bracket being paired and the next score group)
and the dummy's pairs carry weight; pairs of the players below the scope (the set ``L``) and
pairs between them and the scope weigh 0. So a solution is a matching ``N`` inside the scope
(with the dummy) of weight ``w(N)``, plus any pairing of the rest, and ``N`` is possible
exactly when the set ``X`` of scope players (and the dummy) it leaves over can each be given
their own partner in ``L`` while the other players of ``L`` pair among themselves.

**Certificate** (checked before every solve, from degree counts). Call a scope player
*reaching* when it is compatible with someone in ``L``, the dummy when it may take someone of
``L``; let ``k`` be their number. If

(a) ``k <= |L|``,
(b) every reaching scope player is compatible with at least ``k`` players of ``L``, and
(c) every player of ``L`` is compatible with at least ``(|L| + k) / 2`` others of ``L``,

then ``X`` can be absorbed if and only if all of ``X`` is reaching (the parity of ``|X|`` is
always right: the whole round has an even number of vertices). "Only if" is plain. "If":
give the dummy, when in ``X``, any of its partners in ``L``, then each other member in turn
one not yet taken (it has ``>= k >= |X|``, so one is left: Hall's condition, by greed). The
``n' = |L| - |X|`` players of ``L`` left keep at least ``(|L| + k) / 2 - |X| >= n' / 2``
partners among themselves; ``n'`` is even, so for ``n' >= 4`` Dirac's theorem gives a
Hamiltonian cycle and with it a perfect matching, for ``n' = 2`` the degree bound is the
edge, and ``n' = 0`` needs nothing.

Under the certificate (with ``t >= k``, see below) a solve needs only the scope and the
dummy: a reaching player may stay unmatched (it goes to ``L``), every other vertex must be
covered, which a bonus ``B`` per covered such endpoint (above every possible ``w(N)``) makes
the first objective of a maximum-weight matching that need not have maximum cardinality.
It allows exactly the same ``N`` as the whole round, so its optimum is an optimum of the
whole round and every tie-break the stages ask for sees the same choices.

**Capped form.** Conditions (b) and (c) with ``k`` replaced by ``t`` (and ``t <= |L|``)
certify every ``X`` of at most ``t`` reaching players. When ``t < k``, ``L`` is replaced by
``cap <= t`` *outlet* vertices shared by all reaching players, and outlet pairs get a
tie-break of 1 below every weight, so that among the optima the solve keeps as many leftover
players as it can. If it keeps fewer than ``cap - 1``, no optimum of the whole round keeps
more than ``cap``: the best ``w(N)`` with exactly ``j`` leftovers, ignoring whether ``L`` can
absorb them, is concave in ``j`` (it is a linear programme over the face of the matching
polytope that covers the non-reaching players, cut by a fixed number of pairs, whose
vertices are matchings), so an optimum with more than ``cap`` leftovers would make ``j + 2``
leftovers optimal as well, and the tie-break would have taken them. Otherwise the cap is
raised, up to ``t``, and beyond that the solve runs on the whole field.

When the certificate fails (low brackets, sparse small fields) the solve runs on every
unpaired player, as the rules state it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet

from engine.matching import solve_edges

__all__ = ["LOWER", "RESERVED_BITS", "Compatibility", "RoundGraph"]

LOWER = -1
"""A mate standing for "some player below the scope" (an outlet, or left to ``L``)."""

FIRST_CAP = 12
"""Shared outlets tried first when private ones are not certified (see :meth:`RoundGraph.solve`)."""

CAP_BITS = 13
"""Shared outlets are at most ``2**CAP_BITS - 2``: their tie-break takes this many low bits."""

RESERVED_BITS = 2 + CAP_BITS
"""Bits a solve adds above a bracket's weights (the coverage bonus) and below them (the
shared outlets' tie-break); the weights must leave them free to stay within rustworkx."""


class Compatibility(Mapping[int, AbstractSet[int]]):
    """Who may meet whom (C1, C3, arbiter-forbidden pairs), kept as the few pairs that may
    not: at federation scale the graph is nearly complete, and its complement is what fits
    in memory. ``self[i]`` is the set of players compatible with ``i``, built on demand."""

    def __init__(self, size: int, conflicts: dict[int, set[int]]) -> None:
        self.size = size
        self.conflicts = conflicts

    def __getitem__(self, i: int) -> AbstractSet[int]:
        if not 0 <= i < self.size:
            raise KeyError(i)
        return set(range(self.size)) - self.conflicts[i] - {i}

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size))

    def __len__(self) -> int:
        return self.size


class RoundGraph:
    """The unpaired players of a round, their compatibilities and the current edge weights.

    Vertices are pairing-order indices ``0 .. size-1``; ``dummy`` (``size``, when the number
    of players is odd) stands for the PAB and is joined to the players in ``bye_ok``.
    Weights live on pairs of the scope and on the dummy's pairs; every other compatible pair
    weighs 0.
    """

    def __init__(self, size: int, conflicts: dict[int, set[int]], dummy: int | None) -> None:
        self.size = size
        self.dummy = dummy
        self.missing: dict[int, set[int]] = {i: set(conflicts[i]) for i in range(size)}
        """Players ``i`` may not meet: the round's conflicts, then the pairs ruled out."""
        self.unpaired: set[int] = set(range(size))
        self.bye_ok: set[int] = set()
        self.weights: dict[tuple[int, int], int] = {}
        self.scope: set[int] = set()
        self.weight_bits = 0
        """Every sum of weights of a matching is below ``2**weight_bits`` (set with each
        bracket's weights); the coverage bonus ``B`` is ``2**weight_bits``."""
        self._lower: set[int] = set()
        self._lower_degree = 0
        self._reach: dict[int, int] = {}
        self._dummy_reaches = False

    # -- the graph ---------------------------------------------------------------------

    def compatible(self, u: int, v: int) -> bool:
        return v not in self.missing[u]

    def adjacent(self, u: int, among: AbstractSet[int]) -> set[int]:
        """The unpaired players of ``among`` that ``u`` may still meet."""
        found = self.unpaired.intersection(among)
        found -= self.missing[u]
        found.discard(u)
        return found

    def set_weight(self, u: int, v: int, weight: int) -> None:
        self.weights[(u, v) if u < v else (v, u)] = weight

    def forbid(self, u: int, v: int) -> None:
        """Rule out a pair for the rest of the round."""
        self.missing[u].add(v)
        self.missing[v].add(u)
        self.weights.pop((u, v) if u < v else (v, u), None)

    def remove(self, u: int) -> None:
        """``u`` has been paired."""
        self.unpaired.discard(u)
        self.scope.discard(u)
        for other in self.scope:
            self.weights.pop((u, other) if u < other else (other, u), None)
        if self.dummy is not None:
            self.weights.pop((u, self.dummy), None)
        self.bye_ok.discard(u)

    def set_scope(self, members: Iterable[int]) -> None:
        """The players whose pairs carry weight from now on; the degree counts the
        certificate needs are taken here (they do not change while the scope is paired:
        pairing and ruling out pairs happen inside the scope)."""
        self.scope = {m for m in members if m in self.unpaired}
        lower = self.unpaired - self.scope
        size = len(lower)
        self._lower = lower
        self._lower_degree = min(
            (size - 1 - len(self.missing[v] & lower) for v in lower), default=0
        )
        self._reach = {x: size - len(self.missing[x] & lower) for x in self.scope}
        self._dummy_reaches = self.dummy is not None and not self.bye_ok.isdisjoint(lower)

    # -- solving -----------------------------------------------------------------------

    def capacity(self) -> int:
        """How many leftover players ``L`` can take in any combination, by the certificate:
        the largest ``t`` with (b) and (c) (and ``t <= |L|``); negative when it certifies
        nothing, not even that ``L`` pairs among itself."""
        lower = len(self._lower)
        reach = [r for x, r in self._reach.items() if r and x in self.scope]
        return min(lower, min(reach, default=lower), 2 * self._lower_degree - lower)

    def reaching(self) -> int:
        """``k``: the scope players (and the dummy) that could be left over to ``L``."""
        count = sum(1 for x, r in self._reach.items() if r and x in self.scope)
        return count + (1 if self._dummy_reaches else 0)

    def reaches_lower(self, x: int) -> bool:
        """Whether scope player ``x`` may be left over to the players below the scope."""
        return self._reach.get(x, 0) > 0

    def dummy_reaches_lower(self) -> bool:
        return self._dummy_reaches

    def solve(self, *, whole: bool = False) -> dict[int, int]:
        """A complete round pairing of greatest weight, as ``vertex -> mate`` both ways for
        the scope (and the dummy); a partner below the scope may be given as :data:`LOWER`.
        ``whole`` solves on every unpaired player whatever the certificate says (for
        weights below the scope)."""
        if not whole:
            capacity = self.capacity()
            if capacity >= self.reaching():
                return self._solve_free()
            capacity = min(capacity, (1 << CAP_BITS) - 2)
            cap = min(capacity, FIRST_CAP)
            while cap >= 2:
                mate = self._solve_scope(cap)
                left_over = sum(1 for other in mate.values() if other == LOWER)
                if left_over + 2 <= cap:
                    return mate
                if cap == capacity:
                    break
                cap = min(capacity, 4 * cap)
        return self._solve_whole()

    def solve_among(self, vertices: AbstractSet[int]) -> dict[int, int]:
        """A maximum-cardinality matching of greatest weight on ``vertices`` alone (their
        compatible pairs at their current weights), as ``vertex -> mate`` both ways; for a
        caller who has proved that every optimum pairs these players among themselves."""
        order = sorted(vertices)
        index = {v: i for i, v in enumerate(order)}
        weights = self.weights
        edges = [
            (index[u], index[v], weights.get((u, v), 0))
            for u in order
            for v in self.adjacent(u, vertices)
            if u < v
        ]
        found = solve_edges(len(order), edges, max_cardinality=True)
        return {order[i]: order[j] for i, j in found.items()}

    def _solve_free(self) -> dict[int, int]:
        """Solve on the scope and the dummy alone when any reaching player may be left
        over: those may stay unmatched (a private outlet each, in effect), every other
        vertex must be covered (a bonus ``B`` per such endpoint), and the matching need
        not have maximum cardinality."""
        order = sorted(self.scope)
        dummy = self.dummy
        must = {x for x in order if not self._reach[x]}
        if dummy is not None:
            order.append(dummy)
            if not self._dummy_reaches:
                must.add(dummy)
        index = {v: i for i, v in enumerate(order)}
        bonus = 1 << self.weight_bits
        edges = [
            (index[u], index[v], weight + bonus * ((u in must) + (v in must)))
            for (u, v), weight in self.weights.items()
        ]
        if dummy is not None:
            d = index[dummy]
            for x in self.bye_ok & self.scope:
                if (x, dummy) not in self.weights:
                    edges.append((index[x], d, bonus * ((x in must) + (dummy in must))))
        found = solve_edges(len(order), edges, max_cardinality=False)
        return {v: order[found[i]] if i in found else LOWER for i, v in enumerate(order)}

    def _solve_scope(self, cap: int) -> dict[int, int]:
        """Solve on the scope and the dummy, ``L`` replaced by ``cap`` outlets shared by
        the reaching players."""
        order = sorted(self.scope)
        dummy = self.dummy
        if dummy is not None:
            order.append(dummy)
        index = {v: i for i, v in enumerate(order)}
        bonus = 1 << self.weight_bits
        shift = (cap + 1).bit_length()
        edges = [
            (index[u], index[v], (2 * bonus + weight) << shift)
            for (u, v), weight in self.weights.items()
        ]
        if dummy is not None:
            d = index[dummy]
            for x in self.bye_ok & self.scope:
                if (x, dummy) not in self.weights:
                    edges.append((index[x], d, (2 * bonus) << shift))
        reaching = [index[x] for x, reach in self._reach.items() if reach and x in self.scope]
        if self._dummy_reaches and dummy is not None:
            reaching.append(index[dummy])
        outlet = len(order)
        for o in range(outlet, outlet + cap):
            edges.extend((i, o, (bonus << shift) + 1) for i in reaching)
        outlet += cap
        found = solve_edges(outlet, edges, max_cardinality=False)
        mate: dict[int, int] = {}
        for i, j in found.items():
            if i < len(order):
                mate[order[i]] = order[j] if j < len(order) else LOWER
        return mate

    def _solve_whole(self) -> dict[int, int]:
        order = sorted(self.unpaired)
        dummy = self.dummy
        if dummy is not None:
            order.append(dummy)
        index = {v: i for i, v in enumerate(order)}
        weights = self.weights
        edges = []
        for a, u in enumerate(order):
            missing = self.missing[u] if u != dummy else set()
            for v in order[a + 1 :]:
                if v == dummy:
                    if u in self.bye_ok:
                        edges.append((a, index[v], weights.get((u, v), 0)))
                elif v not in missing:
                    edges.append((a, index[v], weights.get((u, v), 0)))
        found = solve_edges(len(order), edges, max_cardinality=True)
        return {order[i]: order[j] for i, j in found.items()}
