"""One bracket of the 2026 Burstein system: criteria C4-C8 and the Article 4.3 order
(burstein.md §3, §4.3).

The criteria are packed into one integer weight per edge, most important in the highest
bits, and solved as a maximum-weight matching over the bracket ``M`` and the next score
group ``N`` (the players the bracket's floaters would meet, C7):

* C5 - one unit per pair inside ``M``;
* C6 - for every member of ``M`` paired inside it, ``(|M|+1) ** level`` of his score, so
  that the floaters left over have the lowest scores, compared from the highest down;
* C7 - the following bracket (``N`` plus this bracket's floaters) judged by C5 and C6 the
  same way: one unit per pair inside it, then its paired members' score levels;
* C8 - one unit per pair inside ``M`` whose colour preferences are not the same;
* the 4.3 order - the next few members' opponents' BSNs, in order, below all criteria.

Players below ``N`` are left out of that matching (C4 is checked on the result, and the
bracket is solved again with every lower player in the graph, each obliged to be paired,
if the result would leave the round unpairable). Each matching fixes the opponents of as
many members, in BSN order, as the spare bits allow; a member whose current optimal
completion already gives him the lowest possible opponent is fixed without a new matching.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import rustworkx

from engine.burstein_matching import bits, maximum_matching
from engine.errors import NoValidPairing, PairingError
from engine.matching import MAX_WEIGHT_BITS

__all__ = ["BracketOutcome", "BracketPlayers", "pair_bracket_2026"]

_SPARE_BITS = 4


@dataclass(frozen=True, slots=True)
class BracketPlayers:
    """The players one bracket deals with, as vertices: ``members`` (BSN order: the
    bracket), ``following`` (the next score group), ``lower`` (everyone below that).

    ``adjacency`` is indexed by vertex ``0 .. len(all)-1`` in that concatenated order;
    ``scores`` are pairing scores; ``wants`` +1 / -1 / 0 for White / Black / none.
    """

    members: int
    following: int
    lower: int
    adjacency: Sequence[int]
    scores: Sequence[Fraction]
    wants: Sequence[int]

    @property
    def size(self) -> int:
        return self.members + self.following + self.lower


@dataclass(slots=True)
class BracketOutcome:
    """Pairs as ``(chooser, opponent)`` member vertices, in the order fixed; floaters are
    members left for the next bracket, in BSN order."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)
    clashes: int = 0
    matchings: int = 0
    with_lower: bool = False


def pair_bracket_2026(players: BracketPlayers) -> BracketOutcome:
    """Pair one bracket by C4-C8 and the 4.3 order.

    :raises NoValidPairing: when the round cannot be completed from this bracket on.
    """
    if players.following:
        try:
            outcome = _Solver(players, with_lower=False).run()
        except _LowerPlayersMatter:
            pass
        else:
            if outcome is not None:
                return outcome
    outcome = _Solver(players, with_lower=True).run()
    if outcome is None:
        raise NoValidPairing("the remaining players cannot all be paired (C4)")
    return outcome


class _LowerPlayersMatter(Exception):
    """A completion found without the players below the next score group does not extend
    to them: the bracket must be solved with them in the graph."""


