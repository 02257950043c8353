"""The shortcuts of engine.dutch.bracket, against the same round paired without them.

A bracket without MDPs starts its exchange solve from a guessed S1 size instead of first
solving the base weights alone (``RoundPairer._pair_remainder``), transposition solves
run on S1 and S2 alone when that is proved equivalent (``RoundPairer._solve_transposition``),
solves stand in for the next score group (``engine.dutch.round_graph``), exchange
rule 1 is solved before rule 2's BSN sums, and a transposition stage on S1 and S2 alone
is settled at once from the kinds' certificate (``RoundPairer._earliest_by_kinds``), and
an optimum in hand that exchanges nobody is kept without an exchange solve
(``RoundPairer.keeps_unexchanged``), a bracket's one MDP has its opponents ranked in its
first solve (``RoundPairer.ranks_lone_mdp``) with exchange rule 1 for the remainder it
leaves guessed below them (``RoundPairer.guesses_lone_mdp_remainder``), and a bracket
without MDPs whose residents may not meet one another is settled without a solve
(``RoundPairer.settles_pairless``). Paired
the unrestricted way (the base solve first, every exchange stage, MDP opponent stage and
transposition stage solved on every unpaired player), every corpus problem in range must
give the same boards, PAB and trace
(exchanges, floaters, pairs), and each shortcut must have been taken (and the guess
sometimes missed) somewhere.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import ClassVar

import pytest

from engine.dutch.bracket import BracketRecord, RoundPairer, _Exchanges
from engine.dutch.players import build_players
from engine.dutch.system import pair_players
from engine.dutch.weights import BracketContext
from tests.corpus import shared_path
from tests.engine.corpus_problems import corpus, problem_players, problem_request, problems

PROBLEMS = [p for p in problems("dutch", max_players=120) if problem_players(p) >= 20]


class Unrestricted(RoundPairer):
    """Solves every bracket's base weights before its exchange solve, the exchange with
    rule 2's BSN sums from the start, every transposition stage on every unpaired player,
    and the next score group's pairs listed, as the rules read."""

    summarise_following = False
    coarse_exchanges = False
    keeps_unexchanged = False
    ranks_lone_mdp = False
    guesses_lone_mdp_remainder = False
    settles_pairless = False

    def _pair_remainder(
        self,
        remainder: list[int],
        context: BracketContext,
        record: BracketRecord,
        *,
        solved: bool,
        guess: _Exchanges | None = None,
    ) -> None:
        if not solved:
            self._solve()
        super()._pair_remainder(remainder, context, record, solved=True, guess=guess)

    def _transpositions(
        self,
        uppers: list[int],
        members: set[int],
        record: BracketRecord,
        alone: set[int] | None,
    ) -> None:
        super()._transpositions(uppers, members, record, None)


class CountingAlone(RoundPairer):
    """The pairer as shipped, counting transposition stages solved on S1 and S2 alone, by
    how many more S2 players than S1 players they had."""

    alone: ClassVar[Counter[int]] = Counter()

    def _transpositions(
        self,
        uppers: list[int],
        members: set[int],
        record: BracketRecord,
        alone: set[int] | None,
    ) -> None:
        if alone is not None:
            CountingAlone.alone[len(members) - 2 * len(uppers)] += 1
        super()._transpositions(uppers, members, record, alone)


class CountingKinds(RoundPairer):
    """The pairer as shipped, counting transposition stages settled from the kinds'
    certificate, and those where it was not found."""

    settled: ClassVar[Counter[bool]] = Counter()

    def _earliest_by_kinds(
        self, uppers: list[int], members: set[int], record: BracketRecord
    ) -> bool:
        done = super()._earliest_by_kinds(uppers, members, record)
        CountingKinds.settled[done] += 1
        return done


class CountingStandIns(RoundPairer):
    """The pairer as shipped, counting the solves that stood in for the next score group."""

    solves = 0

    def _solve(self) -> None:
        CountingStandIns.solves += self.graph.stands_in
        super()._solve()


