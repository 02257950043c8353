"""Pairing one Dubov bracket (C.04.4.1 Art. 3.2 and Art. 4).

A bracket is the unpaired residents of one scoregroup plus the upfloaters chosen for it from
the lower scoregroups. The steps follow the text:

1. choose the upfloaters: the fewest ([C5]), with the highest scores ([C6]), then the best
   colours ([C7]) and float history ([C8]-[C10], not in the last round), and among equally
   good sets the first in the order of Art. 4.2 (score, then TPN) -- always keeping the rest
   of the round pairable ([C4]);
2. split the bracket into G1 (White seekers) and G2 (the rest) (Art. 3.2.3);
3. shift the players who must meet inside their own subgroup, then equalise the subgroups
   (Art. 3.2.4), choosing shifters in the middle-outward order of Art. 4.3;
4. pair S1 (G1 by ARO, then TPN) with the first legal transposition of G2 (Art. 3.2.5, 4.4).

Steps 1 and 3 are maximum-weight matchings with the criteria packed into the weights
(:mod:`engine.dubov_matching`), then a walk through the candidates in the article's order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.dubov_matching import Tiers, first_transposition, max_weight_mate, perfectly_matchable
from engine.dubov_players import DubovPlayer
from engine.errors import NoValidPairing
from engine.model import Colour, PairingNumber

__all__ = [
    "BracketPairing",
    "BracketRules",
    "choose_upfloaters",
    "pair_bracket",
    "middle_outward",
]

_SMALL = 64
"""Up to this many players (residents plus lower players) the completion criterion [C4] is
built into every matching; above it, it is checked on the result (exact either way)."""


@dataclass(frozen=True, slots=True)
class BracketRules:
    """The round-wide facts a bracket needs: which pairs are allowed, and whether [C8]-[C10]
    apply (not in the last round)."""

    last_round: bool
    forbidden: frozenset[frozenset[PairingNumber]] = frozenset()

    def compatible(self, a: DubovPlayer, b: DubovPlayer) -> bool:
        """[C1] not met before, [C3] not the same absolute colour preference, and not a pair
        the arbiter forbade."""
        if b.number in a.met or a.number == b.number:
            return False
        colour = a.absolute_colour
        if colour is not None and colour is b.absolute_colour:
            return False
        return not self.forbidden or frozenset((a.number, b.number)) not in self.forbidden


@dataclass(slots=True)
class BracketPairing:
    """The pairs of one bracket (unordered, colours not yet allocated) and how they came."""

    pairs: list[tuple[DubovPlayer, DubovPlayer]]
    upfloaters: list[DubovPlayer]
    trace: list[str] = field(default_factory=list)


def sequence_order(player: DubovPlayer) -> tuple[Fraction, int]:
    """Art. 4.2.2: possible upfloaters by descending score, then ascending TPN."""
    return (-player.score, player.number)


def white_seeker_order(player: DubovPlayer) -> tuple[int, int]:
    """Art. 4.3.2 / 3.2.5: White seekers (and S1) by ascending ARO, then ascending TPN."""
    return (player.aro, player.number)


def black_seeker_order(player: DubovPlayer) -> int:
    """Art. 4.3.2 / 4.4.2: Black seekers (and G2) by ascending TPN."""
    return int(player.number)


def middle_outward(items: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """Art. 4.3.3: number a sorted list from its (remaining) middle outward; when two players
    are in the middle, the one higher in the list comes first.

    >>> [p for p in middle_outward("ABCDEFG")]
    ['D', 'C', 'E', 'B', 'F', 'A', 'G']
    >>> [p for p in middle_outward("ABCDEF")]
    ['C', 'D', 'B', 'E', 'A', 'F']
    """
    remaining = list(items)
    numbered = []
    while remaining:
        numbered.append(remaining.pop((len(remaining) - 1) // 2))
    return numbered


def pair_bracket(
    residents: Sequence[DubovPlayer], lower: Sequence[DubovPlayer], rules: BracketRules
) -> BracketPairing:
    """Pair the residents of one scoregroup, with upfloaters from ``lower`` as needed.

    :raises NoValidPairing: when no legal pairing of the residents leaves the lower players
        pairable.
    """
    upfloaters, trace = choose_upfloaters(residents, lower, rules)
    bracket = list(residents) + upfloaters
    pairs, split_trace = _pair_players(bracket, rules)
    return BracketPairing(pairs, upfloaters, trace + split_trace)


# --- step 1: the upfloaters (Art. 3.2.1-3.2.2) -------------------------------------------


def choose_upfloaters(
    residents: Sequence[DubovPlayer], lower: Sequence[DubovPlayer], rules: BracketRules
) -> tuple[list[DubovPlayer], list[str]]:
    """The upfloater set of Art. 3.2.2 and a line describing its quality.

    :raises NoValidPairing: see :func:`pair_bracket`.
    """
    lower = sorted(lower, key=sequence_order)
    if len(residents) + len(lower) > _SMALL:
        found = _UpfloaterSearch(residents, lower, rules, completion=False).run()
        if found is not None:
            rest = [p for p in lower if p not in found[0]]
            if perfectly_matchable(rest, rules.compatible):
                return found
    found = _UpfloaterSearch(residents, lower, rules, completion=True).run()
    if found is None:
        raise NoValidPairing(
            f"the players on {_points(residents[0].score)} "
            f"({', '.join(str(p.number) for p in residents)}) cannot be paired legally "
            "while keeping the rest of the round pairable"
        )
    return found


class _UpfloaterSearch:
    """The matchings behind one upfloater choice.

    Vertices are the residents, then the lower players in sequence order. Edges join two
    compatible players of whom at least one is a resident; with ``completion`` the lower
    players are also joined among themselves, so that an optimal matching must leave them
    pairable ([C4]). An edge with a lower player is that player's upfloat.
    """

    def __init__(
        self,
        residents: Sequence[DubovPlayer],
        lower: Sequence[DubovPlayer],
        rules: BracketRules,
        *,
        completion: bool,
    ) -> None:
        self.players = list(residents) + list(lower)
        self.resident_count = len(residents)
        self.rules = rules
        self.completion = completion
        levels = sorted({p.score for p in lower}, reverse=True)
        self.level = [0] * self.resident_count + [levels.index(p.score) for p in lower]
        self.edges = [
            (i, j)
            for i in range(len(self.players))
            for j in range(i + 1, len(self.players))
            if (i < self.resident_count or completion)
            and rules.compatible(self.players[i], self.players[j])
        ]

    def is_resident(self, index: int) -> bool:
        return index < self.resident_count

    def run(self) -> tuple[list[DubovPlayer], list[str]] | None:
        mate = self._solve(Tiers([("c5", self.resident_count)]), self._c5_cost)
        if mate is None:
            return None
        count = self._upfloat_count(mate)
        if count == 0:
            return [], [self._describe([], mate)]
        deepest = max(self.level[v] for v in self._upfloaters(mate))
        # [C6] never prefers a lower level than one a [C5]-optimal pairing already reaches.
        candidates = [
            v for v in range(self.resident_count, len(self.players)) if self.level[v] <= deepest
        ]
        allowed = set(candidates)
        self.edges = [
            (i, j)
            for i, j in self.edges
            if not (self.is_resident(i) and not self.is_resident(j)) or j in allowed
        ]
        tiers = self._quality_tiers(count, deepest)
        forced: list[int] = []
        mate = self._solve(tiers, self._quality_cost(tiers), forced=forced, count=count)
        if mate is None:
            return None  # cannot happen: the first matching is a solution
        for candidate in candidates:
            if len(forced) == count:
                break
            if not 0 <= mate[candidate] < self.resident_count:
                trial = self._solve(
                    tiers, self._quality_cost(tiers), forced=forced, count=count, bonus=candidate
                )
                if trial is None or not (0 <= trial[candidate] < self.resident_count):
                    self._drop_upfloat_edges(candidate)
                    continue
                mate = trial
            forced.append(candidate)
        chosen = [self.players[v] for v in forced]
        return chosen, [self._describe(chosen, mate)]

    # matchings

    def _solve(
        self,
        tiers: Tiers,
        cost: Callable[[int, int], int],
        *,
        forced: Sequence[int] = (),
        count: int = 0,
        bonus: int | None = None,
    ) -> list[int] | None:
        """An optimal matching, or ``None`` when it cannot pair every resident (and, with
        ``completion``, every lower player).

        Weights, most significant first: players covered, forced upfloaters kept (one unit
        per forced upfloat edge), the tiered costs, then 1 for a ``bonus`` upfloat edge.
        """
        force_unit = tiers.span * 2
        cover_unit = force_unit * (count + 1)
        weighted = []
        for i, j in self.edges:
            resident_ends = self.is_resident(i) + self.is_resident(j)
            ends = 2 if self.completion else resident_ends
            weight = cover_unit * ends - 2 * cost(i, j)
            if resident_ends == 1:
                if j in forced:
                    weight += force_unit
                elif j == bonus:
                    weight += 1
            weighted.append((i, j, weight))
        mate = max_weight_mate(len(self.players), weighted)
        needed = len(self.players) if self.completion else self.resident_count
        if any(mate[v] < 0 for v in range(needed)):
            return None
        return mate

    def _c5_cost(self, i: int, j: int) -> int:
        return 0 if self.is_resident(j) or not self.is_resident(i) else 1

    def _quality_tiers(self, count: int, deepest: int) -> Tiers:
        bounds = [("c5", self.resident_count)]
        bounds += [(f"c6-{level}", count) for level in range(deepest, 0, -1)]
        bounds.append(("c7", self.resident_count))
        if not self.rules.last_round:
            most = max((p.upfloats for p in self.players[self.resident_count :]), default=0)
            bounds += [("c8", count), ("c9", count * most), ("c10", count)]
        return Tiers(bounds)

    def _quality_cost(self, tiers: Tiers) -> Callable[[int, int], int]:
        radix = tiers.radix
        last_round = self.rules.last_round

        def cost(i: int, j: int) -> int:
            if not self.is_resident(i):
                return 0  # two lower players: only there for completion
            a, b = self.players[i], self.players[j]
            total = radix["c7"] if a.preference.colour is b.preference.colour else 0
            if self.is_resident(j):
                return total
            total += radix["c5"]
            if self.level[j]:
                total += radix[f"c6-{self.level[j]}"]
            if not last_round:
                if b.maximum_upfloater:
                    total += radix["c8"] + radix["c9"] * b.upfloats
                if b.upfloated_last_round:
                    total += radix["c10"]
            return total

        return cost

    def _drop_upfloat_edges(self, candidate: int) -> None:
        self.edges = [
            (i, j) for i, j in self.edges if j != candidate or not self.is_resident(i)
        ]

    def _upfloaters(self, mate: list[int]) -> list[int]:
        return [mate[v] for v in range(self.resident_count) if not self.is_resident(mate[v])]

    def _upfloat_count(self, mate: list[int]) -> int:
        return len(self._upfloaters(mate))

    def _describe(self, chosen: Sequence[DubovPlayer], mate: list[int]) -> str:
        """The bracket's residents, upfloaters and the values of [C5]-[C10] it reached."""
        residents = self.players[: self.resident_count]
        misses = sum(
            1
            for v in range(self.resident_count)
            if v < mate[v] or not self.is_resident(mate[v])
            if self.players[v].preference.colour is self.players[mate[v]].preference.colour
        )
        line = (
            f"bracket {_points(residents[0].score)}: residents "
            f"{' '.join(str(p.number) for p in residents)}; [C5] {len(chosen)} upfloater(s)"
        )
        if chosen:
            line += ": " + " ".join(f"{p.number} ({_points(p.score)})" for p in chosen)
        line += f"; [C7] {misses} colour miss(es)"
        if chosen and not self.rules.last_round:
            maximum = [p for p in chosen if p.maximum_upfloater]
            line += (
                f"; [C8] {len(maximum)} [C9] {sum(p.upfloats for p in maximum)}"
                f" [C10] {sum(1 for p in chosen if p.upfloated_last_round)}"
            )
        return line


