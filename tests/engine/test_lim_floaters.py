"""Lim transfers and the choice of floaters (C.04.4.3 Arts 2.3 and 3; the user's seed 000,
old rules 10.1-10.10; spec/lim.md §§3-4).

Each expected floater below is derived by hand from the rules in the comment next to it.
"""

from __future__ import annotations

from fractions import Fraction

from engine.common import Float
from engine.lim.brackets import ScoreGroup
from engine.lim.floaters import FloaterKind, choose_even_floater, floater_kinds
from engine.lim.players import LimField, LimPlayer, build_field
from tests.engine.builders import HALF, ONE
from tests.engine.lim_builders import (
    ROUND_FIVE,
    SAME_COLOUR_TWICE,
    history,
    lim,
    request,
)


def _group_floats(outcome, score: Fraction) -> dict[int, tuple[str, str]]:
    (group,) = [g for g in outcome.trace.groups if g.score == score]
    return {d.player: (d.kind.value, d.article) for d in group.floats}


R5 = history(*ROUND_FIVE)


def test_transfer_2_3_1_played_everyone_in_the_group_and_the_four_kinds() -> None:
    outcome = lim(request(R5, total=7))
    # Group 3.5 = {8}: alone, floats to make it even (2.3.4); 8 has met 7, the whole next
    # group: kind c.
    assert _group_floats(outcome, Fraction(7, 2)) == {8: ("c", "2.3.4")}
    # Group 3 = {7} + 8: 7 and 8 drew in round 4, so each has played the whole group (2.3.1).
    # Next group {4, 10}: 8 has met both and already floated in: kind a; 7 can meet 4: kind d.
    assert _group_floats(outcome, Fraction(3)) == {8: ("a", "2.3.1"), 7: ("d", "2.3.1")}
    # Group 2.5 = {4, 10} + 7, 8: 8 has met 4, 10 and 7 (2.3.1); in the median group {5} it
    # can meet 5: kind b. {4, 10, 7} is odd: 4 and 10 have both met 5 (kind c); 7 could meet
    # only 5, whom 8 (higher score, 3.3) needs: kind a. 3.9 avoids a -> 4 or 10; 3.2: 4 is
    # due White, 10 and 7 due Black, so 10 leaves the colours even.
    assert _group_floats(outcome, Fraction(5, 2)) == {8: ("b", "2.3.1"), 10: ("c", "2.3.4")}


def test_transfer_2_3_2_two_more_of_one_colour() -> None:
    # Group 1.5 = {1, 2, 3, 6}: 1 has two more Blacks and must have White; 3 and 6 already
    # met 1, and 2 must have White too: no compatible opponent can give 1 the permissible
    # colour -> 1 floats (upward: the group is below the median).
    outcome = lim(request(R5, total=7))
    assert _group_floats(outcome, Fraction(3, 2))[1][1] == "2.3.2"
    assert [d.direction for d in outcome.trace.floats if d.player == 1] == [Float.UP]


R233 = history(*SAME_COLOUR_TWICE)


def test_transfer_2_3_3_same_colour_twice_above_and_below_the_median() -> None:
    # 1 and 2 (3 points) played B W W: both must have Black, so neither can give the other
    # the alternate colour: both float down (2.3.3). 7 and 8 (0 points) played B W W too and
    # float up. In the next groups 1 meets 4 (1 met 3), 2 meets 3; 8 meets 5, 7 meets 6.
    outcome = lim(request(R233))
    assert _group_floats(outcome, Fraction(3)) == {1: ("d", "2.3.3"), 2: ("d", "2.3.3")}
    assert _group_floats(outcome, Fraction(0)) == {7: ("d", "2.3.3"), 8: ("d", "2.3.3")}
    assert {(b.white, b.black) for b in outcome.pairing.boards} == {(4, 1), (3, 2), (5, 8), (6, 7)}


ROUND_ONE = "1-6 1-0, 2-7 1-0, 3-8 1-0, 4-5 ="


def test_making_even_floats_the_bottom_most_with_an_opponent_below() -> None:
    # 2.3.4 / 3.2 / 3.3: {1, 2, 3} all due Black, so colours cannot choose; the bottom-most,
    # 3, who can meet 4 or 5 in the next group, floats (kind d).
    outcome = lim(request(history(ROUND_ONE)))
    assert _group_floats(outcome, ONE) == {3: ("d", "2.3.4")}


