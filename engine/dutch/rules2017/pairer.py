"""The 2017 round-pairing route (A.9): brackets paired one by one without regard to the
rest of the round, then, should the last one leave the round uncompletable, that bracket
re-paired as the Penultimate Pairing Bracket and everyone below it as one Collapsed Last
Bracket.

The brackets are paired by :class:`engine.dutch.bracket.RoundPairer`'s stages with the 2017
weights (:mod:`engine.dutch.rules2017.weights`); what differs is which pairings a bracket may
choose from. Outside the PPB and the last bracket the completion criterion C.4 does not
apply, so a bracket's solves see only the bracket and the next score group (its C.7
look-ahead). After each such bracket the round is checked for completion; if it cannot be
completed, the bracket is undone and paired again under C.4 (every solve a complete round
pairing, as the 2026 engine always does), and all players left over form the CLB. The 2017
text has no PAB criteria (2026 C5, C9): the bye goes to whoever the last bracket leaves
over, among those C.2 allows.
"""

from __future__ import annotations

from engine.dutch.rules2012.pairer import Pairer2012
from engine.dutch.rules2017.weights import Weights2017
from engine.dutch.weights import BracketContext
from engine.matching import solve_edges

__all__ = ["Pairer2017"]


class Pairer2017(Pairer2012):
    """:class:`engine.dutch.bracket.RoundPairer` with the 2017 weights and the PPB/CLB route."""

    weights_class = Weights2017

    _free = False
    """Whether the bracket being paired may leave the round uncompletable (neither the PPB
    nor the last bracket): its solves are then plain best matchings of the bracket and the
    next score group."""

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        if not self.players:
            return [], None
        self._start()
        groups = self._score_groups()
        carry: tuple[int, ...] = ()
        for position, residents in enumerate(groups):
            rest = groups[position + 1 :]
            if not rest:
                if len(carry) + len(residents) > 1:
                    self._pair_bracket(BracketContext(carry, residents, (), None))
                break
            saved = self._state()  # the 2012 pairer's undo (C.12), here for A.9
            self._free = True
            try:
                floated = self._pair_bracket(BracketContext(carry, residents, rest[0], None))
            finally:
                self._free = False
            if self._completable():
                carry = floated
                continue
            # A.9: this bracket is the PPB; re-pair it under C.4, then the CLB.
            self._restore(saved)
            floated = self._pair_bracket(BracketContext(carry, residents, (), None))
            collapsed = tuple(i for group in rest for i in group)
            self._pair_bracket(BracketContext(floated, collapsed, (), None))
            break
        left = sorted(self.unpaired)
        return self.pairs, left[0] if left else None

    def _pair_bracket(self, context: BracketContext) -> tuple[int, ...]:
        """As :class:`engine.dutch.bracket.RoundPairer` does: 2017 has no A.3 rule of 2012
        (a bracket at least half moved down paired as homogeneous)."""
        return super(Pairer2012, self)._pair_bracket(context)

    def _solve(self) -> None:
        if not self._free:
            super()._solve()
            return
        graph = self.graph
        order = sorted(graph.scope)
        index = {v: i for i, v in enumerate(order)}
        edges = [
            (index[u], index[v], weight)
            for (u, v), weight in graph.weights.items()
            if weight and u in index and v in index
        ]
        found = solve_edges(len(order), edges, max_cardinality=False)
        self.mate = {order[i]: order[j] for i, j in found.items()}

    def _completable(self) -> bool:
        """Whether the players not yet paired still allow a complete round (A.9)."""
        graph = self.graph
        graph.set_scope(())
        if graph.capacity() >= graph.reaching() and (
            self.dummy is None or graph.dummy_reaches_lower()
        ):
            return True  # the certificate of engine.dutch.round_graph, without solving
        mate = graph.solve(whole=True)
        return len(mate) == len(self.unpaired) + (0 if self.dummy is None else 1)