# --- steps 2-4: G1/G2, shifts, transposition (Art. 3.2.3-3.2.6) ---------------------------


def _pair_players(
    bracket: Sequence[DubovPlayer], rules: BracketRules
) -> tuple[list[tuple[DubovPlayer, DubovPlayer]], list[str]]:
    if not bracket:
        return [], []
    g1, g2 = _initial_subgroups(bracket)
    trace = [
        f"G1 {' '.join(str(p.number) for p in g1)} | G2 {' '.join(str(p.number) for p in g2)}"
    ]
    split = _Recomposition(bracket, g1, g2, rules)
    g1, g2 = split.run(trace)
    s1 = sorted(g1, key=white_seeker_order)
    t2 = sorted(g2, key=black_seeker_order)
    order = first_transposition(range(len(s1)), range(len(t2)), lambda r, c: rules.compatible(s1[r], t2[c]))
    if order is None:
        raise NoValidPairing(
            "no legal transposition for the bracket "
            + " ".join(str(p.number) for p in bracket)
        )
    pairs = [(s1[r], t2[c]) for r, c in enumerate(order)]
    trace.append(
        f"S1 {' '.join(str(p.number) for p in s1)} | T2 {' '.join(str(b.number) for _, b in pairs)}"
    )
    return pairs, trace


