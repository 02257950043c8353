"""One way to name a player (issue 19 item 1): the id every listing shows is what commands
take; a FIDE id or an unambiguous part of the name also works; pairing numbers are labelled."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from events import MemoryEventStore
from events.decisions import CreateTournament, RegisterPlayer
from events.envelope import AppendResult
from events.types import Event, PlayerId, PlayerRegistered
from server.cli import main
from server.cli.support import CliContext
from server.service import TournamentService
from tests.server.cli.test_commands import Arbiter


def field(arbiter: Arbiter) -> Arbiter:
    arbiter("create-tournament", "Naming Open", "--rounds", "3", "--id", "naming")
    arbiter("register", "naming", "Carlsen, Magnus", "--rating", "1800", "--fide-id", "1503014")
    arbiter("register", "naming", "Carlsen, Henrik", "--rating", "1700")
    arbiter("register", "naming", "Aune, Ingrid", "--rating", "2400")
    return arbiter


def test_listings_show_the_id_commands_take_and_label_the_pairing_number(tmp_path: Path) -> None:
    arbiter = field(Arbiter(tmp_path / "a.db"))
    shown = arbiter("show", "naming").stdout.splitlines()
    header = shown.index(next(line for line in shown if line.startswith("id")))
    assert shown[header].split()[:3] == ["id", "TPN", "name"]
    # Aune is registered third but ranked first: id 3, TPN 1.
    assert re.match(r"3\s+1\s+Aune, Ingrid", shown[header + 1])
    standings = arbiter("standings", "naming").stdout.splitlines()
    assert standings[1].split()[:4] == ["Rk", "id", "TPN", "Name"]
    arbiter("withdraw", "naming", "3")
    assert "Aune, Ingrid (withdrawn)" in arbiter("standings", "naming").stdout


def test_fide_id_and_name_fragments_name_a_player(tmp_path: Path) -> None:
    arbiter = field(Arbiter(tmp_path / "a.db"))
    assert arbiter("withdraw", "naming", "1503014").stdout.startswith("player 1 withdrawn")
    assert arbiter("request-bye", "naming", "henrik", "1").stdout.startswith("player 2:")
    assert arbiter("cancel-bye", "naming", "Carlsen, Henrik", "1").stdout.startswith("player 2:")
    assert arbiter("correct-player", "naming", "#3", "--rating", "2410").stdout == (
        "corrected player 3\n"
    )


def test_an_ambiguous_fragment_lists_the_candidates(tmp_path: Path) -> None:
    arbiter = field(Arbiter(tmp_path / "a.db"))
    message = arbiter.error("withdraw", "naming", "carlsen")
    assert "'carlsen' fits 2 players: id 1 Carlsen, Magnus; id 2 Carlsen, Henrik" in message
    assert "no player nobody" in arbiter.error("withdraw", "naming", "nobody")
    assert "no player 77" in arbiter.error("withdraw", "naming", "77")


def test_show_counts_points_by_the_standings_rule(tmp_path: Path) -> None:
    """Issue 19 item 7: before round 1 is complete, the pairing-allocated bye counts in
    ``show`` no more than in the standings, and the line says so."""
    arbiter = field(Arbiter(tmp_path / "a.db"))
    arbiter("pair-round", "naming")

    def points(line_start: str) -> str:
        shown = arbiter("show", "naming").stdout.splitlines()
        return next(line for line in shown if re.match(line_start, line)).split()[-1]

    # Three players: the lowest rated, Carlsen, Henrik (id 2, TPN 3), gets the bye.
    assert points(r"2\s+3\s+Carlsen, Henrik") == "0"
    assert "Counted: no round yet; round 1 is in progress" in arbiter("show", "naming").stdout
    arbiter("record-result", "naming", "1", "1", "1-0")
    assert points(r"2\s+3\s+Carlsen, Henrik") == "1"


class _RegisteringMeanwhile(MemoryEventStore):
    """Another writer registers "Aunevik" just before our next append: the command loses the
    race and is decided again on the state that holds her."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False

    def append(self, stream_id: str, events: Sequence[Event], **kwargs: Any) -> AppendResult:
        if self.armed:
            self.armed = False
            version = self.current_version(stream_id)
            rival = PlayerRegistered(player_id=PlayerId(version), surname="Aunevik")
            super().append(stream_id, [rival], expected_version=version)
        return super().append(stream_id, events, **kwargs)


def test_a_name_is_found_in_the_state_the_command_is_decided_on(tmp_path: Path) -> None:
    """Not before: "aune" named one player when the command was typed, but the withdrawal
    is decided after "Aunevik" registered, so it is refused as ambiguous, not applied to
    whoever the name meant a moment earlier."""
    store = _RegisteringMeanwhile()
    service = TournamentService(store)
    service.create(CreateTournament(tournament_id="naming", name="Naming", rounds=3))
    service.execute("naming", RegisterPlayer(surname="Aune", given_name="Ingrid"))
    store.armed = True
    context = CliContext(tmp_path / "unused.db", _service=service)
    result = CliRunner().invoke(main, ["withdraw", "naming", "aune"], obj=context)
    assert result.exit_code == 3, result.output
    assert "'aune' fits 2 players" in result.stderr
    assert [p.withdrawn_from for p in service.load("naming").players] == [None, None]
