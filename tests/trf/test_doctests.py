"""The ``>>>`` examples in the trf package's docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["trf.codes", "trf.export", "trf.reader", "trf.scoring", "trf.teams", "trf.validate", "trf.writer"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
