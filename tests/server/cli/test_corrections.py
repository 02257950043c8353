"""Corrections as events with a reason (issue 19 item 2): nothing is deleted, each is refused
when it would make the history inconsistent."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.server.cli.test_commands import Arbiter


@pytest.fixture
def four(tmp_path: Path) -> Arbiter:
    """Four players; the stand-in engine pairs TPN 1-2 and 3-4 in round 1."""
    arbiter = Arbiter(tmp_path / "a.db")
    arbiter("create-tournament", "Fix Open", "--rounds", "3", "--id", "fix")
    for name, rating in [("Aune, A", "2400"), ("Berg, B", "2300"), ("Dahl, D", "2100")]:
        arbiter("register", "fix", name, "--rating", rating)
    arbiter("register", "fix", "Costa, C", "--rating", "2200")
    return arbiter


def events(arbiter: Arbiter) -> list[dict[str, object]]:
    lines = arbiter("log", "fix", "--json").stdout.splitlines()
    return [json.loads(line)["event"] for line in lines]


def test_reopen_a_closed_tournament_with_a_reason(four: Arbiter) -> None:
    four("pair-round", "fix")
    four("record-result", "fix", "1", "1", "1-0")
    four("record-result", "fix", "1", "2", "0-1")
    four("close-tournament", "fix")
    assert "closed" in four.error("correct-result", "fix", "1", "1", "0-1")
    assert "reason" in four.error("reopen-tournament", "fix", "--reason", " ")
    four("reopen-tournament", "fix", "--reason", "appeal upheld")
    four("correct-result", "fix", "1", "1", "0-1", "--reason", "appeal upheld")
    assert "is not closed" in four.error("reopen-tournament", "fix", "--reason", "again")
    assert "tournament-reopened" in [e["type"] for e in events(four)]


def test_cancel_a_withdrawal(four: Arbiter) -> None:
    assert "is not withdrawn" in four.error("cancel-withdrawal", "fix", "2", "--reason", "x")
    four("withdraw", "fix", "berg")
    four("cancel-withdrawal", "fix", "berg", "--reason", "arrived after all")
    paired = four("pair-round", "fix").stdout
    assert "Berg, B" in paired and "not paired" not in paired


def test_remove_a_registration_made_in_error_until_the_player_is_paired(four: Arbiter) -> None:
    four("register", "fix", "Aune, A", "--rating", "2400")  # entered twice: id 5
    four("remove-player", "fix", "5", "--reason", "registered twice")
    shown = four("show", "fix").stdout
    assert shown.count("Aune, A") == 1
    assert "no player 5" in four.error("withdraw", "fix", "5")
    assert "no player 5" in four.error("remove-player", "fix", "5", "--reason", "again")
    four("pair-round", "fix")
    message = four.error("remove-player", "fix", "aune", "--reason", "x")
    assert "is in the pairing of round 1; withdraw the player instead" in message
    # The removed entry is still in the log, and its id is never given again.
    assert four("register", "fix", "Eik, E", "--joins-round", "2").stdout.startswith(
        "registered player 6"
    )


def test_unpair_the_latest_round_after_results_needs_a_reason(four: Arbiter) -> None:
    four("pair-round", "fix")
    four("record-result", "fix", "1", "1", "1-0")
    assert "give a reason to unpair it" in four.error("unpair-round", "fix", "1")
    four("unpair-round", "fix", "1", "--reason", "wrong players paired")
    assert "Round 1" not in four("show", "fix").stdout
    types = [e["type"] for e in events(four)]
    assert types[-3:] == ["round-paired", "result-recorded", "round-unpaired"]  # kept
    four("pair-round", "fix")


def test_swap_colours_and_boards_before_results(four: Arbiter) -> None:
    paired = four("pair-round", "fix").stdout
    assert re.search(r"1\s+1\s+Aune, A \(0\)\s+…\s+2\s+Berg, B", paired)
    four("swap-colours", "fix", "1", "1", "--reason", "misprint")
    four("swap-boards", "fix", "1", "1", "2", "--reason", "access")
    shown = four("show", "fix").stdout
    assert re.search(r"1\s+4\s+Costa, C \(0\)\s+…\s+3\s+Dahl, D", shown)
    assert re.search(r"2\s+2\s+Berg, B \(0\)\s+…\s+1\s+Aune, A", shown)
    four("record-result", "fix", "1", "2", "1-0")  # Berg, now White on board 2, wins
    assert "already has the result" in four.error("swap-colours", "fix", "1", "2", "--reason", "x")
    assert "board 9" in four.error("swap-boards", "fix", "1", "1", "9", "--reason", "x")
    four("record-result", "fix", "1", "1", "1/2-1/2")
    table = four("standings", "fix").stdout
    assert re.search(r"1\s+2\s+2\s+Berg, B\s+2300\s+1\.0", table)
