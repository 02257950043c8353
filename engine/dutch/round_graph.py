"""The compatibility graph of one Dutch round, and its solves restricted to the bracket being
decided whenever the players below it are certified to absorb whoever it leaves over.

Every solve of :mod:`engine.dutch.bracket` asks for a complete round pairing (a perfect
matching of the unpaired players, plus the PAB dummy when their number is odd) of greatest
weight. Only pairs inside the *scope* (the bracket being paired and the next score group)
and the dummy's pairs carry weight; pairs of the players below the scope (the set ``L``) and
pairs between them and the scope weigh 0. So a solution is a matching ``N`` inside the scope
(with the dummy) of weight ``w(N)``, plus any pairing of the rest, and ``N`` is possible
exactly when the set ``X`` of scope players (and the dummy) it leaves over can each be given
their own partner in ``L`` while the other players of ``L`` pair among themselves.

**Certificate** (checked before every solve, from degree counts). Call a scope player
*reaching* when it is compatible with someone in ``L``, the dummy when it may take someone of
``L``; let ``k`` be their number. If

(a) ``k <= |L|``,
(b) every reaching scope player is compatible with at least ``k`` players of ``L``, and
(c) every player of ``L`` is compatible with at least ``(|L| + k) / 2`` others of ``L``,

then ``X`` can be absorbed if and only if all of ``X`` is reaching (the parity of ``|X|`` is
always right: the whole round has an even number of vertices). "Only if" is plain. "If":
give the dummy, when in ``X``, any of its partners in ``L``, then each other member in turn
one not yet taken (it has ``>= k >= |X|``, so one is left: Hall's condition, by greed). The
``n' = |L| - |X|`` players of ``L`` left keep at least ``(|L| + k) / 2 - |X| >= n' / 2``
partners among themselves; ``n'`` is even, so for ``n' >= 4`` Dirac's theorem gives a
Hamiltonian cycle and with it a perfect matching, for ``n' = 2`` the degree bound is the
edge, and ``n' = 0`` needs nothing.

Under the certificate (with ``t >= k``, see below) a solve needs only the scope and the
dummy: a reaching player may stay unmatched (it goes to ``L``), every other vertex must be
covered, which a bonus ``B`` per covered such endpoint (above every possible ``w(N)``) makes
the first objective of a maximum-weight matching that need not have maximum cardinality.
It allows exactly the same ``N`` as the whole round, so its optimum is an optimum of the
whole round and every tie-break the stages ask for sees the same choices.

**Capped form.** Conditions (b) and (c) with ``k`` replaced by ``t`` (and ``t <= |L|``)
certify every ``X`` of at most ``t`` reaching players. When ``t < k``, ``L`` is replaced by
``cap <= t`` *outlet* vertices shared by all reaching players, and outlet pairs get a
tie-break of 1 below every weight, so that among the optima the solve keeps as many leftover
players as it can. If it keeps fewer than ``cap - 1``, no optimum of the whole round keeps
more than ``cap``: the best ``w(N)`` with exactly ``j`` leftovers, ignoring whether ``L`` can
absorb them, is concave in ``j`` (it is a linear programme over the face of the matching
polytope that covers the non-reaching players, cut by a fixed number of pairs, whose
vertices are matchings), so an optimum with more than ``cap`` leftovers would make ``j + 2``
leftovers optimal as well, and the tie-break would have taken them. Otherwise the cap is
raised, up to ``t``, and beyond that the solve runs on the whole field.

When the certificate fails (low brackets, sparse small fields) the solve runs on every
unpaired player, as the rules state it.

**The next score group, summarised.** The Dutch weights of a pair with a player ``f`` of the
next score group ``F`` only depend on who is in it (``ahead[h] + behind[f]``, see
:class:`NextGroup`); when moreover ``behind`` is 0 on ``F`` and ``ahead`` is the same ``a``
for the players of ``F``, which of them meets whom is worth nothing: a solution is the set
``D`` of bracket players paired into ``F`` (worth ``ahead`` of each), whether the dummy
takes a player of ``F``, whether one goes below (the parity), and ``a`` per pair inside
``F``. So ``F`` is replaced by ``m`` interchangeable *stand-ins*, pairwise joined at weight
``a``, joined to every bracket player that may meet ``F``, to the dummy and to the players
below as ``F`` is (``m`` of the same parity as ``|F|``, far fewer at federation scale).
Every stand-in solution is a real one of the same weight (up to the constant ``a`` per pair
of the ``|F| - m`` players left out) when

(d) every bracket player that may meet someone of ``F`` may meet at least ``m`` of them,
(e) every player of ``F`` may meet at least ``(|F| + m) / 2`` others of ``F``, and
(f) at least ``m + 1`` players of ``F`` are PAB-eligible (or none is), and at least
    ``m + 1`` may be left over to the players below with the certified capacity (or none).

Proof, for ``D``, the dummy's and the leftover's partners taken in turn (``|D| + 2 <= m``
of them): each finds one not yet taken, by (d) and (f), and the rest of ``F`` keeps
degree ``>= (|F| - m) / 2`` among itself, so pairs among itself (Dirac, as above). The
converse, that an optimum of the round is a stand-in solution, needs ``|D| <= m - 2``: the
bracket's own pairs (C6) rank above everything else of a pairing, and any ``D`` of ``m - 1``
or more leaves at most ``(|B| - m + 1) / 2`` of them among the ``|B|`` bracket players.
So ``m`` is taken two above the number a greedy pairing of the bracket leaves out, and a
stand-in optimum with more than ``(|B| - m + 1) / 2`` of the bracket's pairs is an optimum
of the round; otherwise (never seen) the solve lists ``F`` after all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import chain

from engine.matching import solve_edges

__all__ = [
    "FOLLOWING",
    "LOWER",
    "RESERVED_BITS",
    "Compatibility",
    "Conflicts",
    "NextGroup",
    "RoundGraph",
]

LOWER = -1
"""A mate standing for "some player below the scope" (an outlet, or left to ``L``)."""

FOLLOWING = -2
"""A mate standing for "some player of the next score group" (a stand-in for it)."""

_ALONE: frozenset[int] = frozenset()
"""The group of a player in none (:attr:`RoundGraph.group`)."""

FIRST_CAP = 12
"""Shared outlets tried first when private ones are not certified (see :meth:`RoundGraph.solve`)."""

CAP_BITS = 13
"""Shared outlets are at most ``2**CAP_BITS - 2``: their tie-break takes this many low bits."""

RESERVED_BITS = 2 + CAP_BITS
"""Bits a solve adds above a bracket's weights (the coverage bonus) and below them (the
shared outlets' tie-break); the weights must leave them free to stay within rustworkx."""


