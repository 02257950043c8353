"""One bracket of the 2026 Burstein system: criteria C4-C8 and the Article 4.3 order
(burstein.md §3, §4.3); and who may meet whom at all (:func:`player_adjacency`, which the
2017 edition reads too).

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

Players below ``N`` are left out of that matching (C4 is checked on every completion used,
and the bracket is solved again with every lower player in the graph, each obliged to be
paired, if one would leave the round unpairable). As in the pre-2026 solver, a current
optimal completion is kept (a greedy one when it reaches the criteria's upper bound) and a
member's candidates are settled lowest first: ruled out by the upper bound, or proved by
exchanging partners at equal weight; only a candidate neither argument settles costs a
matching, which fixes the opponents of as many members, in BSN order, as the spare bits
allow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import rustworkx

from engine.errors import NoValidPairing, PairingError
from engine.matching import MAX_WEIGHT_BITS, bitmask_matching, bits
from engine.model import Colour, PairingNumber

__all__ = ["BracketOutcome", "BracketPlayers", "pair_bracket_2026", "player_adjacency"]

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
    """The greedy of the 4.3 order over the players still to be paired.

    Vertices are the bracket's members, the next score group and (``with_lower``) everyone
    below. A pair's weight holds the criteria above ``top`` bits; in a weighted matching the
    bits below carry the next members' candidates' positions.
    """

    def __init__(self, players: BracketPlayers, *, with_lower: bool) -> None:
        self.p = players
        self.with_lower = with_lower
        m, following = players.members, players.following
        self.limit = players.size if with_lower else m + following
        self.open = (1 << m) - 1  # members not yet decided
        self.outcome = BracketOutcome(with_lower=with_lower)
        self.mate: dict[int, int] = {}
        self.best = 0  # criteria weight of the current optimal completion
        member_levels = sorted({players.scores[v] for v in range(m)})
        next_levels = sorted({players.scores[v] for v in range(m + following)})
        next_base = m + following + 1
        self.c6: list[int] = [(m + 1) ** member_levels.index(players.scores[v]) for v in range(m)]
        self.c7: list[int] = [
            next_base ** next_levels.index(players.scores[v]) for v in range(m + following)
        ]
        self.shift_c7b: int = (m // 2 + 1).bit_length()
        self.shift_c7a: int = (
            self.shift_c7b + (next_base ** len(next_levels) * next_base).bit_length()
        )
        self.shift_c6: int = self.shift_c7a + ((m + following) // 2 + 1).bit_length()
        self.shift_c5: int = self.shift_c6 + ((m + 1) ** len(member_levels) * (m + 1)).bit_length()
        criteria_bits = self.shift_c5 + (m // 2 + 1).bit_length()
        self.spread = (m + 1).bit_length()
        room = MAX_WEIGHT_BITS - _SPARE_BITS - criteria_bits
        if room < self.spread:
            raise PairingError(
                f"a bracket of {m} players with {len(member_levels)} score levels does not "
                "fit the matching's weight range"
            )
        self.levels = room // self.spread
        self.top = self.spread * self.levels
        self.alive = (1 << self.limit) - 1  # vertices still to be paired
        self.floated = 0  # members who left the bracket: they meet only players below it

    def _criteria(self, a: int, b: int) -> int:
        """The criteria part of edge ``a-b`` (``a < b``), without the 4.3 order."""
        p = self.p
        m = p.members
        if b < m:
            compatible = not (p.wants[a] and p.wants[a] == p.wants[b])
            return (
                (1 << self.shift_c5)
                + ((self.c6[a] + self.c6[b]) << self.shift_c6)
                + int(compatible)
            )
        if b < m + p.following:
            return (1 << self.shift_c7a) + ((self.c7[a] + self.c7[b]) << self.shift_c7b)
        return 0

    def run(self) -> BracketOutcome | None:
        self._greedy_start()
        for x in range(self.p.members):
            if not self.open >> x & 1:
                continue
            if self.mate and self._settle_without_matching(x):
                continue
            if not self._solve(x):
                return None
        return self.outcome

    # -- completions without a weighted matching -------------------------------------------

    def _upper_bound(self, open_members: int) -> int:
        """The most any completion of the undecided members ``open_members`` (plus the
        decided floaters and the players below) can weigh, criterion by criterion at the
        best the higher ones allow: all but a parity floater paired (C5), that floater of
        the lowest level (C6), the following bracket paired as far as parity allows (C7),
        and colour clashes no fewer than the surplus of one preference forces (C8)."""
        p = self.p
        members = bits(open_members)
        count = len(members)
        spare = count % 2
        c6 = [self.c6[v] for v in members]
        pairs = count // 2
        c6_paired = sum(c6) - (min(c6) if spare else 0)
        white = sum(1 for v in members if p.wants[v] > 0)
        black = sum(1 for v in members if p.wants[v] < 0)
        clashes = max(0, abs(white - black) - (count - white - black)) // 2
        bound = (pairs << self.shift_c5) + (c6_paired << self.shift_c6) + pairs - clashes
        if p.following:
            below = [self.c7[v] for v in range(p.members, p.members + p.following)]
            below += [self.c7[v] for v in self.outcome.floaters]
            if spare:  # the floater C6 leaves over is one of the lowest score
                lowest = min(c6)
                below.append(max(self.c7[v] for v in members if self.c6[v] == lowest))
            paired = sum(below) - (min(below) if len(below) % 2 else 0)
            bound += ((len(below) // 2) << self.shift_c7a) + (paired << self.shift_c7b)
        return bound

    def _value(self, mate: dict[int, int]) -> int:
        """The criteria weight of a completion."""
        return sum(self._criteria(a, b) for a, b in mate.items() if a < b)

    def _greedy_start(self) -> None:
        """A first completion: members in order take their lowest compatible partner
        (else any), the rest pair greedily below. Kept as the current optimal completion
        when it reaches :meth:`_upper_bound` (and, without the lower players, extends to
        them); otherwise the first weighted matching provides one."""
        p = self.p
        m = p.members
        free = (1 << self.limit) - 1
        mate: dict[int, int] = {}
        white = sum(1 << v for v in range(m) if p.wants[v] > 0)
        black = sum(1 << v for v in range(m) if p.wants[v] < 0)
        for x in range(m):
            if not free >> x & 1:
                continue
            options = p.adjacency[x] & free & ((1 << m) - 1) & ~(1 << x)
            clash = white if p.wants[x] > 0 else black if p.wants[x] < 0 else 0
            pick = (options & ~clash) or options
            if pick:
                y = pick.bit_length() - 1
                mate[x], mate[y] = y, x
                free &= ~((1 << x) | (1 << y))
        for x in range(self.limit):
            if free >> x & 1:
                options = p.adjacency[x] & free & ~((1 << (x + 1)) - 1) & ~((1 << m) - 1)
                if options:
                    y = (options & -options).bit_length() - 1
                    mate[x], mate[y] = y, x
                    free &= ~((1 << x) | (1 << y))
        if self.with_lower and free:
            return
        value = self._value(mate)
        if value != self._upper_bound(self.open):
            return
        if not self.with_lower and not self._extends(mate, list(range(self.limit))):
            return
        self.mate, self.best = mate, value

    def _settle_without_matching(self, x: int) -> bool:
        """Fix ``x`` from the current optimal completion when that proves his choice:
        trying his candidates lowest first, one that the upper bound rules out is passed
        over; the first that is his partner there, or becomes it by exchanging partners
        at equal weight, is his. Nobody left (or everybody ruled out) means he floats."""
        candidates = self.p.adjacency[x] & self.open & ~((1 << (x + 1)) - 1)
        for y in reversed(bits(candidates)):
            if self.mate.get(x) == y:
                self._pair(x, y)
                return True
            rest = self.open & ~((1 << x) | (1 << y))
            if self._criteria(x, y) + self._upper_bound(rest) < self.best:
                continue
            if self._swap_in(x, y):
                self._pair(x, y)
                return True
            return False
        partner = self.mate.get(x)
        if partner is not None and partner < self.p.members:
            return False  # cannot happen with an optimal completion; let a matching decide
        self._float(x)
        return True

    def _swap_in(self, x: int, y: int) -> bool:
        """Make ``x-y`` part of the current completion at the same criteria weight: the
        partners they leave pair with each other, or each with one side of another pair."""
        x_old, y_old = self.mate.get(x), self.mate.get(y)
        if x_old is None or y_old is None or x_old == y:
            return False
        budget = self._w(x, x_old) + self._w(y, y_old) - self._w(x, y)
        if self._w(x_old, y_old) == budget:
            self._rewire(((x, y), (x_old, y_old)))
            return True
        busy = {x, y, x_old, y_old}
        for u in bits(self.p.adjacency[x_old] & self.alive):
            v = self.mate.get(u)
            if u in busy or v is None or v in busy or not self._edge(x_old, u):
                continue
            if self._w(x_old, u) + self._w(y_old, v) - self._w(u, v) == budget:
                self._rewire(((x, y), (x_old, u), (y_old, v)))
                return True
        return False

    def _edge(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` may still be paired in a completion."""
        if not (self.alive >> a & 1 and self.alive >> b & 1 and self.p.adjacency[a] >> b & 1):
            return False
        m = self.p.members
        return not (a < m and b < m and (self.floated >> a | self.floated >> b) & 1)

    def _w(self, a: int, b: int) -> int:
        """Criteria weight of the edge ``a-b``; far below any sum of real weights when the
        two may not meet, so that no exchange through a missing edge balances."""
        if not self._edge(a, b):
            return -(1 << 126)
        return self._criteria(min(a, b), max(a, b))

    def _rewire(self, pairs: tuple[tuple[int, int], ...]) -> None:
        for a, b in pairs:
            self.mate[a], self.mate[b] = b, a

    def _pair(self, x: int, y: int) -> None:
        self.best -= self._criteria(min(x, y), max(x, y))
        self.open &= ~((1 << x) | (1 << y))
        self.alive &= ~((1 << x) | (1 << y))
        self.outcome.pairs.append((x, y))
        w = self.p.wants
        if w[x] and w[x] == w[y]:
            self.outcome.clashes += 1

    def _float(self, x: int) -> None:
        """``x`` leaves the bracket: he keeps only his edges to the players below it."""
        self.open &= ~(1 << x)
        self.floated |= 1 << x
        self.outcome.floaters.append(x)

    def _solve(self, x: int) -> bool:
        """One matching over the players still to be paired: fixes the next members'
        choices from ``x`` on; False when no completion exists."""
        m = self.p.members
        choosers = [v for v in bits(self.open) if v >= x][: self.levels]
        shift = {a: self.spread * (len(choosers) - 1 - i) for i, a in enumerate(choosers)}
        vertices = bits(self.alive)
        graph = rustworkx.PyGraph()
        index = dict(zip(vertices, graph.add_nodes_from(vertices), strict=True))
        for a in vertices:
            for b in bits(self.p.adjacency[a] & self.alive & ~((1 << (a + 1)) - 1)):
                if not self._edge(a, b):
                    continue
                weight = self._criteria(a, b) << self.top
                if a in shift and b < m:
                    weight += (b - a) << shift[a]
                graph.add_edge(index[a], index[b], weight)
        self.outcome.matchings += 1
        solution = rustworkx.max_weight_matching(
            graph, max_cardinality=self.with_lower, weight_fn=int
        )
        mate = {}
        for i, j in solution:
            mate[vertices[i]], mate[vertices[j]] = vertices[j], vertices[i]
        if self.with_lower and 2 * len(solution) != len(vertices):
            return False
        if not self.with_lower and not self._extends(mate, vertices):
            raise _LowerPlayersMatter
        self.mate, self.best = mate, self._value(mate)
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
        return all(other != -1 for other in bitmask_matching(graph))


