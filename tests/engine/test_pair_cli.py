"""``arbiter pair``: bbpPairings' command line, output format and exit codes
(0 ok, 1 no valid pairing, 3 invalid input, 5 file access), the checker and --explain."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from server.cli import main
from tests.corpus import shared_path
from tests.engine.trf_lines import player_line as _player


def _file(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["pair", *args])
    return result.exit_code, result.stdout, result.stderr


ROUND_ONE = ("012 Test", "XXR 3", "XXC white1", *(_player(n, "0.0") for n in (1, 2, 3, 4)))


def test_pairs_the_next_round_into_a_file(tmp_path: Path) -> None:
    """Round 1 of four (§7.3): 1-3 and 4-2; first line the number of pairs."""
    output = tmp_path / "out.txt"
    code, _out, _err = _run("--dutch", str(_file(tmp_path, *ROUND_ONE)), "-p", str(output))
    assert code == 0
    assert output.read_text() == "2\n1 3\n4 2\n"


def test_without_output_the_pairing_goes_to_stdout(tmp_path: Path) -> None:
    code, out, _err = _run("--dutch", str(_file(tmp_path, *ROUND_ONE)), "-p")
    assert (code, out) == (0, "2\n1 3\n4 2\n")


def test_the_pab_is_written_as_n_0(tmp_path: Path) -> None:
    """§10.6: seven players, the last gets the PAB, counted in the first line."""
    path = _file(tmp_path, "XXR 5", "XXC white1", *(_player(n, "0.0") for n in range(1, 8)))
    assert _run("--dutch", str(path), "-p") == (0, "4\n1 4\n5 2\n3 6\n7 0\n", "")


def test_announced_byes_are_not_paired(tmp_path: Path) -> None:
    """A ``0000 - H`` in the round to be paired keeps 4 out (trf.md §6.1): the three others
    give S1 = {1}, S2 = {2, 3}, so 1-2 and 3 gets the PAB."""
    lines = (
        "XXR 3",
        "XXC white1",
        *(_player(n, "0.0") for n in (1, 2, 3)),
        _player(4, "0.5", "0000 - H"),
    )
    assert _run("--dutch", str(_file(tmp_path, *lines)), "-p")[1] == "2\n1 2\n3 0\n"


def test_no_valid_pairing_exits_1(tmp_path: Path) -> None:
    """C1: the only two players have met."""
    lines = ("XXR 3", _player(1, "1.0", "   2 w 1"), _player(2, "0.0", "   1 b 0"))
    code, out, err = _run("--dutch", str(_file(tmp_path, *lines)), "-p")
    assert (code, out) == (1, "")
    assert "C1" in err


def test_missing_total_rounds_exits_3(tmp_path: Path) -> None:
    code, _out, err = _run(
        "--dutch", str(_file(tmp_path, *(_player(n, "0.0") for n in (1, 2)))), "-p"
    )
    assert code == 3
    assert "total number of rounds" in err


def test_unplayable_history_exits_3_naming_the_line(tmp_path: Path) -> None:
    """A published pairing without a result cannot be history for the next round."""
    lines = ("XXR 3", _player(1, "0.0", "   2 w  "), _player(2, "0.0", "   1 b  "))
    code, _out, err = _run("--dutch", str(_file(tmp_path, *lines)), "-p")
    assert code == 3
    assert "line 2" in err and "no result" in err


def test_missing_input_exits_5(tmp_path: Path) -> None:
    code, _out, err = _run("--dutch", str(tmp_path / "absent.trf"), "-p")
    assert code == 5
    assert "cannot read" in err


def test_unwritable_output_exits_5(tmp_path: Path) -> None:
    target = tmp_path / "no-such-dir" / "out.txt"
    code, _out, err = _run("--dutch", str(_file(tmp_path, *ROUND_ONE)), "-p", str(target))
    assert code == 5
    assert "cannot write" in err


def test_checker_lists_rounds_that_differ(tmp_path: Path) -> None:
    """Round 1 of four must be 1-3, 4-2; a file that recorded 1-2, 3-4 is reported."""
    lines = (
        "XXR 2",
        "XXC white1",
        _player(1, "1.0", "   2 w 1"),
        _player(2, "0.0", "   1 b 0"),
        _player(3, "1.0", "   4 w 1"),
        _player(4, "0.0", "   3 b 0"),
    )
    code, out, _err = _run("--dutch", str(_file(tmp_path, *lines)), "-c")
    assert code == 0
    assert out == "round 1: differs; recorded only: 1-2, 3-4; rules only: 1-3, 4-2\n"


def test_checker_accepts_a_reference_tournament() -> None:
    """Every round of a generated corpus tournament is the rules' pairing."""
    path = shared_path("fixtures", "dutch", "tournaments", "dutch-t07-p0013-R06.trf")
    code, out, _err = _run("--dutch", str(path), "-c")
    assert code == 0
    assert out.splitlines() == [f"round {r}: ok" for r in range(1, 7)]


def _with_round_recorded(problem: str, code: str, tmp_path: Path) -> tuple[Path, int]:
    """A 2017-corpus problem with its next round recorded as the corpus answers it (white
    wins each game, the PAB a ``U``; points left blank, which the checker does not read)
    and its ``092`` line giving bbpPairings' ``code``; and that round's number."""
    folder = shared_path("fixtures", "dutch-2017", "problems")
    answer = (folder / f"{problem}.pairing.txt").read_text().split("\n")[1:]
    blocks = {}
    for line in filter(None, answer):
        white, black = (int(n) for n in line.split())
        if black == 0:
            blocks[white] = "0000 - U"
        else:
            blocks[white], blocks[black] = f"{black:>4} w 1", f"{white:>4} b 0"
    lines = (folder / f"{problem}.trf").read_text().splitlines()
    round_no = int(problem.split("-r")[1][:2])
    start = 91 + 10 * (round_no - 1)  # the round's block: columns 92-99 (trf.md §4.1)
    for index, line in enumerate(lines):
        if line.startswith("001"):
            number = int(line[4:8])
            blank = line[:80] + "    " + line[84:]  # points, columns 81-84
            lines[index] = blank.ljust(start)[:start] + blocks[number] + blank[start + 8 :]
        elif line.startswith("092"):
            lines[index] = f"092 {code}"
    path = tmp_path / f"{problem}.trf"
    path.write_text("\n".join(lines) + "\n")
    return path, round_no


