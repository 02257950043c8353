"""The ``arbiter`` group loads a command's module only when that command runs: ``arbiter pair``
is started by other tournament programs once per round and must load what pairing a file
needs and nothing else: not the HTTP server (aiohttp), the pages (Jinja2), the database
drivers, nor the event store, the decisions, the projections or the service that runs them.
And every command is still reachable."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import click

import server.cli
from engine import system_names
from engine.systems import is_round_robin
from server.cli import main
from tests.corpus import shared_path

ROOT = Path(__file__).resolve().parents[3]
PROBLEM = ("fixtures", "dutch", "problems", "dutch-t01-p0007-r02of05.trf")
HEAVY = (
    "aiohttp",
    "aiohttp_sse",
    "jinja2",
    "psycopg",
    "sqlite_utils",
    "sqlite3",
    "server.http",
    "server.service.tournament",
    "server.service.runner",
    "events.store",
    "events.sqlite_store",
    "events.memory_store",
    "events.decisions",
    "events.projections",
    "events.types",
    "events.tiebreaks",
    "trf.mapping",
    "trf.export",
)

_PAIR_IN_A_FRESH_INTERPRETER = """
import json, sys
from server.cli import main
problem, output, systems, heavy = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4:]
codes = []
for system in systems:
    for extra in ([], ["--explain"]):
        try:
            main(["pair", f"--{system}", problem, "-p", output, *extra])
        except SystemExit as stop:
            codes.append(stop.code)
print(json.dumps({"codes": sorted(set(codes)), "loaded": [m for m in heavy if m in sys.modules]}))
"""


def test_pair_loads_what_pairing_a_file_needs_and_nothing_more(tmp_path: Path) -> None:
    """Every system, with and without ``--explain``, in one interpreter: what any of them
    loaded stays loaded, so the list at the end covers them all."""
    problem = shared_path(*PROBLEM)
    output = tmp_path / "pairing.txt"
    # Dutch last, so that the file left is its pairing, which the reference engine's answer
    # checks. A round-robin refuses this Swiss file (7 players, 5 rounds: not its table).
    swiss = [name for name in system_names() if not is_round_robin(name)]
    systems = ",".join(sorted(swiss, key=lambda name: name == "dutch"))
    run = subprocess.run(
        [sys.executable, "-c", _PAIR_IN_A_FRESH_INTERPRETER, problem, output, systems, *HEAVY],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(run.stdout.splitlines()[-1]) == {"codes": [0], "loaded": []}, run.stderr
    assert output.read_text() == problem.with_name(problem.stem + ".pairing.txt").read_text()


def test_every_command_is_listed_and_loads_under_its_own_name() -> None:
    found = (
        importlib.import_module(info.name)
        for info in pkgutil.iter_modules(server.cli.__path__, prefix="server.cli.")
    )
    modules = [module for module in found if hasattr(module, "COMMANDS")]
    defined = {command.name for module in modules for command in module.COMMANDS}
    with click.Context(main) as ctx:
        listed = main.list_commands(ctx)
        assert set(listed) == defined
        for name in listed:
            command = main.get_command(ctx, name)
            assert command is not None and command.name == name


def test_version_loads_no_command_and_no_package_metadata() -> None:
    """``arbiter --version`` reads ``server.__version__``: importlib.metadata alone would
    take longer to load than the rest of the start."""
    script = (
        "import sys\nfrom server.cli import main\ntry:\n    main(['--version'])\n"
        "except SystemExit:\n    pass\n"
        "print([m for m in sys.modules if m.startswith(('importlib.metadata', 'engine', 'trf'))])"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert run.stdout.splitlines() == [f"arbiter, version {server.__version__}", "[]"]
