"""The docs are checked from the code side: the README's commands are the ones CI runs, and the
names the changelog and ARCHITECTURE.md give exist."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

from engine import systems
from events.types import EVENT_TYPES
from server.service.access import Role, least_role

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["engine", "events", "trf", "server", "migrations"]


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


def _public_modules() -> list[ModuleType]:
    modules = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        modules.append(package)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            if not info.name.endswith("__main__"):
                modules.append(importlib.import_module(info.name))
    return modules


def _has_attribute(owner: object, name: str) -> bool:
    """An attribute, or a field a struct or dataclass declares (``Event.field``)."""
    fields = getattr(owner, "__struct_fields__", ()) or getattr(owner, "__dataclass_fields__", {})
    return hasattr(owner, name) or name in fields


def _resolves(dotted: str, modules: list[ModuleType]) -> bool:
    """``pkg.module.name`` imports and has the attribute chain; ``Class.attribute`` names a
    class (or function) some module of ours defines, with that attribute."""
    head, *rest = dotted.split(".")
    if head in PACKAGES:
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                owner: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for name in parts[cut:-1]:
                if not hasattr(owner, name):
                    return False
                owner = getattr(owner, name)
            return cut == len(parts) or _has_attribute(owner, parts[-1])
        return False
    owners = [getattr(module, head) for module in modules if hasattr(module, head)]
    return any(all(_has_attribute(owner, name) for name in rest[:1]) for owner in owners)


_FILE_SUFFIXES = {"py", "js", "css", "html", "md", "json", "sql", "po", "trf", "txt", "csv"}
"""A file's name (``desk.js``) is not a dotted name to import."""


def test_changelog_names_resolve() -> None:
    """Every dotted name the changelog writes in backticks exists today; a name that is gone
    is struck through (``~~`events.commands`~~``), so a reader is never sent to a ghost."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    text = re.sub(r"~~`[^`]+`~~", "", text)
    names = set(re.findall(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\([^`]*\))?`", text))
    names -= {name for name in names if name.rpartition(".")[2] in _FILE_SUFFIXES}
    modules = _public_modules()
    assert names, "the pattern finds the changelog's names"
    assert sorted(name for name in names if not _resolves(name, modules)) == []


_TOP = ("engine/", "events/", "trf/", "server/", "migrations/", "tests/", "bench/", "docs/")


def _architecture_paths() -> list[str]:
    """The paths ARCHITECTURE.md names: absolute ones (``events/store.py``, ``:symbol`` cut),
    and bare names in the same table cell, read in the last folder named before them or in
    a subfolder of it named since (``engine/burstein/`` (+ ``rules2017/``: ``players.py``))."""
    paths = []
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for cell in re.split(r"\||\n", text):
        folders: list[str] = []
        for quoted in re.findall(r"`([^`\s]+)`", cell):
            token = quoted.split(":")[0]
            if "<" in token or token.startswith(".."):
                continue
            if token.startswith(_TOP):
                paths.append(token)
                folders = [token] if token.endswith("/") else folders
            elif folders and re.fullmatch(r"[\w/]+(\.py|/)", token):
                found = [folder + token for folder in folders if (ROOT / folder / token).exists()]
                paths.append((found or [folders[0] + token])[0])
                if token.endswith("/"):
                    folders.append(folders[0] + token)
    return paths


def test_architecture_names_only_what_exists() -> None:
    """The "where things live" and "where do I change X" tables name files that exist."""
    paths = _architecture_paths()
    assert "events/store.py" in paths
    assert [path for path in paths if not (ROOT / path).exists()] == []


def test_readme_systems_table_is_the_engine_table() -> None:
    """The README's systems and editions are the rows of ``engine.systems``, in its order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"<!-- systems -->\n(.*?)\n<!-- /systems -->", text, re.DOTALL)
    assert section is not None, "README.md marks its systems table"
    rows = section.group(1).splitlines()[2:]
    expected = [
        f"| {system.title} | `{system.name}` | "
        + ", ".join(edition.removeprefix("fide-") for edition in system.editions)
        + " | "
        + (", ".join(f"`{variant.name}`" for variant in system.variants) or "-")
        + " |"
        for system in systems.rows()
    ]
    assert rows == expected


def test_readme_roles_table_is_the_access_table() -> None:
    """The README's roles are :class:`Role`'s, in its order, each with the events
    :func:`least_role` gives it (the table the service enforces)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"<!-- roles -->\n(.*?)\n<!-- /roles -->", text, re.DOTALL)
    assert section is not None, "README.md marks its roles table"
    cells = [row.strip("|").split(" | ") for row in section.group(1).splitlines()[2:]]
    rendered = [
        ", ".join(f"`{tag}`" for tag, kind in EVENT_TYPES.items() if least_role(kind) == role)
        for role in Role
    ]
    expected = [(role.label, events or "-") for role, events in zip(Role, rendered, strict=True)]
    assert [(row[0].strip(), row[-1].strip()) for row in cells] == expected