def test_a_floater_without_an_opponent_below_is_exchanged_for_one_with_one() -> None:
    # 3.5 / 3.9 (avoid kind c): 3 may not meet 4 or 5, so floating 3 would make a kind c
    # floater; the next one up, 2, floats instead (kind d).
    outcome = lim(request(history(ROUND_ONE), forbidden=[(3, 4), (3, 5)]))
    decided = _group_floats(outcome, ONE)
    assert decided == {2: ("d", "2.3.4")}
    (line,) = [d.reason for d in outcome.trace.floats if d.player == 2]
    assert "3.9" in line


MAXI_ROUND = "4-1 0-1, 5-2 0-1, 3-6 1-0"
MAXI_RATINGS = {1: 2500, 2: 2450, 3: 2300, 4: 2250, 5: 2200, 6: 2150}


def test_colour_balance_chooses_the_floater_without_the_rating_limit() -> None:
    # 3.2: 1 and 2 are due White, 3 due Black; floating 3 would leave two White-due players,
    # floating 1 or 2 leaves one of each: the bottom-most of those, 2, floats.
    outcome = lim(request(history(MAXI_ROUND), ratings=MAXI_RATINGS))
    assert _group_floats(outcome, ONE) == {2: ("c", "2.3.4")}


def test_maxi_tournament_floats_the_bottom_most_when_the_choice_is_over_100_points_away() -> None:
    # 3.2 (maxi): 2 (2450) is more than 100 points above the bottom-most, 3 (2300): 3 floats.
    outcome = lim(request(history(MAXI_ROUND), ratings=MAXI_RATINGS, maxi=True))
    assert _group_floats(outcome, ONE) == {3: ("c", "2.3.4")}
    near = {**MAXI_RATINGS, 3: 2360}  # within 100 points: the colour choice stands
    kept = lim(request(history(MAXI_ROUND), ratings=near, maxi=True))
    assert _group_floats(kept, ONE) == {2: ("c", "2.3.4")}


# Round 3: 3 floated down in round 2 (beat 6, who had half a point); 1 and 2 did not.
PREVIOUS_FLOATER = history(
    "1-9 1-0, 2-10 1-0, 3-11 1-0, 4-12 1-0, 5-13 1-0, 6-14 =, 7-15 =, 8-16 0-1",
    "1-4 1-0, 5-2 0-1, 3-6 1-0, 16-7 =, 14-15 =, 8-9 =, 10-11 =, 12-13 =",
)


def test_previous_round_floater_is_not_floated_to_make_the_group_even() -> None:
    # Group 2 = {1 due B, 2 due W, 3 due B}. 3.2 alone would float 3 (bottom-most of 1, 3, whose
    # departure leaves the colours even); 3 floated last round, so 3.10 spares him, and among
    # 1 and 2, 3.2 picks 1 (leaving 2 due White against 3 due Black).
    outcome = lim(request(PREVIOUS_FLOATER))
    assert _group_floats(outcome, Fraction(2)) == {1: ("d", "2.3.4")}
    assert "3.10: 3 floated in the previous round" in outcome.trace.floats[0].reason


def test_a_bye_in_the_previous_round_is_not_a_float() -> None:
    # 3.10 reads "floated" as transferred to another scoregroup by the pairing: 3 had the
    # pairing-allocated bye in round 2 (met nobody), so he is not spared: the bottom-most of
    # 1 and 3 (3.2: each leaves one due White and one due Black) floats.
    bye_instead = history(
        "1-9 1-0, 2-10 1-0, 3-11 1-0, 4-12 1-0, 5-13 1-0, 6-14 =, 7-15 =, 8-16 0-1",
        "1-4 1-0, 5-2 0-1, 3 pab, 6 out, 16-7 =, 14-15 =, 8-9 =, 10-11 =, 12-13 =",
    )
    outcome = lim(request(bye_instead, absent=[6]))
    assert _group_floats(outcome, Fraction(2)) == {3: ("d", "2.3.4")}


def test_previous_round_floater_still_floats_rather_than_make_a_kind_c_floater() -> None:
    # 3.10 proviso: 1 and 2 may not meet 16, the only player of the next group: floating
    # either would be kind c, so 3 (kind d) floats after all (3.9 comes first).
    outcome = lim(request(PREVIOUS_FLOATER, forbidden=[(1, 16), (2, 16)]))
    assert _group_floats(outcome, Fraction(2)) == {3: ("d", "2.3.4")}


