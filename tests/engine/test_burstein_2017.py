"""The pre-2026 Burstein mode (``--rules 2017``), rule by rule, from the worked examples of
burstein.md §11 (values the reference engine's checklists confirm) and small hand-made
rounds. The corpus itself is checked in test_burstein_corpus.py.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from engine.burstein.colours import ColourFacts, colour_2017
from engine.burstein.rules2017.players import (
    Contender,
    contenders,
    default_acceleration,
    list_sort,
    ranks_above,
)
from engine.burstein.rules2017.system import pair as pair_burstein_2017
from engine.burstein.rules2017.system import settle_round
from engine.common import ColourPreference, Strength
from engine.errors import NoValidPairing
from engine.model import (
    Colour,
    PairingNumber,
    PairingRequest,
    PlayerEntry,
    PointSystem,
    RoundKind,
    RoundRecord,
)
from tests.corpus import shared_path
from trf import read_trf_file
from trf.engine_request import next_round_request

W, B = Colour.WHITE, Colour.BLACK
N = PairingNumber


@cache
def problem(name: str) -> PairingRequest:
    path: Path = shared_path("fixtures", "burstein", "problems", f"burstein-{name}.trf")
    document, problems = read_trf_file(path)
    assert not [p for p in problems if p.severity == "error"], problems
    return replace(next_round_request(document), rules_edition="fide-2017")


def player(name: str, number: int) -> Contender:
    return next(c for c in contenders(problem(name)) if c.number == number)


def field(count: int, round_no: int = 1) -> tuple[PlayerEntry, ...]:
    return tuple(PlayerEntry(N(n), rating=2600 - 10 * n) for n in range(1, count + 1))


# -- §11.3 the default accelerated start -------------------------------------------------


@pytest.mark.parametrize(("players", "accelerated"), [(7, 3), (8, 4), (11, 5)])
def test_default_acceleration_gives_the_top_half_a_win(players: int, accelerated: int) -> None:
    # §11.3 examples: 7 players -> 1-3, 8 -> 1-4, 11 -> 1-5.
    request = PairingRequest(1, 5, field(players), rules_edition="fide-2017")
    assert sorted(default_acceleration(request)) == list(range(1, accelerated + 1))


def test_absentees_of_round_one_are_skipped_in_the_count_but_get_the_point() -> None:
    # §11.3: t17-p0025, players 21 and 22 absent in round 1 -> P = 23, players 1-11.
    assert sorted(default_acceleration(problem("t17-p0025-r02of08"))) == list(range(1, 12))


def test_acceleration_is_a_win_of_the_point_system_and_ends_after_round_two() -> None:
    # §11.3: 3/1/0 events get +3.0; from round 3 on nobody is accelerated.
    request = problem("t04-p0010-r02of08")
    assert request.points.win == 3
    top = next(c for c in contenders(request) if c.number == 1)
    assert top.pairing_score == top.score + 3
    assert default_acceleration(problem("t04-p0010-r03of08")) == frozenset()


def test_declared_acceleration_replaces_the_default() -> None:
    # §11.3: with any XXA line only the explicit values apply.
    entries = list(field(4))
    entries[3] = replace(entries[3], acceleration={1: Fraction(1)})
    scored = contenders(PairingRequest(1, 5, tuple(entries), rules_edition="fide-2017"))
    assert [c.pairing_score for c in scored] == [0, 0, 0, 1]


def test_round_one_pairs_the_accelerated_group_among_itself() -> None:
    # §11.3: 7 players: 1-3, 2 floats, 2-6, 4-5, PAB 7.
    pairing = pair_burstein_2017(PairingRequest(1, 5, field(7), rules_edition="fide-2017"))
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset(p) for p in ((1, 3), (2, 6), (4, 5))
    }
    assert pairing.bye == 7


# -- §11.1 rank numbers -----------------------------------------------------------------


def test_rank_number_skips_a_player_never_paired_and_absent_now() -> None:
    # §11.1: t14-p0020 round 1, player 2 absent: player 3 has rank number 2 and gets the
    # opposite of the initial colour.
    request = problem("t14-p0020-r01of05")
    assert player("t14-p0020-r01of05", 3).rank == 2
    pairing = pair_burstein_2017(request)
    board = next(b for b in pairing.boards if 3 in (b.white, b.black))
    assert board.black == 3 and request.initial_colour is Colour.WHITE


# -- §11.4 index values -------------------------------------------------------------------


def test_index_values_of_a_player_who_met_byes_and_forfeits() -> None:
    # §11.4: t03-p0009 round 5, player 1 (beat 4, 2, 7, 5): opponents' adjusted scores
    # 0.5, 2.5, 3.0, 2.0 -> SB 8.00, Buchholz 8.0, Median 8.0 - 0.5 - 3.0 = 4.5.
    top = player("t03-p0009-r05of07", 1)
    assert (top.sb, top.bt, top.mt) == (8, 8, Fraction(9, 2))


def test_virtual_opponents_of_unplayed_rounds() -> None:
    # §11.4: player 9 (PAB, lost to 5, forfeit win v 3, lost to 7): virtual opponents
    # 0 + 0 + 3 x 0.5 = 1.5 and 1.0 + 0 + 1 x 0.5 = 1.5 -> BT 8.0, SB 3.00, MT 3.5.
    nine = player("t03-p0009-r05of07", 9)
    assert (nine.bt, nine.sb, nine.mt) == (8, 3, Fraction(7, 2))


def test_index_values_in_three_one_zero_points() -> None:
    # §11.4: t04-p0010 round 5 (3/1/0), player 1 (beat 5, drew 2, H, beat 9):
    # contributions 6, 10, 6, 1 -> BT 23, SB 37, MT 12; Buchholz score 23 x 8 = 184.
    top = player("t04-p0010-r05of08", 1)
    assert (top.bt, top.sb, top.mt) == (23, 37, 12)
    assert top.bt * top.pairing_score == 184


@pytest.mark.parametrize(
    ("number", "sb", "bt"),
    [(2, 1, None), (24, 0, 2), (21, 0, 1), (25, 0, 0)],
)
def test_round_two_index_includes_the_acceleration(number: int, sb: int, bt: int | None) -> None:
    # §11.4: t17-p0025 round 2: player 2 beat accelerated player 10 -> SB 1.00; 24 lost to
    # accelerated 6 -> BT 2.0; 21 (absent in round 1) -> BT 1.0, SB 0; 25 (PAB in round 1,
    # not accelerated) -> BT 0, SB 0.
    one = player("t17-p0025-r02of08", number)
    assert one.sb == sb
    if bt is not None:  # the spec gives only player 2's SB
        assert one.bt == bt


# -- §11.5 the in-bracket order ----------------------------------------------------------


def test_the_reference_merge_sort_decides_the_non_transitive_case() -> None:
    # §11.5: t17-p0025 round 2, bracket 0.0 with floater 15 -> 15, 24, 12, 13, 14, 16,
    # 18, 21; Python's own stable sort places 15 after 14.
    bottom = settle_round(problem("t17-p0025-r02of08")).brackets[-1]
    assert [c.number for c in bottom.members] == [15, 24, 12, 13, 14, 16, 18, 21]
    residents = [c for c in bottom.members if c.number != 15]
    residents.sort(key=lambda c: c.number)
    listed = [*sorted(residents, key=lambda c: (-c.sb, -c.bt, -c.mt, c.rank)), bottom.members[0]]
    python = sorted(listed, key=functools.cmp_to_key(_compare))
    assert [c.number for c in python] != [c.number for c in bottom.members]
    assert [c.number for c in list_sort(listed, ranks_above)] == [15, 24, 12, 13, 14, 16, 18, 21]


def _compare(a: Contender, b: Contender) -> int:
    return -1 if ranks_above(a, b) else 1 if ranks_above(b, a) else 0


def test_list_sort_is_stable_and_merges_earlier_runs_first() -> None:
    # §11.5: a merge keeps the earlier element first unless the later one strictly ranks
    # above it.
    items = [(1, "a"), (0, "b"), (1, "c"), (0, "d"), (1, "e")]
    assert list_sort(items, lambda x, y: x[0] > y[0]) == [
        (1, "a"),
        (1, "c"),
        (1, "e"),
        (0, "b"),
        (0, "d"),
    ]


# -- §11.6-11.8 PAB, brackets, pairs ------------------------------------------------------


def test_worked_round_t03_p0009_round_five() -> None:
    # §11.6: the PAB goes to 3 (4 and 8 had one). §11.7: bracket {1} floats 1, who has met
    # 7 and 5, so 3.0 and 2.5 are absorbed until 2.0 offers 9 and 6; then {8} floats 8
    # into {4}. §11.8: order 1, 7, 5, 2, 9, 6; 1-9 (1-6 leaves no compatible pair), 7-2,
    # 5-6; 8-4.
    settled = settle_round(problem("t03-p0009-r05of07"))
    assert settled.bye is not None and settled.bye.number == 3
    shape = [
        ([c.number for c in b.members], b.floater.number if b.floater else None)
        for b in settled.brackets
    ]
    assert shape == [([1], 1), ([1, 7, 5, 2, 9, 6], None), ([8], 8), ([8, 4], None)]
    pairs = [(a.number, b.number) for r in settled.brackets for a, b in r.pairs]
    assert pairs == [(1, 9), (7, 2), (5, 6), (8, 4)]


@pytest.mark.parametrize(
    ("name", "shape"),
    [
        # §11.14 sample table: pairing scores, size, incoming (+) and outgoing (>) floater.
        ("t01-p0007-r01of05", [(1, 3, None, 2), (0, 3, 2, None)]),
        (
            "t04-p0010-r05of08",
            [(10, 1, None, 2), (9, 5, 2, None), (4, 1, None, 8), (3, 2, 8, 9), (1, 1, 9, None)],
        ),
        ("t05-p0011-r07of09", [(5, 7, None, 5), (2, 3, 5, None)]),
        ("t07-p0013-r10of11", [(8, 1, None, 1), (7, 11, 1, None)]),
        (
            "t11-p0017-r06of11",
            [
                (13, 1, None, 5),
                (11, 7, 5, None),
                (7, 3, None, 3),
                (6, 1, 3, None),
                (4, 4, None, None),
            ],
        ),
        (
            "t17-p0025-r02of08",
            [(2, 5, None, 4), (1.5, 2, 4, 11), (1, 10, 11, 15), (0, 7, 15, None)],
        ),
    ],
)
def test_bracket_structure(
    name: str, shape: list[tuple[float, int, int | None, int | None]]
) -> None:
    settled = settle_round(problem(name))
    found = []
    for bracket in settled.brackets:
        residents = [c for c in bracket.members if c is not bracket.incoming]
        found.append(
            (
                float(max(c.pairing_score for c in residents)),
                len(residents),
                bracket.incoming.number if bracket.incoming else None,
                bracket.floater.number if bracket.floater else None,
            )
        )
    assert found == shape


def games_for_a_pab_choice() -> tuple[PlayerEntry, ...]:
    """Round 3 of five players. R1: 1-2 1-0, 3-4 1-0, PAB 5; R2: 1-3 1-0, 5-2 1-0, 4
    absent. Players 2 and 4 have no points; 2 played two games, 4 one."""

    def game(points: int, opponent: int, colour: Colour) -> RoundRecord:
        return RoundRecord(RoundKind.PLAYED, Fraction(points), N(opponent), colour)

    return (
        PlayerEntry(N(1), history=(game(1, 2, W), game(1, 3, W))),
        PlayerEntry(N(2), history=(game(0, 1, B), game(0, 5, B))),
        PlayerEntry(N(3), history=(game(1, 4, W), game(0, 1, B))),
        PlayerEntry(N(4), history=(game(0, 3, B), RoundRecord(RoundKind.ZERO_BYE, Fraction(0)))),
        PlayerEntry(N(5), history=(RoundRecord(RoundKind.PAB, Fraction(1)), game(1, 2, W))),
    )


def test_pab_goes_to_the_lowest_of_the_global_order_without_a_games_played_rule() -> None:
    # §11.6: 2 and 4 both have 0 points and SB 0; Buchholz 2 (1's 2.0 + 5's adjusted 1.5
    # = 3.5) ranks above 4 (3's 1.0 + a virtual opponent 0 + 1 = 1.0 -> 2.0), so the PAB
    # is 4's although 2 has played more games (the 2026 rule 3.1 would choose 2).
    request = PairingRequest(3, 5, games_for_a_pab_choice(), rules_edition="fide-2017")
    two, four = (c for c in contenders(request) if c.number in (2, 4))
    assert (two.bt, four.bt) == (Fraction(7, 2), 2)
    assert pair_burstein_2017(request).bye == 4


def test_no_eligible_player_for_the_pab_is_no_valid_pairing() -> None:
    # §11.12.
    entries = tuple(
        PlayerEntry(N(n), history=(RoundRecord(RoundKind.PAB, Fraction(1)),)) for n in (1, 2, 3)
    )
    with pytest.raises(NoValidPairing):
        pair_burstein_2017(PairingRequest(2, 5, entries, rules_edition="fide-2017"))


def test_a_round_that_cannot_be_completed_is_no_valid_pairing() -> None:
    # §11.7 step 4 / §11.12: merging down to one bracket still leaves 1-2 as the only pair.
    games = {
        1: (RoundRecord(RoundKind.PLAYED, Fraction(1), N(2), W),),
        2: (RoundRecord(RoundKind.PLAYED, Fraction(0), N(1), B),),
    }
    entries = tuple(PlayerEntry(N(n), history=games[n]) for n in (1, 2))
    with pytest.raises(NoValidPairing):
        pair_burstein_2017(PairingRequest(2, 5, entries, rules_edition="fide-2017"))


def test_players_with_the_same_absolute_preference_never_meet() -> None:
    # §11.7: absolute constraint in every round; 1 and 2 both had Black twice.
    def blacks(opponent_a: int, opponent_b: int) -> tuple[RoundRecord, ...]:
        return (
            RoundRecord(RoundKind.PLAYED, Fraction(1), N(opponent_a), B),
            RoundRecord(RoundKind.PLAYED, Fraction(1), N(opponent_b), B),
        )

    def whites(opponent_a: int, opponent_b: int) -> tuple[RoundRecord, ...]:
        return (
            RoundRecord(RoundKind.PLAYED, Fraction(0), N(opponent_a), W),
            RoundRecord(RoundKind.PLAYED, Fraction(0), N(opponent_b), W),
        )

    entries = (
        PlayerEntry(N(1), history=blacks(5, 6)),
        PlayerEntry(N(2), history=blacks(6, 5)),
        PlayerEntry(N(3), history=whites(7, 8)),
        PlayerEntry(N(4), history=whites(8, 7)),
        PlayerEntry(N(5), history=whites(1, 2)),
        PlayerEntry(N(6), history=whites(2, 1)),
        PlayerEntry(N(7), history=blacks(3, 4)),
        PlayerEntry(N(8), history=blacks(4, 3)),
    )
    pairing = pair_burstein_2017(PairingRequest(3, 7, entries, rules_edition="fide-2017"))
    for board in pairing.boards:
        assert {board.white, board.black} not in ({1, 2}, {3, 4}, {5, 6}, {7, 8})


# -- §11.9 colours -------------------------------------------------------------------------


def facts(
    colour: Colour | None,
    strength: Strength,
    difference: int,
    colours: tuple[Colour, ...] = (),
    rank: int = 1,
) -> ColourFacts:
    return ColourFacts(ColourPreference(colour, strength, difference), colours, rank)


def test_colour_rule_1_compatible_preferences_are_granted() -> None:
    x = facts(B, Strength.MILD, 0, (W,))
    y = facts(None, Strength.NONE, 0, (), rank=2)
    assert colour_2017(x, y, W, x_higher=True) is B
    assert colour_2017(y, x, W, x_higher=False) is W


def test_colour_rule_2_absolute_beats_the_rest_and_the_larger_imbalance_wins() -> None:
    absolute = facts(W, Strength.ABSOLUTE, -2, (B, W, B))
    strong = facts(W, Strength.STRONG, -1, (B,), rank=2)
    assert colour_2017(strong, absolute, W, x_higher=True) is B
    bigger = facts(W, Strength.ABSOLUTE, -3, (B, B, W, B), rank=3)
    assert colour_2017(absolute, bigger, W, x_higher=True) is B


def test_colour_rule_3_strong_beats_mild() -> None:
    strong = facts(B, Strength.STRONG, 1, (W,))
    mild = facts(B, Strength.MILD, 0, (B, W), rank=2)
    assert colour_2017(mild, strong, W, x_higher=True) is W


def test_colour_rule_4_alternates_from_the_latest_difference() -> None:
    x = facts(W, Strength.MILD, 0, (W, B, W, B))
    y = facts(W, Strength.MILD, 0, (B, W, W, B), rank=2)
    assert colour_2017(x, y, B, x_higher=False) is W  # y had White three games back


def test_colour_rule_5_higher_by_the_bracket_comparator() -> None:
    x = facts(W, Strength.MILD, 0, (W, B))
    y = facts(W, Strength.MILD, 0, (B,), rank=2)  # runs out before a difference
    assert colour_2017(x, y, B, x_higher=True) is W
    assert colour_2017(x, y, B, x_higher=False) is B


def test_colour_rule_6_first_game_by_rank_parity() -> None:
    # Smaller rank number odd -> initial colour; even -> the other colour.
    a, b = facts(None, Strength.NONE, 0, rank=3), facts(None, Strength.NONE, 0, rank=8)
    assert colour_2017(b, a, W, x_higher=True) is B
    c, d = facts(None, Strength.NONE, 0, rank=4), facts(None, Strength.NONE, 0, rank=5)
    assert colour_2017(c, d, W, x_higher=True) is B


def test_board_order_by_real_scores_then_rank_with_the_pab_last() -> None:
    # §11.10, on the worked round: 1 (4.0) first; PAB printed last by the caller.
    pairing = pair_burstein_2017(problem("t03-p0009-r05of07"))
    firsts = [{b.white, b.black} for b in pairing.boards]
    assert firsts == [{1, 9}, {7, 2}, {5, 6}, {8, 4}]
    assert pairing.bye == 3


def test_bbw_and_bbd_lines_give_the_three_one_zero_point_system() -> None:
    # §11.1: the 3/1/0 corpus files carry BBW 3.0 / BBD 1.0 (plus an equivalent XXS line).
    request = problem("t04-p0010-r05of08")
    assert request.points == replace(
        PointSystem(),
        win=Fraction(3),
        draw=Fraction(1),
        forfeit_win=Fraction(3),
        pab=Fraction(3),
        full_bye=Fraction(3),
        half_bye=Fraction(1),
    )
