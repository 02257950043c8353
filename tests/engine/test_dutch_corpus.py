"""The Dutch system against the reference corpus (shared/fixtures/dutch): every problem of
up to 400 players must give the reference engine's pairing line for line, colours and board
order included. The two 1000-player problems are run by ``bench/dutch_scale.py --problems``
(side by side with the reference binary)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import pair
from server.service.trf_pairing import render_pairing
from tests.corpus import shared_path
from tests.engine.corpus_problems import (
    corpus,
    problem_request,
    problems,
    reference_path,
)

CORPUS = corpus("dutch")
LARGEST_IN_SUITE = 400
PROBLEMS = problems("dutch", max_players=LARGEST_IN_SUITE)


def test_corpus_is_present() -> None:
    """The corpus README promises 353 problems, 351 of them up to 400 players."""
    directory = shared_path(*CORPUS)
    assert len(list(directory.glob("*.trf"))) == 353
    assert len(PROBLEMS) == 351


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.stem)
def test_reference_pairing(problem: Path) -> None:
    shared_path(*CORPUS)
    pairing = pair(problem_request(problem), "dutch")
    expected = reference_path(problem).read_text()
    assert render_pairing(pairing).split("\n") == [*expected.rstrip("\n").split("\n"), ""]