def test_checker_reads_the_edition_the_file_names(tmp_path: Path) -> None:
    """``-c`` without ``--rules`` checks by the edition the file's 092 line names, as
    ``arbiter check`` does. Round 3 of t05 is recorded as bbpPairings v5.0.1 (the 2017
    rules) pairs it (the dutch-2017 corpus), which is not the 2026 rules' pairing (the
    dutch corpus answers 2-1, 8-4, 9-11, 5-3, 10-6 and 7's PAB): ``FIDE_DUTCH`` names the
    2017 rules, ``FIDE_DUTCH_2025`` the 2026 ones (bbpPairings' codes)."""
    problem = "dutch-t05-p0011-r03of09"
    path, round_no = _with_round_recorded(problem, "FIDE_DUTCH", tmp_path)
    code, out, _err = _run("--dutch", str(path), "-c")
    assert code == 0
    assert f"round {round_no}: ok" in out.splitlines()
    code, out, _err = _run("--dutch", str(path), "-c", "--rules", "2026")
    assert out.splitlines()[round_no - 1].startswith(f"round {round_no}: differs")
    path, _ = _with_round_recorded(problem, "FIDE_DUTCH_2025", tmp_path)
    assert (
        _run("--dutch", str(path), "-c")[1]
        .splitlines()[round_no - 1]
        .startswith(f"round {round_no}: differs")
    )
    assert f"round {round_no}: ok" in _run("--dutch", str(path), "-c", "--rules", "2017")[1]


def test_explain_describes_brackets_colours_and_the_pab(tmp_path: Path) -> None:
    path = _file(tmp_path, "XXR 5", "XXC white1", *(_player(n, "0.0") for n in range(1, 8)))
    output = tmp_path / "out.txt"
    code, out, _err = _run("--dutch", str(path), "-p", str(output), "--explain")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Bracket 0: residents 1, 2, 3, 4, 5, 6, 7; moved down into it: none"
    assert "  pairs: 1-4, 2-5, 3-6" in lines
    assert (
        "  1-4: 5.2.5 (1 has no preference; 4 has no preference: 1's pairing number parity and the initial colour)"
        in lines
    )
    assert lines[-1].startswith("PAB: 7 gets the PAB: eligible (C2)")


def test_inconsistent_file_exits_3(tmp_path: Path) -> None:
    """Like bbpPairings, a file whose lines contradict each other is refused: 1 says it
    played 2 with White, 2 says it played 3."""
    lines = (
        "XXR 3",
        _player(1, "1.0", "   2 w 1"),
        _player(2, "0.0", "   3 b 0"),
        _player(3, "0.0", "   2 w 0"),
    )
    code, _out, err = _run("--dutch", str(_file(tmp_path, *lines)), "-p")
    assert code == 3
    assert "line 2" in err


def _corpus_rounds(folder: Path, count: int) -> list[Path]:
    """The first ``count`` rounds of the corpus's 50-player event, copied into ``folder``."""
    problems = shared_path("fixtures", "dutch", "problems")
    folder.mkdir()
    copies = []
    for source in sorted(problems.glob("dutch-t26-p0050-r*.trf"))[:count]:
        copies.append(folder / source.name)
        copies[-1].write_bytes(source.read_bytes())
    return copies


def test_batch_pairs_every_file_of_a_folder_beside_it(tmp_path: Path) -> None:
    """Each NAME.trf gets NAME.pairing.txt, the reference engine's answer byte for byte."""
    files = _corpus_rounds(tmp_path / "rounds", 4)
    code, out, err = _run("--dutch", "--batch", str(tmp_path / "rounds"))
    assert (code, out, err) == (0, "paired 4 of 4 files\n", "")
    problems = shared_path("fixtures", "dutch", "problems")
    for path in files:
        expected = (problems / f"{path.stem}.pairing.txt").read_text()
        assert path.with_name(f"{path.stem}.pairing.txt").read_text() == expected


def test_batch_reads_file_names_from_stdin_and_goes_on_past_a_bad_file(tmp_path: Path) -> None:
    """A file that cannot be paired is named on stderr; the others are paired into the
    output folder; the exit code is the first failure's (3, invalid input)."""
    good = _corpus_rounds(tmp_path / "rounds", 2)
    bad = _file(tmp_path, "012 Test", *(_player(n, "0.0") for n in (1, 2)))  # no XXR
    names = "\n".join(str(p) for p in (good[0], bad, good[1])) + "\n"
    result = CliRunner().invoke(
        main, ["pair", "--dutch", "--batch", "-", "--out-dir", str(tmp_path / "out")], input=names
    )
    assert result.exit_code == 3
    assert result.stdout == "paired 2 of 3 files\n"
    assert result.stderr.startswith(f"{bad}: ") and "XXR" in result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(
        f"{p.stem}.pairing.txt" for p in good
    )


def test_batch_takes_no_single_file_options(tmp_path: Path) -> None:
    code, _out, err = _run("--dutch", "--batch", str(tmp_path), "-p")
    assert code == 3 and "--batch" in err
