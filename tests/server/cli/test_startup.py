"""The ``arbiter`` group loads a command's module only when that command runs: ``arbiter pair``
is started by other tournament programs once per round and must not load the HTTP server
(aiohttp) or the SQLite store (sqlite-utils). And every command is still reachable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click

from server.cli import (
    corrections,
    demo,
    engines,
    main,
    printing,
    regulations,
    rounds,
    serve,
    standings,
    tournament,
    trf,
)
from tests.corpus import shared_path

ROOT = Path(__file__).resolve().parents[3]
PROBLEM = ("fixtures", "dutch", "problems", "dutch-t01-p0007-r02of05.trf")
HEAVY = ("aiohttp", "aiohttp_sse", "server.http.app", "sqlite_utils", "events.sqlite_store")

_PAIR_IN_A_FRESH_INTERPRETER = """
import json, sys
from server.cli import main
code = None
try:
    main(["pair", "--dutch", sys.argv[1], "-p", sys.argv[2]])
except SystemExit as stop:
    code = stop.code
print(json.dumps({"code": code, "loaded": [m for m in sys.argv[3:] if m in sys.modules]}))
"""


def test_pair_loads_neither_the_http_server_nor_the_store(tmp_path: Path) -> None:
    problem = shared_path(*PROBLEM)
    output = tmp_path / "pairing.txt"
    run = subprocess.run(
        [sys.executable, "-c", _PAIR_IN_A_FRESH_INTERPRETER, str(problem), str(output), *HEAVY],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    report = json.loads(run.stdout)
    assert report == {"code": 0, "loaded": []}, run.stderr
    # And it paired: the reference engine's answer for this problem.
    assert output.read_text() == problem.with_name(problem.stem + ".pairing.txt").read_text()


def test_every_command_is_listed_and_loads_under_its_own_name() -> None:
    modules = (
        tournament,
        rounds,
        standings,
        trf,
        engines,
        serve,
        demo,
        corrections,
        regulations,
        printing,
    )
    defined = {command.name for module in modules for command in module.COMMANDS}
    with click.Context(main) as ctx:
        listed = main.list_commands(ctx)
        assert set(listed) == defined
        for name in listed:
            command = main.get_command(ctx, name)
            assert command is not None and command.name == name
