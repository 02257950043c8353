"""The Dutch quality criteria of one bracket as a lexicographic integer edge weight.

A pair's weight is a stack of fields, most important first (dutch.md §5.7 step 1): pairs and
paired scores in this bracket (C6, C7), in the next bracket (C8), the bye receiver's unplayed
games (C9), colours (C10-C13), float counts (C14-C17) and float score levels (C18-C21), and a
low *stage* region that the tie-breaking stages of :mod:`engine.dutch.bracket` use for the
generation order. A maximum-weight matching then maximises the fields in order, because each
field is given enough bits to hold its largest possible sum over a matching.

Every field counts something good ("a pair", "a colour preference granted", "a player who
downfloated last round is paired here"), so a larger sum is better. Fields whose sum is fixed
once the fields above it are fixed are left out (for example the score levels of a bracket
without MDPs repeat the pair count), which keeps the weight within rustworkx's 124 bits in
all but extreme brackets (those get wider weights, which :mod:`engine.matching` solves exactly
with its slower unbounded solver).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from engine.common import Float
from engine.dutch.players import DutchPlayer

__all__ = ["BracketContext", "BracketWeights", "colour_failures"]

Key = TypeVar("Key")


@dataclass(frozen=True, slots=True)
class BracketContext:
    """Who is where while one bracket is paired.

    ``current`` holds the MDPs then the residents, ``following`` the next score group; the
    indices are pairing-order indices, each tuple in pairing order, so that scores never
    rise along ``current + following``. ``bye_rank`` maps a player at the PAB score to the
    C9 bonus for having them paired (None when C9 is not in force for this bracket).
    """

    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    following: tuple[int, ...]
    bye_rank: dict[int, int] | None

    @property
    def current(self) -> tuple[int, ...]:
        return self.mdps + self.residents


def colour_failures(low: DutchPlayer, high: DutchPlayer) -> tuple[bool, bool, bool, bool]:
    """Whether a pair fails C10, C11, C12 and C13 under the colours Art. 5 would give.

    C10: both have |CD| > 1 towards the same colour, so one ends beyond ±2. C11: both have
    the same absolute preference and the one losing it (the smaller |CD|, Art. 5.2.2) played
    that colour twice running already. C12: the same preference, so one is not granted.
    C13: the same preference, at least one strong in the strict sense, and the loser's was
    strong (an overridden absolute preference counts for C12 only, dutch.md §3.4).
    """
    same = low.wants is not None and low.wants == high.wants
    if not same:
        return (False, False, False, False)
    c10 = low.imbalance > 1 and high.imbalance > 1
    c11 = False
    if low.absolute and high.absolute:
        if low.imbalance == high.imbalance:
            c11 = low.repeated is not None and low.repeated == high.repeated
        else:
            loser = high if low.imbalance > high.imbalance else low
            c11 = loser.repeated is not None and loser.repeated != low.wants
    either_weak = not (low.strong or low.absolute) or not (high.strong or high.absolute)
    c13 = not either_weak and not (low.absolute and high.absolute)
    return (c10, c11, True, c13)


@dataclass(slots=True)
class _Field:
    """One criterion: its largest sum over a matching, and its value per pair. A pair whose
    lower player is in the next score group has the value ``higher[h] + lower[low]`` (a
    criterion of the next bracket only counts who is in the pair), so those pairs, most of
    a bracket's at federation scale, are never listed."""

    name: str
    bound: int = 0
    values: dict[tuple[int, int], int] = field(default_factory=dict)
    higher: dict[int, int] = field(default_factory=dict)
    lower: dict[int, int] = field(default_factory=dict)


