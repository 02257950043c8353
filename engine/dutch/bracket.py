"""Pairing a round bracket by bracket, as a sequence of weighted matchings (dutch.md §5.7).

One matching graph holds every player still unpaired (plus a dummy vertex standing for the
PAB when the number to pair is odd), so that every solution is a complete round pairing
(C1-C4, C2 and C5 through the dummy's edges). For each bracket the edges among the bracket
and the next score group get the criteria weights of :mod:`engine.dutch.weights`; everything
else only has to exist. The optimum fixes the criteria values; the Art. 4 generation order
then picks, among the optimal pairings, the earliest one, decided one choice at a time by
re-solving with a small preference in the low *stage* bits:

1. which MDPs are paired (the valid MDP set with the smallest differing BSN, Art. 4.4);
2. each paired MDP's opponent, highest-ranked first (the first M1 places of S2);
3. how many residents are exchanged and the smallest BSN-sum difference (exchange rules 1-2);
4. who leaves S1 (rule 3) and who enters it (rule 4);
5. each S1 player's partner, lowest BSN first (transpositions, Art. 4.2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from fractions import Fraction

from engine.assignment import first_best_assignment
from engine.dutch.players import DutchPlayer
from engine.dutch.round_graph import (
    FOLLOWING,
    LOWER,
    RESERVED_BITS,
    Conflicts,
    NextGroup,
    RoundGraph,
)
from engine.dutch.weights import BracketContext, BracketWeights
from engine.errors import NoValidPairing
from engine.matching import MAX_WEIGHT_BITS

__all__ = ["BracketRecord", "RoundPairer"]


@dataclass(slots=True)
class BracketRecord:
    """What happened in one bracket, for the explanation."""

    score: Fraction
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    selected_mdps: tuple[int, ...] = ()
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloaters: tuple[int, ...] = ()
    exchanges: int = 0
    weights: BracketWeights | None = None


class RoundPairer:
    """Pairs one round; :meth:`run` returns the pairs (pairing-order indices) and the PAB."""

    weights_class: type[BracketWeights] = BracketWeights
    """The criteria as weights; an older edition swaps in its own (``engine.dutch.rules2012``, ``rules2017``)."""

    coarse_exchanges = True
    """Whether exchange rule 1 is solved before rule 2's BSN sums (:meth:`_pair_remainder`)."""

    ranks_lone_mdp = True
    """Whether a bracket's one MDP has its opponents ranked in the bracket's first solve
    (:meth:`_pair_bracket`); an edition that weighs the MDPs again once it knows how many
    are paired turns it off."""

    keeps_unexchanged = True
    """Whether an optimum in hand that exchanges nobody is kept instead of solving the
    exchange stage (:meth:`_pair_remainder`)."""

    guesses_lone_mdp_remainder = True
    """Whether a lone MDP's first solve (:attr:`ranks_lone_mdp`) also carries, below the
    ranks of its opponents, exchange rule 1 for the remainder it leaves by meeting the first
    of them (:meth:`_guess_remainder`): when it does, the exchange stage is solved already."""

    settles_pairless = True
    """Whether a bracket without MDPs whose residents may not meet one another (most
    often a lone resident) is settled without a solve (:meth:`_pair_remainder`)."""

    summarise_following = True
    """Whether solves may stand in for the next score group (:mod:`engine.dutch.round_graph`)
    when its pairs are weighed rather than listed; an edition that reads the graph's
    listed weights itself turns it off."""

    def __init__(
        self,
        players: list[DutchPlayer],
        conflicts: Conflicts | Mapping[int, AbstractSet[int]],
        *,
        played_rounds: int,
    ) -> None:
        """``conflicts`` maps each player to those it may not meet (C1, C3, forbidden pairs)."""
        self.players = players
        self.played_rounds = played_rounds
        n = len(players)
        self.dummy: int | None = n if n % 2 else None
        self.graph = RoundGraph(n, conflicts, self.dummy)
        self.unpaired = self.graph.unpaired
        self.pairs: list[tuple[int, int]] = []
        self.records: list[BracketRecord] = []
        self.mate: dict[int, int] = {}
        self.bye_score: int | None = None
        """The PAB score (C5) as a :attr:`DutchPlayer.scaled_score`, once known."""
        self.bye_rank: dict[int, int] = {}
        self.base_weights: dict[tuple[int, int], int] = {}
        """The weight :meth:`_weigh` listed for each pair of the bracket (and of the next
        score group when it is listed), which the stages add their bits to."""

    # -- round level --------------------------------------------------------------------

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        if not self.players:
            return [], None
        single_bye = self._start()
        groups = self._score_groups()
        carry: tuple[int, ...] = ()
        residents = groups[0]
        position = 1
        while True:
            following = groups[position] if position < len(groups) else ()
            if len(carry) + len(residents) <= 1 and not following:
                break
            context = BracketContext(
                mdps=carry,
                residents=residents,
                following=following,
                bye_rank=self.bye_rank if single_bye else None,
            )
            carry = self._pair_bracket(context)
            single_bye = self._single_bye_next(carry, following)
            residents = following
            position += 1
        left = sorted(self.unpaired)
        bye = left[0] if left else None
        return self.pairs, bye

    def _score_groups(self) -> list[tuple[int, ...]]:
        groups: list[list[int]] = []
        for player in self.players:
            if groups and self.players[groups[-1][0]].scaled_score == player.scaled_score:
                groups[-1].append(player.index)
            else:
                groups.append([player.index])
        return [tuple(group) for group in groups]

    def _start(self) -> bool:
        """Check that the round can be completed (C1-C4) and find the PAB score (C5).

        Returns whether C9 is in force in the first bracket: the PAB comes from the top
        score group and the best completion pairs everyone else of that group inside it.

        When the whole field passes the certificate of :mod:`engine.dutch.round_graph` (with
        an empty scope), the round is completable and any eligible player can take the
        PAB, so the PAB score is the lowest eligible score, without solving.
        """
        p = self.players
        graph = self.graph
        if self.dummy is not None:
            graph.bye_ok = {player.index for player in p if player.eligible_for_bye}
        graph.set_scope(())
        if graph.capacity() >= graph.reaching() and (
            self.dummy is None or graph.dummy_reaches_lower()
        ):
            if self.dummy is None:
                return False
            lowest = min(p[i].scaled_score for i in graph.bye_ok)
            if lowest < p[0].scaled_score:
                self._settle_bye_score(lowest)
                return False
        return self._start_by_solving()

    def _start_by_solving(self) -> bool:
        p = self.players
        dummy = self.dummy
        graph = self.graph
        mate = graph.solve(whole=True)
        expected = len(p) + (1 if dummy is not None else 0)
        if len(mate) != expected:
            raise NoValidPairing(
                "no pairing of all players satisfies the absolute criteria C1-C3"
                + (
                    " with a player eligible for the PAB left over (C2)"
                    if dummy is not None
                    else ""
                )
            )
        if dummy is None:
            return False
        # Lowest PAB score first (C5), then as many pairs inside the top score group.
        scores = sorted({player.scaled_score for player in p}, reverse=True)
        rise_of = {score: rise for rise, score in enumerate(scores)}  # levels above it
        top = p[0].scaled_score
        in_top = sum(1 for player in p if player.scaled_score == top)
        for i in graph.bye_ok:
            rise = rise_of[p[i].scaled_score]
            graph.set_weight(i, dummy, rise * (in_top + 1))
        for u in range(in_top):
            for v in graph.adjacent(u, set(range(u + 1, in_top))):
                graph.set_weight(u, v, 1)
        mate = graph.solve(whole=True)
        graph.weights.clear()
        self._settle_bye_score(p[mate[dummy]].scaled_score)
        self.mate = mate
        if self.bye_score is None or self.bye_score < top:
            return False
        return all(mate[u] == dummy or p[mate[u]].scaled_score >= top for u in range(in_top))

    def _settle_bye_score(self, score: int) -> None:
        """Only eligible players at the PAB score (a scaled score) or lower stay joined to
        the dummy (C5); C9 ranks those at the PAB score by games played."""
        p = self.players
        self.bye_score = score
        self.graph.bye_ok = {i for i in self.graph.bye_ok if p[i].scaled_score <= score}
        at_score = [player for player in p if player.scaled_score == score]
        played = sorted((player.played_games for player in at_score), reverse=True)
        rank_of_count = {count: position for position, count in enumerate(played)}
        self.bye_rank = {player.index: rank_of_count[player.played_games] for player in at_score}

    def _single_bye_next(self, carry: tuple[int, ...], following: tuple[int, ...]) -> bool:
        """Whether C9 is in force in the next bracket (dutch.md §3.4, engine note): the
        round is odd, the next residents score at most the PAB score, and the current best
        pairing pairs everyone of the next bracket but the PAB inside it."""
        if not self._bye_reads_optimum(following):
            return False
        floor = self.players[following[0]].scaled_score
        for u in carry + following:
            other = self.mate.get(u, u)
            if other == self.dummy:
                other = u
            if other == LOWER or self.players[other].scaled_score < floor:
                return False
        return True

    def _bye_reads_optimum(self, following: tuple[int, ...]) -> bool:
        """Whether :meth:`_single_bye_next` will read the optimum a bracket ends with
        (the round is odd and the next residents score at most the PAB score); nothing
        else reads it."""
        if self.dummy is None or not following or self.bye_score is None:
            return False
        return self.bye_score >= self.players[following[0]].scaled_score

    # -- one bracket --------------------------------------------------------------------

    def _pair_bracket(self, context: BracketContext) -> tuple[int, ...]:
        p = self.players
        current = context.current
        weights = self._weigh(context)
        record = BracketRecord(
            score=p[context.residents[0]].score,
            mdps=context.mdps,
            residents=context.residents,
            weights=weights,
        )
        self.records.append(record)
        guess: _Exchanges | None = None
        if context.mdps:
            residents = set(context.residents)
            # One MDP leaves Art. 4.4 nothing to choose (paired in one optimum, paired in
            # all), so its opponents (Art. 4.2) are ranked below the criteria in the same
            # solve: the optimum is the one the base solve and then the rank solve reach.
            ranked = self.ranks_lone_mdp and len(context.mdps) == 1
            if ranked:
                guess = self._guess_remainder(context)
                shift = 0 if guess is None else guess.bits
                self._rank_opponents(context.mdps[0], residents, shift)
            self._solve()
            selected = self._select_mdps(context, residents)
            record.selected_mdps = tuple(selected)
            self._fix_mdp_opponents(selected, context, residents, record, ranked=ranked)
            if guess is not None and not selected:
                # The MDP floats on: its ranks, shifted above the guess, would overlap the
                # stages to come.
                self._stage_opponents(context.mdps[0], residents, 0)
        remainder = [r for r in context.residents if r in self.unpaired]
        self._pair_remainder(remainder, context, record, solved=bool(context.mdps), guess=guess)
        carry = tuple(u for u in current if u in self.unpaired)
        record.downfloaters = carry
        return carry

    def _weigh(self, context: BracketContext) -> BracketWeights:
        """Weigh the bracket's pairs (and those into the next score group) in the graph by
        :attr:`weights_class`, which become :attr:`weights`."""
        p = self.players
        current = context.current
        members = current + context.following
        weights = self.weights_class(
            p,
            context,
            played_rounds=self.played_rounds,
            total_bits=MAX_WEIGHT_BITS - 1 - RESERVED_BITS,
            min_stage_bits=_stage_bits(len(context.mdps), len(context.residents)),
        )
        self.weights = weights
        graph = self.graph
        mdp_set = frozenset(context.mdps)
        listed = members
        if self._may_summarise(context, weights):
            group = NextGroup(weights.following, weights.ahead, weights.behind, mdp_set)
            if graph.set_scope(members, group):
                listed = current
        else:
            graph.set_scope(members)
        graph.weight_bits = weights.bits
        weight = weights.weight
        # A pair into the next score group weighs ahead[u] + behind[v] (additive_ahead).
        following = weights.following if weights.additive_ahead else frozenset()
        ahead, behind = weights.ahead, weights.behind
        base: dict[tuple[int, int], int] = {}
        for a, u in enumerate(listed):
            moved = u in mdp_set
            ahead_u = ahead.get(u, 0)
            for v in graph.adjacent(u, set(listed[a + 1 :])):  # u < v: listed is in pairing order
                if v in following:
                    base[(u, v)] = ahead_u + behind.get(v, 0)
                else:
                    base[(u, v)] = 0 if moved and v in mdp_set else weight(u, v)
        graph.weights.update(base)
        self.base_weights = base
        return weights

    def _may_summarise(self, context: BracketContext, weights: BracketWeights) -> bool:
        """Whether the next score group's pairs may go unlisted: the edition allows it, its
        weights say who is paired and nothing else, and nothing reads whom its players
        meet in the optimum (:meth:`_single_bye_next`)."""
        return (
            self.summarise_following
            and bool(context.following)
            and weights.additive_ahead
            and not self._bye_reads_optimum(context.following)
        )

    def _solve(self) -> None:
        self.mate = self.graph.solve()

    def _stage(self, u: int, others: Iterable[int], extra: int) -> None:
        """Set the weights of ``u``'s pairs with ``others``, players of the bracket, to their
        base weights plus ``extra`` stage bits (a row at a time: staging a remainder of a
        thousand players sets half a million pairs)."""
        weights, base = self.graph.weights, self.base_weights
        for v in others:
            pair = (u, v) if u < v else (v, u)
            weights[pair] = base[pair] + extra

    def _fix(self, u: int, v: int, record: BracketRecord) -> None:
        self._fix_all([(u, v)], record)

    def _fix_all(self, pairs: list[tuple[int, int]], record: BracketRecord) -> None:
        """Settle these pairs, in order (all of a bracket's at once when they are known
        together: the graph then drops their weights in one pass)."""
        for u, v in pairs:
            self.pairs.append((u, v) if u < v else (v, u))
            record.pairs.append((u, v) if u < v else (v, u))
        self.graph.remove([x for pair in pairs for x in pair])

    def _select_mdps(self, context: BracketContext, residents: set[int]) -> list[int]:
        """Art. 4.4: at each MDP score level, keep an MDP in S1 whenever an optimal pairing
        still pairs it (together with the ones already kept), in BSN order."""
        p = self.players
        selected: list[int] = []
        levels: list[list[int]] = []
        for m in context.mdps:
            if levels and p[levels[-1][0]].scaled_score == p[m].scaled_score:
                levels[-1].append(m)
            else:
                levels.append([m])
        keep_bonus = 2
        for level in levels:
            matched = sum(1 for m in level if self.mate.get(m) in residents)
            remaining = len(level)
            for m in level:
                if not matched:
                    break
                if remaining <= matched:
                    selected.append(m)
                    continue
                remaining -= 1
                if self.mate.get(m) not in residents:
                    self._stage_opponents(m, residents, 1)
                    self._solve()
                if self.mate.get(m) in residents:
                    selected.append(m)
                    matched -= 1
                    self._stage_opponents(m, residents, keep_bonus)
                else:
                    self._stage_opponents(m, residents, 0)
        return selected

    def _stage_opponents(self, m: int, residents: set[int], extra: int) -> None:
        """Stage ``extra`` on every pair of MDP ``m`` with a resident it may meet."""
        self._stage(m, self.graph.adjacent(m, residents), extra)

    def _fix_mdp_opponents(
        self,
        selected: list[int],
        context: BracketContext,
        residents: set[int],
        record: BracketRecord,
        *,
        ranked: bool = False,
    ) -> None:
        """Each kept MDP, in BSN order, meets the highest-ranked resident an optimal
        pairing allows (the first M1 places of the S2 transpositions, Art. 4.2).

        ``ranked``: the current optimum was solved with the one MDP's opponents ranked."""
        keep_bonus = len(context.residents) + 1
        for m in selected:
            if not ranked and self.mate.get(m) != min(self.graph.adjacent(m, residents)):
                for other in selected:
                    if other != m and other in self.unpaired:
                        self._stage_opponents(other, residents, keep_bonus)
                self._rank_opponents(m, residents)
                self._solve()
            self._fix(m, self.mate[m], record)

    def _rank_opponents(self, m: int, residents: set[int], shift: int = 0) -> None:
        """Stage the residents ``m`` may meet by rank, the highest-ranked worth most, above
        the ``shift`` lowest stage bits."""
        options = sorted(self.graph.adjacent(m, residents))
        for rank, r in enumerate(reversed(options), start=1):
            self._stage(m, (r,), rank << shift)

    def _guess_remainder(self, context: BracketContext) -> _Exchanges | None:
        """Stage exchange rule 1 (coarse) for the remainder the bracket's lone MDP leaves
        when it meets the first resident it may meet, guessing "every resident of it but a
        parity leftover is paired inside" (as :meth:`_pair_remainder` guesses without MDPs).

        The ranks of the MDP's opponents go above these bits and the criteria above both,
        so the solve pairs the MDP as before and, restricted to the other players, is an
        optimum of rule 1's weights for the remainder it does leave; when that is the
        guessed one with the guessed S1, :meth:`_pair_remainder` needs no solve of rule 1.
        None, with nothing staged, when not :attr:`guesses_lone_mdp_remainder`, when the
        bracket's optimum is read later (:meth:`_bye_reads_optimum`: its solves are then
        the same as without the guess) or when the stage bits have no room for both."""
        if not self.guesses_lone_mdp_remainder or self._bye_reads_optimum(context.following):
            return None
        residents = context.residents
        options = self.graph.adjacent(context.mdps[0], set(residents))
        if not options:
            return None
        first = min(options)
        remainder = [r for r in residents if r != first]
        guess = _Exchanges(remainder, len(remainder) // 2)
        if guess.bits + (len(options) + 1).bit_length() > self.weights.stage_bits:
            return None
        members = set(remainder)
        for a in remainder:
            self._stage_exchange(a, members, guess.value(a, coarse=True))
        return guess

    def _stage_exchange(self, a: int, members: set[int], value: int) -> None:
        """Stage ``value`` on the pairs of remainder player ``a`` with the later ones."""
        self._stage(a, [b for b in self.graph.adjacent(a, members) if b > a], value)

    def _pair_remainder(
        self,
        remainder: list[int],
        context: BracketContext,
        record: BracketRecord,
        *,
        solved: bool,
        guess: _Exchanges | None = None,
    ) -> None:
        """Exchanges (rules 1-4 of Art. 4.3) then transpositions for the residents left.

        S1 is as large as the number of pairs inside the remainder in an optimal pairing,
        which the current optimum tells when ``solved``. Otherwise (a bracket without MDPs,
        whose base weights have not been solved yet) the exchange solve starts from the
        guess "every resident but a parity leftover is paired inside": the base criteria
        rank above the exchange stage, so the exchange solve still finds the true number,
        and when the guess was right its weights, and so its optimum, are exactly those the
        solve after the base solve would have had; when wrong, the weights are set again
        from the true number and solved again, as they would have been after the base solve.
        ``guess``: the rule 1 weights the optimum in hand was solved with
        (:meth:`_guess_remainder`), which stand for rule 1's solve when they are this
        remainder's.
        """
        if not remainder:
            if not solved:
                self._solve()
            return
        members = set(remainder)
        if not solved and self._pairless(remainder, members, context):
            return

        def inside() -> int:
            mate = self.mate
            return sum(1 for r in remainder if mate.get(r) in members and mate[r] < r)

        exchange = _Exchanges(remainder, inside() if solved else len(remainder) // 2)

        def set_exchange_weights(a: int, delta: int = 0, *, coarse: bool = False) -> None:
            self._stage_exchange(a, members, exchange.value(a, coarse=coarse) + delta)

        def upper(a: int) -> bool:
            other = self.mate.get(a)
            return other is not None and other in members and other > a

        def unexchanged() -> bool:
            return all(upper(a) for a in remainder[: exchange.pairs_inside])

        # Rule 1 (fewest exchanges) is solved first without rule 2's BSN sums, whose fine
        # weights cost rustworkx many times more: when that optimum exchanges nobody, S1
        # is the same in every optimum and the BSN sums cannot tell them apart. An optimum
        # in hand that exchanges nobody (S1 all paired inside, upwards) already has the
        # best exchange values, so it is kept without solving; so is one solved with rule
        # 1's weights of this remainder (``guess``), and if it exchanges someone, rule 2
        # comes next.
        coarse = self.coarse_exchanges and guess != exchange
        while not (solved and self.keeps_unexchanged and unexchanged()):
            for a in remainder:
                set_exchange_weights(a, coarse=coarse)
            self._solve()
            solved = True
            found = inside()
            if found != exchange.pairs_inside:
                exchange = _Exchanges(remainder, found)
            elif coarse and not unexchanged():
                coarse = False
            else:
                break
        pairs_inside = exchange.pairs_inside
        s1 = remainder[:pairs_inside]

        exchanges = sum(1 for a in s1 if not upper(a))
        record.exchanges = exchanges
        # Rule 3: move out of S1 the highest BSNs that an optimal pairing allows.
        remaining = exchanges
        for a in reversed(s1):
            if not remaining:
                break
            if upper(a):
                set_exchange_weights(a, -1)
                self._solve()
            if not upper(a):
                remaining -= 1
                self.graph.forbid(a, [b for b in self.graph.adjacent(a, members) if b > a])
            else:
                set_exchange_weights(a)
        # Rule 4: move into S1 the lowest BSNs of S2 that an optimal pairing allows.
        remaining = exchanges
        following = set(context.following)
        for b in remainder[pairs_inside:]:
            if remaining <= 1:
                break
            already = upper(b)
            if not already:
                set_exchange_weights(b, 1)
                self._solve()
            if upper(b):
                remaining -= 1
                options = self.graph.adjacent(b, members | following)
                self.graph.forbid(b, [c for c in options if c < b or c in following])
            if not already:
                set_exchange_weights(b)
        # The exchange is settled: S1 are the upper players of the current optimum.
        uppers = [a for a in remainder if upper(a)]
        upper_set = set(uppers)
        for a in remainder:
            later = [b for b in self.graph.adjacent(a, members) if b > a]
            if a not in upper_set:
                self.graph.forbid(a, later)
                continue
            self.graph.forbid(a, [b for b in later if b in upper_set])
            self._stage(a, [b for b in later if b not in upper_set], 0)  # S1-S2: base weights
        alone = self._alone(uppers, members, context)
        self._transpositions(uppers, members, record, members if alone else None)

    def _pairless(self, remainder: list[int], members: set[int], context: BracketContext) -> bool:
        """Whether a bracket without MDPs can be left unsolved: no two of its residents may
        meet, so every optimum pairs none of them inside it (no exchange, no transposition:
        they all float down), and nothing reads the optimum it would end with (the next
        bracket has MDPs and solves before it reads one; :meth:`_bye_reads_optimum`)."""
        return (
            self.settles_pairless
            and not self._bye_reads_optimum(context.following)
            and not any(self.graph.adjacent(a, members) for a in remainder)
        )

    def _alone(self, uppers: list[int], members: set[int], context: BracketContext) -> bool:
        """Whether the transposition solves may run on S1 and S2 alone: the optimum the
        bracket ends with is not read later, every MDP is paired, and S2 is as large as
        S1, or one larger with every S2 player able to take the place of the one the
        current optimum leaves out (see :meth:`_solve_transposition`)."""
        if self._bye_reads_optimum(context.following):
            return False
        if not self.unpaired.isdisjoint(context.mdps):
            return False
        upper_set = set(uppers)
        lowers = members - upper_set
        if len(lowers) == len(uppers):
            return True
        if len(lowers) != len(uppers) + 1:
            return False
        out = [b for b in lowers if self.mate.get(b) not in upper_set]
        if len(out) != 1:
            return False
        left = out[0]
        partner = self.mate.get(left, LOWER)
        return all(self._replaces(b, left, partner, members) for b in lowers)

    def _replaces(self, b: int, left: int, partner: int, members: set[int]) -> bool:
        """Whether S2 player ``b`` can take ``left``'s place in the rest of the current
        optimum at no loss: beside ``left``'s partner, or (for a player partner) beside
        another player ``f`` of the rest whose partner ``g`` takes ``partner`` instead."""
        graph = self.graph
        if partner == LOWER:
            return graph.reaches_lower(b)
        if partner == self.dummy:
            return b in graph.bye_ok
        if partner == FOLLOWING:  # a stand-in for the next group: any it may meet will do
            ahead = self.weights.ahead
            return graph.reaches_following(b) and ahead.get(b, 0) == ahead.get(left, 0)
        weight = self.graph.weight
        if graph.compatible(b, partner) and weight(b, partner) == weight(left, partner):
            return True
        before = weight(left, partner)
        for f in graph.adjacent(b, graph.scope - members):
            g = self.mate.get(f, LOWER)
            if g in (LOWER, self.dummy, left, partner) or g in members or f == partner:
                continue
            if graph.compatible(g, partner) and weight(b, f) + weight(g, partner) == before + (
                weight(g, f)
            ):
                return True
        return False

    def _transpositions(
        self,
        uppers: list[int],
        members: set[int],
        record: BracketRecord,
        alone: set[int] | None,
    ) -> None:
        """Each S1 player, in BSN order, gets the lowest BSN an optimal pairing allows.

        A player whose current optimal partner is already their lowest option is settled
        without solving; otherwise a run of consecutive S1 players is settled by one solve,
        each player's preference in its own lower field (earlier players in higher fields),
        which is the same as settling them one after the other.

        ``alone`` (S1 and S2 together) is given when :meth:`_alone` allows the solves to
        run on S1 and S2 alone (see :meth:`_solve_transposition`).
        """
        if alone is not None and self._earliest_by_kinds(uppers, members, record):
            return
        stage: Callable[[int, Iterable[int], int], None] = self._stage
        room_for_stages = self.weights.stage_bits
        if alone is not None:
            stage, room_for_stages = self._alone_stage(uppers, members)
        waiting = list(uppers)
        while waiting:
            a = waiting[0]
            options = sorted(b for b in self.graph.adjacent(a, members) if b > a)
            if self.mate.get(a) == options[0]:
                self._fix(a, options[0], record)
                waiting.pop(0)
                continue
            chunk: list[tuple[int, list[int]]] = []
            room = room_for_stages
            for c in waiting:
                choices = sorted(b for b in self.graph.adjacent(c, members) if b > c)
                width = len(choices).bit_length()
                if chunk and width > room:
                    break
                chunk.append((c, choices))
                room -= width
            shift = room
            for c, choices in reversed(chunk):
                for rank, b in enumerate(reversed(choices), start=1):
                    stage(c, (b,), rank << shift)
                shift += len(choices).bit_length()
            self._solve_transposition(alone)
            self._fix_all([(c, self.mate[c]) for c, _choices in chunk], record)
            del waiting[: len(chunk)]

    def _earliest_by_kinds(
        self, uppers: list[int], members: set[int], record: BracketRecord
    ) -> bool:
        """Settle every S1 player at once when the stage can run on S1 and S2 alone and
        the weights are by kinds of player: the earliest of the matchings covering S1 of
        greatest weight (what the solves of :meth:`_transpositions` pick one by one),
        certified from the current optimum (:mod:`engine.assignment`). False, with
        nothing settled, when there is no certificate."""
        kinds = self.weights.kinds
        if not kinds:
            return False
        graph = self.graph
        upper_set = set(uppers)
        lowers = sorted(b for b in members if b not in upper_set and b in self.unpaired)
        found = first_best_assignment(
            uppers,
            lowers,
            {a: self.mate[a] for a in uppers},
            kinds,
            lambda a, b: b > a and graph.compatible(a, b),
            self.weights.weight,
        )
        if found is None:
            return False
        for a in uppers:
            b = found[a]
            self.mate[a] = b
            self.mate[b] = a
        self._fix_all([(a, found[a]) for a in uppers], record)
        return True

    def _alone_stage(
        self, uppers: list[int], members: set[int]
    ) -> tuple[Callable[[int, Iterable[int], int], None], int]:
        """Weights for the solves on S1 and S2 alone, and how many low bits they leave the
        generation order. Every matching there has one pair per S1 player, so the high
        bits on which all S1-S2 pairs agree add the same to each and are dropped; what
        stays is shifted to the top of rustworkx's range, with room for the sum of one
        pair per S1 player, and the stages get every bit below it (fewer solves)."""
        graph = self.graph
        base = {
            (a, b): self.base_weights[(a, b)]
            for a in uppers
            for b in graph.adjacent(a, members)
            if b > a
        }
        first = next(iter(base.values()), 0)
        differ = 0
        for value in base.values():
            differ |= value ^ first
        low = self.weights.stage_bits
        varying = max(differ.bit_length() - low, 0) + len(uppers).bit_length()
        room = MAX_WEIGHT_BITS - 1 - varying
        if room <= low:
            return self._stage, low
        mask = (1 << differ.bit_length()) - 1
        for pair, value in base.items():
            base[pair] = ((value & mask) >> low) << room
            graph.set_weight(*pair, base[pair])

        def stage(u: int, others: Iterable[int], extra: int) -> None:
            for v in others:
                graph.set_weight(u, v, base[(u, v) if u < v else (v, u)] + extra)

        return stage, room

    def _solve_transposition(self, alone: set[int] | None) -> None:
        """Solve a transposition stage, on S1 and S2 alone (``alone``) when possible.

        Every optimal pairing has as many pairs inside the remainder as S1 has players
        (the first criterion, pairs in the bracket, fixes the number once every MDP is
        paired), and with the exchange settled each of them joins an S1 player to an S2
        player; stage weights sit on those pairs only. An optimum is thus a matching of
        S1 into S2 plus a best completion ``R(d)`` of the other players together with the S2 player ``d``
        left out (none when S2 is as large as S1). When ``R(d)`` is the same for every
        ``d``, the optimal pairings' S1-S2 parts are exactly the matchings covering S1 of
        greatest weight, so a solve on S1 and S2 alone makes the same choices. It is: the
        current optimum (from a solve on everyone) leaves out some ``d0`` with partner
        ``f0`` (a player, the PAB dummy, or "below the scope") and reaches the largest
        ``R``; :meth:`_alone` checked that every ``d`` can take ``d0``'s place beside
        ``f0`` at the same weight (compatible, PAB-eligible, or reaching the players below:
        the certificate of :mod:`engine.dutch.round_graph` absorbs any such set of the
        same size), so ``R(d) >= R(d0)``. Fixing S1 players only shrinks S2, so this holds
        for the whole stage. The rest of the current optimum stays optimal and is not
        read again (:meth:`_bye_reads_optimum`).
        """
        if alone is None:
            self._solve()
        else:
            self.mate.update(self.graph.solve_among(alone & self.unpaired))


@dataclass(slots=True)
class _Exchanges:
    """The exchange stage of a remainder whose S1 is its first ``pairs_inside`` players
    (Art. 4.3), as the stage bits of each player's pairs with the later ones: an S1 player
    paired upwards inside the remainder earns a bit above every BSN sum (rule 1, fewest
    exchanges) and, unless coarse, every player paired upwards its distance from the end
    (rule 2, the BSN sums)."""

    remainder: list[int]
    pairs_inside: int
    position: dict[int, int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        self.position = {r: i for i, r in enumerate(self.remainder)}

    def value(self, a: int, *, coarse: bool) -> int:
        top_index = len(self.remainder) - 1
        in_s1 = 1 if self.position[a] < self.pairs_inside else 0
        sum_bits = (self.pairs_inside * top_index).bit_length()
        bsn = 0 if coarse else top_index - self.position[a]
        return ((in_s1 << sum_bits) + bsn) << 1

    @property
    def bits(self) -> int:
        """Bits the coarse values of a matching's pairs add up to at most (rule 1 alone)."""
        top_index = len(self.remainder) - 1
        return (self.pairs_inside * top_index).bit_length() + 1 + self.pairs_inside.bit_length()


def _stage_bits(mdps: int, residents: int) -> int:
    """Low bits the tie-breaking stages may use in a bracket of this size."""
    pairs = residents // 2
    exchange = pairs.bit_length() + 1 + (pairs * residents).bit_length() + 2
    mdp = (mdps * (residents + 1) + residents + 1).bit_length() + 1
    transposition = (residents + 1).bit_length() + 1
    return max(exchange, mdp, transposition)
