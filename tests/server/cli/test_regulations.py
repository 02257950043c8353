"""Tournament settings reach the engine (issue 19 item 4): forbidden pairs, club and
federation wishes, Baku acceleration and virtual points; ``pair-round`` gives the engine
exactly what ``arbiter pair FILE.trf`` reads from the exported file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from events import SqliteEventStore
from events.decisions import pairing_request
from server.cli import main
from server.cli.support import CliContext
from server.service import TournamentService
from tests.server.cli.test_commands import Arbiter
from trf import check_trf
from trf.engine_request import next_round_request

PLAYERS = [  # name, rating, federation, club
    ("Aune, A", 2500, "NOR", "Oslo SK"),
    ("Berg, B", 2450, "NOR", "Oslo SK"),
    ("Costa, C", 2400, "POR", "Porto"),
    ("Dahl, D", 2350, "NOR", "Bergen"),
    ("Eik, E", 2300, "SWE", "Malmo"),
    ("Fors, F", 2250, "SWE", "Malmo"),
    ("Gran, G", 2200, "NOR", "Oslo SK"),
    ("Holm, H", 2150, "DEN", "Aarhus"),
    ("Iver, I", 2100, "NOR", "Bergen"),
    ("Jens, J", 2050, "DEN", "Aarhus"),
    ("Kvam, K", 2000, "NOR", "Trondheim"),
]


class Desk:
    def __init__(self, db: Path) -> None:
        self.db = db

    def __call__(self, *args: str, code: int = 0) -> str:
        result = CliRunner().invoke(main, list(args), obj=CliContext(self.db))
        assert result.exit_code == code, (result.output, result.stderr)
        return result.stdout if code == 0 else result.stderr

    def service(self) -> TournamentService:
        return TournamentService(SqliteEventStore(self.db))


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    desk = Desk(tmp_path / "a.db")
    desk("create-tournament", "Reg Open", "--rounds", "5", "--id", "reg",
         "--acceleration", "baku", "--avoid-same-club")  # fmt: skip
    for name, rating, federation, club in PLAYERS:
        desk("register", "reg", name, "--rating", str(rating), "--federation", federation,
             "--club", club)  # fmt: skip
    desk("forbid-pair", "reg", "costa", "eik", "--reason", "married couple")
    desk("virtual-points", "reg", "kvam", "1", "--rounds", "1-2", "--reason", "regulation 7")
    return desk


def engine_boards(
    desk: Desk, tmp_path: Path, round_no: int, trf_format: str
) -> list[tuple[int, int]]:
    """The next round as ``arbiter pair --dutch`` pairs the exported file."""
    trf = tmp_path / f"round{round_no}.trf"
    out = tmp_path / f"round{round_no}.txt"
    desk("export", "reg", "--format", trf_format, "-o", str(trf))
    result = CliRunner().invoke(main, ["pair", "--dutch", str(trf), "-p", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text().split("\n")[1:]
    return [(int(a), int(b)) for a, b in (line.split() for line in lines if line)]


def arbiter_boards(desk: Desk) -> list[tuple[int, int]]:
    state = desk.service().load("reg")
    boards = [
        (state.pairing_number(b.white), state.pairing_number(b.black))
        for b in state.rounds[-1].boards
    ]
    pab = state.rounds[-1].pab
    return boards + ([(state.pairing_number(pab), 0)] if pab is not None else [])


@pytest.mark.parametrize("trf_format", ["trf26", "trf16"])
def test_the_same_tournament_paired_both_ways_gives_the_same_boards(
    desk: Desk, tmp_path: Path, trf_format: str
) -> None:
    """TRF-2026 carries the settings as 260/250 records, TRF16 as JaVaFo's XXP/XXA lines."""
    for round_no in (1, 2, 3):
        state = desk.service().load("reg")
        request = pairing_request(state)
        document, problems = check_trf(_export(desk, tmp_path, trf_format))
        assert not [p for p in problems if p.severity == "error"]
        from_file = next_round_request(document)
        assert from_file.forbidden_pairs == request.forbidden_pairs
        assert [p.acceleration for p in from_file.players] == [
            p.acceleration for p in request.players
        ]
        expected = engine_boards(desk, tmp_path, round_no, trf_format)
        desk("pair-round", "reg")
        assert arbiter_boards(desk) == expected
        state = desk.service().load("reg")
        for board in range(1, len(state.rounds[-1].boards) + 1):
            desk("record-result", "reg", str(round_no), str(board), "1-0")


def _export(desk: Desk, tmp_path: Path, trf_format: str) -> bytes:
    target = tmp_path / "x.trf"
    desk("export", "reg", "--format", trf_format, "-o", str(target))
    return target.read_bytes()


