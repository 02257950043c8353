"""Every line of the README's command table runs as written (issue 28 item 4): in order, in a
shell, in a scratch folder whose ``arbiter.db`` starts empty, with the files the lines name
made first. A line ``[OPTIONAL]`` parts run without them; the exit code must be 0."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.corpus import shared_path

ROOT = Path(__file__).resolve().parents[1]

NOT_RUN = {
    "arbiter serve": "serves until stopped (tests/server/cli/test_serve.py starts it)",
    "arbiter --db postgresql://": "needs a PostgreSQL server at db (tests/server/cli/test_db.py)",
    "arbiter db copy arbiter.db postgresql://": "the same",
}
"""Lines left out, by how they start, and why: each must still be in the table."""

ARBITER = str(Path(sys.executable).parent / "arbiter")
"""The console script of this environment, as the README's lines call it."""

PASSWORD = "a long enough password 28"


def command_lines(readme: str) -> list[str]:
    """The table's commands: each line of the ``text`` block under "## Command line", cut
    where its description starts (two or more spaces), optional ``[...]`` parts dropped.

    >>> command_lines("## Command line\\n```text\\narbiter x [--y Y]  does x\\n```\\n")
    ['arbiter x']
    """
    section = readme.split("## Command line", 1)[1]
    block = re.search(r"```text\n(.*?)\n```", section, re.DOTALL)
    assert block is not None, "README.md has a command table"
    commands = []
    for line in block.group(1).splitlines():
        command = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        commands.append(re.sub(r"\s*\[[^\]]*\]", "", command))
    return commands


def inputs(folder: Path) -> None:
    """The files the table names: a FIDE list holding the README's players, a finished TRF
    tournament (``open.trf``, ``FULL.trf``), a round to pair (``INPUT.trf``, ``IN.trf``,
    ``DIR/``), a CSV of players and a JaVaFo generator file."""
    fixture = shared_path("fixtures", "rating-list", "players_list_foa.txt").read_text()
    header, *rows = fixture.splitlines()
    nunez = next(row for row in rows if row.startswith("900111 "))
    listed = "\n".join([header, nunez.replace("900111", "700070", 1), *rows[:20]]) + "\n"
    with zipfile.ZipFile(folder / "players_list.zip", "w") as archive:
        archive.writestr("players_list_foa.txt", listed)
    problem = shared_path("fixtures", "dutch", "problems", "dutch-t01-p0007-r02of05.trf")
    for name in ("INPUT.trf", "IN.trf", "DIR/a.trf", "DIR/b.trf"):
        (folder / name).parent.mkdir(exist_ok=True)
        shutil.copy(problem, folder / name)
    (folder / "players.csv").write_text(
        'Name,Rating,Federation\n"Aune, Ingrid",2412,NOR\n"Costa, Marta",2385,POR\n'
        '"Dahl, Erik",2210,NOR\n"Aune, Ingrid",2412,NOR\n'
    )
    (folder / "javafo.cfg").write_text("PlayersNumber=16\nRoundsNumber=5\nDrawPercentage=30\n")
    for name, seed in (("open.trf", "3"), ("FULL.trf", "5")):
        subprocess.run(
            [ARBITER, "generate", "--system", "dutch", "--players", "16", "--rounds", "7", "--seed", seed, "-o", name],
            cwd=folder, check=True, capture_output=True,
        )  # fmt: skip


@pytest.mark.slow
def test_every_readme_command_line_runs_as_written(tmp_path: Path) -> None:
    commands = command_lines((ROOT / "README.md").read_text(encoding="utf-8"))
    left_out = {start for start in NOT_RUN for command in commands if command.startswith(start)}
    assert left_out == set(NOT_RUN), "every line left out is still in the README"
    inputs(tmp_path)
    bin_dir = str(Path(ARBITER).parent)
    environment = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"]}
    environment.pop("ARBITER_DB", None)
    environment.pop("ARBITER_TOKEN", None)
    failures = []
    for command in commands:
        if command.startswith(tuple(NOT_RUN)):
            continue
        done = subprocess.run(
            ["bash", "-c", command], check=False, cwd=tmp_path, env=environment, text=True,
            input=f"{PASSWORD}\n{PASSWORD}\n", capture_output=True, timeout=120,
        )  # fmt: skip
        if done.returncode != 0:
            failures.append(f"{command}\n  exit {done.returncode}: {done.stderr.strip()}")
    assert not failures, "\n".join(failures)
