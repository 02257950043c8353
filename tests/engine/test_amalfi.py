"""The Amalfi Rating system (engine/amalfi/), rule by rule from spec/amalfi.md.

Histories are built from cross tables (white, black, result), so every test is a tournament
that could have been played; the expected pairings are worked out by hand from the rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import pytest

from engine.amalfi.players import amalfi_score, rating_ranks
from engine.amalfi.system import pair as pair_amalfi
from engine.errors import InvalidRequest, NoValidPairing
from engine.model import (
    Pairing,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)
from tests.engine.builders import HALF, ONE, ZERO, B, W, boards, game_records

Game = tuple[int, int, str]
"""(white, black, result): ``1-0``, ``=``, ``0-1``, or a forfeit ``+-`` / ``-+``."""


def record(kind: RoundKind, points: Fraction = ZERO) -> RoundRecord:
    return RoundRecord(kind, points)


def cross_table(
    count: int,
    rounds: Sequence[Iterable[Game]],
    *,
    others: dict[int, dict[int, RoundRecord]] | None = None,
    ratings: dict[int, int] | None = None,
    absent: Iterable[int] = (),
) -> tuple[PlayerEntry, ...]:
    """Players 1..count (rated 2400 - number unless ``ratings`` says otherwise) after the
    given rounds. ``others[round][player]`` is the record of a player not on a board that
    round; anyone else missing is recorded as not paired. ``absent`` players are not to be
    paired in the round about to be paired."""
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, count + 1)}
    for round_no, games in enumerate(rounds, 1):
        records = dict((others or {}).get(round_no, {}))
        for white, black, result in games:
            assert white not in records and black not in records, f"round {round_no}: twice"
            records[white], records[black] = game_records(white, black, result)
        for number, history in histories.items():
            history.append(records.get(number, record(RoundKind.NOT_PAIRED)))
    _assert_legal(histories)
    away = set(absent)
    return tuple(
        PlayerEntry(
            number=PairingNumber(n),
            rating=(ratings or {}).get(n, 2400 - n),
            history=tuple(histories[n]),
            available=n not in away,
        )
        for n in range(1, count + 1)
    )


def _assert_legal(histories: dict[int, list[RoundRecord]]) -> None:
    """The cross table itself keeps A.2 and B.3.1 (rounds before the one paired are never
    the last), so each test starts from a tournament that could have been played."""
    for number, history in histories.items():
        opponents = [r.opponent for r in history if r.kind is RoundKind.PLAYED]
        assert len(opponents) == len(set(opponents)), f"#{number} meets someone twice"
        colours = "".join(r.colour.value for r in history if r.colour is not None)
        assert "www" not in colours and "bbb" not in colours, f"#{number}: {colours}"
        assert abs(colours.count("w") - colours.count("b")) <= 2, f"#{number}: {colours}"


def amalfi(
    round_no: int, total: int, players: tuple[PlayerEntry, ...], **options: object
) -> Pairing:
    return pair_amalfi(PairingRequest(round_no, total, players, **options))  # type: ignore[arg-type]


def meetings(pairing: Pairing) -> set[frozenset[int]]:
    """Who meets whom, colours aside."""
    return {frozenset((board.white, board.black)) for board in pairing.boards}


def meet(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def explained(pairing: Pairing, start: str) -> str:
    lines = [line for line in pairing.explanation if line.startswith(start)]
    assert len(lines) == 1, pairing.explanation
    return lines[0]


# --- §C: the worked example -------------------------------------------------------------

A, B_, C, D, E, F, G, H, I, J = range(1, 11)  # noqa: E741 -- the text names them A..J
"""§C's players A..J, who are also pairing numbers 1..10 (and, all games drawn, list
positions 1..10). A met C and H met J; the pairs the example makes in round 4 never met."""

C_ROUNDS: list[list[Game]] = [
    [(A, C, "="), (H, J, "="), (D, B_, "="), (G, E, "="), (F, I, "=")],
    [(E, A, "="), (B_, F, "="), (C, D, "="), (J, G, "="), (I, H, "=")],
    [(A, J, "="), (D, I, "="), (F, E, "="), (G, C, "="), (H, B_, "=")],
]


def test_c_round_1_pairs_top_half_with_bottom_half_and_alternates_colours() -> None:
    # §C round 1: d = 5 (= N/2): 1-6, 2-7, 3-8, 4-9, 5-10; board 1's upper player drew
    # White, then colours alternate by board (B.3.4).
    pairing = amalfi(1, 5, cross_table(10, []))
    assert boards(pairing) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert pairing.bye is None


def test_c_round_1_with_black_drawn_for_board_1() -> None:
    pairing = amalfi(1, 5, cross_table(10, []), initial_colour=B)
    assert boards(pairing) == [(6, 1), (2, 7), (8, 3), (4, 9), (10, 5)]


def test_c_round_4_worked_example_backtracks_from_g_i() -> None:
    # §C round 4 (d = 2): A-B (C already met), C-E, D-F, then G-I would leave H with only
    # J, whom he met: backtrack to G-H, and I-J.
    pairing = amalfi(4, 5, cross_table(10, C_ROUNDS))
    assert meetings(pairing) == meet((A, B_), (C, E), (D, F), (G, H), (I, J))
    assert explained(pairing, "pos 1 #1:").endswith("paired with pos 2 #2 (nearer, distance 1)")
    assert "pos 3 #3 already played" in explained(pairing, "pos 1 #1:")
    g_line = explained(pairing, "pos 7 #7:")
    assert "pos 9 #9 would leave the others unpairable" in g_line
    assert g_line.endswith("paired with pos 8 #8 (nearer, distance 1)")
    assert explained(pairing, "pos 9 #9:").endswith("paired with pos 10 #10 (target, distance 1)")


def test_c_round_4_colours_follow_b34() -> None:
    # A (W B W) v B (B W B): B has fewer Whites and gets White (rule 1). The other pairs have
    # identical histories: the higher placed (smaller number) reverses his last colour
    # (rule 3): C (last B) White; D, G (last W) Black; I (last B) White. All within B.3.1.
    # All on 1½, so boards follow the upper player's position (GHR 3.6).
    pairing = amalfi(4, 5, cross_table(10, C_ROUNDS))
    assert boards(pairing) == [(B_, A), (C, E), (F, D), (H, G), (I, J)]


# --- B.1 pairing numbers -----------------------------------------------------------------


def test_b1_pairing_numbers_by_rating_unrated_after_rated_ties_by_number() -> None:
    field = (
        PlayerEntry(PairingNumber(1), rating=0),
        PlayerEntry(PairingNumber(2), rating=2000),
        PlayerEntry(PairingNumber(3), rating=2100),
        PlayerEntry(PairingNumber(4), rating=2000),
    )
    assert rating_ranks(field) == {3: 1, 2: 2, 4: 3, 1: 4}
    # Round 1 of 2, d = 2 on the list #3, #2, #4, #1.
    assert meetings(amalfi(1, 2, field)) == meet((3, 4), (2, 1))


# --- B.2 byes, unplayed games, late entrants ---------------------------------------------


def test_b2_bye_to_last_player_of_the_list() -> None:
    pairing = amalfi(1, 3, cross_table(5, []))
    assert pairing.bye == 5
    # The bye player is removed first: N = 4, d = min(3, 2) = 2.
    assert meetings(pairing) == meet((1, 3), (2, 4))


def test_b2_at_most_one_bye() -> None:
    # The regulations make the bye worth 0 here (B.2: 1 point unless they say otherwise),
    # so #5 and #4, who had it, stay last: the bye goes to #3, the first from the bottom who
    # has not had one.
    rounds: list[list[Game]] = [[(1, 3, "="), (2, 4, "=")], [(5, 1, "0-1"), (3, 2, "=")]]
    players = cross_table(
        5, rounds, others={1: {5: record(RoundKind.PAB)}, 2: {4: record(RoundKind.PAB)}}
    )
    pairing = amalfi(3, 4, players, points=PointSystem(pab=ZERO))
    assert pairing.bye == 3
    text = "\n".join(pairing.explanation)
    assert "#5 may not get the bye" in text and "#4 may not get the bye" in text


def test_b2_forfeit_win_counts_as_a_bye() -> None:
    # [reconstructed, JavaPairing] and C.04.1 Art. 4: #5, last of the list, won by forfeit in
    # round 2: #4 gets the bye instead.
    rounds: list[list[Game]] = [
        [(1, 4, "="), (2, 5, "1-0"), (3, 6, "=")],
        [(4, 2, "="), (1, 3, "="), (5, 6, "+-")],
    ]
    pairing = amalfi(3, 3, cross_table(6, rounds, absent=[6]))
    # List: #2 (1½), then #1, #3, #4, #5 on 1 point.
    assert pairing.bye == 4


def test_b2_requested_half_point_bye_does_not_block_the_bye() -> None:
    # #5 had a requested half-point bye in round 1 (and #4 in round 2): not "the bye" of B.2.
    rounds: list[list[Game]] = [[(1, 3, "="), (4, 2, "=")], [(5, 1, "="), (2, 3, "=")]]
    players = cross_table(
        5,
        rounds,
        others={1: {5: record(RoundKind.HALF_BYE, HALF)}, 2: {4: record(RoundKind.HALF_BYE, HALF)}},
    )
    assert amalfi(3, 4, players).bye == 5


def test_b2_player_without_a_game_passes_the_bye_up() -> None:
    # #7 enters in round 2: ½ like everybody (all drew), lowest rated, so last of the list;
    # he has played no game while the players above have: the lowest of them, #6, gets it.
    players = cross_table(7, [[(1, 4, "="), (5, 2, "="), (3, 6, "=")]])
    pairing = amalfi(2, 3, players)
    assert pairing.bye == 6
    assert "#7 has played no game while #6 above has" in "\n".join(pairing.explanation)


def test_b2_without_any_game_played_the_last_player_gets_the_bye() -> None:
    # Round 1's forfeits are no games: nobody has played, so the last player gets the bye.
    players = cross_table(
        5, [[(1, 2, "+-"), (3, 4, "-+")]], others={1: {5: record(RoundKind.HALF_BYE, HALF)}}
    )
    # List: #1, #4 (1), #5 (½), #2, #3 (0).
    assert amalfi(2, 3, players).bye == 3


def test_b2_bye_passes_on_when_the_rest_cannot_be_paired() -> None:
    # Ruling "Amalfi: bye when the rest cannot be paired". All drew, so the list is 1..5.
    # #1 has met #2, #3, #4: with the bye on #5 he has nobody left; with the bye on #4 the
    # list 1, 2, 3, 5 pairs 1-5 (target 3 and nearer 2 met, farther 5) and 2-3.
    rounds = [
        [(1, 2, "="), (3, 5, "="), (4, 6, "=")],
        [(3, 1, "="), (6, 2, "="), (5, 4, "=")],
        [(1, 4, "="), (2, 5, "="), (6, 3, "=")],
    ]
    pairing = amalfi(4, 5, cross_table(6, rounds, absent=[6]))
    assert pairing.bye == 4
    assert meetings(pairing) == meet((1, 5), (2, 3))
    assert "no complete pairing of the list with this bye (B.3.3.5)" in pairing.explanation


def test_b2_forfeited_players_may_meet_again_and_forfeits_give_no_colour() -> None:
    # Both round-1 games were forfeited: no opponent and no colour. List #1, #3 (1), #2,
    # #4 (0); d = 2 pairs 1-2 and 3-4 again. Nobody has a colour yet, so colours are drawn
    # and alternate by board, as in round 1.
    players = cross_table(4, [[(1, 2, "+-"), (3, 4, "+-")]])
    assert boards(amalfi(2, 3, players)) == [(1, 2), (4, 3)]


def test_b2_a_played_game_is_a_meeting() -> None:
    # Same as above with the games played: 1-2 and 3-4 may not meet again (A.2).
    players = cross_table(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    assert meetings(amalfi(2, 3, players)) == meet((1, 3), (2, 4))


def test_b2_unplayed_rounds_are_skipped_in_colour_history() -> None:
    # Round 5 of 6. #1 played B, W, (forfeit win), W: his colours are B W W, so a third White
    # in a row is barred. #3 (W B W W) may not have White either: #1's target, #3, is
    # refused and #1 meets #2 (B.3.1); #3 then meets #4, who needs White.
    rounds: list[list[Game]] = [
        [(5, 1, "="), (2, 6, "="), (3, 7, "="), (8, 4, "=")],
        [(1, 6, "="), (5, 2, "="), (8, 3, "="), (4, 7, "=")],
        [(1, 9, "+-"), (2, 8, "="), (3, 5, "="), (6, 4, "=")],
        [(1, 8, "="), (7, 2, "="), (3, 6, "="), (5, 4, "=")],
    ]
    players = cross_table(9, rounds, absent=[5, 6, 7, 8, 9])
    pairing = amalfi(5, 6, players)
    assert "pos 3 #3 no colours within the limits (B.3.1)" in explained(pairing, "pos 1 #1:")
    assert boards(pairing) == [(2, 1), (4, 3)]


def test_b2_late_entrant_scores_half_a_point_whatever_he_missed() -> None:
    missed_one = PlayerEntry(PairingNumber(9), history=(record(RoundKind.NOT_PAIRED),))
    missed_three = PlayerEntry(PairingNumber(9), history=(record(RoundKind.NOT_PAIRED),) * 3)
    already_granted = PlayerEntry(
        PairingNumber(9), history=(record(RoundKind.NOT_PAIRED, HALF), record(RoundKind.NOT_PAIRED))
    )
    points = PointSystem()
    assert amalfi_score(missed_one, points) == HALF
    assert amalfi_score(missed_three, points) == HALF
    assert amalfi_score(already_granted, points) == HALF
    # Absent later in the tournament is not a late entry: that round scores what it scored.
    absent_later = PlayerEntry(
        PairingNumber(9),
        history=(
            RoundRecord(RoundKind.PLAYED, ONE, PairingNumber(1), W),
            record(RoundKind.NOT_PAIRED),
        ),
    )
    assert amalfi_score(absent_later, points) == ONE


def test_b2_late_entrant_is_inserted_by_rating() -> None:
    # #7 enters in round 2 with the best rating: ½ like everybody, he heads the list
    # (pairing numbers recomputed by B.1): #7, #1, #2, #3, #4, #5; #6, last, gets the bye.
    # d = 2: 7-2, 1-3, then #4 (pos 5) meets the last, #5.
    players = cross_table(7, [[(1, 4, "="), (5, 2, "="), (3, 6, "=")]], ratings={7: 2500})
    pairing = amalfi(2, 3, players)
    assert pairing.bye == 6
    assert meetings(pairing) == meet((7, 2), (1, 3), (4, 5))
    assert pairing.explanation[0].endswith(
        "1:#7(0.5), 2:#1(0.5), 3:#2(0.5), 4:#3(0.5), 5:#4(0.5), 6:#5(0.5), 7:#6(0.5)"
    )


def test_b2_late_entrant_half_point_places_him_above_the_losers() -> None:
    # #7, lowest rated, missed round 1 (recorded as not paired, 0 points): Amalfi counts ½,
    # so he stands above the round-1 losers; #6, last, gets the bye, then d = 2.
    rounds: list[list[Game]] = [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")]]
    pairing = amalfi(2, 3, cross_table(7, rounds))
    assert pairing.explanation[0].endswith(
        "1:#1(1), 2:#2(1), 3:#3(1), 4:#7(0.5), 5:#4(0), 6:#5(0), 7:#6(0)"
    )
    assert pairing.bye == 6
    assert meetings(pairing) == meet((1, 3), (2, 7), (4, 5))


def test_b2_withdrawn_and_absent_players_are_not_paired() -> None:
    players = cross_table(6, [[(1, 4, "="), (5, 2, "="), (3, 6, "=")]], absent=[2, 6])
    pairing = amalfi(2, 3, players)
    paired = {n for board in pairing.boards for n in (board.white, board.black)}
    assert paired == {1, 3, 4, 5}
    assert pairing.bye is None


# --- B.3.1 compatibility ------------------------------------------------------------------


def test_b31_three_more_games_with_one_colour_is_barred_before_the_last_round() -> None:
    # Round 5 of 6. #1 and #3 both played W W B W: another White would make three more
    # Whites than Blacks, so both need Black and #1's target #3 is refused; #1 meets the
    # nearer #2 (B W B W), and #3 meets #4 (B B W B, who needs White).
    rounds: list[list[Game]] = [
        [(1, 5, "="), (6, 2, "="), (3, 7, "="), (8, 4, "=")],
        [(1, 6, "="), (2, 5, "="), (3, 8, "="), (7, 4, "=")],
        [(7, 1, "="), (8, 2, "="), (5, 3, "="), (4, 6, "=")],
        [(1, 8, "="), (2, 7, "="), (3, 9, "="), (5, 4, "=")],
    ]
    pairing = amalfi(5, 6, cross_table(9, rounds, absent=[5, 6, 7, 8, 9]))
    assert "pos 3 #3 no colours within the limits (B.3.1)" in explained(pairing, "pos 1 #1:")
    assert boards(pairing) == [(2, 1), (4, 3)]


def test_b31_last_round_lifts_the_colour_limits() -> None:
    # #1 and #2 both played W W, #3 and #4 B B, and 1-2 and 3-4 are the only pairs not yet
    # played. Before the last round nobody may meet; in the last round they do, and the
    # higher placed of each pair alternates (B.3.4 rule 3), so #2 gets a third White.
    rounds: list[list[Game]] = [[(1, 3, "="), (2, 4, "=")], [(1, 4, "="), (2, 3, "=")]]
    with pytest.raises(NoValidPairing):
        amalfi(3, 4, cross_table(4, rounds))
    assert boards(amalfi(3, 3, cross_table(4, rounds))) == [(2, 1), (3, 4)]


def test_b31_arbiter_forbidden_pair_is_not_compatible() -> None:
    forbidden = frozenset({frozenset({PairingNumber(1), PairingNumber(6)})})
    pairing = amalfi(1, 5, cross_table(10, []), forbidden_pairs=forbidden)
    assert "pos 6 #6 forbidden by the arbiter" in explained(pairing, "pos 1 #1:")
    # #1 takes the nearer #5; #2..#4 keep their targets; #6 (pos 6) meets the last, #10.
    assert meetings(pairing) == meet((1, 5), (2, 7), (3, 8), (4, 9), (6, 10))


# --- B.3.2 current pairing list ------------------------------------------------------------


def test_b32_list_by_score_then_pairing_number() -> None:
    # After round 1 (1-0 on every board): #1, #3, #5, #7, #9 (1 point), then #2 .. #10 (0).
    rounds: list[list[Game]] = [
        [(1, 6, "1-0"), (7, 2, "1-0"), (3, 8, "1-0"), (9, 4, "1-0"), (5, 10, "1-0")]
    ]
    pairing = amalfi(2, 5, cross_table(10, rounds))
    assert pairing.explanation[0].endswith(
        "1:#1(1), 2:#3(1), 3:#5(1), 4:#7(1), 5:#9(1), 6:#2(0), 7:#4(0), 8:#6(0), 9:#8(0), 10:#10(0)"
    )
    # d = 4 on that list: #1-#9, #3-#2, #5-#4, #7-#6, then #8 (pos 9) meets the last, #10.
    assert meetings(pairing) == meet((1, 9), (3, 2), (5, 4), (7, 6), (8, 10))


# --- B.3.3 who plays whom ------------------------------------------------------------------


def test_b33_target_is_r_minus_r_plus_1_places_below_and_clamps_to_the_last() -> None:
    # Round 2 of 5, all drew round 1 (1-6, 2-7, ...): d = 4. 1-5, 2-6, 3-7, 4-8; #9 (pos 9)
    # has target pos 13, clamped to the last, #10.
    rounds: list[list[Game]] = [[(1, 6, "="), (7, 2, "="), (3, 8, "="), (9, 4, "="), (5, 10, "=")]]
    pairing = amalfi(2, 5, cross_table(10, rounds))
    assert meetings(pairing) == meet((1, 5), (2, 6), (3, 7), (4, 8), (9, 10))


def test_b33_nearer_before_farther() -> None:
    # Round 4 of 5, d = 2, all drew. #1 met #3 (target) and #2 (nearer): farther #4.
    rounds: list[list[Game]] = [
        [(1, 3, "="), (2, 5, "="), (4, 6, "=")],
        [(2, 1, "="), (3, 6, "="), (5, 4, "=")],
        [(1, 5, "="), (6, 2, "="), (4, 3, "=")],
    ]
    pairing = amalfi(4, 5, cross_table(6, rounds))
    line = explained(pairing, "pos 1 #1:")
    assert "refused pos 3 #3 already played; pos 2 #2 already played" in line
    assert line.endswith("paired with pos 4 #4 (farther, distance 3)")


def test_b33_last_round_pairs_neighbours() -> None:
    # §C round 5 / B.3.3 consequence: d = 1 pairs 1-2, 3-4, ... when they have not met.
    rounds: list[list[Game]] = [
        [(1, 4, "="), (5, 2, "="), (3, 6, "=")],
        [(6, 1, "="), (4, 2, "="), (3, 5, "=")],
    ]
    assert meetings(amalfi(3, 3, cross_table(6, rounds))) == meet((1, 2), (3, 4), (5, 6))


def test_b33_distance_counts_list_positions_not_unpaired_players() -> None:
    # Ruling "Amalfi: distance in list positions": 20 players, 9 rounds, round 1 (d = 9):
    # 1-10, 2-11 (counting unpaired players only would give 2-12), ..., 9-18, 19-20.
    pairing = amalfi(1, 9, cross_table(20, []))
    expected = {(k, k + 9) for k in range(1, 10)} | {(19, 20)}
    assert meetings(pairing) == meet(*expected)


def test_b33_distance_is_capped_at_half_the_list() -> None:
    # Ruling "Amalfi: distance cap": 10 players, 9 rounds, round 1: d = min(9, 5) = 5, so
    # 1-6 ... 5-10 rather than the fold 1-10, 2-9, ... an uncapped d would give.
    pairing = amalfi(1, 9, cross_table(10, []))
    assert meetings(pairing) == meet((1, 6), (2, 7), (3, 8), (4, 9), (5, 10))
    assert "d = min(R - r + 1, floor(N/2)) = min(9, 5) = 5" in "\n".join(pairing.explanation)


def test_b33_unpairable_round_is_reported() -> None:
    # B.3.3.5: four players who have all met cannot be paired; the arbiter decides.
    rounds: list[list[Game]] = [
        [(1, 2, "="), (3, 4, "=")],
        [(1, 3, "="), (2, 4, "=")],
        [(4, 1, "="), (3, 2, "=")],
    ]
    with pytest.raises(NoValidPairing):
        amalfi(4, 4, cross_table(4, rounds))


# --- B.3.4 colours -------------------------------------------------------------------------


def test_b34_fewer_blacks_gets_black_when_whites_are_equal() -> None:
    # #1 played W B, #2 only W (half-point bye in round 2): equal Whites, #2 has fewer Blacks
    # and gets Black. #3 (B) has fewer Whites than #4 (B W) and gets White.
    rounds: list[list[Game]] = [[(1, 3, "="), (2, 4, "=")], [(4, 1, "=")]]
    players = cross_table(
        4,
        rounds,
        others={2: {2: record(RoundKind.HALF_BYE, HALF), 3: record(RoundKind.HALF_BYE, HALF)}},
    )
    pairing = amalfi(3, 3, players)
    assert boards(pairing) == [(1, 2), (3, 4)]
    assert "fewer Blacks gets Black (B.3.4 rule 1)" in explained(pairing, "board 1:")
    assert "fewer Whites gets White (B.3.4 rule 1)" in explained(pairing, "board 2:")


def test_b34_alternate_from_the_latest_round_the_colours_differed() -> None:
    # Equal counts, different histories: #1 W B, #2 B W. In the latest round #1 had Black
    # and #2 White, so #1 gets White (rule 2).
    rounds: list[list[Game]] = [[(1, 3, "="), (4, 2, "=")], [(5, 1, "="), (2, 6, "=")]]
    pairing = amalfi(3, 3, cross_table(6, rounds, absent=[5, 6]))
    assert boards(pairing)[0] == (1, 2)
    assert "(B.3.4 rule 2)" in explained(pairing, "board 1:")


def test_b34_identical_histories_higher_placed_player_alternates() -> None:
    # #1 and #2 both W B: #1, placed higher, reverses his last colour and has White; #3 and
    # #4 both B W: #3 reverses to Black (rule 3).
    rounds: list[list[Game]] = [[(1, 3, "="), (2, 4, "=")], [(4, 1, "="), (3, 2, "=")]]
    pairing = amalfi(3, 3, cross_table(4, rounds))
    assert boards(pairing) == [(1, 2), (4, 3)]
    assert "#3, higher placed, alternates (B.3.4 rule 3)" in explained(pairing, "board 2:")


def test_b34_colours_limited_to_b31_before_the_last_round() -> None:
    # #1 played only twice, W W (then requested byes); #2 played W B W B W. Rule 1 gives #1
    # White (fewer Whites), a third White running: outside the last round #1 gets Black; in
    # the last round the limits are lifted and rule 1 stands.
    byes = {r: {1: record(RoundKind.ZERO_BYE)} for r in (3, 4, 5)}
    rounds: list[list[Game]] = [
        [(1, 3, "="), (2, 4, "=")],
        [(1, 4, "="), (3, 2, "=")],
        [(2, 5, "=")],
        [(6, 2, "=")],
        [(2, 7, "=")],
    ]
    players = cross_table(7, rounds, others=byes, absent=[3, 4, 5, 6, 7])
    assert boards(amalfi(6, 7, players)) == [(2, 1)]
    assert boards(amalfi(6, 6, players)) == [(1, 2)]


# --- requests the engine refuses ----------------------------------------------------------


@pytest.mark.parametrize(("round_no", "total"), [(0, 5), (6, 5)])
def test_round_outside_the_tournament_is_invalid(round_no: int, total: int) -> None:
    with pytest.raises(InvalidRequest, match="round_no"):
        amalfi(round_no, total, cross_table(4, []))


def test_history_of_the_wrong_length_names_the_player() -> None:
    players = cross_table(4, [[(1, 3, "="), (2, 4, "=")]])
    with pytest.raises(InvalidRequest, match="player 1: history has 1 rounds"):
        amalfi(3, 5, players)


def test_pairing_number_used_twice_is_invalid() -> None:
    players = (*cross_table(2, []), PlayerEntry(PairingNumber(2)))
    with pytest.raises(InvalidRequest, match="pairing number 2 is used twice"):
        amalfi(1, 5, players)


def test_acceleration_is_refused() -> None:
    # Ruling "Amalfi: ... acceleration": no acceleration is defined for the system.
    players = (PlayerEntry(PairingNumber(1), acceleration={1: ONE}), *cross_table(3, [])[1:])
    with pytest.raises(InvalidRequest, match="player 1: acceleration"):
        amalfi(1, 5, players)
