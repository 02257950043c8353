"""A round-robin's crosstable printouts (CLI ``arbiter crosstable`` and the A4 page, both
:func:`server.printouts.ranking.tournament_printout`) show the all-play-all table: a row per
pairing number, a column per opponent, both games of a double round-robin in one cell."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner

from events.decisions import RecordResult
from events.projections import TournamentState, fold
from events.results import Result
from server.cli import main
from server.cli.support import CliContext
from server.printouts.ranking import tournament_printout
from tests.events.test_round_robin_rounds import league, paired, run
from tests.server.hall import hall

SYSTEM = "double-round-robin"


def white_wins_every_game() -> TournamentState:
    """4 players, numbers as drawn = player ids, six rounds, every game won by White."""
    state = league(4, SYSTEM)
    for _ in range(6):
        state = fold(paired(state, SYSTEM), state)
        round_ = state.rounds[-1]
        state = run(state, *(RecordResult(round_no=round_.round_no, board=b.number,
                                          result=Result.WHITE_WINS) for b in round_.boards))  # fmt: skip
    return state


# By hand from the published table for 4 (C.05 Annex 1), first cycle with its last two
# rounds exchanged, second cycle colours reversed (docs/rulings.md): rounds 1-4 2-3 /
# 2-4 3-1 / 4-3 1-2 / 4-1 3-2 / 3-4 2-1 / 4-2 1-3, White winning each game. Player 1 beats
# 2 in round 3 (White) and loses to him in round 5 (Black): "1 0" in row 1, column 2.
EXPECTED = {
    "1": ["×", "1 0", "0 1", "1 0"],
    "2": ["0 1", "×", "1 0", "1 0"],
    "3": ["1 0", "0 1", "×", "0 1"],
    "4": ["0 1", "0 1", "1 0", "×"],
}


def test_the_crosstable_csv_is_the_all_play_all_table_by_pairing_number() -> None:
    rows = list(csv.DictReader(io.StringIO(tournament_printout(white_wins_every_game(), "csv",
                                                               full=True))))  # fmt: skip
    assert [row["start_rank"] for row in rows] == ["1", "2", "3", "4"]
    assert {row["start_rank"]: [row[f"vs{n}"] for n in range(1, 5)] for row in rows} == EXPECTED
    assert "r1" not in rows[0]  # no column per round
    assert all(row["WIN"] == "3" for row in rows)  # three wins each, as counted above


def test_the_crosstable_text_and_a4_page_show_the_same_cells() -> None:
    state = white_wins_every_game()
    text = tournament_printout(state, "text", full=True).splitlines()
    assert text[0].startswith("Crosstable after round 6")
    assert text[1].split()[:9] == ["Rk", "id", "TPN", "Name", "Rtg", "1", "2", "3", "4"]
    assert text[2].split()[5:12] == ["×", "1", "0", "0", "1", "1", "0"]  # EXPECTED["1"]
    page = tournament_printout(state, "html", full=True)
    assert page.count("×") == 4 and "1 0" in page and "2w1" not in page


def test_a_swiss_crosstable_keeps_a_column_per_round() -> None:
    rows = list(csv.reader(io.StringIO(tournament_printout(hall(), "csv", full=True))))
    assert "r1" in rows[0] and not any(name.startswith("vs") for name in rows[0])


def test_arbiter_crosstable_prints_the_all_play_all_table(tmp_path: Path) -> None:
    # 4 players drawn as numbers 1-4 in registration order, round 1 of the table for 4
    # (C.05 Annex 1): 1-4 and 2-3; White wins board 1, board 2 is drawn.
    def arbiter(*args: str) -> str:
        """A command in a fresh context, as from a shell (the installed engines)."""
        result = CliRunner().invoke(main, list(args), obj=CliContext(tmp_path / "arbiter.db"))
        assert result.exit_code == 0, (result.output, result.stderr)
        return result.stdout

    arbiter("create-tournament", "Club League", "--rounds", "3", "--system", "round-robin")
    for surname in ("Aune", "Berg", "Costa", "Dahl"):
        arbiter("register", "club-league", surname)
    arbiter("draw-lots", "club-league", "--order", "1,2,3,4")
    arbiter("pair-round", "club-league")
    arbiter("record-result", "club-league", "1", "1", "1-0")
    arbiter("record-result", "club-league", "1", "2", "1/2-1/2")
    rows = list(csv.reader(io.StringIO(arbiter("crosstable", "club-league", "--format", "csv"))))
    assert rows[0][2:9] == ["start_rank", "name", "rating", "vs1", "vs2", "vs3", "vs4"]
    assert [row[2:9] for row in rows[1:]] == [
        ["1", "Aune", "", "×", "", "", "1"],
        ["2", "Berg", "", "", "×", "'=", ""],  # "=" kept from a spreadsheet's formulas
        ["3", "Costa", "", "", "'=", "×", ""],
        ["4", "Dahl", "", "0", "", "", "×"],
    ]
