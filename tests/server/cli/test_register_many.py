"""``arbiter register-many`` (issue 19 item 6): header-named columns, per-line errors, all or
nothing."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from server.cli import main
from server.cli.support import CliContext


def arbiter(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), obj=CliContext(db))


def test_columns_in_any_order_and_case(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    arbiter(db, "create-tournament", "Open", "--rounds", "5")
    players = tmp_path / "players.csv"
    players.write_text(
        "Club,FIDE ID,Name,Rating,Title,Fed,Sex,Birth date\n"
        'Oslo SK,1503014,"Carlsen, Magnus",2830,gm,nor,M,1990-11-30\n'
        "\n"
        ',,"Aune, Ingrid",,,,,\n',
        encoding="utf-8",
    )
    result = arbiter(db, "register-many", "open", str(players))
    assert result.exit_code == 0, result.output
    assert result.stdout == "registered 2 players: ids 1 to 2\n"
    shown = arbiter(db, "show", "open").stdout
    assert "Carlsen, Magnus" in shown and "GM" in shown and "NOR" in shown
    assert "Aune, Ingrid" in shown


def test_every_bad_line_is_reported_and_nobody_is_registered(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    arbiter(db, "create-tournament", "Open", "--rounds", "5")
    arbiter(db, "register", "open", "Carlsen, Magnus", "--fide-id", "1503014")
    players = tmp_path / "players.csv"
    players.write_text(
        "name,fide id,rating,federation,birth date\n"
        '"Good, One",,2000,NOR,\n'
        '"Bad, Rating",,twelve,NOR,\n'
        '"Bad, Fed",,2000,NORWAY,\n'
        '"Twin, Carlsen",1503014,2000,,\n'
        '"Bad, Date",,2000,,30.11.1990\n',
        encoding="utf-8",
    )
    result = arbiter(db, "register-many", "open", str(players))
    assert result.exit_code == 3
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == f"{players}:3: rating 'twelve' is not a number"
    assert lines[1].startswith(f"{players}:4: federation 'NORWAY': Expected `str` matching")
    assert lines[2] == f"{players}:6: birth date '30.11.1990' is not YYYY-MM-DD"
    assert lines[-1].endswith("3 problem(s); nobody registered")
    # The rows that parse are then checked against the tournament: still line-numbered.
    players.write_text(
        'name,fide id,federation\n"Good, One",,NOR\n"Twin, Carlsen",1503014,\n',
        encoding="utf-8",
    )
    result = arbiter(db, "register-many", "open", str(players))
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines[0] == f"{players}:3: FIDE id 1503014 is already registered as player 1"
    assert "Good, One" not in arbiter(db, "show", "open").stdout


def test_an_unknown_column_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    arbiter(db, "create-tournament", "Open", "--rounds", "5")
    players = tmp_path / "players.csv"
    players.write_text("name,elo\nA,2000\n", encoding="utf-8")
    result = arbiter(db, "register-many", "open", str(players))
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0] == f"{players}:1: unknown column 'elo'"
