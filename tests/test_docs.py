"""The README's commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_opens_with_exactly_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    assert all(command.startswith("python3 -m venv .venv && ") for command in commands)


def test_ci_runs_the_readme_test_command() -> None:
    ci_script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_commands()[1] in ci_script
