"""The 2012 bracket procedure as weighted matchings (C.1-C.14, D.1-D.3).

The score brackets are paired top-down exactly as the current edition's pairer does it: a
bracket's weights order its candidates by pairs, score differences, colours and floats (B.3-B.6,
the quality order of A.8/A.9 and C.9-C.11), and the generation order of transpositions,
exchanges and moved-down players is the one D.1-D.3 list. What the 2012 text does not have is
the current C5 and C9: the bye goes to whoever the lowest bracket leaves over (A.5, C.13), not to
the lowest score that a complete pairing allows, and not by the number of games played.
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
        """The shared bracket step with the 2012 weights (:class:`Weights2012`) in place of
        the current edition's; the rest of the step (MDP choice, exchanges, transpositions in
        the D.1-D.3 order) is the same.

        To go once :class:`engine.dutch.bracket.RoundPairer` takes its weights class as a
        parameter.
        """
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
