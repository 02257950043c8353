"""One round per rule: absolute criteria C1-C4, the PAB criteria, topscorers, colour
allocation (Art. 5.2.1-5.2.5), forfeits, acceleration and forbidden pairs (spec/dutch.md)."""

from __future__ import annotations

import pytest

from engine import NoValidPairing, pair
from engine.dutch.players import build_players
from engine.dutch.weights import colour_failures
from engine.model import (
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    RoundKind,
    RoundRecord,
)
from tests.engine.dutch_builders import HALF, ONE, ZERO, B, Field, W, boards, played

N = PairingNumber


def test_c1_no_second_meeting() -> None:
    """C1: two players who have met cannot be paired again, so two of them alone cannot be
    paired at all (Art. 1.9.3: the arbiter decides)."""
    f = Field(rounds_played=1)
    f.player(1, played(W, ONE, 2))
    f.player(2, played(B, ZERO, 1))
    with pytest.raises(NoValidPairing):
        pair(f.request())


def test_c1_a_forfeit_is_not_a_meeting() -> None:
    """GHR 3.5: a forfeited game is not a meeting, and it has no colour: the pair may meet
    again, and with no colour history 5.2.5 gives the higher-ranked player the initial
    colour."""
    f = Field(rounds_played=1)
    f.player(1, RoundRecord(RoundKind.FORFEIT_WIN, ONE, N(2)))
    f.player(2, RoundRecord(RoundKind.FORFEIT_LOSS, ZERO, N(1)))
    assert boards(pair(f.request())) == [(1, 2)]


def _bye_field(third: RoundRecord) -> Field:
    """Player 1 on 2.0 floats into the 1.0 group {2, 3}; one of 2 and 3 gets the PAB."""
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (B, ONE))
    f.history(2, (B, ONE), (W, ZERO))
    f.player(3, third, f.game(3, B, ZERO, round_no=2))
    return f


def test_c2_previous_pab_bars_the_bye() -> None:
    """C2: 3 would be left over by generation order, but already had a PAB, so 2 gets it."""
    result = boards(pair(_bye_field(RoundRecord(RoundKind.PAB, ONE)).request()))
    assert result[-1] == (2, 0)


def test_c2_forfeit_win_bars_the_bye() -> None:
    """C2 (2026): any round scored at a win's value without playing bars the PAB."""
    f = _bye_field(RoundRecord(RoundKind.FORFEIT_WIN, ONE, N(200)))
    f.histories[200] = [
        RoundRecord(RoundKind.FORFEIT_LOSS, ZERO, N(3)),
        RoundRecord(RoundKind.NOT_PAIRED, ZERO),
    ]
    f.absent.add(200)
    assert boards(pair(f.request()))[-1] == (2, 0)


def test_c2_half_point_byes_do_not_bar() -> None:
    """C2: 2 had a PAB, so of the two 1.0 players only 3 may get it, and 3's two
    half-point byes do not bar it."""
    f = Field(rounds_played=3)
    f.history(1, (W, ONE), (B, ONE), (W, ZERO))
    f.player(
        2,
        RoundRecord(RoundKind.PAB, ONE),
        f.game(2, W, ZERO, round_no=2),
        f.game(2, B, ZERO, round_no=3),
    )
    f.player(
        3,
        RoundRecord(RoundKind.HALF_BYE, HALF),
        RoundRecord(RoundKind.HALF_BYE, HALF),
        f.game(3, B, ZERO, round_no=3),
    )
    assert boards(pair(f.request()))[-1] == (3, 0)


def _same_absolute_pair() -> Field:
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (W, ONE))
    f.history(2, (W, ONE), (W, ZERO))
    return f


def test_c3_same_absolute_preference_cannot_meet() -> None:
    """C3: two non-topscorers who both must have Black may not meet."""
    with pytest.raises(NoValidPairing):
        pair(_same_absolute_pair().request(total_rounds=5))


def test_c3_lifted_for_a_topscorer_in_the_last_round() -> None:
    """Art. 1.8 / C3: pairing the final round, a topscorer (2.0 > 2 × 1 / 2) may meet a
    player with the same absolute preference; 5.2.2 cannot separate two |CD| = 2, the
    histories are identical (5.2.3), so the higher-ranked player gets Black (5.2.4)."""
    assert boards(pair(_same_absolute_pair().request(total_rounds=3))) == [(2, 1)]


