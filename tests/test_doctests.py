"""Every ``>>>`` example in every module of ours runs, so none can rot (STYLE.md: a ``>>>``
example on each public entry point). Modules are discovered, not listed: a new module's
examples are run without anyone remembering to add it here, and only modules that have
examples become test cases, so the count says how many modules are checked."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ["engine", "events", "trf", "server", "migrations"]
FINDER = doctest.DocTestFinder()


def modules_of(package_name: str) -> list[str]:
    """The package and every module below it, by dotted name (``__main__`` scripts excluded)."""
    package = importlib.import_module(package_name)
    names = [package_name]
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def has_examples(name: str) -> bool:
    return any(test.examples for test in FINDER.find(importlib.import_module(name)))


MODULES = [name for package in PACKAGES for name in modules_of(package)]
WITH_EXAMPLES = [name for name in MODULES if has_examples(name)]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_discovery_finds_the_examples() -> None:
    """The discovery reaches modules with examples in every package that has them."""
    assert {name.split(".")[0] for name in WITH_EXAMPLES} >= {"engine", "events", "trf", "server"}
