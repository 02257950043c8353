"""Setuptools' build backend, plus what the compiled build needs (``ARBITER_MYPYC=1``,
setup.py): mypy to compile with, and the project's dependencies and type stubs for mypy to
check the compiled modules against, installed only into that build's environment. A default
build asks for nothing more than setuptools.

The compiled build makes wheels only: setuptools compiles an editable install's extensions
into the checkout, where each ``.so`` would be imported instead of the ``.py`` beside it,
so edits would silently not run.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import build_meta
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

_COMPILER_TOOLS = ("mypy", "types-networkx")
"""Taken from the test extra, pinned there: the compiler is the mypy that checks the code."""


def compiled() -> bool:
    """Whether this build compiles the pairing path (setup.py reads the same variable)."""
    return os.environ.get("ARBITER_MYPYC") == "1"


def compiler_requirements(pyproject: Path) -> list[str]:
    """The dependencies (PostgreSQL's extra too: mypy follows the imports into its store)
    and the test extra's mypy and stubs, from ``pyproject``."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    tools = [
        requirement
        for requirement in extras["test"]
        if requirement.split("=")[0].split(">")[0] in _COMPILER_TOOLS
    ]
    return [*project["dependencies"], *extras["postgres"], *tools]


def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    if not compiled():
        return build_meta.get_requires_for_build_wheel(config_settings)
    # Not setuptools' own answer: that runs setup.py, which imports the compiler asked for here.
    return compiler_requirements(Path("pyproject.toml"))


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, str | list[str]] | None = None
) -> str:
    """Setuptools' metadata, which is the same compiled or not; it runs setup.py, so the
    compiled build would otherwise compile twice."""
    compiling = os.environ.pop("ARBITER_MYPYC", None)
    try:
        return build_meta.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    finally:
        if compiling is not None:
            os.environ["ARBITER_MYPYC"] = compiling


def get_requires_for_build_editable(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    if compiled():
        raise SystemExit(
            "ARBITER_MYPYC=1 builds a wheel or a regular install (pip install . or pip wheel .), "
            "never an editable one: compiled modules in the checkout would be imported instead "
            "of the .py files being edited"
        )
    return build_meta.get_requires_for_build_editable(config_settings)