class Conflicts(Mapping[int, AbstractSet[int]]):
    """Who may not meet whom (C1, C3, arbiter-forbidden pairs): the pairs ruled out one by
    one (``pairs``), and C3's groups, the non-topscorers sharing an absolute colour
    preference, every two of whom may not meet (``group``: each member's group, itself
    included). A group is held once, not as its pairs: at federation scale one holds
    thousands of players, and its pairs took gigabytes. ``pairs`` never repeats a pair a
    group already rules out, so the two counts add up."""

    def __init__(self, size: int) -> None:
        self.pairs: dict[int, set[int]] = {i: set() for i in range(size)}
        self.group: dict[int, frozenset[int]] = {}

    def rule_out(self, u: int, v: int) -> None:
        if v not in self.group.get(u, ()):
            self.pairs[u].add(v)
            self.pairs[v].add(u)

    def add_group(self, members: frozenset[int]) -> None:
        """Rule out every pair of ``members`` (players of no other group)."""
        for i in members:
            self.group[i] = members
            self.pairs[i] -= members

    def __getitem__(self, i: int) -> AbstractSet[int]:
        return _Blocked(self.pairs[i], self.group.get(i, frozenset()), i)

    def __iter__(self) -> Iterator[int]:
        return iter(self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)


class _Blocked(AbstractSet[int]):
    """The players one player may not meet: its own pairs and its group but itself."""

    __slots__ = ("_group", "_pairs", "_player")

    def __init__(self, pairs: set[int], group: frozenset[int], player: int) -> None:
        self._pairs = pairs
        self._group = group
        self._player = player

    def __contains__(self, v: object) -> bool:
        return v in self._pairs or (v in self._group and v != self._player)

    def __iter__(self) -> Iterator[int]:
        yield from self._pairs
        yield from (v for v in self._group if v != self._player)

    def __len__(self) -> int:
        return len(self._pairs) + max(len(self._group) - 1, 0)


