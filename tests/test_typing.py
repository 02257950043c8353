"""Every package passes ``mypy --strict`` (STYLE.md rule 10), with pyproject.toml's settings."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def test_mypy_settings_are_strict_over_every_top_level_package() -> None:
    config = _pyproject()
    mypy = config["tool"]["mypy"]
    installed = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert mypy["strict"] is True
    assert set(mypy["packages"]) == {name for name in installed if "." not in name}


@pytest.mark.slow
def test_mypy_strict_reports_no_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # mypy resolves the configured packages from the working directory; a fresh cache
    # makes the run check every file, as a clean clone in CI would.
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path)]
    )
    assert status == 0, f"mypy --strict found errors:\n{report}{errors}"
