"""The 2012 quality order of one bracket as a lexicographic edge weight (A.11, B.3-B.6, C.10).

The fields are those of :class:`engine.dutch.weights.BracketWeights`, most important first, in
the order the 2012 text gives up its requirements (A.11, C.10 read backwards: what is dropped
last matters most): the number of pairs (P1), the closeness of paired scores (B.3), the
topscorers' colour limits (B.2 note), colour preferences (B.4, x of A.8, then the strong ones
of A.7.d), and last the floats: downfloats before upfloats, each the previous round (B.5)
before two rounds back (B.6). The current edition ranks the previous round's upfloats above
the older downfloats and adds score levels to repeated floats (C18-C21); the 2012 text has
neither.

A bracket looks at the next score group above its colours only where the text pairs the two
together (C.13): when the next group is the lowest, whose pairing the penultimate bracket is
re-paired for, and when the bracket would be merged with the ones below (:attr:`across`).
There the pairs into the next group (and their scores) rank with this bracket's own pairs,
and colours are counted over both. Elsewhere the next bracket only asks whether the players
moved down can be paired there (C.12). When the next bracket is treated as homogeneous (A.3),
the bracket is re-paired with one more criterion, the fewest moved-down players without an
opponent in the next bracket: above colours when the bracket resumes its marked transposition
of moved-down players (:class:`MarkedBacktrackWeights2012`), after them otherwise
(:class:`BacktrackWeights2012`); when the next bracket is heterogeneous,
:mod:`engine.dutch.rules2012.pairer` asks it of the players moved down together, above every
criterion here.
"""

from __future__ import annotations

from engine.common import Float
from engine.dutch.players import DutchPlayer
from engine.dutch.weights import BracketWeights, colour_failures

__all__ = [
    "AcrossWeights2012",
    "BacktrackWeights2012",
    "MarkedBacktrackWeights2012",
    "Weights2012",
]


