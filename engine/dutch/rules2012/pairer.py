"""The 2012 bracket procedure as weighted matchings (C.1-C.14, D.1-D.3).

The score brackets are paired top-down as the current edition's pairer does it: a bracket's
weights (:mod:`engine.dutch.rules2012.weights`) rank its candidates in the order in which C.10
gives requirements up, and among equal candidates the earliest in the D.1-D.3 order is taken.
Three things differ from the current edition: the weights; a bracket at least half moved down
is paired as homogeneous (A.3); and there are no PAB criteria (current C5, C9): the bye goes to
whoever the lowest bracket leaves over (A.5, C.13).
"""

from __future__ import annotations

from engine.dutch.bracket import BracketRecord, RoundPairer, _stage_bits
from engine.dutch.rules2012.weights import Weights2012
from engine.dutch.weights import BracketContext
from engine.errors import NoValidPairing
from engine.matching import MAX_WEIGHT_BITS

__all__ = ["Pairer2012"]


class Pairer2012(RoundPairer):
    """:class:`engine.dutch.bracket.RoundPairer` without the current PAB criteria C5 and C9."""

    def _start(self) -> bool:
        """Check that the round can be completed at all (B.1, B.2: C.12/C.13 backtrack until it
        is), giving every player the bye may go to (B.1b) an edge to the bye vertex.

        Returns False: no bracket ranks its candidates by who would get the bye.
        """
        dummy = self.dummy
        if dummy is not None:
            for player in self.players:
                if player.eligible_for_bye:
                    self.graph.set_weight(player.index, dummy, 0)
        self.mate = self.graph.solve()
        expected = len(self.players) + (1 if dummy is not None else 0)
        if len(self.mate) != expected:
            raise NoValidPairing(
                "no pairing of all players satisfies the absolute criteria B.1-B.2"
                + (" with a player left over who may get the bye (B.1b)" if dummy else "")
            )
        return False

    def _pair_bracket(self, context: BracketContext) -> tuple[int, ...]:
        """Pair one bracket, as homogeneous when at least half of it moved down (A.3); the
        record keeps who moved down, for the explanation."""
        mdps = context.mdps
        if mdps and 2 * len(mdps) >= len(context.current):
            # A.3: at least half of the bracket moved down, so it is paired as homogeneous.
            context = BracketContext((), context.current, context.following, context.bye_rank)
        carry = self._pair_bracket_weighted(context)
        record = self.records[-1]
        record.mdps, record.residents = mdps, context.current[len(mdps) :]
        record.score = self.players[record.residents[0]].score
        return carry

    def _pair_bracket_weighted(self, context: BracketContext) -> tuple[int, ...]:
        """:meth:`RoundPairer._pair_bracket` with :class:`Weights2012` in place of the current
        edition's weights; the MDP choice, exchanges and transpositions (D.1-D.3) are shared.

        A copy to go once :class:`RoundPairer` takes its weights class as a parameter
        (engine/dutch/bracket.py is being optimised on another branch).
        """
        p = self.players
        current = context.current
        members = current + context.following
        weights = Weights2012(
            p,
            context,
            played_rounds=self.played_rounds,
            total_bits=MAX_WEIGHT_BITS - 1,
            min_stage_bits=_stage_bits(len(context.mdps), len(context.residents)),
        )
        self.weights = weights
        mdp_set = set(context.mdps)
        for a, u in enumerate(members):
            for v in members[a + 1 :]:
                if self.graph.has_edge(u, v):
                    if u in mdp_set and v in mdp_set:
                        self.graph.set_weight(u, v, 0)
                    else:
                        self.graph.set_weight(u, v, weights.weight(u, v))
        record = BracketRecord(
            score=p[context.residents[0]].score,
            mdps=context.mdps,
            residents=context.residents,
            weights=weights,
        )
        self.records.append(record)
        self._solve()
        residents = set(context.residents)
        selected = self._select_mdps(context, residents)
        record.selected_mdps = tuple(selected)
        self._fix_mdp_opponents(selected, context, residents, record)
        remainder = [r for r in context.residents if r in self.unpaired]
        self._pair_remainder(remainder, context, record)
        carry = tuple(u for u in current if u in self.unpaired)
        record.downfloaters = carry
        return carry
