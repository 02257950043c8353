"""Say up front whether the reference corpora in ../shared were found; the PostgreSQL
cluster fixtures (tests/postgres.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.corpus import SHARED, required
from tests.postgres import Cluster, running_cluster


def pytest_report_header() -> str:
    if SHARED.joinpath("fixtures").is_dir():
        return f"reference corpora: {SHARED}"
    then = "fail (ARBITER_REQUIRE_SHARED=1)" if required() else "skip"
    return f"reference corpora: NOT FOUND at {SHARED}; the tests that read them {then}"


_FIELD_SIZE = re.compile(r"-p(\d{4})-")
SLOW_FIELD = 50
"""Corpus problems of this many players or more are left to the full run (CI): the inner
loop keeps the small ones, which exercise the same rules in a fraction of the time."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of a corpus problem with a large field ``slow`` (the rule lives here,
    once, rather than in each corpus test's parametrisation)."""
    for item in items:
        size = _FIELD_SIZE.search(item.nodeid)
        if size and int(size.group(1)) >= SLOW_FIELD:
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
