"""Lim rounds one and two, the order of the groups and the bye (C.04.4.3 Arts 1.1, 2.2, 7, 8;
spec/lim.md §§2, 3, 8, 9)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import InvalidRequest, NoValidPairing
from engine.lim import pair as pair_lim
from tests.engine.builders import HALF, ONE, ZERO, B
from tests.engine.lim_builders import boards, floats, group_pairs, history, lim, request


def test_round_one_40_players_top_half_against_bottom_half_colours_alternate() -> None:
    # 7.2: #1 White by lot; odd-numbered upper-half players the same colour, even-numbered the
    # other: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20.
    outcome = lim(request(range(1, 41)))
    expected = [(i, 20 + i) if i % 2 else (20 + i, i) for i in range(1, 21)]
    assert boards(outcome) == expected
    assert outcome.pairing.bye is None


def test_round_one_mirror_when_the_lot_gives_black() -> None:
    # 7.2: "or the mirror": 21 v 1, 2 v 22, 23 v 3, ...
    outcome = lim(request(range(1, 41), initial=B))
    assert boards(outcome)[:4] == [(21, 1), (2, 22), (23, 3), (4, 24)]


def test_round_one_odd_field_bye_to_the_lowest_rated() -> None:
    # 7.1: with an odd number the lowest-rated player gets the bye; the rest pair as 7.2.
    outcome = lim(request(range(1, 8)))
    assert outcome.pairing.bye == 7
    assert boards(outcome) == [(1, 4), (5, 2), (3, 6)]


def test_round_one_bye_follows_rating_not_number() -> None:
    # 7.1 says "lowest-rated": when the list is not in rating order (an arbiter's estimate, say),
    # the lowest rating decides; equal ratings go to the bottom-most (docs/rulings.md, Lim).
    ratings = {1: 2300, 2: 2200, 3: 2100, 4: 1500, 5: 1800}
    assert lim(request(range(1, 6), ratings=ratings)).pairing.bye == 4
    level = dict.fromkeys(range(1, 6), 1800)
    assert lim(request(range(1, 6), ratings=level)).pairing.bye == 5


ROUND_ONE = "1-5 1-0, 6-2 0-1, 3-7 =, 8-4 0-1"


def test_round_two_worked_example() -> None:
    # lim.md §9 (Art. 8): pair the 1-point group, then the 0-point group, the ½-point median
    # group last. 1-point {1 due B, 2 due W, 4 due W}: 3.2 floats a White-due player, the
    # bottom-most with an opponent below (3.3): 4. 0-point {5 W, 6 B, 8 B}: a Black-due player,
    # the top-most (3.4): 6. Median: downfloater 4 first takes the top-most due Black: 3 (3.6,
    # 3.8); then upfloater 6 meets 7.
    outcome = lim(request(history(ROUND_ONE)))
    assert boards(outcome) == [(2, 1), (4, 3), (7, 6), (5, 8)]
    assert floats(outcome) == {4: ("d", "2.3.4"), 6: ("d", "2.3.4")}
    assert [g.score for g in outcome.trace.groups] == [ONE, ZERO, HALF]
    # 3.6: in the median group the downfloater is paired first, then the upfloater.
    assert group_pairs(outcome, HALF) == [(4, 3), (6, 7)]


def test_group_order_top_down_then_bottom_up_then_median() -> None:
    # 2.2: highest group downward to just above the median, then the lowest group upward to
    # just below it, the median group last (and downward).
    past = history(
        "1-2 1-0, 3-4 1-0, 5-6 1-0, 7-8 =, 9-10 =",
        "1-3 1-0, 5-2 =, 4-6 1-0, 8-7 1-0, 10-9 0-1",
    )
    outcome = lim(request(past))
    scores = [g.score for g in outcome.trace.groups]
    assert scores == [Fraction(2), Fraction(3, 2), ZERO, HALF, ONE]
    directions = [g.direction.value for g in outcome.trace.groups]
    assert directions == ["down", "down", "up", "up", "down"]


def test_empty_median_group_floaters_from_both_sides_meet_there() -> None:
    # 2.2 with no player on the median score (lim.md §11): the downfloater of the upper half and
    # the upfloater of the lower half are paired with each other, last.
    outcome = lim(request(history("1-4 1-0, 5-2 0-1, 3-6 1-0")))
    median = outcome.trace.groups[-1]
    assert median.score == HALF and median.players == ()
    assert {n for n, _ in median.arrivals} == {3, 4}
    assert frozenset((3, 4)) in {frozenset((p.board.white, p.board.black)) for p in median.pairs}


def test_bye_goes_to_the_lowest_ranked_of_the_lowest_group() -> None:
    # 1.1: lowest rank in the lowest scoregroup; here 0 points: {6, 7, 9}; 9 is ranked lowest.
    past = history("1-6 1-0, 7-2 0-1, 3-8 =, 9-4 0-1, 5 pab")
    assert lim(request(past)).pairing.bye == 9


def test_bye_passes_over_players_barred_by_basic_rule_4() -> None:
    # 1.1 with Basic Rule 4: the lowest group (1 point) is {3, 5, 6, 7, 9}; 9 and 7 already
    # had the PAB, so it goes to the next one up in the same group, 6.
    past = history(
        "1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0, 9 pab",
        "1-9 1-0, 2-3 1-0, 5-4 0-1, 6-7 1-0, 8 pab",
        "1-2 =, 4-3 1-0, 9-8 0-1, 5-6 1-0, 7 pab",
    )
    outcome = lim(request(past))
    assert outcome.pairing.bye == 6
    assert "passed over: 9 (Basic Rule 4), 7 (Basic Rule 4)" in outcome.trace.bye_reason


def test_history_of_the_wrong_length_is_refused_naming_the_player() -> None:
    req = request(history(ROUND_ONE))
    broken = req.players[2].__class__(number=req.players[2].number, history=())
    bad = req.__class__(
        round_no=2, total_rounds=5, players=(*req.players[:2], broken, *req.players[3:])
    )
    with pytest.raises(
        InvalidRequest, match="player 3: history has 0 rounds, pairing round 2 needs 1"
    ):
        pair_lim(bad)


def test_unpairable_round_raises_no_valid_pairing() -> None:
    # Basic Rule 2: two players who have met cannot be paired again; nothing else to do.
    with pytest.raises(NoValidPairing):
        pair_lim(request(history("1-2 ="), total=3))