class CountingGuesses(RoundPairer):
    """The pairer as shipped, counting its guessed exchange solves and the missed guesses."""

    guesses = 0
    misses = 0

    def _pair_remainder(
        self,
        remainder: list[int],
        context: BracketContext,
        record: BracketRecord,
        *,
        solved: bool,
        guess: _Exchanges | None = None,
    ) -> None:
        if solved or not remainder:
            super()._pair_remainder(remainder, context, record, solved=solved, guess=guess)
            return
        members = set(remainder)
        solve = self._solve
        first: list[int] = []

        def counted() -> None:
            solve()
            if not first:
                mate = self.mate
                first.append(sum(1 for r in remainder if mate.get(r) in members and mate[r] < r))

        self._solve = counted  # type: ignore[method-assign]
        super()._pair_remainder(remainder, context, record, solved=False)
        del self._solve
        if first:  # none when the bracket is pairless (settles_pairless)
            CountingGuesses.guesses += 1
            CountingGuesses.misses += first[0] != len(remainder) // 2


class CountingSolves(RoundPairer):
    """The pairer as shipped, counting its solves by pairer."""

    solves: ClassVar[Counter[str]] = Counter()

    def _solve(self) -> None:
        CountingSolves.solves[type(self).__name__] += 1
        super()._solve()


class SolvingEveryExchange(CountingSolves):
    """As :class:`CountingSolves`, solving every exchange stage."""

    keeps_unexchanged = False


class RankingAfterTheBaseSolve(CountingSolves):
    """As :class:`CountingSolves`, ranking a lone MDP's opponents after the base solve."""

    ranks_lone_mdp = False


class NotGuessingRemainders(CountingSolves):
    """As :class:`CountingSolves`, ranking a lone MDP's opponents without guessing the
    remainder's exchange stage below them."""

    guesses_lone_mdp_remainder = False


class SolvingPairlessBrackets(CountingSolves):
    """As :class:`CountingSolves`, solving brackets whose residents may not meet."""

    settles_pairless = False


def test_there_are_problems() -> None:
    shared_path(*corpus("dutch"))
    assert len(PROBLEMS) > 100


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.stem)
def test_shortcuts_change_nothing(problem: Path) -> None:
    request = problem_request(problem)
    players = build_players(request)
    shipped = pair_players(request, players)
    unrestricted = pair_players(request, players, Unrestricted)
    assert shipped.boards == unrestricted.boards
    assert shipped.bye == unrestricted.bye
    assert shipped.trace == unrestricted.trace


def test_the_guess_is_taken_and_sometimes_missed() -> None:
    """The comparisons above see both paths: a right guess and a missed one."""
    for problem in PROBLEMS[::4]:
        request = problem_request(problem)
        pair_players(request, build_players(request), CountingGuesses)
    assert CountingGuesses.misses > 0
    assert CountingGuesses.guesses > CountingGuesses.misses


def test_transpositions_alone_are_taken_both_ways() -> None:
    """S2 as large as S1, and one larger, both occur among the compared problems."""
    for problem in PROBLEMS[::3]:
        request = problem_request(problem)
        pair_players(request, build_players(request), CountingAlone)
    assert CountingAlone.alone[0] > 0
    assert CountingAlone.alone[1] > 0


def test_kinds_settle_transpositions() -> None:
    """Stages settled from the kinds' certificate occur among the compared problems."""
    for problem in PROBLEMS[::3]:
        request = problem_request(problem)
        pair_players(request, build_players(request), CountingKinds)
    assert CountingKinds.settled[True] > 0


def test_stand_ins_are_taken() -> None:
    """Solves standing in for the next score group occur among the compared problems."""
    for problem in PROBLEMS[::3]:
        request = problem_request(problem)
        pair_players(request, build_players(request), CountingStandIns)
    assert CountingStandIns.solves > 0


def test_kept_optima_ranked_mdps_and_pairless_brackets_save_solves() -> None:
    """Optima that exchange nobody are kept, lone MDPs ranked in the first solve with the
    remainder's exchange stage guessed, and brackets whose residents may not meet left
    unsolved, among the compared problems: each takes fewer solves than the same problems
    without it."""
    pairers = (
        CountingSolves,
        SolvingEveryExchange,
        RankingAfterTheBaseSolve,
        NotGuessingRemainders,
        SolvingPairlessBrackets,
    )
    for problem in PROBLEMS[::3]:
        request = problem_request(problem)
        players = build_players(request)
        for pairer in pairers:
            pair_players(request, players, pairer)
    shipped = CountingSolves.solves["CountingSolves"]
    assert 0 < shipped < CountingSolves.solves["SolvingEveryExchange"]
    assert shipped < CountingSolves.solves["RankingAfterTheBaseSolve"]
    assert shipped < CountingSolves.solves["NotGuessingRemainders"]
    assert shipped < CountingSolves.solves["SolvingPairlessBrackets"]
