"""The reader: columns of trf.md §4, line endings and encodings of §2, leniency and strictness."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model import RoundKind
from trf import TrfError, read_trf
from trf.codes import entry_kind
from trf.model import Blank, Comment, Header, Player, RoundEntry, TotalRounds, Unrecognised

# The first player line of trf.md §7 (TRF16 example), columns as in §4.1/§4.2.
ANNA = (
    "001    1 m FM Example, Anna-Lena                2105 AUT    90000011 1990/04/12"
    "  2.5    1     4 w 1     2 b =     3 b 1"
)


def test_player_columns_of_trf16_section_4() -> None:
    doc, problems = read_trf(ANNA)
    assert problems == []
    (anna,) = doc.players
    assert anna == Player(
        pairing_no=1,
        sex="m",
        title="FM",
        name="Example, Anna-Lena",
        rating=2105,
        federation="AUT",
        fide_id=90000011,
        birth_date="1990/04/12",
        points=Decimal("2.5"),
        rank=1,
        rounds=(
            RoundEntry(opponent=4, colour="w", result="1"),
            RoundEntry(opponent=2, colour="b", result="="),
            RoundEntry(opponent=3, colour="b", result="1"),
        ),
    )


def test_names_are_sliced_by_characters_not_bytes() -> None:
    # §2: decode first, then slice; "é" is two bytes in UTF-8 but one column.
    line = ANNA.replace("Example, Anna-Lena", "Exémple, Anna-Léna")
    doc, problems = read_trf(line.encode("utf-8"))
    assert problems == []
    assert doc.players[0].name == "Exémple, Anna-Léna"
    assert doc.players[0].rating == 2105


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_every_line_ending_of_section_2(eol: str) -> None:
    text = eol.join(["012 Example Open", ANNA, "XXR 5", ""])
    doc, problems = read_trf(text.encode())
    assert problems == []
    assert [type(r) for r in doc.records] == [Header, Player, TotalRounds]
    assert doc.total_rounds == 5


def test_latin1_fallback_is_reported() -> None:
    line = ANNA.replace("Example, Anna-Lena", "Müller, Anna-Lena ")
    doc, problems = read_trf(("012 Open\n" + line).encode("latin-1"))
    assert doc.players[0].name == "Müller, Anna-Lena"
    (problem,) = problems
    assert problem.severity == "warning" and problem.line == 2 and "UTF-8" in problem.message


def test_comments_blanks_and_unknown_lines_are_kept_in_place() -> None:
    text = "### a comment\n\n123456789\n012 Open\n"
    doc, problems = read_trf(text)
    assert doc.records == (
        Comment(text="### a comment"),
        Blank(),
        Unrecognised(text="123456789"),
        Header(code="012", value="Open"),
    )
    assert [(p.line, p.severity) for p in problems] == [(3, "warning")]


def test_round_blocks_of_section_4_3() -> None:
    # Lowercase letters are the same codes (§4.3); a blank opponent reads as 0000 (lichess).
    line = ANNA[:89] + "  0000 - u         h     5 b +     6 w w"
    (player,) = read_trf(line)[0].players
    assert [entry_kind(e) for e in player.rounds] == [
        RoundKind.PAB,
        RoundKind.HALF_BYE,
        RoundKind.FORFEIT_WIN,
        RoundKind.PLAYED,
    ]
    assert player.rounds[3].result == "W"


def test_bad_field_is_reported_with_line_and_column_and_line_kept() -> None:
    text = "012 Open\n" + ANNA.replace("   1 m", "  x1 m", 1)
    doc, problems = read_trf(text)
    assert isinstance(doc.records[1], Unrecognised)
    (problem,) = problems
    assert (problem.line, problem.column, problem.severity) == (2, 5, "error")
    assert "pairing number" in problem.message


def test_strict_raises_on_the_first_error() -> None:
    text = ANNA[:89] + "     2 W 1"  # upper-case colour: refused by bbpPairings (§6.3)
    with pytest.raises(TrfError) as raised:
        read_trf(text, strict=True)
    assert raised.value.problems[0].column == 97


# Columns of the 001 line, trf.md §4.1/§4.2: pairing number 5-8, a blank in 48, birth date
# 70-79, points 81-84, round 1's block from 92 (opponent 92-95, blank 96, colour 97, result 99).


def test_a_character_in_a_blank_column_is_a_warning() -> None:
    line = ANNA[:47] + "x" + ANNA[48:]
    doc, problems = read_trf(line)
    assert [(p.line, p.column, p.severity, p.message) for p in problems] == [
        (1, 48, "warning", "column 48 should be blank; 'x' ignored")
    ]
    assert doc.players[0].rating == 2105


def test_a_birth_date_one_column_to_the_right() -> None:
    line = ANNA[:69] + " 1990/04/12" + ANNA[80:]
    doc, problems = read_trf(line)
    assert [(p.column, p.severity) for p in problems] == [(71, "warning")]
    assert doc.players[0].birth_date == "1990/04/12"
    assert doc.players[0].points == Decimal("2.5")


def test_points_that_need_more_than_four_columns() -> None:
    # -0.25 is written "-0.25", five characters for the four columns of the field.
    (problem,) = read_trf(ANNA[:80] + "-.25" + ANNA[84:])[1]
    assert (problem.column, problem.message) == (
        81,
        "001 line: points '-.25' does not fit 4 columns; line kept as it is",
    )


def test_pairing_number_zero() -> None:
    (problem,) = read_trf(ANNA.replace("001    1", "001    0", 1))[1]
    assert (problem.column, problem.message) == (
        5,
        "001 line: pairing number 0 is not allowed (1-9999); line kept as it is",
    )


def test_a_character_in_a_blank_column_of_a_round_block() -> None:
    (problem,) = read_trf(ANNA[:91] + "   4xw 1")[1]
    assert (problem.column, problem.message) == (
        96,
        "001 line: round 1: column should be blank; line kept as it is",
    )


def test_result_x_is_read_with_a_warning() -> None:
    # X (unknown result) is a TRF-2026 162 code, not a TRF16 one.
    doc, problems = read_trf(ANNA[:91] + "   4 w X")
    assert [(p.column, p.severity) for p in problems] == [(99, "warning")]
    assert doc.players[0].rounds[0] == RoundEntry(opponent=4, colour="w", result="X")
