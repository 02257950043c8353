"""Other programs agree with our files (issue 18 item 3): the reference Dutch engine
(bbpPairings master, ../shared/reference-engines) pairs Arbiter's export as of round r as
Arbiter paired round r + 1, and its checker (``-c``) finds every round of an exported
finished event to be the rules' pairing. Skipped without the binary, unless
``ARBITER_REQUIRE_SHARED=1``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench.differential import reference_check
from events.projections import TournamentState, fold, state_after_round
from events.types import Event
from tests.corpus import shared_path
from tests.trf.round_trip import generated_events
from trf import write_trf
from trf.export import Profile, export_document

EVENTS = [(11, 9, 5, False), (12, 14, 6, True), (13, 17, 7, False), (14, 10, 5, True)]
"""(seed, players, rounds, 3/1/0 points) of the generated Dutch tournaments compared."""


def _binary() -> Path:
    return shared_path("reference-engines", "bbpPairings-master")


def _write(tmp_path: Path, state: TournamentState, profile: Profile) -> Path:
    path = tmp_path / f"export-{profile}.trf"
    path.write_bytes(write_trf(export_document(state, profile=profile)).encode())
    return path


def _recorded(events: list[Event], round_no: int) -> set[tuple[int, int]]:
    """Round ``round_no`` as Arbiter paired it, by the pairing numbers then in force; the
    PAB as ``(n, 0)``, as the engines write it."""
    before = state_after_round(events, round_no - 1)
    paired = fold(events).round(round_no)
    boards = {
        (before.pairing_number(b.white), before.pairing_number(b.black)) for b in paired.boards
    }
    pab = {(before.pairing_number(paired.pab), 0)} if paired.pab is not None else set()
    return boards | pab


def _reference_pairing(path: Path, out: Path) -> set[tuple[int, int]]:
    done = subprocess.run(
        [str(_binary()), "--dutch", str(path), "-p", str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, ""), done.stdout
    lines = out.read_text().split()
    pairs = [int(n) for n in lines[1:]]
    assert int(lines[0]) == len(pairs) // 2
    return {(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)}


@pytest.mark.parametrize(("seed", "players", "rounds", "three_one"), EVENTS)
@pytest.mark.parametrize("profile", ["trf16", "trf26"])
def test_the_reference_pairs_our_export_as_of_round_r_as_we_paired_round_r_plus_1(
    tmp_path: Path, seed: int, players: int, rounds: int, three_one: bool, profile: Profile
) -> None:
    _binary()
    events = generated_events(seed, players, rounds, three_one=three_one)
    paired = fold(events).rounds_paired
    assert paired == rounds
    for round_no in range(paired):
        path = _write(tmp_path, state_after_round(events, round_no), profile)
        ours = _recorded(events, round_no + 1)
        theirs = _reference_pairing(path, tmp_path / "pairs.txt")
        assert theirs == ours, f"round {round_no + 1} from {path.read_text()}"


@pytest.mark.parametrize(("seed", "players", "rounds", "three_one"), EVENTS)
@pytest.mark.parametrize("profile", ["trf16", "trf26"])
def test_the_reference_checker_accepts_our_exports_of_finished_events(
    tmp_path: Path, seed: int, players: int, rounds: int, three_one: bool, profile: Profile
) -> None:
    events = generated_events(seed, players, rounds, three_one=three_one, corrections=False)
    path = _write(tmp_path, fold(events), profile)
    done = subprocess.run(
        [str(_binary()), "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert reference_check(done.stdout) == (rounds, ())
