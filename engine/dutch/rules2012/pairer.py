"""The 2012 bracket procedure as weighted matchings (C.1-C.14, D.1-D.3).

The score brackets are paired top-down as the current edition's pairer does it: a bracket's
weights (:mod:`engine.dutch.rules2012.weights`) rank its candidates in the order in which C.10
gives requirements up, and among equal candidates the earliest in the D.1-D.3 order is taken.
Three things differ from the current edition: the weights; a bracket at least half moved down
is paired as homogeneous (A.3); and there are no PAB criteria (current C5, C9): the bye goes to
whoever the lowest bracket leaves over (A.5, C.13).
"""

from __future__ import annotations

from engine.dutch.bracket import RoundPairer
from engine.dutch.rules2012.weights import Weights2012
from engine.dutch.weights import BracketContext, BracketWeights
from engine.errors import NoValidPairing

__all__ = ["Pairer2012"]


class Pairer2012(RoundPairer):
    """:class:`engine.dutch.bracket.RoundPairer` with the 2012 criteria (:class:`Weights2012`)
    and without the current PAB criteria C5 and C9."""

    weights_class: type[BracketWeights] = Weights2012

    def _start(self) -> bool:
        """Check that the round can be completed at all (B.1, B.2: C.12/C.13 backtrack until it
        is), every player the bye may go to (B.1b) joined to the bye vertex.

        Returns False: no bracket ranks its candidates by who would get the bye.
        """
        dummy = self.dummy
        graph = self.graph
        if dummy is not None:
            graph.bye_ok = {player.index for player in self.players if player.eligible_for_bye}
        graph.set_scope(())
        self.mate = graph.solve(whole=True)
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
        carry = super()._pair_bracket(context)
        record = self.records[-1]
        record.mdps, record.residents = mdps, context.current[len(mdps) :]
        record.score = self.players[record.residents[0]].score
        return carry
