"""A full event at the arbiter's desk through the command line (issue 19 item 9): every
item of the issue used once, from registration to the final report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.server.cli.test_regulations import Desk

CSV = """Name,FIDE id,Rating,Title,Federation,Sex,Birth date,Club
"Aune, Ingrid",1500001,2410,IM,NOR,f,1990-01-02,Oslo SK
"Berg, Jonas",1500002,2380,FM,NOR,m,,Oslo SK
"Costa, Marta",1500003,2350,WGM,POR,f,,Porto
"Dahl, Erik",1500004,2300,,NOR,m,,Bergen
"Eik, Sofie",1500005,2250,,SWE,f,,Malmo
"Fors, Lars",1500006,2200,,SWE,m,,Malmo
"Gran, Ola",1500007,2150,,NOR,m,,Oslo SK
"Holm, Anna",1500008,2100,,DEN,f,,Aarhus
"Aune, Ingrid",,2410,,NOR,f,,
"""


@pytest.mark.slow
def test_a_full_event_through_the_command_line(tmp_path: Path) -> None:
    desk = Desk(tmp_path / "event.db")
    # Item 8: nothing is created by reading.
    assert "no database" in desk("tournaments", code=5)
    assert not desk.db.exists()
    desk("create-tournament", "Desk Open", "--rounds", "4", "--id", "desk", "--place", "Oslo",
         "--acceleration", "baku", "--avoid-same-club", "--tiebreaks", "BH/C1 BH SB",
         "--tiebreak-rules", "2026")  # fmt: skip
    # Item 6: bulk registration (the last line is a duplicate entered in error).
    players = tmp_path / "players.csv"
    players.write_text(CSV, encoding="utf-8")
    assert desk("register-many", "desk", str(players)) == "registered 9 players: ids 1 to 9\n"
    # Item 2: remove the registration made in error; item 1: named by FIDE id and fragment.
    assert "fits 2 players" in desk("withdraw", "desk", "aune", code=3)
    desk("remove-player", "desk", "9", "--reason", "entered twice")
    desk("forbid-pair", "desk", "1500003", "eik", "--reason", "married")  # item 4
    desk("settings", "desk", "--avoid-same-federation", "--allow-same-club", "--reason", "rule 4")
    desk("virtual-points", "desk", "holm", "0.5", "--rounds", "1-1", "--reason", "wildcard")
    # The TRF16 export carries them as JaVaFo's XXP and XXA lines (Costa 3, Eik 5 by TPN).
    trf16 = tmp_path / "desk.trf"
    desk("export", "desk", "--format", "trf16", "-o", str(trf16))
    lines = trf16.read_text().splitlines()
    assert "XXP 3 5" in lines and any(line.startswith("XXA    8  0.5") for line in lines)
    # Round 1 by the engine, a board swapped and colours swapped before results (item 2).
    desk("pair-round", "desk")
    desk("swap-boards", "desk", "1", "1", "4", "--reason", "camera board")
    desk("swap-colours", "desk", "1", "2", "--reason", "misprint")
    board_list = desk("pairings", "desk", "--round", "1")  # item 5
    assert "board  id  white" in board_list.replace("  ", "  ")
    by_name = desk("pairings", "desk", "--round", "1", "--by", "name", "--format", "csv")
    assert by_name.splitlines()[0] == "name,id,board,colour,opponent"
    state = desk.service().load("desk")
    for b in state.rounds[0].boards:
        assert frozenset((b.white, b.black)) != frozenset((3, 5))  # the forbidden pair
        fed = {state.player(p).federation for p in (b.white, b.black)}
        assert len(fed) == 2 or fed == {"NOR"}  # federation wish (NOR has 4 of 8)
    desk("record-result", "desk", "1", "1", "1-0")
    # Item 7: mid-round, standings count nothing of round 1 and say so, with tie-breaks too.
    assert "round 1 is in progress and not counted" in desk("standings", "desk")
    for board in (2, 3, 4):
        desk("record-result", "desk", "1", str(board), "1/2-1/2")
    assert "results of round 1" in desk("results", "desk", "--round", "1")
    # Round 2 by hand from the engine's proposal (item 3), then unpaired after a result.
    out = desk("pair-manually", "desk", "--from-engine", "--exchange", "1", "2", "--force",
               "--reason", "players' request granted")  # fmt: skip
    assert "Round 2 (manual)" in out
    # Exchanging 1 and 2 in the engine's proposal makes Aune meet Costa again (round 1).
    assert "breaks C1: Aune, Ingrid (id 1) and Costa, Marta (id 3) have already played" in out
    assert "(the engine's pairing: " in out  # quality criteria measured against it
    desk("record-result", "desk", "2", "1", "1-0")
    desk("unpair-round", "desk", "2", "--reason", "published by mistake")
    desk("pair-round", "desk")
    for board in (1, 2, 3, 4):
        desk("record-result", "desk", "2", str(board), "1-0")
    # Withdraw and come back (item 2), rounds 3 and 4 by the engine.
    desk("withdraw", "desk", "gran", "--reason", "ill")
    desk("cancel-withdrawal", "desk", "gran", "--reason", "recovered")
    for round_no in (3, 4):
        desk("pair-round", "desk")
        for board in (1, 2, 3, 4):
            desk("record-result", "desk", str(round_no), str(board), "0-1")
    desk("close-tournament", "desk")
    desk("reopen-tournament", "desk", "--reason", "appeal on round 4 board 1")
    desk("correct-result", "desk", "4", "1", "1-0", "--reason", "appeal upheld")
    desk("close-tournament", "desk")
    page = desk("crosstable", "desk", "--format", "html")
    assert page.startswith("<!DOCTYPE html>") and "Crosstable after round 4" in page
    final = desk("standings", "desk")
    assert final.splitlines()[-1].startswith("Counted: rounds 1-4.")
    manual = [json.loads(line)["event"]["type"]
              for line in desk("log", "desk", "--manual", "--json").splitlines()]  # fmt: skip
    assert manual == [
        "registration-removed", "pair-forbidden", "settings-changed", "virtual-points-given",
        "boards-swapped", "colours-swapped", "round-paired", "round-unpaired",
        "withdrawal-cancelled", "tournament-reopened", "result-corrected",
    ]  # fmt: skip
    assert re.search(r"round-paired .*players' request granted", desk("log", "desk", "--manual"))