def _initial_subgroups(
    bracket: Sequence[DubovPlayer],
) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
    """Art. 3.2.3: G1 = White seekers; when nobody in the bracket has played yet, G1 = the
    first half of the bracket by TPN."""
    if not any(p.has_played for p in bracket):
        by_tpn = sorted(bracket, key=black_seeker_order)
        return by_tpn[: len(by_tpn) // 2], by_tpn[len(by_tpn) // 2 :]
    g1 = [p for p in bracket if p.preference.colour is Colour.WHITE]
    g2 = [p for p in bracket if p.preference.colour is not Colour.WHITE]
    return g1, g2


class _Recomposition:
    """Art. 3.2.4: the two shifting steps, on matchings of the bracket's players.

    The first step moves players out of the smaller subgroup (G1 on a tie), the *source*;
    each matching costs one unit per pair inside the source. Minimising that is [C7] for a
    colour split (every such pair forces a twin pair in the other subgroup), and the pairs
    left at the minimum are the ones that must unavoidably be paired together. The second
    step always goes the other way, since the source only shrank. A shifter is pinned by
    keeping only its edges to the non-shifters of the subgroup it leaves, so that it meets a
    member of its old subgroup.
    """

    def __init__(
        self,
        bracket: Sequence[DubovPlayer],
        g1: Sequence[DubovPlayer],
        g2: Sequence[DubovPlayer],
        rules: BracketRules,
    ) -> None:
        self.players = list(bracket)
        index = {p.number: i for i, p in enumerate(self.players)}
        self.source_is_g1 = len(g1) <= len(g2)
        source, other = (g1, g2) if self.source_is_g1 else (g2, g1)
        self.source = {index[p.number] for p in source}
        self.other = {index[p.number] for p in other}
        self.edges = {
            (i, j)
            for i in range(len(self.players))
            for j in range(i + 1, len(self.players))
            if rules.compatible(self.players[i], self.players[j])
        }
        self.radix = Tiers([("inner", len(self.players) // 2)]).span

    def run(self, trace: list[str]) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
        mate = self._solve()
        if mate is None:
            raise NoValidPairing(
                "the bracket "
                + " ".join(str(p.number) for p in self.players)
                + " has no legal pairing"
            )
        names = ("G1", "G2") if self.source_is_g1 else ("G2", "G1")
        forced = sum(1 for v in self.source if mate[v] in self.source) // 2
        source_key = white_seeker_order if self.source_is_g1 else black_seeker_order
        other_key = black_seeker_order if self.source_is_g1 else white_seeker_order
        mate, first = self._shift(mate, self.source, forced, source_key, skip=set())
        if first:
            trace.append(f"shift {names[0]}->{names[1]}: {_numbers(first, self.players)}")
        source = self.source - set(first)
        other = self.other | set(first)
        excess = (len(other) - len(source)) // 2
        mate, second = self._shift(mate, other, excess, other_key, skip=set(first))
        if second:
            trace.append(f"shift {names[1]}->{names[0]}: {_numbers(second, self.players)}")
        source |= set(second)
        other -= set(second)
        g1, g2 = (source, other) if self.source_is_g1 else (other, source)
        return [self.players[v] for v in sorted(g1)], [self.players[v] for v in sorted(g2)]

    def _solve(self, bonus: int | None = None, partners: set[int] = frozenset()) -> list[int] | None:
        """A perfect matching with the fewest pairs inside the source, or ``None``; ``bonus``
        adds the least unit to its edges towards ``partners``."""
        cover = 2 * self.radix
        weighted = []
        for i, j in self.edges:
            weight = cover
            if i in self.source and j in self.source:
                weight -= 2
            if bonus == i and j in partners or bonus == j and i in partners:
                weight += 1
            weighted.append((i, j, weight))
        mate = max_weight_mate(len(self.players), weighted)
        return None if any(m < 0 for m in mate) else mate

    def _shift(
        self,
        mate: list[int],
        origin: set[int],
        count: int,
        key: Callable[[DubovPlayer], object],
        *,
        skip: set[int],
    ) -> tuple[list[int], list[int]]:
        """The first ``count`` players of ``origin``, in the middle-outward order of its
        sorted list, that some optimal matching pairs inside ``origin`` (Art. 4.3)."""
        moved: list[int] = []
        if count == 0:
            return mate, moved
        listed = sorted(origin, key=lambda v: key(self.players[v]))  # type: ignore[arg-type,return-value]
        for v in middle_outward(listed):
            if len(moved) == count:
                break
            if v in skip:
                continue
            partners = origin - skip - set(moved) - {v}
            if mate[v] not in partners:
                trial = self._solve(bonus=v, partners=partners)
                if trial is None or trial[v] not in partners:
                    continue
                mate = trial
            moved.append(v)
            self.edges = {
                (i, j) for i, j in self.edges if v not in (i, j) or (j if i == v else i) in partners
            }
        return mate, moved


def _points(score: Fraction) -> str:
    return f"{float(score):g}"


def _numbers(indices: Sequence[int], players: Sequence[DubovPlayer]) -> str:
    return " ".join(str(players[v].number) for v in indices)