def test_c4_top_bracket_floats_to_leave_the_round_completable() -> None:
    """C4: 1-2 would leave 3 and 4, who have met, so both top players float down. In the
    next bracket 1-3 would deny one of them its mild Black (C12): 1-4 and 2-3, each player
    getting the colour opposite to their single game (5.2.1)."""
    f = Field(rounds_played=1)
    f.history(1, (W, ONE))
    f.history(2, (B, ONE))
    f.player(3, played(W, ZERO, 4))
    f.player(4, played(B, ZERO, 3))
    assert boards(pair(f.request())) == [(4, 1), (2, 3)]


def test_c14_prefers_to_pair_last_rounds_downfloater() -> None:
    """C14: the PAB receiver is the last bracket's downfloater. 1-2 would leave over 3,
    who downfloated in round 2 (1.0 against 0.0), so 1-3 is paired and 2 gets the PAB."""
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (B, ZERO))
    f.history(2, (B, ONE), (W, ZERO))
    f.history(3, (B, ONE), (W, ZERO, ZERO))
    assert boards(pair(f.request())) == [(1, 3), (2, 0)]


def test_c15_avoids_a_second_upfloat_for_the_mdp_opponent() -> None:
    """C15: MDP 1 (2.0) would meet resident 2 first, but 2 upfloated in round 2 (0.0
    against 1.0); 1-3 would deny a mild White (C12, which ranks higher), so 1 meets 4 and
    2-3 pair in the remainder."""
    f = Field(rounds_played=2)
    f.history(1, (W, ONE), (B, ONE))
    f.history(2, (B, ZERO), (W, ONE, ONE))
    f.history(3, (W, ONE), (B, ZERO))
    f.history(4, (B, ZERO), (W, ONE))
    assert boards(pair(f.request())) == [(1, 4), (3, 2)]


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # 5.2.1: W B (mild White) against B W (mild Black): both granted.
        (((W, ONE), (B, ZERO)), ((B, ONE), (W, ZERO)), [(1, 2)]),
        # 5.2.2: B W (mild Black) against W W (absolute Black): the absolute one wins.
        (((B, ONE), (W, ZERO)), ((W, ONE), (W, ZERO)), [(1, 2)]),
    ],
    ids=["5.2.1", "5.2.2-absolute"],
)
def test_colour_rules_for_one_board(first: tuple, second: tuple, expected: list) -> None:
    f = Field(rounds_played=len(first))
    f.history(1, *first)
    f.history(2, *second)
    assert boards(pair(f.request())) == expected


def test_colour_5_2_2_strong_beats_mild() -> None:
    """5.2.2: 1 has W B W (CD +1, strong Black), 2 has B W (mild Black): 2 gets White."""
    f = Field(rounds_played=3)
    f.history(1, (W, ONE), (B, ZERO), (W, ZERO))
    f.player(
        2,
        RoundRecord(RoundKind.HALF_BYE, HALF),
        *([f.game(2, B, ZERO, round_no=2), f.game(2, W, ONE, round_no=3)]),
    )
    assert boards(pair(f.request())) == [(2, 1)]


def test_colour_5_2_3_alternates_from_the_last_different_round() -> None:
    """5.2.3: W B W B against B W W B, both mild White: the latest round where they
    differed is the second, where 1 had White, so 1 gets Black."""
    f = Field(rounds_played=4)
    f.history(1, (W, ONE), (B, ZERO), (W, ONE), (B, ZERO))
    f.history(2, (B, ZERO), (W, ONE), (W, ONE), (B, ZERO))
    assert boards(pair(f.request())) == [(1, 2)]


def test_colour_failures_follow_the_c10_to_c13_definitions() -> None:
    """C10: both |CD| > 1 the same way; C11: the loser already repeated the colour;
    C12: same preference; C13: same preference with a strong (not absolute) one."""
    f = Field(rounds_played=3)
    f.history(1, (W, ONE), (B, ZERO), (W, ZERO))  # CD +1: strong Black
    f.history(2, (B, ONE), (W, ZERO), (W, ZERO))  # last two White: absolute Black
    f.history(3, (W, ONE), (W, ZERO), (B, ZERO))  # CD +1: strong Black
    f.history(4, (B, ONE), (W, ZERO), (B, ZERO))  # CD -1: strong White
    players = {p.number: p for p in build_players(f.request())}
    assert colour_failures(players[3], players[1]) == (False, False, True, True)
    assert colour_failures(players[2], players[1]) == (False, False, True, True)
    assert colour_failures(players[4], players[1]) == (False, False, False, False)
    # Two absolute preferences for the same colour: C12, never C13 (dutch.md §3.4).
    f.history(5, (W, ONE), (B, ZERO), (B, ZERO))  # last two Black: absolute White
    f.history(6, (W, ONE), (B, ZERO), (B, ZERO))
    players = {p.number: p for p in build_players(f.request())}
    assert colour_failures(players[6], players[5]) == (False, True, True, False)


