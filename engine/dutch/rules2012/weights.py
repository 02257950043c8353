"""The 2012 quality order of one bracket as a lexicographic edge weight (A.11, B.3-B.6, C.10).

The fields are those of :class:`engine.dutch.weights.BracketWeights`, most important first, in
the order the 2012 text gives up its requirements (A.11, C.10 read backwards: what is dropped
last matters most): the number of pairs (P1), the closeness of paired scores (B.3), the
topscorers' colour limits (B.2 note), colour preferences (B.4, x of A.8, then the strong ones
of A.7.d), and last the floats: downfloats before upfloats, each the previous round (B.5)
before two rounds back (B.6). The current edition ranks the previous round's upfloats above
the older downfloats and adds score levels to repeated floats (C18-C21); the 2012 text has
neither.

In a heterogeneous bracket X (x of A.8 for the whole bracket, C.3) bounds the colour
preferences missed by the pairs of the moved-down players and, after them, those missed by
the pairs of the remainder, each part on its own (C.6): :meth:`Weights2012.pairing_mdps`.
Requirements are set as C.3 sets them: B.5 and B.6 for upfloats only in a heterogeneous
bracket, and for downfloats over the players the bracket moves down, so that a moved-down
player paired here counts as not floating down from it.

A bracket looks at the next score group above its colours only where the text pairs the two
together (C.13): when the next group is the lowest, whose pairing the penultimate bracket is
re-paired for, and when the bracket is merged with it (:attr:`across`). There the pairs into
the next group (and their scores) rank with this bracket's own pairs, and with the merge
colours are counted over both. Elsewhere the next bracket only asks whether the players
moved down can be paired there (C.12). When the next bracket is treated as homogeneous (A.3),
the bracket is re-paired with one more criterion, the fewest moved-down players without an
opponent in the next bracket: above colours when the bracket resumes its marked transposition
of moved-down players (:class:`MarkedBacktrackWeights2012`), after them otherwise
(:class:`BacktrackWeights2012`); when the next bracket is heterogeneous,
:mod:`engine.dutch.rules2012.pairer` asks it of the players moved down together, above every
criterion here.
"""

from __future__ import annotations

from functools import cache

from engine.dutch.players import DutchPlayer
from engine.dutch.weights import BracketWeights

__all__ = [
    "AcrossWeights2012",
    "BacktrackWeights2012",
    "MarkedBacktrackWeights2012",
    "Weights2012",
]


