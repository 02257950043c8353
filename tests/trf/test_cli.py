"""``arbiter trf check``, ``arbiter import`` and ``arbiter export`` (issue 3 part 5)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from click.testing import CliRunner, Result

from server.cli import main
from server.cli.support import CliContext
from tests.corpus import shared_path
from tests.trf.spec_example import LINES, TEXT
from trf import read_trf

REAL = ("fixtures", "trf-real")


def arbiter(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), obj=CliContext(db))


def spec_file(tmp_path: Path, text: str = TEXT) -> Path:
    path = tmp_path / "example.trf"
    path.write_bytes(text.encode("utf-8"))
    return path


def test_check_lists_problems_and_exits_3_on_errors(tmp_path: Path) -> None:
    bad = shared_path(*REAL, "Moritz72__py4swiss__incorrect_points.trf")
    result = arbiter(tmp_path / "a.db", "trf", "check", str(bad))
    assert result.exit_code == 3
    assert f"{bad}:2:81: error: points 4.0 but the results give 3.0" in result.stderr
    assert "1 error(s), 0 warning(s)" in result.stdout


def test_check_of_a_clean_file_exits_0(tmp_path: Path) -> None:
    result = arbiter(tmp_path / "a.db", "trf", "check", str(spec_file(tmp_path)))
    assert result.exit_code == 0, result.output
    assert "7 players, 3 rounds; 0 error(s), 0 warning(s)" in result.stdout


def test_refused_import_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    bad = spec_file(tmp_path, TEXT.replace(" 2.5    1", " 3.5    1"))
    result = arbiter(db, "import", str(bad), "--id", "open")
    assert result.exit_code == 3
    assert "example.trf:13:81: error:" in result.stderr and "nothing written" in result.stderr
    assert arbiter(db, "tournaments").stdout == ""


def test_import_then_export_round_trips(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    result = arbiter(db, "import", str(spec_file(tmp_path)), "--id", "open")
    assert result.exit_code == 0, result.output
    assert "imported open: 7 players, 3 rounds paired" in result.stdout
    exported = arbiter(db, "export", "open")
    expected = [line for line in LINES if line[:3] != "112"]  # deputies: not held by events
    assert exported.stdout_bytes == "".join(line + "\r\n" for line in expected).encode()
    # A second import under the same id is refused (exit 3), the first one stays.
    again = arbiter(db, "import", str(spec_file(tmp_path)), "--id", "open")
    assert again.exit_code == 3 and "already exists" in again.stderr


def test_every_imported_event_records_the_file_it_came_from(tmp_path: Path) -> None:
    """The audit trail names the edge, the file and its SHA-256 on each event of an import."""
    db, path = tmp_path / "a.db", spec_file(tmp_path)
    assert arbiter(db, "import", str(path), "--id", "open").exit_code == 0
    log = arbiter(db, "log", "open", "--json")
    metadata = [json.loads(line)["metadata"] for line in log.stdout.splitlines()]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert metadata and all(
        (m["source"], m["file"], m["sha256"]) == ("trf", "example.trf", digest) for m in metadata
    )


def test_declared_tiebreaks_survive_export_and_import_with_their_edition(tmp_path: Path) -> None:
    """Issue 18 item 5: a tournament's C.07 list goes out as TRF-2026 ``202``/``212`` with
    its edition (a ``### C.07`` comment) and comes back without any flag; a flag only
    overrides the edition; a file that states none keeps the list out, with a warning."""
    db, trf = tmp_path / "a.db", tmp_path / "rt.trf"
    steps = [
        ["create-tournament", "Round Trip", "--id", "rt", "--rounds", "3",
         "--tiebreaks", "BH/C1 BH SB DE", "--tiebreak-rules", "2026"],
        *(["register", "rt", name, "--rating", rating]
          for name, rating in (("Alpha", "2400"), ("Bravo", "2300"), ("Charlie", "2200"), ("Delta", "2100"))),
        ["pair-round", "rt"], ["record-result", "rt", "1", "1", "1-0"], ["record-result", "rt", "1", "2", "1/2-1/2"],
        ["export", "rt", "--format", "trf26", "-o", str(trf)],
    ]  # fmt: skip
    for step in steps:
        assert arbiter(db, *step).exit_code == 0, step
    # tiebreaks.md §7: 202 breaks ties, 212 defines the standings (PTS first), TEC syntax.
    lines = trf.read_text().splitlines()
    assert "202 BH/C1,BH,SB,DE" in lines and "212 PTS,BH/C1,BH,SB,DE" in lines
    assert any(line.startswith("### C.07 2026") for line in lines)
    line_212 = lines.index("212 PTS,BH/C1,BH,SB,DE") + 1

    taken = arbiter(db, "import", str(trf), "--id", "copy")
    assert taken.exit_code == 0, taken.output
    assert "tie-breaks PTS,BH/C1,BH,SB,DE (C.07 2026)" in taken.stdout
    assert arbiter(db, "standings", "copy").stdout == arbiter(db, "standings", "rt").stdout
    assert arbiter(db, "export", "copy", "--format", "trf26").stdout_bytes == trf.read_bytes()

    overridden = arbiter(db, "import", str(trf), "--id", "as-2024", "--tiebreak-rules", "2024")
    assert overridden.exit_code == 0, overridden.output
    assert "tie-breaks PTS,BH/C1,BH,SB,DE (C.07 2024)" in overridden.stdout
    assert "the file says its tie-breaks follow C.07 2026; taken under 2024" in overridden.stderr

    silent = tmp_path / "silent.trf"
    silent.write_text("".join(f"{line}\r\n" for line in lines if not line.startswith("###")))
    lost = arbiter(db, "import", str(silent), "--id", "lost")
    assert lost.exit_code == 0, lost.output
    assert (
        f"silent.trf:{line_212 - 1}:5: warning: tie-breaks 'PTS,BH/C1,BH,SB,DE' not taken"
        in lost.stderr
    )
    assert "212 " not in arbiter(db, "export", "lost", "--format", "trf26").stdout


def test_an_import_refuses_tiebreaks_its_edition_does_not_define(tmp_path: Path) -> None:
    # STD exists only from the 2026 edition of C.07 (tiebreaks.md §1).
    path = spec_file(tmp_path, TEXT + "212 PTS,STD\r\n")
    result = arbiter(tmp_path / "a.db", "import", str(path), "--tiebreak-rules", "2024")
    assert result.exit_code == 3
    assert f"example.trf:{len(LINES) + 1}:5: error: cannot import the tie-breaks:" in result.stderr
    assert arbiter(tmp_path / "a.db", "tournaments").stdout == ""


def test_export_as_of_a_round_in_trf26(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    assert arbiter(db, "import", str(spec_file(tmp_path)), "--id", "open").exit_code == 0
    out = tmp_path / "r1.trf"
    result = arbiter(db, "export", "open", "--round", "1", "--format", "trf26", "-o", str(out))
    assert result.exit_code == 0, result.output
    doc, problems = read_trf(out.read_bytes())
    assert problems == []
    assert doc.total_rounds == 5 and doc.initial_colour == "w"
    # After round 1, #6's half-point bye for round 2 is known: column 2 and a 240 record.
    assert [line for line in out.read_text().splitlines() if line.startswith("240")] == [
        "240 H   2    6"
    ]
    assert doc.players_by_number()[1].points == 1


def test_export_of_an_unknown_tournament_exits_3(tmp_path: Path) -> None:
    assert arbiter(tmp_path / "a.db", "create-tournament", "Open", "--rounds", "3").exit_code == 0
    result = arbiter(tmp_path / "a.db", "export", "nope")
    assert result.exit_code == 3


def test_export_from_a_missing_database_exits_5_and_creates_nothing(tmp_path: Path) -> None:
    result = arbiter(tmp_path / "a.db", "export", "nope")
    assert result.exit_code == 5
    assert not (tmp_path / "a.db").exists()


def test_trf_commands_have_help_with_an_example_and_are_in_the_readme() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for words in (["trf", "check"], ["import"], ["export"]):
        result = CliRunner().invoke(main, [*words, "--help"])
        assert result.exit_code == 0 and "Example:" in result.output, words
        assert f"arbiter {' '.join(words)} " in readme, words


def test_export_says_on_stderr_what_trf16_cannot_carry(tmp_path: Path) -> None:
    """Issue 18 item 1: a withdrawal and declared tie-breaks have no TRF16 record
    (trf.md §4.3); the export says so, and TRF-2026, which states both, does not."""
    db = tmp_path / "a.db"
    steps = [
        ["create-tournament", "Gaps", "--id", "g", "--rounds", "3", "--tiebreaks", "BH SB", "--tiebreak-rules", "2026"],
        *(["register", "g", name, "--rating", rating]
          for name, rating in (("Alpha", "2400"), ("Bravo", "2300"), ("Charlie", "2200"), ("Delta", "2100"))),
        ["pair-round", "g"], ["record-result", "g", "1", "1", "1-0"], ["record-result", "g", "1", "2", "1-0"],
        ["withdraw", "g", "Delta"],
    ]  # fmt: skip
    for step in steps:
        assert arbiter(db, *step).exit_code == 0, step
    old = arbiter(db, "export", "g", "-o", str(tmp_path / "g.trf"))
    assert old.exit_code == 0, old.output
    warnings = [line for line in old.stderr.splitlines() if line.startswith("warning: ")]
    assert any("tie-break" in line for line in warnings), old.stderr
    assert any("Delta" in line or "withdr" in line for line in warnings), old.stderr
    new = arbiter(db, "export", "g", "--format", "trf26", "-o", str(tmp_path / "g26.trf"))
    assert new.exit_code == 0 and "warning" not in new.stderr, new.stderr
