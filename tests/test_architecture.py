"""Imports point the way docs/ARCHITECTURE.md says: the engine knows nothing of ours, events
knows only the engine (and its own schema), trf never reaches the edges."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = {"server", "events", "trf", "engine", "migrations"}
ALLOWED = {
    "engine": {"engine"},
    "events": {"events", "engine", "migrations"},
    "trf": {"trf", "events", "engine"},
    "migrations": {"migrations"},
}


def imported_packages(path: Path) -> set[str]:
    """Top-level packages of ours imported anywhere in a module, function bodies included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found & OURS


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_the_architecture_allows(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) - ALLOWED[package])
        for path in (ROOT / package).rglob("*.py")
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from server.cli import main\n    import trf.reader\n")
    assert imported_packages(module) == {"server", "trf"}
