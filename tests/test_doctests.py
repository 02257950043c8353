"""The ``>>>`` examples in the docstrings of the event core, the tie-breaks, the TRF package
and the HTTP edge are run, so they cannot rot (STYLE.md: a ``>>>`` example on each public
entry point)."""

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
    "events.directory",
    "events.tiebreaks.model",
    "events.tiebreaks.codes",
    "events.tiebreaks.rounding",
    "events.tiebreaks.ratings",
    "events.tiebreaks.ranking",
    "trf.codes",
    "trf.export",
    "trf.gate",
    "trf.rating_list",
    "trf.reader",
    "trf.scoring",
    "trf.teams",
    "trf.tiebreak_input",
    "trf.validate",
    "trf.writer",
    "server.app",
    "server.crosstable",
    "server.handlers.trf",
    "server.problems",
    "server.render",
    "server.routes",
    "server.service",
    "server.settings",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