class _Solver:
    def __init__(self, players: BracketPlayers, *, with_lower: bool) -> None:
        self.p = players
        self.with_lower = with_lower
        self.limit = players.size if with_lower else players.members + players.following
        m = players.members
        self.open = (1 << m) - 1  # members not yet decided
        self.outcome = BracketOutcome(with_lower=with_lower)
        self.mate: dict[int, int] = {}
        member_levels = sorted({players.scores[v] for v in range(m)})
        following_levels = sorted({players.scores[v] for v in range(m + players.following)})
        self.c6 = {s: (m + 1) ** i for i, s in enumerate(member_levels)}
        next_base = m + players.following + 1
        self.c7 = {s: next_base ** i for i, s in enumerate(following_levels)}
        self.c8_bits = (m // 2 + 1).bit_length()
        c7b_bits = (next_base ** len(following_levels) * (m + players.following)).bit_length()
        c7a_bits = ((m + players.following) // 2 + 1).bit_length()
        c6_bits = ((m + 1) ** len(member_levels) * m).bit_length()
        self.shift_c7b = self.c8_bits
        self.shift_c7a = self.shift_c7b + c7b_bits
        self.shift_c6 = self.shift_c7a + c7a_bits
        self.shift_c5 = self.shift_c6 + c6_bits
        self.criteria_bits = self.shift_c5 + ((m // 2 + 1).bit_length())

    def run(self) -> BracketOutcome | None:
        m = self.p.members
        for x in range(m):
            if not self.open >> x & 1:
                continue
            if self.mate and self._obvious(x):
                continue
            if not self._solve(x):
                return None
        return self.outcome

    def _candidates(self, x: int) -> int:
        return self.p.adjacency[x] & self.open & ~((1 << (x + 1)) - 1)

    def _obvious(self, x: int) -> bool:
        """Fix ``x`` without a matching when the current optimal completion already gives
        him his lowest legal opponent (nothing lower could be chosen)."""
        candidates = self._candidates(x)
        partner = self.mate.get(x)
        if not candidates:
            self._float(x)
            return True
        if partner is None or partner != candidates.bit_length() - 1:
            return False
        self._pair(x, partner)
        return True

    def _pair(self, x: int, y: int) -> None:
        self.open &= ~((1 << x) | (1 << y))
        self.outcome.pairs.append((x, y))
        w = self.p.wants
        if w[x] and w[x] == w[y]:
            self.outcome.clashes += 1

    def _float(self, x: int) -> None:
        self.open &= ~(1 << x)
        self.outcome.floaters.append(x)

    def _criteria(self, a: int, b: int) -> int:
        """The criteria part of edge ``a-b`` (``a < b``), without the 4.3 order."""
        p = self.p
        m, n = p.members, p.members + p.following
        if b < m:
            if not (self.open >> a & 1 and self.open >> b & 1):
                return -1  # a decided floater meets nobody inside the bracket any more
            compatible = not (p.wants[a] and p.wants[a] == p.wants[b])
            return ((1 << self.shift_c5) + ((self.c6[p.scores[a]] + self.c6[p.scores[b]])
                                            << self.shift_c6) + (int(compatible)))
        if b < n:
            return (1 << self.shift_c7a) + (
                (self.c7[p.scores[a]] + self.c7[p.scores[b]]) << self.shift_c7b)
        return 0

    def _solve(self, x: int) -> bool:
        """One matching: fixes the next members' choices from ``x`` on; False when no
        completion exists."""
        p = self.p
        m = p.members
        spread = (m + 1).bit_length()
        room = MAX_WEIGHT_BITS - _SPARE_BITS - self.criteria_bits
        if room < spread:
            raise PairingError(
                f"a bracket of {m} players with these score levels does not fit the "
                "matching's weight range"
            )
        choosers = [v for v in bits(self.open) if v >= x][: max(1, room // spread)]
        top = spread * len(choosers)
        level = {v: len(choosers) - 1 - i for i, v in enumerate(choosers)}
        floated = set(self.outcome.floaters)
        vertices = [v for v in range(self.limit) if v >= m or self.open >> v & 1 or v in floated]
        index = {v: i for i, v in enumerate(vertices)}
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(vertices)
        for a in vertices:
            for b in bits(p.adjacency[a] & ~((1 << (a + 1)) - 1)):
                if b >= self.limit or b not in index:
                    continue
                weight = self._criteria(a, b)
                if weight < 0:
                    continue
                weight <<= top
                if a in level and b < m:
                    weight += (b - a) << (spread * level[a])
                graph.add_edge(index[a], index[b], weight)
        self.outcome.matchings += 1
        solution = rustworkx.max_weight_matching(
            graph, max_cardinality=self.with_lower, weight_fn=int)
        mate = {}
        for i, j in solution:
            mate[vertices[i]], mate[vertices[j]] = vertices[j], vertices[i]
        if self.with_lower and 2 * len(solution) != len(vertices):
            return False
        if not self.with_lower and not self._extends(mate, vertices):
            raise _LowerPlayersMatter
        self.mate = mate
        for v in choosers:
            if not self.open >> v & 1:
                continue
            partner = mate.get(v)
            if partner is not None and partner < m:
                self._pair(v, partner)
            else:
                self._float(v)
        return True

    def _extends(self, mate: dict[int, int], vertices: list[int]) -> bool:
        """C4 for a completion found without the lower players: whoever it leaves unpaired
        can be paired with the players below the next score group."""
        p = self.p
        start = p.members + p.following
        rest = p.size - start
        window = (1 << rest) - 1
        loose = [v for v in vertices if v not in mate]
        graph = [(p.adjacency[v] >> start) & window for v in range(start, p.size)]
        for i, v in enumerate(loose):
            mask = (p.adjacency[v] >> start) & window
            for j, u in enumerate(loose):
                if p.adjacency[v] >> u & 1:
                    mask |= 1 << (rest + j)
            graph.append(mask)
            for u in bits(mask & window):
                graph[u] |= 1 << (rest + i)
        return all(other != -1 for other in maximum_matching(graph))
