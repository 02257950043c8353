"""The writer (issue 3 part 3): canonical TRF16 byte for byte, extension columns, unfit fields."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.trf.spec_example import TEXT
from trf import TrfDocument, TrfError, read_trf, write_trf
from trf.model import (
    AbnormalPoints,
    AcceleratedRounds,
    ByeRecord,
    ForbiddenPairs,
    Player,
    PointsLine,
    RoundEntry,
    XxaAcceleration,
)


def test_canonical_trf16_file_is_reproduced_byte_for_byte() -> None:
    # trf.md §7 is a canonical TRF16 + TRFx file with CRLF line ends (§2: write CRLF).
    doc, problems = read_trf(TEXT.encode("utf-8"))
    assert problems == []
    assert write_trf(doc).encode("utf-8") == TEXT.encode("utf-8")


def test_line_ending_is_a_choice() -> None:
    doc, _ = read_trf(TEXT)
    assert write_trf(doc, line_ending="\n") == TEXT.replace("\r\n", "\n")


def columns(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive) as the spec numbers them."""
    return line[first - 1 : last]


def test_player_line_columns_of_section_4() -> None:
    player = Player(
        pairing_no=12,
        sex="w",
        title="WGM",
        name="Müller-Lüdenscheidt, Anna",
        rating=2301,
        federation="GER",
        fide_id=12345678901,
        birth_date="1999/12/31",
        points=Decimal("11.5"),
        rank=3,
        rounds=(RoundEntry(opponent=104, colour="b", result="="), RoundEntry(result="U")),
    )
    (line,) = write_trf(TrfDocument(records=(player,))).splitlines()
    assert columns(line, 1, 3) == "001" and columns(line, 5, 8) == "  12"
    assert columns(line, 10, 13) == "wWGM"
    assert columns(line, 15, 47).rstrip() == "Müller-Lüdenscheidt, Anna"
    assert columns(line, 49, 52) == "2301" and columns(line, 54, 56) == "GER"
    assert columns(line, 58, 68) == "12345678901" and columns(line, 70, 79) == "1999/12/31"
    assert columns(line, 81, 84) == "11.5" and columns(line, 86, 89) == "   3"
    assert columns(line, 92, 99) == " 104 b ="  # round 1: opponent 92-95, colour 97, result 99
    assert columns(line, 102, 109) == "0000 - U"  # round 2 starts 10 columns later


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # §5.2 examples, layout by columns (our ids are blank-padded, the spec's zero-padded)
        (
            ByeRecord(kind="H", round_no=3, ids=(26, 47)),
            {(5, 5): "H", (7, 9): "  3", (11, 14): "  26", (16, 19): "  47"},
        ),
        (
            AcceleratedRounds(
                game_points=Decimal(1), first_round=4, last_round=6, first_id=1, last_id=90
            ),
            {
                (10, 13): " 1.0",
                (15, 17): "  4",
                (19, 21): "  6",
                (23, 26): "   1",
                (28, 31): "  90",
            },
        ),
        (
            ForbiddenPairs(code="260", first_round=1, last_round=2, ids=(125, 180)),
            {(5, 7): "  1", (9, 11): "  2", (13, 16): " 125", (18, 21): " 180"},
        ),
        (
            AbnormalPoints(game_points=Decimal(2), round_no=1, ids=(4,)),
            {(14, 17): " 2.0", (20, 22): "  1", (24, 27): "   4"},
        ),
        (
            PointsLine(code="162", values=(("W", Decimal(3)), ("D", Decimal(1)))),
            {(6, 6): "W", (7, 10): " 3.0", (15, 15): "D", (16, 19): " 1.0"},
        ),
        (
            XxaAcceleration(pairing_no=7, points=(Decimal(1), None, Decimal("0.5"))),
            {(5, 8): "   7", (10, 13): " 1.0", (20, 23): " 0.5"},
        ),
    ],
)
def test_extension_records_are_written_in_their_columns(
    record: object, expected: dict[tuple[int, int], str]
) -> None:
    doc = TrfDocument(records=(record,))  # type: ignore[arg-type]
    (line,) = write_trf(doc).splitlines()
    assert {span: columns(line, *span) for span in expected} == expected
    assert read_trf(line)[0] == doc


def test_field_that_does_not_fit_raises_with_line_and_column() -> None:
    # Names have 33 columns (§4.1); the writer refuses rather than truncate.
    long_name = Player(pairing_no=1, name="X" * 34)
    with pytest.raises(TrfError) as raised:
        write_trf(TrfDocument(records=(PointsLine(code="XXS"), long_name)))
    (problem,) = raised.value.problems
    assert (problem.line, problem.column) == (2, 15)
    assert "33" in problem.message


def test_points_that_do_not_fit_four_columns() -> None:
    with pytest.raises(TrfError, match="column 81"):
        write_trf(TrfDocument(records=(Player(pairing_no=1, points=Decimal("100.5")),)))
