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
(:mod:`engine.matching`), then a walk through the candidates in the article's order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from engine.dubov.players import DubovPlayer
from engine.errors import NoValidPairing
from engine.matching import Tiers, WeightedGraph, first_transposition, perfect_matching
from engine.messages import Message
from engine.model import Colour, PairingNumber

T = TypeVar("T")

__all__ = [
    "BracketPairing",
    "BracketRules",
    "choose_upfloaters",
    "hardest_first",
    "middle_outward",
    "pair_bracket",
    "pairable",
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


def hardest_first(player: DubovPlayer) -> tuple[bool, int]:
    """Players with fewer possible opponents first (absolute colour preference, many games),
    for the greedy completion check."""
    return (player.absolute_colour is None, -len(player.met))


def pairable(players: Sequence[DubovPlayer], rules: BracketRules) -> bool:
    """Whether ``players`` can all be paired with each other ([C1], [C3]; the [C4]
    completion test): a greedy try in :func:`hardest_first` order, then the exact answer."""
    return perfect_matching(sorted(players, key=hardest_first), rules.compatible) is not None


def sequence_order(player: DubovPlayer) -> tuple[Fraction, int]:
    """Art. 4.2.2: possible upfloaters by descending score, then ascending TPN."""
    return (-player.score, player.number)


def white_seeker_order(player: DubovPlayer) -> tuple[int | Fraction, int]:
    """Art. 4.3.2 / 3.2.5: White seekers (and S1) by ascending ARO, then ascending TPN."""
    return (player.aro, player.number)


def black_seeker_order(player: DubovPlayer) -> tuple[int]:
    """Art. 4.3.2 / 4.4.2: Black seekers (and G2) by ascending TPN."""
    return (int(player.number),)


def middle_outward(items: Sequence[T]) -> list[T]:
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
    if len(residents) % 2 == 0 and pairable(residents, rules) and pairable(lower, rules):
        # no upfloater is the least possible ([C5]) and leaves the rest pairable ([C4])
        return [], [_describe_bracket(residents, [], rules, misses=None)]
    if len(residents) + len(lower) > _SMALL:
        found = _UpfloaterSearch(residents, lower, rules, completion=False).run()
        if found is not None:
            rest = [p for p in lower if p not in found[0]]
            if pairable(rest, rules):
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
    pairable ([C4]). An edge between a resident and a lower player is that player's upfloat;
    only the lower players of the current *pool* get such edges.
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
        self.resident_count = count = len(residents)
        self.rules = rules
        self.completion = completion
        levels = sorted({p.score for p in lower}, reverse=True)
        self.level = [0] * count + [levels.index(p.score) for p in lower]
        size = len(self.players)
        compatible, players = rules.compatible, self.players
        self.inner = [
            (i, j)
            for i in range(count)
            for j in range(i + 1, count)
            if compatible(players[i], players[j])
        ]
        self.upfloats = [
            (i, j)
            for i in range(count)
            for j in range(count, size)
            if compatible(players[i], players[j])
        ]
        self.among_lower = (
            [
                (i, j)
                for i in range(count, size)
                for j in range(i + 1, size)
                if compatible(players[i], players[j])
            ]
            if completion
            else []
        )

    def is_resident(self, index: int) -> bool:
        return 0 <= index < self.resident_count

    def run(self) -> tuple[list[DubovPlayer], list[str]] | None:
        """The chosen upfloaters, or ``None`` when the residents cannot all be paired."""
        # [C5]: a pairing with the parity minimum of upfloaters from the highest lower level
        # alone is minimal; otherwise every level must be looked at.
        c5 = Tiers([("c5", self.resident_count)])
        mate = self._graph(c5, self._c5_cost, pool=lambda v: self.level[v] == 0).mate()
        if not self._complete(mate) or self._upfloat_count(mate) > self.resident_count % 2:
            mate = self._graph(c5, self._c5_cost, pool=lambda v: True).mate()
            if not self._complete(mate):
                return None
        count = self._upfloat_count(mate)
        if count == 0:
            return [], [self._describe([], mate)]
        # [C6] never prefers a lower level than one a [C5]-optimal pairing already reaches.
        deepest = max(self.level[v] for v in self._upfloaters(mate))
        tiers = self._quality_tiers(count, deepest)
        force_unit = 2 * tiers.span
        graph = self._graph(
            tiers, self._quality_cost(tiers), pool=lambda v: self.level[v] <= deepest, count=count
        )
        mate = graph.mate()
        incident: dict[int, list[tuple[int, int]]] = {}
        for i, j in self.upfloats:
            if (i, j) in graph.index:
                incident.setdefault(j, []).append((i, j))
        forced: list[int] = []
        for candidate in sorted(incident):  # sequence order (Art. 4.2)
            if len(forced) == count:
                break
            edges = [graph.index[e] for e in incident[candidate]]
            if not self.is_resident(mate[candidate]):
                for edge in edges:  # the least unit: prefer this candidate if it costs nothing
                    graph.set_weight(edge, graph.weight(edge) + 1)
                trial = graph.mate()
                if not self.is_resident(trial[candidate]) or not self._complete(trial):
                    for edge in edges:  # never in an optimal set with the ones already taken
                        graph.remove(edge)
                    continue
                for edge in edges:
                    graph.set_weight(edge, graph.weight(edge) - 1)
                mate = trial
            for edge in edges:  # keep it: it must stay an upfloater from now on
                graph.set_weight(edge, graph.weight(edge) + force_unit)
            forced.append(candidate)
        chosen = [self.players[v] for v in forced]
        return chosen, [self._describe(chosen, mate)]

    def _graph(
        self,
        tiers: Tiers,
        cost: Callable[[int, int], int],
        *,
        pool: Callable[[int], bool],
        count: int = 0,
    ) -> WeightedGraph:
        """The matching graph with upfloat edges to the ``pool`` only.

        Weights, most significant first: players covered (residents, or everyone with
        ``completion``), forced upfloaters kept (``2 * span`` per forced upfloat edge, added
        by the caller, at most ``count`` of them), the tiered costs (doubled), and a free
        least unit for the caller's trials.
        """
        cover_unit = 2 * tiers.span * (count + 1)
        edges = []
        for i, j in self.inner:
            edges.append((i, j, 2 * cover_unit - 2 * cost(i, j)))
        for i, j in self.upfloats:
            if pool(j):
                ends = 2 if self.completion else 1
                edges.append((i, j, ends * cover_unit - 2 * cost(i, j)))
        for i, j in self.among_lower:
            edges.append((i, j, 2 * cover_unit))
        return WeightedGraph(len(self.players), edges)

    def _complete(self, mate: list[int]) -> bool:
        """Every resident paired (and, with ``completion``, every lower player)."""
        needed = len(self.players) if self.completion else self.resident_count
        return all(mate[v] >= 0 for v in range(needed))

    def _c5_cost(self, i: int, j: int) -> int:
        return 0 if self.is_resident(j) else 1

    def _quality_tiers(self, count: int, deepest: int) -> Tiers:
        bounds = [("c5", self.resident_count)]
        bounds += [(f"c6-{level}", count) for level in range(deepest, 0, -1)]
        bounds.append(("c7", self.resident_count))
        if not self.rules.last_round:
            most = max((p.upfloats for p in self.players[self.resident_count :]), default=0)
            bounds += [("c8", count), ("c9", count * most), ("c10", count)]
        return Tiers(bounds)

    def _quality_cost(self, tiers: Tiers) -> Callable[[int, int], int]:
        """Cost of a pair with a resident ``i``: [C7] a shared colour preference; for an
        upfloat ``j`` also [C5], [C6] (its level), [C8]-[C10] (not in the last round)."""
        radix = tiers.radix
        last_round = self.rules.last_round

        def cost(i: int, j: int) -> int:
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

    def _upfloaters(self, mate: list[int]) -> list[int]:
        return [mate[v] for v in range(self.resident_count) if not self.is_resident(mate[v])]

    def _upfloat_count(self, mate: list[int]) -> int:
        return len(self._upfloaters(mate))

    def _describe(self, chosen: Sequence[DubovPlayer], mate: list[int]) -> str:
        misses = sum(
            1
            for v in range(self.resident_count)
            if v < mate[v] or not self.is_resident(mate[v])
            if self.players[v].preference.colour is self.players[mate[v]].preference.colour
        )
        residents = self.players[: self.resident_count]
        return _describe_bracket(residents, chosen, self.rules, misses=misses)


def _describe_bracket(
    residents: Sequence[DubovPlayer],
    chosen: Sequence[DubovPlayer],
    rules: BracketRules,
    *,
    misses: int | None,
) -> Message:
    """The bracket's residents, upfloaters and the values of [C5]-[C10] it reached."""
    upfloaters = (
        ": " + " ".join(f"{p.number} ({_points(p.score)})" for p in chosen) if chosen else ""
    )
    line = Message(
        "bracket %(score)s: residents %(residents)s; [C5] %(count)s upfloater(s)%(upfloaters)s",
        score=residents[0].score, residents=" ".join(str(p.number) for p in residents),
        count=len(chosen), upfloaters=upfloaters,
    )  # fmt: skip
    if misses is not None:
        line = Message("%(line)s; [C7] %(misses)s colour miss(es)", line=line, misses=misses)
    if chosen and not rules.last_round:
        maximum = [p for p in chosen if p.maximum_upfloater]
        line = Message(
            "%(line)s; [C8] %(c8)s [C9] %(c9)s [C10] %(c10)s", line=line, c8=len(maximum),
            c9=sum(p.upfloats for p in maximum),
            c10=sum(1 for p in chosen if p.upfloated_last_round),
        )  # fmt: skip
    return line


# --- steps 2-4: G1/G2, shifts, transposition (Art. 3.2.3-3.2.6) ---------------------------


def _pair_players(
    bracket: Sequence[DubovPlayer], rules: BracketRules
) -> tuple[list[tuple[DubovPlayer, DubovPlayer]], list[str]]:
    if not bracket:
        return [], []
    g1, g2 = _initial_subgroups(bracket)
    trace = [f"G1 {' '.join(str(p.number) for p in g1)} | G2 {' '.join(str(p.number) for p in g2)}"]
    order = None
    if len(g1) == len(g2):
        # equal subgroups that can be paired across need no shift (Art. 3.2.4)
        s1, t2 = sorted(g1, key=white_seeker_order), sorted(g2, key=black_seeker_order)
        order = first_transposition(s1, t2, rules.compatible)
    if order is None:
        g1, g2 = _Recomposition(bracket, g1, g2, rules).run(trace)
        s1, t2 = sorted(g1, key=white_seeker_order), sorted(g2, key=black_seeker_order)
        order = first_transposition(s1, t2, rules.compatible)
    if order is None:
        raise NoValidPairing(
            "no legal transposition for the bracket " + " ".join(str(p.number) for p in bracket)
        )
    pairs = list(zip(s1, order))
    trace.append(
        f"S1 {' '.join(str(p.number) for p in s1)} | T2 {' '.join(str(p.number) for p in order)}"
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
        size = len(self.players)
        cover = 2 * Tiers([("inner", size // 2)]).span
        edges = [
            (i, j, cover - 2 * self._inner(i, j))
            for i in range(size)
            for j in range(i + 1, size)
            if rules.compatible(self.players[i], self.players[j])
        ]
        self.graph = WeightedGraph(size, edges)
        self.live = dict(self.graph.index)
        """Edges still allowed (a pinned shifter keeps only those to its old subgroup)."""
        self.neighbours: dict[int, set[int]] = {v: set() for v in range(size)}
        for i, j, _ in edges:
            self.neighbours[i].add(j)
            self.neighbours[j].add(i)

    def _inner(self, i: int, j: int) -> int:
        """The cost: 1 for a pair inside the source."""
        return 1 if i in self.source and j in self.source else 0

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

    def _solve(self) -> list[int] | None:
        """A perfect matching with the fewest pairs inside the source, or ``None``."""
        mate = self.graph.mate()
        return None if any(m < 0 for m in mate) else mate

    def _try(self, mate: list[int], v: int, partners: set[int]) -> list[int] | None:
        """An optimal matching pairing ``v`` with one of ``partners``, or ``None``.

        First an exchange of partners with one pair (v-w, a-b -> v-a, b-w) at equal cost;
        failing that, a matching with the least unit added to v's edges to ``partners``.
        """
        w = mate[v]
        for a in partners & self.neighbours[v]:
            b = mate[a]
            if b == v or b not in self.neighbours[w]:
                continue
            if self._inner(v, a) + self._inner(b, w) == self._inner(a, b) + self._inner(v, w):
                swapped = list(mate)
                swapped[v], swapped[a], swapped[b], swapped[w] = a, v, w, b
                return swapped
        edges = [self.live[_key(v, u)] for u in partners & self.neighbours[v]]
        for edge in edges:
            self.graph.set_weight(edge, self.graph.weight(edge) + 1)
        trial = self._solve()
        for edge in edges:
            self.graph.set_weight(edge, self.graph.weight(edge) - 1)
        return trial if trial is not None and trial[v] in partners else None

    def _pin(self, v: int, partners: set[int]) -> None:
        """Keep only the edges from ``v`` to ``partners``."""
        for u in list(self.neighbours[v] - partners):
            self.graph.remove(self.live.pop(_key(v, u)))
            self.neighbours[v].discard(u)
            self.neighbours[u].discard(v)

    def _shift(
        self,
        mate: list[int],
        origin: set[int],
        count: int,
        key: Callable[[DubovPlayer], tuple[int | Fraction, ...]],
        *,
        skip: set[int],
    ) -> tuple[list[int], list[int]]:
        """The first ``count`` players of ``origin``, in the middle-outward order of its
        sorted list, that some optimal matching pairs inside ``origin`` (Art. 4.3)."""
        moved: list[int] = []
        if count == 0:
            return mate, moved
        listed = sorted(origin, key=lambda v: key(self.players[v]))
        for v in middle_outward(listed):
            if len(moved) == count:
                break
            if v in skip:
                continue
            partners = origin - skip - set(moved) - {v}
            if mate[v] not in partners:
                trial = self._try(mate, v, partners)
                if trial is None:
                    continue
                mate = trial
            moved.append(v)
            self._pin(v, partners)
        return mate, moved


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _points(score: Fraction) -> str:
    return f"{float(score):g}"


def _numbers(indices: Sequence[int], players: Sequence[DubovPlayer]) -> str:
    return " ".join(str(players[v].number) for v in indices)
