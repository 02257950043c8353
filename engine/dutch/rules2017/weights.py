"""The 2017 quality criteria of one bracket as a lexicographic edge weight.

The pair counts (C.5), the colours (C.8-C.11) and the float counts (C.12-C.15) weigh as the
2026 C6, C10-C13 and C14-C17 do. Three kinds differ:

* C.6 minimises the Pairing Score Difference (A.8): the list, highest first, of the score
  differences of the pairs and of each downfloater's score less one point under the
  bracket's lowest score. Where 2026 C7 only ranks the downfloaters' scores, the PSD also
  charges a pair the difference of its two scores, which decides in a Collapsed Last Bracket.
* C.7 looks one bracket ahead for pairs, then for the PSD there; when the next bracket is
  the last, it also counts who is left for the bye (below).
* C.16-C.19 minimise the score differences of the players who float again as the round
  before (two rounds before): a repeated downfloater left over counts its downfloater score
  difference, one paired downwards the difference of its pair; a repeated upfloater the
  difference of its pair.

A field of score differences gives each difference ``d`` it can hold a run of bits wide
enough for every pair and downfloater that could have it, ``d`` above every smaller one, so
that a sum over a pairing compares as the sorted lists do. The engine maximises, so a pair
is worth what it stops charging (its players as downfloaters) less its own difference.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from engine.dutch.weights import BracketWeights

__all__ = ["Weights2017"]

Pair = tuple[int, int]


class Weights2017(BracketWeights):
    """One bracket's weights under the 2017 text."""

    def _build(self, played_rounds: int) -> None:
        ctx = self.context
        p = self.players
        mdps = set(ctx.mdps)
        in_following = set(ctx.following)
        members = ctx.current + ctx.following
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
        scores = {p[i].scaled_score: p[i].score for i in members}  # integer keys hash fast
        scale = math.lcm(*(score.denominator for score in scores.values()))
        units = {
            key: score.numerator * (scale // score.denominator) for key, score in scores.items()
        }
        self._units = {i: units[p[i].scaled_score] for i in members}
        """Scores in whole units of the smallest fraction present: differences as ints."""
        self._floor = min(self._units.values()) - scale
        """A.8: one point below the lowest score of the bracket (and of the next group)."""

        self._count("C.5", dict.fromkeys(current_pairs, 1), half)
        self._differences(
            "C.6",
            {pair: ((pair[0], pair[1]), (self._gap(pair),)) for pair in current_pairs},
            ctx.current,
            current_pairs,
        )
        if ctx.following:
            self._look_ahead(current_pairs + next_pairs, len(members) // 2)

        self._colours(("C.8", "C.9", "C.10", "C.11"), current_pairs, half)
        windows = [back for back in (1, 2) if played_rounds >= back]
        for back in windows:
            self._float_counts(current_pairs, back, self._repeat_up(current_pairs, back))
        for back in windows:
            self._float_differences(current_pairs, back)

    def _look_ahead(self, pairs: list[Pair], most: int) -> None:
        """C.7: the most pairs, then the lowest PSD, in the next bracket; as the reference
        engine weighs it, this bracket's players paired anywhere count by their downfloater
        differences. When the next bracket is the last, its pairs are counted with every
        pair of this one, each player who may not get the bye (C.2) paired counting once
        more, so that the bracket leaves the bye to someone who may have it."""
        p = self.players
        ctx = self.context
        current = set(ctx.current)
        last = p[ctx.following[0]].scaled_score == p[-1].scaled_score
        if last:
            ahead = {
                (h, low): 1 + (not p[h].eligible_for_bye) + (not p[low].eligible_for_bye)
                for h, low in pairs
            }
        else:
            following = set(ctx.following)
            ahead = {(h, low): 1 for h, low in pairs if low in following}
        self._count("C.7 pairs", ahead, 3 * most if last else most)
        # The higher player comes first in pairing order: a lower one in this bracket means both.
        gains = {
            (h, low): (h, low) if low in current else (h,) if h in current else ()
            for h, low in pairs
        }
        self._differences(
            "C.7 PSD", {pair: (kept, ()) for pair, kept in gains.items()}, ctx.current, []
        )

    def _float_differences(self, pairs: list[Pair], back: int) -> None:
        """C.16/C.18: repeated downfloaters, charged their downfloater difference when left
        over and their pair's difference when paired downwards; C.17/C.19: repeated
        upfloaters, charged their pair's difference. Nothing is weighed when no player of
        the bracket floated so."""
        units = self._units
        down, up = ("C.16", "C.17") if back == 1 else ("C.18", "C.19")
        fell = self._fell[back]
        rose = self._rose[back]
        falling = [i for i in self.context.current if i in fell]
        if falling:
            terms: dict[Pair, tuple[tuple[int, ...], tuple[int, ...]]] = {}
            charged: list[Pair] = []
            for h, low in pairs:
                downward = h in fell and units[h] > units[low]
                if downward:
                    charged.append((h, low))
                terms[(h, low)] = (
                    tuple(i for i in (h, low) if i in fell),
                    (self._gap((h, low)),) if downward else (),
                )
            self._differences(down, terms, falling, charged)
        again = [(h, low) for h, low in pairs if low in rose and units[h] > units[low]]
        if again:
            repeated = set(again)
            costs = {pair: ((), (self._gap(pair),) if pair in repeated else ()) for pair in pairs}
            self._differences(up, costs, (), again, base=len(self.context.current) // 2)

    def _gap(self, pair: Pair) -> int:
        return self._units[pair[0]] - self._units[pair[1]]

    def _differences(
        self,
        name: str,
        terms: Mapping[Pair, tuple[tuple[int, ...], tuple[int, ...]]],
        floaters: Iterable[int],
        charged: list[Pair],
        *,
        base: int = 0,
    ) -> None:
        """A field of score differences. ``terms`` gives each pair the players whose
        downfloater difference it saves and the pair differences it charges; ``floaters``
        are the players who may be charged as downfloaters, ``charged`` the pairs that may
        be charged their difference. With ``base`` (the most pairs), the field only
        charges, above a base value per pair."""
        units = self._units
        room: dict[int, int] = {}
        for i in floaters:
            key = units[i] - self._floor
            room[key] = room.get(key, 0) + 1
        highers: dict[int, set[int]] = {}
        for pair in charged:
            highers.setdefault(self._gap(pair), set()).add(pair[0])
        for key, who in highers.items():
            room[key] = room.get(key, 0) + len(who)
        bit: dict[int, int] = {}
        width = 0
        for key in sorted(room):
            bit[key] = 1 << width
            width += room[key].bit_length()
        top = 1 << width if base else 0
        down = {i: bit[key] for i in units if (key := units[i] - self._floor) in bit}
        values = {}
        for pair, (saved, costs) in terms.items():
            value = top
            for i in saved:
                value += down[i]
            for gap in costs:
                value -= bit[gap]
            values[pair] = value
        bound = top * base if base else sum(n * bit[key] for key, n in room.items())
        self._count(name, values, bound)