def player_adjacency(
    numbers: Sequence[PairingNumber],
    met: Sequence[frozenset[PairingNumber]],
    absolute_wishes: Sequence[Colour | None],
    forbidden: frozenset[frozenset[PairingNumber]],
) -> list[int]:
    """Bit masks (by position in ``numbers``) of who may meet whom: not met over the
    board, not an arbiter-forbidden pair, not both with the same absolute colour
    preference (``absolute_wishes[i]`` is the colour of an absolute preference, else
    ``None``)."""
    index = {number: i for i, number in enumerate(numbers)}
    everyone = (1 << len(numbers)) - 1
    absolute = {Colour.WHITE: 0, Colour.BLACK: 0}
    for i, wish in enumerate(absolute_wishes):
        if wish is not None:
            absolute[wish] |= 1 << i
    excluded = [1 << i for i in range(len(numbers))]
    for i, opponents in enumerate(met):
        for other in opponents:
            j = index.get(other)
            if j is not None:
                excluded[i] |= 1 << j
                excluded[j] |= 1 << i
    for pair in forbidden:
        ends = [index[n] for n in pair if n in index]
        if len(ends) == 2:
            excluded[ends[0]] |= 1 << ends[1]
            excluded[ends[1]] |= 1 << ends[0]
    return [
        everyone & ~excluded[i] & ~(absolute[wish] if wish is not None else 0)
        for i, wish in enumerate(absolute_wishes)
    ]
