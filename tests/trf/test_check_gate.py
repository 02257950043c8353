"""``arbiter trf check`` as a gate (issue 18 item 4): it fails exactly where ``arbiter import``
or ``arbiter pair`` refuses, with their messages; ``--strict`` fails on warnings too, and
``--format json`` gives scripts one object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from server.cli import main
from server.cli.support import CliContext
from tests.corpus import shared_path
from tests.trf.spec_example import LINES, TEXT

REAL = ("fixtures", "trf-real")


def arbiter(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), obj=CliContext(db))


def written(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


GARBAGE = {
    "text": b"Minutes of the club meeting\nNo chess was played.\n",
    "empty": b"",
    "binary": bytes(range(256)) * 4,
}


@pytest.mark.parametrize("kind", sorted(GARBAGE))
def test_garbage_fails_the_check_as_import_refuses_it(tmp_path: Path, kind: str) -> None:
    path = written(tmp_path, f"{kind}.trf", GARBAGE[kind])
    checked = arbiter(tmp_path / "a.db", "trf", "check", str(path))
    imported = arbiter(tmp_path / "a.db", "import", str(path), "--id", kind)
    assert (checked.exit_code, imported.exit_code) == (3, 3)
    refusal = f"{path}:0:0: error: the file has no players"
    assert refusal in checked.stderr and refusal in imported.stderr
    assert "refused" in checked.stdout


def test_a_file_import_refuses_for_what_it_holds_fails_the_check(tmp_path: Path) -> None:
    """Consistent lines, but a 299 abnormal-points record: import refuses it, so does check."""
    path = shared_path(*REAL, "Sharly-Chess__bbpPairings__indiv_299_bonus.input")
    checked = arbiter(tmp_path / "a.db", "trf", "check", str(path))
    imported = arbiter(tmp_path / "a.db", "import", str(path), "--id", "bonus")
    message = "error: abnormal points (299) cannot be recorded by Arbiter"
    assert checked.exit_code == imported.exit_code == 3
    assert message in checked.stderr and message in imported.stderr


def test_a_file_pair_refuses_fails_the_check(tmp_path: Path) -> None:
    """Round 4 announced (player 4 absent in its column), but no XXR or 142 line: pair
    cannot know whether round 4 is the last, so it refuses; so does check."""
    lines = [
        line + "  0000 - Z" if line.startswith("001    4") else line
        for line in LINES
        if not line.startswith("XXR")
    ]
    path = written(tmp_path, "open.trf", "".join(f"{line}\r\n" for line in lines).encode())
    checked = arbiter(tmp_path / "a.db", "trf", "check", str(path))
    paired = arbiter(tmp_path / "a.db", "pair", "--dutch", str(path), "-p")
    message = "error: the total number of rounds is not given (XXR or 142 line)"
    assert checked.exit_code == paired.exit_code == 3
    assert message in checked.stderr and message in paired.stderr


def test_a_clean_file_passes_and_strict_fails_on_warnings(tmp_path: Path) -> None:
    clean = written(tmp_path, "clean.trf", TEXT.encode())
    assert arbiter(tmp_path / "a.db", "trf", "check", "--strict", str(clean)).exit_code == 0
    warned = written(tmp_path, "warned.trf", (TEXT + "ZZZ an unknown record\r\n").encode())
    lenient = arbiter(tmp_path / "a.db", "trf", "check", str(warned))
    strict = arbiter(tmp_path / "a.db", "trf", "check", "--strict", str(warned))
    assert (lenient.exit_code, strict.exit_code) == (0, 3)
    assert "warning: unknown record identifier 'ZZZ'" in strict.stderr


def test_a_report_without_a_round_count_warns_that_it_cannot_be_paired(tmp_path: Path) -> None:
    """A finished event's rating report need not say how many rounds (no XXR): pair would
    refuse it, which is a warning for the report (an error under --strict)."""
    lines = [line for line in LINES if not line.startswith("XXR")]
    path = written(tmp_path, "report.trf", "".join(f"{line}\r\n" for line in lines).encode())
    lenient = arbiter(tmp_path / "a.db", "trf", "check", str(path))
    strict = arbiter(tmp_path / "a.db", "trf", "check", "--strict", str(path))
    assert (lenient.exit_code, strict.exit_code) == (0, 3)
    assert "warning: the total number of rounds is not given (XXR or 142 line)" in lenient.stderr


def test_json_output_for_scripts(tmp_path: Path) -> None:
    bad = shared_path(*REAL, "Moritz72__py4swiss__incorrect_points.trf")
    result = arbiter(tmp_path / "a.db", "trf", "check", "--format", "json", str(bad))
    assert result.exit_code == 3
    summary = json.loads(result.stdout)
    assert summary["ok"] is False and summary["errors"] == 1
    assert summary["problems"][0] == {
        "line": 2,
        "column": 81,
        "severity": "error",
        "message": "points 4.0 but the results give 3.0",
    }
    clean = written(tmp_path, "clean.trf", TEXT.encode())
    good = json.loads(
        arbiter(tmp_path / "a.db", "trf", "check", "--format", "json", str(clean)).stdout
    )
    assert (good["ok"], good["players"], good["rounds"], good["problems"]) == (True, 7, 3, [])
