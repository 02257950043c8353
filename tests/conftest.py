"""Say up front whether the reference corpora in ../shared were found; the PostgreSQL
cluster fixtures (tests/postgres.py)."""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.corpus import SHARED, required
from tests.postgres import Cluster, running_cluster

# Assertion rewriting recompiles every test module on each run unless its bytecode is cached;
# machines that set PYTHONDONTWRITEBYTECODE would pay ~10 s of CPU per xdist worker for it.
sys.dont_write_bytecode = False


def pytest_report_header() -> str:
    if SHARED.joinpath("fixtures").is_dir():
        return f"reference corpora: {SHARED}"
    then = "fail (ARBITER_REQUIRE_SHARED=1)" if required() else "skip"
    return f"reference corpora: NOT FOUND at {SHARED}; the tests that read them {then}"


_FIELD_SIZE = re.compile(r"-p(\d{4})-|-n(\d+)-")
SLOW_FIELD = 30
"""Corpus problems of this many players or more are left to the full run (CI): the inner
loop keeps the small ones, which exercise the same rules in a fraction of the time."""
SLOW_FILE = 100
"""The same for tests over a real tournament file (TRF or tie-break reference): its players."""


def large_field(item: pytest.Item) -> bool:
    """Whether a test runs on a large field: a corpus problem by its name (``-p0027-`` in the
    Dutch and Burstein corpora, ``-n92-`` in Dubov's), else a file it is parametrised with
    (``001`` lines of a TRF, the players of a tie-break reference)."""
    size = _FIELD_SIZE.search(item.nodeid)
    if size:
        return int(size.group(1) or size.group(2)) >= SLOW_FIELD
    callspec = getattr(item, "callspec", None)
    files = [v for v in (callspec.params.values() if callspec else ()) if isinstance(v, Path)]
    return max((_players_in(path) for path in files), default=0) >= SLOW_FILE


@functools.cache
def _players_in(path: Path) -> int:
    if not path.is_file():
        return 0
    if path.suffix == ".json":
        return len(json.loads(path.read_text(encoding="utf-8")).get("players", ()))
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return sum(line.startswith("001") for line in lines)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of a large field ``slow`` (the rule lives here, once, rather than in
    each corpus test's parametrisation)."""
    for item in items:
        if large_field(item):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster per test session (per xdist worker)."""
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """A fresh empty database in the session's cluster."""
    return postgres_cluster.database()
