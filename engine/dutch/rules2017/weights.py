"""The 2017 quality criteria of one bracket as a lexicographic edge weight."""

from __future__ import annotations

from engine.dutch.weights import BracketWeights

__all__ = ["Weights2017"]


class Weights2017(BracketWeights):
    """One bracket's weights under the 2017 text."""
