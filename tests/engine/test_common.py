"""Shared rules (engine/common.py), checked against the examples in spec/general.md and
spec/dutch.md §2.5."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.common import (
    Float,
    ScaledScores,
    Strength,
    alternation_colours,
    board_order,
    check_request,
    colour_preference,
    float_history,
    game_floats,
    in_pairing_order,
    opponents,
    pab_eligible,
    past_float,
    took_part,
    unplayed_count,
    unplayed_float,
)
from engine.errors import InvalidRequest
from engine.model import (
    Board,
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)
from tests.engine.builders import HALF, ONE, ZERO, B, W, entry, played, unplayed


def game(colour: Colour, opponent: int = 99, points: Fraction = HALF) -> RoundRecord:
    """A played game where only the colour matters unless the test says otherwise."""
    return played(colour, points, opponent)


def player(number: int, *history: RoundRecord) -> PlayerEntry:
    """An unrated player: these rules never look at ratings."""
    return entry(number, 0, *history)


def test_absolute_preference_from_last_two_games() -> None:
    # dutch.md §2.5: W W W B B has CD = +1 and ends B B: absolute preference for White.
    pref = colour_preference(player(1, game(W), game(W), game(W), game(B), game(B)))
    assert (pref.colour, pref.strength) == (W, Strength.ABSOLUTE)


def test_colour_difference_decides_before_last_two_games() -> None:
    # CD = +2 with the last two games Black cannot arise under C3, but CD decides (engine note).
    pref = colour_preference(player(1, game(W), game(W), game(W), game(W), game(B), game(B)))
    assert (pref.colour, pref.strength) == (B, Strength.ABSOLUTE)


def test_strong_and_mild_and_none() -> None:
    assert colour_preference(player(1, game(W))).strength is Strength.STRONG
    assert colour_preference(player(1, game(W))).colour is B
    mild = colour_preference(player(1, game(B), game(W)))
    assert (mild.colour, mild.strength) == (B, Strength.MILD)
    assert (
        colour_preference(player(1, unplayed(RoundKind.HALF_BYE, HALF))).strength is Strength.NONE
    )


def test_unplayed_rounds_are_compressed_away() -> None:
    # GHR 3.4: B W B u W reads as u B W B W: CD = 0, last game White: mild preference for Black.
    pref = colour_preference(
        player(1, game(B), game(W), game(B), unplayed(RoundKind.ZERO_BYE), game(W))
    )
    assert (pref.colour, pref.strength) == (B, Strength.MILD)


def test_forfeit_is_not_a_meeting_and_counts_as_unplayed() -> None:
    # GHR 3.5: a forfeited pairing is not a meeting; dutch.md §8: it is an unplayed game.
    entry = player(1, game(W, 5), unplayed(RoundKind.FORFEIT_WIN, ONE, 7))
    assert opponents(entry) == {5}
    assert unplayed_count(entry) == 1


def test_taking_part_in_a_pairing_general_3_3() -> None:
    # A game, a forfeit either way or the PAB is a pairing; announced byes and absences not.
    assert all(
        took_part(unplayed(kind, ONE, 4))
        for kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.PAB)
    )
    assert took_part(game(W))
    assert not any(
        took_part(unplayed(kind))
        for kind in (
            RoundKind.HALF_BYE,
            RoundKind.ZERO_BYE,
            RoundKind.FULL_BYE,
            RoundKind.NOT_PAIRED,
        )
    )
    absent = unplayed(RoundKind.NOT_PAIRED)
    assert in_pairing_order(entry(1, 2000, absent, available=True))
    assert in_pairing_order(entry(2, 2000, absent, unplayed(RoundKind.PAB, ONE), available=False))
    assert not in_pairing_order(
        entry(3, 2000, absent, unplayed(RoundKind.HALF_BYE, HALF), available=False)
    )


def test_float_of_one_game_and_of_one_unplayed_round() -> None:
    points = PointSystem()
    assert game_floats(ONE, HALF) == (Float.DOWN, Float.UP)
    assert game_floats(HALF, ONE) == (Float.UP, Float.DOWN)
    assert game_floats(ONE, ONE) == (None, None)
    assert unplayed_float(RoundKind.PAB, ZERO, points) is Float.DOWN  # worth a loss, still down
    assert unplayed_float(RoundKind.FORFEIT_WIN, ONE, points) is Float.DOWN
    assert unplayed_float(RoundKind.HALF_BYE, HALF, points) is Float.DOWN
    assert unplayed_float(RoundKind.ZERO_BYE, ZERO, points) is None


def test_pab_eligibility_br4() -> None:
    points = PointSystem()
    assert pab_eligible(player(1, unplayed(RoundKind.HALF_BYE, HALF), game(W)), points)
    assert not pab_eligible(player(1, unplayed(RoundKind.PAB, ONE)), points)
    assert not pab_eligible(player(1, unplayed(RoundKind.FORFEIT_WIN, ONE, 4)), points)
    assert not pab_eligible(player(1, unplayed(RoundKind.FULL_BYE, ONE)), points)
    assert pab_eligible(
        player(1, unplayed(RoundKind.ZERO_BYE), unplayed(RoundKind.ZERO_BYE)), points
    )


def test_alternation_walks_back_to_the_last_different_round() -> None:
    # dutch.md 5.2.3: u u W B, B W W B and W B W B all end ... W B; here the players differ
    # in the second-last game (W against B), so each gets the opposite of that game's colour.
    first = player(1, game(B), game(W), game(W), game(B))
    second = player(2, game(W), game(B), game(B), game(B))
    assert alternation_colours(first, second) == (B, W)
    same = player(3, game(W), game(B))
    assert alternation_colours(same, player(4, game(W), game(B))) is None
    assert alternation_colours(same, player(5)) is None


def test_floats_follow_scores_and_unplayed_points() -> None:
    # 1 beat 2 in round 1 (equal scores: no float); round 2: 1 (1 point) beat 3 (0 points):
    # 1 downfloats, 3 upfloats; 2 got a half-point bye in round 2: a downfloat (draw > loss).
    one = player(1, game(W, 2, ONE), game(B, 3, ONE))
    two = player(2, game(B, 1, ZERO), unplayed(RoundKind.HALF_BYE, HALF))
    three = player(3, unplayed(RoundKind.ZERO_BYE), game(W, 1, ZERO))
    floats = float_history(PairingRequest(round_no=3, total_rounds=5, players=(one, two, three)))
    assert floats[PairingNumber(1)] == (None, Float.DOWN)
    assert floats[PairingNumber(2)] == (None, Float.DOWN)
    assert floats[PairingNumber(3)] == (None, Float.UP)


def test_board_order_ghr_3_6() -> None:
    scores = {
        PairingNumber(n): s for n, s in {1: ONE, 2: ONE, 3: HALF, 4: ONE, 5: ZERO, 6: HALF}.items()
    }
    rank = {n: int(n) for n in scores}
    boards = [
        Board(PairingNumber(5), PairingNumber(6)),
        Board(PairingNumber(3), PairingNumber(2)),
        Board(PairingNumber(4), PairingNumber(1)),
    ]
    ordered = board_order(boards, scores, rank)
    # 1-4 (top 1 point, sum 2) before 2-3 (top 1 point, sum 1.5) before 6-5 (top 0.5).
    assert [(b.white, b.black) for b in ordered] == [(4, 1), (3, 2), (5, 6)]


def test_check_request_refuses_a_request_that_contradicts_itself() -> None:
    # A round outside 1..R, a pairing number used twice, a history not covering rounds 1..r-1.
    one, two = player(1, game(W, 2)), player(2, game(B, 1))
    check_request(PairingRequest(round_no=2, total_rounds=5, players=(one, two)))
    with pytest.raises(InvalidRequest, match=r"round_no 6 is outside 1\.\.total_rounds"):
        check_request(PairingRequest(round_no=6, total_rounds=5, players=(one, two)))
    with pytest.raises(InvalidRequest, match="pairing number 1 is used twice"):
        check_request(PairingRequest(round_no=2, total_rounds=5, players=(one, one)))
    with pytest.raises(
        InvalidRequest, match="player 2: history has 1 rounds, pairing round 3 needs 2"
    ):
        check_request(
            PairingRequest(
                round_no=3, total_rounds=5, players=(player(1, game(W, 3), game(B, 3)), two)
            )
        )


def test_only_a_game_over_the_board_is_played() -> None:
    # GHR 3.4/3.5 (general.md §1): forfeits, byes and absences are rounds without a game.
    assert [kind for kind in RoundKind if kind.played] == [RoundKind.PLAYED]


def test_scaled_scores_are_pairing_scores_over_a_common_denominator() -> None:
    # C.04.7: the pairing score for round r is the points before r plus r's virtual points.
    # Player 1: won, drew, lost; +1 virtual point in round 2, +1/2 in round 4:
    # rounds 1-4 pair on 0, 1+1, 3/2, 3/2+1/2 = 0, 2, 3/2, 2; in halves (the common
    # denominator of a draw) 0, 4, 3, 4, and 3 halves scored without the virtual points.
    one = PlayerEntry(
        PairingNumber(1),
        history=(game(W, 2, ONE), game(B, 3, HALF), game(W, 4, ZERO)),
        acceleration={2: ONE, 4: HALF},
    )
    # Player 2: a half-point bye, then two wins: 0, 1/2, 3/2, 5/2 -> 0, 1, 3, 5 halves.
    two = player(2, unplayed(RoundKind.HALF_BYE, HALF), game(B, 5, ONE), game(W, 6, ONE))
    scores = ScaledScores.of(PairingRequest(round_no=4, total_rounds=5, players=(one, two)))
    assert scores.scale == 2
    assert scores.pairing == {1: [0, 4, 3, 4], 2: [0, 1, 3, 5]}
    assert scores.points == {1: 3, 2: 5}


def test_a_float_compares_the_pairing_scores_of_its_round() -> None:
    # dutch.md §2.3: a played game floats the higher pairing score down, virtual points of
    # that round included. Round 1: 1 (+1 virtual) beat 2, both on 0 points: 1 floated down,
    # 2 up; round 2 (no virtual points): 1 (1 point) drew with 2 (0): 1 down, 2 up again.
    one = PlayerEntry(
        PairingNumber(1), history=(game(W, 2, ONE), game(B, 2, HALF)), acceleration={1: ONE}
    )
    two = player(2, game(B, 1, ZERO), game(W, 1, HALF))
    request = PairingRequest(round_no=3, total_rounds=5, players=(one, two))
    scores = ScaledScores.of(request)
    assert [past_float(one, r, scores, request.points) for r in (1, 2)] == [Float.DOWN] * 2
    assert [past_float(two, r, scores, request.points) for r in (1, 2)] == [Float.UP] * 2
    assert float_history(request) == {1: (Float.DOWN, Float.DOWN), 2: (Float.UP, Float.UP)}


def test_board_order_reads_scaled_scores_alike() -> None:
    # GHR 3.6, the example of test_board_order_ghr_3_6 with the scores in halves (1 -> 2).
    scores = {PairingNumber(n): s for n, s in {1: 2, 2: 2, 3: 1, 4: 2, 5: 0, 6: 1}.items()}
    boards = [
        Board(PairingNumber(5), PairingNumber(6)),
        Board(PairingNumber(3), PairingNumber(2)),
        Board(PairingNumber(4), PairingNumber(1)),
    ]
    ordered = board_order(boards, scores, {n: int(n) for n in scores})
    assert [(b.white, b.black) for b in ordered] == [(4, 1), (3, 2), (5, 6)]