def test_previous_round_floater_still_floats_rather_than_lose_a_pair() -> None:
    # 3.10 proviso: in the ½-point group (below the median, upward), 6 floated up in round 2
    # and would be the top-most choice; sparing him means floating 9, but 10 can meet only 9
    # in the group, so the group would lose a pair: 6 floats.
    forbidden = [(10, n) for n in (6, 8, 11, 12, 13)]
    outcome = lim(request(PREVIOUS_FLOATER, forbidden=forbidden))
    assert _group_floats(outcome, HALF) == {6: ("d", "2.3.4")}
    assert "3.10 does not spare 6" in next(d for d in outcome.trace.floats if d.player == 6).reason
    spared = lim(request(PREVIOUS_FLOATER))
    assert _group_floats(spared, HALF) == {9: ("d", "2.3.4")}


def _round_one_field(forbidden: list[tuple[int, int]]) -> tuple[LimField, dict[int, LimPlayer]]:
    field = build_field(request(range(1, 9), forbidden=forbidden))
    return field, {int(n): p for n, p in field.players.items()}


def test_kinds_set_aside_the_opponents_that_earlier_floaters_need() -> None:
    # 3.3: 1 and 2 float down together and can both meet only 5: 1 (better number) keeps 5,
    # so 2 has no compatible opponent left (kind c). If 1 can also meet 6, both are served.
    field, p = _round_one_field([(1, 6), (2, 6)])
    kinds = floater_kinds(field, [p[2], p[1]], [p[5], p[6]], Float.DOWN, frozenset())
    assert kinds == {p[1]: FloaterKind.D, p[2]: FloaterKind.C}
    field, p = _round_one_field([(2, 6)])
    kinds = floater_kinds(field, [p[1], p[2]], [p[5], p[6]], Float.DOWN, frozenset())
    assert kinds == {p[1]: FloaterKind.D, p[2]: FloaterKind.D}
    # 3.4: floating up, the worse number goes first: 8 keeps 3, and 7 is left without one.
    field, p = _round_one_field([(7, 4), (8, 4)])
    kinds = floater_kinds(field, [p[7], p[8]], [p[3], p[4]], Float.UP, frozenset())
    assert kinds == {p[8]: FloaterKind.D, p[7]: FloaterKind.C}


def test_kind_priorities_avoid_a_then_b_then_c() -> None:
    # 3.9: 1 came into the group from above (received); with an opponent below it would be
    # kind b, 2 and 3 have none (kind c): avoiding b comes first, so a kind c floater goes,
    # the bottom-most one.
    field, p = _round_one_field([(2, 5), (2, 6), (3, 5), (3, 6)])
    group = [p[1], p[2], p[3]]
    choice = choose_even_floater(
        field, group, group, [], Float.DOWN, [p[5], p[6]], frozenset({p[1]})
    )
    assert choice.player is p[3]
    # Two received floaters: 3 has no opponent below (kind a), 2 has one (kind b): 2 goes
    # although 3 is the bottom-most.
    field, p = _round_one_field([(3, 5), (3, 6)])
    pair = [p[2], p[3]]
    choice = choose_even_floater(field, pair, pair, [], Float.DOWN, [p[5], p[6]], frozenset(pair))
    assert choice.player is p[2]


def test_floaters_are_paired_first_in_the_order_of_3_6_and_3_7() -> None:
    # 3.6: in the median group (and above it) floaters from above come first, the one from the
    # highest group first, then floaters from below; 3.7: below the median, floaters from below
    # first (lowest score, then bottom-most), then those from above.
    field = build_field(request(R5, total=7))
    p = {int(n): player for n, player in field.players.items()}
    arrivals = [(p[1], Float.UP), (p[10], Float.DOWN), (p[9], Float.UP), (p[8], Float.DOWN)]
    median = ScoreGroup(Fraction(2), Float.DOWN, [p[5]], list(arrivals))
    assert [x.number for x in median.pairing_order(field, median.members())] == [8, 10, 9, 1, 5]
    lower = ScoreGroup(Fraction(1), Float.UP, [p[5]], list(arrivals))
    assert [x.number for x in lower.pairing_order(field, lower.members())] == [9, 1, 8, 10, 5]
