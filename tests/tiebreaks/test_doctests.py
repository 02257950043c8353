"""The ``>>>`` examples in the tie-break modules and the TRF converter run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "events.tiebreaks.model",
    "events.tiebreaks.codes",
    "events.tiebreaks.rounding",
    "events.tiebreaks.ratings",
    "events.tiebreaks.ranking",
    "trf.tiebreak_input",
]


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
