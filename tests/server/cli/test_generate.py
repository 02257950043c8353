"""``arbiter generate`` and ``arbiter check``: the golden file, the JaVaFo/bbpPairings
configuration keys, the checker's table, exit codes and explanations."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from server.cli import main
from tests.corpus import shared_path
from trf.checker import check_document
from trf.reader import read_trf

GOLDEN = Path(__file__).resolve().parents[2] / "engine" / "generated" / "dutch-p11-r5-seed2.trf"
GOLDEN_ARGS = (
    "--players", "11", "--rounds", "5", "--seed", "2", "--forfeit-rate", "0.1",
    "--half-bye-rate", "0.2", "--zero-bye-rate", "0.2", "--withdraw-rate", "0.1",
    "--late-entry-rate", "0.1", "--forbidden-pairs", "2",
)  # fmt: skip
_VALUE = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0), "+": Decimal(1),
          "-": Decimal(0), "U": Decimal(1), "H": Decimal("0.5"), "Z": Decimal(0)}  # fmt: skip


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_generate_reproduces_the_golden_file(tmp_path: Path) -> None:
    result = _run("generate", *GOLDEN_ARGS)
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes == GOLDEN.read_bytes()
    target = tmp_path / "t.trf"
    assert _run("generate", *GOLDEN_ARGS, "-o", str(target)).exit_code == 0
    assert target.read_bytes() == GOLDEN.read_bytes()


def _blocks(line: str) -> list[tuple[int | None, str, str]]:
    """(opponent, colour, result) per round, read by columns (trf.md §4.2), not by our reader."""
    found = []
    for start in range(89, len(line), 10):
        block = line[start : start + 10]
        opponent = int(block[2:6])
        found.append((opponent or None, block[7], block[9]))
    return found


@pytest.mark.slow
def test_the_golden_file_is_a_complete_legal_tournament(tmp_path: Path) -> None:
    """Facts checked without Arbiter's code: 11 players, 5 rounds, every player in every
    round, games reciprocal with opposite colours and complementary results, the points
    column the sum of the results, the forbidden pairs never paired, and each round's
    pairing free of absolute-rule violations by the project's independent invariant checker."""
    lines = GOLDEN.read_text().splitlines()
    players = {int(line[4:8]): line for line in lines if line.startswith("001")}
    assert sorted(players) == list(range(1, 12))
    assert "XXR 5" in lines
    rounds = {n: _blocks(line) for n, line in players.items()}
    assert {len(blocks) for blocks in rounds.values()} == {5}
    complement = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for n, blocks in rounds.items():
        for r, (opponent, colour, result) in enumerate(blocks):
            if opponent is None:
                assert (colour, result) in {("-", "U"), ("-", "H"), ("-", "Z")}
                continue
            other = rounds[opponent][r]
            assert other[0] == n and {colour, other[1]} == {"w", "b"}
            assert other[2] == complement[result] or result == other[2] == "-"
        assert Decimal(players[n][80:84]) == sum(_VALUE[result] for _, _, result in blocks)
        for r in range(5):
            assert sum(1 for b in rounds.values() if b[r][2] == "U") <= 1
    forbidden = [tuple(map(int, line.split()[1:])) for line in lines if line.startswith("XXP")]
    assert len(forbidden) == 2
    for a, b in forbidden:
        assert all(opponent != b for opponent, _, _ in rounds[a])
    tools = shared_path("tools")
    for r in range(1, 6):
        problem, pairing = tmp_path / f"r{r}.trf", tmp_path / f"r{r}.txt"
        subprocess.run(
            [sys.executable, str(tools / "trf_truncate.py"), str(GOLDEN), str(r),
             "-o", str(problem), "--pairing-out", str(pairing)],
            check=True, capture_output=True,
        )  # fmt: skip
        checked = subprocess.run(
            [sys.executable, str(tools / "swiss_invariants.py"), "--system", "dutch",
             str(problem), str(pairing), "--json"],
            check=False, capture_output=True, text=True,
        )  # fmt: skip
        assert json.loads(checked.stdout)["violations"] == [], r


