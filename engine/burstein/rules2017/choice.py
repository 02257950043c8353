"""The pairing of one bracket: as many colour-compatible pairs as possible, and among those
the first pairing of the Article 4.3 order (burstein.md §4.3, §11.8).

The bracket's members are given in their ranking order (positions ``0 .. m-1``). A
*completion* pairs every member, except that a bracket sending a floater down leaves out
one member of the ``floatable`` set (modelled as a pair with an extra vertex ``m``, the way
out). Among the completions with the fewest pairs of equal colour preferences, the chosen
one is built greedily: the highest member not yet paired takes the lowest-placed member
with whom such a completion still exists; the way out counts as lower than anyone.

Deciding "does such a completion still exist" exactly for every candidate would need a
weighted matching each time. Instead a current optimal completion is kept, and each
candidate is settled by the cheapest sufficient argument:

1. it is the current completion's choice, or can be swapped in by exchanging partners
   with one or two pairs of it at no colour cost (a completion that proves it);
2. a counting bound on equal-preference pairs shows it cannot be optimal;
3. otherwise one weighted matching (rustworkx) ranks the next few members' choices at once
   (their candidates' positions packed into the low bits, the colour count above them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import rustworkx

from engine.errors import PairingError
from engine.matching import MAX_WEIGHT_BITS, bits

__all__ = ["BracketChoice", "choose_pairs"]

_SPARE_BITS = 4


@dataclass(frozen=True, slots=True)
class BracketChoice:
    """Pairs as ``(chooser, opponent)`` positions in the order they were fixed; ``floater``
    is the position of the member who leaves the bracket (``None`` if nobody does)."""

    pairs: tuple[tuple[int, int], ...]
    floater: int | None
    same_preference_pairs: int
    matchings: int
    """How many weighted matchings were needed (for the explanation and the benchmark)."""


def choose_pairs(
    adjacency: Sequence[int], wants: Sequence[int], floatable: int | None
) -> BracketChoice:
    """Pair a bracket.

    ``adjacency[i]`` is the bit mask of the members position ``i`` may meet; ``wants[i]``
    is +1 / -1 for a White / Black preference, 0 for none; ``floatable`` is the mask of the
    members who may leave the bracket, or ``None`` when nobody leaves.

    >>> # four members wanting W B W B; the members at positions 1 and 2 have met
    >>> choice = choose_pairs([0b1110, 0b1001, 0b1001, 0b0111], [1, -1, 1, -1], None)
    >>> choice.pairs  # 0-3 would force 1-2; 0-2 costs two clashes; 0-1 costs none
    ((0, 1), (2, 3))

    :raises PairingError: when no completion exists (the bracket structure promised one).
    """
    return _Chooser(adjacency, wants, floatable).run()


class _Chooser:
    """The greedy over one bracket, with the exit as vertex ``m`` when someone floats."""

    def __init__(self, adjacency: Sequence[int], wants: Sequence[int], floatable: int | None):
        m = len(adjacency)
        self.size = m
        self.adjacency = list(adjacency)
        self.wants = list(wants)
        self.exit: int | None = None
        if floatable is not None:
            self.exit = m
            self.adjacency.append(floatable)
            for v in bits(floatable):
                self.adjacency[v] |= 1 << m
            self.wants.append(0)
        self.unpaired = (1 << len(self.adjacency)) - 1
        self.mate: list[int] = [-1] * len(self.adjacency)
        self.cost = 0  # equal-preference pairs of the current completion, unpaired part
        self.pairs: list[tuple[int, int]] = []
        self.floater: int | None = None
        self.fixed_cost = 0
        self.matchings = 0
        self.counts = [0, 0, 0]  # members wanting White, Black, neither (exit included)
        self.wanting = {0: 0, 1: 0, -1: 0}  # masks of the members wanting each colour
        for v, w in enumerate(self.wants):
            self.wanting[w] |= 1 << v if w else 0
            self.counts[_slot(w)] += 1

    # -- colour arithmetic ---------------------------------------------------------------

    def _clash(self, a: int, b: int) -> int:
        return 1 if self.wants[a] != 0 and self.wants[a] == self.wants[b] else 0

    def _bound_without(self, *removed: int) -> int:
        """Fewest equal-preference pairs any completion of the unpaired members minus the
        ``removed`` ones can have: the surplus of one colour over the other beyond those
        who want neither (the exit counted among them) must pair among itself."""
        white, black, neither = self.counts
        for v in removed:
            slot = _slot(self.wants[v])
            if slot == 0:
                white -= 1
            elif slot == 1:
                black -= 1
            else:
                neither -= 1
        return max(0, abs(white - black) - neither) // 2

    # -- main loop -----------------------------------------------------------------------

    def run(self) -> BracketChoice:
        if not self._greedy_start():
            self._solve_exactly(0)
        for x in range(self.size):
            if self.unpaired >> x & 1:
                self._decide(x)
        return BracketChoice(
            pairs=tuple(self.pairs),
            floater=self.floater,
            same_preference_pairs=self.fixed_cost,
            matchings=self.matchings,
        )

    def _candidates(self, x: int) -> list[int]:
        """Whom ``x`` may take, best first: lowest-placed member first, the exit last."""
        options = self.adjacency[x] & self.unpaired & ~((1 << (x + 1)) - 1)
        found = bits(options)
        if self.exit is not None and found and found[-1] == self.exit:
            return [*found[-2::-1], self.exit]
        return found[::-1]

    def _decide(self, x: int) -> None:
        for y in self._candidates(x):
            if self.mate[x] == y:
                self._fix(x, y)
                return
            if self._clash(x, y) + self._bound_without(x, y) > self.cost:
                continue
            if self._swap_in(x, y):
                self._fix(x, y)
                return
            self._solve_exactly(x)
            return
        raise PairingError(f"bracket member at position {x} has no partner in any completion")

    def _fix(self, x: int, y: int) -> None:
        self.unpaired &= ~((1 << x) | (1 << y))
        for v in (x, y):
            self.counts[_slot(self.wants[v])] -= 1
        clash = self._clash(x, y)
        self.cost -= clash
        self.fixed_cost += clash
        if y == self.exit:
            self.floater = x
        else:
            self.pairs.append((x, y))

    # -- completions ---------------------------------------------------------------------

    def _greedy_start(self) -> bool:
        """A first completion by taking, top down, the lowest compatible partner; it is
        kept only if it is complete and meets the counting bound (hence optimal)."""
        free = self.unpaired
        mate = [-1] * len(self.adjacency)
        cost = 0
        for x in range(self.size):
            if not free >> x & 1:
                continue
            free &= ~(1 << x)
            options = self.adjacency[x] & free
            members = options & ~self._exit_bit()
            compatible = members & ~self.wanting[self.wants[x]]
            pick = compatible or members or options
            if not pick:
                return False
            y = pick.bit_length() - 1
            mate[x], mate[y] = y, x
            free &= ~(1 << y)
            cost += self._clash(x, y)
        if free or cost != self._bound_without():
            return False
        self.mate, self.cost = mate, cost
        return True

    def _exit_bit(self) -> int:
        return 0 if self.exit is None else 1 << self.exit

    def _swap_in(self, x: int, y: int) -> bool:
        """Make ``x-y`` part of the current completion by re-pairing the two partners they
        leave, directly or through one other pair, without adding a clash."""
        x_old, y_old = self.mate[x], self.mate[y]
        budget = self._clash(x, x_old) + self._clash(y, y_old) - self._clash(x, y)
        adjacency = self.adjacency
        if adjacency[x_old] >> y_old & 1 and self._clash(x_old, y_old) <= budget:
            self._rewire([(x, y), (x_old, y_old)])
            return True
        busy = (1 << x) | (1 << y) | (1 << x_old) | (1 << y_old)
        for u in bits(adjacency[x_old] & self.unpaired & ~busy):
            v = self.mate[u]
            if adjacency[y_old] >> v & 1 and (
                self._clash(x_old, u) + self._clash(y_old, v) - self._clash(u, v) <= budget
            ):
                self._rewire([(x, y), (x_old, u), (y_old, v)])
                return True
        return False

    def _rewire(self, pairs: list[tuple[int, int]]) -> None:
        for a, b in pairs:
            self.mate[a], self.mate[b] = b, a

    def _solve_exactly(self, x: int) -> None:
        """One weighted matching over the unpaired members: fewest clashes first, then the
        choices of the next members from ``x`` on, in order, each as low as possible.
        Fixes those members' pairs and keeps the rest as the current completion."""
        vertices = bits(self.unpaired)
        choosers = [v for v in vertices if v >= x and v != self.exit]
        spread = (self.size + 1).bit_length()
        levels = max(1, (MAX_WEIGHT_BITS - _SPARE_BITS - spread) // spread)
        choosers = choosers[:levels]
        top = spread * len(choosers)
        level_of = {v: len(choosers) - 1 - i for i, v in enumerate(choosers)}
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(vertices)
        index = {v: i for i, v in enumerate(vertices)}
        for a in vertices:
            for b in bits(self.adjacency[a] & self.unpaired & ~((1 << (a + 1)) - 1)):
                weight = (1 - self._clash(a, b)) << top
                if a in level_of and b != self.exit:
                    weight += (b - a) << (spread * level_of[a])
                graph.add_edge(index[a], index[b], weight)
        self.matchings += 1
        solution = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if 2 * len(solution) != len(vertices):
            raise PairingError("a bracket that the structure test passed has no completion")
        mate = list(self.mate)
        cost = 0
        for i, j in solution:
            a, b = vertices[i], vertices[j]
            mate[a], mate[b] = b, a
            cost += self._clash(a, b)
        self.mate, self.cost = mate, cost
        for v in choosers:
            if self.unpaired >> v & 1:
                self._fix(v, mate[v])


def _slot(want: int) -> int:
    return 0 if want > 0 else 1 if want < 0 else 2
