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


def flat_system_modules(engine: Path, packages: tuple[str, ...]) -> list[str]:
    """Modules directly in ``engine/`` named for a pairing system (``<system>.py`` or
    ``<system>_*.py``): each system lives in its own package, ``engine/<system>/``."""
    prefixes = set(packages)
    return sorted(
        path.name
        for path in engine.glob("*.py")
        if any(path.stem == p or path.stem.startswith(f"{p}_") for p in prefixes)
    )


def test_every_pairing_system_is_a_package_of_its_own() -> None:
    from engine import systems

    # A row's package is its name as a Python name (round-robin: engine/round_robin/).
    packages = tuple(row.name.replace("-", "_") for row in systems.rows())
    assert flat_system_modules(ROOT / "engine", packages) == []
    for package in packages:
        assert (ROOT / "engine" / package / "system.py").is_file(), package


def test_the_layout_check_sees_a_flat_system_module(tmp_path: Path) -> None:
    for name in ("lim_groups.py", "amalfi.py", "common.py", "dutchess.py"):
        (tmp_path / name).write_text("")
    assert flat_system_modules(tmp_path, ("dutch", "lim", "amalfi")) == [
        "amalfi.py",
        "lim_groups.py",
    ]


def declared_public(init: Path) -> set[str]:
    """The modules a package's ``__init__.py`` names in its ``__all__``: its public modules,
    as ``chess.pgn`` is beside ``chess``."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            names = {e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant)}
            return {n for n in names if isinstance(n, str) and (init.parent / f"{n}.py").is_file()}
    return set()


def public_roots(root: Path) -> set[str]:
    """The dotted names another package may import from: each top-level package of ours and its
    subpackages (folders with ``__init__.py``), unless a name starts with ``_``, and the modules
    a package's ``__all__`` declares public. Any other module file is internal."""
    found: set[str] = set()
    for package in OURS:
        for init in (root / package).rglob("__init__.py"):
            parts = init.parent.relative_to(root).parts
            if not any(part.startswith("_") for part in parts):
                found.add(".".join(parts))
                found.update(".".join((*parts, m)) for m in declared_public(init))
    return found


def reaches_into(path: Path, package: str, roots: set[str]) -> list[str]:
    """Imports in ``path`` (of ``package``) that name a module inside another package of ours
    instead of that package's root (or a public subpackage's root)."""
    bad: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top in OURS and top != package and name not in roots:
                bad.append(name)
    return bad


@pytest.mark.parametrize("package", sorted(OURS))
def test_other_packages_are_imported_from_their_roots(package: str) -> None:
    roots = public_roots(ROOT)
    offenders = {
        str(path.relative_to(ROOT)): reaches_into(path, package, roots)
        for path in (ROOT / package).rglob("*.py")
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_root_check_sees_a_reach_into_a_module(tmp_path: Path) -> None:
    (tmp_path / "engine" / "dutch").mkdir(parents=True)
    (tmp_path / "engine" / "dutch" / "__init__.py").write_text("")
    (tmp_path / "engine" / "__init__.py").write_text('__all__ = ["pair", "model"]\n')
    for name in ("model", "matching"):
        (tmp_path / "engine" / f"{name}.py").write_text("")
    module = tmp_path / "m.py"
    module.write_text(
        "from engine import pair\nfrom engine.dutch import pair\nfrom engine.model import Board\n"
        "import engine.matching\n"
    )
    roots = public_roots(tmp_path)
    assert reaches_into(module, "trf", roots) == ["engine.matching"]


HANDFUL = 12


@pytest.mark.parametrize("package", sorted(OURS - {"migrations"}))
def test_each_root_exports_a_handful_of_names_beside_its_public_modules(package: str) -> None:
    init = ROOT / package / "__init__.py"
    module = __import__(package)
    names = set(module.__all__) - declared_public(init)
    assert len(names) <= HANDFUL, sorted(names)
