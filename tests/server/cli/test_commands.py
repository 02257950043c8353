"""The ``arbiter`` command line, driven through click's runner against a real SQLite file."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from engine.errors import NoValidPairing as EngineNoValidPairing
from engine.model import Board, Pairing, PairingRequest, RoundKind
from events.errors import (
    IdempotencyKeyReused,
    NoValidPairing,
    PairingSystemUnavailable,
    StoreError,
    UnknownPlayer,
    WrongExpectedVersion,
)
from server.cli import describe, exit_code, main, rounds, standings, tournament
from server.cli.demo import demo
from server.cli.support import CliContext
from server.service import PairingSystem

ROOT = Path(__file__).resolve().parents[3]


def by_tpn(system: str) -> PairingSystem:
    """A stand-in engine: the PAB to the lowest-ranked player without one, then each player
    in TPN order meets the next one not yet played."""
    if system != "dutch":
        raise PairingSystemUnavailable(system)

    def pair(request: PairingRequest) -> Pairing:
        players = [p for p in request.players if p.available]
        bye = None
        if len(players) % 2:
            bye = next(
                p for p in reversed(players) if all(r.kind is not RoundKind.PAB for r in p.history)
            )
            players.remove(bye)
        boards = []
        while players:
            top = players.pop(0)
            met = {r.opponent for r in top.history if r.kind is RoundKind.PLAYED}
            other = next(p for p in players if p.number not in met)
            players.remove(other)
            boards.append(Board(top.number, other.number))
        return Pairing(boards=tuple(boards), bye=bye.number if bye else None)

    return PairingSystem(pair, "test 1")


class Arbiter:
    """Runs commands against one database file, each in a fresh context like a real shell."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def __call__(self, *args: str, code: int = 0) -> Result:
        result = CliRunner().invoke(main, list(args), obj=CliContext(self.db, engines=by_tpn))
        assert result.exit_code == code, (result.output, result.stderr)
        return result

    def error(self, *args: str, code: int = 3) -> str:
        """Run a command that must fail: exactly one line on stderr, nothing on stdout."""
        result = self(*args, code=code)
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ")
        return lines[0]


def all_commands() -> list[tuple[str, click.Command]]:
    """Every leaf command of ``arbiter``, named as typed (``trf check``), groups walked."""
    found: list[tuple[str, click.Command]] = []

    def walk(prefix: str, group: click.Group) -> None:
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                walk(f"{prefix}{name} ", command)
            else:
                found.append((prefix + name, command))

    walk("", main)
    return found


def test_every_command_has_help_with_an_example() -> None:
    # STYLE.md: each help text has a one-line summary and an ``Example:`` block.
    for name, _ in all_commands():
        result = CliRunner().invoke(main, [*name.split(), "--help"])
        assert result.exit_code == 0, name
        assert "Example:" in result.output, name


def test_every_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [
        name for name, _ in all_commands() if not re.search(rf"arbiter[^\n`]* {name}\b", readme)
    ]
    assert missing == []
    assert {name for name, _ in all_commands()} >= {
        c.name for c in (*tournament.COMMANDS, *rounds.COMMANDS, *standings.COMMANDS, demo)
    }


def test_create_and_register(spring: Arbiter) -> None:
    shown = spring("show", "spring-open").output
    # TPN order (general.md §3.2): rating, then title (WGM before FM), then name.
    names = re.findall(r"^\d+\s+\d+\s+(\w+, \w+)", shown, re.MULTILINE)
    assert names == [
        "Aune, Ingrid",
        "Costa, Marta",
        "Brandt, Jonas",
        "Dahl, Erik",
        "Eriksen, Sofie",
    ]
    assert "Oslo 2026-04-01" in shown
    assert spring("tournaments").output == "spring-open\n"


