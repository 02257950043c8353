"""``arbiter standings`` and ``arbiter crosstable`` on TRF files and on a stored tournament."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from events import SqliteEventStore
from server.cli import main
from server.service import TournamentService
from tests.corpus import shared_path
from tests.tiebreaks.examples import TRF_TEXT, play_worked_example


@pytest.fixture
def example_file(tmp_path: Path) -> Path:
    path = tmp_path / "example.trf"
    path.write_text(TRF_TEXT, encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_gives_the_reference_values_per_start_rank() -> None:
    # The reference tool's own file for the bbpPairings C5 input (announced byes in round 3):
    # the CLI finds round 2 itself and gives every value the tool gave.
    reference_path = shared_path("fixtures", "tiebreaks",
                                 "BieremaBoyzProgramming__bbpPairings__dutch_2025_C5.input.tiebreaks.2026.json")  # fmt: skip
    reference = json.loads(reference_path.read_text())
    codes = [code for code in reference["tiebreaks"] if "/U" not in code]
    trf_file = str(reference_path).split(".tiebreaks.")[0]
    code, out, _ = run("standings", "--trf", trf_file, "--rules", "2026", "--tiebreaks", " ".join(codes),
                       "--format", "json")  # fmt: skip
    assert code == 0
    document = json.loads(out)
    assert document["round"] == reference["round"] == 2
    for start_rank, expected in reference["players"].items():
        got = document["players"][start_rank]
        for key in ["rank", *codes]:
            want = expected[key]
            assert (None if got[key] is None else Decimal(str(got[key]))) == (
                None if want is None else Decimal(str(want))
            ), (start_rank, key)
        # decimals are written with the reference's precision ("11.50", "13.5")
        assert got["SB"] == expected["SB"] and got["BH"] == expected["BH"]


def test_csv_lists_rank_start_rank_and_values(example_file: Path) -> None:
    code, out, _ = run("standings", "--trf", str(example_file), "--rules", "2024",
                       "--tiebreaks", "BH/C1 SB", "--format", "csv")  # fmt: skip
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "start_rank", "name", "rating", "PTS", "BH/C1", "SB"]
    # #6: 2 points, BH-C1 3.0 (spec §5.8), SB 3.25 (test_buchholz); unrated: empty rating
    assert rows[2] == ["2", "6", "Ejemplo, Felipe", "", "2.0", "3.0", "3.25"]


def test_the_files_own_212_line_is_used(example_file: Path) -> None:
    example_file.write_text(TRF_TEXT + "212 PTS,BH,WIN\n", encoding="utf-8")
    code, out, _ = run(
        "standings", "--trf", str(example_file), "--rules", "2026", "--format", "csv"
    )
    assert code == 0
    assert out.splitlines()[0].endswith("PTS,BH,WIN")


def test_crosstable_text_shows_every_round(example_file: Path) -> None:
    code, out, _ = run(
        "crosstable", "--trf", str(example_file), "--rules", "2024", "--tiebreaks", "BH"
    )
    assert code == 0
    line_of_6 = next(line for line in out.splitlines() if "Ejemplo" in line)
    assert line_of_6.split()[4:9] == ["3b=", "HPB", "2w1", "2.0", "5.0"]
    line_of_4 = next(line for line in out.splitlines() if "Sample" in line)
    assert line_of_4.split()[5:8] == ["1b0", "5w-", "ZPB"]


def test_crosstable_csv_has_a_column_per_round(example_file: Path) -> None:
    code, out, _ = run("crosstable", "--trf", str(example_file), "--rules", "2024",
                       "--tiebreaks", "BH", "--format", "csv")  # fmt: skip
    assert code == 0
    header, first = list(csv.reader(io.StringIO(out)))[:2]
    assert header == ["rank", "start_rank", "name", "rating", "r1", "r2", "r3", "PTS", "BH"]
    assert first[4:] == ["4w1", "2b=", "3b1", "2.5", "3.5"]


def test_unrated_players_need_a_rating_for_aro(example_file: Path) -> None:
    args = ("standings", "--trf", str(example_file), "--rules", "2026", "--tiebreaks", "ARO")
    code, out, _ = run(*args)
    assert code == 0 and "Note: ARO: unrated players take part" in out
    code, out, _ = run(*args, "--unrated", "1400", "--format", "json")
    assert json.loads(out)["players"]["1"]["ARO"] == 1980  # test_ratings: 5940 / 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--tiebreaks", "BH"), "give --rules 2024 or --rules 2026"),
        (("--rules", "2026"), "no tie-break list"),
        (("--rules", "2026", "--tiebreaks", "BH/Q"), "unknown modifier"),
        (("--rules", "2024", "--tiebreaks", "TPN"), "2026 edition"),
        (("--rules", "2026", "--tiebreaks", "BH", "--round", "4"), "results for rounds 1 to 3"),
    ],
)
def test_invalid_input_exits_with_code_3(
    example_file: Path, args: tuple[str, ...], message: str
) -> None:
    code, _, err = run("standings", "--trf", str(example_file), *args)
    assert code == 3
    assert message in err


def test_stored_tournament_standings_use_its_declaration(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    store = SqliteEventStore(db)
    try:
        play_worked_example(
            TournamentService(store), "ex", tiebreaks="BH/C1 BH", tiebreak_rules="2026"
        )
    finally:
        store.close()
    code, out, _ = run("--db", str(db), "standings", "ex", "--format", "json")
    assert code == 0
    players = json.loads(out)["players"]
    # spec §5.8 [2026]: #6 BH 4.5, BH-C1 3.0; #5 BH 3.5
    assert (players["6"]["BH"], players["6"]["BH/C1"], players["5"]["BH"]) == ("4.5", "3.0", "3.5")
    code, out, _ = run("--db", str(db), "crosstable", "ex", "--round", "2")
    assert code == 0 and out.startswith("Crosstable after round 2 (C.07 2026: PTS BH/C1 BH)")


def test_stored_crosstable_marks_a_withdrawal(tmp_path: Path) -> None:
    # #4 withdrew before round 3: the file shows a zero-point bye, the stored tournament knows why.
    db = tmp_path / "arbiter.db"
    store = SqliteEventStore(db)
    try:
        play_worked_example(TournamentService(store), "ex", tiebreaks="BH", tiebreak_rules="2024")
    finally:
        store.close()
    code, out, _ = run("--db", str(db), "crosstable", "ex")
    assert code == 0
    line_of_4 = next(line for line in out.splitlines() if "Sample" in line)
    assert "(withdrawn)" in line_of_4 and line_of_4.split()[-5:-2] == ["1b0", "5w-", "wdr"]


def test_stored_tournament_without_tiebreaks_ranks_by_points_in_every_format(
    tmp_path: Path,
) -> None:
    db = tmp_path / "arbiter.db"
    store = SqliteEventStore(db)
    try:
        play_worked_example(TournamentService(store), "ex", tiebreaks="")
    finally:
        store.close()
    code, out, _ = run("--db", str(db), "standings", "ex", "--format", "json")
    assert code == 0
    document = json.loads(out)
    assert (document["rules"], document["round"], document["tiebreaks"]) == (None, 3, ["PTS"])
    assert (document["players"]["1"], document["players"]["7"]) == (
        {"rank": 1, "PTS": "2.5"},
        {"rank": 3, "PTS": "1.5"},
    )
    code, out, _ = run("--db", str(db), "crosstable", "ex")
    assert code == 0 and out.startswith("Crosstable after round 3 (points)")