def test_a_config_file_gives_the_same_tournament_as_the_options(tmp_path: Path) -> None:
    config = tmp_path / "gen.cfg"
    config.write_text(
        "# JaVaFo / bbpPairings keys\nPlayersNumber=14\nRoundsNumber=5\nDrawPercentage=40\n"
        "ForfeitRate=20\nRetiredRate=10\nHalfPointByeRate=5\nLowestRating=1500\n"
        "HighestRating=2300\nPointsForWin=3\nPointsForDraw=1\nColourBlind=1\n"
    )
    from_config = _run("generate", "--config", str(config), "--seed", "4")
    assert from_config.exit_code == 0
    assert from_config.stderr == "config line 12: unknown key 'ColourBlind' ignored\n"
    options = _run(
        "generate", "--players", "14", "--rounds", "5", "--draw-share", "0.4",
        "--forfeit-rate", "0.05", "--zero-bye-rate", "0.1", "--half-bye-rate", "0.2",
        "--rating-range", "1500-2300", "--points", "3/1/0", "--seed", "4",
    )  # fmt: skip
    assert from_config.stdout == options.stdout
    assert "\nBBW  3.0\n" in options.stdout
    overridden = _run("generate", "--config", str(config), "--players", "9", "--seed", "4")
    assert overridden.stdout.count("\n001 ") == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rounds", "5"), "Error: give --players (or its key in the --config file)"),
        (("--players", "8", "--rounds", "3", "--rating-range", "high"), "--rating-range takes"),
        (("--players", "8", "--rounds", "3", "--points", "3-1-0"), "--points takes W/D/L"),
        (("--players", "8", "--rounds", "3", "--draw-share", "2"), "draw_share must be between"),
        (("--players", "8", "--rounds", "3", "--rules", "1999"), "fide-1999"),
    ],
)
def test_generate_names_bad_settings(args: tuple[str, ...], message: str) -> None:
    result = _run("generate", *args)
    assert result.exit_code == 3
    assert message in result.stderr


def test_a_malformed_config_line_is_named(tmp_path: Path) -> None:
    config = tmp_path / "gen.cfg"
    config.write_text("PlayersNumber=10\nRoundsNumber 5\n")
    result = _run("generate", "--config", str(config))
    assert result.exit_code == 3
    assert "config line 2: expected key=value" in result.stderr


def test_a_round_that_cannot_be_paired_exits_1() -> None:
    result = _run("generate", "--players", "4", "--rounds", "5")
    assert result.exit_code == 1
    assert "round 4 cannot be paired" in result.stderr


def test_progress_goes_to_stderr() -> None:
    result = _run("generate", "--players", "6", "--rounds", "2", "--progress")
    assert [line.split(" (")[0] for line in result.stderr.splitlines()] == [
        "round 1/2 paired",
        "round 2/2 paired",
    ]


def test_help_states_the_results_model() -> None:
    text = _run("generate", "--help").output
    assert "E = 1 / (1 + 10^((Rb - Rw) / 400))" in text
    assert "DRAW_SHARE * 2 * min(E, 1 - E)" in text


def test_generate_plays_a_double_round_robins_whole_table_and_check_agrees(
    tmp_path: Path,
) -> None:
    target = tmp_path / "rr.trf"
    args = ("--system", "double-round-robin", "--players", "6", "--seed", "3")
    result = _run("generate", *args, "--withdraw-rate", "0.3", "-o", str(target))
    assert result.exit_code == 0, result.stderr
    lines = target.read_text().splitlines()
    # C.05 Annex 1: 6 players, 5 rounds a cycle, two cycles; no --rounds needed.
    assert "XXR 10" in lines and "092 Individual: Double round-robin, rules fide-2026" in lines
    players = [_blocks(line) for line in lines if line.startswith("001")]
    assert len(players) == 6 and all(len(rounds) == 10 for rounds in players)
    assert all(opponent for rounds in players for opponent, _, _ in rounds)  # nobody unpaired
    checked = _run("check", str(target))
    assert checked.exit_code == 0
    assert checked.stdout.splitlines()[-1] == "10 rounds checked: 10 agree, 0 differ"


