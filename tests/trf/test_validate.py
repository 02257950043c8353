"""Cross-line validation (issue 3 part 2): problems reported with line and column, not fixed."""

from __future__ import annotations

from decimal import Decimal

from tests.trf.spec_example import LINES, PLAYER_LINE, TEXT, player_line, replace_player
from trf import check_trf, read_trf
from trf.model import TrfProblem
from trf.scoring import point_system


def errors(text: str) -> list[TrfProblem]:
    return [p for p in check_trf(text)[1] if p.severity == "error"]


def test_the_spec_example_is_consistent() -> None:
    # trf.md §7: points, pairings, colours and ranks all agree; nothing to report.
    assert check_trf(TEXT)[1] == []


def test_points_field_versus_the_results() -> None:
    # §4.1: Points is the sum of the round results. #1 has 1 + ½ + 1 = 2.5, not 3.0.
    (problem,) = errors(replace_player(1, " 2.5", " 3.0"))
    assert (problem.line, problem.column) == (PLAYER_LINE[1], 81)
    assert "3.0" in problem.message and "2.5" in problem.message


def test_points_in_a_declared_3_1_0_system() -> None:
    # §5.1 162 line: W 3.0, D 1.0; #1's 1 + ½ + 1 becomes 3 + 1 + 3 = 7.
    text = "162  W 3.0    D 1.0\r\n" + replace_player(1, " 2.5", " 7.0")
    assert [p.line for p in errors(text)] != []  # the other players now disagree
    assert PLAYER_LINE[1] + 1 not in [p.line for p in errors(text)]


def test_xxs_and_bb_lines_give_the_same_system_as_162() -> None:
    # §6.1 XXS shortcut W = {WW, BW, FW, FPB}; §6.2 BBW; §5.1 162 P defaults to W.
    for line in ("XXS W=3.0 D=1.0", "BBW  3.0\nBBD  1.0", "162  W 3.0    D 1.0"):
        system = point_system(read_trf(line)[0])
        assert (system.WW, system.BD, system.FW, system.HPB) == (3, 1, 3, 1)
        assert Decimal(3) == system.PAB


def test_opponent_that_does_not_point_back() -> None:
    # A lists B, B lists C: #1 plays #4 in round 1, but #4's line names #3.
    problems = errors(replace_player(4, "     1 b 0", "     3 b 0"))
    messages = [(p.line, p.column, p.message) for p in problems]
    assert (PLAYER_LINE[1], 92, "round 1: 1 lists 4 as opponent, but 4 lists 3") in messages


def test_player_paired_twice_in_a_round() -> None:
    # #5 names #1 in round 1 although #1 plays #4 there.
    problems = errors(replace_player(5, "     2 w 0", "     1 w 0"))
    assert any(p.message == "round 1: 1 is paired twice (by 4 and 5)" for p in problems)


def test_impossible_colours() -> None:
    # §4.3 played game: the two lines have opposite colours. Both #1 and #4 White here.
    problems = errors(replace_player(4, "     1 b 0", "     1 w 0"))
    assert [(p.line, p.column) for p in problems] == [(PLAYER_LINE[1], 97)]
    assert "both have colour w" in problems[0].message


def test_results_that_cannot_belong_to_one_game() -> None:
    problems = errors(replace_player(4, "     1 b 0", "     1 b ="))
    assert any("results 1 and =" in p.message for p in problems)


def test_double_forfeit_is_valid_but_two_forfeit_wins_are_not() -> None:
    # §4.3: "-" on both lines is a double forfeit; "+" on both is impossible.
    double = replace_player(5, "     4 b +", "     4 b -").replace(" 1.5    5", " 0.5    5")
    assert errors(double) == []
    both_won = replace_player(4, "     5 w -", "     5 w +").replace(" 0.0    7", " 1.0    7")
    assert [p.message for p in errors(both_won)] == ["round 2: 4 and 5 both won by forfeit"]


def test_invalid_round_blocks_of_section_4_3() -> None:
    text = "\n".join(
        [
            player_line(1, "A", "1.0", "0000 w 1"),
            player_line(2, "B", "0.0", "3 - 0"),
            player_line(3, "C", "0.0", "2 - H"),
        ]
    )
    messages = [p.message for p in errors(text)]
    assert "round 1: colour w without an opponent" in messages
    assert "round 1: a played game needs colour w or b" in messages
    assert "round 1: bye code H with opponent 2" in messages


def test_xxr_smaller_than_the_rounds_present() -> None:
    lines = [line if line != "XXR 5" else "XXR 2" for line in LINES]
    (problem,) = errors("\n".join(lines))
    assert problem.line == LINES.index("XXR 5") + 1
    assert problem.message == "XXR 2 is smaller than the 3 rounds present"


def test_ranks_out_of_order_are_a_warning() -> None:
    # #6 (2.0 points) and #2 (1.5) swap ranks: rank 3 would have more points than rank 2.
    text = replace_player(6, " 2.0    2", " 2.0    3")
    text = text.replace(" 1.5    3     5 b 1", " 1.5    2     5 b 1")
    (problem,) = check_trf(text)[1]
    assert (problem.line, problem.column, problem.severity) == (PLAYER_LINE[6], 86, "warning")


