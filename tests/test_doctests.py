"""Every ``>>>`` example in every module of ours runs, so none can rot (STYLE.md: a ``>>>``
example on each public entry point). Modules are discovered, not listed: a new module's
examples are run without anyone remembering to add it here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ["engine", "events", "trf", "server", "migrations"]


def modules_of(package_name: str) -> list[str]:
    """The package and every module below it, by dotted name (``__main__`` scripts excluded)."""
    package = importlib.import_module(package_name)
    names = [package_name]
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


MODULES = [name for package in PACKAGES for name in modules_of(package)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_discovery_finds_the_examples() -> None:
    """The discovery reaches modules with examples in every package that has them."""
    finder = doctest.DocTestFinder()

    def has_examples(name: str) -> bool:
        return any(test.examples for test in finder.find(importlib.import_module(name)))

    assert {name.split(".")[0] for name in MODULES if has_examples(name)} >= {
        "engine",
        "events",
        "trf",
        "server",
    }