def test_a_round_from_pairing_to_standings(spring: Arbiter) -> None:
    spring("request-bye", "spring-open", "5", "1", "--kind", "half")
    paired = spring("pair-round", "spring-open").output
    assert "Round 1 (dutch)" in paired
    assert "not paired: Eriksen, Sofie (id 5, half-point-bye)" in paired
    assert re.search(r"1\s+2\s+Aune, Ingrid \(0\)\s+…\s+3\s+Costa, Marta \(0\)", paired)
    spring("record-result", "spring-open", "1", "1", "1-0")
    # "-/+" starts with a dash and still reads as a result, not an option
    assert (
        spring("record-result", "spring-open", "1", "2", "-/+").output == "round 1 board 2: -/+\n"
    )
    table = spring("standings", "spring-open").output.splitlines()
    # created without tie-breaks: the Swiss list under C.07 2026 (issue 28 item 4)
    assert table[0] == "Standings after round 1 (C.07 2026: PTS BH/C1 BH DE SB WIN BWG)"
    assert table[-1].startswith("Counted: round 1. A round counts once every one of its results")
    rows = [line.split() for line in table[2:-1]]
    # Aune 1 (won), Dahl 1 (forfeit win), Eriksen ½ (bye), then Costa and Brandt 0: Costa
    # lost to Aune over the board (BH 1) and is placed above Brandt, who lost by forfeit and
    # met nobody (BH 0)
    assert [(row[0], row[3], row[6], row[8]) for row in rows] == [
        ("1", "Aune,", "1.0", "0.0"),
        ("1", "Dahl,", "1.0", "0.0"),
        ("3", "Eriksen,", "0.5", "0.5"),
        ("4", "Costa,", "0.0", "1.0"),
        ("5", "Brandt,", "0.0", "0.0"),
    ]


def test_corrections_and_replay(spring: Arbiter) -> None:
    spring("pair-round", "spring-open")
    spring("record-result", "spring-open", "1", "1", "1/2-1/2")
    spring("record-result", "spring-open", "1", "2", "0-1")
    assert spring("correct-result", "spring-open", "1", "1", "1-0", "--reason", "sheet").output == (
        "round 1 board 1: 1/2-1/2 corrected to 1-0\n"
    )
    spring("pair-round", "spring-open")
    log = spring("log", "spring-open").output
    assert "result-corrected" in log and '"previous":"1/2-1/2"' in log
    # replay to the end of round 1: the second pairing is not in it
    replayed = spring("log", "spring-open", "--round", "1").output
    assert replayed.count("round-paired") == 1
    assert "Round 2" not in spring("show", "spring-open", "--round", "1").output
    assert "Round 2" in spring("show", "spring-open").output
    assert (
        "0 of 3 rounds paired; stream version 2"
        in spring("show", "spring-open", "--version", "2").output
    )
    lines = spring("log", "spring-open", "--json").output.splitlines()
    assert '"event_type":"tournament-created"' in lines[0] and len(lines) == 11
    assert '"source":"cli"' in lines[-1]  # every CLI event records its edge and actor


def test_withdraw_correct_and_close(spring: Arbiter) -> None:
    assert (
        spring("withdraw", "spring-open", "2", "--from-round", "2").output
        == "player 2 withdrawn from round 2\n"
    )
    spring("correct-player", "spring-open", "1", "--rating", "2500", "--name", "Dahl, Erik Olav")
    assert re.search(
        r"^1\s+1\s+Dahl, Erik Olav", spring("show", "spring-open").output, re.MULTILINE
    )  # now TPN 1
    spring("request-bye", "spring-open", "3", "2")
    spring("cancel-bye", "spring-open", "3", "2")
    spring("close-tournament", "spring-open")
    assert "closed" in spring("show", "spring-open").output.splitlines()[0]