class Compatibility(Mapping[int, AbstractSet[int]]):
    """Who may meet whom (C1, C3, arbiter-forbidden pairs), kept as the few pairs that may
    not: at federation scale the graph is nearly complete, and its complement is what fits
    in memory. ``self[i]`` is the set of players compatible with ``i``, built on demand."""

    def __init__(self, size: int, conflicts: Conflicts) -> None:
        self.size = size
        self.conflicts = conflicts

    def __getitem__(self, i: int) -> AbstractSet[int]:
        if not 0 <= i < self.size:
            raise KeyError(i)
        found = set(range(self.size))
        found -= self.conflicts.pairs[i]
        found -= self.conflicts.group.get(i, frozenset())
        found.discard(i)
        return found

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.size))

    def __len__(self) -> int:
        return self.size


@dataclass(frozen=True, slots=True)
class NextGroup:
    """The next score group of a scope, whose pairs are weighed rather than listed: a pair
    ``(h, f)``, ``h < f``, with ``f`` in ``players`` weighs ``ahead[h] + behind[f]``.
    ``moved_down`` are the bracket's MDPs (two of them paired are not a pair of the
    bracket, C6); ``summarise`` allows the stand-ins of the module notes."""

    players: frozenset[int]
    ahead: Mapping[int, int]
    behind: Mapping[int, int]
    moved_down: frozenset[int]
    summarise: bool = True


