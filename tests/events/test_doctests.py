"""The ``>>>`` examples in the event core's docstrings are run, so they cannot rot."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "events.results",
    "events.names",
    "events.upcasting",
    "events.commands",
    "events.projections.tournament",
    "events.projections.standings",
    "events.sqlite_store",
    "server.service",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name), report=False)
    assert attempted > 0 and failed == 0
