"""TRF round blocks as tie-break input (trf.md §4.3, tiebreaks.md §5.7)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.model import Outcome, RoundKind
from events.tiebreaks import TiebreakInputError
from tests.tiebreaks.examples import TRF_TEXT, worked_example
from trf import read_trf
from trf.tiebreak_input import crosstable_from_trf, last_round_with_results


def line(number: int, rating: int, *blocks: str) -> str:
    """A ``001`` line with the round blocks from column 92."""
    static = f"001 {number:4d}      {'Player ' + str(number):<33} {rating:4d}".ljust(80) + " 0.0"
    return static.ljust(91) + "  ".join(blocks)


def table_of(*lines: str, round_no: int | None = None):  # type: ignore[no-untyped-def]
    document, _ = read_trf("\n".join(lines) + "\n")
    return crosstable_from_trf(document, round_no)


def test_the_spec_example_file_gives_the_hand_built_crosstable() -> None:
    table = crosstable_from_trf(read_trf(TRF_TEXT)[0])
    expected = worked_example()
    assert table.rounds == 3
    for got, want in zip(table.players, expected.players, strict=True):
        assert (got.pairing_number, got.rating, got.rounds) == (
            want.pairing_number,
            want.rating,
            want.rounds,
        )


def test_points_follow_the_162_point_system() -> None:
    table = table_of("162  W 3.0    D 1.0    L 0.0", line(1, 2000, "   2 w 1", "0000 - H"),
                     line(2, 1900, "   1 b 0", "   3 w 1"), line(3, 1800, "0000 - U", "   2 b 0"))  # fmt: skip
    assert (table.rounds, table.win_points, table.draw_points) == (2, 3, 1)
    # win 3 + HPB 1; loss 0 + win 3; PAB (= a win, 162 has no P) 3 + loss 0
    assert [p.points for p in table.players] == [4, 3, 3]


def test_games_of_less_than_one_move_are_played_games() -> None:
    # trf.md §4.3: W/D/L are unrated but played; the reference tool reads them so.
    table = table_of(line(1, 2000, "   2 w W"), line(2, 1900, "   1 b L"))
    entry = table.players[0].rounds[0]
    assert entry.played and entry.outcome is Outcome.WIN


def test_full_point_unplayed_without_kind_is_a_pab() -> None:
    table = table_of(line(1, 2000, "   2 w 1", "0000 - +"), line(2, 1900, "   1 b 0", "   3 w 1"),
                     line(3, 1800, "0000 - Z", "   2 b 0"))  # fmt: skip
    assert table.players[0].rounds[1].kind is RoundKind.PAB
    assert table.players[2].rounds[0].kind is RoundKind.ZERO_BYE


def test_double_forfeit_is_a_forfeit_loss_for_both() -> None:
    table = table_of(line(1, 2000, "   2 w -"), line(2, 1900, "   1 b -"))
    for player in table.players:
        entry = player.rounds[0]
        assert entry.kind is RoundKind.FORFEIT_LOSS and entry.voluntary
        assert entry.points == Fraction(0)


def test_a_pending_pairing_is_refused_and_a_later_round_too() -> None:
    lines = (line(1, 2000, "   2 w 1", "   2 b  "), line(2, 1900, "   1 b 0", "   1 w  "),
             line(3, 1800, "   4 w 1", "   4 b 1"), line(4, 1700, "   3 b 0", "   3 w 0"))  # fmt: skip
    assert last_round_with_results(read_trf("\n".join(lines))[0]) == 2
    with pytest.raises(TiebreakInputError, match="player 1, round 2: the pairing has no result"):
        table_of(*lines)
    with pytest.raises(TiebreakInputError, match="round 3: the file has results for rounds 1 to 2"):
        table_of(*lines, round_no=3)
    assert table_of(*lines, round_no=1).rounds == 1


def test_an_unknown_result_is_refused_with_its_place() -> None:
    with pytest.raises(TiebreakInputError, match="player 1, round 1: result 'X'"):
        table_of(line(1, 2000, "   2 w X"), line(2, 1900, "   1 b X"))


def test_an_opponent_that_does_not_point_back_is_refused() -> None:
    with pytest.raises(TiebreakInputError, match="player 1, round 1"):
        table_of(line(1, 2000, "   2 w 1"), line(2, 1900, "0000 - U"))
