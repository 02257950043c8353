"""Manual pairing (issue 19 item 3): board by board or from the engine's proposal, compared
with the engine's pairing; absolute criteria refused unless forced with a reason; every
manual intervention in ``arbiter log --manual``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.server.cli.test_regulations import Desk


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    """Four players (ids = TPNs); round 1 by the Dutch engine: 1-3 and 4-2, White wins."""
    desk = Desk(tmp_path / "a.db")
    desk("create-tournament", "Hand Open", "--rounds", "3", "--id", "hand")
    for name, rating in [
        ("Aune, A", 2400),
        ("Berg, B", 2300),
        ("Costa, C", 2200),
        ("Dahl, D", 2100),
    ]:
        desk("register", "hand", name, "--rating", str(rating))
    desk("pair-round", "hand")
    state = desk.service().load("hand")
    assert [(b.white, b.black) for b in state.rounds[0].boards] == [(1, 3), (4, 2)]
    desk("record-result", "hand", "1", "1", "1-0")
    desk("record-result", "hand", "1", "2", "1-0")
    return desk


def test_a_rematch_is_refused_unless_forced_with_a_reason(desk: Desk) -> None:
    proposal = desk.service().proposal(desk.service().load("hand"))
    refused = desk("pair-manually", "hand", "--board", "aune", "costa", "--board", "berg", "dahl",
                   code=3)  # fmt: skip
    assert "C1: Aune, A (id 1) and Costa, C (id 3) have already played each other" in refused
    assert "force it with a reason" in refused
    refused = desk("pair-manually", "hand", "--board", "1", "3", "--board", "2", "4", "--force",
                   code=3)  # fmt: skip
    assert "a reason is required" in refused
    out = desk("pair-manually", "hand", "--board", "1", "3", "--board", "2", "4", "--force",
               "--reason", "players asked; chief arbiter agreed")  # fmt: skip
    assert "breaks C1: Aune, A (id 1) and Costa, C (id 3) have already played each other" in out
    manual = desk("log", "hand", "--manual", "--json").splitlines()
    assert len(manual) == 1
    entry = json.loads(manual[0])
    assert entry["event"]["type"] == "round-paired"
    assert entry["event"]["reason"] == "players asked; chief arbiter agreed"
    assert entry["event"]["engine_boards"] == [
        {"white": board.white, "black": board.black} for board in proposal.boards
    ]
    # The winners (1, 4) meet, and the losers (2, 3), as C6 asks.
    assert {frozenset((b.white, b.black)) for b in proposal.boards} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    assert entry["metadata"]["actor"]


def test_changing_the_engines_proposal_lists_the_quality_criteria_it_breaks(desk: Desk) -> None:
    # The engine pairs the two winners (1, 4) and the two losers (2, 3); exchanging 4 and 2
    # makes two players float down (C6) with scores [1, 1] (C7).
    out = desk("pair-manually", "hand", "--from-engine", "--exchange", "4", "2",
               "--reason", "a wish granted")  # fmt: skip
    c6 = "C6: players paired out of their score group (downfloaters): 2 (the engine's pairing: 0)"
    c7 = "C7: scores of the downfloaters, highest first: [1, 1] (the engine's pairing: [])"
    assert f"breaks {c6}" in out and f"breaks {c7}" in out
    state = desk.service().load("hand")
    assert {frozenset((b.white, b.black)) for b in state.rounds[1].boards} == {
        frozenset((1, 2)),
        frozenset((3, 4)),
    }
    assert "round-paired" in desk("log", "hand", "--manual")
    desk("swap-colours", "hand", "2", "1", "--reason", "misprint")
    log = desk("log", "hand", "--manual").splitlines()
    assert [line.split()[5] for line in log[1:]] == ["round-paired", "colours-swapped"]


def test_an_engine_pairing_is_no_manual_intervention(desk: Desk) -> None:
    assert desk("log", "hand", "--manual").splitlines()[1:] == []