class Weights2012(BracketWeights):
    """One bracket's weights under the 2012 text."""

    across = False
    """Set when the bracket, paired alone, would leave the round unpairable, so that the text
    pairs it again together with the brackets below (C.13): colours then count in the pairs
    into the next score group too, and when that group is the lowest, the merged bracket is
    the lowest one, with no downfloat requirements (C.3.e-f)."""

    backtracking = False
    """Set on the weights a bracket is re-paired with when C.12 sends the procedure back to
    it (:class:`engine.dutch.rules2012.pairer.Pairer2012`)."""

    resumes_mark = False
    """Set when that bracket resumes the transposition of its moved-down players marked at
    C.6, so that C.12 ranks above colours."""

    def _build(self, played_rounds: int) -> None:
        ctx = self.context
        p = self.players
        mdps = set(ctx.mdps)
        cur_levels = sorted({p[i].score for i in ctx.current}, reverse=True)
        members = ctx.current + ctx.following
        all_levels = sorted({p[i].score for i in members}, reverse=True)
        current_pairs = [
            (h, low)
            for a, low in enumerate(ctx.current)
            if low not in mdps
            for h in ctx.current[:a]
        ]
        next_pairs = [(h, low) for h in ctx.current for low in ctx.following if h < low]
        half = len(ctx.current) // 2
        self._count("P1", dict.fromkeys(current_pairs, 1), half)
        self._levels("B.3", current_pairs, cur_levels, half)
        if self.across or len(p) - 1 in ctx.following:
            # C.13: paired together with the next score group (the lowest, or merged).
            bound = min(len(ctx.following), len(members) // 2)
            self._count("C.13 pairs", dict.fromkeys(next_pairs, 1), bound)
            self._levels("C.13 scores", next_pairs, all_levels, len(members) // 2)
        if self.backtracking and self.resumes_mark:
            self._leave_pairable(current_pairs)
        coloured, most = (
            (current_pairs + next_pairs, len(members) // 2)
            if self.across
            else (current_pairs, half)
        )
        failures = {pair: colour_failures(p[pair[1]], p[pair[0]]) for pair in coloured}
        for position, name in enumerate(("B.2 CD", "B.2 three", "B.4", "B.4 strong")):
            if any(bad[position] for bad in failures.values()):
                values = {pair: 0 if bad[position] else 1 for pair, bad in failures.items()}
                self._count(name, values, most)
        if self.backtracking and not self.resumes_mark:
            self._leave_pairable(current_pairs)
        windows = [back for back in (1, 2) if played_rounds >= back]
        # C.13 joins a bracket merged with the lowest score group into the new lowest
        # bracket, which moves nobody down (no downfloat requirements, C.3.e-f) and whose
        # pairs into that group make upfloaters (C.3.g-h).
        lowest = self.across and len(p) - 1 in ctx.following
        if not lowest:
            for back in windows:
                self._repeated_downfloats(current_pairs, back)
        floated = current_pairs + next_pairs if lowest else current_pairs
        for back in windows:
            self._repeated_upfloats(floated, back, len(members) // 2 if lowest else half)

    def _leave_pairable(self, pairs: list[tuple[int, int]]) -> None:
        """C.12 for a next bracket treated as homogeneous: the players moved down should each
        have an opponent there, so pairs here are worth more the fewer players without one
        they hold (above floats; above or after colours, :attr:`resumes_mark`)."""
        p = self.players
        following = self.context.following
        reach = {i for i in self.context.current if any(_may_meet(p[i], p[j]) for j in following)}
        values = {(h, low): (h not in reach) + (low not in reach) for h, low in pairs}
        self._count("C.12 moved down", values, 2 * (len(self.context.current) // 2))

    def _repeated_downfloats(self, pairs: list[tuple[int, int]], back: int) -> None:
        """B.5/B.6 for downfloats: residents who downfloated ``back`` rounds ago and are paired
        in their own bracket (so they do not float down again)."""
        p = self.players
        values = {
            (h, low): (self._moved(low, back) is Float.DOWN)
            + (p[h].score <= p[low].score and self._moved(h, back) is Float.DOWN)
            for h, low in pairs
        }
        holders = sum(1 for i in self.context.current if self._moved(i, back) is Float.DOWN)
        self._count(f"B.{4 + back} down", values, holders)

    def _repeated_upfloats(self, pairs: list[tuple[int, int]], back: int, most: int) -> None:
        """B.5/B.6 for upfloats: pairs in which no lower player who upfloated ``back`` rounds
        ago meets a higher score (``most``: the most pairs a matching holds)."""
        repeat_up = self._repeat_up(pairs, back)
        if any(repeat_up.values()):
            values = {pair: 0 if bad else 1 for pair, bad in repeat_up.items()}
            self._count(f"B.{4 + back} up", values, most)


class BacktrackWeights2012(Weights2012):
    """The weights of a bracket re-paired by C.12 for a next bracket treated as homogeneous
    (A.3) when it has no marked transposition to resume (homogeneous, or reached by C.13):
    its colours stand, floats give way (JaVaFo 1.4's rank, docs/rulings.md)."""

    backtracking = True


class MarkedBacktrackWeights2012(BacktrackWeights2012):
    """The weights of a heterogeneous bracket re-paired by C.12 for a next bracket treated as
    homogeneous: it resumes the transposition of its moved-down players marked at C.6 (C.7,
    C.10), and C.12 accepts the first pairing that moves down a set the next bracket can
    pair, colours given up too (docs/rulings.md)."""

    resumes_mark = True


def _may_meet(a: DutchPlayer, b: DutchPlayer) -> bool:
    """B.1a and B.2 as the players' facts tell them (the arbiter's forbidden pairs aside)."""
    if b.number in a.met:
        return False
    same_absolute = a.absolute and b.absolute and a.wants == b.wants
    return not same_absolute or a.topscorer or b.topscorer


class AcrossWeights2012(Weights2012):
    """The weights of a bracket whose own best pairing would leave the round unpairable."""

    across = True
