"""The Dutch system against the reference engine on freshly generated tournaments.

Each event is made by the reference binary's own random-tournament generator (``-g``,
seeded, with forfeits, absences and half-point byes), every round of it is cut into a
problem by ``shared/tools/trf_truncate.py``, and the reference binary and Arbiter pair the
same file: the pairings must agree line for line, colours and board order included. Small
fields keep this cheap; ``bench/dutch_scale.py`` does the same at federation scale. Skips
when the binary is absent, fails then under ``ARBITER_REQUIRE_SHARED=1``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine import pair
from server.cli.engines import render_pairing
from tests.corpus import shared_path
from tests.engine.corpus_problems import problem_request

pytestmark = pytest.mark.slow  # the reference binary in a subprocess per round

# (players, rounds, seed, draw %, forfeit 1 in, absence 1 in, half-point bye 1 in)
EVENTS = [
    (9, 5, 11, 40, 8, 6, 5),
    (16, 7, 12, 20, 20, 10, 8),
    (25, 7, 13, 50, 12, 8, 10),
    (40, 9, 14, 30, 30, 15, 15),
    (63, 8, 15, 10, 15, 20, 20),
    (101, 7, 16, 30, 40, 30, 30),
]


def _reference() -> Path:
    return shared_path("reference-engines", "bbpPairings-master")


def _generate(binary: Path, directory: Path, event: tuple[int, ...]) -> Path:
    players, rounds, seed, draw, forfeit, absent, half = event
    config = directory / "config.txt"
    config.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage={draw}\n"
        f"ForfeitRate={forfeit}\nRetiredRate={absent}\nHalfPointByeRate={half}\n"
        "LowestRating=1000\nHighestRating=2700\n"
    )
    played = (directory / "event.trf").resolve()
    subprocess.run(
        [str(binary), "--dutch", "-g", str(config), "-o", str(played), "-s", str(seed)],
        check=True,
        capture_output=True,
    )
    return played


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: f"p{e[0]}-r{e[1]}-s{e[2]}")
def test_every_round_of_a_generated_event(event: tuple[int, ...], tmp_path: Path) -> None:
    binary = _reference()
    truncate = shared_path("tools", "trf_truncate.py")
    played = _generate(binary, tmp_path, event)
    rounds = event[1]
    for round_no in range(1, rounds + 1):
        problem = tmp_path / f"round{round_no}.trf"
        subprocess.run(
            [sys.executable, str(truncate), str(played), str(round_no), "-o", str(problem)],
            check=True,
            capture_output=True,
        )
        expected = (tmp_path / f"round{round_no}.reference.txt").resolve()
        subprocess.run(
            [str(binary), "--dutch", str(problem), "-p", str(expected)],
            check=True,
            capture_output=True,
        )
        got = render_pairing(pair(problem_request(problem), "dutch"))
        assert got.split("\n") == [*expected.read_text().rstrip("\n").split("\n"), ""], (
            f"round {round_no}"
        )
