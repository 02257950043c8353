"""Per-player Dubov facts (engine/dubov/players.py), from spec/dubov.md §2 and §8."""

from __future__ import annotations

import pytest

from engine.common import Strength
from engine.dubov.players import (
    UnratedPlayer,
    average_rating_of_opponents,
    dubov_players,
    dubov_preference,
    max_upfloats,
)
from engine.errors import InvalidRequest
from engine.model import (
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
)
from tests.engine.builders import HALF, ONE, ZERO, B, W, entry, played, unplayed


def facts(*players: PlayerEntry, round_no: int, total_rounds: int = 9) -> dict[int, object]:
    request = PairingRequest(round_no=round_no, total_rounds=total_rounds, players=players)
    return {int(p.number): p for p in dubov_players(request)}


def test_player_without_games_has_mild_black_preference() -> None:
    # Art. 1.6.4 (Dubov-specific): no game played -> mild preference for Black.
    preference = dubov_preference(entry(1, 2000, unplayed(RoundKind.FORFEIT_LOSS, ZERO, 2)))
    assert (preference.colour, preference.strength) == (B, Strength.MILD)


def test_preference_otherwise_follows_the_common_definition() -> None:
    # Art. 1.6.1-1.6.3: W W -> absolute Black; W -> strong Black; W B -> mild White.
    assert dubov_preference(entry(1, 2000, played(W, ONE, 2), played(W, ONE, 3))).strength is (
        Strength.ABSOLUTE
    )
    strong = dubov_preference(entry(1, 2000, played(W, ONE, 2)))
    assert (strong.colour, strong.strength) == (B, Strength.STRONG)
    mild = dubov_preference(entry(1, 2000, played(W, ONE, 2), played(B, ONE, 3)))
    assert (mild.colour, mild.strength) == (W, Strength.MILD)


def test_aro_rounds_half_up() -> None:
    # Art. 1.7.1: opponents rated 2000 and 2001 average 2000.5, which rounds up to 2001.
    ratings = {PairingNumber(2): 2000, PairingNumber(3): 2001}
    player = entry(1, 2400, played(W, ONE, 2), played(B, ONE, 3))
    assert average_rating_of_opponents(player, ratings) == 2001


def test_aro_counts_only_games_played() -> None:
    # Art. 1.7.1: forfeits and byes are not opponents met over the board; 1.7.3: ARO 0.
    ratings = {PairingNumber(2): 1500, PairingNumber(3): 2500}
    player = entry(
        1,
        2400,
        played(W, ONE, 2),
        unplayed(RoundKind.FORFEIT_WIN, ONE, 3),
        unplayed(RoundKind.PAB, ONE),
    )
    assert average_rating_of_opponents(player, ratings) == 1500
    assert (
        average_rating_of_opponents(entry(4, 2000, unplayed(RoundKind.HALF_BYE, HALF)), ratings)
        == 0
    )


@pytest.mark.parametrize(("rounds", "limit"), [(4, 2), (5, 3), (9, 3), (10, 4), (14, 4), (15, 5)])
def test_maximum_upfloats(rounds: int, limit: int) -> None:
    # Art. 1.8.2: MaxT = 2 + floor(Rnds / 5).
    assert max_upfloats(rounds) == limit


def test_upfloat_is_a_game_played_against_a_higher_score() -> None:
    # §2 "Upfloated": player 3 (0 points) met player 1 (1 point) in round 2 -> one upfloat,
    # upfloated in the previous round; player 1 did not upfloat.
    players = facts(
        entry(1, 2400, played(W, ONE, 2), played(B, ONE, 3)),
        entry(2, 2300, played(B, ZERO, 1), played(W, ONE, 4)),
        entry(3, 2200, played(B, ZERO, 4), played(W, ZERO, 1)),
        entry(4, 2100, played(W, ONE, 3), played(B, ZERO, 2)),
        round_no=3,
    )
    assert (players[3].upfloats, players[3].upfloated_last_round) == (1, True)
    assert (players[1].upfloats, players[1].upfloated_last_round) == (0, False)
    # player 4 (1 point) met player 2 (0 points) in round 2: no upfloat either
    assert players[4].upfloats == 0


def test_forfeit_against_a_higher_score_is_not_an_upfloat() -> None:
    # §2 / §8 table: a forfeited pairing is not an upfloat.
    players = facts(
        entry(1, 2400, played(W, ONE, 2), unplayed(RoundKind.FORFEIT_WIN, ONE, 3)),
        entry(2, 2300, played(B, ZERO, 1), played(W, ONE, 4)),
        entry(3, 2200, played(B, ZERO, 4), unplayed(RoundKind.FORFEIT_LOSS, ZERO, 1)),
        entry(4, 2100, played(W, ONE, 3), played(B, ZERO, 2)),
        round_no=3,
    )
    assert (players[3].upfloats, players[3].upfloated_last_round) == (0, False)


def test_previous_round_flag_is_cleared_by_an_unplayed_round() -> None:
    # §2: "upfloated in the previous round" looks at round r-1 literally.
    players = facts(
        entry(1, 2400, played(W, ONE, 2), played(B, ONE, 3), unplayed(RoundKind.PAB, ONE)),
        entry(2, 2300, played(B, ZERO, 1), played(W, ONE, 4), played(W, ONE, 3)),
        entry(3, 2200, played(B, ZERO, 4), played(W, ZERO, 1), unplayed(RoundKind.HALF_BYE, HALF)),
        entry(4, 2100, played(W, ONE, 3), played(B, ZERO, 2), played(B, ONE, 5)),
        entry(
            5, 2000, unplayed(RoundKind.PAB, ONE), unplayed(RoundKind.PAB, ONE), played(W, ZERO, 4)
        ),
        round_no=4,
    )
    assert (players[3].upfloats, players[3].upfloated_last_round) == (1, False)


def test_games_played_and_pab_eligibility() -> None:
    # Art. 3.1.4 counts games played over the board; C2 / Basic Rule 4: a PAB, a forfeit win
    # or a full-point bye blocks the PAB, a half-point bye does not.
    players = facts(
        entry(1, 2400, played(W, ONE, 2), unplayed(RoundKind.HALF_BYE, HALF)),
        entry(2, 2300, played(B, ZERO, 1), unplayed(RoundKind.FORFEIT_WIN, ONE, 3)),
        entry(3, 2200, unplayed(RoundKind.PAB, ONE), unplayed(RoundKind.FORFEIT_LOSS, ZERO, 2)),
        entry(4, 2100, unplayed(RoundKind.FULL_BYE, ONE), unplayed(RoundKind.ZERO_BYE, ZERO)),
        round_no=3,
    )
    assert [players[n].games for n in (1, 2, 3, 4)] == [1, 1, 0, 0]
    assert [players[n].may_get_pab for n in (1, 2, 3, 4)] == [True, False, False, False]


def test_absent_players_are_left_out_but_rate_their_opponents() -> None:
    # §8: absentees are not paired; ARO still uses their rating (Art. 1.7).
    players = facts(
        entry(1, 2400, played(W, ONE, 2)),
        entry(2, 2000, played(B, ZERO, 1), available=False),
        round_no=2,
    )
    assert list(players) == [1]
    assert players[1].aro == 2000


def test_player_to_be_paired_needs_a_rating() -> None:
    # Art. 1.1: every player must have a rating (provisional for unrated players).
    with pytest.raises(UnratedPlayer, match="player 2 has no rating") as raised:
        facts(entry(1, 2400), entry(2, 0), round_no=1)
    assert isinstance(raised.value, InvalidRequest)
