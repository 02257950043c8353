"""The Dutch system against the reference corpus (shared/fixtures/dutch): every problem of
up to 400 players must give the reference engine's pairing line for line, colours and board
order included. The two 1000-player problems are run by ``bench/dutch_bench.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import pair
from server.pair_command import render_pairing
from tests.corpus import shared_files, shared_path
from trf import read_trf
from trf.engine_request import next_round_request

CORPUS = ("fixtures", "dutch", "problems")
LARGEST_IN_SUITE = 400


def _players(path: Path) -> int:
    match = re.search(r"-p(\d{4})-", path.name)
    assert match, path.name
    return int(match.group(1))


PROBLEMS = [p for p in shared_files("*.trf", *CORPUS) if _players(p) <= LARGEST_IN_SUITE]


def test_corpus_is_present() -> None:
    """The corpus README promises 353 problems, 351 of them up to 400 players."""
    directory = shared_path(*CORPUS)
    assert len(list(directory.glob("*.trf"))) == 353
    assert len(PROBLEMS) == 351


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.stem)
def test_reference_pairing(problem: Path) -> None:
    shared_path(*CORPUS)
    document, problems = read_trf(problem.read_bytes())
    assert not [p for p in problems if p.severity == "error"]
    pairing = pair(next_round_request(document), "dutch")
    expected = problem.with_name(problem.stem + ".pairing.txt").read_text()
    assert render_pairing(pairing).split("\n") == expected.rstrip("\n").split("\n") + [""]
