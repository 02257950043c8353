"""The Burstein corpus (../shared/fixtures/burstein): 338 problems paired by the reference
engine, bbpPairings v5.0.1 ``--burstein``, which implements the rules in force before the
2026 edition. With ``--rules 2017`` Arbiter must give the same boards with the same
colours on every problem, and (burstein.md §11.10) in the same board order.

Problems up to 400 players run here; the two 1000+ player tournaments (5 problems) run in
``bench/bench_burstein.py``. Each problem is read in place through the project's TRF
reader and request mapping, exactly as ``arbiter pair --burstein --rules 2017`` reads it.
The last test pairs a tournament through the server, whose rules edition chooses the
Burstein edition.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.burstein import pair as pair_burstein
from engine.model import Pairing
from events import MemoryEventStore
from events.decisions import CreateTournament, RegisterPlayer
from server.cli import main
from server.service import TournamentService
from tests.corpus import shared_path
from tests.engine.corpus_problems import (
    answer_lines,
    problem_request,
    problems,
    reference_lines,
    reference_path,
)

ALL = problems("burstein")
SUITE_LIMIT = 400
PROBLEMS = problems("burstein", max_players=SUITE_LIMIT)


def solve(path: Path) -> Pairing:
    return pair_burstein(replace(problem_request(path), rules_edition="fide-2017"))


def test_corpus_is_there() -> None:
    # The README announces 338 problems, of which 5 have 1000 or more players.
    folder = shared_path("fixtures", "burstein", "problems")
    assert len(list(folder.glob("*.trf"))) == len(ALL) == 338
    assert len(PROBLEMS) == 333


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.stem)
def test_same_boards_colours_and_order(path: Path) -> None:
    """Each problem is paired once and checked twice: the boards with their colours, then
    their order, so a failure says which of the two differs."""
    expected = reference_lines(reference_path(path))
    answer = answer_lines(solve(path))
    assert sorted(answer) == sorted(expected), "boards or colours differ"
    # §11.10: higher player's score, lower player's score, higher player's rank; PAB last.
    assert answer == expected, "same boards and colours, in another order"


def test_command_line_pairs_by_the_pre_2026_rules(tmp_path: Path) -> None:
    # `arbiter pair --burstein --rules 2017 INPUT -p OUTPUT`, with the bracket trace of
    # --explain (§11.14 sample: t03-p0009 r5, 4: 1 >1 · 3/2.5/2: 5 +1 · 1.5: 1 >8 · 1: 1 +8).
    path = shared_path("fixtures", "burstein", "problems", "burstein-t03-p0009-r05of07.trf")
    output = tmp_path / "pairing.txt"
    result = CliRunner().invoke(
        main, ["pair", "--burstein", "--rules", "2017", str(path), "-p", str(output), "--explain"]
    )
    assert result.exit_code == 0, result.output
    assert reference_lines(output) == reference_lines(reference_path(path))
    assert "bracket 4/3/2.5/2: 1 7 5 2 9 6 (floater 1 in)" in result.output
    assert "PAB 3" in result.output


def test_command_line_check_mode_replays_a_whole_tournament() -> None:
    # -c re-pairs every round of a complete tournament: the generator paired each round
    # with the reference engine, so every round must come out the same.
    path = shared_path("fixtures", "burstein", "tournaments", "burstein-t17-p0025-R08.trf")
    result = CliRunner().invoke(main, ["pair", "--burstein", "--rules", "2017", "-c", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"round {r}: ok" for r in range(1, 9)]


def test_command_line_defaults_to_the_2026_rules() -> None:
    # Without --rules the request's edition (fide-2026) applies: round 1 of 7 players is a
    # Dutch seeding round (1 v 4 style), not the pre-2026 accelerated 1 v 3.
    path = shared_path("fixtures", "burstein", "problems", "burstein-t01-p0007-r01of05.trf")
    result = CliRunner().invoke(main, ["pair", "--burstein", str(path), "-p"])
    assert result.exit_code == 0, result.output
    pairs = {frozenset(map(int, line.split())) for line in result.output.splitlines()[1:]}
    assert frozenset((1, 4)) in pairs and frozenset((1, 3)) not in pairs


@pytest.mark.parametrize(
    ("edition", "pairs"),
    [
        # fide-2017: the accelerated start of §11.3 (1-3, 2 floats to 6, 4-5).
        ("fide-2017", {frozenset((1, 3)), frozenset((2, 6)), frozenset((4, 5))}),
        # fide-2026: a Dutch seeding round (1.6): 1-4, 2-5, 3-6.
        ("fide-2026", {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}),
    ],
)
def test_the_server_pairs_by_the_tournaments_rules_edition(
    edition: str, pairs: set[frozenset[int]]
) -> None:
    service = TournamentService(MemoryEventStore())
    service.create(
        CreateTournament(
            tournament_id="b", name="Burstein", rounds=5, system="burstein", rules_edition=edition
        )
    )
    for surname, rating in zip("ABCDEFG", range(2600, 1900, -100), strict=True):
        service.execute("b", RegisterPlayer(surname=surname, rating=rating))
    service.pair_round("b")
    first = service.load("b").round(1)
    assert first.system == "burstein"
    assert first.pab == 7
    assert {frozenset((b.white, b.black)) for b in first.boards} == pairs