class BracketWeights:
    """The packed base weight of every pair of a bracket (and of its next score group).

    ``weight(u, v)`` is the base weight shifted above ``stage_bits`` free low bits, so that
    the whole weight uses ``total_bits``, or more when the criteria leave fewer than
    ``min_stage_bits`` below it; pairs outside the bracket weigh 0. ``fields`` keeps the
    per-criterion values so that the explanation can say which criteria a chosen pairing
    could not meet.
    """

    def __init__(
        self,
        players: list[DutchPlayer],
        context: BracketContext,
        *,
        played_rounds: int,
        total_bits: int,
        min_stage_bits: int,
    ) -> None:
        self.players = players
        self.context = context
        self._fields: list[_Field] = []
        self._kind: dict[int, int] = {}
        self._samples: dict[tuple[int, int], tuple[int, int]] = {}
        """With :meth:`_sample_pairs`: each bracket player's kind, and the sample pair
        of each kind of pair (empty when an edition lists every pair)."""
        self._by_kinds: dict[tuple[int, int], int] = {}
        """The weight of each kind of pair: its sample's, once packed."""
        self._level: dict[int, int] = {}
        """Score levels of the members as small integers (ascending with the score):
        compared per pair, much faster than the Fractions themselves."""
        self._score_at: list[Fraction] = []
        """The score of each level, which names the fields of score levels."""
        # Members come in pairing order: read backwards, a score is either the one before
        # or higher, so one integer comparison per member finds the levels.
        members = context.current + context.following
        last = None
        for i in reversed(members):
            player = players[i]
            if player.scaled_score != last:
                last = player.scaled_score
                self._score_at.append(player.score)
            self._level[i] = len(self._score_at) - 1
        self._fell: dict[int, set[int]] = {1: set(), 2: set()}
        """The members who floated down one (two) rounds ago, by ``back`` (1 or 2)..."""
        self._rose: dict[int, set[int]] = {1: set(), 2: set()}
        """... and those who floated up."""
        for back in (1, 2):
            fell = self._fell[back]
            rose = self._rose[back]
            for i in members:
                kind = players[i].floated(back)
                if kind is Float.DOWN:
                    fell.add(i)
                elif kind is Float.UP:
                    rose.add(i)
        self._build(played_rounds)
        widths = [spec.bound.bit_length() for spec in self._fields]
        self.base_bits = sum(widths)
        self.stage_bits = max(total_bits - self.base_bits, min_stage_bits)
        """Low bits for the tie-breaking stages (as many as ``total_bits`` leaves, at least
        ``min_stage_bits``)."""
        self.base: dict[tuple[int, int], int] = {}
        self.ahead: dict[int, int] = {}
        """Weight of a pair ``(h, low)`` with ``low`` in the next score group, by ``h``..."""
        self.behind: dict[int, int] = {}
        """... plus this, by ``low``: such pairs weigh ``ahead[h] + behind[low]``."""
        shift = self.stage_bits
        for spec, width in zip(reversed(self._fields), reversed(widths)):
            _add_shifted(self.base, spec.values, shift)
            if spec.higher:
                _add_shifted(self.ahead, spec.higher, shift)
            if spec.lower:
                _add_shifted(self.behind, spec.lower, shift)
            shift += width
        self.bits = shift
        self._by_kinds = {kinds: self.base.get(pair, 0) for kinds, pair in self._samples.items()}
        self.following = frozenset(context.following)
        self.field_names = tuple(spec.name for spec in self._fields)

    def weight(self, u: int, v: int) -> int:
        if u > v:
            u, v = v, u
        if v in self.following:
            return self.base.get((u, v), 0) + self.ahead.get(u, 0) + self.behind.get(v, 0)
        kind = self._kind
        if kind:
            return self._by_kinds.get((kind[u], kind[v]), 0)
        return self.base.get((u, v), 0)

    @property
    def kinds(self) -> dict[int, int]:
        """Each bracket player's kind when pairs of the bracket are weighed by kinds
        (:meth:`_sample_pairs`: a pair weighs what its kinds' sample weighs), else empty."""
        return self._kind

    @property
    def additive_ahead(self) -> bool:
        """Whether every pair with a player of the next score group weighs
        ``ahead[h] + behind[low]`` alone (nothing in :attr:`base`): true of the criteria
        here, which :class:`engine.dutch.round_graph.RoundGraph` then need not list."""
        following = self.following
        return not any(low in following for _, low in self.base)

    # -- building -------------------------------------------------------------------------

    def _build(self, played_rounds: int) -> None:
        ctx = self.context
        mdps = set(ctx.mdps)
        current = ctx.current
        following = ctx.following
        members = current + following
        cur_levels = self._levels_of(current)
        all_levels = self._levels_of(members)

        # Pairs whose lower player is in this bracket (C6 ...) or in the next (C8): the
        # latter are every pair with a player of the next score group, whose C8 and C9
        # values only depend on who is in the pair (:class:`_Field`). The former are
        # weighed by one sample pair per kind of pair (:meth:`_sample_pairs`).
        current_pairs = self._sample_pairs(mdps)
        higher = members[:-1] if following else ()
        half_current = len(current) // 2

        self._count("C6", dict.fromkeys(current_pairs, 1), half_current)
        self._levels("C7", current_pairs, cur_levels, half_current, higher=current[:-1])
        self._count(
            "C8 pairs",
            {},
            min(len(following), len(members) // 2),
            higher=dict.fromkeys(higher, 1),
        )
        of = self._level
        by_level: dict[int, list[int]] = {}
        for h in higher:
            by_level.setdefault(of[h], []).append(h)
        for level in all_levels[:-1]:
            holders = by_level.get(level, [])
            self._count(
                f"C8 scores {self._score_at[level]}",
                {},
                min(len(holders), len(members) // 2),
                higher=dict.fromkeys(holders, 1),
            )
        if ctx.bye_rank is not None:
            self._bye_ranks(current_pairs, higher, following, ctx.bye_rank)

        self._colours(("C10", "C11", "C12", "C13"), current_pairs, half_current)
        # C14-C17 (float counts) rank above C18-C21 (float score levels), previous round first.
        windows = [back for back in (1, 2) if played_rounds >= back]
        repeat_up = {back: self._repeat_up(current_pairs, back) for back in windows}
        for back in windows:
            self._float_counts(current_pairs, back, repeat_up[back])
        for back in windows:
            self._float_levels(current_pairs, cur_levels, back, repeat_up[back])

    def _colours(
        self, names: tuple[str, str, str, str], pairs: list[tuple[int, int]], bound: int
    ) -> None:
        """C10-C13, named ``names``: the pairs that meet each criterion some pair fails."""
        for name, failed in zip(names, self._colour_failures(pairs)):
            if any(failed):
                self._count(
                    name, {pair: 0 if bad else 1 for pair, bad in zip(pairs, failed)}, bound
                )

    def _colour_failures(self, pairs: list[tuple[int, int]]) -> list[tuple[bool, ...]]:
        """For C10, C11, C12 and C13 in turn, whether each of ``pairs`` fails it
        (:func:`colour_failures`); empty without pairs."""
        p = self.players
        return list(zip(*(colour_failures(p[low], p[h]) for h, low in pairs)))

    def _levels_of(self, players: tuple[int, ...]) -> list[int]:
        """The score levels among ``players`` (of this bracket or its next score group),
        highest first."""
        return sorted({self._level[i] for i in players}, reverse=True)

    def _sample_pairs(self, mdps: set[int]) -> list[tuple[int, int]]:
        """One pair ``(h, low)`` of the bracket (``low`` not an MDP, C6) for each kind of
        pair, a player's kind being everything the criteria here read of it (score level,
        colour preference, floats, C9 rank, MDP or not). Every pair weighs what the sample
        of its kind weighs (:meth:`weight`), so a bracket of a thousand players is weighed
        through a few hundred pairs instead of half a million."""
        ctx = self.context
        rank = ctx.bye_rank or {}
        fell, rose = self._fell, self._rose
        kinds: dict[int, int] = {}
        numbers: dict[tuple[object, ...], int] = {}
        for i in ctx.current:
            player = self.players[i]
            facts = (
                i in mdps,
                self._level[i],
                player.wants,
                player.imbalance,
                player.absolute,
                player.strong,
                player.repeated,
                i in fell[1],
                i in rose[1],
                i in fell[2],
                i in rose[2],
                rank.get(i, 0),
            )
            kinds[i] = numbers.setdefault(facts, len(numbers))  # small ints hash fast
        # The sample of kinds (a, b) is the first such pair in pairing order: the first
        # player of kind a with the first player of kind b after it. Kinds are numbered in
        # the order they are met, so ``firsts[a]`` is the first player of kind a; the
        # players of kind b so far have sampled the kinds below ``sampled[b]``, so each one
        # only pairs with the kinds met since.
        samples: dict[tuple[int, int], tuple[int, int]] = {}
        firsts: list[int] = []
        sampled = [0] * len(numbers)
        for low in ctx.current:
            kind = kinds[low]
            if low not in mdps:
                for other in range(sampled[kind], len(firsts)):
                    samples[(other, kind)] = (firsts[other], low)
                sampled[kind] = len(firsts)
            if kind == len(firsts):
                firsts.append(low)
        self._kind = kinds
        self._samples = samples
        return list(samples.values())

    def _count(
        self,
        name: str,
        values: dict[tuple[int, int], int],
        bound: int,
        *,
        higher: dict[int, int] | None = None,
        lower: dict[int, int] | None = None,
    ) -> None:
        """Add a criterion unless it can never count anything. ``higher`` and ``lower``
        give the values of the pairs with a player of the next score group (see
        :class:`_Field`)."""
        higher = higher or {}
        lower = lower or {}
        if bound and (any(values.values()) or any(higher.values()) or any(lower.values())):
            self._fields.append(_Field(name, bound, values, higher, lower))

    def _levels(
        self,
        name: str,
        pairs: list[tuple[int, int]],
        levels: list[int],
        bound: int,
        *,
        higher: tuple[int, ...] | None = None,
    ) -> None:
        """One sub-field per score level of the higher player, highest level first; the
        lowest level repeats the pair count minus the others and is left out. ``higher``
        are the players that are the higher of some pair, when ``pairs`` are samples."""
        of = self._level
        for level in levels[:-1]:
            at_level = [pair for pair in pairs if of[pair[0]] == level]
            tops = {pair[0] for pair in at_level} if higher is None else higher
            holders = sum(1 for i in tops if of[i] == level)
            self._count(
                f"{name} {self._score_at[level]}", dict.fromkeys(at_level, 1), min(holders, bound)
            )

    def _bye_ranks(
        self,
        pairs: list[tuple[int, int]],
        higher: tuple[int, ...],
        following: tuple[int, ...],
        rank: dict[int, int],
    ) -> None:
        values = {pair: rank.get(pair[0], 0) + rank.get(pair[1], 0) for pair in pairs}
        self._count(
            "C9",
            values,
            sum(rank.values()),
            higher={h: rank.get(h, 0) for h in higher},
            lower={low: rank.get(low, 0) for low in following},
        )

    def _repeat_up(self, pairs: list[tuple[int, int]], back: int) -> set[tuple[int, int]]:
        """The pairs whose lower player is an MDP opponent (paired with a higher score) who
        upfloated ``back`` rounds ago."""
        of = self._level
        up = self._rose[back]
        return {pair for pair in pairs if pair[1] in up and of[pair[0]] > of[pair[1]]}

    def _float_counts(
        self,
        pairs: list[tuple[int, int]],
        back: int,
        repeat_up: set[tuple[int, int]],
    ) -> None:
        """C14/C16: residents who downfloated then and are paired now (an MDP higher player
        counts only in the score levels of C18/C20); C15/C17: MDP opponents who upfloated
        then (counted as pairs without such a player: ``repeat_up``, :meth:`_repeat_up`).
        Nothing is weighed for a count no one in the bracket can add to."""
        of = self._level
        fell = self._fell[back]
        down, up = ("C14", "C15") if back == 1 else ("C16", "C17")
        current = self.context.current
        holders = sum(1 for i in current if i in fell)
        if holders:
            downs = {
                pair: (pair[1] in fell) + (of[pair[0]] <= of[pair[1]] and pair[0] in fell)
                for pair in pairs
            }
            self._count(down, downs, holders)
        if repeat_up:
            self._count(
                up, {pair: 0 if pair in repeat_up else 1 for pair in pairs}, len(current) // 2
            )

    def _float_levels(
        self,
        pairs: list[tuple[int, int]],
        levels: list[int],
        back: int,
        repeat_up: set[tuple[int, int]],
    ) -> None:
        """C18/C20: per MDP score level, paired MDPs who downfloated then (the residents'
        level repeats C14/C16 and is left out); C19/C21: per MDP score level, pairs whose
        resident did not upfloat then (``repeat_up``, :meth:`_repeat_up`). A level without
        such a downfloater is not weighed."""
        of = self._level
        fell = self._fell[back]
        down, up = ("C18", "C19") if back == 1 else ("C20", "C21")
        current = self.context.current
        fallen = [of[i] for i in current if i in fell]
        for level in levels[:-1]:
            holders = fallen.count(level)
            if holders:
                values = {
                    pair: (pair[0] in fell and of[pair[0]] == level)
                    + (pair[1] in fell and of[pair[1]] == level)
                    for pair in pairs
                }
                self._count(f"{down} {self._score_at[level]}", values, holders)
        for level in levels[:-1]:
            at_level = [pair for pair in pairs if of[pair[0]] == level]
            if any(pair in repeat_up for pair in at_level):
                holders = sum(1 for i in current if of[i] == level)
                self._count(
                    f"{up} {self._score_at[level]}",
                    {pair: 0 if pair in repeat_up else 1 for pair in at_level},
                    holders,
                )


def _add_shifted(packed: dict[Key, int], values: dict[Key, int], shift: int) -> None:
    """Add a field's non-zero ``values``, shifted to its bits, into ``packed`` (so that only
    pairs some criterion counts are listed)."""
    for key, value in values.items():
        if value:
            packed[key] = packed.get(key, 0) + (value << shift)