def test_announced_bye_may_be_in_points_or_not() -> None:
    # §6.1 / bbpPairings: with "0000 - H" in the round being paired, Points may include it.
    other = player_line(2, "B", "0.0", "1 b 0") + "\nXXR 3\n"
    for points in ("1.5", "1.0"):
        assert errors(player_line(1, "A", points, "2 w 1", "0000 - H") + "\n" + other) == []
    assert len(errors(player_line(1, "A", "2.0", "2 w 1", "0000 - H") + "\n" + other)) == 1


def test_299_bonus_counts_towards_points() -> None:
    # §5.2: 299 gives 2.0 points to player 2 in round 1.
    text = "\n".join(
        [
            "299           2.0    1    2",
            player_line(1, "A", "1.0", "2 w 1"),
            player_line(2, "B", "2.0", "1 b 0"),
        ]
    )
    assert errors(text) == []


def test_ids_in_extension_lines_must_name_players() -> None:
    (problem,) = errors(TEXT + "XXZ 3 9\r\n")
    assert problem.message == "id(s) 9 name no player of this file"


def test_duplicate_pairing_number() -> None:
    problems = errors(replace_player(3, "001    3", "001    2"))
    assert any(
        p.message == f"pairing number 2 is also used on line {PLAYER_LINE[2]}" for p in problems
    )


def test_results_an_arbiter_may_impose_are_consistent() -> None:
    # Both players lose (0-0) or one draws while the other loses: the two lines still agree.
    text = "\n".join([player_line(1, "A", "0.0", "2 w 0"), player_line(2, "B", "0.5", "1 b =")])
    assert errors(text) == []


def test_validate_alone_reports_what_a_document_built_in_code_gets_wrong() -> None:
    from trf import TrfDocument, validate
    from trf.model import Player, RoundEntry, Unrecognised

    doc = TrfDocument(
        records=(
            Player(pairing_no=1, rounds=(RoundEntry(opponent=None, colour="W", result="U"),)),
            Unrecognised(text="001   x1"),
        )
    )
    assert [(p.line, p.column, p.message) for p in validate(doc)] == [
        (1, 97, "round 1: colour 'W' is not w, b or -"),
        (2, 1, "this 001 line could not be read"),
    ]


def test_structured_codes_are_the_ones_the_reader_parses() -> None:
    from trf import codes, reader

    parsed = set(reader._PARSERS) | set(reader._BB_CODES) | {"001"}
    assert parsed == codes.STRUCTURED_CODES


# Round-block columns of trf.md §4.2: round 1's opponent starts in column 92, its colour is in
# column 97 and its result in column 99.


def test_a_player_paired_with_itself() -> None:
    text = player_line(1, "A", "0.0", "1 w 0")
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (1, 92, "round 1: player 1 is paired with itself")
    ]


def test_an_opponent_who_is_not_in_the_file() -> None:
    text = player_line(1, "A", "1.0", "9 w 1")
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (1, 92, "round 1: opponent 9 is not in the file")
    ]


def test_an_opponent_who_lists_no_opponent() -> None:
    # #2 had the pairing-allocated bye (worth a win) in the round #1 says they played.
    text = "\n".join([player_line(1, "A", "1.0", "2 w 1"), player_line(2, "B", "1.0", "0000 - U")])
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (1, 92, "round 1: 1 lists 2 as opponent, but 2 lists no opponent")
    ]


def test_a_second_pairing_allocated_bye_in_a_round() -> None:
    # C.04.1 c: at most one player receives the pairing-allocated bye in a round.
    text = "\n".join(
        [player_line(1, "A", "1.0", "0000 - U"), player_line(2, "B", "1.0", "0000 - U")]
    )
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (2, 99, "round 1: second pairing-allocated bye (also 1)")
    ]


def test_a_result_without_an_opponent() -> None:
    # §4.3: "1" is the result of a game, which needs an opponent.
    text = player_line(1, "A", "0.0", "0000 - 1")
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (1, 99, "round 1: result 1 needs an opponent")
    ]


def test_a_published_pairing_without_a_result_is_a_warning() -> None:
    # An opponent and a colour with a blank result column (§4.3): a pairing not yet played.
    lines = [
        player_line(n, name, "0.0") + f"  {3 - n:>4} {c}  "
        for n, name, c in ((1, "A", "w"), (2, "B", "b"))
    ]
    problems = check_trf("\n".join(lines))[1]
    assert [(p.line, p.column, p.severity, p.message) for p in problems] == [
        (1, 99, "warning", "round 1: pairing without a result"),
        (2, 99, "warning", "round 1: pairing without a result"),
    ]


def test_a_player_listed_by_a_valid_and_an_invalid_block() -> None:
    # #1 and #3 played each other; #2's block also names #3 but has no colour (§4.3 needs w
    # or b for a game): that block is wrong on its own and #3 is listed twice.
    text = "\n".join(
        [
            player_line(1, "A", "1.0", "3 w 1"),
            player_line(2, "B", "0.0", "3 - 1"),
            player_line(3, "C", "0.0", "1 b 0"),
        ]
    )
    assert [(p.line, p.column, p.message) for p in errors(text)] == [
        (2, 92, "round 1: 3 is paired twice (by 1 and 2)"),
        (2, 97, "round 1: a played game needs colour w or b"),
    ]