def test_settings_are_obeyed(desk: Desk) -> None:
    state = desk.service().load("reg")
    request = pairing_request(state)
    costa, eik = state.pairing_number(3), state.pairing_number(5)
    assert frozenset((costa, eik)) in request.forbidden_pairs
    # Baku: 11 starters, group A = first 2*ceil(11/4) = 6; 5 rounds: +1 in rounds 1-2, +0.5 in 3.
    accelerated = {p.number: p.acceleration for p in request.players if p.acceleration}
    assert sorted(accelerated) == [1, 2, 3, 4, 5, 6, 11]
    assert accelerated[1] == {1: 1}
    desk("pair-round", "reg")
    state = desk.service().load("reg")
    clubs = {pid: state.player(pid).club for pid in state.order}
    for board in state.rounds[0].boards:
        assert clubs[board.white] != clubs[board.black]
        assert {board.white, board.black} != {3, 5}
    message = desk("settings", "reg", "--acceleration", "none", "--reason", "x", code=3)
    assert "only before round 1 is paired" in message
    assert desk("settings", "reg", "--avoid-same-federation", "--reason", "regulations") == (
        "reg: changed avoid_same_federation\n"
    )
    assert re.search("settings-changed", desk("log", "reg"))


def test_a_wish_yields_when_nothing_else_is_possible(tmp_path: Path) -> None:
    desk = Desk(tmp_path / "b.db")
    desk("create-tournament", "Club Night", "--rounds", "3", "--id", "reg", "--avoid-same-club")
    for name in ("A, A", "B, B", "C, C", "D, D"):
        desk("register", "reg", name, "--club", "Same Club")
    desk("pair-round", "reg")  # every pair is of one club: the wish yields
    assert len(desk.service().load("reg").rounds[0].boards) == 2
    desk("forbid-pair", "reg", "1", "2", "--reason", "x")
    desk("forbid-pair", "reg", "1", "3", "--reason", "x")
    desk("forbid-pair", "reg", "1", "4", "--reason", "x")
    for board in (1, 2):
        desk("record-result", "reg", "1", str(board), "1/2-1/2")
    assert "no valid pairing" in desk("pair-round", "reg", code=1).lower()


def test_the_readmes_settings_example_runs_as_written(arbiter: Arbiter) -> None:
    """Issue 28: a tie-break list given without an edition, to a tournament that declared
    none, is read under the edition in force, and the event states which one."""
    arbiter("create-tournament", "Spring Open", "--rounds", "3", "--tiebreaks", "")
    spring = arbiter
    spring("settings", "spring-open", "--avoid-same-federation", "--tiebreaks", "BH/C1 SB",
           "--reason", "R")  # fmt: skip
    shown = spring("standings", "spring-open").output
    assert "BH/C1" in shown and "SB" in shown
    store = SqliteEventStore(str(spring.db))
    try:
        changed = TournamentService(store).history("spring-open")[-1].event
    finally:
        store.close()
    assert getattr(changed, "tiebreak_rules", None) == "2026"


def test_a_round_robins_rounds_are_set_to_its_field_before_round_1(tmp_path: Path) -> None:
    # Created for 5 rounds, the field is 4 players: their table has 3 rounds (C.05 Annex 1).
    desk = Desk(tmp_path / "rr.db")
    created = desk("create-tournament", "Quad", "--rounds", "5", "--system", "round-robin")
    assert "arbiter draw-lots quad, and arbiter settings quad --rounds N" in created
    for name, rating, federation, _ in PLAYERS[:4]:
        desk("register", "quad", name, "--rating", str(rating), "--federation", federation)
    refused = desk("pair-round", "quad", code=3)
    assert "4 players play 3 rounds by the Berger table, not 5" in refused
    assert desk("settings", "quad", "--rounds", "3", "--reason", "four players") == (
        "quad: changed rounds\n"
    )
    desk("pair-round", "quad")
    assert "can change only before round 1" in desk("settings", "quad", "--rounds", "4", code=3)


def test_the_drawn_numbers_name_their_players(tmp_path: Path) -> None:
    """The arbiter reads the draw aloud in the hall: each number with its player's name."""
    desk = Desk(tmp_path / "rr.db")
    desk("create-tournament", "Quad", "--rounds", "3", "--system", "round-robin")
    for name, rating, federation, _ in PLAYERS[:4]:  # ids 1..4 in registration order
        desk("register", "quad", name, "--rating", str(rating), "--federation", federation)
    drawn = desk("draw-lots", "quad", "--order", "3,1,4,2")  # the numbers drawn in the hall
    assert drawn.splitlines() == [
        "quad: pairing numbers drawn:",
        "   1  Costa, C (player 3)",
        "   2  Aune, A (player 1)",
        "   3  Dahl, D (player 4)",
        "   4  Berg, B (player 2)",
    ]
    seeded = desk("draw-lots", "quad", "--seed", "7").splitlines()
    assert seeded[0] == "quad: pairing numbers drawn (seed 7):"
    assert sorted(line.split("  ", 2)[2] for line in seeded[1:]) == [
        "Aune, A (player 1)", "Berg, B (player 2)", "Costa, C (player 3)", "Dahl, D (player 4)"
    ]  # fmt: skip
