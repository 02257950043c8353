"""Command-line hygiene (issue 19 item 8): read-only commands create nothing, one exit-code
table including usage errors, token rotation, quiet broken pipes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from server.cli import main
from server.cli.serve import token_file_of
from server.cli.support import CliContext
from server.settings import Settings, hash_token, token_matches


def run(db: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), obj=CliContext(db))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["tournaments"],
        ["show", "open"],
        ["log", "open"],
        ["standings", "open"],
        ["crosstable", "open"],
        ["export", "open"],
    ],
)
def test_read_only_commands_never_create_a_database(tmp_path: Path, command: list[str]) -> None:
    db = tmp_path / "typo.db"
    code, out, err = run(db, *command)
    assert code == 5
    assert out == ""
    assert str(db) in err and "no database" in err
    assert not db.exists()


def test_usage_errors_exit_3_invalid_input(tmp_path: Path) -> None:
    assert run(tmp_path / "a.db", "register")[0] == 3  # missing arguments
    assert run(tmp_path / "a.db", "show", "open", "--bogus")[0] == 3  # unknown option
    assert run(tmp_path / "a.db", "no-such-command")[0] == 3
    assert run(tmp_path / "a.db", "--help")[0] == 0


def test_token_rotate_issues_a_new_token_and_the_old_one_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    settings = Settings(token_sha256=hash_token("first"), token_digest_file=str(token_file_of(db)))
    assert token_matches("first", settings.current_token_sha256())  # no file yet: the start digest
    code, out, _ = run(db, "token", "--rotate")
    assert code == 0
    new = out.split("keep it): ")[1].split()[0]
    assert token_file_of(db).read_text().strip() == hash_token(new)
    assert token_matches(new, settings.current_token_sha256())
    assert not token_matches("first", settings.current_token_sha256())
    code, out, _ = run(db, "token", "--rotate")
    assert not token_matches(new, settings.current_token_sha256())
    assert run(db, "token")[0] == 3  # the token cannot be shown again


@pytest.mark.slow
def test_a_closed_pipe_is_quiet_and_exits_0(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(
        "name,rating\n" + "".join(f'"Player{n:04d}, Given",{1000 + n}\n' for n in range(600)),
        encoding="utf-8",
    )
    assert run(db, "create-tournament", "Big", "--rounds", "5")[0] == 0
    assert run(db, "register-many", "big", str(csv_file))[0] == 0
    env = {**os.environ, "ARBITER_DB": str(db)}
    reader = subprocess.Popen(
        [str(Path(sys.executable).with_name("arbiter")), "log", "big", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.readline()
    reader.stdout.close()  # like `head -1`
    assert reader.wait(timeout=60) == 0
    with reader.stderr:
        assert reader.stderr.read() == b""