class RoundGraph:
    """The unpaired players of a round, their compatibilities and the current edge weights.

    Vertices are pairing-order indices ``0 .. size-1``; ``dummy`` (``size``, when the number
    of players is odd) stands for the PAB and is joined to the players in ``bye_ok``.
    Weights live on pairs of the scope and on the dummy's pairs; every other compatible pair
    weighs 0.
    """

    def __init__(
        self, size: int, conflicts: Conflicts | Mapping[int, AbstractSet[int]], dummy: int | None
    ) -> None:
        self.size = size
        self.dummy = dummy
        pairs = conflicts.pairs if isinstance(conflicts, Conflicts) else conflicts
        self.missing: dict[int, set[int]] = {i: set(pairs[i]) for i in range(size)}
        """Players ``i`` may not meet beside its group: the round's conflicts, then the
        pairs ruled out."""
        groups = conflicts.group if isinstance(conflicts, Conflicts) else {}
        self.group: dict[int, frozenset[int]] = {i: groups.get(i, _ALONE) for i in range(size)}
        """The C3 group of each player, itself included (:class:`Conflicts`); never
        repeated in ``missing``."""
        self.unpaired: set[int] = set(range(size))
        self.bye_ok: set[int] = set()
        self.weights: dict[tuple[int, int], int] = {}
        self.scope: set[int] = set()
        self.weight_bits = 0
        """Every sum of weights of a matching is below ``2**weight_bits`` (set with each
        bracket's weights); the coverage bonus ``B`` is ``2**weight_bits``."""
        self._lower: set[int] = set()
        self._lower_degree = 0
        self._reach: dict[int, int] = {}
        self._dummy_reaches = False
        self._next: NextGroup | None = None
        """The next score group when its pairs are weighed, not listed (:class:`NextGroup`)."""
        self._stand_ins = 0
        """``m`` of the module notes, fixed with the scope."""

    # -- the graph ---------------------------------------------------------------------

    def compatible(self, u: int, v: int) -> bool:
        return v not in self.missing[u] and v not in self.group[u]

    def adjacent(self, u: int, among: AbstractSet[int]) -> set[int]:
        """The unpaired players of ``among`` that ``u`` may still meet."""
        found = self.unpaired.intersection(among)
        found -= self.missing[u]
        found -= self.group[u]
        found.discard(u)
        return found

    def _blocked(self, u: int, among: AbstractSet[int], memo: dict[int, int]) -> int:
        """How many players of ``among`` but ``u`` itself ``u`` may not meet; ``memo``
        keeps each group's count (the same for all of its members)."""
        blocked = len(self.missing[u] & among)
        group = self.group[u]
        if group:
            key = id(group)
            if key not in memo:
                memo[key] = len(group & among) if len(group) < len(among) else len(among & group)
            blocked += memo[key] - (u in among)
        return blocked

    def set_weight(self, u: int, v: int, weight: int) -> None:
        self.weights[(u, v) if u < v else (v, u)] = weight

    def weight(self, u: int, v: int) -> int:
        """The current weight of a pair (0 for pairs that carry none)."""
        if u > v:
            u, v = v, u
        group = self._next
        if group is not None and v in group.players:
            return group.ahead.get(u, 0) + group.behind.get(v, 0)
        return self.weights.get((u, v), 0)

    def forbid(self, u: int, others: Iterable[int]) -> None:
        """Rule out ``u``'s pairs with ``others`` for the rest of the round (as the reference
        engine's zeroed edges); a list at a time, since settling a bracket's exchange rules
        out millions of pairs at 10,000 players."""
        group, own, missing, drop = self.group[u], self.missing[u], self.missing, self.weights.pop
        for v in others:
            if v not in group:
                own.add(v)
                missing[v].add(u)
            drop((u, v) if u < v else (v, u), None)

    def remove(self, players: list[int]) -> None:
        """``players`` have been paired: their pairs with the scope and the dummy lose
        their weights."""
        scope = self.scope
        if len(players) * len(scope) > len(self.weights):
            # Dropping their pairs one by one would look up more pairs than there are
            # (millions, settling a whole bracket at once): filter them all out in one pass.
            gone = set(players)
            weighed = scope | gone | {self.dummy}
            self.weights = {
                (u, v): weight
                for (u, v), weight in self.weights.items()
                if not (u in weighed and v in weighed and (u in gone or v in gone))
            }
            self.unpaired.difference_update(gone)
            scope.difference_update(gone)
            self.bye_ok.difference_update(gone)
            return
        for u in players:
            self.unpaired.discard(u)
            scope.discard(u)
            for other in scope:
                self.weights.pop((u, other) if u < other else (other, u), None)
            if self.dummy is not None:
                self.weights.pop((u, self.dummy), None)
            self.bye_ok.discard(u)

    def set_scope(self, members: Iterable[int], next_group: NextGroup | None = None) -> bool:
        """The players whose pairs carry weight from now on; the degree counts the
        certificate needs are taken here (they do not change while the scope is paired:
        pairing and ruling out pairs happen inside the scope).

        With ``next_group`` (whose players are among ``members``), returns whether its pairs
        may stay unlisted, solved through stand-ins (module notes); when not, the caller
        lists them with :meth:`set_weight` as any other pair of the scope.
        """
        self.scope = {m for m in members if m in self.unpaired}
        lower = self.unpaired - self.scope
        size = len(lower)
        self._lower = lower
        memo: dict[int, int] = {}
        self._lower_degree = min(
            (size - 1 - self._blocked(v, lower, memo) for v in lower), default=0
        )
        self._reach = {x: size - self._blocked(x, lower, memo) for x in self.scope}
        self._dummy_reaches = self.dummy is not None and not self.bye_ok.isdisjoint(lower)
        self._next = None
        self._stand_ins = 0
        if next_group is not None and next_group.summarise:
            self._stand_ins = self._stand_in_count(next_group)
            if self._stand_ins:
                self._next = next_group
        return self._next is not None

    # -- solving -----------------------------------------------------------------------

    def capacity(self) -> int:
        """How many leftover players ``L`` can take in any combination, by the certificate:
        the largest ``t`` with (b) and (c) (and ``t <= |L|``); negative when it certifies
        nothing, not even that ``L`` pairs among itself."""
        return self._capacity([r for x, r in self._reach.items() if r and x in self.scope])

    def _capacity(self, reach: Iterable[int]) -> int:
        lower = len(self._lower)
        return min(lower, min(reach, default=lower), 2 * self._lower_degree - lower)

    def reaching(self) -> int:
        """``k``: the scope players (and the dummy) that could be left over to ``L``."""
        count = sum(1 for x, r in self._reach.items() if r and x in self.scope)
        return count + (1 if self._dummy_reaches else 0)

    def reaches_lower(self, x: int) -> bool:
        """Whether scope player ``x`` may be left over to the players below the scope."""
        return self._reach.get(x, 0) > 0

    def reaches_following(self, x: int) -> bool:
        """Whether bracket player ``x`` may be paired into the summarised next group."""
        group = self._next
        return group is not None and self._blocked(x, group.players, {}) < len(group.players)

    def dummy_reaches_lower(self) -> bool:
        return self._dummy_reaches

    @property
    def stands_in(self) -> bool:
        """Whether the scope's next score group is solved through stand-ins."""
        return self._next is not None

    def solve(self, *, whole: bool = False) -> dict[int, int]:
        """A complete round pairing of greatest weight, as ``vertex -> mate`` both ways for
        the scope (and the dummy); a partner below the scope may be given as :data:`LOWER`,
        one in a summarised next group as :data:`FOLLOWING`. ``whole`` solves on every
        unpaired player whatever the certificate says (for weights below the scope)."""
        if not whole:
            if self._next is not None:
                view = self._stand_in_view(self._next)
                if view is not None:
                    mate = self._solve_view(view)
                    if mate is not None and self._bracket_pairs_enough(mate, self._next):
                        return mate
            mate = self._solve_view(self._listed_view())
            if mate is not None:
                return mate
        return self._solve_whole()

    def solve_among(self, vertices: AbstractSet[int]) -> dict[int, int]:
        """A maximum-cardinality matching of greatest weight on ``vertices`` alone (their
        weighted pairs: every compatible pair of a bracket is weighed when it is set up),
        as ``vertex -> mate`` both ways; for a caller who has proved that every optimum
        pairs these players among themselves."""
        order = sorted(vertices)
        index = {v: i for i, v in enumerate(order)}
        edges = (
            (index[u], index[v], weight)
            for (u, v), weight in self.weights.items()
            if u in index and v in index
        )
        found = solve_edges(len(order), edges, max_cardinality=True)
        return {order[i]: order[j] for i, j in found.items()}

    # -- what a restricted solve sees --------------------------------------------------

    def _listed_view(self) -> _View:
        """The scope's players themselves (and the dummy), every weighted pair listed."""
        edges: list[tuple[tuple[int, int], int]] = []
        group = self._next
        if group is not None:  # the stand-ins failed: list the next group's pairs after all
            players = group.players & self.unpaired
            for u in sorted(self.scope):
                for v in self.adjacent(u, players):
                    if u < v:
                        edges.append(((u, v), self.weight(u, v)))
        return _View(
            players=sorted(self.scope),
            stand_ins=(),
            edges=edges,
            dummy_partners=list(self.bye_ok & self.scope),
            reach={x: r for x, r in self._reach.items() if r and x in self.scope},
        )

    def _stand_in_count(self, group: NextGroup) -> int:
        """``m`` when conditions (d)-(f) of the module notes hold for the scope as it is
        now (they only get easier as the bracket is paired), else 0."""
        players = group.players & self.unpaired
        following = len(players)
        bracket = sorted(self.scope - players)
        if any(group.behind.get(f, 0) for f in players):
            return 0
        highs = {group.ahead.get(f, 0) for f in sorted(players)[:-1]}
        if len(highs) > 1 or not highs or not highs.pop():
            return 0
        # How many bracket players a greedy pairing of the bracket (C6 pairs) leaves out.
        free = set(bracket)
        left_out = 0
        for u in bracket:
            if u not in free:
                continue
            free.discard(u)
            options = free - self.missing[u] - self.group[u]
            if u in group.moved_down:
                options -= group.moved_down
            if options:
                free.discard(min(options))
            else:
                left_out += 1
        count = left_out + 2
        if (following - count) % 2:
            count += 1
        if count >= following:
            return 0
        if not self._stand_ins_certified(players, self._meeting(bracket, players), count):
            return 0
        return count

    def _meeting(self, bracket: Iterable[int], players: AbstractSet[int]) -> dict[int, int]:
        """How many of the next group's unpaired ``players`` each bracket player may meet."""
        memo: dict[int, int] = {}
        return {x: len(players) - self._blocked(x, players, memo) for x in bracket}

    def _stand_ins_certified(
        self, players: AbstractSet[int], meeting: Mapping[int, int], count: int
    ) -> bool:
        """Conditions (d), (e) and the PAB half of (f) of the module notes for ``count``
        stand-ins (the other half depends on the capacity, see :meth:`_stand_in_view`),
        given the next group's unpaired ``players`` and :meth:`_meeting` of the bracket."""
        if any(0 < reach < count for reach in meeting.values()):
            return False
        following = len(players)
        memo: dict[int, int] = {}
        for f in players:
            if 2 * (following - 1 - self._blocked(f, players, memo)) < following + count:
                return False
        eligible = len(self.bye_ok & players) if self.dummy is not None else 0
        return eligible == 0 or eligible > count

    def _stand_in_view(self, group: NextGroup) -> _View | None:
        """The bracket's players, ``m`` stand-ins for the next group and the dummy; None
        when the certificate no longer holds."""
        count = self._stand_ins
        players = group.players & self.unpaired
        bracket = sorted(self.scope - players)
        meeting = self._meeting(bracket, players)
        if not self._stand_ins_certified(players, meeting, count):
            return None
        reach = {x: self._reach[x] for x in bracket if self._reach[x]}
        below = sorted((self._reach[f] for f in players if self._reach[f]), reverse=True)
        stand_ins = tuple(range(self.size + 1, self.size + 1 + count))
        if below:
            if len(below) <= count:
                return None
            capacity = self._capacity([*reach.values(), below[count]])
            if sum(1 for r in below if r >= capacity) <= count:
                return None
            reach.update(dict.fromkeys(stand_ins, below[count]))
        same = group.ahead[min(players)] if players else 0
        edges: list[tuple[tuple[int, int], int]] = []
        for x in bracket:
            if meeting[x]:
                edges.extend(((x, s), group.ahead.get(x, 0)) for s in stand_ins)
        for a, s in enumerate(stand_ins):
            edges.extend(((s, t), same) for t in stand_ins[a + 1 :])
        partners = list(self.bye_ok & self.scope - players)
        if self.dummy is not None and self.bye_ok & players:
            partners.extend(stand_ins)
        return _View(
            players=bracket,
            stand_ins=stand_ins,
            edges=edges,
            dummy_partners=partners,
            reach=reach,
            single_leftover=bool(below),
        )

    def _bracket_pairs_enough(self, mate: dict[int, int], group: NextGroup) -> bool:
        """The converse half of the module notes: a stand-in optimum with more than
        ``(|B| - m + 1) / 2`` pairs of the bracket is an optimum of the round."""
        players = group.players
        bracket = [x for x in self.scope if x not in players]
        moved = group.moved_down
        pairs = sum(
            1
            for u in bracket
            if (v := mate.get(u, LOWER)) > u
            and v in self.scope
            and v not in players
            and not (u in moved and v in moved)
        )
        return len(bracket) - 2 * pairs <= self._stand_ins - 2

    def _solve_view(self, view: _View) -> dict[int, int] | None:
        """Solve ``view`` with private outlets when the certificate allows any of its
        reaching vertices to be left over, else with a growing number of shared ones;
        None when neither is certified (the caller solves on every unpaired player)."""
        reach = view.reach
        count = len(reach) + (1 if self._dummy_reaches else 0)
        if view.single_leftover:  # at most one stand-in is left over in an optimum
            count -= len(view.stand_ins) - 1
        capacity = self._capacity(reach.values())
        if capacity >= count:
            return self._solve_free(view)
        capacity = min(capacity, (1 << CAP_BITS) - 2)
        cap = min(capacity, FIRST_CAP)
        while cap >= 2:
            mate, left_over = self._solve_scope(view, cap)
            if left_over + 2 <= cap:
                return mate
            if cap == capacity:
                break
            cap = min(capacity, 4 * cap)
        return None

    def _vertices(self, view: _View) -> tuple[list[int], list[int]]:
        """The view's vertices in the order the solve numbers them, and each one's number
        by vertex (a list: the solve looks up both ends of every listed pair)."""
        order = [*view.players, *view.stand_ins]
        if self.dummy is not None:
            order.append(self.dummy)
        index = [-1] * (self.size + 1 + len(view.stand_ins))
        for i, v in enumerate(order):
            index[v] = i
        return order, index

    def _mates(
        self, view: _View, order: list[int], found: dict[int, int], *, unmatched: bool
    ) -> dict[int, int]:
        """``found`` (over ``order``, then outlets) as ``vertex -> mate`` for the players and
        the dummy; an unmatched vertex is left to ``L`` when ``unmatched``, else omitted."""
        stand_ins = set(view.stand_ins)
        mate: dict[int, int] = {}
        for i, v in enumerate(order):
            if v in stand_ins:
                continue
            j = found.get(i)
            if j is None:
                if unmatched:
                    mate[v] = LOWER
            elif j >= len(order):
                mate[v] = LOWER
            else:
                mate[v] = FOLLOWING if order[j] in stand_ins else order[j]
        return mate

    def _solve_free(self, view: _View) -> dict[int, int]:
        """Solve on the view when any reaching vertex may be left over: those may stay
        unmatched (a private outlet each, in effect), every other vertex must be covered
        (a bonus ``B`` per such endpoint), and the matching need not have maximum
        cardinality."""
        order, index = self._vertices(view)
        dummy = self.dummy
        bonus = 1 << self.weight_bits
        lift = {x: 0 if x in view.reach else bonus for x in order}  # covering x is worth
        if dummy is not None and self._dummy_reaches:
            lift[dummy] = 0
        edges = [
            (index[x], index[dummy], lift[x] + lift[dummy])
            for x in view.dummy_partners
            if dummy is not None and (x, dummy) not in self.weights
        ]
        pairs = chain(self.weights.items(), view.edges)
        listed = (
            ((index[u], index[v], weight + lift[u] + lift[v]) for (u, v), weight in pairs)
            if any(lift.values())
            # Every vertex may stay unmatched (all of a large bracket, as a rule): the
            # weights go as they are, without two additions of 0 per pair.
            else ((index[u], index[v], weight) for (u, v), weight in pairs)
        )
        found = solve_edges(len(order), chain(listed, edges), max_cardinality=False)
        return self._mates(view, order, found, unmatched=True)

    def _solve_scope(self, view: _View, cap: int) -> tuple[dict[int, int], int]:
        """Solve on the view, ``L`` replaced by ``cap`` outlets shared by the reaching
        vertices; also returns how many vertices took an outlet."""
        order, index = self._vertices(view)
        dummy = self.dummy
        bonus = 1 << self.weight_bits
        shift = (cap + 1).bit_length()
        edges = [
            (index[x], index[dummy], (2 * bonus) << shift)
            for x in view.dummy_partners
            if dummy is not None and (x, dummy) not in self.weights
        ]
        reaching = [index[x] for x in view.reach]
        if self._dummy_reaches and dummy is not None:
            reaching.append(index[dummy])
        outlet = len(order)
        outlet_weight = (bonus << shift) + 1
        for o in range(outlet, outlet + cap):
            edges.extend((i, o, outlet_weight) for i in reaching)
        outlet += cap
        covered = 2 * bonus
        listed = (
            (index[u], index[v], (covered + weight) << shift)
            for (u, v), weight in chain(self.weights.items(), view.edges)
        )
        found = solve_edges(outlet, chain(listed, edges), max_cardinality=False)
        left_over = sum(1 for i, j in found.items() if i < len(order) <= j)
        return self._mates(view, order, found, unmatched=False), left_over

    def _solve_whole(self) -> dict[int, int]:
        """Solve on every unpaired player and the dummy, every compatible pair listed in
        the same order as ever (the dummy's last in its partner's row); the weights are
        read from :attr:`weights` straight, through :meth:`weight` only for pairs into a
        summarised next group."""
        order = sorted(self.unpaired)
        dummy = self.dummy
        weights = self.weights
        following = self._next.players if self._next is not None else _ALONE
        edges = []
        for a, u in enumerate(order):
            missing = self.missing[u]
            group = self.group[u]
            for b in range(a + 1, len(order)):
                v = order[b]
                if v not in missing and v not in group:
                    if v in following:
                        edges.append((a, b, self.weight(u, v)))
                    else:
                        edges.append((a, b, weights.get((u, v), 0)))
            if dummy is not None and u in self.bye_ok:
                edges.append((a, len(order), weights.get((u, dummy), 0)))
        if dummy is not None:
            order.append(dummy)
        found = solve_edges(len(order), edges, max_cardinality=True)
        return {order[i]: order[j] for i, j in found.items()}


@dataclass(slots=True)
class _View:
    """What one restricted solve sees: the scope's players (or the bracket's, with
    ``stand_ins`` for the next group), the weighted pairs among them beyond the graph's
    own ``weights`` (which every view has, and which are not copied: at federation scale
    they are millions), who may take the PAB, and the reaching vertices with how many
    players below each may meet."""

    players: list[int]
    stand_ins: tuple[int, ...]
    edges: list[tuple[tuple[int, int], int]]
    dummy_partners: list[int]
    reach: dict[int, int]
    single_leftover: bool = False
