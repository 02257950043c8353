"""The 2012 bracket procedure as weighted matchings (C.1-C.14, D.1-D.3).

The score brackets are paired top-down exactly as the current edition's pairer does it: a
bracket's weights order its candidates by pairs, score differences, colours and floats (B.3-B.6,
the quality order of A.8/A.9 and C.9-C.11), and the generation order of transpositions,
exchanges and moved-down players is the one D.1-D.3 list. What the 2012 text does not have is
the current C5 and C9: the bye goes to whoever the lowest bracket leaves over (A.5, C.13), not to
the lowest score that a complete pairing allows, and not by the number of games played.
"""

from __future__ import annotations

from dataclasses import replace

from engine.dutch.bracket import RoundPairer
from engine.dutch.weights import BracketContext
from engine.errors import NoValidPairing

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
        """Pair one bracket by its own players only: the 2012 text looks at the next bracket
        only when that one cannot be paired (C.12, C.13), never to choose among candidates
        (the current C8)."""
        return super()._pair_bracket(replace(context, following=()))
