"""A median group that cannot be paired takes back pairs of its neighbours (C.04.4.3 Art. 2.6;
spec/lim.md §3.5)."""

from __future__ import annotations

from tests.engine.builders import HALF, ONE, ZERO
from tests.engine.lim_builders import floats, group_pairs, history, lim, pairs, request


def test_blocked_median_takes_back_the_higher_groups_pair_when_floaters_are_level() -> None:
    # Round 2: 1 and 2 won, 3 and 6 drew each other, 4 and 5 lost. The 1-point group pairs
    # 1-2, the 0-point group 4-5, and the median group {3, 6} cannot pair (they have met).
    # No floater came from above and none from below, so not "more from higher groups": the
    # next pairing of the adjacent higher group, 1-2, is taken back and both join the median.
    outcome = lim(request(history("1-4 1-0, 2-5 1-0, 3-6 =")))
    assert floats(outcome) == {1: ("d", "2.6"), 2: ("d", "2.6")}
    assert group_pairs(outcome, ONE) == []
    assert group_pairs(outcome, ZERO) == [(5, 4)]
    made = pairs(outcome)
    assert frozenset((3, 6)) not in made and frozenset((1, 2)) not in made
    assert len(made) == 3


def test_blocked_median_takes_back_the_lower_groups_pair_when_more_came_from_above() -> None:
    # Round 2: {1, 2, 3} won with White, 4 and 8 drew, 9 had a half-point bye, {5, 6, 7} lost
    # and 10 had a zero-point bye. The 1-point group floats 3 down and pairs 1-2. The 0-point
    # group (upward) pairs 10-6 and 7-5. The median group {4, 8, 9} + 3 cannot pair: 9 may meet
    # only 3 and 4 has met 8. One floater came from above and none from below, so the next
    # pairing of the lower group goes: the one nearest the median (its top-most player, 5): 7-5.
    # Then 3 (due Black) meets the top-most player due White, 8 (3.6, 3.8); upfloater 7, the
    # bottom-most, first (3.7), meets the bottom-most it can: not 5 again (4 and 9 could not
    # then pair), so 9; 5 meets 4.
    past = history("1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 =, 9 half, 10 zero")
    outcome = lim(request(past, forbidden=[(9, 4), (9, 8)]))
    decided = floats(outcome)
    assert decided[3] == ("d", "2.3.4")
    assert decided[5][1] == decided[7][1] == "2.6"
    assert [d.direction.value for d in outcome.trace.floats if d.article == "2.6"] == ["up", "up"]
    assert {frozenset(p) for p in group_pairs(outcome, ZERO)} == {frozenset((10, 6))}
    assert {frozenset((3, 8)), frozenset((7, 9)), frozenset((4, 5))} <= pairs(outcome)
    median = next(g for g in outcome.trace.groups if g.score == HALF)
    assert len(median.pairs) == 3