def test_acceleration_moves_players_up() -> None:
    """C.04.7: virtual points count as score for pairing: 1 and 2 (+1 each) form their own
    score group in round 1, so 1-2 and 3-4 replace 1-3 and 4-2; 5.2.5 gives TPN 1 and 3
    (odd) the initial White."""
    players = tuple(
        PlayerEntry(number=N(n), acceleration={1: ONE} if n <= 2 else {}) for n in (1, 2, 3, 4)
    )
    request = PairingRequest(round_no=1, total_rounds=5, players=players)
    assert boards(pair(request)) == [(1, 2), (3, 4)]


def test_forbidden_pairs_are_never_paired() -> None:
    """XXP / record 260 pairs are treated like C1: with 1-3 forbidden the next
    transposition, 1-4 and 2-3, is used; 5.2.5 gives 1 White and 2 (even TPN) Black."""
    players = tuple(PlayerEntry(number=N(n)) for n in (1, 2, 3, 4))
    request = PairingRequest(
        round_no=1,
        total_rounds=5,
        players=players,
        forbidden_pairs=frozenset({frozenset({N(1), N(3)})}),
    )
    assert boards(pair(request)) == [(1, 4), (3, 2)]


def test_boards_are_ordered_by_pairing_score_under_acceleration() -> None:
    """GHR 3.6 / C.04.7 (2026): boards are sorted on the pairing score, virtual points
    included, so 3-4 (1.5) comes before 2-1 (0.5); bbpPairings sorts on the real score and
    would list 2-1 first (docs/rulings.md). Colours: identical histories, so 5.2.4."""
    f = Field(rounds_played=1)
    f.player(1, played(W, HALF, 3))
    f.player(2, played(W, HALF, 4))
    f.player(3, played(B, HALF, 1))
    f.player(4, played(B, HALF, 2))
    request = f.request()
    from dataclasses import replace

    players = tuple(
        replace(p, acceleration={2: ONE}) if p.number in (3, 4) else p for p in request.players
    )
    assert boards(pair(replace(request, players=players))) == [(3, 4), (2, 1)]


def test_a_pab_worth_no_more_than_a_loss_still_downfloats() -> None:
    """Art. 1.4.2: the PAB receiver gets a downfloat, whatever the PAB is worth
    (docs/rulings.md: bbpPairings floats only unplayed rounds worth more than a loss)."""
    from engine.common import Float, float_history
    from engine.model import PointSystem

    f = Field(rounds_played=1)
    f.player(1, RoundRecord(RoundKind.PAB, ZERO))
    f.history(2, (W, ONE))
    request = f.request(points=PointSystem(pab=ZERO))
    assert float_history(request)[N(1)] == (Float.DOWN,)


def test_c2_any_previous_pab_bars_even_when_worth_less_than_a_win() -> None:
    """C2 / C.04.1 Art. 4: "already received a PAB" bars, whatever its value."""
    from engine.common import pab_eligible
    from engine.model import PointSystem

    f = Field(rounds_played=1)
    f.player(1, RoundRecord(RoundKind.PAB, HALF))
    entry = f.request().players[0]
    assert not pab_eligible(entry, PointSystem(pab=HALF))


def test_an_unknown_edition_is_refused_not_approximated() -> None:
    """The Dutch engine implements the 2026, 2017 and 2012 editions only."""
    from dataclasses import replace

    from engine import InvalidRequest

    players = tuple(PlayerEntry(number=N(n)) for n in (1, 2))
    request = PairingRequest(round_no=1, total_rounds=3, players=players)
    with pytest.raises(InvalidRequest, match="2026"):
        pair(replace(request, rules_edition="fide-2005"))
