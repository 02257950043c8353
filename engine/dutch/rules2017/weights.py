"""The 2017 quality criteria of one bracket as a lexicographic edge weight.

The pair counts (C.5), the look-ahead (C.7), the colours (C.8-C.11) and the float counts
(C.12-C.15) weigh as the 2026 C6, C8, C10-C13 and C14-C17 do. Two kinds differ:

* C.6 minimises the Pairing Score Difference (A.8): the list, highest first, of the score
  differences of the pairs and of each downfloater's score less one point under the
  bracket's lowest score. Where 2026 C7 only ranks the downfloaters' scores, the PSD also
  charges a pair the difference of its two scores, which decides in a Collapsed Last Bracket.
* C.16-C.19 minimise the score differences of the players who float again as the round
  before (two rounds before): a repeated downfloater left over counts its downfloater score
  difference, one paired downwards the difference of its pair; a repeated upfloater the
  difference of its pair.

Each score difference ``d`` that can occur gets a bit field wide enough for every pair and
downfloater that could have it, ``d`` above every smaller difference, so that a sum over a
pairing compares as the sorted list does. The engine maximises, so a pair is worth the
downfloater differences of its two players (no longer charged) less its own difference.
"""

from __future__ import annotations

from fractions import Fraction

from engine.common import Float
from engine.dutch.players import DutchPlayer
from engine.dutch.weights import BracketContext, BracketWeights, colour_failures

__all__ = ["Weights2017"]

ONE_POINT = Fraction(1)
"""A.8: a downfloater's score difference is taken against one point below the bracket."""


class Weights2017(BracketWeights):
    """One bracket's weights under the 2017 text."""

    def __init__(
        self,
        players: list[DutchPlayer],
        context: BracketContext,
        *,
        played_rounds: int,
        total_bits: int,
        min_stage_bits: int,
    ) -> None:
        self._difference_bit: dict[Fraction, int] = {}
        super().__init__(
            players,
            context,
            played_rounds=played_rounds,
            total_bits=total_bits,
            min_stage_bits=min_stage_bits,
        )

    def _build(self, played_rounds: int) -> None:
        ctx = self.context
        p = self.players
        mdps = set(ctx.mdps)
        following = ctx.following
        in_following = set(following)
        members = ctx.current + following
        current_pairs = [
            (h, low)
            for a, low in enumerate(ctx.current)
            if low not in mdps
            for h in ctx.current[:a]
        ]
        next_pairs = [
            (h, low) for a, low in enumerate(members) if low in in_following for h in members[:a]
        ]
        half = len(ctx.current) // 2
        self._floor = min(p[i].score for i in members) - ONE_POINT
        self._differences(current_pairs)

        self._count("C.5", dict.fromkeys(current_pairs, 1), half)
        self._count(
            "C.6",
            {(h, low): self._paired_value(h, low) for h, low in current_pairs},
            sum(self._down(i) for i in ctx.current),
        )
        if following:
            self._look_ahead(current_pairs + next_pairs, len(members) // 2)

        failures = {pair: colour_failures(p[pair[1]], p[pair[0]]) for pair in current_pairs}
        for position, name in enumerate(("C.8", "C.9", "C.10", "C.11")):
            if any(bad[position] for bad in failures.values()):
                self._count(
                    name,
                    {pair: 0 if bad[position] else 1 for pair, bad in failures.items()},
                    half,
                )
        windows = [back for back in (1, 2) if played_rounds >= back]
        for back in windows:
            self._float_counts(current_pairs, back)
        for back in windows:
            self._float_differences(current_pairs, back)

    def _look_ahead(self, pairs: list[tuple[int, int]], most: int) -> None:
        """C.7: the most pairs, then the lowest PSD, in the next bracket; as the reference
        engine weighs it, the pairs of this bracket's players paired there count by their
        downfloater differences. When the next bracket is the last, its pairs are counted
        with every pair of this one, each player who may not get the bye (C.2) paired
        counting once more, so that the bracket leaves the bye to someone who may have it."""
        p = self.players
        current = set(self.context.current)
        last = p[self.context.following[0]].score == p[-1].score
        if last:
            ahead = {
                (h, low): 1 + (not p[h].eligible_for_bye) + (not p[low].eligible_for_bye)
                for h, low in pairs
            }
        else:
            following = set(self.context.following)
            ahead = {(h, low): 1 for h, low in pairs if low in following}
        self._count("C.7 pairs", ahead, 3 * most if last else most)
        self._count(
            "C.7 PSD",
            {
                (h, low): (self._down(h) if h in current else 0)
                + (self._down(low) if low in current else 0)
                for h, low in pairs
            },
            sum(self._down(i) for i in current),
        )

    # -- score differences ----------------------------------------------------------------

    def _differences(self, pairs: list[tuple[int, int]]) -> None:
        """A bit field per score difference that can occur, smallest lowest."""
        p = self.players
        room: dict[Fraction, int] = {}
        for i in self.context.current:
            key = p[i].score - self._floor
            room[key] = room.get(key, 0) + 1
        pair_room = len(self.context.current) // 2
        for h, low in pairs:
            room.setdefault(p[h].score - p[low].score, pair_room)
        offset = 0
        for key in sorted(room):
            self._difference_bit[key] = offset
            offset += room[key].bit_length() + 1
        self._difference_bits = offset

    def _charge(self, difference: Fraction) -> int:
        return 1 << self._difference_bit[difference]

    def _down(self, i: int) -> int:
        """What downfloater ``i`` adds to the PSD (A.8)."""
        return self._charge(self.players[i].score - self._floor)

    def _paired_value(self, h: int, low: int) -> int:
        """The PSD saved by pairing ``h`` with ``low``: two downfloaters fewer, one pair more."""
        p = self.players
        return self._down(h) + self._down(low) - self._charge(p[h].score - p[low].score)

    def _float_differences(self, pairs: list[tuple[int, int]], back: int) -> None:
        """C.16/C.18: repeated downfloaters, charged their downfloater difference when left
        over and their pair's difference when paired downwards; C.17/C.19: repeated
        upfloaters, charged their pair's difference (as pairs without one, above a base)."""
        p = self.players
        down, up = ("C.16", "C.17") if back == 1 else ("C.18", "C.19")
        fell = self._floated[(back, Float.DOWN)]
        rose = self._floated[(back, Float.UP)]
        downs: dict[tuple[int, int], int] = {}
        for h, low in pairs:
            value = self._down(low) if low in fell else 0
            if h in fell:
                value += self._down(h)
                if p[h].score > p[low].score:
                    value -= self._charge(p[h].score - p[low].score)
            downs[(h, low)] = value
        current = self.context.current
        self._count(down, downs, sum(self._down(i) for i in current if i in fell))
        repeated = {(h, low): low in rose and p[h].score > p[low].score for h, low in pairs}
        if any(repeated.values()):
            base = 1 << self._difference_bits
            self._count(
                up,
                {
                    (h, low): base - (self._charge(p[h].score - p[low].score) if bad else 0)
                    for (h, low), bad in repeated.items()
                },
                base * (len(current) // 2),
            )
