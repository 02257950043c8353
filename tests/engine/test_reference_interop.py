"""Files from ``arbiter generate`` are read by the reference engines, whose checker (``-c``)
agrees with Arbiter's on every round: the Dutch 2026 rules with bbpPairings master (TRF16
and TRF-2026), the 2017 Dutch and the pre-2026 Burstein rules with bbpPairings v5.0.1
(TRF16: v5.0.1 predates TRF-2026 and ignores its ``250`` acceleration records). A file with a round that is not
the rules' pairing is reported as such by both."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.differential import reference_check
from server.cli import main
from tests.corpus import shared_path

KNOBS = (
    "--players", "27", "--rounds", "7", "--forfeit-rate", "0.05", "--half-bye-rate", "0.2",
    "--zero-bye-rate", "0.2", "--withdraw-rate", "0.1", "--late-entry-rate", "0.15",
    "--forbidden-pairs", "3", "--accelerate", "--initial-colour", "random",
)  # fmt: skip
CASES = [
    ("bbpPairings-master", "--dutch", ("--system", "dutch"), "trf16", ("--points", "3/1/0")),
    ("bbpPairings-master", "--dutch", ("--system", "dutch"), "trf26", ()),
    ("bbpPairings-v5.0.1", "--dutch", ("--system", "dutch", "--rules", "2017"), "trf16", ()),
    ("bbpPairings-v5.0.1", "--burstein", ("--system", "burstein", "--rules", "2017"), "trf16", ()),
    ("bbpPairings-v5.0.1", "--burstein", ("--system", "burstein", "--rules", "2017"), "trf16",
     ("--points", "3/1/0")),
]  # fmt: skip


def _reference(binary: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = shared_path("reference-engines", binary)
    return subprocess.run([str(path), *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize(("binary", "flag", "system", "profile", "extra"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_reference_checker_accepts_and_agrees_with_generated_files(
    tmp_path: Path,
    binary: str,
    flag: str,
    system: tuple[str, ...],
    profile: str,
    extra: tuple[str, ...],
    seed: int,
) -> None:
    path = tmp_path / "generated.trf"
    args = ["generate", *system, *KNOBS, *extra, "--seed", str(seed), "--format", profile]
    assert CliRunner().invoke(main, [*args, "-o", str(path)]).exit_code == 0
    ours = CliRunner().invoke(main, ["check", str(path)])
    assert ours.exit_code == 0, ours.stdout
    done = _reference(binary, flag, str(path), "-c")
    assert (done.returncode, done.stderr) == (0, "")
    assert reference_check(done.stdout) == (7, ())


def test_both_checkers_report_the_same_differing_round(tmp_path: Path) -> None:
    """The golden file with the colours of 1-11 in round 5 swapped (see
    tests/server/cli/test_generate.py): both checkers flag round 5 alone."""
    golden = Path(__file__).parent / "generated" / "dutch-p11-r5-seed2.trf"
    text = golden.read_bytes().decode()
    text = text.replace("    4 b 1    11 w 1\r", "    4 b 1    11 b 1\r", 1)
    text = text.replace("     5 b -     1 b 0\r", "     5 b -     1 w 0\r", 1)
    path = tmp_path / "swapped.trf"
    path.write_bytes(text.encode())
    done = _reference("bbpPairings-master", "--dutch", str(path), "-c")
    assert reference_check(done.stdout) == (5, (5,))
    assert "      1 -  11                 11 -   1" in done.stdout
    ours = CliRunner().invoke(main, ["pair", "--dutch", str(path), "-c"])
    assert ours.stdout.splitlines()[4] == "round 5: differs; recorded only: 11-1; rules only: 1-11"