def test_generate_refuses_rounds_a_round_robins_table_does_not_have() -> None:
    result = _run("generate", "--system", "round-robin", "--players", "9", "--rounds", "8")
    assert result.exit_code == 3
    assert "a round-robin of 9 players has 9 rounds, not 8" in result.stderr


def test_check_reads_the_system_from_the_file_and_agrees() -> None:
    result = _run("check", str(GOLDEN))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].endswith("dutch (from the file), rules fide-2026")
    assert lines[-1] == "5 rounds checked: 5 agree, 0 differ"


def _swapped_last_round(tmp_path: Path) -> Path:
    """The golden file with the colours of 1-11 in round 5 swapped: 1 (a mild White
    preference) and 11 (a strong Black one) both get theirs by Art. 5.2.1, so the recorded
    11-1 is not the rules' pairing; bbpPairings' checker says the same."""
    text = GOLDEN.read_bytes().decode()
    text = text.replace("    4 b 1    11 w 1\r", "    4 b 1    11 b 1\r", 1)
    text = text.replace("     5 b -     1 b 0\r", "     5 b -     1 w 0\r", 1)
    path = tmp_path / "swapped.trf"
    path.write_bytes(text.encode())
    return path


def test_check_exits_1_and_explains_a_round_that_differs(tmp_path: Path) -> None:
    result = _run("check", str(_swapped_last_round(tmp_path)), "--explain")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[2:7] == [
        "    1       6  ok",
        "    2       6  ok",
        "    3       4  ok",
        "    4       5  ok",
        "    5       4  differs; recorded only: 11-1; rules only: 1-11",
    ]
    assert lines[7].strip().startswith("colours 1-11: 5.2.1 (1 mild White; 11 strong Black")
    assert lines[-1] == "5 rounds checked: 4 agree, 1 differ"


def test_the_checker_explains_only_the_rounds_that_differ(tmp_path: Path) -> None:
    """The engine's account costs time; a check asks for it only where it will be read."""
    document = read_trf(_swapped_last_round(tmp_path).read_bytes())[0]
    quiet = check_document(document, "dutch")
    assert [check.pairing.trace for check in quiet.rounds if check.pairing] == [None] * 5
    told = check_document(document, "dutch", explain=True)
    assert [check.pairing.trace is not None for check in told.rounds if check.pairing] == [
        False, False, False, False, True
    ]  # fmt: skip
    assert [check.line() for check in told.rounds] == [check.line() for check in quiet.rounds]


def test_pair_check_explains_with_the_bbp_exit_code(tmp_path: Path) -> None:
    result = _run("pair", "--dutch", str(_swapped_last_round(tmp_path)), "-c", "--explain")
    assert result.exit_code == 0  # bbpPairings' -c exits 0 when a round differs
    lines = result.stdout.splitlines()
    assert lines[4] == "round 5: differs; recorded only: 11-1; rules only: 1-11"
    assert lines[5].startswith("  colours 1-11: 5.2.1")


def test_check_without_a_system_line_asks_for_one(tmp_path: Path) -> None:
    path = tmp_path / "bare.trf"
    path.write_bytes(
        b"".join(line + b"\r\n" for line in GOLDEN.read_bytes().splitlines() if b"092" not in line)
    )
    result = _run("check", str(path))
    assert result.exit_code == 3
    assert "does not name its pairing system" in result.stderr
    assert _run("check", str(path), "--system", "dutch").exit_code == 0