class Weights2012(BracketWeights):
    """One bracket's weights under the 2012 text."""

    across = False
    """Set when the bracket is the penultimate one and, paired alone, would leave the round
    unpairable, so that the text merges it with the lowest (C.13): colours then count in the
    pairs into the lowest score group too, and the merged bracket, the lowest one, has no
    downfloat requirements (C.3.e-f)."""

    paired_mdps = 0
    """M1 of C.6, how many moved-down players the bracket pairs, once a first pairing has
    told it (:meth:`pairing_mdps`); 0 before."""

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
        cur_levels = self._levels_of(ctx.current)
        members = ctx.current + ctx.following
        all_levels = self._levels_of(members)
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
        if len(p) - 1 in ctx.following:
            # C.13: the penultimate bracket is paired for the lowest (or merged with it).
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
        names = ("B.2 CD", "B.2 three", "B.4", "B.4 strong")
        for name, failed in zip(names, self._colour_failures(coloured)):
            if any(failed):
                values = {pair: 0 if bad else 1 for pair, bad in zip(coloured, failed)}
                if name == "B.4":
                    values, bound = self._bounded_by_x(values, most)
                    self._count(name, values, bound)
                else:
                    self._count(name, values, most)
        if self.backtracking and not self.resumes_mark:
            self._leave_pairable(current_pairs)
        windows = [back for back in (1, 2) if played_rounds >= back]
        # C.13 joins a bracket merged with the lowest score group into the new lowest
        # bracket, which moves nobody down (no downfloat requirements, C.3.e-f) and whose
        # pairs into that group make upfloaters (C.3.g-h).
        lowest = self.across
        if not lowest:
            for back in windows:
                self._repeated_downfloats(current_pairs, back)
        # C.3.g-h: upfloat requirements only for a heterogeneous bracket (one treated as
        # homogeneous, A.3, has none), and for the merged lowest over its pairs into the
        # lowest score group.
        floated = current_pairs + next_pairs if lowest else current_pairs
        for back in windows if ctx.mdps or lowest else ():
            self._repeated_upfloats(floated, back, len(members) // 2 if lowest else half)

    @classmethod
    @cache
    def pairing_mdps(cls, paired: int) -> type[Weights2012]:
        """These weights for a heterogeneous bracket that pairs ``paired`` moved-down
        players (M1 of C.6)."""
        return type(cls.__name__, (cls,), {"paired_mdps": paired, "__doc__": cls.__doc__})

    def _bounded_by_x(
        self, values: dict[tuple[int, int], int], most: int
    ) -> tuple[dict[tuple[int, int], int], int]:
        """B.4 for a heterogeneous bracket as C.6 bounds it: the pairs of the moved-down
        players are accepted when at most X of them miss a preference, and the remainder's
        pairs are then held to X on their own, not to what the moved-down players left of
        it (X = x of A.8 for the whole bracket, C.3). With the values and the bound to count.

        When x reaches M1, no pairing of the moved-down players breaks X, so their pairs'
        preferences do not rank them (D.3 and D.1 do). The remainder can miss no fewer
        preferences than its own x; what ranks its pairings is then the preferences missed
        beyond the smaller of X and that x, and taking a player of the colour most wanted
        by the residents out of the remainder lowers its x: such a pair of a moved-down
        player is worth one less (:meth:`_narrowing`). Below x = M1 the two parts are
        counted as one sum, which is exact for x = 0."""
        mdps = set(self.context.mdps)
        m1 = self.paired_mdps
        x = _x(self.players, self.context.current)
        if not m1 or self.across or x < m1:
            return values, most
        narrowing = self._narrowing(x)
        bounded = {
            pair: 1 + (pair[1] not in narrowing) if pair[0] in mdps else value
            for pair, value in values.items()
        }
        return bounded, 2 * most

    def _narrowing(self, x: int) -> set[int]:
        """The residents whose pairing with a moved-down player lowers the smaller of X
        (``x``) and the remainder's own x (A.8): players of the one colour most wanted
        among the residents, when the remainder, left with all of them, would have an x
        above 0 and, left with one fewer, an x below ``x``."""
        ctx = self.context
        p = self.players
        wants = [p[i].wants for i in ctx.residents if p[i].wants is not None]
        counts = sorted(((wants.count(colour), colour) for colour in set(wants)), reverse=True)
        if not counts or (len(counts) > 1 and counts[0][0] == counts[1][0]):
            return set()
        most, colour = counts[0]
        half = (len(ctx.residents) - self.paired_mdps + 1) // 2
        if most - half <= 0 or most - 1 - half >= x:
            return set()
        return {i for i in ctx.residents if p[i].wants == colour}

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
        """B.5/B.6 for downfloats (C.3.e-f, over the players the bracket moves down): players
        who downfloated ``back`` rounds ago and are paired in this bracket, so that they do
        not float down from it: residents, and moved-down players paired first (A.3). In a
        bracket treated as homogeneous a higher player paired with a lower one floats down
        all the same. Nothing is weighed when no player of the bracket floated down then."""
        of = self._level
        mdps = set(self.context.mdps)
        fell = self._fell[back]
        holders = sum(1 for i in self.context.current if i in fell)
        if holders:
            values = {
                (h, low): (low in fell) + ((h in mdps or of[h] <= of[low]) and h in fell)
                for h, low in pairs
            }
            self._count(f"B.{4 + back} down", values, holders)

    def _repeated_upfloats(self, pairs: list[tuple[int, int]], back: int, most: int) -> None:
        """B.5/B.6 for upfloats: pairs in which no lower player who upfloated ``back`` rounds
        ago meets a higher score (``most``: the most pairs a matching holds)."""
        repeat_up = self._repeat_up(pairs, back)
        if repeat_up:
            values = {pair: 0 if pair in repeat_up else 1 for pair in pairs}
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


def _x(players: list[DutchPlayer], bracket: tuple[int, ...]) -> int:
    """A.8: the fewest pairs of the bracket that cannot grant both colour preferences, from
    how many players want each colour (a player without a preference takes either)."""
    wants = [players[i].wants for i in bracket if players[i].wants is not None]
    most = max((wants.count(colour) for colour in set(wants)), default=0)
    return max(0, most - (len(bracket) + 1) // 2)


def _may_meet(a: DutchPlayer, b: DutchPlayer) -> bool:
    """B.1a and B.2 as the players' facts tell them (the arbiter's forbidden pairs aside)."""
    if b.number in a.met:
        return False
    same_absolute = a.absolute and b.absolute and a.wants == b.wants
    return not same_absolute or a.topscorer or b.topscorer


class AcrossWeights2012(Weights2012):
    """The weights of a bracket whose own best pairing would leave the round unpairable."""

    across = True