def test_refusals_print_one_line_and_exit_3(spring: Arbiter) -> None:
    assert spring.error("register", "nope", "X, Y") == "Error: no tournament 'nope'"
    assert "no player 9" in spring.error("withdraw", "spring-open", "9")
    spring("pair-round", "spring-open")
    spring("record-result", "spring-open", "1", "1", "1-0")
    assert "use a correction" in spring.error("record-result", "spring-open", "1", "1", "0-1")
    assert "round 1 still has no result on board(s) 2" in spring.error("pair-round", "spring-open")
    assert "'2-0' is not a result" in spring.error("record-result", "spring-open", "1", "2", "2-0")
    assert "already paired" in spring.error("request-bye", "spring-open", "1", "1")
    assert "--points 'pab'" in spring.error(
        "create-tournament", "X", "--rounds", "5", "--points", "pab"
    )
    assert "already exists" in spring.error("create-tournament", "Spring Open", "--rounds", "5")
    assert "'lim' is not available" in spring.error("pair-round", "spring-open", "--system", "lim")
    assert (
        spring.error(
            "create-tournament", "Lim", "--rounds", "5", "--system", "lim", "--rules", "fide-2017"
        )
        == "Error: the lim system has no fide-2017 edition; its editions: fide-2026"
    )


def test_unusable_database_path_exits_5(tmp_path: Path) -> None:
    Arbiter(tmp_path / "missing" / "dir" / "arbiter.db").error("tournaments", code=5)


def test_a_store_that_cannot_serve_says_what_to_check(tmp_path: Path) -> None:
    """StoreUnavailable (issue 26): exit 5, the driver's reason, and what to do about it."""
    line = Arbiter(tmp_path / "missing" / "arbiter.db").error(
        "create-tournament", "Open", "--rounds", "3", code=5
    )
    assert line.startswith("Error: cannot open the event store")
    assert "unable to open database file" in line and "check the disk" in line


def test_click_usage_errors_are_invalid_input(arbiter: Arbiter) -> None:
    assert arbiter("register", code=3).exit_code == 3


def test_demo_creates_once_and_shows(arbiter: Arbiter) -> None:
    first = arbiter("demo").output
    assert "Arbiter Demo Open (demo): 5 rounds" in first
    assert "Round 1 (dutch)" in first  # paired by the stand-in engine
    assert "pairing-allocated bye" in first  # seven players
    second = arbiter("demo").output
    assert "already exists" in second and second.count("Round 1") == 1
    assert arbiter("tournaments").output == "demo\n"


def test_demo_without_an_engine_still_shows_the_tournament(tmp_path: Path) -> None:
    def none(system: str) -> PairingSystem:
        raise PairingSystemUnavailable(system)

    result = CliRunner().invoke(main, ["demo"], obj=CliContext(tmp_path / "d.db", engines=none))
    assert result.exit_code == 0
    assert "round 1 not paired: pairing system 'dutch' is not available" in result.output
    assert "Aune, Ingrid" in result.output


def test_db_option_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    create = ["create-tournament", "Open", "--rounds", "3"]
    assert runner.invoke(main, ["--db", "other.db", *create]).exit_code == 0
    assert runner.invoke(main, create).exit_code == 0
    assert (tmp_path / "other.db").exists() and (tmp_path / "arbiter.db").exists()
    assert runner.invoke(main, ["--db", "other.db", "tournaments"]).output == "open\n"


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (NoValidPairing(3, "C1"), 1),
        (EngineNoValidPairing("C1"), 1),
        (UnknownPlayer(4), 3),
        (PairingSystemUnavailable("lim"), 3),
        (IdempotencyKeyReused("k"), 3),
        (WrongExpectedVersion("tournament-x", 3, 4), 2),
        (StoreError("disk full"), 5),
        (PermissionError("arbiter.db"), 5),
        (ZeroDivisionError("bug"), 2),
    ],
)
def test_exit_code_table(error: Exception, code: int) -> None:
    """STYLE.md: 1 no valid pairing, 2 unexpected, 3 invalid input, 5 file access."""
    assert exit_code(error) == code


def test_unexpected_errors_are_flagged_as_bugs() -> None:
    assert describe(ZeroDivisionError("division by zero")).startswith(
        "unexpected ZeroDivisionError"
    )
    assert describe(UnknownPlayer(4)) == "no player 4 in this tournament"
