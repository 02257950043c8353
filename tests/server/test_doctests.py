"""The ``>>>`` examples in the HTTP edge's docstrings are run, so they cannot rot."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["server.app", "server.settings", "server.problems", "server.routes"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name), report=False)
    assert attempted > 0 and failed == 0
