"""The 2012 bracket procedure as weighted matchings (C.1-C.14, D.1-D.3).

The score brackets are paired top-down as the current edition's pairer does it: a bracket's
weights (:mod:`engine.dutch.rules2012.weights`) rank its candidates in the order in which C.10
gives requirements up, and among equal candidates the earliest in the D.1-D.3 order is taken.
What differs from the current edition: the weights; a bracket at least half moved down is
paired as homogeneous (A.3); there are no PAB criteria (current C5, C9): the bye goes to
whoever the lowest bracket leaves over (A.5, C.13); and the two backtracking rules of the text
are walked the way its endorsed engine walks them:

- C.12: when the players a bracket moves down cannot all be paired in the next bracket, the
  bracket is undone and paired again for that, giving up floats; when the next bracket is
  heterogeneous (it pairs its moved-down players first, A.3), the second pairing must pair
  every one of them there, with one another's opponents in mind, before anything else. The
  second pairing stands if it moves down the same scores and they can all be paired below.
- C.13: the penultimate bracket is paired for the lowest one (its pairs into the lowest rank
  above its colours); and when it holds moved-down players and, paired by its own criteria
  alone, would leave the rest of the round unpairable, the text merges it with the lowest:
  its colour preferences are then counted over both. A bracket higher up is only re-paired
  "so that the lowest can be paired", by its own criteria, which the completable round
  already does.

The round as a whole stays completable throughout (every solve is a complete pairing), which
is what the text's backtracking reaches in the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass, fields

from engine.dutch.bracket import BracketRecord, RoundPairer
from engine.dutch.players import DutchPlayer
from engine.dutch.round_graph import RoundGraph
from engine.dutch.rules2012.weights import (
    AcrossWeights2012,
    BacktrackWeights2012,
    MarkedBacktrackWeights2012,
    Weights2012,
)
from engine.dutch.weights import BracketContext, BracketWeights
from engine.errors import NoValidPairing
from engine.matching import MatchingGraph, covering_exists

__all__ = ["Pairer2012", "RepairedRecord"]


class Pairer2012(RoundPairer):
    """:class:`engine.dutch.bracket.RoundPairer` with the 2012 criteria (:class:`Weights2012`)
    and without the current PAB criteria C5 and C9."""

    weights_class: type[BracketWeights] = Weights2012
    summarise_following = False  # the C.12 and A.9 routes read the listed weights
    ranks_lone_mdp = False  # the MDPs' weights change once their number is known

    def __init__(
        self, players: list[DutchPlayer], conflicts: dict[int, set[int]], *, played_rounds: int
    ) -> None:
        super().__init__(players, conflicts, played_rounds=played_rounds)
        self.conflicts = conflicts
        """B.1 and B.2 alone: the graph also rules out pairs the exchanges passed over."""

    def _start(self) -> bool:
        """Check that the round can be completed at all (B.1, B.2: C.12/C.13 backtrack until it
        is), every player the bye may go to (B.1b) joined to the bye vertex.

        Returns False: no bracket ranks its candidates by who would get the bye.
        """
        dummy = self.dummy
        graph = self.graph
        if dummy is not None:
            graph.bye_ok = {player.index for player in self.players if player.eligible_for_bye}
        graph.set_scope(())
        self.mate = graph.solve(whole=True)
        expected = len(self.players) + (1 if dummy is not None else 0)
        if len(self.mate) != expected:
            raise NoValidPairing(
                "no pairing of all players satisfies the absolute criteria B.1-B.2"
                + (" with a player left over who may get the bye (B.1b)" if dummy else "")
            )
        return False

    def _pair_bracket(self, context: BracketContext) -> tuple[int, ...]:
        """Pair one bracket, as homogeneous when at least half of it moved down (A.3), and
        re-pair it when the players it moves down cannot all be paired in the next bracket
        while another pairing of it would let them (C.12; above colours when the next
        bracket, with them, is heterogeneous: :meth:`_pair_into_next`, or when this one
        resumes a marked transposition: :meth:`_backtrack_weights`). The record keeps who
        moved down, for the explanation."""
        mdps = context.mdps
        if mdps and 2 * len(mdps) >= len(context.current):
            # A.3: at least half of the bracket moved down, so it is paired as homogeneous.
            context = BracketContext((), context.current, context.following, context.bye_rank)
        before = self._state()
        across = bool(mdps) and self._alone_fails(context)
        # C.13 merges a bracket with the ones below only as the penultimate bracket of the
        # lowest; higher up it re-pairs a bracket "so that the lowest can be paired", by the
        # bracket's own criteria (the completable round sees to the rest).
        merged = across and len(self.players) - 1 in context.following
        own = AcrossWeights2012 if merged else Weights2012
        carry = self._pair_with(own, context)
        if not self._pairable_below(carry, context.following):
            first = self._state()
            self._restore(before)
            heterogeneous = 2 * len(carry) < len(carry) + len(context.following)
            again = (
                self._pair_into_next(own, context)
                if heterogeneous
                else self._pair_with(self._backtrack_weights(context, across), context)
            )
            scores = sorted(self.players[i].score for i in carry)
            if (
                again is not None
                and scores == sorted(self.players[i].score for i in again)
                and self._pairable_below(again, context.following)
            ):
                carry = again
                kept = self.records[-1]
                self.records[-1] = RepairedRecord(
                    **{name.name: getattr(kept, name.name) for name in fields(kept)}
                )
            else:
                self._restore(first)
        record = self.records[-1]
        record.mdps, record.residents = mdps, context.current[len(mdps) :]
        record.score = self.players[record.residents[0]].score
        return carry

    @staticmethod
    def _backtrack_weights(context: BracketContext, across: bool) -> type[Weights2012]:
        """C.12's weights for re-pairing a bracket whose next one is treated as homogeneous.

        A heterogeneous bracket (its moved-down players paired first, A.3) marked the
        transposition that paired them (C.6, "it may be useful later"); C.12 resumes it
        (C.7, then C.10 gives up colours) and accepts the first pairing that moves down a set
        the next bracket can pair, so colours give way. A homogeneous bracket has no mark,
        and one the text reaches by C.13 (``across``: paired alone it leaves the round
        unpairable) may not be backtracked into again (C.12: "disallowed when already
        backtracking"); there colours stand (JaVaFo 1.4's rank)."""
        return MarkedBacktrackWeights2012 if context.mdps and not across else BacktrackWeights2012

    def _pair_into_next(
        self, weights: type[Weights2012], context: BracketContext
    ) -> tuple[int, ...] | None:
        """C.12's second pairing of a bracket whose next one is heterogeneous: the best by
        the bracket's own ``weights`` among those that move down only players the next
        bracket can pair all together, with the round still complete; None when there is
        none.

        The players moved down are asked about jointly (two of them may each have an
        opponent below, the same one), so the bracket is paired with every pair from it to
        a player below the next score group, and the bye, ruled out for the while."""
        with self._paired_in_next(context):
            if not self._all_pairable(sorted(self.graph.unpaired), self.graph.compatible):
                return None
            return self._pair_with(weights, context)

    @contextmanager
    def _paired_in_next(self, context: BracketContext) -> Iterator[None]:
        """Rule out, while open, every pair from the bracket to below its next score group
        and the bye for its players (B.1b's list of who may have it, ``bye_ok``)."""
        graph = self.graph
        inside = set(context.current) | set(context.following)
        below = [v for v in graph.unpaired if v not in inside]
        ruled_out = [
            (u, v)
            for u in context.current
            if u in graph.unpaired
            for v in below
            if graph.compatible(u, v)
        ]
        no_bye = graph.bye_ok.intersection(context.current)
        for u, v in ruled_out:
            graph.missing[u].add(v)
            graph.missing[v].add(u)
        graph.bye_ok -= no_bye
        try:
            yield
        finally:
            for u, v in ruled_out:
                graph.missing[u].discard(v)
                graph.missing[v].discard(u)
            graph.bye_ok |= no_bye & graph.unpaired

    def _all_pairable(self, players: list[int], compatible: Callable[[int, int], bool]) -> bool:
        """Whether ``players`` can all be paired among themselves by ``compatible`` (B.1,
        B.2), one of them with the bye when the round has one (B.1b: ``bye_ok``)."""
        dummy = self.dummy
        bye_ok = self.graph.bye_ok
        rest = players if dummy is None else [*players, dummy]

        def may_meet(u: int, v: int) -> bool:
            if dummy in (u, v):
                return (v if u == dummy else u) in bye_ok
            return compatible(u, v)

        return covering_exists(rest, may_meet, rest)

    def _pair_with(self, weights: type[Weights2012], context: BracketContext) -> tuple[int, ...]:
        """Pair the bracket by the shared procedure, ranking its candidates by ``weights``."""
        self.weights_class = weights
        try:
            return super()._pair_bracket(context)
        finally:
            del self.weights_class

    def _select_mdps(self, context: BracketContext, residents: set[int]) -> list[int]:
        """Before the moved-down players are chosen (D.3), learn from the first optimum how
        many of them the bracket pairs (M1 of C.6: fixed by the pairs and their scores,
        which rank above colours) and weigh the bracket again with it, so that X bounds
        their pairs apart from the remainder's (:meth:`Weights2012.pairing_mdps`)."""
        weights = self.weights
        if isinstance(weights, Weights2012) and not weights.paired_mdps and not weights.across:
            paired = sum(1 for m in context.mdps if self.mate.get(m) in residents)
            if paired:
                self.weights_class = type(weights).pairing_mdps(paired)
                self.records[-1].weights = self._weigh(context)
                self._solve()
        return super()._select_mdps(context, residents)

    def _alone_fails(self, context: BracketContext) -> bool:
        """Whether the bracket's best pairing by its own criteria (the earliest among equals),
        with no regard to the brackets below, would leave the rest of the round unpairable
        (B.1, B.2, B.1b for the bye). Asked of the text's pairs: the text's first pairing of
        a bracket knows nothing of the exchanges passed over above it."""
        if not context.following:
            return False
        p = self.players
        current = [i for i in context.current if i in self.unpaired]
        weights = Weights2012(
            p, context, played_rounds=self.played_rounds, total_bits=0, min_stage_bits=0
        )
        mdps = set(context.mdps)
        size = len(current)
        alone = MatchingGraph(size)
        for a, u in enumerate(current):
            for b in range(a + 1, len(current)):
                v = current[b]
                if v not in self.conflicts[u] and not (u in mdps and v in mdps):
                    # Among equals, the earliest candidate: higher players with higher ones.
                    alone.set_weight(a, b, weights.weight(u, v) * size + size - b)
        paired = {current[a] for a in alone.solve()}
        rest = [i for i in self.unpaired if i not in paired]
        return not self._all_pairable(rest, lambda u, v: v not in self.conflicts[u])

    def _pairable_below(self, carry: tuple[int, ...], following: tuple[int, ...]) -> bool:
        """C.12's question to the next bracket: can every player moved down into it be
        paired there (with one another too when they are at least half of it, A.3)? Asked
        of the pairs still open in the graph, so pairs the exchanges above passed over count
        as impossible, as in the shared procedure (with the text's pairs alone, 2 corpus
        answers are lost). The lowest bracket has no next one: C.13 handles it, which the
        completable round already guarantees."""
        if not carry or not following:
            return True
        moved = set(carry)
        homogeneous = 2 * len(carry) >= len(carry) + len(following)
        graph = self.graph
        return covering_exists(
            carry + following,
            lambda u, v: graph.compatible(u, v) and (homogeneous or not {u, v} <= moved),
            carry,
        )

    def _state(self) -> _State:
        return _State(deepcopy(self.graph), list(self.pairs), list(self.records), dict(self.mate))

    def _restore(self, state: _State) -> None:
        """Undo a bracket's pairing (C.12: back to the state before it)."""
        self.graph = deepcopy(state.graph)
        self.unpaired = self.graph.unpaired
        self.pairs = list(state.pairs)
        self.records = list(state.records)
        self.mate = dict(state.mate)


@dataclass(slots=True)
class RepairedRecord(BracketRecord):
    """The record of a bracket that C.12 paired a second time, and whose second pairing
    stands."""


@dataclass(frozen=True, slots=True)
class _State:
    """What pairing a bracket changes in a :class:`RoundPairer`."""

    graph: RoundGraph
    pairs: list[tuple[int, int]]
    records: list[BracketRecord]
    mate: dict[int, int]
