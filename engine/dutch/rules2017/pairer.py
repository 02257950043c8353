"""The 2017 bracket procedure as weighted matchings.

The score brackets are paired top-down by :class:`engine.dutch.bracket.RoundPairer` with the
2017 weights (:mod:`engine.dutch.rules2017.weights`). The 2017 text has no PAB criteria (2026
C5, C9): the bye goes to whoever the last bracket leaves over, among those C.2 allows.
"""

from __future__ import annotations

from engine.dutch.bracket import RoundPairer
from engine.dutch.rules2012.pairer import Pairer2012
from engine.dutch.rules2017.weights import Weights2017
from engine.dutch.weights import BracketContext

__all__ = ["Pairer2017"]


class Pairer2017(Pairer2012):
    """:class:`RoundPairer` with the 2017 weights and, as in 2012, no PAB criteria."""

    weights_class = Weights2017

    def _pair_bracket(self, context: BracketContext) -> tuple[int, ...]:
        return RoundPairer._pair_bracket(self, context)
